//! Every seed an export derives from its configured seed, in one place (the formulas bundles
//! were calibrated with: changing one would change every measurement).

/// The matches of the `pi`-th preset.
pub(crate) fn preset(seed: u64, pi: usize) -> u64 {
    seed ^ ((pi as u64) << 40)
}

/// Side `j` of the `k`-th reference pairing of a preset seeded `preset`.
pub(crate) fn reference(preset: u64, k: usize, j: usize) -> u64 {
    preset ^ 0xAAAA ^ ((k as u64) << 8) ^ j as u64
}

/// Candidate `ci` of level number `li` for the side with index `side`.
pub(crate) fn candidate(preset: u64, side: usize, ci: usize, li: usize) -> u64 {
    preset ^ ((side as u64) << 32) ^ ((ci as u64) << 16) ^ ((li as u64) << 8)
}

/// The behaviour games of level number `li` for the side with index `side`.
pub(crate) fn behaviour(preset: u64, side: usize, li: usize) -> u64 {
    preset ^ 0xB0B0 ^ ((side as u64) << 32) ^ ((li as u64) << 8)
}
