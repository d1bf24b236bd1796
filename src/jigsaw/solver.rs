//! The jigsaw solver, with the kit's contract over any regions: [`count_solutions`] counts
//! (to 2 for HDU 4069), [`first_solution`] gives the lexicographically smallest solution.
//!
//! - A board is nine 81-bit masks, one per digit: the cells the digit may still take. The
//!   regions come in as masks too ([`Units`]), so rows, columns and regions are one kind of
//!   unit and no code knows where a region lies. Placing a digit clears it from the cell's
//!   peers and the cell from the other digits.
//! - Propagation: a cell left with one digit takes it (naked single), a digit left with one
//!   place in a unit goes there (hidden single), a digit whose places in a unit lie in one
//!   other unit leaves the rest of that one (locked candidates: a region's places in one
//!   row or column, a row's or a column's in one region). A cell without a digit, or a unit
//!   without a place for one, is a dead end. It only removes candidates no solution has.
//! - The count branches on a cell with the fewest candidates. The smallest solution is built
//!   cell by cell in row-major order from any solution (a witness): each digit below the
//!   witness's in the first open cell is put to a count to 1, the first that has a solution
//!   gives the next witness, and when none has, the witness's digit is the cell's.

use super::super::grid::Grid;
use super::Jigsaw;

/// Every cell's bit.
const ALL: u128 = (1 << 81) - 1;

/// The bits of cells 0, 9, ..., 72: column 1, and bit 0 of each row's nine bits.
const COLUMN: u128 = {
    let (mut m, mut r) = (0u128, 0);
    while r < 9 {
        m |= 1 << (9 * r);
        r += 1;
    }
    m
};

/// The cells of the rows where `x` (a digit's places) has exactly one, as a mask of those
/// places; `None` when a row has none. Each row is a 9-bit field: subtracting 1 from each
/// field (none is 0, so no borrow crosses a field) and masking leaves a field nonzero where
/// it had two places or more.
fn once_in_rows(x: u128) -> Option<u128> {
    let low = COLUMN * 0xff;
    // Bit 8 of each field: set where the field is nonzero.
    let nonzero = |v: u128| (((v & low) + low) | v) & COLUMN << 8;
    if nonzero(x) != COLUMN << 8 {
        return None;
    }
    let one = (COLUMN << 8 & !nonzero(x & (x - COLUMN))) >> 8;
    Some(x & ((one << 9) - one))
}

/// [`once_in_rows`] for the columns: the rows folded three by three into 27-bit words,
/// then the three rows of a word onto each other, counting to two.
fn once_in_columns(x: u128) -> Option<u128> {
    let word = |k: u32| (x >> (27 * k)) as u32 & ((1 << 27) - 1);
    let (a, b, c) = (word(0), word(1), word(2));
    let (once, twice) = (a | b | c, a & b | c & (a | b));
    let (r0, r1, r2) = (once & 511, once >> 9 & 511, once >> 18);
    let any = r0 | r1 | r2;
    if any != 511 {
        return None;
    }
    let two = (twice | twice >> 9 | twice >> 18) & 511 | r0 & r1 | r2 & (r0 | r1);
    Some(x & (COLUMN * (any & !two) as u128))
}

/// The units of one puzzle as cell masks: rows, columns, then regions.
struct Units {
    unit: [u128; 27],
    /// Each cell's region, as an index into `unit`.
    region: [u8; 81],
    /// Each cell's three units, as bits of their indices into `unit`.
    homes: [u32; 81],
}

impl Units {
    fn new(g: &Jigsaw) -> Units {
        let mut unit = [0u128; 27];
        for k in 0..9 {
            unit[k] = 511 << (9 * k);
            unit[9 + k] = COLUMN << k;
        }
        let (mut region, mut homes) = ([0u8; 81], [0u32; 81]);
        for (k, mask) in unit[18..].iter_mut().enumerate() {
            for i in g.regions.cells(k) {
                *mask |= 1 << i;
                region[i] = (18 + k) as u8;
                homes[i] = 1 << (i / 9) | 1 << (9 + i % 9) | 1 << (18 + k);
            }
        }
        Units {
            unit,
            region,
            homes,
        }
    }

