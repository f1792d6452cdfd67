//! `grundy cram BOARD`: the nimber of a Cram board, the outcome and every
//! winning move ([`grundy_jobs::cram`]).

use super::common::{context, write_stdout};
use super::progress::Bars;
use anyhow::Context;
use grundy_core::progress::Progress;
use grundy_games::cram::Board;
use grundy_jobs::cram::{solve, solve_misere, verify_certificate, CramAnswer, CramJob};
use grundy_jobs::memory::parse_size;
use serde_json::json;
use std::path::PathBuf;

/// `grundy cram`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    /// `verify FILE`: recheck a certificate instead.
    #[command(subcommand)]
    pub command: Option<Sub>,
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
    /// Bound of the transposition table (`512M`, `4G`; with --misere, of
    /// the positions the search keeps), at most the memory available;
    /// default a quarter of the memory available, at most 4 GiB.
    #[arg(long, value_name = "SIZE")]
    pub memory: Option<String>,
    /// Search boards of more than 40 empty cells (minutes to hours, and
    /// past 52 cells days or more: the refusal gives the estimate).
    #[arg(long)]
    pub force: bool,
    /// Only the nimber and outcome, not the winning moves (each move is
    /// one more question of the search).
    #[arg(long)]
    pub nimber_only: bool,
    /// Misère play (the player who cannot move wins): the outcome, by a
    /// search of whole positions (at most 20 million without --force,
    /// each kept, in at most --memory).
    #[arg(long, conflicts_with = "nimber_only")]
    pub misere: bool,
    /// Also write a certificate of the nimber to FILE (CSV, zstd when
    /// FILE ends in .zst): facts about regions that `grundy cram verify`,
    /// or any program, rechecks by the rules alone.
    #[arg(long, value_name = "FILE", conflicts_with = "misere")]
    pub certificate: Option<PathBuf>,
    /// Keep the search's table in DIR (DIR/cram-table.bin.zst) every
    /// --checkpoint-every seconds and on Ctrl-C or SIGTERM, and start
    /// from the one there: an interrupted run (even by kill -9) resumes
    /// when the same command is run again, with the same answer.
    #[arg(long, value_name = "DIR", conflicts_with = "misere")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, value_name = "SECONDS", default_value_t = 300.0, requires = "checkpoint",
          value_parser = super::common::positive_seconds)]
    pub checkpoint_every: f64,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// The subcommands of `grundy cram`.
#[derive(Debug, clap::Subcommand)]
pub enum Sub {
    /// Recheck a certificate written by `grundy cram --certificate`, each
    /// fact by the rules alone (code that shares nothing with the search).
    Verify {
        /// The certificate (CSV, or zstd when the name ends in .zst).
        file: PathBuf,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
}

/// Runs `grundy cram`.
///
/// # Errors
/// A malformed board or `--memory`, an unreadable `--file`, a board past
/// the limit without `--force`.
pub fn run(a: Args, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    if let Some(Sub::Verify { file, json }) = &a.command {
        return verify(file, *json);
    }
    let board = Board::parse(&board_text(&a)?)?;
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
        certificate: a.certificate.as_deref(),
        checkpoint: a.checkpoint.as_deref(),
        checkpoint_every: std::time::Duration::from_secs_f64(a.checkpoint_every),
        threads,
    };
    if a.misere {
        return misere(&job, a.json, &context(bars, false));
    }
    let ans = solve(&job, &context(bars, a.checkpoint.is_some()))?;
    if a.json {
        write_stdout(&format!("{}\n", answer_json(&a, &board, &ans)))
    } else {
        write_stdout(&answer_text(&a, &board, &ans))
    }
}

/// The board's text: the argument, or the file (`-` for standard input).
fn board_text(a: &Args) -> anyhow::Result<String> {
    Ok(match (&a.board, &a.file) {
        (Some(t), _) => t.clone(),
        (None, Some(p)) if p.as_os_str() == "-" => {
            std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
        }
        (None, Some(p)) => {
            std::fs::read_to_string(p).with_context(|| format!("cannot read {}", p.display()))?
        }
        (None, None) => anyhow::bail!("give a board (RxC or a picture) or --file"),
    })
}

