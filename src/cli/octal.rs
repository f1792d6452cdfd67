//! `grundy octal seq | period | check | ring | verify | census`: each subcommand
//! checks its flags (sizes against [`MAX_N`], the estimated memory and
//! time), calls one library pipeline and prints the result.
#![warn(clippy::arithmetic_side_effects)]

use super::progress::Bars;
use anyhow::Context;
use clap::{Args, Subcommand, ValueEnum};
use grundy::dataset::octal::{verify, Summary};
use grundy::games::octal::budget::{self, check_budget, estimate, MAX_N};
use grundy::games::octal::claim::{check, Claim};
use grundy::games::octal::period::{self, PeriodSearch};
use grundy::games::octal::ring::ring_value;
use grundy::games::octal::{Computation, Engine, OctalCode, Values};
use grundy::impartial::Nimber;
use grundy::jobs::octal::{compute, seq_to_dataset, settle, SeqJob, Settled};
use grundy::progress::Progress;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Default `--max-n` of `octal period`: values are computed until a period
/// is proved or this heap size is reached.
pub const PERIOD_MAX_N: usize = 1 << 22;

/// Default `--max-n` of `octal check`: a claim whose proof needs values
/// beyond it is checked up to it and then refused, not passed.
pub const CHECK_MAX_N: usize = 1 << 20;

/// Octal subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The nim-sequence G(0..=N): CSV to standard output, or a dataset
    /// directory with --out.
    Seq(SeqArgs),
    /// Find and prove the period (Octal Periodicity Theorem).
    Period(PeriodArgs),
    /// Check a published periodicity claim for all n (exit code 1 when it fails).
    Check(CheckArgs),
    /// The game on a ring of n tokens, n = 1..=N.
    Ring(RingArgs),
    /// Re-derive every value of a sequence file or dataset directory with
    /// the naive engine, and check the dataset's other files.
    Verify(VerifyArgs),
    /// Check a CSV table of published claims row by row.
    CheckTable(super::octal_table::Args),
    /// Every code 0.d1d2d3 and 4.d1d2d3: periodic, arithmetic or unsettled.
    Census(super::octal_census::CensusArgs),
}

/// Which engine.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum EngineArg {
    /// Every option enumerated (the reference).
    Naive,
    /// Rare/common split with targeted scans (fast).
    Sparse,
}

impl From<EngineArg> for Engine {
    fn from(e: EngineArg) -> Engine {
        match e {
            EngineArg::Naive => Engine::Naive,
            EngineArg::Sparse => Engine::Sparse,
        }
    }
}

