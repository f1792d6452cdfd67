//! `grundy reproduce`: regenerate everything in `data/` and `reports/`.

use super::monorail::solve_all;
use super::progress::Bars;

use grundy::games::monorail::rules::STANDARD_TILES;
use std::path::PathBuf;

/// `grundy reproduce`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Root of the data directory.
    #[arg(long, default_value = "data")]
    pub data: PathBuf,
    /// Root of the reports directory.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
}

/// Reruns the Monorail proof for T = 16 into `data/monorail` and
/// `reports/monorail.md`.
///
/// # Errors
/// As the solve.
pub fn run(a: Args, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    let out = a.data.join("monorail");
    let s = solve_all(
        STANDARD_TILES,
        &out,
        &a.reports,
        threads,
        bars,
        "cargo run --release -- reproduce".to_string(),
    )?;
    outln!(
        "Monorail, T = {}: start nimber *{}, the first player {}; {} of {} first moves (up to symmetry) win; {} position classes solved. Wrote {} and {}.",
        s.tiles,
        s.start_nimber,
        if s.first_player_wins { "wins" } else { "loses" },
        s.winning_first_moves,
        s.first_moves,
        s.positions_solved,
        out.display(),
        a.reports.join("monorail.md").display()
    );
    Ok(())
}
