//! The fast solver for grids of every size, with the kit's contract: the answer is the first
//! solution of the first-empty-cell, smallest-symbol-first search, the lexicographically
//! smallest. 9x9 grids go to [`super::solver`]; other sizes are solved here:
//!
//! - Each cell holds a `u64` mask of the symbols it may still take (36 symbols fit). Placing a
//!   symbol clears it from the cell's peers; a cell left with one symbol is placed (naked
//!   single), and so is a symbol left with one cell in a row, column or box (hidden single);
//!   a symbol that within a box fits one line only leaves the rest of that line, and the
//!   other way round (locked candidates); a unit whose open cells cannot take its missing
//!   symbols one each (no bipartite matching) is dead. Propagation only removes candidates
//!   that lead to no solution, so it never changes which solution comes first.
//! - The any-order search branches on the cell with the fewest candidates, or on a symbol
//!   with fewer places left in some unit. One any-order count up to 2 settles unique and
//!   unsolvable grids at once.
//! - Otherwise the answer comes from the ordered search (first blank cell, symbols
//!   ascending, propagation at every node), with each branch first put to a probe: a short
//!   search in the ordered order (its solution is the branch's least, so the ordered search
//!   just follows it), then the any-order search: no solution refutes the branch, a solution
//!   is a witness and the ordered search goes on inside that branch, checking only the
//!   symbols below the witness's. An any-order probe that
//!   runs out of nodes is retried with four times as many from another starting cell; a
//!   branch still undecided at [`PROBE_GROWTH`] times the first budget is split by its
//!   first blank cell, as the ordered search would.

use super::solver;
use super::square::{Square, MAX_BOX};
use super::visit;

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Square) -> Option<Square> {
    if let Some(grid) = g.to_grid() {
        return solver::first_solution(&grid).map(|s| Square::from_grid(&s));
    }
    visit::first(|v| solutions(g, v))
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions(g: &Square, limit: usize) -> usize {
    if let Some(grid) = g.to_grid() {
        return solver::count_solutions(&grid, limit);
    }
    match Search::new(g) {
        Some(mut s) => s.any_order(0, limit, u64::MAX).found,
        None => 0,
    }
}

/// Calls `visit` on each solution in lexicographic order until it returns true (stop).
pub fn solutions(g: &Square, visit: &mut dyn FnMut(&Square) -> bool) {
    if let Some(grid) = g.to_grid() {
        return solver::solutions(&grid, &mut |s| visit(&Square::from_grid(s)));
    }
    if let Some(mut s) = Search::new(g) {
        // One any-order count first: a unique or unsolvable grid needs nothing more.
        let probe = s.any_order(0, 2, s.probe_cap);
        match (probe.nodes > 0, probe.found, probe.witness) {
            (true, 0, _) => {}
            (true, 1, Some(w)) => {
                visit(&Square::from_cells(g.box_size(), w));
            }
            (_, _, w) => {
                s.ordered(0, 0, w.as_deref(), false, visit);
            }
        }
    }
}

/// Nodes a probe starts with, beyond one per blank cell (a solution found without a dead
/// end takes at most that many).
const PROBE_NODES: u64 = 256;

/// How many times its first budget a probe may grow to before the branch is split.
const PROBE_GROWTH: u64 = 256;

/// Which cells share a unit, for one box size.
struct Geometry {
    n: usize,
    side: usize,
    /// Every symbol's bit.
    full: u64,
    /// The cells of each unit, `side` a unit: rows, then columns, then boxes.
    units: Vec<u16>,
    /// The cells sharing a unit with each cell, `peer_count` a cell.
    peers: Vec<u16>,
    peer_count: usize,
}

impl Geometry {
    fn new(n: usize) -> Geometry {
        let side = n * n;
        let mut units = Vec::with_capacity(3 * side * side);
        let rows = (0..side).flat_map(|r| (0..side).map(move |c| r * side + c));
        let columns = (0..side).flat_map(|c| (0..side).map(move |r| r * side + c));
        let boxes = (0..side).flat_map(|b| {
            let top_left = b / n * n * side + b % n * n;
            (0..side).map(move |k| top_left + k / n * side + k % n)
        });
        units.extend(rows.chain(columns).chain(boxes).map(|i| i as u16));
        let peer_count = 2 * (side - 1) + (n - 1) * (n - 1);
        let mut peers = Vec::with_capacity(side * side * peer_count);
        for i in 0..side * side {
            let (r, c) = (i / side, i % side);
            let b = r / n * n + c / n;
            let unit = |u: usize| units[u * side..(u + 1) * side].iter().map(|&j| j as usize);
            peers.extend(unit(r).filter(|&j| j != i).map(|j| j as u16));
            peers.extend(unit(side + c).filter(|&j| j != i).map(|j| j as u16));
            let in_box = unit(2 * side + b).filter(|&j| j / side != r && j % side != c);
            peers.extend(in_box.map(|j| j as u16));
        }
        let full = if side == 64 { !0 } else { (1u64 << side) - 1 };
        Geometry {
            n,
            side,
            full,
            units,
            peers,
            peer_count,
        }
    }

    fn peers_of(&self, i: usize) -> &[u16] {
        &self.peers[i * self.peer_count..(i + 1) * self.peer_count]
    }
}

/// The symbols' bits, lowest (smallest symbol) first.
fn bits(mut m: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        let bit = m & m.wrapping_neg();
        m &= !bit;
        if bit == 0 {
            None
        } else {
            Some(bit)
        }
    })
}

