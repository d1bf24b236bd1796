//! The hunt for slow puzzles: a seeded hill climb. Start from a random solved grid keeping a
//! random number of givens in the [`Space`]'s range; mutate 1 to 3 givens; keep a mutation
//! that costs no less; restart after 300 tries without a rise. In [`Mode::Grid`] every puzzle
//! stays a part of the start's solved grid, so each has a solution; in [`Mode::Free`] a
//! given may take any symbol that clashes with no other given, so a puzzle may have none.
//! With a cost counted in search nodes, not time, a seed gives the same climb on every
//! machine.

use super::rng::Rng;
use super::square::{gen, Square};
use std::ops::RangeInclusive;
use std::time::Instant;

/// Tries without progress before a climb restarts.
const PATIENCE: u32 = 300;

/// Which puzzles a mutation may make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A given is removed, or added from the start's solved grid, or both (moved).
    Grid,
    /// As [`Mode::Grid`], but an added given takes any symbol that clashes with no given,
    /// and a given may change to such a symbol.
    Free,
}

/// Where the hunt looks: the box size (3 for 9x9), the mode and the givens a puzzle keeps.
#[derive(Clone, Debug)]
pub struct Space {
    /// The box size: 3 for 9x9, 4 for 16x16, 5 for 25x25.
    pub n: usize,
    /// What a mutation may do.
    pub mode: Mode,
    /// The givens a puzzle keeps, at the start and through every mutation.
    pub givens: RangeInclusive<usize>,
}

/// A puzzle the hunt found and its cost.
#[derive(Clone, Debug)]
pub struct Found {
    /// The puzzle: a climb's peak.
    pub puzzle: Square,
    /// What the cost function said about it.
    pub cost: u64,
}

/// Climbs from random starts until `until` or `tries` costed puzzles, whichever comes
/// first; returns the `keep` costliest puzzles met (each climb's peak), costliest first.
pub fn hunt(
    rng: &mut Rng,
    space: &Space,
    until: Instant,
    tries: u64,
    keep: usize,
    cost: &mut dyn FnMut(&Square) -> u64,
) -> Vec<Found> {
    let (min, max) = (*space.givens.start(), *space.givens.end());
    let mut best: Vec<Found> = Vec::new();
    let mut spent = 0;
    while spent < tries && Instant::now() < until {
        let solution = gen::solved(rng, space.n);
        let givens = min + rng.below(max - min + 1);
        let mut puzzle = solution.clone();
        for &i in gen::cell_order(rng, space.n).iter().skip(givens) {
            puzzle.set(i, 0);
        }
        let mut top = Found {
            cost: cost(&puzzle),
            puzzle,
        };
        let mut stale = 0;
        while stale < PATIENCE && spent < tries && Instant::now() < until {
            let puzzle = mutate(rng, space, &top.puzzle, &solution);
            let c = cost(&puzzle);
            spent += 1;
            // A mutation that costs as much is taken too, without counting as progress: a
            // climb crosses a plateau (where every puzzle costs 0, say) instead of stopping.
            stale = if c > top.cost { 0 } else { stale + 1 };
            if c >= top.cost {
                top = Found { puzzle, cost: c };
            }
        }
        best.push(top);
        best.sort_by_key(|f| std::cmp::Reverse(f.cost));
        best.truncate(keep);
    }
    best
}

/// `g` with 1 to 3 givens removed, added, moved or (free mode) changed, within the givens of
/// `space`; an added given comes from `solution` in grid mode.
fn mutate(rng: &mut Rng, space: &Space, g: &Square, solution: &Square) -> Square {
    let (min, max) = (*space.givens.start(), *space.givens.end());
    let kinds = match space.mode {
        Mode::Grid => 3,
        Mode::Free => 4,
    };
    let mut m = g.clone();
    for _ in 0..1 + rng.below(3) {
        let givens = m.givens();
        let (remove, add) = match rng.below(kinds) {
            0 if givens > min => (true, false),
            1 if givens < max => (false, true),
            0 | 1 if min == max => (true, true),
            0 => (false, true),
            1 => (true, false),
            2 => (true, true),
            _ => (false, false),
        };
        let filled: Vec<usize> = (0..m.cells().len())
            .filter(|&i| m.cells()[i] != 0)
            .collect();
        let blank: Vec<usize> = (0..m.cells().len())
            .filter(|&i| m.cells()[i] == 0)
            .collect();
        let mut t = m.clone();
        if !remove && !add {
            // A change: a given takes another symbol that clashes with no other given.
            if let Some(&i) = pick(rng, &filled) {
                let was = t.cells()[i];
                t.set(i, 0);
                let others: Vec<u8> = free(&t, i).into_iter().filter(|&s| s != was).collect();
                t.set(i, pick(rng, &others).copied().unwrap_or(was));
            }
        }
        if remove {
            if let Some(&i) = pick(rng, &filled) {
                t.set(i, 0);
            }
        }
        if add {
            if let Some(&i) = pick(rng, &blank) {
                let symbol = match space.mode {
                    Mode::Grid => Some(solution.cells()[i]),
                    Mode::Free => pick(rng, &free(&t, i)).copied(),
                };
                t.set(i, symbol.unwrap_or(0));
            }
        }
        // A move that found no symbol to add would leave the range.
        if space.givens.contains(&t.givens()) {
            m = t;
        }
    }
    m
}

