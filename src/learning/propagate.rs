//! Unit propagation: the groups' exactly-one rules, locked candidates, watched clauses.

use super::groups::{negative, positive, GROUP_SETTLED};
use super::{Cdcl, Contradiction, Why, LIT_FALSE, LIT_TRUE, LIT_UNSET, NONE};

impl Cdcl {
    /// Propagates the trail; the conflict it meets, if any.
    pub(super) fn propagate(&mut self) -> Option<Contradiction> {
        while self.head < self.trail.len() {
            let l = self.trail[self.head];
            self.head += 1;
            let v = (l >> 1) as usize;
            let conflict = if l & 1 == 0 {
                self.set_true(v)
            } else {
                self.set_false(v)
            };
            if conflict.is_some() {
                return conflict;
            }
            if let Some(c) = self.watched(l ^ 1) {
                return Some((Why::Clause(c), NONE));
            }
        }
        None
    }

    /// Propagates `v` true: the other members of its four groups not yet false are struck.
    /// On a conflict `v` is left unpropagated: its groups are not marked settled.
    fn set_true(&mut self, v: usize) -> Option<Contradiction> {
        let why = Why::Peer(v as u32);
        let groups = self.groups.groups_of(v);
        for (kind, &(g, k)) in groups.iter().enumerate() {
            let mut rest = self.free[g] & !GROUP_SETTLED & !(1 << k);
            if kind == 3 {
                // In its box, those of its row and column are struck already.
                let geo = &self.groups.geo;
                rest &= !(geo.stretch[k] | geo.box_column[k]);
            }
            let members = self.groups.members(g);
            while rest != 0 {
                let u = self.groups.at(members, rest.trailing_zeros() as usize);
                rest &= rest - 1;
                if let Some(c) = self.strike(u, why) {
                    self.head -= 1;
                    return Some(c);
                }
            }
        }
        for &(g, _) in &groups {
            self.free[g] |= GROUP_SETTLED;
        }
        None
    }

    /// Propagates `v` false: each of its groups left with one member sets it true, with none
    /// is a conflict; a symbol group whose members come to lie where its unit crosses
    /// another locks them. All four groups lose `v` first: backtracking gives all four back.
    fn set_false(&mut self, v: usize) -> Option<Contradiction> {
        let groups = self.groups.groups_of(v);
        for &(g, k) in &groups {
            self.free[g] &= !(1 << k);
        }
        for (kind, &(g, k)) in groups.iter().enumerate() {
            let free = self.free[g];
            if free & GROUP_SETTLED != 0 {
                continue;
            }
            if free & free.wrapping_sub(1) == 0 {
                if free == 0 {
                    return Some((Why::Last(g as u32), NONE));
                }
                let u = self.groups.member(g, free.trailing_zeros() as usize);
                if self.value[positive(u) as usize] == LIT_UNSET {
                    self.set(positive(u), Why::Last(g as u32));
                }
            } else if kind > 0 {
                let geo = &self.groups.geo;
                let crosses = |p: u64| {
                    let low = p.trailing_zeros() as usize;
                    p & !geo.stretch[low] == 0 || (kind == 3 && p & !geo.box_column[low] == 0)
                };
                if crosses(free) && !crosses(free | 1 << k) {
                    if let Some(c) = self.lock(g, free) {
                        return Some(c);
                    }
                }
            }
        }
        None
    }

    /// Undoes the propagation of literal `l`: its groups get back what it took.
    pub(super) fn unpropagate(&mut self, l: u32) {
        let groups = self.groups.groups_of((l >> 1) as usize);
        if l & 1 == 0 {
            for &(g, _) in &groups {
                self.free[g] &= !GROUP_SETTLED;
            }
        } else {
            for &(g, k) in &groups {
                self.free[g] |= 1 << k;
            }
        }
    }

    /// Sets `u` false for the reason `why` (a peer's or a lock's); the conflict when `u` is
    /// true.
    #[inline]
    fn strike(&mut self, u: usize, why: Why) -> Option<Contradiction> {
        let now = self.value[positive(u) as usize];
        if now == LIT_UNSET {
            self.set(negative(u), why);
        }
        (now == LIT_TRUE).then(|| (why, u))
    }

    /// Locked candidates: the free places `free` of symbol group `g` have just come to lie
    /// where its unit crosses another: the symbol is false in that unit's other cells.
    fn lock(&mut self, g: usize, free: u64) -> Option<Contradiction> {
        let (geo, cells) = (&self.groups.geo, self.groups.cells);
        let (u, s) = self.groups.split(g - cells);
        let other = geo.crossing(u, free)?;
        // The places of `other` inside `u`: a box's row or column, or a line's stretch.
        let (n, side) = (geo.n, geo.side);
        let stretch = |k: usize| ((1u64 << n) - 1) << (n * k);
        let inside = match (u / side, other / side) {
            (0, _) => stretch(u % n),
            (1, _) => geo.box_column[u % n],
            (_, 0) => stretch((u - 2 * side) % n),
            _ => stretch((u - 2 * side) / n),
        };
        let og = cells + side * other + s;
        let mut rest = self.free[og] & !GROUP_SETTLED & !inside;
        let (members, why) = (self.groups.members(og), Why::Locked(g as u32));
        while rest != 0 {
            let w = self.groups.at(members, rest.trailing_zeros() as usize);
            rest &= rest - 1;
            if let Some(conflict) = self.strike(w, why) {
                return Some(conflict);
            }
        }
        None
    }

