//! The octal atlas of `grundy serve` as a job: every code of the committed
//! census and any other code on request, answered as the JSON bodies the
//! server sends (the server adds only HTTP: `grundy_serve::atlas`).
//!
//! Bodies (JSON):
//! - `/api/octal[?status=S][&digits=D]`: `source` (the data directory),
//!   `notes` (what could not be read, if anything), `columns` and `rows`
//!   (one array per code, in census order: the 3-digit census's row where
//!   it has the code, it computed further, else the 4-digit census's),
//!   only those of status `S` (`periodic`, `arithmetic` or `unsettled`)
//!   and of `D` digits when asked. Any other status, a `D` that is not a
//!   whole number from 1, or another parameter is HTTP 400.
//! - `/api/octal/CODE[?n=N]`: `code`, `name`, `digits`, `source`
//!   (`census` or `census-4` with the row's fields as `row`, or `computed`),
//!   `status`, `period`, `pre_period`, `proof` (`[start, end)`),
//!   `computed_to`, `max_value`, `sparse` (`mask`, `rare_count`,
//!   `last_rare`, `over`: the `n` it covers), `claim` (`period`,
//!   `values`, `exceptions`, `command`; `null` when not periodic or, with
//!   `note`, too long), `values` (the first ones), `plot` (an SVG of every
//!   value computed here, `plotted_to` its last `n`, `stopped` when the
//!   time bound cut it short), `time_bound` ([`TIME_BOUND`] in seconds)
//!   and `seconds` (what the answer took to compute, at most
//!   `time_bound`). A census code is recomputed to its `computed_to` (at
//!   most [`PLOT_VALUES`] values); another code to `n = N` (default
//!   [`DEFAULT_N`], at most [`MAX_N`]; more is HTTP 400), both within
//!   [`TIME_BOUND`]: the values stop at [`COMPUTE_BOUND`], `stopped` then
//!   true.
//!
//! A missing or unreadable census is no error: the list is empty, `notes`
//! says why, and codes are still computed on request.
//!
//! At most [`Atlas::computations`] answers are computed at once (one per
//! thread of `grundy serve` unless `--atlas-computations` says otherwise):
//! a request that would compute beyond that gets HTTP 503 with
//! `Retry-After`, so a burst of requests cannot queue up unbounded work and
//! memory. Census answers already computed are served from the cache
//! whatever the load.

use grundy_core::progress::Progress;
use grundy_dataset::census::{parse_fields, read_csv, Fields, STATUSES};
use grundy_games::octal::theory::census::sparse_summary;
use grundy_games::octal::theory::claim::Claim;
use grundy_games::octal::theory::period::analyse;
use grundy_games::octal::{Computation, Engine, OctalCode, Values};
use grundy_report::common::thousands;
use grundy_report::octal::plot_options;
use grundy_report::plot::dot_plot;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Values plotted for a census code, at most (`G(0..2^20)`).
pub const PLOT_VALUES: usize = 1 << 20;
/// `n` computed for a code outside the census unless `?n=` says otherwise.
pub const DEFAULT_N: usize = 1 << 14;
/// The largest `n` computed on request for a code outside the census.
pub const MAX_N: usize = 1 << 20;
/// Time one answer may take, at most: its values are computed for
/// [`COMPUTE_BOUND`] at most, the values so far shown after.
pub const TIME_BOUND: Duration = Duration::from_secs(10);
/// Of [`TIME_BOUND`], what computing the values may take; the rest is left
/// for what follows (the period proof, the plot, the claim and the sparse
/// space of up to 2^20 values: about 0.3 s, Officers' included). The
/// computation polls its deadline about every 10 ms however long a heap
/// takes ([`Computation::extend_to`]).
pub const COMPUTE_BOUND: Duration = Duration::from_secs(8);
/// Periods up to this long have their claim given in full.
pub const MAX_CLAIM: usize = 2000;
/// Values listed on a code's page, at most.
pub const LISTED: usize = 400;
/// Code pages kept computed, at most (then the cache starts again).
const CACHED: usize = 64;

/// One code of the census.
#[derive(Clone, Debug)]
struct Entry {
    /// Its row.
    fields: Fields,
    /// `census` or `census-4`: the directory under the data directory.
    census: &'static str,
}

/// The census codes and a cache of computed pages.
#[derive(Debug)]
pub struct Atlas {
    /// Where the census was read from.
    dir: PathBuf,
    /// The codes, in census order.
    entries: Vec<Entry>,
    /// The index of each code in `entries`.
    by_code: HashMap<String, usize>,
    /// What could not be read.
    notes: Vec<String>,
    /// Answers of `/api/octal/CODE` for census codes.
    cache: Mutex<HashMap<String, Value>>,
    /// Answers computed at once, at most.
    computations: usize,
    /// Answers being computed now.
    busy: AtomicUsize,
}

