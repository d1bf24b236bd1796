//! A grid of any size as Dancing Links' columns in masks: the candidates, their
//! propagation (singles, locked candidates, matching), and where to branch.

use super::super::MAX_BOX;
use super::matching::{augment, Moves};

/// Units are pruned by their matchings (see [`Board::prune`]) only with at most one cell in
/// `PRUNE_SHARE` open: pruning every unit cost 16x16 grids with many solutions 56% more
/// time, this 17%, and the hunted 25x25 grids gain more, -50% against -31% (docs/speed.md).
pub(super) const PRUNE_SHARE: usize = 2;

/// Which cells share a unit, for one box size.
pub(crate) struct Geometry {
    pub(crate) n: usize,
    pub(crate) side: usize,
    /// Every symbol's bit, and every position's in a unit.
    pub(crate) full: u64,
    /// The cells of each unit, `side` a unit: rows, then columns, then boxes.
    pub(crate) units: Vec<u16>,
    /// Each cell's row, column and box, with its position in each.
    pub(crate) homes: Vec<[(u16, u8); 3]>,
    /// The cells sharing a unit with each cell, `peer_count` a cell.
    pub(crate) peers: Vec<u16>,
    pub(crate) peer_count: usize,
    /// For each position in a unit, the positions in the same stretch of n: a line's
    /// stretch in one box, a box's row.
    pub(crate) stretch: Vec<u64>,
    /// For each position in a box, the positions in the same column of the box.
    pub(crate) box_column: Vec<u64>,
}

impl Geometry {
    pub(crate) fn new(n: usize) -> Geometry {
        let side = n * n;
        let mut units = Vec::with_capacity(3 * side * side);
        let rows = (0..side).flat_map(|r| (0..side).map(move |c| r * side + c));
        let columns = (0..side).flat_map(|c| (0..side).map(move |r| r * side + c));
        let boxes = (0..side).flat_map(|b| {
            let top_left = b / n * n * side + b % n * n;
            (0..side).map(move |k| top_left + k / n * side + k % n)
        });
        units.extend(rows.chain(columns).chain(boxes).map(|i| i as u16));
        let peer_count = 2 * (side - 1) + (n - 1) * (n - 1);
        let mut peers = Vec::with_capacity(side * side * peer_count);
        let mut homes = Vec::with_capacity(side * side);
        for i in 0..side * side {
            let (r, c) = (i / side, i % side);
            let b = r / n * n + c / n;
            let unit = |u: usize| units[u * side..(u + 1) * side].iter().map(|&j| j as usize);
            peers.extend(unit(r).filter(|&j| j != i).map(|j| j as u16));
            peers.extend(unit(side + c).filter(|&j| j != i).map(|j| j as u16));
            let in_box = unit(2 * side + b).filter(|&j| j / side != r && j % side != c);
            peers.extend(in_box.map(|j| j as u16));
            homes.push([
                (r as u16, c as u8),
                ((side + c) as u16, r as u8),
                ((2 * side + b) as u16, (r % n * n + c % n) as u8),
            ]);
        }
        let full = if side == 64 { !0 } else { (1u64 << side) - 1 };
        let stretch = (0..side).map(|p| ((1u64 << n) - 1) << (p / n * n));
        let column = (0..n).fold(0u64, |m, k| m | 1 << (k * n));
        Geometry {
            n,
            side,
            full,
            units,
            homes,
            peers,
            peer_count,
            stretch: stretch.collect(),
            box_column: (0..side).map(|p| column << (p % n)).collect(),
        }
    }

    pub(crate) fn peers_of(&self, i: usize) -> &[u16] {
        &self.peers[i * self.peer_count..(i + 1) * self.peer_count]
    }

    pub(crate) fn unit(&self, u: usize) -> &[u16] {
        &self.units[u * self.side..(u + 1) * self.side]
    }

    /// Whether positions `p` (two or more) of unit `u` all lie where `u` crosses one other
    /// unit: a line's stretch in one box, or a box's row or column.
    pub(crate) fn crosses(&self, u: usize, p: u64) -> bool {
        let low = p.trailing_zeros() as usize;
        p & !self.stretch[low] == 0 || (u >= 2 * self.side && p & !self.box_column[low] == 0)
    }

