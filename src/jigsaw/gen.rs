//! Seeded random jigsaw puzzles (tool side): region layouts made by swapping cells between
//! neighbouring regions, solved grids on them, and unique puzzles.

use super::super::grid::Grid;
use super::super::rng::Rng;
use super::solver::{count_solutions, witness_within};
use super::{flood, sides, Jigsaw, Regions};

/// Swaps a layout goes through from the boxes: about where more stop changing how often a box
/// survives (4 layouts in 100 keep one; 6 after 200 swaps, 3 after 800 or 1600).
const SWAPS: usize = 400;

/// A random layout: from the boxes, [`SWAPS`] times a cell of one region and a cell of a
/// neighbouring one trade regions, when both regions stay connected.
pub fn layout(rng: &mut Rng) -> Regions {
    let boxes = Regions::boxes();
    let mut label: [u8; 81] = [0; 81];
    for (i, l) in label.iter_mut().enumerate() {
        *l = boxes.of(i) as u8;
    }
    let mut done = 0;
    while done < SWAPS {
        // `a` goes to its neighbour's region, a cell `c` of that region beside `a`'s comes back.
        let a = rng.below(81);
        let near: Vec<usize> = sides(a)
            .into_iter()
            .flatten()
            .filter(|&b| label[b] != label[a])
            .collect();
        if near.is_empty() {
            continue;
        }
        let (from, to) = (label[a], label[near[rng.below(near.len())]]);
        let back: Vec<usize> = (0..81)
            .filter(|&c| {
                label[c] == to
                    && sides(c)
                        .iter()
                        .flatten()
                        .any(|&s| s != a && label[s] == from)
            })
            .collect();
        if back.is_empty() {
            continue;
        }
        let c = back[rng.below(back.len())];
        label[a] = to;
        label[c] = from;
        let whole = |i: usize| {
            let region = flood(i, |x, y| label[x] == label[y]);
            region.count_ones() == 9
        };
        if whole(a) && whole(c) {
            done += 1;
        } else {
            label[a] = from;
            label[c] = to;
        }
    }
    Regions::new(&label, |_| String::new()).expect("swaps keep nine regions of nine cells")
}

/// Boards the search for a layout's solved grid may visit before the layout is drawn again:
/// nine layouts in ten take under 64, three in a hundred over 10,000 (some without a solution).
const SOLVE_NODES: u64 = 10_000;

/// A random solved grid on a random layout: a random order of the digits in a random
/// region, completed by the solver (a layout without a solution, or whose search passes
/// [`SOLVE_NODES`], is drawn again).
pub fn solved(rng: &mut Rng) -> Jigsaw {
    loop {
        let regions = layout(rng);
        let mut digits: Vec<u8> = (1..=9).collect();
        rng.shuffle(&mut digits);
        let mut grid = Grid::EMPTY;
        for (i, &d) in regions.cells(rng.below(9)).zip(&digits) {
            grid.0[i] = d;
        }
        let g = Jigsaw { grid, regions };
        if let Some(Some(grid)) = witness_within(&g, SOLVE_NODES) {
            return Jigsaw { grid, regions };
        }
    }
}

/// The 81 cells in random order.
fn cell_order(rng: &mut Rng) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    cells
}

/// A random solved grid with all but `clues` random cells blanked (unique or not).
pub fn with_clues(rng: &mut Rng, clues: usize) -> Jigsaw {
    let mut g = solved(rng);
    for &i in cell_order(rng).iter().skip(clues) {
        g.grid.0[i] = 0;
    }
    g
}

/// A puzzle with exactly one solution: blanks the cells of a random solved grid in random
/// order, skipping any whose removal would allow a second solution, until `min_clues` are
/// left or no cell can go.
pub fn unique(rng: &mut Rng, min_clues: usize) -> Jigsaw {
    let mut g = solved(rng);
    let mut clues = 81;
    for i in cell_order(rng) {
        if clues <= min_clues {
            break;
        }
        let d = g.grid.0[i];
        g.grid.0[i] = 0;
        if count_solutions(&g, 2) == 1 {
            clues -= 1;
        } else {
            g.grid.0[i] = d;
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::super::super::plain;
    use super::*;

    #[test]
    fn layouts_vary_and_leave_the_boxes() {
        let mut rng = Rng(1);
        let (a, b) = (layout(&mut rng), layout(&mut rng));
        assert_ne!(a, b);
        assert!(a != Regions::boxes());
    }

    #[test]
    fn unique_puzzles_have_one_solution() {
        // Down to 30 givens, where the plain search counts quickly.
        let mut rng = Rng(2);
        for _ in 0..5 {
            let g = unique(&mut rng, 30);
            assert_eq!(g.grid.0.iter().filter(|&&d| d != 0).count(), 30);
            assert_eq!(plain::count_solutions(&g, 2), 1);
        }
    }

    #[test]
    fn minimal_puzzles_lose_uniqueness_with_any_given() {
        let mut rng = Rng(3);
        let g = unique(&mut rng, 0);
        assert_eq!(count_solutions(&g, 2), 1);
        for i in (0..81).filter(|&i| g.grid.0[i] != 0) {
            let mut fewer = g.clone();
            fewer.grid.0[i] = 0;
            assert_eq!(count_solutions(&fewer, 2), 2);
        }
    }
}
