//! The report of the octal census, `reports/octal-census.md`: the codes
//! grouped as the published tables group them (Flammenkamp's octal tables,
//! Czajka's extensions): solved games with period and pre-period, games
//! with arithmetic periodicity (seen), and the unsolved games with how far
//! they were computed and their sparse-space data; plots of a few unsolved
//! games.

use super::common::{thousands, Rendered};
use super::plot::{dot_plot, PlotOptions};
use grundy_dataset::census::{Line, Summary};
use grundy_games::octal::{OctalCode, Values};
use std::fmt::Write;

/// The fields of a `census.csv` line by column name.
pub(crate) fn field<'a>(l: &'a Line, name: &str) -> &'a str {
    l.field(name)
}

/// A number field with thousands separators (empty stays empty).
fn num(l: &Line, name: &str) -> String {
    let f = field(l, name);
    f.parse::<u64>().map_or_else(|_| f.to_string(), thousands)
}

/// Renders the report from the census lines (in census order), its
/// summary and the plotted sequences (`(code, G(0..len))`). `dataset`
/// names the directory holding `census.csv`, for the text.
pub fn render(
    lines: &[Line],
    summary: &Summary,
    plots: &[(OctalCode, Values)],
    dataset: &str,
) -> Rendered {
    let mut md = String::new();
    let n = thousands(summary.max_n as u64);
    intro(&mut md, summary, dataset, &n);
    status_counts(&mut md, summary, &n);
    families(&mut md, summary);
    how_settled(&mut md);
    past_n(&mut md, lines, summary.max_n);
    crate::census_published::published_section(&mut md, lines, summary);
    crate::census_published::records_section(&mut md, lines, 10);
    tables(&mut md, lines, &n);
    let figures = plot_section(&mut md, plots, lines, &report_stem(summary.digits));
    Rendered {
        markdown: md,
        figures,
    }
}

/// The title and what the census covers (`n`: its N with separators).
fn intro(md: &mut String, summary: &Summary, dataset: &str, n: &str) {
    let _ = writeln!(
        md,
        "# The octal census: every code of up to {} digits\n",
        summary.digits
    );
    let _ = writeln!(
        md,
        "Every octal code `0.d1…d{0}` and `4.d1…d{0}` (digits 0–7, trailing zeros dropped, \
         each game once): **{1} codes**, computed with the sparse engine to n = {n}{budget}. \
         Dataset: `{dataset}/census.csv` (one row per code, columns documented in `docs/src/octal-census.md`), \
         `{dataset}/summary.json`. Regenerate with `scripts/octal-census.sh`.\n",
        summary.digits,
        summary.codes,
        budget = summary.budget.map_or(String::new(), |b| format!(
            ", then past it while each family's budget of {} s (in work units, so the census is the same on every machine) and {} lasts (n = {} at most){}",
            b.seconds,
            grundy_games::octal::engine::budget::bytes_text(b.bytes),
            thousands(b.max_n as u64),
            summary.published_budget.map_or(String::new(), |p| format!(
                "; the families holding a code that a published table solves, {} s and {} (n = {} at most)",
                p.seconds,
                grundy_games::octal::engine::budget::bytes_text(p.bytes),
                thousands(p.max_n as u64)
            ))
        ))
    );
}

/// The codes by status, then the machine and wall time of the run.
fn status_counts(md: &mut String, summary: &Summary, n: &str) {
    let c = |s: &str| summary.counts.get(s).copied().unwrap_or(0);
    let _ = writeln!(md, "| status | codes |\n|---|---|");
    let _ = writeln!(
        md,
        "| periodic, proved (Octal Periodicity Theorem, Guy and Smith 1956) | {} |",
        c("periodic")
    );
    let _ = writeln!(
        md,
        "| arithmetically periodic (seen, not proved) | {} |",
        c("arithmetic")
    );
    let past = if summary.budget.is_some() {
        " (or as far past it as the budget went)"
    } else {
        ""
    };
    let _ = writeln!(
        md,
        "| not settled up to n = {n}{past} | {} |",
        c("unsettled")
    );
    let _ = write!(
        md,
        "\nMachine time {:.0} s (the sum over codes), wall time {:.0} s on {} threads",
        summary.cpu_seconds, summary.wall_seconds, summary.threads
    );
    if summary.resumed > 0 {
        let _ = write!(
            md,
            " (the last run only: {} of the rows were kept from an interrupted run, \
             whose wall time is not recorded; their machine time is in the sum)",
            summary.resumed
        );
    }
    let _ = writeln!(md, ".\n");
}

/// The families of codes sharing a nim-sequence, if any.
fn families(md: &mut String, summary: &Summary) {
    if summary.families > 0 {
        let _ = writeln!(
            md,
            "Families: {} of the {} codes have a move that never changes a value (taking a whole heap \
             that already has an option of value 0, or taking k leaving one heap when taking k − m and \
             splitting off a heap m of value 0 reaches the same value; `grundy::games::octal::theory::equivalent`), \
             so they have the nim-sequence of the code without it, named under \"same sequence as\": \
             the codes have at most {} distinct nim-sequences. `grundy octal census` computes each family's \
             sequence once and settles the other codes from its values; every row is still the code's own \
             (its period is proved with its own moves) and the same as computing the code alone.\n",
            summary.codes.saturating_sub(summary.families),
            summary.codes,
            summary.families
        );
    }
}

