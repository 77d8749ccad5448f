//! `key=value` overrides applied to a TOML document before it is typed.

use crate::ConfigError;

/// Applies `key=value` (a dotted key) to a TOML table. The value is read as one TOML value (`3`,
/// `true`, `"x"`, `[1, 2]`, `{ kind = "constant" }`), or else taken as a string; a value that
/// would smuggle in more TOML (a line break outside a quoted string) is refused.
pub fn apply_override(table: &mut toml::Table, assignment: &str) -> Result<(), ConfigError> {
    let fail = |problem: String| ConfigError::Override { assignment: assignment.to_string(), problem };
    let (key, raw) = assignment.split_once('=').ok_or_else(|| fail("expected key=value".into()))?;
    let key = key.trim();
    if key.is_empty() || key.split('.').any(str::is_empty) {
        return Err(fail(format!("bad key '{key}'")));
    }
    let raw = raw.trim();
    let value = match format!("v = {raw}").parse::<toml::Table>() {
        Ok(mut t) if t.len() == 1 => t.remove("v").unwrap_or_else(|| toml::Value::String(raw.to_string())),
        Ok(_) => return Err(fail("the value must be one TOML value, not more lines of TOML".into())),
        Err(_) if raw.contains(['\n', '\r']) => {
            return Err(fail("the value must be one TOML value on one line".into()));
        }
        Err(_) => toml::Value::String(raw.to_string()),
    };
    let parts: Vec<&str> = key.split('.').collect();
    let (last, tables) = parts.split_last().ok_or_else(|| fail(format!("bad key '{key}'")))?;
    let mut cur = table;
    for part in tables {
        let entry = cur.entry(part.to_string()).or_insert_with(|| toml::Value::Table(toml::Table::new()));
        cur = entry.as_table_mut().ok_or_else(|| fail(format!("'{part}' is not a table")))?;
    }
    cur.insert(last.to_string(), value);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_nested_keys_and_refuses_bad_ones() {
        let mut t: toml::Table = "[a]\nb = 1\n".parse().unwrap();
        apply_override(&mut t, "a.b=2").unwrap();
        apply_override(&mut t, "a.c.d=[1, 2]").unwrap();
        apply_override(&mut t, "e=plain text").unwrap();
        assert_eq!(t["a"]["b"].as_integer(), Some(2));
        assert_eq!(t["a"]["c"]["d"].as_array().map(Vec::len), Some(2));
        assert_eq!(t["e"].as_str(), Some("plain text"));
        for bad in ["nokey", "=3", "a..b=1", "a.b.c=1", "a.b=1\n[evil]\nx=1", "a.b=1\nx=2", "a.b=oops\n[x"] {
            let e = apply_override(&mut t, bad).unwrap_err().to_string();
            assert!(e.contains(bad), "{bad}: {e}");
        }
    }
}
