//! `grundy treblecross table --max-n N`: every empty strip of 1..=N
//! cells, its nimber and winning first cells, as CSV or JSON
//! ([`grundy_jobs::treblecross::table`]).

use crate::cli::common::{refuse_input_as_output, write_out};
use grundy_dataset::treblecross::write_table_csv;
use grundy_dataset::treblecross_text::write_table_json;
use grundy_dataset::writable::check_writable;
use grundy_jobs::treblecross::{check_table, table};
use std::path::PathBuf;

/// `grundy treblecross table`.
#[derive(Debug, clap::Args)]
pub struct TableArgs {
    /// Largest strip (above 2^16 only with --force).
    #[arg(long)]
    pub max_n: usize,
    /// Write the CSV (or JSON) here (atomically) instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print one JSON object instead of CSV.
    #[arg(long)]
    pub json: bool,
    /// Gap values file, as for a row.
    #[arg(long, value_name = "FILE")]
    pub nimbers: Option<PathBuf>,
    /// Allow --max-n above 2^16 (up to 2^20).
    #[arg(long)]
    pub force: bool,
}

/// Runs `treblecross table`.
///
/// # Errors
/// `--max-n` out of range or too large without `--force`; an `--out` that
/// is the nimbers file or cannot be written; a wrong nimbers file.
pub fn run(t: TableArgs) -> anyhow::Result<()> {
    check_table(t.max_n, t.force)?;
    if let Some(out) = &t.out {
        refuse_input_as_output(out, t.nimbers.as_deref())?;
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            check_writable(dir)?;
        }
    }
    let rows = table(t.max_n, t.nimbers.as_deref(), t.force)?;
    if t.json {
        write_out(t.out.as_deref(), |w| write_table_json(w, t.max_n, &rows))
    } else {
        write_out(t.out.as_deref(), |w| write_table_csv(w, &rows))
    }
}
