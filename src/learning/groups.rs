//! The variables, literals and exactly-one groups of a grid of one box size, numbered as the
//! board's columns are, so that a board's sizes and a group's free members are the same
//! facts.

use super::super::square::solver::Geometry;

/// The numbering of one box size's variables and groups over its [`Geometry`].
///
/// ```text
/// variable v = side * cell + s (s = symbol - 1)   literal = 2 * v (true) or 2 * v + 1 (false)
/// group  0..cells: cell c, members side * c + 0..side, member k holds symbol k
/// group  cells + side * u + s: symbol s in unit u (rows, columns, boxes as the geometry's
///        units), member p at the unit's position p
/// ```
pub(super) struct Numbering {
    pub(super) geo: Geometry,
    pub(super) cells: usize,
    pub(super) vars: usize,
    pub(super) count: usize,
    /// `2^32 / side` rounded up: `x * recip >> 32` is `x / side` for every number here,
    /// without a division's latency in the propagation's inner loops.
    recip: u64,
    /// Per cell, its three symbol groups' first (symbol 1's) with its place in each: `group
    /// << 8 | place`, rows, columns, boxes.
    homes: Vec<[u32; 3]>,
    /// The geometry's units, then the places `0..side`: a group's members by [`Numbering::at`].
    places: Vec<u16>,
}

impl Numbering {
    pub(super) fn new(n: usize) -> Numbering {
        let geo = Geometry::new(n);
        let cells = geo.side * geo.side;
        Numbering {
            cells,
            vars: cells * geo.side,
            count: 4 * cells,
            recip: ((1u64 << 32) + geo.side as u64 - 1) / geo.side as u64,
            homes: (geo.homes.iter())
                .map(|h| {
                    let at = |k: usize| {
                        ((cells + geo.side * h[k].0 as usize) << 8) as u32 | h[k].1 as u32
                    };
                    [at(0), at(1), at(2)]
                })
                .collect(),
            places: (geo.units.iter().copied())
                .chain(0..geo.side as u16)
                .collect(),
            geo,
        }
    }

    /// `x / side` and `x % side`.
    #[inline]
    pub(super) fn split(&self, x: usize) -> (usize, usize) {
        let q = ((x as u64 * self.recip) >> 32) as usize;
        (q, x - q * self.geo.side)
    }

    /// Member `k` of group `g`.
    #[inline]
    pub(super) fn member(&self, g: usize, k: usize) -> usize {
        self.at(self.members(g), k)
    }

    /// How to find group `g`'s members.
    #[inline]
    pub(super) fn members(&self, g: usize) -> Members {
        let side = self.geo.side;
        if g < self.cells {
            Members {
                places: 3 * self.cells,
                step: 1,
                base: side * g,
            }
        } else {
            let (u, s) = self.split(g - self.cells);
            Members {
                places: side * u,
                step: side,
                base: s,
            }
        }
    }

    /// Member `k` of the group `m` describes.
    #[inline]
    pub(super) fn at(&self, m: Members, k: usize) -> usize {
        m.base + m.step * self.places[m.places + k] as usize
    }

    /// The four groups of variable `v` (its cell's, then its symbol's in its row, column and
    /// box), each with `v`'s place among the group's members.
    #[inline]
    pub(super) fn groups_of(&self, v: usize) -> [(usize, usize); 4] {
        let (c, s) = self.split(v);
        let h = &self.homes[c];
        let digit = |k: usize| ((h[k] >> 8) as usize + s, (h[k] & 255) as usize);
        [(c, s), digit(0), digit(1), digit(2)]
    }

    /// The unit of a digit group `g` (not a cell's).
    #[inline]
    pub(super) fn unit_of(&self, g: usize) -> usize {
        self.split(g - self.cells).0
    }

    /// The places in digit group `g` of its members outside the unit through variable `v`
    /// in which `g` locked its symbol: a line's outside `v`'s box, a box's outside `v`'s row
    /// or column, whichever crosses the box. Those members were false when the lock struck `v`.
    pub(super) fn outside(&self, g: usize, v: usize) -> u64 {
        let (geo, u) = (&self.geo, self.unit_of(g));
        let c = v / geo.side;
        let kind = match u / geo.side {
            0 | 1 => 2,
            _ => {
                let b = u - 2 * geo.side;
                let row = geo.homes[c][0].0 as usize;
                if row / geo.n == b / geo.n {
                    0
                } else {
                    1
                }
            }
        };
        let other = geo.homes[c][kind].0;
        let unit = geo.unit(u).iter();
        let out = unit
            .enumerate()
            .filter(|&(_, &m)| geo.homes[m as usize][kind].0 != other);
        out.fold(0, |m, (p, _)| m | 1 << p)
    }
}

/// The members of one group: member `k` is `base + step * places[places + k]`
/// ([`Numbering::at`]): `side * c + k` of cell `c`'s group, `side * cell + s` of symbol `s`'s
/// in a unit, the cell at the unit's place `k`.
#[derive(Clone, Copy)]
pub(super) struct Members {
    places: usize,
    step: usize,
    base: usize,
}

/// The literal "variable `v` is true".
#[inline]
pub(super) fn positive(v: usize) -> u32 {
    2 * v as u32
}

/// The literal "variable `v` is false".
#[inline]
pub(super) fn negative(v: usize) -> u32 {
    2 * v as u32 + 1
}

/// A group's free mask marked settled: it has a true member, propagated (its other members
/// are struck), so it has nothing more to do. Symbols use at most 36 bits.
pub(super) const GROUP_SETTLED: u64 = 1 << 63;
