//! A clause-learning (CDCL) search over Sudoku's 729 variables "cell `c` holds digit `d`":
//! the refuter for the queries a depth-first search wanders on. A sparse puzzle's hard query
//! ("with these cells fixed, can this cell take a digit below 5?") is a contradiction among a
//! few digits and rows that a depth-first search meets again under every branch it tries
//! above it; learning it once as a clause cuts all those branches at once. The branching
//! takes turns between restarts (see `TURNS`): the most constrained digit's places, in its
//! unit with the fewest, as the counting search's digits branching does (those
//! contradictions lie among a few digits); the group (a digit's places in a unit first, then
//! cells) with the fewest free members, mostly two: a binary branching, as the fastest
//! solvers take; the variables the conflicts involve (VSIDS), wherever in the grid they are.
//! Each is the fast one on some hunted queries: the digits need 20 times fewer conflicts than
//! the groups alone on one hunt's hard queries (112 against 2444), and the groups refute the
//! two hardest of a hunt against the digits and VSIDS alone in 2 and 33, and 33 and 17,
//! conflicts, where those take 174 and 69.
//!
//! The constraints: each cell holds one digit, each digit one place in each row, column and
//! box. Each is one of 324 groups of 9 variables with exactly one true. "At most one" is
//! implicit: a variable set true sets the other members of its four groups false. "At
//! least one" is a count of the members not yet false: at 1 the last one is set true, at 0
//! it is a conflict. Locked candidates too: when a digit's free places in a row or column lie
//! in one box, or a box's in one row or column, the digit is false in the rest of that
//! other unit (the hunted puzzles' hard queries: 3.3 times fewer conflicts). Learned
//! clauses are watched by two literals, as in MiniSat. Every
//! learned clause follows from the rules and the facts (`fix`), so it stays valid for every
//! later query: [`Sat::solve`] takes the query's conditions as assumptions.
//!
//! Before its first free decision a call tries each digit group with two free places: its
//! first place is set true and propagated (failed-literal detection, as Lynce and Ouaknine
//! solve Sudoku as SAT). A conflict is learned as any other, and its clause mostly sets the
//! other place; no conflict, the try is undone. A hard query's contradiction often lies one
//! such step away, which the decisions reach only by luck: the hard queries of the hunted
//! puzzles (568 refutations, each alone) take 4 times fewer conflicts (17,473 -> 4,244) and
//! a quarter of the time.
//!
//! ```text
//! variable v = 9 * cell + d (d = digit - 1)    literal = 2 * v (v true) or 2 * v + 1 (false)
//! group  0.. 81: cell c                 members 9 * c + 0..9
//! group 81..162: row r, digit d         162..243: column, digit     243..324: box, digit
//! ```

use super::grid::Grid;

const VARS: usize = 729;
const GROUPS: usize = 324;

/// The 9 variables of each group.
const MEMBERS: [[u16; 9]; GROUPS] = members();

/// The 4 groups of each variable (its cell, and its digit in its row, column and box), each
/// with the variable's place among the group's members.
const GROUPS_OF: [[(u16, u8); 4]; VARS] = groups_of();

const fn members() -> [[u16; 9]; GROUPS] {
    let mut m = [[0u16; 9]; GROUPS];
    let mut i = 0;
    while i < 81 {
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        let (row_k, col_k, box_k) = (c, r, r % 3 * 3 + c % 3);
        let mut d = 0;
        while d < 9 {
            let v = (9 * i + d) as u16;
            m[i][d] = v;
            m[81 + 9 * r + d][row_k] = v;
            m[162 + 9 * c + d][col_k] = v;
            m[243 + 9 * b + d][box_k] = v;
            d += 1;
        }
        i += 1;
    }
    m
}

