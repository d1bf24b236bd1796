//! The textbook search on grids of every size: first empty cell in row-major order, symbols
//! 1 to n^2, each checked by scanning its row, column and box. The reference oracle and
//! baseline for [`super::square_solver`], as [`super::plain`] is for 9x9.

use super::plain::Step;
use super::square::Square;
use super::visit;

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Square) -> Option<Square> {
    visit::first(|v| solutions(g, v))
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions(g: &Square, limit: usize) -> usize {
    visit::count(|v| solutions(g, v), limit)
}

/// Calls `visit` on each solution in lexicographic order until it returns true (stop).
pub fn solutions(g: &Square, visit: &mut dyn FnMut(&Square) -> bool) {
    observed(g, visit, |_, _| false);
}

/// [`solutions`], also telling `observe` every step (a [`Step`]'s `digit` is the symbol),
/// with the grid as it stands after it. Either callback returns true to stop the search, as
/// in [`super::plain::observed`].
pub fn observed(
    g: &Square,
    visit: &mut dyn FnMut(&Square) -> bool,
    mut observe: impl FnMut(&Square, Step) -> bool,
) {
    if g.clash().is_none() {
        let mut work = g.clone();
        fill(&mut work, 0, visit, &mut observe);
    }
}

/// Fills the first blank at or after `from`; true once `visit` or `observe` asked to stop.
fn fill<O: FnMut(&Square, Step) -> bool>(
    g: &mut Square,
    from: usize,
    visit: &mut dyn FnMut(&Square) -> bool,
    observe: &mut O,
) -> bool {
    let i = match (from..g.cells().len()).find(|&i| g.cells()[i] == 0) {
        Some(i) => i,
        None => return visit(g),
    };
    for v in 1..=g.side() as u8 {
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
fn fits(g: &Square, i: usize, v: u8) -> bool {
    let (n, side, cells) = (g.box_size(), g.side(), g.cells());
    let (r, c, b) = g.units_of(i);
    let (top, left) = (b / n * n, b % n * n);
    (0..side).all(|k| {
        cells[r * side + k] != v
            && cells[k * side + c] != v
            && cells[(top + k / n) * side + left + k % n] != v
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn clashing_givens_have_no_solution() {
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
    fn observer_sees_each_placement_and_dead_end() {
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
    fn an_observer_can_stop_the_search() {
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
