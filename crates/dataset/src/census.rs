//! The octal census dataset `data/octal/census/`: `census.csv`, one row per
//! code in census order ([`grundy_games::octal::theory::census::codes`]), and
//! `summary.json`.
//!
//! `census.csv` columns (empty where a field does not apply):
//!
//! | column | meaning |
//! |---|---|
//! | `code` | the code, `0.137` |
//! | `status` | `periodic` (proved), `arithmetic` (seen, not proved) or `unsettled` |
//! | `pre_period` | periodic: the least `n0` with `G(n + p) = G(n)` for all `n >= n0`; arithmetic: from where `G(n + p) = G(n) + s` is seen |
//! | `period` | `p` |
//! | `saltus` | arithmetic: `s` |
//! | `proof_start`, `proof_end` | periodic: `G(n + p') = G(n)` checked for `proof_start <= n < proof_end` (Octal Periodicity Theorem) |
//! | `computed_to` | the largest `n` computed |
//! | `max_value`, `max_value_at` | the largest value of `G(0..=computed_to)` and the least `n` with it |
//! | `mask`, `rare_count`, `last_rare` | unsettled: the best rare/common mask, the number of `1 <= n <= computed_to` with a rare value, the last such `n` |
//! | `same_as` | the code with fewer moves whose nim-sequence this code is proved to have ([`grundy_games::octal::theory::equivalent`]); empty when none |
//! | `seconds` | the time the code took (varies between runs: compare the other columns) |
//!
//! Every column but `seconds` is a function of the code and `N` alone.
//!
//! **Digests.** `summary.json` holds the census's parameters (`digits`,
//! `max_n`, `shard`), the `version` of grundy that wrote it and
//! `rows_blake3`: the BLAKE3 digest of those four and of the bytes of
//! `census.csv` ([`rows_digest`]). An edit of `census.csv` or of a
//! parameter that leaves the digest as it was is caught by comparing them;
//! an edit that also recomputes the digest is not (the digest is no
//! signature): what proves a row is re-deriving it ([`rederive_row`]).
//! Files written before digests have neither key.
//!
//! **The partial file** (`census.partial.csv`, [`read_partial`](super::census_partial::read_partial)): a census
//! appends each row as it finishes. Line 1 is [`partial_tag`](super::census_partial::partial_tag) (the `N` the
//! rows were computed to and the version), line 2 the header of
//! `census.csv` with a column `blake3` added, then one row a line, each
//! followed by the digest of the tag and the row ([`partial_line`](super::census_partial::partial_line)), so an
//! edited row is named by its line.

use super::atomic::write_bytes;
use grundy_core::error::{Error, Result};
use grundy_core::progress::NoProgress;
use grundy_games::octal::theory::census::{replay, Reach, Replay, Row, Status};
use grundy_games::octal::theory::equivalent;
use grundy_games::octal::theory::published::is_published;
use grundy_games::octal::{OctalCode, Values};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The version of grundy writing census files: `summary.json`'s `version`
/// and the partial file's first line.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The statuses a row can have.
pub const STATUSES: [&str; 3] = ["periodic", "arithmetic", "unsettled"];

/// The header line of `census.csv`.
pub const HEADER: &str = "code,status,pre_period,period,saltus,proof_start,proof_end,computed_to,max_value,max_value_at,mask,rare_count,last_rare,same_as,seconds";

/// The number of columns of `census.csv`.
pub const COLUMNS: usize = 15;

fn opt<T: ToString>(x: Option<T>) -> String {
    x.map(|v| v.to_string()).unwrap_or_default()
}

/// The line of `census.csv` for `row`, without its newline.
pub fn csv_line(row: &Row) -> String {
    let (pre, period, saltus, start, end) = match &row.status {
        Status::Periodic(p) => (
            Some(p.pre_period),
            Some(p.period),
            None,
            Some(p.theorem_pre_period),
            Some(p.proof_end),
        ),
        Status::Arithmetic(a) => (
            Some(a.pre_period),
            Some(a.period),
            Some(a.saltus as usize),
            None,
            None,
        ),
        Status::Unsettled(_) => (None, None, None, None, None),
    };
    let sparse = match &row.status {
        Status::Unsettled(s) => *s,
        _ => None,
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3}",
        row.code,
        row.status.name(),
        opt(pre),
        opt(period),
        opt(saltus),
        opt(start),
        opt(end),
        row.computed_to,
        row.max_value,
        row.max_value_at,
        opt(sparse.map(|s| s.mask)),
        opt(sparse.map(|s| s.rare_count)),
        opt(sparse.and_then(|s| s.last_rare)),
        opt(row.same_as.as_ref()),
        row.seconds
    );
    s
}