/// How a code is settled and what its proof range means.
fn how_settled(md: &mut String) {
    let _ = writeln!(
        md,
        "How a code is settled: values are computed from n = 256 on, doubling, and whenever the values \
         show a candidate period exactly as far as the theorem needs to prove it; a code stops at the \
         first proved period, or when `G(n + p) = G(n) + s` has held over the last half of at least \
         4096 values and eight periods (arithmetic periodicity, observed only), or at n = N, or \
         (with a budget) past N where the budget would not cover the next doubling, predicted from the \
         cost of the last one. \
         The proof range `[a, b)` means `G(n + p) = G(n)` was checked for `a <= n < b`, which the \
         theorem extends to every `n >= a`.\n"
    );
}

/// The codes settled past N by the budget, if any.
fn past_n(md: &mut String, lines: &[Line], max_n: usize) {
    let past: Vec<String> = lines
        .iter()
        .filter(|l| l.status == "periodic")
        .filter(|l| {
            field(l, "computed_to")
                .parse::<usize>()
                .is_ok_and(|c| c > max_n)
        })
        .map(|l| {
            format!(
                "{} (period {} from n = {})",
                field(l, "code"),
                num(l, "period"),
                num(l, "pre_period")
            )
        })
        .collect();
    if !past.is_empty() {
        let _ = writeln!(
            md,
            "Settled past n = {} by the budget: {}.\n",
            thousands(max_n as u64),
            past.join(", ")
        );
    }
}

/// The sections of periodic, arithmetically periodic and unsettled codes.
fn tables(md: &mut String, lines: &[Line], n: &str) {
    use Cell::{Num, Published, Range, Text};
    table(
        md,
        lines,
        "periodic",
        "## Solved: periodic, proved",
        None,
        &[
            ("period", Num("period")),
            ("pre-period", Num("pre_period")),
            ("proof range", Range("proof_start", "proof_end")),
            ("computed to", Num("computed_to")),
            ("largest value", Num("max_value")),
            ("same sequence as", Text("same_as")),
            ("seconds", Text("seconds")),
        ],
    );
    table(
        md,
        lines,
        "arithmetic",
        "## Arithmetically periodic (seen, not proved)",
        None,
        &[
            ("period", Num("period")),
            ("saltus", Num("saltus")),
            ("from n", Num("pre_period")),
            ("observed to", Num("computed_to")),
            ("largest value", Num("max_value")),
            ("seconds", Text("seconds")),
        ],
    );
    table(
        md,
        lines,
        "unsettled",
        &format!("## Unsolved: not settled up to n = {n} (or as far as the budget went)"),
        Some(
            "Sparse space: under the mask M a value v is rare when `v & M` has an even number of bits; \
             M is the non-zero mask making the fewest of G(1..=n) rare. \"Czajka\": how T. Czajka's table \
             of unsolved games (octal-games, UnsolvedGames.md) lists the code, with the depth it gives \
             where it gives one (its other unsolved rows give none); empty when it does not list the \
             code as unsolved (a code of another family, or solved there). Flammenkamp's depths for \
             these games were not in the sources available here.",
        ),
        &[
            ("computed to", Num("computed_to")),
            ("largest value", Num("max_value")),
            ("first at n", Num("max_value_at")),
            ("mask", Text("mask")),
            ("rare values", Num("rare_count")),
            ("last rare n", Num("last_rare")),
            ("Czajka", Published),
            ("same sequence as", Text("same_as")),
            ("seconds", Text("seconds")),
        ],
    );
}

/// The codes T. Czajka's table of unsolved octal games lists
/// (octal-games, UnsolvedGames.md, github.com/tczajka/octal-games), with
/// the depth `n` it gives (the first `n` values) where it gives one.
pub const CZAJKA_UNSOLVED: &[(&str, Option<u64>)] = &[
    ("0.6", Some(1 << 21)),
    ("0.04", Some(1 << 17)),
    ("0.06", Some(1 << 17)),
    ("0.14", None),
    ("0.36", None),
    ("0.64", None),
    ("0.74", None),
    ("0.76", None),
    ("0.004", None),
    ("0.005", None),
    ("0.006", None),
    ("0.014", None),
    ("0.015", None),
    ("0.016", None),
    ("0.024", None),
    ("0.026", None),
    ("0.034", None),
    ("0.054", None),
    ("0.064", None),
    ("0.104", None),
    ("0.106", None),
    ("0.114", None),
    ("0.125", None),
    ("0.126", None),
    ("0.135", None),
    ("0.136", None),
    ("0.142", None),
    ("0.143", None),
    ("0.146", None),
    ("0.161", None),
    ("0.162", None),
    ("0.163", None),
    ("0.164", None),
    ("0.166", None),
    ("0.167", None),
    ("0.172", None),
    ("0.174", None),
    ("0.204", None),
    ("0.205", None),
    ("0.206", None),
    ("0.207", None),
    ("0.224", None),
    ("0.244", None),
    ("0.245", None),
    ("0.264", None),
    ("0.314", None),
    ("0.324", None),
    ("0.334", None),
    ("0.336", None),
    ("0.342", None),
    ("0.344", None),
    ("0.346", None),
    ("0.362", None),
    ("0.364", None),
    ("0.366", None),
    ("0.371", None),
    ("0.374", None),
    ("0.404", None),
    ("0.414", None),
    ("0.416", None),
    ("0.444", None),
    ("0.454", None),
    ("0.564", None),
    ("0.604", None),
    ("0.606", None),
    ("0.744", None),
    ("0.764", None),
    ("0.774", None),
    ("0.776", None),
    ("4.004", None),
    ("4.007", None),
    ("4.026", None),
    ("4.044", None),
    ("4.045", None),
    ("4.064", None),
    ("4.324", None),
    ("4.327", None),
    ("4.344", None),
    ("4.364", None),
    ("4.367", None),
    ("4.404", None),
    ("4.406", None),
];

