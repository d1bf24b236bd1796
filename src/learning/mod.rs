//! A clause-learning (CDCL) search over the variables "cell `c` holds symbol `s`" of a grid
//! of any box size: the refuter for what the n^2 solver's depth-first searches wander on.
//! A hard grid's contradiction lies among a few symbols and lines, and a depth-first search
//! meets it again under every branch above it; learned once as a clause, it cuts them all.
//!
//! The constraints: each cell holds one symbol, each symbol one place in each row, column
//! and box: groups of `side` variables with exactly one true. "At most one" is implicit: a
//! variable set true sets the other members of its four groups false. "At least one" is a
//! mask of the members not yet false: one left is set true, none is a conflict. Locked
//! candidates too: when a symbol's free places in a unit come to lie where it crosses
//! another unit, the symbol is false in the rest of that other unit. Learned clauses are
//! watched by two literals, as in MiniSat. Every learned clause follows from the rules and
//! the facts ([`Cdcl::fix`], [`Cdcl::require`]), so it stays valid for every later call:
//! [`Cdcl::solve`] takes a query's conditions as assumptions.
//!
//! It restarts on the Luby sequence and decides in the group with the fewest free members
//! (mostly two, a binary branching), on its member of highest VSIDS activity, set true (the
//! descent's refutations: on the most active variable anywhere, `refute.rs`).
//!
//! The 9x9 solver has its own (`solver::sat`): fixed-size tables and 9-bit masks there are
//! what make it fast on 9x9, which sizes known only at run time cannot match.

mod count;
mod decide;
mod groups;
mod learn;
mod propagate;
mod refute;
mod shrink;

pub use self::count::count_two_by_learning;
use self::groups::{negative, positive, Numbering};
pub use self::refute::Refuter;

const LIT_UNSET: u8 = 0;
const LIT_TRUE: u8 = 1;
const LIT_FALSE: u8 = 2;

/// Why a variable has its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Why {
    /// A decision, an assumption or a fact.
    Decided,
    /// Set false: the variable (the payload) is true in one of its groups.
    Peer(u32),
    /// Set false by the locked candidates of the group (the payload).
    Locked(u32),
    /// Set true as the last member of the group (the payload) not yet false.
    Last(u32),
    /// Set by the learned clause (the payload).
    Clause(u32),
}

/// A conflict: the reason whose literals are all false, and for [`Why::Peer`] and
/// [`Why::Locked`] the variable it would set false, which is true.
type Contradiction = (Why, usize);

/// The second variable of a conflict that has none.
const NONE: usize = usize::MAX;

/// Conflicts a Luby unit between restarts: 100 to 1024 took Frisch's puzzles 12-30% more
/// conflicts, 16384 5% more.
pub(super) const LUBY_UNIT: u64 = 4096;

/// The largest box size whose searches drop their piled-up learned clauses at once rather
/// than at the end of a long Luby run, and wait longer for each next reduction (see
/// [`learn::REDUCE_GROWTH`]): `sparse16.txt` (368 boards) 23.0 -> 19.5 s, its worst 3.9 ->
/// 1.6 s; on 25x25 the descent's sets the same, Frisch's puzzles up to 3x the time.
const PROMPT_REDUCE_UP_TO: usize = 4;

/// The smallest box size whose learned clauses are shrunk (`shrink.rs`): Frisch's puzzles
/// 123 -> 86 s, `finds25.txt` lines 1-70 71 -> 65 s; from 16x16, `sparse16.txt` 21 -> 35 s
/// (its slowest refutations took up to 10x the conflicts).
const SHRINK_FROM: usize = 5;

/// What [`Cdcl::next`] did.
enum Next {
    /// Set a literal at a new level.
    Set,
    /// An assumption is false: the query has no solution.
    Refuted,
    /// Every variable is set: a solution.
    Solved,
}

/// [`Cdcl::solve`] met as many conflicts as it was given and did not decide.
#[derive(Debug)]
pub struct OutOfConflicts;