/// A random element of `v`, if it has any.
fn pick<'a, T>(rng: &mut Rng, v: &'a [T]) -> Option<&'a T> {
    match v.len() {
        0 => None,
        len => v.get(rng.below(len)),
    }
}

/// The symbols blank cell `i` of `g` may take without a clash with a given.
fn free(g: &Square, i: usize) -> Vec<u8> {
    let units = g.units_of(i);
    let mut used = vec![false; g.side() + 1];
    for (j, &s) in g.cells().iter().enumerate() {
        let (r, c, b) = g.units_of(j);
        if r == units.0 || c == units.1 || b == units.2 {
            used[s as usize] = true;
        }
    }
    (1..=g.side() as u8)
        .filter(|&s| !used[s as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::solver;
    use super::*;
    use std::time::Duration;

    /// Every puzzle the hunt costs in `space`, over `tries` tries from `seed`, under a cost
    /// that is a hash of the puzzle: the climbs wander.
    fn costed(space: &Space, seed: u64, tries: u64) -> Vec<Square> {
        let mut seen = Vec::new();
        let until = Instant::now() + Duration::from_secs(600);
        hunt(&mut Rng(seed), space, until, tries, 5, &mut |g| {
            seen.push(g.clone());
            let mut h = Rng(0);
            g.cells().iter().fold(0, |a, &s| {
                h.0 ^= a ^ s as u64;
                h.next_u64()
            })
        });
        seen
    }

    #[test]
    fn grid_mode_keeps_a_solution_and_the_givens_in_range() {
        let space = Space {
            n: 3,
            mode: Mode::Grid,
            givens: 8..=28,
        };
        let seen = costed(&space, 1, 400);
        assert!(seen.len() > 400);
        for g in &seen {
            assert!((8..=28).contains(&g.givens()), "{:?}", g);
            let grid = g.to_grid().unwrap();
            assert!(solver::first_solution(&grid).is_some(), "{:?}", g);
        }
    }

    #[test]
    fn free_mode_never_clashes_and_makes_boards_without_a_solution() {
        let space = Space {
            n: 3,
            mode: Mode::Free,
            givens: 20..=40,
        };
        let seen = costed(&space, 7, 400);
        let mut none = 0;
        for g in &seen {
            assert!((20..=40).contains(&g.givens()), "{:?}", g);
            assert_eq!(g.clash(), None, "{:?}", g);
            none += solver::first_solution(&g.to_grid().unwrap()).is_none() as usize;
        }
        assert!(
            none > 20 && none + 20 < seen.len(),
            "{} of {}",
            none,
            seen.len()
        );
    }

    #[test]
    fn wide_ranges_and_other_sizes_stay_in_bounds() {
        for (n, mode, givens) in [
            (3, Mode::Free, 0..=80),
            (3, Mode::Grid, 0..=0),
            (3, Mode::Free, 80..=80),
            (4, Mode::Free, 0..=255),
            (5, Mode::Grid, 100..=300),
        ] {
            let space = Space {
                n,
                mode,
                givens: givens.clone(),
            };
            let seen = costed(&space, 3, 200);
            assert!(seen.len() > 200);
            for g in &seen {
                assert_eq!(g.box_size(), n);
                assert!(givens.contains(&g.givens()), "{} {:?}", n, g);
                assert_eq!(g.clash(), None, "{:?}", g);
            }
            // The climbs move where the range lets them.
            let mut counts: Vec<usize> = seen.iter().map(Square::givens).collect();
            counts.dedup();
            assert_eq!(
                counts.len() > 1,
                givens.start() < givens.end(),
                "{:?}",
                givens
            );
        }
    }
}