/// The "Czajka" cell of a code.
fn czajka(code: &str) -> String {
    match CZAJKA_UNSOLVED.iter().find(|(c, _)| *c == code) {
        Some((_, Some(n))) => format!("unsolved, n = {}", thousands(*n)),
        Some((_, None)) => "unsolved".to_string(),
        None => String::new(),
    }
}

/// The name of a census's report (`STEM.md`, figures in `STEM/`):
/// `octal-census` for the census of up to three digits (and the smaller
/// ones of the tests), `octal-census-4` for four digits.
pub fn report_stem(digits: usize) -> String {
    if digits <= 3 {
        "octal-census".to_string()
    } else {
        format!("octal-census-{digits}")
    }
}

/// The plots of unsettled games, if any: the Markdown links, and the
/// figures as `(file name, SVG)`. Each plot shows every value given (the
/// whole computed range, `G(0..=computed_to)`), `n` log-scaled, the values
/// rare under the row's mask in their own colour.
fn plot_section(
    md: &mut String,
    plots: &[(OctalCode, Values)],
    lines: &[Line],
    stem: &str,
) -> Vec<(String, String)> {
    let mut figures = Vec::new();
    if !plots.is_empty() {
        let _ = writeln!(
            md,
            "## Plots of unsettled games\n\n\
             Every value computed, G(0..=computed to), n on a log scale; each pixel column shows \
             every distinct value in it as a dot; values rare under the code's mask (the `mask` \
             column) in red, every one of them drawn.\n"
        );
        for (code, values) in plots {
            let name = format!("{}.svg", code.file_name());
            let text = code.to_string();
            let mask = lines
                .iter()
                .find(|l| l.code == text)
                .and_then(|l| field(l, "mask").parse::<u32>().ok());
            let _ = writeln!(
                md,
                "![G(n) of {code}, n = 0 … {}]({stem}/{name})\n",
                thousands(values.len().saturating_sub(1) as u64)
            );
            let opts = PlotOptions { mask, log_n: true };
            figures.push((name, dot_plot(values, &format!("G(n) of {code}"), &opts)));
        }
    }
    figures
}

/// A cell of a report table, from the `census.csv` columns it names.
enum Cell {
    /// A number, with thousands separators.
    Num(&'static str),
    /// The field as written.
    Text(&'static str),
    /// `[a, b)` from two number columns.
    Range(&'static str, &'static str),
    /// What Czajka's table of unsolved games says of the code.
    Published,
}

/// One section: the rows of `status`, in census order, under `heading`
/// (and `intro`), with a `code` column then `columns`; "None." if no code
/// has that status (the periodic section always has its table).
fn table(
    md: &mut String,
    lines: &[Line],
    status: &str,
    heading: &str,
    intro: Option<&str>,
    columns: &[(&str, Cell)],
) {
    let rows: Vec<&Line> = lines.iter().filter(|l| l.status == status).collect();
    let _ = writeln!(md, "{heading}\n");
    if rows.is_empty() && status != "periodic" {
        let _ = writeln!(md, "None.\n");
        return;
    }
    if let Some(intro) = intro {
        let _ = writeln!(md, "{intro}\n");
    }
    let names: Vec<&str> = columns.iter().map(|(h, _)| *h).collect();
    let _ = writeln!(md, "| code | {} |", names.join(" | "));
    let aligns: Vec<&str> = columns
        .iter()
        .map(|(_, c)| {
            if matches!(c, Cell::Range(..)) {
                "---"
            } else {
                "---:"
            }
        })
        .collect();
    let _ = writeln!(md, "|---|{}|", aligns.join("|"));
    for l in rows {
        let cells: Vec<String> = columns
            .iter()
            .map(|(_, c)| match *c {
                Cell::Num(name) => num(l, name),
                Cell::Text(name) => field(l, name).to_string(),
                Cell::Range(a, b) => format!("[{}, {})", num(l, a), num(l, b)),
                Cell::Published => czajka(field(l, "code")),
            })
            .collect();
        let _ = writeln!(md, "| {} | {} |", l.code, cells.join(" | "));
    }
    md.push('\n');
}
