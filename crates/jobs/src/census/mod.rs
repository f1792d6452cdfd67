//! The octal census as a run: the codes of a census (or of one shard of
//! it) settled in parallel ([`grundy_games::octal::theory::census::settle_code`]),
//! the dataset (`census.csv`, `summary.json`) written all at once, shards
//! merged, and the report rendered.
//!
//! **Families.** Codes proved to have one nim-sequence
//! ([`grundy_games::octal::theory::equivalent`]) form a family, named by its
//! representative (the code they reduce to, always the family's first code
//! in census order). A worker takes a whole family: it settles the
//! representative, then every other code of the family reading its values
//! from the representative's ([`settle_code_from`]), so each family's
//! sequence is computed once.
//!
//! **Shards.** Shard `I` of `K` (1-based) holds the families whose 0-based
//! index `f` (families ordered by their representative's place in census
//! order) has `f mod K = I − 1`: round robin, so the slow unsettled
//! families (mostly of three-digit codes) are spread evenly, and no
//! family's sequence is computed by two shards.
//! [`merge`] joins the shards' `census.csv` files into the file an
//! unsharded run writes, byte for byte (each row is kept verbatim, timing
//! included, and rows are put back in census order).
//!
//! **Trust.** Every `summary.json` records the census's parameters and a
//! digest of its rows ([`grundy_dataset::census`]). A merge takes nothing
//! on trust ([`merge`]): each shard must agree with itself and its
//! parameters, hold exactly its own codes, have its periodic rows
//! re-proved by replaying the census for each code
//! ([`data::rederive_row`]; cheap, as a periodic code stops within its
//! proof) and match its digest, or the merge is refused with one error
//! naming the file, line, code and field, and nothing is written.
//! [`verify`] does the same for a census directory and, unless asked for
//! the periodic rows only, recomputes the unsettled and arithmetic rows
//! too (as long as computing them took).
//!
//! **Resuming.** While it runs, a census appends each finished row to
//! `OUT/census.partial.csv` (whole lines, flushed, each with its digest).
//! Interrupted (Ctrl-C, SIGTERM), it ends with [`Error::Interrupted`]
//! naming that file; run again with `resume` and the rows in it are kept
//! instead of recomputed, once checked (`take_over`): the file's `N`
//! and version, each row's digest and fields, the periodic rows re-proved.
//! The file is removed once the dataset is in place.
//!
//! **The time left.** A census's progress shows the codes and families
//! done and an estimate of the time left ([`eta_seconds`]), not a rate of
//! codes: a few unsettled families take most of the time.

use grundy_core::error::{Error, Result};
use grundy_core::progress::{Progress, StopOnly};
use grundy_dataset::atomic::{create_dir, Staged};
use grundy_dataset::census::{self as data, csv_line, BudgetRecord, Reaches, Summary};
use grundy_dataset::census_partial as partial;
use grundy_games::octal::engine::budget;
use grundy_games::octal::theory::census::{
    codes, settle_code_from, Reach, Row, BYTES_PER_VALUE, MAX_DIGITS, WORK_PER_SECOND,
};
use grundy_games::octal::theory::equivalent::representative;
use grundy_games::octal::{OctalCode, Values};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

mod deepen;
mod eta;
mod trust;
pub use deepen::*;
pub use eta::*;
pub use trust::*;

/// Default `N` of a census: values up to `n = 2^20`.
pub const DEFAULT_MAX_N: usize = 1 << 20;

/// Default budget of each family past `N` (`--budget`).
pub const DEFAULT_BUDGET: &str = "30s,1GiB";

/// A family's budget past `N`, as given with `--budget`: time (converted
/// to work units, [`WORK_PER_SECOND`]) and memory (converted to a largest
/// heap size, [`BYTES_PER_VALUE`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Seconds.
    pub seconds: f64,
    /// Bytes.
    pub bytes: u64,
}

