//! Hall's condition: each unit's missing digits can go to its open cells, one each.

use super::board::Board;
use super::count::{Branching, Count};

/// The Hall probe's counts and their nodes (see [`dead_below_root`]). Of the 23 hunted boards
/// without a solution that pass Hall's condition at the root, leftmost counts refute 12 in 8
/// nodes and counts by cells 2 more in 3 (forum_hardest_1106 +1.3% instructions); counts by
/// digits refute 3 more in 8, but cost boards hunted since 1-1.5%.
pub(super) const PROBE_COUNTS: [(Branching, u64); 2] =
    [(Branching::Leftmost, 8), (Branching::Cells, 3)];

/// For each 9-bit row of a band: its bit `c` moved to bit `3 * c`. Three rows so spread and
/// shifted by their row interleave into a word whose bits `9 * j..9 * j + 9` are box `j`
/// and bits `3 * c..3 * c + 3` the band's part of column `c`.
const SPREAD: [u32; 512] = spread();

const fn spread() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut c = 0;
        while c < 9 {
            t[m] |= ((m as u32 >> c) & 1) << (3 * c);
            c += 1;
        }
        m += 1;
    }
    t
}

/// Whether every unit of `b` has a matching of its missing digits to its open cells: a unit
/// where some k digits have fewer than k places between them is dead, which propagation by
/// singles and locked candidates does not see. Most boards without a solution that the
/// ordered search wanders on are dead so at the root (40 of `hunted_none.txt`'s 63).
/// Called on the root once a search, from [`Smallest::race`] at every node: not inlined
/// there (as measured, the figures in docs/solver.md); and at every node of
/// [`dead_below_root`].
///
/// [`Smallest::race`]: super::ordered::Smallest::race
#[inline(never)]
pub(super) fn matched(b: &Board) -> bool {
    // Each digit's places (9 bits) in each unit: rows 0-8, boxes 9-17, columns 18-26.
    let mut places = [[0u16; 9]; 27];
    for (i, &word) in b.cand.iter().enumerate() {
        let (band, d) = (i / 9, i % 9);
        let x = word & b.unsolved[band];
        let mut spread = 0;
        for k in 0..3 {
            let row = x >> (9 * k) & 511;
            places[3 * band + k][d] = row as u16;
            spread |= SPREAD[row as usize] << k;
        }
        for j in 0..3 {
            places[9 + 3 * band + j][d] = (spread >> (9 * j) & 511) as u16;
        }
        for c in 0..9 {
            places[18 + c][d] |= ((spread >> (3 * c) & 7) << (3 * band)) as u16;
        }
    }
    places.iter().all(unit_matched)
}

/// Whether the digits of one unit, by their places, can each take a cell of their own.
fn unit_matched(places: &[u16; 9]) -> bool {
    let (mut owner, mut taken) = ([0u8; 9], 0u16);
    (0..9).all(|d| {
        // Most digits find a free cell: no call for them.
        let free = places[d] & !taken;
        if free == 0 {
            return places[d] == 0 || augment(places, d, &mut owner, &mut taken, &mut 0);
        }
        let c = free.trailing_zeros() as usize;
        taken |= 1 << c;
        owner[c] = d as u8;
        true
    })
}

/// Finds digit `d` a cell among its places: a free one, or one whose holder can move on to
/// another. `owner[c]` is the digit holding cell `c`, `taken` the cells held, `seen` the
/// held cells this search has tried to free.
fn augment(
    places: &[u16; 9],
    d: usize,
    owner: &mut [u8; 9],
    taken: &mut u16,
    seen: &mut u16,
) -> bool {
    let mut open = places[d] & !*seen;
    while open != 0 {
        let c = open.trailing_zeros() as usize;
        open &= open - 1;
        *seen |= 1 << c;
        if *taken & 1 << c == 0 || augment(places, owner[c] as usize, owner, taken, seen) {
            owner[c] = d as u8;
            *taken |= 1 << c;
            return true;
        }
    }
    false
}

/// Small counts from `root` with Hall's condition at every node ([`PROBE_COUNTS`]): whether
/// one of them found no solution, and their nodes. A board dead only below the root often has
/// a cell whose every digit fails the condition (the n^2 search, which checks it at every
/// node, refutes 10 of the 23 hunted ones in 1 to 3 nodes), where counts without it wander
/// for a thousand. The ordered search runs it at its first doubt check (the count to 2, where the
/// race settles these boards soon enough, gains nothing from it: +0.1% instructions).
pub(super) fn dead_below_root(root: Board) -> (bool, u64) {
    let mut nodes = 0;
    for (branching, budget) in PROBE_COUNTS {
        let mut c = Count::new(root, 1, branching);
        c.hall = true;
        c.resume(budget);
        nodes += c.nodes;
        if !c.gave_up() && c.found == 0 {
            return (true, nodes);
        }
    }
    (false, nodes)
}

