//! The shared fast solver. Its answer is still the first solution of the first-empty-cell,
//! digits-1-to-9 search, i.e. the lexicographically smallest, but it gets there fast:
//!
//! - Candidates are bitboards in the style of JCZSolve: for each digit and each band (three
//!   rows), a 27-bit word of the cells the digit may still take. Within a band a digit must
//!   take one mini-row (three cells of a row inside a box) per row and per box, a 3x3
//!   permutation; one table lookup keeps only the mini-rows some permutation uses (hidden
//!   singles in rows and boxes, locked candidates), a row left with one cell places the digit
//!   there and clears its column in the other bands. Naked singles come from counting
//!   candidates per cell across the nine boards. Propagation only removes candidates that
//!   lead to no solution, so it never changes which solution comes first.
//! - Searching for *a* solution or counting branches on a cell with two candidates. The
//!   lexicographic answer first tries the ordered search (always the first empty cell,
//!   digits ascending, propagation at every node) until it meets a few dozen dead ends:
//!   whatever it finds first is the smallest. When that is not enough the fast search counts
//!   to 2; a unique solution is the answer, otherwise cells are fixed in row-major order to
//!   the smallest digit for which the fast search still finds a solution, starting from a
//!   solution found as the witness.

use super::grid::{units_of, Grid};

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Grid) -> Option<Grid> {
    let root = Board::new(g)?;
    let mut ordered = Search::new(true, ORDERED_BUDGET);
    let mut found = None;
    ordered.run(root, &mut |b| {
        found = Some(b.grid());
        true
    });
    if !ordered.gave_up() {
        return found;
    }
    let mut witnesses = [Grid::EMPTY; 2];
    match count(root, 2, &mut witnesses) {
        0 => None,
        1 => Some(witnesses[0]),
        _ => Some(smallest(root, witnesses[0].min(witnesses[1]))),
    }
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions(g: &Grid, limit: usize) -> usize {
    match Board::new(g) {
        Some(root) => count(root, limit, &mut []),
        None => 0,
    }
}

/// Calls `visit` on each solution in lexicographic order until it returns true.
pub fn solutions(g: &Grid, visit: &mut dyn FnMut(&Grid) -> bool) {
    if let Some(root) = Board::new(g) {
        Search::new(true, u32::MAX).run(root, &mut |b| visit(&b.grid()));
    }
}

/// Dead ends the ordered search may meet before the switch to count-then-fix: enough for
/// puzzles whose smallest solution lies near the start of the ordered search, small beside
/// the cost of a hard puzzle (measured: 8 to 64 trade 17-clue against forum-hardest cost).
const ORDERED_BUDGET: u32 = 32;

/// Counts solutions of a propagated board up to `limit`, keeping the first ones found in
/// `keep` (as many as fit).
fn count(root: Board, limit: usize, keep: &mut [Grid]) -> usize {
    let mut n = 0;
    Search::new(false, u32::MAX).run(root, &mut |b| {
        if let Some(slot) = keep.get_mut(n) {
            *slot = b.grid();
        }
        n += 1;
        n >= limit
    });
    n
}

/// Any solution of a propagated board.
fn any_solution(b: Board) -> Option<Grid> {
    let mut keep = [Grid::EMPTY];
    if count(b, 1, &mut keep) == 1 {
        Some(keep[0])
    } else {
        None
    }
}

/// The smallest solution of `root`, given one solution `w` of it: fixes cells in row-major
/// order, each to the smallest digit below the witness's for which a solution still exists
/// (that solution becomes the witness), else to the witness's digit.
fn smallest(root: Board, mut w: Grid) -> Grid {
    let mut st = root;
    while let Some((band, bit)) = st.first_unsolved() {
        let cell = band * 27 + bit.trailing_zeros() as usize;
        let mut pick = w.0[cell] as usize - 1;
        for d in 0..pick {
            if st.cand[band * 9 + d] & bit == 0 {
                continue;
            }
            let mut t = st;
            t.place(d, band, bit);
            if let Some(s) = t.propagate().then(|| any_solution(t)).flatten() {
                w = s;
                pick = d;
                break;
            }
            st.restrict(band * 9 + d, !bit);
        }
        st.place(pick, band, bit);
        let alive = st.propagate();
        debug_assert!(alive, "the witness keeps the board solvable");
    }
    st.grid()
}

/// For each 9-bit row of a band: which of its three mini-rows hold a candidate (3 bits).
const MINI_ROWS: [u8; 512] = mini_rows();

/// For each 9-bit row of a band: the row itself if it has exactly one cell, else 0.
const SINGLE: [u16; 512] = single();

/// For each 3x3 mini-row pattern of a band (bit `3 * row + box`): the cells of the mini-rows
/// that some row-to-box permutation inside the pattern uses; 0 when none fits.
const LOCKED: [u32; 512] = locked();

const fn mini_rows() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 3 {
            if (m >> (3 * k)) & 7 != 0 {
                t[m] |= 1 << k;
            }
            k += 1;
        }
        m += 1;
    }
    t
}

