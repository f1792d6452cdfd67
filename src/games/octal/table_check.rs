//! Checking a table of published periodicity claims, row by row.
//!
//! A published claim about an octal game is usually just two numbers: "the
//! nim-sequence of 0.156 has period 349 from n = 3479". It gives no values,
//! so it is checked against the sequence itself:
//!
//! * **Periodic** (saltus 0): the claim says `G(n + p) = G(n)` for every
//!   `n >= n0`. By the Octal Periodicity Theorem ([`super::period`]; Guy and
//!   Smith 1956, Winning Ways ch. 4) this holds for all `n` once it holds for
//!   `n0 <= n < proof_end(n0, p)` (`2·max(n0, 1) + p + t` for octal codes),
//!   so `G(0..values_needed)` either *proves* the claim or gives the first
//!   `n >= n0` where `G(n + p) != G(n)`. A proved claim is then compared with
//!   the least period and pre-period (see [`least`]): a claim of period 24
//!   where the least period is 12, or one starting later than it must, is
//!   true but is not the published minimal period, a distinct outcome
//!   ([`Outcome::NotMinimal`]).
//! * **Arithmetic** (saltus `s > 0`): `G(n + p) = G(n) + s` for `n >= n0`.
//!   No theorem proves this from finitely many values for octal games in
//!   general (and Horrocks and Nowakowski, *Integers* 3 (2003), show that a
//!   finite octal game is never arithmetic-periodic), so it is compared up
//!   to a bound and reported as holding *up to* it, never as proved.
//! * **Unsolved up to N**: no period is proved by `G(0..=N)`, with the same
//!   search as `octal period` ([`proved_period`]). A period found is a
//!   finding: the claim that the game is unsolved fails.
//!
//! The table is CSV with a header ([`parse_table`]); each row may record the
//! outcome it is expected to have (`expect`), so that a table can keep a
//! refuted claim, marked, and still be checked as a whole.
#![warn(clippy::arithmetic_side_effects)]

use super::budget::{check_budget, estimate};
use super::code::OctalCode;
use super::period::{proof_end, proved_period, values_needed};
use super::sequence::{Computation, Engine};
use super::values::Values;
use crate::error::{Error, Result};
use crate::progress::Progress;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// The largest table file read, in bytes.
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// The columns a table may have, in the order they are written. `code`,
/// `pre_period` and `period` are required; the others may be left out.
pub const COLUMNS: [&str; 7] = [
    "code",
    "pre_period",
    "period",
    "saltus",
    "check_to",
    "expect",
    "source",
];

/// What a row claims.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Claim {
    /// `G(n + period) = G(n) + saltus` for every `n >= pre_period`.
    Periodic {
        /// `n0`: one past the last exceptional heap size.
        pre_period: usize,
        /// `p >= 1`.
        period: usize,
        /// `s`: 0 for ordinary periodicity, more for arithmetic.
        saltus: u32,
        /// For arithmetic claims, the largest heap size compared.
        check_to: Option<usize>,
    },
    /// No period is proved by `G(0..=to)`.
    Unsolved {
        /// `N`.
        to: usize,
    },
}

impl fmt::Display for Claim {
    /// `period 12 from n = 71`, `G(n + 4) = G(n) + 2 from n = 3`,
    /// `unsolved up to n = 65536`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Claim::Periodic {
                pre_period,
                period,
                saltus: 0,
                ..
            } => write!(f, "period {period} from n = {pre_period}"),
            Claim::Periodic {
                pre_period,
                period,
                saltus,
                ..
            } => write!(f, "G(n + {period}) = G(n) + {saltus} from n = {pre_period}"),
            Claim::Unsolved { to } => write!(f, "unsolved up to n = {to}"),
        }
    }
}

/// One row of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The 1-based line of the file the row is on.
    pub line: u64,
    /// The game.
    pub code: OctalCode,
    /// What the row claims.
    pub claim: Claim,
    /// The outcome the row records as expected (`expect` column), if any.
    pub expect: Option<Kind>,
    /// Where the claim was published (`source` column; may be empty).
    pub source: String,
}

/// The kinds of [`Outcome`], as written in the `expect` column and in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// [`Outcome::Proved`].
    Proved,
    /// [`Outcome::NotMinimal`].
    NotMinimal,
    /// [`Outcome::Refuted`].
    Refuted,
    /// [`Outcome::HoldsUpTo`].
    HoldsUpTo,
    /// [`Outcome::Undecided`].
    Undecided,
    /// [`Outcome::Unsolved`].
    Unsolved,
    /// [`Outcome::PeriodFound`].
    PeriodFound,
}