/// Why `/api/octal/CODE` has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AtlasError {
    /// The request is wrong (HTTP 400): a code that does not parse, or an
    /// `n` above [`MAX_N`].
    #[error("{0}")]
    Request(String),
    /// Every computing slot is taken (HTTP 503): `limit` answers are being
    /// computed already.
    #[error("the atlas is already computing {limit} answer(s), its limit: ask again in a moment")]
    Busy {
        /// [`Atlas::computations`].
        limit: usize,
    },
}

/// One of the atlas's computing slots, taken by [`Atlas::computing_slot`]
/// and given back when dropped.
#[derive(Debug)]
pub struct ComputingSlot<'a>(&'a AtomicUsize);

impl Drop for ComputingSlot<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Census directories read, the deeper first.
const CENSUSES: [&str; 2] = ["census", "census-4"];

impl Atlas {
    /// Reads `dir/census/census.csv` and `dir/census-4/census.csv` (for a
    /// code in both, the row of the first, computed further). Never fails:
    /// a census missing or unreadable is left out and named in
    /// [`Atlas::notes`].
    pub fn load(dir: &Path) -> Atlas {
        let mut entries: Vec<Entry> = Vec::new();
        let mut by_code = HashMap::new();
        let mut notes = Vec::new();
        for census in CENSUSES {
            let path = dir.join(census).join("census.csv");
            let lines = match read_csv(&path) {
                Ok(l) => l,
                Err(e) => {
                    notes.push(format!("no census read from {}: {e}", path.display()));
                    continue;
                }
            };
            for (i, l) in lines.iter().enumerate() {
                match parse_fields(&l.text) {
                    Ok(fields) => {
                        if !by_code.contains_key(&l.code) {
                            by_code.insert(l.code.clone(), entries.len());
                            entries.push(Entry { fields, census });
                        }
                    }
                    Err(e) => {
                        notes.push(format!("{} line {}: {e}", path.display(), i + 2));
                        break;
                    }
                }
            }
        }
        Atlas {
            dir: dir.to_path_buf(),
            entries,
            by_code,
            notes,
            cache: Mutex::new(HashMap::new()),
            computations: std::thread::available_parallelism().map_or(1, |n| n.get()),
            busy: AtomicUsize::new(0),
        }
    }

    /// The atlas computing at most `limit` answers at once (at least one);
    /// [`Atlas::load`] allows one per core.
    pub fn with_computations(mut self, limit: usize) -> Atlas {
        self.computations = limit.max(1);
        self
    }

    /// Answers computed at once, at most.
    pub fn computations(&self) -> usize {
        self.computations
    }

