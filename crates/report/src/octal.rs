//! The report of one octal game: `reports/octal/<code>.md` with a plot.

use super::common::{thousands, Rendered, RunInfo};
use super::plot::{dot_plot, PlotOptions};
use grundy_dataset::octal::Summary;
use grundy_games::octal::theory::census::sparse_summary;
use grundy_games::octal::theory::period::{Arithmetic, Periodicity};
use grundy_games::octal::{OctalCode, Values};
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
    let _ = writeln!(md, "# The {} {title}\n", code.family());
    moves_text(&mut md, code);
    let _ = writeln!(
        md,
        "\nValues G(0..={}) computed with the {} engine; largest value {}.\n",
        thousands(summary.max_n as u64),
        summary.engine,
        summary.max_value
    );
    verdict_text(&mut md, summary, period, arithmetic);
    let _ = writeln!(md, "![G(n) against n]({fig})\n");
    value_table(&mut md, values, period.map(|p| (p.pre_period, p.period)));
    let _ = writeln!(md, "\n## Run\n");
    let _ = writeln!(md, "- command: `{}`", run.command);
    let _ = writeln!(
        md,
        "- the run's threads, peak memory and time by phase: `{}{}`, beside this report (not committed: it changes from run to run)",
        fig.strip_suffix(".svg").unwrap_or(fig),
        super::common::RUN_SUFFIX
    );
    let mut opts = plot_options(values);
    // A short pre-period and period beside a long range: log-scaled n
    // shows the pre-period and the periodic rows both.
    opts.log_n =
        period.is_some_and(|p| (p.pre_period + 2 * p.period).saturating_mul(20) <= values.len());
    let plot = dot_plot(values, &format!("G(n) of {title}"), &opts);
    Rendered {
        markdown: md,
        figures: vec![(fig.to_string(), plot)],
    }
}

/// The moves of `code`, digit by digit.
fn moves_text(md: &mut String, code: &OctalCode) {
    let _ = writeln!(md, "Moves (digit by digit of the code):\n");
    let finite = code.finite_digits().len();
    for (k, &d) in code.finite_digits().iter().enumerate() {
        if d != 0 {
            let _ = writeln!(md, "- digit {k} = {d:X}: {}", digit_rule(k, d));
        }
    }
    // A repeating part: one line per digit of the block, for every removal
    // of its residue class (the code has infinitely many digits).
    let p = code.repeat().len();
    for (j, &e) in code.repeat().iter().enumerate() {
        if e != 0 {
            let k = finite + j;
            let which = if p == 1 {
                format!("every k ≥ {k}")
            } else {
                format!(
                    "k = {k}, {}, {}, … (k ≥ {k}, k ≡ {k} mod {p})",
                    k + p,
                    k + 2 * p
                )
            };
            let rule = digit_rule(k, e);
            let leaving = rule.split_once(", leaving ").map_or("", |(_, l)| l);
            let _ = writeln!(
                md,
                "- digit k = {e:X} for {which}, repeating: remove k tokens, leaving {leaving}"
            );
        }
    }
    if !code.is_finite() {
        let _ = writeln!(
            md,
            "\nThe code has a repeating part, so infinitely many digits: the Octal Periodicity Theorem does not apply, and no period is ever claimed proved."
        );
    }
}

/// The periodicity found: proved, arithmetic (observed), or none.
fn verdict_text(
    md: &mut String,
    summary: &Summary,
    period: Option<&Periodicity>,
    arithmetic: Option<&Arithmetic>,
) {
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
}

/// Widest table row: a longer period is tabled in rows of 10.
pub const MAX_ROW: usize = 40;

/// The values as a Markdown table: in rows of the period `(pre-period,
/// period)` when one is known (and at most [`MAX_ROW`]), so each column is
/// one residue `n mod p` and the periodic part reads down the columns;
/// else in rows of 10. At least the first 120 values, and with a period
/// the pre-period and two whole periods past it.
pub fn value_table(md: &mut String, values: &Values, period: Option<(usize, usize)>) {
    let width = match period {
        Some((_, p)) if p <= MAX_ROW => p,
        _ => 10,
    };
    let want = match period {
        Some((pre, p)) => (pre + 2 * p).max(120),
        None => 120,
    };
    let show = want.next_multiple_of(width).min(values.len());
    match period {
        Some((pre, p)) if p == width => {
            let _ = writeln!(
                md,
                "## The first {show} values, in rows of the period {p}\n\n\
                 Each column is one residue n mod {p}; from n = {pre} on (the pre-period) every \
                 column is constant.\n"
            );
        }
        _ => {
            let _ = writeln!(md, "## The first {show} values\n");
        }
    }
    let heads: Vec<String> = (0..width).map(|c| format!("+{c}")).collect();
    let _ = writeln!(md, "| n | {} |", heads.join(" | "));
    let _ = writeln!(md, "|---|{}", "---|".repeat(width));
    for row in 0..show.div_ceil(width) {
        let _ = write!(md, "| {} |", row * width);
        for c in 0..width {
            let n = row * width + c;
            if n < show {
                let _ = write!(md, " {} |", values.get(n));
            } else {
                md.push_str("  |");
            }
        }
        md.push('\n');
    }
}

/// A rare value is drawn in its own colour when the sequence has a sparse
/// space worth the name: at most a quarter of `G(1..)` rare under the best
/// mask.
pub fn plot_options(values: &Values) -> PlotOptions {
    let mask = sparse_summary(values)
        .filter(|s| s.rare_count.saturating_mul(4) <= values.len())
        .map(|s| s.mask);
    PlotOptions { mask, log_n: false }
}