impl Kind {
    /// Every kind, in the order of [`Kind::name`]'s documentation.
    pub const ALL: [Kind; 7] = [
        Kind::Proved,
        Kind::NotMinimal,
        Kind::Refuted,
        Kind::HoldsUpTo,
        Kind::Undecided,
        Kind::Unsolved,
        Kind::PeriodFound,
    ];

    /// `proved`, `not-minimal`, `refuted`, `holds-up-to`, `undecided`,
    /// `unsolved`, `period-found`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Proved => "proved",
            Kind::NotMinimal => "not-minimal",
            Kind::Refuted => "refuted",
            Kind::HoldsUpTo => "holds-up-to",
            Kind::Undecided => "undecided",
            Kind::Unsolved => "unsolved",
            Kind::PeriodFound => "period-found",
        }
    }

    /// Whether the claim holds as stated: proved, holding up to its bound
    /// (arithmetic claims, the most that can be shown), or confirmed
    /// unsolved.
    pub fn holds(self) -> bool {
        matches!(self, Kind::Proved | Kind::HoldsUpTo | Kind::Unsolved)
    }
}

impl FromStr for Kind {
    type Err = String;

    /// One of the names of [`Kind::name`].
    ///
    /// # Errors
    /// A message listing the names.
    fn from_str(s: &str) -> std::result::Result<Kind, String> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
                format!("expected one of {}", names.join(", "))
            })
    }
}

/// What checking a row found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Outcome {
    /// The periodic claim holds for every `n` (proved by the theorem) and
    /// its period and pre-period are the least.
    Proved {
        /// `G(n + p) = G(n)` was checked for `pre_period <= n < proof_end`.
        proof_end: usize,
        /// The largest heap size whose value the proof uses.
        checked_to: usize,
    },
    /// The periodic claim holds for every `n` (proved), but the sequence
    /// has a smaller period or starts being periodic earlier.
    NotMinimal {
        /// The least pre-period for the least period.
        least_pre_period: usize,
        /// The least period.
        least_period: usize,
        /// The largest heap size whose value the proof uses.
        checked_to: usize,
    },
    /// The claim fails: `G(n + period) != G(n) + saltus` at this `n`, the
    /// least `n >= pre_period` where it does.
    Refuted {
        /// The first failing `n`.
        n: usize,
        /// `G(n)`.
        value: u32,
        /// `G(n + period)`.
        later: u32,
    },
    /// The arithmetic claim holds for every `n` with `n + period <= to`
    /// (not proved).
    HoldsUpTo {
        /// The largest heap size compared.
        to: usize,
    },
    /// The periodic claim agrees with `G(0..=to)` (every `n` with
    /// `n0 <= n` and `n + p <= to`, none when `n0 + p > to`), but its proof
    /// needs values up to `needed − 1`, beyond the allowed `to`.
    Undecided {
        /// The largest heap size compared (the allowed maximum).
        to: usize,
        /// Values the proof needs: `G(0..needed)` (None: past `usize`).
        needed: Option<usize>,
    },
    /// No period is proved by `G(0..=to)`: consistent with "unsolved".
    Unsolved {
        /// `N`.
        to: usize,
    },
    /// `G(0..=to)` proves a period: the game is not unsolved.
    PeriodFound {
        /// The least pre-period found.
        pre_period: usize,
        /// The least period found.
        period: usize,
        /// The largest heap size whose value the proof uses.
        checked_to: usize,
        /// `N`.
        to: usize,
    },
}

impl Outcome {
    /// The outcome's kind.
    pub fn kind(&self) -> Kind {
        match self {
            Outcome::Proved { .. } => Kind::Proved,
            Outcome::NotMinimal { .. } => Kind::NotMinimal,
            Outcome::Refuted { .. } => Kind::Refuted,
            Outcome::HoldsUpTo { .. } => Kind::HoldsUpTo,
            Outcome::Undecided { .. } => Kind::Undecided,
            Outcome::Unsolved { .. } => Kind::Unsolved,
            Outcome::PeriodFound { .. } => Kind::PeriodFound,
        }
    }
}

/// The error for `path`, `line`: `field` is wrong.
fn bad(path: &str, line: u64, reason: String) -> Error {
    Error::MalformedLine {
        path: path.to_string(),
        line,
        reason,
    }
}

