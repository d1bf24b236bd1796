//! Watching the plain search ([`super::plain::observed`]): the step counts `--stats`
//! reports and the text `sudoku trace` shows for each step.

use super::grid::Grid;
use super::layout::{cell_text, pretty};
use super::plain::Step;

/// What the search did: digits written, and dead ends it went back from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Digits written into blank cells.
    pub placements: u64,
    /// Cells the search left because no digit fit.
    pub backtracks: u64,
}

impl Counts {
    /// Counts one more step.
    pub fn add(&mut self, step: Step) {
        match step {
            Step::Place { .. } => self.placements += 1,
            Step::Backtrack { .. } => self.backtracks += 1,
        }
    }
}

/// One step on a grid `side` cells wide as a line: `place row 1 column 3 = 4` or
/// `back from row 1 column 5`.
pub fn step_line(step: Step, side: usize) -> String {
    match step {
        Step::Place { cell, digit } => {
            format!(
                "place row {} column {} = {}",
                cell / side + 1,
                cell % side + 1,
                digit
            )
        }
        Step::Backtrack { cell } => {
            format!(
                "back from row {} column {}",
                cell / side + 1,
                cell % side + 1
            )
        }
    }
}

/// One frame for a terminal: the cursor sent home, the grid with givens in bold and the
/// cell of `step` in reverse video, then the step itself on a cleared line.
pub fn frame(puzzle: &Grid, now: &Grid, step: Step) -> String {
    let focus = match step {
        Step::Place { cell, .. } | Step::Backtrack { cell } => cell,
    };
    let grid = pretty(|i| {
        let text = cell_text(now, i);
        if i == focus {
            format!("\x1b[7m{}\x1b[0m", text)
        } else if puzzle.0[i] != 0 {
            format!("\x1b[1m{}\x1b[0m", text)
        } else {
            text
        }
    });
    format!("\x1b[H{}{}\x1b[K\n", grid, step_line(step, 9))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_highlights_the_step_cell_and_the_givens() {
        let mut puzzle = Grid::EMPTY;
        puzzle.0[0] = 5;
        let mut now = puzzle;
        now.0[1] = 3;
        let f = frame(&puzzle, &now, Step::Place { cell: 1, digit: 3 });
        assert!(f.starts_with("\x1b[H\x1b[1m5\x1b[0m \x1b[7m3\x1b[0m . | "));
        assert!(f.ends_with("place row 1 column 2 = 3\x1b[K\n"));
        assert_eq!(
            step_line(Step::Backtrack { cell: 80 }, 9),
            "back from row 9 column 9"
        );
    }
}
