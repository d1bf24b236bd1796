//! Clause learning's count to 2 of a grid's solutions: the n^2 solver's root count, where its
//! any-order search wanders.

use super::{Cdcl, LUBY_UNIT};

/// Counts the solutions of a box size `n` grid whose cells may take `cand` (as facts) up to 2
/// by clause learning: any solution, then one other than it (the first excluded). The
/// solutions found (2 for two or more), and the first.
pub fn count_two_by_learning(n: usize, cand: &[u64]) -> (usize, Option<Vec<u8>>) {
    let mut sat = match Cdcl::with_candidates(n, cand, LUBY_UNIT) {
        Some(sat) => sat,
        None => return (0, None),
    };
    let solve = |sat: &mut Cdcl| sat.solve(&[], u64::MAX).expect("no budget to run out");
    let first = match solve(&mut sat) {
        Some(w) => w,
        None => return (0, None),
    };
    sat.exclude(&first);
    let found = 1 + solve(&mut sat).is_some() as usize;
    (found, Some(first))
}
