//! The fast solver for grids of every size, with the kit's contract: the answer is the first
//! solution of the first-empty-cell, smallest-symbol-first search, the lexicographically
//! smallest. 9x9 grids go to [`super::super::solver`]; other sizes are solved here:
//!
//! - Each cell holds a `u64` mask of the symbols it may still take (36 symbols fit), and
//!   each symbol in each row, column and box a mask of the places it may still go: the
//!   columns of Dancing Links, with their sizes. Placing a symbol clears it from the cell's
//!   peers; a cell left with one symbol is placed (naked single), and so is a symbol left
//!   with one place in a unit (hidden single); a symbol whose places in a unit come to lie
//!   where it crosses another unit leaves the rest of that other unit (locked candidates);
//!   a unit whose open cells cannot take its missing symbols one each (no bipartite
//!   matching) is dead. Each removal queues only what it may have caused. Propagation only
//!   removes candidates that lead to no solution, so it never changes which solution comes
//!   first.
//! - The any-order search branches on the column with the fewest choices for its weight,
//!   which grows each time that column goes empty (dom/wdeg): the search learns where the
//!   grid is tight, which on hard grids cuts the tree a hundredfold. One any-order count up
//!   to 2 settles unique and unsolvable grids at once.
//! - Otherwise (several solutions) the answer comes from the descent (`descent.rs`): the
//!   ordered search (first blank cell, symbols ascending, propagation at every node) runs
//!   plain until a few dead ends, then the deepest board on its path that holds a solution
//!   becomes the root and the choice below it, which holds none, is struck.
//! - The solutions after the first (the tool's enumeration) come from the ordered search
//!   with each branch first put to the any-order search: only those holding a solution are
//!   entered. The any-order search tries the last solution found first at each branching
//!   (solution-guided): a branch differs from it in one cell and often has a solution
//!   close to it.
//! - Grids of 16 cells or fewer (1x1, 4x4) take the ordered search alone, with each unit's
//!   symbols in a mask: there propagation and probes cost more than they save.

mod board;
mod descent; // the least of several solutions: the ordered search cut where it thrashes
mod matching; // all-different: a unit's cells matched to its symbols, Hall sets
mod symmetry; // interchangeable lines ordered in probes; solutions that come in pairs

pub(crate) use self::board::Geometry;
use self::board::{bits, Board, Branch};
use self::descent::RESTART_NODES;
use super::super::visit;
use super::super::{learning, solver};
use super::Square;

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Square) -> Option<Square> {
    match g.side() {
        0..=9 => first_solution_small(g),
        _ => first_solution_large(g),
    }
}

/// [`first_solution`] of a grid up to 9x9: the 9x9 solver's, or for 1x1 and 4x4 the small
/// search's. Judge bins whose grids are that small call it, and their bundles leave out the
/// searches for larger grids (below); those of 16x16 and up call [`first_solution_large`],
/// and theirs leave out the 9x9 solver: each would take the other past 64 KiB.
pub fn first_solution_small(g: &Square) -> Option<Square> {
    if let Some(grid) = g.to_grid() {
        // By `first_solution_and_nodes`: a bundle that keeps the 9x9 `first_solution` keeps
        // this module's, and with it the searches for larger grids.
        return solver::first_solution_and_nodes(&grid)
            .0
            .map(|s| Square::from_grid(&s));
    }
    let mut found = None;
    small_solutions(g, &mut |s| {
        found = Some(Square::from_cells(g.box_size(), s.to_vec()));
        true
    });
    found
}

