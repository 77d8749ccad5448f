//! `include/musashi.h` declares exactly the functions the library exports, and a type for each
//! handle: the header is written by hand, so this keeps it honest.

use std::collections::BTreeSet;
use std::path::Path;

fn exported() -> BTreeSet<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(src).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines() {
            if let Some(rest) = line.split("extern \"C\" fn ").nth(1) {
                names.insert(rest.split('(').next().unwrap().to_string());
            }
        }
    }
    names
}

#[test]
fn the_header_declares_every_exported_function_and_no_other() {
    let header = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/musashi.h")).unwrap();
    // Every `musashi_name(` in the header: a function declared (comments name none that way).
    let declared: BTreeSet<String> = header
        .match_indices("musashi_")
        .filter_map(|(i, _)| {
            let ident: String = header[i..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            header[i + ident.len()..].starts_with('(').then_some(ident)
        })
        .collect();
    let exported = exported();
    assert!(exported.len() >= 20, "{exported:?}");
    assert_eq!(declared, exported);
    for handle in ["MusashiBundleBuilder", "MusashiBundle", "MusashiGame", "MusashiPlayer", "MusashiService"] {
        assert!(header.contains(&format!("typedef struct {handle} {handle};")), "{handle}");
    }
}