/// The CDCL search. See the module comment.
pub struct Cdcl {
    groups: Numbering,
    /// Per literal: [`LIT_UNSET`], [`LIT_TRUE`] or [`LIT_FALSE`].
    value: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<Why>,
    /// Per group, the members not yet false (as propagated so far), as bits, and
    /// `GROUP_SETTLED` once its true member is propagated.
    free: Vec<u64>,
    /// Per group, its members not false at level 0 when last looked (with the trail's length
    /// then): the reasons of a group's deductions list only those.
    facts: Vec<u64>,
    facts_len: usize,
    /// Literals in the order they were set; `lim[k]` is where level `k + 1` begins.
    trail: Vec<u32>,
    lim: Vec<usize>,
    /// Trail entries before `head` are propagated.
    head: usize,
    /// Learned clauses: `lits[start[k]..start[k + 1]]`, the two watched literals first.
    lits: Vec<u32>,
    start: Vec<u32>,
    /// Per clause, its glue (the levels among its literals when learned); 0 for facts.
    glue: Vec<u32>,
    /// Per level, the last conflict that counted it (for glue).
    stamp: Vec<u64>,
    /// How many clauses may pile up before the next reduction.
    reduce_at: usize,
    /// Per literal, the clauses that watch it (looked at when it becomes false), each with
    /// a literal of the clause that, while true, spares the look.
    watches: Vec<Vec<(u32, u32)>>,
    /// Per literal, a bit set while its watch list may not be empty: most are, and this
    /// spares a load from the lists' far larger headers.
    watched: Vec<u64>,
    /// VSIDS: conflict activity per variable, and what a conflict adds to it.
    activity: Vec<f64>,
    bump: f64,
    seen: Vec<u8>,
    /// [`Cdcl::analyze`]'s buffers: the learned clause, a reason's literals, and which of
    /// the clause's literals those imply.
    learned: Vec<u32>,
    reasons: Vec<u32>,
    stack: Vec<u32>,
    implied_vars: Vec<u32>,
    /// The facts contradict each other: no query has a solution.
    contradicted: bool,
    /// Conflicts met so far: the measure of work.
    pub conflicts: u64,
    /// Decisions made so far.
    pub decisions: u64,
    /// Conflicts a Luby unit between restarts.
    restart_unit: u64,
    /// Whether it decides on the most active variable anywhere (see [`Cdcl::pick`]).
    by_activity: bool,
    /// Whether learned clauses that have piled up are dropped at once, with a restart,
    /// rather than at the next restart (see [`PROMPT_REDUCE_UP_TO`]), and the reductions so
    /// far.
    prompt_reduce: bool,
    reductions: usize,
    /// Whether learned clauses are shrunk (see [`SHRINK_FROM`]).
    shrinks: bool,
}

impl Cdcl {
    /// The empty grid's rules for box size `n`, no facts.
    pub fn new(n: usize) -> Cdcl {
        let groups = Numbering::new(n);
        let vars = groups.vars;
        Cdcl {
            value: vec![LIT_UNSET; 2 * vars],
            level: vec![0; vars],
            reason: vec![Why::Decided; vars],
            free: vec![groups.geo.full; groups.count],
            facts: vec![groups.geo.full; groups.count],
            facts_len: 0,
            trail: Vec::with_capacity(vars),
            lim: Vec::new(),
            head: 0,
            lits: Vec::new(),
            start: vec![0],
            glue: Vec::new(),
            stamp: Vec::new(),
            reduce_at: learn::REDUCE_EVERY,
            watches: vec![Vec::new(); 2 * vars],
            watched: vec![0; (2 * vars + 63) / 64],
            activity: vec![0.0; vars],
            bump: 1.0,
            seen: vec![learn::UNSEEN; vars],
            stack: Vec::new(),
            implied_vars: Vec::new(),
            learned: Vec::new(),
            reasons: Vec::new(),
            contradicted: false,
            conflicts: 0,
            decisions: 0,
            restart_unit: LUBY_UNIT,
            by_activity: false,
            prompt_reduce: n <= PROMPT_REDUCE_UP_TO,
            reductions: 0,
            shrinks: n >= SHRINK_FROM,
            groups,
        }
    }

    /// The rules for box size `n` with each cell's candidates `cand` (bit `s`: symbol `s + 1`)
    /// as facts, restarting every `restart_unit` conflicts a Luby unit; `None` when the facts
    /// contradict each other.
    pub fn with_candidates(n: usize, cand: &[u64], restart_unit: u64) -> Option<Cdcl> {
        let mut sat = Cdcl::new(n);
        sat.restart_unit = restart_unit;
        for (c, &m) in cand.iter().enumerate() {
            for s in (0..n * n).filter(|&s| m & 1 << s == 0) {
                if !sat.fix(c, s, false) {
                    return None;
                }
            }
        }
        Some(sat)
    }

