//! `misere-census.md`: the misère census by status, every row, and the
//! comparison with published quotients.

use grundy_dataset::misere_census::{growth_text, MisereCensusRow, MisereCensusSummary};
use std::fmt::Write as _;

/// A published quotient order against the computed one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison {
    /// The code.
    pub code: String,
    /// The heap bound.
    pub n: usize,
    /// The published `|Q_n|`.
    pub published_order: usize,
    /// The published `|P|`, if any.
    pub published_p: Option<usize>,
    /// Where it is published (or which program computed it).
    pub source: String,
    /// A publication (`false`: an independent program's output).
    pub published: bool,
    /// `(|Q_n|, |P|)` as computed, if `Q_n` was reached.
    pub computed: Option<(usize, usize)>,
    /// The largest `n` reached within the bounds.
    pub computed_to: usize,
}

impl Comparison {
    /// `agrees`, `DISAGREES` or `not reached`.
    pub fn verdict(&self) -> &'static str {
        match self.computed {
            None => "not reached",
            Some((o, p)) => {
                if o == self.published_order && self.published_p.is_none_or(|q| q == p) {
                    "agrees"
                } else {
                    "DISAGREES"
                }
            }
        }
    }
}

/// The report's file name: `misere-census.md` (one and two digits) or
/// `misere-census-3.md`, so that both censuses can sit in `reports/`.
pub fn report_file(digits: usize) -> &'static str {
    if digits <= 2 {
        "misere-census.md"
    } else {
        "misere-census-3.md"
    }
}

/// The report's Markdown.
pub fn markdown(
    rows: &[MisereCensusRow],
    comparisons: &[Comparison],
    summary: &MisereCensusSummary,
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# The misère census of octal games\n");
    let codes = match summary.digits {
        1 => "`0.d1`",
        2 => "`0.d1` and `0.d1d2`",
        _ => "`0.d1` to `0.d1d2d3`",
    };
    let bounds = bounds_text(summary);
    let _ = writeln!(
        out,
        "Every octal code {codes} ({} codes, last digit non-zero), each to heaps of at most {}: \
         its partial misère quotients `Q_n` (Plambeck and Siegel, \"Misère quotients for impartial \
         games\", JCTA 115, 2008), each proved (see `grundy octal quotient`), and its genus \
         (Conway, *On Numbers and Games*, ch. 12). {bounds} Written by `grundy octal \
         misere-census`; the data is in `{}/`.\n",
        summary.codes,
        summary.max_heap,
        grundy_dataset::misere_census::default_dir(summary.digits)
    );
    let _ = writeln!(
        out,
        "A `Q_n` that stops growing up to the bound is not by itself a proof that the whole \
         game's quotient is finite. The column *whole game* gives `n0:p` where the pretending \
         function has period `p` from heap `n0` and the bound reaches `2(n0 + p) + t` (`t` the \
         largest removal): then `Q_N` is proved to be the quotient of the whole game (the \
         Octal Periodicity Theorem's argument applied to the quotient; proof in \
         `crates/games/src/misere/periodic.rs`), and a wild such code is `wild-finite`. \
         `wild-stable` says only that `|Q_n|` and `|P|` did not change in the upper half of the \
         heap range.\n"
    );
    let _ = writeln!(out, "## Counts\n\n| status | codes |\n|---|---:|");
    for (s, c) in &summary.statuses {
        let _ = writeln!(out, "| {s} | {c} |");
    }
    let _ = writeln!(
        out,
        "\n## Comparison with published quotients and an independent program\n\n\
         *publication* rows are figures printed in the literature; *program* rows are the \
         output of Siegel's MisereSolver, the program behind Plambeck and Siegel (2008), \
         compiled from its public source and run here: an independent implementation, not a \
         publication. A disagreement would be marked **DISAGREES** and kept.\n\n\
         | code | n | \\|Q_n\\| there | \\|P\\| there | kind | computed here | verdict | source |\n\
         |---|---:|---:|---:|---|---|---|---|"
    );
    comparison_rows(&mut out, comparisons);
    growth_tables(&mut out, rows, comparisons, summary);
    if let Some(m) = &summary.machine {
        let _ = writeln!(out, "\n## Machine\n\n{m}");
    }
    let _ = writeln!(
        out,
        "\n## Every code\n\n`growth`: `n:|Q_n|/|P|` where either changes.\n\n| code | status | proved to | \\|Q\\| | \\|P\\| | stable from | first wild heap | whole game | growth |\n|---|---|---:|---:|---:|---:|---:|---|---|"
    );
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.code,
            r.status,
            r.computed_to,
            r.order,
            r.p_portion_size,
            r.last_change,
            r.first_wild.map(|w| w.to_string()).unwrap_or("–".into()),
            r.whole_game
                .map(|(n0, p)| format!("{n0}:{p}"))
                .unwrap_or("–".into()),
            growth_text(&r.growth).replace(';', "; ")
        );
    }
    out
}

