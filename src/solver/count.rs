//! The counting search: any order, fewest candidates first, resumable within budgets.

use super::super::grid::Grid;
use super::board::{Board, Branch};

/// A probe's first budget in the counting-only route: the sparse worst 28 -> 2.5 ms.
pub(super) const PROBE_NODES: u64 = 100;

/// The counting search: counts solutions up to `limit`, branching as `branching` says,
/// depth first on a stack of its own, so that it can stop when its node budget runs out and
/// go on later where it stopped (the witness route gives its searches their budgets in
/// slices, each search keeping what it has done).
pub(super) struct Count {
    pub(super) limit: usize,
    pub(super) found: usize,
    /// The first solution found.
    pub(super) witness: Option<Grid>,
    /// Boards visited.
    pub(super) nodes: u64,
    pub(super) branching: Branching,
    /// A solution whose digit is tried first in each cell branched on (see [`QUERY_NODES`]).
    pub(super) near: Option<Grid>,
    /// The root, until it is visited.
    pub(super) root: Option<Board>,
    /// The boards being branched on, the root's first.
    pub(super) stack: Vec<Frame>,
    /// Whether each board must pass Hall's condition too ([`super::hall::matched`]): a node
    /// then costs about four, but where propagation misses a contradiction a few nodes find it.
    pub(super) hall: bool,
    /// Whether the search looks for the smallest solution instead of counting: each solution
    /// it finds is the new witness and the boards visited after it are narrowed to smaller
    /// ones ([`Board::below`]), so that a search that ends has the smallest, or none.
    pub(super) smallest: bool,
}

/// A board being branched on, and the branches left to try.
pub(super) struct Frame {
    /// The board, without the digits of its cell tried so far.
    pub(super) board: Board,
    pub(super) branch: Branch,
    /// For a cell: the digits left to try in it, and the one of them to try first (as a bit),
    /// if any.
    pub(super) digits: u32,
    pub(super) first: u32,
}

/// What the counting search branches on. Each refutes some sparse queries in tens of nodes
/// where another takes 10^4 to 10^6, so probes take turns with all three (hunted puzzles:
/// mean and worst several times lower than with any one or two of them).
#[derive(Clone, Copy)]
pub(super) enum Branching {
    /// A cell with the fewest candidates.
    Cells,
    /// The first cell in row-major order with the fewest candidates: the solutions it finds
    /// come out small. It finishes clause learning's solutions; as the witness route's first
    /// probe it made the witnesses small (45% fewer queries) but missed the solutions near
    /// them (see [`QUERY_NODES`]).
    Leftmost,
    /// A cell with two candidates, else a digit with two places in a unit, else a cell with
    /// the fewest candidates.
    TwoPlaces,
    /// The places of the digit with the fewest places left on the board, in its unit with
    /// the fewest: the most constrained digits first. A sparse query's contradiction often
    /// lies among a few digits (in one hunted query the 1s, 2s and 9s leave each other no
    /// room), which this finds at once.
    Digits,
}

impl Count {
    /// A count of the solutions of a propagated board that has visited no board yet.
    pub(super) fn new(b: Board, limit: usize, branching: Branching) -> Count {
        Count {
            limit,
            found: 0,
            witness: None,
            nodes: 0,
            branching,
            near: None,
            root: Some(b),
            stack: Vec::new(),
            hall: false,
            smallest: false,
        }
    }

    /// Counts the solutions of a propagated board, visiting at most `nodes` boards.
    pub(super) fn run(b: Board, limit: usize, nodes: u64, branching: Branching) -> Count {
        let mut c = Count::new(b, limit, branching);
        c.resume(nodes);
        c
    }

    /// True when the count is not complete: the node budget ran out first.
    pub(super) fn gave_up(&self) -> bool {
        self.found < self.limit && (self.root.is_some() || !self.stack.is_empty())
    }

