//! `sudoku gen`: random puzzles of every size, unique or not, from a seed.

use super::{misuse, stdout, Args, Fail};
use std::io::Write;
use sudoku_kit::gen;
use sudoku_kit::jigsaw;
use sudoku_kit::rng::Rng;
use sudoku_kit::square::{self, MAX_BOX};

pub(super) const GEN: &str = "\
usage: sudoku gen [--size N] [--count N] [--seed S] [--clues K] [--unique | --mix] [--letters]
       sudoku gen --jigsaw [--walls] [--count N] [--seed S] [--clues K]
Prints N (default 1) random puzzles, one 81-character line each, `.` for blanks; the same
seed (default: the clock) gives the same puzzles.
  --size N    the grid's side: 4, 9 (default), 16, 25 or 36; other than 9, each puzzle is
              N rows of N numbers (`0` blank) followed by a blank line
  --clues K   blank all but K random cells of a random solved grid (default: 30 of 81,
              else 35% of the cells)
  --unique    blank cells one by one while the solution stays unique, down to K clues
              if --clues is given (a puzzle that gets stuck keeps more; from 16x16 so
              does a cell whose check is hard: 25x25 in about 0.5 s, nearly minimal)
  --mix       the stress-test mix (9x9): unique, several-solution and unsolvable puzzles
  --letters   16x16 puzzles as rows of letters A-P, `-` blank (SPOJ SUDOKU, POJ 3076)
  --jigsaw    unique jigsaw puzzles on random layouts of nine connected regions of nine
              cells (blanked as --unique does): 9 rows of the grid, 9 rows of region
              letters a-i, a blank line; `sudoku solve --regions` reads them
  --walls     with --jigsaw, an HDU 4069 input instead: the count, then each puzzle as 9
              rows of numbers, the digit plus its walls (16 up, 32 right, 64 down, 128
              left), a blank line between puzzles
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
    jigsaw: bool,
    walls: bool,
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
            jigsaw: false,
            walls: false,
        };
        let mut sized = false;
        while let Some(a) = args.next() {
            match a {
                "--count" => o.count = args.value(a)?,
                "--seed" => o.seed = Some(args.value(a)?),
                "--clues" => o.clues = Some(args.value(a)?),
                "--unique" => o.unique = true,
                "--mix" => o.mix = true,
                "--letters" => o.letters = true,
                "--jigsaw" => o.jigsaw = true,
                "--walls" => o.walls = true,
                "--size" => {
                    sized = true;
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
            _ if o.walls && !o.jigsaw => Some("--walls goes with --jigsaw"),
            _ if o.jigsaw && (sized || o.unique || o.mix || o.letters) => {
                Some("--jigsaw goes with --walls, --count, --seed and --clues only")
            }
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
    if o.jigsaw {
        return gen_jigsaw(&o, &mut rng, &mut out);
    }
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

/// `gen --jigsaw`: unique jigsaw puzzles, with their region letters or (`--walls`) as an HDU
/// 4069 input.
fn gen_jigsaw(o: &GenOptions, rng: &mut Rng, out: &mut impl Write) -> Result<(), Fail> {
    let mut text = Vec::new();
    if o.walls {
        text = format!("{}\n", o.count).into_bytes();
    }
    for k in 0..o.count {
        let g = jigsaw::gen::unique(rng, o.clues.unwrap_or(0));
        if !o.walls {
            jigsaw::text::write_lettered(&g, &mut text);
            text.push(b'\n');
        } else if k > 0 {
            text.push(b'\n');
            jigsaw::text::write_walled(&g, &mut text);
        } else {
            jigsaw::text::write_walled(&g, &mut text);
        }
        out.write_all(&text)?;
        text.clear();
    }
    out.flush()?;
    Ok(())
}
