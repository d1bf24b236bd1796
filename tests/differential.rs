//! The fast solver and the small bitmask search must agree with the plain textbook search
//! (the reference oracle) on generated puzzles: the same first solution and the same
//! solution counts. Puzzles come from [`gen::mixed`] (seeded, std only): unique,
//! several-solution and unsolvable ones, half of them relabelled so the solution's first row
//! reads 9 8 7 ... 1, the worst order for a first-cell, 1-to-9 search. On the famous
//! puzzles it must give the recorded answers. The jigsaw solver, given the boxes as its
//! regions, must give the same answers as well.

use crate::famous;

use sudoku_kit::gen;
use sudoku_kit::grid::Grid;
use sudoku_kit::jigsaw::{self, Jigsaw, Regions};
use sudoku_kit::reader::Reader;
use sudoku_kit::rng::Rng;
use sudoku_kit::square::Square;
use sudoku_kit::{basic, plain, solver, square};

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
    for n in 0..6_000 {
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
        none > 600 && unique > 600 && several > 600,
        "{} {} {}",
        none,
        unique,
        several
    );
}

#[test]
fn jigsaw_solver_on_the_boxes_gives_the_classic_answers() {
    let boxes = |grid| Jigsaw {
        grid,
        regions: Regions::boxes(),
    };
    for f in famous::all() {
        let g = boxes(f.puzzle);
        assert_eq!(jigsaw::solver::first_solution(&g), f.smallest, "{}", f.name);
        let want = if f.more { f.count + 1 } else { f.count };
        let count = jigsaw::solver::count_solutions(&g, f.count + 1);
        assert_eq!(count, want, "{}", f.name);
    }
    let mut rng = Rng(4069);
    for n in 0..2000 {
        let g = gen::mixed(&mut rng);
        let (j, want) = (boxes(g), solver::first_solution(&g));
        assert_eq!(jigsaw::solver::first_solution(&j), want, "puzzle {}", n);
        let count = solver::count_solutions(&g, 10);
        assert_eq!(
            jigsaw::solver::count_solutions(&j, 10),
            count,
            "puzzle {}",
            n
        );
    }
    // Sparse grids: many solutions, the smallest built cell by cell.
    for n in 0..300 {
        let g = gen::with_clues(&mut rng, 10 + n % 16);
        let want = solver::first_solution(&g);
        assert_eq!(
            jigsaw::solver::first_solution(&boxes(g)),
            want,
            "sparse {}",
            n
        );
    }
}

/// A grid of box size `n` of a random kind: a random share of a solved grid's cells kept
/// (`min_kept` to all), and in a third of them one given changed (mostly no solution: a
/// clash or a dead grid).
fn mixed_square(rng: &mut Rng, n: usize, min_kept: usize) -> Square {
    let cells = n * n * n * n;
    let kept = min_kept + rng.below(cells - min_kept + 1);
    let mut g = square::gen::with_clues(rng, n, kept);
    if kept > 0 && rng.below(3) == 0 {
        let givens: Vec<usize> = (0..cells).filter(|&i| g.cells()[i] != 0).collect();
        let i = givens[rng.below(givens.len())];
        let side = n * n;
        g.set(
            i,
            (1 + (g.cells()[i] as usize + rng.below(side - 1)) % side) as u8,
        );
    }
    g
}

/// Checks the fast solver against the plain search on `g`: first solution and count.
fn agree_on(g: &Square, limit: usize, tally: &mut [usize; 3]) {
    let want = plain::first_solution(g);
    assert_eq!(square::solver::first_solution(g), want, "{:?}", g);
    if let Some(s) = &want {
        assert!(
            s.is_solved() && g.agrees_with(s),
            "oracle gave a wrong answer"
        );
    }
    let count = plain::count_solutions(g, limit);
    assert_eq!(square::solver::count_solutions(g, limit), count, "{:?}", g);
    tally[count.min(2)] += 1;
}