/// `30s,1GiB` (also `90s`, `10m`, `1h`; `512MiB`, `2GiB`; either part
/// alone, the other from [`DEFAULT_BUDGET`]) as a [`Budget`].
///
/// # Errors
/// A message quoting the part that is not a time or a size.
pub fn parse_budget(s: &str) -> std::result::Result<Budget, String> {
    let mut b = Budget {
        seconds: 30.0,
        bytes: 1 << 30,
    };
    for part in s.split(',').map(str::trim) {
        let lower = part.to_ascii_lowercase();
        let number = |suffix: &str| -> Option<f64> {
            lower
                .strip_suffix(suffix)?
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
        };
        if let Some(x) = number("gib") {
            b.bytes = (x * (1u64 << 30) as f64) as u64;
        } else if let Some(x) = number("mib") {
            b.bytes = (x * (1u64 << 20) as f64) as u64;
        } else if let Some(x) = number("h") {
            b.seconds = x * 3600.0;
        } else if let Some(x) = number("m") {
            b.seconds = x * 60.0;
        } else if let Some(x) = number("s") {
            b.seconds = x;
        } else {
            return Err(format!(
                "{part:?} is not a time (30s, 10m, 1h) or a memory size (512MiB, 2GiB), as in --budget 30s,1GiB"
            ));
        }
    }
    if b.seconds > 1e9 {
        return Err(format!("{s:?}: at most 10^9 seconds"));
    }
    Ok(b)
}

/// The reach of a census to `N = max_n` with `budget` past it, and the
/// budget as `summary.json` records it. A budget of 0 seconds (or none)
/// stops every code at `N`, as censuses before budgets did, and records
/// no budget.
pub fn reach_of(max_n: usize, budget: Option<Budget>) -> (Reach, Option<BudgetRecord>) {
    let Some(b) = budget.filter(|b| b.seconds > 0.0) else {
        return (Reach::fixed(max_n), None);
    };
    // seconds <= 10^9 (parse_budget), so the product fits a u64.
    let work = (b.seconds * WORK_PER_SECOND as f64) as u64;
    let values = usize::try_from(b.bytes / BYTES_PER_VALUE).unwrap_or(usize::MAX);
    let hard = values.clamp(max_n, budget::MAX_N.max(max_n));
    let record = BudgetRecord {
        seconds: b.seconds,
        work,
        bytes: b.bytes,
        max_n: hard,
    };
    let reach = Reach {
        base: max_n,
        work: Some(work),
        max_len: hard.saturating_add(1),
    };
    (reach, Some(record))
}

/// The reaches of a census to `N = max_n` with `budget` past it, and
/// `published` for the families holding a code a published table solves
/// (`--published-budget`), with the records `summary.json` keeps of both
/// ([`reach_of`]).
pub fn reaches_of(
    max_n: usize,
    budget: Option<Budget>,
    published: Option<Budget>,
) -> (Reaches, Option<BudgetRecord>, Option<BudgetRecord>) {
    let (all, record) = reach_of(max_n, budget);
    let Some(p) = published else {
        return (Reaches::uniform(all), record, None);
    };
    let (reach, published_record) = reach_of(max_n, Some(p));
    let reaches = Reaches {
        all,
        published: Some(reach),
    };
    (reaches, record, published_record)
}

/// `30 s and 1.0 GiB`, or `no budget past N`.
fn budget_words(b: Option<Budget>) -> String {
    match b.filter(|b| b.seconds > 0.0) {
        None => "no budget past N".into(),
        Some(b) => format!("{} s and {}", b.seconds, budget::bytes_text(b.bytes)),
    }
}

/// Checks that the published budget gives its families at least what
/// every family gets ([`Reach::covers`]): more time and memory, never
/// less, so that they are computed deeper, never shallower.
///
/// # Errors
/// [`Error::OutOfRange`] naming `--published-budget` and both budgets.
pub fn validate_published(
    max_n: usize,
    budget: Option<Budget>,
    published: Option<Budget>,
) -> Result<()> {
    let (reaches, _, _) = reaches_of(max_n, budget, published);
    match (reaches.published, published) {
        (Some(p), Some(b)) if !p.covers(&reaches.all) => Err(Error::OutOfRange {
            what: format!("--published-budget {}", budget_words(Some(b))),
            reason: format!(
                "it must give at least the time and memory of --budget ({})",
                budget_words(budget)
            ),
        }),
        _ => Ok(()),
    }
}

/// Unsettled codes plotted in the report, at most.
pub const PLOTS: usize = 4;

/// Values plotted per unsettled code, at most (`G(0..2^24)`): the plots
/// show the whole computed range, `G(0..=computed_to)`, up to this.
pub const PLOT_VALUES: usize = 1 << 24;

/// The partial rows file inside the output directory.
pub const PARTIAL: &str = "census.partial.csv";