/// A partly solved grid.
///
/// # Invariant
/// `cand[i]` holds the bits of the symbols cell `i` may take; a placed cell (`value[i] != 0`)
/// holds only its symbol's bit, and that bit is gone from every peer. `queue` holds the cells
/// left with one candidate that are not placed yet.
#[derive(Clone)]
struct Board {
    cand: Vec<u64>,
    value: Vec<u8>,
    blanks: usize,
    queue: Vec<u16>,
}

impl Board {
    /// Puts symbol `bit` into blank cell `i`; false when that leaves a peer without candidates.
    fn place(&mut self, geo: &Geometry, i: usize, bit: u64) -> bool {
        if self.value[i] != 0 || self.cand[i] & bit == 0 {
            return self.cand[i] == bit;
        }
        self.value[i] = bit.trailing_zeros() as u8 + 1;
        self.cand[i] = bit;
        self.blanks -= 1;
        for &p in geo.peers_of(i) {
            let p = p as usize;
            let m = self.cand[p];
            if m & bit != 0 {
                let m = m & !bit;
                self.cand[p] = m;
                if m == 0 {
                    return false;
                }
                if m & (m - 1) == 0 {
                    self.queue.push(p as u16);
                }
            }
        }
        true
    }

    /// Places naked and hidden singles until none is left; false on a contradiction.
    fn propagate(&mut self, geo: &Geometry) -> bool {
        let alive = self.singles(geo);
        self.queue.clear();
        alive
    }

    fn singles(&mut self, geo: &Geometry) -> bool {
        loop {
            while let Some(p) = self.queue.pop() {
                let p = p as usize;
                if self.value[p] == 0 && !self.place(geo, p, self.cand[p]) {
                    return false;
                }
            }
            match self.hidden_singles(geo) {
                Some(0) => {}
                Some(_) => continue,
                None => return false,
            }
            match self.locked_candidates(geo) {
                Some(true) => {}
                Some(false) => return self.units_match(geo),
                None => return false,
            }
        }
    }