const fn single() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut k = 0;
    while k < 9 {
        t[1 << k] = 1 << k;
        k += 1;
    }
    t
}

const fn locked() -> [u32; 512] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let (mut pattern, mut cells, mut r) = (0, 0u32, 0);
            while r < 3 {
                pattern |= 1 << (3 * r + PERMS[p][r]);
                cells |= 7 << (9 * r + 3 * PERMS[p][r]);
                r += 1;
            }
            if m & pattern == pattern {
                t[m] |= cells;
            }
            p += 1;
        }
        m += 1;
    }
    t
}

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// The rows of a band (as full 9-bit row masks) that hold a bit of `s`.
fn rows_of(s: u32) -> u32 {
    let mut rows = 0;
    for r in 0..3 {
        if s & (511 << (9 * r)) != 0 {
            rows |= 511 << (9 * r);
        }
    }
    rows
}

/// Candidates of one search node. Cell `i` is bit `i % 27` of band `i / 27`.
#[derive(Clone, Copy)]
struct Board {
    /// `cand[9 * band + d]`: the cells of the band where digit `d + 1` may go.
    cand: [u32; 27],
    /// Bit `i` set: `cand[i]` changed since it was last locked.
    dirty: u32,
    /// Per band, the cells not yet holding a placed digit.
    unsolved: [u32; 3],
}

impl Board {
    /// The propagated board of a puzzle; `None` when the givens clash (checked with unit
    /// bitmasks: cheaper than `Grid::first_clash`, which also says where) or propagation
    /// finds a contradiction.
    fn new(g: &Grid) -> Option<Board> {
        let mut used = [0u16; 27];
        for (i, &d) in g.0.iter().enumerate() {
            if d != 0 {
                let (r, c, bx) = units_of(i);
                for u in [r, 9 + c, 18 + bx] {
                    if used[u] & 1 << d != 0 {
                        return None;
                    }
                    used[u] |= 1 << d;
                }
            }
        }
        let mut b = Board {
            cand: [BAND; 27],
            dirty: 0,
            unsolved: [BAND; 3],
        };
        for (i, &d) in g.0.iter().enumerate() {
            if d != 0 {
                b.place(d as usize - 1, i / 27, 1 << (i % 27));
            }
        }
        b.propagate().then_some(b)
    }

    /// Puts digit `d` into the cell `bit` of `band` by leaving the digit no other cell in
    /// that row; propagation does the rest.
    fn place(&mut self, d: usize, band: usize, bit: u32) {
        self.restrict(band * 9 + d, !rows_of(bit) | bit);
    }

    /// Keeps only the `keep` cells of board `i`, marking it dirty if that changed it.
    fn restrict(&mut self, i: usize, keep: u32) {
        let old = self.cand[i];
        self.cand[i] = old & keep;
        self.dirty |= ((old & !keep != 0) as u32) << i;
    }

