//! Every search here enumerates solutions in lexicographic order through a visitor that
//! returns true to stop; these turn such a search into its two usual answers.

use super::grid::Grid;

/// The first solution `search` visits.
pub fn first(search: impl FnOnce(&mut dyn FnMut(&Grid) -> bool)) -> Option<Grid> {
    let mut found = None;
    search(&mut |s| {
        found = Some(*s);
        true
    });
    found
}

/// How many solutions `search` visits, stopping it at `limit`.
pub fn count(search: impl FnOnce(&mut dyn FnMut(&Grid) -> bool), limit: usize) -> usize {
    let mut n = 0;
    search(&mut |_| {
        n += 1;
        n >= limit
    });
    n
}
