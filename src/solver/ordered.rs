//! The ordered search: first unsolved cell, digits ascending, within a node budget.

use super::super::grid::Grid;
use super::board::Board;
use super::count::{Branching, Count};
use super::failed;
use super::hall;
use super::learner::{Learner, CONFLICT_NODES};
use super::race::{
    racers, Racer, Shown, DOUBT_CONFLICTS, DOUBT_FROM, DOUBT_GROWTH, EARLY_FROM, EARLY_NODES,
    FAILED_CHECK, LEARN_EARLY_FROM, LEFT_NODES, PAIR_LATE, PAIR_START, SPARSE_DOUBT_CONFLICTS,
    SPARSE_DOUBT_FROM, SPARSE_DOUBT_GROWTH,
};
use super::route::{Oracle, Route};

/// Dead ends before branches go to probes: 8-128 all work; fewer slow forum_hardest.
pub(super) const ORDERED_DEAD_ENDS: u32 = 64;

/// A branch's probe before it is split: 100 (the counting route's) costs forum_hardest_1106 14%.
pub(super) const BRANCH_NODES: u64 = 1000;

/// Nodes of a probe's slice, after which the race's turns and the doubt checks that are due
/// come: 32 costs forum_hardest_1106 1.8% for boards without a solution -5%, 256 them +14%.
const PROBE_SLICE: u64 = 64;

/// Ordered nodes before the witness route: 1024 costs forum_hardest_1106 8%, 4096 hunts 28%.
pub(super) const ORDERED_NODES: u64 = 2048;

/// Ordered nodes before the root is put to Hall's condition (see [`hall`]): 16 costs magictour
/// 2%, 64 lets boards dead at the root take twice the n^2 search's time on them.
pub(super) const HALL_FROM: u64 = 32;

/// A probe's clause learning, in times its counting search's nodes: 1, 2 and 8 cost hunts 1-3%.
const LEARN_SCALE: u64 = 4;

/// Givens up to which probes also use clause learning: hunted sets -15-22%; 21: 1106 +22%.
pub(super) const LEARN_GIVENS: u8 = 20;

/// [`ORDERED_NODES`] where none or many solutions are known: sparse puzzles 10x faster.
pub(super) const SPARSE_NODES: u64 = 32;

/// Conflicts of clause learning in row-major order before the witness route on such puzzles
/// (see [`Smallest::hand_over`]): `hunted.txt` -32%, held-out +2.6%; 16 -24% and +2.2%, 48
/// -35% and +3.9%.
pub(super) const LEX_CONFLICTS: u64 = 32;

/// Nodes of the count from the root after those conflicts: `hunted_late.txt` -6.7%,
/// `hunted_earlier.txt` +0.2%; 32 +0.9% and +0.6%, 128 and 256 as 64.
pub(super) const ROOT_NODES: u64 = 64;

/// The smallest solution of puzzle `g`, whose propagated board is `root`, and the nodes it took.
pub(super) fn smallest(g: &Grid, root: Board) -> (Option<Grid>, u64) {
    // Fewer than 17 givens never make a unique puzzle (McGuire et al., 2012). On such puzzles,
    // and on those with interchangeable parts, the race that tells unique from many (see
    // [`racers`]) has nothing to tell, and an early digit can hide a long refutation, so
    // the ordered search gets few nodes before the witness route takes over. (Counted as
    // bytes: a plain `count` costs unbiased puzzles 1% more instructions.)
    let givens = g.0.iter().fold(0u8, |n, &x| n + (x != 0) as u8);
    let mut s = Smallest::new();
    s.unchecked = Some(root);
    if givens <= LEARN_GIVENS {
        s.learn_from = Some(root);
        s.early_from = LEARN_EARLY_FROM;
        s.pair_start_at = LEARN_EARLY_FROM;
        s.doubt_from = SPARSE_DOUBT_FROM;
        s.doubt_conflicts = SPARSE_DOUBT_CONFLICTS;
        s.doubt_growth = SPARSE_DOUBT_GROWTH;
    }
    if givens < 17 || root.interchangeable() {
        s.limit = SPARSE_NODES;
    } else {
        s.limit = ORDERED_NODES;
        s.root = Some(root);
    }
    if let Ok(answer) = s.search(root, None) {
        return (answer, s.nodes);
    }
    if let Some(answer) = s.answer {
        return (answer, s.nodes);
    }
    let (answer, nodes) = s.hand_over(root);
    (answer, s.nodes + nodes)
}

