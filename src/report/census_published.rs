//! The census against the published periods, and its records: a report
//! section saying, for every code of the census that a published table
//! solves, whether the census found exactly that period and pre-period;
//! and the longest periods and pre-periods the census proved.

use crate::dataset::census::Line;
use crate::report::census::field;
use crate::report::common::thousands;
use std::fmt::Write as _;

/// A published period: `(code, period, pre-period, source)`.
pub type Published = (&'static str, u64, u64, &'static str);

/// Periods of octal games as published: `(code, period, pre-period,
/// source)`. The pre-period is the least `n0` with `G(n + p) = G(n)` for
/// every `n >= n0`: T. Czajka's "prefix" (octal-games, SolvedGames.md,
/// github.com/tczajka/octal-games), or one more than the OEIS entry's
/// "last exception" (the entries list `G(n)` from `n = 1`, A071074 from
/// `n = 0`). The OEIS rows whose title names a three-digit code and its
/// four-digit twin (".124 and .1241") are listed for the four-digit code.
pub const PUBLISHED_PERIODS: &[Published] = &[
    ("0.45", 20, 498, "Czajka"),
    ("0.156", 349, 3_479, "Czajka (Kenyon 1967)"),
    ("0.356", 142, 7_315, "Czajka (Austin 1976)"),
    ("0.644", 442, 3_256, "Czajka (Austin 1976)"),
    ("0.165", 1_550, 5_181, "Czajka (Austin 1976)"),
    ("0.16", 149_459, 105_351, "Czajka (Gangolli, Plambeck 1989)"),
    ("0.56", 144, 326_640, "Czajka (Gangolli, Plambeck 1989)"),
    ("0.127", 4, 46_578, "Czajka (Gangolli, Plambeck 1989)"),
    ("0.376", 4, 2_268_248, "Czajka (Gangolli, Plambeck 1989)"),
    ("0.354", 1_180, 10_061_916, "Czajka (Flammenkamp 2002)"),
    ("0.1377", 24, 141, "OEIS A071434"),
    (
        "0.1777",
        60_620_715,
        160_949_018,
        "OEIS A071509 (Flammenkamp)",
    ),
    ("0.7777", 24, 142, "OEIS A071074"),
    ("0.1077", 10_015_179, 193_235_615, "OEIS A071454"),
    ("0.1177", 148, 258, "OEIS A071455"),
    ("0.1137", 60, 14, "OEIS A071447"),
    ("0.3777", 442, 3_255, "OEIS A071514"),
    ("0.3337", 5, 20, "OEIS A125923"),
    ("0.7107", 79, 30, "OEIS A125930"),
    ("0.7307", 60, 1, "OEIS A125933"),
    ("0.7377", 16_132, 94_271, "OEIS A125935"),
    ("0.7737", 44, 294_096, "OEIS A125937"),
    ("0.1241", 62, 122, "OEIS A071461"),
    ("0.1271", 4, 46_578, "OEIS A071464"),
    ("0.1521", 48, 2, "OEIS A071471"),
    ("0.1561", 349, 3_479, "OEIS A071472"),
    ("0.1651", 1_550, 5_181, "OEIS A071476"),
    ("0.1731", 40, 21, "OEIS A071480"),
    ("0.3541", 1_180, 10_061_916, "OEIS A071496 (Flammenkamp)"),
    ("0.3561", 142, 7_315, "OEIS A071497"),
    ("0.3751", 18, 37, "OEIS A071503"),
    ("0.3761", 4, 2_268_248, "OEIS A071504"),
];

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
/// of the census that a published table solves), if any.
pub fn published_section(md: &mut String, lines: &[Line]) {
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
    let _ = writeln!(
        md,
        "| code | published period | published pre-period | source | here |\n|---|---:|---:|---|---|"
    );
    for (l, &(code, period, pre, source)) in rows {
        let here = match agreement(l, period, pre) {
            Agreement::Agrees => "the same, proved".to_string(),
            Agreement::NotSettled => format!(
                "not settled (computed to n = {})",
                number(l, "computed_to").map_or_else(String::new, thousands)
            ),
            Agreement::Differs => format!(
                "**differs**: {} period {} from n = {}",
                l.status,
                field(l, "period"),
                field(l, "pre_period")
            ),
        };
        let _ = writeln!(
            md,
            "| {code} | {} | {} | {source} | {here} |",
            thousands(period),
            thousands(pre)
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
