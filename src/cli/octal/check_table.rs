//! `grundy octal check-table FILE`: checks a CSV table of published
//! periodicity claims row by row (see
//! [`grundy_games::octal::theory::table_check`]), one line per row and a summary,
//! or one JSON object. Exit code 0 when every row's outcome is the one it
//! records (or, without `expect`, when it holds), 1 when one is not
//! ([`Refuted`]), 2 for bad input.
#![warn(clippy::arithmetic_side_effects)]

use crate::cli::progress::Bars;
use crate::cli::refuted::Refuted;
use clap::Args as ClapArgs;
use grundy_games::octal::theory::table_check::{Claim, Kind, Outcome, RowResult};
use grundy_jobs::octal_queries::check_claims_file;
use serde_json::json;
use std::path::PathBuf;

/// Default `--max-n`: enough for every periodic claim of
/// `data/octal/published.csv` (the largest, 0.354, needs n < 20,123,962).
pub const TABLE_MAX_N: usize = 1 << 25;

/// `grundy octal check-table`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    /// The claims table: CSV with the header
    /// code,pre_period,period[,saltus][,check_to][,expect][,source].
    pub file: PathBuf,
    /// Compute G(n) for n <= N at most: a periodic claim whose proof needs
    /// more is reported undecided, an unsolved or arithmetic row asking for
    /// more is refused.
    #[arg(long, default_value_t = TABLE_MAX_N)]
    pub max_n: usize,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// One outcome in words.
fn describe(claim: &Claim, o: &Outcome) -> String {
    let (n0, p, s) = match *claim {
        Claim::Periodic {
            pre_period,
            period,
            saltus,
            ..
        } => (pre_period, period, saltus),
        Claim::Unsolved { .. } => (0, 0, 0),
    };
    match *o {
        Outcome::Proved {
            proof_end,
            checked_to,
        } => format!(
            "holds (proved: G(n + {p}) = G(n) for {n0} <= n < {proof_end}, values to n = {checked_to}, and the Octal Periodicity Theorem)"
        ),
        Outcome::NotMinimal {
            least_pre_period,
            least_period,
            checked_to,
        } => format!(
            "holds, not minimal (proved with values to n = {checked_to}, but the least period is {least_period} from n = {least_pre_period})"
        ),
        Outcome::Refuted { n, value, later } => {
            let plus = if s > 0 { format!(" + {s}") } else { String::new() };
            format!(
                "refuted at n = {n}: G({}) = {later}, but G({n}){plus} = {}",
                n.saturating_add(p),
                u64::from(value).saturating_add(u64::from(s))
            )
        }
        Outcome::HoldsUpTo { to } => format!("holds up to n = {to} (not proved)"),
        Outcome::Undecided { to, needed } => format!(
            "undecided: agrees with G(n) for n <= {to}, but the proof needs {} (raise --max-n)",
            needed.map_or("more values than can be counted".to_string(), |x| {
                format!("G(n) for n < {x}")
            })
        ),
        Outcome::Unsolved { to } => {
            format!("confirmed unsolved up to n = {to} (no period proved by G(0..={to}))")
        }
        Outcome::PeriodFound {
            pre_period,
            period,
            checked_to,
            ..
        } => format!(
            "not unsolved: period {period} from n = {pre_period} is proved with values to n = {checked_to}"
        ),
    }
}

/// The text line of one row.
fn line(r: &RowResult) -> String {
    let o = describe(&r.row.claim, &r.outcome);
    let mark = match (r.row.expect, r.as_expected) {
        (Some(e), true) => format!(" [expected: {}]", e.name()),
        (Some(e), false) => format!(" [NOT AS RECORDED: expected {}]", e.name()),
        (None, true) => String::new(),
        (None, false) => " [FAILS]".to_string(),
    };
    format!(
        "line {}: {} {}: {o}{mark}",
        r.row.line, r.row.code, r.row.claim
    )
}

/// How many rows had each kind of outcome, in [`Kind::ALL`] order, the
/// kinds that occur only.
fn counts(results: &[RowResult]) -> Vec<(Kind, usize)> {
    Kind::ALL
        .into_iter()
        .map(|k| {
            let n = results.iter().filter(|r| r.outcome.kind() == k).count();
            (k, n)
        })
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// Runs `octal check-table`.
///
/// # Errors
/// An unreadable or malformed table, `--max-n` too large, a row whose
/// computation is refused by its memory estimate; [`RowsFailed`] when some
/// row is not as recorded.
pub fn run(a: Args, bars: &Bars) -> anyhow::Result<()> {
    let shown = a.file.display().to_string();
    let results = check_claims_file(&a.file, a.max_n, bars)?;
    let failed = results.iter().filter(|r| !r.as_expected).count();
    let total = results.len();
    if a.json {
        print_json(&shown, a.max_n, &results, failed)?;
    } else {
        print_text(&shown, &results, failed)?;
    }
    if failed > 0 {
        let verb = if failed == 1 { "does" } else { "do" };
        return Err(Refuted(format!(
            "{failed} of {total} rows {verb} not hold as recorded"
        ))
        .into());
    }
    Ok(())
}

/// The results as one JSON object.
fn print_json(
    shown: &str,
    max_n: usize,
    results: &[RowResult],
    failed: usize,
) -> anyhow::Result<()> {
    let rows: Vec<serde_json::Value> = results
        .iter()
        .map(|r| {
            json!({
                "line": r.row.line,
                "code": r.row.code.to_string(),
                "claim": r.row.claim,
                "source": r.row.source,
                "expect": r.row.expect,
                "outcome": r.outcome,
                "holds": r.outcome.kind().holds(),
                "as_expected": r.as_expected,
            })
        })
        .collect();
    let c: serde_json::Map<String, serde_json::Value> = counts(results)
        .into_iter()
        .map(|(k, n)| (k.name().to_string(), json!(n)))
        .collect();
    outln!(
        "{}",
        json!({
            "path": shown,
            "max_n": max_n,
            "rows": rows,
            "counts": c,
            "total": results.len(),
            "failed": failed,
            "all_as_expected": failed == 0,
        })
    )
}

/// One line per row and the summary line.
fn print_text(shown: &str, results: &[RowResult], failed: usize) -> anyhow::Result<()> {
    for r in results {
        outln!("{}", line(r))?;
    }
    let c: Vec<String> = counts(results)
        .into_iter()
        .map(|(k, n)| format!("{n} {}", k.name()))
        .collect();
    let verdict = if failed == 0 {
        "every row as recorded".to_string()
    } else {
        format!("{failed} not as recorded")
    };
    outln!(
        "{shown}: {} rows: {}; {verdict}.",
        results.len(),
        c.join(", ")
    )
}
