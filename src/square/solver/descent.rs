//! The least solution of a grid with several, by the ordered search run plain and cut where
//! it thrashes.
//!
//! Putting every branch of the ordered search to a probe pays a whole any-order solve for
//! each cell whose least symbol holds a solution, and on a grid with many solutions that is
//! most cells. Run plain, the ordered search passes those cells at one node each; it only
//! loses its way below a choice that leaves no solution, where it can thrash for millions of
//! nodes. So it runs plain until it meets a few dead ends, and then the boards on its
//! path are put to the any-order search from the deepest up, the steps doubling, until one
//! holds a solution. Below it, the boards that solution keeps to the path's choices hold one
//! too; the next probe is the first it leaves, and so on down, so that only the last probe
//! is a refutation: near the deepest board holding a solution, refuting the next costs far
//! more than finding one. Every branch the ordered search left before it on the path was
//! refuted in full, so the least solution lies below that board: it becomes the new root,
//! and its choice on the path, the board just below it, which holds none, is struck. Each
//! round goes deeper or strikes a symbol.

use super::super::super::learning::Refuter;
use super::{bits, symmetry, Probe, Search};

/// Nodes of a probe before its first restart: probes of grids with solutions near their
/// root seldom reach 5,000 (generated 16x16 and 25x25 sets: instructions unchanged); with
/// smaller first budgets, restarts cost hunted and random grids 2-49% more time. Also all
/// the probes up the descent's path get: 300 cost hunted25.txt 33% more nodes, 1,000
/// sparse16.txt 5% more conflicts.
pub(super) const RESTART_NODES: u64 = 5_000;

/// The nodes of a probe's turn afresh, as a share of its turn with the weights kept: the
/// whole (1) cost the slowest hunted 25x25 grid 24% more time (a half: 10-22%), a quarter
/// (4) the slowest sparse 16x16 board twice the time.
const FRESH_SHARE: u64 = 2;

/// Conflicts of a probe's clause-learning turn per node of its turn with the weights kept:
/// 1, 4 and 16 took the four slowest sparse 16x16 boards 1.8x, 1.1x and 1.0x the time (one
/// search then, before the second joined).
const REFUTE_SCALE: u64 = 8;

impl Search {
    /// The least solution below board `0`, which holds one (`None` only if it holds none),
    /// each round of the ordered search meeting `dead_ends` dead ends at first, and the probes
    /// up its path given `scan` nodes (their first turns only).
    pub(super) fn descend(&mut self, mut dead_ends: u64, scan: u64) -> Option<Vec<u8>> {
        let mut base = 0;
        loop {
            let run = self.least(base, dead_ends);
            if run.witness.is_some() || run.nodes > 0 {
                return run.witness; // the least solution, or none below the base
            }
            if run.depth == base {
                dead_ends *= 2; // all of them hung from the base: no board to probe
                continue;
            }
            // The path's choices: at each depth, its first blank cell and the symbol taken.
            let path: Vec<(usize, u64)> = (base..run.depth)
                .map(|d| {
                    let i = self.boards[d].first_blank().expect("a parent has a blank");
                    (i, 1 << (self.boards[d + 1].value[i] - 1))
                })
                .collect();
            // The boards the guide holds need no probe. Below them, from the deepest board
            // up, each probe reusing the boards below its own (the path's boards are in
            // place down to `placed`, as a probe overwrites those below its own). These
            // probes get only the any-order search's first turns: a board they leave open is
            // passed over, as the one refutation the walk below needs is of the board just
            // below the deepest holding a solution, and refuting a deeper one is wasted.
            let mut sat = base + self.guide_keeps(base, &path);
            let (mut dead, mut step) = (run.depth + 1, 1);
            let (mut d, mut placed) = (run.depth, run.depth);
            while d > sat {
                placed = d;
                match self.probe(d, scan, false) {
                    Some(true) => {
                        sat = d;
                        break;
                    }
                    Some(false) => dead = d,
                    None => {}
                }
                d = d.saturating_sub(step).max(sat);
                step *= 2;
            }
            // Between them, each probe goes where the guide (a solution of board `sat` once
            // a probe holds one) leaves the path: the only refutation is the last, of the
            // board just below the deepest holding a solution.
            loop {
                sat += self.guide_keeps(sat, &path[sat - base..dead - 1 - base]);
                // The boards down to `sat`, and the one to probe, placed again as the ordered
                // search placed them (without pruning), so that each is the path's own.
                let probe = dead - sat > 1;
                self.lex = true;
                for k in placed..sat + probe as usize {
                    let (i, bit) = path[k - base];
                    let alive = self.child(k, i, bit);
                    debug_assert!(alive, "a board on the path is alive");
                }
                self.lex = false;
                if !probe {
                    break;
                }
                placed = sat + 1;
                if self.holds_solution(sat + 1) {
                    sat += 1;
                } else {
                    dead = sat + 1;
                }
            }
            debug_assert!(
                (path[..sat - base].iter()).all(|&(i, bit)| self.boards[sat].cand[i] == bit),
                "board `sat` is the path's own"
            );
            if dead <= run.depth {
                let (i, bit) = path[sat - base];
                self.strike(sat, i, bit);
                self.strike_below_guide(sat, i);
            }
            base = sat;
        }
    }

