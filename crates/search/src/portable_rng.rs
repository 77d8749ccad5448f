//! The search's random numbers, the same on every platform: xoshiro256++ seeded by SplitMix64.
//! `rand`'s `SmallRng` is this generator on 64-bit targets but xoshiro128++ on 32-bit ones
//! (WebAssembly), so a level compiled for the browser would play other moves than the same level
//! natively. This generator gives the 64-bit `SmallRng`'s exact stream everywhere: native
//! behaviour is unchanged, and every port (C, WebAssembly, `docs/reference-vectors/`) plays the
//! same moves for the same seed.

use rand::{RngCore, SeedableRng};

/// xoshiro256++ (Blackman and Vigna), seeded from a `u64` by SplitMix64.
#[derive(Clone, Debug)]
pub struct PortableRng {
    s: [u64; 4],
}

impl SeedableRng for PortableRng {
    type Seed = [u8; 32];

    fn from_seed(seed: [u8; 32]) -> PortableRng {
        let mut s = [0u64; 4];
        for (w, chunk) in s.iter_mut().zip(seed.chunks_exact(8)) {
            *w = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        }
        if s == [0; 4] {
            return PortableRng::seed_from_u64(0);
        }
        PortableRng { s }
    }

    fn seed_from_u64(mut state: u64) -> PortableRng {
        const PHI: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut s = [0u64; 4];
        for w in &mut s {
            state = state.wrapping_add(PHI);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            *w = z ^ (z >> 31);
        }
        PortableRng { s }
    }
}

impl RngCore for PortableRng {
    fn next_u32(&mut self) -> u32 {
        // The upper bits: the lowest have linear dependencies.
        (self.next_u64() >> 32) as u32
    }

    fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let out = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        out
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    /// The generator's published reference output (xoshiro256plusplus.c, seed 1, 2, 3, 4).
    #[test]
    fn matches_the_reference_implementation() {
        let mut seed = [0u8; 32];
        for (i, w) in [1u64, 2, 3, 4].iter().enumerate() {
            seed[i * 8..i * 8 + 8].copy_from_slice(&w.to_le_bytes());
        }
        let mut rng = PortableRng::from_seed(seed);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(first, [41943041, 58720359, 3588806011781223]);
    }

    /// On 64-bit targets it is `SmallRng` exactly, so native play is unchanged by it.
    #[cfg(target_pointer_width = "64")]
    #[test]
    fn is_small_rng_on_64_bit_targets() {
        for seed in [0, 1, 7, u64::MAX] {
            let mut mine = PortableRng::seed_from_u64(seed);
            let mut theirs = rand::rngs::SmallRng::seed_from_u64(seed);
            for _ in 0..100 {
                assert_eq!(mine.random::<f32>(), theirs.random::<f32>());
                assert_eq!(mine.next_u64(), theirs.next_u64());
            }
        }
    }
}
