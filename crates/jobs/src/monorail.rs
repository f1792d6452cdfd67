//! The Monorail solve pipeline: loops, the solve (checkpointed when asked),
//! the analysis, the dataset directory and the report.

use crate::memory::peak_mib;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_dataset::atomic::write_bytes;
use grundy_dataset::monorail::{dataset_bytes, write_dataset, Summary};
use grundy_dataset::monorail_checkpoint::{dir_for, ChunkJournal};
use grundy_dataset::staging::Stage;
use grundy_games::monorail::analysis::{analyse_counted, Analysis};
use grundy_games::monorail::cost::solve_cost;
use grundy_games::monorail::loop_table::LoopTable;
use grundy_games::monorail::memo::CompactMemo;
use grundy_games::monorail::memo_size::{grown, loop_bits, max_tiles, memo_for, MAX_LOAD};
use grundy_games::monorail::moves::start;
use grundy_games::monorail::remoteness::{fill_remoteness, KEPT_UP_TO};
use grundy_games::monorail::rules::{Rules, STANDARD_TILES};
use grundy_games::monorail::solve::{solve_into, Halt, Journal};
use grundy_games::monorail::solved::Solved;
use grundy_report::common::{run_markdown, RUN_SUFFIX};
use grundy_report::monorail::{render, RunInfo};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The tile counts the rules allow and the chunk size of a solve's
/// journal, for callers that build a [`SolveJob`].
pub use grundy_games::monorail::cost::{chunk_records, start_classes};
pub use grundy_games::monorail::rules::check_tiles;

/// One Monorail solve to run.
#[derive(Debug)]
pub struct SolveJob<'a> {
    /// Tile count `T`.
    pub tiles: usize,
    /// Dataset directory.
    pub out: &'a Path,
    /// Report directory, if a report is wanted.
    pub reports: Option<&'a Path>,
    /// Worker threads (for the report).
    pub threads: usize,
    /// The command line, for the report.
    pub command: String,
    /// Checkpoint every this often (each thread's values wait at most
    /// this long), in `out/checkpoint/`; `None` for no checkpoint.
    pub checkpoint: Option<Duration>,
    /// Records per sorted chunk of the positions table
    /// ([`grundy_games::monorail::cost::chunk_records`]).
    pub chunk_records: u64,
    /// Run even when the estimate exceeds the memory available.
    pub force: bool,
    /// Solves the table instead of the in-process solve, when given: the
    /// distributed solve over MPI ranks, gathered on rank 0. No checkpoint
    /// is written by the run then.
    pub solver: Option<ExternalSolve<'a>>,
}

/// A solve run outside this process's solver ([`SolveJob::solver`]).
#[derive(Clone, Copy)]
pub struct ExternalSolve<'a>(pub &'a dyn Fn(&LoopTable) -> Result<Solved>);

impl std::fmt::Debug for ExternalSolve<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ExternalSolve")
    }
}

/// What a finished run did.
#[derive(Debug)]
pub struct SolveRun {
    /// The dataset summary.
    pub summary: Summary,
    /// The analysis behind it.
    pub analysis: Analysis,
    /// `(phase, seconds)` in order.
    pub phases: Vec<(String, f64)>,
    /// Checkpoint chunks and records loaded at the start (0 for a fresh
    /// run).
    pub resumed: (u64, u64),
    /// Position classes over which the paper's lemma (every completable
    /// unfinished position has a move keeping it completable) was checked.
    pub lemma_checked: u64,
    /// Slots of the memo.
    pub memo_slots: u64,
}

/// The report's file stem for `tiles`.
pub fn report_stem(tiles: usize) -> String {
    if tiles == STANDARD_TILES {
        "monorail".to_string()
    } else {
        format!("monorail-t{tiles}")
    }
}

/// A fresh memo of `slots` slots for `table`, refilled from the journal.
fn refill(
    table: &LoopTable,
    slots: u64,
    journal: &ChunkJournal,
    progress: &dyn Progress,
) -> Result<(CompactMemo, (u64, u64))> {
    let mut slots = slots;
    loop {
        let memo =
            CompactMemo::new(loop_bits(table), max_tiles(table), slots, MAX_LOAD).map_err(|e| {
                Error::VerificationFailed {
                    path: journal.dir().to_path_buf(),
                    reason: format!("no memo of {} slots for {}-bit keys", e.slots, e.key_bits),
                }
            })?;
        let loaded = journal.load(&memo, progress)?;
        if !memo.is_full() {
            return Ok((memo, loaded));
        }
        slots = slots.saturating_mul(2);
    }
}

