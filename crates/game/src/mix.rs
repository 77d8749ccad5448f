//! SplitMix64's finaliser: the one bit mixer behind every derived seed and key in the
//! workspace (Zobrist keys, match and self-play game seeds, the alpha-beta noise). Each caller
//! forms its input from its own numbers; the mixing is here once.

/// SplitMix64's increment (the golden ratio in 64 bits).
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// Mixes the bits of `z` (SplitMix64's output function): a bijection on `u64` whose outputs
/// for consecutive inputs look independent.
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_splitmix64() {
        // The first outputs of SplitMix64 from state 0, as published with the algorithm.
        assert_eq!(mix64(GOLDEN_GAMMA), 0xE220_A839_7B1D_CDAF);
        assert_eq!(mix64(GOLDEN_GAMMA.wrapping_mul(2)), 0x6E78_9E6A_A1B9_65F4);
    }
}
