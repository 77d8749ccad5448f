//! A share: hits out of tries, printed as `hits/tries = percent%` (one decimal), the form every
//! probe's breakdown lines use.

use std::fmt;

/// Hits out of tries.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Share {
    /// Tries that hit.
    pub hits: u64,
    /// All tries.
    pub tries: u64,
}

impl Share {
    /// Counts one try, a hit or not.
    pub fn add(&mut self, hit: bool) {
        self.hits += u64::from(hit);
        self.tries += 1;
    }

    /// Hits per try (0 without tries).
    pub fn ratio(&self) -> f64 {
        self.hits as f64 / self.tries.max(1) as f64
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}/{} = {:.1}%", self.hits, self.tries, 100.0 * self.ratio())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_hits_tries_and_percent() {
        assert_eq!(Share::default().to_string(), "0/0 = 0.0%");
        let mut s = Share::default();
        for hit in [true, false, true] {
            s.add(hit);
        }
        assert_eq!(s, Share { hits: 2, tries: 3 });
        assert_eq!(s.to_string(), "2/3 = 66.7%");
        assert_eq!(Share { hits: 17811, tries: 19895 }.to_string(), "17811/19895 = 89.5%");
        assert_eq!(Share { hits: 57, tries: 57 }.to_string(), "57/57 = 100.0%");
    }
}
