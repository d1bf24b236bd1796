//! sudoku-kit: a competitive-programming kit for Sudoku.
//!
//! Every judge bin in `src/bin/` reads its format with [`reader`], solves with [`solver`]
//! (first empty cell in row-major order, digits 1 to 9: the first solution found is the
//! lexicographically smallest), answers through [`judge`] and reports bad input through
//! [`error`]. [`plain`] is the textbook version of the same search, kept as the reference
//! oracle and benchmark baseline; [`basic`] is a small version with singles propagation,
//! for bins whose judge caps the source size. This file is never bundled: the bundler reads
//! only its `pub mod` lines.
#![warn(missing_docs)]

// Judge side: what judge bins, and so their one-file bundles, are made of.
pub mod basic; // the small ordered search with singles, for size-capped judges
pub mod error; // the one error type, its exit statuses, how a message names a byte
pub mod grid; // the 9x9 grid, its invariant, text forms, clash and validity checks
pub mod jigsaw; // jigsaw regions (HDU 4069): their table, solver, wall encoding, generator
pub mod judge; // the bins' shared `main`: all output or none
pub mod learning; // clause learning for n^2 grids: the root's count to 2, the descent's refutations
pub mod reader; // byte scanner over all of stdin with line/column error positions
pub mod solver; // the fast solver every judge bin calls (lexicographic order), one file an idea
pub mod square; // the n^2 x n^2 family (4x4 to 36x36): grid, solver, judges' text, generator
pub mod visit; // first solution and count from any lexicographic enumeration

// Tool side: what the `sudoku` tool, the tests and the benches add.
pub mod check; // the special judge: is an answer a valid solution of the puzzle?
pub mod gen; // seeded random, unique, mixed and adversarial puzzles
pub mod hunt; // the seeded hill climb for puzzles the solver is slow on
pub mod layout; // puzzles in any common layout, streamed; the pretty grid
pub mod plain; // the textbook search: reference oracle and benchmark baseline
pub mod rng; // the seeded PRNG behind every generator and hunt
pub mod trace; // step counts and frames of the plain search, for `sudoku trace`
pub mod trace_page; // the self-contained HTML page that replays a trace (`trace --html`)
