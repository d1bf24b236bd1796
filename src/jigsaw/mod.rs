//! Jigsaw Sudoku (HDU 4069 "Squiggly Sudoku"): rows and columns as usual, the nine 3x3 boxes
//! replaced by any nine connected regions of nine cells. A geometry of its own, so the
//! regions are a table ([`Regions`]) that every check and search reads, and the boxes are one
//! table among others.

pub mod gen; // random region layouts and unique puzzles on them (tool side)
pub mod solver; // counts to 2 and the smallest solution over any regions
pub mod text; // HDU 4069's wall encoding, region letters a-i

use super::grid::Grid;

/// Nine connected regions of nine cells covering the 9x9 grid.
///
/// # Invariant
/// `of[i]` is cell `i`'s region, 0 to 8, numbered in the order their first cells come in
/// row-major order; each region has nine cells, joined through the sides they share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regions {
    of: [u8; 81],
    /// The cells of each region, in row-major order.
    cells: [[u8; 9]; 9],
}

/// Why labels are not nine connected regions of nine cells: the cell to point at and what is
/// wrong there.
#[derive(Debug, PartialEq, Eq)]
pub struct Fault {
    /// The cell, 0 to 80 in row-major order.
    pub cell: usize,
    /// What is wrong, naming the region as the caller does.
    pub msg: String,
}

/// `row R column C` of cell `i`, as messages name cells.
pub fn cell_name(i: usize) -> String {
    format!("row {} column {}", i / 9 + 1, i % 9 + 1)
}

/// The cells beside cell `i`: up, right, down and left, `None` past the grid's edge.
pub fn sides(i: usize) -> [Option<usize>; 4] {
    let (r, c) = (i / 9, i % 9);
    [
        (r > 0).then(|| i - 9),
        (c < 8).then(|| i + 1),
        (r < 8).then(|| i + 9),
        (c > 0).then(|| i - 1),
    ]
}

/// The cells reached from `start` through the sides `joined` lets through, as a mask.
pub fn flood(start: usize, joined: impl Fn(usize, usize) -> bool) -> u128 {
    let (mut reached, mut todo) = (1u128 << start, vec![start]);
    while let Some(i) = todo.pop() {
        for j in sides(i).into_iter().flatten() {
            if reached >> j & 1 == 0 && joined(i, j) {
                reached |= 1 << j;
                todo.push(j);
            }
        }
    }
    reached
}

impl Regions {
    /// The 3x3 boxes: a jigsaw puzzle on them is a classic one.
    pub fn boxes() -> Regions {
        let mut of = [0; 81];
        for (i, r) in of.iter_mut().enumerate() {
            *r = (i / 27 * 3 + i % 9 / 3) as u8;
        }
        Regions::numbered(of)
    }

    /// The regions of `of`, a valid numbering.
    fn numbered(of: [u8; 81]) -> Regions {
        let (mut cells, mut filled) = ([[0; 9]; 9], [0; 9]);
        for (i, &r) in of.iter().enumerate() {
            cells[r as usize][filled[r as usize]] = i as u8;
            filled[r as usize] += 1;
        }
        Regions { of, cells }
    }

    /// The regions `labels` draw (cells with one label form a region), checked: nine of
    /// them, nine cells each, each connected. `name(i)` names the region of cell `i` in a
    /// fault (`region 'c'`, `the region of row 1 column 1`).
    pub fn new(labels: &[u8; 81], name: impl Fn(usize) -> String) -> Result<Regions, Fault> {
        let mut size = [0usize; 256];
        for &l in labels.iter() {
            size[l as usize] += 1;
        }
        let count = size.iter().filter(|&&n| n > 0).count();
        if let Some(i) = (0..81).find(|&i| size[labels[i] as usize] != 9) {
            let n = size[labels[i] as usize];
            let mut msg = format!("{} has {} cells, not 9", name(i), n);
            if count != 9 {
                msg += &format!(" ({} regions, not 9)", count);
            }
            return Err(Fault { cell: i, msg });
        }
        let mut of = [u8::MAX; 81];
        let mut next = 0;
        for i in 0..81 {
            if of[i] != u8::MAX {
                continue;
            }
            let joined = flood(i, |a, b| labels[a] == labels[b]);
            if let Some(j) = (i..81).find(|&j| labels[j] == labels[i] && joined >> j & 1 == 0) {
                let msg = format!(
                    "{} is not connected: {} is cut off from {}",
                    name(i),
                    cell_name(j),
                    cell_name(i)
                );
                return Err(Fault { cell: j, msg });
            }
            for (k, r) in of.iter_mut().enumerate() {
                if joined >> k & 1 == 1 {
                    *r = next;
                }
            }
            next += 1;
        }
        Ok(Regions::numbered(of))
    }

    /// The region of cell `i`, 0 to 8.
    pub fn of(&self, i: usize) -> usize {
        self.of[i] as usize
    }