    /// The cells sharing a unit with cell `i`, itself left out.
    fn peers(&self, i: usize) -> u128 {
        let units = self.unit[i / 9] | self.unit[9 + i % 9] | self.unit[self.region[i] as usize];
        units & !(1 << i)
    }

    /// The row or column holding all of `places` (two or more cells), if one does.
    fn line_of(&self, places: u128) -> Option<u128> {
        let i = places.trailing_zeros() as usize;
        let row = self.unit[i / 9];
        let column = COLUMN << (i % 9);
        if places & !row == 0 {
            Some(row)
        } else if places & !column == 0 {
            Some(column)
        } else {
            None
        }
    }

    /// The region holding all of `places`, if one does.
    fn region_of(&self, places: u128) -> Option<u128> {
        let region = self.unit[self.region[places.trailing_zeros() as usize] as usize];
        (places & !region == 0).then(|| region)
    }
}

/// A partly solved grid.
///
/// # Invariant
/// `cand[d]` holds the cells digit `d + 1` may take. A placed cell (not in `unsolved`) is in
/// the mask of its digit alone, and that digit is gone from its peers.
#[derive(Clone, Copy)]
struct Board {
    cand: [u128; 9],
    unsolved: u128,
    /// Each digit's places when [`Board::hidden_singles`] and [`Board::locked`] last looked
    /// at all its units: a unit where they are the same has nothing new to give.
    hidden_seen: [u128; 9],
    locked_seen: [u128; 9],
}

impl Board {
    /// The propagated board of `g`'s givens, or `None` when they have no solution.
    fn new(g: &Jigsaw, units: &Units) -> Option<Board> {
        let mut b = Board {
            cand: [ALL; 9],
            unsolved: ALL,
            hidden_seen: [0; 9],
            locked_seen: [0; 9],
        };
        for (i, &d) in g.grid.0.iter().enumerate() {
            if d != 0 && !b.assign(units, i, d as usize - 1) {
                return None;
            }
        }
        b.propagate(units).then(|| b)
    }

    /// Puts digit `d` (0-based) in cell `i` and clears it from the peers, without
    /// propagating; false when the cell cannot take it.
    fn assign(&mut self, units: &Units, i: usize, d: usize) -> bool {
        let bit = 1u128 << i;
        if self.cand[d] & self.unsolved & bit == 0 {
            return false;
        }
        for c in self.cand.iter_mut() {
            *c &= !bit;
        }
        self.cand[d] = self.cand[d] & !units.peers(i) | bit;
        self.unsolved &= !bit;
        true
    }

    /// [`Board::assign`], then propagation; false at a dead end.
    fn place(&mut self, units: &Units, i: usize, d: usize) -> bool {
        self.assign(units, i, d) && self.propagate(units)
    }

    /// The open cells with at least 1, 2 and 3 candidates.
    fn more_than(&self) -> [u128; 3] {
        let mut more = [0; 3];
        for &c in self.cand.iter() {
            let x = c & self.unsolved;
            more[2] |= more[1] & x;
            more[1] |= more[0] & x;
            more[0] |= x;
        }
        more
    }

    /// Makes singles and locked candidates until none is left; false at a dead end.
    fn propagate(&mut self, units: &Units) -> bool {
        loop {
            let [some, several, _] = self.more_than();
            if self.unsolved & !some != 0 {
                return false;
            }
            let singles = self.unsolved & !several;
            if singles != 0 {
                for d in 0..9 {
                    let mut s = self.cand[d] & singles;
                    while s != 0 {
                        let i = s.trailing_zeros() as usize;
                        s &= s - 1;
                        if !self.assign(units, i, d) {
                            return false;
                        }
                    }
                }
                continue;
            }
            let found = match self.hidden_singles(units) {
                Some(false) => Some(self.locked(units)),
                found => found,
            };
            match found {
                Some(true) => {}
                Some(false) => return true,
                None => return false,
            }
        }
    }

