//! Shrinking a learned clause: the literals of each earlier level are replaced by one literal
//! of that level that implies them all through its reasons (their first UIP there), where
//! those reasons bring in no literal of a lower level outside the clause (Fleury and Biere's
//! shrinking). The clause keeps its levels, so its glue and where the search goes back to.
//!
//! A 25x25 clause's literals come mostly from the groups' reasons (a group's last member
//! lists all its false ones), about ten a level: Frisch's puzzles learned clauses of 57-63
//! literals over 6-7 levels, 38-44 once shrunk.

use super::learn::{IN, UNSEEN};
use super::{Cdcl, Why};

/// In `seen` while a level is shrunk: a variable of that level still to resolve.
const OPEN: u8 = 3;

impl Cdcl {
    /// Shrinks `learned` (its asserting literal first, `seen` clear), as the module says.
    pub(super) fn shrink(&mut self, learned: &mut Vec<u32>) {
        let level = |levels: &[u32], q: u32| levels[(q >> 1) as usize];
        learned[1..].sort_unstable_by_key(|&q| std::cmp::Reverse(level(&self.level, q)));
        for &q in &learned[1..] {
            self.seen[(q >> 1) as usize] = IN;
        }
        // In place, level by level: a level's literals give way to at most as many, and its
        // marks are needed no more once it is done (lower levels look only lower).
        let (mut i, mut kept) = (1, 1);
        while i < learned.len() {
            let lv = level(&self.level, learned[i]);
            let j = (i..learned.len())
                .find(|&j| level(&self.level, learned[j]) != lv)
                .unwrap_or(learned.len());
            let uip = (j - i > 1).then(|| self.uip(lv as usize, &learned[i..j]));
            for &q in &learned[i..j] {
                self.seen[(q >> 1) as usize] = UNSEEN;
            }
            match uip {
                Some(Some(l)) => {
                    learned[kept] = l ^ 1;
                    kept += 1;
                }
                _ => {
                    learned.copy_within(i..j, kept);
                    kept += j - i;
                }
            }
            i = j;
        }
        learned.truncate(kept);
    }

    /// The literal of level `lv` that implies the (false) clause literals `lits` of that
    /// level through reasons whose literals of lower levels are in the clause (`IN`), if
    /// there is one: walking the level's trail back, each literal still open is resolved
    /// with its reason until one is left open.
    fn uip(&mut self, lv: usize, lits: &[u32]) -> Option<u32> {
        let mut touched = std::mem::take(&mut self.implied_vars);
        let mut reasons = std::mem::take(&mut self.reasons);
        touched.clear();
        for &q in lits {
            self.seen[(q >> 1) as usize] = OPEN;
        }
        let mut open = lits.len();
        let end = self.lim.get(lv).copied().unwrap_or(self.trail.len());
        let mut found = None;
        'walk: for k in (self.lim[lv - 1]..end).rev() {
            let l = self.trail[k];
            let v = (l >> 1) as usize;
            if self.seen[v] != OPEN {
                continue;
            }
            if open == 1 {
                found = Some(l);
                break;
            }
            if self.reason[v] == Why::Decided {
                break;
            }
            self.antecedents(self.reason[v], v, &mut reasons);
            for &r in &reasons {
                let u = (r >> 1) as usize;
                let at = self.level[u] as usize;
                if at == lv {
                    if self.seen[u] != OPEN {
                        self.seen[u] = OPEN;
                        touched.push(u as u32);
                        open += 1;
                    }
                } else if at != 0 && self.seen[u] != IN {
                    break 'walk;
                }
            }
            open -= 1;
            self.seen[v] = UNSEEN;
            touched.push(v as u32);
        }
        // Back as before: the clause's own literals `IN`, the rest unseen.
        for &u in &touched {
            self.seen[u as usize] = UNSEEN;
        }
        for &q in lits {
            self.seen[(q >> 1) as usize] = IN;
        }
        self.implied_vars = touched;
        self.reasons = reasons;
        found
    }
}
