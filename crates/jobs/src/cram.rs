//! `grundy cram`: the nimber of a Cram board, its winning moves, and what
//! the search cost (the engine is [`grundy_games::cram`]).

use crate::duration::duration_text;
use crate::memory::peak_mib;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_dataset::cram_checkpoint;
use grundy_games::cram::certificate::prove;
use grundy_games::cram::cost::search_seconds;
use grundy_games::cram::shared_table::{Shared, SharedMemory};
use grundy_games::cram::verify::verify;
use grundy_games::cram::{Board, Domino, MisereSolver, Saver, Solver, Stats, TableView};
use std::path::Path;
use std::time::{Duration, Instant};

/// The most empty cells searched without `force`: on the boards measured
/// on 2 cores (nimber only, one thread: 5 × 7 in 0.3 s, 5 × 8 in 1.5 s,
/// 4 × 11 in 5.2 s, 5 × 9 in 21 s, 6 × 7 in 81 s, 7 × 7 in 154 s,
/// 4 × 13 in 984 s, 5 × 10 in 2,576 s; `data/cram/boards.csv`) the time
/// grows 1.6 to 2.6-fold a cell, so past 40 cells a board takes minutes
/// to hours, and past 52 days or more
/// ([`grundy_games::cram::cost`], whose estimate the refusal states).
pub const CELLS_LIMIT: usize = 40;

/// The table's bound when none is given: a quarter of the memory
/// available, at most 4 GiB (it starts at 1 MiB and grows only as needed).
pub fn default_table_bytes() -> usize {
    let avail = crate::memory::available_memory().unwrap_or(8 << 30);
    usize::try_from(avail / 4)
        .unwrap_or(usize::MAX)
        .min(4 << 30)
}

/// A Cram question.
#[derive(Clone, Debug)]
pub struct CramJob<'a> {
    /// The board.
    pub board: &'a Board,
    /// The bound of the transposition table in bytes (`None`:
    /// [`default_table_bytes`]).
    pub table_bytes: Option<usize>,
    /// Search past [`CELLS_LIMIT`] empty cells.
    pub force: bool,
    /// Also find every winning move (each asks one more question of the
    /// search); without it only the nimber, the question other solvers
    /// answer.
    pub winning_moves: bool,
    /// Write a certificate of the nimber to this file
    /// ([`grundy_dataset::cram_certificate`]).
    pub certificate: Option<&'a Path>,
    /// Keep the search's table in this directory from time to time, and
    /// start from the one there ([`grundy_dataset::cram_checkpoint`]).
    pub checkpoint: Option<&'a Path>,
    /// How often to write the checkpoint.
    pub checkpoint_every: Duration,
    /// Threads of the search for the nimber (1: the one-thread search,
    /// whose counts are the same on every run; more: one table shared by
    /// all, [`Solver::parallel`], the counts varying from run to run).
    /// The winning moves and the certificate are searched by one thread,
    /// through the same table.
    pub threads: usize,
}

/// The answer.
#[derive(Clone, Debug)]
pub struct CramAnswer {
    /// The board asked about.
    pub board: Board,
    /// Its nimber.
    pub nimber: u8,
    /// The outcome came from the symmetry strategy
    /// ([`Board::symmetry_outcome`]): `Some(false)` for an even × even
    /// board (nimber 0 without a search), `Some(true)` where the search
    /// did not test 0.
    pub by_symmetry: Option<bool>,
    /// Every move to a position of nimber 0 (none when the nimber is 0).
    pub winning_moves: Vec<Domino>,
    /// What the search counted.
    pub stats: Stats,
    /// Values in the table at the end.
    pub stored: usize,
    /// The table's size at the end, in bytes.
    pub table_bytes: usize,
    /// Wall-clock seconds in all.
    pub seconds: f64,
    /// Wall-clock seconds to the nimber (before the winning moves).
    pub nimber_seconds: f64,
    /// Peak resident memory of the process, MiB (Linux only).
    pub peak_mib: Option<f64>,
    /// The certificate written, if one was asked for.
    pub certificate: Option<CertificateSummary>,
    /// Values read from the checkpoint at the start.
    pub resumed: u64,
    /// Checkpoints written.
    pub checkpoints: u64,
    /// Threads of the search.
    pub threads: usize,
}

/// A certificate written or checked.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CertificateSummary {
    /// Facts `R = v`.
    pub is: usize,
    /// Facts `R ≠ k`.
    pub is_not: usize,
    /// Wall-clock seconds to build (or check) and write (or read) it.
    pub seconds: f64,
}