/// Solves from the start, resuming from and writing to the checkpoint if
/// given, growing the memo when it fills.
fn solve_checkpointed(
    table: &LoopTable,
    tiles: usize,
    journal: Option<&ChunkJournal>,
    progress: &dyn Progress,
) -> Result<(Solved, (u64, u64))> {
    let expected = start_classes(tiles)?;
    // Remoteness is kept in the solve (half a byte a slot) where the
    // dataset has it; a memo refilled from a checkpoint holds values
    // without it, and the job then walks the table for it after the solve.
    let keep = tiles <= KEPT_UP_TO;
    let mut memo = memo_for(table, expected);
    let mut resumed = (0, 0);
    if let Some(j) = journal {
        let slots = memo.slots();
        drop(memo);
        (memo, resumed) = refill(table, slots, j, progress)?;
    }
    if keep && memo.is_empty() {
        memo = memo.with_companions();
    }
    let root = start(table);
    loop {
        let journal_dyn = journal.map(|j| j as &dyn Journal);
        match solve_into(table, &root, memo, journal_dyn, expected as u64, progress) {
            Ok(s) => return Ok((s, resumed)),
            Err(stopped) => {
                let (halt, old) = *stopped;
                let factor = match halt {
                    Halt::Full => 2,
                    Halt::Overflow => 4,
                    Halt::Stopped => {
                        return Err(match journal {
                            Some(j) => Error::Interrupted {
                                path: j.dir().to_path_buf(),
                            },
                            None => Error::Stopped,
                        })
                    }
                    Halt::Failed(e) => return Err(e),
                };
                memo = match journal {
                    // Every stored value is in the journal: rebuild from it
                    // rather than hold two memos at once.
                    Some(j) => {
                        let slots = old.slots().saturating_mul(factor);
                        drop(old);
                        refill(table, slots, j, progress)?.0
                    }
                    None => grown(table, &old, factor),
                };
            }
        }
    }
}

/// The kind of output a Monorail solve writes (its directories' marker).
pub const KIND: &str = "monorail solve";

/// What a dataset directory of an older run without the marker may hold.
const DATASET_FILES: &[&str] = &[
    "summary.json",
    "first_moves.csv",
    "subgames.csv",
    "loops.csv",
    "layers.csv",
    "positions.bin.zst",
    grundy_dataset::monorail_remoteness::FILE,
    "checkpoint",
];

/// Runs the whole job: refuses it if its estimate exceeds the memory
/// available or its dataset the disk's free space (unless
/// [`SolveJob::force`]), solves `T`, writes the dataset
/// to `out` and, if asked, the report, all staged and put in place together
/// only once everything is computed ([`run_staged`]), which also removes
/// the checkpoint (it is in the `out` replaced).
///
/// # Errors
/// [`Error::TooCostly`] when refused; as [`run_staged`]; [`Error::Io`]
/// when the outputs cannot be put in place.
pub fn run(job: &SolveJob<'_>, progress: &dyn Progress) -> Result<SolveRun> {
    let mut stage = Stage::new();
    let run = run_staged(job, &mut stage, progress)?;
    // The dataset directory replaces `out` whole, its checkpoint with it.
    stage.commit()?;
    Ok(run)
}

