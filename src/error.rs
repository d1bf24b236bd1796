//! The one error type every bin reports: what went wrong and where in the input.

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
    pub kind: Kind,
    pub line: usize,
    pub col: usize,
    pub case: Option<usize>,
    pub msg: String,
}

impl Error {
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