/// The ordered search for the smallest solution, within a node limit.
pub(super) struct Smallest {
    pub(super) dead_ends: u32,
    /// The counting search's node budget for a branch.
    pub(super) probe_nodes: u64,
    /// Boards visited so far, by the ordered search and by the counting searches it ran.
    pub(super) nodes: u64,
    /// Where the search must give up.
    pub(super) limit: u64,
    /// The counts to 2 racing it (see [`racers`]), built at the early turn, and the nodes
    /// by which that turn comes.
    pub(super) race: Vec<Racer>,
    pub(super) early_from: u64,
    /// The board the race starts from, when there is a race.
    pub(super) root: Option<Board>,
    /// The nodes from which the count by clause learning gets [`PAIR_START`]; `u64::MAX` once
    /// it has.
    pub(super) pair_start_at: u64,
    /// The nodes of the next doubt check (see [`Smallest::doubt`]), `u64::MAX` once a
    /// solution is known; its conflicts, and how they grow from one check to the next.
    pub(super) doubt_from: u64,
    pub(super) doubt_conflicts: u64,
    pub(super) doubt_growth: u64,
    /// The answer from a count of the race that ended with fewer than two solutions.
    pub(super) answer: Option<Option<Grid>>,
    /// The root whose undecided branches go to clause learning too (see [`LEARN_GIVENS`]),
    /// and the clause learning, made at its first branch.
    pub(super) learn_from: Option<Board>,
    pub(super) learner: Option<Box<Learner>>,
    /// The root, until it is put to Hall's condition (see [`HALL_FROM`]).
    pub(super) unchecked: Option<Board>,
    /// The doubt checks so far (see [`Smallest::doubt`]).
    pub(super) checks: u32,
    /// The board being searched when the node limit ran out. The search goes in order, so no
    /// solution is smaller than it in the cells before its first unsolved one: the witness
    /// route starts from there (see [`Route::smallest`]).
    pub(super) stopped: Option<Board>,
    /// The boards of the branch being searched then, deepest first, and the witness it
    /// followed deepest, if any (see [`Route::on_branch`]).
    pub(super) branch: Vec<Board>,
    pub(super) followed: Option<Grid>,
}

/// The node limit ran out.
pub(super) struct Spent;

impl Smallest {
    pub(super) fn new() -> Smallest {
        Smallest {
            dead_ends: 0,
            probe_nodes: BRANCH_NODES,
            nodes: 0,
            limit: u64::MAX,
            race: Vec::new(),
            root: None,
            pair_start_at: PAIR_LATE,
            early_from: EARLY_FROM,
            doubt_from: DOUBT_FROM,
            doubt_conflicts: DOUBT_CONFLICTS,
            doubt_growth: DOUBT_GROWTH,
            answer: None,
            learn_from: None,
            learner: None,
            unchecked: None,
            checks: 0,
            stopped: None,
            branch: Vec::new(),
            followed: None,
        }
    }

