//! The progress sink of the command line, on standard error: an indicatif
//! bar per phase on a terminal; plain lines otherwise, so a log shows work
//! rather than silence: every 5 s with `--progress plain` (the default
//! when standard error is not a terminal and `CI` is set), and every 10 s
//! of a run that has lasted 10 s when standard error is not a terminal
//! (a log file), so short runs and their one-line errors stay clean;
//! nothing with `--quiet` or `--progress none`.

use grundy_core::progress::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How progress is shown (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// A bar on a terminal; plain lines every 5 s when `CI` is set; else
    /// (a log file, a pipe) plain lines every 10 s once the run has
    /// lasted 10 s.
    Auto,
    /// Always an indicatif bar.
    Bar,
    /// A line every few seconds (the phase, done/total, rate, ETA).
    Plain,
    /// Nothing.
    None,
}

/// The environment variable that sets the time between two plain
/// progress lines, in seconds (at least 0.05): both the 5 s of
/// `--progress plain` and the 10 s (and the first 10 s of silence) of a
/// log. For tests, which would otherwise wait that long.
pub const EVERY_VAR: &str = "GRUNDY_PROGRESS_SECONDS";

/// Time between two plain progress lines: `default`, or the seconds in
/// [`EVERY_VAR`].
fn plain_every(default: Duration) -> Duration {
    std::env::var(EVERY_VAR)
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.05 && *s <= 3600.0)
        .map_or(default, Duration::from_secs_f64)
}

/// What the sink does, once `--quiet`, `--progress` and the environment
/// are resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    /// An indicatif bar (hidden when standard error is not drawn on).
    Bar,
    /// A plain line every `every`, none while the run is younger than
    /// `silent_for`.
    Lines {
        every: Duration,
        silent_for: Duration,
    },
    /// Nothing.
    Nothing,
}

/// The phase under way, as the plain lines show it.
struct Phase {
    name: String,
    total: u64,
    started: Instant,
    note: String,
}

/// What the ticker thread of plain lines reads.
struct Shared {
    /// Units done in the current phase.
    done: AtomicU64,
    /// The current phase, `None` between phases.
    phase: Mutex<Option<Phase>>,
}

/// The thread printing plain lines, and how to stop it.
struct Ticker {
    stop: Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

/// Shows one bar per phase, or plain lines naming the current phase.
pub struct Bars {
    shown: Shown,
    /// When the run started (the sink was made).
    born: Instant,
    name: Mutex<String>,
    bar: Mutex<Option<ProgressBar>>,
    shared: Arc<Shared>,
    ticker: Mutex<Option<Ticker>>,
}

impl Bars {
    /// The sink for `mode`, resolved against the environment: `quiet`
    /// wins; `Auto` is a bar on a terminal, plain lines every 5 s when
    /// `CI` is set, and otherwise plain lines every 10 s once the run has
    /// lasted 10 s.
    pub fn new(quiet: bool, mode: Mode) -> Bars {
        let terminal = std::io::stderr().is_terminal();
        let ci = std::env::var_os("CI").is_some();
        let plain = Shown::Lines {
            every: plain_every(Duration::from_secs(5)),
            silent_for: Duration::ZERO,
        };
        let shown = match mode {
            _ if quiet => Shown::Nothing,
            Mode::Auto if terminal => Shown::Bar,
            Mode::Auto if ci => plain,
            Mode::Auto => {
                let every = plain_every(Duration::from_secs(10));
                Shown::Lines {
                    every,
                    silent_for: every,
                }
            }
            Mode::Bar => Shown::Bar,
            Mode::Plain => plain,
            Mode::None => Shown::Nothing,
        };
        Bars {
            shown,
            born: Instant::now(),
            name: Mutex::new(String::new()),
            bar: Mutex::new(None),
            shared: Arc::new(Shared {
                done: AtomicU64::new(0),
                phase: Mutex::new(None),
            }),
            ticker: Mutex::new(None),
        }
    }

    /// Starts the ticker thread of plain lines, if not yet started: every
    /// `every` it prints the current phase's line, once the run is older
    /// than `silent_for`.
    fn start_ticker(&self, every: Duration, silent_for: Duration) {
        let Ok(mut ticker) = self.ticker.lock() else {
            return;
        };
        if ticker.is_some() {
            return;
        }
        let (stop, rx) = channel::<()>();
        let shared = Arc::clone(&self.shared);
        let born = self.born;
        let thread = std::thread::spawn(move || {
            while let Err(RecvTimeoutError::Timeout) = rx.recv_timeout(every) {
                if born.elapsed() < silent_for {
                    continue;
                }
                let line = shared.phase.lock().ok().and_then(|p| {
                    p.as_ref().map(|p| {
                        let done = shared.done.load(Ordering::Relaxed);
                        let mut line = plain_line(&p.name, done, p.total, p.started.elapsed());
                        if !p.note.is_empty() {
                            line.push_str(&format!(", {}", p.note));
                        }
                        line
                    })
                });
                if let Some(line) = line {
                    eprintln!("{line}");
                }
            }
        });
        *ticker = Some(Ticker { stop, thread });
    }

