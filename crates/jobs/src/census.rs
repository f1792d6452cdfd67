//! The octal census as a run: the codes of a census (or of one shard of
//! it) settled in parallel ([`grundy_games::octal::census::settle_code`]),
//! the dataset (`census.csv`, `summary.json`) written all at once, shards
//! merged, and the report rendered.
//!
//! **Families.** Codes proved to have one nim-sequence
//! ([`grundy_games::octal::equivalent`]) form a family, named by its
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
use grundy_core::progress::{NoProgress, Progress, StopOnly};
use grundy_dataset::atomic::{create_dir, write_bytes, Staged};
use grundy_dataset::census::{
    self as data, csv_line, read_csv, read_summary, BudgetRecord, Reaches, Summary,
};
use grundy_games::octal::census::{
    codes, digits_of, settle_code_from, Reach, Row, BYTES_PER_VALUE, MAX_DIGITS, WORK_PER_SECOND,
};
use grundy_games::octal::equivalent::representative;
use grundy_games::octal::{budget, Computation, Engine, OctalCode, Values};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

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
    /// ([`grundy_games::octal::published::is_published`]) instead of
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
    let tag = data::partial_tag_of(&reaches, job.digits);
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
    let mut text = format!("{tag}\n{}\n", data::partial_header());
    for line in lines {
        text.push_str(&data::partial_line(tag, line));
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
    let Some((row, values)) = settle_code_from(code, &own, family.as_ref(), &StopOnly(progress))
    else {
        return Ok(None);
    };
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
    let text = data::partial_line(sink.tag, &line);
    let mut f = sink.file.lock().unwrap_or_else(|e| e.into_inner());
    // One write of the whole line: a kill cuts at most the last line.
    f.write_all(format!("{text}\n").as_bytes())
        .and_then(|()| f.flush())
        .map_err(Error::io("cannot write", sink.path))?;
    Ok(Some(line))
}

