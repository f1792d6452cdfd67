//! The octal pipelines: the (checkpointed) computation of a nim-sequence,
//! the "prove a period, else look for arithmetic periodicity, then
//! summarise" step, and a sequence's dataset with its report. The command
//! line (`octal seq`, `reproduce`) only validates flags and calls these.

use crate::memory::peak_mib;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_dataset::atomic::{write_atomic, write_bytes};
use grundy_dataset::octal::{
    csv_bytes, dataset_bytes, read_checkpoint, sequence_file_bytes, write_dataset, write_sequence,
    Summary, SAVE_EVERY,
};
use grundy_dataset::staging::Stage;
use grundy_games::octal::theory::period::{analyse, Analysis};
use grundy_games::octal::theory::period::{search, PeriodSearch};
use grundy_games::octal::Computation;
use grundy_games::octal::Extended;
use grundy_report::common::RunInfo;
use std::path::Path;
use std::time::Instant;

pub use grundy_games::octal::{Engine, OctalCode, Values};

/// Reads a sequence file (`sequence.bin.zst`, a checkpoint, or a dataset
/// directory holding `sequence.bin.zst`), its digest checked: the code as
/// text and the values.
///
/// # Errors
/// As [`grundy_dataset::octal::read_sequence`].
pub fn read_sequence_file(path: &Path) -> Result<(String, Values)> {
    grundy_dataset::octal::read_sequence(&grundy_dataset::octal::sequence_path(path))
}

/// `max_n + 1`, the count of values `G(0..=max_n)`.
///
/// # Errors
/// [`Error::OutOfRange`] if it overflows.
fn values_for(max_n: usize) -> Result<usize> {
    max_n.checked_add(1).ok_or_else(|| Error::OutOfRange {
        what: format!("--max-n {max_n}"),
        reason: "the count of values does not fit a machine word".into(),
    })
}

/// Computes `G(0..=max_n)` of `code` with `engine`: the one pipeline of
/// `octal seq`, with or without a checkpoint. With `checkpoint`, resumes
/// from the file if it exists ([`read_checkpoint`]) and saves to it (in
/// the sequence format, atomically) every [`SAVE_EVERY`], at the end and
/// when `progress` asks to stop (but never rewrites one that already
/// holds `max_n + 1` values or more). Progress: one phase, one unit per
/// heap size.
///
/// # Errors
/// [`Error::OutOfRange`] if `max_n + 1` overflows; checkpoint errors as
/// [`read_checkpoint`] and [`write_atomic`]; [`Error::Interrupted`] naming
/// the checkpoint when stopped (the values so far are saved in it; the
/// command line exits with code 130); [`Error::Stopped`] when stopped
/// without a checkpoint.
pub fn compute(
    code: &OctalCode,
    engine: Engine,
    max_n: usize,
    checkpoint: Option<&Path>,
    progress: &dyn Progress,
) -> Result<Computation> {
    let len = values_for(max_n)?;
    let mut c = Computation::new(code.clone(), engine).with_paired(true);
    if let Some(path) = checkpoint.filter(|p| p.exists()) {
        let values = read_checkpoint(path, code, len)?;
        c = Computation::resume(code.clone(), engine, values).with_paired(true);
    }
    progress.phase(&format!("G(n) of {code}"), len as u64);
    progress.advance(c.values().len() as u64);
    let result = match checkpoint {
        // A checkpoint holding every value asked for is not rewritten: it
        // may hold more than this run keeps.
        Some(_) if c.values().len() >= len => Ok(()),
        Some(path) => {
            let text = code.to_string();
            let mut save = |v: &Values| write_atomic(path, |w| write_sequence(w, &text, v));
            match c.extend_saving(len, SAVE_EVERY, &mut save, progress) {
                Ok(true) => Ok(()),
                Ok(false) => Err(Error::Interrupted {
                    path: path.to_path_buf(),
                }),
                Err(e) => Err(e),
            }
        }
        None if c.extend_to(len, progress) => Ok(()),
        None => Err(Error::Stopped),
    };
    progress.finish_phase();
    result.map(|()| c)
}

