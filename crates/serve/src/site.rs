//! `musashi site`: the page of `musashi serve` as a static site that needs no game server. The
//! page's requests go to a Web Worker running the WebAssembly module (`crates/capi`), which
//! answers the same API in the browser (`musashi_play::LocalService`); any static file server
//! (or a game portal's CDN) serves the folder. Written into a temporary sibling and renamed, so
//! a failed run leaves no half-written site; an existing folder is replaced only with `force`.

use musashi_runtime::{Bundle, BundleError, MANIFEST};
use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// The page's files, as the server serves them.
const INDEX: &str = include_str!("page/index.html");
const APP: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");
const FAVICON: &str = include_str!("page/favicon.svg");
const WORKER: &str = include_str!("page/site-worker.js");
/// The JavaScript wrapper of the WebAssembly module (`crates/capi/js`).
const MUSASHI_JS: &str = include_str!("../../capi/js/musashi.js");
/// The module's file name in the site.
const WASM: &str = "musashi_capi.wasm";
/// The marker that turns the page's API calls to the worker.
const BACKEND: &str = "<meta name=\"musashi-backend\" content=\"wasm\">";

/// What to write.
#[derive(Clone, Debug)]
pub struct SiteConfig {
    /// The bundle whose levels the site plays.
    pub bundle: PathBuf,
    /// The WebAssembly module (`cargo build --profile client --target wasm32-unknown-unknown -p
    /// musashi-capi`).
    pub wasm: PathBuf,
    /// The folder to write.
    pub out: PathBuf,
    /// Replace `out` if it exists.
    pub force: bool,
}

/// Why the site was not written.
#[derive(Debug)]
pub enum SiteError {
    /// The bundle does not load.
    Bundle(BundleError),
    /// The module is missing or is not WebAssembly.
    Wasm {
        /// The path given.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// `out` exists and `force` was not given.
    Exists(PathBuf),
    /// A file could not be read or written.
    Io {
        /// What was being done.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl fmt::Display for SiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiteError::Bundle(e) => e.fmt(f),
            SiteError::Wasm { path, problem } => write!(
                f,
                "{}: {problem}; build it with `rustup target add wasm32-unknown-unknown` and `cargo build --profile client --target wasm32-unknown-unknown -p musashi-capi`",
                path.display()
            ),
            SiteError::Exists(out) => write!(f, "{} exists; pass --force to replace it", out.display()),
            SiteError::Io { what, path, source } => write!(f, "{what} {}: {source}", path.display()),
        }
    }
}

impl std::error::Error for SiteError {}

/// `site.json`: what the worker loads.
#[derive(Serialize)]
struct SiteIndex<'a> {
    wasm: &'a str,
    bundle: &'a str,
    /// The bundle's files, under `bundle/`.
    bundle_files: Vec<String>,
}

/// What was written.
#[derive(Clone, Debug)]
pub struct SiteReport {
    /// Files written.
    pub files: usize,
    /// Their total size in bytes.
    pub bytes: u64,
}

fn io(what: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> SiteError {
    let path = path.to_path_buf();
    move |source| SiteError::Io { what, path, source }
}

/// Writes the static site.
pub fn write_site(c: &SiteConfig) -> Result<SiteReport, SiteError> {
    let bundle = Bundle::load(&c.bundle).map_err(SiteError::Bundle)?;
    let wasm = std::fs::read(&c.wasm).map_err(|e| SiteError::Wasm { path: c.wasm.clone(), problem: e.to_string() })?;
    if !wasm.starts_with(b"\0asm") {
        return Err(SiteError::Wasm { path: c.wasm.clone(), problem: "not a WebAssembly module".into() });
    }
    if c.out.exists() && !c.force {
        return Err(SiteError::Exists(c.out.clone()));
    }
    let mut bundle_files = vec![MANIFEST.to_string()];
    bundle_files.extend(bundle.manifest().weights.iter().map(|w| w.file.clone()));
    let index = SiteIndex { wasm: WASM, bundle: &bundle.manifest().name, bundle_files: bundle_files.clone() };
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("index.html".into(), static_index().into_bytes()),
        ("app.js".into(), APP.into()),
        ("style.css".into(), STYLE.into()),
        ("favicon.svg".into(), FAVICON.into()),
        ("site-worker.js".into(), WORKER.into()),
        ("musashi.js".into(), MUSASHI_JS.into()),
        ("site.json".into(), serde_json::to_vec_pretty(&index).expect("the index serialises")),
        (WASM.into(), wasm),
    ];
    for f in &bundle_files {
        let path = c.bundle.join(f);
        files.push((format!("bundle/{f}"), std::fs::read(&path).map_err(io("cannot read", &path))?));
    }
    let report = SiteReport { files: files.len(), bytes: files.iter().map(|(_, b)| b.len() as u64).sum() };
    write_folder(&c.out, &files)?;
    Ok(report)
}

/// The page with relative links (a site may live under any path) and the marker that sends its
/// API calls to the worker.
fn static_index() -> String {
    INDEX
        .replace("href=\"/style.css\"", "href=\"style.css\"")
        .replace("href=\"/favicon.svg\"", "href=\"favicon.svg\"")
        .replace("src=\"/app.js\"", "src=\"app.js\"")
        .replacen("<meta charset=\"utf-8\">", &format!("<meta charset=\"utf-8\">\n{BACKEND}"), 1)
}

/// Writes `files` into a temporary sibling of `out`, then puts it in `out`'s place; an old site
/// there is kept until the new one has replaced it.
fn write_folder(out: &Path, files: &[(String, Vec<u8>)]) -> Result<(), SiteError> {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "site".into());
    let tmp = out.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    for (file, bytes) in files {
        let path = tmp.join(file);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io("cannot create", dir))?;
        }
        std::fs::write(&path, bytes).map_err(io("cannot write", &path))?;
    }
    // An old site (--force) is moved aside first and removed only once the new one is in place.
    let old = out.with_file_name(format!(".{name}.old-{}", std::process::id()));
    let replaced = out.exists();
    if replaced {
        let _ = std::fs::remove_dir_all(&old);
        std::fs::rename(out, &old).map_err(io("cannot move the old site aside", out))?;
    }
    if let Err(e) = std::fs::rename(&tmp, out) {
        if replaced {
            let _ = std::fs::rename(&old, out);
        }
        return Err(SiteError::Io { what: "cannot move the site to", path: out.to_path_buf(), source: e });
    }
    if replaced {
        std::fs::remove_dir_all(&old).map_err(io("cannot remove the old site", &old))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_static_page_links_relatively_and_asks_the_worker() {
        let page = static_index();
        assert!(page.contains(BACKEND));
        for link in ["href=\"style.css\"", "href=\"favicon.svg\"", "src=\"app.js\""] {
            assert!(page.contains(link), "{link}");
        }
        assert!(!page.contains("=\"/"), "no absolute link is left");
        assert!(APP.contains("musashi-backend"), "the page reads the marker");
    }
}