/// The rows of a partial file this census may keep, checked first
/// ([`data::read_partial`]: its tag, each row's digest; then every field
/// parsed and its shape checked, [`data::check_shape`]); the periodic rows
/// of this census's codes are re-proved ([`rederive`]). Unsettled and
/// arithmetic rows, which cost a computation to `N` each, are kept on the
/// strength of their digest and shape. By code, as census lines.
///
/// # Errors
/// As [`data::read_partial`]; [`Error::CorruptDataset`] or
/// [`Error::VerificationFailed`] naming the line, code and field of the
/// first row that fails a check.
fn take_over(
    job: &CensusJob,
    path: &Path,
    tag: &str,
    progress: &dyn Progress,
) -> Result<HashMap<String, String>> {
    let mut rows: Vec<(String, data::PartialRow)> =
        data::read_partial(path, tag)?.into_iter().collect();
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

/// Finished families of a digit count a census waits for before it
/// estimates the time its families of that digit count still need.
pub const ETA_SAMPLES: usize = 8;

/// The time left, estimated (the note of a census's progress). A few
/// codes take most of the time: an unsettled family runs to `N`, a
/// periodic one stops within its proof, so the codes (or families) done
/// say nothing of the time left, and neither does the rate of the last
/// ones. The estimate weighs each family left by its expected cost, the
/// mean time of the finished families with as many digits (`seconds[d] /
/// done[d]`, `d` the digits of the representative; three-digit families
/// take longest): `waiting[d]` families not started cost that mean each;
/// a family `running` for `t` seconds costs the rest of its mean, but at
/// least `t` more (one that has run long is a slow one, guessed to take as
/// long again). The sum is shared among `workers` (at most one per family
/// left), and is at least the longest running family's rest. None (`Err`
/// with the digit count) until [`ETA_SAMPLES`] families of each digit
/// count still to do have finished.
pub fn eta_seconds(
    waiting: &[usize; MAX_DIGITS + 1],
    running: &[(usize, f64)],
    done: &[usize; MAX_DIGITS + 1],
    seconds: &[f64; MAX_DIGITS + 1],
    workers: usize,
) -> std::result::Result<f64, usize> {
    let mean = |d: usize| {
        if done[d] < ETA_SAMPLES {
            Err(d)
        } else {
            Ok(seconds[d] / done[d] as f64)
        }
    };
    let mut total = 0.0;
    let mut longest: f64 = 0.0;
    for (d, &w) in waiting.iter().enumerate().filter(|(_, w)| **w > 0) {
        total += w as f64 * mean(d)?;
    }
    for &(d, t) in running {
        let rest = (mean(d)? - t).max(t);
        total += rest;
        longest = longest.max(rest);
    }
    let families = waiting.iter().sum::<usize>() + running.len();
    let sharing = workers.min(families).max(1);
    Ok((total / sharing as f64).max(longest))
}

/// Seconds as `42 s`, `17 min` or `2.5 h`.
fn duration_text(s: f64) -> String {
    if s < 90.0 {
        format!("{s:.0} s")
    } else if s < 5400.0 {
        format!("{:.0} min", s / 60.0)
    } else {
        format!("{:.1} h", s / 3600.0)
    }
}

/// Families and codes done, and the estimate of the time left
/// ([`eta_seconds`]), for the progress note of a census or a verification.
struct Eta {
    workers: usize,
    codes: usize,
    families: usize,
    state: Mutex<EtaState>,
}

#[derive(Default)]
struct EtaState {
    codes_done: usize,
    families_done: usize,
    waiting: [usize; MAX_DIGITS + 1],
    running: Vec<(usize, usize, Instant)>,
    done: [usize; MAX_DIGITS + 1],
    seconds: [f64; MAX_DIGITS + 1],
}

/// The digit count of a family (of its representative, 1 to [`MAX_DIGITS`]).
fn class(family: &[(usize, OctalCode)]) -> usize {
    family
        .first()
        .map_or(MAX_DIGITS, |(_, c)| digits_of(c))
        .clamp(1, MAX_DIGITS)
}

impl Eta {
    /// `families`: the families to compute; `codes`: every code of the
    /// phase (those of families not computed, kept ones, count as done).
    fn new<'a>(
        families: impl Iterator<Item = &'a Vec<(usize, OctalCode)>>,
        codes: usize,
        workers: usize,
    ) -> Eta {
        let mut s = EtaState::default();
        let mut computed = 0;
        let mut count = 0;
        for f in families {
            s.waiting[class(f)] += 1;
            computed += f.len();
            count += 1;
        }
        s.codes_done = codes.saturating_sub(computed);
        Eta {
            workers,
            codes,
            families: count,
            state: Mutex::new(s),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, EtaState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Family `id` (any number naming it) starts.
    fn start(&self, id: usize, family: &[(usize, OctalCode)]) {
        let d = class(family);
        let mut s = self.lock();
        s.waiting[d] = s.waiting[d].saturating_sub(1);
        s.running.push((id, d, Instant::now()));
    }

    /// Family `id` is done.
    fn finish(&self, id: usize, family: &[(usize, OctalCode)]) {
        let mut s = self.lock();
        let Some(at) = s.running.iter().position(|r| r.0 == id) else {
            return;
        };
        let (_, d, started) = s.running.swap_remove(at);
        s.done[d] += 1;
        s.seconds[d] += started.elapsed().as_secs_f64();
        s.families_done += 1;
        s.codes_done += family.len();
    }

    /// `412/1024 codes, 118/324 families; eta about 23 min`.
    fn note(&self) -> String {
        let s = self.lock();
        let running: Vec<(usize, f64)> = s
            .running
            .iter()
            .map(|&(_, d, t)| (d, t.elapsed().as_secs_f64()))
            .collect();
        let eta = match eta_seconds(&s.waiting, &running, &s.done, &s.seconds, self.workers) {
            _ if s.families_done == self.families => "done".to_string(),
            Ok(t) => format!("eta about {}", duration_text(t)),
            Err(d) => format!("no eta until {ETA_SAMPLES} families of {d} digits are done"),
        };
        format!(
            "{}/{} codes, {}/{} families; {eta}",
            s.codes_done, self.codes, s.families_done, self.families
        )
    }

    /// Runs `work` while a thread renews the progress note every second
    /// (the estimate changes as running families run on).
    fn ticking<T>(&self, progress: &dyn Progress, work: impl FnOnce() -> T) -> T {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        progress.note(&self.note());
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let tick = std::time::Duration::from_secs(1);
                while rx.recv_timeout(tick) == Err(std::sync::mpsc::RecvTimeoutError::Timeout) {
                    progress.note(&self.note());
                }
            });
            let r = work();
            drop(tx);
            r
        })
    }
}

/// How far [`verify`] re-derives a census's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Periodic rows replayed ([`data::rederive_row`]: cheap, as a
    /// periodic code stops within its proof); the others' fields checked
    /// ([`data::check_shape`]) without recomputing them.
    Periodic,
    /// Every row replayed: unsettled and arithmetic ones cost what
    /// computing them to `N` cost.
    All,
}