    /// The race's turns, each when it is due: the early turn, the doubt checks, and the count
    /// by clause learning's start. A count that ends ends the ordered search, and so does a
    /// root found dead.
    pub(super) fn race(&mut self) {
        if self.nodes >= HALL_FROM && self.root_is_dead() {
            return;
        }
        // Built at the early turn (most puzzles never reach it): by `early_from` nodes, if no
        // probe has given up before.
        if self.race.is_empty() && self.nodes >= self.early_from {
            self.early_turn();
            if self.nodes >= self.limit {
                return;
            }
        }
        if self.nodes >= self.doubt_from {
            self.doubt();
            if self.nodes >= self.limit {
                return;
            }
        }
        if self.nodes >= self.pair_start_at {
            self.pair_start_at = u64::MAX;
            if let Some(Racer::Pair(p)) = self.race.first_mut() {
                let (spent, shown) = p.race(PAIR_START);
                self.nodes += spent;
                self.ends(shown);
            }
        }
    }

    /// Puts the root to Hall's condition, once: failing it, the board has no solution, which
    /// ends the search. True if it did.
    pub(super) fn root_is_dead(&mut self) -> bool {
        match self.unchecked.take() {
            Some(root) if !hall::matched(&root) => self.ends(Shown::All(None)),
            _ => false,
        }
    }

    /// A doubt check: while no solution is known, the race's clause learning is asked for any
    /// solution within `doubt_conflicts`, and none ends the search. A board without one looks
    /// to the ordered search like a hard unique puzzle, but where the ordered search refutes
    /// the same contradiction below every early digit, clause learning mostly finds it in a
    /// few conflicts. The next check comes at twice the nodes with `doubt_growth` times the
    /// conflicts; its nodes are not the ordered search's (its limit moves by them), so
    /// puzzles with a solution lose only the check's time.
    pub(super) fn doubt(&mut self) {
        self.early_turn();
        let known = self.race.iter().any(|r| r.witness().is_some());
        self.checks += 1;
        // At the first check, the Hall probe (see [`hall::dead_below_root`]); at the
        // [`FAILED_CHECK`]th, failed literals (see [`failed`]), counted as the check's nodes.
        if let Some(root) = self.root.filter(|_| !known) {
            let (dead, spent) = match self.checks {
                1 => hall::dead_below_root(root),
                FAILED_CHECK => {
                    let (dead, tries) = failed::dead(root);
                    self.limit = self.limit.saturating_add(tries);
                    (dead, tries)
                }
                _ => (false, 0),
            };
            self.nodes += spent;
            if dead {
                self.ends(Shown::All(None));
                return;
            }
        }
        let pair = match self.race.first_mut() {
            Some(Racer::Pair(p)) if !known => p,
            _ => {
                self.doubt_from = u64::MAX;
                return;
            }
        };
        let learner = pair.learner.get_or_insert_with(Learner::new);
        let (w, spent) = learner.solve(&pair.root, &[], self.doubt_conflicts, None);
        self.nodes += spent;
        self.limit = self.limit.saturating_add(spent);
        match w {
            Ok(None) => {
                self.ends(Shown::All(None));
            }
            Ok(Some(w)) => {
                self.doubt_from = u64::MAX;
                let shown = pair.first_found(w);
                self.ends(shown);
            }
            Err(super::sat::GaveUp) => {
                self.doubt_from = 2 * (self.nodes - spent);
                self.doubt_conflicts *= self.doubt_growth;
            }
        }
    }

    /// The first time a probe gives up, or by `early_from` nodes (whichever comes first): the
    /// race, built, gives its count on cells [`EARLY_NODES`] at once, and a count on the
    /// leftmost cells, not kept, [`LEFT_NODES`].
    pub(super) fn early_turn(&mut self) {
        let root = match self.root {
            Some(root) if self.race.is_empty() => root,
            _ => return,
        };
        self.race = racers(root);
        if let Some(Racer::Count(c)) = self.race.last_mut() {
            let (spent, shown) = c.race(EARLY_NODES, &root);
            self.nodes += spent;
            if self.ends(shown) {
                return;
            }
        }
        let c = Count::run(root, 2, LEFT_NODES, Branching::Leftmost);
        self.nodes += c.nodes;
        if !c.gave_up() && c.found < 2 {
            self.ends(Shown::All(c.witness));
        }
    }