/// The line without its last column (`seconds`): what must be reproduced
/// byte for byte.
pub fn without_seconds(line: &str) -> &str {
    line.rsplit_once(',').map_or(line, |(head, _)| head)
}

/// One line of a `census.csv` read back: the code as text and the whole
/// line (merging keeps lines verbatim, timings included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The `code` field.
    pub code: String,
    /// The status field.
    pub status: String,
    /// The line, without its newline.
    pub text: String,
}

impl Line {
    /// The field of column `name` (one of [`HEADER`]'s), or `""` past the
    /// line's end.
    ///
    /// # Panics
    /// If `name` is not a column of [`HEADER`] (a caller's typo, not bad
    /// input: the lines were checked against the header when read).
    pub fn field(&self, name: &str) -> &str {
        let i = HEADER
            .split(',')
            .position(|h| h == name)
            .expect("a census column");
        self.text.split(',').nth(i).unwrap_or("")
    }
}

/// Reads `census.csv`: checks the header and the column count of every
/// line (see [`parse_csv`]).
///
/// # Errors
/// [`Error::Io`] if it cannot be read; [`Error::CorruptDataset`] as
/// [`parse_csv`].
pub fn read_csv(path: &Path) -> Result<Vec<Line>> {
    let text = std::fs::read_to_string(path).map_err(Error::io("cannot read", path))?;
    parse_csv(path, &text)
}

/// The lines of a `census.csv` held in `text`; `path` names it in errors.
///
/// # Errors
/// [`Error::CorruptDataset`] naming the line: an empty text, a wrong
/// header, a line with the wrong number of fields or an empty code.
pub fn parse_csv(path: &Path, text: &str) -> Result<Vec<Line>> {
    let corrupt = |reason: String| Error::CorruptDataset {
        path: path.to_path_buf(),
        reason,
    };
    let mut lines = text.lines();
    match lines.next() {
        Some(h) if h == HEADER => {}
        Some(h) => {
            return Err(corrupt(format!(
                "line 1: header {h:?}, expected {HEADER:?}"
            )))
        }
        None => return Err(corrupt("empty file".into())),
    }
    let mut out = Vec::new();
    for (i, l) in lines.enumerate() {
        let line = i.saturating_add(2);
        let fields: Vec<&str> = l.split(',').collect();
        if fields.len() != COLUMNS {
            return Err(corrupt(format!(
                "line {line}: {} fields, expected {COLUMNS}",
                fields.len()
            )));
        }
        if fields[0].is_empty() {
            return Err(corrupt(format!("line {line}: the code is empty")));
        }
        out.push(Line {
            code: fields[0].to_string(),
            status: fields[1].to_string(),
            text: l.to_string(),
        });
    }
    Ok(out)
}

/// `summary.json` of a census (or of one shard of it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Digits after the point: the census covers [`codes`](grundy_games::octal::theory::census::codes)`(digits)`.
    pub digits: usize,
    /// `N`: values were computed up to `n = N` at most.
    pub max_n: usize,
    /// `[I, K]`: this is shard I of K; None for a whole census (also a
    /// merged one).
    pub shard: Option<[usize; 2]>,
    /// Codes in this file (`2 · 8^digits` for a whole census).
    pub codes: usize,
    /// Codes by status (`periodic`, `arithmetic`, `unsettled`).
    pub counts: BTreeMap<String, usize>,
    /// Machine time: the sum of the per-code seconds.
    pub cpu_seconds: f64,
    /// Wall-clock seconds of the run (for a merge: of each shard, summed).
    pub wall_seconds: f64,
    /// Worker threads (for a merge: the most any shard used).
    pub threads: usize,
    /// Rows kept from an interrupted run's partial file (`--resume`):
    /// their time is in `cpu_seconds` but not in `wall_seconds`, which is
    /// this run's only. 0 in files written before the field existed.
    #[serde(default)]
    pub resumed: usize,
    /// Codes whose nim-sequence was computed: the rows with an empty
    /// `same_as`, one per family; the others read their family's values.
    /// 0 in files written before the field existed.
    #[serde(default)]
    pub families: usize,
    /// The version of grundy that wrote the file ([`VERSION`]); empty in
    /// files written before the field existed.
    #[serde(default)]
    pub version: String,
    /// [`rows_digest`] of this summary's parameters and of `census.csv`;
    /// None in files written before the field existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows_blake3: Option<String>,
    /// The budget each family had past `N` (`--budget`); None for a census
    /// computed to `N` exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<BudgetRecord>,
    /// The budget of the families holding a code that a published table
    /// solves ([`is_published`], `--published-budget`), in place of
    /// `budget`; None when they have the others' budget.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub published_budget: Option<BudgetRecord>,
}

