//! The game loop of a text game: a computer side moves by itself, a human side types moves such
//! as `c3-b2` or the commands `hint`, `undo`, `moves`, `resign`, `quit`, `help`. The board is
//! shown after every move and captures are announced; the ending says who won (to a lone human:
//! "You won!" or "You lost.") and offers another game, the same or with the sides swapped. Bad
//! input gets a message and a new prompt; the end of input abandons the game cleanly.

use super::game_text::{captures_line, describe, ending_text, moves, plays, state_text};
use musashi_game::{Game, IllegalMove, Move, Side};
use musashi_search::Agent;
use std::io::{BufRead, Write};

const HELP: &str = "type a move as from-to (for example c3-b2), or a command:
  hint    suggest a move
  undo    take back your last move (and the reply)
  moves   list the legal moves
  resign  give up the game
  quit    leave without finishing
  help    this text";

/// Who plays a side.
pub enum Player {
    /// A person typing moves.
    Human,
    /// An agent.
    Computer(Box<dyn Agent>),
}

/// Makes the agent that answers `hint` (with a seed), the first time one is asked for; and its
/// name for the answer.
pub struct Hinter {
    pub name: String,
    pub make: Box<dyn Fn(u64) -> Box<dyn Agent>>,
}

/// What went wrong in a text game.
#[derive(Debug)]
pub enum ConsoleError {
    /// Reading the input or writing the output failed.
    Io(std::io::Error),
    /// An agent chose a move the rules refuse.
    AgentMove { agent: String, error: IllegalMove },
}

impl std::fmt::Display for ConsoleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConsoleError::Io(e) => write!(f, "the terminal: {e}"),
            ConsoleError::AgentMove { agent, error } => write!(f, "the agent {agent} chose an illegal move: {error}"),
        }
    }
}

impl std::error::Error for ConsoleError {}

impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Human => f.write_str("Human"),
            Player::Computer(agent) => write!(f, "Computer({})", agent.name()),
        }
    }
}

impl std::fmt::Debug for Hinter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Hinter({})", self.name)
    }
}

impl From<std::io::Error> for ConsoleError {
    fn from(e: std::io::Error) -> Self {
        ConsoleError::Io(e)
    }
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

/// A text game: the game, its players, the hint agent and the output settings.
#[derive(Debug)]
pub struct Console {
    pub game: Game,
    /// The General's player, then the soldiers'.
    pub players: [Player; 2],
    pub hinter: Hinter,
    /// Seed of the computer players and the hint agent.
    pub seed: u64,
    /// Colour the board's marks with ANSI codes.
    pub color: bool,
    /// Print the agents' evaluations of their moves and hints.
    pub eval: bool,
    /// Write each line read after its prompt (piped input then reads like a session).
    pub echo: bool,
}

impl Console {
    /// Plays until the game is over and no other is wanted, the human quits or the input ends.
    pub fn run(self, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), ConsoleError> {
        let mut run = Run { c: self, hint_agent: None, games: 1, out };
        run.play(input)
    }
}

/// A console while it runs, with its output and what it made on the way.
struct Run<'o, W: Write> {
    c: Console,
    hint_agent: Option<Box<dyn Agent>>,
    /// Games started (the computer players' seeds change with each).
    games: u64,
    out: &'o mut W,
}

