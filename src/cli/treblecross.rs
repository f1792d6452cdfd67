//! `grundy treblecross`: the winning cells of a Treblecross row, many rows
//! at once, or the table of empty strips.

use anyhow::Context;
use grundy::dataset::atomic::write_atomic;
use grundy::dataset::treblecross::{
    check_nimbers, parse_batch, read_nimbers, strip_table, write_table_csv, StripRow,
};
use grundy::games::treblecross::analysis::longest_gap;
use grundy::games::treblecross::{analyse, Analysis, GapNimbers, Row};
use grundy::progress::NoProgress;
use grundy::Error;
use serde_json::{json, Value};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The longest gap whose values are computed without `--force` (a few
/// seconds; a million cells take about a minute).
pub const COMPUTE_LIMIT: usize = 1 << 17;

/// The largest `table --max-n` without `--force`: `max_n²/4` comparisons
/// of gap values (about a second) and tens of megabytes of output.
pub const TABLE_LIMIT: usize = 1 << 16;

/// `grundy treblecross`.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    /// A row: '.' for an empty cell, 'X' for a marked one, e.g. `..X....X..`.
    /// Prints WINNING with every winning cell (1-based) or LOSING.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    pub position: Option<String>,
    /// Answer every row of FILE (`-` for standard input), one answer per
    /// line: rows one per line, or a count line then that many rows.
    #[arg(long, value_name = "FILE")]
    pub batch: Option<PathBuf>,
    /// Gap values: a nim-sequence file of 0.007 (as written by `grundy
    /// octal` or `reproduce`), checked before use; values beyond it are
    /// computed. Without it the values needed are computed.
    #[arg(long, value_name = "FILE")]
    pub nimbers: Option<PathBuf>,
    /// Compute gap values for gaps longer than 2^17 cells (minutes).
    #[arg(long)]
    pub force: bool,
    /// Write the answers here (atomically) instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    #[command(subcommand)]
    pub command: Option<Sub>,
}

/// Subcommands of `grundy treblecross`.
#[derive(Debug, clap::Subcommand)]
pub enum Sub {
    /// For every empty strip of 1..=N cells: nimber, whether the first
    /// player wins and every winning first cell, as CSV.
    Table(TableArgs),
}

/// `grundy treblecross table`.
#[derive(Debug, clap::Args)]
pub struct TableArgs {
    /// Largest strip (above 2^16 only with --force).
    #[arg(long)]
    pub max_n: usize,
    /// Write the CSV (or JSON) here (atomically) instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print one JSON object instead of CSV.
    #[arg(long)]
    pub json: bool,
    /// Gap values file, as for a row.
    #[arg(long, value_name = "FILE")]
    pub nimbers: Option<PathBuf>,
    /// Allow --max-n above 2^16 (up to 2^20).
    #[arg(long)]
    pub force: bool,
}

/// Runs `grundy treblecross`.
///
/// # Errors
/// A malformed or finished row, an unreadable batch or nimbers file, an
/// unwritable `--out`, or an `--out` that is one of the inputs.
pub fn run(a: Args) -> anyhow::Result<()> {
    if let Some(Sub::Table(t)) = a.command {
        return table(t);
    }
    if let Some(out) = &a.out {
        let inputs = [a.batch.as_deref(), a.nimbers.as_deref()];
        super::refuse_input_as_output(out, inputs.into_iter().flatten())?;
    }
    let text = if let Some(path) = &a.batch {
        let (name, text) = read_input(path)?;
        let rows = parse_batch(&name, &text)?;
        let longest = rows.iter().map(longest_gap).max().unwrap_or(0);
        let nimbers = load_nimbers(a.nimbers.as_deref(), longest, a.force)?;
        let answers: Vec<Analysis> = rows
            .iter()
            .map(|r| analyse(r, &nimbers))
            .collect::<grundy::Result<_>>()?;
        if a.json {
            let list: Vec<Value> = rows
                .iter()
                .zip(&answers)
                .map(|(r, x)| answer_json(r, x, false))
                .collect();
            format!("{}\n", json!({ "answers": list }))
        } else {
            let mut out = String::new();
            for x in &answers {
                out.push_str(&answer_line(x));
                out.push('\n');
            }
            out
        }
    } else {
        let text = a.position.context("give a POSITION or --batch FILE")?;
        let row: Row = text.parse()?;
        let nimbers = load_nimbers(a.nimbers.as_deref(), longest_gap(&row), a.force)?;
        let x = analyse(&row, &nimbers)?;
        if a.json {
            format!("{}\n", answer_json(&row, &x, true))
        } else {
            format!("{}\n", answer_line(&x))
        }
    };
    emit(a.out.as_deref(), &text)
}

