//! The boundary's plumbing: the last error, strings in and out, panics caught, memory for hosts
//! (WebAssembly) that must place their bytes inside the module.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records `message` as the last error.
pub(crate) fn set_error(message: &str) {
    let text = CString::new(message.replace('\0', " ")).expect("no NUL left");
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
}

/// Runs `f`; an error or a panic is recorded and gives `failed`.
pub(crate) fn guard<T>(failed: T, f: impl FnOnce() -> Result<T, String>) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => v,
        Ok(Err(message)) => {
            set_error(&message);
            failed
        }
        Err(panic) => {
            let what =
                panic.downcast_ref::<&str>().map(|s| s.to_string()).or_else(|| panic.downcast_ref::<String>().cloned());
            set_error(&format!("internal error: {}", what.unwrap_or_else(|| "a panic".into())));
            failed
        }
    }
}

/// The UTF-8 text of a NUL-terminated argument.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string that outlives the call.
pub(crate) unsafe fn text<'a>(p: *const c_char, what: &str) -> Result<&'a str, String> {
    if p.is_null() {
        return Err(format!("{what} is NULL"));
    }
    // SAFETY: not NULL, and NUL-terminated by the caller's contract.
    let c = unsafe { CStr::from_ptr(p) };
    c.to_str().map_err(|_| format!("{what} is not UTF-8"))
}

/// A reference to the object behind a handle.
///
/// # Safety
/// `p` is NULL or a live handle of this type that no other call uses at the same time.
pub(crate) unsafe fn object<'a, T>(p: *mut T, what: &str) -> Result<&'a mut T, String> {
    // SAFETY: a live, unshared handle by the caller's contract.
    unsafe { p.as_mut() }.ok_or_else(|| format!("{what} is NULL"))
}

/// Keeps `s` in `slot` and returns a pointer to it (valid until `slot` changes).
pub(crate) fn keep(slot: &mut CString, s: String) -> *const c_char {
    *slot = CString::new(s).expect("JSON and move names hold no NUL");
    slot.as_ptr()
}

/// The library's version and the bundle formats it reads.
#[unsafe(no_mangle)]
pub extern "C" fn musashi_version() -> *const c_char {
    static VERSION: &CStr = c"musashi 0.1.0 (bundle formats 1-5)";
    VERSION.as_ptr()
}

/// The message of the last failed call on this thread ("" if none).
#[unsafe(no_mangle)]
pub extern "C" fn musashi_last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// `len` bytes for the host to fill (a WebAssembly host writes its bundle's files there);
/// release them with `musashi_dealloc(ptr, len)`. NULL for 0 bytes or when memory runs out.
#[unsafe(no_mangle)]
pub extern "C" fn musashi_alloc(len: usize) -> *mut u8 {
    if len == 0 {
        return std::ptr::null_mut();
    }
    let mut v = Vec::<u8>::new();
    if v.try_reserve_exact(len).is_err() {
        set_error(&format!("cannot allocate {len} bytes"));
        return std::ptr::null_mut();
    }
    v.resize(len, 0);
    Box::into_raw(v.into_boxed_slice()).cast::<u8>()
}

/// Releases bytes from `musashi_alloc` (NULL is ignored).
///
/// # Safety
/// `ptr` and `len` are those of one `musashi_alloc` call, not released before.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_dealloc(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        // SAFETY: a boxed slice of exactly `len` bytes from `musashi_alloc`.
        drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len)) });
    }
}
