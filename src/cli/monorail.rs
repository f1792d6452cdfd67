//! `grundy monorail solve | verify | show`.

use super::progress::Bars;
use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use grundy::dataset::monorail::{read_dataset, read_summary, verify_dataset, Summary};
use grundy::games::monorail::board::Board;
use grundy::games::monorail::cost::{chunk_records, start_classes, verify_cost};
use grundy::games::monorail::moves::entries_of;
use grundy::games::monorail::position::Position;
use grundy::games::monorail::root::analyse_root;
use grundy::games::monorail::rules::{check_tiles, STANDARD_TILES};
use grundy::jobs::memory::check;
use grundy::jobs::monorail_position::{Game, PositionJob};
use grundy::Error;
use serde_json::json;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Monorail subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every position reachable from the start; write the datasets and
    /// the report.
    Solve(SolveArgs),
    /// Check every value of every file of a dataset directory against the
    /// rules.
    Verify(VerifyArgs),
    /// Show a position: picture, loops left, nimber, winning moves.
    Show(ShowArgs),
    /// Play against the perfect strategist in the terminal (moves in
    /// compact notation on standard input; hint, undo, quit).
    Play(super::monorail_play::PlayArgs),
}

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
    /// available.
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

/// `--board WxH --station X,Y`: Monorail on a bounded board.
#[derive(Debug, Args, Clone, Default)]
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
    /// [`Error::BadBoard`] for a malformed or impossible board.
    pub fn board(&self) -> grundy::Result<Option<Board>> {
        match (&self.board, &self.station) {
            (Some(b), Some(s)) => Ok(Some(Board::parse(b, s)?)),
            _ => Ok(None),
        }
    }
}

/// A positive number of seconds, at most a day.
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 86_400.0 => Ok(v),
        _ => Err(format!("{text:?} is not a number of seconds in (0, 86400]")),
    }
}

/// `grundy monorail verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The dataset directory written by `solve`.
    pub dir: PathBuf,
    /// Run even if the estimated memory exceeds what the machine has
    /// available.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead: `dir`, `ok`, `tiles` and the counts
    /// checked.
    #[arg(long)]
    pub json: bool,
}

/// `grundy monorail show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The position in compact notation (`x,y,TYPE;...`, `-` for the start),
    /// or a file (at most 1 MiB) holding a compact position or a picture.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Tile count T.
    #[arg(long, default_value_t = STANDARD_TILES)]
    pub tiles: usize,
    /// Print one JSON object: position, tiles, tiles_placed, loops_left,
    /// finished, nimber, outcome (P/N), first_player_wins, winning_moves.
    #[arg(long)]
    pub json: bool,
    /// Run even if the estimated cost exceeds the 1 GiB that `show` allows
    /// itself (or the memory available).
    #[arg(long)]
    pub force: bool,
    #[command(flatten)]
    pub board: BoardArgs,
}

/// Memory `show` allows itself without `--force`: enough for any position
/// of the 16-tile game, the start included.
const SHOW_BUDGET_BYTES: f64 = (1u64 << 30) as f64;

/// Largest position file `show` reads.
const POSITION_FILE_LIMIT: u64 = 1 << 20;