/// At most this many characters of a bad field are quoted in an error.
const QUOTED: usize = 30;

fn quoted(t: &str) -> String {
    match t.char_indices().nth(QUOTED) {
        None => format!("\"{t}\""),
        Some((cut, _)) => format!("\"{}…\" ({} bytes)", &t[..cut], t.len()),
    }
}

/// Reads a non-negative number of type `T` from field `name`.
fn number<T: FromStr>(t: &str, name: &str, max: &str) -> std::result::Result<T, String> {
    t.parse::<T>().map_err(|_| {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            format!("field {name}: {} is too large (at most {max})", quoted(t))
        } else {
            format!("field {name}: {} is not a number", quoted(t))
        }
    })
}

/// Where each known column is in the file's header.
struct Header {
    index: [Option<usize>; COLUMNS.len()],
}

impl Header {
    fn read(record: &csv::StringRecord) -> std::result::Result<Header, String> {
        let mut index = [None; COLUMNS.len()];
        for (i, name) in record.iter().enumerate() {
            let name = name.trim();
            let Some(c) = COLUMNS.iter().position(|&k| k == name) else {
                return Err(format!(
                    "the header has an unknown column {}; the columns are {} (code, pre_period and period required)",
                    quoted(name),
                    COLUMNS.join(", ")
                ));
            };
            if index[c].replace(i).is_some() {
                return Err(format!("the header names column {name} twice"));
            }
        }
        for required in 0..3 {
            if index[required].is_none() {
                return Err(format!(
                    "the header has no column {}: the first line must name the columns, as in {}",
                    COLUMNS[required],
                    COLUMNS.join(",")
                ));
            }
        }
        Ok(Header { index })
    }

    /// The trimmed field of column `c` (empty when the column is absent).
    fn get<'r>(&self, record: &'r csv::StringRecord, c: usize) -> &'r str {
        self.index[c]
            .and_then(|i| record.get(i))
            .unwrap_or("")
            .trim()
    }
}

/// Reads one data record into a row.
fn read_row(h: &Header, r: &csv::StringRecord, line: u64) -> std::result::Result<Row, String> {
    let code: OctalCode = h
        .get(r, 0)
        .parse()
        .map_err(|e: Error| format!("field code: {e}"))?;
    code.require_finite("a claims-table row")
        .map_err(|e| format!("field code: {e}"))?;
    let (pre, period, saltus, check_to) = (h.get(r, 1), h.get(r, 2), h.get(r, 3), h.get(r, 4));
    let expect = match h.get(r, 5) {
        "" => None,
        t => Some(
            t.parse::<Kind>()
                .map_err(|e| format!("field expect: {}: {e}", quoted(t)))?,
        ),
    };
    let source = h.get(r, 6).to_string();
    let check_to = match check_to {
        "" => None,
        t => Some(number::<usize>(t, "check_to", "18446744073709551615")?),
    };
    let claim = if period == "unsolved" {
        if !pre.is_empty() || !saltus.is_empty() {
            return Err(
                "an unsolved row leaves pre_period and saltus empty and gives its bound in check_to"
                    .into(),
            );
        }
        let to = check_to.ok_or("an unsolved row needs check_to, the N of \"unsolved up to N\"")?;
        Claim::Unsolved { to }
    } else {
        let pre_period = number::<usize>(pre, "pre_period", "18446744073709551615")?;
        let period = number::<usize>(period, "period", "18446744073709551615")
            .map_err(|e| format!("{e} (or \"unsolved\")"))?;
        if period == 0 {
            return Err("field period: the period must be at least 1".into());
        }
        let saltus = match saltus {
            "" => 0,
            t => number::<u32>(t, "saltus", "4294967295")?,
        };
        if saltus == 0 && check_to.is_some() {
            return Err(
                "field check_to: a periodic row is checked as far as its proof needs; check_to is for unsolved and arithmetic (saltus > 0) rows"
                    .into(),
            );
        }
        if let Some(to) = check_to {
            if pre_period.checked_add(period).is_none_or(|x| x > to) {
                return Err(format!(
                    "field check_to: {to} is below pre_period + period, so nothing would be compared"
                ));
            }
        }
        Claim::Periodic {
            pre_period,
            period,
            saltus,
            check_to,
        }
    };
    Ok(Row {
        line,
        code,
        claim,
        expect,
        source,
    })
}