/// The sentence on the work bounds (or the time budget) of the census.
fn bounds_text(summary: &MisereCensusSummary) -> String {
    match summary.budget_s {
        None => format!(
            "Work bounds per level: {} positions, {} proof states, {} candidate elements.",
            summary.positions, summary.states, summary.elements
        ),
        Some(b) => {
            let deep: Vec<String> = summary
                .deep
                .iter()
                .map(|(c, s)| format!("{c}: {s} s"))
                .collect();
            format!(
                "Each code had a time budget of {b} s{}; a code not settled within it is \
                 `stopped` at the first heap it did not prove, with its last quotient. The \
                 bounds were what the memory held per thread: {} positions, {} proof \
                 states, {} candidate elements, {} table entries. How far a budget reaches depends on the \
                 machine: see *Machine*.",
                if deep.is_empty() {
                    String::new()
                } else {
                    format!(" ({} for the growth tables)", deep.join(", "))
                },
                summary.positions,
                summary.states,
                summary.elements,
                summary.table
            )
        }
    }
}

/// The rows of the comparison table.
fn comparison_rows(out: &mut String, comparisons: &[Comparison]) {
    for c in comparisons {
        let computed = match c.computed {
            Some((o, p)) => format!("{o} (\\|P\\| {p})"),
            None => format!("reached n = {} only", c.computed_to),
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            c.code,
            c.n,
            c.published_order,
            c.published_p.map(|p| p.to_string()).unwrap_or("–".into()),
            if c.published {
                "publication"
            } else {
                "program"
            },
            computed,
            c.verdict(),
            c.source.replace('|', "\\|")
        );
    }
}

/// The growth table of each code given a deeper budget.
fn growth_tables(
    out: &mut String,
    rows: &[MisereCensusRow],
    comparisons: &[Comparison],
    summary: &MisereCensusSummary,
) {
    for (code, budget) in &summary.deep {
        let Some(r) = rows.iter().find(|r| &r.code == code) else {
            continue;
        };
        let _ = writeln!(
            out,
            "\n## Growth of {code}\n\n`|Q_n|` and `|P|` for every heap bound `n` up to the \
             last proved, within {budget} s{}. *There*: the figure of the comparison above at \
             that `n`, if any.\n\n| n | \\|Q_n\\| | \\|P\\| | there |\n|---:|---:|---:|---|",
            if r.stopped.is_empty() {
                String::new()
            } else {
                format!(" (stopped: {})", r.stopped)
            }
        );
        for n in 1..=r.computed_to {
            let (o, p) = grundy_dataset::misere_census::order_at(&r.growth, n);
            let there: Vec<String> = comparisons
                .iter()
                .filter(|c| &c.code == code && c.n == n)
                .map(|c| {
                    format!(
                        "{}{} ({}, {})",
                        c.published_order,
                        c.published_p.map(|p| format!("/{p}")).unwrap_or_default(),
                        if c.published {
                            "publication"
                        } else {
                            "program"
                        },
                        c.verdict()
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "| {n} | {o} | {p} | {} |",
                if there.is_empty() {
                    "–".to_string()
                } else {
                    there.join("; ")
                }
            );
        }
    }
}
