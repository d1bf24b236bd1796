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
    if g.first_clash().is_none() {
        let mut work = *g;
        fill(&mut work, 0, visit);
    }
}

/// Fills the first blank at or after `from`; true once `visit` asked to stop.
fn fill(g: &mut Grid, from: usize, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
    let i = match (from..81).find(|&i| g.0[i] == 0) {
        Some(i) => i,
        None => return visit(g),
    };
    for d in 1..=9 {
        if fits(g, i, d) {
            g.0[i] = d;
            if fill(g, i + 1, visit) {
                return true;
            }
        }
    }
    g.0[i] = 0;
    false
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
}