/// [`first_solution`] of a grid of 16x16 and up (see [`first_solution_small`]).
pub fn first_solution_large(g: &Square) -> Option<Square> {
    visit::first(|v| search_solutions(g, v))
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions(g: &Square, limit: usize) -> usize {
    if let Some(grid) = g.to_grid() {
        return solver::count_solutions(&grid, limit);
    }
    if g.side() <= 4 {
        return visit::count(|v| small_solutions(g, v), limit);
    }
    let mut s = match Search::new(g) {
        Some(s) => s,
        None => return 0,
    };
    match s.count_two().0 {
        2 if limit > 2 => s.any_order(0, limit, u64::MAX).found,
        found => found.min(limit),
    }
}

/// A solution of `g`, any: the first the any-order search meets (not the smallest). Tests
/// build the smallest from it as a second search, independent of the ordered one.
pub fn any_solution(g: &Square) -> Option<Square> {
    if let Some(grid) = g.to_grid() {
        return solver::count_and_witness(&grid, 1)
            .1
            .map(|s| Square::from_grid(&s));
    }
    if g.side() <= 4 {
        return first_solution(g);
    }
    let w = Search::new(g)?.any_order(0, 1, u64::MAX).witness?;
    Some(Square::from_cells(g.box_size(), w))
}

/// The solutions a count to 2 found (2 for two or more) and one of them, as cells.
type Counted = (usize, Option<Vec<u8>>);

/// Calls `visit` on each solution in lexicographic order until it returns true (stop).
pub fn solutions(g: &Square, visit: &mut dyn FnMut(&Square) -> bool) {
    if let Some(grid) = g.to_grid() {
        return solver::solutions(&grid, &mut |s| visit(&Square::from_grid(s)));
    }
    if g.side() <= 4 {
        return small_solutions(g, &mut |s| {
            visit(&Square::from_cells(g.box_size(), s.to_vec()))
        });
    }
    search_solutions(g, visit);
}

/// [`solutions`] by the propagating searches below.
fn search_solutions(g: &Square, visit: &mut dyn FnMut(&Square) -> bool) {
    if let Some(mut s) = Search::new(g) {
        // One count to 2 first: a unique or unsolvable grid needs nothing more.
        match s.count_two() {
            (0, _) => {}
            (1, Some(w)) => {
                visit(&Square::from_cells(g.box_size(), w));
            }
            (_, w) => {
                // Several solutions: the least by the descent, then the ordered search goes
                // on to the solutions after it.
                s.guide = w.unwrap_or_default();
                if let Some(least) = s.descend(ORDERED_DEAD_ENDS, RESTART_NODES) {
                    if !visit(&Square::from_cells(g.box_size(), least.clone())) {
                        let mut rest = |x: &Square| x.cells() != &least[..] && visit(x);
                        s.ordered(0, Some(&least), &mut rest);
                    }
                }
            }
        }
    }
}

/// Grids of at most 16 cells (1x1, 4x4): the ordered search alone, each unit's symbols in a
/// mask on the stack. On 16 cells propagation and probes cost more than they save. `visit`
/// gets each solution's cells, so the first one is made into a grid once, not twice.
fn small_solutions(g: &Square, visit: &mut dyn FnMut(&[u8]) -> bool) {
    let (n, side) = (g.box_size(), g.side());
    let mut cells = [0u8; 16];
    cells[..side * side].copy_from_slice(g.cells());
    let mut used = [0u8; 12];
    for (i, &v) in g.cells().iter().enumerate() {
        if v != 0 {
            let bit = 1 << (v - 1);
            for u in small_units(n, i) {
                if used[u] & bit != 0 {
                    return; // clashing givens
                }
                used[u] |= bit;
            }
        }
    }
    small_fill(n, &mut cells, &mut used, 0, visit);
}

/// The row, column and box of cell `i` of a grid of box size `n` (at most 2), as indices
/// into [`small_solutions`]' masks.
fn small_units(n: usize, i: usize) -> [usize; 3] {
    // n is 1 or 2: dividing by n is shifting by n - 1, by n * n shifting twice as far.
    let (k, side) = (n - 1, n * n);
    let (r, c) = (i >> (2 * k), i & (side - 1));
    [r, side + c, 2 * side + (r >> k << k) + (c >> k)]
}

/// Fills the first blank at or after `from`; true once `visit` asked to stop.
fn small_fill(
    n: usize,
    cells: &mut [u8; 16],
    used: &mut [u8; 12],
    from: usize,
    visit: &mut dyn FnMut(&[u8]) -> bool,
) -> bool {
    let count = n * n * n * n;
    let i = match (from..count).find(|&i| cells[i] == 0) {
        Some(i) => i,
        None => return visit(&cells[..count]),
    };
    let [r, c, b] = small_units(n, i);
    let free = !(used[r] | used[c] | used[b]) & ((1u8 << (n * n)) - 1);
    for bit in bits(free as u64) {
        let bit = bit as u8;
        cells[i] = bit.trailing_zeros() as u8 + 1;
        for u in [r, c, b] {
            used[u] |= bit;
        }
        let stop = small_fill(n, cells, used, i + 1, visit);
        for u in [r, c, b] {
            used[u] &= !bit;
        }
        if stop {
            return true;
        }
    }
    cells[i] = 0;
    false
}

/// The dead ends a round of the descent lets the search in the ordered order meet. Measured
/// at 4 to 64 on the hunted and random sets: fewer probe the path too often, more thrash
/// below a dead choice.
const ORDERED_DEAD_ENDS: u64 = 16;

/// Nodes of the any-order count to 2 before clause learning takes over: the stored sets'
/// counts take at most a third of it.
const COUNT_NODES: u64 = 1024;

/// What the any-order search found.
struct Probe {
    found: usize,
    witness: Option<Vec<u8>>,
    /// Nodes (dead ends, in the ordered order) left; the search gave up when this reached
    /// zero.
    nodes: u64,
    /// Where it gave up: the depth of the board it had no node left for.
    depth: usize,
}

/// The two searches over a stack of boards, one per depth, reused from node to node.
struct Search {
    geo: Geometry,
    boards: Vec<Board>,
    /// Each column's weight for [`Board::branch`]: 1 and how often it went empty.
    weight: Vec<u64>,
    /// Whether the any-order search branches as the ordered one does (first blank cell,
    /// symbols ascending), so that its first solution is the board's smallest.
    lex: bool,
    /// The witness the probes look near: the any-order search tries its choice first, as a
    /// branch differs from it in one cell and often has a solution close to it.
    guide: Vec<u8>,
    /// The order the any-order search keeps among interchangeable lines, while it only asks
    /// whether a board holds a solution (`symmetry.rs`).
    chains: Vec<symmetry::Chain>,
}

impl Search {
    /// The propagated root board of `g`, or `None` when its givens have no solution.
    fn new(g: &Square) -> Option<Search> {
        let geo = Geometry::new(g.box_size());
        let mut root = Board::new(&geo);
        let cells = root.cand.len();
        for (i, &v) in g.cells().iter().enumerate() {
            if v != 0 && !root.place(&geo, i, 1 << (v - 1)) {
                return None;
            }
        }
        if !root.propagate(&geo, true) {
            return None;
        }
        Some(Search {
            geo,
            boards: vec![root],
            weight: vec![1; 4 * cells],
            lex: false,
            guide: Vec::new(),
            chains: Vec::new(),
        })
    }

    /// Copies board `d` to depth `d + 1`, places `bit` in cell `i` there and propagates.
    fn child(&mut self, d: usize, i: usize, bit: u64) -> bool {
        self.copy_down(d);
        let b = &mut self.boards[d + 1];
        b.failed = usize::MAX;
        let alive = b.place(&self.geo, i, bit)
            && b.propagate(&self.geo, !self.lex)
            && (self.lex || symmetry::keep_chains(b, &self.geo, &self.chains));
        // The ordered order's dead ends would pile weight on the first rows: not counted.
        if !alive && b.failed != usize::MAX && !self.lex {
            self.weight[b.failed] += 1;
        }
        alive
    }

    /// Copies board `d` to depth `d + 1`.
    fn copy_down(&mut self, d: usize) {
        if self.boards.len() == d + 1 {
            let b = self.boards[d].clone();
            self.boards.push(b);
        } else {
            let (parents, children) = self.boards.split_at_mut(d + 1);
            children[0].clone_from(&parents[d]);
        }
    }

    fn square(&self, d: usize) -> Square {
        Square::from_cells(self.geo.n, self.boards[d].value.clone())
    }

    /// Counts the root's solutions up to 2: the any-order search, past [`COUNT_NODES`] clause
    /// learning instead (`learning/`), or where solutions come in pairs a probe for one (near
    /// empty 36x36 grids: up to 27 s -> 0.1 s). The solutions found (2 for two or more), and
    /// one.
    fn count_two(&mut self) -> Counted {
        let count = self.any_order(0, 2, COUNT_NODES);
        if count.nodes > 0 {
            return (count.found, count.witness);
        }
        if symmetry::paired(&self.geo, &self.boards[0]) {
            if count.witness.is_some() {
                return (2, count.witness);
            }
            return match self.holds_solution(0) {
                true => (2, Some(self.guide.clone())),
                false => (0, None),
            };
        }
        learning::count_two_by_learning(self.geo.n, &self.boards[0].cand)
    }

    /// Counts the solutions of board `d` up to `limit`, spending at most `nodes`.
    fn any_order(&mut self, d: usize, limit: usize, nodes: u64) -> Probe {
        let mut probe = Probe {
            found: 0,
            witness: None,
            nodes,
            depth: 0,
        };
        self.count(d, limit, &mut probe);
        probe
    }

    /// Counts the solutions below board `d`, branching on its cell with the fewest
    /// candidates; true once the count reached `limit` or the budget ran out. The budget
    /// counts nodes, or in the ordered order dead ends (children that propagation refutes):
    /// there a long path without them is no sign of trouble.
    fn count(&mut self, d: usize, limit: usize, probe: &mut Probe) -> bool {
        if probe.nodes == 0 {
            probe.depth = d;
            return true;
        }
        if !self.lex {
            probe.nodes -= 1;
        }
        let board = &self.boards[d];
        let branch = if self.lex {
            board.first_blank().map(Branch::Cell)
        } else {
            board.branch(&self.geo, &self.weight)
        };
        let branch = match branch {
            Some(b) => b,
            None => {
                probe.found += 1;
                if probe.witness.is_none() {
                    probe.witness = Some(self.boards[d].value.clone());
                }
                return probe.found >= limit;
            }
        };
        let choices = self.boards[d].choices(&self.geo, &branch);
        let guided = if self.lex {
            0
        } else {
            self.guided(&branch) & choices
        };
        for b in bits(guided).chain(bits(choices & !guided)) {
            let (i, bit) = branch.choice(&self.geo, b);
            if self.child(d, i, bit) {
                if self.count(d + 1, limit, probe) {
                    return true;
                }
            } else if self.lex {
                probe.nodes -= 1;
                if probe.nodes == 0 {
                    probe.depth = d;
                    return true;
                }
            }
        }
        false
    }

    /// Visits the solutions below board `d` in lexicographic order; true once `visit` asked
    /// to stop. Each branch goes first to the
    /// any-order search: only those holding a solution are entered. While the path follows
    /// `least`, the board's least solution, the symbols below its are known to hold none
    /// and its own holds it: neither is put to the search again.
    fn ordered(
        &mut self,
        d: usize,
        least: Option<&[u8]>,
        visit: &mut dyn FnMut(&Square) -> bool,
    ) -> bool {
        let board = &self.boards[d];
        let i = match board.first_blank() {
            Some(i) => i,
            None => return visit(&self.square(d)),
        };
        for bit in bits(board.cand[i]) {
            let symbol = bit.trailing_zeros() as u8 + 1;
            if least.map_or(false, |w| symbol < w[i]) {
                continue;
            }
            let on_path = least.filter(|w| w[i] == symbol);
            if self.child(d, i, bit)
                && (on_path.is_some() || self.holds_solution(d + 1))
                && self.ordered(d + 1, on_path, visit)
            {
                return true;
            }
        }
        false
    }

    /// The choice of `branch` that [`Search::guide`] makes, as a choice bit (0 if none).
    fn guided(&self, branch: &Branch) -> u64 {
        if self.guide.is_empty() {
            return 0;
        }
        match *branch {
            Branch::Cell(i) => 1 << (self.guide[i] - 1),
            Branch::Symbol(u, s) => {
                let mut unit = self.geo.unit(u).iter();
                let p = unit.position(|&c| self.guide[c as usize] as usize == s + 1);
                p.map_or(0, |p| 1 << p)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::grid::Grid;
    use super::super::super::plain;
    use super::super::super::rng::Rng;
    use super::super::gen as square_gen;
    use super::*;

    fn sq(n: usize, rows: &str) -> Square {
        let cells = rows
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        Square::from_cells(n, cells)
    }

    #[test]
    fn several_solutions_give_the_smallest_and_all_in_order() {
        let g = sq(2, "0 0 0 0  0 0 1 0  0 0 0 0  0 0 0 0");
        let mut want = Vec::new();
        plain::solutions(&g, &mut |s| {
            want.push(s.clone());
            false
        });
        let mut got = Vec::new();
        solutions(&g, &mut |s| {
            got.push(s.clone());
            false
        });
        assert!(want.len() > 10);
        assert_eq!(got, want);
        assert_eq!(count_solutions(&g, 1000), want.len());
        assert_eq!(first_solution(&g), Some(want[0].clone()));
    }

    type Enumeration = fn(&Square, &mut dyn FnMut(&Square) -> bool);

    /// All solutions of `g` in order, by `search`.
    fn all(g: &Square, search: Enumeration) -> Vec<Square> {
        let mut found = Vec::new();
        search(g, &mut |s| {
            found.push(s.clone());
            false
        });
        found
    }

    #[test]
    fn the_propagating_searches_agree_with_the_plain_search_on_4x4() {
        // 4x4 grids go to the small search, but there the plain search counts everything:
        // grids from empty to full, a third with one given changed (clashing or dead).
        let mut rng = Rng(16);
        for k in 0..600 {
            let mut g = square_gen::with_clues(&mut rng, 2, k % 17);
            if k % 3 == 0 {
                if let Some(i) = (0..16).find(|&i| g.cells()[i] != 0) {
                    g.set(i, g.cells()[i] % 4 + 1);
                }
            }
            let want = all(&g, plain::solutions);
            assert_eq!(all(&g, |g, v| search_solutions(g, v)), want, "{:?}", g);
            assert_eq!(all(&g, solutions), want, "{:?}", g);
            let count = Search::new(&g).map_or(0, |mut s| s.any_order(0, 300, u64::MAX).found);
            assert_eq!(count, want.len(), "{:?}", g);
        }
    }

    #[test]
    fn pruning_keeps_exactly_what_some_matching_allows() {
        // After propagation, each candidate left in the open cells of a unit with few of
        // them (see `PRUNE_SHARE`) lies in a perfect matching of those cells to the unit's
        // missing symbols (found here by the matching alone, the cell fixed to it), and a
        // solution's symbols are never pruned.
        let mut rng = Rng(1309);
        let mut pruned = 0;
        for k in 0..300 {
            let n = 3 + k % 2;
            let clues = if n == 3 { 20 + k % 15 } else { 110 + k % 60 };
            let g = square_gen::with_clues(&mut rng, n, clues);
            let s = match Search::new(&g) {
                Some(s) => s,
                None => continue,
            };
            let (geo, b) = (&s.geo, &s.boards[0]);
            for u in 0..3 * geo.side {
                let cells: Vec<usize> = (geo.unit(u).iter().map(|&c| c as usize))
                    .filter(|&c| b.value[c] == 0)
                    .collect();
                if board::PRUNE_SHARE * cells.len() > geo.side {
                    continue;
                }
                for (at, &c) in cells.iter().enumerate() {
                    for bit in bits(b.cand[c]) {
                        let open: Vec<u64> = cells.iter().map(|&d| b.cand[d] & !bit).collect();
                        let (mut owner, mut taken) = ([0u8; 64], 0);
                        let matched = (0..open.len())
                            .filter(|&d| d != at)
                            .all(|d| matching::augment(d, &open, &mut owner, &mut taken, &mut 0));
                        assert!(matched, "{:?}: unit {} cell {} symbol {:x}", g, u, c, bit);
                    }
                }
            }
            if n == 3 {
                let mut plain_board = Board::new(geo);
                let mut unpruned = true;
                for (i, &v) in g.cells().iter().enumerate() {
                    if v != 0 {
                        unpruned &= plain_board.place(geo, i, 1 << (v - 1));
                    }
                }
                if unpruned && plain_board.propagate(geo, false) {
                    pruned += (0..81)
                        .filter(|&i| plain_board.cand[i] != b.cand[i])
                        .count();
                }
                if let Some(w) = plain::first_solution(&g) {
                    assert!((0..81).all(|i| b.cand[i] >> (w.cells()[i] - 1) & 1 != 0));
                }
            }
        }
        assert!(pruned > 0, "the matching pruned nothing");
    }

    #[test]
    fn the_descent_agrees_with_the_ordered_search_on_the_hunted_grids() {
        // The hunts' slowest 16x16 and 25x25 grids (several solutions each): the descent's
        // answer against the ordered search run on its own (pruning nothing) where that
        // ends within its dead ends. Its path's boards, placed again without pruning, must be
        // the ordered search's own: placed with it, one 25x25 grid came out with none.
        let mut compared = 0;
        for (file, n) in [("hunted16.txt", 4), ("hunted25.txt", 5)] {
            let path = format!(
                "{}/benches/data/squares/{}",
                env!("CARGO_MANIFEST_DIR"),
                file
            );
            let text = std::fs::read_to_string(path).unwrap();
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let g = sq(n, line);
                let mut s = Search::new(&g).unwrap();
                s.lex = true;
                if let Some(w) = s.any_order(0, 1, 2_000).witness {
                    let w = Square::from_cells(n, w);
                    assert_eq!(first_solution(&g), Some(w), "{}", line);
                    compared += 1;
                }
            }
        }
        assert!(compared >= 30, "{} compared", compared);
    }

    #[test]
    fn restarted_probes_answer_as_probes_run_to_the_end() {
        // Restarts from one node on, doubling (kept weights, afresh, then clause learning,
        // which settles most of these at its first conflicts), against the any-order search
        // run to the end in a fresh search: whether the grid holds a solution, and that the
        // guide is one of it.
        // Random 9x9 and 16x16 grids hold one; the hunted 9x9 boards without a solution that
        // propagation at the root does not refute hold none.
        let mut rng = Rng(2027);
        let mut grids: Vec<Square> = (0..60)
            .map(|k| square_gen::with_clues(&mut rng, 3 + k % 2, if k % 2 == 0 { 22 } else { 90 }))
            .collect();
        let path = format!(
            "{}/benches/data/hunted_none.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        grids.extend(
            text.lines()
                .map(|l| Square::from_grid(&Grid::from_line(l).unwrap())),
        );
        let (mut held, mut none) = (0, 0);
        for g in &grids {
            let mut s = match Search::new(g) {
                Some(s) => s,
                None => continue,
            };
            let want = Search::new(g).unwrap().any_order(0, 1, u64::MAX).found == 1;
            assert_eq!(s.holds_solution_from(0, 1), want, "{:?}", g);
            if want {
                let w = Square::from_cells(g.box_size(), s.guide.clone());
                assert!(w.is_solved() && g.agrees_with(&w), "{:?}", g);
                held += 1;
            } else {
                none += 1;
            }
        }
        assert!(held >= 50 && none >= 5, "{} held, {} none", held, none);
    }

    #[test]
    fn tiny_sizes_and_clashes() {
        assert_eq!(first_solution(&Square::empty(1)), Some(sq(1, "1")));
        assert_eq!(count_solutions(&Square::empty(1), 3), 1);
        assert_eq!(count_solutions(&Square::empty(2), 1000), 288);
        let clash = sq(2, "1 0 0 0  0 1 0 0  0 0 0 0  0 0 0 0");
        assert_eq!(first_solution(&clash), None);
        assert_eq!(count_solutions(&clash, 3), 0);
    }

    /// The answer is a solution keeping the givens, and at each blank cell every smaller
    /// symbol, after the answer's earlier cells, is refuted by the any-order count.
    fn assert_smallest(g: &Square) {
        assert_least(g, &first_solution(g).unwrap());
    }

    fn assert_least(g: &Square, s: &Square) {
        assert!(s.is_solved() && g.agrees_with(s));
        let mut prefix = g.clone();
        for (i, &v) in s.cells().iter().enumerate() {
            if g.cells()[i] == 0 {
                for smaller in 1..v {
                    let mut t = prefix.clone();
                    t.set(i, smaller);
                    assert_eq!(count_solutions(&t, 1), 0);
                }
            }
            prefix.set(i, v);
        }
    }

    #[test]
    fn the_descent_with_one_dead_end_a_round_gives_the_smallest() {
        // One dead end a round: the path is probed and cut again and again. With one node
        // for each probe up the path, they leave every board open: the walk down finds
        // each round's deepest board holding a solution alone.
        let mut rng = Rng(38);
        for k in 0..6 {
            let g = square_gen::with_clues(&mut rng, 4, 80 + 8 * k);
            for scan in [RESTART_NODES, 1] {
                let mut s = Search::new(&g).unwrap();
                let least = s.descend(1, scan).unwrap();
                assert_least(&g, &Square::from_cells(4, least));
            }
        }
    }

    #[test]
    fn a_hunted_25x25_grid_gives_the_smallest() {
        // Its descent walks the guide past boards a probe overwrote, to the board above a
        // dead one: the path's boards must be placed again before the strike.
        let path = format!(
            "{}/benches/data/squares/hunted25.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        let line = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .nth(16)
            .unwrap();
        let g = sq(5, line);
        let mut s = Search::new(&g).unwrap();
        s.guide = s.count_two().1.unwrap();
        let least = s.descend(ORDERED_DEAD_ENDS, RESTART_NODES).unwrap();
        assert_least(&g, &Square::from_cells(5, least));
    }

    #[test]
    fn sparse_grids_give_the_smallest() {
        // Once over a minute: an empty 16x16 grid with one `A` at row 5, column 12.
        let mut g = Square::empty(4);
        g.set(4 * 16 + 11, 1);
        assert_smallest(&g);
        let mut g = Square::empty(4);
        for &(i, v) in &[(3, 7), (40, 2), (77, 16), (130, 9), (201, 1), (255, 4)] {
            g.set(i, v);
        }
        assert_smallest(&g);
        let mut g = Square::empty(5);
        for &(i, v) in &[(12, 25), (300, 1), (624, 3)] {
            g.set(i, v);
        }
        assert_smallest(&g);
    }

    #[test]
    fn nine_by_nine_goes_to_the_9x9_solver() {
        let g = Square::empty(3);
        let s = first_solution(&g).unwrap();
        assert_eq!(&s.cells()[..9], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(count_solutions(&g, 4), 4);
    }
}