/// A validated census to run.
#[derive(Debug)]
pub struct CensusJob<'a> {
    /// Digits after the point, 1 to 3.
    pub digits: usize,
    /// `N`.
    pub max_n: usize,
    /// The budget of each family past `N`; None: to `N` exactly.
    pub budget: Option<Budget>,
    /// The budget of the families holding a code a published table solves
    /// ([`grundy_games::octal::theory::published::is_published`]) instead of
    /// `budget` (`--published-budget`); None: `budget`.
    pub published_budget: Option<Budget>,
    /// `(I, K)`: shard I of K, 1-based; None for every code.
    pub shard: Option<(usize, usize)>,
    /// Output directory: `census.csv` and `summary.json`.
    pub out: &'a Path,
    /// Report directory (`octal-census.md` and `octal-census/*.svg`), if a
    /// report is wanted.
    pub reports: Option<&'a Path>,
    /// Keep the rows of an interrupted run's `census.partial.csv`.
    pub resume: bool,
    /// Worker threads (rayon's current pool), for the summary.
    pub threads: usize,
}

impl CensusJob<'_> {
    /// The reaches of this census's families.
    pub fn reaches(&self) -> Reaches {
        reaches_of(self.max_n, self.budget, self.published_budget).0
    }
}

/// `I/K` (as in `--shard 3/8`) as `(I, K)`; the range is
/// [`validate`]'s business.
///
/// # Errors
/// A message quoting the text when it is not two decimal numbers around a
/// `/`.
pub fn parse_shard(s: &str) -> std::result::Result<(usize, usize), String> {
    let bad = || format!("{s:?} is not I/K, as in 3/8");
    let (i, k) = s.split_once('/').ok_or_else(bad)?;
    Ok((
        i.trim().parse().map_err(|_| bad())?,
        k.trim().parse().map_err(|_| bad())?,
    ))
}

/// Checks a census's arguments before any work.
///
/// # Errors
/// [`Error::OutOfRange`] for digits outside 1..=[`MAX_DIGITS`], `N` of 0 or above
/// [`budget::MAX_N`], or a shard `I/K` without `1 <= I <= K`, or with more
/// shards than codes.
pub fn validate(digits: usize, max_n: usize, shard: Option<(usize, usize)>) -> Result<()> {
    if !(1..=MAX_DIGITS).contains(&digits) {
        return Err(Error::OutOfRange {
            what: format!("--digits {digits}"),
            reason: format!("a census covers 1 to {MAX_DIGITS} digits after the point"),
        });
    }
    budget::check_n("--max-n", max_n, budget::MAX_N)?;
    if max_n == 0 {
        return Err(Error::OutOfRange {
            what: "--max-n 0".into(),
            reason: "at least 1".into(),
        });
    }
    if let Some((i, k)) = shard {
        let total = families(digits).len();
        if k == 0 || i == 0 || i > k || k > total {
            return Err(Error::OutOfRange {
                what: format!("--shard {i}/{k}"),
                reason: format!(
                    "shard I/K needs 1 <= I <= K <= {total} (the families of codes of {digits} digits)"
                ),
            });
        }
    }
    Ok(())
}

/// The families of a census of `digits` digits (module documentation),
/// as indices into [`codes`]`(digits)`: each family in census order, its
/// representative first; families ordered by their representative.
pub fn families(digits: usize) -> Vec<Vec<usize>> {
    let all = codes(digits);
    let index: HashMap<String, usize> = all
        .iter()
        .enumerate()
        .map(|(i, c)| (c.to_string(), i))
        .collect();
    let mut out: Vec<Vec<usize>> = Vec::new();
    let mut family_of: HashMap<usize, usize> = HashMap::new();
    for (i, code) in all.iter().enumerate() {
        // A representative has fewer moves, so it comes earlier in census
        // order (or is the code itself) and is a code of the census.
        let rep = index
            .get(&representative(code).to_string())
            .copied()
            .filter(|&r| r <= i)
            .unwrap_or(i);
        match family_of.get(&rep) {
            Some(&f) => out[f].push(i),
            None => {
                family_of.insert(rep, out.len());
                out.push(vec![i]);
            }
        }
    }
    out
}

/// The families of shard `(I, K)` (every family for None), each a list of
/// codes with their index in census order, the representative first.
pub fn shard_families(
    digits: usize,
    shard: Option<(usize, usize)>,
) -> Vec<Vec<(usize, OctalCode)>> {
    let all = codes(digits);
    families(digits)
        .into_iter()
        .enumerate()
        .filter(|(f, _)| shard.is_none_or(|(s, k)| f % k == s - 1))
        .map(|(_, members)| members.into_iter().map(|i| (i, all[i].clone())).collect())
        .collect()
}