#[cfg(test)]
mod tests {
    use super::super::super::gen;
    use super::super::super::grid::Grid;
    use super::super::super::rng::Rng;
    use super::super::ordered::HALL_FROM;
    use super::super::race::DOUBT_FROM;
    use super::*;

    #[test]
    fn boards_on_the_way_to_a_solution_are_matched() {
        // A board with a solution always has a matching (the solution's own digits): each
        // board met while placing a solution's digits one by one must pass.
        let mut rng = Rng(5381);
        for n in 0..300 {
            let g = gen::with_clues(&mut rng, 17 + n % 30);
            let (_, w) = super::super::count_and_witness(&g, 1);
            let w = w.expect("a part of a solved grid has a solution");
            let mut b = Board::new(&g).unwrap();
            for (i, &d) in w.0.iter().enumerate() {
                assert!(matched(&b), "{:?} before cell {}", g.0, i);
                let (band, bit) = (i / 27, 1 << (i % 27));
                if b.unsolved[band] & bit != 0 {
                    assert!(b.place(band, d as usize - 1, bit));
                }
            }
        }
    }

    /// `benches/data/hunted_none.txt`: boards without a solution, one a line.
    fn hunted_none() -> String {
        let path = format!(
            "{}/benches/data/hunted_none.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(path).unwrap()
    }

    #[test]
    fn most_hunted_boards_without_a_solution_are_dead_at_the_root() {
        // Each of these was confirmed without a solution by two searches (`hunted_none.lex`:
        // the first 53 by the `sudoku` crate and the count to 2, the last 10 by the n^2
        // any-order search and the plain search). Propagation leaves them all alive; Hall's condition fails
        // at the root of most, and where it fails the counting search, run to the end, finds
        // no solution either.
        let text = hunted_none();
        let mut dead = 0;
        for p in text.lines() {
            let g = Grid::from_line(p).unwrap();
            let root = Board::new(&g).expect("alive to propagation");
            if !matched(&root) {
                dead += 1;
                let c = Count::run(root, 1, u64::MAX, Branching::Cells);
                assert_eq!((c.gave_up(), c.found), (false, 0), "{}", p);
                // The solver ends there, at its first look past the check's nodes (a probe
                // may have run past them by then).
                let (answer, nodes) = super::super::first_solution_and_nodes(&g);
                assert_eq!(answer, None, "{}", p);
                assert!(nodes <= 4 * HALL_FROM, "{} nodes {}", p, nodes);
                // So does the count to 2, after its first nodes by cells.
                let (found, nodes) = super::super::count_and_nodes(&g, 2);
                assert_eq!(found, 0, "{}", p);
                assert!(nodes <= HALL_FROM, "{} nodes {}", p, nodes);
            }
        }
        assert_eq!((dead, text.lines().count()), (40, 63));
    }

    #[test]
    fn the_hall_probe_ends_hunted_boards_dead_below_the_root() {
        // The boards of the test above that pass Hall's condition at the root (all without a
        // solution). Counts run to the end with and without the condition at every node
        // agree; those that the probe's budgets let finish end the solver at its first doubt
        // check (10 of them took the ordered search and the race 800 to 1,800 nodes before).
        let text = hunted_none();
        let (mut alive, mut ended) = (0, 0);
        for p in text.lines() {
            let g = Grid::from_line(p).unwrap();
            let root = Board::new(&g).unwrap();
            if !matched(&root) {
                continue;
            }
            alive += 1;
            let mut probed = false;
            for (branching, nodes) in PROBE_COUNTS {
                let mut c = Count::new(root, 1, branching);
                c.hall = true;
                c.resume(u64::MAX);
                assert_eq!(c.found, 0, "{}", p);
                probed |= c.nodes <= nodes;
            }
            let c = Count::run(root, 1, u64::MAX, Branching::Cells);
            assert_eq!((c.gave_up(), c.found), (false, 0), "{}", p);
            let (answer, nodes) = super::super::first_solution_and_nodes(&g);
            assert_eq!(answer, None, "{}", p);
            if probed {
                ended += 1;
                assert!(nodes <= 2 * DOUBT_FROM, "{} nodes {}", p, nodes);
            }
        }
        assert_eq!((alive, ended), (23, 14));
    }
}
