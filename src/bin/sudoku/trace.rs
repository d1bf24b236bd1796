//! `sudoku trace`: the plain search on a puzzle, step by step.

use super::{each_puzzle, stdout, terminal, write_solution, Args, Fail};
use std::io;
use std::time::{Duration, Instant};
use sudoku_kit::square::Square;
use sudoku_kit::trace::{self, Counts};
use sudoku_kit::{plain, visit};

pub(super) const TRACE: &str = "\
usage: sudoku trace [--delay MS] [--ansi | --lines]
Runs the plain search on each puzzle from stdin up to its first solution, showing every
step: on a terminal (or with --ansi) the grid is redrawn in place with the cell being
tried highlighted; otherwise (or with --lines) one line per step. Ends each puzzle with
its solution (or `none`) and a summary: placements, backtracks, time. Stops as soon as
its output is closed (`| head`). Grids of other sizes than 9x9 are shown one line per
step, and their search runs to its first solution even when the output closes.
  --delay MS  pause after each step (default 20 when redrawing, else 0)
";

pub(super) struct TraceOptions {
    delay: Duration,
    redraw: bool,
}

impl TraceOptions {
    pub(super) fn parse(args: &mut Args) -> Result<TraceOptions, Fail> {
        let (mut delay, mut redraw) = (None, terminal(io::stdout()));
        while let Some(a) = args.next() {
            match a {
                "--delay" => delay = Some(args.value(a)?),
                "--ansi" => redraw = true,
                "--lines" => redraw = false,
                _ => return Err(args.unknown(a)),
            }
        }
        let delay = delay.unwrap_or(if redraw { 20 } else { 0 });
        Ok(TraceOptions {
            delay: Duration::from_millis(delay),
            redraw,
        })
    }
}

pub(super) fn trace(o: TraceOptions) -> Result<(), Fail> {
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
                if o.redraw {
                    write!(out, "\x1b[2J")?;
                }
                let s = visit::first(|v| {
                    plain::observed(&g, v, |now, step| {
                        counts.add(step);
                        let shown = if o.redraw {
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