    /// How many of `choices`, the path's from board `d`, the guide takes, when it is a
    /// solution of board `d` (the boards they lead to then hold it); else 0.
    fn guide_keeps(&self, d: usize, choices: &[(usize, u64)]) -> usize {
        let cand = &self.boards[d].cand;
        let holds = |i: usize| cand[i] & 1 << (self.guide[i] - 1) != 0;
        if self.guide.is_empty() || !(0..cand.len()).all(holds) {
            return 0;
        }
        let on_path = |&&(i, bit): &&(usize, u64)| 1 << (self.guide[i] - 1) == bit;
        choices.iter().take_while(on_path).count()
    }

    /// Takes `symbols`, which hold no solution there, from cell `i` of board `d`.
    fn strike(&mut self, d: usize, i: usize, symbols: u64) {
        let alive = self.take(d, i, symbols);
        debug_assert!(
            alive,
            "a board holding a solution survives a dead symbol's loss"
        );
    }

    /// Takes `symbols` from cell `i` of board `d` and propagates; false when the board dies.
    fn take(&mut self, d: usize, i: usize, symbols: u64) -> bool {
        let (geo, b) = (&self.geo, &mut self.boards[d]);
        bits(symbols).all(|bit| b.remove(geo, i, bit)) && b.propagate(geo, true)
    }

    /// Puts the symbols of cell `i` below the guide's (a solution of board `d`) to the
    /// any-order search in one probe, the cell limited to them: holding none, all are struck;
    /// else the solution found (its symbol there one of them) is the guide, and the symbols
    /// below its go next. The next rounds would meet them one a round, each after the ordered
    /// search thrashed below it; one a probe, each that holds none is a refutation of its own.
    fn strike_below_guide(&mut self, d: usize, i: usize) {
        while let Some(&symbol) = self.guide.get(i) {
            let board = &self.boards[d];
            let below = board.cand[i] & ((1u64 << (symbol - 1)) - 1);
            if board.value[i] != 0 || below == 0 {
                return;
            }
            if !(self.limited(d, i, below) && self.holds_solution(d + 1)) {
                self.strike(d, i, below);
                return;
            }
        }
    }

    /// Copies board `d` to depth `d + 1` with cell `i` limited to the symbols of `mask`.
    fn limited(&mut self, d: usize, i: usize, mask: u64) -> bool {
        self.copy_down(d);
        self.take(d + 1, i, self.boards[d + 1].cand[i] & !mask)
    }

