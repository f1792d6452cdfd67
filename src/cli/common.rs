//! What the subcommands share, and the only module of `cli/` besides
//! [`super::progress`] and [`super::refuted`] that a subcommand file uses:
//! standard output (a reader that closed the pipe is an error `main` ends
//! quietly on, exit 0), the checks of an `--out` against the inputs, the
//! progress context of runs that save (Ctrl-C, SIGTERM), the Monorail board flags and
//! picture (one drawing for `show` and `play`), and the moves listed by default.

use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Context;
use grundy_core::progress::{Progress, Stoppable};
use grundy_games::monorail::board::Board;
use grundy_games::monorail::loop_table::LoopTable;
use grundy_games::monorail::loops::Loop;
use grundy_games::monorail::moves::entries_of;
use grundy_games::monorail::position::Position;
use std::io::Write;
use std::path::Path;

/// `println!` to standard output, returning an error (of kind
/// `BrokenPipe` when the reader has gone away, `grundy ... | head`) for
/// the caller to pass up with `?`, instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::common::write_stdout(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes `text` to standard output.
///
/// # Errors
/// `cannot write to standard output`, with the `io::Error` (of kind
/// `BrokenPipe` for a closed pipe, on which `main` exits 0) in its chain.
pub fn write_stdout(text: &str) -> anyhow::Result<()> {
    with_stdout(|w| w.write_all(text.as_bytes()))
}

/// Runs `write` on standard output, buffered in pieces of 64 KiB (no
/// output is held whole in memory), and flushes it.
///
/// # Errors
/// As [`write_stdout`].
pub fn with_stdout(
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let mut w = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    write(&mut w)
        .and_then(|()| w.flush())
        .context("cannot write to standard output")
}

/// Runs `write` on the file `out` (atomically: the whole output or the
/// old file) or, without one, on standard output.
///
/// # Errors
/// The file cannot be written; as [`write_stdout`].
pub fn write_out(
    out: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    match out {
        Some(path) => Ok(grundy_dataset::atomic::write_atomic(path, write)?),
        None => with_stdout(write),
    }
}

/// Refuses an `--out` that names one of the command's inputs (it would be
/// overwritten by the answer to itself).
///
/// # Errors
/// One line naming both.
pub fn refuse_input_as_output<'a>(
    out: &Path,
    inputs: impl IntoIterator<Item = &'a Path>,
) -> anyhow::Result<()> {
    let Ok(o) = std::fs::canonicalize(out) else {
        return Ok(()); // `out` does not exist yet, so it is no input
    };
    for i in inputs {
        if i != Path::new("-") && std::fs::canonicalize(i).is_ok_and(|c| c == o) {
            anyhow::bail!(
                "--out {} is the input {}; write the output elsewhere",
                out.display(),
                i.display()
            );
        }
    }
    Ok(())
}

/// The run's progress context: `progress`, and when `saves` (the run has a
/// checkpoint or partial file to save to) the stop requests of Ctrl-C and
/// SIGTERM, so the run stops by itself, saving its progress. Without
/// `saves` a signal instead ends the process, removing any staged output.
pub fn context(progress: &dyn Progress, saves: bool) -> Stoppable<'_> {
    static NEVER: AtomicBool = AtomicBool::new(false);
    if saves {
        COOPERATIVE.store(true, Ordering::SeqCst);
        Stoppable::new(progress, &STOP)
    } else {
        Stoppable::new(progress, &NEVER)
    }
}

/// Set by Ctrl-C or SIGTERM.
static STOP: AtomicBool = AtomicBool::new(false);
/// Whether the running command asked for a [`context`] that saves: it then stops by
/// itself, saving its progress.
static COOPERATIVE: AtomicBool = AtomicBool::new(false);

/// What the signal handler does first: sets the stop flag, and returns
/// whether the running command stops by itself (else the handler removes
/// the command's staged output and ends the process).
pub fn request_stop() -> bool {
    STOP.store(true, Ordering::SeqCst);
    COOPERATIVE.load(Ordering::SeqCst)
}

/// Winning moves listed without `--all` (`coins`, `sum`).
pub const SHOWN_MOVES: usize = 20;

/// `--board WxH --station X,Y`: Monorail on a bounded board (`monorail
/// solve`, `show`, `play`, `serve`).
#[derive(Debug, clap::Args, Clone, Default)]
pub struct BoardArgs {
    /// Play on a bounded board of W columns and H rows, for example 5x4
    /// (the table of Season 4 of The Genius, with --station 1,3): every
    /// loop and move stays on the board, and only the symmetries mapping
    /// the board and station onto themselves are used. Needs --station.
    #[arg(long, value_name = "WxH", requires = "station")]
    pub board: Option<String>,
    /// The station's west cell on the board: x = column from 0 (west), y =
    /// row from 0 (south); the station covers (X,Y) and (X+1,Y). Positions
    /// given or printed with --board use these board coordinates.
    #[arg(long, value_name = "X,Y", requires = "board")]
    pub station: Option<String>,
}

impl BoardArgs {
    /// The board, if one was given.
    ///
    /// # Errors
    /// [`grundy_core::Error::BadBoard`] for a malformed or impossible board.
    pub fn board(&self) -> grundy_core::Result<Option<Board>> {
        match (&self.board, &self.station) {
            (Some(b), Some(s)) => Ok(Some(Board::parse(b, s)?)),
            _ => Ok(None),
        }
    }
}

/// A Monorail position's outcome in words (`monorail solve --board`,
/// `show`).
pub fn outcome_text(v: u16) -> &'static str {
    if v == 0 {
        "P-position: the player to move loses"
    } else {
        "N-position: the player to move wins"
    }
}

/// `--engine` of `octal seq` and `octal period`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum EngineArg {
    /// Every option enumerated (the reference).
    Naive,
    /// Rare/common split with targeted scans (fast).
    Sparse,
}

impl From<EngineArg> for grundy_games::octal::Engine {
    fn from(e: EngineArg) -> grundy_games::octal::Engine {
        match e {
            EngineArg::Naive => grundy_games::octal::Engine::Naive,
            EngineArg::Sparse => grundy_games::octal::Engine::Sparse,
        }
    }
}

/// A Monorail position as `show` and `play` draw it: on a `board`, the
/// board with row and column numbers ([`Board::picture`]); on the unbounded
/// grid, the 3×3-block picture ([`Position::picture`]) with the empty cells
/// of `forced` (the one loop left, [`forced_loop`]) marked `.`.
pub fn monorail_picture(board: Option<&Board>, p: &Position, forced: Option<&Loop>) -> String {
    match board {
        Some(b) => b.picture(p),
        None => p.picture(forced),
    }
}

/// The loop of `table` that `p` must complete, when only one is left.
pub fn forced_loop<'t>(table: &'t LoopTable, p: &Position) -> Option<&'t Loop> {
    let entries = entries_of(table, p);
    (entries.len() == 1).then(|| &table.loops[entries[0].0 as usize])
}

/// `K,S` as two numbers.
pub fn parse_pair(s: &str) -> Result<(usize, usize), String> {
    let (a, b) = s
        .split_once(',')
        .ok_or_else(|| format!("{s:?} is not K,S"))?;
    Ok((
        a.trim().parse().map_err(|e| format!("K {a:?}: {e}"))?,
        b.trim().parse().map_err(|e| format!("S {b:?}: {e}"))?,
    ))
}

/// A positive number of seconds, at most a day (a flag's parser).
pub fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 86_400.0 => Ok(v),
        _ => Err(format!("{text:?} is not a number of seconds in (0, 86400]")),
    }
}
