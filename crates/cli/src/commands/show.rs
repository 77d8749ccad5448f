//! `musashi show`: the board in the terminal with the interface's marks and the legal moves.

use crate::rules_args::RulesArgs;
use anyhow::Result;
use musashi_game::{Game, analysis};
use musashi_play::terminal::{draw_board, position_notes};
use std::io::IsTerminal;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// The position (notation: rows/... side), e.g. "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g".
    position: String,
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (rules, pos) = a.rules.with_position(Some(&a.position))?;
    let game = Game::from_position(rules, pos)?;
    let color = std::io::stdout().is_terminal();
    print!("{}", draw_board(&pos, color));
    println!();
    println!("rules: {rules}");
    println!("{} soldiers; {} to move", pos.num_soldiers(), pos.side_to_move());
    if let Some(o) = game.outcome() {
        println!("game over: {} — {}", o, o.reason.explain(o.winner));
        return Ok(());
    }
    print!("{}", position_notes(&game));
    let dest = analysis::capture_destinations(&pos);
    if !dest.is_empty() {
        let d: Vec<String> = dest.iter().map(|(p, n)| format!("{p} takes {n}")).collect();
        println!("General's capture destinations (digit = soldiers taken): {}", d.join(", "));
    }
    let moves: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
    println!("legal moves ({}): {}", moves.len(), moves.join(" "));
    Ok(())
}
