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
}
