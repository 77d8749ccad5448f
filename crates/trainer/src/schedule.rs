//! The learning rate at a step of the run.

use crate::config::{LrSchedule, TrainerConfig};

/// The learning rate at global step `step` of a run planned for `total_steps` steps.
pub fn learning_rate(c: &TrainerConfig, step: u64, total_steps: u64) -> f64 {
    let base = c.learning_rate;
    let warm =
        if c.warmup_steps > 0 && step < c.warmup_steps { (step + 1) as f64 / c.warmup_steps as f64 } else { 1.0 };
    let factor = match c.lr_schedule {
        LrSchedule::Constant => 1.0,
        LrSchedule::Cosine { min_factor } => {
            let t = (step as f64 / total_steps.max(1) as f64).min(1.0);
            min_factor + (1.0 - min_factor) * 0.5 * (1.0 + (std::f64::consts::PI * t).cos())
        }
        LrSchedule::Step { every, factor } => factor.powi((step / every) as i32),
    };
    base * warm * factor
}

/// What a run stopped by its time budget before generation `next` leaves of its schedule, for
/// the stop message: `None` but for a cosine schedule short of its planned end (a constant or
/// step schedule plans no end); else the rate's share of its base, the share of the planned
/// steps done, and the `run.generations` (those trained) with which the cosine would have ended by
/// now. Whether to plan it so is the user's call: in pure self-play on classic an hour's cosine
/// run to its end did not give a stronger General (experiments/2026-12-07-lr-anneal).
pub(crate) fn unfinished_schedule(c: &TrainerConfig, next: u32, generations: u32) -> Option<String> {
    let steps = c.steps_per_generation as u64;
    let (done, total) = ((next as u64).saturating_sub(1) * steps, generations as u64 * steps);
    if !matches!(c.lr_schedule, LrSchedule::Cosine { .. }) || done == 0 || done >= total {
        return None;
    }
    let factor = learning_rate(&TrainerConfig { warmup_steps: 0, ..*c }, done, total) / c.learning_rate;
    Some(format!(
        "the learning rate is still {factor:.2} of its base, {:.0}% into a cosine planned for {generations} generations \
         (run.generations = {} would have ended it by now)",
        100.0 * done as f64 / total as f64,
        next - 1
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedules() {
        let mut c = TrainerConfig { warmup_steps: 10, ..TrainerConfig::default() };
        assert!((learning_rate(&c, 0, 100) - 1e-4).abs() < 1e-12);
        assert!((learning_rate(&c, 50, 100) - 1e-3).abs() < 1e-12);
        c.lr_schedule = LrSchedule::Cosine { min_factor: 0.1 };
        assert!((learning_rate(&c, 100, 100) - 1e-4).abs() < 1e-9);
        assert!((learning_rate(&c, 50, 100) - 0.55e-3).abs() < 1e-9);
        c.lr_schedule = LrSchedule::Step { every: 30, factor: 0.5 };
        assert!((learning_rate(&c, 65, 100) - 0.25e-3).abs() < 1e-12);
    }

    #[test]
    fn a_time_stop_says_how_much_of_the_schedule_is_left() {
        let mut c = TrainerConfig { steps_per_generation: 10, warmup_steps: 1000, ..TrainerConfig::default() };
        assert_eq!(unfinished_schedule(&c, 51, 100), None, "a constant rate has nothing left");
        c.lr_schedule = LrSchedule::Step { every: 30, factor: 0.5 };
        assert_eq!(unfinished_schedule(&c, 51, 100), None, "a step schedule plans no end");
        c.lr_schedule = LrSchedule::Cosine { min_factor: 0.1 };
        let note = unfinished_schedule(&c, 51, 100).expect("half the cosine is left");
        // The cosine's factor alone: a warm-up still under way does not count.
        assert!(note.contains("still 0.55 of its base, 50% into a cosine planned for 100 generations"), "{note}");
        assert!(note.contains("run.generations = 50"), "{note}");
        assert_eq!(unfinished_schedule(&c, 101, 100), None, "the schedule has ended");
        assert_eq!(unfinished_schedule(&c, 1, 100), None, "nothing trained");
    }
}
