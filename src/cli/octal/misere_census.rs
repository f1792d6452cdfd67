//! `grundy octal misere-census`: every octal code of up to two digits, its
//! partial misère quotients and genus ([`grundy::jobs::misere_census`]).

use crate::cli::common::write_stdout;
use crate::cli::progress::Bars;
use clap::Args;
use grundy::jobs::misere_census::{run as census, MisereCensusJob, CENSUS_LIMITS};
use std::path::PathBuf;

/// `grundy octal misere-census`.
#[derive(Debug, Args)]
pub struct MisereCensusArgs {
    /// Codes of up to this many digits (1 or 2).
    #[arg(long, default_value_t = 2)]
    pub digits: usize,
    /// The heap bound of every code.
    #[arg(long, default_value_t = 100)]
    pub max_heap: usize,
    /// Positions the outcome search may keep per heap of each code.
    #[arg(long, default_value_t = CENSUS_LIMITS.positions)]
    pub positions: usize,
    /// The dataset directory (census.csv, summary.json).
    #[arg(long, default_value = "data/misere/census")]
    pub out: PathBuf,
    /// Also write DIR/misere-census.md.
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
}

/// Runs `octal misere-census`.
///
/// # Errors
/// Bad bounds; outputs that cannot be written; a stop request.
pub fn run(a: MisereCensusArgs, bars: &Bars) -> anyhow::Result<()> {
    let mut limits = CENSUS_LIMITS;
    limits.positions = a.positions;
    limits.states = a.positions;
    let job = MisereCensusJob {
        digits: a.digits,
        max_heap: a.max_heap,
        limits,
        out: &a.out,
        reports: a.reports.as_deref(),
    };
    let c = census(&job, bars)?;
    let mut text = String::new();
    for r in &c.rows {
        text.push_str(&format!(
            "{}: {} (Q_{} order {}, |P| {}, stable from n = {})\n",
            r.code, r.status, r.computed_to, r.order, r.p_portion_size, r.last_change
        ));
    }
    for cmp in &c.comparisons {
        text.push_str(&format!(
            "published {} Q_{} = {}: {}\n",
            cmp.code,
            cmp.n,
            cmp.published_order,
            cmp.verdict()
        ));
    }
    write_stdout(&text)
}