/// Runs a Monorail subcommand.
///
/// # Errors
/// Bad arguments, bad input files, failed writes, failed verification,
/// refused work.
pub fn run(c: Command, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    match c {
        Command::Solve(a) if a.board.board.is_some() || a.from.is_some() => {
            solve_position(&a, bars)
        }
        Command::Solve(a) => {
            let tiles = check_tiles(a.tiles)?;
            super::mpi::refuse_without_feature()?;
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
                (Some(secs), false) => Some(std::time::Duration::from_secs_f64(secs)),
                (None, false) => (tiles >= CHECKPOINT_FROM_TILES)
                    .then(|| std::time::Duration::from_secs(DEFAULT_CHECKPOINT_SECONDS)),
            };
            #[cfg(feature = "mpi")]
            if super::mpi::launched_ranks().is_some() {
                let Some(s) = super::mpi::solve(
                    tiles,
                    &out,
                    reports.as_deref(),
                    threads,
                    bars,
                    command,
                    checkpoint,
                    a.force,
                )?
                else {
                    return Ok(()); // a rank other than 0: rank 0 reports
                };
                if a.json {
                    outln!(
                        "{}",
                        json!({"tiles": s.tiles, "nimber": s.start_nimber, "summary": &s})
                    );
                } else {
                    print_summary(&s, &out, reports.as_deref());
                }
                return Ok(());
            }
            let s = solve_into(
                tiles,
                &out,
                reports.as_deref(),
                threads,
                bars,
                command,
                checkpoint,
                None,
                a.force,
            )?;
            if a.json {
                outln!(
                    "{}",
                    json!({
                        "tiles": s.tiles,
                        "nimber": s.start_nimber,
                        "outcome": if s.first_player_wins { "N" } else { "P" },
                        "first_player_wins": s.first_player_wins,
                        "out": out.display().to_string(),
                        "reports": reports.as_ref().map(|r| r.display().to_string()),
                        "summary": &s,
                    })
                );
                return Ok(());
            }
            print_summary(&s, &out, reports.as_deref());
            Ok(())
        }
        Command::Verify(a) => {
            let summary = read_summary(&a.dir)?;
            let tiles = check_tiles(summary.tiles).map_err(|e| Error::VerificationFailed {
                path: a.dir.join(grundy::dataset::monorail::files::SUMMARY),
                reason: format!("field tiles: {e}"),
            })?;
            check(
                &format!("verifying {} (T = {tiles})", a.dir.display()),
                &verify_cost(tiles)?,
                None,
                a.force,
            )?;
            let d = read_dataset(&a.dir)?;
            let r = verify_dataset(d, bars)?;
            if a.json {
                outln!(
                    "{}",
                    json!({
                        "dir": a.dir.display().to_string(),
                        "ok": true,
                        "tiles": r.tiles,
                        "positions_checked": r.positions_checked,
                        "options_checked": r.options_checked,
                        "first_moves_checked": r.first_moves_checked,
                        "subgames_checked": r.subgames_checked,
                        "loops_checked": r.loops_checked,
                    })
                );
                return Ok(());
            }
            outln!(
                "{}: OK: T = {}, {} positions checked against {} regenerated options; every value of {} first moves, {} subgame classes, {} loops and the summary re-derived",
                a.dir.display(),
                r.tiles,
                r.positions_checked,
                r.options_checked,
                r.first_moves_checked,
                r.subgames_checked,
                r.loops_checked
            );
            Ok(())
        }
        Command::Show(a) => show(&a, bars),
        Command::Play(a) => super::monorail_play::run(&a, bars),
    }
}

/// The default dataset directory for `tiles`.
pub fn default_out(tiles: usize) -> PathBuf {
    if tiles == STANDARD_TILES {
        PathBuf::from("data/monorail")
    } else {
        PathBuf::from(format!("data/monorail-t{tiles}"))
    }
}

/// Checks, before any work starts and without creating anything, that the
/// directory `dir` can be created (or is a directory) and written in.
pub(crate) fn check_out_dir(dir: &Path) -> anyhow::Result<()> {
    let mut probe = dir.to_path_buf();
    loop {
        match std::fs::metadata(&probe) {
            Ok(m) if m.is_dir() => {
                tempfile::tempfile_in(&probe)
                    .map(drop)
                    .map_err(|e| anyhow::anyhow!("cannot write in {}: {e}", dir.display()))?;
                return Ok(());
            }
            Ok(_) => bail!(
                "cannot write in {}: {} is not a directory",
                dir.display(),
                probe.display()
            ),
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                probe = match probe.parent() {
                    Some(p) if p.as_os_str().is_empty() => PathBuf::from("."),
                    Some(p) => p.to_path_buf(),
                    None => bail!("cannot write in {}: {e}", dir.display()),
                };
            }
            Err(e) => bail!("cannot write in {}: {e}", dir.display()),
        }
    }
}

/// Checkpoint interval used by default for runs of at least
/// [`CHECKPOINT_FROM_TILES`] tiles.
pub const DEFAULT_CHECKPOINT_SECONDS: u64 = 300;
/// Smallest tile count checkpointed by default (T = 18 takes minutes).
pub const CHECKPOINT_FROM_TILES: usize = 18;