#[test]
fn square_solver_agrees_with_the_plain_search() {
    let mut rng = Rng(989);
    for g in [Square::empty(1), Square::from_cells(1, vec![1])] {
        agree_on(&g, 3, &mut [0; 3]);
    }
    // 4x4 from empty to full: small enough for the plain search to count everything.
    let mut tally = [0; 3];
    for _ in 0..3000 {
        let g = mixed_square(&mut rng, 2, 0);
        agree_on(&g, 300, &mut tally);
    }
    assert!(tally.iter().all(|&k| k > 300), "4x4 mix {:?}", tally);
    // 16x16 keeping 150 of 256 cells or more, where the plain search's proofs stay quick.
    let mut tally = [0; 3];
    for _ in 0..400 {
        let g = mixed_square(&mut rng, 4, 150);
        agree_on(&g, 10, &mut tally);
    }
    assert!(tally.iter().all(|&k| k > 40), "16x16 mix {:?}", tally);
}

/// The smallest solution of `g` by two searches other than the judge bins' solver: the
/// ordered search alone (the in-order enumeration's first solution) and the witness route
/// over the counting search; `None` needs both complete searches to find none.
fn confirmed(g: &Grid) -> Option<Grid> {
    let mut first = None;
    solver::solutions(g, &mut |s| {
        first = Some(*s);
        true
    });
    assert_eq!(solver::witness_route(g), first, "{:?}", g);
    first
}

/// The smallest solution of `g` by the witness route over the n^2 any-order search: from any
/// solution, each open cell in turn takes the smallest symbol that still has a solution with
/// the cells before it fixed, each question answered by the any-order search.
fn routed_square(g: &Square) -> Option<Square> {
    let mut w = square::solver::any_solution(g)?;
    let mut fixed = g.clone();
    for i in (0..g.cells().len()).filter(|&i| g.cells()[i] == 0) {
        for d in 1..w.cells()[i] {
            fixed.set(i, d);
            if let Some(s) = square::solver::any_solution(&fixed) {
                w = s;
                break;
            }
        }
        fixed.set(i, w.cells()[i]);
    }
    Some(w)
}