/// Refuses `octal seq CODE --max-n N` when what it would write, the
/// dataset in `out` ([`dataset_bytes`]) and the checkpoint (twice
/// [`sequence_file_bytes`]: a save writes the new file beside the old),
/// exceeds the space free where it goes ([`crate::disk::check`]),
/// unless `force`. Nothing is written before.
///
/// # Errors
/// [`Error::OutOfRange`] if `max_n + 1` overflows; [`Error::NoSpace`]
/// with the estimate and the space free.
pub fn check_disk(
    code: &OctalCode,
    max_n: usize,
    out: Option<&Path>,
    checkpoint: Option<&Path>,
    force: bool,
) -> Result<()> {
    let len = values_for(max_n)?;
    let mut what = format!("octal seq {code} --max-n {max_n}");
    let mut outputs = Vec::new();
    if let Some(out) = out {
        what.push_str(&format!(" --out {}", out.display()));
        outputs.push((out, dataset_bytes(len)));
    }
    if let Some(c) = checkpoint {
        what.push_str(&format!(" --checkpoint {}", c.display()));
        outputs.push((c, sequence_file_bytes(len).saturating_mul(2)));
    }
    crate::disk::check(&what, &outputs, Some("--force"), force)
}

/// Refuses `octal seq CODE --max-n N` printing every value to a standard
/// output that is a file on a file system with less space free than the
/// values take ([`csv_bytes`]; with `json`, two bytes a value), unless
/// `force` ([`crate::disk::check_stdout`]).
///
/// # Errors
/// [`Error::OutOfRange`] if `max_n + 1` overflows; [`Error::NoSpace`]
/// with the estimate and the space free.
pub fn check_printed(code: &OctalCode, max_n: usize, json: bool, force: bool) -> Result<()> {
    let len = values_for(max_n)?;
    let bytes = if json {
        u64::try_from(len).unwrap_or(u64::MAX).saturating_mul(2)
    } else {
        csv_bytes(len)
    };
    let what = format!("octal seq {code} --max-n {max_n}");
    crate::disk::check_stdout(&what, bytes, Some("--force"), force)
}

/// A sequence settled as far as its values allow: the period findings and
/// the dataset summary built from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    /// The proved period, else the arithmetic periodicity seen.
    pub analysis: Analysis,
    /// `summary.json` of the dataset.
    pub summary: Summary,
}

/// Proves a period from `values` (`values.get(n)` = G(n) of `code`) by the
/// Octal Periodicity Theorem (Guy and Smith 1956), else looks for
/// arithmetic periodicity (observed, never proved), then summarises: the
/// one "prove, else observe, then summarise" step of `octal seq` and
/// `reproduce`. `engine` is recorded in the summary.
pub fn settle(code: &OctalCode, values: &Values, engine: Engine) -> Settled {
    let analysis = analyse(code, values);
    let summary = Summary::new(code, &Extended::plain(values), &analysis, engine.name());
    Settled { analysis, summary }
}

/// `G(0..len)` as [`compute_settled`] found it: the values computed, the
/// period findings, and past the values computed the proved period.
#[derive(Clone, Debug)]
pub struct Computed {
    /// The computation (for a proved period, the values of its proof).
    pub computation: Computation,
    /// The proved period, else the arithmetic periodicity seen.
    pub analysis: Analysis,
    /// `max_n + 1`: the values the sequence has.
    pub len: usize,
}

impl Computed {
    /// `G(0..len)`, past the values computed from the proved period.
    pub fn extended(&self) -> Extended<'_> {
        let values = self.computation.values();
        self.analysis
            .period
            .as_ref()
            .and_then(|p| Extended::periodic(values, p, self.len))
            .unwrap_or_else(|| Extended::plain(values))
    }

    /// The dataset summary, `engine` recorded in it.
    pub fn summary(&self, code: &OctalCode, engine: Engine) -> Summary {
        Summary::new(code, &self.extended(), &self.analysis, engine.name())
    }
}