/// Writes `text` to `out` atomically, or to standard output.
fn emit(out: Option<&Path>, text: &str) -> anyhow::Result<()> {
    match out {
        Some(path) => write_atomic(path, |w| w.write_all(text.as_bytes()))?,
        None => super::write_stdout(text),
    }
    Ok(())
}

/// `WINNING 3 8` or `LOSING`.
fn answer_line(x: &Analysis) -> String {
    if x.winning {
        let cells: Vec<String> = x.winning_cells.iter().map(|c| c.to_string()).collect();
        format!("WINNING {}", cells.join(" "))
    } else {
        "LOSING".to_string()
    }
}

fn answer_json(row: &Row, x: &Analysis, details: bool) -> Value {
    let mut v = json!({
        "position": row.to_string(),
        "outcome": if x.winning { "N" } else { "P" },
        "first_player_wins": x.winning,
        "winning_moves": x.winning_cells,
        "immediate": x.immediate,
        "nimber": x.nimber,
    });
    if details {
        v["cells"] = json!(row.len());
        v["gaps"] = x
            .gaps
            .iter()
            .map(|g| json!({"start": g.start, "len": g.len, "nimber": g.nimber}))
            .collect();
    }
    v
}

/// The text of `path` (`-`: standard input) and the name to report it by.
fn read_input(path: &Path) -> anyhow::Result<(String, String)> {
    let mut bytes = Vec::new();
    let name = if path == Path::new("-") {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
        "standard input".to_string()
    } else {
        if path.is_dir() {
            anyhow::bail!("cannot read {}: it is a directory", path.display());
        }
        bytes = std::fs::read(path).map_err(Error::io("cannot read", path))?;
        path.display().to_string()
    };
    let text = String::from_utf8(bytes).map_err(|e| Error::MalformedLine {
        path: name.clone(),
        line: 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u64,
        reason: "not UTF-8 text".into(),
    })?;
    Ok((name, text))
}

/// Gap values covering gaps of `longest` cells: from `path` (checked
/// with [`check_nimbers`]) when given, extended by computation as needed.
/// Nothing is read that the user did not name.
fn load_nimbers(path: Option<&Path>, longest: usize, force: bool) -> anyhow::Result<GapNimbers> {
    let mut g = match path {
        Some(p) => {
            let g = read_nimbers(p)?;
            check_nimbers(p, &g, longest)?;
            g
        }
        None => GapNimbers::default(),
    };
    if longest > g.max_gap() && longest > COMPUTE_LIMIT && !force {
        Err(Error::OutOfRange {
            what: format!("a gap of {longest} cells"),
            reason: format!(
                "computing 0.007 values past {COMPUTE_LIMIT} cells takes minutes (about a minute \
                 per million cells); pass --nimbers FILE with the values or --force"
            ),
        })?;
    }
    g.extend(longest, &NoProgress);
    Ok(g)
}

fn table(t: TableArgs) -> anyhow::Result<()> {
    let limit = if t.force { 1 << 20 } else { TABLE_LIMIT };
    if t.max_n == 0 || t.max_n > limit {
        let work = (t.max_n as f64).powi(2) / 4.0;
        Err(Error::OutOfRange {
            what: format!("--max-n {}", t.max_n),
            reason: if t.max_n > TABLE_LIMIT && t.max_n <= 1 << 20 {
                format!(
                    "the table takes about {work:.1e} comparisons and grows as the square of \
                     --max-n; above {TABLE_LIMIT} pass --force"
                )
            } else {
                "the table covers strips of 1 to 2^20 cells".into()
            },
        })?;
    }
    if let Some(out) = &t.out {
        super::refuse_input_as_output(out, t.nimbers.as_deref())?;
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            super::check_writable(dir)?;
        }
    }
    let nimbers = load_nimbers(t.nimbers.as_deref(), t.max_n, true)?;
    let rows = strip_table(t.max_n, &nimbers)?;
    if t.json {
        let text = format!("{}\n", table_json(t.max_n, &rows));
        return emit(t.out.as_deref(), &text);
    }
    if let Some(out) = &t.out {
        write_atomic(out, |w| write_table_csv(w, &rows))?;
    } else {
        let mut buf = Vec::new();
        write_table_csv(&mut buf, &rows)?;
        super::write_stdout(&String::from_utf8(buf)?);
    }
    Ok(())
}

/// `{"max_n", "rows": [{"n", "nimber", "outcome", "first_player_wins", "winning_moves"}]}`.
fn table_json(max_n: usize, rows: &[StripRow]) -> Value {
    let rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "n": r.n,
                "nimber": r.nimber,
                "outcome": if r.first_player_wins { "N" } else { "P" },
                "first_player_wins": r.first_player_wins,
                "winning_moves": r.winning_moves,
            })
        })
        .collect();
    json!({ "max_n": max_n, "rows": rows })
}