/// A census's budget per family ([`Reach`]), as recorded in
/// `summary.json`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BudgetRecord {
    /// Seconds asked for (`--budget 30s`): converted to `work` at
    /// [`WORK_PER_SECOND`](grundy_games::octal::theory::census::WORK_PER_SECOND).
    pub seconds: f64,
    /// Work units a family may use in all.
    pub work: u64,
    /// Bytes of memory asked for: the values are bounded by `max_n`.
    pub bytes: u64,
    /// The largest heap size any code is computed to (the memory budget
    /// at [`BYTES_PER_VALUE`](grundy_games::octal::theory::census::BYTES_PER_VALUE),
    /// or the largest supported).
    pub max_n: usize,
}

impl BudgetRecord {
    /// The reach of a census to `N = base` on this budget.
    pub fn reach(&self, base: usize) -> Reach {
        Reach {
            base,
            work: Some(self.work),
            max_len: self.max_n.saturating_add(1),
        }
    }
}

impl Summary {
    /// How deep this census computed the families that hold no published
    /// code (all of them without `published_budget`).
    pub fn reach(&self) -> Reach {
        self.budget
            .map_or(Reach::fixed(self.max_n), |b| b.reach(self.max_n))
    }

    /// How deep this census computed each family.
    pub fn reaches(&self) -> Reaches {
        Reaches {
            all: self.reach(),
            published: self.published_budget.map(|b| b.reach(self.max_n)),
        }
    }
}

/// The reaches of a census: that of every family, and that of the
/// families holding a code a published table solves, when it has one of
/// its own (`--published-budget`). Which reach a family has depends only
/// on its codes, so a census is the same for every shard and thread count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reaches {
    /// The reach of the families holding no published code.
    pub all: Reach,
    /// The reach of the families holding one ([`is_published`]); None:
    /// `all`.
    pub published: Option<Reach>,
}

impl Reaches {
    /// One reach for every family.
    pub fn uniform(all: Reach) -> Reaches {
        Reaches {
            all,
            published: None,
        }
    }

    /// The reach of the family made of `codes`: the published one when a
    /// published table solves one of them.
    pub fn of_family<'a>(&self, codes: impl IntoIterator<Item = &'a OctalCode>) -> Reach {
        match self.published {
            Some(p) if codes.into_iter().any(|c| is_published(&c.to_string())) => p,
            _ => self.all,
        }
    }
}

/// Counts lines by status.
pub fn counts<'s>(statuses: impl Iterator<Item = &'s str>) -> BTreeMap<String, usize> {
    let mut m: BTreeMap<String, usize> = STATUSES.iter().map(|s| (s.to_string(), 0)).collect();
    for s in statuses {
        *m.entry(s.to_string()).or_insert(0) += 1;
    }
    m
}

