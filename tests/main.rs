//! Every integration test, one test binary: built and linked once, and its tests share the
//! cores (the bundles' compilers, the fuzzing, the streams run side by side).

mod bundle; // every judge bin bundled, compiled by two rustc versions, run on its cases
mod cases; // each bin on cases/<bin>/ and tests/errors/<bin>/
mod check; // `sudoku check --format`: each bin's outputs judged
mod differential; // the fast solvers against the plain search and each other
mod jigsaw; // the tool on jigsaw puzzles: `solve --regions`, `gen --jigsaw`
mod robustness; // bad, random and adversarial input through every bin's `run`
mod stream; // the tool's streaming solve: answers as they come, memory on a long stream
mod tool; // the `sudoku` tool's commands

#[allow(dead_code)] // each test uses a part
mod common;
mod famous;
mod fuzz;
