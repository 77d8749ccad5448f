//! A game: a position plus the ruleset and the history its endings need (plies, soldier moves,
//! the repetition record), with legal moves, play, undo and the outcome.

use crate::board::Board;
use crate::moves::{Move, MoveList};
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::rules::{MoveLimit, Repetition, Ruleset};
use crate::side::Side;
use std::fmt;

/// Why a move was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// The game has ended.
    GameOver(Outcome),
    /// The piece, line or destination does not allow the move.
    NotAMove(Move),
    /// Under `soldiers-may-not-repeat`, the move recreates a recorded position.
    Repeats(Move),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver(o) => write!(f, "the game is over: {o}"),
            IllegalMove::NotAMove(m) => write!(
                f,
                "{m} is not legal: the mover needs its own piece on {}, a line to {}, and {} empty",
                m.from, m.to, m.to
            ),
            IllegalMove::Repeats(m) => {
                write!(f, "{m} is not legal: soldiers may not recreate a position they already made")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Why a game could not be set up.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardMismatch {
    /// The ruleset's board.
    pub rules: Board,
    /// The position's board.
    pub position: Board,
}

impl fmt::Display for BoardMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the position is on the {}-point board but the rules use the {}-point board",
            self.position, self.rules
        )
    }
}

impl std::error::Error for BoardMismatch {}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Entry {
    pos: Position,
    /// The move that led here (None for the initial position).
    mv: Option<Move>,
    /// Soldiers captured by that move.
    captured: u64,
}

