//! LeetCode 37 "Sudoku Solver": a method, not a program. LeetCode passes `board: &mut
//! Vec<Vec<char>>` (`'1'`-`'9'`, `'.'` blank; one solution guaranteed) and the method fills
//! it in. Locally the bin reads the judge's test-case text, the board as JSON (any
//! whitespace between tokens), and prints the solved board as LeetCode shows it: the same
//! JSON on one line. The solution is the smallest, as every bin gives. `bundle leetcode37`
//! keeps only what follows `pub struct Solution;`: LeetCode declares that struct itself.

use sudoku_kit::error::Error;
use sudoku_kit::reader;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let mut board = reader::json_board(input)?.to_chars();
    Solution::solve_sudoku(&mut board);
    let solved = Grid::from_chars(&board).filter(|g| g.0.iter().all(|&d| d != 0));
    solved.ok_or_else(|| Error::no_solution(1))?.write_json(out);
    Ok(())
}

/// LeetCode declares it, so the bundle starts after it.
pub struct Solution;

use sudoku_kit::grid::Grid;
use sudoku_kit::solver;

impl Solution {
    /// Fills `board` with its smallest solution; leaves it as it is if it has none.
    #[allow(clippy::ptr_arg)] // LeetCode's signature
    pub fn solve_sudoku(board: &mut Vec<Vec<char>>) {
        if let Some(s) = Grid::from_chars(board).and_then(|g| solver::first_solution(&g)) {
            *board = s.to_chars();
        }
    }
}
