//! A clause-learning (CDCL) search over Sudoku's 729 variables "cell `c` holds digit `d`":
//! the refuter for the queries a depth-first search wanders on. A sparse puzzle's hard query
//! ("with these cells fixed, can this cell take a digit below 5?") is a contradiction among a
//! few digits and rows that a depth-first search meets again under every branch it tries
//! above it; learning it once as a clause cuts all those branches at once. The branching
//! takes turns between restarts (see `TURNS`): the most constrained digit's places, in its
//! unit with the fewest, as the counting search's digits branching does (those
//! contradictions lie among a few digits); the most active member of the groups (cells, or a
//! digit's places in a unit) with the fewest free members, mostly two: a binary branching, as
//! the fastest solvers take, where the conflicts were; the variables the conflicts involve
//! (VSIDS), wherever in the grid they are.
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
//! No failed literals before the first free decision (each digit group's first place of two
//! tried, as Lynce and Ouaknine solve Sudoku as SAT): with these decisions they cost more
//! than they save (boards without a solution 3-4% more instructions, `hunted_late.txt` 5%,
//! forum_hardest_1106 1%).
//!
//! With `lex` set it decides the other way round: the first open cell in row-major order, its
//! smallest free digit, every time. Then its first solution is the smallest one: a smaller
//! solution agrees with the decisions before the first cell where they differ, so it
//! satisfies every literal they imply (each learned clause follows from the rules and facts),
//! and that cell's smaller digit was still free when it was decided. The ordered search's
//! order with clause learning: a contradiction met under one early digit is not met again
//! under the next.
//!
//! ```text
//! variable v = 9 * cell + d (d = digit - 1)    literal = 2 * v (v true) or 2 * v + 1 (false)
//! group  0.. 81: cell c                 members 9 * c + 0..9
//! group 81..162: row r, digit d         162..243: column, digit     243..324: box, digit
//! ```

mod groups;
mod learn;
mod propagate;

pub use self::groups::{holds, lacks};
use self::groups::{GROUPS, MEMBERS, SETTLED, VARS};
use super::super::grid::Grid;

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

/// Conflicts a Luby unit between restarts: held-out worst 7.1 M instr., 8.0-11.3 otherwise.
const RESTART_UNIT: u64 = 8;

/// Decisions per [`Sat::solve`] finish try, doubling to 64: 2, 4 and 16 slower on hunts.
const FINISH_EVERY: u64 = 8;

/// How [`Sat::pick`] decides, in turns: each way fast on some queries; other orders +3-36%.
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
    /// Where in [`TURNS`] the decisions are, the conflicts since the last restart, and the
    /// restart's index in the Luby sequence. They go on from one [`Sat::solve`] to the next:
    /// the race and the doubt checks ask in slices of a few conflicts, and a schedule that
    /// started over at each slice would restart every few conflicts in the first turn's way
    /// (boards without a solution in slices of one conflict: 2.7 times the conflicts). They
    /// start over when [`Sat::lex`] changes (`scheduled_lex`): the row-major search and the
    /// free one are two searches that share what they learn, not their schedule (a hunted
    /// board without a solution: 3,272 nodes with the row-major search's turn, 1,008).
    turn: usize,
    since_restart: u64,
    luby: u64,
    scheduled_lex: bool,
    /// Whether it decides in row-major order, smallest digit first (see the module comment).
    pub lex: bool,
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
            since_restart: 0,
            luby: 1,
            scheduled_lex: false,
            lex: false,
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
        if self.lex != self.scheduled_lex {
            self.scheduled_lex = self.lex;
            self.turn = 0;
            self.since_restart = 0;
            self.luby = 1;
        }
        self.contradicted |= self.propagate().is_some();
        if self.contradicted {
            return Ok(None);
        }
        let (mut quiet, mut failed) = (0u64, 0u32);
        let stop = self.conflicts.saturating_add(conflicts);
        loop {
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                if self.lim.is_empty() {
                    self.contradicted = true;
                    return Ok(None);
                }
                let back = self.analyze(conflict);
                self.backtrack(back);
                self.learn();
                self.since_restart += 1;
                if self.conflicts >= stop {
                    self.backtrack(0);
                    return Err(GaveUp);
                }
                quiet = 0;
                continue;
            }
            if self.since_restart >= RESTART_UNIT * luby_term(self.luby) {
                self.backtrack(0);
                self.since_restart = 0;
                self.luby += 1;
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
            quiet += 1;
            // `finish` finds any solution: not the smallest.
            if !self.lex && quiet % (FINISH_EVERY << failed.min(3)) == 0 {
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

    /// The next decision: with `lex`, the first open cell's smallest free digit; else as
    /// [`TURNS`] says; by activity, the unset variable of highest
    /// activity, or rather its cell's last digit when that is still open (also when the
    /// turn's way finds nothing); `None` when every variable is set.
    fn pick(&mut self) -> Option<u16> {
        if self.lex {
            // Everything is propagated: an open cell is one not settled.
            let c = (0..81).find(|&c| self.free[c] & SETTLED == 0)?;
            return Some(holds(9 * c + self.free[c].trailing_zeros() as usize));
        }
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

    /// Of the groups with the fewest free members, the member of highest activity among all
    /// of them; `None` when every group is settled.
    fn tightest_group(&self) -> Option<usize> {
        // Two is the fewest an unsettled group has: no need to look further for fewer.
        let mut fewest = 0;
        for n in (0..GROUPS).map(|g| self.open(g)).filter(|&n| n > 0) {
            if fewest == 0 || n < fewest {
                fewest = n;
                if n == 2 {
                    break;
                }
            }
        }
        if fewest == 0 {
            return None;
        }
        let mut best: Option<(f64, usize)> = None;
        for g in (0..GROUPS).filter(|&g| self.open(g) == fewest) {
            let v = self.most_active(g)?;
            if best.map_or(true, |b| self.activity[v] > b.0) {
                best = Some((self.activity[v], v));
            }
        }
        best.map(|b| b.1)
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
    use super::super::super::gen;
    use super::super::super::rng::Rng;
    use super::super::super::{plain, solver};
    use super::groups::{locked, outside, GROUPS_OF};
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
    fn row_major_decisions_find_the_smallest_solution() {
        // The plain ordered search's first solution is the smallest. Half the searches first
        // decide the usual way for a few conflicts, leaving learned clauses behind.
        let mut rng = Rng(2239);
        for n in 0..200 {
            let g = match n % 3 {
                0 => gen::mixed(&mut rng),
                _ => gen::with_clues(&mut rng, 24 + n % 8),
            };
            let want = plain::first_solution(&g);
            let mut s = match with_givens(&g) {
                Some(s) => s,
                None => {
                    assert_eq!(want, None, "puzzle {} {:?}", n, g);
                    continue;
                }
            };
            if n % 2 == 1 {
                let _ = s.solve(&[], 4, &mut |_| None);
            }
            // A solution where the search stands is not the smallest: never asked for.
            let any = &mut |s: &Sat| solver::count_and_witness(&s.model(), 1).1;
            s.lex = true;
            let got = s.solve(&[], u64::MAX, any).unwrap();
            assert_eq!(got, want, "puzzle {} {:?}", n, g);
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
