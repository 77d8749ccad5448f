//! The rule options of the commands that play or analyse positions: a preset, then any field
//! overridden.

use anyhow::{Context, Result, bail};
use musashi_game::{Board, MoveLimit, Position, Preset, Repetition, Ruleset, Side, Threshold};

#[derive(clap::Args, Debug, Clone)]
pub(crate) struct RulesArgs {
    /// Rule preset: classic, no-setchin, soldiers-first, qdan or solved.
    #[arg(long, default_value = "classic")]
    pub preset: Preset,
    /// Board: 33 (with the setchin) or 25 (without). Overrides the preset.
    #[arg(long)]
    pub board: Option<Board>,
    /// Who moves first: general or soldiers. Overrides the preset.
    #[arg(long)]
    pub first: Option<Side>,
    /// The General wins when this many soldiers or fewer remain (0-15, or too-few).
    #[arg(long)]
    pub general_wins_at: Option<Threshold>,
    /// Repetition rule: third-time-general-wins, soldiers-may-not-repeat or none.
    #[arg(long)]
    pub repetition: Option<Repetition>,
    /// Move limit: "plies N", "soldier-moves N" or none.
    #[arg(long)]
    pub move_limit: Option<MoveLimit>,
}

impl RulesArgs {
    /// The preset with every given option applied.
    pub(crate) fn ruleset(&self) -> Ruleset {
        let mut r = self.preset.ruleset();
        r.board = self.board.unwrap_or(r.board);
        r.first = self.first.unwrap_or(r.first);
        r.general_wins_at = self.general_wins_at.unwrap_or(r.general_wins_at);
        r.repetition = self.repetition.unwrap_or(r.repetition);
        r.move_limit = self.move_limit.unwrap_or(r.move_limit);
        r
    }

    /// The ruleset and a position: the given one (whose board wins over the preset's unless
    /// `--board` was given) or the ruleset's start.
    pub(crate) fn with_position(&self, position: Option<&str>) -> Result<(Ruleset, Position)> {
        let mut rules = self.ruleset();
        let Some(text) = position else {
            return Ok((rules, Position::start(rules.board, rules.first)));
        };
        let pos = match self.board {
            Some(b) => Position::parse_on(b, text),
            None => Position::parse(text),
        }
        .with_context(|| format!("bad position \"{}\"", musashi_game::excerpt(text)))?;
        if self.board.is_none() {
            rules.board = pos.board();
        }
        if pos.board() != rules.board {
            bail!("the position is on the {}-point board, the rules on the {}-point board", pos.board(), rules.board);
        }
        Ok((rules, pos))
    }
}

/// The positions of a file (one per line; blank lines and lines starting with # skipped), then
/// those given as arguments; refused when there are none.
pub(crate) fn positions(file: Option<&std::path::Path>, given: &[String]) -> Result<Vec<String>> {
    let mut texts = Vec::new();
    if let Some(file) = file {
        let body = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
        texts.extend(body.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from));
    }
    texts.extend(given.iter().cloned());
    if texts.is_empty() {
        bail!("no positions: give them as arguments or with --positions FILE");
    }
    Ok(texts)
}