    /// Which unit [`Geometry::crosses`] found.
    pub(crate) fn crossing(&self, u: usize, p: u64) -> Option<usize> {
        let (n, side) = (self.n, self.side);
        let low = p.trailing_zeros() as usize;
        if p & !self.stretch[low] == 0 {
            let k = low / n;
            return Some(match u / side {
                0 => 2 * side + u / n * n + k,
                1 => 2 * side + k * n + (u - side) / n,
                _ => (u - 2 * side) / n * n + k,
            });
        }
        if u >= 2 * side && p & !self.box_column[low] == 0 {
            return Some(side + (u - 2 * side) % n * n + low % n);
        }
        None
    }
}

/// The symbols' bits, lowest (smallest symbol) first.
pub(super) fn bits(mut m: u64) -> impl Iterator<Item = u64> {
    std::iter::from_fn(move || {
        let bit = m & m.wrapping_neg();
        m &= !bit;
        if bit == 0 {
            None
        } else {
            Some(bit)
        }
    })
}

/// A deduction waiting to be made.
#[derive(Clone, Copy)]
pub(super) enum Job {
    /// A cell left with one symbol: place it.
    Naked(u16),
    /// A symbol left with one place in a unit (unit, symbol): put it there.
    Hidden(u16, u8),
    /// A symbol whose places in a unit all lie in a crossing with another unit: clear it
    /// from the rest of that other unit (locked candidates).
    Locked(u16, u8),
}

/// A partly solved grid.
///
/// # Invariant
/// `cand[i]` holds the bits of the symbols cell `i` may take, and `places[u * side + s]`
/// the positions in unit `u` where symbol `s` may go: the same facts from both sides, as
/// Dancing Links keeps them. A placed cell (`value[i] != 0`) holds only its symbol's bit,
/// which is gone from every peer and set in `done` of its three units. `queue` holds the
/// deductions found but not yet made, and `unmatched` the units that lost a candidate since
/// their last matching check.
#[derive(Clone)]
pub(super) struct Board {
    pub(super) cand: Vec<u64>,
    pub(super) places: Vec<u64>,
    /// How many bits each cell's `cand` and then each `places` has: the sizes of Dancing
    /// Links' columns.
    pub(super) size: Vec<u8>,
    /// The column (as in `size`) that went empty, when a deduction failed.
    pub(super) failed: usize,
    pub(super) done: Vec<u64>,
    pub(super) value: Vec<u8>,
    pub(super) blanks: usize,
    pub(super) queue: Vec<Job>,
    /// A bit per unit (108 at most): only these can have lost their matching.
    pub(super) unmatched: u128,
}

impl Board {
    pub(super) fn new(geo: &Geometry) -> Board {
        let cells = geo.side * geo.side;
        Board {
            cand: vec![geo.full; cells],
            places: vec![geo.full; 3 * cells],
            size: vec![geo.side as u8; 4 * cells],
            failed: usize::MAX,
            done: vec![0; 3 * geo.side],
            value: vec![0; cells],
            blanks: cells,
            // A 1x1 grid's one cell has one symbol from the start.
            queue: if cells == 1 {
                vec![Job::Naked(0)]
            } else {
                Vec::new()
            },
            unmatched: 0,
        }
    }

    /// The first blank cell in row-major order: where the ordered search branches.
    pub(super) fn first_blank(&self) -> Option<usize> {
        self.value.iter().position(|&v| v == 0)
    }

    /// Puts symbol `bit` into cell `i`; false when that leaves a cell without a symbol or a
    /// symbol without a place in some unit.
    pub(super) fn place(&mut self, geo: &Geometry, i: usize, bit: u64) -> bool {
        if self.value[i] != 0 || self.cand[i] & bit == 0 {
            self.failed = i;
            return self.cand[i] == bit;
        }
        self.value[i] = bit.trailing_zeros() as u8 + 1;
        self.blanks -= 1;
        for &(u, _) in &geo.homes[i] {
            self.done[u as usize] |= bit;
        }
        for other in bits(self.cand[i] & !bit) {
            if !self.remove(geo, i, other) {
                return false;
            }
        }
        for &p in geo.peers_of(i) {
            let p = p as usize;
            if self.cand[p] & bit != 0 && !self.remove(geo, p, bit) {
                return false;
            }
        }
        true
    }

