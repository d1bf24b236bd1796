//! Conflict analysis: first-UIP clauses, their watches, variable activity.

use super::groups::{lacks, VARS};
use super::{Conflict, Sat, CLAUSE, DECIDED, KIND, PEER};

/// VSIDS activity decay per conflict: 0.9 takes a hunt's worst 4.1 -> 5.0 M instructions.
const ACTIVITY_DECAY: f64 = 0.95;

impl Sat {
    /// First-UIP conflict analysis: the learned clause (its asserting literal first) in
    /// `learned`, and the level to go back to.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> usize {
        let here = self.lim.len() as u16;
        let mut learned = std::mem::take(&mut self.learned);
        let mut lits = std::mem::take(&mut self.reasons);
        let mut implied = std::mem::take(&mut self.implied);
        learned.clear();
        learned.push(0);
        implied.clear();
        self.antecedents(conflict.0, conflict.1, &mut lits);
        if conflict.0 & KIND == PEER {
            lits.push(lacks(conflict.1));
        }
        let (mut open, mut i) = (0, self.assigned);
        loop {
            for &q in &lits {
                let u = (q >> 1) as usize;
                if !self.seen[u] && self.level[u] > 0 {
                    self.seen[u] = true;
                    self.bump(u);
                    if self.level[u] == here {
                        open += 1;
                    } else {
                        learned.push(q);
                    }
                }
            }
            let v = loop {
                i -= 1;
                let v = (self.trail[i] >> 1) as usize;
                if self.seen[v] {
                    break v;
                }
            };
            self.seen[v] = false;
            open -= 1;
            if open == 0 {
                learned[0] = self.trail[i] ^ 1;
                break;
            }
            self.antecedents(self.reason[v], v, &mut lits);
        }
        // A literal whose reason's other literals are all in the clause (or facts) adds
        // nothing: drop it (MiniSat's local minimization).
        for &q in &learned[1..] {
            let u = (q >> 1) as usize;
            let why = self.reason[u];
            implied.push(
                why != DECIDED && {
                    self.antecedents(why, u, &mut lits);
                    lits.iter().all(|&r| {
                        let x = (r >> 1) as usize;
                        self.seen[x] || self.level[x] == 0
                    })
                },
            );
        }
        for &q in &learned[1..] {
            self.seen[(q >> 1) as usize] = false;
        }
        let mut k = 0;
        learned.retain(|_| {
            k += 1;
            k == 1 || !implied[k - 2]
        });
        self.bump *= 1.0 / ACTIVITY_DECAY;
        if self.bump > 1e100 {
            for a in self.activity.iter_mut() {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        // The literal of the highest level after the first is watched second.
        let mut back = 0;
        for k in 1..learned.len() {
            let lv = self.level[(learned[k] >> 1) as usize] as usize;
            if lv > back {
                back = lv;
                learned.swap(1, k);
            }
        }
        self.learned = learned;
        self.reasons = lits;
        self.implied = implied;
        back
    }

    /// Adds the clause `learned` after backtracking to its level and sets its first literal.
    pub(super) fn learn(&mut self) {
        let learned = std::mem::take(&mut self.learned);
        let first = learned[0];
        if learned.len() == 1 {
            self.set(first, DECIDED);
        } else {
            let c = self.attach(&learned);
            self.set(first, CLAUSE | c);
        }
        self.learned = learned;
    }

    /// Stores the clause `lits` (two literals or more), watched by its first two; its number.
    pub(super) fn attach(&mut self, lits: &[u16]) -> u32 {
        let c = self.start.len() as u32 - 1;
        if self.watches.is_empty() {
            self.watches.resize_with(2 * VARS, Vec::new);
        }
        self.watches[lits[0] as usize].push((c, lits[1]));
        self.watches[lits[1] as usize].push((c, lits[0]));
        self.lits.extend_from_slice(lits);
        self.start.push(self.lits.len() as u32);
        c
    }

    pub(super) fn bump(&mut self, v: usize) {
        self.activity[v] += self.bump;
    }
}
