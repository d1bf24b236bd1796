//! Clause learning as a third way for the n^2 descent's probes to settle whether a board
//! holds a solution. A sparse board with a hundred blank cells and none can take the
//! any-order search seconds under any weights, as it meets the same contradiction again
//! under every branch above it; clause learning learns it once, and refutes such a board in
//! a tenth of the time.
//!
//! On 16x16 boards it decides on the most active variable anywhere: their contradictions
//! lie among a few symbols and lines that activity finds wherever they are. On 25x25 boards,
//! like Frisch's puzzles, it decides in the smallest group.

use super::Cdcl;

/// Conflicts a Luby unit between a refutation's restarts: deciding by activity, 1024 and
/// 16384 took `sparse16.txt` 46% and 6% more conflicts, `finds25.txt` 24% and 12% more; 32,
/// with a second search deciding in the smallest group in turns, 4.1x and 1.8x. In the
/// smallest group (25x25) it is not swept: 4096 is also the root count's `LUBY_UNIT`.
const REFUTE_LUBY_UNIT: u64 = 4096;

/// The largest box size whose refutations decide by activity: the smallest group took the
/// 16x16 sets (`sparse16.txt`, 268 boards) 5.5x the conflicts, activity the 25x25 sets
/// (`finds25.txt`, `hunted25.txt`) 15% more.
const BY_ACTIVITY_UP_TO: usize = 4;

/// The clause learning of one board, given its conflicts in turns.
pub struct Refuter(Option<Cdcl>);

impl Refuter {
    /// For a board of box size `n` whose cells may take `cand` (bit `s`: symbol `s + 1`), the
    /// first cell of each of `rising` holding a smaller symbol than the second (the order the
    /// probe keeps among interchangeable lines: sparse16.txt 9% fewer conflicts).
    pub fn new(n: usize, cand: &[u64], rising: &[(usize, usize)]) -> Refuter {
        let sat = Cdcl::with_candidates(n, cand, REFUTE_LUBY_UNIT).map(|mut sat| {
            sat.by_activity = n <= BY_ACTIVITY_UP_TO;
            for &(x, y) in rising {
                sat.rising(x, y);
            }
            sat
        });
        Refuter(sat)
    }

    /// Goes on for `conflicts` more: `Some` of a solution's cells (`1..=side` each) or of
    /// `None` when the board holds none, `None` when the conflicts ran out first.
    pub fn turn(&mut self, conflicts: u64) -> Option<Option<Vec<u8>>> {
        match &mut self.0 {
            Some(sat) => sat.solve(&[], conflicts).ok(),
            None => Some(None), // the candidates contradict each other
        }
    }
}