    /// The variable "cell `c` holds symbol `s + 1`".
    pub fn var(&self, c: usize, s: usize) -> usize {
        self.groups.geo.side * c + s
    }

    /// Makes "cell `c` holds symbol `s + 1`" a fact when `holds`, else its negation, for
    /// every later query; false when it contradicts the facts set so far.
    pub fn fix(&mut self, c: usize, s: usize, holds: bool) -> bool {
        let v = self.var(c, s);
        let l = if holds { positive(v) } else { negative(v) };
        self.backtrack(0);
        match self.value[l as usize] {
            LIT_UNSET => self.set(l, Why::Decided),
            LIT_FALSE => return false,
            _ => {}
        }
        true
    }

    /// Adds the fact that a solution differs from `cells` (a full grid, `1..=side` each)
    /// in some cell: after a first solution, the next call finds another or none.
    pub fn exclude(&mut self, cells: &[u8]) {
        let side = self.groups.geo.side;
        let lits: Vec<u32> = (cells.iter().enumerate())
            .map(|(c, &v)| negative(side * c + v as usize - 1))
            .collect();
        self.require(&lits);
    }

    /// Adds the facts that cell `x` holds a smaller symbol than cell `y`: of each pair of
    /// their symbols out of that order, not both.
    pub fn rising(&mut self, x: usize, y: usize) {
        let side = self.groups.geo.side;
        for a in 0..side {
            for b in 0..=a {
                self.require(&[negative(self.var(x, a)), negative(self.var(y, b))]);
            }
        }
    }

    /// Adds the clause `lits` as a fact: one of them holds in every later solution.
    pub fn require(&mut self, lits: &[u32]) {
        self.backtrack(0);
        if lits.iter().any(|&l| self.value[l as usize] == LIT_TRUE) {
            return;
        }
        // A literal false already never becomes false again to wake its clause: left out.
        let lits: Vec<u32> = (lits.iter().copied())
            .filter(|&l| self.value[l as usize] == LIT_UNSET)
            .collect();
        match lits[..] {
            [] => self.contradicted = true,
            [l] => self.set(l, Why::Decided),
            _ => {
                self.attach(&lits, 0);
            }
        }
    }

    /// A solution (its cells, `1..=side` each) in which every cell `c` of `assume` holds
    /// symbol `s + 1` for its `(c, s)`, or `None` when there is none; [`OutOfConflicts`] after
    /// `conflicts` conflicts. What it learns on the way stays for later calls, so asking
    /// again with more goes on from there.
    pub fn solve(
        &mut self,
        assume: &[(usize, usize)],
        conflicts: u64,
    ) -> Result<Option<Vec<u8>>, OutOfConflicts> {
        self.backtrack(0);
        let stop = self.conflicts.saturating_add(conflicts);
        let (mut since, mut luby) = (0, (1, 1));
        // A call starts as a restart, once the facts set since the last are propagated (a
        // reduction reads level 0 as final): callers that give many calls a few conflicts
        // each (the generator's checks) would otherwise pile up learned clauses without end.
        let mut fresh = true;
        while !self.contradicted {
            if let Some(conflict) = self.propagate() {
                self.learn_from(conflict);
                since += 1;
                if self.conflicts >= stop {
                    self.backtrack(0);
                    return Err(OutOfConflicts);
                }
                continue;
            }
            if self.lim.is_empty() && self.facts_len != self.trail.len() {
                self.facts_len = self.trail.len();
                self.facts.copy_from_slice(&self.free);
            }
            if since >= self.restart_unit * luby.1 {
                self.restart();
                since = 0;
                luby = reluctant(luby);
            } else if (fresh || self.prompt_reduce) && self.glue.len() >= self.reduce_at {
                self.restart();
            }
            fresh = false;
            match self.next(assume) {
                Next::Set => {}
                Next::Refuted => return Ok(None),
                Next::Solved => {
                    let cells = self.model();
                    self.backtrack(0);
                    return Ok(Some(cells));
                }
            }
        }
        Ok(None)
    }