/// A row read back from a census or partial file, its fields parsed and
/// its shape checked.
#[derive(Clone, Debug)]
struct Stored {
    /// The file it is in.
    file: PathBuf,
    /// Its 1-based line number.
    line: usize,
    /// The line.
    text: String,
    /// Its fields.
    fields: data::Fields,
}

impl Stored {
    /// Parses `text` (line `line` of `file`) and checks its shape for a
    /// census of that reach.
    ///
    /// # Errors
    /// [`Error::CorruptDataset`] for a field that does not parse,
    /// [`Error::VerificationFailed`] for one out of place; both name the
    /// file, the line, the code and the field.
    fn read(file: &Path, line: usize, text: String, reach: &Reach) -> Result<Stored> {
        let code = text.split(',').next().unwrap_or_default().to_string();
        let at = |e: data::FieldError| format!("line {line}, code {code}: {e}");
        let fields = data::parse_fields(&text).map_err(|e| Error::CorruptDataset {
            path: file.to_path_buf(),
            reason: at(e),
        })?;
        data::check_shape(&fields, reach).map_err(|e| failed(file, at(e)))?;
        Ok(Stored {
            file: file.to_path_buf(),
            line,
            text,
            fields,
        })
    }

    /// The error for this row and a wrong field.
    fn wrong(&self, e: &data::FieldError) -> Error {
        failed(
            &self.file,
            format!("line {}, code {}: {e}", self.line, self.fields.code),
        )
    }
}

fn failed(path: &Path, reason: String) -> Error {
    Error::VerificationFailed {
        path: path.to_path_buf(),
        reason,
    }
}

/// Checks that the unsettled rows of each family agree with each other
/// ([`data::same_sequence`]): what is cheap to check of rows not
/// recomputed.
///
/// # Errors
/// [`Error::VerificationFailed`] naming the file, line, code and field of
/// the first row that disagrees with its family's first unsettled row.
fn families_agree(
    families: &[Vec<(usize, OctalCode)>],
    rows: &HashMap<String, Stored>,
) -> Result<()> {
    for f in families {
        let unsettled: Vec<&Stored> = f
            .iter()
            .filter_map(|(_, c)| rows.get(&c.to_string()))
            .filter(|r| r.fields.status == "unsettled")
            .collect();
        if let Some((first, others)) = unsettled.split_first() {
            for r in others {
                data::same_sequence(&r.text, &first.text, &first.fields.code)
                    .map_err(|e| r.wrong(&e))?;
            }
        }
    }
    Ok(())
}

/// Re-derives the rows of `rows` (by code) that `depth` asks for
/// ([`data::rederive_row`]), family by family as a census computes them
/// (each family's values computed once, from its first row re-derived),
/// families in parallel, after checking that each family's unsettled rows
/// agree ([`families_agree`]). Returns the number of rows re-derived.
///
/// # Errors
/// [`Error::VerificationFailed`] naming the file, line, code and field of
/// the first wrong row (in census order among those found).
fn rederive(
    families: &[Vec<(usize, OctalCode)>],
    rows: &HashMap<String, Stored>,
    reaches: &Reaches,
    depth: Depth,
    phase: &str,
    progress: &dyn Progress,
) -> Result<usize> {
    families_agree(families, rows)?;
    let (todo, reach_of_family): (Vec<Vec<(usize, OctalCode)>>, Vec<Reach>) = families
        .iter()
        .map(|f| {
            let rows = f
                .iter()
                .filter(|(_, c)| {
                    rows.get(&c.to_string())
                        .is_some_and(|r| depth == Depth::All || r.fields.status == "periodic")
                })
                .cloned()
                .collect::<Vec<_>>();
            (rows, reaches.of_family(f.iter().map(|(_, c)| c)))
        })
        .filter(|(f, _)| !f.is_empty())
        .unzip();
    let count: usize = todo.iter().map(Vec::len).sum();
    let workers = rayon::current_num_threads().min(todo.len()).max(1);
    let eta = Eta::new(todo.iter(), count, workers);
    progress.phase(&format!("{phase}: {count} rows"), 0);
    let stop = AtomicBool::new(false);
    let check = |(id, family): (usize, &Vec<(usize, OctalCode)>)| {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        eta.start(id, family);
        let reach = &reach_of_family[id];
        let mut known: Option<Values> = None;
        for (i, code) in family {
            let r = &rows[&code.to_string()];
            match data::rederive_row(&r.text, &r.fields, reach, known.as_ref()) {
                Ok(v) if known.as_ref().is_none_or(|k| k.len() < v.len()) => {
                    known = Some(v);
                }
                Ok(_) => {}
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    return Some((*i, r.wrong(&e)));
                }
            }
        }
        eta.finish(id, family);
        None
    };
    let found: Vec<Option<(usize, Error)>> = eta.ticking(progress, || {
        todo.par_iter().enumerate().map(check).collect()
    });
    progress.finish_phase();
    match found.into_iter().flatten().min_by_key(|(i, _)| *i) {
        Some((_, e)) => Err(e),
        None => Ok(count),
    }
}

