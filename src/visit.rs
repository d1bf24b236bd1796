//! Every search here enumerates solutions in lexicographic order through a visitor that
//! returns true to stop; these turn such a search into its two usual answers. They serve
//! the 9x9 [`super::grid::Grid`] and the other sizes' [`super::square::Square`] alike.

/// The first solution `search` visits.
pub fn first<G: Clone>(search: impl FnOnce(&mut dyn FnMut(&G) -> bool)) -> Option<G> {
    let mut found = None;
    search(&mut |s| {
        found = Some(s.clone());
        true
    });
    found
}

/// How many solutions `search` visits, stopping it at `limit`.
pub fn count<G: ?Sized>(search: impl FnOnce(&mut dyn FnMut(&G) -> bool), limit: usize) -> usize {
    let mut n = 0;
    search(&mut |_| {
        n += 1;
        n >= limit
    });
    n
}
