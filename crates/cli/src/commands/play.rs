//! `musashi play`: a game in the terminal. Each side is `human` or an agent spec. The board is
//! drawn after every move with the interface's marks, and captures are announced; a human types
//! moves such as `c3-b2` or the commands `hint`, `undo`, `moves`, `resign`, `quit`, `help`. The
//! ending says who won (to a human: "you won" or "you lost") and offers another game, the
//! same or with the sides swapped. The agents' own evaluations are shown only with `--eval`.
//! Input is read line by line from stdin, so tests (and scripts) can pipe it; bad input gets a
//! message and a new prompt, and the end of input abandons the game cleanly.

use crate::draw::draw_board;
use crate::rules_args::RulesArgs;
use anyhow::{Context, Result};
use musashi_agents::AgentRecipe;
use musashi_game::{Bits, Game, Move, Ruleset, Side, analysis};
use musashi_runtime::{Bundle, Fit, Level};
use musashi_search::{Agent, AgentSpec, Choice};
use std::io::{BufRead, IsTerminal};
use std::path::Path;

#[derive(clap::Args, Debug)]
pub(crate) struct Args {
    #[command(flatten)]
    rules: RulesArgs,
    /// The General's player: human or an agent spec (default: human).
    #[arg(long)]
    general: Option<String>,
    /// The soldiers' player: human or an agent spec (default: alphabeta:depth=6).
    #[arg(long)]
    soldiers: Option<String>,
    /// An exported opponent, BUNDLE:LEVEL (for example export/classic:hard): it plays the side
    /// that --human does not, with the bundle's level for that side and the rules.
    #[arg(long)]
    opponent: Option<String>,
    /// With --opponent: the side the human plays.
    #[arg(long, default_value = "general")]
    human: Side,
    /// The agent that answers `hint` (default: with --opponent, the bundle's Hard level, as the
    /// page's hint; otherwise alphabeta:depth=6).
    #[arg(long)]
    hint_agent: Option<AgentSpec>,
    /// Show the computer players' own evaluation of their moves and hints.
    #[arg(long)]
    eval: bool,
    /// Seed of the computer players.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Start from this position instead of the start.
    #[arg(long)]
    position: Option<String>,
    /// Colour the marks: auto (when stdout is a terminal), always or never.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
}

/// When to colour the marks.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

const HELP: &str = "type a move as from-to (for example c3-b2), or a command:
  hint    suggest a move
  undo    take back your last move (and the reply)
  moves   list the legal moves
  resign  give up the game
  quit    leave without finishing
  help    this text";

enum Player {
    Human,
    Computer(Box<dyn Agent>),
}

/// What the loop does after a command.
enum Flow {
    /// Draw the board again, then go on.
    Show,
    /// Go on without drawing.
    Quiet,
    /// The game is over or abandoned.
    End,
}

/// A game in the terminal: the players, the hint agent and the output settings.
struct Session {
    game: Game,
    players: [Player; 2],
    hint: AgentRecipe,
    hint_name: String,
    hinter: Option<Box<dyn Agent>>,
    seed: u64,
    color: bool,
    /// Print the agents' evaluations (`--eval`).
    eval: bool,
    /// Games started in this session (the computer players' seeds change with each).
    games: u64,
}

/// A side's player named by `--general`/`--soldiers`: `human` or an agent spec; with its name.
fn spec_player(text: &str, side: Side, rules: &Ruleset, seed: u64) -> Result<(Player, String)> {
    if text == "human" {
        return Ok((Player::Human, text.to_string()));
    }
    let flag = format!("--{side}");
    let spec: AgentSpec = text.parse().with_context(|| flag.clone())?;
    let agent = AgentRecipe::parse(&spec, rules).with_context(|| flag)?.create(seed);
    Ok((Player::Computer(agent), text.to_string()))
}