    /// Takes symbol `bit` from cell `i`'s candidates and queues what follows; false when a
    /// cell or a symbol in a unit is left with nothing.
    pub(super) fn remove(&mut self, geo: &Geometry, i: usize, bit: u64) -> bool {
        let m = self.cand[i];
        if m & bit == 0 {
            return true;
        }
        self.cand[i] = m & !bit;
        self.size[i] -= 1;
        match self.size[i] {
            0 => {
                self.failed = i;
                return false;
            }
            1 => self.queue.push(Job::Naked(i as u16)),
            _ => {}
        }
        let s = bit.trailing_zeros() as usize;
        let cells = self.cand.len();
        for &(u, pos) in &geo.homes[i] {
            self.unmatched |= 1 << u;
            let slot = u as usize * geo.side + s;
            let old = self.places[slot];
            let p = old & !(1u64 << pos);
            self.places[slot] = p;
            self.size[cells + slot] -= 1;
            if p & p.wrapping_sub(1) == 0 {
                if p == 0 {
                    self.failed = cells + slot;
                    return false;
                }
                self.queue.push(Job::Hidden(u, s as u8));
            } else if geo.crosses(u as usize, p) && !geo.crosses(u as usize, old) {
                self.queue.push(Job::Locked(u, s as u8));
            }
        }
        true
    }

    /// Makes the queued deductions and those they lead to; false on a contradiction.
    pub(super) fn propagate(&mut self, geo: &Geometry, prune: bool) -> bool {
        let alive = loop {
            if !self.deduce(geo) || !self.units_match(geo, prune) {
                break false;
            }
            if self.queue.is_empty() && self.unmatched == 0 {
                break true;
            }
        };
        self.queue.clear();
        alive
    }

    pub(super) fn deduce(&mut self, geo: &Geometry) -> bool {
        let side = geo.side;
        while let Some(job) = self.queue.pop() {
            let alive = match job {
                Job::Naked(i) => {
                    let i = i as usize;
                    self.value[i] != 0 || self.place(geo, i, self.cand[i])
                }
                Job::Hidden(u, s) => {
                    let p = self.places[u as usize * side + s as usize];
                    let c = geo.unit(u as usize)[p.trailing_zeros() as usize];
                    self.place(geo, c as usize, 1 << s)
                }
                Job::Locked(u, s) => self.lock(geo, u as usize, s as usize),
            };
            if !alive {
                return false;
            }
        }
        true
    }

    /// Symbol `s`, whose places in unit `u` lie in its crossing with another unit, leaves
    /// the rest of that other unit.
    pub(super) fn lock(&mut self, geo: &Geometry, u: usize, s: usize) -> bool {
        let p = self.places[u * geo.side + s];
        if p & p.wrapping_sub(1) == 0 {
            return true; // a hidden single by now
        }
        let other = match geo.crossing(u, p) {
            Some(other) => other,
            None => return true,
        };
        let kind = u / geo.side;
        for &c in geo.unit(other) {
            let c = c as usize;
            let gone = self.cand[c] & 1 << s == 0 || geo.homes[c][kind].0 as usize == u;
            if !gone && !self.remove(geo, c, 1 << s) {
                return false;
            }
        }
        true
    }

