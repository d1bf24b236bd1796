//! `sudoku trace --html`: one self-contained page that replays the plain search
//! ([`super::plain::observed`]) in a browser, for people learning backtracking. The steps
//! travel packed, a few base-64 characters each, so the default 100,000 of them stay far
//! below 5 MB; the page's style and script are inline (`trace_page.html`), and its content
//! security policy forbids fetching anything, so it works from a file with no network.

use super::plain::Step;
use super::square::Square;
use super::trace::Counts;

/// The page: markup, style, script; [`page`] puts the trace in for `/*DATA*/`.
const TEMPLATE: &str = include_str!("trace_page.html");

/// The digits of the packing, URL-safe base 64: no character needs escaping in a script.
const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The steps of one search, packed for the page: the first `limit` as `width` base-64
/// digits each of `cell * (side + 1) + symbol` (symbol 0 for a backtrack), and every step
/// counted, so a cut trace still tells how long the search was.
pub struct Packed {
    side: usize,
    width: usize,
    limit: u64,
    text: String,
    /// Every step seen, kept or not.
    pub counts: Counts,
}

impl Packed {
    /// No steps yet, of a search on a grid `side` cells wide, keeping at most `limit`.
    pub fn new(side: usize, limit: u64) -> Packed {
        let codes = side * side * (side + 1);
        let mut width = 1;
        while 64usize.pow(width as u32) < codes {
            width += 1;
        }
        Packed {
            side,
            width,
            limit,
            text: String::new(),
            counts: Counts::default(),
        }
    }

    /// Counts `step`, and packs it while fewer than `limit` are kept.
    pub fn push(&mut self, step: Step) {
        if self.kept() < self.limit {
            let code = match step {
                Step::Place { cell, digit } => cell * (self.side + 1) + digit as usize,
                Step::Backtrack { cell } => cell * (self.side + 1),
            };
            for k in (0..self.width).rev() {
                self.text.push(BASE64[code >> (6 * k) & 63] as char);
            }
        }
        self.counts.add(step);
    }

    /// How many steps are packed.
    pub fn kept(&self) -> u64 {
        (self.text.len() / self.width) as u64
    }
}

/// Cells as one base-64 digit each (symbols go up to 36).
fn cells_text(g: &Square) -> String {
    g.cells()
        .iter()
        .map(|&v| BASE64[v as usize] as char)
        .collect()
}

/// The page of the search on `puzzle` whose steps are `steps` and whose first solution is
/// `solution`; `letters` shows symbols as `A`, `B`, ... as the 16x16 letter layout does.
pub fn page(puzzle: &Square, letters: bool, steps: &Packed, solution: Option<&Square>) -> String {
    let data = format!(
        "{{n:{},letters:{},width:{},givens:\"{}\",answer:{},placements:{},backtracks:{},\
         steps:\"{}\"}}",
        puzzle.box_size(),
        letters,
        steps.width,
        cells_text(puzzle),
        solution.map_or("null".into(), |s| format!("\"{}\"", cells_text(s))),
        steps.counts.placements,
        steps.counts.backtracks,
        steps.text,
    );
    TEMPLATE.replacen("/*DATA*/", &data, 1)
}

#[cfg(test)]
mod tests {
    use super::super::rng::Rng;
    use super::super::square::gen;
    use super::super::{plain, visit};
    use super::*;

    /// What the page's script does to `text`, in Rust: the steps back.
    fn unpack(text: &str, width: usize, side: usize) -> Vec<Step> {
        let digit = |c: u8| BASE64.iter().position(|&d| d == c).unwrap();
        text.as_bytes()
            .chunks(width)
            .map(|chunk| {
                let code = chunk.iter().fold(0, |acc, &c| acc * 64 + digit(c));
                let (cell, symbol) = (code / (side + 1), code % (side + 1));
                match symbol {
                    0 => Step::Backtrack { cell },
                    _ => Step::Place {
                        cell,
                        digit: symbol as u8,
                    },
                }
            })
            .collect()
    }

    /// The observer's steps on `g`, and the same packed with `limit`.
    fn observe(g: &Square, limit: u64) -> (Vec<Step>, Packed) {
        let (mut seen, mut packed) = (Vec::new(), Packed::new(g.side(), limit));
        visit::first(|v| {
            plain::observed(g, v, |_, s| {
                seen.push(s);
                packed.push(s);
                false
            })
        });
        (seen, packed)
    }

    #[test]
    fn packed_steps_unpack_to_the_observers_steps_on_every_size() {
        // Half-blanked grids: placements and backtracks on every size.
        for n in 2..=5 {
            let g = gen::keeping(&mut Rng(n as u64), n, if n < 4 { 0.5 } else { 0.65 });
            let side = n * n;
            let (seen, packed) = observe(&g, 1 << 20);
            assert!(seen.iter().any(|s| matches!(s, Step::Backtrack { .. })));
            assert_eq!(unpack(&packed.text, packed.width, side), seen, "n = {}", n);
            assert_eq!(packed.kept(), seen.len() as u64);
        }
        // The largest code of 25x25, the last cell's last symbol, and its backtrack.
        let mut p = Packed::new(25, 9);
        p.push(Step::Place {
            cell: 624,
            digit: 25,
        });
        p.push(Step::Backtrack { cell: 624 });
        assert_eq!(
            unpack(&p.text, 3, 25),
            [
                Step::Place {
                    cell: 624,
                    digit: 25
                },
                Step::Backtrack { cell: 624 }
            ]
        );
    }

    #[test]
    fn a_cut_trace_keeps_the_first_steps_and_counts_them_all() {
        let g = Square::empty(3);
        let (seen, packed) = observe(&g, 10);
        assert_eq!(packed.kept(), 10);
        assert_eq!(unpack(&packed.text, 2, 9), &seen[..10]);
        let all = packed.counts.placements + packed.counts.backtracks;
        assert_eq!(all, seen.len() as u64);
        assert!(all > 10);
    }

    #[test]
    fn the_page_carries_the_puzzle_the_steps_and_the_answer() {
        let mut g = Square::empty(2);
        g.set(0, 1);
        let (_, packed) = observe(&g, 100);
        let solution = plain::first_solution(&g).unwrap();
        let html = page(&g, false, &packed, Some(&solution));
        assert!(html.contains(&format!(
            "{{n:2,letters:false,width:2,givens:\"BAAAAAAAAAAAAAAA\",answer:\"{}\",",
            cells_text(&solution)
        )));
        assert!(html.contains(&format!("steps:\"{}\"}}", packed.text)));
        assert!(!html.contains("/*DATA*/"));
        // Nothing leaves the page: no address to fetch from, and fetching is forbidden.
        for address in ["://", " src=", " href=", "url(", "@import"] {
            assert!(!html.contains(address), "{}", address);
        }
        assert!(html.contains("content=\"default-src 'none'; script-src 'unsafe-inline'; "));
        let none = page(&g, true, &Packed::new(4, 5), None);
        assert!(none.contains("letters:true,width:2,givens:\"BAAAAAAAAAAAAAAA\",answer:null,"));
    }
}
