//! The parallel search: the options of the root region shared out among
//! threads that share one table ([`super::super::shared_table`]), value by
//! value (the first option alone first, every thread on it), and a
//! thread with no option left helping the longest question from part way
//! round (the idea of "lazy SMP" in chess programs). The search does no
//! I/O.

use super::{Solver, Stats, POLL_EVERY, REPORT_EVERY};
use crate::cram::cells::Grid;
use crate::cram::nimber_set::NimberSet;
use crate::cram::shared_table::Shared;
use crate::cram::table::Tables;
use grundy_core::{Error, Result};
use std::sync::atomic::Ordering::{AcqRel, Relaxed};
use std::sync::atomic::{AtomicBool, AtomicUsize};

/// What a worker thread of a parallel search keeps from one value tested
/// to the next: its exclusions, its counts and when it next reports.
pub(super) struct Worker {
    tables: Tables,
    stats: Stats,
    next_report: u64,
}

/// An option of a region searched in parallel: the nim-sum of its known
/// regions, the canonical forms of the others (sorted), its value once
/// known, and the earlier option it equals, if any.
struct Task {
    x: u8,
    keys: Vec<u128>,
    value: Option<u8>,
    /// An earlier option with the same known nim-sum and the same forms,
    /// so the same value (the image of this one under a symmetry of the
    /// board, most often): it is asked, this one never.
    same_as: Option<usize>,
}

/// The options `pending` of a region (with their forms on `stack`) as
/// tasks, each marked with the first earlier one it equals.
fn tasks_of(pending: &[super::Pending], stack: &[u128]) -> Vec<Task> {
    let mut tasks: Vec<Task> = Vec::with_capacity(pending.len());
    for p in pending {
        let mut keys = stack[p.start..p.start + p.len].to_vec();
        keys.sort_unstable();
        let same_as = tasks
            .iter()
            .position(|t| t.same_as.is_none() && t.x == p.x && t.keys == keys);
        tasks.push(Task {
            x: p.x,
            keys,
            value: None,
            same_as,
        });
    }
    tasks
}

/// What the threads asking the options about one value share.
struct Round<'r> {
    tasks: &'r [Task],
    /// The options asked (indices of `tasks`).
    open: &'r [usize],
    /// The value under test.
    v: u8,
    /// Where `open` starts among the options asked about `v`, and how
    /// many those are (for the progress).
    place: (usize, usize),
    /// The next option of `open` no thread has taken.
    next: AtomicUsize,
    /// Set once an option has the value (or a thread failed).
    stop: AtomicBool,
    /// For each option of `open`: answered.
    done: Vec<AtomicBool>,
    /// For each option of `open`: the threads that took it.
    on: Vec<AtomicUsize>,
}

/// What one thread brings back from a round.
struct Outcome {
    result: Result<()>,
    /// The values learnt, by index of `tasks`.
    answers: Vec<(usize, u8)>,
    /// The options this thread answered first.
    asked: usize,
    /// The thread's counts before the round.
    before: Stats,
    worker: Worker,
}

