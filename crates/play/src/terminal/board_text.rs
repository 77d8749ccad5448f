//! Text drawing of the board: points, their lines, and the interface's marks.

use musashi_game::{Bits, Board, Point, Position, analysis};

const LEFT: usize = 4;

fn column(p: Point) -> usize {
    LEFT + 4 * p.coords().0 as usize
}

/// The board as text: `G` the General, `S` a soldier, `X` a threatened soldier, `.` an empty
/// point, a digit an empty point where the General would capture that many soldiers. The setchin
/// hangs below `c5` as a triangle. With `color`, marks are coloured with ANSI codes.
pub fn draw_board(pos: &Position, color: bool) -> String {
    let board = pos.board();
    let rows = board.rows();
    let height = 2 * rows - 1;
    let width = LEFT + 4 * 4 + 1;
    let mut grid = vec![vec![' '; width]; height];
    for a in board.points() {
        for b in Bits(board.neighbours(a)) {
            if b <= a {
                continue;
            }
            let (ra, rb) = (2 * a.coords().1 as usize, 2 * b.coords().1 as usize);
            let (ca, cb) = (column(a), column(b));
            if ra == rb {
                for c in grid[ra].iter_mut().take(cb).skip(ca + 1) {
                    *c = '-';
                }
            } else {
                let mid = (ca + cb) / 2;
                grid[ra + 1][mid] = if ca == cb {
                    '|'
                } else if cb > ca {
                    '\\'
                } else {
                    '/'
                };
            }
        }
    }
    let threatened = analysis::threatened_soldiers(pos);
    let captures: Vec<(Point, u32)> = if pos.side_to_move() == musashi_game::Side::General {
        analysis::capture_destinations(pos)
    } else {
        Vec::new()
    };
    let mut marks = vec![None; board.num_points()];
    for p in board.points() {
        let (ch, mark) = if p == pos.general() {
            ('G', Some("1;34"))
        } else if threatened & p.bit() != 0 {
            ('X', Some("1;31"))
        } else if pos.soldiers() & p.bit() != 0 {
            ('S', None)
        } else if let Some(&(_, n)) = captures.iter().find(|(q, _)| *q == p) {
            (char::from_digit(n, 10).unwrap_or('+'), Some("1;33"))
        } else {
            ('.', None)
        };
        grid[2 * p.coords().1 as usize][column(p)] = ch;
        marks[p.index()] = mark;
    }
    let mut out = String::from("    a   b   c   d   e\n");
    for (i, line) in grid.iter().enumerate() {
        let label = if i % 2 == 0 { format!("{:<2}", i / 2 + 1) } else { "  ".to_string() };
        let mut text = String::new();
        for (c, &ch) in line.iter().enumerate().skip(2) {
            let on_point = i % 2 == 0 && c >= LEFT && (c - LEFT).is_multiple_of(4);
            let point = if on_point { Point::at(((c - LEFT) / 4) as i8, (i / 2) as i8) } else { None };
            let code = point.filter(|p| board.contains(*p)).and_then(|p| marks[p.index()]);
            match code {
                Some(code) if color => text.push_str(&format!("\x1b[{code}m{ch}\x1b[0m")),
                _ => text.push(ch),
            }
        }
        out.push_str(&label);
        out.push_str(text.trim_end());
        out.push('\n');
    }
    if board == Board::Setchin33 {
        out.push_str("  (rows 6-7: the setchin)\n");
    }
    out
}
