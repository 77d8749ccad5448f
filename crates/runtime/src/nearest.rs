//! Levels for rules the bundle was not calibrated on: the level of the calibrated ruleset nearest
//! to the rules asked for. The network's features carry the rules, so it plays any ruleset; only
//! its measured strength belongs to the calibrated one.

use crate::level::Level;
use crate::manifest::{LevelEntry, Manifest, Missing, RulesEntry};
use musashi_game::{Ruleset, Side};

/// How a level serves the rules it was asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fit<'a> {
    /// The bundle was calibrated on exactly these rules.
    Calibrated,
    /// Served by the level of this preset, the nearest calibrated one.
    Nearest(&'a str),
}

/// How far apart two rulesets are, most important difference first: the board, who moves first,
/// the General's target, the repetition rule, the move limit. Compared as a tuple, so a
/// ruleset on the same board always comes before one on the other board.
fn distance(a: &Ruleset, b: &Ruleset) -> (bool, bool, u32, bool, bool) {
    (
        a.board != b.board,
        a.first != b.first,
        a.threshold().abs_diff(b.threshold()),
        a.repetition != b.repetition,
        a.move_limit != b.move_limit,
    )
}

/// The entry of `entries` nearest to `rules` (the first of those equally near), or none when
/// `entries` is empty. `Manifest::serving` and the export's spot checks choose by it.
pub fn nearest_rules<'a>(entries: impl IntoIterator<Item = &'a RulesEntry>, rules: &Ruleset) -> Option<&'a RulesEntry> {
    entries.into_iter().min_by_key(|r| distance(&r.rules, rules))
}

impl Manifest {
    /// The level for `rules`, `side` and `level`: the calibrated one when the manifest has these
    /// rules, otherwise that of the nearest calibrated ruleset with the level for the side.
    /// Fails only when no ruleset has the level for the side.
    pub fn serving(&self, rules: &Ruleset, side: Side, level: Level) -> Result<(&LevelEntry, Fit<'_>), Missing> {
        match self.level(rules, side, level) {
            Ok(l) => return Ok((l, Fit::Calibrated)),
            Err(Missing::Rules { .. }) => {}
            Err(e) => return Err(e),
        }
        let has =
            |r: &&RulesEntry| self.levels.iter().any(|l| l.preset == r.preset && l.side == side && l.level == level);
        let Some(entry) = nearest_rules(self.rules.iter().filter(has), rules) else {
            let have = self.levels.iter().filter(|l| l.side == side).map(|l| l.level).collect();
            let presets = self.rules.iter().map(|r| r.preset.as_str()).collect::<Vec<_>>().join("/");
            return Err(Missing::Level { level, side: Some(side), presets, have });
        };
        let found = self.level(&entry.rules, side, level)?;
        Ok((found, Fit::Nearest(&entry.preset)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::{MoveLimit, Preset, Repetition, Threshold};

    #[test]
    fn the_board_matters_most_then_the_first_mover() {
        let classic = Preset::Classic.ruleset();
        let no_setchin = Preset::NoSetchin.ruleset();
        let soldiers_first = Preset::SoldiersFirst.ruleset();
        let custom25 = Ruleset { first: Side::Soldiers, general_wins_at: Threshold::AtMost(4), ..no_setchin };
        assert!(distance(&no_setchin, &custom25) < distance(&classic, &custom25));
        let qdan = Preset::Qdan.ruleset();
        let custom = Ruleset { general_wins_at: Threshold::AtMost(6), ..classic };
        assert!(distance(&qdan, &custom) < distance(&classic, &custom), "the same target outweighs two options");
        assert!(distance(&soldiers_first, &classic) > distance(&qdan, &classic), "the first mover outweighs options");
        let limitless = Ruleset { repetition: Repetition::None, move_limit: MoveLimit::None, ..classic };
        assert_eq!(distance(&limitless, &limitless), (false, false, 0, false, false));
    }
}
