//! The hunt for slow puzzles: a seeded hill climb. Start from a random solved grid keeping 8
//! to 28 givens; mutate 1 to 3 givens (remove one, add one of the solved grid's, move one);
//! keep a mutation that costs more; restart after 300 tries without progress. Every puzzle
//! stays a part of a solved grid, so each has a solution. The cost is a count of search
//! nodes, not time, so a seed gives the same climb on every machine.

use super::gen;
use super::grid::Grid;
use super::rng::Rng;
use std::time::Instant;

/// Givens a hunted puzzle keeps.
const GIVENS: std::ops::RangeInclusive<usize> = 8..=28;

/// Tries without progress before a climb restarts.
const PATIENCE: u32 = 300;

/// A puzzle the hunt found and its cost.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    /// The puzzle: a part of a solved grid, so it has a solution.
    pub puzzle: Grid,
    /// What the cost function said about it.
    pub cost: u64,
}

/// Climbs from random starts until `until` or `tries` costed puzzles, whichever comes
/// first; returns the `keep` costliest puzzles met (each climb's peak), costliest first.
pub fn hunt(
    rng: &mut Rng,
    until: Instant,
    tries: u64,
    keep: usize,
    cost: &mut dyn FnMut(&Grid) -> u64,
) -> Vec<Found> {
    let mut best: Vec<Found> = Vec::new();
    let mut spent = 0;
    while spent < tries && Instant::now() < until {
        let solution = gen::solved_grid(rng);
        let givens = GIVENS.start() + rng.below(GIVENS.end() - GIVENS.start() + 1);
        let mut top = Found {
            puzzle: blanked(rng, &solution, givens),
            cost: 0,
        };
        top.cost = cost(&top.puzzle);
        let mut stale = 0;
        while stale < PATIENCE && spent < tries && Instant::now() < until {
            let puzzle = mutate(rng, &top.puzzle, &solution);
            let c = cost(&puzzle);
            spent += 1;
            if c > top.cost {
                top = Found { puzzle, cost: c };
                stale = 0;
            } else {
                stale += 1;
            }
        }
        best.push(top);
        best.sort_by_key(|f| std::cmp::Reverse(f.cost));
        best.truncate(keep);
    }
    best
}

/// `g` with 1 to 3 givens removed, added (from `solution`) or moved, within [`GIVENS`].
fn mutate(rng: &mut Rng, g: &Grid, solution: &Grid) -> Grid {
    let (min, max) = (*GIVENS.start(), *GIVENS.end());
    let mut m = *g;
    for _ in 0..1 + rng.below(3) {
        let givens = m.0.iter().filter(|&&d| d != 0).count();
        let (remove, add) = match rng.below(3) {
            0 if givens > min => (true, false),
            1 if givens < max => (false, true),
            0 => (false, true),
            1 => (true, false),
            _ => (true, true),
        };
        let filled: Vec<usize> = (0..81).filter(|&i| m.0[i] != 0).collect();
        let blank: Vec<usize> = (0..81).filter(|&i| m.0[i] == 0).collect();
        if remove {
            m.0[filled[rng.below(filled.len())]] = 0;
        }
        if add {
            let i = blank[rng.below(blank.len())];
            m.0[i] = solution.0[i];
        }
    }
    m
}

/// `solution` with all but `givens` random cells blanked.
fn blanked(rng: &mut Rng, solution: &Grid, givens: usize) -> Grid {
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut g = *solution;
    for &i in &cells[givens..] {
        g.0[i] = 0;
    }
    g
}