/// The digest `rows_blake3` of a census: BLAKE3 of its parameters
/// (`digits`, `max_n`, `shard` and `version` of `summary`) and of `csv`,
/// the bytes of its `census.csv`, in hexadecimal.
pub fn rows_digest(summary: &Summary, csv: &[u8]) -> String {
    let shard = summary
        .shard
        .map_or("none".to_string(), |[i, k]| format!("{i}/{k}"));
    let mut h = blake3::Hasher::new();
    h.update(
        format!(
            "grundy octal census rows\ndigits {}\nmax_n {}\nshard {shard}\nversion {}\n",
            summary.digits, summary.max_n, summary.version
        )
        .as_bytes(),
    );
    // Censuses without a budget keep the digest they always had, and
    // those without a published budget too.
    for (name, budget) in [
        ("budget", &summary.budget),
        ("published budget", &summary.published_budget),
    ] {
        if let Some(b) = budget {
            h.update(
                format!(
                    "{name} {} s, {} work, {} bytes, max_n {}\n",
                    b.seconds, b.work, b.bytes, b.max_n
                )
                .as_bytes(),
            );
        }
    }
    h.update(csv);
    h.finalize().to_hex().to_string()
}

/// Writes `census.csv` (header, then `lines` in the order given) and
/// `summary.json` into `dir`, each atomically; the summary written is
/// `summary` with its `rows_blake3` set ([`rows_digest`]), and returned.
///
/// # Errors
/// [`Error::Io`] naming the file.
pub fn write(dir: &Path, lines: &[String], summary: &Summary) -> Result<Summary> {
    let mut csv = String::with_capacity(64 * (lines.len() + 1));
    csv.push_str(HEADER);
    csv.push('\n');
    for l in lines {
        csv.push_str(l);
        csv.push('\n');
    }
    let mut summary = summary.clone();
    summary.rows_blake3 = Some(rows_digest(&summary, csv.as_bytes()));
    write_bytes(&dir.join("census.csv"), csv.as_bytes())?;
    let json = serde_json::to_string_pretty(&summary).expect("summary serialises") + "\n";
    write_bytes(&dir.join("summary.json"), json.as_bytes())?;
    Ok(summary)
}

/// Reads `summary.json`.
///
/// # Errors
/// [`Error::Io`] if it cannot be read; [`Error::CorruptDataset`] if it is
/// not a census summary.
pub fn read_summary(path: &Path) -> Result<Summary> {
    let text = std::fs::read_to_string(path).map_err(Error::io("cannot read", path))?;
    serde_json::from_str(&text).map_err(|e| Error::Undecodable {
        path: path.to_path_buf(),
        what: "not a census summary".into(),
        source: Box::new(e),
    })
}

/// A wrong field of a census row: its column and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The column, as named in [`HEADER`].
    pub field: &'static str,
    /// What is wrong with it.
    pub reason: String,
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "field {} {}", self.field, self.reason)
    }
}

/// A row of `census.csv` with every field parsed (the columns of the
/// module documentation; None where a field is empty).
#[derive(Clone, Debug, PartialEq)]
pub struct Fields {
    /// `code`.
    pub code: OctalCode,
    /// `status`: one of [`STATUSES`].
    pub status: &'static str,
    /// `pre_period`.
    pub pre_period: Option<usize>,
    /// `period`.
    pub period: Option<usize>,
    /// `saltus`.
    pub saltus: Option<u32>,
    /// `proof_start`.
    pub proof_start: Option<usize>,
    /// `proof_end`.
    pub proof_end: Option<usize>,
    /// `computed_to`.
    pub computed_to: usize,
    /// `max_value`.
    pub max_value: u32,
    /// `max_value_at`.
    pub max_value_at: usize,
    /// `mask`.
    pub mask: Option<u32>,
    /// `rare_count`.
    pub rare_count: Option<usize>,
    /// `last_rare`.
    pub last_rare: Option<usize>,
    /// `same_as`.
    pub same_as: Option<OctalCode>,
    /// `seconds`.
    pub seconds: f64,
}

/// The name of column `i` of [`HEADER`].
fn column(i: usize) -> &'static str {
    HEADER.split(',').nth(i).unwrap_or("?")
}

/// Field `i` of `fields`: None when empty, else parsed.
fn field<T: std::str::FromStr>(
    fields: &[&str],
    i: usize,
) -> std::result::Result<Option<T>, FieldError> {
    let text = fields.get(i).copied().unwrap_or_default();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| FieldError {
        field: column(i),
        reason: format!("is {text:?}, not a number"),
    })
}

/// Field `i`, which must not be empty.
fn required<T: std::str::FromStr>(fields: &[&str], i: usize) -> std::result::Result<T, FieldError> {
    field(fields, i)?.ok_or_else(|| FieldError {
        field: column(i),
        reason: "is empty".into(),
    })
}

