//! `grundy cram BOARD`: the nimber of a Cram board, the outcome and every
//! winning move ([`grundy::jobs::cram`]).

use super::common::write_stdout;
use super::progress::Bars;
use anyhow::Context;
use grundy::games::cram::Board;
use grundy::jobs::cram::{solve, solve_misere, CramJob};
use grundy::jobs::memory::parse_size;
use serde_json::json;
use std::path::PathBuf;

/// `grundy cram`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The board: `RxC` (R rows, C columns, every cell empty, such as
    /// `5x7`), or a picture of rows separated by `/` with `.` for an empty
    /// cell and `#` for a filled one (`..#/.../#..`). The shorter side is
    /// at most 7 cells and the longer at most 15.
    #[arg(required_unless_present = "file", conflicts_with = "file")]
    pub board: Option<String>,
    /// Read the picture from FILE (rows one per line; `-` for standard
    /// input).
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Bound of the transposition table (`512M`, `4G`); default a quarter
    /// of the memory available, at most 4 GiB.
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
    /// Search boards of more than 40 empty cells (minutes to hours).
    #[arg(long)]
    pub force: bool,
    /// Only the nimber and outcome, not the winning moves (each move is
    /// one more question of the search).
    #[arg(long)]
    pub nimber_only: bool,
    /// Misère play (the player who cannot move wins): the outcome, by a
    /// search of whole positions (at most 20 million without --force).
    #[arg(long, conflicts_with = "nimber_only")]
    pub misere: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// Runs `grundy cram`.
///
/// # Errors
/// A malformed board or `--memory`, an unreadable `--file`, a board past
/// the limit without `--force`.
pub fn run(a: Args, bars: &Bars) -> anyhow::Result<()> {
    let text = match (&a.board, &a.file) {
        (Some(t), _) => t.clone(),
        (None, Some(p)) if p.as_os_str() == "-" => {
            std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
        }
        (None, Some(p)) => {
            std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?
        }
        (None, None) => anyhow::bail!("give a board (RxC or a picture) or --file"),
    };
    let board = Board::parse(&text)?;
    let table_bytes = match &a.memory {
        Some(s) => Some(
            parse_size(s)
                .and_then(|b| usize::try_from(b).ok())
                .filter(|&b| b >= 64)
                .with_context(|| {
                    format!(
                        "--memory {s:?} is not a size of at least 64 bytes (such as 512M or 4G)"
                    )
                })?,
        ),
        None => None,
    };
    let job = CramJob {
        board: &board,
        table_bytes,
        force: a.force,
        winning_moves: !a.nimber_only,
    };
    if a.misere {
        return misere(&job, a.json);
    }
    let ans = solve(&job, bars)?;
    let moves: Vec<String> = ans.winning_moves.iter().map(|m| m.to_string()).collect();
    let outcome = if ans.nimber == 0 { "P" } else { "N" };
    if a.json {
        let v = json!({
            "board": board.text(),
            "rows": board.rows(),
            "cols": board.cols(),
            "empty_cells": board.empty_cells(),
            "nimber": ans.nimber,
            "symmetry": ans.by_symmetry.map(|n| if n { "N" } else { "P" }),
            "outcome": outcome,
            "first_player_wins": ans.nimber != 0,
            "winning_moves": if a.nimber_only { serde_json::Value::Null } else { json!(moves) },
            "regions_solved": ans.stats.regions,
            "positions": ans.stats.positions,
            "table_values": ans.stored,
            "table_bytes": ans.table_bytes,
            "seconds": ans.seconds,
            "nimber_seconds": ans.nimber_seconds,
            "peak_mib": ans.peak_mib,
        });
        write_stdout(&format!("{v}\n"))
    } else {
        let wins = if ans.by_symmetry == Some(false) {
            "second player wins (P-position: even × even, the symmetry strategy)".to_string()
        } else if ans.nimber == 0 {
            "second player wins (P-position)".to_string()
        } else if a.nimber_only {
            "first player wins (N-position)".to_string()
        } else {
            format!(
                "first player wins (N-position); winning moves ({}): {}",
                moves.len(),
                moves.join(" ")
            )
        };
        let peak = peak_text(ans.peak_mib);
        write_stdout(&format!(
            "cram {}: nimber *{}, {wins}\n{} regions solved, {} positions, {:.3} s{peak}\n",
            board.text(),
            ans.nimber,
            ans.stats.regions,
            ans.stats.positions,
            ans.seconds
        ))
    }
}

/// `grundy cram --misere`.
fn misere(job: &CramJob<'_>, json_out: bool) -> anyhow::Result<()> {
    let ans = solve_misere(job)?;
    let board = job.board;
    let outcome = if ans.first_player_wins { "N" } else { "P" };
    if json_out {
        let v = json!({
            "board": board.text(),
            "rows": board.rows(),
            "cols": board.cols(),
            "empty_cells": board.empty_cells(),
            "play": "misere",
            "outcome": outcome,
            "first_player_wins": ans.first_player_wins,
            "positions": ans.positions,
            "seconds": ans.seconds,
            "peak_mib": ans.peak_mib,
        });
        write_stdout(&format!("{v}\n"))
    } else {
        let who = if ans.first_player_wins {
            "first player wins (N-position)"
        } else {
            "second player wins (P-position)"
        };
        let peak = peak_text(ans.peak_mib);
        write_stdout(&format!(
            "cram {} (misère play): {who}\n{} positions, {:.3} s{peak}\n",
            board.text(),
            ans.positions,
            ans.seconds
        ))
    }
}

/// `, peak N MiB`, or nothing where the peak is not known.
fn peak_text(peak_mib: Option<f64>) -> String {
    peak_mib.map_or(String::new(), |m| format!(", peak {m:.0} MiB"))
}
