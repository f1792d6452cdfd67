//! `grundy octal sparse FILE [--out DIR] [--reports DIR] [--run TEXT]`:
//! the sparse space of a computed sequence by depth, set beside the
//! published figures ([`grundy_jobs::octal::sparse_report`]).

use crate::cli::common::context;
use crate::cli::progress::Bars;
use clap::Args;
use grundy_jobs::octal::sparse_report;
use std::path::PathBuf;

/// `grundy octal sparse`.
#[derive(Debug, Args)]
pub struct SparseArgs {
    /// A sequence file (`octal seq --checkpoint`'s, or a dataset's
    /// sequence.bin.zst).
    pub file: PathBuf,
    /// Write sparse.csv, rare.csv and summary.json here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Write CODE-sparse.md here.
    #[arg(long)]
    pub reports: Option<PathBuf>,
    /// How the values were computed, for the report.
    #[arg(long, default_value = "read from a sequence file")]
    pub run: String,
}

/// Runs `octal sparse`.
///
/// # Errors
/// An unreadable or corrupt file; outputs that cannot be written.
pub fn run(a: SparseArgs, bars: &Bars) -> anyhow::Result<()> {
    let r = sparse_report(
        &a.file,
        a.out.as_deref(),
        a.reports.as_deref(),
        &a.run,
        &context(bars, false),
    )?;
    let last = r.depths.last();
    let space = last.and_then(|d| d.space);
    outln!(
        "{}: G(0..={}); largest value {} (first at n = {}); {} rare values under mask {} (n >= 1), the last at n = {}.",
        r.code,
        last.map_or(0, |d| d.n),
        last.map_or(0, |d| d.max_value),
        last.map_or(0, |d| d.max_value_at),
        space.map_or(0, |s| s.rare_count),
        space.map_or("none".to_string(), |s| format!("{:#x}", s.mask)),
        space.and_then(|s| s.last_rare).map_or("-".to_string(), |l| l.to_string())
    )
}