    /// Applies row/box locking and naked singles until nothing changes; false on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let i = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.lock(i) {
                    return false;
                }
            }
            if !self.naked_singles() {
                return false;
            }
            if self.dirty == 0 {
                if !self.column_singles() {
                    return false;
                }
                if self.dirty == 0 {
                    return true;
                }
            }
        }
    }

    /// Locks board `i` (band `i / 9`, digit `i % 9`) to the mini-rows a permutation can use,
    /// places the digit in rows left with one cell, and clears those cells from the other
    /// digits and their columns from the other bands. False when no permutation fits.
    fn lock(&mut self, i: usize) -> bool {
        let (band, d) = (i / 9, i % 9);
        let x = self.cand[i];
        let pattern = MINI_ROWS[(x & 511) as usize] as usize
            | (MINI_ROWS[((x >> 9) & 511) as usize] as usize) << 3
            | (MINI_ROWS[(x >> 18) as usize] as usize) << 6;
        let x = x & LOCKED[pattern];
        if x == 0 {
            return false;
        }
        self.cand[i] = x;
        let placed = SINGLE[(x & 511) as usize] as u32
            | (SINGLE[((x >> 9) & 511) as usize] as u32) << 9
            | (SINGLE[(x >> 18) as usize] as u32) << 18;
        let new = placed & self.unsolved[band];
        if new != 0 {
            self.unsolved[band] &= !new;
            let mut hit = 0;
            for (k, c) in self.cand[band * 9..band * 9 + 9].iter_mut().enumerate() {
                hit |= ((*c & new != 0) as u32) << k;
                *c &= !new;
            }
            self.cand[i] = x;
            self.dirty |= (hit << (band * 9)) & !(1 << i);
            let cols = (new | new >> 9 | new >> 18) & 511;
            let cols = cols | cols << 9 | cols << 18;
            for other in 0..3 {
                if other != band {
                    self.restrict(other * 9 + d, !cols);
                }
            }
        }
        true
    }

    /// Places every digit that is the last candidate of its cell (marking boards dirty).
    /// False on a cell without candidates or two such cells wanting one digit in one row.
    fn naked_singles(&mut self) -> bool {
        for band in 0..3 {
            let u = self.unsolved[band];
            if u == 0 {
                continue;
            }
            let (mut one, mut two) = (0, 0);
            for d in 0..9 {
                let x = self.cand[band * 9 + d] & u;
                two |= one & x;
                one |= x;
            }
            if u & !one != 0 {
                return false;
            }
            let singles = one & !two;
            if singles == 0 {
                continue;
            }
            for d in 0..9 {
                let s = self.cand[band * 9 + d] & singles;
                if s == 0 {
                    continue;
                }
                for r in 0..3 {
                    let row = (s >> (9 * r)) & 511;
                    if row & row.wrapping_sub(1) != 0 {
                        return false;
                    }
                }
                self.restrict(band * 9 + d, !rows_of(s) | s);
            }
        }
        true
    }

    /// Places each digit that has one cell left in a column where it is not yet placed.
    /// False when a digit has no cell left in some column.
    fn column_singles(&mut self) -> bool {
        for d in 0..9 {
            let (mut one, mut two, mut done) = (0, 0, 0);
            for band in 0..3 {
                let x = self.cand[band * 9 + d];
                done |= x & !self.unsolved[band];
                for r in 0..3 {
                    let row = (x >> (9 * r)) & 511;
                    two |= one & row;
                    one |= row;
                }
            }
            if one != 511 {
                return false;
            }
            let done = (done | done >> 9 | done >> 18) & 511;
            let hidden = one & !two & !done;
            if hidden == 0 {
                continue;
            }
            let hidden = hidden | hidden << 9 | hidden << 18;
            for band in 0..3 {
                let cells = self.cand[band * 9 + d] & hidden;
                if cells != 0 {
                    self.restrict(band * 9 + d, !rows_of(cells) | cells);
                }
            }
        }
        true
    }

    /// The first unsolved cell in row-major order: its band and bit.
    fn first_unsolved(&self) -> Option<(usize, u32)> {
        (0..3)
            .find(|&b| self.unsolved[b] != 0)
            .map(|b| (b, self.unsolved[b] & self.unsolved[b].wrapping_neg()))
    }

    /// A cell with exactly two candidates if there is one, else the first unsolved cell.
    /// Bands are scanned bottom up: measured fewer nodes than top down, as the ordered
    /// search and the fixing already work from the top.
    fn branch_cell(&self) -> Option<(usize, u32)> {
        for band in (0..3).rev() {
            let u = self.unsolved[band];
            if u == 0 {
                continue;
            }
            let (mut one, mut two, mut three) = (0, 0, 0);
            for d in 0..9 {
                let x = self.cand[band * 9 + d] & u;
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            let pairs = two & !three;
            if pairs != 0 {
                return Some((band, pairs & pairs.wrapping_neg()));
            }
        }
        self.first_unsolved()
    }

    /// The solved grid (every cell placed).
    fn grid(&self) -> Grid {
        let mut g = Grid::EMPTY;
        for (i, &x) in self.cand.iter().enumerate() {
            let (band, d) = (i / 9, i % 9);
            let mut x = x;
            while x != 0 {
                g.0[band * 27 + x.trailing_zeros() as usize] = d as u8 + 1;
                x &= x - 1;
            }
        }
        g
    }
}

