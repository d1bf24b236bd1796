//! The shared solver every judge bin calls. Contract: the answer is the first solution of the
//! search that takes the first empty cell in row-major order and tries digits 1 to 9, i.e.
//! the lexicographically smallest; counts are exact up to the limit. For now it is the
//! bitmask search of [`super::basic`]; faster pruning that keeps the contract goes here.

pub use super::basic::{count_solutions, first_solution, solutions};