/// A census directory read back and checked against itself ([`load`]).
#[derive(Debug)]
struct Loaded {
    dir: PathBuf,
    summary: Summary,
    csv: Vec<u8>,
    rows: Vec<Stored>,
}

/// Reads a census directory (`census.csv` and `summary.json`, of a whole
/// census or of a shard) and checks it against itself, computing nothing:
/// the summary's parameters are a census's ([`validate`]); every row
/// parses and has its shape for the summary's `N` ([`data::check_shape`]);
/// the rows are exactly the codes of the census (of the shard, for a
/// shard: [`shard_codes`]), in census order; the summary's `codes`,
/// `counts`, `families` and `cpu_seconds` are the rows'.
///
/// # Errors
/// [`Error::Io`] for unreadable files, [`Error::CorruptDataset`] for
/// malformed ones, [`Error::VerificationFailed`] naming the file, line,
/// code and field of the first inconsistency.
fn load(dir: &Path) -> Result<Loaded> {
    let summary_path = dir.join("summary.json");
    let summary = read_summary(&summary_path)?;
    let shard = summary.shard.map(|[i, k]| (i, k));
    validate(summary.digits, summary.max_n, shard)
        .map_err(|e| failed(&summary_path, format!("not a census's parameters: {e}")))?;
    let csv_path = dir.join("census.csv");
    let csv = std::fs::read(&csv_path).map_err(Error::io("cannot read", &csv_path))?;
    let text = std::str::from_utf8(&csv).map_err(|_| Error::CorruptDataset {
        path: csv_path.clone(),
        reason: "not UTF-8 text".into(),
    })?;
    let lines = data::parse_csv(&csv_path, text)?;
    let want = shard_codes(summary.digits, shard);
    let reaches = summary.reaches();
    let by_code = code_reaches(summary.digits, &reaches);
    let mut rows = Vec::with_capacity(lines.len());
    for (i, l) in lines.into_iter().enumerate() {
        let reach = by_code.get(&l.code).unwrap_or(&reaches.all);
        let row = Stored::read(&csv_path, i.saturating_add(2), l.text, reach)?;
        if want.get(i).is_none_or(|(_, c)| *c != row.fields.code) {
            let reason = misplaced(summary.digits, shard, &row.fields.code, want.get(i));
            return Err(failed(
                &csv_path,
                format!("line {}, code {}: {reason}", row.line, row.fields.code),
            ));
        }
        rows.push(row);
    }
    if let Some((_, missing)) = want.get(rows.len()) {
        return Err(failed(
            &csv_path,
            format!("code {missing} of this census is missing (the file ends before it)"),
        ));
    }
    agrees_with_rows(&summary_path, &summary, &rows)?;
    Ok(Loaded {
        dir: dir.to_path_buf(),
        summary,
        csv,
        rows,
    })
}

/// Why `code` is not where a census file has it (`expected` there).
fn misplaced(
    digits: usize,
    shard: Option<(usize, usize)>,
    code: &OctalCode,
    expected: Option<&(usize, OctalCode)>,
) -> String {
    let all = codes(digits);
    let Some(index) = all.iter().position(|c| c == code) else {
        return format!("not a code of a census of {digits} digits");
    };
    if let Some((_, k)) = shard {
        let family = families(digits)
            .iter()
            .position(|f| f.contains(&index))
            .unwrap_or(0);
        let home = family % k + 1;
        if shard != Some((home, k)) {
            return format!(
                "not of this shard {}/{k}: its family is in shard {home}/{k}",
                shard.map_or(0, |s| s.0)
            );
        }
    }
    match expected {
        Some((_, e)) => format!("out of census order or repeated (the row of {e} belongs here)"),
        None => "repeated, after the last code of the census".into(),
    }
}

