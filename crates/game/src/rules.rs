//! Rule options and presets (see `docs/rules.md`).

use crate::board::Board;
use crate::side::Side;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// When the General wins by captures: as soon as N or fewer soldiers remain after a capture.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Threshold {
    /// N or fewer soldiers left (0..=15).
    AtMost(u8),
    /// Fewer soldiers left than the smallest trap needs: fewer than the smallest number of
    /// neighbours of any point (2 on the 33-point board, 3 on the 25-point board).
    TooFew,
}

impl Threshold {
    /// The number of soldiers at or below which the General wins, on `board`.
    pub fn count(self, board: Board) -> u32 {
        match self {
            Threshold::AtMost(n) => n as u32,
            Threshold::TooFew => board.topology().min_degree - 1,
        }
    }
}

impl fmt::Display for Threshold {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Threshold::AtMost(n) => write!(f, "{n}"),
            Threshold::TooFew => f.write_str("too-few"),
        }
    }
}

impl FromStr for Threshold {
    type Err = String;
    fn from_str(s: &str) -> Result<Threshold, String> {
        if s == "too-few" {
            return Ok(Threshold::TooFew);
        }
        match s.parse::<u8>() {
            Ok(n) if n <= 15 => Ok(Threshold::AtMost(n)),
            _ => Err(format!("bad general_wins_at '{s}': expected an integer 0-15 or too-few")),
        }
    }
}

/// The repetition rule.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Repetition {
    /// A position (pieces + side to move) occurring for the third time wins for the General.
    ThirdTimeGeneralWins,
    /// A soldier move that recreates a position recorded after a soldier move (or the initial
    /// position when the General moves first) is illegal.
    SoldiersMayNotRepeat,
    /// No repetition rule.
    None,
}

impl Repetition {
    /// The option's name.
    pub fn name(self) -> &'static str {
        match self {
            Repetition::ThirdTimeGeneralWins => "third-time-general-wins",
            Repetition::SoldiersMayNotRepeat => "soldiers-may-not-repeat",
            Repetition::None => "none",
        }
    }
}

impl fmt::Display for Repetition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Repetition {
    type Err = String;
    fn from_str(s: &str) -> Result<Repetition, String> {
        match s {
            "third-time-general-wins" => Ok(Repetition::ThirdTimeGeneralWins),
            "soldiers-may-not-repeat" => Ok(Repetition::SoldiersMayNotRepeat),
            "none" => Ok(Repetition::None),
            _ => Err(format!(
                "unknown repetition rule '{s}' (expected third-time-general-wins, soldiers-may-not-repeat or none)"
            )),
        }
    }
}

/// The move limit: the General wins when N moves have been played without a trap.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveLimit {
    /// N moves in total.
    Plies(u32),
    /// N soldier moves.
    SoldierMoves(u32),
    /// No limit.
    None,
}

impl fmt::Display for MoveLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveLimit::Plies(n) => write!(f, "plies {n}"),
            MoveLimit::SoldierMoves(n) => write!(f, "soldier-moves {n}"),
            MoveLimit::None => f.write_str("none"),
        }
    }
}

impl FromStr for MoveLimit {
    type Err = String;
    fn from_str(s: &str) -> Result<MoveLimit, String> {
        let bad = || format!("bad move_limit '{s}': expected 'plies N', 'soldier-moves N' (N >= 1) or 'none'");
        if s == "none" {
            return Ok(MoveLimit::None);
        }
        let (kind, n) = s.split_once(' ').ok_or_else(bad)?;
        let n: u32 = n.parse().map_err(|_| bad())?;
        if n == 0 {
            return Err(bad());
        }
        match kind {
            "plies" => Ok(MoveLimit::Plies(n)),
            "soldier-moves" => Ok(MoveLimit::SoldierMoves(n)),
            _ => Err(bad()),
        }
    }
}

/// A complete ruleset: every option of the rules.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// With (`33`) or without (`25`) the setchin.
    pub board: Board,
    /// Who makes the first move.
    pub first: Side,
    /// When the General wins by captures.
    #[serde(with = "as_string_or_int")]
    pub general_wins_at: Threshold,
    /// The repetition rule.
    #[serde(with = "as_string")]
    pub repetition: Repetition,
    /// The move limit.
    #[serde(with = "as_string")]
    pub move_limit: MoveLimit,
}

impl Ruleset {
    /// The soldier count at or below which the General wins after a capture.
    #[inline]
    pub fn threshold(&self) -> u32 {
        self.general_wins_at.count(self.board)
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Preset::Classic.ruleset()
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board {}, first {}, general_wins_at {}, repetition {}, move_limit {}",
            self.board, self.first, self.general_wins_at, self.repetition, self.move_limit
        )
    }
}

