//! Records the git commit the binary is built from, so that a run's `run.json` names the code
//! that produced it (not whatever the working directory holds when the run is resumed).

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let commit = git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into());
    // HEAD moves on checkout and its log grows on every commit; watching both keeps the value
    // current without re-running this script on every build.
    if let Some(dir) = git(&["rev-parse", "--git-dir"]) {
        for file in ["HEAD", "logs/HEAD"] {
            let path = std::path::Path::new(&dir).join(file);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    println!("cargo:rustc-env=MUSASHI_BUILD_COMMIT={commit}");
}
