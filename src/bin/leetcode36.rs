//! LeetCode 36 "Valid Sudoku": a method, not a program. LeetCode passes `board:
//! Vec<Vec<char>>` (`'1'`-`'9'`, `'.'` blank) and wants `true` when no row, column or box
//! repeats a digit among the filled cells; whether the board can be solved is not asked.
//! Locally the bin reads the judge's test-case text, the board as JSON (any whitespace
//! between tokens), and prints `true` or `false`. `bundle leetcode36` keeps only what
//! follows `pub struct Solution;`: LeetCode declares that struct itself.

use sudoku_kit::error::Error;
use sudoku_kit::reader;

fn main() {
    sudoku_kit::judge::main(run);
}

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
    let board = reader::json_board(input)?.to_chars();
    let valid = Solution::is_valid_sudoku(board);
    out.extend_from_slice(if valid { b"true\n" } else { b"false\n" });
    Ok(())
}

/// LeetCode declares it, so the bundle starts after it.
pub struct Solution;

use sudoku_kit::grid::Grid;

impl Solution {
    /// True when the filled cells break none of the three rules.
    pub fn is_valid_sudoku(board: Vec<Vec<char>>) -> bool {
        Grid::from_chars(&board).map_or(false, |g| g.first_clash().is_none())
    }
}
