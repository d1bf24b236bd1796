//! The fast solver must agree with the plain textbook search (the reference oracle) on
//! generated puzzles: the same first solution and the same solution counts. Puzzles come
//! from a seeded std-only PRNG and mix unique, several-solution and unsolvable ones, half of
//! them relabelled so the solution's first row reads 9 8 7 ... 1, the worst order for a
//! first-cell, 1-to-9 search.

use sudoku_kit::grid::Grid;
use sudoku_kit::{plain, solver};

/// splitmix64: small, seedable, std only.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// A random solved grid: a fixed valid pattern under random band, stack, row and column
/// permutations, a random transpose and a random relabelling of the digits.
fn solved_grid(rng: &mut Rng) -> Grid {
    let perm = |rng: &mut Rng| {
        let (mut bands, mut map) = ([0, 1, 2], [0; 9]);
        rng.shuffle(&mut bands);
        for (b, &band) in bands.iter().enumerate() {
            let mut rows = [0, 1, 2];
            rng.shuffle(&mut rows);
            for k in 0..3 {
                map[b * 3 + k] = band * 3 + rows[k];
            }
        }
        map
    };
    let (rows, cols) = (perm(rng), perm(rng));
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let transpose = rng.below(2) == 1;
    let mut g = Grid::EMPTY;
    for (i, cell) in g.0.iter_mut().enumerate() {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        *cell = digits[(r * 3 + r / 3 + c) % 9];
    }
    assert!(g.is_solved());
    g
}

/// Relabels digits so that `solution`'s first row reads 9, 8, ..., 1; applied to a puzzle
/// and its solution alike.
fn adversarial(puzzle: &Grid, solution: &Grid) -> Grid {
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

/// A puzzle of a random kind: cells removed from a solved grid down to 28..=45 givens
/// (unique or several solutions), or one given changed in a puzzle of 34..=45 givens (mostly
/// unsolvable; fewer givens would make the plain search's exhaustive proof too slow).
fn puzzle(rng: &mut Rng) -> Grid {
    let solution = solved_grid(rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
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

#[test]
fn fast_solver_agrees_with_the_plain_search() {
    let mut rng = Rng(2239);
    let (mut none, mut unique, mut several) = (0, 0, 0);
    for n in 0..10_000 {
        let g = puzzle(&mut rng);
        let want = plain::first_solution(&g);
        assert_eq!(solver::first_solution(&g), want, "puzzle {} {:?}", n, g);
        if let Some(s) = want {
            assert!(
                s.is_solved() && g.agrees_with(&s),
                "oracle gave a wrong answer"
            );
        }
        let count = plain::count_solutions(&g, 10);
        assert_eq!(
            solver::count_solutions(&g, 10),
            count,
            "count, puzzle {} {:?}",
            n,
            g
        );
        match count {
            0 => none += 1,
            1 => unique += 1,
            _ => several += 1,
        }
    }
    // The mix must really hold every kind, or the comparison proves little.
    assert!(
        none > 1000 && unique > 1000 && several > 1000,
        "{} {} {}",
        none,
        unique,
        several
    );
}

#[test]
fn adversarial_relabelling_puts_the_largest_digits_first() {
    let mut rng = Rng(7);
    let s = solved_grid(&mut rng);
    let a = adversarial(&s, &s);
    assert!(a.is_solved());
    assert_eq!(&a.0[..9], &[9, 8, 7, 6, 5, 4, 3, 2, 1]);
}