    fn stop_ticker(&self) {
        let ticker = self.ticker.lock().map(|mut t| t.take()).unwrap_or(None);
        if let Some(t) = ticker {
            let _ = t.stop.send(());
            let _ = t.thread.join();
        }
    }
}

/// One plain progress line: `[12 s] phase: 1200/5000 (24%), 100/s, eta 38 s`;
/// without a total, `[12 s] phase: 1200 done, 100/s` (or `working` before
/// the first unit).
fn plain_line(name: &str, done: u64, total: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let per_second = if secs > 0.0 { done as f64 / secs } else { 0.0 };
    // Slow units (codes of a census, a few a minute) keep two figures.
    let rate = if per_second >= 10.0 || per_second == 0.0 {
        format!("{per_second:.0}")
    } else if per_second >= 1.0 {
        format!("{per_second:.1}")
    } else {
        format!("{per_second:.2}")
    };
    if total == 0 {
        return if done == 0 {
            format!("[{secs:.0} s] {name}: working")
        } else {
            format!("[{secs:.0} s] {name}: {done} done, {rate}/s")
        };
    }
    let pct = 100.0 * done as f64 / total as f64;
    let eta = if per_second > 0.0 {
        format!("{:.0} s", total.saturating_sub(done) as f64 / per_second)
    } else {
        "unknown".into()
    };
    format!("[{secs:.0} s] {name}: {done}/{total} ({pct:.0}%), {rate}/s, eta {eta}")
}

impl Drop for Bars {
    fn drop(&mut self) {
        self.stop_ticker();
    }
}

impl Progress for Bars {
    fn resident_mib(&self) -> Option<f64> {
        grundy_jobs::memory::resident_mib()
    }

    fn phase(&self, name: &str, total: u64) {
        if let Shown::Lines { every, silent_for } = self.shown {
            if let Ok(mut p) = self.shared.phase.lock() {
                self.shared.done.store(0, Ordering::Relaxed);
                *p = Some(Phase {
                    name: name.to_string(),
                    total,
                    started: Instant::now(),
                    note: String::new(),
                });
            }
            self.start_ticker(every, silent_for);
            return;
        }
        let bar = if self.shown != Shown::Bar {
            ProgressBar::hidden()
        } else if total == 0 {
            let b = ProgressBar::new_spinner();
            b.set_style(
                ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("valid template"),
            );
            b.enable_steady_tick(std::time::Duration::from_millis(120));
            b
        } else {
            let b = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            b.set_style(
                ProgressStyle::with_template(
                    "{msg:>28} [{bar:40}] {human_pos}/{human_len} {per_sec} {elapsed} (eta {eta})",
                )
                .expect("valid template")
                .progress_chars("=> "),
            );
            b
        };
        bar.set_message(name.to_string());
        if let Ok(mut n) = self.name.lock() {
            *n = name.to_string();
        }
        if let Some(old) = self.bar.lock().expect("bar lock").replace(bar) {
            old.finish_and_clear();
        }
    }

    fn advance(&self, n: u64) {
        if matches!(self.shown, Shown::Lines { .. }) {
            self.shared.done.fetch_add(n, Ordering::Relaxed);
            return;
        }
        if let Some(b) = self.bar.lock().expect("bar lock").as_ref() {
            b.inc(n);
        }
    }

    fn note(&self, text: &str) {
        if matches!(self.shown, Shown::Lines { .. }) {
            if let Ok(mut p) = self.shared.phase.lock() {
                if let Some(p) = p.as_mut() {
                    p.note.clear();
                    p.note.push_str(text);
                }
            }
            return;
        }
        if let Some(b) = self.bar.lock().expect("bar lock").as_ref() {
            b.set_message(format!(
                "{} ({text})",
                self.name.lock().map(|n| n.clone()).unwrap_or_default()
            ));
        }
    }

    fn finish_phase(&self) {
        if let Ok(mut p) = self.shared.phase.lock() {
            *p = None;
        }
        if let Some(b) = self.bar.lock().expect("bar lock").take() {
            b.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_line_names_the_phase_and_its_count() {
        let ten = Duration::from_secs(10);
        assert_eq!(
            plain_line("G(n) of 0.07", 500, 1000, ten),
            "[10 s] G(n) of 0.07: 500/1000 (50%), 50/s, eta 10 s"
        );
        assert_eq!(plain_line("census", 0, 0, ten), "[10 s] census: working");
        assert_eq!(
            plain_line("loops", 2500, 0, ten),
            "[10 s] loops: 2500 done, 250/s"
        );
        assert_eq!(
            plain_line("misère census", 13, 63, Duration::from_secs(231)),
            "[231 s] misère census: 13/63 (21%), 0.06/s, eta 888 s"
        );
        assert_eq!(
            plain_line("census", 25, 100, ten),
            "[10 s] census: 25/100 (25%), 2.5/s, eta 30 s"
        );
    }
}
