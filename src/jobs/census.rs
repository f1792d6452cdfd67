//! The octal census as a run: the codes of a census (or of one shard of
//! it) settled in parallel ([`crate::games::octal::census::settle_code`]),
//! the dataset (`census.csv`, `summary.json`) written all at once, shards
//! merged, and the report rendered.
//!
//! **Families.** Codes proved to have one nim-sequence
//! ([`crate::games::octal::equivalent`]) form a family, named by its
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
//! **Resuming.** While it runs, a census appends each finished row to
//! `OUT/census.partial.csv` (whole lines, flushed). Interrupted (Ctrl-C,
//! SIGTERM), it ends with [`Error::Interrupted`] naming that file; run
//! again with `resume` and the rows in it are kept instead of recomputed.
//! The file is removed once the dataset is in place.

use crate::dataset::atomic::{create_dir, write_bytes, Staged};
use crate::dataset::census::{self as data, csv_line, read_csv, read_summary, Summary};
use crate::error::{Error, Result};
use crate::games::octal::census::{codes, settle_code_from, MAX_DIGITS};
use crate::games::octal::equivalent::representative;
use crate::games::octal::{budget, Computation, Engine, OctalCode, Values};
use crate::progress::{NoProgress, Progress};
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Default `N` of a census: values up to `n = 2^20`.
pub const DEFAULT_MAX_N: usize = 1 << 20;

/// Unsettled codes plotted in the report, at most.
pub const PLOTS: usize = 4;

/// Values plotted per unsettled code, at most (`G(0..2^16)`).
pub const PLOT_VALUES: usize = 1 << 16;

/// The partial rows file inside the output directory.
pub const PARTIAL: &str = "census.partial.csv";

/// A validated census to run.
#[derive(Debug)]
pub struct CensusJob<'a> {
    /// Digits after the point, 1 to 3.
    pub digits: usize,
    /// `N`.
    pub max_n: usize,
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
    /// Set by a signal handler to stop.
    pub stop: &'a AtomicBool,
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
/// [`Error::OutOfRange`] for digits outside 1..=3, `N` of 0 or above
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

/// What a census or a merge wrote.
#[derive(Clone, Debug)]
pub struct CensusRun {
    /// Its `summary.json`.
    pub summary: Summary,
    /// Rows kept from a partial file (0 without `resume`).
    pub resumed: usize,
}

/// Runs a census: settles every code of the job in parallel over the
/// current rayon pool (one code per task), then writes `census.csv` and
/// `summary.json` to `out` all at once and, if asked, the report.
/// Progress: one phase, one unit per code.
///
/// # Errors
/// As [`validate`]; [`Error::Io`] for output that cannot be written;
/// [`Error::CorruptDataset`] for a partial file that is not this census's;
/// [`Error::Interrupted`] naming the partial file when stopped.
pub fn run(job: &CensusJob, progress: &dyn Progress) -> Result<CensusRun> {
    validate(job.digits, job.max_n, job.shard)?;
    let started = Instant::now();
    create_dir(job.out)?;
    let staged = Staged::new(job.out)?;
    let partial_path = job.out.join(PARTIAL);
    let tag = partial_tag(job);
    let kept = if job.resume && partial_path.exists() {
        read_partial(&partial_path, &tag)?
    } else {
        HashMap::new()
    };
    let mut file =
        std::fs::File::create(&partial_path).map_err(Error::io("cannot write", &partial_path))?;
    writeln!(file, "{tag}\n{}", data::HEADER).map_err(Error::io("cannot write", &partial_path))?;
    for line in kept.values() {
        writeln!(file, "{line}").map_err(Error::io("cannot write", &partial_path))?;
    }
    let partial = Mutex::new(file);
    let todo = shard_families(job.digits, job.shard);
    let count: usize = todo.iter().map(Vec::len).sum();
    progress.phase(
        &format!("census of {count} codes to n = {}", job.max_n),
        count as u64,
    );
    let resumed = todo
        .iter()
        .flatten()
        .filter(|(_, c)| kept.contains_key(&c.to_string()))
        .count();
    progress.advance(resumed as u64);
    // Workers take the families in census order of their representatives
    // from a shared counter, so an interrupted census has its first codes
    // (the one- and two-digit ones) done; each result goes back to its
    // code's slot, in census order.
    let next = AtomicUsize::new(0);
    let mut order: Vec<usize> = todo.iter().flatten().map(|(i, _)| *i).collect();
    order.sort_unstable();
    let slot_of: HashMap<usize, usize> = order.iter().enumerate().map(|(s, &i)| (i, s)).collect();
    let slots: Vec<Mutex<Option<Result<Option<String>>>>> =
        (0..count).map(|_| Mutex::new(None)).collect();
    let workers = rayon::current_num_threads().min(todo.len()).max(1);
    let work = |_| loop {
        let f = next.fetch_add(1, Ordering::Relaxed);
        let Some(family) = todo.get(f) else {
            break;
        };
        let mut known: Option<Values> = None;
        for (i, code) in family {
            let result = settle_one(
                code,
                job,
                &kept,
                &mut known,
                &partial,
                &partial_path,
                progress,
            );
            let stopped = matches!(result, Ok(None));
            *slots[slot_of[i]].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
            if stopped {
                break;
            }
        }
    };
    (0..workers).into_par_iter().for_each(work);
    let lines: Vec<Result<Option<String>>> = slots
        .into_iter()
        .map(|s| {
            s.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or(Ok(None))
        })
        .collect();
    progress.finish_phase();
    let mut done = Vec::with_capacity(lines.len());
    for l in lines {
        match l? {
            Some(l) => done.push(l),
            None => return Err(Error::Interrupted { path: partial_path }),
        }
    }
    let summary = summarise(job, &done, started.elapsed().as_secs_f64(), resumed);
    data::write(staged.path(), &done, &summary)?;
    staged.commit()?;
    if let Some(r) = job.reports {
        write_report(r, job.out, &summary, progress)?;
    }
    let _ = std::fs::remove_file(&partial_path);
    Ok(CensusRun { summary, resumed })
}