impl<W: Write> Run<'_, W> {
    fn play(&mut self, input: &mut impl BufRead) -> Result<(), ConsoleError> {
        writeln!(self.out, "type help for commands")?;
        let mut flow = Flow::Show;
        loop {
            if let Flow::Show = flow {
                write!(self.out, "{}", state_text(&self.c.game, self.c.color))?;
            }
            if let Some(o) = self.c.game.outcome() {
                write!(self.out, "{}", ending_text(&self.c.game, o, self.lone_human()))?;
                if self.another(input)? {
                    flow = Flow::Show;
                    continue;
                }
                return Ok(());
            }
            let side = self.c.game.position().side_to_move();
            if let Player::Computer(agent) = &mut self.c.players[side.index()] {
                let c = agent.choose(&self.c.game);
                writeln!(self.out, "{} {}{}", plays(side), c.mv, describe(&c, self.c.eval))?;
                let error = |error| ConsoleError::AgentMove { agent: agent.name(), error };
                self.c.game.play(c.mv).map_err(error)?;
                self.announce_captures()?;
                flow = Flow::Show;
                continue;
            }
            let Some(cmd) = self.read_line(input, &format!("{side} to move> "))? else {
                writeln!(self.out, "\ninput ended: game abandoned after {}.", moves(self.c.game.moves().count()))?;
                return Ok(());
            };
            flow = self.command(&cmd, side)?;
            if let Flow::End = flow {
                return Ok(());
            }
        }
    }

    /// Prompts and reads a line, trimmed (echoed when asked); None at the end of the input.
    fn read_line(&mut self, input: &mut impl BufRead, prompt: &str) -> Result<Option<String>, ConsoleError> {
        write!(self.out, "{prompt}")?;
        self.out.flush()?;
        let mut line = Vec::new();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        let line = String::from_utf8_lossy(&line).trim().to_string();
        if self.c.echo {
            writeln!(self.out, "{line}")?;
        }
        Ok(Some(line))
    }

    fn announce_captures(&mut self) -> Result<(), ConsoleError> {
        if let Some(line) = captures_line(&self.c.game) {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    /// The side a lone human plays, when exactly one side is human.
    fn lone_human(&self) -> Option<Side> {
        let human = |s: Side| matches!(self.c.players[s.index()], Player::Human);
        match (human(Side::General), human(Side::Soldiers)) {
            (true, false) => Some(Side::General),
            (false, true) => Some(Side::Soldiers),
            _ => None,
        }
    }

    /// After a game with a human: asks for another (the same sides, or swapped) and sets it up;
    /// false when the answer is no or the input ended.
    fn another(&mut self, input: &mut impl BufRead) -> Result<bool, ConsoleError> {
        if !self.c.players.iter().any(|p| matches!(p, Player::Human)) {
            return Ok(false);
        }
        let Some(answer) = self.read_line(input, "another game? yes, swap (sides), or no> ")? else {
            writeln!(self.out)?;
            return Ok(false);
        };
        match answer.to_ascii_lowercase().as_str() {
            "y" | "yes" => {}
            "s" | "swap" => self.c.players.swap(0, 1),
            _ => return Ok(false),
        }
        let game = &self.c.game;
        self.c.game = Game::from_position(*game.rules(), *game.start_position()).expect("its own start's board");
        self.games += 1;
        let seed = self.c.seed.wrapping_add(self.games * 1000);
        for (i, p) in self.c.players.iter_mut().enumerate() {
            if let Player::Computer(agent) = p {
                agent.new_game(seed.wrapping_add(i as u64));
            }
        }
        let name = |p: &Player| if matches!(p, Player::Human) { "you" } else { "the computer" };
        let [general, soldiers] = &self.c.players;
        writeln!(
            self.out,
            "game {}: the General is {}, the soldiers are {}",
            self.games,
            name(general),
            name(soldiers)
        )?;
        Ok(true)
    }

    /// One line typed by the human playing `side`.
    fn command(&mut self, cmd: &str, side: Side) -> Result<Flow, ConsoleError> {
        let flow = match cmd {
            "" => Flow::Quiet,
            "help" | "?" => {
                writeln!(self.out, "{HELP}")?;
                Flow::Quiet
            }
            "moves" => {
                let moves: Vec<String> = self.c.game.legal_moves().iter().map(|m| m.to_string()).collect();
                writeln!(self.out, "legal moves: {}", moves.join(" "))?;
                Flow::Quiet
            }
            "hint" => self.hint()?,
            "undo" => self.undo()?,
            "resign" => {
                self.c.game.resign(side);
                Flow::Show
            }
            "quit" | "exit" => {
                writeln!(self.out, "game abandoned after {}.", moves(self.c.game.moves().count()))?;
                Flow::End
            }
            text => self.human_move(text, side)?,
        };
        Ok(flow)
    }

    /// A move typed by the human playing `side`, or why it is refused.
    fn human_move(&mut self, text: &str, side: Side) -> Result<Flow, ConsoleError> {
        let m = match Move::parse(self.c.game.rules().board, text) {
            Ok(m) => m,
            Err(e) => {
                writeln!(self.out, "{e}. Type help for commands.")?;
                return Ok(Flow::Quiet);
            }
        };
        if let Err(e) = self.c.game.play(m) {
            writeln!(self.out, "{e}. Type moves for the legal moves.")?;
            return Ok(Flow::Quiet);
        }
        writeln!(self.out, "{} {m}", plays(side))?;
        self.announce_captures()?;
        Ok(Flow::Show)
    }

    fn hint(&mut self) -> Result<Flow, ConsoleError> {
        let (make, seed) = (&self.c.hinter.make, self.c.seed);
        let agent = self.hint_agent.get_or_insert_with(|| make(seed));
        agent.new_game(seed);
        let c = agent.choose(&self.c.game);
        writeln!(self.out, "hint ({}): {}{}", self.c.hinter.name, c.mv, describe(&c, self.c.eval))?;
        Ok(Flow::Quiet)
    }

    /// Takes back moves until a human is to move again (never the computer's moves alone).
    fn undo(&mut self) -> Result<Flow, ConsoleError> {
        let players = &self.c.players;
        let taken = self.c.game.take_back(|side| matches!(players[side.index()], Player::Human));
        if taken.is_empty() {
            writeln!(self.out, "nothing to undo")?;
            return Ok(Flow::Quiet);
        }
        let names: Vec<String> = taken.iter().map(|m| m.to_string()).collect();
        writeln!(self.out, "took back {}", names.join(", "))?;
        Ok(Flow::Show)
    }
}
