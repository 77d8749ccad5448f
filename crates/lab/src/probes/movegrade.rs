//! `musashi-lab movegrade`: grades every move of `musashi match` games files with the solved
//! tables of their rules, to show where a General's games are won and lost: the soldiers' errors
//! (a move from a won position to a lost one) that give the General its chances, and the
//! General's moves in won positions (kept the win or not) and in lost ones (kept the longest
//! delay or not). (`experiments/2026-12-06-search-cliff`.)
//!
//! musashi-lab movegrade --preset PRESET --tables TABLES --opening-plies N [--per-game PATH] \
//!     GAMES.tsv[,GAMES2.tsv] ...
//!
//! Several files joined by commas are one arm (e.g. two seeds); each arm prints one block. With
//! `--per-game PATH`, one line per game goes to PATH as well: arm, opening moves, winner, plies,
//! soldiers' winning moves and their plies slower than the quickest, General's lost moves and
//! their plies given away. The tables are opened lazily (`Tables::open`), so the 33-point game's
//! 42 GiB need not fit in memory.

use anyhow::{Context, Result, anyhow, bail};
use musashi_agents::TableOracle;
use musashi_game::{Game, Move, Preset, Ruleset, Side};
use musashi_lab::tsv::{columns, read_text, rows};
use musashi_search::{Oracle, Score};
use musashi_solver::Tables;
use std::path::{Path, PathBuf};
use std::sync::Arc;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    /// The preset whose games the files hold.
    #[arg(long, default_value = "no-setchin")]
    preset: Preset,
    /// The solved tables of the preset (opened lazily).
    #[arg(long)]
    tables: PathBuf,
    /// Random opening plies of the matches: moves before this ply are not graded.
    #[arg(long)]
    opening_plies: usize,
    /// Also write one line per game to this file.
    #[arg(long)]
    per_game: Option<PathBuf>,
    /// Arms: `musashi match` games files, several joined by commas for one arm.
    #[arg(required = true)]
    arms: Vec<String>,
}

/// What the tables say of the mover's move choices at one position.
enum Verdict {
    /// Some move wins: did the played one (`kept`), and how many plies slower than the quickest
    /// win is it (`slower`, 0 when it did not keep the win)?
    Won { kept: bool, slower: u32 },
    /// Every move loses: how many plies shorter than the longest delay the played move is.
    Lost { longest: u32, given: u32, matters: bool },
}

fn verdict(values: &[(Move, Score)], played: Move) -> Option<Verdict> {
    let score = |m: Move| values.iter().find(|v| v.0 == m).map(|v| v.1);
    let wins: Vec<u32> = values.iter().filter_map(|v| if let Score::WinIn(n) = v.1 { Some(n) } else { None }).collect();
    if let Some(&quickest) = wins.iter().min() {
        let slower = if let Score::WinIn(n) = score(played)? { n - quickest } else { 0 };
        return Some(Verdict::Won { kept: matches!(score(played)?, Score::WinIn(_)), slower });
    }
    let delays: Vec<u32> =
        values.iter().filter_map(|v| if let Score::LossIn(n) = v.1 { Some(n) } else { None }).collect();
    let longest = *delays.iter().max()?;
    let Score::LossIn(p) = score(played)? else { return None };
    Some(Verdict::Lost { longest, given: longest - p, matters: delays.iter().any(|&d| d < longest) })
}

#[derive(Default)]
struct Arm {
    games: u32,
    general_wins: u32,
    soldier_won_moves: u32,
    soldier_errors: u32,
    games_with_soldier_error: u32,
    general_won_moves: u32,
    general_won_kept: u32,
    games_general_threw: u32,
    lost_moves: u32,
    lost_kept: u32,
    plies_given: u32,
    long_fights: u32,
    long_fights_kept: u32,
    general_plies: u32,
    soldier_slower: u32,
    soldier_slow_moves: u32,
}