impl<'a> Solver<'a> {
    /// A solver whose `threads` threads share the table `shared` (bounded
    /// by its bytes). The options of each region of the position asked
    /// (of at least 30 cells) are shared out among the threads, each
    /// asking its options one by one; the regions below those are
    /// searched by one thread each, through the one table, so what one
    /// thread learns the others find. One thread and a shared table
    /// search as [`new`](Self::new) does, a way fewer a bucket.
    pub fn parallel(shared: &'a Shared<'a>, threads: usize) -> Solver<'a> {
        let mut s = Solver::new(shared.max_bytes());
        s.shared = Some(shared);
        s.guards = Some(shared.read());
        s.threads = threads.max(1);
        s
    }

    /// Lets go of the shared table (if any) and grows it if it wants to,
    /// then holds it again.
    pub(super) fn refresh(&mut self) {
        if let Some(shared) = self.shared {
            self.guards = None;
            shared.grow_if_wanted();
            self.guards = Some(shared.read());
            match self.narrow {
                Some(true) => self.fit_exclusions::<u64>(),
                Some(false) => self.fit_exclusions::<u128>(),
                None => {}
            }
        }
    }

    /// Every [`POLL_EVERY`] positions: lets go of the shared table (if
    /// any, so that it can grow) and stops when the work is no longer
    /// wanted or the progress asks for a stop (checked here as well as
    /// at each report of regions solved, which can be seconds apart on a
    /// large board: a Ctrl-C is heeded within milliseconds).
    #[inline]
    pub(super) fn poll(&mut self) -> Result<()> {
        if self.stats.positions >= self.next_poll {
            self.next_poll = self.stats.positions + POLL_EVERY;
            self.refresh();
            if self.abort.is_some_and(|a| a.load(Relaxed))
                || self.task_done.is_some_and(|a| a.load(Relaxed))
                || self.progress.is_some_and(|p| p.stop_requested())
            {
                return Err(Error::Stopped);
            }
        }
        Ok(())
    }

    /// [`aspiration`](Self::aspiration) with the options shared out among
    /// the threads: for each value tested, the threads take the options
    /// not yet answered one by one and ask each whether its value is the
    /// one under test; once one says yes, the others stop (what they
    /// solved stays in the shared table) and the next value is tested.
    /// The value is the one every option was asked about and none had.
    pub(super) fn aspiration_parallel<G: Grid>(
        &mut self,
        g: &G,
        key: G::Key,
        least: u8,
    ) -> Result<u8> {
        let r = g.cells_of(key);
        let moves = g.moves_count(r);
        let (mut possible, base, stack_base) = self.all_options(g, r);
        let mut tasks = tasks_of(&self.pending[base..], &self.stack);
        self.pending.truncate(base);
        self.stack.truncate(stack_base);
        let mut value = None;
        for v in least..=moves.min(255) as u8 {
            if !possible.contains(v) {
                continue;
            }
            // An option equal to an earlier one is never asked: the two
            // threads would search the same region at once.
            let open: Vec<usize> = (0..tasks.len())
                .filter(|&i| tasks[i].value.is_none() && tasks[i].same_as.is_none())
                .collect();
            // The first option alone first, every thread on it (the
            // others helping), as the one-thread search would ask it
            // first: when it has the value, no other option is asked
            // (the "young brothers wait" rule; docs/src/cram.md).
            let first = open.len().min(1);
            let n = open.len();
            let (mut answers, mut asked) =
                self.ask_in_parallel(g, &tasks, &open[..first], (v, 0, n), first == 1)?;
            if !answers.iter().any(|&(_, y)| y == v) && n > first {
                let (more, more_asked) =
                    self.ask_in_parallel(g, &tasks, &open[first..], (v, first, n), false)?;
                answers.extend(more);
                asked += more_asked;
            }
            let mut found = false;
            for (i, y) in answers {
                tasks[i].value = Some(y);
                possible.exclude(y);
                found |= y == v;
            }
            if !found {
                if asked != open.len() {
                    return Err(Error::CheckFailed {
                        what: "the parallel Cram search".into(),
                        reason: "a value was taken before every option was asked".into(),
                    });
                }
                value = Some(v);
                break;
            }
        }
        self.settle(key, value)
    }

    /// Asks the options `open` of `tasks` whether their value is `v`, on
    /// all the threads (when `all`, even more than there are options),
    /// until one says yes; `open` starts at `from` of the `of` options
    /// asked about `v` (for the progress), where `(v, from, of)` is
    /// `question`. Returns the values learnt (by option) and how many
    /// options answered.
    fn ask_in_parallel<G: Grid>(
        &mut self,
        g: &G,
        tasks: &[Task],
        open: &[usize],
        question: (u8, usize, usize),
        all: bool,
    ) -> Result<(Vec<(usize, u8)>, usize)> {
        let (v, from, of) = question;
        let Some(shared) = self.shared else {
            unreachable!("a parallel search has a shared table");
        };
        let threads = if all {
            self.threads
        } else {
            self.threads.min(open.len()).max(1)
        };
        self.workers.resize_with(threads, || Worker {
            tables: Tables::empty(),
            stats: Stats::default(),
            next_report: REPORT_EVERY,
        });
        let round = Round {
            tasks,
            open,
            v,
            place: (from, of),
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            done: open.iter().map(|_| AtomicBool::new(false)).collect(),
            on: open.iter().map(|_| AtomicUsize::new(0)).collect(),
        };
        let (progress, narrow, bytes, all) =
            (self.progress, self.narrow, self.table_bytes, self.threads);
        let workers = std::mem::take(&mut self.workers);
        self.guards = None;
        let mut saver = self.saver.as_deref_mut();
        let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
            let handles: Vec<_> = workers
                .into_iter()
                .enumerate()
                .map(|(w, worker)| {
                    // The first thread offers the snapshots.
                    let saver = if w == 0 { saver.take() } else { None };
                    let round = &round;
                    scope.spawn(move || {
                        let before = worker.stats;
                        let mut s = Solver::new(bytes);
                        (s.tables, s.stats, s.next_report) =
                            (worker.tables, worker.stats, worker.next_report);
                        (s.shared, s.threads, s.narrow) = (Some(shared), all, narrow);
                        (s.abort, s.progress) = (Some(&round.stop), progress);
                        s.next_poll = s.stats.positions + POLL_EVERY;
                        if let Some(saver) = saver {
                            s.saver = Some(saver);
                        }
                        s.refresh();
                        let (result, answers, asked) = s.work(g, round);
                        s.guards = None;
                        let tables = std::mem::replace(&mut s.tables, Tables::empty());
                        let (stats, next_report) = (s.stats, s.next_report);
                        let worker = Worker {
                            tables,
                            stats,
                            next_report,
                        };
                        Outcome {
                            result,
                            answers,
                            asked,
                            before,
                            worker,
                        }
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        self.guards = Some(shared.read());
        self.merge(outcomes, v)
    }

    /// Adds what the threads of a round counted to this solver's counts
    /// and keeps what they keep; returns the values learnt (by option)
    /// and how many options answered, or the error that stopped a thread
    /// (a stop asked by the progress, when no option had the value).
    fn merge(&mut self, outcomes: Vec<Outcome>, v: u8) -> Result<(Vec<(usize, u8)>, usize)> {
        let (mut answers, mut asked, mut failed, mut stopped) = (Vec::new(), 0, None, false);
        for o in outcomes {
            self.stats.positions += o.worker.stats.positions - o.before.positions;
            self.stats.regions += o.worker.stats.regions - o.before.regions;
            self.workers.push(o.worker);
            answers.extend(o.answers);
            asked += o.asked;
            match o.result {
                Ok(()) => {}
                Err(Error::Stopped) => stopped = true,
                Err(e) => failed = Some(e),
            }
        }
        if let Some(e) = failed {
            return Err(e);
        }
        // The workers' reports advanced the progress for their regions.
        self.next_report = self
            .next_report
            .max((self.stats.regions / REPORT_EVERY + 1) * REPORT_EVERY);
        if stopped && !answers.iter().any(|&(_, y)| y == v) {
            return Err(Error::Stopped);
        }
        answers.sort_unstable();
        Ok((answers, asked))
    }

    /// One thread's part of `round`: the next option no thread has taken,
    /// else the question with the fewest threads on it, until every
    /// option is answered or one has the value. Returns how it ended, the
    /// values it learnt first and how many options it answered first.
    fn work<G: Grid>(
        &mut self,
        g: &G,
        round: &'a Round<'_>,
    ) -> (Result<()>, Vec<(usize, u8)>, usize) {
        let mut want = NimberSet::default();
        want.insert(round.v);
        let (open, mut answers, mut asked) = (round.open, Vec::new(), 0);
        let result = loop {
            if round.stop.load(Relaxed) {
                break Ok(());
            }
            let j = round.next.fetch_add(1, Relaxed);
            let j = if j < open.len() {
                self.note_root(round.v, round.place.0 + j, round.place.1);
                j
            } else {
                match (0..open.len())
                    .filter(|&j| !round.done[j].load(Relaxed))
                    .min_by_key(|&j| round.on[j].load(Relaxed))
                {
                    Some(j) => j,
                    None => break Ok(()),
                }
            };
            // The n-th thread on a question starts at the n-th point of
            // the van der Corput sequence (0, 1/2, 1/4, 3/4, ...) of the
            // way round.
            let n = round.on[j].fetch_add(1, Relaxed) as u16;
            self.task_done = Some(&round.done[j]);
            let answer = self.ask_task(g, &round.tasks[open[j]], want, n.reverse_bits());
            self.task_done = None;
            match answer {
                Ok(y) => {
                    if !round.done[j].swap(true, AcqRel) {
                        asked += 1;
                        if let Some(y) = y {
                            answers.push((open[j], y));
                            if y == round.v {
                                round.stop.store(true, Relaxed);
                            }
                        }
                    }
                }
                // Answered by another thread, or the value is settled.
                Err(Error::Stopped) if round.done[j].load(Relaxed) || round.stop.load(Relaxed) => {}
                Err(e) => {
                    round.stop.store(true, Relaxed);
                    break Err(e);
                }
            }
        };
        (result, answers, asked)
    }

    /// [`ask`](Self::ask) of the option `t`, its regions pushed on the
    /// stack for the question; the search of its largest region starts
    /// `rotate` of the way round its options.
    fn ask_task<G: Grid>(
        &mut self,
        g: &G,
        t: &Task,
        want: NimberSet,
        rotate: u16,
    ) -> Result<Option<u8>> {
        let start = self.stack.len();
        self.stack.extend_from_slice(&t.keys);
        let answer = self.ask_rotated(g, t.x, start, t.keys.len(), want, rotate);
        self.stack.truncate(start);
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::super::Pending;
    use super::*;

    fn pending(x: u8, start: usize, len: usize) -> Pending {
        Pending {
            x,
            start,
            len,
            cells: 0,
            exact: false,
        }
    }

    #[test]
    fn an_option_equal_to_an_earlier_one_is_marked() {
        // Forms on the stack: [5, 9] | [9, 5] | [5, 9] | [5] | [5, 9, 9].
        let stack = [5, 9, 9, 5, 5, 9, 5, 5, 9, 9];
        let options = [
            pending(1, 0, 2),
            pending(1, 2, 2), // the first one's forms in another order
            pending(2, 4, 2), // the same forms, another known nim-sum
            pending(1, 6, 1),
            pending(1, 7, 3),
            pending(2, 0, 2), // equal to the third, not to the first
        ];
        let tasks = tasks_of(&options, &stack);
        let same: Vec<Option<usize>> = tasks.iter().map(|t| t.same_as).collect();
        assert_eq!(same, [None, Some(0), None, None, None, Some(2)]);
        assert_eq!(tasks[1].keys, [5, 9]);
        assert!(tasks.iter().all(|t| t.value.is_none()));
    }

    #[test]
    fn the_root_of_a_symmetric_board_asks_each_option_once_up_to_symmetry() {
        use crate::cram::board::Board;
        use crate::cram::layout::Narrow;
        // 5 × 9's 76 moves fall into 22 classes under the board's four
        // symmetries: a move on a centre line has two images (the
        // vertical ones of the centre column, 4 moves in 2 classes, the
        // horizontal ones of the centre row, 8 in 4), any other four (68
        // moves in 16 classes).
        let b = Board::empty(5, 9).unwrap();
        let e = crate::cram::layout::Wide.to_corner(b.cells());
        let g = Narrow::fitting(e).unwrap();
        let mut s = Solver::new(1 << 20);
        let r = g.import(e);
        let (_, base, _) = s.all_options(&g, r);
        let tasks = tasks_of(&s.pending[base..], &s.stack);
        assert_eq!(tasks.len(), 76);
        assert_eq!(tasks.iter().filter(|t| t.same_as.is_none()).count(), 22);
    }
}
