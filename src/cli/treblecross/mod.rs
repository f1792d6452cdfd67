//! `grundy treblecross ROW | --batch FILE`: the winning cells of a
//! Treblecross row, or of many rows at once
//! ([`grundy_jobs::treblecross`]); `grundy treblecross table` (in
//! [`table`]): the table of empty strips.

pub mod table;

use crate::cli::common::{refuse_input_as_output, write_out};
use anyhow::Context;
use grundy_dataset::treblecross_text::{write_answer, write_answers};
use grundy_jobs::treblecross::{answer_batch, answer_row};
use std::path::PathBuf;

/// `grundy treblecross`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    /// A row: '.' for an empty cell, 'X' for a marked one, e.g. `..X....X..`.
    /// Prints WINNING with every winning cell, numbered from 1 at the left
    /// (`WINNING 3 8 (cells numbered from 1 at the left)`), or LOSING.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    pub position: Option<String>,
    /// Answer every row of FILE (`-` for standard input), one answer per
    /// line: rows one per line, or a count line then that many rows. The
    /// answers are the contest format, `WINNING 3 8` (cells numbered from
    /// 1) or `LOSING`, without the note of a single row.
    #[arg(long, value_name = "FILE")]
    pub batch: Option<PathBuf>,
    /// Gap values: a nim-sequence file of 0.007 (as written by `grundy
    /// octal` or `reproduce`), checked before use; values beyond it are
    /// computed. Without it the values needed are computed.
    #[arg(long, value_name = "FILE")]
    pub nimbers: Option<PathBuf>,
    /// Compute gap values for gaps longer than 2^17 cells (minutes).
    #[arg(long)]
    pub force: bool,
    /// Write the answers here (atomically) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    #[command(subcommand)]
    pub command: Option<Sub>,
}

/// Subcommands of `grundy treblecross`.
#[derive(Debug, clap::Subcommand)]
pub enum Sub {
    /// For every empty strip of 1..=N cells: nimber, whether the first
    /// player wins and every winning first cell (numbered from 1), as CSV.
    Table(table::TableArgs),
}

/// Runs `grundy treblecross`.
///
/// # Errors
/// A malformed or finished row, an unreadable batch or nimbers file, an
/// unwritable `--out`, or an `--out` that is one of the inputs.
pub fn run(a: Args) -> anyhow::Result<()> {
    if let Some(Sub::Table(t)) = a.command {
        return table::run(t);
    }
    if let Some(out) = &a.out {
        let inputs = [a.batch.as_deref(), a.nimbers.as_deref()];
        refuse_input_as_output(out, inputs.into_iter().flatten())?;
    }
    let nimbers = a.nimbers.as_deref();
    if let Some(path) = &a.batch {
        let (rows, answers) = answer_batch(path, nimbers, a.force)?;
        return write_out(a.out.as_deref(), |w| {
            write_answers(w, &rows, &answers, a.json)
        });
    }
    let text = a.position.context("give a POSITION or --batch FILE")?;
    let (row, x) = answer_row(&text, nimbers, a.force)?;
    write_out(a.out.as_deref(), |w| write_answer(w, &row, &x, a.json))
}
