//! Verifying a Monorail dataset directory ([`verify_dataset`]): every value
//! of every file re-derived from the rules and compared, row by row and
//! then byte for byte, naming the first difference.

use super::monorail_positions::{loops_mismatch, read_table_chunks};
use super::strict;
use crate::monorail::*;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_games::monorail::analysis::{analyse_counted, Analysis, ClassCounter};
use grundy_games::monorail::loop_table::LoopTable;
use grundy_games::monorail::rules::{check_tiles, Rules};
use grundy_games::monorail::verify::{check_records, RecordSink};
use serde::Serialize;
use serde_json::Value;
use std::path::Path;

/// What a successful [`verify_dataset`] checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// Tile count.
    pub tiles: usize,
    /// Position records checked against their regenerated options.
    pub positions_checked: u64,
    /// Option lookups made.
    pub options_checked: u64,
    /// First-move rows re-derived and compared.
    pub first_moves_checked: usize,
    /// Subgame classes re-derived and compared.
    pub subgames_checked: usize,
    /// Loop rows re-derived and compared.
    pub loops_checked: usize,
    /// Records of the optional `remoteness.bin.zst` re-derived from the
    /// verified nimbers and compared (0 when the file is absent).
    pub remoteness_checked: u64,
}

/// The first difference between a value read from a file and the
/// re-derived one ([`strict::json_difference`]), as `(field path, file's
/// value, re-derived value)`, `nothing` standing for an absent field.
fn first_difference(file: &Value, derived: &Value) -> Option<(String, String, String)> {
    let nothing = || "nothing".to_string();
    strict::json_difference("", file, derived).map(|d| {
        (
            d.field,
            d.file.unwrap_or_else(nothing),
            d.expected.unwrap_or_else(nothing),
        )
    })
}

fn mismatch(dir: &Path, file: &str, reason: String) -> Error {
    Error::VerificationFailed {
        path: dir.join(file),
        reason,
    }
}

/// Compares the rows read from `file` with the re-derived rows, field by
/// field: the error names the row (1-based, line = row + 1) and the column.
fn compare_rows<T: Serialize>(dir: &Path, file: &str, read: &[T], derived: &[T]) -> Result<()> {
    if read.len() != derived.len() {
        return Err(mismatch(
            dir,
            file,
            format!("file has {} rows, re-derived {}", read.len(), derived.len()),
        ));
    }
    for (i, (r, d)) in (1u64..).zip(read.iter().zip(derived)) {
        let (rv, dv) = (
            serde_json::to_value(r).expect("rows serialise"),
            serde_json::to_value(d).expect("rows serialise"),
        );
        if let Some((field, fv, ddv)) = first_difference(&rv, &dv) {
            return Err(mismatch(
                dir,
                file,
                format!(
                    "row {i} (line {}), field {field}: file says {fv}, re-derived {ddv}",
                    i.saturating_add(1)
                ),
            ));
        }
    }
    Ok(())
}

/// Compares a file's bytes with the re-derived bytes, naming the first line
/// that differs (a difference the field comparison cannot see: spacing,
/// quoting, line ends, extra columns or keys).
fn compare_bytes(dir: &Path, file: &str, read: &[u8], derived: &[u8]) -> Result<()> {
    match strict::first_line_difference(read, derived) {
        None => Ok(()),
        Some(d) => Err(mismatch(
            dir,
            file,
            format!(
                "line {} differs from the re-derived text: {}",
                d.line, d.what
            ),
        )),
    }
}

/// Phase 1 of [`verify_dataset`]: the tile count and the table header
/// against the summary and the rules; returns the rules' loop table.
fn check_header(d: &Dataset) -> Result<LoopTable> {
    let tiles = d.summary.tiles;
    check_tiles(tiles)
        .map_err(|e| mismatch(&d.dir, files::SUMMARY, format!("field tiles: {e}")))?;
    if u64::from(d.header.tiles) != tiles as u64 {
        return Err(mismatch(
            &d.dir,
            files::SUMMARY,
            format!(
                "field tiles: file says {tiles}, the header of {} says {}",
                files::POSITIONS,
                d.header.tiles
            ),
        ));
    }
    let table = LoopTable::new(&Rules::new(tiles)?);
    if let Some(reason) = loops_mismatch(&d.header, &table) {
        return Err(mismatch(&d.dir, files::POSITIONS, reason));
    }
    Ok(table)
}

