//! The ordered search: first unsolved cell, digits ascending, within a node budget.

use super::super::grid::Grid;
use super::board::Board;
use super::count::{Branching, Count, PROBE_NODES};
use super::learner::{Learner, CONFLICT_NODES};
use super::race::{racers, Racer, Shown, PAIR_LATE, PAIR_START};
use super::route::{Oracle, Route};

/// Dead ends (branches propagation refutes) the ordered search meets, over the whole search,
/// before it puts each further branch to the counting search. Measured on the shared
/// benchmark sets: 8 to 128 all work; fewer slow the forum-hardest puzzles, more the 1106
/// list.
pub(super) const ORDERED_DEAD_ENDS: u32 = 64;

/// Nodes of the ordered search before the witness route takes over. The witness route is
/// slower on the few unique public puzzles that need more (their worst: 3303); measured
/// (instructions): forum_hardest_1106 +1% against 4096, +8% with 1024; the hunt against the
/// solver with 4096 found many-solution puzzles that defeat the race's counts, on which 2048
/// takes 28% less at worst.
pub(super) const ORDERED_NODES: u64 = 2048;

/// Past these nodes of the ordered search, three counts to 2 from the root race it (one by
/// clause learning, [`Pair`], one branching on the digits' places, one on cells), each
/// getting an eighth of the nodes it visits, every [`RACE_EVERY`]: two solutions hand over
/// to the witness route; a count that ends with one solution has found the answer. Hunted
/// puzzles with 17 to 28 givens and many solutions keep the ordered search busy for
/// thousands of nodes, where one of the counts shows two in 20 to 130; counts of fixed
/// sizes (40 nodes at 512 and 1024) were beaten by the next hunt. Unique puzzles pay the
/// counts: measured (instructions) before the early turn ([`EARLY_NODES`]), from 384
/// forum_hardest_1106 took 1.6% more than from 512 (the hunted sets 7-10% less), from 256
/// 4.6% more, and from 640 or 768 the hunted sets 9-15% more than from 512. The early turn
/// settles most of those hunted puzzles sooner; with it, from 384 forum_hardest_1106 takes
/// 1.6% more than from 512 and the hunted sets 1-4% less, from 640 1.8% less and 1-2% more.
/// Without the digits' count, a hunt found puzzles that take 25% more than with it.
pub(super) const RACE_FROM: u64 = 512;

/// Nodes each depth-first count of the race (on the digits' places, on cells) gets at once,
/// the race built, when a probe of the ordered search first gives up (see
/// [`Smallest::probe`]), before [`RACE_FROM`]. Hunted many-solution puzzles of 21 or more
/// givens keep the ordered search on refutations its probes cannot finish for hundreds of
/// nodes, where one of those counts shows two (a first solution and a swap, see
/// [`Board::has_other`]) in 12 to 70. Unique puzzles pay it once a probe gives up (14 of
/// forum_hardest_1106's first 300 do). Measured (instructions): the digits' count alone
/// (12 to 64 nodes tried, 24 kept) took the hunt against the solver without it 20% less,
/// forum_hardest_1106 0.8% more (with the race from 512 nodes rather than 384: 2.4% more
/// from 384, the hunt 1% less); the next two hunts found puzzles whose first solution that
/// count takes 44 to 206 nodes to find, the cells' 18 to 27. Both counts: those hunts 16%
/// and 17% less than with the digits' alone, the first 2%, forum_hardest_1106 1.4% more and
/// forum_hardest_1905 0.5%; the cells' count alone 16% and 18% less, the first 14% more.
/// Where no probe has given up by then, the race's first turn is the early turn: the hunt
/// against the solver without that 7% less, magictour 1% less, forum_hardest the same.
pub(super) const EARLY_NODES: u64 = 24;

/// Nodes of the ordered search by which the early turn ([`EARLY_NODES`]) comes if no probe has
/// given up. Hunted many-solution puzzles of 21 to 23 givens keep the ordered search busy
/// for 400 to 750 nodes before its 64th dead end and first probe. Measured (instructions):
/// stop 30's `hunted.txt` 12% less, its closing hunt 8%, forum_hardest_1106 2% more and
/// forum_hardest_1905 1% (from 128: the hunted sets up to 15% less, those 7% and 12% more;
/// from 384: 7%, 4%, 1%, 0%).
pub(super) const EARLY_FROM: u64 = 256;

/// Givens up to which the ordered search puts the branches the counting search leaves
/// undecided to clause learning too (within 4 times the probe's nodes, as conflicts cost;
/// measured against 1, 2 and 8 times: 1-3% less on the last hunts), whose clauses then go on
/// to the witness route. The hard unique puzzles of the public sets have 20 to 26 givens, and
/// there the counting search's splits are cheaper: measured (instructions),
/// forum_hardest_1106 +22% with 21, unchanged with 20. The hunted many-solution puzzles
/// mostly have 17 to 19: the last two hunts 15-22% less, the held-out set's worst 9.4 -> 4.8
/// million.
pub(super) const LEARN_GIVENS: u8 = 20;

/// [`RACE_FROM`] on puzzles of [`LEARN_GIVENS`] or fewer, where the race costs no public set
/// much (17_clue's puzzles seldom reach it): most hunted puzzles there have many solutions,
/// and the race's first turn, its count by clause learning with [`PAIR_START`], shows two.
/// Measured (instructions) against 256: the held-out hunted set 8% less (time 10%), the
/// closing hunt against 256 16% less; two hunts against 64 found 3.37 and 3.30 million a
/// puzzle where that closing hunt found 3.85 (256 takes the same and 7% less on them);
/// magictour 0.5% more (3.5% with 32, 38% with 0; 0.2% less with 128, which saves 6% on the
/// held-out set).
pub(super) const LEARN_RACE_FROM: u64 = 64;

