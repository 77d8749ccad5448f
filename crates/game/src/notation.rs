//! The position notation: rows top to bottom separated by `/`, each row's points left to right
//! as `G`, `S` or `.`, then one space and the side to move (`g` or `s`). The 33-point board has
//! 7 rows of 5,5,5,5,5,3,5 points, the 25-point board 5 rows of 5.
//! Start, General to move: `SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g`.

use crate::board::Board;
use crate::point::Point;
use crate::position::{MAX_SOLDIERS, Position};
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// Why a position string was refused; the message says what and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionParseError {
    /// No space before the side to move.
    MissingSideToMove,
    /// The text after the space is not `g` or `s`.
    BadSideToMove(String),
    /// A number of rows that is neither 7 nor 5.
    RowCount(usize),
    /// Setchin rows given for the 25-point board.
    SetchinOnSquareBoard,
    /// Only 5 rows given for the 33-point board.
    MissingSetchin,
    /// A row with the wrong number of points (`row` is the rank, 1-based).
    RowLength { row: usize, found: usize, expected: usize },
    /// A character other than `G`, `S`, `.` on a point.
    UnknownCharacter { ch: char, point: Point },
    /// No General on the board.
    NoGeneral,
    /// More than one General.
    TwoGenerals(Point, Point),
    /// More than sixteen soldiers.
    TooManySoldiers(u32),
}

/// `text` for an error message: itself up to 80 characters, else its first 60 and its length
/// (a position pasted by mistake can be megabytes long).
pub fn excerpt(text: &str) -> String {
    if text.chars().count() <= 80 {
        return text.to_string();
    }
    let head: String = text.chars().take(60).collect();
    format!("{head}... ({} characters)", text.chars().count())
}

impl fmt::Display for PositionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionParseError::*;
        match self {
            MissingSideToMove => f.write_str("missing side to move: end the position with a space and 'g' or 's'"),
            BadSideToMove(s) => {
                write!(f, "bad side to move '{}': expected 'g' or 's' after a single space", excerpt(s))
            }
            RowCount(n) => write!(f, "{n} rows: a position has 7 rows (33-point board) or 5 (25-point board)"),
            SetchinOnSquareBoard => f.write_str("setchin rows (6 and 7) given, but the board is the 25-point board"),
            MissingSetchin => f.write_str("only 5 rows given, but the board is the 33-point board (7 rows)"),
            RowLength { row, found, expected } => {
                write!(f, "row {row} has {found} points, expected {expected}")
            }
            UnknownCharacter { ch, point } => {
                write!(f, "unknown character {ch:?} at {point}: expected 'G', 'S' or '.'")
            }
            NoGeneral => f.write_str("no General ('G') on the board"),
            TwoGenerals(a, b) => write!(f, "more than one General: at {a} and {b}"),
            TooManySoldiers(n) => write!(f, "{n} soldiers: a position holds at most {MAX_SOLDIERS}"),
        }
    }
}

impl std::error::Error for PositionParseError {}

/// Points per row of the notation (row 6 is the setchin's three points).
const ROW_LENGTHS: [usize; 7] = [5, 5, 5, 5, 5, 3, 5];

/// The column of the first point of each row.
const ROW_FIRST_COL: [i8; 7] = [0, 0, 0, 0, 0, 1, 0];

impl Position {
    /// Parses a position, taking the board from the number of rows (7 or 5).
    pub fn parse(s: &str) -> Result<Position, PositionParseError> {
        parse(s, None)
    }

    /// Parses a position that must be on `board`.
    pub fn parse_on(board: Board, s: &str) -> Result<Position, PositionParseError> {
        parse(s, Some(board))
    }
}

