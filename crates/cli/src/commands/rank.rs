//! `musashi rank`: a round robin between agents, or the generations of a run in a gauntlet
//! against baselines; every pairing plays both sides. Writes a ranking report into `--out`:
//! `ranking.md`, `ranking.csv`, `games.tsv` and, for a run, `elo_by_generation.png`.

use crate::agents;
use crate::plot::{Plot, Reference, Series, write_png};
use crate::rules_args::RulesArgs;
use crate::tables::{TableOracle, load_tables};
use crate::train::run_dir::write_atomic;
use anyhow::{Context, Result, bail};
use musashi_evaluator::{
    Accuracy, FitOptions, Ratings, SideRatings, Standing, TournamentGame, accuracy, fit_ratings, fit_side_ratings,
    gauntlet, play_tournament, round_robin, standings,
};
use musashi_game::{Ruleset, Side};
use musashi_search::{Agent, AgentSpec};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// Agents to rank in a round robin, comma-separated (keys of a spec stay with it:
    /// `random,mcts:ckpt=DIR,sims=8,greedy` is three agents).
    #[arg(long, conflicts_with = "run")]
    agents: Option<String>,
    /// A training run: its generations (MCTS at --sims) play a gauntlet against the baselines.
    #[arg(long)]
    run: Option<PathBuf>,
    /// Baselines, comma-separated; `alphabeta:A..B` stands for alphabeta:depth=A ... depth=B.
    /// Default with --run: alphabeta:depth=1; with --agents: none.
    #[arg(long)]
    baselines: Option<String>,
    /// The agent fixed at Elo 0 (added as a baseline if it is not a player).
    #[arg(long, default_value = "alphabeta:depth=1")]
    anchor: AgentSpec,
    /// Simulations per move of a run's generations.
    #[arg(long, default_value_t = 32)]
    sims: u32,
    /// With --run: every K-th generation (the last one always).
    #[arg(long, default_value_t = 1)]
    every: u32,
    /// Games per pairing and side (each pairing plays twice this).
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Seed of the tournament.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Random moves at the start of each game, to vary the openings of deterministic agents.
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// Rulesets without a move limit: a game longer than this is adjudicated to the General.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Solved tables (`musashi solve`) for the rules' board and threshold: adds perfect-play
    /// accuracy to the report.
    #[arg(long)]
    tables: Option<PathBuf>,
    /// Where to write the report.
    #[arg(long)]
    out: PathBuf,
}

/// Splits a comma-separated list of specs: a piece of the form `key=value` with no `:` before
/// its `=` continues the spec before it.
pub(crate) fn split_specs(text: &str) -> Result<Vec<AgentSpec>> {
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
            _ if continues => bail!("'{piece}' does not follow an agent spec"),
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
                bail!("'{s}': a range A..B is for alphabeta depths, A <= B");
            }
            for d in a..=b {
                specs.push(format!("alphabeta:depth={d}").parse()?);
            }
            continue;
        }
        specs.push(s.parse()?);
    }
    Ok(specs)
}

/// A player of the tournament.
#[derive(Debug, Clone)]
pub(crate) struct Player {
    pub name: String,
    pub spec: AgentSpec,
    pub generation: Option<u32>,
    pub baseline: bool,
}

/// The generations of a run, oldest first: (generation, checkpoint folder).
fn run_generations(run: &Path, every: u32) -> Result<Vec<(u32, PathBuf)>> {
    let dir = run.join("checkpoints");
    let mut gens = Vec::new();
    for e in std::fs::read_dir(&dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(n) = name.strip_prefix("gen-").and_then(|n| n.parse::<u32>().ok())
            && e.path().join("meta.json").is_file()
        {
            gens.push((n, e.path()));
        }
    }
    gens.sort();
    if gens.is_empty() {
        bail!("{} has no checkpoints (gen-NNNN folders)", dir.display());
    }
    let last = gens.last().expect("not empty").0;
    let every = every.max(1);
    Ok(gens.into_iter().filter(|(g, _)| g % every == 0 || *g == last).collect())
}

/// The fits and tallies of a finished tournament.
pub(crate) struct Ranking {
    pub ratings: Ratings,
    pub sides: SideRatings,
    pub standings: Vec<Standing>,
}

/// Fits both rating models over the games, anchored at `anchor`.
pub(crate) fn rank_games(players: usize, games: &[TournamentGame], anchor: usize) -> Result<Ranking> {
    let rated: Vec<_> = games.iter().map(TournamentGame::rated).collect();
    let options = FitOptions { anchor, ..FitOptions::default() };
    let ratings = fit_ratings(players, &rated, &options)?;
    let sides = fit_side_ratings(players, &rated, &options)?;
    Ok(Ranking { ratings, sides, standings: standings(players, games) })
}

fn pct(x: f64) -> String {
    if x.is_nan() { "-".to_string() } else { format!("{:.1}%", 100.0 * x) }
}

fn frac(x: f64) -> String {
    if x.is_nan() { String::new() } else { format!("{x:.4}") }
}

