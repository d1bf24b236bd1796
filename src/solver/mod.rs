//! The shared fast solver. Its answer is the first solution of the first-empty-cell,
//! digits-1-to-9 search, i.e. the lexicographically smallest, found fast. One file an idea
//! (docs/solver.md draws the pipeline and gives every tuned figure):
//!
//! ```text
//! Board::new (board.rs: band bitboards, propagation)
//!   -> the ordered search (ordered.rs): first unsolved cell, digits ascending; past its
//!      dead ends each branch goes to a probe of the counting search (count.rs)
//!      beside it, the race (race.rs): counts to 2, one by clause learning (learner.rs);
//!      while no solution is known, checks that the root has one: Hall's condition
//!      (hall.rs), failed literals (failed.rs), clause learning
//!   -> past its node budget, or two solutions shown: the witness route (route.rs), which
//!      builds the smallest solution cell by cell from any solution, its queries answered
//!      by swaps, the counting search and clause learning (sat/) in rounds
//! ```
//!
//! Propagation only removes candidates that lead to no solution, and the searches that
//! branch in another order only decide questions, so the answer is never changed. Every
//! entry takes a [`Grid`], whose cells hold 0 to 9; debug builds assert it.

mod board;
mod count;
mod failed;
mod hall;
mod lanes;
mod learner;
mod ordered;
mod race;
mod route;
mod sat;
mod tables;

use self::board::Board;
use self::count::{Branching, Count};
use self::ordered::HALL_FROM;
use self::race::SOLO_NODES;
use self::route::{Oracle, Route};
use super::grid::Grid;

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Grid) -> Option<Grid> {
    first_solution_and_nodes(g).0
}

/// [`first_solution`], and the boards its searches visited: a measure of its work that,
/// unlike time, is the same on every machine.
pub fn first_solution_and_nodes(g: &Grid) -> (Option<Grid>, u64) {
    match Board::new(g) {
        Some(root) => ordered::smallest(g, root),
        None => (None, 0),
    }
}

