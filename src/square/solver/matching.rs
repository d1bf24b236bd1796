//! Bipartite matchings of a unit's open cells to its missing symbols (all-different): which
//! cells cannot all be placed, and which symbols fit a cell in no placement of them all.

use super::super::MAX_BOX;
use super::board::bits;

/// Finds cell `c` of `open` a symbol: a free one if it has one, else one whose holder can
/// move on to another. `owner[s]` is the cell holding symbol `s`, `taken` the symbols held,
/// `seen` the held symbols this search has tried to free. On failure, `c` and the holders
/// of `seen` are cells that can take only the symbols `seen`, one fewer than they are.
pub(super) fn augment(
    c: usize,
    open: &[u64],
    owner: &mut [u8; 64],
    taken: &mut u64,
    seen: &mut u64,
) -> bool {
    let free = open[c] & !*taken;
    let mut moves = bits(open[c] & !*seen);
    let bit = if free != 0 {
        free & free.wrapping_neg()
    } else {
        let mut found = None;
        for bit in &mut moves {
            *seen |= bit;
            let s = bit.trailing_zeros() as usize;
            if augment(owner[s] as usize, open, owner, taken, seen) {
                found = Some(bit);
                break;
            }
        }
        match found {
            Some(bit) => bit,
            None => return false,
        }
    };
    *taken |= bit;
    owner[bit.trailing_zeros() as usize] = c as u8;
    true
}

/// The moves of a perfect matching of a unit's open cells `open` (cell `owner[s]` holds
/// symbol `s`): each cell can take another symbol it may hold, pushing out its holder. Symbol
/// `s` fits cell `c` in some perfect matching exactly when the holder of `s` can push `c`
/// along a chain of moves (Regin's arc consistency for all-different): `c` and the holder
/// lie in one class of cells that push each other around.
pub(super) struct Moves {
    /// Per cell, its symbol in the matching.
    pub(super) mate: [u64; MAX_BOX * MAX_BOX],
    /// Per cell, the cells it can push out at once, and the cells that can push it out.
    push: [u64; MAX_BOX * MAX_BOX],
    pushed_by: [u64; MAX_BOX * MAX_BOX],
}

impl Moves {
    pub(super) fn new(open: &[u64], owner: &[u8; 64]) -> Moves {
        let mut m = Moves {
            mate: [0; MAX_BOX * MAX_BOX],
            push: [0; MAX_BOX * MAX_BOX],
            pushed_by: [0; MAX_BOX * MAX_BOX],
        };
        for s in bits(open.iter().fold(0, |all, &o| all | o)) {
            m.mate[owner[s.trailing_zeros() as usize] as usize] = s;
        }
        for (c, &o) in open.iter().enumerate() {
            for s in bits(o & !m.mate[c]) {
                let h = owner[s.trailing_zeros() as usize] as usize;
                m.push[c] |= 1 << h;
                m.pushed_by[h] |= 1 << c;
            }
        }
        m
    }

    /// Per cell of the `k`, its class: the cells it pushes along chains of moves that also
    /// push it.
    pub(super) fn classes(&self, k: usize) -> [u64; MAX_BOX * MAX_BOX] {
        let mut class = [0; MAX_BOX * MAX_BOX];
        let mut left = (1u64 << k) - 1;
        while left != 0 {
            let c = left.trailing_zeros() as usize;
            let own = closure(&self.push, c) & closure(&self.pushed_by, c);
            for d in bits(own) {
                class[d.trailing_zeros() as usize] = own;
            }
            left &= !own;
        }
        class
    }
}

/// The cells reached from `c` along the edges `next` (bits of cells per cell), `c` included.
fn closure(next: &[u64], c: usize) -> u64 {
    let (mut seen, mut frontier) = (1u64 << c, 1u64 << c);
    while frontier != 0 {
        let reached = bits(frontier).fold(0, |m, d| m | next[d.trailing_zeros() as usize]);
        frontier = reached & !seen;
        seen |= reached;
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_only_push_each_other_keep_their_symbols() {
        // Cells 0 and 1 take symbols a and b (bits 0, 1), cell 2 any of a, b, c: in every
        // perfect matching 0 and 1 share a and b, so cell 2 takes c. Cell 2 can push 0 and
        // 1, but neither can push it back: it is a class alone, and a and b fit it in none.
        let open = [0b011, 0b011, 0b111];
        let (mut owner, mut taken) = ([0u8; 64], 0);
        assert!((0..3).all(|c| augment(c, &open, &mut owner, &mut taken, &mut 0)));
        let class = Moves::new(&open, &owner).classes(3);
        assert_eq!(class[..3], [0b011, 0b011, 0b100]);
        // Without cell 2's c, the three cells need a third symbol they do not have.
        let open = [0b011, 0b011, 0b011];
        let (mut owner, mut taken, mut seen) = ([0u8; 64], 0, 0);
        assert!(augment(0, &open, &mut owner, &mut taken, &mut 0));
        assert!(augment(1, &open, &mut owner, &mut taken, &mut 0));
        assert!(!augment(2, &open, &mut owner, &mut taken, &mut seen));
        assert_eq!(seen, 0b011);
    }
}
