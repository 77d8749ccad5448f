//! The page's whole JSON API answered in-process (`musashi_play::LocalService`): a page that
//! runs without a server (`musashi site`) sends its requests here instead of over HTTP and
//! gets the same answers `musashi serve` gives (`docs/serve.md`).

use crate::bundle_api::MusashiBundle;
use crate::ffi::{guard, keep, object, text};
use musashi_play::LocalService;
use std::ffi::{CString, c_char};

/// The games of one page.
#[derive(Debug)]
pub struct MusashiService {
    service: LocalService,
    status: u16,
    text: CString,
}

/// A service playing `bundle`'s levels (the bundle may be freed after); `seed` seeds its games.
/// NULL on error.
///
/// # Safety
/// `bundle` is a live bundle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_service_new(bundle: *mut MusashiBundle, seed: u64) -> *mut MusashiService {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the caller's contract.
        let b = unsafe { object(bundle, "bundle")? };
        let service = LocalService::new(b.bundle.clone(), seed);
        Ok(Box::into_raw(Box::new(MusashiService { service, status: 0, text: CString::default() })))
    })
}

/// Answers one request of the API (`GET /api/options`, `POST /api/games`, `POST
/// /api/games/{id}/move`, …) with its JSON body; `musashi_service_status` gives its HTTP status.
/// `body` may be NULL for none. NULL only on a bad argument.
///
/// # Safety
/// `service` is live; `method` and `path` are NUL-terminated strings, `body` NULL or one.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_service_request(
    service: *mut MusashiService,
    method: *const c_char,
    path: *const c_char,
    body: *const c_char,
) -> *const c_char {
    guard(std::ptr::null(), || {
        // SAFETY: the caller's contract.
        let (s, method, path) = unsafe { (object(service, "service")?, text(method, "method")?, text(path, "path")?) };
        // SAFETY: the caller's contract.
        let body = if body.is_null() { "" } else { unsafe { text(body, "body")? } };
        let response = s.service.request(method, path, body.as_bytes());
        s.status = response.status;
        Ok(keep(&mut s.text, response.body))
    })
}

/// The HTTP status of the service's last answer (0 before any).
///
/// # Safety
/// `service` is live.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_service_status(service: *mut MusashiService) -> i32 {
    guard(-1, || {
        // SAFETY: the caller's contract.
        Ok(i32::from(unsafe { object(service, "service")? }.status))
    })
}

/// Frees a service (NULL is ignored).
///
/// # Safety
/// `service` is NULL or a live service, not used again.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn musashi_service_free(service: *mut MusashiService) {
    if !service.is_null() {
        // SAFETY: a live service from this library, owned from here on.
        drop(unsafe { Box::from_raw(service) });
    }
}