/// The codes of shard `(I, K)` (all codes for None), each with its index
/// in census order, in census order.
pub fn shard_codes(digits: usize, shard: Option<(usize, usize)>) -> Vec<(usize, OctalCode)> {
    let mut out: Vec<(usize, OctalCode)> = shard_families(digits, shard)
        .into_iter()
        .flatten()
        .collect();
    out.sort_by_key(|(i, _)| *i);
    out
}

/// Each code of a census of `digits` digits with its reach: its
/// family's ([`Reaches::of_family`]).
fn code_reaches(digits: usize, reaches: &Reaches) -> HashMap<String, Reach> {
    let all = codes(digits);
    let mut out = HashMap::with_capacity(all.len());
    for f in families(digits) {
        let reach = reaches.of_family(f.iter().map(|&i| &all[i]));
        for i in f {
            out.insert(all[i].to_string(), reach);
        }
    }
    out
}

/// What a census or a merge wrote.
#[derive(Clone, Debug)]
pub struct CensusRun {
    /// Its `summary.json`.
    pub summary: Summary,
    /// Rows kept from a partial file (0 without `resume`).
    pub resumed: usize,
    /// Rows computed by this run (0 for a merge).
    pub computed: usize,
}

/// Runs a census: settles the families of the job in parallel over the
/// current rayon pool, then writes `census.csv` and `summary.json` to
/// `out` all at once and, if asked, the report. With `resume`, the rows of
/// the partial file are checked (`take_over`) before any is kept.
/// Progress: one phase without a total (no bar to extrapolate from), its
/// note the codes done and the estimate of the time left (`Eta`).
///
/// # Errors
/// As [`validate`]; [`Error::Io`] for output that cannot be written;
/// [`Error::CorruptDataset`] for a partial file that is not this census's
/// or has an edited row, [`Error::VerificationFailed`] for a kept row that
/// is not what recomputing it gives; [`Error::Interrupted`] naming the
/// partial file when stopped.
pub fn run(job: &CensusJob, progress: &dyn Progress) -> Result<CensusRun> {
    run_keeping(job, HashMap::new(), None, progress)
}

/// [`run`], keeping the census lines of `census` (by code) as they are:
/// with `previous`, the summary of the census they are from
/// ([`deepen`]), whose wall time and resumed rows are added to this run's.
fn run_keeping(
    job: &CensusJob,
    census: HashMap<String, String>,
    previous: Option<&Summary>,
    progress: &dyn Progress,
) -> Result<CensusRun> {
    validate(job.digits, job.max_n, job.shard)?;
    validate_published(job.max_n, job.budget, job.published_budget)?;
    let started = Instant::now();
    create_dir(job.out)?;
    let staged = Staged::new(job.out)?;
    let partial_path = job.out.join(PARTIAL);
    let reaches = job.reaches();
    let tag = partial::partial_tag_of(&reaches, job.digits);
    let mut kept = if job.resume && partial_path.exists() {
        take_over(job, &partial_path, &tag, progress)?
    } else {
        HashMap::new()
    };
    kept.retain(|c, _| !census.contains_key(c));
    let todo = shard_families(job.digits, job.shard);
    let resumed = todo
        .iter()
        .flatten()
        .filter(|(_, c)| kept.contains_key(&c.to_string()))
        .count();
    kept.extend(census);
    let computed = todo
        .iter()
        .flatten()
        .filter(|(_, c)| !kept.contains_key(&c.to_string()))
        .count();
    let partial = Mutex::new(start_partial(&partial_path, &tag, &kept)?);
    let sink = Sink {
        file: &partial,
        path: &partial_path,
        tag: &tag,
    };
    let done = compute(job, &reaches, &todo, &kept, &sink, progress)?;
    let wall = started.elapsed().as_secs_f64();
    let mut summary = summarise(job, &done, wall, resumed);
    if let Some(p) = previous {
        summary.wall_seconds = round3(p.wall_seconds + wall);
        summary.threads = summary.threads.max(p.threads);
        summary.resumed += p.resumed;
    }
    let summary = data::write(staged.path(), &done, &summary)?;
    staged.commit()?;
    if let Some(r) = job.reports {
        write_report(r, job.out, &summary, progress)?;
    }
    let _ = std::fs::remove_file(&partial_path);
    Ok(CensusRun {
        summary,
        resumed,
        computed,
    })
}