    /// The nine cells of region `r`, in row-major order.
    pub fn cells(&self, r: usize) -> impl Iterator<Item = usize> + '_ {
        self.cells[r].iter().map(|&i| i as usize)
    }

    /// Cell `k` (0 to 8, in row-major order) of region `r`.
    pub fn cell(&self, r: usize, k: usize) -> usize {
        self.cells[r][k] as usize
    }

    /// The letter of cell `i`'s region: `a` for the region of the first cell, and so on.
    pub fn letter(&self, i: usize) -> u8 {
        b'a' + self.of[i]
    }
}

/// A jigsaw puzzle: a 9x9 grid and its regions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Jigsaw {
    /// The cells, 0 blank.
    pub grid: Grid,
    /// The regions that stand for the boxes.
    pub regions: Regions,
}

impl Jigsaw {
    /// The row, column and region of cell `i`, each numbered 0 to 8.
    pub fn units_of(&self, i: usize) -> (usize, usize, usize) {
        (i / 9, i % 9, self.regions.of(i))
    }

    /// The first pair of cells (`a < b`, row-major) that hold the same digit in one unit.
    pub fn clash(&self) -> Option<(usize, usize)> {
        self.grid.first_clash_in(|i| self.units_of(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 81 labels from 9 rows of letters.
    fn labels(rows: &str) -> [u8; 81] {
        let mut l = [0; 81];
        for (cell, b) in l
            .iter_mut()
            .zip(rows.bytes().filter(|b| !b.is_ascii_whitespace()))
        {
            *cell = b - b'a';
        }
        l
    }

    fn name(i: usize) -> String {
        format!("the region of {}", cell_name(i))
    }

    #[test]
    fn boxes_are_nine_connected_regions() {
        let b = Regions::boxes();
        let mut l = [0; 81];
        for (i, x) in l.iter_mut().enumerate() {
            *x = b.letter(i) - b'a';
        }
        assert_eq!(Regions::new(&l, name), Ok(b));
        let middle: Vec<usize> = b.cells(4).collect();
        assert_eq!(middle, [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    }

    #[test]
    fn regions_are_renumbered_by_their_first_cell() {
        // Rows as regions, labelled backwards: row 1 is region 0 all the same.
        let rows = "iiiiiiiii hhhhhhhhh ggggggggg fffffffff eeeeeeeee ddddddddd ccccccccc \
                    bbbbbbbbb aaaaaaaaa";
        let r = Regions::new(&labels(rows), name).unwrap();
        assert_eq!((r.of(0), r.of(80), r.letter(40)), (0, 8, b'e'));
    }

    #[test]
    fn faults_name_the_region_and_the_cell() {
        // Row 1 takes one cell of row 2: row 1's region has 10 cells, row 2's 8.
        let rows = "aaaaaaaaa abbbbbbbb ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg \
                    hhhhhhhhh iiiiiiiii";
        let f = Regions::new(&labels(rows), name).unwrap_err();
        assert_eq!(f.cell, 0);
        assert_eq!(f.msg, "the region of row 1 column 1 has 10 cells, not 9");
        // Eight letters: one of them has 18 cells.
        let rows = "aaaaaaaaa aaaaaaaaa ccccccccc ddddddddd eeeeeeeee fffffffff ggggggggg \
                    hhhhhhhhh iiiiiiiii";
        let f = Regions::new(&labels(rows), name).unwrap_err();
        assert_eq!(
            f.msg,
            "the region of row 1 column 1 has 18 cells, not 9 (8 regions, not 9)"
        );
        // Columns 1 and 9 swap their top cells: column 9's region is cut at row 1 column 1.
        let mut l = [0; 81];
        for (i, x) in l.iter_mut().enumerate() {
            *x = (i % 9) as u8;
        }
        l.swap(0, 8);
        let f = Regions::new(&l, name).unwrap_err();
        assert_eq!((f.cell, f.msg.as_str()), (17, "the region of row 1 column 1 is not connected: row 2 column 9 is cut off from row 1 column 1"));
    }

    #[test]
    fn a_clash_in_a_region_is_found_where_boxes_see_none() {
        // Rows as regions: row 1 columns 1 and 9 share only their region.
        let mut l = [0; 81];
        for (i, x) in l.iter_mut().enumerate() {
            *x = (i / 9) as u8;
        }
        let mut grid = Grid::EMPTY;
        grid.0[0] = 5;
        grid.0[8] = 5;
        let rows = Regions::new(&l, name).unwrap();
        assert_eq!(
            Jigsaw {
                grid,
                regions: rows
            }
            .clash(),
            Some((0, 8))
        );
        // Row 1 column 1 and row 2 column 2 share box 1 only: a clash on the boxes, none
        // on the rows.
        let mut grid = Grid::EMPTY;
        grid.0[0] = 5;
        grid.0[10] = 5;
        let boxes = Regions::boxes();
        assert_eq!(
            Jigsaw {
                grid,
                regions: boxes
            }
            .clash(),
            Some((0, 10))
        );
        assert_eq!(
            Jigsaw {
                grid,
                regions: rows
            }
            .clash(),
            None
        );
    }
}
