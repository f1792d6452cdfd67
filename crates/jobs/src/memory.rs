//! The memory a job may use: what the machine has available, and the one
//! refusal every job makes before it allocates ("needs about X, more than
//! the Y available; pass --force"). Engines estimate their cost from the
//! input alone ([`grundy_games::monorail::cost`],
//! [`grundy_games::octal::engine::budget`]); reading the machine's state is a job's
//! step, so it lives here.

use grundy_core::error::{Error, Result};
use grundy_games::monorail::cost::Estimate;

/// Bytes of memory available to a new process: `GRUNDY_MEMORY` where set
/// ([`parse_size`]: a share of a machine shared with others, or a test's
/// small machine), else Linux `MemAvailable` in `/proc/meminfo`; `None`
/// where neither can be read. An unreadable `GRUNDY_MEMORY` is ignored.
pub fn available_memory() -> Option<u64> {
    if let Some(b) = std::env::var("GRUNDY_MEMORY")
        .ok()
        .and_then(|s| parse_size(&s))
    {
        return Some(b);
    }
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_meminfo(&text)
}

/// A size in bytes, with an optional binary suffix `K`, `M`, `G` or `T`
/// (`512M`, `2G`, `1073741824`); `None` for anything else or past `u64`.
pub fn parse_size(s: &str) -> Option<u64> {
    let s = s.trim();
    let (digits, shift) = match s.char_indices().last()? {
        (i, 'K' | 'k') => (&s[..i], 10),
        (i, 'M' | 'm') => (&s[..i], 20),
        (i, 'G' | 'g') => (&s[..i], 30),
        (i, 'T' | 't') => (&s[..i], 40),
        _ => (s, 0),
    };
    let n: u64 = digits.trim().parse().ok()?;
    n.checked_mul(1u64 << shift)
}

/// `MemAvailable` (in kB) of a `/proc/meminfo` text, in bytes.
fn parse_meminfo(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// A cap a command sets itself below the machine's memory, named in the
/// refusal: `(bytes, "show")` reads "the 1.0 GiB show allows itself".
pub type Budget<'a> = Option<(f64, &'a str)>;

/// Refuses the work `what` estimated at `e` when it exceeds `budget` (if
/// any) or the memory available, unless `force`.
///
/// # Errors
/// [`Error::TooCostly`] with the estimate, the limit and the flag that
/// allows it.
pub fn check(what: &str, e: &Estimate, budget: Budget<'_>, force: bool) -> Result<()> {
    if force {
        return Ok(());
    }
    let refuse = |limit: String| Error::TooCostly {
        what: what.to_string(),
        needs: e.to_string(),
        limit,
        flag: "--force",
    };
    if let Some((limit, name)) = budget {
        if e.bytes > limit {
            return Err(refuse(format!(
                "the {:.1} GiB {name} allows itself",
                limit / f64::from(1u32 << 30)
            )));
        }
    }
    if let Some(avail) = available_memory() {
        if e.bytes > avail as f64 {
            return Err(refuse(format!(
                "the {:.1} GiB of memory available",
                avail as f64 / f64::from(1u32 << 30)
            )));
        }
    }
    Ok(())
}

/// Peak resident memory of this process so far, in MiB (Linux `VmHWM`);
/// `None` where that cannot be read.
pub fn peak_mib() -> Option<f64> {
    status_mib("VmHWM:")
}

/// Resident memory of this process now, in MiB (Linux `VmRSS`); `None`
/// where that cannot be read.
pub fn resident_mib() -> Option<f64> {
    status_mib("VmRSS:")
}

fn status_mib(field: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size(" 2g "), Some(2 << 30));
        assert_eq!(parse_size("1073741824"), Some(1 << 30));
        assert_eq!(parse_size("1.5G"), None);
        assert_eq!(parse_size("G"), None);
        assert_eq!(parse_size(""), None);
        assert_eq!(parse_size("99999999999T"), None);
    }

    #[test]
    fn meminfo_is_read() {
        let text = "MemTotal:       24000000 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(parse_meminfo(text), Some(2048 * 1024));
        assert_eq!(parse_meminfo("MemTotal: 5 kB\n"), None);
    }

    #[test]
    fn refuses_past_the_budget_unless_forced() {
        let e = Estimate {
            classes: 1e6,
            bytes: 2.0 * f64::from(1u32 << 30),
            cpu_seconds: 3.0,
        };
        let budget = Some((f64::from(1u32 << 30), "show"));
        let err = check("monorail show", &e, budget, false).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("monorail show needs about 1.00e6 position classes, 2.0 GiB"),
            "{text}"
        );
        assert!(
            text.contains("the 1.0 GiB show allows itself; pass --force"),
            "{text}"
        );
        assert!(check("monorail show", &e, budget, true).is_ok());
        let huge = Estimate { bytes: 1e30, ..e };
        let err = check("x", &huge, None, false).unwrap_err().to_string();
        assert!(err.contains("of memory available"), "{err}");
    }
}
