//! `grundy cram`: the nimber of a Cram board, its winning moves, and what
//! the search cost (the engine is [`crate::games::cram`]).

use crate::error::{Error, Result};
use crate::games::cram::{Board, Domino, MisereSolver, Solver, Stats};
use crate::progress::{peak_mib, Progress};
use std::time::Instant;

/// The most empty cells searched without `force`: on the boards measured
/// on 2 cores (nimber only: 5 × 7 in 1.8 s, 5 × 8 in 5.5 s, 4 × 11 in
/// 20 s, 5 × 9 in 89 s; `data/cram/boards.csv`) the time grows about
/// 1.5-fold a cell on average, and far more on some boards (6 × 7, 42
/// cells and nimber 5, had not finished after 600 s), so past 40 cells a
/// board takes minutes to hours.
pub const CELLS_LIMIT: usize = 40;

/// The table's bound when none is given: a quarter of the memory
/// available, at most 4 GiB (it starts at 1 MiB and grows only as needed).
pub fn default_table_bytes() -> usize {
    let avail = crate::jobs::memory::available_memory().unwrap_or(8 << 30);
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
}

/// Solves `job`.
///
/// # Errors
/// [`Error::TooCostly`] past [`CELLS_LIMIT`] empty cells without `force`;
/// [`Error::Stopped`] when the progress asks.
pub fn solve(job: &CramJob<'_>, progress: &dyn Progress) -> Result<CramAnswer> {
    let board = job.board;
    let by_symmetry = board.symmetry_outcome();
    // An even × even board is answered without a search, whatever its size.
    if by_symmetry != Some(false) {
        check_cost(board, job.force)?;
    }
    let start = Instant::now();
    let bytes = job.table_bytes.unwrap_or_else(default_table_bytes);
    let mut solver = Solver::new(bytes).with_progress(progress);
    progress.phase("Cram regions solved", 0);
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
    progress.finish_phase();
    Ok(CramAnswer {
        board: board.clone(),
        nimber,
        by_symmetry,
        winning_moves,
        stats: solver.stats(),
        stored: solver.stored(),
        table_bytes: solver.table_bytes(),
        seconds: start.elapsed().as_secs_f64(),
        nimber_seconds,
        peak_mib: peak_mib(),
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
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Peak resident memory of the process, MiB (Linux only).
    pub peak_mib: Option<f64>,
}

/// Solves `job` under misère play (the player who cannot move wins): the
/// outcome only, since misère regions have no values to add
/// ([`crate::games::cram::misere`]).
///
/// # Errors
/// [`Error::TooCostly`] past [`MISERE_POSITIONS`] positions without
/// `force`.
pub fn solve_misere(job: &CramJob<'_>) -> Result<CramMisereAnswer> {
    let start = Instant::now();
    let limit = if job.force {
        u64::MAX
    } else {
        MISERE_POSITIONS
    };
    let mut solver = MisereSolver::new(limit);
    let first_player_wins = solver.wins(job.board.cells()).map_err(|e| match e {
        Error::TooCostly {
            needs, limit, flag, ..
        } => Error::TooCostly {
            what: format!("misère Cram on {}", job.board.text()),
            needs,
            limit,
            flag,
        },
        other => other,
    })?;
    Ok(CramMisereAnswer {
        board: job.board.clone(),
        first_player_wins,
        positions: solver.positions(),
        seconds: start.elapsed().as_secs_f64(),
        peak_mib: peak_mib(),
    })
}

/// Refuses a search of more than [`CELLS_LIMIT`] empty cells without
/// `force`.
fn check_cost(board: &Board, force: bool) -> Result<()> {
    let cells = board.empty_cells();
    if cells > CELLS_LIMIT && !force {
        return Err(Error::TooCostly {
            what: format!("Cram on {}", board.text()),
            needs: format!(
                "a search over {cells} empty cells (minutes to hours: about 1.5 times longer a cell, and more on some boards)"
            ),
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