fn parse(s: &str, board: Option<Board>) -> Result<Position, PositionParseError> {
    use PositionParseError::*;
    let (rows_text, side_text) = s.split_once(' ').ok_or(MissingSideToMove)?;
    let side = match side_text {
        "g" => Side::General,
        "s" => Side::Soldiers,
        other => return Err(BadSideToMove(other.to_string())),
    };
    let rows: Vec<&str> = rows_text.split('/').collect();
    let board = match (rows.len(), board) {
        (7, Some(Board::Square25)) => return Err(SetchinOnSquareBoard),
        (5, Some(Board::Setchin33)) => return Err(MissingSetchin),
        (7, _) => Board::Setchin33,
        (5, _) => Board::Square25,
        (n, _) => return Err(RowCount(n)),
    };
    let mut general: Option<Point> = None;
    let mut soldiers = 0u64;
    for (r, row) in rows.iter().enumerate() {
        let found = row.chars().count();
        if found != ROW_LENGTHS[r] {
            return Err(RowLength { row: r + 1, found, expected: ROW_LENGTHS[r] });
        }
        for (i, ch) in row.chars().enumerate() {
            let point = Point::at(ROW_FIRST_COL[r] + i as i8, r as i8).expect("row lengths match the board");
            match ch {
                '.' => {}
                'S' => soldiers |= point.bit(),
                'G' => match general {
                    None => general = Some(point),
                    Some(first) => return Err(TwoGenerals(first, point)),
                },
                _ => return Err(UnknownCharacter { ch, point }),
            }
        }
    }
    let general = general.ok_or(NoGeneral)?;
    let n = soldiers.count_ones();
    if n > MAX_SOLDIERS {
        return Err(TooManySoldiers(n));
    }
    Ok(Position::new(board, general, soldiers, side).expect("parsed pieces are valid"))
}

impl FromStr for Position {
    type Err = PositionParseError;
    fn from_str(s: &str) -> Result<Position, PositionParseError> {
        Position::parse(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::with_capacity(48);
        for r in 0..self.board().rows() {
            if r > 0 {
                out.push('/');
            }
            for i in 0..ROW_LENGTHS[r] {
                let p = Point::at(ROW_FIRST_COL[r] + i as i8, r as i8).expect("row points exist");
                out.push(if p == self.general() {
                    'G'
                } else if self.soldiers() & p.bit() != 0 {
                    'S'
                } else {
                    '.'
                });
            }
        }
        out.push(' ');
        out.push(self.side_to_move().letter());
        f.write_str(&out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PositionParseError::*;

    const START: &str = "SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... g";

    #[test]
    fn start_round_trips() {
        let p = Position::parse(START).unwrap();
        assert_eq!(p, Position::start(Board::Setchin33, Side::General));
        assert_eq!(p.to_string(), START);
        let sq = "SSSSS/S...S/S.G.S/S...S/SSSSS s";
        assert_eq!(Position::parse(sq).unwrap().to_string(), sq);
        assert_eq!(Position::parse(sq).unwrap().board(), Board::Square25);
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(Position::parse("SSSSS/S...S/S.G.S/S...S/SSSSS/.../.....").unwrap_err(), MissingSideToMove);
        assert_eq!(
            Position::parse("SSSSS/S...S/S.G.S/S...S/SSSSS/.../..... x").unwrap_err(),
            BadSideToMove("x".into())
        );
        assert_eq!(
            Position::parse("SSSSS/S...S/S.G.S/S...S/SSSSS/.../.....  g").unwrap_err(),
            BadSideToMove(" g".into())
        );
        assert_eq!(Position::parse("SSSSS/S...S/S.G.S g").unwrap_err(), RowCount(3));
        assert_eq!(
            Position::parse("SSSSS/S...S/S.G.S/S..S/SSSSS/.../..... g").unwrap_err(),
            RowLength { row: 4, found: 4, expected: 5 }
        );
        assert_eq!(
            Position::parse("SSSSS/S...S/S.G.S/S...S/SSSSS/..../..... g").unwrap_err(),
            RowLength { row: 6, found: 4, expected: 3 }
        );
        let e = Position::parse("SSSSS/S...S/S.G.S/S.x.S/SSSSS/.../..... g").unwrap_err();
        assert_eq!(e.to_string(), "unknown character 'x' at c4: expected 'G', 'S' or '.'");
        assert_eq!(Position::parse("SSSSS/S...S/S...S/S...S/SSSSS/.../..... g").unwrap_err(), NoGeneral);
        assert_eq!(
            Position::parse("SSSSS/S...S/S.G.S/S...S/SSSSS/.G./..... g").unwrap_err().to_string(),
            "more than one General: at c3 and c6"
        );
        assert_eq!(Position::parse("SSSSS/SS..S/S.G.S/S...S/SSSSS/.../..... g").unwrap_err(), TooManySoldiers(17));
        assert_eq!(Position::parse_on(Board::Square25, START).unwrap_err(), SetchinOnSquareBoard);
        assert_eq!(
            Position::parse_on(Board::Setchin33, "SSSSS/S...S/S.G.S/S...S/SSSSS g").unwrap_err(),
            MissingSetchin
        );
        assert_eq!(Position::parse("").unwrap_err(), MissingSideToMove);
    }
}
