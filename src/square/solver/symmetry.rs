//! Interchangeable lines, for the probes that only ask whether a board holds a solution, and
//! for the root's count to 2: where they (or two symbols placed nowhere) make solutions come
//! in pairs, one solution shows two.
//!
//! Two rows of a band whose placed symbols are the same set, blank in the same columns, can
//! swap their blank cells in any solution of the board and give another: every row, column
//! and box keeps its symbols. So can two such columns of a stack. (Propagation and strikes
//! only take candidates no solution uses: the candidates left need no comparing.) On the
//! descent's deep boards (the top rows filled, a few givens below) the blank rows of a
//! bottom band are alike, and a refutation meets each dead end once for every order of them. Ordering each class by its symbols along one line across it (distinct
//! there, so a strict order) keeps one solution of every orbit: a probe with the order
//! finds a solution if and only if the board holds one.

use super::board::{bits, Board, Geometry};

/// Two cells whose symbols must rise: the first's below the second's.
pub(super) type Chain = (usize, usize);

/// The chains of board `b`: each class of alike rows ordered along a column outside every
/// class of columns, and each class of columns along a row outside every class of rows.
/// Sorting a solution's columns, then its rows, then meets both orders: the row sort moves
/// no column's key row.
pub(super) fn line_chains(geo: &Geometry, b: &Board) -> Vec<Chain> {
    let side = geo.side;
    let row = |r: usize, k: usize| r * side + k;
    let column = |c: usize, k: usize| k * side + c;
    let rows = alike_classes(geo, b, &row);
    let columns = alike_classes(geo, b, &column);
    let mut chains = Vec::new();
    chain_classes(geo, b, &rows, &row, class_members(&columns), &mut chains);
    chain_classes(geo, b, &columns, &column, class_members(&rows), &mut chains);
    chains
}

/// Whether the solutions of `b` come in pairs: two alike lines, or two symbols that no
/// placed cell holds, swap in any solution to give another. Then one solution shows two.
pub(super) fn paired(geo: &Geometry, b: &Board) -> bool {
    let side = geo.side;
    let placed = (b.value.iter().filter(|&&v| v != 0)).fold(0u64, |m, &v| m | 1 << (v - 1));
    (geo.full & !placed).count_ones() >= 2
        || !alike_classes(geo, b, &|r, k| r * side + k).is_empty()
        || !alike_classes(geo, b, &|c, k| k * side + c).is_empty()
}

/// The lines in some class, as a mask.
fn class_members(classes: &[Vec<usize>]) -> u64 {
    classes.iter().flatten().fold(0, |m, &l| m | 1 << l)
}

/// Chains each class along the line across it, not in `barred` and blank there, where its
/// cells have the fewest candidates. Line `l`'s cell `k` is `cell(l, k)`.
fn chain_classes(
    geo: &Geometry,
    b: &Board,
    classes: &[Vec<usize>],
    cell: &dyn Fn(usize, usize) -> usize,
    barred: u64,
    chains: &mut Vec<Chain>,
) {
    for class in classes {
        let l = class[0];
        let key = (0..geo.side)
            .filter(|&k| barred >> k & 1 == 0 && b.value[cell(l, k)] == 0)
            .min_by_key(|&k| b.cand[cell(l, k)].count_ones());
        if let Some(k) = key {
            chains.extend(class.windows(2).map(|w| (cell(w[0], k), cell(w[1], k))));
        }
    }
}

/// The classes (two lines or more, each within one band or stack) of alike lines of `b`,
/// line `l`'s cell `k` being `cell(l, k)`.
fn alike_classes(
    geo: &Geometry,
    b: &Board,
    cell: &dyn Fn(usize, usize) -> usize,
) -> Vec<Vec<usize>> {
    let (n, side) = (geo.n, geo.side);
    // Each line's placed symbols, once.
    let placed: Vec<u64> = (0..side)
        .map(|l| {
            (0..side)
                .map(|k| cell(l, k))
                .filter(|&i| b.value[i] != 0)
                .fold(0, |m, i| m | b.cand[i])
        })
        .collect();
    let alike = |x: usize, y: usize| {
        placed[x] == placed[y]
            && (0..side).all(|k| (b.value[cell(x, k)] == 0) == (b.value[cell(y, k)] == 0))
    };
    let mut classes = Vec::new();
    for band in 0..n {
        let lines = band * n..(band + 1) * n;
        let mut sorted = 0u64;
        for l in lines.clone() {
            if sorted >> l & 1 != 0 || placed[l].count_ones() as usize == side {
                continue;
            }
            let class: Vec<usize> = (l..lines.end)
                .filter(|&m| sorted >> m & 1 == 0 && alike(l, m))
                .collect();
            for &m in &class {
                sorted |= 1 << m;
            }
            if class.len() > 1 {
                classes.push(class);
            }
        }
    }
    classes
}