/// A code field, which must be written as grundy writes it, and finite:
/// the census enumerates finite codes and proves their periods, which a
/// code with a repeating part cannot have.
fn code_field(fields: &[&str], i: usize) -> std::result::Result<Option<OctalCode>, FieldError> {
    let text = fields.get(i).copied().unwrap_or_default();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<OctalCode>() {
        Ok(c) if c.to_string() == text && c.is_finite() => Ok(Some(c)),
        _ => Err(FieldError {
            field: column(i),
            reason: format!("is {text:?}, not a code as the census writes it"),
        }),
    }
}

/// Parses every field of a `census.csv` row (`line`, without its newline).
///
/// # Errors
/// The first field that does not parse: a wrong number of columns, an
/// unknown status, a number that is not one, a code not written as the
/// census writes it.
pub fn parse_fields(line: &str) -> std::result::Result<Fields, FieldError> {
    let f: Vec<&str> = line.split(',').collect();
    if f.len() != COLUMNS {
        return Err(FieldError {
            field: "code",
            reason: format!("starts a line of {} fields, expected {COLUMNS}", f.len()),
        });
    }
    let code = code_field(&f, 0)?.ok_or_else(|| FieldError {
        field: "code",
        reason: "is empty".into(),
    })?;
    let status = STATUSES
        .into_iter()
        .find(|s| *s == f[1])
        .ok_or_else(|| FieldError {
            field: "status",
            reason: format!("is {:?}, not one of {}", f[1], STATUSES.join(", ")),
        })?;
    let seconds: f64 = required(&f, 14)?;
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(FieldError {
            field: "seconds",
            reason: format!("is {seconds}, not a time"),
        });
    }
    Ok(Fields {
        code,
        status,
        pre_period: field(&f, 2)?,
        period: field(&f, 3)?,
        saltus: field(&f, 4)?,
        proof_start: field(&f, 5)?,
        proof_end: field(&f, 6)?,
        computed_to: required(&f, 7)?,
        max_value: required(&f, 8)?,
        max_value_at: required(&f, 9)?,
        mask: field(&f, 10)?,
        rare_count: field(&f, 11)?,
        last_rare: field(&f, 12)?,
        same_as: code_field(&f, 13)?,
        seconds,
    })
}

/// Checks what a row says without computing its code: the fields its
/// status has and no others, numbers within `G(0..=computed_to)` and
/// `computed_to` within the census's reach (for an unsettled row: `N`, or
/// with a budget at least `N`), `same_as` the code's representative.
///
/// # Errors
/// The first field out of place, naming it.
pub fn check_shape(f: &Fields, reach: &Reach) -> std::result::Result<(), FieldError> {
    let max_n = reach.base;
    let hard = reach.max_len.saturating_sub(1).max(max_n);
    let bad = |field: &'static str, reason: String| Err(FieldError { field, reason });
    let sparse = f.mask.is_some();
    // Which of pre_period, period, saltus, proof_start, proof_end, mask,
    // rare_count are set, by status.
    let want: [bool; 7] = match f.status {
        "periodic" => [true, true, false, true, true, false, false],
        "arithmetic" => [true, true, true, false, false, false, false],
        _ => [false, false, false, false, false, sparse, sparse],
    };
    let have = [
        f.pre_period.is_some(),
        f.period.is_some(),
        f.saltus.is_some(),
        f.proof_start.is_some(),
        f.proof_end.is_some(),
        f.mask.is_some(),
        f.rare_count.is_some(),
    ];
    let names = [2, 3, 4, 5, 6, 10, 11].map(column);
    if let Some(i) = (0..7).find(|&i| want[i] != have[i]) {
        let what = if want[i] { "is empty" } else { "is set" };
        return bad(names[i], format!("{what} in a row of status {}", f.status));
    }
    let c = f.computed_to;
    if c > hard {
        return bad("computed_to", format!("is {c}, past n = {hard}"));
    }
    if f.status == "unsettled" && (c < max_n || (reach.work.is_none() && c != max_n)) {
        let what = if reach.work.is_none() {
            "to"
        } else {
            "at least to"
        };
        return bad(
            "computed_to",
            format!("is {c}, but an unsettled row is computed {what} N = {max_n}"),
        );
    }
    let past = [
        ("max_value_at", Some(f.max_value_at)),
        ("rare_count", f.rare_count),
        ("last_rare", f.last_rare),
    ];
    if let Some((name, Some(v))) = past.into_iter().find(|(_, v)| v.is_some_and(|v| v > c)) {
        return bad(name, format!("is {v}, past computed_to = {c}"));
    }
    if f.last_rare.is_some() != f.rare_count.is_some_and(|r| r > 0) {
        return bad("last_rare", "does not agree with rare_count".into());
    }
    let positive = [
        ("period", f.period),
        ("saltus", f.saltus.map(|s| s as usize)),
        ("mask", f.mask.map(|m| m as usize)),
    ];
    if let Some((name, _)) = positive.into_iter().find(|(_, v)| *v == Some(0)) {
        return bad(name, "is 0".into());
    }
    let rep = equivalent::representative(&f.code);
    let want = Some(rep.clone()).filter(|r| *r != f.code);
    if f.same_as != want {
        let name = want.map_or("empty".to_string(), |r| r.to_string());
        return bad(
            "same_as",
            format!("is not {name} (the code reduces to {rep})"),
        );
    }
    Ok(())
}

