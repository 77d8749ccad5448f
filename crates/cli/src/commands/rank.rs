//! `musashi rank`: a round robin between agents, or the generations of a run in a gauntlet
//! against baselines (`musashi_evaluator::rank`); every pairing plays both sides. Writes the
//! report into `--out`: `ranking.md`, `ranking.csv`, `games.tsv` and, for a run,
//! `elo_by_generation.png`.

use crate::match_flags::MatchFlags;
use crate::rules_args::RulesArgs;
use anyhow::{Context, Result, bail};
use musashi_agents::{AgentRecipe, TableOracle, load_tables, split_specs};
use musashi_config::write_atomic;
use musashi_evaluator::{Pairings, RankPlayer, RankReport, RankSetup, add_baselines, rank};
use musashi_game::Ruleset;
use musashi_plot::{Plot, Reference, Series, png_bytes};
use musashi_search::AgentSpec;
use musashi_trainer::generation_players;
use std::path::PathBuf;
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
    /// Games per pairing and side (each pairing plays twice this; 1 to 100,000).
    #[arg(long, default_value_t = 10, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
    games: usize,
    #[command(flatten)]
    matches: MatchFlags,
    /// Solved tables (`musashi solve`) for the rules' board and threshold: adds perfect-play
    /// accuracy to the report.
    #[arg(long)]
    tables: Option<PathBuf>,
    /// Where to write the report.
    #[arg(long)]
    out: PathBuf,
}

/// The players the arguments name, each with its recipe (parsed and loaded once).
fn players(a: &Args, rules: &Ruleset) -> Result<(Vec<RankPlayer>, Vec<AgentRecipe>, usize)> {
    let mut players = Vec::new();
    let mut recipes = Vec::new();
    match (&a.agents, &a.run) {
        (Some(list), None) => {
            for spec in split_specs(list).context("--agents")? {
                recipes.push(AgentRecipe::parse(&spec, rules).with_context(|| format!("player '{spec}'"))?);
                players.push(RankPlayer::named(&spec.to_string(), false));
            }
        }
        (None, Some(run)) => {
            for (player, recipe) in generation_players(run, a.sims, a.every)? {
                players.push(player);
                recipes.push(recipe);
            }
        }
        _ => bail!("give --agents SPEC,SPEC,... or --run DIR"),
    }
    let baselines = match (&a.baselines, &a.run) {
        (Some(b), _) => split_specs(b).context("--baselines")?,
        (None, Some(_)) => vec!["alphabeta:depth=1".parse()?],
        (None, None) => Vec::new(),
    };
    let baselines: Vec<String> = baselines.iter().map(|s| s.to_string()).collect();
    let anchor = add_baselines(&mut players, &baselines, &a.anchor.to_string());
    for p in &players[recipes.len()..] {
        recipes.push(AgentRecipe::parse_str(&p.spec, rules).with_context(|| format!("player '{}'", p.name))?);
    }
    if players.len() < 2 {
        bail!("a ranking needs at least two players");
    }
    Ok((players, recipes, anchor))
}

pub(crate) fn run(a: Args) -> Result<()> {
    let rules = a.rules.ruleset();
    let (players, recipes, anchor) = players(&a, &rules)?;
    let oracle = match &a.tables {
        Some(dir) => Some(TableOracle { tables: load_tables(dir, &rules).context("--tables")? }),
        None => None,
    };
    let pairings = if a.run.is_some() { Pairings::Gauntlet } else { Pairings::RoundRobin };
    let config = a.matches.config(rules, a.games);
    std::fs::create_dir_all(&a.out).with_context(|| format!("cannot create {}", a.out.display()))?;
    let setup = RankSetup { players, anchor, pairings, config };
    eprintln!(
        "rank: {} players, {} pairings, {} games per pairing and side, rules {rules}",
        setup.players.len(),
        setup.pairs().len(),
        a.games
    );
    let start = Instant::now();
    let make = |p: usize, i: usize| recipes[p].create(i as u64);
    let tables_name = a.tables.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
    let oracle = oracle.as_ref().map(|o| (tables_name.as_str(), o as &dyn musashi_search::Oracle));
    let report = rank(setup, &make, oracle, &|done, total| {
        eprintln!("  match {done}/{total} ({:.0} s)", start.elapsed().as_secs_f64());
    })?;
    write_report(&a, &report)?;
    print!("{}", report.markdown());
    Ok(())
}

fn write_report(a: &Args, report: &RankReport) -> Result<()> {
    write_atomic(&a.out.join("ranking.csv"), report.csv().as_bytes())?;
    write_atomic(&a.out.join("games.tsv"), report.games_tsv().as_bytes())?;
    write_atomic(&a.out.join("ranking.md"), report.markdown().as_bytes())?;
    let points = report.elo_by_generation();
    if points.is_empty() {
        return Ok(());
    }
    let references = report.baseline_elo().into_iter().map(|(label, y)| Reference { label, y }).collect();
    let run_name = a.run.as_ref().and_then(|r| r.file_name()).map(|n| n.to_string_lossy().into_owned());
    let plot = Plot {
        title: run_name.map_or("Elo by generation".to_string(), |n| format!("Elo by generation: {n}")),
        x_label: "generation".into(),
        y_label: "Elo (+- 1 s.e.)".into(),
        series: Series { points },
        references,
    };
    write_atomic(&a.out.join("elo_by_generation.png"), &png_bytes(&plot)?)?;
    Ok(())
}
