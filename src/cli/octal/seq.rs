//! `grundy octal seq CODE --max-n N`: the nim-sequence as CSV or JSON on
//! standard output, a summary, or a dataset directory with `--out`
//! ([`grundy_jobs::octal`]).
#![warn(clippy::arithmetic_side_effects)]

use crate::cli::common::{context, with_stdout, EngineArg};
use crate::cli::progress::Bars;
use clap::Args;
use grundy_core::progress::Progress;
use grundy_dataset::octal::{write_csv, Summary};
use grundy_dataset::octal_rows::write_values_json;
use grundy_games::octal::{Engine, OctalCode};
use grundy_jobs::octal::{check_disk, check_printed, compute_settled, seq_to_dataset, SeqJob};
use grundy_jobs::octal_queries::validate;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// `grundy octal seq`.
#[derive(Debug, Args)]
pub struct SeqArgs {
    /// Octal code (0.77, .137, 4.07, hex:0.8, CGSuite's 4!.0 and 4.[3]) or
    /// name (kayles, dawsons-chess, dawsons-kayles, treblecross,
    /// grundys-game, laskers-nim).
    pub code: String,
    /// Largest heap size N (at most 4294967295).
    #[arg(long)]
    pub max_n: usize,
    /// Engine.
    #[arg(long, value_enum, default_value = "sparse")]
    pub engine: EngineArg,
    /// Write the dataset (sequence.csv, sequence.bin.zst, b-file.txt,
    /// table.tex, summary.json) to this directory instead of printing.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the report (<code>.md and <code>.svg) to this directory.
    #[arg(long)]
    pub reports: Option<PathBuf>,
    /// Resume from this file if it exists, and save progress to it every
    /// 10 s and on Ctrl-C or SIGTERM (same format as sequence.bin.zst).
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Print only a summary (largest value, G(N), period) instead of the
    /// values; with --json, the summary object.
    #[arg(long, conflicts_with = "out")]
    pub summary: bool,
    /// Start a naive computation estimated to take more than 10 minutes,
    /// or outputs estimated past the free space of their file system.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// Runs `octal seq`.
///
/// # Errors
/// A bad code; a computation too large; an unreadable or wrong
/// checkpoint; a failed write; an interrupted checkpointed run.
pub fn run(a: SeqArgs, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    let code: OctalCode = a.code.parse()?;
    let engine: Engine = a.engine.into();
    validate(&code, engine, "--max-n", a.max_n, a.force)?;
    let context = context(bars, a.checkpoint.is_some());
    if let Some(out) = &a.out {
        return to_dataset(&a, &code, engine, out, threads, &context);
    }
    check_disk(&code, a.max_n, None, a.checkpoint.as_deref(), a.force)?;
    if !a.summary {
        check_printed(&code, a.max_n, a.json, a.force)?;
    }
    let start = Instant::now();
    let c = compute_settled(&code, engine, a.max_n, a.checkpoint.as_deref(), &context)?;
    let seconds = start.elapsed().as_secs_f64();
    let values = c.extended();
    let analysis = &c.analysis;
    let s = c.summary(&code, engine);
    if !a.summary {
        return if a.json {
            with_stdout(|w| write_values_json(w, &code, engine, a.max_n, &values, analysis))
        } else {
            with_stdout(|w| write_csv(w, &values))
        };
    }
    let last = values.get(a.max_n);
    if a.json {
        let mut j = serde_json::to_value(&s)?;
        j["last"] = json!(last);
        j["seconds"] = json!(seconds);
        return outln!("{j}");
    }
    outln!(
        "{code}: G(0..={}) in {seconds:.2} s; G({}) = {last}, largest value {}; {}.",
        a.max_n,
        a.max_n,
        s.max_value,
        describe(&s)
    )
}

/// `octal seq --out DIR`: the dataset (and report) written
/// ([`seq_to_dataset`]).
fn to_dataset(
    a: &SeqArgs,
    code: &OctalCode,
    engine: Engine,
    out: &Path,
    threads: usize,
    context: &dyn Progress,
) -> anyhow::Result<()> {
    let command = format!(
        "grundy octal seq {code} --max-n {} --engine {} --out {}",
        a.max_n,
        engine.name(),
        out.display()
    );
    let job = SeqJob {
        code,
        engine,
        max_n: a.max_n,
        out,
        reports: a.reports.as_deref(),
        checkpoint: a.checkpoint.as_deref(),
        command,
        threads,
        force: a.force,
    };
    let r = seq_to_dataset(job, context)?;
    if a.json {
        return outln!("{}", serde_json::to_string(&r.summary)?);
    }
    outln!(
        "{code}: G(0..={}) in {:.2} s, largest value {}; {}. Wrote {}.",
        a.max_n,
        r.seconds,
        r.summary.max_value,
        describe(&r.summary),
        out.display()
    )
}

fn describe(s: &Summary) -> String {
    match (s.period, s.arithmetic) {
        (Some(p), _) => format!(
            "periodic with period {p} from n = {} (proved)",
            s.pre_period.unwrap_or(0)
        ),
        (None, Some([n0, p, sal])) => format!(
            "no period proved; arithmetic periodicity G(n+{p}) = G(n)+{sal} seen from n = {n0} (not proved)"
        ),
        _ => format!("no period found up to n = {}", s.max_n),
    }
}
