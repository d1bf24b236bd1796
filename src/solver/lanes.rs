//! A band's nine digit words at once: the loops propagation runs on every node, as SSE2
//! on x86-64 (part of its baseline: no feature check, the bundles stay portable) and as
//! plain loops elsewhere; the tests hold the two equal.

/// Removes the cells `s` from each of the nine words; returns the words that held one of
/// them, as bits.
pub(super) fn clear(words: &mut [u32; 9], s: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::clear(words, s)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scalar::clear(words, s)
    }
}

/// The cells of `u` that at least one word holds, at least two, at least three.
pub(super) fn at_least(words: &[u32; 9], u: u32) -> [u32; 3] {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::at_least(words, u)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        more_than(words, u)
    }
}

/// Per `k < K`: the cells of `u` that more than `k` of the words hold. A plain loop, for
/// any `K`: `at_least` is its first three, in SSE2.
pub(super) fn more_than<const K: usize>(words: &[u32; 9], u: u32) -> [u32; K] {
    let mut more = [0; K];
    for w in words {
        for k in (1..K).rev() {
            more[k] |= more[k - 1] & w & u;
        }
        more[0] |= w & u;
    }
    more
}

/// The words (as bits) that hold the cell `bit`.
pub(super) fn holding(words: &[u32; 9], bit: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::holding(words, bit)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        scalar::holding(words, bit)
    }
}

#[cfg(any(test, not(target_arch = "x86_64")))]
mod scalar {
    pub(super) fn clear(words: &mut [u32; 9], s: u32) -> u32 {
        let mut hit = 0;
        for (k, w) in words.iter_mut().enumerate() {
            hit |= ((*w & s != 0) as u32) << k;
            *w &= !s;
        }
        hit
    }

    pub(super) fn holding(words: &[u32; 9], bit: u32) -> u32 {
        (0..9).fold(0, |m, k| m | ((words[k] & bit != 0) as u32) << k)
    }
}

/// Words 0-3 and 4-7 are two 128-bit lanes; word 8 goes alone.
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::*;

    /// The four-word halves of `words`.
    fn halves(words: &[u32; 9]) -> (__m128i, __m128i) {
        let p = words.as_ptr() as *const __m128i;
        // SAFETY: SSE2 is in every x86-64 target; both unaligned loads read words 0-7.
        unsafe { (_mm_loadu_si128(p), _mm_loadu_si128(p.add(1))) }
    }

    /// Bit `k` set where word `k` of `words & m` (first eight) is not zero.
    fn nonzero(a: __m128i, b: __m128i, m: __m128i) -> u32 {
        // SAFETY: SSE2 is in every x86-64 target.
        unsafe {
            let zero = _mm_setzero_si128();
            let za = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(a, m), zero));
            let zb = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(b, m), zero));
            !(_mm_movemask_ps(za) | _mm_movemask_ps(zb) << 4) as u32 & 255
        }
    }

    pub(super) fn clear(words: &mut [u32; 9], s: u32) -> u32 {
        let (a, b) = halves(words);
        // SAFETY: SSE2 is in every x86-64 target; both unaligned stores write words 0-7.
        let hit = unsafe {
            let m = _mm_set1_epi32(s as i32);
            let p = words.as_mut_ptr() as *mut __m128i;
            _mm_storeu_si128(p, _mm_andnot_si128(m, a));
            _mm_storeu_si128(p.add(1), _mm_andnot_si128(m, b));
            nonzero(a, b, m)
        };
        let last = words[8];
        words[8] = last & !s;
        hit | ((last & s != 0) as u32) << 8
    }

    pub(super) fn at_least(words: &[u32; 9], u: u32) -> [u32; 3] {
        let (a, b) = halves(words);
        // SAFETY: SSE2 is in every x86-64 target.
        let [one, two, three] = unsafe {
            let m = _mm_set1_epi32(u as i32);
            let (a, b) = (_mm_and_si128(a, m), _mm_and_si128(b, m));
            let (or, and) = (|x, y| _mm_or_si128(x, y), |x, y| _mm_and_si128(x, y));
            // A cell is in k words of both sides if it is in i on one and k - i on the other.
            let merge = |n: [__m128i; 3], o: [__m128i; 3]| {
                [
                    or(n[0], o[0]),
                    or(or(n[1], o[1]), and(n[0], o[0])),
                    or(or(n[2], o[2]), or(and(n[1], o[0]), and(n[0], o[1]))),
                ]
            };
            let mut n = [or(a, b), and(a, b), _mm_setzero_si128()];
            // Lanes 2-3 onto 0-1, then lane 1 onto 0.
            n = merge(n, n.map(|x| _mm_shuffle_epi32(x, 0b01_00_11_10)));
            n = merge(n, n.map(|x| _mm_shuffle_epi32(x, 0b10_11_00_01)));
            n.map(|x| _mm_cvtsi128_si32(x) as u32)
        };
        let last = words[8] & u;
        [one | last, two | one & last, three | two & last]
    }

    pub(super) fn holding(words: &[u32; 9], bit: u32) -> u32 {
        let (a, b) = halves(words);
        // SAFETY: SSE2 is in every x86-64 target.
        let m = unsafe { _mm_set1_epi32(bit as i32) };
        nonzero(a, b, m) | ((words[8] & bit != 0) as u32) << 8
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::rng::Rng;
    use super::super::tables::ALL;
    use super::*;

    /// Random words, sparse and dense, and masks of one cell or several.
    fn cases() -> Vec<([u32; 9], u32)> {
        let mut rng = Rng(9);
        (0..5000)
            .map(|i| {
                let mut words = [0; 9];
                for w in &mut words {
                    *w = (rng.next_u64() & rng.next_u64() >> (i % 3)) as u32 & ALL;
                }
                let mask = if i % 2 == 0 {
                    1 << rng.below(27)
                } else {
                    rng.next_u64() as u32 & ALL
                };
                (words, mask)
            })
            .collect()
    }

    #[test]
    fn each_lane_function_equals_its_plain_loop() {
        for (words, mask) in cases() {
            assert_eq!(at_least(&words, mask), more_than(&words, mask));
            assert_eq!(holding(&words, mask), scalar::holding(&words, mask));
            let (mut a, mut b) = (words, words);
            assert_eq!(clear(&mut a, mask), scalar::clear(&mut b, mask));
            assert_eq!(a, b);
        }
    }

    #[test]
    fn the_plain_loops_mean_what_they_say() {
        let mut words = [0; 9];
        words[0] = 0b0111;
        words[5] = 0b0110;
        words[8] = 0b1100;
        assert_eq!(more_than(&words, !0), [0b1111, 0b0110, 0b0100]);
        assert_eq!(more_than(&words, 0b1001), [0b1001, 0, 0]);
        assert_eq!(scalar::holding(&words, 0b0100), 1 | 1 << 5 | 1 << 8);
        assert_eq!(scalar::clear(&mut words, 0b0010), 1 | 1 << 5);
        assert_eq!(words[0], 0b0101);
        assert_eq!(words[5], 0b0100);
        assert_eq!(words[8], 0b1100);
    }
}