/// A depth-first search over propagated boards, visiting solved boards.
struct Search {
    /// Branch on the first unsolved cell (solutions come in lexicographic order) instead of
    /// a two-candidate cell.
    ordered: bool,
    /// Dead ends (placements that propagation refutes) left before giving up.
    budget: u32,
}

impl Search {
    fn new(ordered: bool, budget: u32) -> Search {
        Search { ordered, budget }
    }

    /// True when the search stopped because its budget ran out.
    fn gave_up(&self) -> bool {
        self.budget == 0
    }

    /// Visits the solutions under `b` until `visit` returns true or the budget runs out;
    /// true once stopped.
    fn run(&mut self, b: Board, visit: &mut dyn FnMut(&Board) -> bool) -> bool {
        let cell = if self.ordered {
            b.first_unsolved()
        } else {
            b.branch_cell()
        };
        let (band, bit) = match cell {
            Some(c) => c,
            None => return visit(&b),
        };
        for d in 0..9 {
            if b.cand[band * 9 + d] & bit == 0 {
                continue;
            }
            let mut t = b;
            t.place(d, band, bit);
            if t.propagate() {
                if self.run(t, visit) {
                    return true;
                }
            } else {
                self.budget -= 1;
                if self.budget == 0 {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::super::plain;
    use super::*;

    #[test]
    fn locked_keeps_only_mini_rows_of_permutations() {
        // Row 0 only in box 0: rows 1 and 2 lose box 0, box 0 loses rows 1 and 2.
        let all = 0b111_111_111;
        let only = all & !0b000_000_110 & !0b001_001_000;
        assert_eq!(LOCKED[0b111_111_001], LOCKED[only]);
        assert_eq!(LOCKED[only] & (7 << 9), 0);
        // Two rows that fit only box 0: no permutation.
        assert_eq!(LOCKED[0b111_001_001], 0);
        assert_eq!(LOCKED[all], BAND);
    }

    #[test]
    fn several_solutions_give_the_smallest() {
        // 151 solutions; the smallest was found by an independent search over all of them.
        let p = "000620579502100000080000000300500006400007000020003014030000000010005040000300000";
        let smallest =
            "143628579572139468689754123391542786468917235725863914237496851916285347854371692";
        let g = Grid::from_line(p).unwrap();
        assert_eq!(first_solution(&g), Grid::from_line(smallest));
        assert_eq!(count_solutions(&g, 1000), 151);
        let mut all = Vec::new();
        solutions(&g, &mut |s| {
            all.push(*s);
            false
        });
        assert_eq!(all.len(), 151);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Some(all[0]), Grid::from_line(smallest));
    }

    #[test]
    fn the_fixing_path_gives_the_smallest_too() {
        let g = Grid::from_line(
            "000620579502100000080000000300500006400007000020003014030000000010005040000300000",
        )
        .unwrap();
        let root = Board::new(&g).unwrap();
        let w = any_solution(root).unwrap();
        assert_ne!(
            Some(w),
            plain::first_solution(&g),
            "the witness must not be the answer"
        );
        assert_eq!(Some(smallest(root, w)), plain::first_solution(&g));
    }

    #[test]
    fn clashing_givens_and_dead_ends_have_no_solution() {
        let mut g = Grid::EMPTY;
        g.0[0] = 1;
        g.0[80] = 1; // no clash yet: row 0 col 0 and row 8 col 8
        assert_eq!(count_solutions(&g, 2), 2);
        g.0[10] = 1; // same box as cell 0
        assert_eq!(first_solution(&g), None);
        assert_eq!(count_solutions(&g, 2), 0);
    }
}
