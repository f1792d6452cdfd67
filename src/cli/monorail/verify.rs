//! `grundy monorail verify DIR`: every value of every file of a dataset
//! directory checked against the rules.

use crate::cli::progress::Bars;
use clap::Args;
use grundy_core::Error;
use grundy_dataset::monorail::{check_regenerated_present, read_dataset, read_summary};
use grundy_dataset::monorail_verify::verify_dataset;
use grundy_games::monorail::cost::verify_cost;
use grundy_games::monorail::rules::check_tiles;
use grundy_jobs::memory::check;
use serde_json::json;
use std::path::PathBuf;

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

/// Verifies the dataset and says what was checked.
///
/// # Errors
/// An unreadable, malformed or wrong dataset; a verification refused for
/// its memory.
pub fn run(a: &VerifyArgs, bars: &Bars) -> anyhow::Result<()> {
    let summary = read_summary(&a.dir)?;
    let tiles = check_tiles(summary.tiles).map_err(|e| Error::VerificationFailed {
        path: a.dir.join(grundy_dataset::monorail::files::SUMMARY),
        reason: format!("field tiles: {e}"),
    })?;
    // Before the memory check: a fresh checkout lacks the table, and that
    // is what to say first.
    check_regenerated_present(&a.dir, tiles)?;
    check(
        &format!("verifying {} (T = {tiles})", a.dir.display()),
        &verify_cost(tiles)?,
        None,
        a.force,
    )?;
    let d = read_dataset(&a.dir)?;
    let r = verify_dataset(d, bars)?;
    if a.json {
        return outln!(
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
                "remoteness_checked": r.remoteness_checked,
            })
        );
    }
    outln!(
        "{}: OK: T = {}, {} positions checked against {} regenerated options; every value of {} first moves, {} subgame classes, {} loops and the summary re-derived{}",
        a.dir.display(),
        r.tiles,
        r.positions_checked,
        r.options_checked,
        r.first_moves_checked,
        r.subgames_checked,
        r.loops_checked,
        if r.remoteness_checked > 0 {
            format!(
                "; {} remoteness records re-derived",
                r.remoteness_checked
            )
        } else {
            String::new()
        }
    )
}