/// Starts the partial file afresh: its tag, its header and the rows kept.
fn start_partial(path: &Path, tag: &str, kept: &HashMap<String, String>) -> Result<std::fs::File> {
    let mut file = std::fs::File::create(path).map_err(Error::io("cannot write", path))?;
    let mut lines: Vec<&String> = kept.values().collect();
    lines.sort();
    let mut text = format!("{tag}\n{}\n", partial::partial_header());
    for line in lines {
        text.push_str(&partial::partial_line(tag, line));
        text.push('\n');
    }
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .map_err(Error::io("cannot write", path))?;
    Ok(file)
}

/// The partial file rows are appended to.
struct Sink<'a> {
    file: &'a Mutex<std::fs::File>,
    path: &'a Path,
    tag: &'a str,
}

/// Settles the families of `todo` (rows of `kept` are kept), each to its
/// reach ([`Reaches::of_family`]): workers take the families in census
/// order of their representatives from a shared counter, so an interrupted
/// census has its first codes (the one- and two-digit ones) done; each
/// result goes back to its code's slot. A family whose rows are all kept
/// computes nothing. Returns the lines in census order.
fn compute(
    job: &CensusJob,
    reaches: &Reaches,
    todo: &[Vec<(usize, OctalCode)>],
    kept: &HashMap<String, String>,
    sink: &Sink,
    progress: &dyn Progress,
) -> Result<Vec<String>> {
    let count: usize = todo.iter().map(Vec::len).sum();
    let workers = rayon::current_num_threads().min(todo.len()).max(1);
    let eta = Eta::new(
        todo.iter()
            .filter(|f| f.iter().any(|(_, c)| !kept.contains_key(&c.to_string()))),
        count,
        workers,
    );
    progress.phase(&format!("census of {count} codes to n = {}", job.max_n), 0);
    let next = AtomicUsize::new(0);
    let mut order: Vec<usize> = todo.iter().flatten().map(|(i, _)| *i).collect();
    order.sort_unstable();
    let slot_of: HashMap<usize, usize> = order.iter().enumerate().map(|(s, &i)| (i, s)).collect();
    let slots: Vec<Mutex<Option<Result<Option<String>>>>> =
        (0..count).map(|_| Mutex::new(None)).collect();
    let work = |_| loop {
        let f = next.fetch_add(1, Ordering::Relaxed);
        let Some(family) = todo.get(f) else {
            break;
        };
        // A family whose rows are all kept costs nothing: not timed, and
        // its representative is not recomputed (its row gives the others'
        // reach, and theirs are kept too).
        let lines: Option<Vec<&String>> = family
            .iter()
            .map(|(_, c)| kept.get(&c.to_string()))
            .collect();
        if let Some(lines) = lines {
            for ((i, _), line) in family.iter().zip(lines) {
                *slots[slot_of[i]].lock().unwrap_or_else(|e| e.into_inner()) =
                    Some(Ok(Some(line.clone())));
            }
            continue;
        }
        eta.start(f, family);
        let reach = reaches.of_family(family.iter().map(|(_, c)| c));
        let mut known: Option<Values> = None;
        let mut rep: Option<Row> = None;
        for (i, code) in family {
            let result = settle_one(code, &reach, kept, &mut known, &mut rep, sink, progress);
            let stopped = matches!(result, Ok(None));
            *slots[slot_of[i]].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            if stopped {
                return;
            }
        }
        eta.finish(f, family);
        progress.note(&eta.note());
    };
    eta.ticking(progress, || (0..workers).into_par_iter().for_each(work));
    progress.finish_phase();
    let mut done = Vec::with_capacity(count);
    for s in slots {
        match s.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(Ok(Some(l))) => done.push(l),
            Some(Err(e)) => return Err(e),
            Some(Ok(None)) | None => {
                return Err(Error::Interrupted {
                    path: sink.path.to_path_buf(),
                })
            }
        }
    }
    Ok(done)
}