/// `G(0..=max_n)` of `code`, settled: with the fast engine and no
/// checkpoint, the values are computed only until a period is proved
/// ([`search`]), the rest following from it ([`Extended`]: Dawson's Chess
/// to `n = 10^7` costs what its proof to `n = 174` costs); otherwise (the
/// naive engine computes every value, as a reference should; a checkpoint
/// keeps them all) as [`compute`] and [`settle`] do.
///
/// # Errors
/// As [`compute`]; [`Error::Stopped`] when stopped.
///
/// # Examples
/// Dawson's Chess (0.137) to `n = 10^6`: the values are computed only
/// until the period is proved (period 34 from `n = 52`; Guy and Smith
/// 1956, OEIS A002187), the rest follow from it.
/// ```
/// use grundy_core::progress::NoProgress;
/// use grundy_jobs::octal::{compute_settled, Engine, OctalCode};
///
/// let code: OctalCode = "0.137".parse()?;
/// let c = compute_settled(&code, Engine::Sparse, 1_000_000, None, &NoProgress)?;
/// let p = c.analysis.period.expect("proved");
/// assert_eq!((p.period, p.pre_period), (34, 52));
/// assert!(c.computation.values().len() < 1000);
/// assert_eq!(c.extended().get(1_000_000), c.extended().get(52 + (1_000_000 - 52) % 34));
/// # Ok::<(), grundy_core::Error>(())
/// ```
pub fn compute_settled(
    code: &OctalCode,
    engine: Engine,
    max_n: usize,
    checkpoint: Option<&Path>,
    progress: &dyn Progress,
) -> Result<Computed> {
    let len = values_for(max_n)?;
    if engine == Engine::Naive || checkpoint.is_some() {
        let computation = compute(code, engine, max_n, checkpoint, progress)?;
        let analysis = analyse(code, computation.values());
        return Ok(Computed {
            computation,
            analysis,
            len,
        });
    }
    let mut computation = Computation::new(code.clone(), engine).with_paired(true);
    progress.phase(&format!("G(n) of {code}"), len as u64);
    let found = search(&mut computation, len, progress);
    progress.finish_phase();
    let analysis = match found {
        PeriodSearch::Proved(p) => Analysis {
            period: Some(p),
            arithmetic: None,
        },
        PeriodSearch::Interrupted => return Err(Error::Stopped),
        PeriodSearch::Arithmetic(_) | PeriodSearch::NotFound => analyse(code, computation.values()),
    };
    Ok(Computed {
        computation,
        analysis,
        len,
    })
}

/// A validated request for a sequence's dataset: what to compute and where
/// to write.
#[derive(Debug)]
pub struct SeqJob<'a> {
    /// The game.
    pub code: &'a OctalCode,
    /// The engine.
    pub engine: Engine,
    /// Values G(0..=max_n).
    pub max_n: usize,
    /// The dataset directory.
    pub out: &'a Path,
    /// The report directory, if a report is wanted.
    pub reports: Option<&'a Path>,
    /// The checkpoint file, if any.
    pub checkpoint: Option<&'a Path>,
    /// The command line shown in the report.
    pub command: String,
    /// Worker threads (for the report).
    pub threads: usize,
    /// Write even when the outputs are estimated past the free space
    /// ([`check_disk`]).
    pub force: bool,
}

/// What a finished [`seq_to_dataset`] computed.
#[derive(Clone, Debug)]
pub struct SeqRun {
    /// The dataset summary.
    pub summary: Summary,
    /// Seconds spent computing values.
    pub seconds: f64,
    /// The values computed: `G(0..=max_n)`, or for a proved period those
    /// its proof used (the rest follow from the period).
    pub values: Values,
}

