//! Conflict analysis: first-UIP clauses, their watches, variable activity.

use super::decide::VSIDS_DECAY;
use super::groups::negative;
use super::{Cdcl, Contradiction, Why, LIT_FALSE, LIT_TRUE};

/// What [`Cdcl::analyze`] knows of a variable (`seen`): nothing yet, in the clause (or implied
/// by it), or known not implied by it.
pub(super) const UNSEEN: u8 = 0;
pub(super) const IN: u8 = 1;
const POISON: u8 = 2;

/// Learned clauses that may pile up between reductions: 1000 and 3000 (with a restart at
/// each reduction) took Frisch's puzzles 45% and 11% more conflicts for no less time.
pub(super) const REDUCE_EVERY: usize = 2000;

/// With prompt reductions (up to 16x16), how much longer each waits than the last, as in
/// Glucose: `sparse16.txt` lines 1-308 and `hunted16.txt` 14.7 s with 1000, 15.4 with 100,
/// 16.8 with 300, 16.5 with 3000, 20.9 with none; on 25x25, 1000 took Frisch's puzzles 9.5%
/// more time.
const REDUCE_GROWTH: usize = 1000;

impl Cdcl {
    /// First-UIP conflict analysis: the learned clause (its asserting literal first) in
    /// `learned`, and the level to go back to. From the conflict's literals, the latest of
    /// this level on the trail is replaced by its reason's until one is left.
    pub(super) fn analyze(&mut self, conflict: Contradiction) -> usize {
        let mut learned = std::mem::take(&mut self.learned);
        let mut lits = std::mem::take(&mut self.reasons);
        learned.clear();
        learned.push(0);
        self.antecedents(conflict.0, conflict.1, &mut lits);
        if let Why::Peer(_) | Why::Locked(_) = conflict.0 {
            lits.push(negative(conflict.1));
        }
        let mut open = self.take_in(&lits, &mut learned);
        let mut at = self.latest_seen(self.trail.len());
        while open > 1 {
            open -= 1;
            let v = (self.trail[at] >> 1) as usize;
            self.antecedents(self.reason[v], v, &mut lits);
            open += self.take_in(&lits, &mut learned);
            at = self.latest_seen(at);
        }
        learned[0] = self.trail[at] ^ 1;
        self.reasons = lits;
        self.minimize(&mut learned);
        if self.shrinks {
            self.shrink(&mut learned);
        }
        self.bump *= 1.0 / VSIDS_DECAY;
        // The literal of the highest level after the first is watched second; its level is
        // where the search goes back to.
        let level = |q: &u32| self.level[(*q >> 1) as usize] as usize;
        let back = match learned
            .iter()
            .skip(1)
            .map(level)
            .enumerate()
            .max_by_key(|p| p.1)
        {
            Some((k, top)) => {
                learned.swap(1, k + 1);
                top
            }
            None => 0,
        };
        self.learned = learned;
        back
    }

    /// Marks the variables of `lits` not yet seen (facts aside) and raises their activity:
    /// those of earlier levels join `learned`; how many are of the current level.
    fn take_in(&mut self, lits: &[u32], learned: &mut Vec<u32>) -> usize {
        let here = self.lim.len() as u32;
        let mut now = 0;
        for &q in lits {
            let u = (q >> 1) as usize;
            if self.seen[u] != UNSEEN || self.level[u] == 0 {
                continue;
            }
            self.seen[u] = IN;
            self.bump(u);
            if self.level[u] < here {
                learned.push(q);
            } else {
                now += 1;
            }
        }
        now
    }

    /// The trail position, before `at`, of the latest variable marked seen: of the current
    /// level, as the clause's own are unmarked later. Unmarks it.
    fn latest_seen(&mut self, at: usize) -> usize {
        let k = (0..at)
            .rev()
            .find(|&k| self.seen[(self.trail[k] >> 1) as usize] == IN)
            .unwrap_or_default();
        self.seen[(self.trail[k] >> 1) as usize] = UNSEEN;
        k
    }

    /// Drops from `learned` each literal implied by the others and the facts: its reason's
    /// literals are in the clause or, recursively, implied so (MiniSat's minimization).
    /// Clears `seen`.
    fn minimize(&mut self, learned: &mut Vec<u32>) {
        let mut levels = 0u64;
        for &q in &learned[1..] {
            levels |= 1 << (self.level[(q >> 1) as usize] & 63);
        }
        let mut cleared = std::mem::take(&mut self.implied_vars);
        cleared.clear();
        cleared.extend(learned[1..].iter().map(|&q| q >> 1));
        let mut k = 1;
        for j in 1..learned.len() {
            let q = learned[j];
            let u = (q >> 1) as usize;
            if self.reason[u] == Why::Decided || !self.redundant(u, levels, &mut cleared) {
                learned[k] = q;
                k += 1;
            }
        }
        learned.truncate(k);
        for &u in &cleared {
            self.seen[u as usize] = UNSEEN;
        }
        self.implied_vars = cleared;
    }

