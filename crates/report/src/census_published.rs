//! The census against the published periods, and its records: a report
//! section saying, for every code of the census that a published table
//! solves, whether the census found exactly that period and pre-period;
//! and the longest periods and pre-periods the census proved.

use crate::census::field;
use crate::common::thousands;
use grundy_dataset::census::{Line, Summary};
use std::fmt::Write as _;

pub use grundy_games::octal::theory::published::{Published, PUBLISHED_PERIODS};

/// How a census row stands against a published period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Proved periodic with exactly the published period and pre-period.
    Agrees,
    /// Not settled as far as the census computed.
    NotSettled,
    /// Settled otherwise than published.
    Differs,
}

fn number(l: &Line, name: &str) -> Option<u64> {
    field(l, name).parse().ok()
}

/// The census row `l` against the published `(period, pre-period)`.
pub fn agreement(l: &Line, period: u64, pre_period: u64) -> Agreement {
    match l.status.as_str() {
        "periodic"
            if number(l, "period") == Some(period)
                && number(l, "pre_period") == Some(pre_period) =>
        {
            Agreement::Agrees
        }
        "unsettled" => Agreement::NotSettled,
        _ => Agreement::Differs,
    }
}

/// The section comparing the census with [`PUBLISHED_PERIODS`] (the codes
/// of the census that a published table solves), if any: for each, the
/// published period and pre-period and what the census found, with its
/// proof range, how far it computed the code and the seconds it took.
pub fn published_section(md: &mut String, lines: &[Line], summary: &Summary) {
    let rows: Vec<(&Line, &Published)> = PUBLISHED_PERIODS
        .iter()
        .filter_map(|p| lines.iter().find(|l| l.code == p.0).map(|l| (l, p)))
        .collect();
    if rows.is_empty() {
        return;
    }
    let count = |a: Agreement| {
        rows.iter()
            .filter(|(l, p)| agreement(l, p.1, p.2) == a)
            .count()
    };
    let (agree, open, differ) = (
        count(Agreement::Agrees),
        count(Agreement::NotSettled),
        count(Agreement::Differs),
    );
    let mut rest = String::new();
    if agree == rows.len() {
        rest += &format!(
            ": all {agree} published periods confirmed, each proved by the Octal Periodicity \
             Theorem from the values on its proof range below"
        );
    }
    if open > 0 {
        rest += &format!("; {open} are not settled as far as this census computed them");
    }
    if differ > 0 {
        rest += &format!("; **{differ} differ**");
    }
    let _ = writeln!(
        md,
        "## Against the published periods\n\n\
         {agree} of the {} codes of this census that a published table solves have exactly the \
         published period and pre-period here{rest}. The pre-period is the least n0 with \
         G(n + p) = G(n) for every n >= n0: Czajka's \"prefix\", one more than an OEIS entry's \
         \"last exception\". No published table covers every code of the census.\n",
        rows.len()
    );
    if let Some(b) = summary.published_budget {
        let _ = writeln!(
            md,
            "The families holding these codes (`octal census --published-budget`) had a budget of \
             {} s (in work units) and {} past N (n = {} at most) instead of the others'.\n",
            b.seconds,
            grundy_games::octal::engine::budget::bytes_text(b.bytes),
            thousands(b.max_n as u64)
        );
    }
    if rows.iter().any(|(l, _)| !field(l, "same_as").is_empty()) {
        let _ = writeln!(
            md,
            "\"seconds\" is each row's own time: a code with the nim-sequence of another (\"same \
             sequence as\") reads that code's values, computed and timed in its row.\n"
        );
    }
    let _ = writeln!(
        md,
        "| code | published period | published pre-period | source | here | proof range | computed to | same sequence as | seconds |\n\
         |---|---:|---:|---|---|---|---:|---|---:|"
    );
    for (l, &(code, period, pre, source)) in rows {
        let here = match agreement(l, period, pre) {
            Agreement::Agrees => "the same, proved".to_string(),
            Agreement::NotSettled => "not settled".to_string(),
            Agreement::Differs => format!(
                "**differs**: {} period {} from n = {}",
                l.status,
                field(l, "period"),
                field(l, "pre_period")
            ),
        };
        let range = match (number(l, "proof_start"), number(l, "proof_end")) {
            (Some(a), Some(b)) => format!("[{}, {})", thousands(a), thousands(b)),
            _ => String::new(),
        };
        let _ = writeln!(
            md,
            "| {code} | {} | {} | {source} | {here} | {range} | {} | {} | {} |",
            thousands(period),
            thousands(pre),
            number(l, "computed_to").map_or_else(String::new, thousands),
            field(l, "same_as"),
            field(l, "seconds")
        );
    }
    md.push('\n');
}

/// The longest periods and pre-periods proved: the first `count` distinct
/// sequences (families counted once, by the code without redundant
/// moves) by each, with the codes sharing them.
pub fn records_section(md: &mut String, lines: &[Line], count: usize) {
    let reps: Vec<&Line> = lines
        .iter()
        .filter(|l| l.status == "periodic" && field(l, "same_as").is_empty())
        .collect();
    if reps.is_empty() {
        return;
    }
    let _ = writeln!(
        md,
        "## Records\n\nThe longest periods and pre-periods proved, one row per sequence (a code \
         without redundant moves and the codes that have its sequence).\n"
    );
    for (title, key) in [("period", "period"), ("pre-period", "pre_period")] {
        let mut sorted = reps.clone();
        sorted.sort_by_key(|l| std::cmp::Reverse(number(l, key).unwrap_or(0)));
        let _ = writeln!(
            md,
            "**Longest {title}s**\n\n| code | period | pre-period | codes with its sequence |\n|---|---:|---:|---|"
        );
        for l in sorted.iter().take(count) {
            let same: Vec<&str> = lines
                .iter()
                .filter(|o| field(o, "same_as") == l.code)
                .map(|o| o.code.as_str())
                .collect();
            let _ = writeln!(
                md,
                "| {} | {} | {} | {} |",
                l.code,
                number(l, "period").map_or_else(String::new, thousands),
                number(l, "pre_period").map_or_else(String::new, thousands),
                same.join(", ")
            );
        }
        md.push('\n');
    }
}