    /// Takes a computing slot, held until the guard is dropped.
    ///
    /// # Errors
    /// [`AtlasError::Busy`] when [`Atlas::computations`] slots are taken.
    pub fn computing_slot(&self) -> Result<ComputingSlot<'_>, AtlasError> {
        let taken = self.busy.fetch_add(1, Ordering::SeqCst);
        let slot = ComputingSlot(&self.busy);
        if taken >= self.computations {
            // Dropping the guard gives the slot back.
            return Err(AtlasError::Busy {
                limit: self.computations,
            });
        }
        Ok(slot)
    }

    /// Codes in the atlas.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no census was read.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// What could not be read (empty when both censuses were).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The body of `/api/octal`: every census code as a row of
    /// `columns`.
    pub fn list_json(&self) -> Value {
        self.list_of(|_| true)
    }

    /// The body of `/api/octal` with only the codes `keep` keeps.
    fn list_of(&self, keep: impl Fn(&Fields) -> bool) -> Value {
        let rows: Vec<Value> = self
            .entries
            .iter()
            .filter(|e| keep(&e.fields))
            .map(|e| {
                let f = &e.fields;
                json!([
                    f.code.to_string(),
                    f.code.max_removal(),
                    f.status,
                    f.period,
                    f.pre_period,
                    f.proof_start,
                    f.proof_end,
                    f.computed_to,
                    f.max_value,
                    f.mask,
                    f.rare_count,
                    f.last_rare,
                    f.same_as.as_ref().map(ToString::to_string),
                    e.census,
                ])
            })
            .collect();
        json!({
            "source": self.dir.display().to_string(),
            "notes": self.notes,
            "columns": ["code", "digits", "status", "period", "pre_period", "proof_start",
                "proof_end", "computed_to", "max_value", "mask", "rare_count", "last_rare",
                "same_as", "census"],
            "rows": rows,
        })
    }

    /// The body of `/api/octal?QUERY`: [`Atlas::list_json`] keeping only
    /// the rows `query` asks for, `status` (one of [`STATUSES`]) and
    /// `digits` (a whole number from 1).
    ///
    /// # Errors
    /// [`AtlasError::Request`], a one-line message (HTTP 400) naming the
    /// bad value and the accepted ones: another status, digits that are
    /// not a whole number from 1, or a parameter other than those two.
    pub fn list_query(&self, query: &HashMap<String, String>) -> Result<Value, AtlasError> {
        let mut names: Vec<&String> = query.keys().collect();
        names.sort();
        if let Some(other) = names
            .iter()
            .find(|k| !["status", "digits"].contains(&k.as_str()))
        {
            return Err(AtlasError::Request(format!(
                "unknown parameter {other:?}: /api/octal takes status ({}) and digits (1, 2, 3, ...)",
                STATUSES.join(", ")
            )));
        }
        let status = match query.get("status") {
            None => None,
            Some(s) if STATUSES.contains(&s.as_str()) => Some(s.as_str()),
            Some(s) => {
                return Err(AtlasError::Request(format!(
                    "status {s:?} is none of {}",
                    STATUSES.join(", ")
                )))
            }
        };
        let digits = match query.get("digits") {
            None => None,
            Some(d) => match d.trim().parse::<usize>() {
                Ok(d) if d >= 1 => Some(d),
                _ => {
                    return Err(AtlasError::Request(format!(
                        "digits {d:?} is not a count of digits (a whole number from 1)"
                    )))
                }
            },
        };
        Ok(self.list_of(|f| {
            status.is_none_or(|s| f.status == s) && digits.is_none_or(|d| f.code.max_removal() == d)
        }))
    }

    /// The body of `/api/octal/CODE`, `n` the `?n=` asked for (used for a
    /// code outside the census only). Computes for up to [`TIME_BOUND`].
    ///
    /// # Errors
    /// [`AtlasError::Request`], a one-line message (HTTP 400), for a code
    /// that does not parse or an `n` above [`MAX_N`];
    /// [`AtlasError::Busy`] (HTTP 503) when the answer must be computed and
    /// every computing slot is taken ([`Atlas::computing_slot`]).
    pub fn code_json(&self, code: &str, n: Option<usize>) -> Result<Value, AtlasError> {
        let start = Instant::now();
        let parsed: OctalCode = code
            .trim()
            .parse()
            .map_err(|e| AtlasError::Request(format!("{code:?} is not an octal code: {e}")))?;
        let text = parsed.to_string();
        if let Some(&i) = self.by_code.get(&text) {
            if let Some(v) = self.cache.lock().ok().and_then(|c| c.get(&text).cloned()) {
                return Ok(v);
            }
            let slot = self.computing_slot()?;
            let v = timed(census_json(&self.entries[i], &parsed, start), start);
            drop(slot);
            if let Ok(mut c) = self.cache.lock() {
                if c.len() >= CACHED {
                    c.clear();
                }
                c.insert(text, v.clone());
            }
            return Ok(v);
        }
        let n = n.unwrap_or(DEFAULT_N);
        if n > MAX_N {
            return Err(AtlasError::Request(format!(
                "n = {} is past the atlas's bound of {} for a code outside the census; compute it with `grundy octal seq {text} --max-n {n}`",
                thousands(n as u64),
                thousands(MAX_N as u64)
            )));
        }
        let _slot = self.computing_slot()?;
        Ok(timed(computed_json(&parsed, n, start), start))
    }
}

/// Stops a computation at a deadline.
struct Deadline(Instant);

impl Progress for Deadline {
    fn stop_requested(&self) -> bool {
        Instant::now() >= self.0
    }
}

/// `G(0..len)` of `code`, or as many as can be computed until
/// [`COMPUTE_BOUND`] after `start`: the values and whether they were cut
/// short.
fn compute(code: &OctalCode, len: usize, start: Instant) -> (Values, bool) {
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    let done = c.extend_to(len, &Deadline(start + COMPUTE_BOUND));
    (c.into_values(), !done)
}