    /// Ends the ordered search if a count of the race has shown two solutions or all; true
    /// if it did.
    pub(super) fn ends(&mut self, shown: Shown) -> bool {
        match shown {
            Shown::Nothing => return false,
            Shown::Two => {}
            Shown::All(answer) => self.answer = Some(answer),
        }
        self.limit = self.nodes;
        true
    }

    /// The smallest solution of `b`, if any. With `witness` (a solution of `b`) there is one,
    /// and no digit above the witness's needs a look.
    pub(super) fn search(
        &mut self,
        b: Board,
        witness: Option<&Grid>,
    ) -> Result<Option<Grid>, Spent> {
        let found = self.search_below(b, witness);
        if found.is_err() {
            self.branch.push(b);
            if self.followed.is_none() {
                self.followed = witness.copied();
            }
        }
        found
    }

    /// [`Smallest::search`], but for noting the branch where the node limit runs out.
    pub(super) fn search_below(
        &mut self,
        b: Board,
        witness: Option<&Grid>,
    ) -> Result<Option<Grid>, Spent> {
        if self.out_of_nodes(&b) {
            return Err(Spent);
        }
        self.nodes += 1;
        let (band, bit) = match b.first_unsolved() {
            Some(c) => c,
            None => return Ok(Some(b.grid())),
        };
        let cell = band * 27 + bit.trailing_zeros() as usize;
        // Of the digits placed nowhere, the smallest has a solution here if any has.
        let (twins, mut skip) = (b.absent(), 0);
        for d in b.digits(band, bit) {
            if skip & 1 << d != 0 {
                continue;
            }
            if twins & 1 << d != 0 {
                skip = twins;
            }
            let mut t = b;
            let alive = t.place(band, d, bit);
            if let Some(w) = witness.filter(|w| w.0[cell] as usize == d + 1) {
                debug_assert!(alive, "the witness's digit has a solution");
                return self.search(t, Some(w));
            }
            if !alive {
                self.dead_ends += 1;
                continue;
            }
            if self.dead_ends < ORDERED_DEAD_ENDS {
                if let Some(s) = self.search(t, None)? {
                    return Ok(Some(s));
                }
                continue;
            }
            if let Some(s) = self.probe(t)? {
                return Ok(Some(s));
            }
        }
        Ok(None)
    }

    /// Gives the race its turn; true when the node limit has run out, and then `at`, the
    /// board being searched, is where the search stopped.
    pub(super) fn out_of_nodes(&mut self, at: &Board) -> bool {
        self.race();
        if self.nodes < self.limit {
            return false;
        }
        self.stopped = Some(*at);
        true
    }

    /// Decides the branch `t` by the counting search for its smallest solution within
    /// `probe_nodes`: a search that ends has the branch's answer; one that runs out after a
    /// solution gives a witness the ordered search follows. Undecided, the branch is split
    /// by its first unsolved cell, each part getting twice the nodes.
    pub(super) fn probe(&mut self, t: Board) -> Result<Option<Grid>, Spent> {
        if self.out_of_nodes(&t) {
            return Err(Spent);
        }
        // In slices, so that the race gets its turns on time.
        let mut probe = Count::new(t, 1, Branching::Cells);
        probe.smallest = true;
        loop {
            let before = probe.nodes;
            let slice = (self.probe_nodes - before).min(PROBE_SLICE);
            let decided = probe.resume(slice.min(self.limit - self.nodes));
            self.nodes += probe.nodes - before;
            if decided || probe.nodes >= self.probe_nodes {
                break;
            }
            if self.out_of_nodes(&t) {
                return Err(Spent);
            }
        }
        if let Some(w) = probe.witness {
            self.doubt_from = u64::MAX;
            if !probe.gave_up() {
                return Ok(Some(w));
            }
            return self.search(t, Some(&w));
        }
        if !probe.gave_up() {
            return Ok(None);
        }
        self.early_turn();
        if self.out_of_nodes(&t) {
            return Err(Spent);
        }
        if let Some(root) = self.learn_from {
            match self.learn(&root, &t) {
                Ok(Some(w)) => {
                    self.doubt_from = u64::MAX;
                    return self.search(t, Some(&w));
                }
                Ok(None) => return Ok(None),
                Err(super::sat::GaveUp) => {}
            }
        }
        let budget = self.probe_nodes;
        self.probe_nodes = budget.saturating_mul(2);
        let s = self.search(t, None);
        self.probe_nodes = budget;
        s
    }