/// Checks that `summary` (at `path`) says what its rows say.
fn agrees_with_rows(path: &Path, summary: &Summary, rows: &[Stored]) -> Result<()> {
    let lines = || rows.iter().map(|r| r.text.as_str());
    let counts = data::counts(rows.iter().map(|r| r.fields.status));
    let checks = [
        ("codes", summary.codes.to_string(), rows.len().to_string()),
        (
            "counts",
            format!("{:?}", summary.counts),
            format!("{counts:?}"),
        ),
        (
            "cpu_seconds",
            summary.cpu_seconds.to_string(),
            cpu_seconds(lines()).to_string(),
        ),
    ];
    for (field, said, rows_say) in checks {
        if said != rows_say {
            return Err(failed(
                path,
                format!("field {field} is {said}, but census.csv's rows give {rows_say}"),
            ));
        }
    }
    // Files of before the field have 0.
    let families = families_in(lines());
    if summary.families != 0 && summary.families != families {
        return Err(failed(
            path,
            format!(
                "field families is {}, but census.csv has {families} rows with an empty same_as",
                summary.families
            ),
        ));
    }
    Ok(())
}

/// Checks `rows_blake3` of a loaded census against its files: true when
/// it matches, false when absent and not `required`.
///
/// # Errors
/// [`Error::VerificationFailed`] naming `summary.json` when the digest
/// does not match, or is absent and `required`.
fn check_digest(l: &Loaded, required: bool) -> Result<bool> {
    let path = l.dir.join("summary.json");
    match &l.summary.rows_blake3 {
        None if required => Err(failed(
            &path,
            "field rows_blake3 is missing: written before census files carried a digest; compute it again".into(),
        )),
        None => Ok(false),
        Some(d) if *d == data::rows_digest(&l.summary, &l.csv) => Ok(true),
        Some(_) => Err(failed(
            &path,
            format!(
                "field rows_blake3 does not match {} and the parameters (digits, max_n, shard, version): a file was edited after the census wrote it",
                l.dir.join("census.csv").display()
            ),
        )),
    }
}

/// Joins shard outputs (directories holding `census.csv` and
/// `summary.json`) into the census an unsharded run writes: the same
/// `census.csv` byte for byte, and a `summary.json` adding up the shards.
/// Nothing is written unless every check passes. Each shard in turn is
/// read back and checked against itself (`load`: every field parses and
/// is in place, every row is of its shard, the summary is its rows'); is
/// of the first one's census (same digits and `N`) and written by this
/// version of grundy; has every periodic row re-proved
/// ([`data::rederive_row`]: its code recomputed as the census does, to
/// its `computed_to`, every column compared; unsettled and arithmetic
/// rows, which cost a computation to `N` each, are checked field by field
/// and left to `octal verify`); and has a `rows_blake3` that matches its
/// files. Then every code of the census must be in exactly one shard.
/// Shards may be of different `K` (3/4 may be replaced by 3/8 and 7/8).
///
/// # Errors
/// [`Error::Io`] for unreadable or unwritable files;
/// [`Error::CorruptDataset`] for a malformed file;
/// [`Error::VerificationFailed`] naming the file (and the line, code and
/// field) for the first check that fails.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    reports: Option<&Path>,
    progress: &dyn Progress,
) -> Result<CensusRun> {
    let Some(first) = dirs.first() else {
        return Err(Error::OutOfRange {
            what: "merge".into(),
            reason: "name at least one shard directory".into(),
        });
    };
    let mut shards: Vec<Loaded> = Vec::with_capacity(dirs.len());
    for dir in dirs {
        let l = load(dir)?;
        same_census(first, shards.first().unwrap_or(&l), &l)?;
        let s = &l.summary;
        let rows: HashMap<String, Stored> = l
            .rows
            .iter()
            .map(|r| (r.fields.code.to_string(), r.clone()))
            .collect();
        let families = shard_families(s.digits, s.shard.map(|[i, k]| (i, k)));
        let phase = format!("re-prove the periodic rows of {}", dir.display());
        rederive(
            &families,
            &rows,
            &s.reaches(),
            Depth::Periodic,
            &phase,
            progress,
        )?;
        check_digest(&l, true)?;
        shards.push(l);
    }
    let digits = shards[0].summary.digits;
    let mut slots: Vec<Option<&Stored>> = vec![None; codes(digits).len()];
    for l in &shards {
        let rows = shard_codes(digits, l.summary.shard.map(|[i, k]| (i, k)));
        for ((i, _), row) in rows.iter().zip(&l.rows) {
            if let Some(other) = slots[*i] {
                return Err(failed(
                    &row.file,
                    format!(
                        "code {} is also in {}",
                        row.fields.code,
                        other.file.parent().unwrap_or(Path::new("")).display()
                    ),
                ));
            }
            slots[*i] = Some(row);
        }
    }
    let all = codes(digits);
    if let Some(i) = slots.iter().position(Option::is_none) {
        return Err(failed(
            first,
            format!(
                "code {} is in none of the {} directories (a shard is missing)",
                all[i],
                dirs.len()
            ),
        ));
    }
    let lines: Vec<String> = slots.iter().flatten().map(|r| r.text.clone()).collect();
    write_merged(&shards, &lines, out, reports, progress)
}