/// The census line of one code: kept from the partial file, or computed
/// and appended to it; None when stopped. `family` holds the family's
/// nim-sequence once computed: the first code of a family that is computed
/// (the representative, unless its row was kept) stores its values there,
/// and the later ones read them.
fn settle_one(
    code: &OctalCode,
    job: &CensusJob,
    kept: &HashMap<String, String>,
    family: &mut Option<Values>,
    partial: &Mutex<std::fs::File>,
    partial_path: &Path,
    progress: &dyn Progress,
) -> Result<Option<String>> {
    if let Some(line) = kept.get(&code.to_string()) {
        return Ok(Some(line.clone()));
    }
    let Some((row, values)) = settle_code_from(code, job.max_n, family.as_ref(), job.stop) else {
        return Ok(None);
    };
    if family.as_ref().is_none_or(|f| f.len() < values.len()) {
        *family = Some(values);
    }
    let line = csv_line(&row);
    let mut f = partial.lock().unwrap_or_else(|e| e.into_inner());
    writeln!(f, "{line}")
        .and_then(|()| f.flush())
        .map_err(Error::io("cannot write", partial_path))?;
    drop(f);
    progress.advance(1);
    Ok(Some(line))
}

/// The first line of a partial file: the `N` its rows were computed to.
/// Rows depend only on the code and `N`, so the rows of any census (other
/// digits, another shard) with the same `N` can be kept.
fn partial_tag(job: &CensusJob) -> String {
    format!("# grundy octal census rows, --max-n {}", job.max_n)
}

/// The rows of a partial file, by code.
fn read_partial(path: &Path, tag: &str) -> Result<HashMap<String, String>> {
    let text = std::fs::read_to_string(path).map_err(Error::io("cannot read", path))?;
    let corrupt = |reason: String| Error::CorruptDataset {
        path: path.to_path_buf(),
        reason,
    };
    let mut lines = text.lines();
    if lines.next() != Some(tag) {
        return Err(corrupt(format!(
            "line 1 is not {tag:?}: rows computed to another N (delete the file to start over)"
        )));
    }
    if lines.next() != Some(data::HEADER) {
        return Err(corrupt("line 2 is not the census.csv header".into()));
    }
    let mut kept = HashMap::new();
    for l in lines {
        // A line cut by a kill is not a row: its code is recomputed.
        let fields: Vec<&str> = l.split(',').collect();
        if fields.len() != data::COLUMNS
            || l.rsplit(',')
                .next()
                .is_none_or(|t| t.parse::<f64>().is_err())
        {
            continue;
        }
        let code = l.split(',').next().unwrap_or_default().to_string();
        kept.insert(code, l.to_string());
    }
    Ok(kept)
}

