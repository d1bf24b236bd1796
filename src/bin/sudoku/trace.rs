//! `sudoku trace`: the plain search on a puzzle, step by step.

use super::{each_puzzle, misuse, stdout, terminal, write_solution, Args, Fail};
use std::io::{self, Write};
use std::time::{Duration, Instant};
use sudoku_kit::layout::Puzzles;
use sudoku_kit::square::Square;
use sudoku_kit::trace::{self, Counts};
use sudoku_kit::trace_page::{self, Packed};
use sudoku_kit::{plain, visit};

pub(super) const TRACE: &str = "\
usage: sudoku trace [--delay MS] [--ansi | --lines | --html [--max-steps N]]
Runs the plain search on each puzzle from stdin up to its first solution, showing every
step: on a terminal (or with --ansi) the grid is redrawn in place with the cell being
tried highlighted; otherwise (or with --lines) one line per step. Ends each puzzle with
its solution (or `none`) and a summary: placements, backtracks, time. Stops as soon as
its output is closed (`| head`). Grids of other sizes than 9x9 are shown one line per
step, and their search runs to its first solution even when the output closes.
  --delay MS     pause after each step (default 20 when redrawing, else 0)
  --html         write one self-contained HTML page that replays the search on the first
                 puzzle (play, pause, step back and forth), fetching nothing
  --max-steps N  the page keeps the first N steps (default 100000) and tells how many
                 the search took in all (it runs to its end to count them)
";

/// How the steps are shown.
enum Show {
    Redraw,
    Lines,
    Html { max_steps: u64 },
}

pub(super) struct TraceOptions {
    delay: Duration,
    show: Show,
}

impl TraceOptions {
    pub(super) fn parse(args: &mut Args) -> Result<TraceOptions, Fail> {
        let (mut delay, mut redraw) = (None, terminal(io::stdout()));
        let (mut html, mut max_steps) = (false, None);
        while let Some(a) = args.next() {
            match a {
                "--delay" => delay = Some(args.value(a)?),
                "--ansi" => redraw = true,
                "--lines" => redraw = false,
                "--html" => html = true,
                "--max-steps" => max_steps = Some(args.value(a)?),
                _ => return Err(args.unknown(a)),
            }
        }
        misuse(if html && delay.is_some() {
            Some("--delay does not go with --html")
        } else if !html && max_steps.is_some() {
            Some("--max-steps goes with --html")
        } else {
            None
        })?;
        let delay = delay.unwrap_or(if redraw && !html { 20 } else { 0 });
        let show = match (html, redraw) {
            (true, _) => Show::Html {
                max_steps: max_steps.unwrap_or(100_000),
            },
            (false, true) => Show::Redraw,
            (false, false) => Show::Lines,
        };
        Ok(TraceOptions {
            delay: Duration::from_millis(delay),
            show,
        })
    }
}

pub(super) fn trace(o: TraceOptions) -> Result<(), Fail> {
    let redraw = match o.show {
        Show::Html { max_steps } => return page(max_steps),
        Show::Redraw => true,
        Show::Lines => false,
    };
    let mut out = stdout();
    each_puzzle(&mut out, |p, out| {
        let (start, mut counts, mut failed) = (Instant::now(), Counts::default(), None);
        let pause = || {
            if !o.delay.is_zero() {
                std::thread::sleep(o.delay);
            }
        };
        let solution = match p.grid.to_grid() {
            Some(g) => {
                if redraw {
                    write!(out, "\x1b[2J")?;
                }
                let s = visit::first(|v| {
                    plain::observed(&g, v, |now, step| {
                        counts.add(step);
                        let shown = if redraw {
                            out.write_all(trace::frame(&g, now, step).as_bytes())
                                .and_then(|()| out.flush())
                        } else {
                            writeln!(out, "{}", trace::step_line(step, 9))
                        };
                        pause();
                        // A failed write (the reader went away) stops the search at once.
                        failed = shown.err();
                        failed.is_some()
                    })
                });
                s.map(|s| Square::from_grid(&s))
            }
            // Other sizes: one line per step (the redrawn frame is a 9x9 picture).
            None => visit::first(|v| {
                plain::observed(&p.grid, v, |_, step| {
                    counts.add(step);
                    failed = writeln!(out, "{}", trace::step_line(step, p.grid.side())).err();
                    pause();
                    // As for 9x9: a failed write stops the search at once.
                    failed.is_some()
                })
            }),
        };
        if let Some(e) = failed {
            return Err(e.into());
        }
        match solution {
            Some(s) => write_solution(false, p, &s, out)?,
            None => writeln!(out, "none")?,
        }
        writeln!(
            out,
            "{} placements, {} backtracks, {:.3} ms",
            counts.placements,
            counts.backtracks,
            start.elapsed().as_secs_f64() * 1e3
        )?;
        Ok(())
    })
}

/// `--html`: the page of the first puzzle's search, written once the search has ended.
fn page(max_steps: u64) -> Result<(), Fail> {
    let p = match Puzzles::new(io::stdin().lock()).next() {
        Some(p) => p?,
        None => return Err(Fail::Usage("--html needs a puzzle on stdin".into())),
    };
    let mut steps = Packed::new(p.grid.side(), max_steps);
    let solution = visit::first(|v| {
        plain::observed(&p.grid, v, |_, step| {
            steps.push(step);
            false
        })
    });
    let html = trace_page::page(&p.grid, p.letters, &steps, solution.as_ref());
    let mut out = stdout();
    out.write_all(html.as_bytes())?;
    out.flush()?;
    Ok(())
}
