//! Bundles: collected file by file from bytes, or opened from a folder.

use crate::ffi::{guard, keep, object, text};
use musashi_runtime::Bundle;
use std::collections::BTreeMap;
use std::ffi::{CString, c_char};
use std::path::Path;

/// A bundle's files being collected (`musashi_bundle_builder_add`) before loading.
#[derive(Debug, Default)]
pub struct MusashiBundleBuilder {
    files: BTreeMap<String, Vec<u8>>,
}

/// A loaded, checked bundle.
#[derive(Debug)]
pub struct MusashiBundle {
    pub(crate) bundle: Bundle,
    text: CString,
}

/// An empty set of bundle files.
#[unsafe(no_mangle)]
pub extern "C" fn musashi_bundle_builder_new() -> *mut MusashiBundleBuilder {
    Box::into_raw(Box::default())
}

/// Adds a file of the bundle (`manifest.json` or a weight file the manifest names): its name
/// and bytes, which are copied. 0, or -1 on error.
///
/// # Safety
/// `builder` is a live builder; `name` a NUL-terminated string; `data` points to `len` bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_bundle_builder_add(
    builder: *mut MusashiBundleBuilder,
    name: *const c_char,
    data: *const u8,
    len: usize,
) -> i32 {
    guard(-1, || {
        // SAFETY: the caller's contract.
        let (b, name) = unsafe { (object(builder, "builder")?, text(name, "name")?) };
        if data.is_null() && len > 0 {
            return Err(format!("the data of {name} is NULL"));
        }
        let bytes = if len == 0 {
            Vec::new()
        } else {
            // SAFETY: `data` points to `len` readable bytes by the caller's contract.
            unsafe { std::slice::from_raw_parts(data, len) }.to_vec()
        };
        b.files.insert(name.to_string(), bytes);
        Ok(0)
    })
}

/// Loads the bundle from the files added, checking every hash, and frees the builder (always).
/// `origin` names the bundle in error messages (NULL: "bytes"). NULL on error.
///
/// # Safety
/// `builder` is a live builder, not used again; `origin` is NULL or a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_bundle_build(
    builder: *mut MusashiBundleBuilder,
    origin: *const c_char,
) -> *mut MusashiBundle {
    guard(std::ptr::null_mut(), || {
        if builder.is_null() {
            return Err("builder is NULL".into());
        }
        // SAFETY: a live builder from `musashi_bundle_builder_new`, owned from here on.
        let b = unsafe { Box::from_raw(builder) };
        // SAFETY: the caller's contract.
        let origin = if origin.is_null() { "bytes" } else { unsafe { text(origin, "origin")? } };
        let manifest = b.files.get(musashi_runtime::MANIFEST).ok_or("no manifest.json was added")?;
        let bundle = Bundle::from_bytes(origin, manifest, &b.files).map_err(|e| e.to_string())?;
        Ok(Box::into_raw(Box::new(MusashiBundle { bundle, text: CString::default() })))
    })
}

/// Loads the bundle in the folder `dir` (not in WebAssembly, which has no files). NULL on error.
///
/// # Safety
/// `dir` is a NUL-terminated string.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_bundle_open(dir: *const c_char) -> *mut MusashiBundle {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let dir = unsafe { text(dir, "dir")? };
        let bundle = Bundle::load(Path::new(dir)).map_err(|e| e.to_string())?;
        Ok(Box::into_raw(Box::new(MusashiBundle { bundle, text: CString::default() })))
    })
}

/// The bundle's manifest as JSON (its levels, rules and measured strengths; `docs/export.md`).
///
/// # Safety
/// `bundle` is a live bundle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_bundle_manifest(bundle: *mut MusashiBundle) -> *const c_char {
    guard(std::ptr::null(), || {
        // SAFETY: the caller's contract.
        let b = unsafe { object(bundle, "bundle")? };
        let json = serde_json::to_string(b.bundle.manifest()).map_err(|e| e.to_string())?;
        Ok(keep(&mut b.text, json))
    })
}

/// Frees a bundle (NULL is ignored). Players made from it keep working.
///
/// # Safety
/// `bundle` is NULL or a live bundle, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_bundle_free(bundle: *mut MusashiBundle) {
    if !bundle.is_null() {
        // SAFETY: a live bundle from this library, owned from here on.
        drop(unsafe { Box::from_raw(bundle) });
    }
}