/// Solves T and writes the dataset to `out` and, if given, the report under
/// `reports` ([`grundy::jobs::monorail::run`]). Both directories are checked
/// first; nothing is written until everything is computed, and the dataset
/// directory is written all or nothing. With a checkpoint interval the run
/// resumes from `out/checkpoint/` and stops cleanly on Ctrl-C or SIGTERM.
///
/// With `solver`, the solve is done by it instead (the distributed solve,
/// on MPI rank 0).
///
/// # Errors
/// Unwritable directories, a failed write, a tile count out of range, a
/// corrupt checkpoint, an interruption.
#[allow(clippy::too_many_arguments)]
pub fn solve_into(
    tiles: usize,
    out: &Path,
    reports: Option<&Path>,
    threads: usize,
    bars: &Bars,
    command: String,
    checkpoint: Option<std::time::Duration>,
    solver: Option<grundy::jobs::monorail::ExternalSolve<'_>>,
    force: bool,
) -> anyhow::Result<Summary> {
    check_out_dir(out)?;
    if let Some(r) = reports {
        check_out_dir(r)?;
    }
    let no_stop = std::sync::atomic::AtomicBool::new(false);
    let stop = if checkpoint.is_some() {
        super::stop_flag()
    } else {
        &no_stop
    };
    let job = grundy::jobs::monorail::SolveJob {
        solver,
        tiles,
        out,
        reports,
        threads,
        command,
        checkpoint,
        stop,
        chunk_records: chunk_records(start_classes(tiles)?),
        force,
    };
    let run = grundy::jobs::monorail::run(&job, bars)?;
    if run.resumed.0 > 0 {
        eprintln!(
            "resumed from {} checkpoint chunks ({} position classes)",
            run.resumed.0, run.resumed.1
        );
    }
    Ok(run.summary)
}

fn print_summary(s: &Summary, out: &Path, reports: Option<&Path>) {
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
    );
}

/// Reads the `show` argument: `-` (the start), compact notation, a
/// picture, or the name of a file (at most 1 MiB of UTF-8) holding either.
fn parse_position_arg(text: &str) -> anyhow::Result<Position> {
    let notation = |t: &str| -> anyhow::Result<Position> {
        if t.contains("===") {
            Ok(Position::from_picture(t)?)
        } else {
            Ok(t.trim().parse()?)
        }
    };
    if text.trim() == "-" || text.contains(',') || text.contains("===") {
        return notation(text);
    }
    let path = Path::new(text);
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(_) => return notation(text),
    };
    if meta.is_dir() {
        bail!("{text} is a directory, not a position or a position file");
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(POSITION_FILE_LIMIT + 1).read_to_end(&mut bytes))
        .map_err(|e| anyhow::anyhow!("cannot read {text}: {e}"))?;
    if bytes.len() as u64 > POSITION_FILE_LIMIT {
        bail!("position file {text} is larger than 1 MiB");
    }
    let content = String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!("position file {text} is not UTF-8 text: {}", e.utf8_error())
    })?;
    if content.trim().is_empty() {
        bail!("position file {text} is empty (write `-` in it for the start position)");
    }
    notation(&content).with_context(|| format!("position file {text}"))
}

/// `monorail solve --board ... [--from P]` or `--from P`: the value of
/// one position and of every move from it, written as a small dataset.
fn solve_position(a: &SolveArgs, bars: &Bars) -> anyhow::Result<()> {
    let tiles = check_tiles(a.tiles)?;
    let board = a.board.board()?;
    let root = grundy::games::monorail::board::parse_framed(
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
    let an = grundy::jobs::monorail_position::run(&job, bars)?;
    let summary = grundy::dataset::monorail_board::BoardSummary::of(&an);
    if a.json {
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
        let mut v = serde_json::to_value(&summary)?;
        v["out"] = json!(out.display().to_string());
        v["reports"] = json!(a.reports.as_ref().map(|r| r.display().to_string()));
        v["moves"] = json!(moves);
        outln!("{v}");
        return Ok(());
    }
    let place = match &board {
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
        "Monorail, T = {tiles}, {place}, from {}: nimber *{} ({}); {} loops fit, {} still completable; {} position classes solved.",
        summary.position,
        an.nimber,
        outcome_text(an.nimber),
        an.loops,
        an.loops_left,
        an.classes
    );
    if let Some(b) = &board {
        super::write_stdout(&b.picture(&an.root));
    }
    outln!(
        "{} distinct moves (by the cells and types they place), {} winning; counted once per anchor cell: {}, {} winning.",
        an.moves.len(),
        an.winning_moves(),
        summary.anchored_moves,
        summary.winning_anchored_moves
    );
    for m in &an.moves {
        outln!(
            "  {:<28} *{}{}",
            an.notation(&m.tiles),
            m.nimber,
            if m.wins() { "  wins" } else { "" }
        );
    }
    outln!("Dataset in {}.", out.display());
    Ok(())
}

fn outcome_text(v: u16) -> &'static str {
    if v == 0 {
        "P-position: the player to move loses"
    } else {
        "N-position: the player to move wins"
    }
}