fn summarise(job: &CensusJob, lines: &[String], wall: f64, resumed: usize) -> Summary {
    Summary {
        digits: job.digits,
        max_n: job.max_n,
        shard: job.shard.map(|(i, k)| [i, k]),
        codes: lines.len(),
        counts: data::counts(lines.iter().map(|l| l.split(',').nth(1).unwrap_or(""))),
        cpu_seconds: round3(lines.iter().map(|l| seconds_of(l)).sum()),
        wall_seconds: round3(wall),
        threads: job.threads,
        resumed,
        families: lines
            .iter()
            .filter(|l| l.rsplit(',').nth(1) == Some(""))
            .count(),
    }
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

/// Joins shard outputs (directories holding `census.csv` and
/// `summary.json`) into the census an unsharded run writes: the same
/// `census.csv` byte for byte, and a `summary.json` adding up the shards.
/// The shards must be of one census (same digits and `N`) and hold every
/// code of it exactly once.
///
/// # Errors
/// [`Error::Io`] for unreadable or unwritable files;
/// [`Error::CorruptDataset`] for a malformed file;
/// [`Error::VerificationFailed`] naming the directory for shards of
/// different censuses, a code twice, a code not in the census, or a code
/// missing.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    reports: Option<&Path>,
    progress: &dyn Progress,
) -> Result<CensusRun> {
    let failed = |path: &Path, reason: String| Error::VerificationFailed {
        path: path.to_path_buf(),
        reason,
    };
    let Some(first) = dirs.first() else {
        return Err(Error::OutOfRange {
            what: "merge".into(),
            reason: "name at least one shard directory".into(),
        });
    };
    let head = read_summary(&first.join("summary.json"))?;
    validate(head.digits, head.max_n, None)?;
    let index: HashMap<String, usize> = codes(head.digits)
        .iter()
        .enumerate()
        .map(|(i, c)| (c.to_string(), i))
        .collect();
    let mut slots: Vec<Option<(String, &Path)>> = vec![None; index.len()];
    let (mut wall, mut threads, mut resumed) = (0.0, 0, 0);
    for dir in dirs {
        let s = read_summary(&dir.join("summary.json"))?;
        if (s.digits, s.max_n) != (head.digits, head.max_n) {
            return Err(failed(
                &dir.join("summary.json"),
                format!(
                    "a census of {} digits to n = {}, not {} digits to n = {} as {}",
                    s.digits,
                    s.max_n,
                    head.digits,
                    head.max_n,
                    first.display()
                ),
            ));
        }
        wall += s.wall_seconds;
        threads = threads.max(s.threads);
        resumed += s.resumed;
        let csv = dir.join("census.csv");
        for line in read_csv(&csv)? {
            let Some(&i) = index.get(&line.code) else {
                return Err(failed(
                    &csv,
                    format!("code {} is not in the census", line.code),
                ));
            };
            if let Some((_, other)) = &slots[i] {
                return Err(failed(
                    &csv,
                    format!("code {} is also in {}", line.code, other.display()),
                ));
            }
            slots[i] = Some((line.text, dir.as_path()));
        }
    }
    let all = codes(head.digits);
    let mut lines = Vec::with_capacity(slots.len());
    for (i, s) in slots.into_iter().enumerate() {
        match s {
            Some((l, _)) => lines.push(l),
            None => {
                return Err(failed(
                    first,
                    format!(
                        "code {} is in none of the {} directories (a shard is missing)",
                        all[i],
                        dirs.len()
                    ),
                ))
            }
        }
    }
    let job = CensusJob {
        digits: head.digits,
        max_n: head.max_n,
        shard: None,
        out,
        reports,
        resume: false,
        threads,
        stop: &AtomicBool::new(false),
    };
    let summary = summarise(&job, &lines, wall, resumed);
    let staged = Staged::new(out)?;
    data::write(staged.path(), &lines, &summary)?;
    staged.commit()?;
    if let Some(r) = reports {
        write_report(r, out, &summary, progress)?;
    }
    Ok(CensusRun {
        summary,
        resumed: 0,
    })
}

/// Writes `reports/octal-census.md` and its plots (`octal-census/<code>.svg`
/// for the first [`PLOTS`] unsettled codes, `G(0..2^16)` recomputed) from
/// the census in `dataset`.
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
    let mut figures = Vec::new();
    for l in plotted {
        let code: OctalCode = l.code.parse()?;
        let len = summary.max_n.saturating_add(1).min(PLOT_VALUES);
        let mut c = Computation::new(code.clone(), Engine::Sparse);
        c.extend_to(len, &NoProgress, &AtomicBool::new(false));
        figures.push((code, c.into_values()));
        progress.advance(1);
    }
    progress.finish_phase();
    let dataset_name = dataset.display().to_string();
    let rendered = crate::report::census::render(&lines, summary, &figures, &dataset_name);
    for (name, svg) in &rendered.figures {
        write_bytes(&reports.join("octal-census").join(name), svg.as_bytes())?;
    }
    write_bytes(
        &reports.join("octal-census.md"),
        rendered.markdown.as_bytes(),
    )
}