/// Each side's player and its name: `--general` and `--soldiers`, or with `--opponent` the
/// bundle's level (made from its folder and level, not from a spec string) and the human.
fn players(a: &Args, rules: &Ruleset) -> Result<[(Player, String); 2]> {
    let seed = |side: Side| a.seed.wrapping_add(side.index() as u64);
    let Some(text) = &a.opponent else {
        let general = a.general.as_deref().unwrap_or("human");
        let soldiers = a.soldiers.as_deref().unwrap_or("alphabeta:depth=6");
        return Ok([
            spec_player(general, Side::General, rules, seed(Side::General))?,
            spec_player(soldiers, Side::Soldiers, rules, seed(Side::Soldiers))?,
        ]);
    };
    if a.general.is_some() || a.soldiers.is_some() {
        anyhow::bail!("--opponent plays one side and you the other (--human): leave out --general and --soldiers");
    }
    let Some((dir, level)) = text.rsplit_once(':') else {
        anyhow::bail!("--opponent '{text}': expected BUNDLE:LEVEL, for example export/classic:hard");
    };
    let level: Level = level.parse().context("--opponent")?;
    let recipe = AgentRecipe::bundle(Path::new(dir), level, rules).context("--opponent")?;
    let computer = (Player::Computer(recipe.create(seed(a.human.opponent()))), recipe.spec().to_string());
    let human = (Player::Human, "human".to_string());
    Ok(match a.human {
        Side::General => [human, computer],
        Side::Soldiers => [computer, human],
    })
}

pub(crate) fn run(a: Args) -> Result<()> {
    let (rules, pos) = a.rules.with_position(a.position.as_deref())?;
    let game = Game::from_position(rules, pos)?;
    let color = match a.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => std::io::stdout().is_terminal(),
    };
    let [(general_player, general), (soldiers_player, soldiers)] = players(&a, &rules)?;
    let players = [general_player, soldiers_player];
    let hint = hint_recipe(&a, &rules)?;
    let hint_name = hint.spec().to_string();
    let mut session =
        Session { game, players, hint, hint_name, hinter: None, seed: a.seed, color, eval: a.eval, games: 1 };
    println!("rules: {rules}");
    println!("general: {general}; soldiers: {soldiers}");
    if let Some((dir, Ok(level))) = a.opponent.as_deref().and_then(|t| t.rsplit_once(':')).map(|(d, l)| (d, l.parse()))
    {
        note_nearest(dir, level, &rules, a.human.opponent());
    }
    println!("type help for commands");
    let stdin = std::io::stdin();
    // Piped input is echoed after the prompt, so that a transcript reads like a session.
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut flow = Flow::Show;
    loop {
        if let Flow::Show = flow {
            print_state(&session.game, session.color);
        }
        if session.game_over() {
            if session.another(&mut input, echo)? {
                flow = Flow::Show;
                continue;
            }
            return Ok(());
        }
        let side = session.game.position().side_to_move();
        if let Player::Computer(agent) = &mut session.players[side.index()] {
            let c = agent.choose(&session.game);
            println!("{} {}{}", plays(side), c.mv, describe(&c, session.eval));
            session.game.play(c.mv).context("the agent chose an illegal move")?;
            announce_captures(&session.game);
            flow = Flow::Show;
            continue;
        }
        let mut line = Vec::new();
        print_prompt(side);
        if input.read_until(b'\n', &mut line)? == 0 {
            println!();
            println!("input ended: game abandoned after {}.", moves(session.game.moves().count()));
            return Ok(());
        }
        let line = String::from_utf8_lossy(&line);
        let cmd = line.trim();
        if echo {
            println!("{cmd}");
        }
        flow = session.command(cmd, side);
        if let Flow::End = flow {
            return Ok(());
        }
    }
}

