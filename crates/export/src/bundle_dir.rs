//! Writing a bundle folder: everything goes into a temporary sibling, which replaces an
//! existing bundle only once it is complete (so a failed or killed export leaves the old one).

use crate::ExportError;
use musashi_runtime::{MANIFEST, Manifest};
use std::collections::BTreeMap;
use std::path::Path;

/// Writes the bundle folder `out`: the manifest, the weights, the calibration report and the
/// resolved configuration.
pub(crate) fn write_bundle(
    out: &Path,
    manifest: &Manifest,
    weights: &BTreeMap<String, Vec<u8>>,
    report: &str,
    resolved_config: &str,
) -> Result<(), ExportError> {
    let name = out.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "bundle".into());
    let tmp = out.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(ExportError::io("cannot create", &tmp))?;
    let mut json = serde_json::to_string_pretty(manifest).expect("a manifest serialises");
    json.push('\n');
    let files = weights.iter().map(|(f, b)| (f.as_str(), b.as_slice()));
    let texts = [
        (MANIFEST, json.as_bytes()),
        ("calibration.md", report.as_bytes()),
        ("export.resolved.toml", resolved_config.as_bytes()),
    ];
    for (file, bytes) in texts.into_iter().chain(files) {
        std::fs::write(tmp.join(file), bytes).map_err(ExportError::io("cannot write", tmp.join(file)))?;
    }
    // A bundle already there (--force) is moved aside first and removed only once the new one
    // is in place.
    let old = out.with_file_name(format!(".{name}.old-{}", std::process::id()));
    let replaced = out.exists();
    if replaced {
        let _ = std::fs::remove_dir_all(&old);
        std::fs::rename(out, &old).map_err(ExportError::io("cannot move the old bundle aside", out))?;
    }
    if let Err(e) = std::fs::rename(&tmp, out) {
        if replaced {
            let _ = std::fs::rename(&old, out);
        }
        return Err(ExportError::Io { what: "cannot move the bundle to", path: out.to_path_buf(), source: e });
    }
    if replaced {
        std::fs::remove_dir_all(&old).map_err(ExportError::io("cannot remove the old bundle", &old))?;
    }
    Ok(())
}