#[test]
fn hunted_cases_are_confirmed_by_two_other_searches() {
    // The slowest boards of the hunts in every mode: the answers the cases expect.
    let read = |path: &str| {
        let text = std::fs::read_to_string(format!("{}/{}", env!("CARGO_MANIFEST_DIR"), path));
        text.unwrap()
    };
    for (boj, cases) in [
        ("hunt-37-slowest-of-the-grid-free-and-wide-hunts", 7),
        ("hunt-38-slowest-of-nine-ten-minute-free-hunts", 9),
    ] {
        let boj = format!("cases/boj7681/{}", boj);
        let (puzzles, answers) = (read(&format!("{}.in", boj)), read(&format!("{}.out", boj)));
        let puzzles: Vec<&str> = puzzles.lines().take_while(|&l| l != "end").collect();
        assert_eq!((puzzles.len(), answers.lines().count()), (cases, cases));
        for (p, a) in puzzles.iter().zip(answers.lines()) {
            let g = Grid::from_line(p).unwrap();
            assert_eq!(confirmed(&g), Grid::from_line(a), "{}", p);
        }
    }
    // Answers as words: 81 digits, or two words from `none` on (`NO SOLUTION`, `No solution`).
    let answers = |out: Vec<String>, none: &str| {
        let (mut answers, mut i) = (Vec::new(), 0);
        while i < out.len() {
            let no = out[i] == none;
            answers.push(if no {
                None
            } else {
                Grid::from_line(&out[i..i + 81].concat())
            });
            i += if no { 2 } else { 81 };
        }
        answers
    };
    let words = |path: String| -> Vec<String> {
        read(&path).split_whitespace().map(String::from).collect()
    };
    let check = |puzzles: Vec<Grid>, answers: Vec<Option<Grid>>, nones: usize| {
        assert_eq!(puzzles.len(), answers.len());
        assert_eq!(answers.iter().filter(|a| a.is_none()).count(), nones);
        for (g, a) in puzzles.iter().zip(&answers) {
            assert_eq!(confirmed(g), *a, "{:?}", g);
        }
    };
    // UVa 989, n = 3: `3` and 81 numbers a case; back `NO SOLUTION` or 81 numbers.
    for (uva, nones) in [
        (
            "cases/uva989/hunt-01-no-solution-boards-of-free-digit-hunts",
            6,
        ),
        ("cases/uva989/hunt-02-boards-dead-only-below-the-root", 10),
        (
            "cases/uva989/hunt-03-slowest-of-six-ten-minute-none-hunts",
            4,
        ),
    ] {
        let puzzles = words(format!("{}.in", uva))
            .chunks(82)
            .map(|c| {
                assert_eq!(c[0], "3");
                Grid::from_line(&c[1..].concat()).unwrap()
            })
            .collect();
        check(puzzles, answers(words(format!("{}.out", uva)), "NO"), nones);
    }
    // Kattis sudokunique: grids of 81 numbers; back `Find another job` (none), `Non-unique`
    // (two or more) or the one solution. Counted by the in-order enumeration; the witness
    // route agrees on whether there is one.
    let kattis = "cases/kattis_sudokunique/hunt-01-slowest-of-a-counting-hunt";
    let numbers = words(format!("{}.in", kattis));
    let outcomes = read(&format!("{}.out", kattis));
    let outcomes: Vec<&str> = outcomes.split("\n\n").map(str::trim).collect();
    assert_eq!((numbers.len(), outcomes.len()), (810, 10));
    for (c, want) in numbers.chunks(81).zip(outcomes) {
        let g = Grid::from_line(&c.concat()).unwrap();
        let mut found = 0;
        solver::solutions(&g, &mut |_| {
            found += 1;
            found == 2
        });
        // The hunt's finds have none or several: no grid is expected back.
        let got = if found == 0 {
            "Find another job"
        } else {
            "Non-unique"
        };
        assert_eq!((found != 1, got), (true, want), "{:?}", g);
        assert_eq!(solver::witness_route(&g).is_some(), found > 0, "{:?}", g);
    }
    // SPOJ EASUDOKU: a count, then 81 numbers a case, read as the bin reads them; back 81
    // numbers or `No solution`.
    for (spoj, nones) in [
        ("cases/spoj_easudoku/hard-03-climbed-with-and-without-14", 5),
        ("cases/spoj_easudoku/hard-04-hunted-with-and-without-14", 4),
    ] {
        let input = read(&format!("{}.in", spoj));
        let puzzles = Reader::new(input.as_bytes()).counted_loose_grids().unwrap();
        assert_eq!(puzzles.len(), 14);
        let want = answers(words(format!("{}.out", spoj)), "No");
        check(puzzles, want, nones);
    }
    // SPOJ SUDOKU: a count, then 16x16 grids of letters; their smallest solutions back, read
    // as the bin reads them. The answers come from the witness route over the any-order
    // search; the ordered one agrees.
    for hunt in [
        "hunt-01-slowest-16x16-grid-and-free",
        "hunt-02-slowest-16x16-grid-and-free-against-the-descent",
        "hunt-03-slowest-16x16-grid-and-free-against-matching-pruning",
        "hunt-04-sparse-16x16-boards-the-descent-took-seconds-on",
    ] {
        let sudoku = format!("cases/spoj_sudoku/{}", hunt);
        let input = read(&format!("{}.in", sudoku));
        let output = read(&format!("{}.out", sudoku));
        let puzzles = Reader::new(input.as_bytes()).counted_cases(square::text::letter_grid);
        let answers = Reader::new(output.as_bytes()).cases_to_end(square::text::letter_grid);
        let (puzzles, answers) = (puzzles.unwrap(), answers.unwrap());
        assert_eq!((puzzles.len(), answers.len()), (2, 2));
        for ((_, g), (_, a)) in puzzles.iter().zip(&answers) {
            assert_eq!(routed_square(g).as_ref(), Some(a), "{:?}", g);
            assert_eq!(
                square::solver::first_solution(g).as_ref(),
                Some(a),
                "{:?}",
                g
            );
        }
    }
}