/// `, with a budget of 30 s and 1.0 GiB per family past it` (and `, 600 s
/// and 4.0 GiB for the families of published codes`), or nothing.
fn budget_text(s: &Summary) -> String {
    let mut text = s.budget.map_or(String::new(), |b| {
        format!(
            ", with a budget of {} s and {} per family past it",
            b.seconds,
            budget::bytes_text(b.bytes)
        )
    });
    if let Some(b) = s.published_budget {
        text += &format!(
            ", {} s and {} for the families of published codes",
            b.seconds,
            budget::bytes_text(b.bytes)
        );
    }
    text
}

/// Checks that shard `l` is of the census of `head` (read from `first`)
/// and written by this version.
fn same_census(first: &Path, head: &Loaded, l: &Loaded) -> Result<()> {
    let (s, h) = (&l.summary, &head.summary);
    let path = l.dir.join("summary.json");
    if (s.digits, s.max_n, s.budget, s.published_budget)
        != (h.digits, h.max_n, h.budget, h.published_budget)
    {
        return Err(failed(
            &path,
            format!(
                "a census of {} digits to n = {}{}, not {} digits to n = {}{} as {}",
                s.digits,
                s.max_n,
                budget_text(s),
                h.digits,
                h.max_n,
                budget_text(h),
                first.display()
            ),
        ));
    }
    same_version(l)
}

/// Checks that census `l` was written by this version of grundy.
fn same_version(l: &Loaded) -> Result<()> {
    let s = &l.summary;
    let path = l.dir.join("summary.json");
    if s.version != data::VERSION {
        let v = if s.version.is_empty() {
            "an unknown version"
        } else {
            &s.version
        };
        return Err(failed(
            &path,
            format!(
                "field version: written by grundy {v}, not by this grundy {} whose census re-proves the rows",
                data::VERSION
            ),
        ));
    }
    Ok(())
}

/// Writes the merged census (its summary adding up the shards') and, if
/// asked, the report.
fn write_merged(
    shards: &[Loaded],
    lines: &[String],
    out: &Path,
    reports: Option<&Path>,
    progress: &dyn Progress,
) -> Result<CensusRun> {
    let head = &shards[0].summary;
    let job = CensusJob {
        digits: head.digits,
        max_n: head.max_n,
        budget: head.budget.map(budget_of),
        published_budget: head.published_budget.map(budget_of),
        shard: None,
        out,
        reports,
        resume: false,
        threads: shards.iter().map(|l| l.summary.threads).max().unwrap_or(1),
    };
    let wall = shards.iter().map(|l| l.summary.wall_seconds).sum();
    let resumed = shards.iter().map(|l| l.summary.resumed).sum();
    let summary = summarise(&job, lines, wall, resumed);
    let staged = Staged::new(out)?;
    let summary = data::write(staged.path(), lines, &summary)?;
    staged.commit()?;
    if let Some(r) = reports {
        write_report(r, out, &summary, progress)?;
    }
    Ok(CensusRun {
        summary,
        resumed: 0,
        computed: 0,
    })
}

/// The budget a record was made from.
fn budget_of(b: BudgetRecord) -> Budget {
    Budget {
        seconds: b.seconds,
        bytes: b.bytes,
    }
}

/// A census directory to deepen ([`deepen`]).
#[derive(Debug)]
pub struct DeepenJob<'a> {
    /// The census directory (`census.csv`, `summary.json`), rewritten.
    pub dir: &'a Path,
    /// The budget of the families holding a published code.
    pub published_budget: Budget,
    /// Report directory, if a report is wanted.
    pub reports: Option<&'a Path>,
    /// Keep the rows of an interrupted deepening's partial file.
    pub resume: bool,
    /// Worker threads (rayon's current pool), for the summary.
    pub threads: usize,
}

