//! Deepening a census's published families ([`deepen`]), verifying a
//! census directory ([`verify`]) and rendering its report alone
//! ([`report_only`]).

use super::*;
use crate::duration::duration_text;
use grundy_core::error::{Error, Result};
use grundy_core::progress::{NoProgress, Progress};
use grundy_dataset::atomic::write_bytes;
use grundy_dataset::census::{self as data, read_csv, read_summary, Summary};
use grundy_games::octal::engine::budget;
use grundy_games::octal::{Computation, Engine, OctalCode};
use std::collections::HashMap;
use std::path::Path;

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
/// table solves ([`grundy_games::octal::theory::published`]) the budget
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
