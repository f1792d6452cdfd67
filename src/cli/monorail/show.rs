//! `grundy monorail show POSITION`: a position's picture, the loops left,
//! its nimber and its winning moves, on the unbounded grid or on a board.

use crate::cli::common::{forced_loop, monorail_picture, outcome_text, write_stdout, BoardArgs};
use crate::cli::progress::Bars;
use anyhow::{bail, Context};
use clap::Args;
use grundy_core::error::ImpossibleError;
use grundy_core::Error;
use grundy_games::monorail::board::Board;
use grundy_games::monorail::moves::entries_of;
use grundy_games::monorail::position::Position;
use grundy_games::monorail::root::analyse_root;
use grundy_games::monorail::rules::{check_tiles, STANDARD_TILES};
use grundy_jobs::monorail_position::Game;
use serde_json::json;
use std::io::Read;
use std::path::Path;

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
        return outln!(
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
    }
    outln!("position: {} (board {board})", an.notation(p.tiles()))?;
    write_stdout(&monorail_picture(Some(&board), &p, None))?;
    outln!("tiles placed: {} (T = {tiles})", p.len())?;
    outln!("completable loops left: {}", an.loops_left)?;
    outln!("nimber: *{} ({})", an.nimber, outcome_text(an.nimber))?;
    print_winning(an.finished, &wins)
}

/// The `winning moves` lines of `show`.
fn print_winning<T: std::fmt::Display>(finished: bool, wins: &[T]) -> anyhow::Result<()> {
    if finished {
        outln!("winning moves: none (the loop is finished: the last mover won)")?;
    } else if wins.is_empty() {
        outln!("winning moves: none (every move leads to an N-position)")?;
    } else {
        outln!("winning moves ({}):", wins.len())?;
        for w in wins {
            outln!("  {w}")?;
        }
    }
    Ok(())
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

/// Shows the position.
///
/// # Errors
/// A bad tile count, board or position; a position that cannot arise; a
/// solve refused for its cost.
pub fn run(a: &ShowArgs, bars: &Bars) -> anyhow::Result<()> {
    if let Some(board) = a.board.board()? {
        return show_board(a, board, bars);
    }
    let tiles = check_tiles(a.tiles)?;
    let p = parse_position_arg(&a.position)?;
    if p.len() > tiles {
        return Err(Error::ImpossiblePosition {
            position: p.to_string(),
            source: ImpossibleError::TooManyTiles {
                placed: p.len(),
                tiles,
            },
        }
        .into());
    }
    let what = format!("monorail show --tiles {tiles}");
    let game = show_game(a, tiles, None, &what);
    let (rules, table) = game.table(false)?;
    game.check_search(&rules, &table, &p)?;
    let entries = entries_of(&table, &p);
    let an = analyse_root(&rules, &table, &p, bars)?;
    let v = an.nimber;
    let mut wins: Vec<Position> = an
        .moves
        .iter()
        .filter(|m| m.wins())
        .map(|m| Position::from_tiles(m.tiles.clone()))
        .collect::<grundy_core::Result<_>>()?;
    wins.sort();
    let finished = rules.is_complete(&p);
    if a.json {
        let moves: Vec<String> = wins.iter().map(ToString::to_string).collect();
        return outln!(
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
    }
    outln!("position: {p}")?;
    write_stdout(&monorail_picture(None, &p, forced_loop(&table, &p)))?;
    outln!("tiles placed: {} (T = {tiles})", p.len())?;
    outln!("completable loops left: {}", entries.len())?;
    outln!("nimber: *{v} ({})", outcome_text(v))?;
    print_winning(finished, &wins)
}