/// A game in progress or finished.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    rules: Ruleset,
    entries: Vec<Entry>,
    base_plies: u32,
    base_soldier_moves: u32,
    soldier_moves: u32,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the start position, the ruleset's first mover to move.
    pub fn new(rules: Ruleset) -> Game {
        Game::from_position(rules, Position::start(rules.board, rules.first)).expect("the start is on the rules' board")
    }

    /// A game starting from `pos` (its side to move moves first), with no moves played.
    pub fn from_position(rules: Ruleset, pos: Position) -> Result<Game, BoardMismatch> {
        Game::with_counters(rules, pos, 0, 0)
    }

    /// A game starting from `pos` after `plies` moves, `soldier_moves` of them by the soldiers,
    /// were already played (the move limit counts them; the repetition record starts here).
    pub fn with_counters(rules: Ruleset, pos: Position, plies: u32, soldier_moves: u32) -> Result<Game, BoardMismatch> {
        if pos.board() != rules.board {
            return Err(BoardMismatch { rules: rules.board, position: pos.board() });
        }
        let mut g = Game {
            rules,
            entries: vec![Entry { pos, mv: None, captured: 0 }],
            base_plies: plies,
            base_soldier_moves: soldier_moves,
            soldier_moves: 0,
            outcome: None,
        };
        g.outcome = g.evaluate();
        Ok(g)
    }

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }
    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.last().pos
    }
    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.entries[0].pos
    }
    /// Moves played, in order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.entries.iter().filter_map(|e| e.mv)
    }
    /// Moves played in total, counters given at the start included.
    pub fn plies(&self) -> u32 {
        self.base_plies + self.entries.len() as u32 - 1
    }
    /// Soldier moves played, counters given at the start included.
    pub fn soldier_moves(&self) -> u32 {
        self.base_soldier_moves + self.soldier_moves
    }
    /// Soldiers captured by the last move (0 if none or no move yet).
    pub fn last_captured(&self) -> u64 {
        self.last().captured
    }
    /// The outcome, once the game has ended.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    /// Whether the game has ended.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether a game under rules without a move limit has run `cap` plies without ending:
    /// endless play, which counts as a General win (as the solved form of the rules counts
    /// it). Matches and self-play stop such a game there.
    pub fn is_endless(&self, cap: u32) -> bool {
        self.outcome.is_none() && self.rules.move_limit == MoveLimit::None && self.plies() >= cap
    }

    /// The outcome, or a General win by endless play once `is_endless(cap)`.
    pub fn outcome_or_endless(&self, cap: u32) -> Option<Outcome> {
        match self.outcome {
            Some(o) => Some(o),
            None if self.is_endless(cap) => Some(Outcome { winner: Side::General, reason: EndReason::MoveLimit }),
            None => None,
        }
    }

    /// How many more moves the limit allows (counted in the limit's unit), if there is a limit.
    pub fn moves_left(&self) -> Option<u32> {
        match self.rules.move_limit {
            MoveLimit::Plies(n) => Some(n.saturating_sub(self.plies())),
            MoveLimit::SoldierMoves(n) => Some(n.saturating_sub(self.soldier_moves())),
            MoveLimit::None => None,
        }
    }

    /// How many times the current position has occurred (1 the first time), counting the
    /// initial position and the position after every move.
    pub fn repetition_count(&self) -> u32 {
        let pos = *self.position();
        self.same_material().filter(|e| e.pos == pos).count() as u32
    }

    /// True when the current position has occurred for the second time under the
    /// `third-time-general-wins` rule: one more and the General wins.
    pub fn repetition_warning(&self) -> bool {
        self.rules.repetition == Repetition::ThirdTimeGeneralWins && self.repetition_count() == 2
    }

    /// The legal moves (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome.is_some() {
            return MoveList::new();
        }
        self.candidate_moves()
    }

    /// Whether `m` is legal now.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Plays a legal move and updates the outcome.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, IllegalMove> {
        self.check(m)?;
        let pos = *self.position();
        let (next, captured) = pos.play(m);
        if pos.side_to_move() == Side::Soldiers {
            self.soldier_moves += 1;
        }
        self.entries.push(Entry { pos: next, mv: Some(m), captured });
        self.outcome = self.evaluate();
        Ok(self.outcome)
    }

    /// The game after `m`, this one unchanged (the position after a move, in its game's context).
    pub fn after(&self, m: Move) -> Result<Game, IllegalMove> {
        let mut next = self.clone();
        next.play(m)?;
        Ok(next)
    }

    /// Takes back the last move (and any resignation); returns it, or None at the start.
    pub fn undo(&mut self) -> Option<Move> {
        if self.entries.len() == 1 {
            if self.outcome.is_some_and(|o| o.reason == EndReason::Resignation) {
                self.outcome = self.evaluate();
            }
            return None;
        }
        let e = self.entries.pop().expect("more than one entry");
        if self.position().side_to_move() == Side::Soldiers {
            self.soldier_moves -= 1;
        }
        // A move was played from this state, so the game was not over here.
        self.outcome = None;
        e.mv
    }

    /// Takes back moves until a side for which `human` holds is to move again: a person's last
    /// move and the replies after it. A computer's moves alone are never taken back: with no
    /// move by a `human` side in the game, nothing is. Returns the moves taken back, last first.
    pub fn take_back(&mut self, human: impl Fn(Side) -> bool) -> Vec<Move> {
        let first = self.start_position().side_to_move();
        let mover = |i: usize| if i.is_multiple_of(2) { first } else { first.opponent() };
        if !(0..self.entries.len() - 1).any(|i| human(mover(i))) {
            return Vec::new();
        }
        let mut taken = Vec::new();
        while let Some(m) = self.undo() {
            taken.push(m);
            if human(self.position().side_to_move()) {
                break;
            }
        }
        taken
    }

    /// `side` resigns: the other side wins. No effect once the game is over.
    pub fn resign(&mut self, side: Side) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome { winner: side.opponent(), reason: EndReason::Resignation });
        }
    }

    fn last(&self) -> &Entry {
        self.entries.last().expect("a game always has its initial position")
    }

    /// Entries with the current number of soldiers, newest first: captures are irreversible,
    /// so only these can repeat the current position.
    fn same_material(&self) -> impl Iterator<Item = &Entry> {
        let n = self.position().num_soldiers();
        self.entries.iter().rev().take_while(move |e| e.pos.num_soldiers() == n)
    }

    /// Under `soldiers-may-not-repeat`, whether `next` (a position after a soldier move, General
    /// to move) was recorded: every General-to-move position of the game is either the initial
    /// position with the General moving first or a position right after a soldier move.
    fn is_recorded(&self, next: &Position) -> bool {
        self.same_material().any(|e| e.pos == *next)
    }

    fn candidate_moves(&self) -> MoveList {
        let pos = self.position();
        let mut list = pos.moves();
        if self.rules.repetition == Repetition::SoldiersMayNotRepeat && pos.side_to_move() == Side::Soldiers {
            list.retain(|m| !self.is_recorded(&pos.play(m).0));
        }
        list
    }

    fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if let Some(o) = self.outcome {
            return Err(IllegalMove::GameOver(o));
        }
        let pos = self.position();
        if !pos.is_legal(m) {
            return Err(IllegalMove::NotAMove(m));
        }
        if self.rules.repetition == Repetition::SoldiersMayNotRepeat
            && pos.side_to_move() == Side::Soldiers
            && self.is_recorded(&pos.play(m).0)
        {
            return Err(IllegalMove::Repeats(m));
        }
        Ok(())
    }

    /// The endings, checked in the rules' order.
    fn evaluate(&self) -> Option<Outcome> {
        let pos = self.position();
        let general = |reason| Some(Outcome { winner: Side::General, reason });
        match pos.side_to_move() {
            Side::General if !pos.has_moves() => {
                return Some(Outcome { winner: Side::Soldiers, reason: EndReason::Trap });
            }
            _ => {}
        }
        if self.last().captured != 0 && pos.num_soldiers() <= self.rules.threshold() {
            return general(EndReason::TooFewSoldiers);
        }
        if pos.side_to_move() == Side::Soldiers && self.candidate_moves().is_empty() {
            return general(EndReason::SoldiersStuck);
        }
        if self.rules.repetition == Repetition::ThirdTimeGeneralWins && self.repetition_count() >= 3 {
            return general(EndReason::Repetition);
        }
        if self.moves_left() == Some(0) {
            return general(EndReason::MoveLimit);
        }
        None
    }
}
