//! Seeded random inputs and random edits of good ones, for the fuzz tests of the judge bins
//! (`robustness.rs`) and of the tool's stream (`stream.rs`).

use sudoku_kit::rng::Rng;

/// `n` random bytes from `alphabet` (the formats' own bytes mostly, some junk and invalid
/// UTF-8).
pub fn bytes(rng: &mut Rng, alphabet: &[u8], n: usize) -> Vec<u8> {
    (0..n)
        .map(|_| alphabet[rng.below(alphabet.len())])
        .collect()
}

/// `seed` with one or two random edits: a digit turned into one of `cells` (often leaving
/// the input well-formed), a byte of `alphabet` put in for one or inserted, a byte deleted,
/// a cut, a line doubled or dropped.
pub fn mutate(rng: &mut Rng, seed: &[u8], cells: &[u8], alphabet: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..1 + rng.below(2) {
        let at = rng.below(v.len() + 1);
        match rng.below(9) {
            0..=2 if at < v.len() && v[at].is_ascii_digit() => v[at] = bytes(rng, cells, 1)[0],
            0..=3 if at < v.len() => v[at] = bytes(rng, alphabet, 1)[0],
            1 => v.insert(at, bytes(rng, alphabet, 1)[0]),
            2 if at < v.len() => drop(v.remove(at)),
            3 => v.truncate(at),
            kind => {
                let start = v[..at]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let end = v[at..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(v.len(), |i| at + i + 1);
                if kind == 4 {
                    let line = v[start..end].to_vec();
                    v.splice(start..start, line);
                } else {
                    v.drain(start..end);
                }
            }
        }
    }
    v
}
