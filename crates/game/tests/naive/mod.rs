//! A deliberately naive, independent implementation of the rules, used as the reference the
//! engine is checked against. It shares no code with the engine: points are (column, row)
//! coordinates, the board is an adjacency list built from the rules' text, positions are maps of
//! characters, and game history is a list of position strings.

#![allow(dead_code, unreachable_pub)]

use std::collections::BTreeMap;

pub type Pt = (i32, i32);

/// The setchin's lines exactly as the rules list them.
const SETCHIN_LINES: &str =
    "c5-b6 b6-a7 c5-d6 d6-e7 c5-c6 c6-c7 b6-c6 c6-d6 b6-b7 d6-d7 b6-c7 d6-c7 a7-b7 b7-c7 c7-d7 d7-e7";

pub fn pt(name: &str) -> Pt {
    let b = name.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

pub fn name(p: Pt) -> String {
    format!("{}{}", (b'a' + p.0 as u8) as char, p.1 + 1)
}

pub struct NBoard {
    pub setchin: bool,
    /// Points in notation order.
    pub points: Vec<Pt>,
    pub adj: BTreeMap<Pt, Vec<Pt>>,
}

impl NBoard {
    pub fn new(setchin: bool) -> NBoard {
        let mut points = Vec::new();
        for r in 0..5 {
            for c in 0..5 {
                points.push((c, r));
            }
        }
        if setchin {
            for c in 1..4 {
                points.push((c, 5));
            }
            for c in 0..5 {
                points.push((c, 6));
            }
        }
        let mut adj: BTreeMap<Pt, Vec<Pt>> = points.iter().map(|&p| (p, Vec::new())).collect();
        let mut link = |a: Pt, b: Pt| {
            adj.get_mut(&a).unwrap().push(b);
            adj.get_mut(&b).unwrap().push(a);
        };
        for r in 0..5 {
            for c in 0..5 {
                if c < 4 {
                    link((c, r), (c + 1, r));
                }
                if r < 4 {
                    link((c, r), (c, r + 1));
                }
                if (c + r) % 2 == 0 && r < 4 {
                    if c < 4 {
                        link((c, r), (c + 1, r + 1));
                    }
                    if c > 0 {
                        link((c, r), (c - 1, r + 1));
                    }
                }
            }
        }
        if setchin {
            for line in SETCHIN_LINES.split(' ') {
                let (a, b) = line.split_once('-').unwrap();
                link(pt(a), pt(b));
            }
        }
        NBoard { setchin, points, adj }
    }

    pub fn lines(&self) -> usize {
        self.adj.values().map(|v| v.len()).sum::<usize>() / 2
    }

    /// The smallest number of neighbours of any point.
    pub fn min_degree(&self) -> usize {
        self.adj.values().map(|v| v.len()).min().unwrap()
    }

    /// Pairs (a, b) of neighbours of p lying in exactly opposite directions.
    pub fn straight_pairs(&self, p: Pt) -> Vec<(Pt, Pt)> {
        let mut out = Vec::new();
        let n = &self.adj[&p];
        for &a in n {
            for &b in n {
                if a < b && a.0 - p.0 == p.0 - b.0 && a.1 - p.1 == p.1 - b.1 {
                    out.push((a, b));
                }
            }
        }
        out
    }
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NPos {
    pub cells: BTreeMap<Pt, char>,
    pub general_to_move: bool,
}

impl NPos {
    pub fn parse(board: &NBoard, s: &str) -> NPos {
        let (rows, side) = s.split_once(' ').unwrap();
        let chars: Vec<char> = rows.chars().filter(|&c| c != '/').collect();
        assert_eq!(chars.len(), board.points.len(), "{s}");
        NPos { cells: board.points.iter().copied().zip(chars).collect(), general_to_move: side == "g" }
    }

    pub fn to_string(&self, board: &NBoard) -> String {
        let mut s = String::new();
        let mut last_row = 0;
        for p in &board.points {
            if p.1 != last_row {
                s.push('/');
                last_row = p.1;
            }
            s.push(self.cells[p]);
        }
        s.push(' ');
        s.push(if self.general_to_move { 'g' } else { 's' });
        s
    }

    pub fn soldiers(&self) -> usize {
        self.cells.values().filter(|&&c| c == 'S').count()
    }

    pub fn moves(&self, board: &NBoard) -> Vec<(Pt, Pt)> {
        let mover = if self.general_to_move { 'G' } else { 'S' };
        let mut out = Vec::new();
        for (&p, &c) in &self.cells {
            if c == mover {
                for &q in &board.adj[&p] {
                    if self.cells[&q] == '.' {
                        out.push((p, q));
                    }
                }
            }
        }
        out
    }

    /// The position after the move, and how many soldiers it captured.
    pub fn play(&self, board: &NBoard, m: (Pt, Pt)) -> (NPos, usize) {
        let mut next = self.clone();
        let piece = next.cells[&m.0];
        next.cells.insert(m.0, '.');
        next.cells.insert(m.1, piece);
        let mut captured = 0;
        if piece == 'G' {
            let mut gone = Vec::new();
            for (a, b) in board.straight_pairs(m.1) {
                if self.cells[&a] == 'S' && self.cells[&b] == 'S' {
                    gone.push(a);
                    gone.push(b);
                }
            }
            for p in gone {
                if next.cells[&p] == 'S' {
                    next.cells.insert(p, '.');
                    captured += 1;
                }
            }
        }
        next.general_to_move = !self.general_to_move;
        (next, captured)
    }
}

pub fn move_name(m: (Pt, Pt)) -> String {
    format!("{}-{}", name(m.0), name(m.1))
}

/// Naive perft with the capture threshold; no repetition rule or limit.
pub fn perft(board: &NBoard, pos: &NPos, threshold: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for m in pos.moves(board) {
        let (next, captured) = pos.play(board, m);
        if captured > 0 && next.soldiers() <= threshold {
            n += if depth == 1 { 1 } else { 0 };
        } else {
            n += perft(board, &next, threshold, depth - 1);
        }
    }
    n
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NRep {
    ThirdTime,
    NoSoldierRepeat,
    Off,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NLimit {
    Plies(u32),
    SoldierMoves(u32),
    Off,
}

/// A referee that follows the rules' text literally.
pub struct NGame<'b> {
    pub board: &'b NBoard,
    pub threshold: usize,
    pub rep: NRep,
    pub limit: NLimit,
    pub pos: NPos,
    /// Every position that occurred: the initial one and one after every move.
    pub seen: Vec<String>,
    /// Positions recorded for `soldiers-may-not-repeat`.
    pub recorded: Vec<String>,
    pub plies: u32,
    pub soldier_moves: u32,
    pub last_captured: usize,
    /// (winner 'g' or 's', reason)
    pub outcome: Option<(char, &'static str)>,
}

impl<'b> NGame<'b> {
    pub fn new(board: &'b NBoard, start: &str, threshold: usize, rep: NRep, limit: NLimit) -> NGame<'b> {
        let pos = NPos::parse(board, start);
        let s = pos.to_string(board);
        let recorded = if pos.general_to_move { vec![s.clone()] } else { vec![] };
        let mut g = NGame {
            board,
            threshold,
            rep,
            limit,
            pos,
            seen: vec![s],
            recorded,
            plies: 0,
            soldier_moves: 0,
            last_captured: 0,
            outcome: None,
        };
        g.outcome = g.judge();
        g
    }

    pub fn legal(&self) -> Vec<String> {
        if self.outcome.is_some() {
            return vec![];
        }
        self.candidates()
    }

    fn candidates(&self) -> Vec<String> {
        let mut out = Vec::new();
        for m in self.pos.moves(self.board) {
            if !self.pos.general_to_move && self.rep == NRep::NoSoldierRepeat {
                let next = self.pos.play(self.board, m).0.to_string(self.board);
                if self.recorded.contains(&next) {
                    continue;
                }
            }
            out.push(move_name(m));
        }
        out.sort();
        out
    }

    pub fn play(&mut self, mv: &str) {
        let (a, b) = mv.split_once('-').unwrap();
        let soldier_move = !self.pos.general_to_move;
        let (next, captured) = self.pos.play(self.board, (pt(a), pt(b)));
        self.pos = next;
        self.last_captured = captured;
        self.plies += 1;
        let s = self.pos.to_string(self.board);
        if soldier_move {
            self.soldier_moves += 1;
            self.recorded.push(s.clone());
        }
        self.seen.push(s);
        self.outcome = self.judge();
    }

    fn judge(&self) -> Option<(char, &'static str)> {
        if self.pos.general_to_move && self.pos.moves(self.board).is_empty() {
            return Some(('s', "trap"));
        }
        if self.last_captured > 0 && self.pos.soldiers() <= self.threshold {
            return Some(('g', "too-few-soldiers"));
        }
        if !self.pos.general_to_move && self.candidates().is_empty() {
            return Some(('g', "soldiers-stuck"));
        }
        let now = self.pos.to_string(self.board);
        if self.rep == NRep::ThirdTime && self.seen.iter().filter(|s| **s == now).count() >= 3 {
            return Some(('g', "repetition"));
        }
        match self.limit {
            NLimit::Plies(n) if self.plies >= n => Some(('g', "move-limit")),
            NLimit::SoldierMoves(n) if self.soldier_moves >= n => Some(('g', "move-limit")),
            _ => None,
        }
    }
}