/// The job's steps up to writing, into `stage` (committed by the caller,
/// with other jobs' outputs for `reproduce`): estimate, solve (checkpointed
/// when asked), write the dataset and the report.
///
/// # Errors
/// [`Error::TooCostly`] or [`Error::NoSpace`] when refused; [`Error::Interrupted`] when stopped
/// (the checkpoint holds the work); [`Error::CorruptDataset`] for a corrupt
/// or foreign checkpoint; [`Error::Io`] for a failed write or an output
/// directory that is not this command's; [`Error::CheckFailed`] if
/// the paper's lemma or an internal cross-check fails; [`Error::VerificationFailed`]
/// naming the checkpoint directory when no memo of the size its journal
/// records can be built.
pub fn run_staged(
    job: &SolveJob<'_>,
    stage: &mut Stage,
    progress: &dyn Progress,
) -> Result<SolveRun> {
    check_costs(job)?;
    let out = stage.dir(job.out, KIND, DATASET_FILES)?;
    let stem = report_stem(job.tiles);
    let report = match job.reports {
        Some(r) => Some((
            stage.file(&r.join(format!("{stem}.md")))?,
            stage.dir(
                &r.join(&stem),
                crate::monorail_position::REPORT_KIND,
                &["*.svg"],
            )?,
            stage.file(&r.join(format!("{stem}{RUN_SUFFIX}")))?,
        )),
        None => None,
    };
    let mut phases = Vec::new();
    let mut clock = Instant::now();
    let mut lap = |name: &str, phases: &mut Vec<(String, f64)>| {
        phases.push((name.to_string(), clock.elapsed().as_secs_f64()));
        clock = Instant::now();
    };
    progress.phase("loops", 0);
    let table = LoopTable::new(&Rules::new(job.tiles)?);
    progress.finish_phase();
    lap("enumerate loops", &mut phases);
    let journal = match job.checkpoint.filter(|_| job.solver.is_none()) {
        Some(every) => Some(ChunkJournal::new(
            &dir_for(job.out),
            u32::try_from(job.tiles).unwrap_or(u32::MAX),
            table.len() as u64,
            every,
        )?),
        None => None,
    };
    let (mut solved, resumed) = match job.solver {
        Some(ExternalSolve(solve)) => (solve(&table)?, (0, 0)),
        None => solve_checkpointed(&table, job.tiles, journal.as_ref(), progress)?,
    };
    lap("solve every position", &mut phases);
    if job.tiles <= KEPT_UP_TO && solved.start_remoteness.is_none() {
        // Resumed or solved elsewhere: the values came without remoteness.
        fill_remoteness(&table, &mut solved, progress)?;
        lap("remoteness of every position (walk)", &mut phases);
    }
    let remoteness = solved.start_remoteness;
    let mut analysis = write_dataset(
        &out,
        job.tiles,
        &table,
        &solved,
        job.chunk_records,
        |counts| analyse_counted(&table, job.tiles, &solved, counts, progress),
        progress,
    )?;
    lap(
        "write datasets and analyse (reachable counts, endgames)",
        &mut phases,
    );
    analysis.start_remoteness = remoteness;
    let lemma_checked = solved.classes();
    let memo_slots = solved.memo.slots();
    drop(solved);
    if let Some(paths) = report {
        let run = RunInfo {
            phases: phases.clone(),
            threads: job.threads,
            peak_mib: peak_mib(),
            command: job.command.clone(),
        };
        write_report(&paths, &analysis, &table, &run, &stem)?;
    }
    Ok(SolveRun {
        summary: Summary::new(&analysis, &table),
        analysis,
        phases,
        resumed,
        lemma_checked,
        memo_slots,
    })
}

/// Refuses the job past the memory available or the space free where it
/// writes (unless forced).
///
/// # Errors
/// [`Error::TooCostly`] or [`Error::NoSpace`].
fn check_costs(job: &SolveJob<'_>) -> Result<()> {
    crate::memory::check(
        &format!("monorail solve --tiles {}", job.tiles),
        &solve_cost(job.tiles)?,
        None,
        job.force,
    )?;
    let checkpoint = job.checkpoint.is_some() && job.solver.is_none();
    crate::disk::check(
        &format!(
            "monorail solve --tiles {} --out {}",
            job.tiles,
            job.out.display()
        ),
        &[(job.out, dataset_bytes(job.tiles, checkpoint)?)],
        Some("--force"),
        job.force,
    )
}

/// Writes the report: its Markdown, its figures and the run's record, to
/// the staged `(markdown, figures, run_record)` paths.
///
/// # Errors
/// [`Error::Io`] for a failed write.
fn write_report(
    (markdown, figures, run_record): &(PathBuf, PathBuf, PathBuf),
    analysis: &Analysis,
    table: &LoopTable,
    run: &RunInfo,
    stem: &str,
) -> Result<()> {
    let rendered = render(analysis, table, run, stem);
    for (name, svg) in &rendered.figures {
        write_bytes(&figures.join(name), svg.as_bytes())?;
    }
    write_bytes(markdown, rendered.markdown.as_bytes())?;
    let record = run_markdown(&format!("{stem}.md"), run);
    write_bytes(run_record, record.as_bytes())
}
