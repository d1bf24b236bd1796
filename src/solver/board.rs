//! Band bitboards: the candidates of the 9x9 grid and their propagation.

use super::super::grid::Grid;
use super::lanes;
use super::tables::{
    boxes_of, columns, rows_of, ALL, LOCK, MINI_ROWS_AT, OTHER_BANDS, POINTING, ROW_STARTS, UNITS,
};

/// Every word of a board, as a set of changed words.
pub(super) const ALL_WORDS: u32 = (1 << 27) - 1;

/// Candidates of one search node. Cell `i` is bit `i % 27` of band `i / 27`:
///
/// ```text
///            box 0    box 1    box 2        cand[9 * band + d], for band 0 (rows 0-2):
///  band 0   . . . | . . . | . . .   row 0   bits  0..9    one 27-bit word per digit,
///  rows 0-2 . . . | . . . | . . .   row 1   bits  9..18   set where the digit may go
///           . . . | . . . | . . .   row 2   bits 18..27
///           ------+-------+------
///  band 1   rows 3-5: bit 9 * (row - 3) + column of cand[9 + d]
///  band 2   rows 6-8: bit 9 * (row - 6) + column of cand[18 + d]
/// ```
///
/// A mini-row (3 cells of a row in one box) is 3 adjacent bits; a box is 3 of them 9 bits
/// apart; a column is 3 bits 9 apart in each of the three bands' words.
#[derive(Clone, Copy)]
pub(super) struct Board {
    /// `cand[9 * band + d]`: the cells of the band where digit `d + 1` may go.
    pub(super) cand: [u32; 27],
    /// Per band, the cells not yet holding a placed digit.
    pub(super) unsolved: [u32; 3],
}

impl Board {
    /// The propagated board of a puzzle; `None` when the givens clash (a given whose digit
    /// an earlier given already ruled out) or propagation finds a contradiction.
    pub(super) fn new(g: &Grid) -> Option<Board> {
        debug_assert!(g.0.iter().all(|&d| d <= 9), "a Grid cell holds 0..=9");
        let mut b = Board {
            cand: [ALL; 27],
            unsolved: [ALL; 3],
        };
        for (i, &d) in g.0.iter().enumerate() {
            if d != 0 {
                let (band, bit, d) = (i / 27, 1 << (i % 27), d as usize - 1);
                if b.cand[band * 9 + d] & bit == 0 {
                    return None;
                }
                b.assign(band, d, bit);
            }
        }
        // `then_some` would need rustc 1.62; SPOJ runs 1.56.
        if b.propagate(ALL_WORDS) {
            Some(b)
        } else {
            None
        }
    }

    /// The nine digits' words of `band`.
    fn band(&self, band: usize) -> &[u32; 9] {
        self.cand[band * 9..band * 9 + 9].try_into().unwrap()
    }

    /// The nine digits' words of `band`, to change.
    fn band_mut(&mut self, band: usize) -> &mut [u32; 9] {
        (&mut self.cand[band * 9..band * 9 + 9]).try_into().unwrap()
    }

    /// The digits (0-based) `bit` of `band` may take, ascending.
    pub(super) fn digits(&self, band: usize, bit: u32) -> impl Iterator<Item = usize> {
        let ds = self.digit_set(band, bit);
        (0..9).filter(move |&d| ds & 1 << d != 0)
    }

    /// The digits `bit` of `band` may take, as bits.
    pub(super) fn digit_set(&self, band: usize, bit: u32) -> u32 {
        lanes::holding(self.band(band), bit)
    }

    /// Puts digit `d` into the cell `bit` of `band` and propagates; false on a contradiction.
    pub(super) fn place(&mut self, band: usize, d: usize, bit: u32) -> bool {
        let dirty = self.assign_in(band, d, bit, UNITS[bit.trailing_zeros() as usize % 27]);
        self.propagate(dirty)
    }

    /// Places digit `d` in the cells `s` of `band` (at most one per row): clears their rows
    /// and boxes for `d`, the cells for the other digits and their columns in the other
    /// bands. Returns the words changed, as bits.
    pub(super) fn assign(&mut self, band: usize, d: usize, s: u32) -> u32 {
        self.assign_in(band, d, s, rows_of(s) | boxes_of(s))
    }

