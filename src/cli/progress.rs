//! The progress sink of the command line, on standard error: an indicatif
//! bar per phase on a terminal; plain lines every few seconds with
//! `--progress plain` (the default when standard error is not a terminal
//! and `CI` is set), so a log shows work rather than silence; nothing with
//! `--quiet` or `--progress none`.

use grundy::progress::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How progress is shown (`--progress`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// A bar on a terminal; plain lines when `CI` is set; else nothing.
    Auto,
    /// Always an indicatif bar.
    Bar,
    /// A line every few seconds (the phase, done/total, rate, ETA).
    Plain,
    /// Nothing.
    None,
}

/// Time between two plain progress lines: 5 s, or the seconds in the
/// environment variable `GRUNDY_PROGRESS_SECONDS` (at least 0.05).
fn plain_every() -> Duration {
    std::env::var("GRUNDY_PROGRESS_SECONDS")
        .ok()
        .and_then(|s| s.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.05 && *s <= 3600.0)
        .map_or(Duration::from_secs(5), Duration::from_secs_f64)
}

/// A phase shown as plain lines by a ticker thread.
struct PlainPhase {
    done: Arc<AtomicU64>,
    note: Arc<Mutex<String>>,
    stop: Sender<()>,
    ticker: std::thread::JoinHandle<()>,
}

/// Shows one bar (or one plain ticker) per phase.
pub struct Bars {
    mode: Mode,
    name: Mutex<String>,
    bar: Mutex<Option<ProgressBar>>,
    plain: Mutex<Option<PlainPhase>>,
}

impl Bars {
    /// The sink for `mode`, resolved against the environment: `quiet`
    /// wins; `Auto` is a bar on a terminal, plain lines when `CI` is set,
    /// and nothing otherwise.
    pub fn new(quiet: bool, mode: Mode) -> Bars {
        let mode = match mode {
            _ if quiet => Mode::None,
            Mode::Auto if std::io::stderr().is_terminal() => Mode::Bar,
            Mode::Auto if std::env::var_os("CI").is_some() => Mode::Plain,
            Mode::Auto => Mode::None,
            m => m,
        };
        Bars {
            mode,
            name: Mutex::new(String::new()),
            bar: Mutex::new(None),
            plain: Mutex::new(None),
        }
    }

    fn stop_plain(&self) {
        let phase = self.plain.lock().map(|mut p| p.take()).unwrap_or(None);
        if let Some(p) = phase {
            let _ = p.stop.send(());
            let _ = p.ticker.join();
        }
    }

    fn start_plain(&self, name: &str, total: u64) {
        let done = Arc::new(AtomicU64::new(0));
        let note = Arc::new(Mutex::new(String::new()));
        let (stop, rx) = channel::<()>();
        let seen = Arc::clone(&done);
        let noted = Arc::clone(&note);
        let name = name.to_string();
        let every = plain_every();
        let ticker = std::thread::spawn(move || {
            let start = Instant::now();
            while let Err(RecvTimeoutError::Timeout) = rx.recv_timeout(every) {
                let mut line =
                    plain_line(&name, seen.load(Ordering::Relaxed), total, start.elapsed());
                if let Ok(n) = noted.lock() {
                    if !n.is_empty() {
                        line.push_str(&format!(", {n}"));
                    }
                }
                eprintln!("{line}");
            }
        });
        if let Ok(mut p) = self.plain.lock() {
            *p = Some(PlainPhase {
                done,
                note,
                stop,
                ticker,
            });
        }
    }
}

/// One plain progress line: `[12 s] phase: 1200/5000 (24%), 100/s, eta 38 s`.
fn plain_line(name: &str, done: u64, total: u64, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { done as f64 / secs } else { 0.0 };
    if total == 0 {
        return format!("[{secs:.0} s] {name}: working");
    }
    let pct = 100.0 * done as f64 / total as f64;
    let eta = if rate > 0.0 {
        format!("{:.0} s", total.saturating_sub(done) as f64 / rate)
    } else {
        "unknown".into()
    };
    format!("[{secs:.0} s] {name}: {done}/{total} ({pct:.0}%), {rate:.0}/s, eta {eta}")
}

impl Drop for Bars {
    fn drop(&mut self) {
        self.stop_plain();
    }
}

impl Progress for Bars {
    fn phase(&self, name: &str, total: u64) {
        if self.mode == Mode::Plain {
            self.stop_plain();
            self.start_plain(name, total);
            return;
        }
        let bar = if self.mode != Mode::Bar {
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
        if self.mode == Mode::Plain {
            if let Ok(p) = self.plain.lock() {
                if let Some(p) = p.as_ref() {
                    p.done.fetch_add(n, Ordering::Relaxed);
                }
            }
            return;
        }
        if let Some(b) = self.bar.lock().expect("bar lock").as_ref() {
            b.inc(n);
        }
    }

    fn note(&self, text: &str) {
        if self.mode == Mode::Plain {
            if let Ok(p) = self.plain.lock() {
                if let Some(n) = p.as_ref().and_then(|p| p.note.lock().ok()).as_mut() {
                    n.clear();
                    n.push_str(text);
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
        self.stop_plain();
        if let Some(b) = self.bar.lock().expect("bar lock").take() {
            b.finish_and_clear();
        }
    }
}