    /// Whether variable `u` (set by a reason, in the clause) follows from the clause's
    /// other literals: a search through the reasons, stopping at a decision or a level
    /// outside `levels`. Marks what it settles in `seen`, noting each in `cleared`.
    fn redundant(&mut self, u: usize, levels: u64, cleared: &mut Vec<u32>) -> bool {
        let mut stack = std::mem::take(&mut self.stack);
        let mut lits = std::mem::take(&mut self.reasons);
        stack.clear();
        stack.push(u as u32);
        let top = cleared.len();
        let mut ok = true;
        'search: while let Some(x) = stack.pop() {
            self.antecedents(self.reason[x as usize], x as usize, &mut lits);
            for &r in &lits {
                let y = (r >> 1) as usize;
                if self.level[y] == 0 || self.seen[y] == IN {
                    continue;
                }
                if self.seen[y] == POISON
                    || self.reason[y] == Why::Decided
                    || levels & 1 << (self.level[y] & 63) == 0
                {
                    ok = false;
                    break 'search;
                }
                self.seen[y] = IN;
                cleared.push(y as u32);
                stack.push(y as u32);
            }
        }
        if !ok {
            // What this search marked is not known implied after all: poison it.
            for &y in &cleared[top..] {
                self.seen[y as usize] = POISON;
            }
        }
        self.stack = stack;
        self.reasons = lits;
        ok
    }

    /// Adds the clause `learned` after backtracking to its level and sets its first literal.
    pub(super) fn learn(&mut self) {
        let learned = std::mem::take(&mut self.learned);
        let first = learned[0];
        if learned.len() == 1 {
            self.set(first, Why::Decided);
        } else {
            let glue = self.glue_of(&learned);
            let c = self.attach(&learned, glue);
            self.set(first, Why::Clause(c));
        }
        self.learned = learned;
    }

    /// Stores the clause `lits` (two literals or more), watched by its first two; its number.
    pub(super) fn attach(&mut self, lits: &[u32], glue: u32) -> u32 {
        let c = self.start.len() as u32 - 1;
        self.glue.push(glue);
        self.watch(lits[0], c, lits[1]);
        self.watch(lits[1], c, lits[0]);
        self.lits.extend_from_slice(lits);
        self.start.push(self.lits.len() as u32);
        c
    }
}

impl Cdcl {
    /// The levels among `lits`: how many decisions the clause ties together.
    fn glue_of(&mut self, lits: &[u32]) -> u32 {
        let mut glue = 0;
        for &l in lits {
            let lv = self.level[(l >> 1) as usize] as usize;
            if self.stamp.len() <= lv {
                self.stamp.resize(lv + 1, 0);
            }
            if self.stamp[lv] != self.conflicts {
                self.stamp[lv] = self.conflicts;
                glue += 1;
            }
        }
        glue
    }

    /// At level 0: drops the worse half of the learned clauses of glue over 2 (the higher
    /// glue, then the older), and those the facts satisfy; rebuilds the watches.
    pub(super) fn reduce(&mut self) {
        let count = self.glue.len();
        let mut order: Vec<usize> = (0..count).filter(|&c| self.glue[c] > 2).collect();
        order.sort_by_key(|&c| (self.glue[c], std::cmp::Reverse(c)));
        let mut keep = vec![true; count];
        for &c in &order[order.len() / 2..] {
            keep[c] = false;
        }
        let (lits, start, glue) = (
            std::mem::take(&mut self.lits),
            std::mem::take(&mut self.start),
            std::mem::take(&mut self.glue),
        );
        self.start.push(0);
        for w in self.watches.iter_mut() {
            w.clear();
        }
        for w in self.watched.iter_mut() {
            *w = 0;
        }
        let mut clause = Vec::new();
        for c in (0..count).filter(|&c| keep[c]) {
            let all = &lits[start[c] as usize..start[c + 1] as usize];
            if all.iter().any(|&l| self.value[l as usize] == LIT_TRUE) {
                continue;
            }
            clause.clear();
            clause.extend(
                all.iter()
                    .copied()
                    .filter(|&l| self.value[l as usize] != LIT_FALSE),
            );
            debug_assert!(clause.len() >= 2, "level 0 is propagated");
            self.attach(&clause, glue[c]);
        }
        for &l in &self.trail {
            self.reason[(l >> 1) as usize] = Why::Decided;
        }
        self.reductions += 1;
        let growth = if self.prompt_reduce {
            REDUCE_GROWTH * self.reductions
        } else {
            0
        };
        self.reduce_at = self.glue.len() + REDUCE_EVERY + growth;
    }
}
