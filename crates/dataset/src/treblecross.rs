//! The Treblecross dataset: `table.csv` (every empty strip up to `N`) and
//! `nimbers.bin.zst` (the gap values, as a 0.007 nim-sequence file).

use super::atomic::write_atomic;
use super::octal::{read_sequence, write_sequence};
use grundy_core::error::BatchError;
use grundy_core::{Error, Result};
use grundy_games::octal::engine::naive::next_value;
use grundy_games::octal::OctalCode;
use grundy_games::treblecross::{GapNimbers, Row};
use std::io::Write;
use std::path::Path;

/// The octal code whose nim-sequence gives the gap values.
pub const CODE: &str = "0.007";

/// One row of the table: the verdict on an empty strip of `n` cells.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StripRow {
    /// Number of cells.
    pub n: usize,
    /// Grundy value of the strip (of the whole row, under normal play).
    pub nimber: u32,
    /// Whether the first player wins.
    pub first_player_wins: bool,
    /// Every winning first move, 1-based cells ascending.
    pub winning_moves: Vec<usize>,
}

/// The verdicts on empty strips of `1..=max_n` cells.
///
/// A strip of `n ≥ 3` empty cells is one gap of `n` cells, so its value is
/// the gap value and its winning cells are the `i` leaving two gaps of
/// equal value (`g(i − 3) = g(n − i − 2)`), symmetric about the middle:
/// `n/2` comparisons of gap values per strip, `max_n²/4` in all, with no
/// row built. Strips of 1 and 2 cells are plain filling.
///
/// # Errors
/// [`Error::OutOfRange`] when `nimbers` do not cover gaps of `max_n`.
pub fn strip_table(max_n: usize, nimbers: &GapNimbers) -> Result<Vec<StripRow>> {
    if max_n > nimbers.max_gap() {
        return Err(Error::OutOfRange {
            what: format!("the strip of {max_n} cells"),
            reason: format!("gap values are known up to {} cells", nimbers.max_gap()),
        });
    }
    let g: Vec<u32> = (0..=max_n).map(|k| nimbers.gap(k)).collect();
    let mut rows = Vec::with_capacity(max_n);
    for n in 1..=max_n {
        let (nimber, winning_moves) = if n < 3 {
            // One or two cells: the first player writes the last X iff n is odd.
            let w = n % 2 == 1;
            (u32::from(w), if w { (1..=n).collect() } else { Vec::new() })
        } else if g[n] == 0 {
            (0, Vec::new())
        } else {
            let mut left: Vec<usize> = (1..=n.div_ceil(2))
                .filter(|&i| g[i.saturating_sub(3)] == g[(n - i).saturating_sub(2)])
                .collect();
            // Cell n + 1 − i leaves the same two gaps, mirrored.
            let right: Vec<usize> = left
                .iter()
                .rev()
                .map(|&i| n + 1 - i)
                .filter(|&j| j > n.div_ceil(2))
                .collect();
            left.extend(right);
            (g[n], left)
        };
        rows.push(StripRow {
            n,
            nimber,
            first_player_wins: nimber != 0,
            winning_moves,
        });
    }
    Ok(rows)
}

/// Writes `rows` as CSV with header `n,nimber,first_player,winning_cells`
/// (`first_player` is `wins` or `loses`; the cells are space-separated).
///
/// # Errors
/// Any error of `w`.
pub fn write_table_csv(w: &mut dyn Write, rows: &[StripRow]) -> std::io::Result<()> {
    let mut c = csv::Writer::from_writer(w);
    c.write_record(["n", "nimber", "first_player", "winning_cells"])
        .map_err(super::csv_to_io)?;
    for r in rows {
        let cells: Vec<String> = r.winning_moves.iter().map(|c| c.to_string()).collect();
        c.write_record([
            r.n.to_string(),
            r.nimber.to_string(),
            if r.first_player_wins { "wins" } else { "loses" }.to_string(),
            cells.join(" "),
        ])
        .map_err(super::csv_to_io)?;
    }
    c.flush()
}

/// Writes `dir/table.csv` from `rows` (see [`strip_table`]) and
/// `dir/nimbers.bin.zst` (format of [`super::octal::write_sequence`], code
/// `0.007`), each atomically.
///
/// # Errors
/// [`Error::Io`] naming the file that could not be written.
pub fn write_dataset(dir: &Path, nimbers: &GapNimbers, rows: &[StripRow]) -> Result<()> {
    write_atomic(&dir.join("table.csv"), |w| write_table_csv(w, rows))?;
    write_atomic(&dir.join("nimbers.bin.zst"), |w| {
        write_sequence(w, CODE, nimbers.values())
    })?;
    Ok(())
}

