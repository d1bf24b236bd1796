//! The `sudoku` tool on jigsaw puzzles, run as a user runs it: `solve --regions` in both
//! layouts and `gen --jigsaw`. Expected answers come from the HDU 4069 statement's sample,
//! hand reasoning, or the plain reference search over the regions.

use crate::tool::sudoku;
use sudoku_kit::jigsaw::{text, Jigsaw};
use sudoku_kit::plain;
use sudoku_kit::reader::Reader;

/// The HDU 4069 statement's sample: three puzzles in the wall encoding.
fn sample() -> String {
    std::fs::read_to_string("cases/hdu4069/sample-1.in").unwrap()
}

/// The puzzles of an HDU 4069 input, read as the bin reads them.
fn walled(input: &str) -> Vec<Jigsaw> {
    let mut r = Reader::new(input.as_bytes());
    r.counted_cases(text::walled).unwrap()
}

/// `g` as 9 rows of the grid and 9 rows of region letters.
fn lettered(g: &Jigsaw) -> String {
    let mut out = Vec::new();
    text::write_lettered(g, &mut out);
    String::from_utf8(out).unwrap()
}

/// The plain search's smallest solution of `g` as `solve` prints it, or `none`.
fn smallest(g: &Jigsaw) -> String {
    match plain::first_solution(g) {
        Some(s) => s.grid.0.iter().map(|d| d.to_string()).collect::<String>() + "\n",
        None => "none\n".to_string(),
    }
}

#[test]
fn solve_regions_reads_walls_and_letters_alike() {
    // The statement's sample: case 1 has one solution (its answer from the statement), case
    // 2 none, case 3 several, the smallest of which the plain search gives.
    let puzzles = walled(&sample());
    let want = format!(
        "521439678763895124984527361346182795157964832812743956235678419479216583698351247\n\
         none\n{}",
        smallest(&puzzles[2])
    );
    assert_eq!(
        sudoku(&["solve", "--regions"], &sample()),
        (0, want.clone(), String::new())
    );
    // The same puzzles with their regions in letters, blank lines between puzzles, the
    // first row (`.2...96..`) spaced, with `0` blanks too.
    let letters: Vec<String> = puzzles.iter().map(lettered).collect();
    let input = letters
        .join("\n")
        .replacen(".2...96..", "0 2 . 0 . 9 6 0 .", 1);
    assert_eq!(
        sudoku(&["solve", "--regions"], &input),
        (0, want, String::new())
    );
    let counts: String = puzzles
        .iter()
        .map(|g| format!("{}\n", plain::count_solutions(g, 100)))
        .collect();
    assert_eq!(counts, "1\n0\n4\n");
    let count = ["solve", "--regions", "--count"];
    assert_eq!(sudoku(&count, &input), (0, counts, String::new()));
    // The plain search through the tool, on the first two (the third costs it half a second).
    let two = letters[..2].join("\n");
    let plain = [&count[..], &["--plain"]].concat();
    assert_eq!(
        sudoku(&plain, &two),
        (0, "1\n0\n".to_string(), String::new())
    );
    let (code, out, _) = sudoku(&["solve", "--regions", "--count", "--limit", "3"], &input);
    assert_eq!((code, out.as_str()), (0, "1\n0\n3+\n"));
}

#[test]
fn solve_regions_stops_at_bad_regions_after_earlier_answers() {
    // The sample's first layout has region `a` in the top left corner; writing `a` over the
    // letter of row 1 column 9 gives it a tenth cell. The second puzzle's letters start on
    // line 29 (18 lines, a blank one, 9 rows of the grid).
    let first = lettered(&walled(&sample())[0]);
    let mut bad: Vec<u8> = first.clone().into_bytes();
    bad[9 * 10 + 8] = b'a';
    let input = format!("{}\n{}", first, String::from_utf8(bad).unwrap());
    let (code, out, err) = sudoku(&["solve", "--regions"], &input);
    assert_eq!((code, out.lines().count()), (2, 1));
    assert_eq!(
        err,
        "error: line 29, column 1: region 'a' has 10 cells, not 9\n"
    );
    // Letters that cut a region in two: `a` and `b` trade row 1 column 3 and row 1 column 4,
    // so `a` keeps nine cells but row 1 column 4 touches none of the others.
    let mut cut: Vec<u8> = first.into_bytes();
    cut.swap(9 * 10 + 2, 9 * 10 + 3);
    let (code, _, err) = sudoku(&["solve", "--regions"], &String::from_utf8(cut).unwrap());
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "error: line 10, column 4: region 'a' is not connected: row 1 column 4 is cut off \
             from row 1 column 1\n"
        )
    );
}

#[test]
fn gen_jigsaw_makes_unique_puzzles_on_random_layouts_per_seed() {
    let args = [
        "gen", "--jigsaw", "--seed", "9", "--count", "3", "--clues", "30",
    ];
    let (code, out, err) = sudoku(&args, "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(sudoku(&args, ""), (0, out.clone(), String::new()));
    let mut puzzles = Vec::new();
    text::puzzles(
        out.as_bytes(),
        |g| -> Result<(), sudoku_kit::error::Error> {
            puzzles.push(g);
            Ok(())
        },
    )
    .unwrap();
    assert_eq!(puzzles.len(), 3);
    assert_ne!(puzzles[0].regions, puzzles[1].regions);
    for g in &puzzles {
        assert_eq!(g.grid.0.iter().filter(|&&d| d != 0).count(), 30);
        assert_eq!(plain::count_solutions(g, 2), 1, "{:?}", g);
    }
    // The same puzzles as an HDU 4069 input.
    let walls = [&args[..], &["--walls"]].concat();
    let (_, hdu, _) = sudoku(&walls, "");
    assert_eq!(walled(&hdu), puzzles);
    let other = sudoku(&["gen", "--jigsaw", "--seed", "10", "--clues", "30"], "");
    assert_ne!(other.1, out);
}