    /// `assign`, given the cells of the rows and boxes of `s`.
    fn assign_in(&mut self, band: usize, d: usize, s: u32, units: u32) -> u32 {
        let i = band * 9 + d;
        let own = self.cand[i] & !units | s;
        self.unsolved[band] &= !s;
        let dirty = self.clear_cells(band, s);
        self.cand[i] = own;
        dirty | 1 << i | self.clear_columns(i, columns(s) * ROW_STARTS)
    }

    /// Removes the cells `s` of `band` from every digit; returns the words changed.
    pub(super) fn clear_cells(&mut self, band: usize, s: u32) -> u32 {
        lanes::clear(self.band_mut(band), s) << (band * 9)
    }

    /// Removes the cells `s` from the words of word `i`'s digit in the other bands; returns
    /// the words changed.
    pub(super) fn clear_columns(&mut self, i: usize, s: u32) -> u32 {
        // Mostly there is nothing left to clear: testing first is 6 to 12% faster on the
        // public sets.
        let [j, k] = OTHER_BANDS[i];
        if (self.cand[j as usize] | self.cand[k as usize]) & s == 0 {
            return 0;
        }
        let mut dirty = 0;
        for j in OTHER_BANDS[i] {
            let j = j as usize;
            dirty |= ((self.cand[j] & s != 0) as u32) << j;
            self.cand[j] &= !s;
        }
        dirty
    }

    /// Propagates from the changed words `dirty` until nothing changes; false on a
    /// contradiction. Words are locked in batches (the next word does not wait on the last
    /// one's result), measured faster than the branchy way.
    pub(super) fn propagate(&mut self, mut dirty: u32) -> bool {
        // The words changed since the last look for naked singles, and for column singles:
        // only their bands and digits can hold new ones. Measured (instructions): the hunted
        // sets 6-7% less, forum_hardest_1106 3% less, the easy sets 2% more (the same time).
        let (mut naked, mut column) = (0, 0);
        loop {
            while dirty != 0 {
                let mut batch = dirty;
                naked |= dirty;
                column |= dirty;
                dirty = 0;
                while batch != 0 {
                    let i = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    match self.lock(i) {
                        // Its lock saw any change an earlier word made to it: no second lock
                        // (6% fewer locks on forum_hardest_1905_11+).
                        Some(d) => dirty = dirty & !(1 << i) | d,
                        None => return false,
                    }
                }
            }
            match self.naked_singles(std::mem::take(&mut naked)) {
                Some(0) => {}
                Some(d) => {
                    dirty = d;
                    continue;
                }
                None => return false,
            }
            match self.column_singles(columns(std::mem::take(&mut column))) {
                Some(0) => return true,
                Some(d) => dirty = d,
                None => return false,
            }
        }
    }

    /// Locks word `i` (band `i / 9`, digit `i % 9`) to the mini-rows a permutation can use,
    /// places the digit in rows left with one cell (clearing those cells from the other
    /// digits) and clears its pointing columns from the other bands. Returns the other words
    /// changed; `None` when no permutation fits.
    #[inline(always)]
    pub(super) fn lock(&mut self, i: usize) -> Option<u32> {
        let band = i / 9;
        let x = self.cand[i];
        let pattern = (MINI_ROWS_AT[0][(x & 511) as usize]
            | MINI_ROWS_AT[1][(x >> 9 & 511) as usize]
            | MINI_ROWS_AT[2][(x >> 18 & 511) as usize]) as usize;
        let [keep, one_box] = LOCK[pattern & 511];
        let x = x & keep;
        if x == 0 {
            return None;
        }
        let pointing = POINTING[columns(x) as usize];
        let placed = x & one_box & pointing;
        let new = placed & self.unsolved[band];
        // Most locks place nothing: skipping the other digits then is 10 to 20% faster on
        // the public sets. Clearing the pointing columns is cheaper than a test whether any.
        let dirty = if new != 0 {
            self.unsolved[band] &= !new;
            self.clear_cells(band, new) & !(1 << i)
        } else {
            0
        };
        self.cand[i] = x;
        Some(dirty | self.clear_columns(i, pointing))
    }