    /// Learns from `conflict` and goes back to where its clause sets a literal; at level 0
    /// the facts contradict each other.
    fn learn_from(&mut self, conflict: Contradiction) {
        self.conflicts += 1;
        if self.lim.is_empty() {
            self.contradicted = true;
            return;
        }
        let back = self.analyze(conflict);
        self.backtrack(back);
        self.learn();
    }

    /// Goes back to level 0, dropping learned clauses when they have piled up.
    fn restart(&mut self) {
        self.backtrack(0);
        if self.glue.len() >= self.reduce_at {
            self.reduce();
        }
    }

    /// Sets the next assumption, or else decides.
    fn next(&mut self, assume: &[(usize, usize)]) -> Next {
        let l = match assume.get(self.lim.len()) {
            Some(&(c, s)) => positive(self.var(c, s)),
            None => match self.pick() {
                Some(l) => {
                    self.decisions += 1;
                    l
                }
                None => return Next::Solved,
            },
        };
        // An assumption true already takes a level of its own all the same.
        self.lim.push(self.trail.len());
        match self.value[l as usize] {
            LIT_UNSET => self.set(l, Why::Decided),
            LIT_FALSE => return Next::Refuted,
            _ => {}
        }
        Next::Set
    }

    #[inline]
    fn set(&mut self, l: u32, why: Why) {
        let v = (l >> 1) as usize;
        self.value[l as usize] = LIT_TRUE;
        self.value[l as usize ^ 1] = LIT_FALSE;
        self.level[v] = self.lim.len() as u32;
        self.reason[v] = why;
        self.trail.push(l);
    }

    /// Undoes every level above `level`, giving back to the groups what the undone
    /// propagated literals took.
    fn backtrack(&mut self, level: usize) {
        if self.lim.len() <= level {
            return;
        }
        let from = self.lim[level];
        for i in (from..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = (l >> 1) as usize;
            if i < self.head {
                self.unpropagate(l);
            }
            self.value[2 * v] = LIT_UNSET;
            self.value[2 * v + 1] = LIT_UNSET;
        }
        self.trail.truncate(from);
        self.lim.truncate(level);
        self.head = self.head.min(from);
    }