    /// Places every digit that has one place left in a unit: whether it placed any, `None`
    /// at a dead end (a unit without a place for a digit, or two units forcing one digit
    /// into two cells that see each other).
    fn hidden_singles(&mut self, units: &Units) -> Option<bool> {
        let mut changed = false;
        for d in 0..9 {
            let x = self.cand[d];
            if x & self.unsolved == 0 {
                if x.count_ones() != 9 {
                    return None;
                }
                continue;
            }
            let new = x ^ self.hidden_seen[d];
            if new == 0 {
                continue;
            }
            self.hidden_seen[d] = x;
            let mut once = once_in_rows(x)? | once_in_columns(x)?;
            for region in &units.unit[18..] {
                let places = x & region;
                if region & new == 0 {
                    continue;
                }
                if places == 0 {
                    return None;
                }
                if places & (places - 1) == 0 {
                    once |= places;
                }
            }
            let mut s = once & self.unsolved;
            while s != 0 {
                let i = s.trailing_zeros() as usize;
                s &= s - 1;
                if !self.assign(units, i, d) {
                    return None;
                }
                changed = true;
            }
        }
        Some(changed)
    }

    /// Locked candidates: a digit whose open places in a region lie in one row or column
    /// leaves the rest of that line, and one whose places in a line lie in one region
    /// leaves the rest of the region. Whether it removed any.
    fn locked(&mut self, units: &Units) -> bool {
        let mut changed = false;
        for d in 0..9 {
            let x = self.cand[d] & self.unsolved;
            let new = x ^ self.locked_seen[d];
            if new == 0 {
                continue;
            }
            self.locked_seen[d] = x;
            let mut touched = 0;
            let mut m = new;
            while m != 0 {
                touched |= units.homes[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            while touched != 0 {
                let u = touched.trailing_zeros() as usize;
                touched &= touched - 1;
                let unit = units.unit[u];
                let places = x & unit;
                if places & places.wrapping_sub(1) == 0 {
                    continue;
                }
                let other = match u < 18 {
                    true => units.region_of(places),
                    false => units.line_of(places),
                };
                let other = other.unwrap_or(0);
                if self.cand[d] & other & !unit != 0 {
                    self.cand[d] &= !other | unit;
                    changed = true;
                }
            }
        }
        changed
    }

    /// The open cell to branch on: one with the fewest candidates, or `None` when solved.
    fn branch(&self) -> Option<usize> {
        if self.unsolved == 0 {
            return None;
        }
        let [_, two, three] = self.more_than();
        let pairs = two & !three;
        if pairs != 0 {
            return Some(pairs.trailing_zeros() as usize);
        }
        let open = (0..81).filter(|&i| self.unsolved >> i & 1 == 1);
        open.min_by_key(|&i| self.digits(i).count())
    }

    /// The digits cell `i` may take, 0-based, smallest first.
    fn digits(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        (0..9).filter(move |&d| self.cand[d] >> i & 1 == 1)
    }

    /// The grid of a solved board.
    fn grid(&self) -> Grid {
        let mut g = Grid::EMPTY;
        for (d, &c) in self.cand.iter().enumerate() {
            let mut m = c;
            while m != 0 {
                g.0[m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        g
    }
}

/// A count of solutions up to `limit`, visiting at most `nodes` boards.
struct Count<'u> {
    units: &'u Units,
    limit: usize,
    found: usize,
    /// The first solution found.
    witness: Option<Grid>,
    nodes: u64,
}

impl Count<'_> {
    /// Counts the solutions below `b`, branching on a cell with the fewest candidates;
    /// true once the count reached its limit or the nodes ran out.
    fn below(&mut self, b: &Board) -> bool {
        if self.nodes == 0 {
            return true;
        }
        self.nodes -= 1;
        let i = match b.branch() {
            Some(i) => i,
            None => {
                self.found += 1;
                self.witness.get_or_insert_with(|| b.grid());
                return self.found >= self.limit;
            }
        };
        for d in b.digits(i) {
            let mut t = *b;
            if t.place(self.units, i, d) && self.below(&t) {
                return true;
            }
        }
        false
    }
}

/// Counts the solutions below `b` up to `limit`: the count and the first solution found.
fn count(units: &Units, b: &Board, limit: usize) -> (usize, Option<Grid>) {
    let mut c = Count {
        units,
        limit,
        found: 0,
        witness: None,
        nodes: u64::MAX,
    };
    c.below(b);
    (c.found, c.witness)
}

/// How many solutions `g` has, counting no further than `limit`, and the first one found
/// (any solution: the only one when the count is 1).
pub fn count_and_witness(g: &Jigsaw, limit: usize) -> (usize, Option<Grid>) {
    let units = Units::new(g);
    match Board::new(g, &units) {
        Some(root) => count(&units, &root, limit),
        None => (0, None),
    }
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions(g: &Jigsaw, limit: usize) -> usize {
    count_and_witness(g, limit).0
}

/// A solution of `g`, if the search finds one within `nodes` boards: `Some(None)` when it
/// proves there is none, `None` when it gives up.
pub fn witness_within(g: &Jigsaw, nodes: u64) -> Option<Option<Grid>> {
    let units = Units::new(g);
    let root = match Board::new(g, &units) {
        Some(root) => root,
        None => return Some(None),
    };
    let mut c = Count {
        units: &units,
        limit: 1,
        found: 0,
        witness: None,
        nodes,
    };
    c.below(&root);
    match (c.witness, c.nodes) {
        (None, 0) => None,
        (w, _) => Some(w),
    }
}

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Jigsaw) -> Option<Grid> {
    let units = Units::new(g);
    let mut b = Board::new(g, &units)?;
    let (found, witness) = count(&units, &b, 2);
    let mut w = witness?;
    if found == 1 {
        return Some(w);
    }
    while let Some(i) = (0..81).find(|&i| b.unsolved >> i & 1 == 1) {
        let below = w.0[i] as usize - 1;
        let smallest = (0..below)
            .filter(|&d| b.cand[d] >> i & 1 == 1)
            .find_map(|d| {
                let mut t = b;
                let alive = t.place(&units, i, d);
                let witness = if alive { count(&units, &t, 1).1 } else { None };
                witness.map(|w| (t, w))
            });
        match smallest {
            Some((t, next)) => {
                b = t;
                w = next;
            }
            None => {
                let alive = b.place(&units, i, below);
                debug_assert!(alive, "the witness is a solution of the board");
            }
        }
    }
    Some(b.grid())
}

#[cfg(test)]
mod tests {
    use super::super::super::plain;
    use super::super::super::rng::Rng;
    use super::super::{gen, Regions};
    use super::*;

    #[test]
    fn rows_as_regions_make_latin_squares() {
        // With the rows as regions, a solution is any Latin square, and a Latin rectangle
        // always extends to one (Hall), so the smallest rows are the greedy ones: row 1
        // counts up, row 2 takes the smallest digit its column allows, cell by cell, but at
        // column 8, where 7 would leave 9 for column 9 (taken there): 214365897.
        let mut labels = [0; 81];
        for (i, l) in labels.iter_mut().enumerate() {
            *l = (i / 9) as u8;
        }
        let g = Jigsaw {
            grid: Grid::EMPTY,
            regions: Regions::new(&labels, |_| String::new()).unwrap(),
        };
        let s = first_solution(&g).unwrap();
        let rows: Vec<u8> = "123456789214365897".bytes().map(|b| b - b'0').collect();
        assert_eq!(&s.0[..18], &rows[..]);
        assert_eq!(count_solutions(&g, 1000), 1000);
    }

    #[test]
    fn random_layouts_agree_with_the_plain_search() {
        // Puzzles on random layouts, from full grids down to 30 givens (unique or several
        // solutions; fewer make the plain search slow), a third with a given changed
        // (clashing, or no solution).
        let mut rng = Rng(4069);
        for k in 0..54 {
            let mut g = gen::with_clues(&mut rng, 81 - k % 18 * 3);
            if k % 3 == 0 {
                if let Some(i) = (0..81).find(|&i| g.grid.0[i] != 0) {
                    g.grid.0[i] = g.grid.0[i] % 9 + 1;
                }
            }
            let want = plain::first_solution(&g).map(|s| s.grid);
            assert_eq!(first_solution(&g), want, "{:?}", g);
            let n = plain::count_solutions(&g, 3);
            assert_eq!(count_solutions(&g, 3), n, "{:?}", g);
        }
    }
}