/// The winning moves of `ans` in the user's notation.
fn move_texts(ans: &CramAnswer) -> Vec<String> {
    ans.winning_moves.iter().map(|m| m.to_string()).collect()
}

/// The `--json` answer.
fn answer_json(a: &Args, board: &Board, ans: &CramAnswer) -> serde_json::Value {
    let moves = move_texts(ans);
    json!({
        "board": board.text(),
        "rows": board.rows(),
        "cols": board.cols(),
        "empty_cells": board.empty_cells(),
        "nimber": ans.nimber,
        "symmetry": ans.by_symmetry.map(|n| if n { "N" } else { "P" }),
        "outcome": if ans.nimber == 0 { "P" } else { "N" },
        "first_player_wins": ans.nimber != 0,
        "winning_moves": if a.nimber_only { serde_json::Value::Null } else { json!(moves) },
        "regions_solved": ans.stats.regions,
        "positions": ans.stats.positions,
        "threads": ans.threads,
        "table_values": ans.stored,
        "table_bytes": ans.table_bytes,
        "seconds": ans.seconds,
        "nimber_seconds": ans.nimber_seconds,
        "peak_mib": ans.peak_mib,
        "checkpoint": a.checkpoint.as_ref().map(|d| json!({
            "dir": d.display().to_string(),
            "resumed_values": ans.resumed,
            "written": ans.checkpoints,
        })),
        "certificate": ans.certificate.map(|c| json!({
            "path": a.certificate.as_ref().map(|p| p.display().to_string()),
            "is": c.is,
            "is_not": c.is_not,
            "seconds": c.seconds,
        })),
    })
}

/// The plain-text answer.
fn answer_text(a: &Args, board: &Board, ans: &CramAnswer) -> String {
    let moves = move_texts(ans);
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
    let cert = match (ans.certificate, &a.certificate) {
        (Some(c), Some(p)) => format!(
            "certificate {}: {} facts ({} =, {} ≠), {:.3} s\n",
            p.display(),
            c.is + c.is_not,
            c.is,
            c.is_not,
            c.seconds
        ),
        _ => String::new(),
    };
    let resumed = match &a.checkpoint {
        Some(d) => format!(
            "checkpoint {}: resumed from {} values, {} written\n",
            d.display(),
            ans.resumed,
            ans.checkpoints
        ),
        None => String::new(),
    };
    format!(
        "cram {}: nimber *{}, {wins}\n{} regions solved, {} positions, {:.3} s on {} thread{}{peak}\n{resumed}{cert}",
        board.text(),
        ans.nimber,
        ans.stats.regions,
        ans.stats.positions,
        ans.seconds,
        ans.threads,
        if ans.threads == 1 { "" } else { "s" }
    )
}

/// `grundy cram verify`.
fn verify(file: &std::path::Path, json_out: bool) -> anyhow::Result<()> {
    let ans = verify_certificate(file)?;
    if json_out {
        let v = json!({
            "certificate": file.display().to_string(),
            "board": ans.board.text(),
            "nimber": ans.nimber,
            "verified": true,
            "is": ans.facts.is,
            "is_not": ans.facts.is_not,
            "options": ans.options,
            "small_regions": ans.small,
            "seconds": ans.facts.seconds,
        });
        write_stdout(&format!("{v}\n"))
    } else {
        write_stdout(&format!(
            "certificate {}: verified, cram {} has nimber *{}\n{} facts ({} =, {} ≠) rechecked by the rules, {} options, {} small regions solved, {:.3} s\n",
            file.display(),
            ans.board.text(),
            ans.nimber,
            ans.facts.is + ans.facts.is_not,
            ans.facts.is,
            ans.facts.is_not,
            ans.options,
            ans.small,
            ans.facts.seconds
        ))
    }
}

/// `grundy cram --misere`.
fn misere(job: &CramJob<'_>, json_out: bool, progress: &dyn Progress) -> anyhow::Result<()> {
    let ans = solve_misere(job, progress)?;
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
            "memo_mib": ans.memo_bytes as f64 / f64::from(1u32 << 20),
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