    /// Whether every unit's open cells can take its missing symbols, one each (a bipartite
    /// matching): a unit whose cells need more symbols than they have between them is dead,
    /// which singles alone do not see. Only the units in `unmatched` are checked: the others
    /// passed on an earlier board and have lost nothing since.
    pub(super) fn units_match(&mut self, geo: &Geometry, prune: bool) -> bool {
        let (mut open, mut owner) = ([0u64; MAX_BOX * MAX_BOX], [0u8; 64]);
        let unmatched = std::mem::take(&mut self.unmatched);
        let mut units = std::iter::successors(Some(unmatched), |m| Some(m & m.wrapping_sub(1)))
            .take_while(|&m| m != 0)
            .map(|m| m.trailing_zeros() as usize);
        let mut cell = [0u16; MAX_BOX * MAX_BOX];
        units.all(|u| {
            if self.done[u] == geo.full {
                return true;
            }
            let mut k = 0;
            for &c in geo.unit(u) {
                if self.value[c as usize] == 0 {
                    open[k] = self.cand[c as usize];
                    cell[k] = c;
                    k += 1;
                }
            }
            let mut taken = 0;
            let matched = (0..k).all(|c| {
                // Most cells find a free symbol: no call for them.
                let free = open[c] & !taken;
                if free == 0 {
                    return augment(c, &open[..k], &mut owner, &mut taken, &mut 0);
                }
                let bit = free & free.wrapping_neg();
                taken |= bit;
                owner[bit.trailing_zeros() as usize] = c as u8;
                true
            });
            let tight = PRUNE_SHARE * k <= geo.side;
            let alive =
                matched && (!prune || !tight || self.prune(geo, &open[..k], &cell[..k], &owner));
            // Its own pruning leaves this unit's matching as it was: no second check for it.
            self.unmatched &= !(1 << u);
            alive
        })
    }

    /// Removes from the open cells of a unit (candidates `open`, matched as `owner` says)
    /// each symbol that no perfect matching gives its cell: (c, s) lies in one exactly
    /// when the cell holding `s` in this matching reaches `c` again by moving symbols along
    /// (Regin's arc consistency for all-different, cells and symbols being as many).
    fn prune(&mut self, geo: &Geometry, open: &[u64], cell: &[u16], owner: &[u8; 64]) -> bool {
        let k = open.len();
        let moves = Moves::new(open, owner);
        let class = moves.classes(k);
        for c in 0..k {
            for s in bits(open[c] & !moves.mate[c]) {
                let o = owner[s.trailing_zeros() as usize] as usize;
                if class[c] >> o & 1 == 0 && !self.remove(geo, cell[c] as usize, s) {
                    return false;
                }
            }
        }
        true
    }

    /// What the any-order search branches on: the column (a blank cell, or a symbol in a
    /// unit) with the fewest choices left for its weight, its count of failures so far
    /// (Dancing Links' fewest-nodes column made adaptive, as dom/wdeg in constraint
    /// solvers); the first on a tie, cells before symbols. `None` when the grid is full.
    pub(super) fn branch(&self, geo: &Geometry, weight: &[u64]) -> Option<Branch> {
        // Sizes are at most 36: the first open column beats 255 at weight 1.
        let (mut best, mut best_size, mut best_weight) = (usize::MAX, 255u64, 1u64);
        for (j, (&k, &w)) in self.size.iter().zip(weight).enumerate() {
            // A size of 1 is a placed cell or symbol (propagation left no other).
            if k > 1 && (k as u64) * best_weight < best_size * w {
                best = j;
                best_size = k as u64;
                best_weight = w;
            }
        }
        let cells = self.cand.len();
        match best {
            usize::MAX => None,
            j if j < cells => Some(Branch::Cell(j)),
            j => Some(Branch::Symbol(
                (j - cells) / geo.side,
                (j - cells) % geo.side,
            )),
        }
    }

    /// The choices of `branch`, each a cell and a symbol's bit, as a mask and how to read
    /// its bits.
    pub(super) fn choices(&self, geo: &Geometry, branch: &Branch) -> u64 {
        match *branch {
            Branch::Cell(i) => self.cand[i],
            Branch::Symbol(u, s) => self.places[u * geo.side + s],
        }
    }
}

/// Where the any-order search branches: every candidate of a cell, or every place of a
/// symbol in a unit (unit, symbol).
pub(super) enum Branch {
    Cell(usize),
    Symbol(usize, usize),
}

impl Branch {
    /// The cell and symbol bit that choice bit `b` of [`Board::choices`] stands for.
    pub(super) fn choice(&self, geo: &Geometry, b: u64) -> (usize, u64) {
        match *self {
            Branch::Cell(i) => (i, b),
            Branch::Symbol(u, s) => (geo.unit(u)[b.trailing_zeros() as usize] as usize, 1 << s),
        }
    }
}