/// The census line of one code: kept from the partial file, or computed
/// and appended to it; None when stopped. `family` holds the family's
/// nim-sequence once computed: the first code of a family that is computed
/// (the representative, unless its row was kept) stores its values there,
/// and the later ones read them. `rep` holds the representative's row
/// once computed: the family's other codes go as far as it went
/// ([`Reach::for_member`]; a kept representative's row is recomputed, to
/// know it).
fn settle_one(
    code: &OctalCode,
    reach: &Reach,
    kept: &HashMap<String, String>,
    family: &mut Option<Values>,
    rep: &mut Option<Row>,
    sink: &Sink,
    progress: &dyn Progress,
) -> Result<Option<String>> {
    let is_rep = representative(code) == *code;
    if let Some(line) = kept.get(&code.to_string()) {
        if !is_rep || reach.work.is_none() {
            return Ok(Some(line.clone()));
        }
    }
    let own = match (&*rep, is_rep) {
        (Some(r), false) => reach.for_member(code, r),
        _ => *reach,
    };
    // The engine reads no clock: the code's seconds are timed here.
    let started = Instant::now();
    let Some((mut row, values)) =
        settle_code_from(code, &own, family.as_ref(), &StopOnly(progress))
    else {
        return Ok(None);
    };
    row.seconds = started.elapsed().as_secs_f64();
    if family.as_ref().is_none_or(|f| f.len() < values.len()) {
        *family = Some(values);
    }
    if is_rep {
        *rep = Some(row.clone());
        if let Some(line) = kept.get(&code.to_string()) {
            return Ok(Some(line.clone()));
        }
    }
    let line = csv_line(&row);
    let text = partial::partial_line(sink.tag, &line);
    let mut f = sink.file.lock().unwrap_or_else(|e| e.into_inner());
    // One write of the whole line: a kill cuts at most the last line.
    f.write_all(format!("{text}\n").as_bytes())
        .and_then(|()| f.flush())
        .map_err(Error::io("cannot write", sink.path))?;
    Ok(Some(line))
}

/// The rows of a partial file this census may keep, checked first
/// ([`partial::read_partial`]: its tag, each row's digest; then every field
/// parsed and its shape checked, [`data::check_shape`]); the periodic rows
/// of this census's codes are re-proved ([`rederive`]). Unsettled and
/// arithmetic rows, which cost a computation to `N` each, are kept on the
/// strength of their digest and shape. By code, as census lines.
///
/// # Errors
/// As [`partial::read_partial`]; [`Error::CorruptDataset`] or
/// [`Error::VerificationFailed`] naming the line, code and field of the
/// first row that fails a check.
fn take_over(
    job: &CensusJob,
    path: &Path,
    tag: &str,
    progress: &dyn Progress,
) -> Result<HashMap<String, String>> {
    let mut rows: Vec<(String, partial::PartialRow)> =
        partial::read_partial(path, tag)?.into_iter().collect();
    rows.sort_by_key(|(_, r)| r.line);
    let reaches = job.reaches();
    let by_code = code_reaches(job.digits, &reaches);
    let mut stored = HashMap::with_capacity(rows.len());
    for (code, r) in rows {
        let reach = by_code.get(&code).unwrap_or(&reaches.all);
        stored.insert(code, Stored::read(path, r.line, r.text, reach)?);
    }
    let families = shard_families(job.digits, job.shard);
    rederive(
        &families,
        &stored,
        &reaches,
        Depth::Periodic,
        "re-prove the periodic rows kept",
        progress,
    )?;
    Ok(stored.into_iter().map(|(c, s)| (c, s.text)).collect())
}

fn summarise(job: &CensusJob, lines: &[String], wall: f64, resumed: usize) -> Summary {
    let (_, budget, published_budget) = reaches_of(job.max_n, job.budget, job.published_budget);
    Summary {
        budget,
        published_budget,
        digits: job.digits,
        max_n: job.max_n,
        shard: job.shard.map(|(i, k)| [i, k]),
        codes: lines.len(),
        counts: data::counts(lines.iter().map(|l| l.split(',').nth(1).unwrap_or(""))),
        cpu_seconds: cpu_seconds(lines.iter().map(String::as_str)),
        wall_seconds: round3(wall),
        threads: job.threads,
        resumed,
        families: families_in(lines.iter().map(String::as_str)),
        version: data::VERSION.to_string(),
        rows_blake3: None,
    }
}

/// The sum of the rows' `seconds`, rounded to milliseconds.
fn cpu_seconds<'a>(lines: impl Iterator<Item = &'a str>) -> f64 {
    round3(lines.map(seconds_of).sum())
}

/// Rows with an empty `same_as`.
fn families_in<'a>(lines: impl Iterator<Item = &'a str>) -> usize {
    lines.filter(|l| l.rsplit(',').nth(1) == Some("")).count()
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn seconds_of(line: &str) -> f64 {
    line.rsplit(',')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0.0)
}