const fn groups_of() -> [[(u16, u8); 4]; VARS] {
    let mut g = [[(0u16, 0u8); 4]; VARS];
    let mut v = 0;
    while v < VARS {
        let (i, d) = (v / 9, v % 9);
        let (r, c, b) = (i / 9, i % 9, i / 27 * 3 + i % 9 / 3);
        g[v] = [
            (i as u16, d as u8),
            ((81 + 9 * r + d) as u16, c as u8),
            ((162 + 9 * c + d) as u16, r as u8),
            ((243 + 9 * b + d) as u16, (r % 3 * 3 + c % 3) as u8),
        ];
        v += 1;
    }
    g
}

/// The places in digit group `g` of its members outside the unit through variable `v` in
/// which `g` locked its digit (as [`Sat::lock`]): a row's outside `v`'s box, a column's
/// likewise, a box's outside `v`'s row or column, whichever crosses the box.
fn outside(g: usize, v: usize) -> u16 {
    let (r, c) = (v / 81, v / 9 % 9);
    let inside = match g / 81 {
        1 => third(c),
        2 => third(r),
        _ if r / 3 == (g - 243) / 27 => third(3 * (r % 3)),
        _ => box_column(c),
    };
    0o777 & !inside
}

/// Of a group's places 0..9, the third (0o7, 0o70 or 0o700) that holds place `p`: a line's
/// places in one box, or a box's row.
fn third(p: usize) -> u16 {
    0o7 << (p / 3 * 3)
}

/// Of a box's places 0..9, the column (0o111, 0o222 or 0o444) that holds place `p`.
fn box_column(p: usize) -> u16 {
    0o111 << (p % 3)
}

/// The literal "variable `v` is true".
pub fn holds(v: usize) -> u16 {
    2 * v as u16
}

/// The literal "variable `v` is false".
pub fn lacks(v: usize) -> u16 {
    2 * v as u16 + 1
}

const UNSET: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// Why a variable has its value: the top two bits say which kind, the rest which one.
const DECIDED: u32 = 0;
/// Set false by the variable (the payload) set true in one of its groups, or, for a payload
/// `VARS + g`, by group `g`'s locked candidates.
const PEER: u32 = 1 << 30;
/// Set true as the last member of the group (the payload) not yet false.
const LAST: u32 = 2 << 30;
/// Set by the learned clause (the payload).
const CLAUSE: u32 = 3 << 30;
const KIND: u32 = 3 << 30;

/// A conflict: a reason-coded clause whose literals are all false, and for `PEER` the second
/// variable (two true variables in one group).
type Conflict = (u32, usize);

/// Conflicts between restarts, times the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...). Measured
/// against 4, 12, 16, 24, 32 and 64 on the hunted sets: the held-out set's worst puzzle
/// takes 7.1 million instructions with 8, 8.0-11.3 with the others.
const RESTART_UNIT: u64 = 8;

/// Decisions without a conflict after which [`Sat::solve`] asks its `finish` for a solution.
/// Measured against 2, 4 and 16 in the witness route: each slower on the hunted sets. Each
/// finish that fails doubles it for the rest of the call, up to 64: a refutation, where every
/// finish fails, is most of the hunted puzzles' time (the `hunted.txt` of its time: 3.5% fewer
/// instructions, 4% less time; the held-out set 1.9% and 2%).
const FINISH_EVERY: u64 = 8;

/// The ways [`Sat::pick`] decides, in the turns they take between restarts; each query starts
/// with the first. Each is the fast one on some hunted queries (see the module comment).
/// Measured (instructions) against digits, activity, groups, with cells first among the
/// groups: the `hunted.txt` of its time 36% less (time 43%), the held-out set 11% (its
/// first 400: time 15%), its slowest puzzle 6.0 -> 5.9 million, its 99th percentile 4.0 ->
/// 3.7. Cells first: 3% more. Groups first, or twice in a row, or a group's first free
/// member rather than its most active: the held-out set's slowest 5.1 to 6.4 million, or its
/// mean 1 to 6% more.
const TURNS: [Decide; 4] = [
    Decide::Digits,
    Decide::Groups,
    Decide::Activity,
    Decide::Groups,
];

