//! The textbook search: first empty cell in row-major order, digits 1 to 9, each digit
//! checked by scanning its row, column and box. No masks, no pruning: slow, and obviously
//! right, so it is the reference oracle the fast solver is tested against and the baseline
//! benchmarks compare with.

use super::grid::Grid;
use super::visit;

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Grid) -> Option<Grid> {
    visit::first(|v| solutions(g, v))
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions(g: &Grid, limit: usize) -> usize {
    visit::count(|v| solutions(g, v), limit)
}

/// Calls `visit` on each solution in lexicographic order until it returns true.
pub fn solutions(g: &Grid, visit: &mut dyn FnMut(&Grid) -> bool) {
    observed(g, visit, |_, _| false);
}

/// One step of the search, for `sudoku trace` and `--stats`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A digit written into a blank cell (a placement).
    Place {
        /// The cell, 0 to 80 in row-major order.
        cell: usize,
        /// The digit written, 1 to 9.
        digit: u8,
    },
    /// No further digit fits this blank: the search goes back to the previous cell.
    Backtrack {
        /// The cell left blank, 0 to 80.
        cell: usize,
    },
}

/// [`solutions`], also telling `observe` every step, with the grid as it stands after it.
/// Either callback returns true to stop the search (`sudoku trace` stops when its reader
/// goes away).
pub fn observed(
    g: &Grid,
    visit: &mut dyn FnMut(&Grid) -> bool,
    mut observe: impl FnMut(&Grid, Step) -> bool,
) {
    debug_assert!(g.cells_in_range());
    if g.first_clash().is_none() {
        let mut work = *g;
        fill(&mut work, 0, visit, &mut observe);
    }
}

/// Fills the first blank at or after `from`; true once `visit` or `observe` asked to stop.
fn fill<O: FnMut(&Grid, Step) -> bool>(
    g: &mut Grid,
    from: usize,
    visit: &mut dyn FnMut(&Grid) -> bool,
    observe: &mut O,
) -> bool {
    let i = match (from..81).find(|&i| g.0[i] == 0) {
        Some(i) => i,
        None => return visit(g),
    };
    for d in 1..=9 {
        if fits(g, i, d) {
            g.0[i] = d;
            if observe(g, Step::Place { cell: i, digit: d }) || fill(g, i + 1, visit, observe) {
                return true;
            }
        }
    }
    g.0[i] = 0;
    observe(g, Step::Backtrack { cell: i })
}

/// True when digit `d` is not yet in the row, column or box of cell `i`.
fn fits(g: &Grid, i: usize, d: u8) -> bool {
    let (r, c) = (i / 9, i % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    (0..9).all(|k| {
        g.0[r * 9 + k] != d && g.0[k * 9 + c] != d && g.0[(br + k / 3) * 9 + bc + k % 3] != d
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
}
