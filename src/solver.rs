//! The shared fast solver. Its answer is still the first solution of the first-empty-cell,
//! digits-1-to-9 search, i.e. the lexicographically smallest, but it gets there fast:
//!
//! - Candidates are bitboards in the style of JCZSolve: for each band (three rows) and digit,
//!   a 27-bit word of the cells the digit may still take. Within a band a digit takes one
//!   mini-row (three cells of a row inside a box) per row and per box, a 3x3 permutation: one
//!   table lookup keeps only the mini-rows some permutation uses (hidden singles in rows and
//!   boxes, locked candidates); a row left with one cell places the digit, and a box left
//!   with one column of the digit clears that column in the other bands. Naked singles come
//!   from counting candidates per cell across the nine words of a band, hidden singles in
//!   columns from the three bands of a digit. Propagation only removes candidates that lead
//!   to no solution, so it never changes which solution comes first.
//! - The answer comes from the ordered search itself (first unsolved cell, digits ascending,
//!   propagation at every node): it only ever explores what lies before the answer, which is
//!   often far less than a proof of uniqueness. Once propagation has met 64 dead ends, each
//!   further branch is first put to the counting search (an any-order search that branches
//!   on a cell with the fewest candidates): no solution refutes the branch, a solution is a
//!   witness and the ordered search goes on inside that branch, checking only the digits
//!   below the witness's. A branch the counting search cannot decide within 100 nodes is
//!   split by its first unsolved cell, each part getting twice the nodes (on puzzles of 20
//!   givens or fewer, clause learning gets a try at it first).
//! - That is fast on puzzles with enough givens. Sparse ones can hide a long refutation
//!   behind an early digit, which a depth-first search meets again under every branch
//!   above it. So the ordered search gets 2048 nodes (32 on a puzzle known to have many
//!   solutions, or none), and past 512 three counts to 2 race it (two of them get a few
//!   nodes at once when a probe first gives up, or by 256 nodes; one showing two solutions
//!   ends it, as does a first solution with parts that swap into a second; one that ends
//!   with one has found the answer), then the witness route answers: the smallest solution
//!   met so far is the witness W (else one on the branch where the ordered search stopped,
//!   else any); then cell by cell in row-major order, each digit below W's, smallest first,
//!   is a query: a solution with it is the new W and the digit is the cell's; a digit
//!   without one is struck from the cell; when none is left, W's digit is the cell's. A swap
//!   of parts of W answers many queries without a search; the others go in rounds to the
//!   counting search (from W's digits, a solution is usually found in tens of nodes) and to
//!   clause learning ([`sat::Sat`]), which refutes what the depth-first searches wander on and
//!   keeps what it learned for the next queries (a solution it is near, the counting search
//!   finishes); each round gives each search four times the budget of the last, and each
//!   goes on where it stopped, so a query costs a few times what the fastest needs.
//! - Digits placed nowhere yet are interchangeable: of them only the smallest needs a try in
//!   the ordered search's cell, and only one in the counting search's (when it wants one
//!   solution).
//!
//! Every entry takes a [`Grid`], whose cells hold 0 to 9; debug builds assert it.

use super::grid::Grid;
// `sat`'s items (and `grid::units_of`) by path, not `use`: where a bin never reaches the
// witness route (kattis_sudokunique), `bundle --strip` deletes its items in one pass, which a
// `use` line naming them would break.
use super::sat;

/// The lexicographically smallest solution, or `None` (also when the givens clash).
pub fn first_solution(g: &Grid) -> Option<Grid> {
    first_solution_and_nodes(g).0
}

