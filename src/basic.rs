//! The small search for the lexicographically smallest solution, by the witness route: any
//! solution first, then cell by cell in row-major order each smaller digit is asked whether
//! some solution has it (the first yes becomes the new solution), else the cell keeps the
//! solution's digit. Each question is answered by a search in any order, with singles
//! settled at every node (a cell's last candidate, a digit's last place in a unit) and dead
//! ends seen early (a cell or a digit with no place left, one digit twice in a unit, one
//! cell the last place of two digits). It branches on the cell with the fewest candidates
//! per failure met in its units so far (dom/wdeg): the search goes where the contradictions
//! are, so no board of any kind takes long. Small on purpose: the solver of bins whose judge
//! caps the source size.
//!
//! Takes a [`Grid`], whose cells hold 0 to 9; debug builds assert it.

use super::grid::Grid;

/// The cells of each unit: the rows, the columns, then the boxes. Cell `i` is the
/// `i % 9`-th of its row, the `i / 9`-th of its column.
const UNITS: [[usize; 9]; 27] = {
    let mut t = [[0; 9]; 27];
    let mut i = 0;
    while i < 81 {
        t[i / 9][i % 9] = i;
        t[9 + i % 9][i / 9] = i;
        t[18 + i / 27 * 3 + i % 9 / 3][i / 9 % 3 * 3 + i % 3] = i;
        i += 1;
    }
    t
};

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Grid) -> Option<Grid> {
    // Candidates: bit `d` set = digit `d` still possible in the cell.
    let mut c = g.0.map(|d| {
        debug_assert!(d < 10);
        if d > 0 {
            1 << d
        } else {
            1022
        }
    });
    // Per cell: 1 + the dead ends met in its units, over all the questions.
    let w = &mut [1; 81];
    let mut s = fill(c, w)?;
    for i in 0..81 {
        // While the cell is open: is there a solution with a smaller digit in it?
        while c[i] > s[i] {
            let mut t = c;
            t[i] = s[i] - 2;
            match fill(t, w) {
                Some(x) => s = x,
                _ => c[i] = s[i],
            }
        }
    }
    Some(Grid(s.map(|m| m.trailing_zeros() as u8)))
}

/// A solution below `c`, if any: places singles until nothing changes, then splits on the
/// candidate with the fewest alternatives per dead end met in its units (its cell's other
/// digits, or its digit's other place in a unit): in it, else out.
fn fill(mut c: [i32; 81], w: &mut [u32; 81]) -> Option<[i32; 81]> {
    // The split: its key, cell and digit (as a bit; 0 when no cell is open).
    let (_, i, b) = loop {
        let last = c;
        let mut best = (!0, 0, 0);
        for u in &UNITS {
            // The unit's digits with one place or more, two or more, three or more, and
            // placed; `dead` nonzero at a dead end.
            let [mut one, mut two, mut three, mut placed, mut dead] = [0; 5];
            for &i in u {
                let m = c[i];
                three |= two & m;
                two |= one & m;
                one |= m;
                if m & (m - 1) < 1 {
                    dead |= placed & m | (m < 1) as i32;
                    placed |= m;
                }
            }
            for &i in u {
                let m = c[i];
                if m & (m - 1) > 0 {
                    let h = m & !two;
                    dead |= h & (h - 1);
                    c[i] = if h > 0 { h } else { m & !placed };
                    // Its digits with two places, once the unit is settled, else all.
                    let p = m & !three;
                    let (n, q) = if p > 0 { (2, p) } else { (m.count_ones(), m) };
                    best = best.min(((n << 20) / w[i], i, q & -q));
                }
            }
            if dead > 0 || one < 1022 {
                for &i in u {
                    w[i] += 1;
                }
                return None;
            }
        }
        if c == last {
            break best;
        }
    };
    if b < 1 {
        return Some(c);
    }
    [b, c[i] ^ b].iter().find_map(|&x| {
        c[i] = x;
        fill(c, w)
    })
}

#[cfg(test)]
mod tests {
    use super::super::{plain, solver};
    use super::*;

    fn grid(line: &str) -> Grid {
        Grid::from_line(line).unwrap()
    }

    #[test]
    fn boards_without_a_solution_are_refuted() {
        // The first took the ordered search with singles half a second; on the others a cell is
        // the last place of two digits, or a split on a digit's two places ends them soon.
        for line in [
            "....9..1.........4.............3..5.....7..6...46.2......35694.3...........7.96.2",
            "........4....4..51....21........8...92..6.3....629.............7.3...8..84...97..",
            "9....2.......5.8...........34...............56.25.4..9...9.8.........16.1.6......",
            ".8.....6..4......1.6......98........4..8.1...6....3.84........5........3....426..",
            "11...............................................................................",
        ] {
            let g = grid(line);
            assert_eq!(first_solution(&g), None, "{}", line);
            assert_eq!(solver::count_solutions(&g, 1), 0, "{}", line);
        }
    }

    #[test]
    fn answers_are_the_smallest_solution() {
        // Boards whose first solution found is not the smallest, then one slow for singles.
        for line in [
            "98.71.6..7.5..6.8.....4.....9.6...2...6................7.....6..3.....7.6....1...",
            ".3.9..7...4.2.........38.............2.......4.....1......429......1...81.9......",
            "..39.....4...8..36..8...1...4..6..738......1......2.....4.7..686........7.....5..",
        ] {
            let g = grid(line);
            let want = solver::first_solution(&g);
            assert!(want.is_some(), "{}", line);
            assert_eq!(first_solution(&g), want, "{}", line);
        }
        let empty = first_solution(&Grid::EMPTY).unwrap();
        assert_eq!(Some(empty), plain::first_solution(&Grid::EMPTY));
    }
}