    /// The symbols of the variables set true, 0 elsewhere: the solution once all are set.
    fn model(&self) -> Vec<u8> {
        let mut cells = vec![0; self.groups.cells];
        for &l in self.trail.iter().filter(|&&l| l & 1 == 0) {
            let (c, s) = self.groups.split((l >> 1) as usize);
            cells[c] = s as u8 + 1;
        }
        cells
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... by Knuth's reluctant doubling: the pair
/// `(u, v)` after `(u, v)`, `v` the term.
fn reluctant((u, v): (u64, u64)) -> (u64, u64) {
    if u & u.wrapping_neg() == v {
        (u + 1, 1)
    } else {
        (u, 2 * v)
    }
}

#[cfg(test)]
mod tests {
    use super::super::rng::Rng;
    use super::super::square::gen as square_gen;
    use super::super::square::Square;
    use super::super::{gen, plain, solver, square};
    use super::*;

    fn with_givens(g: &Square) -> Option<Cdcl> {
        let mut s = Cdcl::new(g.box_size());
        for (c, &v) in g.cells().iter().enumerate() {
            if v != 0 && !s.fix(c, v as usize - 1, true) {
                return None;
            }
        }
        Some(s)
    }

    /// Counts `g`'s solutions up to 2 by [`Cdcl`] alone (a second one excluding the first),
    /// checking each keeps the givens; learned clauses shrunk at every size.
    fn count_by_learning(g: &Square) -> usize {
        let mut s = match with_givens(g) {
            Some(s) => s,
            None => return 0,
        };
        s.shrinks = true;
        let mut found = 0;
        while found < 2 {
            match s.solve(&[], u64::MAX).unwrap() {
                Some(cells) => {
                    let sol = Square::from_cells(g.box_size(), cells.clone());
                    assert!(sol.is_solved() && g.agrees_with(&sol), "{:?}", g);
                    s.exclude(&cells);
                    found += 1;
                }
                None => break,
            }
        }
        found
    }

    /// `g` with one given changed in a third of the calls: mostly a clash or a dead grid.
    fn spoiled(rng: &mut Rng, g: Square) -> Square {
        let mut g = g;
        let givens: Vec<usize> = (0..g.cells().len())
            .filter(|&i| g.cells()[i] != 0)
            .collect();
        if !givens.is_empty() && rng.below(3) == 0 {
            let i = givens[rng.below(givens.len())];
            let side = g.side() as u8;
            g.set(i, g.cells()[i] % side + 1);
        }
        g
    }

    /// Puzzle `k` (0-based) of Frisch's minimal 25x25 puzzles.
    fn frisch(k: usize) -> Square {
        let text = include_str!("../../benches/data/squares/frisch25.txt");
        let line = text.lines().filter(|l| !l.starts_with('#')).nth(k).unwrap();
        let cells = line.split_whitespace().map(|t| t.parse().unwrap());
        Square::from_cells(5, cells.collect())
    }

    #[test]
    fn luby() {
        let terms = std::iter::successors(Some((1, 1)), |&p| Some(reluctant(p)));
        let terms: Vec<u64> = terms.map(|(_, v)| v).take(15).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn counts_to_two_agree_with_other_searches() {
        // 4x4 from empty to full against the plain search, 9x9 against the 9x9 solver, and
        // 16x16 with many givens against the plain search again.
        let mut rng = Rng(38);
        let mut tally = [0; 3];
        for k in 0..600 {
            let g = square_gen::with_clues(&mut rng, 2, k % 17);
            let g = spoiled(&mut rng, g);
            let want = plain::count_solutions(&g, 2);
            assert_eq!(count_by_learning(&g), want, "{:?}", g);
            tally[want] += 1;
        }
        for _ in 0..300 {
            let g = Square::from_grid(&gen::mixed(&mut rng));
            let want = solver::count_solutions(&g.to_grid().unwrap(), 2);
            assert_eq!(count_by_learning(&g), want, "{:?}", g);
            tally[want] += 1;
        }
        for _ in 0..30 {
            let clues = 150 + rng.below(100);
            let g = square_gen::with_clues(&mut rng, 4, clues);
            let g = spoiled(&mut rng, g);
            let want = plain::count_solutions(&g, 2);
            assert_eq!(count_by_learning(&g), want, "{:?}", g);
            tally[want] += 1;
        }
        assert!(tally.iter().all(|&k| k > 100), "{:?}", tally);
    }

    #[test]
    fn assumptions_and_facts_agree_with_the_9x9_solver() {
        // Each symbol of a blank cell asked as an assumption on one search that keeps what it
        // learns; a symbol without a solution then becomes a fact against it, and the cell
        // is fixed to a solution's symbol before the next: as the solver's probes ask.
        let mut rng = Rng(3076);
        for n in 0..60 {
            let mut g = gen::with_clues(&mut rng, 8 + n % 20);
            let mut s = with_givens(&Square::from_grid(&g)).unwrap();
            for _ in 0..6 {
                let i = rng.below(81);
                if g.0[i] != 0 {
                    continue;
                }
                for d in 0..9 {
                    let mut h = g;
                    h.0[i] = d as u8 + 1;
                    let got = s.solve(&[(i, d)], u64::MAX).unwrap();
                    assert_eq!(got.is_some(), solver::count_solutions(&h, 1) > 0, "{:?}", h);
                    if let Some(cells) = got {
                        let sol = Square::from_cells(3, cells);
                        assert!(sol.is_solved() && Square::from_grid(&h).agrees_with(&sol));
                    } else {
                        assert!(s.fix(i, d, false));
                    }
                }
                let w = s.solve(&[], u64::MAX).unwrap().unwrap();
                g.0[i] = w[i];
                assert!(s.fix(i, w[i] as usize - 1, true));
            }
        }
    }

    #[test]
    fn the_solver_answers_a_minimal_25x25_puzzle_that_the_plain_search_confirms() {
        // Frisch's third puzzle: the solver, clause learning behind its count to 2, answers
        // it and counts one solution. The plain search, given the answer's first three
        // quarters, finds that answer as the only completion.
        let g = frisch(2);
        let s = square::solver::first_solution(&g).unwrap();
        assert!(s.is_solved() && g.agrees_with(&s));
        assert_eq!(square::solver::count_solutions(&g, 2), 1);
        let mut part = g.clone();
        for i in 0..625 * 3 / 4 {
            part.set(i, s.cells()[i]);
        }
        let mut found = Vec::new();
        plain::solutions(&part, &mut |t| {
            found.push(t.clone());
            false
        });
        assert_eq!(found, [s]);
    }

    #[test]
    fn shrunk_clauses_are_shorter_and_hold_in_the_only_solution() {
        // Frisch's third puzzle has one solution, so every clause that follows from its
        // givens holds in it: each clause learned on the way to it, with shrinking and
        // without, has a literal true there. Shrinking leaves the clauses a third shorter
        // (about 40 literals against 60); a shrink that kept them as they were would fail.
        let g = frisch(2);
        let mut mean = [0.0; 2];
        for (k, shrinks) in [false, true].into_iter().enumerate() {
            let mut s = with_givens(&g).unwrap();
            s.shrinks = shrinks;
            let w = s.solve(&[], u64::MAX).unwrap().unwrap();
            let clauses = s.glue.len();
            assert!(clauses > 1000, "{} clauses", clauses);
            for c in 0..clauses {
                let lits = &s.lits[s.start[c] as usize..s.start[c + 1] as usize];
                let holds = |&l: &u32| {
                    let (cell, sym) = s.groups.split((l >> 1) as usize);
                    (w[cell] as usize == sym + 1) == (l & 1 == 0)
                };
                assert!(lits.iter().any(holds), "clause {} of {}", c, clauses);
            }
            mean[k] = s.lits.len() as f64 / clauses as f64;
        }
        assert!(mean[1] < 0.8 * mean[0], "{:?}", mean);
    }

    #[test]
    fn a_budget_gives_up_and_the_next_call_goes_on() {
        // A minimal 25x25 puzzle takes thousands of conflicts: asked with a budget of 64 at
        // a time, the search gives up and goes on where it stopped until it has the answer.
        let g = frisch(2);
        let mut s = with_givens(&g).unwrap();
        let mut calls = 1;
        let mut answer = s.solve(&[], 64);
        while answer.is_err() {
            calls += 1;
            answer = s.solve(&[], 64);
        }
        assert!(calls > 4, "{} calls", calls);
        let sol = Square::from_cells(5, answer.unwrap().unwrap());
        assert!(sol.is_solved() && g.agrees_with(&sol));
    }

    #[test]
    fn piled_up_clauses_are_dropped_before_the_next_restart_up_to_16x16() {
        // Eight rows of a 16x16 grid, five cells of the ninth and five givens below it: no
        // solution, which takes clause learning thousands of conflicts to show (one of the
        // refutations of `sparse16.txt` line 299). A reduction is due at `REDUCE_EVERY`
        // learned clauses, long before the first restart at `LUBY_UNIT` conflicts.
        let rows = "
        6 1 2 3 4 5 7 8 9 10 11 12 13 14 15 16
        4 5 7 8 2 1 3 6 14 13 15 16 10 9 11 12
        9 10 11 12 13 14 15 16 1 2 3 4 5 6 7 8
        13 14 16 15 9 10 11 12 5 6 7 8 1 2 4 3
        1 2 3 4 5 6 8 7 10 9 12 11 15 13 16 14
        5 6 8 7 3 2 1 4 15 14 16 13 11 10 12 9
        10 9 12 11 14 13 16 15 2 1 4 3 6 5 8 7
        14 15 13 16 10 9 12 11 6 5 8 7 2 3 1 4
        2 3 1 5 6 0 0 0 0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
        0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0 13 0 0 0 9 0 0 0
        0 0 0 0 0 0 0 0 0 0 0 0 0 0 3 0
        0 0 15 0 0 0 0 0 0 0 0 0 0 0 0 0
        0 0 0 0 0 0 0 0 0 0 0 0 14 0 0 0";
        let cells = rows.split_whitespace().map(|t| t.parse().unwrap());
        let g = Square::from_cells(4, cells.collect());
        let mut s = with_givens(&g).unwrap();
        s.by_activity = true;
        let spent = learn::REDUCE_EVERY + 1000;
        assert!((spent as u64) < LUBY_UNIT);
        assert!(s.solve(&[], spent as u64).is_err());
        let kept = s.glue.len();
        assert!(
            s.reductions == 1 && kept < spent - 500,
            "{} clauses kept",
            kept
        );
        // Given all it needs, it refutes the board.
        assert_eq!(s.solve(&[], u64::MAX).unwrap(), None);
    }
}
