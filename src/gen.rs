//! Random puzzles from a seeded std-only PRNG, so the same seed always gives the same
//! puzzles: for `sudoku gen`, the stress script and the differential test.

use super::grid::Grid;
use super::rng::Rng;
use super::square::{self, Square};

/// A random solved grid: [`square::gen::solved`] with box size 3.
pub fn solved_grid(rng: &mut Rng) -> Grid {
    nine(square::gen::solved(rng, 3))
}

/// A random solved grid with all but `clues` random cells blanked (unique or not).
pub fn with_clues(rng: &mut Rng, clues: usize) -> Grid {
    nine(square::gen::with_clues(rng, 3, clues))
}

/// A puzzle with exactly one solution, keeping `min_clues` givens or more:
/// [`square::gen::unique`] with box size 3.
pub fn unique(rng: &mut Rng, min_clues: usize) -> Grid {
    nine(square::gen::unique(rng, 3, min_clues))
}

fn nine(g: Square) -> Grid {
    g.to_grid().expect("box size 3")
}

/// Relabels digits so that `solution`'s first row reads 9, 8, ..., 1; applied to a puzzle
/// and its solution alike. The worst digit order for a first-cell, 1-to-9 search.
pub fn adversarial(puzzle: &Grid, solution: &Grid) -> Grid {
    debug_assert!(puzzle.cells_in_range() && solution.cells_in_range());
    let mut label = [0u8; 10];
    for (c, &d) in solution.0[..9].iter().enumerate() {
        label[d as usize] = 9 - c as u8;
    }
    let mut g = *puzzle;
    for d in g.0.iter_mut() {
        *d = label[*d as usize];
    }
    g
}

/// A puzzle of a random kind, for testing solvers against each other: cells removed from a
/// solved grid down to 28..=45 givens (unique or several solutions), or one given changed in
/// a puzzle of 34..=45 givens (mostly unsolvable; fewer givens would make the plain search's
/// exhaustive proof too slow); half of them relabelled by [`adversarial`].
pub fn mixed(rng: &mut Rng) -> Grid {
    let solution = solved_grid(rng);
    let cells = square::gen::cell_order(rng, 3);
    let broken = rng.below(3) == 0;
    let givens = if broken {
        34 + rng.below(12)
    } else {
        28 + rng.below(18)
    };
    let mut g = solution;
    for &i in &cells[givens..] {
        g.0[i] = 0;
    }
    if broken {
        let i = cells[rng.below(givens)];
        g.0[i] = 1 + (g.0[i] + rng.below(8) as u8) % 9;
    }
    if rng.below(2) == 0 {
        g = adversarial(&g, &solution);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solved_grids_are_valid_and_vary() {
        let mut rng = Rng(1);
        let (a, b) = (solved_grid(&mut rng), solved_grid(&mut rng));
        assert!(a.is_solved() && b.is_solved());
        assert_ne!(a, b);
    }

    #[test]
    fn with_clues_keeps_exactly_that_many_givens_of_a_solved_grid() {
        let mut rng = Rng(5);
        let g = with_clues(&mut rng, 30);
        assert_eq!(g.0.iter().filter(|&&d| d != 0).count(), 30);
        assert!(g.first_clash().is_none());
    }

    #[test]
    fn adversarial_relabelling_puts_the_largest_digits_first() {
        let mut rng = Rng(7);
        let s = solved_grid(&mut rng);
        let a = adversarial(&s, &s);
        assert!(a.is_solved());
        assert_eq!(&a.0[..9], &[9, 8, 7, 6, 5, 4, 3, 2, 1]);
    }
}
