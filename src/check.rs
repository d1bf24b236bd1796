//! The special judge's verdict: is an answer a complete valid grid that keeps the puzzle's
//! givens? Any valid solution passes, not only the lexicographically smallest; when it
//! fails, the reason names the unit and the cells, as a contestant needs to find the bug.

use super::grid::{units_of, Grid};

/// `Ok` when `answer` is filled, repeats no digit in a unit and keeps every given of
/// `puzzle`; else the first fault found (blanks, then changed givens, then repeats).
pub fn check(puzzle: &Grid, answer: &Grid) -> Result<(), String> {
    debug_assert!(puzzle.cells_in_range() && answer.cells_in_range());
    if let Some(i) = answer.0.iter().position(|&d| d == 0) {
        return Err(format!("{} is blank", cell(i)));
    }
    if let Some(i) = (0..81).find(|&i| puzzle.0[i] != 0 && puzzle.0[i] != answer.0[i]) {
        return Err(format!(
            "{} holds {} but the puzzle gives {}",
            cell(i),
            answer.0[i],
            puzzle.0[i]
        ));
    }
    if let Some((a, b)) = answer.first_clash() {
        let (ua, ub) = (units_of(a), units_of(b));
        let unit = if ua.0 == ub.0 {
            format!("row {}", ua.0 + 1)
        } else if ua.1 == ub.1 {
            format!("column {}", ua.1 + 1)
        } else {
            format!("box {}", ua.2 + 1)
        };
        return Err(format!(
            "{} has {} twice: {} and {}",
            unit,
            answer.0[a],
            cell(a),
            cell(b)
        ));
    }
    Ok(())
}

/// A cell by its 1-based row and column.
fn cell(i: usize) -> String {
    format!("row {} column {}", i / 9 + 1, i % 9 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A valid grid by the band pattern: row r is 1..9 shifted by 3r + r/3.
    fn solved() -> Grid {
        let mut g = Grid::EMPTY;
        for (i, d) in g.0.iter_mut().enumerate() {
            let (r, c) = (i / 9, i % 9);
            *d = ((r * 3 + r / 3 + c) % 9 + 1) as u8;
        }
        g
    }

    #[test]
    fn a_valid_grid_keeping_the_givens_passes() {
        let s = solved();
        let mut p = s;
        p.0[10..40].iter_mut().for_each(|d| *d = 0);
        assert_eq!(check(&p, &s), Ok(()));
        assert_eq!(check(&Grid::EMPTY, &s), Ok(()));
    }

    #[test]
    fn each_fault_is_named_with_its_cells() {
        let s = solved();
        let mut a = s;
        a.0[12] = 0;
        assert_eq!(
            check(&Grid::EMPTY, &a),
            Err("row 2 column 4 is blank".into())
        );
        let mut p = Grid::EMPTY;
        p.0[80] = s.0[80] % 9 + 1;
        assert_eq!(
            check(&p, &s),
            Err(format!(
                "row 9 column 9 holds {} but the puzzle gives {}",
                s.0[80], p.0[80]
            ))
        );
        // Swapping two cells of row 1 keeps the row valid but repeats digits in columns.
        let mut a = s;
        a.0.swap(0, 1);
        assert_eq!(
            check(&Grid::EMPTY, &a),
            Err("column 1 has 2 twice: row 1 column 1 and row 4 column 1".into())
        );
        // Swapping rows 1 and 4 keeps rows and columns valid; row 1 becomes 2 3 4 ..., so
        // box 1 meets 4 again at row 2 column 1.
        let mut a = s;
        for c in 0..9 {
            a.0.swap(c, 27 + c);
        }
        assert_eq!(
            check(&Grid::EMPTY, &a),
            Err("box 1 has 4 twice: row 1 column 3 and row 2 column 1".into())
        );
        let mut a = s;
        a.0[0] = a.0[1];
        assert_eq!(
            check(&Grid::EMPTY, &a),
            Err("row 1 has 2 twice: row 1 column 1 and row 1 column 2".into())
        );
    }
}
