//! `grundy octal misere-census`: every octal code of up to two digits, its
//! partial misère quotients and genus ([`grundy_jobs::misere_census`]).

use crate::cli::common::write_stdout;
use crate::cli::progress::Bars;

use clap::Args;
use grundy_games::octal::OctalCode;
use grundy_jobs::misere_census::{default_dir, run as census, MisereCensusJob, CENSUS_LIMITS};
use std::path::PathBuf;

/// `grundy octal misere-census`.
#[derive(Debug, Args)]
pub struct MisereCensusArgs {
    /// Codes of up to this many digits (1, 2 or 3).
    #[arg(long, default_value_t = 2)]
    pub digits: usize,
    /// The heap bound of every code.
    #[arg(long, default_value_t = 100)]
    pub max_heap: usize,
    /// Positions the outcome search may keep per heap of each code.
    #[arg(long, default_value_t = CENSUS_LIMITS.positions)]
    pub positions: usize,
    /// Seconds per code instead of fixed bounds: each code stops at the
    /// first heap it does not prove within them, and the bounds become what
    /// the memory holds (how far it reaches then depends on the machine).
    #[arg(long, value_name = "SECONDS")]
    pub budget: Option<f64>,
    /// A budget of its own for one code, as CODE=SECONDS (repeatable), e.g.
    /// 0.07=3600 for Dawson's Kayles' growth table.
    #[arg(long, value_name = "CODE=SECONDS", value_parser = parse_deep)]
    pub deep: Vec<(String, f64)>,
    /// Keep each code's last proved Q_n in DIR after every heap and continue
    /// from it (rechecked from the rules) when run again.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<PathBuf>,
    /// The dataset directory (census.csv, summary.json) [default:
    /// data/misere/census, or data/misere/census-3 with --digits 3].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write DIR/misere-census.md (misere-census-3.md with --digits 3).
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
}

fn parse_deep(s: &str) -> Result<(String, f64), String> {
    let (c, b) = s
        .split_once('=')
        .ok_or_else(|| format!("{s:?} is not CODE=SECONDS"))?;
    let b: f64 = b
        .trim()
        .parse()
        .map_err(|e| format!("SECONDS {b:?}: {e}"))?;
    Ok((c.trim().to_string(), b))
}

/// Runs `octal misere-census`.
///
/// # Errors
/// Bad bounds; outputs that cannot be written; a stop request.
pub fn run(a: MisereCensusArgs, bars: &Bars) -> anyhow::Result<()> {
    let mut limits = CENSUS_LIMITS;
    limits.positions = a.positions;
    limits.states = a.positions;
    limits.table = a.positions;
    let deep = a
        .deep
        .iter()
        .map(|(c, b)| Ok((c.parse::<OctalCode>()?, *b)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| default_dir(a.digits).into());
    let job = MisereCensusJob {
        digits: a.digits,
        max_heap: a.max_heap,
        limits,
        out: &out,
        reports: a.reports.as_deref(),
        budget_s: a.budget,
        deep: &deep,
        checkpoint: a.checkpoint.as_deref(),
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
            "{} {} Q_{} = {}: {}\n",
            if cmp.published {
                "published"
            } else {
                "MisereSolver"
            },
            cmp.code,
            cmp.n,
            cmp.published_order,
            cmp.verdict()
        ));
    }
    write_stdout(&text)
}