/// Grades one game's moves into `arm`; its per-game line (without the arm). `at` names the game.
fn grade_game(
    arm: &mut Arm,
    oracle: &TableOracle,
    rules: Ruleset,
    opening: usize,
    winner: &str,
    moves: &str,
    at: &str,
) -> Result<String> {
    let before = (arm.soldier_won_moves, arm.soldier_slower, arm.lost_moves, arm.plies_given);
    let th = rules.threshold();
    let mut g = Game::new(rules);
    let (mut erred, mut threw) = (false, false);
    for (ply, ms) in moves.split(' ').enumerate() {
        let mv = Move::parse(rules.board, ms).with_context(|| format!("{at}, ply {ply}"))?;
        let pos = *g.position();
        if ply >= opening {
            let values = oracle
                .move_values(&pos, th)
                .with_context(|| format!("{at}, ply {ply}: the position is not in the tables"))?;
            match (pos.side_to_move(), verdict(&values, mv)) {
                (Side::Soldiers, Some(Verdict::Won { kept, slower })) => {
                    arm.soldier_won_moves += 1;
                    arm.soldier_slower += slower;
                    arm.soldier_slow_moves += u32::from(slower > 0);
                    arm.soldier_errors += u32::from(!kept);
                    erred |= !kept;
                }
                (Side::General, Some(Verdict::Won { kept, .. })) => {
                    arm.general_won_moves += 1;
                    arm.general_won_kept += u32::from(kept);
                    threw |= !kept;
                }
                (Side::General, Some(Verdict::Lost { longest, given, matters })) => {
                    arm.lost_moves += 1;
                    arm.lost_kept += u32::from(given == 0);
                    arm.plies_given += given;
                    if longest >= 16 && matters {
                        arm.long_fights += 1;
                        arm.long_fights_kept += u32::from(given == 0);
                    }
                }
                _ => {}
            }
            if pos.side_to_move() == Side::General {
                arm.general_plies += 1;
            }
        }
        g.play(mv).with_context(|| format!("{at}, ply {ply}"))?;
    }
    arm.games += 1;
    arm.general_wins += u32::from(winner == "general");
    arm.games_with_soldier_error += u32::from(erred);
    arm.games_general_threw += u32::from(threw);
    let opening_moves: Vec<&str> = moves.split(' ').take(opening).collect();
    Ok(format!(
        "{}\t{winner}\t{}\t{}\t{}\t{}\t{}",
        opening_moves.join(" "),
        moves.split(' ').count(),
        arm.soldier_won_moves - before.0,
        arm.soldier_slower - before.1,
        arm.lost_moves - before.2,
        arm.plies_given - before.3
    ))
}

fn pct(a: u32, b: u32) -> String {
    format!("{a}/{b} ({:.1}%)", 100.0 * a as f64 / b.max(1) as f64)
}

pub(crate) fn run(a: Args) -> Result<()> {
    let rules = a.preset.ruleset();
    let tables = Tables::open(&a.tables).with_context(|| format!("cannot use the tables in {}", a.tables.display()))?;
    if tables.board() != rules.board || tables.threshold() != rules.threshold() {
        bail!(
            "{}: the tables are for the {}-point board with the General winning at {} soldiers; {} uses the {}-point board and {}",
            a.tables.display(),
            tables.board(),
            tables.threshold(),
            a.preset,
            rules.board,
            rules.threshold()
        );
    }
    let oracle = TableOracle { tables: Arc::new(tables) };
    let opening = a.opening_plies;
    let mut per_game = String::new();
    for files in &a.arms {
        let mut arm = Arm::default();
        for file in files.split(',') {
            let text = read_text(Path::new(file)).with_context(|| format!("cannot read {file}"))?;
            let [winner, moves] = columns(&text, ["winner", "moves"]).map_err(|e| anyhow!("{file}: {e}"))?;
            for (line, f) in rows(&text) {
                let at = format!("{file} line {line}");
                let (Some(w), Some(m)) = (f.get(winner), f.get(moves)) else {
                    bail!("{at}: fewer columns than the header names");
                };
                let row = grade_game(&mut arm, &oracle, rules, opening, w, m, &at)?;
                per_game.push_str(&format!("{files}\t{row}\n"));
            }
        }
        println!("{files}");
        println!("  games {}, General wins {}", arm.games, pct(arm.general_wins, arm.games));
        println!("  games where the soldiers erred {}", pct(arm.games_with_soldier_error, arm.games));
        println!("  soldiers' errors per won soldiers' move {}", pct(arm.soldier_errors, arm.soldier_won_moves));
        println!(
            "  soldiers' winning moves slower than the quickest {}",
            pct(arm.soldier_slow_moves, arm.soldier_won_moves)
        );
        println!(
            "  plies slower per soldiers' move {:.3}",
            arm.soldier_slower as f64 / arm.soldier_won_moves.max(1) as f64
        );
        println!("  General's moves in won positions kept {}", pct(arm.general_won_kept, arm.general_won_moves));
        println!("  games where the General threw a win away {}", pct(arm.games_general_threw, arm.games));
        println!("  General's lost moves at the longest delay {}", pct(arm.lost_kept, arm.lost_moves));
        println!("  plies given away per lost move {:.3}", arm.plies_given as f64 / arm.lost_moves.max(1) as f64);
        println!("  long fights kept {}", pct(arm.long_fights_kept, arm.long_fights));
        println!("  General's moves per game {:.1}", arm.general_plies as f64 / arm.games.max(1) as f64);
    }
    if let Some(path) = &a.per_game {
        std::fs::write(path, per_game).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