/// The CSV record on one line of the file (a field may not span lines).
fn one_record(line: &str) -> std::result::Result<csv::StringRecord, String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(line.as_bytes());
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(_) => Ok(record),
        Err(e) => Err(format!("not CSV: {e}")),
    }
}

/// Reads a claims table: CSV with a header line naming its columns (any
/// order, from [`COLUMNS`]; `code`, `pre_period`, `period` required), lines
/// starting with `#` and blank lines ignored, one claim per further line (a
/// quoted field may hold commas but not span lines):
///
/// * `code`: an octal code (`0.77`, `4.007`, …) or a name (`kayles`);
/// * `pre_period`: `n0`, one past the last exceptional heap size (the
///   convention of [`super::period::Periodicity::pre_period`]);
/// * `period`: `p >= 1`, or `unsolved` (then `pre_period` and `saltus` are
///   empty and `check_to` is the `N` of "unsolved up to N");
/// * `saltus`: empty or 0 for a periodic claim, `s > 0` for arithmetic
///   periodicity `G(n + p) = G(n) + s`;
/// * `check_to`: for arithmetic claims the largest heap size compared
///   (default: as far as the theorem would need for a period), for unsolved
///   claims `N`; empty otherwise;
/// * `expect`: the outcome recorded as expected ([`Kind::name`]), or empty
///   for "holds" (proved, holds up to its bound, or confirmed unsolved);
/// * `source`: free text naming the publication.
///
/// `path` names the file in errors.
///
/// # Errors
/// [`Error::MalformedLine`] naming `path`, the line and the field: a file
/// larger than [`MAX_FILE_BYTES`], a missing or unknown header column, a
/// row with the wrong number of fields, a malformed code or number, an
/// unknown `expect`, an inconsistent combination (an unsolved row with a
/// pre-period, a periodic row with `check_to`), or no rows at all.
pub fn parse_table(path: &str, text: &str) -> Result<Vec<Row>> {
    if text.len() > MAX_FILE_BYTES {
        return Err(bad(
            path,
            1,
            format!(
                "the file has {} bytes; a claims table may have at most {MAX_FILE_BYTES}",
                text.len()
            ),
        ));
    }
    let mut header: Option<(Header, usize)> = None;
    let mut rows = Vec::new();
    for (i, text_line) in (1u64..).zip(text.lines()) {
        let t = text_line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let record = one_record(text_line).map_err(|r| bad(path, i, r))?;
        match &header {
            None => {
                let h = Header::read(&record).map_err(|r| bad(path, i, r))?;
                header = Some((h, record.len()));
            }
            Some((h, width)) => {
                if record.len() != *width {
                    return Err(bad(
                        path,
                        i,
                        format!(
                            "{} fields, but the header has {width} (quote a source containing commas)",
                            record.len()
                        ),
                    ));
                }
                rows.push(read_row(h, &record, i).map_err(|r| bad(path, i, r))?);
            }
        }
    }
    if rows.is_empty() {
        return Err(bad(
            path,
            1,
            "no claims: the file needs a header line and at least one row".into(),
        ));
    }
    Ok(rows)
}

/// The heap sizes a row's check computes, `G(0..len)`, with `max_n` the
/// largest allowed: the theorem's `values_needed` for periodic claims
/// (capped at `max_n + 1`), `check_to + 1` for arithmetic and unsolved ones.
///
/// # Errors
/// [`Error::OutOfRange`] when an arithmetic or unsolved row's bound
/// exceeds `max_n`.
pub fn row_len(row: &Row, max_n: usize) -> Result<usize> {
    let cap = max_n.saturating_add(1);
    let refuse = |to: usize| Error::OutOfRange {
        what: format!("line {}: check_to {to}", row.line),
        reason: format!("it exceeds --max-n {max_n}; raise --max-n to check this row"),
    };
    match row.claim {
        Claim::Unsolved { to }
        | Claim::Periodic {
            check_to: Some(to), ..
        } => {
            if to > max_n {
                return Err(refuse(to));
            }
            Ok(to.saturating_add(1))
        }
        Claim::Periodic {
            pre_period, period, ..
        } => Ok(values_needed(&row.code, pre_period, period).map_or(cap, |x| x.min(cap))),
    }
}

