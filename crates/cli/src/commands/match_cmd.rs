//! `musashi match`: N games between two agents, in parallel; results on stdout, one line per
//! game in a file. The last line on stdout is exactly `result: general W, soldiers L`.

use crate::match_flags::match_config;
use crate::rules_args::RulesArgs;
use anyhow::{Context, Result, bail};
use musashi_agents::AgentRecipe;
use musashi_evaluator::{MatchConfig, MatchGame, Summary, play_match_with};
use musashi_game::Side;
use musashi_search::AgentSpec;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// The General's agent, e.g. alphabeta:depth=6.
    #[arg(long)]
    general: AgentSpec,
    /// The soldiers' agent, e.g. greedy.
    #[arg(long)]
    soldiers: AgentSpec,
    /// Number of games (1 to 1,000,000).
    #[arg(long, default_value_t = 10, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    games: usize,
    /// Match seed: game i is seeded from (seed, i), whatever the number of threads.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (absent or 0: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Random moves at the start of each game (seeded), so that games between deterministic
    /// agents differ (0 plays every game from the start).
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// Rulesets without a move limit: a game longer than this is adjudicated to the General.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Where to write the games (one line per game: index, seed, winner, reason, length,
    /// moves; tab-separated).
    #[arg(long, default_value = "runs/match.tsv")]
    out: PathBuf,
    /// Print a line per game as it finishes (on stderr).
    #[arg(long)]
    progress: bool,
}

/// The games file, created before the games are played (a bad path fails at once).
fn create_out(out: &Path) -> Result<File> {
    if let Some(dir) = out.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    File::create(out).with_context(|| format!("cannot write {}", out.display()))
}

fn write_games(mut file: File, a: &Args, records: &[MatchGame]) -> Result<()> {
    writeln!(file, "# rules: {}", a.rules.ruleset())?;
    writeln!(file, "# general: {}; soldiers: {}; seed {}", a.general, a.soldiers, a.seed)?;
    writeln!(file, "# index\tseed\twinner\treason\tlength\tmoves")?;
    for r in records {
        writeln!(file, "{}", r.to_line())?;
    }
    file.flush()?;
    Ok(())
}

fn print_summary(s: &Summary, config: &MatchConfig) {
    let pct = |n: usize| 100.0 * n as f64 / s.games as f64;
    println!("general's wins: {} ({:.1}%)", s.general_wins, pct(s.general_wins));
    println!("soldiers' wins: {} ({:.1}%)", s.soldiers_wins, pct(s.soldiers_wins));
    println!("average length: {:.1} plies", s.average_length);
    let endings: Vec<String> = s.endings().iter().map(|(r, n)| format!("{r} {n}")).collect();
    println!("endings: {}", endings.join(", "));
    if s.adjudicated > 0 {
        println!("adjudicated at {} plies (counted as move-limit): {}", config.max_plies, s.adjudicated);
    }
}

pub(crate) fn run(a: Args) -> Result<()> {
    if a.games == 0 {
        bail!("--games must be at least 1");
    }
    let rules = a.rules.ruleset();
    let general = AgentRecipe::parse(&a.general, &rules).context("--general")?;
    let soldiers = AgentRecipe::parse(&a.soldiers, &rules).context("--soldiers")?;
    let config = match_config(rules, a.games, a.seed, a.threads, a.opening_plies, a.max_plies);
    let file = create_out(&a.out)?;
    println!("rules: {rules}");
    println!("general: {}", a.general);
    println!("soldiers: {}", a.soldiers);
    println!(
        "{} games, seed {}, {} threads, {} random opening plies",
        config.games,
        config.seed,
        config.threads.min(config.games),
        config.opening_plies
    );
    let start = Instant::now();
    let progress = a.progress;
    let result = play_match_with(
        &config,
        |side, i| match side {
            Side::General => general.create(i as u64),
            Side::Soldiers => soldiers.create(i as u64),
        },
        |r| {
            if progress {
                eprintln!("game {}: {} in {} plies", r.index, r.game.outcome, r.length());
            }
        },
    );
    let secs = start.elapsed().as_secs_f64();
    write_games(file, &a, &result.records)?;
    let s = &result.summary;
    print_summary(s, &config);
    println!("time: {secs:.1} s; games written to {}", a.out.display());
    println!("result: general {}, soldiers {}", s.general_wins, s.soldiers_wins);
    Ok(())
}
