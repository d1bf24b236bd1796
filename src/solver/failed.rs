//! Failed literals at the root: each open cell's digits placed in turn and propagated, those
//! that fail struck, in rounds until none fails. A board without a solution that the ordered
//! search and its counts refute digit by digit often dies one placement below its root: 17
//! of the 20 stored hunted boards slowest for the solver.

use super::board::Board;

/// Whether failed literals kill `b` (then it has no solution), and the placements tried.
pub(super) fn dead(mut b: Board) -> (bool, u64) {
    let mut tries = 0;
    loop {
        let mut struck = false;
        for band in 0..3 {
            let mut open = b.unsolved[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open &= open - 1;
                // A strike may have placed it since.
                if b.unsolved[band] & bit == 0 {
                    continue;
                }
                let mut digits = b.digit_set(band, bit);
                while digits != 0 {
                    let d = digits.trailing_zeros() as usize;
                    digits &= digits - 1;
                    tries += 1;
                    let mut t = b;
                    if t.place(band, d, bit) {
                        continue;
                    }
                    if !b.remove(band, bit, 1 << d) {
                        return (true, tries);
                    }
                    struck = true;
                    // The strike may have taken more of the cell's digits, or placed it.
                    if b.unsolved[band] & bit == 0 {
                        break;
                    }
                    digits &= b.digit_set(band, bit);
                }
            }
        }
        if !struck {
            return (false, tries);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::grid::Grid;
    use super::super::count::{Branching, Count};
    use super::super::hall;
    use super::*;

    /// The boards of `benches/data/NAME`, one a line, propagated.
    fn boards(name: &str) -> Vec<(String, Board)> {
        let path = format!("{}/benches/data/{}", env!("CARGO_MANIFEST_DIR"), name);
        let text = std::fs::read_to_string(path).unwrap();
        let board = |p: &str| Board::new(&Grid::from_line(p).unwrap()).unwrap();
        text.lines().map(|p| (p.to_string(), board(p))).collect()
    }

    #[test]
    fn failed_literals_kill_boards_without_a_solution_only() {
        // Hunted puzzles, each with a solution: a strike of a digit that has one would kill
        // them.
        for (p, b) in boards("hunted.txt") {
            assert!(!dead(b).0, "{}", p);
        }
        // `hunted_none.txt`: boards without a solution (confirmed by two searches, see its
        // `.lex`). Of the 23 that pass Hall's condition at the root, failed literals kill 22,
        // and the counting search run to the end finds no solution of those either.
        let mut killed = 0;
        for (p, b) in boards("hunted_none.txt") {
            if hall::matched(&b) && dead(b).0 {
                killed += 1;
                let c = Count::run(b, 1, u64::MAX, Branching::Cells);
                assert_eq!((c.gave_up(), c.found), (false, 0), "{}", p);
            }
        }
        assert_eq!(killed, 22);
    }
}