/// The agent that answers `hint`: `--hint-agent`, else the opponent bundle's Hard level (what
/// the page's hint plays), else alpha-beta at depth 6.
fn hint_recipe(a: &Args, rules: &Ruleset) -> Result<AgentRecipe> {
    if let Some(spec) = &a.hint_agent {
        return AgentRecipe::parse(spec, rules).context("--hint-agent");
    }
    if let Some((dir, _)) = a.opponent.as_deref().and_then(|t| t.rsplit_once(':')) {
        return AgentRecipe::bundle(Path::new(dir), Level::Hard, rules).context("the hint's level");
    }
    let spec: AgentSpec = "alphabeta:depth=6".parse().expect("a valid spec");
    Ok(AgentRecipe::parse(&spec, rules)?)
}

/// Names the soldiers the last move captured, if any.
fn announce_captures(game: &Game) {
    let taken = game.last_captured();
    if taken != 0 {
        let n = taken.count_ones();
        let left = game.position().num_soldiers();
        println!("captured {n} soldier{}: {} ({left} left)", if n == 1 { "" } else { "s" }, names(taken));
    }
}

impl Session {
    /// The side a lone human plays, when exactly one side is human.
    fn lone_human(&self) -> Option<Side> {
        let human = |s: Side| matches!(self.players[s.index()], Player::Human);
        match (human(Side::General), human(Side::Soldiers)) {
            (true, false) => Some(Side::General),
            (false, true) => Some(Side::Soldiers),
            _ => None,
        }
    }

    /// Prints the ending if the game is over.
    fn game_over(&self) -> bool {
        let Some(o) = self.game.outcome() else { return false };
        let winner = match o.winner {
            Side::General => "the General wins",
            Side::Soldiers => "the soldiers win",
        };
        if let Some(human) = self.lone_human() {
            println!("{}", if human == o.winner { "You won!" } else { "You lost." });
        }
        println!("game over: {winner} ({}): {}.", o.reason, o.reason.explain(o.winner));
        println!("moves: {}", self.game.moves().map(|m| m.to_string()).collect::<Vec<_>>().join(" "));
        true
    }

    /// After a game with a human: asks for another (the same sides, or swapped) and sets it up;
    /// false when the answer is no or the input ended.
    fn another(&mut self, input: &mut impl BufRead, echo: bool) -> Result<bool> {
        if !self.players.iter().any(|p| matches!(p, Player::Human)) {
            return Ok(false);
        }
        print!("another game? yes, swap (sides), or no> ");
        let _ = std::io::Write::flush(&mut std::io::stdout());
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            println!();
            return Ok(false);
        }
        let answer = line.trim().to_ascii_lowercase();
        if echo {
            println!("{answer}");
        }
        match answer.as_str() {
            "y" | "yes" => {}
            "s" | "swap" => self.players.swap(0, 1),
            _ => return Ok(false),
        }
        self.game = Game::from_position(*self.game.rules(), *self.game.start_position())?;
        self.games += 1;
        let seed = self.seed.wrapping_add(self.games * 1000);
        for (i, p) in self.players.iter_mut().enumerate() {
            if let Player::Computer(agent) = p {
                agent.new_game(seed.wrapping_add(i as u64));
            }
        }
        let name = |p: &Player| if matches!(p, Player::Human) { "you" } else { "the computer" };
        println!(
            "game {}: the General is {}, the soldiers are {}",
            self.games,
            name(&self.players[0]),
            name(&self.players[1])
        );
        Ok(true)
    }

    /// One line typed by the human playing `side`.
    fn command(&mut self, cmd: &str, side: Side) -> Flow {
        match cmd {
            "" => Flow::Quiet,
            "help" | "?" => {
                println!("{HELP}");
                Flow::Quiet
            }
            "moves" => {
                let moves: Vec<String> = self.game.legal_moves().iter().map(|m| m.to_string()).collect();
                println!("legal moves: {}", moves.join(" "));
                Flow::Quiet
            }
            "hint" => {
                let (hint, seed) = (&self.hint, self.seed);
                let agent = self.hinter.get_or_insert_with(|| hint.create(seed));
                agent.new_game(seed);
                let c = agent.choose(&self.game);
                println!("hint ({}): {}{}", self.hint_name, c.mv, describe(&c, self.eval));
                Flow::Quiet
            }
            "undo" => self.undo(),
            "resign" => {
                self.game.resign(side);
                Flow::Show
            }
            "quit" | "exit" => {
                println!("game abandoned after {}.", moves(self.game.moves().count()));
                Flow::End
            }
            text => match Move::parse(self.game.rules().board, text) {
                Err(e) => {
                    println!("{e}. Type help for commands.");
                    Flow::Quiet
                }
                Ok(m) => match self.game.play(m) {
                    Err(e) => {
                        println!("{e}. Type moves for the legal moves.");
                        Flow::Quiet
                    }
                    Ok(_) => {
                        println!("{} {m}", plays(side));
                        announce_captures(&self.game);
                        Flow::Show
                    }
                },
            },
        }
    }

    /// Takes back moves until a human is to move again (never the computer's moves alone).
    fn undo(&mut self) -> Flow {
        let players = &self.players;
        let taken = self.game.take_back(|side| matches!(players[side.index()], Player::Human));
        if taken.is_empty() {
            println!("nothing to undo");
            return Flow::Quiet;
        }
        let names: Vec<String> = taken.iter().map(|m| m.to_string()).collect();
        println!("took back {}", names.join(", "));
        Flow::Show
    }
}

