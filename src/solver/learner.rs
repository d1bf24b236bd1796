//! Clause learning over the solver's boards: what the searches ask [`Sat`] and how it answers.

use super::super::grid::Grid;
use super::board::{Board, ALL_WORDS};
use super::count::{Branching, Count};
use super::tables::ALL;

/// A conflict in nodes: 2.2-4.1 us against 0.2-0.4 us a node of the counting search.
pub(super) const CONFLICT_NODES: u64 = 12;

/// Counting nodes to finish clause learning's near solution: 16 and 64 cost hunts 3-6%.
pub(super) const FINISH_NODES: u64 = 32;

/// Clause learning over the solver's boards: the [`Sat`] and the candidates it knows of (the
/// others are its facts).
pub(super) struct Learner {
    pub(super) sat: super::sat::Sat,
    pub(super) known: [u32; 27],
}

impl Learner {
    /// Boxed: the searches that make one hand it on, and it is 15 kB.
    pub(super) fn new() -> Box<Learner> {
        Box::new(Learner {
            sat: super::sat::Sat::new(),
            known: [ALL; 27],
        })
    }

    /// A solution of `b` (below every board given before) in which the literals `assume`
    /// hold, other than `other_than`, within `conflicts`; and the nodes that cost: its
    /// decisions, [`CONFLICT_NODES`] a conflict and the counting search's finishing.
    pub(super) fn solve(
        &mut self,
        b: &Board,
        assume: &[u16],
        conflicts: u64,
        other_than: Option<&Grid>,
    ) -> (Result<Option<Grid>, super::sat::GaveUp>, u64) {
        let sat = &mut self.sat;
        for (i, (known, &now)) in self.known.iter_mut().zip(&b.cand).enumerate() {
            let mut gone = *known & !now;
            *known = now;
            while gone != 0 {
                let k = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                let consistent = sat.fix(super::sat::lacks(9 * (i / 9 * 27 + k) + i % 9));
                debug_assert!(consistent, "a board lies below the earlier ones");
            }
        }
        let (decisions, before) = (sat.decisions, sat.conflicts);
        let mut finished = 0;
        let w = sat.solve(assume, conflicts, &mut |s| {
            let (w, nodes) = finish(b, s);
            finished += nodes;
            w.filter(|w| Some(w) != other_than)
        });
        let nodes =
            finished + sat.decisions - decisions + CONFLICT_NODES * (sat.conflicts - before);
        (w, nodes)
    }
}

/// A solution the counting search finds within [`FINISH_NODES`] where clause learning's
/// search stands: `b` without the candidates `s` has set false. Also the nodes it took.
pub(super) fn finish(b: &Board, s: &super::sat::Sat) -> (Option<Grid>, u64) {
    let mut t = *b;
    for (i, c) in t.cand.iter_mut().enumerate() {
        let (band, d) = (i / 9, i % 9);
        let open = (0..3).fold(0, |m, r| {
            m | (s.open_in_row(3 * band + r, d) as u32) << (9 * r)
        });
        *c &= open;
    }
    if !t.propagate(ALL_WORDS) {
        return (None, 0);
    }
    let c = Count::run(t, 1, FINISH_NODES, Branching::Leftmost);
    (c.witness, c.nodes)
}