/// Solves `job`.
///
/// # Errors
/// [`Error::TooCostly`] past [`CELLS_LIMIT`] empty cells without `force`;
/// [`Error::Stopped`] when the progress asks, or
/// [`Error::Interrupted`] with a checkpoint written;
/// [`Error::Io`] when the certificate or the checkpoint cannot be
/// written; [`Error::CorruptDataset`] for a checkpoint that fails its
/// checks or is another board's; [`Error::OutOfRange`] for a table bound
/// past the memory available.
///
/// # Examples
/// Cram on the 3 × 4 board: nimber 1, so the first player wins, by any
/// of seven dominoes (Winning Ways ch. 22; Beling's table of record).
/// ```
/// use grundy_core::progress::NoProgress;
/// use grundy_games::cram::board::Board;
/// use grundy_jobs::cram::{solve, CramJob};
/// use std::time::Duration;
///
/// let board = Board::parse("3x4")?;
/// let job = CramJob {
///     board: &board,
///     table_bytes: Some(1 << 20),
///     force: false,
///     winning_moves: true,
///     certificate: None,
///     checkpoint: None,
///     checkpoint_every: Duration::from_secs(60),
///     threads: 2,
/// };
/// let a = solve(&job, &NoProgress)?;
/// assert_eq!(a.nimber, 1);
/// assert_eq!(a.winning_moves.len(), 7);
/// # Ok::<(), grundy_core::Error>(())
/// ```
pub fn solve(job: &CramJob<'_>, progress: &dyn Progress) -> Result<CramAnswer> {
    let board = job.board;
    let by_symmetry = board.symmetry_outcome();
    // An even × even board is answered without a search, whatever its size.
    if by_symmetry != Some(false) || job.certificate.is_some() {
        check_cost(board, job.force)?;
    }
    if let Some(path) = job.certificate {
        // Refused before the search, not after it.
        check_certificate_path(path)?;
    }
    let start = Instant::now();
    check_table_bytes(job.table_bytes)?;
    let bytes = job.table_bytes.unwrap_or_else(default_table_bytes);
    let picture = board.picture("/");
    let resume_from = match job.checkpoint {
        Some(dir) if by_symmetry != Some(false) || job.certificate.is_some() => {
            grundy_dataset::writable::check_writable(dir)?;
            Some(dir)
        }
        _ => None,
    };
    let mut saver = job.checkpoint.map(|dir| FileSaver {
        dir,
        board: &picture,
        every: job.checkpoint_every,
        last: Instant::now(),
        written: 0,
    });
    let mut memory = (job.threads > 1).then(|| SharedMemory::with_bytes(bytes, board.cells()));
    let shared = memory.as_mut().map(Shared::new);
    let mut solver = match &shared {
        Some(shared) => Solver::parallel(shared, job.threads),
        None => Solver::new(bytes),
    }
    .with_progress(progress);
    if let Some(s) = saver.as_mut() {
        solver = solver.with_saver(s);
    }
    // Read straight into the table, a run of values at a time: a
    // checkpoint of hundreds of millions of values held whole beside the
    // table would take more memory than the table.
    let restored = match resume_from {
        Some(dir) => cram_checkpoint::read_into(dir, &picture, &mut solver)?.unwrap_or(0),
        None => 0,
    };
    progress.phase("Cram regions solved", 0);
    let searched = search(&mut solver, job, by_symmetry);
    let (nimber, nimber_seconds, winning_moves) = match (searched, job.checkpoint) {
        (Err(Error::Stopped), Some(dir)) => {
            solver.with_table(|t| cram_checkpoint::write(dir, &picture, t))?;
            return Err(Error::Interrupted {
                path: cram_checkpoint::path(dir),
            });
        }
        (r, _) => r?,
    };
    let certificate = match job.certificate {
        Some(path) => {
            let t = Instant::now();
            let cert = prove(&mut solver, board, progress)?;
            if cert.nimber != nimber {
                return Err(Error::VerificationFailed {
                    path: path.to_path_buf(),
                    reason: format!(
                        "the certificate proves nimber {}, the search found {nimber}",
                        cert.nimber
                    ),
                });
            }
            grundy_dataset::cram_certificate::write(path, &cert)?;
            let (is, is_not) = cert.counts();
            Some(CertificateSummary {
                is,
                is_not,
                seconds: t.elapsed().as_secs_f64(),
            })
        }
        None => None,
    };
    progress.finish_phase();
    let (stats, stored, table_bytes) = (solver.stats(), solver.stored(), solver.table_bytes());
    drop(solver); // it holds the saver (and the shared table)
    Ok(CramAnswer {
        board: board.clone(),
        nimber,
        by_symmetry,
        winning_moves,
        stats,
        stored,
        table_bytes,
        seconds: start.elapsed().as_secs_f64(),
        nimber_seconds,
        peak_mib: peak_mib(),
        certificate,
        resumed: restored,
        checkpoints: saver.map_or(0, |s| s.written),
        threads: job.threads.max(1),
    })
}

