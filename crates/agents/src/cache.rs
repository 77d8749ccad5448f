//! Loaded once per process and shared, by path: a match or a ranking makes many recipes and
//! agents over the same weights, tables and bundles.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// A process-wide cache of `T` by path.
pub(crate) type Cache<T> = OnceLock<Mutex<HashMap<PathBuf, Arc<T>>>>;

/// The cached value for `path`, loading it with `load` the first time.
pub(crate) fn cached<T: Send + Sync + 'static, E>(
    cache: &'static Cache<T>,
    path: &Path,
    load: impl FnOnce(&Path) -> Result<T, E>,
) -> Result<Arc<T>, E> {
    let mut map = cache.get_or_init(Default::default).lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(v) = map.get(path) {
        return Ok(v.clone());
    }
    let v = Arc::new(load(path)?);
    map.insert(path.to_path_buf(), v.clone());
    Ok(v)
}
