//! `musashi match`: N games between two agents, in parallel; results on stdout, one line per
//! game in a file. The last line on stdout is exactly `result: general W, soldiers L`.

use crate::match_flags::MatchFlags;
use crate::rules_args::RulesArgs;
use anyhow::{Context, Result};
use musashi_agents::AgentRecipe;
use musashi_evaluator::play_match_with;
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
    #[command(flatten)]
    matches: MatchFlags,
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

pub(crate) fn run(a: Args) -> Result<()> {
    let rules = a.rules.ruleset();
    let general = AgentRecipe::parse(&a.general, &rules).context("--general")?;
    let soldiers = AgentRecipe::parse(&a.soldiers, &rules).context("--soldiers")?;
    let config = a.matches.config(rules, a.games);
    let mut file = create_out(&a.out)?;
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
    let (general, soldiers) = (a.general.to_string(), a.soldiers.to_string());
    let games = result.games_tsv(&rules, &general, &soldiers, a.matches.seed);
    file.write_all(games.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("writing {}", a.out.display()))?;
    let s = &result.summary;
    print!("{}", s.text(config.max_plies));
    println!("time: {secs:.1} s; games written to {}", a.out.display());
    println!("result: general {}, soldiers {}", s.general_wins, s.soldiers_wins);
    Ok(())
}