/// Whether a certificate can be written at `path`.
///
/// # Errors
/// [`Error::Io`] when `path` is a directory or its folder is not writable.
fn check_certificate_path(path: &Path) -> Result<()> {
    if path.is_dir() {
        return Err(Error::Io {
            action: "cannot write",
            path: path.to_path_buf(),
            source: std::io::Error::other("it is a directory"),
        });
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty());
    grundy_dataset::writable::check_out_dir(dir.unwrap_or(Path::new(".")))
}

/// The nimber of the job's board, the seconds it took and its winning
/// moves (when asked).
fn search(
    solver: &mut Solver<'_>,
    job: &CramJob<'_>,
    by_symmetry: Option<bool>,
) -> Result<(u8, f64, Vec<Domino>)> {
    let start = Instant::now();
    let board = job.board;
    let nimber = match by_symmetry {
        Some(false) => 0,
        Some(true) => solver.nimber_from(board.cells(), 1)?,
        None => solver.nimber(board.cells())?,
    };
    let nimber_seconds = start.elapsed().as_secs_f64();
    let mut winning_moves = Vec::new();
    if nimber != 0 && job.winning_moves {
        for m in board.moves() {
            let after = board.after(m);
            if solver.nimber_is(after.cells(), 0)? {
                winning_moves.push(m);
            }
        }
    }
    Ok((nimber, nimber_seconds, winning_moves))
}

/// Writes the search's table to the checkpoint directory every `every`.
struct FileSaver<'p> {
    dir: &'p Path,
    board: &'p str,
    every: Duration,
    last: Instant,
    written: u64,
}

impl Saver for FileSaver<'_> {
    fn due(&mut self) -> bool {
        self.last.elapsed() >= self.every
    }

    fn save(&mut self, table: &TableView<'_>) -> Result<()> {
        cram_checkpoint::write(self.dir, self.board, table)?;
        self.written += 1;
        self.last = Instant::now();
        Ok(())
    }
}

/// What `grundy cram verify` found.
#[derive(Clone, Debug)]
pub struct VerifyAnswer {
    /// The board of the certificate.
    pub board: Board,
    /// Its nimber, now rechecked.
    pub nimber: u8,
    /// The facts checked.
    pub facts: CertificateSummary,
    /// Options looked at.
    pub options: u64,
    /// Regions of at most
    /// [`VERIFIER_SOLVES`](grundy_games::cram::certificate::VERIFIER_SOLVES)
    /// cells solved by the rules.
    pub small: usize,
}

/// Rechecks the certificate at `path` by the rules alone
/// ([`grundy_games::cram::verify`]).
///
/// # Errors
/// As [`grundy_dataset::cram_certificate::read`] for a file that cannot
/// be read; [`Error::VerificationFailed`] naming the first line that
/// fails and why.
pub fn verify_certificate(path: &Path) -> Result<VerifyAnswer> {
    let t = Instant::now();
    let cert = grundy_dataset::cram_certificate::read(path)?;
    let checked = verify(&cert).map_err(|r| Error::VerificationFailed {
        path: path.to_path_buf(),
        // The header and the board come first.
        reason: match r.fact {
            Some(i) => format!("line {}: {}", i + 3, r.reason),
            None => format!("line 2 (the board): {}", r.reason),
        },
    })?;
    let (is, is_not) = cert.counts();
    Ok(VerifyAnswer {
        board: cert.board,
        nimber: cert.nimber,
        facts: CertificateSummary {
            is,
            is_not,
            seconds: t.elapsed().as_secs_f64(),
        },
        options: checked.options,
        small: checked.small,
    })
}

/// The most positions a misère search visits without `force` (its memo
/// keeps every one: about 100 bytes each).
pub const MISERE_POSITIONS: u64 = 20_000_000;

