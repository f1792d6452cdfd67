//! The time a census still needs: an estimate from the families already
//! finished, by digit count ([`eta_seconds`]).

use crate::duration::duration_text;
use grundy_core::progress::Progress;
use grundy_games::octal::theory::census::{digits_of, MAX_DIGITS};
use grundy_games::octal::OctalCode;
use std::sync::Mutex;
use std::time::Instant;

/// Finished families of a digit count a census waits for before it
/// estimates the time its families of that digit count still need.
pub const ETA_SAMPLES: usize = 8;

/// The time left, estimated (the note of a census's progress). A few
/// codes take most of the time: an unsettled family runs to `N`, a
/// periodic one stops within its proof, so the codes (or families) done
/// say nothing of the time left, and neither does the rate of the last
/// ones. The estimate weighs each family left by its expected cost, the
/// mean time of the finished families with as many digits (`seconds[d] /
/// done[d]`, `d` the digits of the representative; three-digit families
/// take longest): `waiting[d]` families not started cost that mean each;
/// a family `running` for `t` seconds costs the rest of its mean, but at
/// least `t` more (one that has run long is a slow one, guessed to take as
/// long again). The sum is shared among `workers` (at most one per family
/// left), and is at least the longest running family's rest. None (`Err`
/// with the digit count) until [`ETA_SAMPLES`] families of each digit
/// count still to do have finished.
pub fn eta_seconds(
    waiting: &[usize; MAX_DIGITS + 1],
    running: &[(usize, f64)],
    done: &[usize; MAX_DIGITS + 1],
    seconds: &[f64; MAX_DIGITS + 1],
    workers: usize,
) -> std::result::Result<f64, usize> {
    let mean = |d: usize| {
        if done[d] < ETA_SAMPLES {
            Err(d)
        } else {
            Ok(seconds[d] / done[d] as f64)
        }
    };
    let mut total = 0.0;
    let mut longest: f64 = 0.0;
    for (d, &w) in waiting.iter().enumerate().filter(|(_, w)| **w > 0) {
        total += w as f64 * mean(d)?;
    }
    for &(d, t) in running {
        let rest = (mean(d)? - t).max(t);
        total += rest;
        longest = longest.max(rest);
    }
    let families = waiting.iter().sum::<usize>() + running.len();
    let sharing = workers.min(families).max(1);
    Ok((total / sharing as f64).max(longest))
}

/// Families and codes done, and the estimate of the time left
/// ([`eta_seconds`]), for the progress note of a census or a verification.
pub(crate) struct Eta {
    pub(crate) workers: usize,
    pub(crate) codes: usize,
    pub(crate) families: usize,
    pub(crate) state: Mutex<EtaState>,
}

#[derive(Default)]
pub(crate) struct EtaState {
    pub(crate) codes_done: usize,
    pub(crate) families_done: usize,
    pub(crate) waiting: [usize; MAX_DIGITS + 1],
    pub(crate) running: Vec<(usize, usize, Instant)>,
    pub(crate) done: [usize; MAX_DIGITS + 1],
    pub(crate) seconds: [f64; MAX_DIGITS + 1],
}

/// The digit count of a family (of its representative, 1 to [`MAX_DIGITS`]).
pub(crate) fn class(family: &[(usize, OctalCode)]) -> usize {
    family
        .first()
        .map_or(MAX_DIGITS, |(_, c)| digits_of(c))
        .clamp(1, MAX_DIGITS)
}

impl Eta {
    /// `families`: the families to compute; `codes`: every code of the
    /// phase (those of families not computed, kept ones, count as done).
    pub(crate) fn new<'a>(
        families: impl Iterator<Item = &'a Vec<(usize, OctalCode)>>,
        codes: usize,
        workers: usize,
    ) -> Eta {
        let mut s = EtaState::default();
        let mut computed = 0;
        let mut count = 0;
        for f in families {
            s.waiting[class(f)] += 1;
            computed += f.len();
            count += 1;
        }
        s.codes_done = codes.saturating_sub(computed);
        Eta {
            workers,
            codes,
            families: count,
            state: Mutex::new(s),
        }
    }

    pub(crate) fn lock(&self) -> std::sync::MutexGuard<'_, EtaState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Family `id` (any number naming it) starts.
    pub(crate) fn start(&self, id: usize, family: &[(usize, OctalCode)]) {
        let d = class(family);
        let mut s = self.lock();
        s.waiting[d] = s.waiting[d].saturating_sub(1);
        s.running.push((id, d, Instant::now()));
    }

    /// Family `id` is done.
    pub(crate) fn finish(&self, id: usize, family: &[(usize, OctalCode)]) {
        let mut s = self.lock();
        let Some(at) = s.running.iter().position(|r| r.0 == id) else {
            return;
        };
        let (_, d, started) = s.running.swap_remove(at);
        s.done[d] += 1;
        s.seconds[d] += started.elapsed().as_secs_f64();
        s.families_done += 1;
        s.codes_done += family.len();
    }

    /// `412/1024 codes, 118/324 families; eta about 23 min`.
    pub(crate) fn note(&self) -> String {
        let s = self.lock();
        let running: Vec<(usize, f64)> = s
            .running
            .iter()
            .map(|&(_, d, t)| (d, t.elapsed().as_secs_f64()))
            .collect();
        let eta = match eta_seconds(&s.waiting, &running, &s.done, &s.seconds, self.workers) {
            _ if s.families_done == self.families => "done".to_string(),
            Ok(t) => format!("eta about {}", duration_text(t)),
            Err(d) => format!("no eta until {ETA_SAMPLES} families of {d} digits are done"),
        };
        format!(
            "{}/{} codes, {}/{} families; {eta}",
            s.codes_done, self.codes, s.families_done, self.families
        )
    }

    /// Runs `work` while a thread renews the progress note every second
    /// (the estimate changes as running families run on).
    pub(crate) fn ticking<T>(&self, progress: &dyn Progress, work: impl FnOnce() -> T) -> T {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        progress.note(&self.note());
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let tick = std::time::Duration::from_secs(1);
                while rx.recv_timeout(tick) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                    progress.note(&self.note());
                }
            });
            let r = work();
            drop(tx);
            r
        })
    }
}
