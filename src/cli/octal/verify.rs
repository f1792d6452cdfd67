//! `grundy octal verify PATH`: a sequence file or dataset directory
//! re-derived by the naive engine ([`grundy_dataset::octal::verify`]), or
//! a census directory replayed ([`grundy_jobs::census::verify`]).

use crate::cli::progress::Bars;
use clap::Args;
use grundy_dataset::octal::verify;
use grundy_jobs::census::Depth;
use serde_json::json;
use std::path::{Path, PathBuf};

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

/// Runs `octal verify`.
///
/// # Errors
/// Malformed, inconsistent or wrong files (naming the file and what is
/// wrong); a re-derivation estimated over 10 minutes without `--force`.
pub fn run(a: VerifyArgs, bars: &Bars) -> anyhow::Result<()> {
    if a.path.join("census.csv").is_file() {
        return verify_census(&a.path, a.quick, a.force, a.json, bars);
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
        return outln!(
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
    }
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
    )
}

/// `octal verify DIR` for a census directory: every periodic row
/// re-proved, and every other row recomputed to N unless `quick`.
///
/// # Errors
/// Malformed or inconsistent files, a row that recomputing contradicts
/// (naming the file, line, code and field), a digest that does not match;
/// a re-derivation estimated over 10 minutes without `force`.
fn verify_census(
    dir: &Path,
    quick: bool,
    force: bool,
    json: bool,
    bars: &Bars,
) -> anyhow::Result<()> {
    let depth = if quick { Depth::Periodic } else { Depth::All };
    let v = grundy_jobs::census::verify(dir, depth, force, bars)?;
    let s = &v.summary;
    if json {
        return outln!(
            "{}",
            json!({
                "path": dir.display().to_string(),
                "census": true,
                "digits": s.digits,
                "max_n": s.max_n,
                "shard": s.shard,
                "codes": s.codes,
                "rederived": v.rederived,
                "shape_only": v.shape_only,
                "digest": v.digest,
                "verified": true,
                "files": ["census.csv", "summary.json"],
            })
        );
    }
    let shard = s
        .shard
        .map_or(String::new(), |[i, k]| format!(" (shard {i}/{k})"));
    let others = if v.shape_only > 0 {
        format!(
            "; {} unsettled or arithmetic rows checked field by field, not recomputed (--quick)",
            v.shape_only
        )
    } else {
        String::new()
    };
    let digest = if v.digest {
        "rows_blake3 matches"
    } else {
        "no rows_blake3 recorded (written before digests)"
    };
    outln!(
        "{}: census{shard} of {} codes to n = {}: {} rows re-derived by replaying the census{others}; summary.json agrees with the rows; {digest}.",
        dir.display(),
        s.codes,
        s.max_n,
        v.rederived
    )
}
