//! Square grids of every size: n^2 x n^2 cells in n x n boxes (4x4, 9x9, 16x16, 25x25, ...),
//! the family UVa 989, SPOJ SUDOKU and POJ 3076 use. Symbols are the numbers 1 to n^2.

use super::grid::Grid;

pub mod gen; // seeded solved grids and puzzles of every size (tool side)
pub mod solver; // the fast solver for every size, same contract (9x9 goes to `solver`)
pub mod text; // n^2 grids as judges write them: spaced numbers, A-P letter rows

/// The largest box size: 6, a 36x36 grid, as 36 symbols still fit one `u64` candidate mask.
pub const MAX_BOX: usize = 6;

/// An n^2 x n^2 grid with n x n boxes, row-major.
///
/// # Constraints
/// `1 <= n <= MAX_BOX`; `n^4` cells, each 0 (blank) or a symbol `1..=n*n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Square {
    n: usize,
    cells: Vec<u8>,
}

impl Square {
    /// The all-blank grid with boxes of `n` x `n`.
    ///
    /// # Panics
    /// When `n` is not `1..=MAX_BOX`.
    pub fn empty(n: usize) -> Square {
        Square::from_cells(n, vec![0; n * n * n * n])
    }

    /// The grid with boxes of `n` x `n` holding `cells` (row-major, 0 = blank).
    ///
    /// # Panics
    /// When `n` is not `1..=MAX_BOX`, `cells` does not hold `n^4` cells or a cell is over `n*n`.
    pub fn from_cells(n: usize, cells: Vec<u8>) -> Square {
        assert!(
            (1..=MAX_BOX).contains(&n),
            "box size {} is not 1..={}",
            n,
            MAX_BOX
        );
        assert_eq!(cells.len(), n * n * n * n, "a grid of box size {}", n);
        assert!(
            cells.iter().all(|&v| v as usize <= n * n),
            "symbol over n*n"
        );
        Square { n, cells }
    }

    /// The 9x9 grid as a square of box size 3.
    pub fn from_grid(g: &Grid) -> Square {
        Square::from_cells(3, g.0.to_vec())
    }

    /// The 9x9 grid, when the box size is 3.
    pub fn to_grid(&self) -> Option<Grid> {
        if self.n != 3 {
            return None;
        }
        let mut g = Grid::EMPTY;
        g.0.copy_from_slice(&self.cells);
        Some(g)
    }

    /// The box size n.
    pub fn box_size(&self) -> usize {
        self.n
    }

    /// The number of rows, columns and symbols: n*n.
    pub fn side(&self) -> usize {
        self.n * self.n
    }

    /// The cells in row-major order, 0 for a blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Writes `symbol` (0 blanks it) into cell `i`.
    ///
    /// # Panics
    /// When `i` is not a cell or `symbol` is over n*n.
    pub fn set(&mut self, i: usize, symbol: u8) {
        assert!(symbol as usize <= self.side(), "symbol over n*n");
        self.cells[i] = symbol;
    }

    /// The row, column and box of cell `i`, numbered 0..side each.
    pub fn units_of(&self, i: usize) -> (usize, usize, usize) {
        let (side, n) = (self.side(), self.n);
        let (r, c) = (i / side, i % side);
        (r, c, r / n * n + c / n)
    }

    /// The first pair of cells (`a < b`, row-major) that hold the same symbol in one unit.
    /// Givens that clash make a grid unsolvable, whatever a search would fill in around them.
    pub fn clash(&self) -> Option<(usize, usize)> {
        let side = self.side();
        // seen[unit * (side + 1) + symbol]: the first cell holding the symbol in that unit.
        let mut seen = vec![None::<usize>; 3 * side * (side + 1)];
        for (i, &v) in self.cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (r, c, b) = self.units_of(i);
            let mut clash = None;
            for unit in [r, side + c, 2 * side + b] {
                let slot = &mut seen[unit * (side + 1) + v as usize];
                match *slot {
                    Some(j) => clash = clash.or(Some(j)),
                    None => *slot = Some(i),
                }
            }
            if let Some(j) = clash {
                return Some((j, i));
            }
        }
        None
    }

    /// True when every cell is filled and no unit repeats a symbol: a valid solution.
    pub fn is_solved(&self) -> bool {
        self.cells.iter().all(|&v| v != 0) && self.clash().is_none()
    }

    /// True when `solution` has the same size and keeps every given of `self`.
    pub fn agrees_with(&self, solution: &Square) -> bool {
        self.n == solution.n
            && self
                .cells
                .iter()
                .zip(&solution.cells)
                .all(|(&g, &s)| g == 0 || g == s)
    }

    /// How many cells are given (not blank).
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_box_size() {
        for n in 1..=MAX_BOX {
            let g = Square::empty(n);
            assert_eq!((g.box_size(), g.side()), (n, n * n));
            assert_eq!(g.cells().len(), n * n * n * n);
            assert_eq!(g.clash(), None);
        }
    }

    #[test]
    fn clash_found_in_each_kind_of_unit() {
        // 16x16: cell 0 is row 0, column 0, box 0.
        let mut g = Square::empty(4);
        g.set(0, 7);
        assert_eq!(g.clash(), None);
        g.set(15, 7); // same row
        assert_eq!(g.clash(), Some((0, 15)));
        g.set(15, 0);
        g.set(16 * 15, 7); // same column
        assert_eq!(g.clash(), Some((0, 240)));
        g.set(240, 0);
        g.set(3 * 16 + 3, 7); // same box
        assert_eq!(g.clash(), Some((0, 51)));
        g.set(51, 0);
        g.set(4 * 16 + 4, 7); // next box along the diagonal: no unit shared
        assert_eq!(g.clash(), None);
    }

    #[test]
    fn the_1x1_grid_is_solved_by_its_one_symbol() {
        assert!(!Square::empty(1).is_solved());
        assert!(Square::from_cells(1, vec![1]).is_solved());
    }

    #[test]
    #[should_panic]
    fn a_symbol_over_the_side_panics() {
        Square::from_cells(2, vec![5; 16]);
    }

    #[test]
    fn grid_round_trip() {
        let mut g = Grid::EMPTY;
        g.0[10] = 4;
        assert_eq!(Square::from_grid(&g).to_grid(), Some(g));
        assert_eq!(Square::empty(2).to_grid(), None);
    }
}