/// [`first_solution`], and the boards its searches visited: a measure of its work that,
/// unlike time, is the same on every machine.
pub fn first_solution_and_nodes(g: &Grid) -> (Option<Grid>, u64) {
    let root = match Board::new(g) {
        Some(b) => b,
        None => return (None, 0),
    };
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

/// The smallest solution by the witness route over the counting search alone (its three
/// branchings in turns, with growing budgets; no clause learning, no ordered search): a
/// second, independent search for the answers, and a benchmark.
pub fn witness_route(g: &Grid) -> Option<Grid> {
    let root = Board::new(g)?;
    Route::new(Oracle::Counting).smallest(root, &root, None)
}

/// How many solutions `g` has, counting no further than `limit`.
pub fn count_solutions(g: &Grid, limit: usize) -> usize {
    count_and_witness(g, limit).0
}

/// How many solutions `g` has, counting no further than `limit`, and the first one the count
/// met (any solution: the only one when the count is 1).
pub fn count_and_witness(g: &Grid, limit: usize) -> (usize, Option<Grid>) {
    match Board::new(g) {
        Some(root) => {
            let c = Count::run(root, limit, u64::MAX, Branching::Cells);
            (c.found, c.witness)
        }
        None => (0, None),
    }
}

/// Calls `visit` on each solution in lexicographic order until it returns true.
pub fn solutions(g: &Grid, visit: &mut dyn FnMut(&Grid) -> bool) {
    if let Some(root) = Board::new(g) {
        in_order(root, visit);
    }
}

/// Dead ends (branches propagation refutes) the ordered search meets, over the whole search,
/// before it puts each further branch to the counting search. Measured on the shared
/// benchmark sets: 8 to 128 all work; fewer slow the forum-hardest puzzles, more the 1106
/// list.
const ORDERED_DEAD_ENDS: u32 = 64;

/// Nodes of the ordered search before the witness route takes over. The witness route is
/// slower on the few unique public puzzles that need more (their worst: 3303); measured
/// (instructions): forum_hardest_1106 +1% against 4096, +8% with 1024; the hunt against the
/// solver with 4096 found many-solution puzzles that defeat the race's counts, on which 2048
/// takes 28% less at worst.
const ORDERED_NODES: u64 = 2048;

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
const RACE_FROM: u64 = 512;

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
const EARLY_NODES: u64 = 24;

/// Nodes of the ordered search by which the early turn ([`EARLY_NODES`]) comes if no probe has
/// given up. Hunted many-solution puzzles of 21 to 23 givens keep the ordered search busy
/// for 400 to 750 nodes before its 64th dead end and first probe. Measured (instructions):
/// stop 30's `hunted.txt` 12% less, its closing hunt 8%, forum_hardest_1106 2% more and
/// forum_hardest_1905 1% (from 128: the hunted sets up to 15% less, those 7% and 12% more;
/// from 384: 7%, 4%, 1%, 0%).
const EARLY_FROM: u64 = 256;

/// Givens up to which the ordered search puts the branches the counting search leaves
/// undecided to clause learning too (within 4 times the probe's nodes, as conflicts cost;
/// measured against 1, 2 and 8 times: 1-3% less on the last hunts), whose clauses then go on
/// to the witness route. The hard unique puzzles of the public sets have 20 to 26 givens, and
/// there the counting search's splits are cheaper: measured (instructions),
/// forum_hardest_1106 +22% with 21, unchanged with 20. The hunted many-solution puzzles
/// mostly have 17 to 19: the last two hunts 15-22% less, the held-out set's worst 9.4 -> 4.8
/// million.
const LEARN_GIVENS: u8 = 20;

/// [`RACE_FROM`] on puzzles of [`LEARN_GIVENS`] or fewer, where the race costs no public set
/// much (17_clue's puzzles seldom reach it): most hunted puzzles there have many solutions,
/// and the race's first turn, its count by clause learning with [`PAIR_START`], shows two.
/// Measured (instructions) against 256: the held-out hunted set 8% less (time 10%), the
/// closing hunt against 256 16% less; two hunts against 64 found 3.37 and 3.30 million a
/// puzzle where that closing hunt found 3.85 (256 takes the same and 7% less on them);
/// magictour 0.5% more (3.5% with 32, 38% with 0; 0.2% less with 128, which saves 6% on the
/// held-out set).
const LEARN_RACE_FROM: u64 = 64;

/// Nodes of the ordered search between the race's turns.
const RACE_EVERY: u64 = 64;

/// Nodes of the ordered search on puzzles known to have many solutions (see
/// [`first_solution`]). Measured: random 14-givens puzzles take 10 times as long without it
/// (the ordered search answers most within 32 nodes). On the hunted sets (instructions,
/// these puzzles up to then ran as the rest): 22% and 18% less than before, 1% more than
/// with 1 node, 1% less than with 64, 11% and 8% less than with 384.
const SPARSE_NODES: u64 = 32;

/// Nodes the counting search may spend on deciding a branch of the ordered search before
/// the branch is split by its first unsolved cell, each part getting twice as many. With few
/// givens the counting search can take milliseconds to refute what the ordered search
/// refutes in microseconds, and the other way round on hard puzzles. Measured: 14-givens
/// puzzles' worst 28 ms -> 2.5 ms, forum-hardest mean +1%, the 1106 list +7%; larger budgets
/// trade the first for the last two.
const PROBE_NODES: u64 = 100;

/// Nodes the counting search may spend on a query of the witness route in its first round,
/// branching on a cell with the fewest candidates and trying the witness's digit there first:
/// a query changes one cell of the witness, and most have a solution that differs from it in
/// a few cells more. Measured on the hunted puzzles: the queries it decides are nearly all
/// solutions; it refutes almost none that propagation did not (those are the hard ones).
/// Clause learning decides the rest. Against the first cell with the fewest candidates,
/// smallest digit first (whose witnesses come out small): the hunted sets take 18 to 34%
/// fewer instructions (sparse queries have solutions near the witness that a search from
/// the smallest digits misses in 32 nodes, and clause learning then found in 8 decisions
/// and a finish); 16, 24, 48 and 64 nodes were each worse on some hunted set. Probes of
/// 16 nodes branching on the digits' places once refuted some queries before it; since
/// clause learning decides on the digits first, the hunted sets take 16% fewer instructions
/// without them.
const QUERY_NODES: u64 = 32;

/// Nodes (times the round's scale) the counting search, branching on a cell with the fewest
/// candidates, may spend on a query from the witness route's second round on. A hunt
/// against the solver without it found a puzzle whose hard query this refutes in under 32
/// nodes and clause learning in about 150 conflicts (9.5 million instructions, 7.8 with
/// it). Measured (instructions): in the first round too, the hunted sets take 4-6% more;
/// with 4 and 16, the hunt's worst stays; with 8 from the third round, too.
const RETRY_NODES: u64 = 8;

/// Conflicts clause learning may meet on a query in the witness route's first round (a
/// conflict costs about as much as 12 nodes). Measured on the hunted sets against 8, 32
/// and 128 when 64 was chosen, then 96 against 64 and 128 (0.7 to 3% less than 64). Since
/// cheaper conflicts, 160 against 96, 128 and 192: on 216 hunted puzzles 0.9% less than 96,
/// the held-out 0.4%, and the two slowest (the first cell's query: 158 conflicts with 160,
/// and 109 + 58) 8.18 -> 7.31 and 7.90 -> 7.36 million instructions; 128 between, 192 alike.
/// Since conflicts with fewer mispredicted branches, 192: the `hunted.txt` of its time (70
/// puzzles) 0.5% less (224 the same), the held-out 1215 alike, and the slowest (one query of
/// 174 conflicts) 7.75 -> 7.19 million, about 1.00 -> 0.94 ms.
const LEARN_CONFLICTS: u64 = 192;

/// Nodes the race's count by clause learning saves up before it runs: its first solution
/// costs about this much (a few conflicts), and every run restarts it.
const PAIR_CREDIT: u64 = 48;

/// Nodes the race's count by clause learning gets at once at its first turn on puzzles of
/// [`LEARN_GIVENS`] or fewer, enough for a first solution of most many-solution ones (and with
/// it the swap check, see [`Board::has_other`]). Measured (instructions): `hunted.txt` 4%
/// less, the held-out and the closing hunt's 3%; on every puzzle, forum_hardest_1106 would
/// take 5.5% more.
const PAIR_START: u64 = 128;

/// Ordered nodes after which the race's count by clause learning gets [`PAIR_START`] at once
/// on the other puzzles. Some hunted ones with 21 to 24 givens have many solutions whose first
/// the depth-first counts do not find in thousands of nodes, nor clause learning in its
/// eighth of them, while a run of 8 conflicts does. Measured (instructions) on the 87 hunted
/// puzzles of 21 givens or more: 12% less, the worst 9.5 -> 5.9 million; forum_hardest_1106
/// 1.5% more (5% from 512, 0.6% from 1024 with that worst 6.3).
const PAIR_LATE: u64 = 768;

/// A conflict of the clause learning, in nodes: what it costs in time, measured against the
/// counting search's nodes: on the hunted puzzles' hard queries a conflict takes 2.2 to 4.1
/// us, a node of the counting search 0.2 to 0.4 us.
const CONFLICT_NODES: u64 = 12;

/// Nodes the counting search may spend on finishing a solution clause learning is on the way
/// to: setting all 729 variables costs it more than the last nodes cost the counting search.
/// Measured on the hunted sets (instructions): 16 and 64 cost 3-6% more than 32, 8 more.
const FINISH_NODES: u64 = 32;

/// The ordered search for the smallest solution, within a node limit.
struct Smallest {
    dead_ends: u32,
    /// The counting search's node budget for a branch.
    probe_nodes: u64,
    /// Boards visited so far, by the ordered search and by the counting searches it ran.
    nodes: u64,
    /// Where the search must give up.
    limit: u64,
    /// The counts to 2 racing it (see [`RACE_FROM`]), and the nodes when they last had a
    /// turn.
    race: Vec<Racer>,
    raced: u64,
    /// The board the race starts from, when there is a race.
    root: Option<Board>,
    /// The nodes from which the count by clause learning gets [`PAIR_START`] at its next
    /// turn; `u64::MAX` once it has.
    pair_start_at: u64,
    /// The answer from a count of the race that ended with fewer than two solutions.
    answer: Option<Option<Grid>>,
    /// The root whose undecided branches go to clause learning too (see [`LEARN_GIVENS`]),
    /// and the clause learning, made at its first branch.
    learn_from: Option<Board>,
    learner: Option<Box<Learner>>,
    /// The board being searched when the node limit ran out. The search goes in order, so no
    /// solution is smaller than it in the cells before its first unsolved one: the witness
    /// route starts from there (see [`Route::smallest`]).
    stopped: Option<Board>,
    /// The boards of the branch being searched then, deepest first, and the witness it
    /// followed deepest, if any (see [`Route::on_branch`]).
    branch: Vec<Board>,
    followed: Option<Grid>,
}

/// The node limit ran out.
struct Spent;

impl Smallest {
    fn new() -> Smallest {
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
    fn race(&mut self) {
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
    fn early_turn(&mut self) {
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
    fn ends(&mut self, shown: Shown) -> bool {
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
    fn search(&mut self, b: Board, witness: Option<&Grid>) -> Result<Option<Grid>, Spent> {
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
    fn search_below(&mut self, b: Board, witness: Option<&Grid>) -> Result<Option<Grid>, Spent> {
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
    fn out_of_nodes(&mut self, at: &Board) -> bool {
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
    fn probe(&mut self, t: Board) -> Result<Option<Grid>, Spent> {
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
                Err(sat::GaveUp) => {}
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
    fn hand_over(&mut self, root: Board) -> (Option<Grid>, u64) {
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
    fn smallest_met(&self) -> Option<Grid> {
        let met = self.race.iter().map(|r| match r {
            Racer::Count(c) => c.witness,
            Racer::Pair(p) => p.first,
        });
        met.chain(Some(self.followed)).flatten().min_by_key(|w| w.0)
    }

    /// Decides the branch `t` of `root` by clause learning, its placed cells assumed.
    fn learn(&mut self, root: &Board, t: &Board) -> Result<Option<Grid>, sat::GaveUp> {
        let mut assume = Vec::new();
        for (i, (&now, &was)) in t.cand.iter().zip(&root.cand).enumerate() {
            let band = i / 9;
            let mut placed = now & !t.unsolved[band] & was & root.unsolved[band];
            while placed != 0 {
                let bit = placed.trailing_zeros() as usize;
                placed &= placed - 1;
                assume.push(sat::holds(9 * (27 * band + bit) + i % 9));
            }
        }
        let conflicts = 4 * self.probe_nodes / CONFLICT_NODES;
        let learner = self.learner.get_or_insert_with(Learner::new);
        let (w, spent) = learner.solve(root, &assume, conflicts, None);
        self.nodes += spent;
        w
    }
}

/// What decides the witness route's queries.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Oracle {
    /// The counting search, its three branchings in turns with growing budgets.
    Counting,
    /// Rounds of the counting search ([`QUERY_NODES`]) and clause learning ([`Sat`],
    /// [`LEARN_CONFLICTS`]), which keeps what it learns for the later queries.
    Learning,
}

/// The witness route: any solution W; then, cell by cell in row-major order, the digits
/// below W's in ascending order: the first with a solution gives the new W and is the
/// cell's digit; when none has, W's digit is.
struct Route {
    oracle: Oracle,
    /// Whether queries go to the counting search first (tests switch it off, to put every
    /// query to clause learning).
    probe: bool,
    learner: Option<Box<Learner>>,
    /// The counting search's boards, the clause learning's decisions and conflicts.
    nodes: u64,
}

impl Route {
    fn new(oracle: Oracle) -> Route {
        Route {
            oracle,
            probe: true,
            learner: None,
            nodes: 0,
        }
    }

    /// The smallest solution of the propagated board `root`, given `stopped`, a board below
    /// it that no solution is smaller than in the cells before its first unsolved one (where
    /// the ordered search stopped; `root` itself when it did not run).
    fn smallest(&mut self, root: Board, stopped: &Board, first: Option<Grid>) -> Option<Grid> {
        let mut w = match first {
            Some(w) => w,
            None => self.decide(&root, root, &[], None)?,
        };
        let mut b = root;
        while let Some((band, bit)) = b.first_unsolved() {
            let cell = band * 27 + bit.trailing_zeros() as usize;
            // Where every cell before is as in `stopped`, the digits below its are refuted.
            if stopped.unsolved[band] & bit == 0 && b.agrees_before(stopped, cell) {
                let below = stopped.digit_set(band, bit) - 1;
                let alive = b.remove(band, bit, below);
                debug_assert!(alive, "the witness is no smaller than `stopped`");
            }
            // The digits below the witness's: the smallest alone (a solution with it settles
            // the cell), then, once one is refuted, all the others in one query (one proof
            // refutes them all; a solution lowers the witness's digit). Of the digits placed
            // nowhere only the smallest is asked, and refuting it refutes them all: they are
            // interchangeable. Measured (instructions) against one digit a query: the hunted
            // sets 0.4 to 3.2% less; all at once from the start, 2.6% more on the held-out set
            // (clause learning's solutions, which land on any digit asked, took 26% more
            // queries). Not over the counting search alone: 11% more on `hunted.txt`.
            let twins = b.absent();
            let mut single = true;
            loop {
                let cands = b.digit_set(band, bit);
                let below = cands & ((1 << (w.0[cell] - 1)) - 1);
                if below == 0 {
                    break;
                }
                let alike = below & twins;
                let mut asked = below & !twins | alike & alike.wrapping_neg();
                if single {
                    asked &= asked.wrapping_neg();
                }
                let others = cands & !asked;
                let mut t = b;
                if t.remove(band, bit, others) {
                    // Over clause learning, a swap in the witness first (not over the counting
                    // search alone: it stays a plain second search).
                    let swapped = match self.oracle {
                        Oracle::Learning => b.swapped(&w, cell, asked),
                        Oracle::Counting => None,
                    };
                    if let Some(v) = swapped {
                        w = v;
                        continue;
                    }
                    let assume: Vec<u16> = (0..9)
                        .filter(|&e| others & 1 << e != 0)
                        .map(|e| sat::lacks(9 * cell + e))
                        .collect();
                    if let Some(v) = self.decide(&b, t, &assume, Some(&w)) {
                        w = v;
                        continue;
                    }
                }
                single = self.oracle == Oracle::Counting;
                let gone = if asked & twins != 0 {
                    asked | twins
                } else {
                    asked
                };
                let alive = b.remove(band, bit, gone);
                debug_assert!(alive, "the witness is a solution");
            }
            let alive = b.place(band, w.0[cell] as usize - 1, bit);
            debug_assert!(alive, "the witness's digit has a solution");
        }
        Some(w)
    }

    /// A solution of `t`, if any: the board `b` (every later board of the route lies below
    /// it) with the literals `assume` (as in [`Sat`]) holding. The counting search
    /// with each of its branchings, and clause learning, take turns with budgets that grow
    /// fourfold a round, each going on where it stopped: each is sometimes the only fast
    /// one, and this way a query costs a few times what the fastest one needs. `w` is the
    /// witness the query would change, if any.
    fn decide(&mut self, b: &Board, t: Board, assume: &[u16], w: Option<&Grid>) -> Option<Grid> {
        // Each probe: its branching, its nodes at scale 1, and the scale it starts at.
        let probes: &[(Branching, u64, u64)] = match self.oracle {
            Oracle::Counting => &[
                (Branching::Digits, PROBE_NODES, 1),
                (Branching::TwoPlaces, PROBE_NODES, 1),
                (Branching::Cells, PROBE_NODES, 1),
            ],
            Oracle::Learning if self.probe => &[
                (Branching::Cells, QUERY_NODES, 1),
                (Branching::Cells, RETRY_NODES, 4),
            ],
            Oracle::Learning => &[],
        };
        let mut counts: Vec<Count> = probes.iter().map(|p| Count::new(t, 1, p.0)).collect();
        if self.oracle == Oracle::Learning {
            if let Some(first) = counts.first_mut() {
                first.near = w.copied();
            }
        }
        let mut scale = 1;
        loop {
            for (c, &(_, nodes, from)) in counts.iter_mut().zip(probes) {
                if scale < from {
                    continue;
                }
                let before = c.nodes;
                let decided = c.resume(nodes * scale);
                self.nodes += c.nodes - before;
                if decided {
                    return c.witness.take();
                }
            }
            if self.oracle == Oracle::Learning {
                if let Ok(w) = self.learn(b, assume, LEARN_CONFLICTS * scale) {
                    return w;
                }
            }
            scale *= 4;
        }
    }

    /// A solution on the ordered search's `branch` (deepest first) where it stopped: of the
    /// deepest board and those 1, 3, 7, 15, ... up from it (most of the deepest ones lie under
    /// a digit it was still refuting), the first the counting search solves within
    /// [`QUERY_NODES`]. Its cells agree with the answer's up to there, so the witness route asks
    /// few queries before. Measured (instructions), where the race met no solution: stop 30's
    /// closing hunt 18% less (its puzzles of 8 to 16 givens, whose ordered search stops after
    /// [`SPARSE_NODES`], half the queries), the other hunted sets up to 10% less (one 2%
    /// more); tried before the solutions met, every hunted set 4 to 9% more.
    fn on_branch(&mut self, branch: &[Board]) -> Option<Grid> {
        let mut up = 0;
        while let Some(&b) = branch.get(up) {
            let c = Count::run(b, 1, QUERY_NODES, Branching::Cells);
            self.nodes += c.nodes;
            if c.witness.is_some() {
                return c.witness;
            }
            up = 2 * up + 1;
        }
        None
    }

    /// [`Route::decide`] by clause learning, within `conflicts`: what `b` rules out becomes
    /// a fact, `assume` assumptions.
    fn learn(
        &mut self,
        b: &Board,
        assume: &[u16],
        conflicts: u64,
    ) -> Result<Option<Grid>, sat::GaveUp> {
        let learner = self.learner.get_or_insert_with(Learner::new);
        let (w, nodes) = learner.solve(b, assume, conflicts, None);
        self.nodes += nodes;
        w
    }
}

/// The counts of the race from `root` (see [`RACE_FROM`]).
fn racers(root: Board) -> Vec<Racer> {
    vec![
        Racer::Pair(Pair::new(root)),
        Racer::Count(Count::new(root, 2, Branching::Digits)),
        Racer::Count(Count::new(root, 2, Branching::Cells)),
    ]
}

/// A count to 2 of the race (see [`RACE_FROM`]).
enum Racer {
    Count(Count),
    Pair(Pair),
}

/// What a count of the race has shown, with the nodes it spent on this turn.
enum Shown {
    /// Not yet two solutions, nor all of them.
    Nothing,
    /// Two solutions: the witness route takes over.
    Two,
    /// Every solution: this one, or none.
    All(Option<Grid>),
}

/// The race's count to 2 by clause learning: any solution, then one other than it (the
/// first one's negation a clause). Where the depth-first counts stay in the branch of
/// their first solution for hundreds of nodes, its restarts show a second one of the
/// hunted many-solution puzzles in a few conflicts (measured, instructions: the `hunted.txt`
/// of its time, worst 10.7 -> 9.4 million, the held-out set's 9.6 -> 6.3, forum_hardest_1106
/// +0.5%).
struct Pair {
    root: Board,
    /// Made at its first turn: most puzzles never give it one.
    learner: Option<Box<Learner>>,
    /// The solution found first.
    first: Option<Grid>,
    /// Nodes spent, and nodes given but not spent yet: it runs when they pay for
    /// [`PAIR_CREDIT`].
    nodes: u64,
    credit: u64,
}

impl Pair {
    /// The count from `root`.
    fn new(root: Board) -> Pair {
        Pair {
            root,
            learner: None,
            first: None,
            nodes: 0,
            credit: 0,
        }
    }

    /// Goes on for about `nodes` more, as [`Count::race`].
    fn race(&mut self, nodes: u64) -> (u64, Shown) {
        self.credit += nodes;
        if self.credit < PAIR_CREDIT {
            return (0, Shown::Nothing);
        }
        let learner = self.learner.get_or_insert_with(Learner::new);
        let before = self.nodes;
        loop {
            let conflicts = (self.credit / CONFLICT_NODES).max(1);
            let (w, spent) = learner.solve(&self.root, &[], conflicts, self.first.as_ref());
            self.nodes += spent;
            self.credit = self.credit.saturating_sub(spent);
            let shown = match (w, self.first) {
                (Err(sat::GaveUp), _) => Shown::Nothing,
                (Ok(Some(_)), Some(_)) => Shown::Two,
                (Ok(None), first) => Shown::All(first),
                (Ok(Some(w)), None) if self.root.has_other(&w) => {
                    self.first = Some(w);
                    Shown::Two
                }
                (Ok(Some(w)), None) => {
                    self.first = Some(w);
                    let other: Vec<u16> = (0..81)
                        .filter(|&c| self.root.is_open(c))
                        .map(|c| sat::lacks(9 * c + w.0[c] as usize - 1))
                        .collect();
                    learner.sat.require(&other);
                    continue;
                }
            };
            return (self.nodes - before, shown);
        }
    }
}

/// Clause learning over the solver's boards: the [`Sat`] and the candidates it knows of (the
/// others are its facts).
struct Learner {
    sat: sat::Sat,
    known: [u32; 27],
}

impl Learner {
    /// Boxed: the searches that make one hand it on, and it is 15 kB.
    fn new() -> Box<Learner> {
        Box::new(Learner {
            sat: sat::Sat::new(),
            known: [ALL; 27],
        })
    }

    /// A solution of `b` (below every board given before) in which the literals `assume`
    /// hold, other than `other_than`, within `conflicts`; and the nodes that cost: its
    /// decisions, [`CONFLICT_NODES`] a conflict and the counting search's finishing.
    fn solve(
        &mut self,
        b: &Board,
        assume: &[u16],
        conflicts: u64,
        other_than: Option<&Grid>,
    ) -> (Result<Option<Grid>, sat::GaveUp>, u64) {
        let sat = &mut self.sat;
        for (i, (known, &now)) in self.known.iter_mut().zip(&b.cand).enumerate() {
            let mut gone = *known & !now;
            *known = now;
            while gone != 0 {
                let k = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                let consistent = sat.fix(sat::lacks(9 * (i / 9 * 27 + k) + i % 9));
                debug_assert!(consistent, "a board lies below the earlier ones");
            }
        }
        let (decisions, before) = (sat.decisions, sat.conflicts);
        let mut finished = 0;
        let w = sat.solve(assume, conflicts, &mut |s| {
            let (w, nodes) = finish(b, s);
            finished += nodes;
            w.filter(|w| Some(w) != other_than)
        });
        let nodes =
            finished + sat.decisions - decisions + CONFLICT_NODES * (sat.conflicts - before);
        (w, nodes)
    }
}

/// A solution the counting search finds within [`FINISH_NODES`] where clause learning's
/// search stands: `b` without the candidates `s` has set false. Also the nodes it took.
fn finish(b: &Board, s: &sat::Sat) -> (Option<Grid>, u64) {
    let mut t = *b;
    for (i, c) in t.cand.iter_mut().enumerate() {
        let (band, d) = (i / 9, i % 9);
        let open = (0..3).fold(0, |m, r| {
            m | (s.open_in_row(3 * band + r, d) as u32) << (9 * r)
        });
        *c &= open;
    }
    if !t.propagate(ALL_WORDS) {
        return (None, 0);
    }
    let c = Count::run(t, 1, FINISH_NODES, Branching::Leftmost);
    (c.witness, c.nodes)
}

/// The counting search: counts solutions up to `limit`, branching as `branching` says,
/// depth first on a stack of its own, so that it can stop when its node budget runs out and
/// go on later where it stopped (the witness route gives its searches their budgets in
/// slices, each search keeping what it has done).
struct Count {
    limit: usize,
    found: usize,
    /// The first solution found.
    witness: Option<Grid>,
    /// Boards visited.
    nodes: u64,
    branching: Branching,
    /// A solution whose digit is tried first in each cell branched on (see [`QUERY_NODES`]).
    near: Option<Grid>,
    /// The root, until it is visited.
    root: Option<Board>,
    /// The boards being branched on, the root's first.
    stack: Vec<Frame>,
}

/// A board being branched on, and the branches left to try.
struct Frame {
    /// The board, without the digits of its cell tried so far.
    board: Board,
    branch: Branch,
    /// For a cell: the digits left to try in it, and the one of them to try first (as a bit),
    /// if any.
    digits: u32,
    first: u32,
}

/// What the counting search branches on. Each refutes some sparse queries in tens of nodes
/// where another takes 10^4 to 10^6, so probes take turns with all three (hunted puzzles:
/// mean and worst several times lower than with any one or two of them).
#[derive(Clone, Copy)]
enum Branching {
    /// A cell with the fewest candidates.
    Cells,
    /// The first cell in row-major order with the fewest candidates: the solutions it finds
    /// come out small. It finishes clause learning's solutions; as the witness route's first
    /// probe it made the witnesses small (45% fewer queries) but missed the solutions near
    /// them (see [`QUERY_NODES`]).
    Leftmost,
    /// A cell with two candidates, else a digit with two places in a unit, else a cell with
    /// the fewest candidates.
    TwoPlaces,
    /// The places of the digit with the fewest places left on the board, in its unit with
    /// the fewest: the most constrained digits first. A sparse query's contradiction often
    /// lies among a few digits (in one hunted query the 1s, 2s and 9s leave each other no
    /// room), which this finds at once.
    Digits,
}

impl Count {
    /// Goes on for `nodes` more as a count of the race from `root`: the nodes it spent, and
    /// what it has shown.
    fn race(&mut self, nodes: u64, root: &Board) -> (u64, Shown) {
        let (before, found) = (self.nodes, self.found);
        let shown = match self.resume(nodes) {
            true if self.found >= 2 => Shown::Two,
            true => Shown::All(self.witness.take()),
            false if found == 0 && self.witness.map_or(false, |w| root.has_other(&w)) => Shown::Two,
            false => Shown::Nothing,
        };
        (self.nodes - before, shown)
    }

    /// A count of the solutions of a propagated board that has visited no board yet.
    fn new(b: Board, limit: usize, branching: Branching) -> Count {
        Count {
            limit,
            found: 0,
            witness: None,
            nodes: 0,
            branching,
            near: None,
            root: Some(b),
            stack: Vec::new(),
        }
    }

    /// Counts the solutions of a propagated board, visiting at most `nodes` boards.
    fn run(b: Board, limit: usize, nodes: u64, branching: Branching) -> Count {
        let mut c = Count::new(b, limit, branching);
        c.resume(nodes);
        c
    }

    /// True when the count is not complete: the node budget ran out first.
    fn gave_up(&self) -> bool {
        self.found < self.limit && (self.root.is_some() || !self.stack.is_empty())
    }

    /// Goes on visiting at most `nodes` more boards; true once the count is complete.
    fn resume(&mut self, nodes: u64) -> bool {
        let mut left = nodes;
        if left > 0 {
            if let Some(b) = self.root.take() {
                left -= 1;
                // Room for most searches' depth at once (not in `new`: the race's counts
                // are made for every puzzle, most of which never start them).
                self.stack.reserve(32);
                self.visit(b);
            }
        }
        while self.gave_up() && left > 0 {
            let top = self.stack.len() - 1;
            match self.stack[top].next() {
                Some(t) => {
                    left -= 1;
                    self.visit(t);
                }
                None => {
                    self.stack.pop();
                }
            }
        }
        !self.gave_up()
    }

    /// Counts `b` if it is solved, else puts its branches on the stack.
    fn visit(&mut self, b: Board) {
        self.nodes += 1;
        let branch = match self.branching {
            Branching::Cells => b.fewest_candidates(false, false),
            Branching::Leftmost => b.fewest_candidates(true, false),
            Branching::TwoPlaces => b.fewest_candidates(false, true),
            Branching::Digits => b.fewest_places(),
        };
        let (mut digits, mut first) = (0, 0);
        match branch {
            Branch::Solved => {
                if self.found == 0 {
                    self.witness = Some(b.grid());
                }
                self.found += 1;
                return;
            }
            Branch::Cell(band, bit) => {
                digits = b.digit_set(band, bit);
                // One solution is enough: of the digits placed nowhere, only the first needs
                // a try.
                let twins = if self.limit == 1 {
                    b.absent() & digits
                } else {
                    0
                };
                digits &= !(twins & twins.wrapping_sub(1));
                if let Some(w) = &self.near {
                    first = digits & 1 << w.0[band * 27 + bit.trailing_zeros() as usize] >> 1;
                }
            }
            Branch::Places(..) => {}
        }
        self.stack.push(Frame {
            board: b,
            branch,
            digits,
            first,
        });
    }
}

impl Frame {
    /// The next branch's board that propagation does not refute, if any is left.
    fn next(&mut self) -> Option<Board> {
        loop {
            let mut t = self.board;
            let alive = match &mut self.branch {
                Branch::Cell(band, bit) => {
                    // `first` is one of `digits`, or none.
                    let next = if self.first != 0 {
                        self.first
                    } else {
                        self.digits
                    };
                    let d = match next {
                        0 => return None,
                        m => m.trailing_zeros() as usize,
                    };
                    self.first = 0;
                    self.digits &= !(1 << d);
                    // Not propagated (nor marked changed): the next digit's placement
                    // propagates.
                    self.board.cand[*band * 9 + d] &= !*bit;
                    t.place(*band, d, *bit)
                }
                Branch::Places(d, places) => {
                    let band = places.iter().position(|&p| p != 0)?;
                    let bit = places[band] & places[band].wrapping_neg();
                    places[band] &= !bit;
                    t.place(band, *d, bit)
                }
                Branch::Solved => return None,
            };
            if alive {
                return Some(t);
            }
        }
    }
}

/// What the counting search branches on.
enum Branch {
    Solved,
    /// A cell (band, bit), one branch per candidate.
    Cell(usize, u32),
    /// A digit and its places (per band) in a unit where it is not placed yet: one branch
    /// per place.
    Places(usize, [u32; 3]),
}

/// Visits the solutions of `b` in lexicographic order; true once `visit` asked to stop.
fn in_order(b: Board, visit: &mut dyn FnMut(&Grid) -> bool) -> bool {
    let (band, bit) = match b.first_unsolved() {
        Some(c) => c,
        None => return visit(&b.grid()),
    };
    for d in b.digits(band, bit) {
        let mut t = b;
        if t.place(band, d, bit) && in_order(t, visit) {
            return true;
        }
    }
    false
}

/// For each 9-bit row of a band: which of its three mini-rows hold a candidate (3 bits).
const MINI_ROWS: [u8; 512] = mini_rows();

/// For each 9-bit row of a band: the row itself if it has exactly one cell, else 0.
const SINGLE: [u16; 512] = single();

/// For each 3x3 mini-row pattern of a band (bit `3 * row + box`): the cells of the mini-rows
/// that some row-to-box permutation inside the pattern uses; 0 when none fits.
const LOCKED: [u32; 512] = locked();

/// For the columns (9 bits) a digit may take in a band: those that are the only one of their
/// box, where the digit must go in this band, so no other band may use them.
const POINTING: [u16; 512] = pointing();

/// For each word `9 * band + d`: the words of digit `d` in the other two bands.
const OTHER_BANDS: [[u8; 2]; 27] = other_bands();

const fn mini_rows() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        while k < 3 {
            if (m >> (3 * k)) & 7 != 0 {
                t[m] |= 1 << k;
            }
            k += 1;
        }
        m += 1;
    }
    t
}

const fn single() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut k = 0;
    while k < 9 {
        t[1 << k] = 1 << k;
        k += 1;
    }
    t
}

const fn locked() -> [u32; 512] {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let (mut pattern, mut cells, mut r) = (0, 0u32, 0);
            while r < 3 {
                pattern |= 1 << (3 * r + PERMS[p][r]);
                cells |= 7 << (9 * r + 3 * PERMS[p][r]);
                r += 1;
            }
            if m & pattern == pattern {
                t[m] |= cells;
            }
            p += 1;
        }
        m += 1;
    }
    t
}

const fn pointing() -> [u16; 512] {
    let mut t = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut b = 0;
        while b < 3 {
            let cols = (m >> (3 * b)) & 7;
            if cols == 1 || cols == 2 || cols == 4 {
                t[m] |= (cols << (3 * b)) as u16;
            }
            b += 1;
        }
        m += 1;
    }
    t
}

const fn other_bands() -> [[u8; 2]; 27] {
    let mut t = [[0u8; 2]; 27];
    let mut i = 0;
    while i < 27 {
        let (band, d) = (i / 9, i % 9);
        t[i] = [
            ((band + 1) % 3 * 9 + d) as u8,
            ((band + 2) % 3 * 9 + d) as u8,
        ];
        i += 1;
    }
    t
}

/// All 27 cells of a band.
const ALL: u32 = (1 << 27) - 1;

/// Every word of a board, as a set of changed words.
const ALL_WORDS: u32 = (1 << 27) - 1;

/// The first cell of each row of a band: multiplying a 9-bit column set by it repeats the
/// set in all three rows.
const ROW_STARTS: u32 = 1 | 1 << 9 | 1 << 18;

/// The rows of a band (as full 9-bit row masks) that hold a bit of `s`.
fn rows_of(s: u32) -> u32 {
    let mut rows = 0;
    for r in 0..3 {
        if s & 511 << (9 * r) != 0 {
            rows |= 511 << (9 * r);
        }
    }
    rows
}

/// The columns (9 bits) that hold a bit of `s`.
fn columns(s: u32) -> u32 {
    (s | s >> 9 | s >> 18) & 511
}

/// The cells of a band in the boxes that hold a bit of `s`.
fn boxes_of(s: u32) -> u32 {
    let c = columns(s);
    ((c | c >> 1 | c >> 2) & 0o111) * 7 * ROW_STARTS
}

/// Candidates of one search node. Cell `i` is bit `i % 27` of band `i / 27`:
///
/// ```text
///            box 0    box 1    box 2        cand[9 * band + d], for band 0 (rows 0-2):
///  band 0   . . . | . . . | . . .   row 0   bits  0..9    one 27-bit word per digit,
///  rows 0-2 . . . | . . . | . . .   row 1   bits  9..18   set where the digit may go
///           . . . | . . . | . . .   row 2   bits 18..27
///           ------+-------+------
///  band 1   rows 3-5: bit 9 * (row - 3) + column of cand[9 + d]
///  band 2   rows 6-8: bit 9 * (row - 6) + column of cand[18 + d]
/// ```
///
/// A mini-row (3 cells of a row in one box) is 3 adjacent bits; a box is 3 of them 9 bits
/// apart; a column is 3 bits 9 apart in each of the three bands' words.
#[derive(Clone, Copy)]
struct Board {
    /// `cand[9 * band + d]`: the cells of the band where digit `d + 1` may go.
    cand: [u32; 27],
    /// Per band, the cells not yet holding a placed digit.
    unsolved: [u32; 3],
}

impl Board {
    /// The propagated board of a puzzle; `None` when the givens clash (a given whose digit
    /// an earlier given already ruled out) or propagation finds a contradiction.
    fn new(g: &Grid) -> Option<Board> {
        debug_assert!(g.0.iter().all(|&d| d <= 9), "a Grid cell holds 0..=9");
        let mut b = Board {
            cand: [ALL; 27],
            unsolved: [ALL; 3],
        };
        for (i, &d) in g.0.iter().enumerate() {
            if d != 0 {
                let (band, bit, d) = (i / 27, 1 << (i % 27), d as usize - 1);
                if b.cand[band * 9 + d] & bit == 0 {
                    return None;
                }
                b.assign(band, d, bit);
            }
        }
        // `then_some` would need rustc 1.62; SPOJ runs 1.56.
        if b.propagate(ALL_WORDS) {
            Some(b)
        } else {
            None
        }
    }

    /// The digits (0-based) `bit` of `band` may take, ascending.
    fn digits(&self, band: usize, bit: u32) -> impl Iterator<Item = usize> + '_ {
        (0..9).filter(move |&d| self.cand[band * 9 + d] & bit != 0)
    }

    /// The digits `bit` of `band` may take, as bits.
    fn digit_set(&self, band: usize, bit: u32) -> u32 {
        self.digits(band, bit).fold(0, |m, d| m | 1 << d)
    }

    /// Puts digit `d` into the cell `bit` of `band` and propagates; false on a contradiction.
    fn place(&mut self, band: usize, d: usize, bit: u32) -> bool {
        let dirty = self.assign(band, d, bit);
        self.propagate(dirty)
    }

    /// Places digit `d` in the cells `s` of `band` (at most one per row): clears their rows
    /// and boxes for `d`, the cells for the other digits and their columns in the other
    /// bands. Returns the words changed, as bits.
    fn assign(&mut self, band: usize, d: usize, s: u32) -> u32 {
        let i = band * 9 + d;
        let own = self.cand[i] & !(rows_of(s) | boxes_of(s)) | s;
        self.unsolved[band] &= !s;
        let dirty = self.clear_cells(band, s);
        self.cand[i] = own;
        dirty | 1 << i | self.clear_columns(i, columns(s) * ROW_STARTS)
    }

    /// Removes the cells `s` of `band` from every digit; returns the words changed.
    fn clear_cells(&mut self, band: usize, s: u32) -> u32 {
        let mut hit = 0;
        for (k, c) in self.cand[band * 9..band * 9 + 9].iter_mut().enumerate() {
            hit |= ((*c & s != 0) as u32) << k;
            *c &= !s;
        }
        hit << (band * 9)
    }

    /// Removes the cells `s` from the words of word `i`'s digit in the other bands; returns
    /// the words changed.
    fn clear_columns(&mut self, i: usize, s: u32) -> u32 {
        // Mostly there is nothing left to clear: testing first is 6 to 12% faster on the
        // public sets.
        let [j, k] = OTHER_BANDS[i];
        if (self.cand[j as usize] | self.cand[k as usize]) & s == 0 {
            return 0;
        }
        let mut dirty = 0;
        for j in OTHER_BANDS[i] {
            let j = j as usize;
            dirty |= ((self.cand[j] & s != 0) as u32) << j;
            self.cand[j] &= !s;
        }
        dirty
    }

    /// Propagates from the changed words `dirty` until nothing changes; false on a
    /// contradiction. Words are locked in batches (the next word does not wait on the last
    /// one's result), measured faster than the branchy way.
    fn propagate(&mut self, mut dirty: u32) -> bool {
        // The words changed since the last look for naked singles, and for column singles:
        // only their bands and digits can hold new ones. Measured (instructions): the hunted
        // sets 6-7% less, forum_hardest_1106 3% less, the easy sets 2% more (the same time).
        let (mut naked, mut column) = (0, 0);
        loop {
            while dirty != 0 {
                let mut batch = dirty;
                naked |= dirty;
                column |= dirty;
                dirty = 0;
                while batch != 0 {
                    let i = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    match self.lock(i) {
                        Some(d) => dirty |= d,
                        None => return false,
                    }
                }
            }
            match self.naked_singles(std::mem::take(&mut naked)) {
                Some(0) => {}
                Some(d) => {
                    dirty = d;
                    continue;
                }
                None => return false,
            }
            match self.column_singles(columns(std::mem::take(&mut column))) {
                Some(0) => return true,
                Some(d) => dirty = d,
                None => return false,
            }
        }
    }

    /// Locks word `i` (band `i / 9`, digit `i % 9`) to the mini-rows a permutation can use,
    /// places the digit in rows left with one cell (clearing those cells from the other
    /// digits) and clears its pointing columns from the other bands. Returns the other words
    /// changed; `None` when no permutation fits.
    #[inline(always)]
    fn lock(&mut self, i: usize) -> Option<u32> {
        let band = i / 9;
        let x = self.cand[i];
        let pattern = MINI_ROWS[(x & 511) as usize] as usize
            | (MINI_ROWS[(x >> 9 & 511) as usize] as usize) << 3
            | (MINI_ROWS[(x >> 18 & 511) as usize] as usize) << 6;
        let x = x & LOCKED[pattern & 511];
        if x == 0 {
            return None;
        }
        let placed = SINGLE[(x & 511) as usize] as u32
            | (SINGLE[(x >> 9 & 511) as usize] as u32) << 9
            | (SINGLE[(x >> 18 & 511) as usize] as u32) << 18;
        let new = placed & self.unsolved[band];
        self.unsolved[band] &= !new;
        // Most locks place nothing: skipping the other digits then is 10 to 20% faster on
        // the public sets. Clearing the pointing columns is cheaper than a test whether any.
        let dirty = if new != 0 {
            self.clear_cells(band, new) & !(1 << i)
        } else {
            0
        };
        self.cand[i] = x;
        let pointing = POINTING[columns(x) as usize] as u32 * ROW_STARTS;
        Some(dirty | self.clear_columns(i, pointing))
    }

    /// Places every digit that is the last candidate of its cell in the bands of the words
    /// `changed`; returns the words changed. `None` on a cell without candidates or two such
    /// cells wanting one digit in one row.
    fn naked_singles(&mut self, changed: u32) -> Option<u32> {
        let mut dirty = 0;
        for band in 0..3 {
            let u = self.unsolved[band];
            if u == 0 || changed >> (9 * band) & 511 == 0 {
                continue;
            }
            let [some, several] = self.more_than(band);
            if u & !some != 0 {
                return None;
            }
            let singles = u & !several;
            if singles == 0 {
                continue;
            }
            for d in 0..9 {
                let s = self.cand[band * 9 + d] & singles;
                if s == 0 {
                    continue;
                }
                for r in 0..3 {
                    let row = s >> (9 * r) & 511;
                    if row & row.wrapping_sub(1) != 0 {
                        return None;
                    }
                }
                dirty |= self.assign(band, d, s);
            }
        }
        Some(dirty)
    }

    /// Confines each of the `digits` (as bits) to the one cell it has left in a column where
    /// it is not yet placed; returns the words changed. `None` when a digit has no cell left
    /// in a column.
    fn column_singles(&mut self, mut digits: u32) -> Option<u32> {
        let mut dirty = 0;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let (a, b, c) = (self.cand[d], self.cand[9 + d], self.cand[18 + d]);
            // Per cell position of a band: candidates in one band or more, in two or more.
            let one = a | b | c;
            let two = a & b | c & (a | b);
            let (r0, r1, r2) = (one & 511, one >> 9 & 511, one >> 18);
            if r0 | r1 | r2 != 511 {
                return None;
            }
            let twice = columns(two) | r0 & r1 | r2 & (r0 | r1);
            let placed = a & !self.unsolved[0] | b & !self.unsolved[1] | c & !self.unsolved[2];
            let hidden = 511 & !twice & !columns(placed);
            if hidden == 0 {
                continue;
            }
            for band in 0..3 {
                let i = band * 9 + d;
                let cells = self.cand[i] & (hidden * ROW_STARTS);
                let keep = !rows_of(cells) | cells;
                dirty |= ((self.cand[i] & !keep != 0) as u32) << i;
                self.cand[i] &= keep;
            }
        }
        Some(dirty)
    }

    /// Per `k < K`: the unsolved cells of `band` with more than `k` candidates.
    fn more_than<const K: usize>(&self, band: usize) -> [u32; K] {
        let u = self.unsolved[band];
        let mut more = [0; K];
        for d in 0..9 {
            let x = self.cand[band * 9 + d] & u;
            for k in (1..K).rev() {
                more[k] |= more[k - 1] & x;
            }
            more[0] |= x;
        }
        more
    }

    /// Whether every cell before `cell` (row-major) holds a placed digit, the same in `self`
    /// and `other`.
    fn agrees_before(&self, other: &Board, cell: usize) -> bool {
        (0..3).all(|band| {
            let before = match band.cmp(&(cell / 27)) {
                std::cmp::Ordering::Less => ALL,
                std::cmp::Ordering::Equal => (1 << (cell % 27)) - 1,
                std::cmp::Ordering::Greater => 0,
            };
            let words = band * 9..band * 9 + 9;
            before & (self.unsolved[band] | other.unsolved[band]) == 0
                && self.cand[words.clone()]
                    .iter()
                    .zip(&other.cand[words])
                    .all(|(a, b)| (a ^ b) & before == 0)
        })
    }

    /// Takes the digits `ds` (as bits) from the candidates of the cell `bit` of `band` and
    /// propagates; false on a contradiction.
    fn remove(&mut self, band: usize, bit: u32, ds: u32) -> bool {
        let mut dirty = 0;
        for d in (0..9).filter(|&d| ds & 1 << d != 0) {
            dirty |= ((self.cand[band * 9 + d] & bit != 0) as u32) << (band * 9 + d);
            self.cand[band * 9 + d] &= !bit;
        }
        self.propagate(dirty)
    }

    /// The first unsolved cell in row-major order: its band and bit.
    fn first_unsolved(&self) -> Option<(usize, u32)> {
        (0..3)
            .find(|&b| self.unsolved[b] != 0)
            .map(|b| (b, self.unsolved[b] & self.unsolved[b].wrapping_neg()))
    }

    /// A cell with the fewest candidates: exactly two (the last of the lowest band that has
    /// one: measured faster on hard puzzles than the first from the top), else (with
    /// `two_places`) a digit's two places in a unit, else the last such cell of
    /// the lowest band. With `leftmost`, the first such cell in row-major order.
    fn fewest_candidates(&self, leftmost: bool, two_places: bool) -> Branch {
        let pick = |cells: u32| {
            if leftmost {
                cells & cells.wrapping_neg()
            } else {
                1 << (31 - cells.leading_zeros())
            }
        };
        let bands = if leftmost { [0, 1, 2] } else { [2, 1, 0] };
        for band in bands {
            let [_, two, three] = self.more_than(band);
            let pairs = two & !three;
            if pairs != 0 {
                return Branch::Cell(band, pick(pairs));
            }
        }
        if two_places {
            if let Some((d, places)) = self.two_places() {
                return Branch::Places(d, places);
            }
        }
        // The lowest band first; a later one replaces its cell with fewer candidates, or
        // with as many for `leftmost`.
        let (mut best, mut fewest) = (Branch::Solved, 10);
        for band in (0..3).rev() {
            let more: [u32; 10] = self.more_than(band);
            let end = if leftmost { fewest + 1 } else { fewest };
            if let Some(k) = (1..end.min(10)).find(|&k| more[k - 1] & !more[k] != 0) {
                best = Branch::Cell(band, pick(more[k - 1] & !more[k]));
                fewest = k;
            }
        }
        best
    }

    /// A digit with exactly two places left in a row, box or column, and those places (per
    /// band).
    fn two_places(&self) -> Option<(usize, [u32; 3])> {
        for i in 0..27 {
            let (band, d) = (i / 9, i % 9);
            let x = self.cand[i] & self.unsolved[band];
            for k in 0..3 {
                for unit in [x & 511 << (9 * k), x & (7 * ROW_STARTS) << (3 * k)] {
                    if unit.count_ones() == 2 {
                        let mut places = [0; 3];
                        places[band] = unit;
                        return Some((d, places));
                    }
                }
            }
        }
        for d in 0..9 {
            let x = [0, 1, 2].map(|band| self.cand[band * 9 + d] & self.unsolved[band]);
            // Per column: in one row or more, two or more, three or more.
            let (mut once, mut twice, mut more) = (0u32, 0u32, 0u32);
            for v in x {
                for r in 0..3 {
                    let row = v >> (9 * r) & 511;
                    more |= twice & row;
                    twice |= once & row;
                    once |= row;
                }
            }
            let cols = twice & !more;
            if cols != 0 {
                let column = (cols & cols.wrapping_neg()) * ROW_STARTS;
                return Some((d, x.map(|v| v & column)));
            }
        }
        None
    }

    /// The digit with the fewest places left (unsolved cells that may take it) and, of its
    /// rows, columns and boxes where it is not placed yet, the one with the fewest places.
    fn fewest_places(&self) -> Branch {
        let places = |d: usize| [0, 1, 2].map(|band| self.cand[band * 9 + d] & self.unsolved[band]);
        let count = |x: [u32; 3]| x.iter().map(|w| w.count_ones()).sum::<u32>();
        let d = match (0..9)
            .filter(|&d| count(places(d)) > 0)
            .min_by_key(|&d| count(places(d)))
        {
            Some(d) => d,
            None => return Branch::Solved,
        };
        let x = places(d);
        let mut best = (u32::MAX, [0; 3]);
        let mut consider = |unit: [u32; 3]| {
            let n = count(unit);
            if n > 0 && n < best.0 {
                best = (n, unit);
            }
        };
        for band in 0..3 {
            for k in 0..3 {
                let mut unit = [0; 3];
                unit[band] = x[band] & 511 << (9 * k);
                consider(unit);
                unit[band] = x[band] & (7 * ROW_STARTS) << (3 * k);
                consider(unit);
            }
        }
        for c in 0..9 {
            let col = (1 << c) * ROW_STARTS;
            consider([x[0] & col, x[1] & col, x[2] & col]);
        }
        Branch::Places(d, best.1)
    }

    /// The digits (bit `d`) placed nowhere yet: swapping two of them maps the board's
    /// solutions onto each other, so a search for any solution needs to try only one of them
    /// in a cell, and a search for the smallest only the smallest.
    fn absent(&self) -> u32 {
        let mut absent = 0;
        for d in 0..9 {
            let placed = (0..3).any(|band| self.cand[band * 9 + d] & !self.unsolved[band] != 0);
            absent |= (!placed as u32) << d;
        }
        absent
    }

    /// Whether two digits, two rows of a band or two columns of a stack hold nothing placed:
    /// swapping them in a solution makes another, so there are none or many.
    fn interchangeable(&self) -> bool {
        let two = |set: u32| set & set.wrapping_sub(1) != 0;
        let two_rows = |band: u32| (0..3).filter(|r| (band >> (9 * r)) & 511 == 511).count() > 1;
        let u = self.unsolved[0] & self.unsolved[1] & self.unsolved[2];
        let columns = u & u >> 9 & u >> 18;
        two(self.absent())
            || self.unsolved.iter().any(|&band| two_rows(band))
            || (0..3).any(|stack| two((columns >> (3 * stack)) & 7))
    }

    /// Whether cell `c` (0 to 80) is still unsolved.
    fn is_open(&self, c: usize) -> bool {
        self.unsolved[c / 27] >> (c % 27) & 1 != 0
    }

    /// The solution `w` of this board with `cell` changed to one of `digits` (bits) in cells
    /// this board leaves open, if a swap does it: a query of the witness route answered at no
    /// search's cost. First two rows of a band (or two columns of a stack) swapped in some
    /// columns (rows), which keeps every row, column and box whole (see [`Board::has_other`]):
    /// from `cell`, whose line takes the other's digit, on to where that digit was, until the
    /// line gets back the digit it gave first; then two digits exchanged ([`Board::exchanged`]).
    /// Measured (instructions): the sparse puzzles of a hunt 19% less with the lines, 31% with
    /// both; the hunt against the solver without them 11% and 20% less (the other order 17%,
    /// digits alone 16%); older hunted sets within 2%, either way.
    fn swapped(&self, w: &Grid, cell: usize, digits: u32) -> Option<Grid> {
        for rows in [true, false] {
            // `at(l, p)`: the cell at place `p` of line `l`.
            let at = |l: usize, p: usize| if rows { 9 * l + p } else { 9 * p + l };
            let (l, start) = if rows {
                (cell / 9, cell % 9)
            } else {
                (cell % 9, cell / 9)
            };
            // `place[d]`: where line `l` holds digit `d`.
            let mut place = [0; 10];
            for p in 0..9 {
                place[w.0[at(l, p)] as usize] = p;
            }
            'other: for m in (l / 3 * 3..l / 3 * 3 + 3).filter(|&m| m != l) {
                if digits & 1 << (w.0[at(m, start)] - 1) == 0 {
                    continue;
                }
                let (mut v, mut p) = (*w, start);
                loop {
                    if !self.is_open(at(l, p)) || !self.is_open(at(m, p)) {
                        continue 'other;
                    }
                    v.0.swap(at(l, p), at(m, p));
                    p = place[w.0[at(m, p)] as usize];
                    if p == start {
                        return Some(v);
                    }
                }
            }
        }
        (0..9)
            .filter(|&e| digits & 1 << e != 0)
            .find_map(|e| self.exchanged(w, cell, e as u8 + 1))
    }

    /// The solution `w` with its digit at `cell` and `d` exchanged in every cell that must
    /// follow, if all of them are open: a cell that changes takes the other digit out of each of
    /// its units, so the cell there that held that digit changes too.
    fn exchanged(&self, w: &Grid, cell: usize, d: u8) -> Option<Grid> {
        let pair = [w.0[cell], d];
        // `at[k][r]`: the cell of row `r` holding `pair[k]`.
        let mut at = [[0; 9]; 2];
        for (c, &x) in w.0.iter().enumerate() {
            for k in 0..2 {
                if x == pair[k] {
                    at[k][c / 9] = c;
                }
            }
        }
        // The cells found to change, and those of them handled.
        let (mut seen, mut done) = (1u128 << cell, 0u128);
        let mut v = *w;
        while seen != done {
            let c = (seen & !done).trailing_zeros() as usize;
            done |= 1 << c;
            if !self.is_open(c) {
                return None;
            }
            let k = (w.0[c] == pair[0]) as usize;
            v.0[c] = pair[k];
            let (r, col, bx) = super::grid::units_of(c);
            for &x in &at[k] {
                let (xr, xc, xb) = super::grid::units_of(x);
                if xr == r || xc == col || xb == bx {
                    seen |= 1 << x;
                }
            }
        }
        Some(v)
    }

    /// Whether the solution `w` of this board has two rows of a band with the same digits in
    /// some columns this board leaves open in both (or two columns of a stack, in some rows):
    /// swapping them there makes another solution. Many-solution puzzles' solutions nearly
    /// always have such a pair (every hunted one with 17 givens or more).
    fn has_other(&self, w: &Grid) -> bool {
        self.swaps(w, true) || self.swaps(w, false)
    }

    /// [`Board::has_other`] for rows (`rows`) or columns.
    fn swaps(&self, w: &Grid, rows: bool) -> bool {
        // Per line, its digits and its open places (as bits).
        let (mut digits, mut open) = ([[0; 9]; 9], [0u32; 9]);
        for (c, &d) in w.0.iter().enumerate() {
            let (l, i) = if rows { (c / 9, c % 9) } else { (c % 9, c / 9) };
            digits[l][i] = d as usize;
            open[l] |= (self.is_open(c) as u32) << i;
        }
        (0..9).any(|l| {
            (l + 1..l / 3 * 3 + 3).any(|m| {
                let both = open[l] & open[m];
                // `at[d]`: where line `m` holds digit `d`.
                let mut at = [0; 10];
                for (j, &d) in digits[m].iter().enumerate() {
                    at[d] = j;
                }
                // Each cycle of `i -> at[line l's digit at i]` through a place open in both
                // once: the places that swap together.
                let mut seen = !both;
                (0..9).any(|start| {
                    if seen & 1 << start != 0 {
                        return false;
                    }
                    let mut i = start;
                    while seen & 1 << i == 0 {
                        seen |= 1 << i;
                        i = at[digits[l][i]];
                    }
                    i == start
                })
            })
        })
    }

    /// The solved grid (every cell placed).
    fn grid(&self) -> Grid {
        let mut g = Grid::EMPTY;
        for (i, &x) in self.cand.iter().enumerate() {
            let (band, d) = (i / 9, i % 9);
            let mut x = x;
            while x != 0 {
                g.0[band * 27 + x.trailing_zeros() as usize] = d as u8 + 1;
                x &= x - 1;
            }
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::super::gen::{self, Rng};
    use super::super::plain;
    use super::*;

    #[test]
    fn locked_keeps_only_mini_rows_of_permutations() {
        // Row 0 only in box 0: rows 1 and 2 lose box 0, box 0 loses rows 1 and 2.
        let all = 0b111_111_111;
        let only = all & !0b000_000_110 & !0b001_001_000;
        assert_eq!(LOCKED[0b111_111_001], LOCKED[only]);
        assert_eq!(LOCKED[only] & (7 << 9), 0);
        // Two rows that fit only box 0: no permutation.
        assert_eq!(LOCKED[0b111_001_001], 0);
        assert_eq!(LOCKED[all], ALL);
    }

    #[test]
    fn pointing_columns_are_alone_in_their_box() {
        // Box 0: column 1 alone; box 1: columns 3 and 5; box 2: none.
        assert_eq!(POINTING[0b000_101_010], 0b000_000_010);
        assert_eq!(POINTING[0b100_010_001], 0b100_010_001);
        assert_eq!(POINTING[0], 0);
    }

    #[test]
    fn several_solutions_give_the_smallest() {
        // 151 solutions; the smallest was found by an independent search over all of them.
        let p = "000620579502100000080000000300500006400007000020003014030000000010005040000300000";
        let smallest =
            "143628579572139468689754123391542786468917235725863914237496851916285347854371692";
        let g = Grid::from_line(p).unwrap();
        assert_eq!(first_solution(&g), Grid::from_line(smallest));
        assert_eq!(count_solutions(&g, 1000), 151);
        let mut all = Vec::new();
        solutions(&g, &mut |s| {
            all.push(*s);
            false
        });
        assert_eq!(all.len(), 151);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Some(all[0]), Grid::from_line(smallest));
    }

    /// The smallest solution by the ordered search with its dead ends already spent, so
    /// that every branch goes to the counting search, with `probe_nodes` for its first try;
    /// a branch that needs more is split.
    fn through_the_counting_search(g: &Grid, probe_nodes: u64) -> Option<Grid> {
        through_the_probes(g, probe_nodes, false)
    }

    /// [`through_the_counting_search`], and with `learn`, clause learning on the branches
    /// the counting search leaves undecided.
    fn through_the_probes(g: &Grid, probe_nodes: u64, learn: bool) -> Option<Grid> {
        let root = Board::new(g)?;
        let mut s = Smallest::new();
        s.dead_ends = ORDERED_DEAD_ENDS;
        s.probe_nodes = probe_nodes;
        if learn {
            s.learn_from = Some(root);
        }
        s.search(root, None).ok().flatten()
    }

    /// The smallest solution by the witness route with `oracle`; without `probe`, clause
    /// learning decides every query.
    fn by_route(g: &Grid, oracle: Oracle, probe: bool) -> Option<Grid> {
        let mut r = Route::new(oracle);
        r.probe = probe;
        let root = Board::new(g)?;
        r.smallest(root, &root, None)
    }

    /// The smallest solution by the ordered search (with its dead ends spent or not) stopped
    /// after `limit` nodes, then the witness route from the board it stopped at.
    fn handed_over(g: &Grid, limit: u64, spent: bool) -> Option<Grid> {
        let root = Board::new(g)?;
        let mut s = Smallest::new();
        s.limit = limit;
        if spent {
            s.dead_ends = ORDERED_DEAD_ENDS;
        }
        match s.search(root, None) {
            Ok(answer) => answer,
            Err(Spent) => s.hand_over(root).0,
        }
    }

    /// The count to 2 by clause learning, run to its end: how many solutions it showed (at
    /// most 2), and the only one when that is 1.
    fn by_pair(g: &Grid) -> (usize, Option<Grid>) {
        let mut pair = match Board::new(g) {
            Some(root) => Pair::new(root),
            None => return (0, None),
        };
        loop {
            match pair.race(1 << 20).1 {
                Shown::Nothing => {}
                Shown::Two => return (2, None),
                Shown::All(w) => return (w.is_some() as usize, w),
            }
        }
    }

    /// The first solution of the in-order enumeration: the ordered search alone.
    fn first_in_order(g: &Grid) -> Option<Grid> {
        let mut first = None;
        solutions(g, &mut |s| {
            first = Some(*s);
            true
        });
        first
    }

    #[test]
    fn the_witness_path_gives_the_smallest_too() {
        // The answer goes through a witness that is not the answer.
        let g = Grid::from_line(
            "000620579502100000080000000300500006400007000020003014030000000010005040000300000",
        )
        .unwrap();
        let root = Board::new(&g).unwrap();
        let w = Count::run(root, 1, u64::MAX, Branching::Cells).witness;
        assert_ne!(
            w,
            plain::first_solution(&g),
            "the witness must not be the answer"
        );
        assert_eq!(
            through_the_counting_search(&g, u64::MAX),
            plain::first_solution(&g)
        );
        let mut s = Smallest::new();
        s.dead_ends = ORDERED_DEAD_ENDS;
        assert_eq!(
            s.search(root, w.as_ref()).ok().flatten(),
            plain::first_solution(&g)
        );
    }

    #[test]
    fn every_path_agrees_with_the_plain_search() {
        // Generated puzzles rarely spend the ordered search's dead ends: spend them up front,
        // with an unbounded probe, the default one, and one that splits nearly every branch,
        // and with clause learning after the last two. The witness route with each oracle,
        // with clause learning deciding every query, and after the ordered search's first
        // nodes.
        let mut rng = Rng(2580);
        for n in 0..2000 {
            let g = gen::mixed(&mut rng);
            let want = plain::first_solution(&g);
            for probe in [u64::MAX, PROBE_NODES, 1] {
                let got = through_the_counting_search(&g, probe);
                assert_eq!(got, want, "puzzle {} probe {} {:?}", n, probe, g);
            }
            for probe in [PROBE_NODES, 1] {
                let got = through_the_probes(&g, probe, true);
                assert_eq!(got, want, "puzzle {} probe {} learning {:?}", n, probe, g);
            }
            for (oracle, probe) in [
                (Oracle::Counting, true),
                (Oracle::Learning, true),
                (Oracle::Learning, false),
            ] {
                let got = by_route(&g, oracle, probe);
                assert_eq!(got, want, "puzzle {} probe {} {:?}", n, probe, g);
            }
            for (limit, spent) in [(3, false), (12, false), (40, true)] {
                let got = handed_over(&g, limit, spent);
                assert_eq!(got, want, "puzzle {} handed over at {} {:?}", n, limit, g);
            }
            let (count, witness) = count_and_witness(&g, 2);
            assert_eq!(count, plain::count_solutions(&g, 2), "puzzle {}", n);
            let only = if count < 2 { want } else { None };
            assert_eq!(by_pair(&g), (count, only), "puzzle {}", n);
            assert_eq!(witness.is_some(), count > 0);
            if let Some(w) = witness {
                assert!(w.is_solved() && g.agrees_with(&w), "puzzle {}", n);
            }
            assert_eq!(first_in_order(&g), want, "puzzle {}", n);
        }
    }

    #[test]
    fn hunted_puzzles_get_their_recorded_smallest_solutions() {
        // Found by hill climbs against this solver (`hunted`) and earlier ones (issue 11).
        // Each `.lex` answer was given by a solver of its time and confirmed by the witness
        // route over the counting search; here the solver and clause learning alone
        // (deciding every query of the witness route) must give them.
        for set in ["hunted", "hunted_earlier"] {
            let path = format!("{}/benches/data/{}", env!("CARGO_MANIFEST_DIR"), set);
            let read = |ext: &str| std::fs::read_to_string(format!("{}.{}", path, ext)).unwrap();
            let (puzzles, answers) = (read("txt"), read("lex"));
            assert!(puzzles.lines().count() >= 15);
            for (p, a) in puzzles.lines().zip(answers.lines()) {
                let (g, want) = (Grid::from_line(p).unwrap(), Grid::from_line(a));
                assert_eq!(first_solution(&g), want, "{}", p);
                assert_eq!(by_route(&g, Oracle::Learning, false), want, "{}", p);
            }
        }
    }

    #[test]
    fn the_count_by_clause_learning_tells_one_solution_from_two() {
        // The famous puzzles (tests/famous/puzzles.txt: `puzzle:count:smallest # name`):
        // hard unique ones, where finishing would give the first solution again, several
        // solutions, none found only deep in the search.
        let path = format!("{}/tests/famous/puzzles.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).unwrap();
        let lines = text.lines().filter(|l| !l.starts_with('#'));
        for l in lines.map(|l| l.split(" # ").next().unwrap()) {
            let f: Vec<&str> = l.split(':').collect();
            let count = f[1].trim_end_matches('+').parse::<usize>().unwrap().min(2);
            let only = Grid::from_line(f[2]).filter(|_| count == 1);
            assert_eq!(
                by_pair(&Grid::from_line(f[0]).unwrap()),
                (count, only),
                "{}",
                l
            );
        }
    }

    #[test]
    fn few_givens_agree_with_the_ordered_search_alone() {
        // Too sparse for the plain search, but the ordered search alone (the in-order
        // enumeration) handles them, and its first solution is the smallest by construction.
        let mut rng = Rng(2239);
        for n in 0..400 {
            let g = gen::with_clues(&mut rng, 8 + n % 13);
            let want = first_in_order(&g);
            assert!(want.map_or(false, |s| s.is_solved() && g.agrees_with(&s)));
            assert_eq!(first_solution(&g), want, "puzzle {} {:?}", n, g);
            assert_eq!(through_the_counting_search(&g, 1), want, "puzzle {}", n);
            for probe in [PROBE_NODES, 1] {
                assert_eq!(through_the_probes(&g, probe, true), want, "puzzle {}", n);
            }
            for probe in [true, false] {
                assert_eq!(by_route(&g, Oracle::Learning, probe), want, "puzzle {}", n);
            }
        }
    }

    #[test]
    fn swaps_in_the_witness_make_solutions() {
        // `swapped` and `exchanged` claim, without a search, another solution with one cell
        // changed to a digit asked for: each claim is checked as a whole grid that keeps the
        // givens.
        let mut rng = Rng(2239);
        let (mut swapped, mut exchanged) = (0, 0);
        for n in 0..300 {
            let g = gen::with_clues(&mut rng, 17 + n % 12);
            let root = Board::new(&g).unwrap();
            let w = count_and_witness(&g, 1).1.unwrap();
            for c in (0..81).filter(|&c| g.0[c] == 0) {
                let asked = (1 << (w.0[c] - 1)) - 1;
                let by_digits: Vec<Grid> = (1..w.0[c])
                    .filter_map(|d| root.exchanged(&w, c, d))
                    .collect();
                let by_lines = root.swapped(&w, c, asked);
                exchanged += by_digits.len();
                swapped += by_lines.is_some() as usize;
                for v in by_digits.iter().chain(&by_lines) {
                    assert!(v.is_solved() && g.agrees_with(v), "{:?} {:?}", g, v);
                    assert!(v.0[c] < w.0[c], "{:?} cell {}", g, c);
                }
            }
        }
        assert!(
            swapped > 1000 && exchanged > 1000,
            "{} {}",
            swapped,
            exchanged
        );
    }

    #[test]
    fn swaps_claim_many_solutions_only_where_there_are() {
        // `interchangeable` and `has_other` claim, without a search, that there are no
        // solutions or several (the first) or several (the second): the counting search
        // checks each claim, on puzzles of 17 to 40 givens (many of which they hold for)
        // and unique ones that propagation leaves open.
        let mut rng = Rng(7681);
        let (mut interchangeable, mut other) = (0, 0);
        for n in 0..1000 {
            let g = match n % 2 {
                0 => gen::with_clues(&mut rng, 17 + n % 24),
                _ => gen::unique(&mut rng, 20),
            };
            let (count, witness) = count_and_witness(&g, 2);
            let root = Board::new(&g).unwrap();
            if root.interchangeable() {
                assert_ne!(count, 1, "puzzle {} {:?}", n, g);
                interchangeable += 1;
            }
            if root.has_other(&witness.unwrap()) {
                assert_eq!(count, 2, "puzzle {} {:?}", n, g);
                other += 1;
            }
        }
        assert!(
            interchangeable > 10 && other > 200,
            "{} {}",
            interchangeable,
            other
        );
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut g = Grid::EMPTY;
        g.0[0] = 1;
        g.0[80] = 1; // no clash yet: row 0 col 0 and row 8 col 8
        assert_eq!(count_solutions(&g, 2), 2);
        g.0[10] = 1; // same box as cell 0
        assert_eq!(first_solution(&g), None);
        assert_eq!(count_and_witness(&g, 2), (0, None));
    }
}