/// Says so when the bundle has no level calibrated on these rules and the nearest plays them.
fn note_nearest(dir: &str, level: Level, rules: &Ruleset, side: Side) {
    if let Ok(bundle) = Bundle::load(Path::new(dir))
        && let Ok((_, Fit::Nearest(preset))) = bundle.serving(rules, side, level)
    {
        println!("the bundle has no levels calibrated on these rules: its {preset} {level} level plays them");
    }
}

fn print_prompt(side: Side) {
    use std::io::Write;
    print!("{side} to move> ");
    let _ = std::io::stdout().flush();
}

/// The agent's own view of the position after its move, labelled, when asked for (`--eval`).
fn describe(c: &Choice, eval: bool) -> String {
    match c.analysis.score {
        Some(s) if eval => format!(" (its evaluation: {s})"),
        _ => String::new(),
    }
}

/// "the General plays" / "the soldiers play".
fn plays(side: Side) -> &'static str {
    match side {
        Side::General => "the General plays",
        Side::Soldiers => "the soldiers play",
    }
}

/// "1 move", "2 moves".
fn moves(n: usize) -> String {
    if n == 1 { "1 move".to_string() } else { format!("{n} moves") }
}

fn names(mask: u64) -> String {
    Bits(mask).map(|p| p.to_string()).collect::<Vec<_>>().join(" ")
}

fn print_state(game: &Game, color: bool) {
    let pos = game.position();
    println!();
    print!("{}", draw_board(pos, color));
    let mut status =
        format!("{} soldiers; {} to move; move {}", pos.num_soldiers(), pos.side_to_move(), game.plies() + 1);
    if let Some(left) = game.moves_left() {
        status.push_str(&format!("; {left} left before the move limit"));
    }
    println!("{status}");
    if game.is_over() {
        return;
    }
    let threatened = analysis::threatened_soldiers(pos);
    if threatened != 0 {
        println!("threatened soldiers (X): {}", names(threatened));
    }
    if pos.side_to_move() == Side::Soldiers {
        let unsafe_moves: Vec<String> = analysis::unsafe_soldier_moves(pos)
            .into_iter()
            .filter(|m| game.is_legal(*m))
            .map(|m| m.to_string())
            .collect();
        if !unsafe_moves.is_empty() {
            println!("unsafe soldier moves: {}", unsafe_moves.join(" "));
        }
    }
    if game.repetition_warning() {
        println!("warning: this position has occurred twice; a third time and the General wins");
    }
}
