//! The `main` every judge bin shares: read all of stdin, run, then write everything or nothing.

use super::error::Error;
use std::io::{self, Read, Write};

/// Reads stdin to the end, calls `run` on the bytes and writes its output in one go.
/// On an error nothing reaches stdout: one line on stderr and exit status 2 or 1.
pub fn main(run: fn(&[u8], &mut Vec<u8>) -> Result<(), Error>) {
    let mut input = Vec::new();
    if let Err(e) = io::stdin().read_to_end(&mut input) {
        eprintln!("error: cannot read stdin: {}", e);
        std::process::exit(2);
    }
    let mut out = Vec::new();
    match run(&input, &mut out) {
        Ok(()) => {
            let _ = io::stdout().write_all(&out);
        }
        Err(e) => {
            eprintln!("error: {}", e);
            std::process::exit(e.exit_code());
        }
    }
}
