//! The Treblecross answers: gap values loaded (checked against the rules)
//! or computed, refused first when computing them would take minutes; the
//! winning cells of one row or of a batch of rows; the table of empty
//! strips, refused first when it would take too long. The command line
//! only parses flags and writes what these return.

use grundy_core::error::{Error, LineError, Result};
use grundy_core::progress::NoProgress;
use grundy_dataset::treblecross::{
    check_nimbers, parse_batch, read_nimbers, strip_table, StripRow,
};
use grundy_games::treblecross::analysis::longest_gap;
use grundy_games::treblecross::{analyse, Analysis, GapNimbers, Row};
use std::io::Read;
use std::path::Path;

/// The longest gap whose values are computed without `force` (a few
/// seconds; a million cells take about a minute).
pub const COMPUTE_LIMIT: usize = 1 << 17;

/// The largest table without `force`: `max_n²/4` comparisons of gap values
/// (about a second) and tens of megabytes of output.
pub const TABLE_LIMIT: usize = 1 << 16;

/// The largest table at all.
pub const TABLE_MAX: usize = 1 << 20;

/// Gap values covering gaps of `longest` cells: from `path` (checked
/// with [`check_nimbers`]) when given, extended by computation as needed.
/// Nothing is read that the user did not name.
///
/// # Errors
/// An unreadable or wrong file; [`Error::OutOfRange`] when values past
/// [`COMPUTE_LIMIT`] cells would be computed without `force`.
pub fn load_nimbers(path: Option<&Path>, longest: usize, force: bool) -> Result<GapNimbers> {
    let mut g = match path {
        Some(p) => {
            let g = read_nimbers(p)?;
            check_nimbers(p, &g, longest)?;
            g
        }
        None => GapNimbers::default(),
    };
    if longest > g.max_gap() && longest > COMPUTE_LIMIT && !force {
        return Err(Error::OutOfRange {
            what: format!("a gap of {longest} cells"),
            reason: format!(
                "computing 0.007 values past {COMPUTE_LIMIT} cells takes minutes (about a minute \
                 per million cells); pass --nimbers FILE with the values or --force"
            ),
        });
    }
    g.extend(longest, &NoProgress);
    Ok(g)
}

/// The row `text` and its answer.
///
/// # Errors
/// A malformed or finished row; as [`load_nimbers`].
///
/// # Examples
/// On an empty row of 7 cells only the middle cell wins: the first player
/// loses on empty rows of 2, 6 and 12 cells only, up to 16 (Treblecross
/// is the octal game 0.007: Winning Ways, ch. 4).
/// ```
/// use grundy_jobs::treblecross::answer_row;
///
/// let (_, a) = answer_row(".......", None, false)?;
/// assert!(a.winning);
/// assert_eq!(a.winning_cells, [4]);
/// let (_, a) = answer_row("......", None, false)?;
/// assert!(!a.winning);
/// # Ok::<(), grundy_core::Error>(())
/// ```
pub fn answer_row(text: &str, nimbers: Option<&Path>, force: bool) -> Result<(Row, Analysis)> {
    let row: Row = text.parse()?;
    let g = load_nimbers(nimbers, longest_gap(&row), force)?;
    let x = analyse(&row, &g)?;
    Ok((row, x))
}

/// The rows of the batch file `batch` (`-`: standard input) and their
/// answers.
///
/// # Errors
/// An unreadable or malformed batch (named by its line); as
/// [`load_nimbers`] and [`answer_row`].
pub fn answer_batch(
    batch: &Path,
    nimbers: Option<&Path>,
    force: bool,
) -> Result<(Vec<Row>, Vec<Analysis>)> {
    let (name, text) = read_input(batch)?;
    let rows = parse_batch(&name, &text)?;
    let longest = rows.iter().map(longest_gap).max().unwrap_or(0);
    let g = load_nimbers(nimbers, longest, force)?;
    let answers = rows.iter().map(|r| analyse(r, &g)).collect::<Result<_>>()?;
    Ok((rows, answers))
}

/// The text of `path` (`-`: standard input) and the name to report it by.
fn read_input(path: &Path) -> Result<(String, String)> {
    let mut bytes = Vec::new();
    let name = if path == Path::new("-") {
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(Error::io("cannot read", Path::new("standard input")))?;
        "standard input".to_string()
    } else {
        if path.is_dir() {
            return Err(Error::Io {
                action: "cannot read",
                path: path.to_path_buf(),
                source: std::io::Error::new(std::io::ErrorKind::IsADirectory, "it is a directory"),
            });
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
        source: LineError::NotUtf8,
    })?;
    Ok((name, text))
}

/// Refuses a table of `max_n` strips that is empty, above [`TABLE_MAX`],
/// or above [`TABLE_LIMIT`] without `force` (with the comparisons it
/// would take).
///
/// # Errors
/// [`Error::OutOfRange`] as above.
pub fn check_table(max_n: usize, force: bool) -> Result<()> {
    let limit = if force { TABLE_MAX } else { TABLE_LIMIT };
    if max_n == 0 || max_n > limit {
        let work = (max_n as f64).powi(2) / 4.0;
        return Err(Error::OutOfRange {
            what: format!("--max-n {max_n}"),
            reason: if max_n > TABLE_LIMIT && max_n <= TABLE_MAX {
                format!(
                    "the table takes about {work:.1e} comparisons and grows as the square of \
                     --max-n; above {TABLE_LIMIT} pass --force"
                )
            } else {
                "the table covers strips of 1 to 2^20 cells".into()
            },
        });
    }
    Ok(())
}

/// The table of empty strips of `1..=max_n` cells (checked with
/// [`check_table`] first), gap values from `nimbers` when given.
///
/// # Errors
/// As [`check_table`] and [`load_nimbers`].
pub fn table(max_n: usize, nimbers: Option<&Path>, force: bool) -> Result<Vec<StripRow>> {
    check_table(max_n, force)?;
    let g = load_nimbers(nimbers, max_n, true)?;
    strip_table(max_n, &g)
}