    /// Places each symbol that has one cell left in a unit: how many, or `None` when a unit
    /// has no cell left for some symbol.
    fn hidden_singles(&mut self, geo: &Geometry) -> Option<usize> {
        let mut placed = 0;
        for unit in geo.units.chunks(geo.side) {
            let (mut once, mut twice, mut done) = (0u64, 0u64, 0u64);
            for &c in unit {
                let m = self.cand[c as usize];
                if self.value[c as usize] != 0 {
                    done |= m;
                } else {
                    twice |= once & m;
                    once |= m;
                }
            }
            if once | done != geo.full {
                return None;
            }
            for bit in bits(once & !twice & !done) {
                // An earlier placement in this unit may have taken the symbol's only cell.
                let c = unit
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.cand[c] & bit != 0)?;
                if !self.place(geo, c, bit) {
                    return None;
                }
                placed += 1;
            }
        }
        Some(placed)
    }

    /// Locked candidates: a symbol that within a box fits only one row (or column) leaves
    /// the rest of that row, and one that within a row fits only one box leaves the rest of
    /// that box. True when a candidate went, `None` when a cell was left with none.
    fn locked_candidates(&mut self, geo: &Geometry) -> Option<bool> {
        let (n, side) = (geo.n, geo.side);
        let mut changed = false;
        for across in [true, false] {
            let cell = |line: usize, pos: usize| {
                if across {
                    line * side + pos
                } else {
                    pos * side + line
                }
            };
            // seg[line * n + k]: the open candidates of `line` inside the k-th box it crosses.
            let mut seg = [0u64; MAX_BOX * MAX_BOX * MAX_BOX];
            for line in 0..side {
                for pos in 0..side {
                    let i = cell(line, pos);
                    if self.value[i] == 0 {
                        seg[line * n + pos / n] |= self.cand[i];
                    }
                }
            }
            for line in 0..side {
                let band = line / n * n;
                for k in 0..n {
                    let mine = seg[line * n + k];
                    let in_line = (0..n)
                        .filter(|&j| j != k)
                        .fold(0, |a, j| a | seg[line * n + j]);
                    let in_box = (band..band + n)
                        .filter(|&l| l != line)
                        .fold(0, |a, l| a | seg[l * n + k]);
                    let pointing = mine & !in_box & in_line;
                    for pos in (0..side).filter(|&p| p / n != k && pointing != 0) {
                        changed |= self.clear(cell(line, pos), pointing)?;
                    }
                    let claiming = mine & !in_line & in_box;
                    for l in (band..band + n).filter(|&l| l != line && claiming != 0) {
                        for pos in k * n..k * n + n {
                            changed |= self.clear(cell(l, pos), claiming)?;
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Whether every unit's open cells can take its missing symbols, one each (a bipartite
    /// matching): a unit whose cells need more symbols than they have between them is dead,
    /// which singles alone do not see.
    fn units_match(&self, geo: &Geometry) -> bool {
        let mut open = [0u64; MAX_BOX * MAX_BOX];
        geo.units.chunks(geo.side).all(|unit| {
            let mut k = 0;
            for &c in unit {
                if self.value[c as usize] == 0 {
                    open[k] = self.cand[c as usize];
                    k += 1;
                }
            }
            let (mut owner, mut taken) = ([0u8; 64], 0);
            (0..k).all(|c| augment(c, &open[..k], &mut owner, &mut taken, &mut 0))
        })
    }

    /// Removes the symbols `bits` from open cell `i`: whether any went, `None` if none is left.
    fn clear(&mut self, i: usize, bits: u64) -> Option<bool> {
        let m = self.cand[i];
        if self.value[i] != 0 || m & bits == 0 {
            return Some(false);
        }
        let m = m & !bits;
        self.cand[i] = m;
        if m == 0 {
            return None;
        }
        if m & (m - 1) == 0 {
            self.queue.push(i as u16);
        }
        Some(true)
    }

    /// What the any-order search branches on: the blank cell with the fewest candidates,
    /// unless it has more than two and some symbol has only two cells left in a unit.
    /// `None` when the grid is full.
    fn branch(&self, geo: &Geometry, start: usize) -> Option<Branch> {
        let i = self.fewest_candidates(start)?;
        let k = self.cand[i].count_ones();
        let mut three = None;
        if k > 2 {
            for (u, unit) in geo.units.chunks(geo.side).enumerate() {
                let (mut once, mut twice, mut thrice, mut more) = (0u64, 0u64, 0u64, 0u64);
                for &c in unit {
                    let m = self.cand[c as usize];
                    if self.value[c as usize] == 0 {
                        more |= thrice & m;
                        thrice |= twice & m;
                        twice |= once & m;
                        once |= m;
                    }
                }
                let two = twice & !thrice;
                if two != 0 {
                    return Some(Branch::Symbol(u, two & two.wrapping_neg()));
                }
                let exactly3 = thrice & !more;
                if k > 3 && three.is_none() && exactly3 != 0 {
                    three = Some(Branch::Symbol(u, exactly3 & exactly3.wrapping_neg()));
                }
            }
        }
        Some(three.unwrap_or(Branch::Cell(i)))
    }

    /// The blank cell with the fewest candidates, or `None` when the grid is full.
    fn fewest_candidates(&self, start: usize) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        let cells = self.cand.len();
        for i in (start..cells).chain(0..start) {
            let k = self.cand[i].count_ones();
            if k < fewest && self.value[i] == 0 {
                best = Some(i);
                fewest = k;
                if k == 2 {
                    break;
                }
            }
        }
        best
    }
}

/// Finds cell `c` of `open` a symbol: a free one if it has one, else one whose holder can
/// move on to another. `owner[s]` is the cell holding symbol `s`, `taken` the symbols held,
/// `seen` the held symbols this search has tried to free.
fn augment(c: usize, open: &[u64], owner: &mut [u8; 64], taken: &mut u64, seen: &mut u64) -> bool {
    let free = open[c] & !*taken;
    let mut moves = bits(open[c] & !*seen);
    let bit = if free != 0 {
        free & free.wrapping_neg()
    } else {
        let mut found = None;
        for bit in &mut moves {
            *seen |= bit;
            let s = bit.trailing_zeros() as usize;
            if augment(owner[s] as usize, open, owner, taken, seen) {
                found = Some(bit);
                break;
            }
        }
        match found {
            Some(bit) => bit,
            None => return false,
        }
    };
    *taken |= bit;
    owner[bit.trailing_zeros() as usize] = c as u8;
    true
}

/// Where the any-order search branches: every candidate of a cell, or every cell of a unit
/// (its index) left for a symbol (its bit).
enum Branch {
    Cell(usize),
    Symbol(usize, u64),
}

/// What the any-order search found.
struct Probe {
    found: usize,
    witness: Option<Vec<u8>>,
    /// Nodes left; the search gave up when this reached zero.
    nodes: u64,
}

/// The two searches over a stack of boards, one per depth, reused from node to node.
struct Search {
    geo: Geometry,
    boards: Vec<Board>,
    /// A probe's first node budget and the most it may grow to.
    probe_nodes: u64,
    probe_cap: u64,
    /// Where the any-order search starts looking for its branch cell: each retry of a probe
    /// looks elsewhere, as a search stuck in a barren corner is often lucky in another.
    start: usize,
    /// Whether the any-order search branches as the ordered one does (first blank cell,
    /// symbols ascending), so that its first solution is the board's smallest.
    lex: bool,
}

impl Search {
    /// The propagated root board of `g`, or `None` when its givens have no solution.
    fn new(g: &Square) -> Option<Search> {
        let geo = Geometry::new(g.box_size());
        let cells = g.cells().len();
        let mut root = Board {
            cand: vec![geo.full; cells],
            value: vec![0; cells],
            blanks: cells,
            queue: Vec::new(),
        };
        for (i, &v) in g.cells().iter().enumerate() {
            if v != 0 && !root.place(&geo, i, 1 << (v - 1)) {
                return None;
            }
        }
        if !root.propagate(&geo) {
            return None;
        }
        let probe_nodes = PROBE_NODES + root.blanks as u64;
        Some(Search {
            geo,
            boards: vec![root],
            probe_nodes,
            probe_cap: probe_nodes * PROBE_GROWTH,
            start: 0,
            lex: false,
        })
    }

    /// Copies board `d` to depth `d + 1`, places `bit` in cell `i` there and propagates.
    fn child(&mut self, d: usize, i: usize, bit: u64) -> bool {
        if self.boards.len() == d + 1 {
            let b = self.boards[d].clone();
            self.boards.push(b);
        } else {
            let (parents, children) = self.boards.split_at_mut(d + 1);
            children[0].clone_from(&parents[d]);
        }
        let b = &mut self.boards[d + 1];
        b.place(&self.geo, i, bit) && b.propagate(&self.geo)
    }

    fn square(&self, d: usize) -> Square {
        Square::from_cells(self.geo.n, self.boards[d].value.clone())
    }

    /// Counts the solutions of board `d` up to `limit`, spending at most `nodes`.
    fn any_order(&mut self, d: usize, limit: usize, nodes: u64) -> Probe {
        let mut probe = Probe {
            found: 0,
            witness: None,
            nodes,
        };
        self.count(d, limit, &mut probe);
        probe
    }

    /// Counts the solutions below board `d`, branching on its cell with the fewest
    /// candidates; true once the count reached `limit` or the budget ran out.
    fn count(&mut self, d: usize, limit: usize, probe: &mut Probe) -> bool {
        if probe.nodes == 0 {
            return true;
        }
        probe.nodes -= 1;
        let board = &self.boards[d];
        let branch = if self.lex {
            board.value.iter().position(|&v| v == 0).map(Branch::Cell)
        } else {
            board.branch(&self.geo, self.start)
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
        let side = self.geo.side;
        let tries: Vec<(usize, u64)> = match branch {
            Branch::Cell(i) => bits(self.boards[d].cand[i]).map(|bit| (i, bit)).collect(),
            Branch::Symbol(u, bit) => self.geo.units[u * side..(u + 1) * side]
                .iter()
                .map(|&c| (c as usize, bit))
                .filter(|&(c, bit)| {
                    self.boards[d].value[c] == 0 && self.boards[d].cand[c] & bit != 0
                })
                .collect(),
        };
        for (i, bit) in tries {
            if self.child(d, i, bit) && self.count(d + 1, limit, probe) {
                return true;
            }
        }
        false
    }

    /// Visits the solutions below board `d` in lexicographic order, its cells before `from`
    /// being placed; true once `visit` asked to stop. `witness` is a solution of board `d`,
    /// so the branch holding it needs no probe; when it is the `least` one, the branches
    /// below it hold none.
    fn ordered(
        &mut self,
        d: usize,
        from: usize,
        witness: Option<&[u8]>,
        least: bool,
        visit: &mut dyn FnMut(&Square) -> bool,
    ) -> bool {
        let board = &self.boards[d];
        let i = match (from..board.value.len()).find(|&i| board.value[i] == 0) {
            Some(i) => i,
            None => return visit(&self.square(d)),
        };
        for bit in bits(board.cand[i]) {
            let symbol = bit.trailing_zeros() as u8 + 1;
            if least && witness.map_or(false, |w| symbol < w[i]) {
                continue;
            }
            let alive = self.child(d, i, bit);
            let stop = match witness.filter(|w| w[i] == symbol) {
                Some(w) => {
                    debug_assert!(alive, "the witness's branch has a solution");
                    self.ordered(d + 1, i + 1, Some(w), least, visit)
                }
                None if alive => match self.probe(d + 1) {
                    Verdict::Witness(w, least) => {
                        self.ordered(d + 1, i + 1, Some(&w), least, visit)
                    }
                    Verdict::Unknown => self.ordered(d + 1, i + 1, None, false, visit),
                    Verdict::Dead => false,
                },
                None => false,
            };
            if stop {
                return true;
            }
        }
        false
    }

    /// Whether board `d` has a solution: first by the search in the ordered search's own
    /// order, whose solution is the least (on a sparse grid it seldom backtracks), then by
    /// the any-order search with a budget that grows fourfold up to [`Search::probe_cap`].
    fn probe(&mut self, d: usize) -> Verdict {
        self.lex = true;
        let probe = self.any_order(d, 1, self.probe_nodes);
        self.lex = false;
        if let Some(w) = probe.witness {
            return Verdict::Witness(w, true);
        }
        if probe.nodes > 0 {
            return Verdict::Dead;
        }
        let mut nodes = self.probe_nodes;
        loop {
            let probe = self.any_order(d, 1, nodes);
            if let Some(w) = probe.witness {
                return Verdict::Witness(w, false);
            }
            if probe.nodes > 0 {
                return Verdict::Dead;
            }
            if nodes >= self.probe_cap {
                return Verdict::Unknown;
            }
            nodes = nodes.saturating_mul(4);
            self.start = (self.start + 97) % self.boards[d].cand.len();
        }
    }
}

/// What a probe says about a branch.
enum Verdict {
    /// A solution: the branch has one; true when it is the branch's least.
    Witness(Vec<u8>, bool),
    /// No solution.
    Dead,
    /// Out of budget: split the branch.
    Unknown,
}

#[cfg(test)]
mod tests {
    use super::super::plain;
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

    #[test]
    fn tiny_sizes_and_clashes() {
        assert_eq!(first_solution(&Square::empty(1)), Some(sq(1, "1")));
        assert_eq!(count_solutions(&Square::empty(1), 3), 1);
        assert_eq!(count_solutions(&Square::empty(2), 1000), 288);
        let clash = sq(2, "1 0 0 0  0 1 0 0  0 0 0 0  0 0 0 0");
        assert_eq!(first_solution(&clash), None);
        assert_eq!(count_solutions(&clash, 3), 0);
    }

    #[test]
    fn a_tiny_budget_splits_and_still_gives_the_smallest() {
        // Budget 1: every probe gives up, so the answer comes from splitting alone.
        let mut g = Square::empty(4);
        g.set(0, 16);
        g.set(20, 1);
        let mut s = Search::new(&g).unwrap();
        s.probe_nodes = 1;
        s.probe_cap = 1;
        let mut found = None;
        s.ordered(0, 0, None, false, &mut |s| {
            found = Some(s.clone());
            true
        });
        assert_eq!(found, plain::first_solution(&g));
    }

    /// The answer is a solution keeping the givens, and at each blank cell every smaller
    /// symbol, after the answer's earlier cells, is refuted by the any-order count.
    fn assert_smallest(g: &Square) {
        let s = first_solution(g).unwrap();
        assert!(s.is_solved() && g.agrees_with(&s));
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
