//! The witness route: the smallest solution query by query from any solution.

use super::super::grid::Grid;
use super::board::Board;
use super::count::{Branching, Count, PROBE_NODES};
use super::learner::{Learner, CONFLICT_NODES};

/// How much each round grows every search's budget: a query costs a few times its fastest.
const ROUND_GROWTH: u64 = 4;

/// Counting nodes a query gets in round 1, witness digit first: 16-64 each worse somewhere.
pub(super) const QUERY_NODES: u64 = 32;

/// Counting nodes a query gets from round 2 (x scale): a hunted query 9.5 -> 7.8 M instr.
pub(super) const RETRY_NODES: u64 = 8;

/// Nodes a query's count with Hall's condition at every node gets (x scale), after the first:
/// most refuted queries of hunted sparse puzzles die one or two branchings below (`hunted.txt`
/// -20% instructions, held-out -6%); 1 changes nothing, 4, 8 and 16 worse on a hunt's finds.
const HALL_QUERY_NODES: u64 = 2;

/// Conflicts a query gets (x scale): 160 and 224 alike or worse on the hunted sets.
pub(super) const LEARN_CONFLICTS: u64 = 192;

/// Route nodes between turns of clause learning in row-major order (see [`Route::lexed`]):
/// finds of a hunt against the route without them -33% (64 -37%, 256 -27%, 512 -16%).
const LEX_EVERY: u64 = 128;

/// A turn gets the conflicts of one in this many of the route's nodes since the last: the
/// finds of hunts against 1 -6%, those of sparse boards -15% (3 and 4 no better).
const LEX_SHARE: u64 = 2;

/// What decides the witness route's queries.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Oracle {
    /// The counting search, its three branchings in turns with growing budgets.
    Counting,
    /// Rounds of the counting search ([`QUERY_NODES`]) and clause learning ([`Sat`],
    /// [`LEARN_CONFLICTS`]), which keeps what it learns for the later queries.
    Learning,
}

/// The witness route: any solution W; then, cell by cell in row-major order, the digits
/// below W's in ascending order: the first with a solution gives the new W and is the
/// cell's digit; when none has, W's digit is.
pub(super) struct Route {
    pub(super) oracle: Oracle,
    /// Whether queries go to the counting search first (tests switch it off, to put every
    /// query to clause learning).
    pub(super) probe: bool,
    pub(super) learner: Option<Box<Learner>>,
    /// The counting search's boards, the clause learning's decisions and conflicts.
    pub(super) nodes: u64,
    /// Where the route takes turns with clause learning in row-major order (the ordered
    /// search's, whose first solution is the smallest: see [`super::sat`]): its nodes at the
    /// last turn. Each turn gets the conflicts half the route's nodes since then are worth
    /// ([`LEX_SHARE`]), so a puzzle that one of the two answers fast waits at most about three
    /// times on the other.
    pub(super) lexed: Option<u64>,
}

impl Route {
    pub(super) fn new(oracle: Oracle) -> Route {
        Route {
            oracle,
            probe: true,
            learner: None,
            nodes: 0,
            lexed: None,
        }
    }

    /// The smallest solution of the propagated board `root`, given `stopped`, a board below
    /// it that no solution is smaller than in the cells before its first unsolved one (where
    /// the ordered search stopped; `root` itself when it did not run).
    pub(super) fn smallest(
        &mut self,
        root: Board,
        stopped: &Board,
        first: Option<Grid>,
    ) -> Option<Grid> {
        let mut w = match first {
            Some(w) => w,
            None => self.decide(&root, root, &[], None)?,
        };
        let mut b = root;
        while let Some((band, bit)) = b.first_unsolved() {
            let cell = band * 27 + bit.trailing_zeros() as usize;
            // Where every cell before is as in `stopped`, the digits below its are refuted.
            if stopped.unsolved[band] & bit == 0 && b.agrees_before(stopped, cell) {
                let below = stopped.digit_set(band, bit) - 1;
                let alive = b.remove(band, bit, below);
                debug_assert!(alive, "the witness is no smaller than `stopped`");
            }
            // The digits below the witness's: the smallest alone (a solution with it settles
            // the cell), then, once one is refuted, all the others in one query (one proof
            // refutes them all; a solution lowers the witness's digit). Of the digits placed
            // nowhere only the smallest is asked, and refuting it refutes them all: they are
            // interchangeable. Measured (instructions) against one digit a query: the hunted
            // sets 0.4 to 3.2% less; all at once from the start, 2.6% more on the held-out set
            // (clause learning's solutions, which land on any digit asked, took 26% more
            // queries). Not over the counting search alone: 11% more on `hunted.txt`.
            let twins = b.absent();
            let mut single = true;
            loop {
                if let Some(answer) = self.lex_turn(&b) {
                    return answer;
                }
                let cands = b.digit_set(band, bit);
                let below = cands & ((1 << (w.0[cell] - 1)) - 1);
                if below == 0 {
                    break;
                }
                let alike = below & twins;
                let mut asked = below & !twins | alike & alike.wrapping_neg();
                if single {
                    asked &= asked.wrapping_neg();
                }
                let others = cands & !asked;
                let mut t = b;
                if t.remove(band, bit, others) {
                    // Over clause learning, a swap in the witness first (not over the counting
                    // search alone: it stays a plain second search).
                    let swapped = match self.oracle {
                        Oracle::Learning => b.swapped(&w, cell, asked),
                        Oracle::Counting => None,
                    };
                    if let Some(v) = swapped {
                        w = v;
                        continue;
                    }
                    let assume: Vec<u16> = (0..9)
                        .filter(|&e| others & 1 << e != 0)
                        .map(|e| super::sat::lacks(9 * cell + e))
                        .collect();
                    if let Some(v) = self.decide(&b, t, &assume, Some(&w)) {
                        w = v;
                        continue;
                    }
                }
                single = self.oracle == Oracle::Counting;
                let gone = if asked & twins != 0 {
                    asked | twins
                } else {
                    asked
                };
                let alive = b.remove(band, bit, gone);
                debug_assert!(alive, "the witness is a solution");
            }
            let alive = b.place(band, w.0[cell] as usize - 1, bit);
            debug_assert!(alive, "the witness's digit has a solution");
        }
        Some(w)
    }

