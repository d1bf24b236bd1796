//! The textbook search: first empty cell in row-major order, symbols ascending (digits 1 to
//! 9 on 9x9), each checked by scanning its row, column and box. No masks, no pruning: slow,
//! and obviously right, so it is the reference oracle the fast solvers are tested against
//! and the baseline benchmarks compare with. One search serves the 9x9 [`Grid`], every
//! size of [`Square`] and the jigsaw puzzles ([`Jigsaw`]), whose regions stand for the boxes.

use super::grid::Grid;
use super::jigsaw::Jigsaw;
use super::square::Square;
use super::visit;

/// A grid the textbook search fills: n^2 x n^2 cells in n x n boxes (or other regions of
/// n^2 cells), row-major, 0 blank.
pub trait Cells: Clone {
    /// The box size n.
    fn box_size(&self) -> usize;
    /// The cells in row-major order.
    fn cells(&self) -> &[u8];
    /// Writes symbol `v` (0 blanks the cell) into cell `i`.
    fn set(&mut self, i: usize, v: u8);
    /// Whether two equal givens share a row, column or box.
    fn clashes(&self) -> bool;
    /// Cell `k` (0 to n^2 - 1) of the box cell `i` is in.
    fn box_cell(&self, i: usize, k: usize) -> usize {
        let n = self.box_size();
        let side = n * n;
        let (top, left) = (i / side / n * n, i % side / n * n);
        (top + k / n) * side + left + k % n
    }
}

impl Cells for Grid {
    fn box_size(&self) -> usize {
        3
    }
    fn cells(&self) -> &[u8] {
        &self.0
    }
    fn set(&mut self, i: usize, v: u8) {
        self.0[i] = v;
    }
    fn clashes(&self) -> bool {
        self.first_clash().is_some()
    }
}

impl Cells for Square {
    fn box_size(&self) -> usize {
        Square::box_size(self)
    }
    fn cells(&self) -> &[u8] {
        Square::cells(self)
    }
    fn set(&mut self, i: usize, v: u8) {
        Square::set(self, i, v);
    }
    fn clashes(&self) -> bool {
        self.clash().is_some()
    }
}

impl Cells for Jigsaw {
    fn box_size(&self) -> usize {
        3
    }
    fn cells(&self) -> &[u8] {
        &self.grid.0
    }
    fn set(&mut self, i: usize, v: u8) {
        self.grid.0[i] = v;
    }
    fn clashes(&self) -> bool {
        self.clash().is_some()
    }
    fn box_cell(&self, i: usize, k: usize) -> usize {
        self.regions.cell(self.regions.of(i), k)
    }
}

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution<G: Cells>(g: &G) -> Option<G> {
    visit::first(|v| solutions(g, v))
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions<G: Cells>(g: &G, limit: usize) -> usize {
    visit::count(|v| solutions(g, v), limit)
}

/// Calls `visit` on each solution in lexicographic order until it returns true.
pub fn solutions<G: Cells>(g: &G, visit: &mut dyn FnMut(&G) -> bool) {
    observed(g, visit, |_, _| false);
}

/// One step of the search, for `sudoku trace` and `--stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A symbol written into a blank cell (a placement).
    Place {
        /// The cell, from 0 in row-major order.
        cell: usize,
        /// The symbol written, from 1 (the digit on 9x9).
        digit: u8,
    },
    /// No further symbol fits this blank: the search goes back to the previous cell.
    Backtrack {
        /// The cell left blank.
        cell: usize,
    },
}

/// [`solutions`], also telling `observe` every step, with the grid as it stands after it.
/// Either callback returns true to stop the search (`sudoku trace` stops when its reader
/// goes away).
pub fn observed<G: Cells>(
    g: &G,
    visit: &mut dyn FnMut(&G) -> bool,
    mut observe: impl FnMut(&G, Step) -> bool,
) {
    let side = g.box_size() * g.box_size();
    debug_assert!(g.cells().iter().all(|&v| v as usize <= side));
    if !g.clashes() {
        fill(&mut g.clone(), 0, visit, &mut observe);
    }
}

/// Fills the first blank at or after `from`; true once `visit` or `observe` asked to stop.
fn fill<G: Cells, O: FnMut(&G, Step) -> bool>(
    g: &mut G,
    from: usize,
    visit: &mut dyn FnMut(&G) -> bool,
    observe: &mut O,
) -> bool {
    let i = match (from..g.cells().len()).find(|&i| g.cells()[i] == 0) {
        Some(i) => i,
        None => return visit(g),
    };
    let n = g.box_size();
    for v in 1..=(n * n) as u8 {
        if fits(g, i, v) {
            g.set(i, v);
            if observe(g, Step::Place { cell: i, digit: v }) || fill(g, i + 1, visit, observe) {
                return true;
            }
        }
    }
    g.set(i, 0);
    observe(g, Step::Backtrack { cell: i })
}

