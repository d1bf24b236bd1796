//! `sudoku gen`: random puzzles of every size, unique or not, from a seed.

use super::{misuse, stdout, Args, Fail};
use std::io::Write;
use sudoku_kit::gen;
use sudoku_kit::rng::Rng;
use sudoku_kit::square::{self, MAX_BOX};

pub(super) const GEN: &str = "\
usage: sudoku gen [--size N] [--count N] [--seed S] [--clues K] [--unique | --mix] [--letters]
Prints N (default 1) random puzzles, one 81-character line each, `.` for blanks; the same
seed (default: the clock) gives the same puzzles.
  --size N    the grid's side: 4, 9 (default), 16, 25 or 36; other than 9, each puzzle is
              N rows of N numbers (`0` blank) followed by a blank line
  --clues K   blank all but K random cells of a random solved grid (default: 30 of 81,
              else 35% of the cells)
  --unique    blank cells one by one while the solution stays unique, down to K clues
              if --clues is given (a puzzle that gets stuck keeps more)
  --mix       the stress-test mix (9x9): unique, several-solution and unsolvable puzzles
  --letters   16x16 puzzles as rows of letters A-P, `-` blank (SPOJ SUDOKU, POJ 3076)
";

pub(super) struct GenOptions {
    /// The box size: 3 for the side 9.
    size: usize,
    letters: bool,
    count: usize,
    seed: Option<u64>,
    clues: Option<usize>,
    unique: bool,
    mix: bool,
}

impl GenOptions {
    pub(super) fn parse(args: &mut Args) -> Result<GenOptions, Fail> {
        let mut o = GenOptions {
            size: 3,
            letters: false,
            count: 1,
            seed: None,
            clues: None,
            unique: false,
            mix: false,
        };
        while let Some(a) = args.next() {
            match a {
                "--count" => o.count = args.value(a)?,
                "--seed" => o.seed = Some(args.value(a)?),
                "--clues" => o.clues = Some(args.value(a)?),
                "--unique" => o.unique = true,
                "--mix" => o.mix = true,
                "--letters" => o.letters = true,
                "--size" => {
                    let side: usize = args.value(a)?;
                    o.size = (2..=MAX_BOX)
                        .find(|n| n * n == side)
                        .ok_or_else(|| Fail::Usage("--size must be 4, 9, 16, 25 or 36".into()))?;
                }
                _ => return Err(args.unknown(a)),
            }
        }
        let cells = o.size.pow(4);
        if o.clues.map_or(false, |k| k > cells) {
            return Err(Fail::Usage(format!("--clues must be 0 to {}", cells)));
        }
        misuse(match (o.clues, o.unique, o.mix) {
            (_, _, true) if o.size != 3 => Some("--mix makes 9x9 puzzles only"),
            _ if o.letters && o.size != 4 => Some("--letters goes with --size 16"),
            (_, true, true) => Some("--unique and --mix exclude each other"),
            (Some(_), _, true) => Some("--mix chooses its own clue counts"),
            _ => None,
        })?;
        Ok(o)
    }
}

pub(super) fn gen(o: GenOptions) -> Result<(), Fail> {
    let seed = o.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        now.map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rng = Rng(seed);
    let mut out = stdout();
    let mut line = Vec::with_capacity(82);
    for _ in 0..o.count {
        if o.size != 3 {
            let (n, mut text) = (o.size, Vec::new());
            let g = match (o.unique, o.clues) {
                (true, k) => square::gen::unique(&mut rng, n, k.unwrap_or(0)),
                (false, Some(k)) => square::gen::with_clues(&mut rng, n, k),
                (false, None) => square::gen::keeping(&mut rng, n, 0.35),
            };
            if o.letters {
                square::text::write_letters(&g, &mut text);
            } else {
                square::text::write_numbers(&g, &mut text);
            }
            text.push(b'\n');
            out.write_all(&text)?;
            continue;
        }
        let g = if o.mix {
            gen::mixed(&mut rng)
        } else if o.unique {
            gen::unique(&mut rng, o.clues.unwrap_or(0))
        } else {
            gen::with_clues(&mut rng, o.clues.unwrap_or(30))
        };
        line.clear();
        g.write_line(&mut line, b'.');
        out.write_all(&line)?;
    }
    out.flush()?;
    Ok(())
}