/// Gives the families of the census in `dir` that hold a code a published
/// table solves ([`grundy_games::octal::published`]) the budget
/// `published_budget`, recomputing only what it can change, and rewrites
/// the census (and, if asked, the report): `octal census --deepen
/// published`. The result is what a census run with the same options and
/// `--published-budget` writes, every column but `seconds` (and in the
/// summary `cpu_seconds`, `wall_seconds`, `threads` and the digest, which
/// follow from them): a family is recomputed whole, to its new reach,
/// unless its reach is unchanged or every row of it is periodic short of
/// its old cap of values, which a deeper reach computes alike
/// ([`Reach::covers`]); every other row is kept verbatim. The census is
/// read back and checked against itself first (as [`merge`] reads a
/// shard: every field, the order, the summary, the digest, the version);
/// the rows kept are not re-proved (`octal verify --quick` does that).
/// The summary's `wall_seconds` is the first run's and the deepening's,
/// added up.
///
/// # Errors
/// As `load` and [`run`]; [`Error::OutOfRange`] for a published budget
/// that gives a family less than the census did;
/// [`Error::VerificationFailed`] for a digest that does not match or a
/// census by another version, or a budget this grundy records otherwise.
pub fn deepen(job: &DeepenJob, progress: &dyn Progress) -> Result<CensusRun> {
    let l = load(job.dir)?;
    check_digest(&l, true)?;
    same_version(&l)?;
    let s = &l.summary;
    let census = CensusJob {
        digits: s.digits,
        max_n: s.max_n,
        budget: s.budget.map(budget_of),
        published_budget: Some(job.published_budget),
        shard: s.shard.map(|[i, k]| (i, k)),
        out: job.dir,
        reports: job.reports,
        resume: job.resume,
        threads: job.threads,
    };
    let (now, record, _) = reaches_of(census.max_n, census.budget, census.published_budget);
    if record != s.budget {
        return Err(failed(
            &l.dir.join("summary.json"),
            format!(
                "field budget is {:?}, but this grundy makes {:?} of its seconds and bytes",
                s.budget, record
            ),
        ));
    }
    validate_published(census.max_n, census.budget, census.published_budget)?;
    let before = s.reaches();
    let by_code: HashMap<String, &Stored> = l
        .rows
        .iter()
        .map(|r| (r.fields.code.to_string(), r))
        .collect();
    let mut keep: HashMap<String, String> = HashMap::new();
    for family in shard_families(s.digits, census.shard) {
        let codes = || family.iter().map(|(_, c)| c);
        let (was, will) = (before.of_family(codes()), now.of_family(codes()));
        if !will.covers(&was) {
            return Err(Error::OutOfRange {
                what: format!(
                    "--published-budget {}",
                    budget_words(Some(job.published_budget))
                ),
                reason: format!(
                    "{} computed the family of {} further (to n <= {}{}): deepen with at least the budget it had",
                    job.dir.display(),
                    family[0].1,
                    was.max_len.saturating_sub(1),
                    was.work.map_or(String::new(), |w| format!(", {w} work units"))
                ),
            });
        }
        let rows: Vec<&Stored> = codes().map(|c| by_code[&c.to_string()]).collect();
        let alike = will == was
            || rows.iter().all(|r| {
                r.fields.status == "periodic"
                    && r.fields.computed_to.saturating_add(1) < was.max_len
            });
        if alike {
            keep.extend(
                rows.iter()
                    .map(|r| (r.fields.code.to_string(), r.text.clone())),
            );
        }
    }
    run_keeping(&census, keep, Some(s), progress)
}

/// What [`verify`] checked.
#[derive(Clone, Debug)]
pub struct Verified {
    /// The census's `summary.json`.
    pub summary: Summary,
    /// Rows re-derived by replaying the census schedule.
    pub rederived: usize,
    /// Rows checked without recomputing (unsettled and arithmetic ones
    /// with [`Depth::Periodic`]).
    pub shape_only: usize,
    /// Whether `rows_blake3` was there (and matched); false for files
    /// written before digests.
    pub digest: bool,
}

