//! The report of one octal game: `reports/octal/<code>.md` with a plot.

use super::common::{thousands, Rendered, RunInfo};
use super::plot::sequence_plot;
use crate::dataset::octal::Summary;
use crate::games::octal::period::{Arithmetic, Periodicity};
use crate::games::octal::{OctalCode, Values};
use std::fmt::Write;

fn digit_rule(k: usize, d: u8) -> String {
    let mut leaves = Vec::new();
    for (bit, what) in [
        (1, "nothing"),
        (2, "one heap"),
        (4, "two heaps"),
        (8, "three heaps"),
    ] {
        if d & bit != 0 {
            leaves.push(what);
        }
    }
    let take = if k == 0 {
        "remove no token".to_string()
    } else {
        format!("remove {k} token{}", if k == 1 { "" } else { "s" })
    };
    format!("{take}, leaving {}", leaves.join(" or "))
}

/// Renders the report for `code`. `fig` is the plot's file name as linked
/// from the Markdown (the figure is returned in `figures` under that name).
pub fn render(
    code: &OctalCode,
    summary: &Summary,
    values: &Values,
    period: Option<&Periodicity>,
    arithmetic: Option<&Arithmetic>,
    run: &RunInfo,
    fig: &str,
) -> Rendered {
    let mut md = String::new();
    let title = match code.name() {
        Some(n) => format!("{code} ({n})"),
        None => code.to_string(),
    };
    let _ = writeln!(md, "# The octal game {title}\n");
    let _ = writeln!(md, "Moves (digit by digit of the code):\n");
    for k in 0..=code.max_removal() {
        let d = code.digit(k);
        if d != 0 {
            let _ = writeln!(md, "- digit {k} = {d:X}: {}", digit_rule(k, d));
        }
    }
    let _ = writeln!(
        md,
        "\nValues G(0..={}) computed with the {} engine; largest value {}.\n",
        thousands(summary.max_n as u64),
        summary.engine,
        summary.max_value
    );
    match (period, arithmetic) {
        (Some(p), _) => {
            let _ = writeln!(
                md,
                "**Periodic, proved:** G(n + {}) = G(n) for all n ≥ {} (pre-period {}, period {}). \
                 By the Octal Periodicity Theorem (Guy and Smith 1956) it suffices that \
                 G(n + {}) = G(n) for {} ≤ n < {}, which uses the values up to n = {}; all were checked.\n",
                p.period,
                p.pre_period,
                p.pre_period,
                p.period,
                p.theorem_period,
                p.theorem_pre_period,
                p.proof_end,
                p.checked_to
            );
        }
        (None, Some(a)) => {
            let _ = writeln!(
                md,
                "**No ordinary period proved.** Arithmetic periodicity is seen: G(n + {}) = G(n) + {} for \
                 {} ≤ n ≤ {} − {}. This is observed, not proved.\n",
                a.period, a.saltus, a.pre_period, a.observed_to, a.period
            );
        }
        (None, None) => {
            let _ = writeln!(
                md,
                "**No period found up to n = {}**: no period the Octal Periodicity Theorem can prove with \
                 these values.\n",
                thousands(summary.max_n as u64)
            );
        }
    }
    let _ = writeln!(md, "![G(n) against n]({fig})\n");
    let show = values.len().min(120);
    let _ = writeln!(md, "## The first {show} values\n");
    let _ = writeln!(
        md,
        "| n | +0 | +1 | +2 | +3 | +4 | +5 | +6 | +7 | +8 | +9 |"
    );
    let _ = writeln!(md, "|---|---|---|---|---|---|---|---|---|---|---|");
    for row in 0..show.div_ceil(10) {
        let _ = write!(md, "| {} |", row * 10);
        for c in 0..10 {
            let n = row * 10 + c;
            if n < show {
                let _ = write!(md, " {} |", values.get(n));
            } else {
                md.push_str("  |");
            }
        }
        md.push('\n');
    }
    let _ = writeln!(md, "\n## Run\n");
    for (phase, secs) in &run.phases {
        let _ = writeln!(md, "- {phase}: {secs:.2} s");
    }
    let _ = writeln!(md, "- threads: {}", run.threads);
    if let Some(m) = run.peak_mib {
        let _ = writeln!(md, "- peak memory of the process: {m:.0} MiB");
    }
    let _ = writeln!(md, "- command: `{}`", run.command);
    let plot = sequence_plot(&values.to_u32s(), &format!("G(n) of {code}"));
    Rendered {
        markdown: md,
        figures: vec![(fig.to_string(), plot)],
    }
}
