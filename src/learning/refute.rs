//! Clause learning as a third way for the n^2 descent's probes to settle whether a board
//! holds a solution. A sparse board with a hundred blank cells and none can take the
//! any-order search seconds under any weights, as it meets the same contradiction again
//! under every branch above it; clause learning learns it once, and refutes such a board in
//! a tenth of the time.
//!
//! Two searches take turns, one deciding in the smallest group (as for Frisch's puzzles), one
//! on the most active variable anywhere: each refutes some of the descent's boards in a few
//! thousand conflicts where the other takes a hundred thousand or more.

use super::Cdcl;

/// Conflicts a Luby unit between a refutation's restarts: 4096 (what finds Frisch's
/// solutions soonest) took the four slowest sparse 16x16 boards 1.8x the time, 16 and 64
/// within 15% (measured with the first search alone).
const REFUTE_LUBY_UNIT: u64 = 32;

/// The clause learning of one board, given its conflicts in turns.
pub struct Refuter(Vec<Cdcl>);

impl Refuter {
    /// For a board of box size `n` whose cells may take `cand` (bit `s`: symbol `s + 1`), the
    /// first cell of each of `rising` holding a smaller symbol than the second (the order the
    /// probe keeps among interchangeable lines: sparse16.txt 9% fewer conflicts).
    pub fn new(n: usize, cand: &[u64], rising: &[(usize, usize)]) -> Refuter {
        let search = |by_activity| {
            let mut sat = Cdcl::with_candidates(n, cand, REFUTE_LUBY_UNIT)?;
            sat.by_activity = by_activity;
            for &(x, y) in rising {
                sat.rising(x, y);
            }
            Some(sat)
        };
        Refuter([false, true].iter().filter_map(|&a| search(a)).collect())
    }

    /// Goes on for `conflicts` more, half each: `Some` of a solution's cells (`1..=side` each)
    /// or of `None` when the board holds none, `None` when the conflicts ran out first.
    pub fn turn(&mut self, conflicts: u64) -> Option<Option<Vec<u8>>> {
        if self.0.is_empty() {
            return Some(None); // the candidates contradict each other
        }
        let share = (conflicts / 2).max(1);
        self.0.iter_mut().find_map(|sat| sat.solve(&[], share).ok())
    }
}