/// Refuses a row whose computation cannot fit in `available` bytes (see
/// [`check_budget`]), naming the row's line.
///
/// # Errors
/// [`Error::OutOfRange`] as [`row_len`] and [`check_budget`].
pub fn check_row_budget(row: &Row, max_n: usize, available: Option<u64>) -> Result<()> {
    let len = row_len(row, max_n)?;
    let e = estimate(&row.code, Engine::Sparse, len);
    check_budget(
        &e,
        &format!("line {} ({} {})", row.line, row.code, row.claim),
        available,
        false,
        "give this row a smaller check_to, or check it with a smaller --max-n",
    )
}

/// The first block of values computed; later blocks double.
const FIRST_BLOCK: usize = 1024;

/// The least `n` in `from..to` (with `n + p < g.len()`) where
/// `G(n + p) != G(n) + s`.
fn first_failure(g: &Values, from: usize, to: usize, p: usize, s: u32) -> Option<Outcome> {
    (from..to).find_map(|n| {
        let (value, later) = (g.get(n), g.get(n.checked_add(p)?));
        (u64::from(later) != u64::from(value).saturating_add(u64::from(s)))
            .then_some(Outcome::Refuted { n, value, later })
    })
}

/// The least period and least pre-period of a sequence proved
/// `p`-periodic from `n0` on, given `g` with at least `n0 + 2p` values.
///
/// The least eventual period divides every eventual period, so it is the
/// least divisor `d` of `p` with `G(n + d) = G(n)` for `n0 <= n < n0 + p`:
/// both sides are `p`-periodic for `n >= n0`, so one window of `p` values
/// settles it for all `n`. The least pre-period for `d` is then found by
/// going down from `n0` while `G(n − 1 + d) = G(n − 1)`. Returns
/// `(pre-period, period)`, or None if `g` is too short.
// Every index is below `end = n0 + 2p <= g.len()`, checked first.
#[allow(clippy::arithmetic_side_effects)]
pub fn least(g: &Values, n0: usize, p: usize) -> Option<(usize, usize)> {
    let end = n0.checked_add(p.checked_mul(2)?)?;
    if end > g.len() || p == 0 {
        return None;
    }
    let d = (1..=p)
        .filter(|d| p % d == 0)
        .find(|&d| (n0..n0 + p).all(|n| g.get(n + d) == g.get(n)))?;
    let mut m = n0;
    while m > 0 && g.get(m - 1 + d) == g.get(m - 1) {
        m -= 1;
    }
    Some((m, d))
}

/// Checks one row, computing `G(0..row_len(row, max_n))` with the fast
/// engine in doubling blocks, so that a claim failing early is refuted
/// early. Returns `Ok(None)` if stopped by `stop`.
///
/// # Errors
/// [`Error::OutOfRange`] as [`row_len`].
pub fn check_row(row: &Row, max_n: usize, progress: &dyn Progress) -> Result<Option<Outcome>> {
    let len = row_len(row, max_n)?;
    let mut c = Computation::new(row.code.clone(), Engine::Sparse);
    match row.claim {
        Claim::Unsolved { to } => {
            if !c.extend_to(len, progress) {
                return Ok(None);
            }
            Ok(Some(match proved_period(&row.code, c.values()) {
                Some(p) => Outcome::PeriodFound {
                    pre_period: p.pre_period,
                    period: p.period,
                    checked_to: p.checked_to,
                    to,
                },
                None => Outcome::Unsolved { to },
            }))
        }
        Claim::Periodic {
            pre_period: n0,
            period: p,
            saltus: s,
            ..
        } => {
            // Nothing to compare within --max-n: undecided, without computing.
            if n0.checked_add(p).is_none_or(|x| x >= len) {
                return Ok(Some(Outcome::Undecided {
                    to: len.saturating_sub(1),
                    needed: values_needed(&row.code, n0, p),
                }));
            }
            // Compare n0 <= n while n + p < len, block by block.
            let mut done = n0;
            let mut have = 0;
            while have < len {
                let to = have.saturating_mul(2).max(FIRST_BLOCK).min(len);
                if !c.extend_to(to, progress) {
                    return Ok(None);
                }
                have = to;
                let upto = have.saturating_sub(p);
                if upto > done {
                    if let Some(f) = first_failure(c.values(), done, upto, p, s) {
                        return Ok(Some(f));
                    }
                    done = upto;
                }
            }
            let to = len.saturating_sub(1);
            if s > 0 {
                return Ok(Some(Outcome::HoldsUpTo { to }));
            }
            let needed = values_needed(&row.code, n0, p);
            if needed != Some(len) {
                return Ok(Some(Outcome::Undecided { to, needed }));
            }
            let checked_to = to;
            Ok(Some(match least(c.values(), n0, p) {
                Some((m, d)) if (m, d) != (n0, p) => Outcome::NotMinimal {
                    least_pre_period: m,
                    least_period: d,
                    checked_to,
                },
                _ => Outcome::Proved {
                    // proof_end <= needed = len, so it fits.
                    proof_end: proof_end(&row.code, n0, p).unwrap_or(len),
                    checked_to,
                },
            }))
        }
    }
}