    /// Places every digit that is the last candidate of its cell in the bands of the words
    /// `changed`; returns the words changed. `None` on a cell without candidates or two such
    /// cells wanting one digit in one row.
    pub(super) fn naked_singles(&mut self, changed: u32) -> Option<u32> {
        let mut dirty = 0;
        for band in 0..3 {
            let u = self.unsolved[band];
            if u == 0 || changed >> (9 * band) & 511 == 0 {
                continue;
            }
            let [some, several, _] = lanes::at_least(self.band(band), u);
            if u & !some != 0 {
                return None;
            }
            let singles = u & !several;
            if singles == 0 {
                continue;
            }
            // A single is its digit's alone: placing one digit's leaves the others' as they are.
            let mut digits = lanes::holding(self.band(band), singles);
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let s = self.cand[band * 9 + d] & singles;
                for r in 0..3 {
                    let row = s >> (9 * r) & 511;
                    if row & row.wrapping_sub(1) != 0 {
                        return None;
                    }
                }
                dirty |= self.assign(band, d, s);
            }
        }
        Some(dirty)
    }

    /// Confines each of the `digits` (as bits) to the one cell it has left in a column where
    /// it is not yet placed; returns the words changed. `None` when a digit has no cell left
    /// in a column.
    pub(super) fn column_singles(&mut self, mut digits: u32) -> Option<u32> {
        let mut dirty = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let (a, b, c) = (self.cand[d], self.cand[9 + d], self.cand[18 + d]);
            // Per cell position of a band: candidates in one band or more, in two or more.
            let one = a | b | c;
            let two = a & b | c & (a | b);
            let (r0, r1, r2) = (one & 511, one >> 9 & 511, one >> 18);
            if r0 | r1 | r2 != 511 {
                return None;
            }
            let twice = columns(two) | r0 & r1 | r2 & (r0 | r1);
            let placed = a & !self.unsolved[0] | b & !self.unsolved[1] | c & !self.unsolved[2];
            let hidden = 511 & !twice & !columns(placed);
            if hidden == 0 {
                continue;
            }
            for band in 0..3 {
                let i = band * 9 + d;
                let cells = self.cand[i] & (hidden * ROW_STARTS);
                let keep = !rows_of(cells) | cells;
                dirty |= ((self.cand[i] & !keep != 0) as u32) << i;
                self.cand[i] &= keep;
            }
        }
        Some(dirty)
    }

    /// Whether every cell before `cell` (row-major) holds a placed digit, the same in `self`
    /// and `other`.
    pub(super) fn agrees_before(&self, other: &Board, cell: usize) -> bool {
        (0..3).all(|band| {
            let before = match band.cmp(&(cell / 27)) {
                std::cmp::Ordering::Less => ALL,
                std::cmp::Ordering::Equal => (1 << (cell % 27)) - 1,
                std::cmp::Ordering::Greater => 0,
            };
            let words = band * 9..band * 9 + 9;
            before & (self.unsolved[band] | other.unsolved[band]) == 0
                && self.cand[words.clone()]
                    .iter()
                    .zip(&other.cand[words])
                    .all(|(a, b)| (a ^ b) & before == 0)
        })
    }

    /// Takes the digits `ds` (as bits) from the candidates of the cell `bit` of `band` and
    /// propagates; false on a contradiction.
    pub(super) fn remove(&mut self, band: usize, bit: u32, ds: u32) -> bool {
        let mut dirty = 0;
        for d in (0..9).filter(|&d| ds & 1 << d != 0) {
            dirty |= ((self.cand[band * 9 + d] & bit != 0) as u32) << (band * 9 + d);
            self.cand[band * 9 + d] &= !bit;
        }
        self.propagate(dirty)
    }

    /// Narrows the board towards its solutions lexicographically smaller than `w`, keeping
    /// all of them: along the cells in row-major order, a cell with no digit below `w`'s
    /// must hold `w`'s, and the first with one (returned) loses the digits above `w`'s.
    /// `None` when no solution can be smaller; on a solved board, exactly when it is not.
    pub(super) fn below(&mut self, w: &Grid) -> Option<usize> {
        let mut i = 0;
        while i < 81 {
            let (band, bit) = (i / 27, 1 << (i % 27));
            let d = w.0[i] as usize - 1;
            let ds = self.digit_set(band, bit);
            if ds & ((1 << d) - 1) != 0 {
                let above = ds & !((2 << d) - 1);
                if above == 0 {
                    return Some(i);
                }
                if !self.remove(band, bit, above) {
                    return None;
                }
                // Propagation may have taken the digits below too: look again.
                continue;
            }
            if ds & 1 << d == 0 || ds != 1 << d && !self.place(band, d, bit) {
                return None;
            }
            i += 1;
        }
        None
    }

    /// The first unsolved cell in row-major order: its band and bit.
    pub(super) fn first_unsolved(&self) -> Option<(usize, u32)> {
        (0..3)
            .find(|&b| self.unsolved[b] != 0)
            .map(|b| (b, self.unsolved[b] & self.unsolved[b].wrapping_neg()))
    }

    /// A cell with the fewest candidates: exactly two (the last of the lowest band that has
    /// one: measured faster on hard puzzles than the first from the top), else (with
    /// `two_places`) a digit's two places in a unit, else the last such cell of
    /// the lowest band. With `leftmost`, the first such cell in row-major order.
    pub(super) fn fewest_candidates(&self, leftmost: bool, two_places: bool) -> Branch {
        let pick = |cells: u32| {
            if leftmost {
                cells & cells.wrapping_neg()
            } else {
                1 << (31 - cells.leading_zeros())
            }
        };
        let bands = if leftmost { [0, 1, 2] } else { [2, 1, 0] };
        for band in bands {
            let [_, two, three] = lanes::at_least(self.band(band), self.unsolved[band]);
            let pairs = two & !three;
            if pairs != 0 {
                return Branch::Cell(band, pick(pairs));
            }
        }
        if two_places {
            if let Some((d, places)) = self.two_places() {
                return Branch::Places(d, places);
            }
        }
        // The lowest band first; a later one replaces its cell with fewer candidates, or
        // with as many for `leftmost`.
        let (mut best, mut fewest) = (Branch::Solved, 10);
        for band in (0..3).rev() {
            let more: [u32; 10] = lanes::more_than(self.band(band), self.unsolved[band]);
            let end = if leftmost { fewest + 1 } else { fewest };
            if let Some(k) = (1..end.min(10)).find(|&k| more[k - 1] & !more[k] != 0) {
                best = Branch::Cell(band, pick(more[k - 1] & !more[k]));
                fewest = k;
            }
        }
        best
    }

    /// A digit with exactly two places left in a row, box or column, and those places (per
    /// band).
    pub(super) fn two_places(&self) -> Option<(usize, [u32; 3])> {
        for i in 0..27 {
            let (band, d) = (i / 9, i % 9);
            let x = self.cand[i] & self.unsolved[band];
            for k in 0..3 {
                for unit in [x & 511 << (9 * k), x & (7 * ROW_STARTS) << (3 * k)] {
                    if unit.count_ones() == 2 {
                        let mut places = [0; 3];
                        places[band] = unit;
                        return Some((d, places));
                    }
                }
            }
        }
        for d in 0..9 {
            let x = [0, 1, 2].map(|band| self.cand[band * 9 + d] & self.unsolved[band]);
            // Per column: in one row or more, two or more, three or more.
            let (mut once, mut twice, mut more) = (0u32, 0u32, 0u32);
            for v in x {
                for r in 0..3 {
                    let row = v >> (9 * r) & 511;
                    more |= twice & row;
                    twice |= once & row;
                    once |= row;
                }
            }
            let cols = twice & !more;
            if cols != 0 {
                let column = (cols & cols.wrapping_neg()) * ROW_STARTS;
                return Some((d, x.map(|v| v & column)));
            }
        }
        None
    }

    /// The digit with the fewest places left (unsolved cells that may take it) and, of its
    /// rows, columns and boxes where it is not placed yet, the one with the fewest places.
    pub(super) fn fewest_places(&self) -> Branch {
        let places = |d: usize| [0, 1, 2].map(|band| self.cand[band * 9 + d] & self.unsolved[band]);
        let count = |x: [u32; 3]| x.iter().map(|w| w.count_ones()).sum::<u32>();
        let d = match (0..9)
            .filter(|&d| count(places(d)) > 0)
            .min_by_key(|&d| count(places(d)))
        {
            Some(d) => d,
            None => return Branch::Solved,
        };
        let x = places(d);
        let mut best = (u32::MAX, [0; 3]);
        let mut consider = |unit: [u32; 3]| {
            let n = count(unit);
            if n > 0 && n < best.0 {
                best = (n, unit);
            }
        };
        for band in 0..3 {
            for k in 0..3 {
                let mut unit = [0; 3];
                unit[band] = x[band] & 511 << (9 * k);
                consider(unit);
                unit[band] = x[band] & (7 * ROW_STARTS) << (3 * k);
                consider(unit);
            }
        }
        for c in 0..9 {
            let col = (1 << c) * ROW_STARTS;
            consider([x[0] & col, x[1] & col, x[2] & col]);
        }
        Branch::Places(d, best.1)
    }

    /// The digits (bit `d`) placed nowhere yet: swapping two of them maps the board's
    /// solutions onto each other, so a search for any solution needs to try only one of them
    /// in a cell, and a search for the smallest only the smallest.
    pub(super) fn absent(&self) -> u32 {
        let mut absent = 0;
        for d in 0..9 {
            let placed = (0..3).any(|band| self.cand[band * 9 + d] & !self.unsolved[band] != 0);
            absent |= (!placed as u32) << d;
        }
        absent
    }

    /// Whether two digits, two rows of a band or two columns of a stack hold nothing placed:
    /// swapping them in a solution makes another, so there are none or many.
    pub(super) fn interchangeable(&self) -> bool {
        let two = |set: u32| set & set.wrapping_sub(1) != 0;
        let two_rows = |band: u32| (0..3).filter(|r| (band >> (9 * r)) & 511 == 511).count() > 1;
        let u = self.unsolved[0] & self.unsolved[1] & self.unsolved[2];
        let columns = u & u >> 9 & u >> 18;
        two(self.absent())
            || self.unsolved.iter().any(|&band| two_rows(band))
            || (0..3).any(|stack| two((columns >> (3 * stack)) & 7))
    }

    /// Whether cell `c` (0 to 80) is still unsolved.
    pub(super) fn is_open(&self, c: usize) -> bool {
        self.unsolved[c / 27] >> (c % 27) & 1 != 0
    }

    /// The solution `w` of this board with `cell` changed to one of `digits` (bits) in cells
    /// this board leaves open, if a swap does it: a query of the witness route answered at no
    /// search's cost. First two rows of a band (or two columns of a stack) swapped in some
    /// columns (rows), which keeps every row, column and box whole (see [`Board::has_other`]):
    /// from `cell`, whose line takes the other's digit, on to where that digit was, until the
    /// line gets back the digit it gave first; then two digits exchanged ([`Board::exchanged`]).
    /// Measured (instructions): the sparse puzzles of a hunt 19% less with the lines, 31% with
    /// both; the hunt against the solver without them 11% and 20% less (the other order 17%,
    /// digits alone 16%); older hunted sets within 2%, either way.
    pub(super) fn swapped(&self, w: &Grid, cell: usize, digits: u32) -> Option<Grid> {
        for rows in [true, false] {
            // `at(l, p)`: the cell at place `p` of line `l`.
            let at = |l: usize, p: usize| if rows { 9 * l + p } else { 9 * p + l };
            let (l, start) = if rows {
                (cell / 9, cell % 9)
            } else {
                (cell % 9, cell / 9)
            };
            // `place[d]`: where line `l` holds digit `d`.
            let mut place = [0; 10];
            for p in 0..9 {
                place[w.0[at(l, p)] as usize] = p;
            }
            'other: for m in (l / 3 * 3..l / 3 * 3 + 3).filter(|&m| m != l) {
                if digits & 1 << (w.0[at(m, start)] - 1) == 0 {
                    continue;
                }
                let (mut v, mut p) = (*w, start);
                loop {
                    if !self.is_open(at(l, p)) || !self.is_open(at(m, p)) {
                        continue 'other;
                    }
                    v.0.swap(at(l, p), at(m, p));
                    p = place[w.0[at(m, p)] as usize];
                    if p == start {
                        return Some(v);
                    }
                }
            }
        }
        (0..9)
            .filter(|&e| digits & 1 << e != 0)
            .find_map(|e| self.exchanged(w, cell, e as u8 + 1))
    }

    /// The solution `w` with its digit at `cell` and `d` exchanged in every cell that must
    /// follow, if all of them are open: a cell that changes takes the other digit out of each of
    /// its units, so the cell there that held that digit changes too.
    pub(super) fn exchanged(&self, w: &Grid, cell: usize, d: u8) -> Option<Grid> {
        let pair = [w.0[cell], d];
        // `at[k][r]`: the cell of row `r` holding `pair[k]`.
        let mut at = [[0; 9]; 2];
        for (c, &x) in w.0.iter().enumerate() {
            for k in 0..2 {
                if x == pair[k] {
                    at[k][c / 9] = c;
                }
            }
        }
        // The cells found to change, and those of them handled.
        let (mut seen, mut done) = (1u128 << cell, 0u128);
        let mut v = *w;
        while seen != done {
            let c = (seen & !done).trailing_zeros() as usize;
            done |= 1 << c;
            if !self.is_open(c) {
                return None;
            }
            let k = (w.0[c] == pair[0]) as usize;
            v.0[c] = pair[k];
            let (r, col, bx) = super::super::grid::units_of(c);
            for &x in &at[k] {
                let (xr, xc, xb) = super::super::grid::units_of(x);
                if xr == r || xc == col || xb == bx {
                    seen |= 1 << x;
                }
            }
        }
        Some(v)
    }

    /// Whether the solution `w` of this board has two rows of a band with the same digits in
    /// some columns this board leaves open in both (or two columns of a stack, in some rows):
    /// swapping them there makes another solution. Many-solution puzzles' solutions nearly
    /// always have such a pair (every hunted one with 17 givens or more).
    pub(super) fn has_other(&self, w: &Grid) -> bool {
        self.swaps(w, true) || self.swaps(w, false)
    }

    /// [`Board::has_other`] for rows (`rows`) or columns.
    pub(super) fn swaps(&self, w: &Grid, rows: bool) -> bool {
        // Per line, its digits and its open places (as bits).
        let (mut digits, mut open) = ([[0; 9]; 9], [0u32; 9]);
        for (c, &d) in w.0.iter().enumerate() {
            let (l, i) = if rows { (c / 9, c % 9) } else { (c % 9, c / 9) };
            digits[l][i] = d as usize;
            open[l] |= (self.is_open(c) as u32) << i;
        }
        (0..9).any(|l| {
            (l + 1..l / 3 * 3 + 3).any(|m| {
                let both = open[l] & open[m];
                // `at[d]`: where line `m` holds digit `d`.
                let mut at = [0; 10];
                for (j, &d) in digits[m].iter().enumerate() {
                    at[d] = j;
                }
                // Each cycle of `i -> at[line l's digit at i]` through a place open in both
                // once: the places that swap together.
                let mut seen = !both;
                (0..9).any(|start| {
                    if seen & 1 << start != 0 {
                        return false;
                    }
                    let mut i = start;
                    while seen & 1 << i == 0 {
                        seen |= 1 << i;
                        i = at[digits[l][i]];
                    }
                    i == start
                })
            })
        })
    }

    /// The solved grid (every cell placed).
    pub(super) fn grid(&self) -> Grid {
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

/// What the counting search branches on.
pub(super) enum Branch {
    Solved,
    /// A cell (band, bit), one branch per candidate.
    Cell(usize, u32),
    /// A digit and its places (per band) in a unit where it is not placed yet: one branch
    /// per place.
    Places(usize, [u32; 3]),
}
