//! `grundy octal census [--digits D] [--max-n N] [--budget T,M]
//! [--published-budget T,M] [--shard I/K] [--out DIR] [--reports DIR]
//! [--resume] [--json]`, `grundy octal census --deepen published
//! --published-budget T,M --out DIR` (the families of published codes of a
//! census on disk given that budget, recomputing only what it changes),
//! `grundy octal census --report-only --out DIR --reports DIR` (the report
//! re-rendered from a census on disk, nothing recomputed but the plotted
//! sequences) and `grundy octal census merge DIR… --out DIR`: flags
//! checked, then one library call ([`grundy_jobs::census`]). `octal verify
//! CENSUS-DIR` is in [`super::verify`].

use crate::cli::common::{context, refuse_input_as_output};
use crate::cli::progress::Bars;
use clap::{Args, Subcommand, ValueEnum};
use grundy_dataset::census::Summary;
use grundy_jobs::census::{
    deepen, merge, parse_budget, parse_shard, validate, validate_published, Budget, CensusJob,
    CensusRun, DeepenJob, DEFAULT_BUDGET, DEFAULT_MAX_N,
};
use std::path::PathBuf;

/// `grundy octal census`.
#[derive(Debug, Args)]
pub struct CensusArgs {
    /// Merge shard outputs instead of computing.
    #[command(subcommand)]
    pub merge: Option<CensusCommand>,
    /// Codes with up to D digits after the point (1 to 4): 2·8^D codes.
    #[arg(long, default_value_t = 3)]
    pub digits: usize,
    /// Compute every game that does not settle sooner up to n = N.
    #[arg(long, default_value_t = DEFAULT_MAX_N)]
    pub max_n: usize,
    /// Past N, go on while each family's budget lasts: time (converted to
    /// work units, so the census is the same on every machine) and memory,
    /// as in 30s,1GiB. 0s stops every game at N.
    #[arg(long, default_value = DEFAULT_BUDGET, value_parser = parse_budget)]
    pub budget: Budget,
    /// The budget of the families holding a code that a published table
    /// solves (the codes of the report's "Against the published periods"),
    /// instead of --budget: at least as much time and memory, as in
    /// 600s,4GiB.
    #[arg(long, value_parser = parse_budget)]
    pub published_budget: Option<Budget>,
    /// Rewrite the census in OUT with --published-budget, recomputing only
    /// the families it can change (digits, N and budget are the census's):
    /// the same census as a run with that option.
    #[arg(
        long,
        value_enum,
        requires = "published_budget",
        conflicts_with_all = ["digits", "max_n", "budget", "shard", "report_only"]
    )]
    pub deepen: Option<Deepen>,
    /// Compute only shard I of K (1 <= I <= K): the codes whose index in
    /// census order is I − 1 modulo K.
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Output directory (census.csv, summary.json).
    #[arg(long, default_value = "data/octal/census")]
    pub out: PathBuf,
    /// Also write octal-census.md and its plots to this directory.
    #[arg(long)]
    pub reports: Option<PathBuf>,
    /// Keep the rows of an interrupted run (OUT/census.partial.csv).
    #[arg(long)]
    pub resume: bool,
    /// Compute nothing: re-render the report (--reports, required) from
    /// the census already in OUT, which is read and not changed; only the
    /// plotted sequences are recomputed.
    #[arg(long, requires = "reports", conflicts_with_all = ["resume", "shard"])]
    pub report_only: bool,
    /// Print one JSON object (the summary) instead.
    #[arg(long)]
    pub json: bool,
}

/// What `--deepen` deepens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Deepen {
    /// The families holding a code that a published table solves.
    Published,
}

/// `grundy octal census merge`.
#[derive(Debug, Subcommand)]
pub enum CensusCommand {
    /// Join shard outputs into the census.csv an unsharded run writes.
    Merge(MergeArgs),
}

/// `grundy octal census merge DIR… --out DIR`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Shard output directories (each with census.csv and summary.json).
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Output directory.
    #[arg(long, default_value = "data/octal/census")]
    pub out: PathBuf,
    /// Also write octal-census.md and its plots to this directory.
    #[arg(long)]
    pub reports: Option<PathBuf>,
    /// Print one JSON object (the summary) instead.
    #[arg(long)]
    pub json: bool,
}

/// Runs `octal census` (or its `merge`).
///
/// # Errors
/// Bad flags; output that cannot be written; malformed or inconsistent
/// shards; an interrupted run ([`grundy_core::Error::Interrupted`], exit 130).
pub fn run(a: CensusArgs, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    if let Some(CensusCommand::Merge(m)) = a.merge {
        refuse_input_as_output(&m.out, m.dirs.iter().map(|d| d.as_path()))?;
        let r = merge(&m.dirs, &m.out, m.reports.as_deref(), bars)?;
        return print(&r, m.json, &m.out, "merged");
    }
    if let (true, Some(reports)) = (a.report_only, a.reports.as_deref()) {
        let s = grundy_jobs::census::report_only(reports, &a.out, bars)?;
        outln!(
            "rendered the report of the {}-digit census in {} into {}",
            s.digits,
            a.out.display(),
            reports.display()
        )?;
        return Ok(());
    }
    if let (Some(Deepen::Published), Some(published_budget)) = (a.deepen, a.published_budget) {
        let job = DeepenJob {
            dir: &a.out,
            published_budget,
            reports: a.reports.as_deref(),
            resume: a.resume,
            threads,
        };
        let r = deepen(&job, &context(bars, true))?;
        if r.resumed > 0 {
            eprintln!("resumed {} rows from the partial census", r.resumed);
        }
        return print(&r, a.json, &a.out, "deepened");
    }
    validate(a.digits, a.max_n, a.shard)?;
    validate_published(a.max_n, Some(a.budget), a.published_budget)?;
    let job = CensusJob {
        digits: a.digits,
        max_n: a.max_n,
        budget: Some(a.budget),
        published_budget: a.published_budget,
        shard: a.shard,
        out: &a.out,
        reports: a.reports.as_deref(),
        resume: a.resume,
        threads,
    };
    let r = grundy_jobs::census::run(&job, &context(bars, true))?;
    if r.resumed > 0 {
        eprintln!("resumed {} rows from the partial census", r.resumed);
    }
    print(&r, a.json, &a.out, "computed")
}

fn print(r: &CensusRun, json: bool, out: &std::path::Path, verb: &str) -> anyhow::Result<()> {
    let s: &Summary = &r.summary;
    if json {
        outln!("{}", serde_json::to_string(s)?)?;
        return Ok(());
    }
    let c = |k: &str| s.counts.get(k).copied().unwrap_or(0);
    let shard = s
        .shard
        .map_or(String::new(), |[i, k]| format!(" (shard {i}/{k})"));
    let computed = if verb == "deepened" {
        format!(" ({} rows recomputed)", r.computed)
    } else {
        String::new()
    };
    outln!(
        "octal census{shard}: {} codes of up to {} digits {verb} to n = {}{computed}: {} periodic (proved), {} arithmetic (seen), {} unsettled; {:.1} s machine time, {:.1} s wall. Wrote {}.",
        s.codes,
        s.digits,
        s.max_n,
        c("periodic"),
        c("arithmetic"),
        c("unsettled"),
        s.cpu_seconds,
        s.wall_seconds,
        out.display()
    )?;
    Ok(())
}
