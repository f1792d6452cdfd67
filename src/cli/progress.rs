//! The terminal progress sink: an indicatif bar per phase on standard
//! error, hidden with `--quiet` or when standard error is not a terminal.

use grundy::progress::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;

/// Shows one bar per phase.
pub struct Bars {
    visible: bool,
    bar: Mutex<Option<ProgressBar>>,
}

impl Bars {
    /// Bars shown unless `quiet` or standard error is not a terminal.
    pub fn new(quiet: bool) -> Bars {
        Bars {
            visible: !quiet && std::io::stderr().is_terminal(),
            bar: Mutex::new(None),
        }
    }
}

impl Progress for Bars {
    fn phase(&self, name: &str, total: u64) {
        let bar = if !self.visible {
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
                    "{msg:>28} [{bar:40}] {pos}/{len} {elapsed} (eta {eta})",
                )
                .expect("valid template")
                .progress_chars("=> "),
            );
            b
        };
        bar.set_message(name.to_string());
        if let Some(old) = self.bar.lock().expect("bar lock").replace(bar) {
            old.finish_and_clear();
        }
    }

    fn advance(&self, n: u64) {
        if let Some(b) = self.bar.lock().expect("bar lock").as_ref() {
            b.inc(n);
        }
    }

    fn finish_phase(&self) {
        if let Some(b) = self.bar.lock().expect("bar lock").take() {
            b.finish_and_clear();
        }
    }
}

/// Peak resident memory of this process so far, in MiB (Linux `VmHWM`).
pub fn peak_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