/// The named presets of the rules. In configs and files, its name (`classic`, `no-setchin`, …).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Preset {
    /// 33 points, General first, General wins at 5, third repetition, 300 plies.
    #[default]
    Classic,
    /// 25 points, otherwise classic.
    NoSetchin,
    /// 33 points, soldiers first, too-few, third repetition, 300 plies.
    SoldiersFirst,
    /// 33 points, General first, 6, soldiers may not repeat, 100 soldier moves.
    Qdan,
    /// The game-theoretic form of exact analysis: soldiers first, too-few, no repetition, no limit.
    Solved,
}

impl Preset {
    /// Every preset.
    pub const ALL: [Preset; 5] =
        [Preset::Classic, Preset::NoSetchin, Preset::SoldiersFirst, Preset::Qdan, Preset::Solved];

    /// The preset's ruleset.
    pub fn ruleset(self) -> Ruleset {
        let classic = Ruleset {
            board: Board::Setchin33,
            first: Side::General,
            general_wins_at: Threshold::AtMost(5),
            repetition: Repetition::ThirdTimeGeneralWins,
            move_limit: MoveLimit::Plies(300),
        };
        match self {
            Preset::Classic => classic,
            Preset::NoSetchin => Ruleset { board: Board::Square25, ..classic },
            Preset::SoldiersFirst => Ruleset { first: Side::Soldiers, general_wins_at: Threshold::TooFew, ..classic },
            Preset::Qdan => Ruleset {
                general_wins_at: Threshold::AtMost(6),
                repetition: Repetition::SoldiersMayNotRepeat,
                move_limit: MoveLimit::SoldierMoves(100),
                ..classic
            },
            Preset::Solved => Ruleset {
                first: Side::Soldiers,
                general_wins_at: Threshold::TooFew,
                repetition: Repetition::None,
                move_limit: MoveLimit::None,
                ..classic
            },
        }
    }

    /// The preset's name.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Classic => "classic",
            Preset::NoSetchin => "no-setchin",
            Preset::SoldiersFirst => "soldiers-first",
            Preset::Qdan => "qdan",
            Preset::Solved => "solved",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = String;
    fn from_str(s: &str) -> Result<Preset, String> {
        Preset::ALL.into_iter().find(|p| p.name() == s).ok_or_else(|| {
            format!("unknown preset '{s}' (expected classic, no-setchin, soldiers-first, qdan or solved)")
        })
    }
}

impl Serialize for Preset {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Preset {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Preset, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

mod as_string {
    use super::*;
    pub(super) fn serialize<T: fmt::Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(v)
    }
    pub(super) fn deserialize<'de, T: FromStr<Err = String>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

mod as_string_or_int {
    use super::*;
    pub(super) fn serialize<S: Serializer>(v: &Threshold, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Threshold::AtMost(n) => s.serialize_u8(*n),
            Threshold::TooFew => s.serialize_str("too-few"),
        }
    }
    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Threshold, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Threshold;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an integer 0-15 or \"too-few\"")
            }
            fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Threshold, E> {
                n.to_string().parse().map_err(E::custom)
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Threshold, E> {
                n.to_string().parse().map_err(E::custom)
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Threshold, E> {
                s.parse().map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip() {
        for p in Preset::ALL {
            assert_eq!(p.name().parse::<Preset>(), Ok(p));
            let r = p.ruleset();
            assert_eq!(r.general_wins_at.to_string().parse::<Threshold>(), Ok(r.general_wins_at));
            assert_eq!(r.repetition.to_string().parse::<Repetition>(), Ok(r.repetition));
            assert_eq!(r.move_limit.to_string().parse::<MoveLimit>(), Ok(r.move_limit));
        }
        assert!("16".parse::<Threshold>().is_err());
        assert!("-1".parse::<Threshold>().is_err());
        assert!("plies 0".parse::<MoveLimit>().is_err());
        assert!("plies".parse::<MoveLimit>().is_err());
        assert!("moves 3".parse::<MoveLimit>().is_err());
        assert!("classik".parse::<Preset>().is_err());
    }

    #[test]
    fn too_few_per_board() {
        assert_eq!(Threshold::TooFew.count(Board::Setchin33), 1);
        assert_eq!(Threshold::TooFew.count(Board::Square25), 2);
        assert_eq!(Preset::Classic.ruleset().threshold(), 5);
    }
}