    /// A turn of clause learning in row-major order on `b`, the route's board (its smallest
    /// solution is the answer), when the route has spent [`LEX_EVERY`] nodes since the last;
    /// the answer if it ended.
    fn lex_turn(&mut self, b: &Board) -> Option<Option<Grid>> {
        let spent = self.nodes - self.lexed?;
        if spent < LEX_EVERY {
            return None;
        }
        self.lex(b, spent / CONFLICT_NODES / LEX_SHARE)
    }

    /// The smallest solution of `b` (or none) by clause learning in row-major order within
    /// `conflicts`, if it ended; its nodes count as the route's, and the turns start over.
    pub(super) fn lex(&mut self, b: &Board, conflicts: u64) -> Option<Option<Grid>> {
        let learner = self.learner.get_or_insert_with(Learner::new);
        learner.sat.lex = true;
        let (w, nodes) = learner.solve(b, &[], conflicts, None);
        learner.sat.lex = false;
        self.nodes += nodes;
        self.lexed = Some(self.nodes);
        w.ok()
    }

    /// A solution of `t`, if any: the board `b` (every later board of the route lies below
    /// it) with the literals `assume` (as in [`Sat`]) holding. The counting search
    /// with each of its branchings, and clause learning, take turns with budgets that grow
    /// fourfold a round, each going on where it stopped: each is sometimes the only fast
    /// one, and this way a query costs a few times what the fastest one needs. `w` is the
    /// witness the query would change, if any.
    pub(super) fn decide(
        &mut self,
        b: &Board,
        t: Board,
        assume: &[u16],
        w: Option<&Grid>,
    ) -> Option<Grid> {
        // Each probe: its branching, its nodes at scale 1, the scale it starts at, and whether
        // its boards must pass Hall's condition too.
        let probes: &[(Branching, u64, u64, bool)] = match self.oracle {
            Oracle::Counting => &[
                (Branching::Digits, PROBE_NODES, 1, false),
                (Branching::TwoPlaces, PROBE_NODES, 1, false),
                (Branching::Cells, PROBE_NODES, 1, false),
            ],
            Oracle::Learning if self.probe => &[
                (Branching::Cells, QUERY_NODES, 1, false),
                (Branching::Cells, HALL_QUERY_NODES, 1, true),
                (Branching::Cells, RETRY_NODES, ROUND_GROWTH, false),
            ],
            Oracle::Learning => &[],
        };
        let mut counts: Vec<Count> = probes
            .iter()
            .map(|p| {
                let mut c = Count::new(t, 1, p.0);
                c.hall = p.3;
                c
            })
            .collect();
        if self.oracle == Oracle::Learning {
            if let Some(first) = counts.first_mut() {
                first.near = w.copied();
            }
        }
        let mut scale = 1;
        loop {
            for (c, &(_, nodes, from, _)) in counts.iter_mut().zip(probes) {
                if scale < from {
                    continue;
                }
                let before = c.nodes;
                let decided = c.resume(nodes * scale);
                self.nodes += c.nodes - before;
                if decided {
                    return c.witness.take();
                }
            }
            if self.oracle == Oracle::Learning {
                if let Ok(w) = self.learn(b, assume, LEARN_CONFLICTS * scale) {
                    return w;
                }
            }
            scale *= ROUND_GROWTH;
        }
    }

    /// A solution on the ordered search's `branch` (deepest first) where it stopped: of the
    /// deepest board and those 1, 3, 7, 15, ... up from it (most of the deepest ones lie under
    /// a digit it was still refuting), the first the counting search solves within
    /// [`QUERY_NODES`]. Its cells agree with the answer's up to there, so the witness route asks
    /// few queries before: on sparse hunted puzzles, whose ordered search stops after
    /// [`SPARSE_NODES`](super::ordered::SPARSE_NODES), half the queries (docs/solver.md has the figures).
    pub(super) fn on_branch(&mut self, branch: &[Board]) -> Option<Grid> {
        let mut up = 0;
        while let Some(&b) = branch.get(up) {
            let c = Count::run(b, 1, QUERY_NODES, Branching::Cells);
            self.nodes += c.nodes;
            if c.witness.is_some() {
                return c.witness;
            }
            up = 2 * up + 1;
        }
        None
    }

    /// [`Route::decide`] by clause learning, within `conflicts`: what `b` rules out becomes
    /// a fact, `assume` assumptions.
    pub(super) fn learn(
        &mut self,
        b: &Board,
        assume: &[u16],
        conflicts: u64,
    ) -> Result<Option<Grid>, super::sat::GaveUp> {
        let learner = self.learner.get_or_insert_with(Learner::new);
        let (w, nodes) = learner.solve(b, assume, conflicts, None);
        self.nodes += nodes;
        w
    }
}
