//! Planning a solve before it starts: the solver's view of a ruleset (`SolveConfig::for_rules`),
//! the levels left to solve, and what they will take (disk for their tables and scratch files,
//! memory for the largest level) against what the machine has. The caller measures the free
//! disk and the available memory (this crate does no I/O beyond its tables); the plan decides
//! and its error says what to do instead.

use crate::solve::{Levels, SolveConfig, level_memory_bytes};
use crate::solve_dir::{level_file_bytes, level_scratch_bytes};
use musashi_game::{Board, Ruleset};
use std::fmt;

impl SolveConfig {
    /// The solver's view of `rules`: board and threshold (the solved form has no repetition rule
    /// and no limit), up to `max_soldiers` soldiers (default: 16 on 25 points, 8 on 33).
    pub fn for_rules(rules: &Ruleset, max_soldiers: Option<u32>, levels: Levels) -> Result<SolveConfig, String> {
        let max_soldiers = max_soldiers.unwrap_or(match rules.board {
            Board::Square25 => 16,
            Board::Setchin33 => 8,
        });
        if max_soldiers > 16 {
            return Err(format!("--max-soldiers must be at most 16, got {max_soldiers}"));
        }
        Ok(SolveConfig { board: rules.board, threshold: rules.threshold(), max_soldiers, levels })
    }

    /// The levels to solve from `first` on: those of `levels` up to `max_soldiers` (and the
    /// board's size).
    pub fn levels_from(&self, first: u32) -> Vec<u32> {
        let top = self.max_soldiers.min(self.board.num_points() as u32 - 1);
        (first..=top).filter(|&n| self.levels.contains(n)).collect()
    }
}

/// What solving some levels takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SolvePlan {
    /// The lowest and highest level to solve.
    pub lowest: u32,
    /// See `lowest`.
    pub highest: u32,
    /// Bytes of their table files.
    pub tables: u64,
    /// The most disk in use at once: the tables below a level and its scratch files.
    pub disk: u64,
    /// The level that needs the most memory, and how much (bytes).
    pub largest: (u32, u64),
}

/// What the machine has, as the caller measured it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Resources {
    /// Free bytes on the tables' file system.
    pub free_disk: u64,
    /// Memory available without swapping, where the system says.
    pub available_memory: Option<u64>,
}

/// Why a plan does not fit the machine.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlanError {
    /// Too little free disk.
    Disk {
        /// The plan.
        plan: SolvePlan,
        /// Free bytes.
        free: u64,
    },
    /// Too little memory for a level.
    Memory {
        /// The plan.
        plan: SolvePlan,
        /// Available bytes.
        available: u64,
        /// The highest level that fits, if any.
        fits: Option<u32>,
    },
}

fn gib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0 * 1024.0)
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::Disk { plan, free } => write!(
                f,
                "{:.2} GiB free but the tables of levels {} to {} and their scratch files take about {:.2} GiB: free \
                 space or choose another folder (--out)",
                gib(*free),
                plan.lowest,
                plan.highest,
                gib(plan.disk)
            ),
            PlanError::Memory { plan, available, fits } => {
                let hint = match fits {
                    Some(n) => format!("solve up to --max-soldiers {n} here"),
                    None => "no level left to solve fits here".to_string(),
                };
                write!(
                    f,
                    "level {} needs about {:.1} GiB of memory and {:.1} GiB are available: {hint}, or on a machine \
                     with more memory (docs/solver.md)",
                    plan.largest.0,
                    gib(plan.largest.1),
                    gib(*available)
                )
            }
        }
    }
}

impl std::error::Error for PlanError {}

impl SolvePlan {
    /// What solving `levels` (ascending, not empty) of `config` takes.
    pub fn of(config: SolveConfig, levels: &[u32]) -> SolvePlan {
        let points = config.board.num_points() as u32;
        let tables = levels.iter().map(|&n| level_file_bytes(points, n)).sum();
        // While level n is solved: the tables below it, and its scratch files (removed as its
        // file is written, which they outgrow: the bounds are as large as the file's first half).
        let (mut below, mut disk) = (0u64, 0u64);
        for &n in levels {
            disk = disk.max(below + level_file_bytes(points, n).max(level_scratch_bytes(points, n)));
            below += level_file_bytes(points, n);
        }
        let largest = levels.iter().map(|&n| (n, level_memory_bytes(config, n))).max_by_key(|p| p.1).unwrap_or((0, 0));
        SolvePlan { lowest: levels[0], highest: levels[levels.len() - 1], tables, disk, largest }
    }

    /// Scratch bytes beyond the tables at the busiest moment.
    pub fn scratch(&self) -> u64 {
        self.disk.saturating_sub(self.tables)
    }

    /// What the plan takes against what the machine has, in a line or two of text.
    pub fn describe(&self, config: SolveConfig, dir: &std::path::Path, have: Resources) -> String {
        let mut text = format!(
            "tables of {} levels {} to {}: {:.2} GiB on disk in {}, and up to about {:.2} GiB more of scratch files \
             (capture bounds, wins) while a level is solved ({:.1} GiB free)\n",
            config.levels.name(),
            self.lowest,
            self.highest,
            gib(self.tables),
            dir.display(),
            gib(self.scratch()),
            gib(have.free_disk)
        );
        if let Some(available) = have.available_memory {
            let (worst, need) = self.largest;
            text.push_str(&format!(
                "memory: about {:.1} GiB for level {worst}, the largest ({:.1} GiB available)\n",
                gib(need),
                gib(available)
            ));
        }
        text
    }

    /// Refuses a plan the machine cannot hold; `levels` as given to [`SolvePlan::of`].
    pub fn check(&self, config: SolveConfig, levels: &[u32], have: Resources) -> Result<(), PlanError> {
        if self.disk > have.free_disk {
            return Err(PlanError::Disk { plan: *self, free: have.free_disk });
        }
        match have.available_memory {
            Some(available) if self.largest.1 > available => {
                let fits = levels.iter().take_while(|&&n| level_memory_bytes(config, n) <= available).last().copied();
                Err(PlanError::Memory { plan: *self, available, fits })
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use musashi_game::Preset;

    #[test]
    fn a_plan_is_refused_for_lack_of_disk_or_memory_and_says_what_fits() {
        let config = SolveConfig::for_rules(&Preset::NoSetchin.ruleset(), None, Levels::All).unwrap();
        let levels = config.levels_from(0);
        assert_eq!(levels.len(), 17);
        let plan = SolvePlan::of(config, &levels);
        assert!(plan.disk >= plan.tables && plan.largest.1 > 0);
        let plenty = Resources { free_disk: u64::MAX, available_memory: Some(u64::MAX) };
        assert_eq!(plan.check(config, &levels, plenty), Ok(()));
        let no_disk = Resources { free_disk: plan.disk - 1, ..plenty };
        assert!(plan.check(config, &levels, no_disk).unwrap_err().to_string().contains("free space"));
        let some = level_memory_bytes(config, 6);
        let little = Resources { available_memory: Some(some), ..plenty };
        let e = plan.check(config, &levels, little).unwrap_err();
        assert!(matches!(e, PlanError::Memory { fits: Some(n), .. } if n >= 6), "{e:?}");
        assert!(SolveConfig::for_rules(&Preset::Classic.ruleset(), Some(17), Levels::All).is_err());
        assert_eq!(SolveConfig::for_rules(&Preset::Classic.ruleset(), None, Levels::Even).unwrap().max_soldiers, 8);
    }
}
