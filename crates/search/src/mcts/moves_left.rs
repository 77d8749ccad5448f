//! The moves-left utility, after lc0's moves-left head: where the value says the game is
//! decided, a child whose predicted end is nearer counts as better for the side that wins and
//! worse for the side that loses, so the winner takes the quickest win and the loser the
//! longest resistance. Without it every move of a lost position has the value −1 and the
//! search cannot tell the move that resists from the one that collapses.
//!
//! For a child with mean value `q` (for its chooser) and mean predicted plies to the end `m`,
//! under a parent whose mean predicted plies to the end is `m_parent`:
//!
//! ```text
//! effect = clamp(slope · (m − m_parent), −max_effect, max_effect) · (−sign q)
//! q'     = max(0, |q| − threshold) / (1 − threshold)
//! utility = effect · (constant + scaled · q' + quadratic · q'²)
//! ```
//!
//! lc0 documents slope 0.0027, max effect 0.0345, threshold 0 and the factors 0 / 1.6521 /
//! −0.6521 (so the factor is 0 at an even position and 1 at a decided one). Games here are
//! shorter and the General's lost positions are the common case, so the defaults take a larger
//! effect: 0.005 per ply, at most 0.1 (reached 20 plies apart).

use crate::SettingError;
use serde::{Deserialize, Serialize};

/// The moves-left utility's settings; `max_effect = 0` turns it off.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct MovesLeftUtility {
    /// Utility per ply of difference between a child's and its parent's predicted plies.
    pub slope: f32,
    /// The largest utility either way (0 = off).
    pub max_effect: f32,
    /// |value| below which the utility is 0; above it the value is rescaled to [0, 1].
    pub threshold: f32,
    /// Constant term of the value factor.
    pub constant_factor: f32,
    /// Linear term of the value factor.
    pub scaled_factor: f32,
    /// Quadratic term of the value factor.
    pub quadratic_factor: f32,
}

impl Default for MovesLeftUtility {
    fn default() -> Self {
        MovesLeftUtility {
            slope: 0.005,
            max_effect: 0.1,
            threshold: 0.0,
            constant_factor: 0.0,
            scaled_factor: 1.6521,
            quadratic_factor: -0.6521,
        }
    }
}

impl MovesLeftUtility {
    /// The utility switched off.
    pub const OFF: MovesLeftUtility = MovesLeftUtility {
        slope: 0.0,
        max_effect: 0.0,
        threshold: 0.0,
        constant_factor: 0.0,
        scaled_factor: 0.0,
        quadratic_factor: 0.0,
    };

    /// Whether the utility does anything.
    pub fn is_on(&self) -> bool {
        self.max_effect > 0.0 && self.slope > 0.0
    }

    /// The utility added to a child's value `q` (for its chooser), given its and its
    /// parent's mean predicted plies to the end.
    pub fn utility(&self, q: f32, child_plies: f32, parent_plies: f32) -> f32 {
        let winning = if q > 0.0 {
            -1.0
        } else if q < 0.0 {
            1.0
        } else {
            return 0.0;
        };
        let effect = (self.slope * (child_plies - parent_plies)).clamp(-self.max_effect, self.max_effect) * winning;
        let x = (q.abs() - self.threshold).max(0.0) / (1.0 - self.threshold);
        effect * (self.constant_factor + self.scaled_factor * x + self.quadratic_factor * x * x)
    }

    /// Checks every value's range; the error names the key.
    pub fn validate(&self) -> Result<(), SettingError> {
        let check = SettingError::check;
        check(self.slope >= 0.0 && self.slope.is_finite(), "slope", ">= 0")?;
        check((0.0..=1.0).contains(&self.max_effect), "max_effect", "in 0..=1")?;
        check((0.0..1.0).contains(&self.threshold), "threshold", "in 0..1")?;
        check(self.constant_factor.is_finite(), "constant_factor", "finite")?;
        check(self.scaled_factor.is_finite(), "scaled_factor", "finite")?;
        check(self.quadratic_factor.is_finite(), "quadratic_factor", "finite")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loser_prefers_the_longer_and_the_winner_the_shorter_end() {
        let u = MovesLeftUtility::default();
        assert!(u.utility(-1.0, 30.0, 10.0) > 0.0, "a lost child that lasts longer is better");
        assert!(u.utility(-1.0, 5.0, 10.0) < 0.0);
        assert!(u.utility(1.0, 5.0, 10.0) > 0.0, "a won child that ends sooner is better");
        assert!(u.utility(1.0, 30.0, 10.0) < 0.0);
        assert_eq!(u.utility(0.0, 30.0, 10.0), 0.0, "no effect when nothing is decided");
        assert!((u.utility(-1.0, 1000.0, 0.0) - u.max_effect).abs() < 1e-6, "capped");
        assert!(u.utility(-0.2, 30.0, 10.0) < u.utility(-0.9, 30.0, 10.0), "grows as the result firms up");
        assert_eq!(MovesLeftUtility::OFF.utility(-1.0, 30.0, 10.0), 0.0);
        assert!(!MovesLeftUtility::OFF.is_on() && u.is_on());
    }
}