    /// Visits the learned clauses watching `l`, which has just become false: each is kept
    /// on `l`'s list unless it finds another literal to watch ([`Cdcl::rewatch`]); a unit
    /// clause sets its other watched literal; the first clause with every literal false is
    /// the conflict, and the rest of the list is kept as it is.
    fn watched(&mut self, l: u32) -> Option<u32> {
        if self.watched[l as usize / 64] & 1 << (l % 64) == 0 {
            return None;
        }
        let mut list = std::mem::take(&mut self.watches[l as usize]);
        let mut kept = 0;
        let mut conflict = None;
        for k in 0..list.len() {
            let (c, blocker) = list[k];
            let keep = if conflict.is_some() || self.value[blocker as usize] == LIT_TRUE {
                Some(blocker)
            } else {
                match self.rewatch(c, l) {
                    Watch::Moved => None,
                    Watch::Satisfied(other) => Some(other),
                    Watch::Unit(other) => {
                        self.set(other, Why::Clause(c));
                        Some(other)
                    }
                    Watch::Contradiction(other) => {
                        conflict = Some(c);
                        Some(other)
                    }
                }
            };
            if let Some(b) = keep {
                list[kept] = (c, b);
                kept += 1;
            }
        }
        list.truncate(kept);
        if list.is_empty() {
            self.watched[l as usize / 64] &= !(1 << (l % 64));
        }
        self.watches[l as usize] = list;
        conflict
    }

    /// Clause `c` has lost its watched literal `l` (made its second): it watches a literal
    /// not false in its place if it has one, else it rests on its other watched literal.
    fn rewatch(&mut self, c: u32, l: u32) -> Watch {
        let (s, e) = (
            self.start[c as usize] as usize,
            self.start[c as usize + 1] as usize,
        );
        let clause = &mut self.lits[s..e];
        if clause[0] == l {
            clause.swap(0, 1);
        }
        let other = clause[0];
        if self.value[other as usize] == LIT_TRUE {
            return Watch::Satisfied(other);
        }
        let value = &self.value;
        match (2..clause.len()).find(|&k| value[clause[k] as usize] != LIT_FALSE) {
            Some(k) => {
                clause.swap(1, k);
                let new = clause[1];
                self.watch(new, c, other);
                Watch::Moved
            }
            None if self.value[other as usize] == LIT_FALSE => Watch::Contradiction(other),
            None => Watch::Unit(other),
        }
    }

    /// Has clause `c` watch literal `l`, `blocker` another of its literals.
    pub(super) fn watch(&mut self, l: u32, c: u32, blocker: u32) {
        self.watches[l as usize].push((c, blocker));
        self.watched[l as usize / 64] |= 1 << (l % 64);
    }

    /// The literals (all false) of the clause `why` that set variable `v` (or, for a
    /// conflict, of the conflicting clause, `v` included), but `v`'s own.
    pub(super) fn antecedents(&self, why: Why, v: usize, out: &mut Vec<u32>) {
        out.clear();
        let groups = &self.groups;
        // The members of group `g` at the places `rest` (facts aside) but `v`, all false.
        let mut members_of = |g: usize, rest: u64| {
            let (members, mut rest) = (groups.members(g), rest & self.facts[g]);
            while rest != 0 {
                let u = groups.at(members, rest.trailing_zeros() as usize);
                rest &= rest - 1;
                if u != v {
                    out.push(positive(u));
                }
            }
        };
        match why {
            Why::Decided => {}
            Why::Peer(u) => out.push(negative(u as usize)),
            // Its members outside `v`'s unit are false.
            Why::Locked(g) => members_of(g as usize, groups.outside(g as usize, v)),
            Why::Last(g) => members_of(g as usize, groups.geo.full),
            Why::Clause(c) => {
                let c = c as usize;
                let lits = &self.lits[self.start[c] as usize..self.start[c + 1] as usize];
                out.extend(lits.iter().filter(|&&l| (l >> 1) as usize != v));
            }
        }
    }
}

/// What a clause that lost a watched literal does ([`Cdcl::rewatch`]), with its other
/// watched literal.
enum Watch {
    /// Watches another literal now.
    Moved,
    /// Its other watched literal is true.
    Satisfied(u32),
    /// Its other watched literal is all that is left: it is set true.
    Unit(u32),
    /// Every literal is false.
    Contradiction(u32),
}
