//! `grundy octal seq | period | check | ring`.

use super::check_writable;
use super::progress::{peak_mib, Bars};
use anyhow::{bail, Context};
use clap::{Args, Subcommand, ValueEnum};
use grundy::dataset::atomic::{write_atomic, write_bytes};
use grundy::dataset::octal::{read_sequence, write_dataset, write_sequence, Summary};
use grundy::games::octal::claim::{check, Claim};
use grundy::games::octal::period::{self, arithmetic_period, proved_period, PeriodSearch};
use grundy::games::octal::ring::ring_values;
use grundy::games::octal::{Computation, Engine, OctalCode};
use grundy::progress::Progress;
use grundy::report::monorail::RunInfo;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The largest `--max-n` accepted (values take up to 4 bytes each).
const MAX_N: usize = 1 << 34;

/// Set by Ctrl-C / SIGTERM while a checkpointed run is going.
static STOP: AtomicBool = AtomicBool::new(false);

/// Octal subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The nim-sequence G(0..=N): CSV to standard output, or a dataset
    /// directory with --out.
    Seq(SeqArgs),
    /// Find and prove the period (Octal Periodicity Theorem).
    Period(PeriodArgs),
    /// Check a published periodicity claim for all n.
    Check(CheckArgs),
    /// The game on a ring of n tokens, n = 1..=N.
    Ring(RingArgs),
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
    /// Largest heap size N.
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
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// `grundy octal period`.
#[derive(Debug, Args)]
pub struct PeriodArgs {
    /// Octal code or name.
    pub code: String,
    /// Give up after this many heap sizes.
    #[arg(long, default_value_t = 1 << 22)]
    pub max_n: usize,
    /// Engine.
    #[arg(long, value_enum, default_value = "sparse")]
    pub engine: EngineArg,
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

/// Parses a code with its text in the error.
pub fn parse_code(text: &str) -> anyhow::Result<OctalCode> {
    Ok(text.parse::<OctalCode>()?)
}

fn check_max_n(n: usize) -> anyhow::Result<()> {
    if n > MAX_N {
        Err(grundy::Error::OutOfRange {
            what: format!("--max-n {n}"),
            reason: format!("at most {MAX_N}"),
        })?;
    }
    Ok(())
}

/// Runs an octal subcommand.
///
/// # Errors
/// Bad codes, claims or arguments; unreadable checkpoints; failed writes.
pub fn run(c: Command, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    match c {
        Command::Seq(a) => seq(a, threads, bars),
        Command::Period(a) => period_cmd(a, bars),
        Command::Check(a) => check_cmd(a, bars),
        Command::Ring(a) => ring(a, bars),
    }
}

/// What a finished `seq` computed, for `reproduce`.
pub struct SeqResult {
    /// The dataset summary.
    pub summary: Summary,
    /// Seconds spent computing values.
    pub seconds: f64,
}

/// Computes G(0..=max_n) of `code`, resuming from and saving to
/// `checkpoint` when given.
fn compute(
    code: &OctalCode,
    engine: Engine,
    max_n: usize,
    checkpoint: Option<&Path>,
    bars: &Bars,
) -> anyhow::Result<(Computation, f64)> {
    let mut c = Computation::new(code.clone(), engine);
    if let Some(path) = checkpoint {
        if path.exists() {
            let (text, mut values) = read_sequence(path)?;
            if text != code.to_string() {
                bail!(
                    "checkpoint {} holds the code {text}, not {code}",
                    path.display()
                );
            }
            values.truncate(max_n + 1);
            c = Computation::resume(code.clone(), engine, values);
            if let Some(n) = c.check_tail(4) {
                bail!(
                    "checkpoint {}: G({n}) is wrong; delete the file to start over",
                    path.display()
                );
            }
        }
        let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst));
    }
    let start = Instant::now();
    bars.phase(&format!("G(n) of {code}"), (max_n + 1) as u64);
    bars.advance(c.values().len() as u64);
    let target = max_n + 1;
    let mut last_save = Instant::now();
    loop {
        let step = if checkpoint.is_some() {
            (c.values().len() + 4096).min(target)
        } else {
            target
        };
        let done = c.extend_to(step, bars, &STOP);
        if let Some(path) = checkpoint {
            let interrupted = !done || STOP.load(Ordering::SeqCst);
            if interrupted
                || c.values().len() == target
                || last_save.elapsed() >= Duration::from_secs(10)
            {
                let text = code.to_string();
                write_atomic(path, |w| write_sequence(w, &text, c.values()))?;
                last_save = Instant::now();
            }
            if interrupted {
                bars.finish_phase();
                eprintln!(
                    "interrupted: G(0..{}) saved in {}; run the same command again to continue",
                    c.values().len(),
                    path.display()
                );
                std::process::exit(130);
            }
        }
        if c.values().len() >= target {
            break;
        }
    }
    bars.finish_phase();
    Ok((c, start.elapsed().as_secs_f64()))
}

/// A validated request for a dataset: what to compute and where to write.
pub struct SeqJob<'a> {
    /// The game.
    pub code: &'a OctalCode,
    /// The engine.
    pub engine: Engine,
    /// Values G(0..=max_n).
    pub max_n: usize,
    /// The dataset directory.
    pub out: &'a Path,
    /// The report directory, if a report is wanted.
    pub reports: Option<&'a Path>,
    /// The checkpoint file, if any.
    pub checkpoint: Option<&'a Path>,
    /// The command line shown in the report.
    pub command: String,
}