/// The answer `v`, begun at `start`, with `time_bound` and `seconds`.
fn timed(v: Value, start: Instant) -> Value {
    let seconds = (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    merged(
        v,
        json!({ "time_bound": TIME_BOUND.as_secs(), "seconds": seconds }),
    )
}

/// The claim of a period, as `octal check` reads it.
fn claim_json(code: &OctalCode, values: &Values, pre: usize, period: usize) -> Value {
    if period > MAX_CLAIM {
        return json!({
            "period": period,
            "note": format!(
                "the period has {} values, too many to list here: `grundy octal period {code}` prints the claim",
                thousands(period as u64)
            ),
        });
    }
    match Claim::of_period(values, pre, period) {
        Some(c) => json!({
            "period": c.period,
            "values": c.values,
            "exceptions": c.exceptions.iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
            "command": c.check_command(code),
        }),
        None => json!({
            "period": period,
            "note": format!(
                "the claim needs G(0..{}), more than computed here: `grundy octal period {code}` prints it",
                thousands((pre + period) as u64)
            ),
        }),
    }
}

/// The plot and value fields every code page has.
fn common(code: &OctalCode, values: &Values, stopped: bool, mask: Option<u32>, log: bool) -> Value {
    let title = match code.name() {
        Some(n) => format!("G(n) of {code} ({n})"),
        None => format!("G(n) of {code}"),
    };
    let mut opts = plot_options(values);
    if mask.is_some() {
        opts.mask = mask;
    }
    opts.log_n = log;
    let listed: Vec<u32> = values.iter().take(LISTED).collect();
    json!({
        "code": code.to_string(),
        "name": code.name(),
        // A code with a repeating part has no last digit.
        "digits": code.is_finite().then(|| code.max_removal()),
        "plot": dot_plot(values, &title, &opts),
        "plotted_to": values.len().saturating_sub(1),
        "stopped": stopped,
        "values": listed,
    })
}

/// Adds the fields of `extra` to the object `v`.
fn merged(mut v: Value, extra: Value) -> Value {
    if let (Some(o), Value::Object(e)) = (v.as_object_mut(), extra) {
        o.extend(e);
    }
    v
}

/// The page of a census code: its row, with its values recomputed to
/// `computed_to` (at most [`PLOT_VALUES`]) for the plot and the claim.
fn census_json(e: &Entry, code: &OctalCode, start: Instant) -> Value {
    let f = &e.fields;
    let len = f.computed_to.saturating_add(1).min(PLOT_VALUES);
    let (values, stopped) = compute(code, len, start);
    let claim = match (f.pre_period, f.period, f.status) {
        (Some(pre), Some(p), "periodic") => claim_json(code, &values, pre, p),
        _ => Value::Null,
    };
    let sparse = match (f.mask, f.rare_count) {
        (Some(mask), Some(rare)) => json!({
            "mask": mask, "rare_count": rare, "last_rare": f.last_rare, "over": f.computed_to,
        }),
        _ => sparse_json(&values),
    };
    let log = f.status != "periodic" && values.len() > 10_000;
    merged(
        common(code, &values, stopped, f.mask, log),
        json!({
            "source": e.census,
            "status": f.status,
            "period": f.period,
            "pre_period": f.pre_period,
            "saltus": f.saltus,
            "proof": f.proof_start.zip(f.proof_end).map(|(a, b)| [a, b]),
            "computed_to": f.computed_to,
            "max_value": f.max_value,
            "max_value_at": f.max_value_at,
            "same_as": f.same_as.as_ref().map(ToString::to_string),
            "sparse": sparse,
            "claim": claim,
            "row": {
                "code": f.code.to_string(), "status": f.status, "pre_period": f.pre_period,
                "period": f.period, "proof_start": f.proof_start, "proof_end": f.proof_end,
                "computed_to": f.computed_to, "max_value": f.max_value,
                "max_value_at": f.max_value_at, "mask": f.mask, "rare_count": f.rare_count,
                "last_rare": f.last_rare,
            },
        }),
    )
}

/// The sparse space of the values computed here.
fn sparse_json(values: &Values) -> Value {
    match sparse_summary(values) {
        Some(s) => json!({
            "mask": s.mask, "rare_count": s.rare_count, "last_rare": s.last_rare,
            "over": values.len().saturating_sub(1),
        }),
        None => Value::Null,
    }
}

/// The page of a code outside the census: `G(0..=n)` computed here, its
/// period proved from them if they prove one.
fn computed_json(code: &OctalCode, n: usize, start: Instant) -> Value {
    let (values, stopped) = compute(code, n.saturating_add(1), start);
    let analysis = analyse(code, &values);
    let (period, arithmetic) = (analysis.period, analysis.arithmetic);
    let status = match (period, arithmetic) {
        (Some(_), _) => "periodic",
        (None, Some(_)) => "arithmetic",
        (None, None) => "unsettled",
    };
    let claim = period.map_or(Value::Null, |p| {
        claim_json(code, &values, p.pre_period, p.period)
    });
    let last = values.len().saturating_sub(1);
    let log = period.is_none() && values.len() > 10_000;
    merged(
        common(code, &values, stopped, None, log),
        json!({
            "source": "computed",
            "status": status,
            "period": period.map(|p| p.period).or(arithmetic.map(|a| a.period)),
            "pre_period": period.map(|p| p.pre_period).or(arithmetic.map(|a| a.pre_period)),
            "saltus": arithmetic.map(|a| a.saltus),
            "proof": period.map(|p| [p.theorem_pre_period, p.proof_end]),
            "computed_to": last,
            "asked_to": n,
            "max_value": values.max(),
            "same_as": Value::Null,
            "sparse": sparse_json(&values),
            "claim": claim,
        }),
    )
}