    /// The search in the ordered search's own order, whose first solution is board `d`'s
    /// least, until it meets `dead_ends` dead ends: it passes a cell whose least symbol holds
    /// a solution at one node, and only thrashes below a choice that holds none.
    fn least(&mut self, d: usize, dead_ends: u64) -> Probe {
        self.lex = true;
        let probe = self.any_order(d, 1, dead_ends);
        self.lex = false;
        probe
    }

    /// Whether board `d` holds a solution, by the any-order search keeping the order of
    /// interchangeable lines (`symmetry.rs`) from a copy of the board pruned in every unit,
    /// in turns: with the weights and guide the probes before left, then afresh (weights of
    /// 1, no guide) with a [`FRESH_SHARE`]th of the nodes, then clause learning (`learning/`)
    /// with [`REFUTE_SCALE`] conflicts a node of the first turn, each round with twice the
    /// last's. A refutation's cost swings a hundredfold with the weights: what
    /// earlier probes taught them can mislead the next one, and each restart branches with
    /// new ones; clause learning is the steady one. A solution found guides the next probes.
    pub(super) fn holds_solution(&mut self, d: usize) -> bool {
        self.holds_solution_from(d, RESTART_NODES)
    }

    /// [`Search::holds_solution`], its first turns given `nodes` nodes.
    pub(super) fn holds_solution_from(&mut self, d: usize, nodes: u64) -> bool {
        self.probe(d, nodes, true) == Some(true)
    }

    /// Whether board `d` holds a solution, by the turns [`Search::holds_solution`] describes,
    /// the first given `nodes` nodes; without `learn`, by the any-order turns of the first
    /// round alone, and `None` when they leave it open.
    fn probe(&mut self, d: usize, mut nodes: u64, learn: bool) -> Option<bool> {
        self.chains = symmetry::line_chains(&self.geo, &self.boards[d]);
        // The search runs on a copy of the board (depth `d + 1`) pruned by every unit's
        // matchings: the ordered search placed the path's boards without that pruning.
        self.copy_down(d);
        let (geo, b) = (&self.geo, &mut self.boards[d + 1]);
        b.unmatched = (1u128 << (3 * geo.side)) - 1;
        let alive = b.propagate(geo, true) && symmetry::keep_chains(b, geo, &self.chains);
        let d = d + 1;
        let (mut fresh, mut learning) = (Vec::new(), None);
        let held = if !alive {
            Some(false)
        } else {
            loop {
                if let Some(held) = self.settled(d, nodes) {
                    break Some(held);
                }
                if fresh.is_empty() {
                    fresh = vec![1; self.weight.len()];
                }
                std::mem::swap(&mut self.weight, &mut fresh);
                let guide = std::mem::take(&mut self.guide);
                let settled = self.settled(d, nodes / FRESH_SHARE);
                std::mem::swap(&mut self.weight, &mut fresh);
                if settled != Some(true) {
                    self.guide = guide;
                }
                if settled.is_some() || !learn {
                    break settled;
                }
                let (n, cand) = (self.geo.n, &self.boards[d].cand);
                let refuter = learning.get_or_insert_with(|| Refuter::new(n, cand, &self.chains));
                match refuter.turn(nodes * REFUTE_SCALE) {
                    Some(Some(w)) => {
                        self.guide = w;
                        break Some(true);
                    }
                    Some(None) => break Some(false),
                    None => {}
                }
                nodes *= 2;
            }
        };
        self.chains.clear();
        held
    }

    /// The any-order search on board `d` within `nodes`: whether it holds a solution (then
    /// the guide), or `None` when the nodes ran out.
    fn settled(&mut self, d: usize, nodes: u64) -> Option<bool> {
        let probe = self.any_order(d, 1, nodes);
        if let Some(w) = probe.witness {
            self.guide = w;
            return Some(true);
        }
        if probe.nodes > 0 {
            Some(false)
        } else {
            None
        }
    }
}
