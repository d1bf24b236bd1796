//! The special judge's verdict: is an answer a complete valid grid that keeps the puzzle's
//! givens? Any valid solution passes, not only the lexicographically smallest; when it
//! fails, the reason names the unit and the cells, as a contestant needs to find the bug.

use super::square::Square;

/// `Ok` when `answer` has the puzzle's size, is filled, repeats no symbol in a unit and
/// keeps every given of `puzzle`; else the first fault found (size, blanks, then changed
/// givens, then repeats). Grids of every size: a 9x9 one has box size 3.
pub fn check(puzzle: &Square, answer: &Square) -> Result<(), String> {
    let (side, a, p) = (answer.side(), answer.cells(), puzzle.cells());
    if puzzle.side() != side {
        return Err(format!(
            "the answer is {}x{}, the puzzle {}x{}",
            side,
            side,
            puzzle.side(),
            puzzle.side()
        ));
    }
    let cell = |i: usize| format!("row {} column {}", i / side + 1, i % side + 1);
    if let Some(i) = a.iter().position(|&d| d == 0) {
        return Err(format!("{} is blank", cell(i)));
    }
    if let Some(i) = (0..a.len()).find(|&i| p[i] != 0 && p[i] != a[i]) {
        return Err(format!(
            "{} holds {} but the puzzle gives {}",
            cell(i),
            a[i],
            p[i]
        ));
    }
    if let Some((x, y)) = answer.clash() {
        let (ux, uy) = (answer.units_of(x), answer.units_of(y));
        let unit = if ux.0 == uy.0 {
            format!("row {}", ux.0 + 1)
        } else if ux.1 == uy.1 {
            format!("column {}", ux.1 + 1)
        } else {
            format!("box {}", ux.2 + 1)
        };
        return Err(format!(
            "{} has {} twice: {} and {}",
            unit,
            a[x],
            cell(x),
            cell(y)
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::grid::Grid;
    use super::*;

    fn check(puzzle: &Grid, answer: &Grid) -> Result<(), String> {
        super::check(&Square::from_grid(puzzle), &Square::from_grid(answer))
    }

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
    fn other_sizes_are_checked_and_a_size_mismatch_named() {
        // The 4x4 rows 1 2 3 4 / 3 4 1 2 / 2 1 4 3 / 4 3 2 1 are valid; swapping the first
        // two cells of row 1 keeps it valid, and column 1 then holds 2 in rows 1 and 3.
        let s = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let ok = Square::from_cells(2, s.clone());
        assert_eq!(super::check(&Square::empty(2), &ok), Ok(()));
        let mut swapped = s;
        swapped.swap(0, 1);
        let bad = Square::from_cells(2, swapped);
        assert_eq!(
            super::check(&Square::empty(2), &bad),
            Err("column 1 has 2 twice: row 1 column 1 and row 3 column 1".into())
        );
        assert_eq!(
            super::check(&Square::empty(3), &ok),
            Err("the answer is 4x4, the puzzle 9x9".into())
        );
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
