//! sudoku-kit: a competitive-programming kit for Sudoku.
//!
//! Every judge bin in `src/bin/` reads its format with [`reader`], solves with [`solver`]
//! (first empty cell in row-major order, digits 1 to 9: the first solution found is the
//! lexicographically smallest) and reports bad input through [`error`]. [`plain`] is the
//! textbook version of the same search, kept as the reference oracle and benchmark baseline;
//! [`basic`] is the small bitmask version, for bins whose judge caps the source size.

pub mod basic;
pub mod check;
pub mod error;
pub mod gen;
pub mod grid;
pub mod hunt;
pub mod judge;
pub mod layout;
pub mod plain;
pub mod reader;
pub mod solver;
pub mod trace;
pub mod visit;