/// The answer under misère play.
#[derive(Clone, Debug)]
pub struct CramMisereAnswer {
    /// The board asked about.
    pub board: Board,
    /// Whether the player to move wins (an N-position).
    pub first_player_wins: bool,
    /// Positions searched.
    pub positions: u64,
    /// The bytes the positions kept took, about
    /// ([`MisereSolver::memo_bytes`]).
    pub memo_bytes: usize,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Peak resident memory of the process, MiB (Linux only).
    pub peak_mib: Option<f64>,
}

/// Solves `job` under misère play (the player who cannot move wins): the
/// outcome only, since misère regions have no values to add
/// ([`grundy_games::cram::misere`]). The search keeps every position it
/// searched, in at most the job's table bound of memory
/// ([`CramJob::table_bytes`], by default [`default_table_bytes`]), and
/// reports the positions searched to `progress`.
///
/// # Errors
/// [`Error::TooCostly`] past [`MISERE_POSITIONS`] positions without
/// `force`, or when the positions kept would take more than the bound
/// (with or without `force`); [`Error::OutOfRange`] for a bound past the
/// memory available; [`Error::Stopped`] when `progress` asks for a stop.
pub fn solve_misere(job: &CramJob<'_>, progress: &dyn Progress) -> Result<CramMisereAnswer> {
    let start = Instant::now();
    let limit = if job.force {
        u64::MAX
    } else {
        MISERE_POSITIONS
    };
    check_table_bytes(job.table_bytes)?;
    let bytes = job.table_bytes.unwrap_or_else(default_table_bytes);
    let mut solver = MisereSolver::new(limit)
        .with_memory(bytes)
        .with_progress(progress);
    progress.phase("misère Cram positions searched", 0);
    let first_player_wins = solver
        .wins(job.board.cells())
        .map_err(|e| e.naming_work(format!("misère Cram on {}", job.board.text())))?;
    progress.finish_phase();
    Ok(CramMisereAnswer {
        board: job.board.clone(),
        first_player_wins,
        positions: solver.positions(),
        memo_bytes: solver.memo_bytes(),
        seconds: start.elapsed().as_secs_f64(),
        peak_mib: peak_mib(),
    })
}

/// Refuses a table bound given past the memory available
/// ([`crate::memory::available_memory`], where it is known): the tables
/// map their bound at once (only what they write takes memory), and the
/// system refuses a mapping larger than it can hold. (The default bound,
/// `None`, is a quarter of the memory available already.)
fn check_table_bytes(bytes: Option<usize>) -> Result<()> {
    let Some(bytes) = bytes else {
        return Ok(());
    };
    match crate::memory::available_memory() {
        Some(avail) if bytes as u64 > avail => Err(Error::OutOfRange {
            what: format!("the table's bound of {} MiB", bytes >> 20),
            reason: format!(
                "more than the {} MiB of memory available (--memory)",
                avail >> 20
            ),
        }),
        _ => Ok(()),
    }
}

/// Refuses a search of more than [`CELLS_LIMIT`] empty cells without
/// `force`.
fn check_cost(board: &Board, force: bool) -> Result<()> {
    let cells = board.empty_cells();
    if cells > CELLS_LIMIT && !force {
        return Err(Error::TooCostly {
            what: format!("Cram on {}", board.text()),
            needs: {
                let e = search_seconds(cells);
                format!(
                    "a search over {cells} empty cells (about {} to {} of one core, by the boards of the table of record)",
                    duration_text(e.low),
                    duration_text(e.high)
                )
            },
            limit: format!("the {CELLS_LIMIT} cells searched without asking"),
            flag: "--force",
        });
    }
    Ok(())
}

/// The nimber of `board` and of the position after each of its moves
/// (for a sum, whose winning moves need every option's value), by one
/// search whose table serves them all (the options are searched even on
/// an even × even board).
///
/// # Errors
/// As [`solve`]: past [`CELLS_LIMIT`] empty cells without `force`, or a
/// stop asked by the progress.
pub fn option_values(
    board: &Board,
    force: bool,
    progress: &dyn Progress,
) -> Result<(u8, Vec<(Domino, u8)>)> {
    check_cost(board, force)?;
    let mut solver = Solver::new(default_table_bytes()).with_progress(progress);
    let nimber = solver.nimber(board.cells())?;
    let mut options = Vec::new();
    for m in board.moves() {
        options.push((m, solver.nimber(board.after(m).cells())?));
    }
    Ok((nimber, options))
}