/// A way to decide.
#[derive(Clone, Copy)]
enum Decide {
    /// [`Sat::tightest_digit`].
    Digits,
    /// VSIDS: by the activity of the variables in conflicts.
    Activity,
    /// [`Sat::tightest_group`].
    Groups,
}

/// [`Sat::solve`] met as many conflicts as it was given and did not decide.
#[derive(Debug)]
pub struct GaveUp;

/// The CDCL search. See the module comment.
pub struct Sat {
    /// Per literal: [`UNSET`], [`TRUE`] or [`FALSE`] (a literal's value in one load).
    value: [u8; 2 * VARS],
    level: [u16; VARS],
    reason: [u32; VARS],
    /// Per group, the members not yet false (as propagated so far), as bits, and [`SETTLED`]
    /// once its true member is propagated.
    free: [u16; GROUPS],
    /// Literals in the order they were set, `trail[..assigned]` (an array: each variable is set
    /// once at most); `lim[k]` is where level `k + 1` begins.
    trail: [u16; VARS],
    assigned: usize,
    lim: Vec<usize>,
    /// `saved[k]`: `free` when level `k + 1` began (all propagated then), for backtracking.
    saved: Vec<[u16; GROUPS]>,
    /// Trail entries before `head` are propagated.
    head: usize,
    /// Learned clauses: `lits[start[k]..start[k + 1]]`, the two watched literals first.
    lits: Vec<u16>,
    start: Vec<u32>,
    /// Per literal, the clauses that watch it (looked at when it becomes false), each with
    /// a literal of the clause that, while true, spares the look. Empty until the first
    /// clause: many searches learn none, and 1458 lists cost more to make than a few
    /// conflicts.
    watches: Vec<Vec<(u32, u16)>>,
    /// VSIDS: conflict activity per variable. Decisions by it are a tenth of all on the
    /// hunted sets, so [`Sat::pick`] scans for the highest rather than keep a heap of them at
    /// every conflict (measured: the hunted sets 5 to 9% less time).
    activity: [f64; VARS],
    bump: f64,
    /// Per cell, the digit it held last (phase saving): tried first when it is decided.
    phase: [u8; 81],
    seen: [bool; VARS],
    /// [`Sat::analyze`]'s buffers, kept to spare an allocation a conflict: the learned
    /// clause, a reason's literals, and which of the clause's literals those imply.
    learned: Vec<u16>,
    reasons: Vec<u16>,
    implied: Vec<bool>,
    /// The facts contradict each other: no query has a solution.
    contradicted: bool,
    /// Conflicts met so far: the measure of work.
    pub conflicts: u64,
    /// Decisions made so far.
    pub decisions: u64,
    /// Where in [`TURNS`] the decisions are.
    turn: usize,
}

impl Default for Sat {
    fn default() -> Sat {
        Sat::new()
    }
}

impl Sat {
    /// The empty grid's rules, no facts.
    pub fn new() -> Sat {
        Sat {
            value: [UNSET; 2 * VARS],
            level: [0; VARS],
            reason: [DECIDED; VARS],
            free: [0x1ff; GROUPS],
            trail: [0; VARS],
            assigned: 0,
            lim: Vec::new(),
            saved: Vec::new(),
            head: 0,
            lits: Vec::new(),
            start: vec![0],
            watches: Vec::new(),
            activity: [0.0; VARS],
            bump: 1.0,
            phase: [9; 81],
            seen: [false; VARS],
            learned: Vec::new(),
            reasons: Vec::new(),
            implied: Vec::new(),
            contradicted: false,
            conflicts: 0,
            decisions: 0,
            turn: 0,
        }
    }

    /// Makes the literal `l` a fact for every later query (propagated when the next query
    /// starts); false when it contradicts the facts set so far.
    pub fn fix(&mut self, l: u16) -> bool {
        self.backtrack(0);
        match self.lit_value(l) {
            UNSET => self.set(l, DECIDED),
            FALSE => return false,
            _ => {}
        }
        true
    }

