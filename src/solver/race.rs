//! Counts to 2 that race the ordered search: two solutions hand over to the witness route.

use super::super::grid::Grid;
use super::board::Board;
use super::count::{Branching, Count};
use super::learner::{Learner, CONFLICT_NODES};

/// Ordered nodes of the first doubt check (see [`Smallest::doubt`]): 320 costs
/// forum_hardest_1106 2% for 19% less on boards without a solution than 384.
///
/// [`Smallest::doubt`]: super::ordered::Smallest::doubt
pub(super) const DOUBT_FROM: u64 = 320;

/// Conflicts of the first doubt check: 3 costs forum_hardest_1106 0.6% for 10% less.
pub(super) const DOUBT_CONFLICTS: u64 = 2;

/// Each next check's conflicts (at twice the nodes) in times the last's: 4 costs boards
/// without a solution 4% more for forum_hardest_1106 0.6% less, 16 1106 1.0% more for 0.6% less.
pub(super) const DOUBT_GROWTH: u64 = 8;

/// The doubt check that puts the root to failed literals (`failed.rs`, once): at the first,
/// forum_hardest_1106 +6% time; at the second, boards without a solution 23% fewer
/// instructions for 1106 +0.4%; at the third, 2% fewer.
pub(super) const FAILED_CHECK: u32 = 2;

/// [`DOUBT_FROM`] with at most [`LEARN_GIVENS`](super::ordered::LEARN_GIVENS) givens: 64
/// costs magictour 4%.
pub(super) const SPARSE_DOUBT_FROM: u64 = 128;

/// [`DOUBT_CONFLICTS`] with few givens: 5 costs boards without a solution 10% more.
pub(super) const SPARSE_DOUBT_CONFLICTS: u64 = 10;

/// [`DOUBT_GROWTH`] with few givens: not measured against 4 at 10 conflicts.
pub(super) const SPARSE_DOUBT_GROWTH: u64 = 2;

/// Nodes the count on cells gets at the early turn: 16 costs `hunted_earlier.txt` 8.7%, 36
/// forum_hardest_1106 1.1%.
pub(super) const EARLY_NODES: u64 = 24;

/// Nodes of a count to 2 on the leftmost cell with the fewest candidates at the early turn
/// (JCZSolve's order): it refutes some boards without a solution in a few nodes where the
/// others take thousands (held-out hunted ones 5-10% fewer nodes, forum_hardest_1106 +1.3%;
/// 16 and 24 no better).
pub(super) const LEFT_NODES: u64 = 12;

/// Ordered nodes by which the early turn comes: hunted sets 8-12% less, forum_hardest +1-2%.
pub(super) const EARLY_FROM: u64 = 256;

/// [`EARLY_FROM`] and [`PAIR_LATE`] with at most [`LEARN_GIVENS`](super::ordered::LEARN_GIVENS)
/// givens: the early turn at 64 costs magictour 3.7% for `hunted_earlier.txt` -5.5%; 256 +0.9%.
pub(super) const LEARN_EARLY_FROM: u64 = 128;

/// In [`counted`], the share of a turn clause learning gets, one in this many: 4 costs boards
/// without a solution 6-11% more for forum_hardest_1106 2.2% less, 2 them 3-6% less for +4.1%.
pub(super) const RACE_SHARE: u64 = 3;

/// Nodes the clause-learning count saves before it runs: what its first solution costs.
pub(super) const PAIR_CREDIT: u64 = 48;

/// Nodes it gets at its first turn on sparse puzzles: most first solutions (hunts -3-4%).
pub(super) const PAIR_START: u64 = 128;

/// Ordered nodes before the others get [`PAIR_START`]: 21+ givens -12%, 1106 +1.5%.
pub(super) const PAIR_LATE: u64 = 768;

/// Nodes a count to 2 by cells gets alone before the race's other counts join it (see
/// [`counted`]): 64 costs forum_hardest_1106 70% more nodes, 256 42%, 512 11%.
pub(super) const SOLO_NODES: u64 = 512;

/// A count to 2 from `root` past `cells`, a count by cells that gave up: it and the race's
/// count by clause learning in turns, each turn twice the last (clause learning gets a
/// [`RACE_SHARE`]th of it), until one shows two solutions or all of them. Each refutes some
/// boards in tens of nodes where the other takes millions, so no board waits on one count's
/// worst. The solutions shown (0, 1 or 2), a witness, and all their nodes.
pub(super) fn counted(root: Board, cells: Count) -> (usize, Option<Grid>, u64) {
    let mut race = [Racer::Pair(Pair::new(root)), Racer::Count(cells)];
    let mut turn = SOLO_NODES;
    loop {
        for i in 0..race.len() {
            let shown = match &mut race[i] {
                Racer::Count(c) => c.race(turn, &root).1,
                Racer::Pair(p) => p.race(turn / RACE_SHARE).1,
            };
            let found = match shown {
                Shown::Nothing => continue,
                Shown::Two => (2, race[i].witness()),
                Shown::All(w) => (w.is_some() as usize, w),
            };
            let nodes = race.iter().map(Racer::nodes).sum();
            return (found.0, found.1, nodes);
        }
        turn *= 2;
    }
}

