//! Tab-separated game files, `musashi rank`'s `games.tsv` and `musashi match`'s files: comment
//! lines (`#`) first, the last of them naming the columns (`# general<TAB>soldiers<TAB>...`), then
//! one game per line.

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
