//! A TOML document read into a typed value: overrides first, then a deserialisation whose
//! errors name the source and the dotted key.

use crate::{ConfigError, apply_override};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::Path;

/// Reads `T` from TOML `text` (named `source_name` in errors) after applying `overrides`.
pub fn from_toml<T: DeserializeOwned>(text: &str, source_name: &str, overrides: &[String]) -> Result<T, ConfigError> {
    let mut table: toml::Table = text.parse().map_err(|e: toml::de::Error| ConfigError::Syntax {
        source_name: source_name.into(),
        message: e.to_string(),
    })?;
    for o in overrides {
        apply_override(&mut table, o)?;
    }
    serde_path_to_error::deserialize(toml::Value::Table(table)).map_err(|e| {
        let key = e.path().to_string();
        let message = e.into_inner().to_string();
        let source_name = source_name.to_string();
        if key == "." {
            ConfigError::Document { source_name, message }
        } else {
            ConfigError::Key { source_name, key, message }
        }
    })
}

/// Reads `T` from a TOML file after applying `overrides`.
pub fn read_toml_file<T: DeserializeOwned>(path: &Path, overrides: &[String]) -> Result<T, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.into(), source })?;
    from_toml(&text, &path.display().to_string(), overrides)
}

/// `value` as a TOML document under a one-line `header` comment.
pub fn to_toml<T: Serialize>(value: &T, header: &str) -> Result<String, ConfigError> {
    let body = toml::to_string_pretty(value).map_err(|e| ConfigError::Serialize(e.to_string()))?;
    Ok(format!("# {header}\n{body}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Doc {
        name: String,
        inner: Inner,
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        n: u32,
    }

    #[test]
    fn errors_name_the_source_and_the_key() {
        let doc: Doc = from_toml("name = \"a\"\n[inner]\nn = 1\n", "x.toml", &["inner.n=5".into()]).unwrap();
        assert_eq!(doc, Doc { name: "a".into(), inner: Inner { n: 5 } });
        let e = from_toml::<Doc>("name = \"a\"\n[inner]\nn = \"x\"\n", "y.toml", &[]).unwrap_err().to_string();
        assert!(e.contains("y.toml") && e.contains("inner.n"), "{e}");
        let e = from_toml::<Doc>("name = \"a\"\n[inner]\nm = 1\n", "z.toml", &[]).unwrap_err().to_string();
        assert!(e.contains("z.toml") && e.contains('m'), "{e}");
        let e = from_toml::<Doc>("[inner\n", "w.toml", &[]).unwrap_err().to_string();
        assert!(e.contains("w.toml"), "{e}");
        let text = to_toml(&doc, "resolved").unwrap();
        assert!(text.starts_with("# resolved\n"));
        assert_eq!(from_toml::<Doc>(&text, "back", &[]).unwrap(), doc);
    }
}
