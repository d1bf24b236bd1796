//! The `main` every judge bin shares, and its one output rule: all or nothing. A bin's `run`
//! may write answers as it goes and fail later; only a run that ends well is printed.

use super::error::Error;
use std::io::{self, Read, Write};

/// A judge bin's work: the whole input in, answers appended to the output.
pub type Run = fn(&[u8], &mut Vec<u8>) -> Result<(), Error>;

/// Reads stdin to the end and answers it with `run` (see [`answer`]). On an error nothing
/// reaches stdout: one line on stderr and exit status 2 or 1.
pub fn main(run: Run) {
    let mut input = Vec::new();
    if let Err(e) = io::stdin().read_to_end(&mut input) {
        eprintln!("error: cannot read stdin: {}", e);
        std::process::exit(2);
    }
    match answer(run, &input) {
        Ok(out) => {
            let _ = io::stdout().write_all(&out);
        }
        Err(e) => {
            eprintln!("error: {}", e);
            std::process::exit(e.exit_code());
        }
    }
}

/// All that `run` writes for `input`, or its error and none of the answers it wrote before.
pub fn answer(run: Run, input: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    run(input, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_run_answers_nothing() {
        fn run(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
            out.extend_from_slice(b"first answer\n");
            match input {
                b"fail" => Err(Error::no_solution(2)),
                _ => Ok(()),
            }
        }
        assert_eq!(answer(run, b"ok"), Ok(b"first answer\n".to_vec()));
        assert_eq!(answer(run, b"fail"), Err(Error::no_solution(2)));
    }
}
