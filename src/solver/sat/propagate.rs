//! Unit propagation: the groups' exactly-one rules, locked candidates, watched clauses.

use super::groups::{
    box_column, holds, lacks, locked, lone, outside, third, ALERT, GROUPS_OF, LOCKS, MEMBERS,
    SETTLED, VARS,
};
use super::{Conflict, Sat, CLAUSE, FALSE, KIND, LAST, PEER, TRUE, UNSET};

impl Sat {
    /// Propagates the trail; the conflict it meets, if any.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.assigned {
            let l = self.trail[self.head];
            self.head += 1;
            let v = (l >> 1) as usize;
            if l & 1 == 0 {
                // The other members of its four groups, of those not yet false as propagated;
                // in its box, those of its row and column are struck already.
                let why = PEER | v as u32;
                for (kind, &(g, k)) in GROUPS_OF[v].iter().enumerate() {
                    let g = g as usize;
                    let line = match kind {
                        3 => third(k as usize) | box_column(k as usize),
                        _ => 1 << k,
                    };
                    let mut rest = self.free[g] & !line & !SETTLED;
                    while rest != 0 {
                        let u = MEMBERS[g][rest.trailing_zeros() as usize] as usize;
                        rest &= rest - 1;
                        if let Some(c) = self.strike(u, why) {
                            // Not propagated: its groups are not marked settled.
                            self.head -= 1;
                            return Some(c);
                        }
                    }
                }
                for &(g, _) in &GROUPS_OF[v] {
                    self.free[g as usize] |= SETTLED;
                }
            } else {
                // Most false variables leave their groups with nothing to do: one branch
                // for the four (fewer mispredicted than four), then a look at those that have.
                let mut news = 0;
                for (kind, &(g, k)) in GROUPS_OF[v].iter().enumerate() {
                    let g = g as usize;
                    let free = self.free[g] & !(1 << k);
                    self.free[g] = free;
                    let alert = LOCKS[free as usize & 1023] & ALERT[kind][k as usize];
                    news |= ((alert != 0) as u8) << kind;
                }
                while news != 0 {
                    let kind = news.trailing_zeros() as usize;
                    news &= news - 1;
                    let (g, k) = GROUPS_OF[v][kind];
                    let g = g as usize;
                    let free = self.free[g];
                    if free == 0 {
                        return Some((LAST | g as u32, VARS));
                    }
                    let units = locked(kind, free, k);
                    if lone(free) {
                        let u = MEMBERS[g][free.trailing_zeros() as usize] as usize;
                        if self.value[holds(u) as usize] == UNSET {
                            self.set(holds(u), LAST | g as u32);
                        }
                    } else if units != 0 {
                        if let Some(c) = self.lock(g, units) {
                            return Some(c);
                        }
                    }
                }
            }
            if let Some(c) = self.watched(l ^ 1) {
                return Some((CLAUSE | c, VARS));
            }
        }
        None
    }

    /// Sets `u` false for the reason `why` (a kind of `PEER`); the conflict when `u` is
    /// true.
    #[inline(always)]
    pub(super) fn strike(&mut self, u: usize, why: u32) -> Option<Conflict> {
        match self.value[holds(u) as usize] {
            UNSET => self.set(lacks(u), why),
            TRUE => return Some((why, u)),
            _ => {}
        }
        None
    }

    /// Locked candidates: the free members of digit group `g` have just come to lie in one
    /// unit of another kind, `units` as [`locked`] says (a row's in one box, a box's in one
    /// row or column): the digit is false in that unit's other cells.
    pub(super) fn lock(&mut self, g: usize, units: u8) -> Option<Conflict> {
        // Which of the variable's groups is the other unit: its box, row or column.
        let kind = match (g < 243, units & 7 != 0) {
            (true, _) => 3,
            (false, true) => 1,
            (false, false) => 2,
        };
        let u = MEMBERS[g][self.free[g].trailing_zeros() as usize] as usize;
        let (other, k) = GROUPS_OF[u][kind];
        // The places in `other` of `g`'s members: a column of a box when `g` is a column,
        // else the third that holds `k` (a row of a box, or a box's columns in a row or its
        // rows in a column). The rest not yet false are struck.
        let inside = match g / 81 {
            2 => box_column(k as usize),
            _ => third(k as usize),
        };
        let other = other as usize;
        let mut rest = self.free[other] & !inside & !SETTLED;
        let why = PEER | (VARS + g) as u32;
        while rest != 0 {
            let w = MEMBERS[other][rest.trailing_zeros() as usize] as usize;
            rest &= rest - 1;
            if let Some(c) = self.strike(w, why) {
                return Some(c);
            }
        }
        None
    }

    /// Visits the learned clauses watching `l`, which has just become false: each finds
    /// another literal to watch, or sets its other watched literal, or is the conflict.
    pub(super) fn watched(&mut self, l: u16) -> Option<u32> {
        if self.watches.get(l as usize).map_or(true, Vec::is_empty) {
            return None;
        }
        let mut ws = std::mem::take(&mut self.watches[l as usize]);
        let (mut i, mut kept, mut conflict) = (0, 0, None);
        while i < ws.len() {
            let (c, blocker) = ws[i];
            i += 1;
            if self.lit_value(blocker) == TRUE {
                ws[kept] = (c, blocker);
                kept += 1;
                continue;
            }
            let (s, e) = (
                self.start[c as usize] as usize,
                self.start[c as usize + 1] as usize,
            );
            if self.lits[s] == l {
                self.lits.swap(s, s + 1);
            }
            let first = self.lits[s];
            if self.lit_value(first) == TRUE {
                ws[kept] = (c, first);
                kept += 1;
                continue;
            }
            if let Some(k) = (s + 2..e).find(|&k| self.lit_value(self.lits[k]) != FALSE) {
                self.lits.swap(s + 1, k);
                self.watches[self.lits[s + 1] as usize].push((c, first));
                continue;
            }
            ws[kept] = (c, first);
            kept += 1;
            if self.lit_value(first) == FALSE {
                conflict = Some(c);
                while i < ws.len() {
                    ws[kept] = ws[i];
                    kept += 1;
                    i += 1;
                }
            } else {
                self.set(first, CLAUSE | c);
            }
        }
        ws.truncate(kept);
        self.watches[l as usize] = ws;
        conflict
    }

    /// The literals (all false) of the clause `why` that set variable `v` (or, for a
    /// conflict, of the conflicting clause, `v` included), but `v`'s own.
    pub(super) fn antecedents(&self, why: u32, v: usize, out: &mut Vec<u16>) {
        out.clear();
        let k = (why & !KIND) as usize;
        match why & KIND {
            PEER if k < VARS => out.push(lacks(k)),
            // Locked by group `g`: its members outside `v`'s unit are false.
            PEER => {
                let g = k - VARS;
                let mut rest = outside(g, v);
                while rest != 0 {
                    out.push(holds(MEMBERS[g][rest.trailing_zeros() as usize] as usize));
                    rest &= rest - 1;
                }
            }
            LAST => out.extend(
                MEMBERS[k]
                    .iter()
                    .filter(|&&u| u as usize != v)
                    .map(|&u| holds(u as usize)),
            ),
            CLAUSE => {
                let lits = &self.lits[self.start[k] as usize..self.start[k + 1] as usize];
                out.extend(lits.iter().filter(|&&l| (l >> 1) as usize != v));
            }
            _ => {}
        }
    }
}
