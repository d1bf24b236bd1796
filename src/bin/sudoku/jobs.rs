//! Bulk solving on several threads, answers in input order. The calling thread reads the
//! puzzles and deals them out in chunks, worker threads answer whole chunks, and one writer
//! thread puts the answers back in input order. A chunk is only read when one of a fixed
//! number of credits is free, and the writer returns a credit for each chunk it writes, so
//! however long the input and however slow one puzzle, at most [`IN_FLIGHT`] chunks per
//! worker exist at a time: memory stays bounded.
//!
//! `std::thread::scope` is Rust 1.63, newer than the library's rustc 1.56; this module is the
//! tool's own and never bundled.

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::sync_channel;
use std::sync::Mutex;
use std::thread;

/// Puzzles per chunk: handing one over costs little beside answering it; workers stay even.
pub const CHUNK: usize = 128;

/// Chunks in flight per worker: one being answered, others queued or waiting to be written.
const IN_FLIGHT: usize = 4;

/// Answers `items` on `jobs` worker threads: `answer` turns a chunk of items into its output
/// bytes, `write` receives each chunk's bytes and number of items in input order. Reading
/// stops at the first `Err` item: the answers to the items before it are written, then the
/// error is returned. A failed `write` stops everything and its error is returned; a panic in
/// `answer` stops everything too and goes on from here (no thread waits for its chunk).
#[allow(clippy::incompatible_msrv)] // thread::scope: see the module doc
pub fn in_order<T, E>(
    items: impl Iterator<Item = Result<T, E>>,
    jobs: usize,
    answer: impl Fn(&[T], &mut Vec<u8>) + Sync,
    mut write: impl FnMut(&[u8], usize) -> Result<(), E> + Send,
) -> Result<(), E>
where
    T: Send,
    E: Send,
{
    let jobs = jobs.max(1);
    let in_flight = IN_FLIGHT * jobs;
    let (work_tx, work_rx) = sync_channel::<(usize, Vec<T>)>(in_flight);
    let (done_tx, done_rx) = sync_channel(in_flight);
    let (credit_tx, credit_rx) = sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        credit_tx.send(()).expect("the channel holds every credit");
    }
    let work_rx = Mutex::new(work_rx);
    thread::scope(|s| {
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let (work_rx, answer) = (&work_rx, &answer);
            s.spawn(move || loop {
                // The lock is held only while taking a chunk, not while answering it.
                let next = work_rx.lock().map(|rx| rx.recv());
                let (seq, chunk) = match next {
                    Ok(Ok(job)) => job,
                    _ => return,
                };
                let answered = panic::catch_unwind(AssertUnwindSafe(|| {
                    let mut out = Vec::new();
                    answer(&chunk, &mut out);
                    out
                }));
                // A panic goes to the writer in the chunk's place.
                if done_tx.send((seq, answered, chunk.len())).is_err() {
                    return;
                }
            });
        }
        drop(done_tx);
        let writer = s.spawn(move || {
            let (mut waiting, mut next) = (BTreeMap::new(), 0);
            for (seq, out, n) in done_rx {
                waiting.insert(seq, (out, n));
                while let Some((answered, n)) = waiting.remove(&next) {
                    let out = answered.unwrap_or_else(|p| panic::resume_unwind(p));
                    write(&out, n)?;
                    next += 1;
                    let _ = credit_tx.send(());
                }
            }
            Ok(())
        });
        let read = deal(items, |seq, chunk| {
            // No credit left to take means the writer has stopped.
            credit_rx.recv().is_ok() && work_tx.send((seq, chunk)).is_ok()
        });
        drop(work_tx);
        let written = writer.join().unwrap_or_else(|p| panic::resume_unwind(p));
        written.and(read)
    })
}

/// Cuts `items` into numbered chunks of [`CHUNK`] and hands them to `send` until it returns
/// false or an item is an error; the chunk before an error is sent first.
fn deal<T, E>(
    items: impl Iterator<Item = Result<T, E>>,
    mut send: impl FnMut(usize, Vec<T>) -> bool,
) -> Result<(), E> {
    let (mut chunk, mut seq) = (Vec::with_capacity(CHUNK), 0);
    for item in items {
        let item = match item {
            Ok(item) => item,
            Err(e) => {
                if !chunk.is_empty() {
                    send(seq, chunk);
                }
                return Err(e);
            }
        };
        chunk.push(item);
        if chunk.len() == CHUNK {
            if !send(
                seq,
                std::mem::replace(&mut chunk, Vec::with_capacity(CHUNK)),
            ) {
                return Ok(());
            }
            seq += 1;
        }
    }
    if !chunk.is_empty() {
        send(seq, chunk);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Runs `in_order` on 3 threads over `items`, answering each number with its 4 bytes
    /// (every 5th chunk slowly, so chunks finish out of order); returns the outcome, the
    /// numbers written, and how far reading ever got ahead of writing, in items.
    fn run(items: Vec<Result<u32, &str>>) -> (Result<(), &str>, Vec<u32>, usize) {
        let read = AtomicUsize::new(0);
        let items = items.into_iter().inspect(|_| {
            read.fetch_add(1, Ordering::SeqCst);
        });
        let answer = |chunk: &[u32], out: &mut Vec<u8>| {
            if chunk[0] as usize % (5 * CHUNK) == 0 {
                thread::sleep(Duration::from_millis(20));
            }
            chunk.iter().for_each(|n| out.extend(n.to_le_bytes()));
        };
        let (mut written, mut ahead) = (Vec::new(), 0);
        let result = in_order(items, 3, answer, |bytes, n| {
            assert_eq!(bytes.len(), 4 * n);
            let numbers = bytes
                .chunks(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
            ahead = ahead.max(read.load(Ordering::SeqCst) - written.len());
            written.extend(numbers);
            Ok(())
        });
        (result, written, ahead)
    }

    #[test]
    fn answers_come_in_input_order_and_reading_stays_a_bounded_way_ahead() {
        let (result, written, ahead) = run((0..50_000).map(Ok).collect());
        assert_eq!(result, Ok(()));
        assert_eq!(written, (0..50_000).collect::<Vec<u32>>());
        // The credits in flight, and the chunk being filled.
        assert!(
            ahead <= (IN_FLIGHT * 3 + 1) * CHUNK,
            "{} items ahead",
            ahead
        );
    }

    #[test]
    fn a_panic_in_a_worker_stops_the_run_instead_of_hanging_it() {
        let (tx, rx) = std::sync::mpsc::channel();
        thread::spawn(move || {
            let run = panic::catch_unwind(|| {
                let items = (0..100 * CHUNK as u32).map(Ok::<u32, ()>);
                let answer = |chunk: &[u32], _: &mut Vec<u8>| {
                    assert!(chunk[0] != 7 * CHUNK as u32, "chunk 7");
                };
                in_order(items, 3, answer, |_, _| Ok(()))
            });
            let _ = tx.send(run.map_err(|p| p.downcast_ref::<&str>().map(|s| s.to_string())));
        });
        let run = rx.recv_timeout(Duration::from_secs(10));
        assert_eq!(run.expect("hung"), Err(Some("chunk 7".to_string())));
    }

    #[test]
    fn an_error_comes_after_the_answers_to_the_items_before_it() {
        for bad in [0, 1, CHUNK as u32, 3 * CHUNK as u32 + 5, 9_999] {
            let items = (0..10_000).map(|n| if n == bad { Err("bad") } else { Ok(n) });
            let (result, written, _) = run(items.collect());
            assert_eq!(result, Err("bad"));
            assert_eq!(written, (0..bad).collect::<Vec<u32>>());
        }
    }
}