/// The kind of output `octal seq --out` writes (its directory's marker).
pub const KIND: &str = "octal seq";

/// The files of a sequence dataset, which an unmarked directory of an older
/// run may hold and still be replaced.
const FILES: &[&str] = &[
    "sequence.csv",
    "sequence.bin.zst",
    "b-file.txt",
    "table.tex",
    "summary.json",
];

/// Computes a sequence ([`compute`]), settles it ([`settle`]) and writes its
/// dataset (and report, if asked); used by `octal seq --out`. The outputs
/// are staged and put in place together once everything is computed
/// ([`seq_staged`]): a failed run leaves the targets as they were.
///
/// # Errors
/// As [`seq_staged`]; [`Error::Io`] when the outputs cannot be put in
/// place.
pub fn seq_to_dataset(job: SeqJob, progress: &dyn Progress) -> Result<SeqRun> {
    let mut stage = Stage::new();
    let run = seq_staged(&job, &mut stage, progress)?;
    stage.commit()?;
    Ok(run)
}

/// As [`seq_to_dataset`], into `stage` (committed by the caller, with other
/// jobs' outputs for `reproduce`); the values are returned with the run.
///
/// # Errors
/// As [`check_disk`], [`compute`] and [`write_dataset`]; [`Error::Io`]
/// for an output directory that cannot be written or is not this
/// command's.
pub fn seq_staged(job: &SeqJob, stage: &mut Stage, progress: &dyn Progress) -> Result<SeqRun> {
    check_disk(
        job.code,
        job.max_n,
        Some(job.out),
        job.checkpoint,
        job.force,
    )?;
    // A checkpoint kept inside the dataset directory is this run's own.
    let own = job
        .checkpoint
        .filter(|c| c.parent() == Some(job.out))
        .and_then(|c| c.file_name())
        .map(|n| n.to_string_lossy().into_owned());
    let mut allowed = FILES.to_vec();
    allowed.extend(own.as_deref());
    let out = stage.dir(job.out, KIND, &allowed)?;
    let start = Instant::now();
    let c = compute_settled(job.code, job.engine, job.max_n, job.checkpoint, progress)?;
    let seconds = start.elapsed().as_secs_f64();
    // The new directory replaces the old one whole: a checkpoint inside it
    // (which may hold more values than this run keeps) goes along.
    if let (Some(name), Some(ckpt)) = (&own, job.checkpoint) {
        if ckpt.exists() {
            let kept = out.join(name);
            std::fs::hard_link(ckpt, &kept)
                .or_else(|_| std::fs::copy(ckpt, &kept).map(|_| ()))
                .map_err(Error::io("cannot keep the checkpoint in", &out))?;
        }
    }
    write_outputs(job, &out, stage, c, seconds)
}

/// Settles the values and writes the dataset and report.
fn write_outputs(
    job: &SeqJob,
    out: &Path,
    stage: &mut Stage,
    c: Computed,
    seconds: f64,
) -> Result<SeqRun> {
    let code = job.code;
    let t = Instant::now();
    let summary = c.summary(code, job.engine);
    let analysis = &c.analysis;
    let period_s = t.elapsed().as_secs_f64();
    write_dataset(out, &summary, &c.extended(), analysis.period.as_ref())?;
    if let Some(r) = job.reports {
        let stem = code.file_name();
        let run = RunInfo {
            phases: vec![
                (format!("compute G(0..={})", job.max_n), seconds),
                ("find and prove the period".to_string(), period_s),
            ],
            threads: job.threads,
            peak_mib: peak_mib(),
            command: job.command.clone(),
        };
        let fig = format!("{stem}.svg");
        // The plots read every value: the report alone materialises them.
        let all: Values = c.extended().iter().collect();
        let rendered = grundy_report::octal::render(
            code,
            &summary,
            &all,
            analysis.period.as_ref(),
            analysis.arithmetic.as_ref(),
            &run,
            &fig,
        );
        for (name, svg) in &rendered.figures {
            write_bytes(&stage.file(&r.join(name))?, svg.as_bytes())?;
        }
        let md = stage.file(&r.join(format!("{stem}.md")))?;
        write_bytes(&md, rendered.markdown.as_bytes())?;
        let record = grundy_report::common::run_markdown(&format!("{stem}.md"), &run);
        let record_path =
            stage.file(&r.join(format!("{stem}{}", grundy_report::common::RUN_SUFFIX)))?;
        write_bytes(&record_path, record.as_bytes())?;
    }
    Ok(SeqRun {
        summary,
        seconds,
        values: c.computation.into_values(),
    })
}