/// Re-derives a stored row: replays the census schedule for its code to
/// `reach` (`N`, and past it no further than the row went:
/// [`Reach::replaying`]), computing at most `G(0..=computed_to)`
/// ([`grundy_games::octal::theory::census::replay`], with `known` the values of
/// a code of the same family as in a census), and compares every column
/// but `seconds` with `line`. Returns the values computed.
///
/// # Errors
/// The first column that differs (`computed_to` when the schedule does
/// not settle the code within it), naming both values.
pub fn rederive_row(
    line: &str,
    f: &Fields,
    reach: &Reach,
    known: Option<&Values>,
) -> std::result::Result<Values, FieldError> {
    let cap = f.computed_to.saturating_add(1);
    let reach = reach.replaying(f.computed_to);
    let (row, values) = match replay(&f.code, &reach, cap, known, &NoProgress) {
        Replay::Settled(row, values) => (row, values),
        Replay::Beyond { wanted } => {
            return Err(FieldError {
                field: "computed_to",
                reason: format!(
                    "is {}, but the census does not settle {} there: recomputed, it goes on to n = {} (status {} not reproduced)",
                    f.computed_to,
                    f.code,
                    wanted.saturating_sub(1),
                    f.status
                ),
            })
        }
        Replay::Stopped => {
            return Err(FieldError {
                field: "code",
                reason: "was not recomputed (stopped)".into(),
            })
        }
    };
    let fresh = csv_line(&row);
    let stored = line.split(',');
    for (i, (s, r)) in stored.zip(fresh.split(',')).enumerate().take(COLUMNS - 1) {
        if s != r {
            let show = |x: &str| {
                if x.is_empty() {
                    "empty".to_string()
                } else {
                    x.to_string()
                }
            };
            return Err(FieldError {
                field: column(i),
                reason: format!("is {}, recomputed {}", show(s), show(r)),
            });
        }
    }
    Ok(values)
}

/// Checks that two unsettled rows of codes with one nim-sequence (a
/// family) agree on what depends only on `G(0..=N)`: `computed_to`,
/// `max_value`, `max_value_at`, `mask`, `rare_count` and `last_rare`. A
/// cheap check of rows that are not recomputed.
///
/// # Errors
/// The first of those columns of `line` that differs from `other`'s,
/// naming `other_code`.
pub fn same_sequence(
    line: &str,
    other: &str,
    other_code: &OctalCode,
) -> std::result::Result<(), FieldError> {
    let (a, b): (Vec<&str>, Vec<&str>) = (line.split(',').collect(), other.split(',').collect());
    for i in 7..=12 {
        if a.get(i) != b.get(i) {
            let show = |f: Option<&&str>| match f {
                Some(x) if !x.is_empty() => x.to_string(),
                _ => "empty".into(),
            };
            return Err(FieldError {
                field: column(i),
                reason: format!(
                    "is {}, but {other_code} of its family (one nim-sequence, also unsettled) has {}",
                    show(a.get(i)),
                    show(b.get(i))
                ),
            });
        }
    }
    Ok(())
}