/// Takes from `b` the symbols the chains leave no room for, and propagates; false on a
/// contradiction.
pub(super) fn keep_chains(b: &mut Board, geo: &Geometry, chains: &[Chain]) -> bool {
    loop {
        let mut changed = false;
        for &(x, y) in chains {
            // `y` loses `x`'s least symbol and those below it, `x` `y`'s greatest and above.
            let least = b.cand[x] & b.cand[x].wrapping_neg();
            let greatest = 1u64 << (63 - b.cand[y].leading_zeros());
            let gone = [
                (y, b.cand[y] & (least | (least - 1))),
                (x, b.cand[x] & !(greatest - 1)),
            ];
            for (i, symbols) in gone {
                for bit in bits(symbols) {
                    if !b.remove(geo, i, bit) {
                        return false;
                    }
                }
                changed |= symbols != 0;
            }
        }
        if !changed {
            return true;
        }
        if !b.propagate(geo, true) {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::super::learning::Refuter;
    use super::super::super::super::rng::Rng;
    use super::super::super::gen as square_gen;
    use super::super::super::Square;
    use super::super::Search;
    use super::*;

    /// Boards like the descent's deep ones: where the ordered search meets its second dead
    /// end in a sparse grid of box size `n` (the first rows filled with their least symbols,
    /// over a few givens), with each symbol of its first blank cell in turn; many hold no
    /// solution.
    fn deep_boards(rng: &mut Rng, n: usize) -> Vec<Square> {
        let clues = 3 + rng.below(3 * n);
        let g = square_gen::with_clues(rng, n, clues);
        let mut s = Search::new(&g).unwrap();
        s.lex = true;
        let run = s.any_order(0, 1, 2);
        if run.nodes > 0 {
            return Vec::new();
        }
        let deep = &s.boards[run.depth];
        let i = deep.first_blank().unwrap();
        bits(deep.cand[i])
            .map(|bit| {
                let mut child = Square::from_cells(n, deep.value.clone());
                child.set(i, bit.trailing_zeros() as u8 + 1);
                child
            })
            .collect()
    }

    /// Round `k`'s boards: the deep boards of box size 3 or 4 in turns, and every third round a
    /// minimal unique 9x9 puzzle.
    fn rounds_boards(rng: &mut Rng, k: usize) -> Vec<Square> {
        let mut boards = deep_boards(rng, if k % 2 == 1 { 4 } else { 3 });
        if k % 3 == 0 {
            boards.push(square_gen::unique(rng, 3, 0));
        }
        boards
    }

    #[test]
    fn probes_keeping_the_order_of_alike_lines_find_what_the_full_search_finds() {
        // Against the any-order search without the chains, counting to 2 to the end: the same
        // answer to "is there a solution?", and a solution found is one of the board. Minimal
        // unique 9x9 puzzles join the deep boards: a board with one solution has no alike
        // lines, as swapping them would make a second.
        let mut rng = Rng(3134);
        let (mut chained, mut held, mut unique) = (0, 0, 0);
        for k in 0..300 {
            for g in rounds_boards(&mut rng, k) {
                let mut s = match Search::new(&g) {
                    Some(s) => s,
                    None => continue,
                };
                let want = Search::new(&g).unwrap().any_order(0, 2, u64::MAX).found;
                s.chains = line_chains(&s.geo, &s.boards[0]);
                if want == 1 {
                    assert!(s.chains.is_empty(), "{:?} {:?}", g, s.chains);
                    unique += 1;
                }
                chained += !s.chains.is_empty() as usize;
                let probe = s.any_order(0, 1, u64::MAX);
                assert_eq!(probe.found, want.min(1), "{:?} {:?}", g, s.chains);
                // Clause learning told the same order: the same answer.
                let b = &s.boards[0];
                let mut refuter = Refuter::new(g.box_size(), &b.cand, &s.chains);
                let learned = refuter.turn(u64::MAX).expect("no budget to run out");
                assert_eq!(learned.is_some(), want > 0, "{:?} {:?}", g, s.chains);
                if let Some(w) = probe.witness {
                    let w = Square::from_cells(g.box_size(), w);
                    assert!(w.is_solved() && g.agrees_with(&w), "{:?}", g);
                    held += 1;
                }
            }
        }
        assert!(
            chained >= 400 && held >= 500 && unique >= 100,
            "{} chained, {} held, {} unique",
            chained,
            held,
            unique
        );
    }

    #[test]
    fn boards_whose_solutions_pair_up_never_have_exactly_one() {
        // Against the any-order search counting to 2 to the end, on the deep boards and unique
        // puzzles: a paired board has none or two, so no unique puzzle is paired. Then a
        // 36x36 grid of two givens, paired (34 symbols placed nowhere), which the any-order
        // count leaves open: one solution found by a probe counts two.
        let mut rng = Rng(3135);
        let (mut pairs, mut unique) = (0, 0);
        for k in 0..300 {
            for g in rounds_boards(&mut rng, k) {
                let mut s = match Search::new(&g) {
                    Some(s) => s,
                    None => continue,
                };
                let want = s.any_order(0, 2, u64::MAX).found;
                if paired(&s.geo, &s.boards[0]) {
                    assert_ne!(want, 1, "{:?}", g);
                    pairs += 1;
                } else {
                    unique += (want == 1) as usize;
                }
            }
        }
        assert!(
            pairs >= 400 && unique >= 100,
            "{} paired, {} unique",
            pairs,
            unique
        );
        let g = square_gen::with_clues(&mut rng, 6, 2);
        assert_eq!(super::super::count_solutions(&g, 2), 2);
    }
}
