//! `musashi hint`: the move an agent chooses in each given position (a fresh game from that
//! position), one line per position: `<pos>\t<move>`. A position where the game is already over
//! gets `-` as its move and the ending on stderr.

use crate::rules_args::{RulesArgs, positions};
use anyhow::Result;
use musashi_agents::AgentRecipe;
use musashi_game::Game;
use musashi_search::AgentSpec;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// The agent, e.g. alphabeta:depth=6.
    #[arg(long)]
    agent: AgentSpec,
    /// Agent seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// A file of positions, one per line (blank lines and lines starting with # are skipped).
    #[arg(long)]
    positions: Option<PathBuf>,
    /// Also print the agent's analysis (score, depth, nodes, principal variation) on stderr.
    #[arg(long)]
    verbose: bool,
    /// Positions in notation, e.g. "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g".
    position: Vec<String>,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let positions = positions(a.positions.as_deref(), &a.position)?;
    for text in &positions {
        let (rules, pos) = a.rules.with_position(Some(text))?;
        let game = Game::from_position(rules, pos)?;
        if let Some(o) = game.outcome() {
            println!("{text}\t-");
            eprintln!("{text}: the game is already over: {o}");
            continue;
        }
        let mut agent = AgentRecipe::parse(&a.agent, &rules)?.create(a.seed);
        let c = agent.choose(&game);
        println!("{text}\t{}", c.mv);
        if a.verbose {
            eprintln!("{text}: {}", c.analysis);
        }
    }
    Ok(())
}