/// Nodes of the ordered search between the race's turns.
pub(super) const RACE_EVERY: u64 = 64;

/// Nodes of the ordered search on puzzles known to have many solutions (see
/// [`first_solution`]). Measured: random 14-givens puzzles take 10 times as long without it
/// (the ordered search answers most within 32 nodes). On the hunted sets (instructions,
/// these puzzles up to then ran as the rest): 22% and 18% less than before, 1% more than
/// with 1 node, 1% less than with 64, 11% and 8% less than with 384.
pub(super) const SPARSE_NODES: u64 = 32;

/// The smallest solution of puzzle `g`, whose propagated board is `root`, and the nodes it took.
pub(super) fn smallest(g: &Grid, root: Board) -> (Option<Grid>, u64) {
    // Fewer than 17 givens never make a unique puzzle (McGuire et al., 2012). On such puzzles,
    // and on those with interchangeable parts, the race that tells unique from many (see
    // [`RACE_FROM`]) has nothing to tell, and an early digit can hide a long refutation, so
    // the ordered search gets few nodes before the witness route takes over. (Counted as
    // bytes: a plain `count` costs unbiased puzzles 1% more instructions.)
    let givens = g.0.iter().fold(0u8, |n, &x| n + (x != 0) as u8);
    let mut s = Smallest::new();
    if givens <= LEARN_GIVENS {
        s.learn_from = Some(root);
        s.raced = LEARN_RACE_FROM;
        s.pair_start_at = 0;
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
    /// The counts to 2 racing it (see [`RACE_FROM`]), and the nodes when they last had a
    /// turn.
    pub(super) race: Vec<Racer>,
    pub(super) raced: u64,
    /// The board the race starts from, when there is a race.
    pub(super) root: Option<Board>,
    /// The nodes from which the count by clause learning gets [`PAIR_START`] at its next
    /// turn; `u64::MAX` once it has.
    pub(super) pair_start_at: u64,
    /// The answer from a count of the race that ended with fewer than two solutions.
    pub(super) answer: Option<Option<Grid>>,
    /// The root whose undecided branches go to clause learning too (see [`LEARN_GIVENS`]),
    /// and the clause learning, made at its first branch.
    pub(super) learn_from: Option<Board>,
    pub(super) learner: Option<Box<Learner>>,
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
            probe_nodes: PROBE_NODES,
            nodes: 0,
            limit: u64::MAX,
            race: Vec::new(),
            root: None,
            pair_start_at: PAIR_LATE,
            raced: RACE_FROM,
            answer: None,
            learn_from: None,
            learner: None,
            stopped: None,
            branch: Vec::new(),
            followed: None,
        }
    }

    /// Gives each count of the race its share of the nodes visited since its last turn, if
    /// that is due. A count that ends ends the ordered search.
    pub(super) fn race(&mut self) {
        // Built at the early turn (most puzzles never reach it): by [`EARLY_FROM`] nodes or
        // at the race's first turn, if no probe has given up before.
        if self.race.is_empty() && self.nodes >= EARLY_FROM.min(self.raced + RACE_EVERY) {
            self.early_turn();
            if self.nodes >= self.limit {
                return;
            }
        }
        if self.nodes < self.raced + RACE_EVERY {
            return;
        }
        let root = match self.root {
            Some(root) => root,
            None => return,
        };
        let share = (self.nodes - self.raced) / 8;
        let start = if self.nodes >= self.pair_start_at {
            self.pair_start_at = u64::MAX;
            PAIR_START
        } else {
            0
        };
        for i in 0..self.race.len() {
            let (spent, shown) = match &mut self.race[i] {
                Racer::Count(c) => c.race(share, &root),
                Racer::Pair(p) => p.race(share + start),
            };
            self.nodes += spent;
            if self.ends(shown) {
                break;
            }
        }
        self.raced = self.nodes;
    }

    /// The first time a probe gives up, at [`EARLY_FROM`] nodes, or at the race's first turn
    /// (whichever comes first): the race, built, gives each of its depth-first counts
    /// [`EARLY_NODES`] at once.
    pub(super) fn early_turn(&mut self) {
        let root = match self.root {
            Some(root) if self.race.is_empty() => root,
            _ => return,
        };
        self.race = racers(root);
        for i in 0..self.race.len() {
            if let Racer::Count(c) = &mut self.race[i] {
                let (spent, shown) = c.race(EARLY_NODES, &root);
                self.nodes += spent;
                if self.ends(shown) {
                    break;
                }
            }
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

    /// Decides the branch `t` by the counting search within `probe_nodes`: a solution is a
    /// witness the ordered search follows. Undecided, the branch is split by its first
    /// unsolved cell, each part getting twice the nodes.
    pub(super) fn probe(&mut self, t: Board) -> Result<Option<Grid>, Spent> {
        if self.out_of_nodes(&t) {
            return Err(Spent);
        }
        // In slices, so that the race gets its turns on time.
        let mut probe = Count::new(t, 1, Branching::Cells);
        loop {
            let before = probe.nodes;
            let slice = (self.probe_nodes - before).min(RACE_EVERY);
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
                Ok(Some(w)) => return self.search(t, Some(&w)),
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
    /// route's nodes.
    pub(super) fn hand_over(&mut self, root: Board) -> (Option<Grid>, u64) {
        let mut route = Route::new(Oracle::Learning);
        route.learner = self.learner.take();
        let first = self
            .smallest_met()
            .or_else(|| route.on_branch(&self.branch));
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
        let conflicts = 4 * self.probe_nodes / CONFLICT_NODES;
        let learner = self.learner.get_or_insert_with(Learner::new);
        let (w, spent) = learner.solve(root, &assume, conflicts, None);
        self.nodes += spent;
        w
    }
}