    /// Adds the clause `lits` as a fact: one of them holds in every later solution.
    pub fn require(&mut self, lits: &[u16]) {
        self.backtrack(0);
        if lits.iter().any(|&l| self.lit_value(l) == TRUE) {
            return;
        }
        // A literal false already never becomes false again to wake its clause: left out.
        let lits: Vec<u16> = lits
            .iter()
            .copied()
            .filter(|&l| self.lit_value(l) == UNSET)
            .collect();
        match lits[..] {
            [] => self.contradicted = true,
            [l] => self.set(l, DECIDED),
            _ => {
                self.attach(&lits);
            }
        }
    }

    /// A solution in which every literal of `assume` holds, or `None` when there is none;
    /// [`GaveUp`] after `conflicts` conflicts. What it learns on the way stays for later
    /// calls, so asking again with more goes on from there.
    pub fn solve(
        &mut self,
        assume: &[u16],
        conflicts: u64,
        finish: &mut dyn FnMut(&Sat) -> Option<Grid>,
    ) -> Result<Option<Grid>, GaveUp> {
        self.backtrack(0);
        self.turn = 0;
        self.contradicted |= self.propagate().is_some();
        if self.contradicted {
            return Ok(None);
        }
        let (mut restart, mut luby, mut quiet, mut failed) = (0u64, 1u64, 0u64, 0u32);
        // The next group to try from (the digit groups, see `next_trial`), and whether the
        // top level is a try, undone once propagated. Tries are not counted as decisions: the
        // node budgets of the solver's searches were set without them, and one the ordered
        // search uses to the last node (forum_hardest_1905's line 1999) takes 1.6 ms, not
        // 0.6, when the race's tries use it up.
        let (mut tried, mut trying) = (81, false);
        let mut budget = RESTART_UNIT;
        let stop = self.conflicts.saturating_add(conflicts);
        loop {
            if let Some(conflict) = self.propagate() {
                trying = false;
                self.conflicts += 1;
                if self.lim.is_empty() {
                    self.contradicted = true;
                    return Ok(None);
                }
                let back = self.analyze(conflict);
                self.backtrack(back);
                self.learn();
                if self.conflicts >= stop {
                    self.backtrack(0);
                    return Err(GaveUp);
                }
                restart += 1;
                quiet = 0;
                continue;
            }
            if trying {
                trying = false;
                self.backtrack(self.lim.len() - 1);
            }
            if restart >= budget {
                self.backtrack(0);
                restart = 0;
                luby += 1;
                budget = RESTART_UNIT * luby_term(luby);
                self.turn = (self.turn + 1) % TURNS.len();
            }
            let k = self.lim.len();
            if k < assume.len() {
                let a = assume[k];
                self.new_level();
                match self.lit_value(a) {
                    TRUE => {}
                    FALSE => return Ok(None),
                    _ => self.set(a, DECIDED),
                }
                continue;
            }
            if let Some(v) = self.next_trial(&mut tried) {
                self.new_level();
                self.set(holds(v), DECIDED);
                trying = true;
                continue;
            }
            quiet += 1;
            if quiet % (FINISH_EVERY << failed.min(3)) == 0 {
                if let Some(g) = finish(self) {
                    self.backtrack(0);
                    return Ok(Some(g));
                }
                failed += 1;
            }
            match self.pick() {
                Some(l) => {
                    self.decisions += 1;
                    self.new_level();
                    self.set(l, DECIDED);
                }
                None => {
                    let g = self.model();
                    self.backtrack(0);
                    return Ok(Some(g));
                }
            }
        }
    }

    /// The columns (bit `c`) of row `r` where digit `d` may still go. It is what is set
    /// false as propagated so far, which is all of it when [`Sat::solve`] calls `finish`.
    pub fn open_in_row(&self, r: usize, d: usize) -> u16 {
        self.free[81 + 9 * r + d] & !SETTLED
    }

    fn lit_value(&self, l: u16) -> u8 {
        self.value[l as usize]
    }