/// True when symbol `v` is not yet in the row, column or box of cell `i`.
fn fits<G: Cells>(g: &G, i: usize, v: u8) -> bool {
    let n = g.box_size();
    let (side, cells) = (n * n, g.cells());
    let (r, c) = (i / side, i % side);
    (0..side).all(|k| {
        cells[r * side + k] != v && cells[k * side + c] != v && cells[g.box_cell(i, k)] != v
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_grid_starts_with_the_smallest_rows() {
        let s = first_solution(&Grid::EMPTY).unwrap();
        assert_eq!(
            &s.0[..27],
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 9, 1, 2, 3, 7, 8, 9, 1, 2, 3, 4, 5, 6]
        );
        assert!(s.is_solved());
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut g = Grid::EMPTY;
        g.0[0] = 1;
        g.0[1] = 1;
        assert_eq!(first_solution(&g), None);
        assert_eq!(count_solutions(&g, 5), 0);
    }

    #[test]
    fn counts_are_exact_below_the_limit_and_stop_at_it() {
        // One blank in a solved grid: only its row's missing digit fits.
        let mut g = first_solution(&Grid::EMPTY).unwrap();
        g.0[40] = 0;
        assert_eq!(count_solutions(&g, 5), 1);
        assert_eq!(count_solutions(&Grid::EMPTY, 7), 7);
    }

    #[test]
    fn observer_sees_each_placement_and_dead_end() {
        // Row 0 lacks 8 and 9 in its last two cells, and cell 35 (column 8, outside the box) holds 9.
        // Cell 7 tries 8; cell 8 could only take 9, which column 8 has: dead end. Cell 7
        // then tries 9 and cell 8 takes 8.
        let mut g = Grid::EMPTY;
        g.0[..7].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7]);
        g.0[35] = 9;
        let mut steps = Vec::new();
        let first = visit::first(|v| {
            observed(&g, v, |_, s| {
                steps.push(s);
                false
            })
        });
        assert_eq!(&first.unwrap().0[7..9], &[9, 8]);
        assert_eq!(
            &steps[..4],
            &[
                Step::Place { cell: 7, digit: 8 },
                Step::Backtrack { cell: 8 },
                Step::Place { cell: 7, digit: 9 },
                Step::Place { cell: 8, digit: 8 },
            ]
        );
    }

    #[test]
    fn an_observer_can_stop_the_search() {
        let mut steps = 0;
        let mut solutions = 0;
        observed(
            &Grid::EMPTY,
            &mut |_| {
                solutions += 1;
                false
            },
            |_, _| {
                steps += 1;
                steps == 3
            },
        );
        assert_eq!((steps, solutions), (3, 0));
    }

    #[test]
    fn empty_4x4_gives_the_smallest_rows() {
        let s = first_solution(&Square::empty(2)).unwrap();
        assert_eq!(s.cells(), &[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
        // 288 solved 4x4 grids exist.
        assert_eq!(count_solutions(&Square::empty(2), 1000), 288);
    }

    #[test]
    fn the_1x1_grid_has_one_solution() {
        assert_eq!(count_solutions(&Square::empty(1), 5), 1);
        let s = first_solution(&Square::empty(1)).unwrap();
        assert_eq!(s.cells(), &[1]);
    }

    #[test]
    fn clashing_16x16_givens_have_no_solution() {
        let mut g = Square::empty(4);
        g.set(0, 16);
        g.set(17, 16);
        assert_eq!(first_solution(&g), None);
        assert_eq!(count_solutions(&g, 5), 0);
    }

    #[test]
    fn empty_16x16_first_row_counts_up() {
        let s = first_solution(&Square::empty(4)).unwrap();
        assert!(s.is_solved());
        let first_row: Vec<u8> = (1..=16).collect();
        assert_eq!(&s.cells()[..16], &first_row[..]);
    }

    #[test]
    fn observer_sees_each_4x4_placement_and_dead_end() {
        // 4x4, row 0 is 1 2 _ _ and cell 11 (row 2, column 3) holds 4. Cell 2 tries 3;
        // cell 3 could only take 4, which column 3 has: dead end. Cell 2 takes 4, cell 3 3.
        let mut g = Square::empty(2);
        g.set(0, 1);
        g.set(1, 2);
        g.set(11, 4);
        let mut steps = Vec::new();
        let first: Option<Square> = visit::first(|v| {
            observed(&g, v, |_, s| {
                steps.push(s);
                false
            })
        });
        assert_eq!(&first.unwrap().cells()[2..4], &[4, 3]);
        assert_eq!(
            &steps[..4],
            &[
                Step::Place { cell: 2, digit: 3 },
                Step::Backtrack { cell: 3 },
                Step::Place { cell: 2, digit: 4 },
                Step::Place { cell: 3, digit: 3 },
            ]
        );
    }

    #[test]
    fn an_observer_can_stop_the_16x16_search() {
        let (mut steps, mut solutions) = (0, 0);
        let mut visit = |_: &Square| {
            solutions += 1;
            false
        };
        observed(&Square::empty(4), &mut visit, |_, _| {
            steps += 1;
            steps == 3
        });
        assert_eq!((steps, solutions), (3, 0));
    }
}
