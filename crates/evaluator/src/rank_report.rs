//! A ranking's report: `ranking.md` (Elo ± standard error overall and per side, scores, and
//! perfect-play accuracy), `ranking.csv` (one row per player) and `games.tsv` (one line per game).

use crate::accuracy::{Accuracy, LONG_FIGHT_PLIES, PHASES};
use crate::rank::RankReport;
use musashi_game::Side;
use std::fmt::Write as _;

fn pct(x: f64) -> String {
    if x.is_nan() { "-".to_string() } else { format!("{:.1}%", 100.0 * x) }
}

fn plies(x: f64) -> String {
    if x.is_nan() { "-".to_string() } else { format!("{x:.3}") }
}

fn frac(x: f64) -> String {
    if x.is_nan() { String::new() } else { format!("{x:.4}") }
}

/// A CSV field: quoted (inner quotes doubled) when it holds a comma or a quote.
fn field(text: &str) -> String {
    if text.contains([',', '"']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}

impl RankReport {
    /// Players by Elo, strongest first.
    pub fn order(&self) -> Vec<usize> {
        let elo = &self.ranking.ratings.elo;
        let mut order: Vec<usize> = (0..self.setup.players.len()).collect();
        order.sort_by(|&x, &y| elo[y].total_cmp(&elo[x]));
        order
    }

    /// A run's generations as (generation, Elo, error), oldest first (empty for other rankings).
    pub fn elo_by_generation(&self) -> Vec<(f64, f64, f64)> {
        let (players, r) = (&self.setup.players, &self.ranking.ratings);
        let mut points: Vec<(f64, f64, f64)> =
            (0..players.len()).filter_map(|i| Some((players[i].generation? as f64, r.elo[i], r.err[i]))).collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        points
    }

    /// The baselines' names and Elo.
    pub fn baseline_elo(&self) -> Vec<(String, f64)> {
        let players = &self.setup.players;
        (0..players.len())
            .filter(|&i| players[i].baseline)
            .map(|i| (players[i].name.clone(), self.ranking.ratings.elo[i]))
            .collect()
    }

    /// `ranking.csv`: one row per player, strongest first; the spec comes last, quoted (it may
    /// hold commas).
    pub fn csv(&self) -> String {
        let (r, players) = (&self.ranking, &self.setup.players);
        let mut csv = String::from(
            "agent,elo,elo_err,games,score_as_general,score_as_soldiers,elo_as_general,elo_as_general_err,\
             elo_as_soldiers,elo_as_soldiers_err,generation",
        );
        if self.accuracy.is_some() {
            csv.push_str(
                ",accuracy,accuracy_as_general,accuracy_as_soldiers,blunder_rate,measured_moves,\
                 longest_delay_accuracy,shortest_win_accuracy,long_fight_accuracy_as_general,long_fights_as_general,\
                 plies_slower_per_win_as_soldiers,plies_given_per_loss_as_general",
            );
        }
        csv.push_str(",spec\n");
        for i in self.order() {
            let s = &r.standings[i];
            let generation = players[i].generation.map(|g| g.to_string()).unwrap_or_default();
            let _ = write!(
                csv,
                "{},{:.1},{:.1},{},{},{},{:.1},{:.1},{:.1},{:.1},{}",
                field(&players[i].name),
                r.ratings.elo[i],
                r.ratings.err[i],
                s.games(),
                frac(s.score_as_general()),
                frac(s.score_as_soldiers()),
                r.sides.general[i],
                r.sides.general_err[i],
                r.sides.soldiers[i],
                r.sides.soldiers_err[i],
                generation,
            );
            if let Some((_, acc)) = &self.accuracy {
                let t = acc[i].total();
                let _ = write!(
                    csv,
                    ",{},{},{},{},{},{},{},{},{},{},{}",
                    frac(t.accuracy()),
                    frac(acc[i].side(Side::General).accuracy()),
                    frac(acc[i].side(Side::Soldiers).accuracy()),
                    frac(t.blunder_rate()),
                    t.moves,
                    frac(t.longest_delay_accuracy()),
                    frac(t.shortest_win_accuracy()),
                    frac(acc[i].side(Side::General).long_fight_accuracy()),
                    acc[i].side(Side::General).long_fights,
                    frac(acc[i].side(Side::Soldiers).plies_slower_per_win()),
                    frac(acc[i].side(Side::General).plies_given_per_loss()),
                );
            }
            let _ = writeln!(csv, ",\"{}\"", players[i].spec.replace('"', "\"\""));
        }
        csv
    }

    /// `games.tsv`: the players of each game, then the game's line.
    pub fn games_tsv(&self) -> String {
        let players = &self.setup.players;
        let mut tsv = String::from("# general\tsoldiers\tindex\tseed\twinner\treason\tlength\tmoves\n");
        for g in &self.games {
            let _ = writeln!(tsv, "{}\t{}\t{}", players[g.general].name, players[g.soldiers].name, g.record.to_line());
        }
        tsv
    }

    /// `ranking.md`: the setup, the ratings table, accuracy (with an oracle) and the players.
    pub fn markdown(&self) -> String {
        let (r, players, c) = (&self.ranking, &self.setup.players, &self.setup.config);
        let mut md = String::from("# Ranking\n\n");
        let _ = writeln!(md, "- rules: `{}`", c.rules);
        let _ = writeln!(
            md,
            "- {} games ({} per pairing and side), seed {}, {} random opening plies, {:.0} s",
            self.games.len(),
            c.games,
            c.seed,
            c.opening_plies,
            self.seconds
        );
        let anchor = &players[self.setup.anchor].name;
        let _ = writeln!(md, "- Elo anchored at `{anchor}` = 0; ± is one standard error (`docs/ratings.md`)");
        let _ = writeln!(
            md,
            "- side advantage (General, overall model): {:+.0} ± {:.0} Elo; between two copies of the anchor \
             (per-side model): {:+.0} ± {:.0}\n",
            r.ratings.side_advantage, r.ratings.side_advantage_err, r.sides.side_advantage, r.sides.side_advantage_err
        );
        let _ = writeln!(
            md,
            "| # | agent | Elo | as General | as soldiers | score as General | score as soldiers | games |"
        );
        let _ = writeln!(md, "|---:|---|---:|---:|---:|---:|---:|---:|");
        for (k, i) in self.order().into_iter().enumerate() {
            let s = &r.standings[i];
            let _ = writeln!(
                md,
                "| {} | `{}` | {:+.0} ± {:.0} | {:+.0} ± {:.0} | {:+.0} ± {:.0} | {} ({}/{}) | {} ({}/{}) | {} |",
                k + 1,
                players[i].name,
                r.ratings.elo[i],
                r.ratings.err[i],
                r.sides.general[i],
                r.sides.general_err[i],
                r.sides.soldiers[i],
                r.sides.soldiers_err[i],
                pct(s.score_as_general()),
                s.wins_as_general,
                s.games_as_general,
                pct(s.score_as_soldiers()),
                s.wins_as_soldiers,
                s.games_as_soldiers,
                s.games()
            );
        }
        if let Some((tables, acc)) = &self.accuracy {
            md.push_str(&self.accuracy_section(tables, acc));
        }
        md.push_str("\nPlayers:\n\n");
        for p in players {
            let _ = writeln!(md, "- `{}`: `{}`", p.name, p.spec);
        }
        md
    }

    fn accuracy_section(&self, tables: &str, acc: &[Accuracy]) -> String {
        let mut md = String::from("\n## Perfect-play accuracy\n\n");
        let _ = writeln!(
            md,
            "Share of moves that keep the theoretical result by the tables in `{tables}` (solved form of the rules), \
             per side and phase (opening: 14+ soldiers, middlegame: 10-13, endgame: 9 or fewer); blunders: \
             moves that turn a won position into a lost one, per move from a won position; longest delay: \
             moves from lost positions that keep the longest resistance the tables know; shortest win: moves \
             from won positions that keep the quickest win; long fights: the longest delay in lost positions \
             where it is at least {LONG_FIGHT_PLIES} plies and some move loses sooner (moves measured in brackets); \
             plies slower per win: how many plies a kept win is slower than the quickest, per move; plies given per \
             loss: how many plies sooner than the longest delay a move from a lost position loses, per move (under a \
             move limit a lost General reaches it when the soldiers waste about as many plies as the game uses).\n"
        );
        let _ = writeln!(
            md,
            "| agent | side | moves | accuracy | {} | {} | {} | won positions kept | blunder rate | longest delay | \
             shortest win | long fights | plies slower per win | plies given per loss | not covered |",
            PHASES[0], PHASES[1], PHASES[2]
        );
        let _ = writeln!(md, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for i in self.order() {
            for side in [Side::General, Side::Soldiers] {
                let t = acc[i].side(side);
                let ph = &acc[i].counts[side.index()];
                let _ = writeln!(
                    md,
                    "| `{}` | {side} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} ({}) | {} | {} | {} |",
                    self.setup.players[i].name,
                    t.moves,
                    pct(t.accuracy()),
                    pct(ph[0].accuracy()),
                    pct(ph[1].accuracy()),
                    pct(ph[2].accuracy()),
                    pct(t.winning_accuracy()),
                    pct(t.blunder_rate()),
                    pct(t.longest_delay_accuracy()),
                    pct(t.shortest_win_accuracy()),
                    pct(t.long_fight_accuracy()),
                    t.long_fights,
                    plies(t.plies_slower_per_win()),
                    plies(t.plies_given_per_loss()),
                    t.uncovered
                );
            }
        }
        md
    }
}
