//! The one error type every bin reports: what went wrong and where in the input, and how a
//! message names the byte it found there.

use std::fmt;

/// Why a run failed; decides the exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The input does not follow the format (exit status 2).
    Malformed,
    /// The puzzle has no solution and the format has no way to say so (exit status 1).
    NoSolution,
}

/// An input error at a 1-based line and column, in case number `case` of a multi-case input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Malformed input or no solution.
    pub kind: Kind,
    /// The 1-based line of the input the error is at.
    pub line: usize,
    /// The 1-based column (byte) in that line.
    pub col: usize,
    /// The 1-based case the error is in, for inputs of several cases.
    pub case: Option<usize>,
    /// What is wrong, for the person who wrote the input.
    pub msg: String,
}

impl Error {
    /// Input that does not follow the format, at `line` and `col`.
    pub fn malformed(line: usize, col: usize, msg: String) -> Error {
        Error {
            kind: Kind::Malformed,
            line,
            col,
            case: None,
            msg,
        }
    }

    /// A puzzle without a solution; `line` is where the puzzle starts.
    pub fn no_solution(line: usize) -> Error {
        Error {
            kind: Kind::NoSolution,
            line,
            col: 1,
            case: None,
            msg: "no solution".to_string(),
        }
    }

    /// Names the (1-based) case the error is in, unless an inner case was named already.
    pub fn in_case(mut self, case: usize) -> Error {
        self.case = self.case.or(Some(case));
        self
    }

    /// The process exit status for this error: 2 for malformed input, 1 for no solution.
    pub fn exit_code(&self) -> i32 {
        match self.kind {
            Kind::Malformed => 2,
            Kind::NoSolution => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.col)?;
        if let Some(case) = self.case {
            write!(f, " (case {})", case)?;
        }
        write!(f, ": {}", self.msg)
    }
}

/// Shorthand used across the library.
pub type Result<T> = std::result::Result<T, Error>;

/// Names a byte inside a line for an error message: `'x'`, `a tab` or `byte 0xff`.
pub fn name_byte(b: u8) -> String {
    match b {
        b'\t' => "a tab".to_string(),
        b' '..=b'~' => format!("'{}'", b as char),
        b => format!("byte 0x{:02x}", b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_innermost_case_is_named_after_the_column() {
        let e = Error::malformed(3, 4, "bad".to_string());
        assert_eq!(e.to_string(), "line 3, column 4: bad");
        let e = e.in_case(2).in_case(9);
        assert_eq!(e.to_string(), "line 3, column 4 (case 2): bad");
    }
}