/// Reads gap values from a nim-sequence file of 0.007 (such as
/// `data/treblecross/nimbers.bin.zst` or `data/octal/0.007/sequence.bin.zst`).
///
/// # Errors
/// As [`read_sequence`]; [`Error::CorruptDataset`] when the file holds
/// another game's sequence.
pub fn read_nimbers(path: &Path) -> Result<GapNimbers> {
    let (code, values) = read_sequence(path)?;
    if code != CODE {
        return Err(Error::CorruptDataset {
            path: path.to_path_buf(),
            reason: format!("it holds the nim-sequence of {code}, not of {CODE} (Treblecross)"),
        });
    }
    Ok(GapNimbers::from_values(values))
}

/// Values re-derived from the 0.007 rules, from the start, whatever the
/// file's length: [`check_nimbers`].
pub const CHECKED_PREFIX: usize = 4096;
/// Values spread over the rest of the range used, each re-derived from the
/// file's earlier values by the mex rule: [`check_nimbers`].
pub const CHECKED_SPOTS: usize = 64;

/// Checks gap values read from `path` where a row of gaps of up to
/// `longest` cells will use them: `G(0..min(4096, len))` are recomputed
/// from the rules of 0.007 and compared, and [`CHECKED_SPOTS`] values
/// evenly spread over the rest of the used range are re-derived by the
/// mex rule from the file's own earlier values (`O(n)` each). Together
/// with the digest checked by [`read_sequence`], an edited or stale file
/// is refused rather than trusted.
///
/// # Errors
/// [`Error::VerificationFailed`] naming the first `n` whose value differs.
pub fn check_nimbers(path: &Path, nimbers: &GapNimbers, longest: usize) -> Result<()> {
    let values = nimbers.values();
    let used = longest.saturating_add(3).min(values.len());
    let code: OctalCode = CODE.parse()?;
    let g = values.to_u32s();
    let bad = |n: usize, want: u32| Error::VerificationFailed {
        path: path.to_path_buf(),
        reason: format!(
            "G({n}) of 0.007 is {want}, the file says {} (stale or edited gap values)",
            g[n]
        ),
    };
    let prefix = CHECKED_PREFIX.min(values.len());
    let fresh = GapNimbers::compute(prefix.saturating_sub(3), &grundy_core::progress::NoProgress);
    for (n, &have) in g.iter().enumerate().take(prefix) {
        let want = fresh.values().get(n);
        if have != want {
            return Err(bad(n, want));
        }
    }
    if used > prefix {
        let span = used - prefix;
        for s in 0..CHECKED_SPOTS {
            let n = prefix + span * s / CHECKED_SPOTS + span / CHECKED_SPOTS / 2;
            let n = n.min(used - 1);
            let want = next_value(&code, &g[..n]);
            if g[n] != want {
                return Err(bad(n, want));
            }
        }
        let want = next_value(&code, &g[..used - 1]);
        if g[used - 1] != want {
            return Err(bad(used - 1, want));
        }
    }
    Ok(())
}

/// Rows of a batch (see [`format_batch`]): a count line then that many
/// rows, or one row per non-blank line; blank lines and surrounding
/// spaces are ignored. `name` is how errors refer to the input.
///
/// # Errors
/// [`Error::MalformedLine`] with the 1-based line: a bad row, a count that
/// is not a number, more or fewer rows than the count promises. A count is
/// only compared, never allocated.
pub fn parse_batch(name: &str, text: &str) -> Result<Vec<Row>> {
    let bad = |line: usize, source: BatchError| Error::MalformedLine {
        path: name.to_string(),
        line: line as u64,
        source: source.into(),
    };
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i.saturating_add(1), l.trim()))
        .filter(|(_, l)| !l.is_empty())
        .peekable();
    let count = match lines.peek() {
        Some(&(i, l)) if l.bytes().all(|b| b.is_ascii_digit()) => {
            lines.next();
            Some(l.parse::<usize>().map_err(|source| {
                bad(
                    i,
                    BatchError::Count {
                        text: l.into(),
                        source,
                    },
                )
            })?)
        }
        _ => None,
    };
    let mut rows = Vec::new();
    let mut last = 0;
    for (i, l) in lines {
        if count.is_some_and(|c| rows.len() == c) {
            return Err(bad(
                i,
                BatchError::MoreRowsThanCount {
                    count: count.unwrap_or(0),
                },
            ));
        }
        rows.push(l.parse::<Row>().map_err(|e| {
            bad(
                i,
                BatchError::Row {
                    source: Box::new(e),
                },
            )
        })?);
        last = i;
    }
    if let Some(c) = count {
        if rows.len() < c {
            return Err(bad(
                last.max(1),
                BatchError::FewerRowsThanCount {
                    count: c,
                    rows: rows.len(),
                },
            ));
        }
    }
    Ok(rows)
}

/// A batch as text that [`parse_batch`] reads back to the same rows: the
/// count, then one row per line.
pub fn format_batch(rows: &[Row]) -> String {
    let mut s = format!("{}\n", rows.len());
    for r in rows {
        s.push_str(&r.to_string());
        s.push('\n');
    }
    s
}
