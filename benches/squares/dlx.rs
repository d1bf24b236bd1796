//! The textbook answer to POJ 3076, as the baseline for the square solver: Knuth's
//! Algorithm X with Dancing Links. One column per constraint (each cell, and each symbol in
//! each row, column and box), one row per (cell, symbol) option; the search covers the
//! column with the fewest nodes and stops at the first solution, in no particular order,
//! or gives up at a time limit (some grids with many solutions take it minutes).

use std::time::{Duration, Instant};
use sudoku_kit::square::Square;

/// What Algorithm X found within its time limit.
pub enum Outcome {
    Solution(Square),
    NoSolution,
    GaveUp,
}

/// The circular doubly linked lists: node 0 is the root, nodes `1..=columns` the column
/// headers, then four nodes per option.
struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    /// For an option's node, the option: `cell * side + symbol - 1`.
    option: Vec<usize>,
    size: Vec<usize>,
    /// When to give up, nodes so far (the clock is read every 4096), and whether it did.
    deadline: Instant,
    nodes: u64,
    gave_up: bool,
}

impl Links {
    fn new(n: usize) -> Links {
        let side = n * n;
        let columns = 4 * side * side;
        let nodes = 1 + columns + 4 * side * side * side;
        let mut k = Links {
            left: (0..nodes).map(|i| i.wrapping_sub(1)).collect(),
            right: (0..nodes).map(|i| i + 1).collect(),
            up: (0..nodes).collect(),
            down: (0..nodes).collect(),
            column: (0..nodes).collect(),
            option: vec![0; nodes],
            size: vec![0; nodes],
            deadline: Instant::now(),
            nodes: 0,
            gave_up: false,
        };
        k.left[0] = columns;
        k.right[columns] = 0;
        let mut next = columns + 1;
        for cell in 0..side * side {
            let (r, c) = (cell / side, cell % side);
            let b = r / n * n + c / n;
            for v in 0..side {
                let cols = [
                    cell,
                    side * side + r * side + v,
                    2 * side * side + c * side + v,
                    3 * side * side + b * side + v,
                ];
                for (j, &col) in cols.iter().enumerate() {
                    let (x, h) = (next + j, col + 1);
                    k.left[x] = next + (j + 3) % 4;
                    k.right[x] = next + (j + 1) % 4;
                    k.column[x] = h;
                    k.option[x] = cell * side + v;
                    k.up[x] = k.up[h];
                    k.down[x] = h;
                    let last = k.up[h];
                    k.down[last] = x;
                    k.up[h] = x;
                    k.size[h] += 1;
                }
                next += 4;
            }
        }
        k
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                self.size[self.column[j]] += 1;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    /// Chooses an option: covers the columns of its other nodes (the node's own column is
    /// covered by the caller).
    fn choose(&mut self, x: usize) {
        let mut j = self.right[x];
        while j != x {
            self.cover(self.column[j]);
            j = self.right[j];
        }
    }

    fn unchoose(&mut self, x: usize) {
        let mut j = self.left[x];
        while j != x {
            self.uncover(self.column[j]);
            j = self.left[j];
        }
    }

    /// Algorithm X; true once every column is covered, `chosen` then holding the options,
    /// or once it gave up.
    fn search(&mut self, chosen: &mut Vec<usize>) -> bool {
        self.nodes += 1;
        if self.nodes % 4096 == 0 && Instant::now() > self.deadline {
            self.gave_up = true;
        }
        if self.right[0] == 0 || self.gave_up {
            return true;
        }
        let (mut c, mut best) = (0, usize::MAX);
        let mut h = self.right[0];
        while h != 0 {
            if self.size[h] < best {
                c = h;
                best = self.size[h];
            }
            h = self.right[h];
        }
        if best == 0 {
            return false;
        }
        self.cover(c);
        let mut x = self.down[c];
        while x != c {
            chosen.push(self.option[x]);
            self.choose(x);
            if self.search(chosen) {
                return true;
            }
            self.unchoose(x);
            chosen.pop();
            x = self.down[x];
        }
        self.uncover(c);
        false
    }
}

/// Some solution of `g` (the first Algorithm X meets) within `limit`.
pub fn first_solution(g: &Square, limit: Duration) -> Outcome {
    if g.clash().is_some() {
        return Outcome::NoSolution;
    }
    let (n, side) = (g.box_size(), g.side());
    let mut k = Links::new(n);
    k.deadline = Instant::now() + limit;
    for (cell, &v) in g.cells().iter().enumerate().filter(|&(_, &v)| v != 0) {
        // The given's option: its first node, in the cell's column.
        let x = 1 + 4 * side * side + 4 * (cell * side + v as usize - 1);
        k.cover(k.column[x]);
        k.choose(x);
    }
    let mut chosen = Vec::new();
    if !k.search(&mut chosen) {
        return Outcome::NoSolution;
    }
    if k.gave_up {
        return Outcome::GaveUp;
    }
    let mut cells = g.cells().to_vec();
    for o in chosen {
        cells[o / side] = (o % side + 1) as u8;
    }
    Outcome::Solution(Square::from_cells(n, cells))
}
