//! Points of the board: index, coordinates and names (`a1` … `e7`).

use std::fmt;

/// Number of points on the largest board (the square plus the setchin).
pub const MAX_POINTS: usize = 33;

/// A point of the 33-point board, by its index in the rules' point order: row-major, top to
/// bottom, left to right (`a1 = 0 … e5 = 24, b6 = 25, c6 = 26, d6 = 27, a7 = 28 … e7 = 32`).
/// The 25-point board uses the indices `0..25`.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(u8);

impl Point {
    /// The point with this index, if it exists on the 33-point board.
    pub const fn new(index: usize) -> Option<Point> {
        if index < MAX_POINTS { Some(Point(index as u8)) } else { None }
    }

    /// The index in the rules' point order.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The single-bit mask of this point.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Column (0 = file `a`) and row (0 = rank `1`).
    pub const fn coords(self) -> (i8, i8) {
        coords_of(self.0)
    }

    /// The point at column `col` (0..5) and row `row` (0..7), if there is one.
    pub const fn at(col: i8, row: i8) -> Option<Point> {
        match index_at(col, row) {
            Some(i) => Some(Point(i)),
            None => None,
        }
    }

    /// Whether the point lies in the setchin (rows 6 and 7).
    pub const fn in_setchin(self) -> bool {
        self.0 >= 25
    }

    /// All 33 points in order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..MAX_POINTS as u8).map(Point)
    }

    /// Parses a point name such as `c3`. The name must exist on the 33-point board; whether it
    /// exists on a given board is the caller's check.
    pub fn parse(name: &str) -> Result<Point, String> {
        let b = name.as_bytes();
        if b.len() != 2 {
            return Err(format!(
                "'{}' is not a point name (a file a-e then a rank 1-7)",
                crate::notation::excerpt(name)
            ));
        }
        let col = b[0].wrapping_sub(b'a') as i8;
        let row = b[1].wrapping_sub(b'1') as i8;
        if !(0..5).contains(&col) || !(0..7).contains(&row) {
            return Err(format!("'{name}' is not a point name (a file a-e then a rank 1-7)"));
        }
        Point::at(col, row).ok_or_else(|| format!("there is no point {name} (rank 6 has only b6, c6 and d6)"))
    }
}

pub(crate) const fn coords_of(i: u8) -> (i8, i8) {
    let i = i as i8;
    if i < 25 {
        (i % 5, i / 5)
    } else if i < 28 {
        (i - 25 + 1, 5)
    } else {
        (i - 28, 6)
    }
}

pub(crate) const fn index_at(col: i8, row: i8) -> Option<u8> {
    if col < 0 || col > 4 || row < 0 {
        return None;
    }
    match row {
        0..=4 => Some((row * 5 + col) as u8),
        5 if col >= 1 && col <= 3 => Some((25 + col - 1) as u8),
        6 => Some((28 + col) as u8),
        _ => None,
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, r) = self.coords();
        write!(f, "{}{}", (b'a' + c as u8) as char, r + 1)
    }
}

/// Iterates the set bits of a mask as points, lowest index first.
#[derive(Copy, Clone, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = Point;
    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Point(i as u8))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_order() {
        let names: Vec<String> = Point::all().map(|p| p.to_string()).collect();
        assert_eq!(names[0], "a1");
        assert_eq!(names[24], "e5");
        assert_eq!(&names[25..28], ["b6", "c6", "d6"]);
        assert_eq!(&names[28..], ["a7", "b7", "c7", "d7", "e7"]);
        for p in Point::all() {
            assert_eq!(Point::parse(&p.to_string()), Ok(p));
        }
        assert!(Point::parse("a6").is_err());
        assert!(Point::parse("f1").is_err());
        assert!(Point::parse("c8").is_err());
        assert!(Point::parse("c").is_err());
        assert!(Point::parse("é1").is_err());
    }
}