/// Phase 3 of [`verify_dataset`]: every row of every text file, and then
/// every byte, against the files re-derived from the analysis.
fn compare_files(d: &Dataset, a: &Analysis, table: &LoopTable) -> Result<()> {
    let (first, subs, loops) = rows(a, table);
    compare_rows(&d.dir, files::LOOPS, &d.loops, &loops)?;
    compare_rows(&d.dir, files::FIRST_MOVES, &d.first_moves, &first)?;
    compare_rows(&d.dir, files::SUBGAMES, &d.subgames, &subs)?;
    let summary = Summary::new(a, table);
    let (rv, dv) = (
        serde_json::to_value(&d.summary).expect("the summary serialises"),
        serde_json::to_value(&summary).expect("the summary serialises"),
    );
    if let Some((field, fv, ddv)) = first_difference(&rv, &dv) {
        return Err(mismatch(
            &d.dir,
            files::SUMMARY,
            format!("field {field}: file says {fv}, re-derived {ddv}"),
        ));
    }
    for (name, bytes) in text_files(a, table) {
        let read = d.texts.get(name).map_or(&[][..], Vec::as_slice);
        compare_bytes(&d.dir, name, read, &bytes)?;
    }
    Ok(())
}

/// Verifies every value of every file of a dataset against the rules:
///
/// 1. the tile count and the table header against the rules;
/// 2. every record of `positions.bin.zst` by a walk from the start that
///    regenerates each position's options from the rules, checks each
///    stored nimber is the mex of its options' and that the records are
///    exactly the reachable classes
///    ([`grundy_games::monorail::verify::check_table`]);
/// 3. every other number (first moves with their reachable counts and
///    class sizes, endgames, subgame classes with their occurrences, loops,
///    the summary's fields) re-derived from the verified table by
///    [`analyse`](grundy_games::monorail::analysis::analyse) and compared field by field, then byte by byte, with the
///    files.
///
/// Costs about as much as the solve without its memo (see
/// [`grundy_games::monorail::cost::verify_cost`]).
///
/// # Errors
/// [`Error::VerificationFailed`] with the first mismatch, naming the file,
/// and the row and field (or line) where it differs, for instance
/// `first_moves.csv: row 17 (line 18), field reachable_positions: file says
/// 4900, re-derived 4901`.
pub fn verify_dataset(d: Dataset, progress: &dyn Progress) -> Result<VerifyReport> {
    let table = check_header(&d)?;
    let path = d.dir.join(files::POSITIONS);
    let mut sink = RecordSink::new(&table, d.header.records);
    let mut counter = ClassCounter::new(&table);
    progress.phase("read positions", d.header.records);
    // Decompressing and decoding (one thread) overlaps counting and
    // inserting (the pool): the reader hands chunks over a short queue.
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<(u64, u16)>>(4);
    let dir = &d.dir;
    let path = &path;
    std::thread::scope(|scope| -> Result<()> {
        let reader = scope.spawn(move || {
            read_table_chunks(path, move |_, chunk| {
                tx.send(chunk.to_vec())
                    .map_err(|_| mismatch(dir, files::POSITIONS, "reading stopped".into()))
            })
        });
        let mut consumed = Ok(());
        for chunk in rx.iter() {
            progress.advance(chunk.len() as u64);
            counter.add(&chunk);
            consumed = sink
                .add(&chunk)
                .map_err(|m| mismatch(dir, files::POSITIONS, m.to_string()));
            if consumed.is_err() {
                break;
            }
        }
        drop(rx);
        let read = reader
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        // The consumer's error names what was wrong with the records; the
        // reader's then only says it was stopped.
        consumed?;
        read.map(|_| ())
    })?;
    progress.finish_phase();
    let (solved, counts) = check_records(&table, sink, progress)
        .map_err(|m| mismatch(&d.dir, files::POSITIONS, m.to_string()))?;
    let analysis = analyse_counted(
        &table,
        d.summary.tiles,
        &solved,
        counter.finish()?,
        progress,
    )?;
    compare_files(&d, &analysis, &table)?;
    let rpath = d.dir.join(super::monorail_remoteness::FILE);
    let remoteness_checked = if rpath.exists() {
        let mut derived = solved;
        grundy_games::monorail::remoteness::fill_remoteness(&table, &mut derived, progress)?;
        progress.phase("compare remoteness", 0);
        let n = super::monorail_remoteness::check_remoteness(
            &rpath,
            d.summary.tiles,
            &table,
            &derived,
        )?;
        progress.finish_phase();
        n
    } else {
        0
    };
    Ok(VerifyReport {
        remoteness_checked,
        tiles: d.summary.tiles,
        positions_checked: counts.positions,
        options_checked: counts.options,
        first_moves_checked: d.first_moves.len(),
        subgames_checked: d.subgames.len(),
        loops_checked: d.loops.len(),
    })
}