pub(crate) fn run(a: Args) -> Result<()> {
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let rules = a.rules.ruleset();
    let mut players: Vec<Player> = Vec::new();
    let baselines = match (&a.baselines, &a.run) {
        (Some(b), _) => split_specs(b).context("--baselines")?,
        (None, Some(_)) => vec!["alphabeta:depth=1".parse()?],
        (None, None) => Vec::new(),
    };
    match (&a.agents, &a.run) {
        (Some(list), None) => {
            for spec in split_specs(list).context("--agents")? {
                players.push(Player { name: spec.to_string(), spec, generation: None, baseline: false });
            }
        }
        (None, Some(run)) => {
            for (g, dir) in run_generations(run, a.every)? {
                let spec: AgentSpec = format!("mcts:ckpt={},sims={}", dir.display(), a.sims).parse()?;
                players.push(Player { name: format!("gen-{g:04}"), spec, generation: Some(g), baseline: false });
            }
        }
        _ => bail!("give --agents SPEC,SPEC,... or --run DIR"),
    }
    for spec in baselines {
        if !players.iter().any(|p| p.spec == spec) {
            players.push(Player { name: spec.to_string(), spec, generation: None, baseline: true });
        }
    }
    let anchor = match players.iter().position(|p| p.spec == a.anchor) {
        Some(i) => i,
        None => {
            players.push(Player {
                name: a.anchor.to_string(),
                spec: a.anchor.clone(),
                generation: None,
                baseline: true,
            });
            players.len() - 1
        }
    };
    if players.len() < 2 {
        bail!("a ranking needs at least two players");
    }
    // Check every spec once, then build agents per game.
    for p in &players {
        agents::build_agent(&p.spec, &rules, 0).with_context(|| format!("player '{}'", p.name))?;
    }
    let oracle = match &a.tables {
        Some(dir) => Some(TableOracle { tables: load_tables(&dir.to_string_lossy(), &rules).context("--tables")? }),
        None => None,
    };
    // Pairings: a round robin of --agents; for a run, each generation against every baseline,
    // each generation against the next (so the generations are compared directly too), and
    // the baselines among themselves.
    let pairings = if a.run.is_some() {
        let gens: Vec<usize> = (0..players.len()).filter(|&i| !players[i].baseline).collect();
        let bases: Vec<usize> = (0..players.len()).filter(|&i| players[i].baseline).collect();
        let mut p = gauntlet(&gens, &bases);
        p.extend(gens.windows(2).map(|w| (w[0], w[1])));
        p.extend(round_robin(bases.len()).into_iter().map(|(x, y)| (bases[x], bases[y])));
        p
    } else {
        round_robin(players.len())
    };
    let config = super::match_cmd::match_config(rules, a.games, a.seed, a.threads, a.opening_plies, a.max_plies)?;
    std::fs::create_dir_all(&a.out).with_context(|| format!("cannot create {}", a.out.display()))?;

    eprintln!(
        "rank: {} players, {} pairings, {} games per pairing and side, rules {rules}",
        players.len(),
        pairings.len(),
        a.games
    );
    let start = Instant::now();
    let specs: Vec<AgentSpec> = players.iter().map(|p| p.spec.clone()).collect();
    let make = |p: usize, i: usize| -> Box<dyn Agent> {
        agents::build_agent(&specs[p], &rules, i as u64).expect("the spec was checked")
    };
    let games = play_tournament(&config, &pairings, make, |done, total| {
        eprintln!("  match {done}/{total} ({:.0} s)", start.elapsed().as_secs_f64());
    });
    let secs = start.elapsed().as_secs_f64();
    let ranking = rank_games(players.len(), &games, anchor)?;
    let accuracy: Option<Vec<Accuracy>> = oracle.as_ref().map(|o| {
        let mut acc = vec![Accuracy::default(); players.len()];
        for g in &games {
            acc[g.general].add_game(o, rules, &g.record, &[Side::General]);
            acc[g.soldiers].add_game(o, rules, &g.record, &[Side::Soldiers]);
        }
        acc
    });
    write_report(&a, &rules, &players, anchor, &games, &ranking, accuracy.as_deref(), secs)?;
    print!("{}", std::fs::read_to_string(a.out.join("ranking.md"))?);
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn write_report(
    a: &Args,
    rules: &Ruleset,
    players: &[Player],
    anchor: usize,
    games: &[TournamentGame],
    r: &Ranking,
    accuracy: Option<&[Accuracy]>,
    secs: f64,
) -> Result<()> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&x, &y| r.ratings.elo[y].total_cmp(&r.ratings.elo[x]));
    // ranking.csv
    // The spec comes last, quoted: it may hold commas.
    let mut csv = String::from(
        "agent,elo,elo_err,games,score_as_general,score_as_soldiers,elo_as_general,elo_as_general_err,\
         elo_as_soldiers,elo_as_soldiers_err,generation",
    );
    if accuracy.is_some() {
        csv.push_str(",accuracy,accuracy_as_general,accuracy_as_soldiers,blunder_rate,measured_moves");
    }
    csv.push_str(",spec\n");
    for &i in &order {
        let s = &r.standings[i];
        let generation = players[i].generation.map(|g| g.to_string()).unwrap_or_default();
        write!(
            csv,
            "{},{:.1},{:.1},{},{},{},{:.1},{:.1},{:.1},{:.1},{}",
            players[i].name,
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
        )?;
        if let Some(acc) = accuracy {
            let t = acc[i].total();
            write!(
                csv,
                ",{},{},{},{},{}",
                frac(t.accuracy()),
                frac(acc[i].side(Side::General).accuracy()),
                frac(acc[i].side(Side::Soldiers).accuracy()),
                frac(t.blunder_rate()),
                t.moves
            )?;
        }
        writeln!(csv, ",\"{}\"", players[i].spec)?;
    }
    write_atomic(&a.out.join("ranking.csv"), csv.as_bytes())?;

    // games.tsv
    let mut tsv = String::from("# general\tsoldiers\tindex\tseed\twinner\treason\tlength\tmoves\n");
    for g in games {
        writeln!(tsv, "{}\t{}\t{}", players[g.general].name, players[g.soldiers].name, g.record.to_line())?;
    }
    write_atomic(&a.out.join("games.tsv"), tsv.as_bytes())?;

    // ranking.md
    let mut md = String::new();
    writeln!(md, "# Ranking\n")?;
    writeln!(md, "- rules: `{rules}`")?;
    writeln!(
        md,
        "- {} games ({} per pairing and side), seed {}, {} random opening plies, {:.0} s",
        games.len(),
        a.games,
        a.seed,
        a.opening_plies,
        secs
    )?;
    writeln!(md, "- Elo anchored at `{}` = 0; ± is one standard error (`docs/ratings.md`)", players[anchor].name)?;
    writeln!(
        md,
        "- side advantage (General, overall model): {:+.0} ± {:.0} Elo; between two copies of the anchor \
         (per-side model): {:+.0} ± {:.0}\n",
        r.ratings.side_advantage, r.ratings.side_advantage_err, r.sides.side_advantage, r.sides.side_advantage_err
    )?;
    writeln!(md, "| # | agent | Elo | as General | as soldiers | score as General | score as soldiers | games |")?;
    writeln!(md, "|---:|---|---:|---:|---:|---:|---:|---:|")?;
    for (k, &i) in order.iter().enumerate() {
        let s = &r.standings[i];
        writeln!(
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
        )?;
    }
    if let Some(acc) = accuracy {
        writeln!(md, "\n## Perfect-play accuracy\n")?;
        writeln!(
            md,
            "Share of moves that keep the theoretical result by the tables in `{}` (solved form of the rules), \
             per side and phase (opening: 14+ soldiers, middlegame: 10-13, endgame: 9 or fewer); blunders: \
             moves that turn a won position into a lost one, per move from a won position.\n",
            a.tables.as_ref().map(|p| p.display().to_string()).unwrap_or_default()
        )?;
        writeln!(
            md,
            "| agent | side | moves | accuracy | opening | middlegame | endgame | won positions kept | blunder rate | not covered |"
        )?;
        writeln!(md, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")?;
        for &i in &order {
            for side in [Side::General, Side::Soldiers] {
                let t = acc[i].side(side);
                let ph = &acc[i].counts[side.index()];
                writeln!(
                    md,
                    "| `{}` | {side} | {} | {} | {} | {} | {} | {} | {} | {} |",
                    players[i].name,
                    t.moves,
                    pct(t.accuracy()),
                    pct(ph[0].accuracy()),
                    pct(ph[1].accuracy()),
                    pct(ph[2].accuracy()),
                    pct(t.winning_accuracy()),
                    pct(t.blunder_rate()),
                    t.uncovered
                )?;
            }
        }
        let _ = accuracy::PHASES;
    }
    writeln!(md, "\nPlayers:\n")?;
    for p in players {
        writeln!(md, "- `{}`: `{}`", p.name, p.spec)?;
    }
    write_atomic(&a.out.join("ranking.md"), md.as_bytes())?;

    // The plot of a run.
    let gens: Vec<usize> = (0..players.len()).filter(|&i| players[i].generation.is_some()).collect();
    if !gens.is_empty() {
        let points = gens
            .iter()
            .map(|&i| (players[i].generation.expect("a generation") as f64, r.ratings.elo[i], r.ratings.err[i]))
            .collect();
        let references = (0..players.len())
            .filter(|&i| players[i].baseline)
            .map(|i| Reference { label: players[i].name.clone(), y: r.ratings.elo[i] })
            .collect();
        let title = match &a.run {
            Some(run) => {
                format!("Elo by generation: {}", run.file_name().map(|n| n.to_string_lossy()).unwrap_or_default())
            }
            None => "Elo by generation".to_string(),
        };
        let plot = Plot {
            title,
            x_label: "generation".into(),
            y_label: "Elo (+- 1 s.e.)".into(),
            series: Series { points },
            references,
        };
        write_png(&plot, &a.out.join("elo_by_generation.png"))?;
    }
    Ok(())
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
