//! A match as text: its totals as `musashi match` prints them, and its games file.

use crate::matches::{MatchResult, Summary};
use musashi_game::Ruleset;
use std::fmt::Write;

impl Summary {
    /// The totals as lines: each side's wins and share, the average length, the endings, and the
    /// games adjudicated at `max_plies`, if any.
    pub fn text(&self, max_plies: u32) -> String {
        let pct = |n: usize| 100.0 * n as f64 / self.games.max(1) as f64;
        let mut text = format!(
            "general's wins: {} ({:.1}%)\nsoldiers' wins: {} ({:.1}%)\naverage length: {:.1} plies\n",
            self.general_wins,
            pct(self.general_wins),
            self.soldiers_wins,
            pct(self.soldiers_wins),
            self.average_length
        );
        let endings: Vec<String> = self.endings().iter().map(|(r, n)| format!("{r} {n}")).collect();
        let _ = writeln!(text, "endings: {}", endings.join(", "));
        if self.adjudicated > 0 {
            let _ = writeln!(text, "adjudicated at {max_plies} plies (counted as move-limit): {}", self.adjudicated);
        }
        text
    }
}

impl MatchResult {
    /// The games file: comment lines naming the rules, the agents and the seed, and the columns;
    /// then a line per game (`MatchGame::to_line`), tab-separated.
    pub fn games_tsv(&self, rules: &Ruleset, general: &str, soldiers: &str, seed: u64) -> String {
        let mut text = format!(
            "# rules: {rules}\n# general: {general}; soldiers: {soldiers}; seed {seed}\n# index\tseed\twinner\treason\tlength\tmoves\n"
        );
        for r in &self.records {
            let _ = writeln!(text, "{}", r.to_line());
        }
        text
    }
}