/// What [`sparse_report`] found.
#[derive(Clone, Debug)]
pub struct SparseRun {
    /// The code of the sequence read.
    pub code: OctalCode,
    /// The depths profiled (the last is the whole sequence).
    pub depths: Vec<grundy_games::octal::engine::sparse_profile::Depth>,
    /// The rare values under the last depth's mask.
    pub rare: Vec<(usize, u32)>,
}

/// Profiles the sparse space of the sequence in `file` (a sequence file:
/// `octal seq --checkpoint`'s, or a dataset's `sequence.bin.zst`): its
/// digest checked and its last two values re-derived with the naive
/// engine first; then the depths `2^10, 2^11, …` and the whole
/// ([`grundy_games::octal::engine::sparse_profile`]). Writes the dataset
/// ([`grundy_dataset::octal_sparse`]) to `out` and the report to
/// `reports/<code>-sparse.md`, if given; `run` says in the report how the
/// values were computed.
///
/// # Errors
/// As [`grundy_dataset::octal::read_sequence`]; [`Error::VerificationFailed`]
/// when a re-derived value differs or the file's code is not a code;
/// [`Error::Io`] for outputs that cannot be written.
pub fn sparse_report(
    file: &Path,
    out: Option<&Path>,
    reports: Option<&Path>,
    run: &str,
    progress: &dyn Progress,
) -> Result<SparseRun> {
    use grundy_games::octal::engine::sparse_profile::{default_depths, profile, rare_values};
    progress.phase(&format!("read {}", file.display()), 0);
    let (text, values) = grundy_dataset::octal::read_sequence(file)?;
    let code: OctalCode = text.parse().map_err(|e| Error::VerificationFailed {
        path: file.to_path_buf(),
        reason: format!("the file's code: {e}"),
    })?;
    let c = Computation::resume(code.clone(), Engine::Naive, values);
    if let Some(n) = c.check_tail(2) {
        return Err(Error::VerificationFailed {
            path: file.to_path_buf(),
            reason: format!("G({n}) is not the mex of its options"),
        });
    }
    let digest = {
        let bytes = std::fs::read(file).map_err(Error::io("cannot read", file))?;
        blake3::hash(&bytes).to_hex().to_string()
    };
    progress.finish_phase();
    progress.phase("sparse space by depth", 0);
    let values = c.into_values();
    let depths = profile(&values, &default_depths(values.len()));
    let mask = depths.last().and_then(|d| d.space).map_or(0, |s| s.mask);
    let rare = if mask == 0 {
        Vec::new()
    } else {
        rare_values(&values, values.len(), mask)
    };
    progress.finish_phase();
    let name = code.title().unwrap_or("the game");
    if let Some(dir) = out {
        grundy_dataset::atomic::create_dir(dir)?;
        grundy_dataset::octal_sparse::write(dir, &code.to_string(), &digest, &depths, &rare)?;
    }
    if let Some(dir) = reports {
        grundy_dataset::atomic::create_dir(dir)?;
        let md = grundy_report::octal_sparse::render(&code.to_string(), name, &depths, &rare, run);
        write_bytes(
            &dir.join(format!("{}-sparse.md", code.file_name())),
            md.as_bytes(),
        )?;
    }
    Ok(SparseRun { code, depths, rare })
}