    /// The answer by the witness route from where the search stopped, below `root`, and the
    /// route's nodes. On a puzzle with none or many solutions (no race), clause learning in
    /// the ordered search's order goes first, for [`LEX_CONFLICTS`]: where an early digit
    /// hides a long refutation, the route spends a query on each cell above it, clause
    /// learning learns it once (`hunted.txt`'s slowest, 3,154 route nodes: 59 conflicts). What
    /// it learned stays for the route, which gives it turns (see [`Route::lexed`]). Then the
    /// counting search from the root, for [`ROOT_NODES`]: most sparse boards without a
    /// solution die within them (three hunted ones of 20-23 givens: 34-50 nodes, where the
    /// route took 1,600-2,500), and on boards of a few givens its solution is the route's
    /// first witness when the branch yields none (about 600 route nodes fewer).
    pub(super) fn hand_over(&mut self, root: Board) -> (Option<Grid>, u64) {
        let mut route = Route::new(Oracle::Learning);
        route.learner = self.learner.take();
        let mut counted = None;
        if self.root.is_none() {
            if let Some(answer) = route.lex(&root, LEX_CONFLICTS) {
                return (answer, route.nodes);
            }
            let c = Count::run(root, 1, ROOT_NODES, Branching::Cells);
            route.nodes += c.nodes;
            if !c.gave_up() && c.witness.is_none() {
                return (None, route.nodes);
            }
            counted = c.witness;
        }
        let first = self
            .smallest_met()
            .or_else(|| route.on_branch(&self.branch))
            .or(counted);
        let answer = route.smallest(root, &self.stopped.unwrap_or(root), first);
        (answer, route.nodes)
    }

    /// The smallest of the solutions met: the deepest witness the search followed and the
    /// race's first solutions. The witness route starts from it: its queries are the digits
    /// below the witness's, so the smaller it is, the fewer. Measured (instructions) against
    /// finding one anew: the hunted sets 2-6% less.
    pub(super) fn smallest_met(&self) -> Option<Grid> {
        let met = self.race.iter().map(|r| match r {
            Racer::Count(c) => c.witness,
            Racer::Pair(p) => p.first,
        });
        met.chain(Some(self.followed)).flatten().min_by_key(|w| w.0)
    }

    /// Decides the branch `t` of `root` by clause learning, its placed cells assumed.
    pub(super) fn learn(
        &mut self,
        root: &Board,
        t: &Board,
    ) -> Result<Option<Grid>, super::sat::GaveUp> {
        let mut assume = Vec::new();
        for (i, (&now, &was)) in t.cand.iter().zip(&root.cand).enumerate() {
            let band = i / 9;
            let mut placed = now & !t.unsolved[band] & was & root.unsolved[band];
            while placed != 0 {
                let bit = placed.trailing_zeros() as usize;
                placed &= placed - 1;
                assume.push(super::sat::holds(9 * (27 * band + bit) + i % 9));
            }
        }
        let conflicts = LEARN_SCALE * self.probe_nodes / CONFLICT_NODES;
        let learner = self.learner.get_or_insert_with(Learner::new);
        let (w, spent) = learner.solve(root, &assume, conflicts, None);
        self.nodes += spent;
        w
    }
}