/// Verifies a census directory (a whole census or a shard): reads it back
/// and checks it against itself (`load`), re-derives its rows
/// ([`Depth`]: every periodic row, or every row) by replaying the census
/// schedule for each code, its family's values computed once, and checks
/// `rows_blake3` when present. Progress: one phase, its note the rows done
/// and the time left.
///
/// # Errors
/// As `load`; [`Error::VerificationFailed`] naming the file, line, code
/// and field of the first row that recomputing contradicts, or
/// `summary.json` for a digest that does not match;
/// [`Error::OutOfRange`] when [`Depth::All`] would recompute rows that
/// took more than [`budget::MAX_SECONDS`] (their recorded `seconds`
/// shared among the threads) and `force` is false.
pub fn verify(dir: &Path, depth: Depth, force: bool, progress: &dyn Progress) -> Result<Verified> {
    let l = load(dir)?;
    let s = &l.summary;
    let slow: Vec<&Stored> = l
        .rows
        .iter()
        .filter(|r| r.fields.status != "periodic")
        .collect();
    let threads = rayon::current_num_threads().max(1);
    let seconds: f64 = slow.iter().map(|r| r.fields.seconds).sum::<f64>() / threads as f64;
    if depth == Depth::All && seconds > budget::MAX_SECONDS && !force {
        return Err(Error::OutOfRange {
            what: format!("verifying {}", dir.display()),
            reason: format!(
                "recomputing its {} unsettled and arithmetic rows to n = {} would take about {} on {threads} threads (their recorded seconds); use --quick to re-prove the periodic rows only, or --force",
                slow.len(),
                s.max_n,
                duration_text(seconds)
            ),
        });
    }
    let by_code: HashMap<String, Stored> = l
        .rows
        .iter()
        .map(|r| (r.fields.code.to_string(), r.clone()))
        .collect();
    let fams = shard_families(s.digits, s.shard.map(|[i, k]| (i, k)));
    let rederived = rederive(
        &fams,
        &by_code,
        &s.reaches(),
        depth,
        "re-derive census rows",
        progress,
    )?;
    let digest = check_digest(&l, false)?;
    Ok(Verified {
        summary: l.summary.clone(),
        rederived,
        shape_only: l.rows.len().saturating_sub(rederived),
        digest,
    })
}

/// Re-renders the report of the census in `dataset` (its `census.csv`
/// and `summary.json`, read, not changed) into `reports`, as
/// [`write_report`]: `octal census --report-only`.
///
/// # Errors
/// As [`grundy_dataset::census::read_summary`] and [`write_report`].
pub fn report_only(reports: &Path, dataset: &Path, progress: &dyn Progress) -> Result<Summary> {
    let summary = read_summary(&dataset.join("summary.json"))?;
    write_report(reports, dataset, &summary, progress)?;
    Ok(summary)
}

/// Writes `reports/octal-census.md` (`octal-census-4.md` for four digits) and its plots (`octal-census/<code>.svg`
/// for the first [`PLOTS`] unsettled codes, `G(0..=computed_to)`
/// recomputed, at most [`PLOT_VALUES`] values) from the census in
/// `dataset`.
///
/// # Errors
/// As [`read_csv`] and [`write_bytes`].
pub fn write_report(
    reports: &Path,
    dataset: &Path,
    summary: &Summary,
    progress: &dyn Progress,
) -> Result<()> {
    let lines = read_csv(&dataset.join("census.csv"))?;
    let plotted: Vec<&data::Line> = lines
        .iter()
        .filter(|l| l.status == "unsettled")
        .take(PLOTS)
        .collect();
    progress.phase("plots of unsettled codes", plotted.len() as u64);
    let figures = plotted
        .par_iter()
        .map(|l| {
            let code: OctalCode = l.code.parse()?;
            let to: usize = l.field("computed_to").parse().unwrap_or(summary.max_n);
            let len = to.saturating_add(1).min(PLOT_VALUES);
            let mut c = Computation::new(code.clone(), Engine::Sparse);
            c.extend_to(len, &NoProgress);
            progress.advance(1);
            Ok((code, c.into_values()))
        })
        .collect::<Result<Vec<_>>>()?;
    progress.finish_phase();
    let dataset_name = dataset.display().to_string();
    let stem = grundy_report::census::report_stem(summary.digits);
    let rendered = grundy_report::census::render(&lines, summary, &figures, &dataset_name);
    for (name, svg) in &rendered.figures {
        write_bytes(&reports.join(&stem).join(name), svg.as_bytes())?;
    }
    write_bytes(
        &reports.join(format!("{stem}.md")),
        rendered.markdown.as_bytes(),
    )
}