/// Computes a sequence and writes its dataset (and report, if asked); used
/// by `seq --out` and by `reproduce`.
pub fn seq_to_dataset(job: SeqJob, threads: usize, bars: &Bars) -> anyhow::Result<SeqResult> {
    let SeqJob {
        code,
        engine,
        max_n,
        out,
        reports,
        checkpoint,
        command,
    } = job;
    check_writable(out)?;
    if let Some(r) = reports {
        check_writable(r)?;
    }
    let (c, seconds) = compute(code, engine, max_n, checkpoint, bars)?;
    let t = Instant::now();
    let values = c.into_values();
    let period = proved_period(code, &values);
    let arith = if period.is_none() {
        arithmetic_period(&values)
    } else {
        None
    };
    let summary = Summary::new(
        code,
        &values,
        period.as_ref(),
        arith.as_ref(),
        engine.name(),
    );
    let period_s = t.elapsed().as_secs_f64();
    write_dataset(out, &summary, &values, period.as_ref())
        .with_context(|| format!("writing the dataset of {code}"))?;
    if let Some(r) = reports {
        let stem = code.file_name();
        let run = RunInfo {
            phases: vec![
                (format!("compute G(0..={max_n})"), seconds),
                ("find and prove the period".to_string(), period_s),
            ],
            threads,
            peak_mib: peak_mib(),
            command,
        };
        let fig = format!("{stem}.svg");
        let rendered = grundy::report::octal::render(
            code,
            &summary,
            &values,
            period.as_ref(),
            arith.as_ref(),
            &run,
            &fig,
        );
        for (name, svg) in &rendered.figures {
            write_bytes(&r.join(name), svg.as_bytes())?;
        }
        write_bytes(&r.join(format!("{stem}.md")), rendered.markdown.as_bytes())?;
    }
    Ok(SeqResult { summary, seconds })
}

fn seq(a: SeqArgs, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    let code = parse_code(&a.code)?;
    check_max_n(a.max_n)?;
    let engine: Engine = a.engine.into();
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
        };
        let r = seq_to_dataset(job, threads, bars)?;
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
    let (c, seconds) = compute(&code, engine, a.max_n, a.checkpoint.as_deref(), bars)?;
    let values = c.values();
    if a.summary {
        let p = proved_period(&code, values);
        let ar = if p.is_none() {
            arithmetic_period(values)
        } else {
            None
        };
        let s = Summary::new(&code, values, p.as_ref(), ar.as_ref(), engine.name());
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
        return Ok(());
    }
    if a.json {
        let v: Vec<u32> = values.to_u32s();
        let p = proved_period(&code, values);
        outln!(
            "{}",
            json!({
                "code": code.to_string(),
                "max_n": a.max_n,
                "engine": engine.name(),
                "values": v,
                "pre_period": p.map(|p| p.pre_period),
                "period": p.map(|p| p.period),
                "proved": p.is_some(),
            })
        );
    } else {
        let mut text = String::from("n,nimber\n");
        for (n, v) in values.iter().enumerate() {
            text.push_str(&format!("{n},{v}\n"));
            if text.len() > 1 << 16 {
                super::write_stdout(&text);
                text.clear();
            }
        }
        super::write_stdout(&text);
    }
    Ok(())
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
    check_max_n(a.max_n)?;
    let mut c = Computation::new(code.clone(), a.engine.into());
    bars.phase(&format!("period of {code}"), 0);
    let found = period::search(&mut c, a.max_n + 1, bars, &AtomicBool::new(false));
    bars.finish_phase();
    let computed = c.values().len().saturating_sub(1);
    match found {
        PeriodSearch::Proved(p) => {
            if a.json {
                outln!(
                    "{}",
                    json!({
                        "code": code.to_string(),
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
                        "pre_period": null,
                        "period": null,
                        "proved": false,
                        "checked_to": computed,
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
                    computed - x.period
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
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    bars.phase("check the claim", 0);
    let v = check(&claim, &mut c, bars, &AtomicBool::new(false)).expect("never stopped");
    bars.finish_phase();
    if a.json {
        outln!(
            "{}",
            json!({
                "code": code.to_string(),
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
    Ok(())
}

fn ring(a: RingArgs, bars: &Bars) -> anyhow::Result<()> {
    let code = parse_code(&a.code)?;
    check_max_n(a.max_n)?;
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    bars.phase(&format!("rows of {code}"), a.max_n as u64);
    c.extend_to(a.max_n, bars, &AtomicBool::new(false));
    bars.finish_phase();
    let r = ring_values(&code, c.values(), a.max_n);
    let wins: Vec<usize> = (1..=a.max_n).filter(|&n| r[n - 1] != 0).collect();
    if a.json {
        outln!(
            "{}",
            json!({"code": code.to_string(), "max_n": a.max_n, "values": r, "first_player_wins": wins})
        );
    } else {
        let mut text = String::from("n,ring_nimber,first_player\n");
        for (i, v) in r.iter().enumerate() {
            let who = if *v != 0 { "wins" } else { "loses" };
            text.push_str(&format!("{},{v},{who}\n", i + 1));
        }
        super::write_stdout(&text);
    }
    Ok(())
}