    fn set(&mut self, l: u16, why: u32) {
        let v = (l >> 1) as usize;
        self.value[l as usize] = TRUE;
        self.value[l as usize ^ 1] = FALSE;
        self.level[v] = self.lim.len() as u16;
        self.reason[v] = why;
        self.trail[self.assigned] = l;
        self.assigned += 1;
    }

    /// Propagates the trail; the conflict it meets, if any.
    fn propagate(&mut self) -> Option<Conflict> {
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
    fn strike(&mut self, u: usize, why: u32) -> Option<Conflict> {
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
    fn lock(&mut self, g: usize, units: u8) -> Option<Conflict> {
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
    fn watched(&mut self, l: u16) -> Option<u32> {
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
    fn antecedents(&self, why: u32, v: usize, out: &mut Vec<u16>) {
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

    /// First-UIP conflict analysis: the learned clause (its asserting literal first) in
    /// `learned`, and the level to go back to.
    fn analyze(&mut self, conflict: Conflict) -> usize {
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
        self.bump *= 1.0 / 0.95;
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
    fn learn(&mut self) {
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
    fn attach(&mut self, lits: &[u16]) -> u32 {
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

    /// Starts a level: the trail and the groups are as propagated so far.
    fn new_level(&mut self) {
        self.lim.push(self.assigned);
        self.saved.push(self.free);
    }

    /// Undoes every level above `level`.
    fn backtrack(&mut self, level: usize) {
        if self.lim.len() <= level {
            return;
        }
        let from = self.lim[level];
        for i in (from..self.assigned).rev() {
            let l = self.trail[i];
            let v = (l >> 1) as usize;
            if l & 1 == 0 {
                self.phase[v / 9] = (v % 9) as u8;
            }
            self.value[2 * v] = UNSET;
            self.value[2 * v + 1] = UNSET;
        }
        self.free = self.saved[level];
        self.assigned = from;
        self.lim.truncate(level);
        self.saved.truncate(level);
        self.head = self.head.min(from);
    }

    /// The next decision, as [`TURNS`] says; by activity, the unset variable of highest
    /// activity, or rather its cell's last digit when that is still open (also when the
    /// turn's way finds nothing); `None` when every variable is set.
    fn pick(&mut self) -> Option<u16> {
        let v = match TURNS[self.turn] {
            Decide::Digits => self.tightest_digit(),
            Decide::Groups => self.tightest_group(),
            Decide::Activity => None,
        };
        if let Some(v) = v {
            return Some(holds(v));
        }
        // Everything is propagated: the free members of a cell not settled are its unset
        // variables.
        let (mut best, mut top) = (VARS, -1.0);
        for c in (0..81).filter(|&c| self.free[c] & SETTLED == 0) {
            let mut free = self.free[c];
            while free != 0 {
                let v = 9 * c + free.trailing_zeros() as usize;
                free &= free - 1;
                if self.activity[v] > top {
                    best = v;
                    top = self.activity[v];
                }
            }
        }
        if best == VARS {
            return None;
        }
        let v = best;
        let p = self.phase[v / 9] as usize;
        if p < 9 && self.value[holds(v / 9 * 9 + p) as usize] == UNSET {
            return Some(holds(v / 9 * 9 + p));
        }
        Some(holds(v))
    }

    /// The most constrained digit's most active free place in its tightest unit: of the digits
    /// with free places in rows not yet settled, the one with the fewest, and of its rows,
    /// columns and boxes with two or more free places, the first with the fewest (as the
    /// counting search's digits branching). `None` when every digit's units are settled. Its
    /// most active place rather than its first: measured (instructions), the held-out set 9.5%
    /// less, its slowest 5.9 -> 4.2 million; a hunt against each (10 minutes, three seeds)
    /// found 2.79 million a puzzle and 4.1 at worst against it, 2.84 and 4.3 against the first
    /// place (each solver takes 2.0 to 2.2 on the other's hunt).
    fn tightest_digit(&self) -> Option<usize> {
        let (_, d) = (0..9)
            .map(|d| ((0..9).map(|r| self.open(81 + 9 * r + d)).sum::<u32>(), d))
            .filter(|&(n, _)| n > 0)
            .min()?;
        let g = (0..27)
            .map(|k| 81 + 9 * k + d)
            .filter(|&g| self.open(g) > 0)
            .min_by_key(|&g| self.open(g))?;
        self.most_active(g)
    }

    /// Of the groups with the fewest free members (digit groups before cells), the first one's
    /// member of highest activity; `None` when every group is settled.
    fn tightest_group(&self) -> Option<usize> {
        // Two is the fewest an unsettled group has: the first such group is the one.
        let (mut g, mut fewest) = (GROUPS, 10);
        for k in (81..GROUPS).chain(0..81) {
            let n = self.open(k);
            if n > 0 && n < fewest {
                g = k;
                fewest = n;
                if n == 2 {
                    break;
                }
            }
        }
        if g == GROUPS {
            return None;
        }
        self.most_active(g)
    }

    /// The first free place of the next digit group from `*from` with two, to try (see the
    /// module comment); `*from` moves past it. Digit groups only: the cells' tries gave
    /// almost nothing (the hunted sets 2% fewer instructions); both places of each group, or
    /// groups of three too, 7% more than the first place of two.
    fn next_trial(&self, from: &mut usize) -> Option<usize> {
        while *from < GROUPS {
            let g = *from;
            *from += 1;
            if self.open(g) == 2 {
                return Some(MEMBERS[g][self.free[g].trailing_zeros() as usize] as usize);
            }
        }
        None
    }

    /// The free member of group `g` of highest activity, the last of those tied.
    fn most_active(&self, g: usize) -> Option<usize> {
        (0..9)
            .filter(|&k| self.free[g] & 1 << k != 0)
            .map(|k| MEMBERS[g][k] as usize)
            .max_by(|&a, &b| self.activity[a].partial_cmp(&self.activity[b]).unwrap())
    }

    /// The free members of group `g` when there are two or more (the group is not settled),
    /// else 0.
    fn open(&self, g: usize) -> u32 {
        match (self.free[g] & !SETTLED).count_ones() {
            n if n >= 2 => n,
            _ => 0,
        }
    }

    /// The digits of the variables set true, blank elsewhere: the solution once all are set.
    fn model(&self) -> Grid {
        let mut g = Grid::EMPTY;
        for v in 0..VARS {
            if self.value[holds(v) as usize] == TRUE {
                g.0[v / 9] = (v % 9) as u8 + 1;
            }
        }
        g
    }

    fn bump(&mut self, v: usize) {
        self.activity[v] += self.bump;
    }
}

/// Whether `m` has one bit or none: a group's last free member, or a conflict.
fn lone(m: u16) -> bool {
    m & m.wrapping_sub(1) == 0
}

/// The units of another kind (bits 0-2: the thirds 0o7, 0o70, 0o700; 3-5: the columns
/// 0o111, 0o222, 0o444 of a box) that a group of kind `kind` (its slot in [`GROUPS_OF`]:
/// cell, row, column, box) has its free members `free` come to lie in now that its member
/// `k` is false: locked candidates, when not 0. Only digit groups lock, rows and columns in
/// boxes (thirds), boxes in rows (thirds) and columns.
fn locked(kind: usize, free: u16, k: u8) -> u8 {
    LOCKS[free as usize] & ALERT[kind][k as usize] & !LONE
}

/// The units (as [`locked`]) that contain each place.
const fn at() -> [u8; 9] {
    let mut t = [0; 9];
    let mut k = 0;
    while k < 9 {
        t[k] = 1 << (k / 3) | 1 << (3 + k % 3);
        k += 1;
    }
    t
}

/// A group's free mask marked settled: it has a true member, propagated (its other members
/// are struck), so it has nothing more to do.
const SETTLED: u16 = 1 << 9;

/// Per free mask not settled: with two or more members, the units (as [`locked`]) that hold
/// them all; with one or none, [`LONE`].
const LOCKS: [u8; 1024] = locks();

/// The bit of [`LOCKS`] for a last free member, or none.
const LONE: u8 = 1 << 6;

/// Per kind of group and place of its member just set false, the bits of [`LOCKS`] that
/// mean work: [`LONE`] and the units [`locked`] looks at. One lookup for both tests.
const ALERT: [[u8; 9]; 4] = alert();

const fn alert() -> [[u8; 9]; 4] {
    const KINDS: [u8; 4] = [0, 0o7, 0o7, 0o77];
    const AT: [u8; 9] = at();
    let mut t = [[0; 9]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut k = 0;
        while k < 9 {
            t[kind][k] = LONE | KINDS[kind] & !AT[k];
            k += 1;
        }
        kind += 1;
    }
    t
}

const fn locks() -> [u8; 1024] {
    const UNITS: [u16; 6] = [0o7, 0o70, 0o700, 0o111, 0o222, 0o444];
    let mut t = [0; 1024];
    let mut m: u16 = 0;
    while m < 512 {
        if m.count_ones() < 2 {
            t[m as usize] = LONE;
        } else {
            let mut u = 0;
            while u < 6 {
                if m & !UNITS[u] == 0 {
                    t[m as usize] |= 1 << u;
                }
                u += 1;
            }
        }
        m += 1;
    }
    t
}

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ...
fn luby_term(i: u64) -> u64 {
    let mut i = i;
    loop {
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::gen::{self, Rng};
    use super::super::{plain, solver};
    use super::*;

    fn with_givens(g: &Grid) -> Option<Sat> {
        let mut s = Sat::new();
        for (i, &d) in g.0.iter().enumerate() {
            if d != 0 && !s.fix(holds(9 * i + d as usize - 1)) {
                return None;
            }
        }
        Some(s)
    }

    /// Finishes what `s` has set true so far by the shared solver (the plain search can
    /// wander for seconds on a sparse grid without a solution).
    fn finish_by_solver(s: &Sat) -> Option<Grid> {
        solver::first_solution(&s.model())
    }

    /// Asks `s` for a solution of `g` with digit `d + 1` in cell `i`: there must be one exactly
    /// when `count` (a reference search) finds one, and it must keep `g` and the digit. True
    /// when there was one.
    fn ask(s: &mut Sat, g: &Grid, i: usize, d: usize, count: fn(&Grid, usize) -> usize) -> bool {
        let mut h = *g;
        h.0[i] = d as u8 + 1;
        let got = s
            .solve(&[holds(9 * i + d)], u64::MAX, &mut finish_by_solver)
            .unwrap();
        assert_eq!(
            got.is_some(),
            count(&h, 1) > 0,
            "{:?} cell {} digit {}",
            g,
            i,
            d + 1
        );
        if let Some(sol) = got {
            assert!(sol.is_solved() && h.agrees_with(&sol), "{:?} cell {}", g, i);
        }
        got.is_some()
    }

    #[test]
    fn luby() {
        let terms: Vec<u64> = (1..=15).map(luby_term).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn tables_list_each_variable_in_its_four_groups_at_its_slot() {
        for (v, groups) in GROUPS_OF.iter().enumerate() {
            for &(g, k) in groups {
                assert_eq!(MEMBERS[g as usize][k as usize] as usize, v);
                assert_eq!(
                    MEMBERS[g as usize]
                        .iter()
                        .filter(|&&u| u as usize == v)
                        .count(),
                    1
                );
            }
        }
    }

    #[test]
    fn locks_are_the_units_that_came_to_hold_a_groups_free_members() {
        // The units by their places, listed: a box's rows (a line's thirds), its columns.
        let units = [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7, 8],
            [0, 3, 6],
            [1, 4, 7],
            [2, 5, 8],
        ];
        let within = |m: u16, unit: &[u8; 3]| (0..9).all(|p| m & 1 << p == 0 || unit.contains(&p));
        for g in [0, 81, 162, 243] {
            // Cells lock nothing, rows and columns in boxes, boxes in rows and columns.
            let kinds = [0, 3, 3, 6][g / 81];
            for free in 0u16..512 {
                for k in (0..9).filter(|&k| free & 1 << k == 0) {
                    let want = (0..kinds)
                        .filter(|&u| {
                            free.count_ones() >= 2
                                && within(free, &units[u])
                                && !within(free | 1 << k, &units[u])
                        })
                        .fold(0, |m, u| m | 1 << u);
                    assert_eq!(
                        locked(g / 81, free, k),
                        want,
                        "group {} {:o} {}",
                        g,
                        free,
                        k
                    );
                    assert_eq!(locked(g / 81, free | SETTLED, k), 0);
                }
            }
        }
    }

    #[test]
    fn a_locks_reason_is_its_groups_members_that_do_not_see_the_struck_cell() {
        let sees = |i: usize, j: usize| {
            i / 9 == j / 9 || i % 9 == j % 9 || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3)
        };
        for (g, members) in MEMBERS.iter().enumerate().skip(81) {
            for v in (members[0] as usize % 9..VARS).step_by(9) {
                let seen: Vec<bool> = members
                    .iter()
                    .map(|&u| sees(u as usize / 9, v / 9))
                    .collect();
                // The cells a lock of `g` strikes see three of its members: the unit it locked.
                if members.contains(&(v as u16)) || seen.iter().filter(|&&x| x).count() != 3 {
                    continue;
                }
                let want = (0..9).filter(|&p| !seen[p]).fold(0, |m, p| m | 1 << p);
                assert_eq!(outside(g, v), want, "group {} variable {}", g, v);
            }
        }
    }

    #[test]
    fn solutions_exist_exactly_when_the_plain_search_finds_one() {
        let mut rng = Rng(729);
        for n in 0..1500 {
            let g = gen::mixed(&mut rng);
            let want = plain::count_solutions(&g, 2);
            let got =
                with_givens(&g).and_then(|mut s| s.solve(&[], u64::MAX, &mut |_| None).unwrap());
            assert_eq!(got.is_some(), want > 0, "puzzle {} {:?}", n, g);
            if let Some(s) = got {
                assert!(s.is_solved() && g.agrees_with(&s), "puzzle {}", n);
            }
        }
    }

    #[test]
    fn assumptions_decide_each_digit_of_a_cell() {
        // Every digit of the first blank cell, as an assumption on one search that keeps
        // what it learns: a solution exactly when the plain search finds one with it given.
        let mut rng = Rng(81);
        for _ in 0..300 {
            let g = gen::mixed(&mut rng);
            let mut s = match with_givens(&g) {
                Some(s) => s,
                None => continue,
            };
            let i = match g.0.iter().position(|&d| d == 0) {
                Some(i) => i,
                None => continue,
            };
            for d in 0..9 {
                ask(&mut s, &g, i, d, plain::count_solutions::<Grid>);
            }
        }
    }

    #[test]
    fn facts_and_assumptions_agree_with_the_counting_search() {
        // Sparse puzzles, as the witness route asks them: facts pile up (a cell fixed to the
        // digit of a solution, or a digit without a solution ruled out) while queries assume
        // one cell's digit; the counting search (another search, no learning) decides each.
        let mut rng = Rng(3076);
        for n in 0..200 {
            let mut g = gen::with_clues(&mut rng, 8 + n % 15);
            let mut s = with_givens(&g).unwrap();
            for _ in 0..12 {
                let i = rng.below(81);
                if g.0[i] != 0 {
                    continue;
                }
                for d in 0..9 {
                    if !ask(&mut s, &g, i, d, solver::count_solutions) {
                        assert!(s.fix(lacks(9 * i + d)));
                    }
                }
                let w = s.solve(&[], u64::MAX, &mut |_| None).unwrap().unwrap();
                g.0[i] = w.0[i];
                assert!(s.fix(holds(9 * i + w.0[i] as usize - 1)));
            }
        }
    }
}