/// `grundy octal seq`.
#[derive(Debug, Args)]
pub struct SeqArgs {
    /// Octal code (0.77, .137, 4.07, hex:0.8) or name (kayles,
    /// dawsons-chess, dawsons-kayles, treblecross).
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
    /// Start a naive computation estimated to take more than 10 minutes.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// `grundy octal period`.
#[derive(Debug, Args)]
pub struct PeriodArgs {
    /// Octal code or name.
    pub code: String,
    /// Give up after computing G(0..=N).
    #[arg(long, default_value_t = PERIOD_MAX_N)]
    pub max_n: usize,
    /// Engine.
    #[arg(long, value_enum, default_value = "sparse")]
    pub engine: EngineArg,
    /// Start a naive computation estimated to take more than 10 minutes.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// `grundy octal check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Octal code or name.
    pub code: String,
    /// The claimed period P.
    #[arg(long)]
    pub period: usize,
    /// The claimed values for n ≡ 0, 1, …, P−1 (mod P), space or comma
    /// separated.
    #[arg(long)]
    pub values: String,
    /// Exceptional values as n:v pairs, e.g. "0:0,14:0,16:2".
    #[arg(long, default_value = "")]
    pub exceptions: String,
    /// Compare with G(n) for n <= N at most; a claim whose proof needs
    /// more is refused.
    #[arg(long, default_value_t = CHECK_MAX_N)]
    pub max_n: usize,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// `grundy octal ring`.
#[derive(Debug, Args)]
pub struct RingArgs {
    /// Octal code or name.
    pub code: String,
    /// Largest ring size N.
    #[arg(long)]
    pub max_n: usize,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// `grundy octal verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// A sequence file (sequence.bin.zst or a checkpoint), a dataset
    /// directory written by `seq --out`, or a census directory (census.csv
    /// and summary.json, of `census` or `census merge`).
    pub path: PathBuf,
    /// Start a re-derivation estimated to take more than 10 minutes.
    #[arg(long)]
    pub force: bool,
    /// Census directory: re-prove the periodic rows only, and check the
    /// other rows' fields without recomputing them to N.
    #[arg(long)]
    pub quick: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// Parses a code with its text in the error.
pub fn parse_code(text: &str) -> anyhow::Result<OctalCode> {
    Ok(text.parse::<OctalCode>()?)
}

/// Bytes of memory available (Linux `MemAvailable`), if known.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Validates a heap-size flag and the cost of computing `G(0..=max_n)`.
fn validate(
    code: &OctalCode,
    engine: Engine,
    flag: &str,
    max_n: usize,
    force: bool,
) -> anyhow::Result<usize> {
    budget::check_n(flag, max_n, MAX_N)?;
    let len = max_n
        .checked_add(1)
        .context("--max-n does not fit a machine word")?;
    let e = estimate(code, engine, len);
    check_budget(&e, &format!("{flag} {max_n}"), available_memory(), force)?;
    Ok(len)
}

/// Runs an octal subcommand.
///
/// # Errors
/// Bad codes, claims or arguments; computations too large; unreadable or
/// wrong checkpoints and files; failed writes; an interrupted checkpointed
/// run ([`grundy::Error::Interrupted`]).
pub fn run(c: Command, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    match c {
        Command::Seq(a) => seq(a, threads, bars),
        Command::Period(a) => period_cmd(a, bars),
        Command::Check(a) => check_cmd(a, bars),
        Command::Ring(a) => ring(a, bars),
        Command::Verify(a) => verify_cmd(a, bars),
        Command::CheckTable(a) => super::octal_table::run(a, bars),
        Command::Census(a) => super::octal_census::run_census(a, threads, bars),
    }
}

/// The stop flag of a run: wired to Ctrl-C and SIGTERM when there is a
/// checkpoint to save to, else a flag nothing sets.
fn stop_for(checkpoint: Option<&Path>) -> &'static AtomicBool {
    static NEVER: AtomicBool = AtomicBool::new(false);
    if checkpoint.is_some() {
        super::stop_flag()
    } else {
        &NEVER
    }
}

/// Writes text to standard output in pieces of about 64 KiB, so that no
/// output is held whole in memory.
struct Chunked(String);

impl Chunked {
    fn new() -> Chunked {
        Chunked(String::with_capacity(1 << 17))
    }
    fn push(&mut self, s: &str) {
        self.0.push_str(s);
        if self.0.len() > 1 << 16 {
            super::write_stdout(&self.0);
            self.0.clear();
        }
    }
    fn finish(self) {
        super::write_stdout(&self.0);
    }
}

fn seq(a: SeqArgs, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    let code = parse_code(&a.code)?;
    let engine: Engine = a.engine.into();
    validate(&code, engine, "--max-n", a.max_n, a.force)?;
    let stop = stop_for(a.checkpoint.as_deref());
    if let Some(out) = &a.out {
        let command = format!(
            "grundy octal seq {code} --max-n {} --engine {} --out {}",
            a.max_n,
            engine.name(),
            out.display()
        );
        let job = SeqJob {
            code: &code,
            engine,
            max_n: a.max_n,
            out,
            reports: a.reports.as_deref(),
            checkpoint: a.checkpoint.as_deref(),
            command,
            threads,
            stop,
        };
        let r = seq_to_dataset(job, bars)?;
        if a.json {
            outln!("{}", serde_json::to_string(&r.summary)?);
        } else {
            outln!(
                "{code}: G(0..={}) in {:.2} s, largest value {}; {}. Wrote {}.",
                a.max_n,
                r.seconds,
                r.summary.max_value,
                describe(&r.summary),
                out.display()
            );
        }
        return Ok(());
    }
    let start = Instant::now();
    let c = compute(&code, engine, a.max_n, a.checkpoint.as_deref(), bars, stop)?;
    let seconds = start.elapsed().as_secs_f64();
    let values = c.values();
    let Settled {
        analysis,
        summary: s,
    } = settle(&code, values, engine);
    if a.summary {
        let last = values.get(a.max_n);
        if a.json {
            let mut j = serde_json::to_value(&s)?;
            j["last"] = json!(last);
            j["seconds"] = json!(seconds);
            outln!("{j}");
        } else {
            outln!(
                "{code}: G(0..={}) in {seconds:.2} s; G({}) = {last}, largest value {}; {}.",
                a.max_n,
                a.max_n,
                s.max_value,
                describe(&s)
            );
        }
    } else if a.json {
        print_values_json(&code, engine, a.max_n, values, &analysis);
    } else {
        let mut out = Chunked::new();
        out.push("n,nimber\n");
        for (n, v) in values.iter().enumerate() {
            out.push(&format!("{n},{v}\n"));
        }
        out.finish();
    }
    Ok(())
}

/// `{"code", "first_n", "max_n", "engine", "pre_period", "period",
/// "proved", "values"}`, the values streamed.
fn print_values_json(
    code: &OctalCode,
    engine: Engine,
    max_n: usize,
    values: &Values,
    analysis: &period::Analysis,
) {
    let p = analysis.period;
    let head = json!({
        "code": code.to_string(),
        "first_n": 0,
        "max_n": max_n,
        "engine": engine.name(),
        "pre_period": p.map(|p| p.pre_period),
        "period": p.map(|p| p.period),
        "proved": p.is_some(),
    })
    .to_string();
    let mut out = Chunked::new();
    // The object without its closing brace, then the values.
    out.push(head.strip_suffix('}').unwrap_or(&head));
    out.push(",\"values\":[");
    for (n, v) in values.iter().enumerate() {
        out.push(&if n == 0 {
            v.to_string()
        } else {
            format!(",{v}")
        });
    }
    out.push("]}\n");
    out.finish();
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

fn period_cmd(a: PeriodArgs, bars: &Bars) -> anyhow::Result<()> {
    let code = parse_code(&a.code)?;
    let engine: Engine = a.engine.into();
    let limit = validate(&code, engine, "--max-n", a.max_n, a.force)?;
    let mut c = Computation::new(code.clone(), engine);
    bars.phase(&format!("period of {code}"), 0);
    let found = period::search(&mut c, limit, bars, &AtomicBool::new(false));
    bars.finish_phase();
    let computed = c.values().len().saturating_sub(1);
    match found {
        PeriodSearch::Proved(p) => {
            if a.json {
                outln!(
                    "{}",
                    json!({
                        "code": code.to_string(),
                        "max_n": a.max_n,
                        "pre_period": p.pre_period,
                        "period": p.period,
                        "proved": true,
                        "checked_to": p.checked_to,
                        "proof_range": [p.theorem_pre_period, p.proof_end],
                        "computed_to": computed,
                    })
                );
            } else {
                outln!(
                    "{code}: period {} from n = {} (pre-period {}), proved: G(n + {}) = G(n) was checked for {} <= n < {} (values up to n = {}), which the Octal Periodicity Theorem (Guy and Smith 1956) extends to all n >= {}.",
                    p.period,
                    p.pre_period,
                    p.pre_period,
                    p.theorem_period,
                    p.theorem_pre_period,
                    p.proof_end,
                    p.checked_to,
                    p.theorem_pre_period
                );
            }
        }
        other => {
            let arith = match other {
                PeriodSearch::Arithmetic(x) => Some(x),
                _ => None,
            };
            if a.json {
                outln!(
                    "{}",
                    json!({
                        "code": code.to_string(),
                        "max_n": a.max_n,
                        "pre_period": null,
                        "period": null,
                        "proved": false,
                        "checked_to": computed,
                        "computed_to": computed,
                        "arithmetic": arith.map(|x| json!({
                            "pre_period": x.pre_period, "period": x.period,
                            "saltus": x.saltus, "proved": false})),
                    })
                );
            } else if let Some(x) = arith {
                outln!(
                    "{code}: no period found up to n = {computed}. Arithmetic periodicity is seen: G(n + {}) = G(n) + {} for {} <= n <= {} (observed, not proved).",
                    x.period,
                    x.saltus,
                    x.pre_period,
                    computed.saturating_sub(x.period)
                );
            } else {
                outln!("{code}: no period found up to n = {computed}.");
            }
        }
    }
    Ok(())
}

fn check_cmd(a: CheckArgs, bars: &Bars) -> anyhow::Result<()> {
    let code = parse_code(&a.code)?;
    let claim = Claim::parse(a.period, &a.values, &a.exceptions)?;
    validate(&code, Engine::Sparse, "--max-n", a.max_n, false)?;
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    bars.phase("check the claim", 0);
    let v = check(&claim, &mut c, a.max_n, bars, &AtomicBool::new(false));
    bars.finish_phase();
    let v = v?.context("the check stopped early")?;
    if a.json {
        outln!(
            "{}",
            json!({
                "code": code.to_string(),
                "claim": claim.to_string(),
                "max_n": a.max_n,
                "holds": v.holds,
                "first_failure": v.first_failure,
                "pre_period": v.pre_period,
                "proof_end": v.proof_end,
                "checked_to": v.checked_to,
            })
        );
    } else if let Some(f) = v.first_failure {
        outln!(
            "{code}: the claim fails at n = {}: it says G({}) = {}, but G({}) = {}.",
            f.n,
            f.n,
            f.claimed,
            f.n,
            f.actual
        );
    } else {
        outln!(
            "{code}: the claim holds for all n (proved): it agrees with G(n) for every n <= {}, so G(n + {}) = G(n) for {} <= n < {}, and the Octal Periodicity Theorem gives the rest.",
            v.checked_to,
            claim.period,
            v.pre_period,
            v.proof_end
        );
    }
    if let Some(f) = v.first_failure {
        return Err(super::refuted::Refuted(format!(
            "the claim for {code} does not hold (first at n = {})",
            f.n
        ))
        .into());
    }
    Ok(())
}

/// Prints a table over n, streamed: CSV `n,nimber,outcome,first_player_wins`
/// or, with `json`, `{head…, "rows": [{"n", "nimber", "outcome",
/// "first_player_wins"}, …]}`.
pub fn print_rows(json: bool, head: serde_json::Value, rows: impl Iterator<Item = (usize, u32)>) {
    let mut out = Chunked::new();
    if json {
        let head = head.to_string();
        out.push(head.strip_suffix('}').unwrap_or(&head));
        out.push(if head == "{}" {
            "\"rows\":["
        } else {
            ",\"rows\":["
        });
    } else {
        out.push("n,nimber,outcome,first_player_wins\n");
    }
    for (i, (n, v)) in rows.enumerate() {
        let outcome = Nimber(v).outcome();
        let wins = v != 0;
        if json {
            out.push(&format!(
                "{}{{\"n\":{n},\"nimber\":{v},\"outcome\":\"{outcome}\",\"first_player_wins\":{wins}}}",
                if i == 0 { "" } else { "," }
            ));
        } else {
            out.push(&format!("{n},{v},{outcome},{wins}\n"));
        }
    }
    if json {
        out.push("]}\n");
    }
    out.finish();
}

fn ring(a: RingArgs, bars: &Bars) -> anyhow::Result<()> {
    let code = parse_code(&a.code)?;
    // A ring of n reads the row values G(0..n).
    validate(&code, Engine::Sparse, "--max-n", a.max_n, false)?;
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    bars.phase(&format!("rows of {code}"), a.max_n as u64);
    c.extend_to(a.max_n, bars, &AtomicBool::new(false));
    bars.finish_phase();
    let row = c.values();
    print_rows(
        a.json,
        json!({"code": code.to_string(), "max_n": a.max_n}),
        (1..=a.max_n).map(|n| (n, ring_value(&code, row, n))),
    );
    Ok(())
}

fn verify_cmd(a: VerifyArgs, bars: &Bars) -> anyhow::Result<()> {
    if a.path.join("census.csv").is_file() {
        return super::octal_census::verify_census(&a.path, a.quick, a.force, a.json, bars);
    }
    if a.quick {
        anyhow::bail!(
            "--quick applies to a census directory (census.csv and summary.json); {} is none",
            a.path.display()
        );
    }
    let v = verify(&a.path, a.force, bars)?;
    let last = v.count.saturating_sub(1);
    if a.json {
        outln!(
            "{}",
            json!({
                "path": a.path.display().to_string(),
                "code": v.code.to_string(),
                "first_n": 0,
                "max_n": last,
                "verified": true,
                "files": v.files,
            })
        );
    } else {
        let others = if v.files.is_empty() {
            String::new()
        } else {
            format!("; {} agree with them", v.files.join(", "))
        };
        outln!(
            "{}: {}: all {} values G(0..={last}) re-derived by the naive engine{others}.",
            a.path.display(),
            v.code,
            v.count
        );
    }
    Ok(())
}