    /// Goes on visiting at most `nodes` more boards; true once the count is complete.
    pub(super) fn resume(&mut self, nodes: u64) -> bool {
        let mut left = nodes;
        if left > 0 {
            if let Some(b) = self.root.take() {
                left -= 1;
                // Room for most searches' depth at once (not in `new`: the race's counts
                // are made for every puzzle, most of which never start them).
                self.stack.reserve(32);
                self.visit(b);
            }
        }
        while self.gave_up() && left > 0 {
            let top = self.stack.len() - 1;
            match self.stack[top].next(self.hall) {
                Some(t) => {
                    left -= 1;
                    self.visit(t);
                }
                None => {
                    self.stack.pop();
                }
            }
        }
        !self.gave_up()
    }

    /// Counts `b` if it is solved, else puts its branches on the stack.
    pub(super) fn visit(&mut self, mut b: Board) {
        self.nodes += 1;
        let mut frontier = None;
        if let (true, Some(w)) = (self.smallest, &self.witness) {
            match b.below(w) {
                Some(i) => frontier = Some((i / 27, 1 << (i % 27))),
                None => return,
            }
        }
        let branch = match (self.branching, frontier) {
            // The first cell that can be below the witness, if it has two digits: one branch
            // is below at once, the other moves on (forum_hardest 1.4-2% fewer instructions;
            // with three digits, three times more).
            (Branching::Cells, Some((band, bit))) if b.digit_set(band, bit).count_ones() == 2 => {
                Branch::Cell(band, bit)
            }
            (Branching::Cells, _) => b.fewest_candidates(false, false),
            (Branching::Leftmost, _) => b.fewest_candidates(true, false),
            (Branching::TwoPlaces, _) => b.fewest_candidates(false, true),
            (Branching::Digits, _) => b.fewest_places(),
        };
        let (mut digits, mut first) = (0, 0);
        match branch {
            Branch::Solved => {
                if self.found == 0 {
                    self.witness = Some(b.grid());
                }
                // Looking for the smallest, a solution found only narrows the rest.
                if !self.smallest {
                    self.found += 1;
                }
                return;
            }
            Branch::Cell(band, bit) => {
                digits = b.digit_set(band, bit);
                // One solution is enough: of the digits placed nowhere, only the first needs
                // a try (not for the smallest: exchanging them may change an earlier cell).
                let twins = if self.limit == 1 && !self.smallest {
                    b.absent() & digits
                } else {
                    0
                };
                digits &= !(twins & twins.wrapping_sub(1));
                if let Some(w) = &self.near {
                    first = digits & 1 << w.0[band * 27 + bit.trailing_zeros() as usize] >> 1;
                }
            }
            Branch::Places(..) => {}
        }
        self.stack.push(Frame {
            board: b,
            branch,
            digits,
            first,
        });
    }
}

impl Frame {
    /// The next branch's board that propagation (and with `hall`, Hall's condition) does not
    /// refute, if any is left.
    pub(super) fn next(&mut self, hall: bool) -> Option<Board> {
        loop {
            let mut t = self.board;
            let alive = match &mut self.branch {
                Branch::Cell(band, bit) => {
                    // `first` is one of `digits`, or none.
                    let next = if self.first != 0 {
                        self.first
                    } else {
                        self.digits
                    };
                    let d = match next {
                        0 => return None,
                        m => m.trailing_zeros() as usize,
                    };
                    self.first = 0;
                    self.digits &= !(1 << d);
                    // Not propagated (nor marked changed): the next digit's placement
                    // propagates.
                    self.board.cand[*band * 9 + d] &= !*bit;
                    t.place(*band, d, *bit)
                }
                Branch::Places(d, places) => {
                    let band = places.iter().position(|&p| p != 0)?;
                    let bit = places[band] & places[band].wrapping_neg();
                    places[band] &= !bit;
                    t.place(band, *d, bit)
                }
                Branch::Solved => return None,
            };
            if alive && (!hall || super::hall::matched(&t)) {
                return Some(t);
            }
        }
    }
}
