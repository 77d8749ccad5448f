//! Tab-separated game files, `musashi rank`'s `games.tsv` and `musashi match`'s files: comment
//! lines (`#`) first, the last of them naming the columns (`# general<TAB>soldiers<TAB>...`), then
//! one game per line. A file whose name ends in `.gz` is read through gzip (the experiments
//! keep their bulky game files compressed).

use std::io::Read;
use std::path::Path;

/// The text of `path`, decompressed when its name ends in `.gz`.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    let bytes = std::fs::read(path)?;
    if path.extension().is_some_and(|e| e == "gz") {
        let mut text = String::new();
        flate2::read::GzDecoder::new(bytes.as_slice()).read_to_string(&mut text)?;
        Ok(text)
    } else {
        String::from_utf8(bytes).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
    }
}

/// The positions of the columns `names` in the header of `text`: the first comment line whose
/// tab-separated names (after `# `) hold them all.
pub fn columns<const N: usize>(text: &str, names: [&str; N]) -> Result<[usize; N], String> {
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        let header: Vec<&str> = line.trim_start_matches('#').trim_start().split('\t').collect();
        let found = names.map(|name| header.iter().position(|c| *c == name));
        if found.iter().all(Option::is_some) {
            return Ok(found.map(|i| i.unwrap_or_default()));
        }
    }
    Err(format!("no header line naming the columns {}", names.join(", ")))
}

/// The games of `text`: each line's number (from 1) and its fields, comment and blank lines left
/// out.
pub fn rows(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.split('\t').collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gzip_files_read_as_their_text() {
        use std::io::Write;
        let dir = std::env::temp_dir().join(format!("musashi-lab-tsv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let text = "# general\tsoldiers\tmoves\na\tb\tc3-b2 a1-a2\n";
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text.as_bytes()).unwrap();
        std::fs::write(dir.join("games.tsv.gz"), gz.finish().unwrap()).unwrap();
        std::fs::write(dir.join("games.tsv"), text).unwrap();
        assert_eq!(read_text(&dir.join("games.tsv.gz")).unwrap(), text);
        assert_eq!(read_text(&dir.join("games.tsv")).unwrap(), text);
        std::fs::write(dir.join("bad.tsv.gz"), b"not gzip").unwrap();
        assert!(read_text(&dir.join("bad.tsv.gz")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn finds_the_header_among_comments() {
        let rank = "# general\tsoldiers\tindex\tmoves\na\tb\t0\tc3-c2 a1-b2\n\nx\ty\t1\tc3-d2\n";
        assert_eq!(columns(rank, ["moves", "general"]), Ok([3, 0]));
        let rows: Vec<_> = rows(rank).collect();
        assert_eq!(rows, vec![(2, vec!["a", "b", "0", "c3-c2 a1-b2"]), (4, vec!["x", "y", "1", "c3-d2"])]);
        let matched = "# rules: board 25\n# general: g; soldiers: s; seed 6\n# index\tseed\twinner\tmoves\n0\t1\tgeneral\tc3-d2\n";
        assert_eq!(columns(matched, ["winner", "moves"]), Ok([2, 3]));
        assert!(columns(matched, ["soldiers"]).unwrap_err().contains("soldiers"));
        assert!(columns("a\tb\n", ["a"]).is_err());
    }
}
