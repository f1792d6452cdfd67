//! `grundy treblecross`: the winning cells of a Treblecross row, many rows
//! at once, or the table of empty strips.

use anyhow::Context;
use grundy::dataset::atomic::write_atomic;
use grundy::dataset::treblecross::{read_nimbers, strip_table, write_table_csv};
use grundy::games::treblecross::analysis::longest_gap;
use grundy::games::treblecross::{analyse, Analysis, GapNimbers, Row};
use grundy::progress::NoProgress;
use grundy::Error;
use serde_json::{json, Value};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Where `reproduce` leaves the gap values (0.007 to 2^20).
pub const DEFAULT_NIMBERS: &str = "data/treblecross/nimbers.bin.zst";

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
    /// Gap values: a nim-sequence file of 0.007 (default: `data/treblecross/nimbers.bin.zst`
    /// when present); values beyond it are computed.
    #[arg(long, value_name = "FILE")]
    pub nimbers: Option<PathBuf>,
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
    /// Largest strip.
    #[arg(long)]
    pub max_n: usize,
    /// Write the CSV here (atomically) instead of standard output.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print one JSON object instead of CSV.
    #[arg(long)]
    pub json: bool,
    /// Gap values file, as for a row.
    #[arg(long, value_name = "FILE")]
    pub nimbers: Option<PathBuf>,
}

/// Runs `grundy treblecross`.
///
/// # Errors
/// A malformed or finished row, an unreadable batch or nimbers file, an
/// unwritable `--out`.
pub fn run(a: Args) -> anyhow::Result<()> {
    if let Some(Sub::Table(t)) = a.command {
        return table(t);
    }
    if let Some(path) = &a.batch {
        let (name, text) = read_input(path)?;
        let rows = parse_batch(&name, &text)?;
        let longest = rows.iter().map(longest_gap).max().unwrap_or(0);
        let nimbers = load_nimbers(a.nimbers.as_deref(), longest)?;
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
            outln!("{}", json!({ "answers": list }));
        } else {
            let mut out = String::new();
            for x in &answers {
                out.push_str(&answer_line(x));
                out.push('\n');
            }
            super::write_stdout(&out);
        }
        return Ok(());
    }
    let text = a.position.expect("clap requires a position or --batch");
    let row: Row = text.parse()?;
    let nimbers = load_nimbers(a.nimbers.as_deref(), longest_gap(&row))?;
    let x = analyse(&row, &nimbers)?;
    if a.json {
        outln!("{}", answer_json(&row, &x, true));
    } else {
        outln!("{}", answer_line(&x));
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
        "outcome": if x.winning { "WINNING" } else { "LOSING" },
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
    let mut text = String::new();
    if path == Path::new("-") {
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input")?;
        Ok(("standard input".into(), text))
    } else {
        let text = std::fs::read_to_string(path).map_err(Error::io("cannot read", path))?;
        Ok((path.display().to_string(), text))
    }
}

/// Rows of a batch: a count line then that many rows, or one row per
/// non-blank line.
fn parse_batch(name: &str, text: &str) -> grundy::Result<Vec<Row>> {
    let bad = |line: usize, reason: String| Error::MalformedLine {
        path: name.to_string(),
        line: line as u64,
        reason,
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .peekable();
    let count = match lines.peek() {
        Some(&(i, l)) if l.bytes().all(|b| b.is_ascii_digit()) => {
            lines.next();
            Some(
                l.parse::<usize>()
                    .map_err(|e| bad(i, format!("count {l:?}: {e}")))?,
            )
        }
        _ => None,
    };
    let mut rows = Vec::new();
    for (i, l) in lines {
        if count.is_some_and(|c| rows.len() == c) {
            return Err(bad(
                i,
                format!("more rows than the count {}", count.unwrap_or(0)),
            ));
        }
        rows.push(l.parse::<Row>().map_err(|e| bad(i, e.to_string()))?);
    }
    if let Some(c) = count {
        if rows.len() < c {
            return Err(bad(
                text.lines().count(),
                format!(
                    "the count line promises {c} rows but only {} follow",
                    rows.len()
                ),
            ));
        }
    }
    Ok(rows)
}

/// Gap values covering gaps of `longest` cells: from `path`, else from
/// [`DEFAULT_NIMBERS`] when present, extended by computation as needed.
fn load_nimbers(path: Option<&Path>, longest: usize) -> anyhow::Result<GapNimbers> {
    let default = Path::new(DEFAULT_NIMBERS);
    let mut g = match path {
        Some(p) => read_nimbers(p)?,
        None if default.is_file() => read_nimbers(default)?,
        None => GapNimbers::default(),
    };
    g.extend(longest, &NoProgress);
    Ok(g)
}

fn table(t: TableArgs) -> anyhow::Result<()> {
    if t.max_n == 0 || t.max_n > 1 << 20 {
        Err(Error::OutOfRange {
            what: format!("--max-n {}", t.max_n),
            reason: "the table covers strips of 1 to 2^20 cells".into(),
        })?;
    }
    if let Some(out) = &t.out {
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            super::check_writable(dir)?;
        }
    }
    let nimbers = load_nimbers(t.nimbers.as_deref(), t.max_n)?;
    let rows = strip_table(t.max_n, &nimbers)?;
    if t.json {
        outln!("{}", json!({ "max_n": t.max_n, "strips": rows }));
    } else if let Some(out) = &t.out {
        write_atomic(out, |w| write_table_csv(w, &rows))?;
    } else {
        let mut buf = Vec::new();
        write_table_csv(&mut buf, &rows)?;
        super::write_stdout(&String::from_utf8(buf)?);
    }
    Ok(())
}
