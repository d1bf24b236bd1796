//! The famous puzzles of `puzzles.txt` with their recorded answers, for the tests and
//! `benches/solvers.rs` (which includes this file by path): one list, typed in once.
#![allow(dead_code)] // each user reads a part of it

use sudoku_kit::grid::Grid;

/// One line of `puzzles.txt`.
pub struct Famous {
    pub name: &'static str,
    pub puzzle: Grid,
    /// The number of solutions, or with `more` a number it exceeds.
    pub count: usize,
    pub more: bool,
    /// The lexicographically smallest solution; `None` when there is none.
    pub smallest: Option<Grid>,
}

/// Every puzzle of the file, in its order.
pub fn all() -> Vec<Famous> {
    include_str!("puzzles.txt")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (fields, name) = l.split_once(" # ").expect("no `# name`");
            let f: Vec<&str> = fields.trim().split(':').collect();
            let bad = |what: &str| format!("puzzles.txt: bad {} in {}", what, l);
            let grid =
                |text: &str, what| Grid::from_line(text).unwrap_or_else(|| panic!("{}", bad(what)));
            Famous {
                name: name.split(|c| c == ',' || c == ':').next().unwrap(),
                puzzle: grid(f[0], "puzzle"),
                count: (f[1].trim_end_matches('+').parse())
                    .unwrap_or_else(|_| panic!("{}", bad("count"))),
                more: f[1].ends_with('+'),
                smallest: Some(f[2])
                    .filter(|s| !s.is_empty())
                    .map(|s| grid(s, "solution")),
            }
        })
        .collect()
}

/// The puzzles called `names`, in that order.
pub fn named(names: &[&str]) -> Vec<Famous> {
    let mut all = all();
    names
        .iter()
        .map(|n| {
            let at = all.iter().position(|f| f.name == *n);
            all.swap_remove(at.unwrap_or_else(|| panic!("no famous puzzle {}", n)))
        })
        .collect()
}