/// `monorail show --board ...`: the position on the board, its value and
/// its winning moves, in board coordinates.
fn show_board(a: &ShowArgs, board: Board, bars: &Bars) -> anyhow::Result<()> {
    let tiles = check_tiles(a.tiles)?;
    let p = board.parse_position(&a.position)?;
    let what = format!("monorail show --tiles {tiles} --board {board}");
    let an = show_game(a, tiles, Some(board), &what).analyse(&p, bars)?;
    let wins: Vec<String> = an
        .moves
        .iter()
        .filter(|m| m.wins())
        .map(|m| an.notation(&m.tiles))
        .collect();
    if a.json {
        outln!(
            "{}",
            json!({
                "position": an.notation(p.tiles()),
                "tiles": tiles,
                "board": {"width": board.width(), "height": board.height(), "station": [board.station().0, board.station().1]},
                "tiles_placed": p.len(),
                "loops_left": an.loops_left,
                "finished": an.finished,
                "nimber": an.nimber,
                "outcome": if an.nimber == 0 { "P" } else { "N" },
                "first_player_wins": an.nimber != 0,
                "winning_moves": wins,
            })
        );
        return Ok(());
    }
    outln!("position: {} (board {board})", an.notation(p.tiles()));
    super::write_stdout(&board.picture(&p));
    outln!("tiles placed: {} (T = {tiles})", p.len());
    outln!("completable loops left: {}", an.loops_left);
    outln!("nimber: *{} ({})", an.nimber, outcome_text(an.nimber));
    print_winning(an.finished, &wins);
    Ok(())
}

/// The `winning moves` lines of `show`.
fn print_winning<T: std::fmt::Display>(finished: bool, wins: &[T]) {
    if finished {
        outln!("winning moves: none (the loop is finished: the last mover won)");
    } else if wins.is_empty() {
        outln!("winning moves: none (every move leads to an N-position)");
    } else {
        outln!("winning moves ({}):", wins.len());
        for w in wins {
            outln!("  {w}");
        }
    }
}

/// The game `show` solves: at most [`SHOW_BUDGET_BYTES`] without `--force`.
fn show_game<'a>(a: &ShowArgs, tiles: usize, board: Option<Board>, what: &'a str) -> Game<'a> {
    Game {
        tiles,
        board,
        what,
        budget: Some((SHOW_BUDGET_BYTES, "show")),
        force: a.force,
    }
}

fn show(a: &ShowArgs, bars: &Bars) -> anyhow::Result<()> {
    if let Some(board) = a.board.board()? {
        return show_board(a, board, bars);
    }
    let tiles = check_tiles(a.tiles)?;
    let p = parse_position_arg(&a.position)?;
    if p.len() > tiles {
        return Err(Error::ImpossiblePosition {
            position: p.to_string(),
            reason: format!(
                "{} tiles are placed but a loop has at most {tiles}",
                p.len()
            ),
        }
        .into());
    }
    let what = format!("monorail show --tiles {tiles}");
    let game = show_game(a, tiles, None, &what);
    let (rules, table) = game.table(false)?;
    game.check_search(&rules, &table, &p)?;
    let entries = entries_of(&table, &p);
    let forced = (entries.len() == 1).then(|| &table.loops[entries[0].0 as usize]);
    let an = analyse_root(&rules, &table, &p, bars)?;
    let v = an.nimber;
    let mut wins: Vec<Position> = an
        .moves
        .iter()
        .filter(|m| m.wins())
        .map(|m| Position::from_tiles(m.tiles.clone()))
        .collect::<grundy::Result<_>>()?;
    wins.sort();
    let finished = rules.is_complete(&p);
    if a.json {
        let moves: Vec<String> = wins.iter().map(ToString::to_string).collect();
        outln!(
            "{}",
            json!({
                "position": p.to_string(),
                "tiles": tiles,
                "tiles_placed": p.len(),
                "loops_left": entries.len(),
                "finished": finished,
                "nimber": v,
                "outcome": if v == 0 { "P" } else { "N" },
                "first_player_wins": v != 0,
                "winning_moves": moves,
            })
        );
        return Ok(());
    }
    outln!("position: {p}");
    super::write_stdout(&p.picture(forced));
    outln!("tiles placed: {} (T = {tiles})", p.len());
    outln!("completable loops left: {}", entries.len());
    outln!(
        "nimber: *{v} ({})",
        if v == 0 {
            "P-position: the player to move loses"
        } else {
            "N-position: the player to move wins"
        }
    );
    print_winning(finished, &wins);
    Ok(())
}
