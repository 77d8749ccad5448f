//! Lists of specs on one line: `random,mcts:ckpt=DIR,sims=8,alphabeta:1..4`.

use crate::AgentError;
use musashi_search::AgentSpec;

/// Splits a comma-separated list of specs: a piece of the form `key=value` with no `:` before
/// its `=` continues the spec before it; `alphabeta:A..B` stands for depths A to B.
pub fn split_specs(text: &str) -> Result<Vec<AgentSpec>, AgentError> {
    let invalid = |spec: &str, problem: &str| AgentError::Invalid { spec: spec.to_string(), problem: problem.into() };
    let mut out: Vec<String> = Vec::new();
    for piece in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let continues = match (piece.find('='), piece.find(':')) {
            (Some(eq), Some(colon)) => eq < colon,
            (Some(_), None) => true,
            _ => false,
        };
        match out.last_mut() {
            Some(last) if continues => {
                last.push(',');
                last.push_str(piece);
            }
            _ if continues => return Err(invalid(piece, "does not follow an agent spec")),
            _ => out.push(piece.to_string()),
        }
    }
    let mut specs = Vec::new();
    for s in out {
        if let Some((kind, range)) = s.split_once(':')
            && let Some((a, b)) = range.split_once("..")
            && let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>())
        {
            if kind != "alphabeta" || a > b {
                return Err(invalid(&s, "a range A..B is for alphabeta depths, A <= B"));
            }
            for d in a..=b {
                specs.push(format!("alphabeta:depth={d}").parse::<AgentSpec>()?);
            }
            continue;
        }
        specs.push(s.parse::<AgentSpec>()?);
    }
    Ok(specs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_specs_with_their_keys() {
        let s = split_specs("random, mcts:ckpt=x,sims=8,greedy,alphabeta:2..4,alphabeta:depth=1,ms=5").unwrap();
        let names: Vec<String> = s.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            names,
            [
                "random",
                "mcts:ckpt=x,sims=8",
                "greedy",
                "alphabeta:depth=2",
                "alphabeta:depth=3",
                "alphabeta:depth=4",
                "alphabeta:depth=1,ms=5"
            ]
        );
        assert!(split_specs("sims=8,random").is_err());
        assert!(split_specs("alphabeta:4..2").is_err());
    }
}
