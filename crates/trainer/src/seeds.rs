//! Every seed a run derives from its run seed, in one place. The formulas are the ones runs
//! were recorded with (changing one would change every run's games and weights), so each
//! purpose keeps its own constant.

/// Self-play of generation `g` (game `i` is then seeded by the self-play crate from this and `i`).
pub(crate) fn selfplay(run_seed: u64, g: u32) -> u64 {
    run_seed ^ (g as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// A named external worker's self-play of generation `g`.
pub(crate) fn worker_selfplay(run_seed: u64, g: u32, worker: &str) -> u64 {
    selfplay(run_seed, g) ^ worker.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64))
}

/// The draw of generation `g`'s past checkpoint (`selfplay.past`): one for the trainer and
/// every worker.
pub(crate) fn past_opponent(run_seed: u64, g: u32) -> u64 {
    selfplay(run_seed, g) ^ 0x0070_6173_7400
}

/// Minibatch number `global_step` of the run.
pub(crate) fn minibatch(run_seed: u64, global_step: u64) -> u64 {
    run_seed ^ global_step.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x0074_7261_696e
}

/// The alpha-beta bootstrap games of generation `g` under the run's `k`-th ruleset.
pub(crate) fn bootstrap(run_seed: u64, g: u32, k: usize) -> u64 {
    run_seed ^ ((g as u64) << 24) ^ (k as u64) ^ 0xab
}

/// The evaluation of generation `g` under the run's `k`-th ruleset (each opponent then mixes in
/// its own number: `eval_opponent`).
pub(crate) fn eval(run_seed: u64, g: u32, k: usize) -> u64 {
    run_seed ^ ((g as u64) << 20) ^ k as u64
}

/// The `j`-th fixed opponent of an evaluation whose seed is `eval_seed`.
pub(crate) fn eval_opponent(eval_seed: u64, j: usize) -> u64 {
    eval_seed ^ ((j as u64) << 8)
}

/// The previous generation as an opponent of an evaluation whose seed is `eval_seed`.
pub(crate) fn eval_previous(eval_seed: u64) -> u64 {
    eval_seed ^ 0xabc
}

/// The games with the other side of a pairing whose first side was seeded with `seed`.
pub(crate) fn other_side(seed: u64) -> u64 {
    seed ^ 0x5eed
}

/// Round `round` of the gate of generation `g`.
pub(crate) fn gate(run_seed: u64, g: u32, round: u64) -> u64 {
    run_seed ^ ((g as u64) << 32) ^ round
}

/// The candidate's games as `side` in a gate round seeded with `round_seed`.
pub(crate) fn gate_side(round_seed: u64, side: musashi_game::Side) -> u64 {
    round_seed ^ side.index() as u64
}
