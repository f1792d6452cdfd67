//! `grundy monorail solve`: every position from the start solved, the
//! datasets and the report written ([`grundy_jobs::monorail`]; across
//! MPI ranks with the `mpi` feature, [`grundy_jobs::monorail_mpi`]); with
//! `--board` or `--from`, one position and every move from it
//! ([`grundy_jobs::monorail_position`]).

use crate::cli::common::{context, outcome_text, positive_seconds, write_stdout, BoardArgs};
use crate::cli::progress::Bars;
use clap::Args;
use grundy_dataset::monorail::Summary;
use grundy_dataset::monorail_board::BoardSummary;
use grundy_dataset::writable::check_out_dir;
use grundy_games::monorail::board::Board;
use grundy_games::monorail::cost::{chunk_records, start_classes};
use grundy_games::monorail::root::BoardAnalysis;
use grundy_games::monorail::rules::{check_tiles, STANDARD_TILES};
use grundy_jobs::monorail::SolveJob;
use grundy_jobs::monorail_position::{Game, PositionJob};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `grundy monorail solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Tile count T (6..=24; the show uses 16).
    #[arg(long, default_value_t = STANDARD_TILES)]
    pub tiles: usize,
    /// Dataset directory [default: data/monorail, or data/monorail-tT for
    /// T other than 16].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Directory of the report [default: reports, when --out is not given;
    /// with --out and no --reports, no report is written].
    #[arg(long)]
    pub reports: Option<PathBuf>,
    /// Run even if the estimated memory exceeds what the machine has
    /// available, or the estimated dataset the free space of OUT's file
    /// system.
    #[arg(long)]
    pub force: bool,
    /// Write a checkpoint to OUT/checkpoint/ so that an interrupted run
    /// (Ctrl-C, SIGTERM, even kill -9) resumes when the same command is
    /// run again, losing at most about this many seconds of work [default:
    /// 300 for T >= 18, no checkpoint below]. Under MPI every rank writes
    /// its share to OUT/checkpoint/mpi/ at common round boundaries (the
    /// directory must be on a file system all ranks share).
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds)]
    pub checkpoint_every: Option<f64>,
    /// Write no checkpoint (and resume from none).
    #[arg(long, conflicts_with = "checkpoint_every")]
    pub no_checkpoint: bool,
    /// Print one JSON object instead: `tiles`, `nimber` (of the start),
    /// `outcome`, `first_player_wins`, `out`, `reports`, `summary` (the
    /// contents of `summary.json`). With --board or --from: the contents of
    /// the position's `summary.json` with `out`, `reports` and `moves`
    /// (every move with `move`, `nimber`, `wins`, `anchors`, `loops_left`).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub board: BoardArgs,
    /// Solve from this position instead of the empty board (compact
    /// notation, in board coordinates with --board; `-` is the empty
    /// board): its nimber and every move from it with its value, written to
    /// OUT/summary.json and OUT/moves.csv. It must be completable and
    /// joined to the station.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub from: Option<String>,
}

/// Checkpoint interval used by default for runs of at least
/// [`CHECKPOINT_FROM_TILES`] tiles.
pub const DEFAULT_CHECKPOINT_SECONDS: u64 = 300;
/// Smallest tile count checkpointed by default (T = 18 takes minutes).
pub const CHECKPOINT_FROM_TILES: usize = 18;

/// The default dataset directory for `tiles`.
pub fn default_out(tiles: usize) -> PathBuf {
    if tiles == STANDARD_TILES {
        PathBuf::from("data/monorail")
    } else {
        PathBuf::from(format!("data/monorail-t{tiles}"))
    }
}

/// The whole solve's flags resolved: directories, command, checkpoint.
struct Resolved {
    tiles: usize,
    out: PathBuf,
    reports: Option<PathBuf>,
    command: String,
    checkpoint: Option<Duration>,
}

impl Resolved {
    fn new(a: SolveArgs) -> anyhow::Result<Resolved> {
        let tiles = check_tiles(a.tiles)?;
        grundy_jobs::mpi_launch::refuse_without_feature()?;
        let reports = match (&a.out, a.reports) {
            (_, Some(r)) => Some(r),
            (None, None) => Some(PathBuf::from("reports")),
            (Some(_), None) => None,
        };
        let out = a.out.unwrap_or_else(|| default_out(tiles));
        let mut command = format!(
            "grundy monorail solve --tiles {tiles} --out {}",
            out.display()
        );
        if let Some(r) = &reports {
            command.push_str(&format!(" --reports {}", r.display()));
        }
        let checkpoint = match (a.checkpoint_every, a.no_checkpoint) {
            (_, true) => None,
            (Some(secs), false) => Some(Duration::from_secs_f64(secs)),
            (None, false) => (tiles >= CHECKPOINT_FROM_TILES)
                .then(|| Duration::from_secs(DEFAULT_CHECKPOINT_SECONDS)),
        };
        Ok(Resolved {
            tiles,
            out,
            reports,
            command,
            checkpoint,
        })
    }
}

/// Runs `monorail solve`.
///
/// # Errors
/// Bad flags, unwritable directories, a failed write, a corrupt
/// checkpoint, an interruption, work refused for its memory.
pub fn run(a: SolveArgs, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    if a.board.board.is_some() || a.from.is_some() {
        return solve_position(&a, bars);
    }
    let (json, force) = (a.json, a.force);
    let r = Resolved::new(a)?;
    #[cfg(feature = "mpi")]
    if grundy_jobs::mpi_launch::launched_ranks().is_some() {
        return solve_mpi(&r, threads, bars, json, force);
    }
    let s = solve_here(&r, threads, bars, force)?;
    if json {
        return outln!(
            "{}",
            json!({
                "tiles": s.tiles,
                "nimber": s.start_nimber,
                "outcome": if s.first_player_wins { "N" } else { "P" },
                "first_player_wins": s.first_player_wins,
                "out": r.out.display().to_string(),
                "reports": r.reports.as_ref().map(|r| r.display().to_string()),
                "summary": &s,
            })
        );
    }
    print_summary(&s, &r.out, r.reports.as_deref())
}

/// The solve in this process ([`grundy_jobs::monorail::run`]), both
/// directories checked first; with a checkpoint it resumes from
/// `out/checkpoint/` and stops cleanly on Ctrl-C or SIGTERM.
fn solve_here(r: &Resolved, threads: usize, bars: &Bars, force: bool) -> anyhow::Result<Summary> {
    check_out_dir(&r.out)?;
    if let Some(dir) = &r.reports {
        check_out_dir(dir)?;
    }
    let job = SolveJob {
        solver: None,
        tiles: r.tiles,
        out: &r.out,
        reports: r.reports.as_deref(),
        threads,
        command: r.command.clone(),
        checkpoint: r.checkpoint,
        chunk_records: chunk_records(start_classes(r.tiles)?),
        force,
    };
    let run = grundy_jobs::monorail::run(&job, &context(bars, r.checkpoint.is_some()))?;
    if run.resumed.0 > 0 {
        eprintln!(
            "resumed from {} checkpoint chunks ({} position classes)",
            run.resumed.0, run.resumed.1
        );
    }
    Ok(run.summary)
}

/// This rank's part of the solve across MPI ranks
/// ([`grundy_jobs::monorail_mpi`]); rank 0 prints.
#[cfg(feature = "mpi")]
fn solve_mpi(
    r: &Resolved,
    threads: usize,
    bars: &Bars,
    json: bool,
    force: bool,
) -> anyhow::Result<()> {
    use grundy_jobs::monorail_mpi::{MpiError, MpiSolveJob};
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    // One write per line, so that the ranks' lines do not interleave.
    let to_stderr = |line: &str| {
        let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    };
    let job = MpiSolveJob {
        tiles: r.tiles,
        out: &r.out,
        reports: r.reports.as_deref(),
        threads,
        command: r.command.clone(),
        checkpoint: r.checkpoint,
        force,
        arguments: &arguments,
        on_rank_done: &to_stderr,
    };
    // The library's error itself, not wrapped, so that main finds it in
    // the chain (an interruption exits 130).
    let summary = grundy_jobs::monorail_mpi::run(&job, bars).map_err(|e| match e {
        MpiError::Run(e) => anyhow::Error::from(e),
        e => anyhow::Error::from(e),
    })?;
    let Some(s) = summary else {
        return Ok(()); // a rank other than 0: rank 0 reports
    };
    if json {
        return outln!(
            "{}",
            json!({"tiles": s.tiles, "nimber": s.start_nimber, "summary": &s})
        );
    }
    print_summary(&s, &r.out, r.reports.as_deref())
}

fn print_summary(s: &Summary, out: &Path, reports: Option<&Path>) -> anyhow::Result<()> {
    outln!(
        "Monorail, T = {}: {} loops; start nimber *{}: the first player {}; {} first moves up to symmetry, {} winning; {} position classes solved ({} raw); {} forced-loop endgames. Datasets in {}; {}.",
        s.tiles,
        s.loops,
        s.start_nimber,
        if s.first_player_wins { "wins" } else { "loses" },
        s.first_moves,
        s.winning_first_moves,
        s.positions_solved,
        s.positions_reachable,
        s.forced_loop_endgames.len(),
        out.display(),
        match reports {
            Some(r) => format!("report in {}", r.display()),
            None => "no report written (give --reports DIR for one)".to_string(),
        }
    )
}

/// `monorail solve --board ... [--from P]` or `--from P`: the value of
/// one position and of every move from it, written as a small dataset.
fn solve_position(a: &SolveArgs, bars: &Bars) -> anyhow::Result<()> {
    let tiles = check_tiles(a.tiles)?;
    let board = a.board.board()?;
    let root = grundy_games::monorail::board::parse_framed(
        board.as_ref(),
        a.from.as_deref().unwrap_or("-"),
    )?;
    let out = a.out.clone().unwrap_or_else(|| match &board {
        Some(b) => PathBuf::from(format!(
            "data/monorail-{}x{}-t{tiles}",
            b.width(),
            b.height()
        )),
        None => PathBuf::from(format!("data/monorail-t{tiles}-position")),
    });
    check_out_dir(&out)?;
    if let Some(r) = &a.reports {
        check_out_dir(r)?;
    }
    let what = match &board {
        Some(b) => format!("monorail solve --tiles {tiles} --board {b}"),
        None => format!("monorail solve --tiles {tiles} --from ..."),
    };
    let job = PositionJob {
        game: Game {
            tiles,
            board,
            what: &what,
            budget: None,
            force: a.force,
        },
        root: &root,
        out: &out,
        reports: a.reports.as_deref(),
    };
    let an = grundy_jobs::monorail_position::run(&job, bars)?;
    if a.json {
        return print_position_json(&an, &out, a.reports.as_deref());
    }
    print_position(&an, board.as_ref(), &out)
}

/// The position's `summary.json` with `out`, `reports` and `moves`.
fn print_position_json(
    an: &BoardAnalysis,
    out: &Path,
    reports: Option<&Path>,
) -> anyhow::Result<()> {
    let moves: Vec<_> = an
        .moves
        .iter()
        .map(|m| {
            json!({
                "move": an.notation(&m.tiles),
                "nimber": m.nimber,
                "wins": m.wins(),
                "anchors": m.anchors,
                "loops_left": m.loops_left,
            })
        })
        .collect();
    let mut v = serde_json::to_value(BoardSummary::of(an))?;
    v["out"] = json!(out.display().to_string());
    v["reports"] = json!(reports.map(|r| r.display().to_string()));
    v["moves"] = json!(moves);
    outln!("{v}")
}

/// The position's value, picture (on a board) and every move's value.
fn print_position(an: &BoardAnalysis, board: Option<&Board>, out: &Path) -> anyhow::Result<()> {
    let summary = BoardSummary::of(an);
    let place = match board {
        Some(b) => format!(
            "on the {}x{} board with the station at ({},{})",
            b.width(),
            b.height(),
            b.station().0,
            b.station().1
        ),
        None => "on the unbounded grid".to_string(),
    };
    outln!(
        "Monorail, T = {}, {place}, from {}: nimber *{} ({}); {} loops fit, {} still completable; {} position classes solved.",
        an.tiles,
        summary.position,
        an.nimber,
        outcome_text(an.nimber),
        an.loops,
        an.loops_left,
        an.classes
    )?;
    if let Some(b) = board {
        write_stdout(&b.picture(&an.root))?;
    }
    outln!(
        "{} distinct moves (by the cells and types they place), {} winning; counted once per anchor cell: {}, {} winning.",
        an.moves.len(),
        an.winning_moves(),
        summary.anchored_moves,
        summary.winning_anchored_moves
    )?;
    for m in &an.moves {
        outln!(
            "  {:<28} *{}{}",
            an.notation(&m.tiles),
            m.nimber,
            if m.wins() { "  wins" } else { "" }
        )?;
    }
    outln!("Dataset in {}.", out.display())
}
