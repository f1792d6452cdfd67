//! The misère census dataset (`octal misere-census --out DIR`): one row per
//! octal code, how far its misère quotient `Q_n` was proved and how it
//! grew, and whether the game is tame (Conway's genus, *On Numbers and
//! Games* ch. 12) up to the heap bound.
//!
//! `census.csv`, one row per code in code order, header
//! `code,status,max_heap,computed_to,order,p_portion_size,last_change,first_wild,growth,whole_game,stopped`:
//!
//! - `status`: `tame` (every heap up to `max_heap`, or up to 40 when
//!   `max_heap` is larger, hereditarily tame: Conway's genus is computed to
//!   at most heap 40, `grundy_jobs::misere_genus::GENUS_BOUND`),
//!   `wild-finite` (wild, and `Q_max_heap` proved to be the whole game's
//!   quotient by the periodicity proof of
//!   [`grundy_games::misere::periodic`]),
//!   `wild-stable` (wild, `Q_n` proved to `max_heap` and unchanged since
//!   `last_change ≤ max_heap / 2`), `wild-growing` (wild, changed in the
//!   upper half), `stopped` (the proof of some `Q_n` with `n ≤ max_heap`
//!   went past the census's work bounds), `genus-unknown` (`Q_n` proved to
//!   `max_heap`, but the genus search went past its bound, so tameness is
//!   not known);
//! - `computed_to`: the largest `n` with `Q_n` proved; `order` and
//!   `p_portion_size`: `|Q_n|` and `|P|` there;
//! - `last_change`: the least `n` from which `|Q_n|` and `|P|` stay as
//!   they are up to `computed_to`;
//! - `first_wild`: the first heap that is not hereditarily tame, empty if
//!   none up to `max_heap` (at most 40);
//! - `growth`: `n:order/p` at each `n` where `|Q_n|` or `|P|` changes,
//!   separated by `;`;
//! - `whole_game`: `n0:p` when the pretending function's period `p` from
//!   heap `n0` proves `Q_max_heap` to be the whole game's quotient (tame
//!   codes included), else empty;
//! - `stopped`: empty, or which bound stopped the proof of
//!   `Q_(computed_to + 1)`.
//!
//! `summary.json`: `digits`, `max_heap`, the work bounds (`positions`,
//! `states`, `elements`), `budget_s` and `deep` (the time budgets per code,
//! `null` and `[]` for a census within fixed bounds), `codes`, and the
//! count of each status. Within fixed bounds the bytes depend only on the
//! codes, `max_heap` and the bounds (never on the thread count or the time
//! taken); within a time budget, how far each code got depends on the
//! machine, and the report says on which.

use super::atomic::write_bytes;
use grundy_core::error::Result;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The files of a misère census directory.
pub const FILES: &[&str] = &["census.csv", "summary.json"];

/// One code of the misère census (fields as in the [module
/// documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MisereCensusRow {
    /// The octal code, as `0.d1d2`.
    pub code: String,
    /// `tame`, `wild-finite`, `wild-stable`, `wild-growing`, `stopped` or
    /// `genus-unknown`.
    pub status: &'static str,
    /// The heap bound asked for.
    pub max_heap: usize,
    /// The largest `n` with `Q_n` proved.
    pub computed_to: usize,
    /// `|Q_n|` at `computed_to`.
    pub order: usize,
    /// `|P|` at `computed_to`.
    pub p_portion_size: usize,
    /// The least `n` from which the order and `|P|` stay put.
    pub last_change: usize,
    /// The first heap that is not hereditarily tame.
    pub first_wild: Option<usize>,
    /// `(n, |Q_n|, |P|)` at each change.
    pub growth: Vec<(usize, usize, usize)>,
    /// `(n0, p)` of the whole-game proof, if it applies.
    pub whole_game: Option<(usize, usize)>,
    /// Which bound stopped the next level, if any.
    pub stopped: String,
}

/// The census's parameters, for `summary.json`.
#[derive(Clone, Debug, Serialize)]
pub struct MisereCensusSummary {
    /// Codes of up to this many digits.
    pub digits: usize,
    /// The heap bound.
    pub max_heap: usize,
    /// Positions the outcome search may keep per level.
    pub positions: usize,
    /// States the (N) check may take.
    pub states: usize,
    /// Candidate elements before reduction.
    pub elements: usize,
    /// Entries of a reduced candidate's table.
    pub table: usize,
    /// Seconds per code, when the census ran within a time budget (the
    /// bounds above are then what the memory held per thread).
    pub budget_s: Option<f64>,
    /// Codes with a budget of their own: `(code, seconds)`.
    pub deep: Vec<(String, f64)>,
    /// The machine a time budget ran on (threads, processor, memory);
    /// `None` within fixed bounds.
    pub machine: Option<String>,
    /// Codes in the census.
    pub codes: usize,
    /// Codes per status.
    pub statuses: BTreeMap<String, usize>,
}

/// `(|Q_n|, |P|)` from the changes `(n, order, p)` of a row's growth: the
/// last change at or before `n` (before the first, no heap has a move: the
/// trivial quotient, order 1 and no P-position).
pub fn order_at(growth: &[(usize, usize, usize)], n: usize) -> (usize, usize) {
    growth
        .iter()
        .take_while(|c| c.0 <= n)
        .last()
        .map_or((1, 0), |c| (c.1, c.2))
}

/// The `growth` field's text.
pub fn growth_text(growth: &[(usize, usize, usize)]) -> String {
    growth
        .iter()
        .map(|(n, o, p)| format!("{n}:{o}/{p}"))
        .collect::<Vec<_>>()
        .join(";")
}

/// `text` as one CSV field without quoting: its commas and line ends
/// dropped and every run of white space one space ("a candidate of 2612
/// elements, whose table passes ..." becomes "... elements whose table
/// ...", not "elements  whose").
fn field_text(text: &str) -> String {
    text.replace([',', '\n'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text of `census.csv`.
pub fn census_csv(rows: &[MisereCensusRow]) -> String {
    let mut out = String::from(
        "code,status,max_heap,computed_to,order,p_portion_size,last_change,first_wild,growth,whole_game,stopped\n",
    );
    for r in rows {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{}",
            r.code,
            r.status,
            r.max_heap,
            r.computed_to,
            r.order,
            r.p_portion_size,
            r.last_change,
            r.first_wild.map(|w| w.to_string()).unwrap_or_default(),
            growth_text(&r.growth),
            r.whole_game
                .map(|(n0, p)| format!("{n0}:{p}"))
                .unwrap_or_default(),
            field_text(&r.stopped)
        );
    }
    out
}

/// Writes `census.csv` and `summary.json` into `dir` (which must exist).
///
/// # Errors
/// [`Error::Io`](grundy_core::Error::Io) when a file cannot be written.
pub fn write(dir: &Path, rows: &[MisereCensusRow], summary: &MisereCensusSummary) -> Result<()> {
    write_bytes(&dir.join("census.csv"), census_csv(rows).as_bytes())?;
    let mut js = serde_json::to_string_pretty(summary).unwrap_or_default();
    js.push('\n');
    write_bytes(&dir.join("summary.json"), js.as_bytes())
}

/// The dataset directory a census of codes of up to `digits` digits is
/// committed in: `data/misere/census` (one and two digits) or
/// `data/misere/census-3`.
pub fn default_dir(digits: usize) -> &'static str {
    if digits <= 2 {
        "data/misere/census"
    } else {
        "data/misere/census-3"
    }
}
