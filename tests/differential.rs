//! The fast solver and the small bitmask search must agree with the plain textbook search
//! (the reference oracle) on generated puzzles: the same first solution and the same
//! solution counts. Puzzles come from [`gen::mixed`] (seeded, std only): unique,
//! several-solution and unsolvable ones, half of them relabelled so the solution's first row
//! reads 9 8 7 ... 1, the worst order for a first-cell, 1-to-9 search. On the famous puzzles it must give the recorded answers.

mod famous;

use sudoku_kit::gen::{self, Rng};
use sudoku_kit::{basic, plain, solver};

#[test]
fn famous_puzzles_get_their_recorded_answers() {
    let all = famous::all();
    assert!(all.len() >= 10);
    for f in all {
        // The record itself: a valid solution keeping the givens, none only for count 0.
        if let Some(s) = f.smallest {
            assert!(s.is_solved() && f.puzzle.agrees_with(&s), "{}", f.name);
        }
        assert_eq!(f.smallest.is_none(), f.count == 0 && !f.more, "{}", f.name);
        assert_eq!(solver::first_solution(&f.puzzle), f.smallest, "{}", f.name);
        let limit = f.count + 1;
        let want = if f.more { limit } else { f.count };
        assert_eq!(
            solver::count_solutions(&f.puzzle, limit),
            want,
            "{}",
            f.name
        );
    }
}

#[test]
fn fast_and_basic_searches_agree_with_the_plain_search() {
    let mut rng = Rng(2239);
    let (mut none, mut unique, mut several) = (0, 0, 0);
    for n in 0..10_000 {
        let g = gen::mixed(&mut rng);
        let want = plain::first_solution(&g);
        assert_eq!(solver::first_solution(&g), want, "puzzle {} {:?}", n, g);
        assert_eq!(
            basic::first_solution(&g),
            want,
            "basic, puzzle {} {:?}",
            n,
            g
        );
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