/// The counts of the race from `root`, built at the ordered search's early turn (see
/// [`EARLY_FROM`]): clause learning's first, the count on cells last.
pub(super) fn racers(root: Board) -> Vec<Racer> {
    vec![
        Racer::Pair(Pair::new(root)),
        Racer::Count(Count::new(root, 2, Branching::Cells)),
    ]
}

/// A count to 2 of the race (see [`racers`]).
pub(super) enum Racer {
    Count(Count),
    Pair(Pair),
}

impl Racer {
    /// The first solution it found, if any.
    pub(super) fn witness(&self) -> Option<Grid> {
        match self {
            Racer::Count(c) => c.witness,
            Racer::Pair(p) => p.first,
        }
    }

    /// The nodes it visited.
    fn nodes(&self) -> u64 {
        match self {
            Racer::Count(c) => c.nodes,
            Racer::Pair(p) => p.nodes,
        }
    }
}

/// What a count of the race has shown, with the nodes it spent on this turn.
pub(super) enum Shown {
    /// Not yet two solutions, nor all of them.
    Nothing,
    /// Two solutions: the witness route takes over.
    Two,
    /// Every solution: this one, or none.
    All(Option<Grid>),
}

/// The race's count to 2 by clause learning: any solution, then one other than it (the
/// first one's negation a clause). Where the depth-first count stays in the branch of
/// its first solution for hundreds of nodes, its restarts show a second one of the
/// hunted many-solution puzzles in a few conflicts (the held-out set's worst 9.6 -> 6.3
/// million instructions, forum_hardest_1106 +0.5%).
pub(super) struct Pair {
    pub(super) root: Board,
    /// Made at its first turn: most puzzles never give it one.
    pub(super) learner: Option<Box<Learner>>,
    /// The solution found first.
    pub(super) first: Option<Grid>,
    /// Nodes spent, and nodes given but not spent yet: it runs when they pay for
    /// [`PAIR_CREDIT`].
    pub(super) nodes: u64,
    pub(super) credit: u64,
}

impl Pair {
    /// The count from `root`.
    pub(super) fn new(root: Board) -> Pair {
        Pair {
            root,
            learner: None,
            first: None,
            nodes: 0,
            credit: 0,
        }
    }

    /// Goes on for about `nodes` more, as [`Count::race`].
    pub(super) fn race(&mut self, nodes: u64) -> (u64, Shown) {
        self.credit += nodes;
        if self.credit < PAIR_CREDIT {
            return (0, Shown::Nothing);
        }
        let before = self.nodes;
        loop {
            let conflicts = (self.credit / CONFLICT_NODES).max(1);
            let learner = self.learner.get_or_insert_with(Learner::new);
            let (w, spent) = learner.solve(&self.root, &[], conflicts, self.first.as_ref());
            self.nodes += spent;
            self.credit = self.credit.saturating_sub(spent);
            let shown = match (w, self.first) {
                (Err(super::sat::GaveUp), _) => Shown::Nothing,
                (Ok(Some(_)), Some(_)) => Shown::Two,
                (Ok(None), first) => Shown::All(first),
                (Ok(Some(w)), None) => match self.first_found(w) {
                    Shown::Nothing => continue,
                    shown => shown,
                },
            };
            return (self.nodes - before, shown);
        }
    }

    /// Takes `w` as the first solution found: two solutions shown if the root has another one
    /// at once, else the learner is asked from now on for one other than it.
    pub(super) fn first_found(&mut self, w: Grid) -> Shown {
        self.first = Some(w);
        if self.root.has_other(&w) {
            return Shown::Two;
        }
        let other: Vec<u16> = (0..81)
            .filter(|&c| self.root.is_open(c))
            .map(|c| super::sat::lacks(9 * c + w.0[c] as usize - 1))
            .collect();
        let learner = self
            .learner
            .as_mut()
            .expect("a solution found by the learner");
        learner.sat.require(&other);
        Shown::Nothing
    }
}

impl Count {
    /// Goes on for `nodes` more as a count of the race from `root`: the nodes it spent, and
    /// what it has shown.
    pub(super) fn race(&mut self, nodes: u64, root: &Board) -> (u64, Shown) {
        let (before, found) = (self.nodes, self.found);
        let shown = match self.resume(nodes) {
            true if self.found >= 2 => Shown::Two,
            true => Shown::All(self.witness.take()),
            false if found == 0 && self.witness.map_or(false, |w| root.has_other(&w)) => Shown::Two,
            false => Shown::Nothing,
        };
        (self.nodes - before, shown)
    }
}