/// The smallest solution by the witness route over the counting search alone (its three
/// branchings in turns, with growing budgets; no clause learning, no ordered search): a
/// second, independent search for the answers, and a benchmark.
pub fn witness_route(g: &Grid) -> Option<Grid> {
    let root = Board::new(g)?;
    Route::new(Oracle::Counting).smallest(root, &root, None)
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions(g: &Grid, limit: usize) -> usize {
    count_and_witness(g, limit).0
}

/// How many solutions `g` has, counting no further than `limit`, and the first one the count
/// met (any solution: the only one when the count is 1).
pub fn count_and_witness(g: &Grid, limit: usize) -> (usize, Option<Grid>) {
    let (found, witness, _) = count_upto(g, limit);
    (found, witness)
}

/// How many solutions `g` has, counting no further than `limit`, and the boards the count
/// visited (see [`first_solution_and_nodes`]).
pub fn count_and_nodes(g: &Grid, limit: usize) -> (usize, u64) {
    let (found, _, nodes) = count_upto(g, limit);
    (found, nodes)
}

/// The count of [`count_and_witness`], and its nodes. A count by cells not ended within
/// [`HALL_FROM`] nodes puts the root to Hall's condition (see [`hall`]); to 2 or less, one
/// not ended within [`SOLO_NODES`] goes on in turns with the race's clause learning (see
/// [`race::counted`]).
fn count_upto(g: &Grid, limit: usize) -> (usize, Option<Grid>, u64) {
    let root = match Board::new(g) {
        Some(root) => root,
        None => return (0, None, 0),
    };
    let nodes = if limit <= 2 { SOLO_NODES } else { u64::MAX };
    let mut c = Count::new(root, 2.max(limit), Branching::Cells);
    // Most boards the count wanders on are dead by Hall's condition at the root.
    if !c.resume(HALL_FROM) && !hall::matched(&root) {
        return (0, None, c.nodes);
    }
    if c.resume(nodes - HALL_FROM) {
        return (c.found.min(limit), c.witness, c.nodes);
    }
    let (found, witness, nodes) = race::counted(root, c);
    (found.min(limit), witness, nodes)
}

/// Calls `visit` on each solution in lexicographic order until it returns true.
pub fn solutions(g: &Grid, visit: &mut dyn FnMut(&Grid) -> bool) {
    if let Some(root) = Board::new(g) {
        in_order(root, visit);
    }
}

/// Visits the solutions of `b` in lexicographic order; true once `visit` asked to stop.
fn in_order(b: Board, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
    let (band, bit) = match b.first_unsolved() {
        Some(c) => c,
        None => return visit(&b.grid()),
    };
    for d in b.digits(band, bit) {
        let mut t = b;
        if t.place(band, d, bit) && in_order(t, visit) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::super::gen;
    use super::super::plain;
    use super::super::rng::Rng;
    use super::count::PROBE_NODES;
    use super::ordered::{Smallest, Spent, ORDERED_DEAD_ENDS, ORDERED_NODES, ROOT_NODES};
    use super::race::{Pair, Shown, EARLY_FROM, LEFT_NODES};
    use super::*;

    /// A puzzle of 151 solutions.
    const SEVERAL: &str =
        "000620579502100000080000000300500006400007000020003014030000000010005040000300000";

    #[test]
    fn several_solutions_give_the_smallest() {
        // The smallest was found by an independent search over all of them.
        let smallest =
            "143628579572139468689754123391542786468917235725863914237496851916285347854371692";
        let g = Grid::from_line(SEVERAL).unwrap();
        assert_eq!(first_solution(&g), Grid::from_line(smallest));
        assert_eq!(count_solutions(&g, 1000), 151);
        let mut all = Vec::new();
        solutions(&g, &mut |s| {
            all.push(*s);
            false
        });
        assert_eq!(all.len(), 151);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Some(all[0]), Grid::from_line(smallest));
    }

    #[test]
    fn a_board_narrowed_below_a_solution_keeps_the_smaller_ones() {
        // The solutions in order, and those of each narrowed board, come from the ordered
        // search: below the k-th solution, the k before it are left, and a solved board is
        // below exactly the solutions after it.
        let g = Grid::from_line(SEVERAL).unwrap();
        let mut all = Vec::new();
        solutions(&g, &mut |s| {
            all.push(*s);
            false
        });
        let root = Board::new(&g).unwrap();
        for (k, w) in all.iter().enumerate() {
            let mut b = root;
            let mut left = 0;
            if b.below(w).is_some() {
                in_order(b, &mut |s| {
                    left += (s < w) as usize;
                    false
                });
            }
            assert_eq!(left, k, "below solution {}", k);
            for (j, s) in all.iter().enumerate() {
                let below = Board::new(s).unwrap().below(w).is_some();
                assert_eq!(below, j < k, "{} below {}", j, k);
            }
        }
    }

    /// The smallest solution by the ordered search with its dead ends already spent, so
    /// that every branch goes to the counting search, with `probe_nodes` for its first try;
    /// a branch that needs more is split.
    fn through_the_counting_search(g: &Grid, probe_nodes: u64) -> Option<Grid> {
        through_the_probes(g, probe_nodes, false)
    }

    /// [`through_the_counting_search`], and with `learn`, clause learning on the branches
    /// the counting search leaves undecided.
    fn through_the_probes(g: &Grid, probe_nodes: u64, learn: bool) -> Option<Grid> {
        let root = Board::new(g)?;
        let mut s = Smallest::new();
        s.dead_ends = ORDERED_DEAD_ENDS;
        s.probe_nodes = probe_nodes;
        if learn {
            s.learn_from = Some(root);
        }
        s.search(root, None).ok().flatten()
    }

    /// The smallest solution by the witness route with `oracle`; without `probe`, clause
    /// learning decides every query.
    fn by_route(g: &Grid, oracle: Oracle, probe: bool) -> Option<Grid> {
        let mut r = Route::new(oracle);
        r.probe = probe;
        let root = Board::new(g)?;
        r.smallest(root, &root, None)
    }

    /// The smallest solution by the ordered search (with its dead ends spent or not) stopped
    /// after `limit` nodes, then the witness route from the board it stopped at.
    fn handed_over(g: &Grid, limit: u64, spent: bool) -> Option<Grid> {
        let root = Board::new(g)?;
        let mut s = Smallest::new();
        s.limit = limit;
        if spent {
            s.dead_ends = ORDERED_DEAD_ENDS;
        }
        match s.search(root, None) {
            Ok(answer) => answer,
            Err(Spent) => s.hand_over(root).0,
        }
    }

    /// The count to 2 by clause learning, run to its end: how many solutions it showed (at
    /// most 2), and the only one when that is 1.
    fn by_pair(g: &Grid) -> (usize, Option<Grid>) {
        let mut pair = match Board::new(g) {
            Some(root) => Pair::new(root),
            None => return (0, None),
        };
        loop {
            match pair.race(1 << 20).1 {
                Shown::Nothing => {}
                Shown::Two => return (2, None),
                Shown::All(w) => return (w.is_some() as usize, w),
            }
        }
    }

    /// The first solution of the in-order enumeration: the ordered search alone.
    fn first_in_order(g: &Grid) -> Option<Grid> {
        let mut first = None;
        solutions(g, &mut |s| {
            first = Some(*s);
            true
        });
        first
    }

    #[test]
    fn the_witness_path_gives_the_smallest_too() {
        // The answer goes through a witness that is not the answer.
        let g = Grid::from_line(
            "000620579502100000080000000300500006400007000020003014030000000010005040000300000",
        )
        .unwrap();
        let root = Board::new(&g).unwrap();
        let w = Count::run(root, 1, u64::MAX, Branching::Cells).witness;
        assert_ne!(
            w,
            plain::first_solution(&g),
            "the witness must not be the answer"
        );
        assert_eq!(
            through_the_counting_search(&g, u64::MAX),
            plain::first_solution(&g)
        );
        let mut s = Smallest::new();
        s.dead_ends = ORDERED_DEAD_ENDS;
        assert_eq!(
            s.search(root, w.as_ref()).ok().flatten(),
            plain::first_solution(&g)
        );
    }

    #[test]
    fn every_path_agrees_with_the_plain_search() {
        // Generated puzzles rarely spend the ordered search's dead ends: spend them up front,
        // with an unbounded probe, the default one, and one that splits nearly every branch,
        // and with clause learning after the last two. The witness route with each oracle,
        // with clause learning deciding every query, and after the ordered search's first
        // nodes.
        let mut rng = Rng(2580);
        for n in 0..2000 {
            let g = gen::mixed(&mut rng);
            let want = plain::first_solution(&g);
            for probe in [u64::MAX, PROBE_NODES, 1] {
                let got = through_the_counting_search(&g, probe);
                assert_eq!(got, want, "puzzle {} probe {} {:?}", n, probe, g);
            }
            for probe in [PROBE_NODES, 1] {
                let got = through_the_probes(&g, probe, true);
                assert_eq!(got, want, "puzzle {} probe {} learning {:?}", n, probe, g);
            }
            for (oracle, probe) in [
                (Oracle::Counting, true),
                (Oracle::Learning, true),
                (Oracle::Learning, false),
            ] {
                let got = by_route(&g, oracle, probe);
                assert_eq!(got, want, "puzzle {} probe {} {:?}", n, probe, g);
            }
            for (limit, spent) in [(3, false), (12, false), (40, true)] {
                let got = handed_over(&g, limit, spent);
                assert_eq!(got, want, "puzzle {} handed over at {} {:?}", n, limit, g);
            }
            let (count, witness) = count_and_witness(&g, 2);
            assert_eq!(count, plain::count_solutions(&g, 2), "puzzle {}", n);
            let only = if count < 2 { want } else { None };
            assert_eq!(by_pair(&g), (count, only), "puzzle {}", n);
            assert_eq!(witness.is_some(), count > 0);
            if let Some(w) = witness {
                assert!(w.is_solved() && g.agrees_with(&w), "puzzle {}", n);
            }
            assert_eq!(first_in_order(&g), want, "puzzle {}", n);
        }
    }

    #[test]
    fn hunted_puzzles_get_their_recorded_smallest_solutions() {
        // Found by hill climbs against this solver (`hunted`) and earlier versions of it.
        // Each `.lex` answer was given by a solver of its time and confirmed by the witness
        // route over the counting search; here the solver and clause learning alone
        // (deciding every query of the witness route) must give them.
        for set in ["hunted", "hunted_earlier"] {
            let path = format!("{}/benches/data/{}", env!("CARGO_MANIFEST_DIR"), set);
            let read = |ext: &str| std::fs::read_to_string(format!("{}.{}", path, ext)).unwrap();
            let (puzzles, answers) = (read("txt"), read("lex"));
            assert!(puzzles.lines().count() >= 15);
            for (p, a) in puzzles.lines().zip(answers.lines()) {
                let (g, want) = (Grid::from_line(p).unwrap(), Grid::from_line(a));
                assert_eq!(first_solution(&g), want, "{}", p);
                assert_eq!(by_route(&g, Oracle::Learning, false), want, "{}", p);
            }
        }
    }

    #[test]
    fn boards_without_a_solution_end_at_a_doubt_check() {
        // Boards a hunt with free digits found (20, 21 and 23 givens): the ordered search
        // spent all its nodes on each, then the witness route proved there is no solution. A
        // doubt check ends each well before (the first ends sooner still, by Hall's
        // condition); the counting search, a second complete search, finds no solution
        // either.
        for p in [
            "........9.3......8.72.........1..7...6.4....37..5.6.94.....1.5.3..6.5..7.....4..1",
            "........4....4..51....21........8...92..6.3....629.............7.3...8..84...97..",
            "....9..1.........4.............3..5.....7..6...46.2......35694.3...........7.96.2",
        ] {
            let g = Grid::from_line(p).unwrap();
            let (answer, nodes) = first_solution_and_nodes(&g);
            assert_eq!(answer, None, "{}", p);
            assert!(nodes < ORDERED_NODES * 3 / 5, "{} nodes {}", p, nodes);
            assert_eq!(count_solutions(&g, 1), 0, "{}", p);
        }
    }

    #[test]
    fn sparse_boards_without_a_solution_end_at_the_count_from_the_root() {
        // Hunted boards with interchangeable parts (`hunted_late.txt` lines 200, 230, 233),
        // which go to the witness route after a few ordered nodes: the route took 1,623 to
        // 2,456 nodes to refute each. The count from the root ends each within its nodes,
        // right after the row-major clause learning. The in-order enumeration, a second
        // complete search, finds no solution either.
        for p in [
            ".3...9....4..............1...8.....3...9.8...92..3.4..8.1...3.2.9.....8.2.3...1.4",
            "2...1.....1..6....6.............7.......8.162.5.............6.88.56.1..7...52....",
            ".251....3..................1..3....9.7..9......2...47....5..2..4.....7..21.937...",
        ] {
            let g = Grid::from_line(p).unwrap();
            let root = Board::new(&g).unwrap();
            assert!(root.interchangeable(), "{}", p);
            let c = Count::run(root, 1, ROOT_NODES, Branching::Cells);
            assert_eq!((c.gave_up(), c.found), (false, 0), "{}", p);
            let (answer, nodes) = first_solution_and_nodes(&g);
            assert_eq!(answer, None, "{}", p);
            assert!(nodes < 1000, "{} nodes {}", p, nodes);
            assert_eq!(first_in_order(&g), None, "{}", p);
        }
    }

    #[test]
    fn queries_dead_below_hall_s_condition_end_at_once() {
        // A free hunt's find (17 givens, many solutions). Its answer starts with three cells
        // and a given 4; the witness route asks for an 8 next (row 1, column 5), which has no
        // solution: the count by cells takes hundreds of nodes to show it (clause learning took
        // 1,637), where with Hall's condition on every board it ends at the first branching.
        let g = Grid::from_line(
            "...4..1.52............5.....6.84.3.....5.....3..........5.2...1.........97......2",
        )
        .unwrap();
        let (answer, nodes) = first_solution_and_nodes(&g);
        let s = answer.unwrap();
        assert!(s.is_solved() && g.agrees_with(&s));
        assert_eq!(answer, witness_route(&g));
        assert!(nodes < 600, "nodes {}", nodes);
        let mut query = Board::new(&g).unwrap();
        for cell in 0..3 {
            assert!(query.place(0, s.0[cell] as usize - 1, 1 << cell));
        }
        assert!(s.0[4] > 8 && query.place(0, 7, 1 << 4));
        assert!(Count::run(query, 1, 100, Branching::Cells).gave_up());
        let mut hall = Count::new(query, 1, Branching::Cells);
        hall.hall = true;
        assert!(hall.resume(2));
        assert_eq!(hall.found, 0);
    }

    #[test]
    fn the_leftmost_count_refutes_some_boards_at_the_early_turn() {
        // Boards without a solution that took the ordered search and its race 3,361 and 1,593
        // nodes; a count on the leftmost cell with the fewest candidates refutes them in 3 and
        // 6 (the first now ends sooner still, by Hall's condition). The count to 2, another
        // search, agrees: no solution.
        for p in [
            ".3........4..9...1..5.......5.....1.68.....4242.....68.........5..1..4.3.94.3...5",
            "..............653........8....6........1.4....2...9.7...4.......96...85...1...3..",
        ] {
            let g = Grid::from_line(p).unwrap();
            let left = Count::run(Board::new(&g).unwrap(), 2, LEFT_NODES, Branching::Leftmost);
            assert_eq!((left.gave_up(), left.found), (false, 0), "{}", p);
            let (answer, nodes) = first_solution_and_nodes(&g);
            assert_eq!(answer, None, "{}", p);
            assert_eq!(count_solutions(&g, 2), 0, "{}", p);
            assert!(nodes < 2 * EARLY_FROM, "{} nodes {}", p, nodes);
        }
    }

    #[test]
    fn counts_to_two_take_turns_where_one_order_wanders() {
        // Boards a hunt against the count by cells alone found: it took 80 and 14 million
        // nodes on the first two (no solution) and 259,120 on the third (several). In turns
        // with the race's other counts each ends in a few hundred. The ordered search agrees:
        // no solution, or one and another that differs from it in some cell.
        for (p, want) in [
            (
                "............8........93...2...............983........1.4.39.7....8..........8....",
                0,
            ),
            (
                "..........2.................1......9.36..8...98.3.6...............8..4...........",
                0,
            ),
            (
                "......37.................5.1.........2.......7..4....9.7....5...4.8........7...3.",
                2,
            ),
        ] {
            let g = Grid::from_line(p).unwrap();
            let (found, nodes) = count_and_nodes(&g, 2);
            assert_eq!(found, want, "{}", p);
            assert!(nodes < 2 * SOLO_NODES, "{} nodes {}", p, nodes);
            let first = first_solution(&g);
            let other = first.and_then(|s| {
                let open = (0..81).filter(|&i| g.0[i] == 0);
                let mut others = open.flat_map(|i| (1..10).map(move |d| (i, d)));
                others.find_map(|(i, d)| {
                    let mut h = g;
                    h.0[i] = d;
                    first_solution(&h).filter(|o| o.0[i] != s.0[i])
                })
            });
            assert_eq!(
                first.is_some() as usize + other.is_some() as usize,
                want,
                "{}",
                p
            );
        }
    }

    #[test]
    fn the_count_by_clause_learning_tells_one_solution_from_two() {
        // The famous puzzles (tests/famous/puzzles.txt: `puzzle:count:smallest # name`):
        // hard unique ones, where finishing would give the first solution again, several
        // solutions, none found only deep in the search.
        let path = format!("{}/tests/famous/puzzles.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let lines = text.lines().filter(|l| !l.starts_with('#'));
        for l in lines.map(|l| l.split(" # ").next().unwrap()) {
            let f: Vec<&str> = l.split(':').collect();
            let count = f[1].trim_end_matches('+').parse::<usize>().unwrap().min(2);
            let only = Grid::from_line(f[2]).filter(|_| count == 1);
            assert_eq!(
                by_pair(&Grid::from_line(f[0]).unwrap()),
                (count, only),
                "{}",
                l
            );
        }
    }

    #[test]
    fn few_givens_agree_with_the_ordered_search_alone() {
        // Too sparse for the plain search, but the ordered search alone (the in-order
        // enumeration) handles them, and its first solution is the smallest by construction.
        let mut rng = Rng(2239);
        for n in 0..400 {
            let g = gen::with_clues(&mut rng, 8 + n % 13);
            let want = first_in_order(&g);
            assert!(want.map_or(false, |s| s.is_solved() && g.agrees_with(&s)));
            assert_eq!(first_solution(&g), want, "puzzle {} {:?}", n, g);
            assert_eq!(through_the_counting_search(&g, 1), want, "puzzle {}", n);
            for probe in [PROBE_NODES, 1] {
                assert_eq!(through_the_probes(&g, probe, true), want, "puzzle {}", n);
            }
            for probe in [true, false] {
                assert_eq!(by_route(&g, Oracle::Learning, probe), want, "puzzle {}", n);
            }
        }
    }

    #[test]
    fn swaps_in_the_witness_make_solutions() {
        // `swapped` and `exchanged` claim, without a search, another solution with one cell
        // changed to a digit asked for: each claim is checked as a whole grid that keeps the
        // givens.
        let mut rng = Rng(2239);
        let (mut swapped, mut exchanged) = (0, 0);
        for n in 0..300 {
            let g = gen::with_clues(&mut rng, 17 + n % 12);
            let root = Board::new(&g).unwrap();
            let w = count_and_witness(&g, 1).1.unwrap();
            for c in (0..81).filter(|&c| g.0[c] == 0) {
                let asked = (1 << (w.0[c] - 1)) - 1;
                let by_digits: Vec<Grid> = (1..w.0[c])
                    .filter_map(|d| root.exchanged(&w, c, d))
                    .collect();
                let by_lines = root.swapped(&w, c, asked);
                exchanged += by_digits.len();
                swapped += by_lines.is_some() as usize;
                for v in by_digits.iter().chain(&by_lines) {
                    assert!(v.is_solved() && g.agrees_with(v), "{:?} {:?}", g, v);
                    assert!(v.0[c] < w.0[c], "{:?} cell {}", g, c);
                }
            }
        }
        assert!(
            swapped > 1000 && exchanged > 1000,
            "{} {}",
            swapped,
            exchanged
        );
    }

    #[test]
    fn swaps_claim_many_solutions_only_where_there_are() {
        // `interchangeable` and `has_other` claim, without a search, that there are no
        // solutions or several (the first) or several (the second): the counting search
        // checks each claim, on puzzles of 17 to 40 givens (many of which they hold for)
        // and unique ones that propagation leaves open.
        let mut rng = Rng(7681);
        let (mut interchangeable, mut other) = (0, 0);
        for n in 0..1000 {
            let g = match n % 2 {
                0 => gen::with_clues(&mut rng, 17 + n % 24),
                _ => gen::unique(&mut rng, 20),
            };
            let (count, witness) = count_and_witness(&g, 2);
            let root = Board::new(&g).unwrap();
            if root.interchangeable() {
                assert_ne!(count, 1, "puzzle {} {:?}", n, g);
                interchangeable += 1;
            }
            if root.has_other(&witness.unwrap()) {
                assert_eq!(count, 2, "puzzle {} {:?}", n, g);
                other += 1;
            }
        }
        assert!(
            interchangeable > 10 && other > 200,
            "{} {}",
            interchangeable,
            other
        );
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut g = Grid::EMPTY;
        g.0[0] = 1;
        g.0[80] = 1; // no clash yet: row 0 col 0 and row 8 col 8
        assert_eq!(count_solutions(&g, 2), 2);
        g.0[10] = 1; // same box as cell 0
        assert_eq!(first_solution(&g), None);
        assert_eq!(count_and_witness(&g, 2), (0, None));
    }
}