/// A checked row: its outcome and whether that is what the row expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowResult {
    /// The row.
    pub row: Row,
    /// What the check found.
    pub outcome: Outcome,
    /// Whether the outcome is the row's `expect`, or, without one, whether
    /// the claim holds ([`Kind::holds`]).
    pub as_expected: bool,
}

impl RowResult {
    /// Pairs a row with its outcome.
    pub fn new(row: Row, outcome: Outcome) -> RowResult {
        let kind = outcome.kind();
        let as_expected = match row.expect {
            Some(e) => e == kind,
            None => kind.holds(),
        };
        RowResult {
            row,
            outcome,
            as_expected,
        }
    }
}

/// Checks every row, in parallel on the current rayon pool, returning the
/// results in the order of `rows`; `progress` advances by one as each row
/// is done. Returns `Ok(None)` if stopped.
///
/// # Errors
/// The first error of [`check_row`] in row order.
pub fn check_table(
    rows: &[Row],
    max_n: usize,
    progress: &dyn Progress,
) -> Result<Option<Vec<RowResult>>> {
    use rayon::prelude::*;
    let outcomes: Vec<Result<Option<Outcome>>> = rows
        .par_iter()
        .map(|r| {
            let o = check_row(r, max_n, &crate::progress::StopOnly(progress));
            progress.advance(1);
            o
        })
        .collect();
    let mut out = Vec::with_capacity(rows.len());
    for (row, o) in rows.iter().zip(outcomes) {
        match o? {
            Some(o) => out.push(RowResult::new(row.clone(), o)),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // small fixed numbers
mod tests {
    use super::*;
    use crate::progress::NoProgress;

    fn one(text: &str) -> Outcome {
        let rows = parse_table(
            "t.csv",
            &format!("code,pre_period,period,saltus,check_to\n{text}\n"),
        )
        .unwrap();
        check_row(&rows[0], 1 << 20, &NoProgress).unwrap().unwrap()
    }

    #[test]
    fn outcomes() {
        assert!(matches!(
            one("0.77,71,12,,"),
            Outcome::Proved {
                proof_end: 156,
                checked_to: 167
            }
        ));
        assert_eq!(
            one("0.77,72,24,,"),
            Outcome::NotMinimal {
                least_pre_period: 71,
                least_period: 12,
                checked_to: 2 * 72 + 24 + 2 + 24 - 1
            }
        );
        // G(70) = 6 is the last exception: a claim from 70 fails there.
        let Outcome::Refuted { n, .. } = one("0.77,70,12,,") else {
            panic!()
        };
        assert_eq!(n, 70);
        assert_eq!(one("0.007,,unsolved,,3000"), Outcome::Unsolved { to: 3000 });
        assert!(matches!(
            one("0.77,,unsolved,,400"),
            Outcome::PeriodFound {
                pre_period: 71,
                period: 12,
                ..
            }
        ));
        assert!(matches!(
            one("0.77,71,12,1,"),
            Outcome::Refuted { n: 71, .. }
        ));
    }

    #[test]
    fn claims_beyond_max_n_are_undecided_at_once() {
        let rows = parse_table("t.csv", "code,pre_period,period\n0.77,1000000000000,12\n").unwrap();
        let o = check_row(&rows[0], 5000, &NoProgress).unwrap().unwrap();
        assert_eq!(
            o,
            Outcome::Undecided {
                to: 5000,
                needed: Some(2 * 1_000_000_000_000 + 12 + 2 + 12)
            }
        );
    }

    #[test]
    fn least_period_and_pre_period() {
        let g = Values::from_u32s(&[5, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
        assert_eq!(least(&g, 3, 4), Some((1, 2)));
        assert_eq!(least(&g, 1, 2), Some((1, 2)));
        assert_eq!(least(&g, 3, 6), None);
    }
}
