//! The Monorail dataset directory: `summary.json`, `first_moves.csv`,
//! `subgames.csv`, `loops.csv` and `positions.bin.zst` (see
//! [`crate::monorail_positions`] for the last); writing it all or nothing,
//! reading it back; verifying every value of every file against the rules
//! is [`crate::monorail_verify`].

#![warn(clippy::arithmetic_side_effects)]

use super::atomic::write_bytes;
use super::monorail_positions::{write_keyed_with, Header, KeyedHeader, TABLE_LEVEL};
use super::strict;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_games::monorail::analysis::{Analysis, ClassCounter, ClassCounts};
use grundy_games::monorail::loop_table::LoopTable;
use grundy_games::monorail::solved::{Solved, SortedChunk};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// File names inside a dataset directory.
pub mod files {
    /// Summary of the proof.
    pub const SUMMARY: &str = "summary.json";
    /// First moves up to symmetry.
    pub const FIRST_MOVES: &str = "first_moves.csv";
    /// Subgame classes of the forced-loop endgames.
    pub const SUBGAMES: &str = "subgames.csv";
    /// Every loop.
    pub const LOOPS: &str = "loops.csv";
    /// Position classes by number of placed tiles.
    pub const LAYERS: &str = "layers.csv";
    /// Every solved position class (large, not committed).
    pub const POSITIONS: &str = "positions.bin.zst";
}

/// A row of `layers.csv`: how many solved position classes have a given
/// number of placed tiles (every move places 1–3, so these are the tiers a
/// retrograde solve would work through).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayerRow {
    /// Tiles placed.
    pub tiles_placed: usize,
    /// Position classes (up to symmetry) with that many tiles placed.
    pub position_classes: u64,
}

/// The rows of `layers.csv`.
pub fn layer_rows(a: &Analysis) -> Vec<LayerRow> {
    a.classes_by_tiles
        .iter()
        .enumerate()
        .map(|(tiles_placed, &position_classes)| LayerRow {
            tiles_placed,
            position_classes,
        })
        .collect()
}

/// One forced-loop endgame in `summary.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndgameSummary {
    /// The winning first move, compact notation.
    #[serde(rename = "move")]
    pub first_move: String,
    /// The whole forced loop, compact notation.
    #[serde(rename = "loop")]
    pub forced_loop: String,
    /// Positions reachable from the move, itself and the finished loop
    /// included (not reduced by symmetry).
    pub reachable_positions: u64,
    /// Distinct non-empty subgame classes in those positions.
    pub subgame_classes: usize,
    /// Nimber → number of classes with it.
    pub classes_by_nimber: BTreeMap<u32, usize>,
    /// Nimbers of the subgames right after the move, ascending.
    pub component_nimbers: Vec<u32>,
    /// Ids (`subgames.csv`) of those subgames, in the same order.
    pub component_classes: Vec<usize>,
}

/// `summary.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// Always `"monorail"`.
    pub game: String,
    /// Tile count `T`.
    pub tiles: usize,
    /// Loops through the station with at most `T` tiles.
    pub loops: usize,
    /// Loop count by exact tile count (only even counts occur).
    pub loops_by_length: BTreeMap<usize, usize>,
    /// Legal first moves up to the station's symmetries.
    pub first_moves: usize,
    /// Legal first moves without symmetry reduction.
    pub first_moves_raw: usize,
    /// First moves of value `*0`, up to symmetry.
    pub winning_first_moves: usize,
    /// Whether the start is an N-position.
    pub first_player_wins: bool,
    /// The start position's nimber.
    pub start_nimber: u16,
    /// Position classes solved (up to the station's symmetries), the
    /// records of `positions.bin.zst`.
    pub positions_solved: u64,
    /// Positions reachable from the start, not reduced by symmetry.
    pub positions_reachable: u64,
    /// Endgames after winning first moves that leave one loop.
    pub forced_loop_endgames: Vec<EndgameSummary>,
    /// Where the game and the analysis come from.
    pub source: String,
}

impl Summary {
    /// The summary of an analysis.
    pub fn new(a: &Analysis, table: &LoopTable) -> Summary {
        let mut loops_by_length = BTreeMap::new();
        for l in &table.loops {
            let n: &mut usize = loops_by_length.entry(l.len()).or_insert(0);
            *n = n.saturating_add(1);
        }
        Summary {
            game: "monorail".into(),
            tiles: a.tiles,
            loops: a.loops,
            loops_by_length,
            first_moves: a.first_moves.len(),
            first_moves_raw: a.first_moves.iter().map(|f| f.class_size).sum(),
            winning_first_moves: a.winning_first_moves(),
            first_player_wins: a.start_nimber != 0,
            start_nimber: a.start_nimber,
            positions_solved: a.positions_solved,
            positions_reachable: a.positions_raw,
            forced_loop_endgames: a
                .endgames
                .iter()
                .map(|e| EndgameSummary {
                    first_move: e.first_move.to_string(),
                    forced_loop: e.forced_loop.to_string(),
                    reachable_positions: e.reachable_positions,
                    subgame_classes: e.class_ids.len(),
                    classes_by_nimber: e.classes_by_nimber.clone(),
                    component_nimbers: e.components.iter().map(|c| c.1).collect(),
                    component_classes: e.components.iter().map(|c| c.0).collect(),
                })
                .collect(),
            source: "J. Grabman, \"A Genius Solution\", SIGBOVIK 2024; rules of Monorail, The Genius (2014)".into(),
        }
    }
}

/// A row of `first_moves.csv`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstMoveRow {
    /// The move, compact notation (least of its symmetry class).
    #[serde(rename = "move")]
    pub first_move: String,
    /// Its nimber.
    pub nimber: u16,
    /// `P` or `N`.
    pub outcome: String,
    /// Loops still completable after it.
    pub loops_left: usize,
    /// Positions reachable after it, itself included, not reduced by
    /// symmetry.
    pub reachable_positions: u64,
    /// Raw first moves in its symmetry class (1, 2 or 4).
    pub class_size: usize,
}

/// A row of `subgames.csv`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SubgameRow {
    /// Class id, from 1.
    pub id: usize,
    /// Its nimber.
    pub nimber: u32,
    /// Number of cells.
    pub cells: usize,
    /// Cells next to a placed tile or the station.
    pub next_to_placed: usize,
    /// Occurrences as a subgame of a reachable endgame position.
    pub occurrences: u64,
    /// Canonical form: `x,y` cells, `*` marking next-to-placed ones.
    pub form: String,
}

/// A row of `loops.csv`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LoopRow {
    /// Loop id, the index used by `positions.bin.zst` keys.
    pub id: usize,
    /// Number of tiles.
    pub tiles: usize,
    /// The loop's tiles in cycle order from `(2,0)`: `x,y,TYPE;...`.
    #[serde(rename = "loop")]
    pub cycle: String,
}

/// The rows of the three CSV files.
pub fn rows(a: &Analysis, table: &LoopTable) -> (Vec<FirstMoveRow>, Vec<SubgameRow>, Vec<LoopRow>) {
    let first = a
        .first_moves
        .iter()
        .map(|f| FirstMoveRow {
            first_move: f.position.to_string(),
            nimber: f.nimber,
            outcome: if f.nimber == 0 { "P" } else { "N" }.into(),
            loops_left: f.loops_left,
            reachable_positions: f.reachable_positions,
            class_size: f.class_size,
        })
        .collect();
    let subs = a
        .subgame_classes
        .iter()
        .map(|c| SubgameRow {
            id: c.id,
            nimber: c.nimber,
            cells: c.form.len(),
            next_to_placed: c.form.marked(),
            occurrences: c.occurrences,
            form: c.form.to_string(),
        })
        .collect();
    let loops = table
        .loops
        .iter()
        .enumerate()
        .map(|(id, l)| LoopRow {
            id,
            tiles: l.len(),
            cycle: l
                .tiles
                .iter()
                .map(|(c, t)| format!("{},{},{}", c.x, c.y, t))
                .collect::<Vec<_>>()
                .join(";"),
        })
        .collect();
    (first, subs, loops)
}

/// A row type of a dataset CSV file, with its header line (written even
/// when there is no row, so an empty table still reads as one: the T = 20
/// proof has no subgame).
trait CsvRow: Serialize {
    /// The column names, comma-separated, as serde writes them.
    const HEADER: &'static str;
}

impl CsvRow for FirstMoveRow {
    const HEADER: &'static str = "move,nimber,outcome,loops_left,reachable_positions,class_size";
}

impl CsvRow for SubgameRow {
    const HEADER: &'static str = "id,nimber,cells,next_to_placed,occurrences,form";
}

impl CsvRow for LoopRow {
    const HEADER: &'static str = "id,tiles,loop";
}

impl CsvRow for LayerRow {
    const HEADER: &'static str = "tiles_placed,position_classes";
}

/// The bytes of a CSV file of `rows`, with its header line.
fn csv_bytes<T: CsvRow>(rows: &[T]) -> Vec<u8> {
    if rows.is_empty() {
        return format!("{}\n", T::HEADER).into_bytes();
    }
    let mut c = csv::Writer::from_writer(Vec::new());
    for r in rows {
        c.serialize(r).expect("rows serialise to memory");
    }
    c.into_inner().expect("a Vec takes every byte")
}

/// The bytes of `summary.json`.
fn summary_bytes(s: &Summary) -> Vec<u8> {
    let mut json = serde_json::to_string_pretty(s).expect("the summary serialises");
    json.push('\n');
    json.into_bytes()
}

/// The five text files of a dataset, `(file name, bytes)`, exactly as
/// [`write_dataset`] writes them.
pub fn text_files(a: &Analysis, table: &LoopTable) -> Vec<(&'static str, Vec<u8>)> {
    let (first, subs, loops) = rows(a, table);
    vec![
        (files::SUMMARY, summary_bytes(&Summary::new(a, table))),
        (files::FIRST_MOVES, csv_bytes(&first)),
        (files::SUBGAMES, csv_bytes(&subs)),
        (files::LOOPS, csv_bytes(&loops)),
        (files::LAYERS, csv_bytes(&layer_rows(a))),
    ]
}

/// Writes `positions.bin.zst` in directory `dir`: every class of
/// `solved`, read out of its memo in sorted chunks of at most about
/// `chunk_records` records (8 bytes each in memory), streamed through the
/// encoder; zstd level [`TABLE_LEVEL`], compressed by as many zstd workers
/// as the pool has threads (the bytes do not depend on their number). Each
/// class is also given once to `counter`, in key order. When `solved`
/// keeps remoteness, the remoteness table ([`super::monorail_remoteness`])
/// is written in `dir` too: from the same chunk, on its own thread, when
/// the table is one chunk.
///
/// Progress: phase `write datasets`, counting records handed to the files'
/// two passes (the digest, then the bytes) and to the counter.
///
/// # Errors
/// [`Error::Io`] naming the file.
pub fn write_positions(
    dir: &Path,
    tiles: usize,
    table: &LoopTable,
    solved: &Solved,
    chunk_records: u64,
    counter: &mut ClassCounter<'_>,
    progress: &dyn Progress,
) -> Result<()> {
    let path = dir.join(files::POSITIONS);
    let remoteness_path = dir.join(super::monorail_remoteness::FILE);
    let remoteness = solved.start_remoteness.map(|_| remoteness_path.as_path());
    let tiles = u32::try_from(tiles).map_err(|_| Error::TilesOutOfRange {
        tiles,
        min: grundy_games::monorail::rules::MIN_TILES,
        max: grundy_games::monorail::rules::MAX_TILES,
    })?;
    let frame = Frame {
        tiles,
        loops: table.len() as u64,
        count: solved.classes(),
        workers: u32::try_from(rayon::current_num_threads().max(1)).unwrap_or(1),
    };
    // Two passes a file, and the counter.
    let passes: u64 = if remoteness.is_some() { 5 } else { 3 };
    progress.phase("write datasets", frame.count.saturating_mul(passes));
    let counted = |piece: &[(u64, u16)]| progress.advance(piece.len() as u64);
    let groups = solved.sorted_groups(chunk_records);
    if let [group] = groups[..] {
        let chunk = solved.sorted_chunk(group);
        write_one_chunk(&frame, &chunk, &path, remoteness, counter, &counted)?;
    } else {
        write_positions_in_groups(&frame, solved, &groups, &path, counter, &counted)?;
        if let Some(rpath) = remoteness {
            super::monorail_remoteness::write_remoteness(
                rpath,
                tiles,
                table,
                solved,
                chunk_records,
                &|piece: &[(u64, u16)]| counted(piece),
            )?;
        }
    }
    progress.finish_phase();
    Ok(())
}

/// Counts records handed to a file's pass (the progress of
/// [`write_positions`]).
type Counted<'a> = dyn Fn(&[(u64, u16)]) + Sync + 'a;

/// What the header of a keyed table of [`write_positions`] records: the
/// tiles, the loop table's length, the records, and the zstd workers.
struct Frame {
    tiles: u32,
    loops: u64,
    count: u64,
    workers: u32,
}

impl Frame {
    /// Writes a keyed table with header `H` to `w`, its records given by
    /// `records` (once for the digest, once for the bytes).
    fn write<H: KeyedHeader, R>(
        &self,
        w: &mut dyn std::io::Write,
        records: R,
    ) -> std::io::Result<()>
    where
        R: Fn(&mut dyn FnMut(&[(u64, u16)]) -> std::io::Result<()>) -> std::io::Result<()>,
    {
        write_keyed_with::<H, _>(
            w,
            self.tiles,
            self.loops,
            self.count,
            TABLE_LEVEL,
            self.workers,
            records,
        )
    }
}

/// [`write_positions`] when the table is one sorted chunk: read out once
/// for every file, counting (parallel) while compressing (a thread a file,
/// and zstd's workers); the remoteness table too when `remoteness` names
/// its path.
fn write_one_chunk(
    frame: &Frame,
    chunk: &SortedChunk,
    path: &Path,
    remoteness: Option<&Path>,
    counter: &mut ClassCounter<'_>,
    counted: &Counted<'_>,
) -> Result<()> {
    let (mut positions, mut remote) = (Ok(()), Ok(()));
    rayon::scope(|s| {
        s.spawn(|_| {
            let added: std::result::Result<(), std::convert::Infallible> =
                chunk.for_each_piece(|piece| {
                    counter.add(piece);
                    counted(piece);
                    Ok(())
                });
            let Ok(()) = added;
        });
        if let Some(rpath) = remoteness {
            let remote = &mut remote;
            s.spawn(move |_| {
                *remote = super::atomic::write_atomic(rpath, |w| {
                    frame.write::<super::monorail_remoteness::Header, _>(w, |put| {
                        chunk.for_each_remoteness_piece(|piece| {
                            counted(piece);
                            put(piece)
                        })
                    })
                });
            });
        }
        positions = super::atomic::write_atomic(path, |w| {
            frame.write::<Header, _>(w, |put| {
                chunk.for_each_piece(|piece| {
                    counted(piece);
                    put(piece)
                })
            })
        });
    });
    positions?;
    remote
}

/// [`write_positions`] when the table is read out in several sorted chunks
/// (`groups`), once a pass: the first pass of the file also gives each
/// class to `counter` (parallel, overlapping the compression).
fn write_positions_in_groups(
    frame: &Frame,
    solved: &Solved,
    groups: &[(u64, u64, u64)],
    path: &Path,
    counter: &mut ClassCounter<'_>,
    counted: &Counted<'_>,
) -> Result<()> {
    let counter = std::cell::RefCell::new(counter);
    let passes = std::cell::Cell::new(0u32);
    super::atomic::write_atomic(path, |w| {
        frame.write::<Header, _>(w, |put| {
            let first = passes.get() == 0;
            passes.set(passes.get().saturating_add(1));
            solved.for_each_in_groups(groups, |chunk| {
                counted(chunk);
                if first {
                    // Counting (parallel) overlaps compressing.
                    let mut counter = counter.borrow_mut();
                    let counter: &mut ClassCounter<'_> = &mut counter;
                    rayon::in_place_scope(|s| {
                        s.spawn(|_| {
                            counter.add(chunk);
                            counted(chunk);
                        });
                        put(chunk)
                    })
                } else {
                    put(chunk)
                }
            })
        })
    })
}

/// Writes the whole dataset into the directory `dir` (a staged directory,
/// [`super::staging::Stage::dir`], so the target changes only when the
/// run commits): `positions.bin.zst` ([`write_positions`]), counting the classes as they
/// are written; then the analysis that `analyse` makes of those counts;
/// then the text files of [`text_files`] from it. Returns the analysis.
///
/// # Errors
/// [`Error::Io`] naming the file or directory that cannot be written; the
/// first error of `analyse`.
pub fn write_dataset<F>(
    dir: &Path,
    tiles: usize,
    table: &LoopTable,
    solved: &Solved,
    chunk_records: u64,
    analyse: F,
    progress: &dyn Progress,
) -> Result<Analysis>
where
    F: FnOnce(ClassCounts) -> Result<Analysis>,
{
    let mut counter = ClassCounter::new(table);
    write_positions(
        dir,
        tiles,
        table,
        solved,
        chunk_records,
        &mut counter,
        progress,
    )?;
    let a = analyse(counter.finish()?)?;
    for (name, bytes) in text_files(&a, table) {
        write_bytes(&dir.join(name), &bytes)?;
    }
    Ok(a)
}

/// A dataset directory read back.
#[derive(Debug)]
pub struct Dataset {
    /// The directory.
    pub dir: PathBuf,
    /// `summary.json`.
    pub summary: Summary,
    /// `first_moves.csv`.
    pub first_moves: Vec<FirstMoveRow>,
    /// `subgames.csv`.
    pub subgames: Vec<SubgameRow>,
    /// `loops.csv`.
    pub loops: Vec<LoopRow>,
    /// The bytes of the five text files, by file name (for the exact
    /// comparison of [`verify_dataset`](super::monorail_verify::verify_dataset)).
    pub texts: BTreeMap<&'static str, Vec<u8>>,
    /// Header of `positions.bin.zst` (its records are read when verified,
    /// chunk by chunk).
    pub header: Header,
}

fn read_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(Error::io("cannot read", path))
}

/// The rows of a CSV file of the dataset, which must be byte for byte what
/// [`csv_bytes`] writes for them (header and columns in order, `\n` line
/// ends, the writer's quoting, nothing else).
fn parse_csv<T: for<'de> Deserialize<'de> + CsvRow>(path: &Path, bytes: &[u8]) -> Result<Vec<T>> {
    let mut r = csv::Reader::from_reader(bytes);
    let mut out = Vec::new();
    for (i, row) in (1u64..).zip(r.deserialize()) {
        out.push(row.map_err(|e| Error::Undecodable {
            path: path.to_path_buf(),
            what: format!("row {i}"),
            source: Box::new(e),
        })?);
    }
    strict::check_as_written(path, bytes, &csv_bytes(&out))?;
    Ok(out)
}

/// Reads `summary.json` of a dataset directory.
///
/// # Errors
/// [`Error::Io`] if it cannot be read, [`Error::CorruptDataset`] if it is
/// not a summary: not JSON, a key repeated or unknown (at any depth), a
/// field missing or of the wrong type, or laid out otherwise than grundy
/// writes it (naming the line).
pub fn read_summary(dir: &Path) -> Result<Summary> {
    let sp = dir.join(files::SUMMARY);
    parse_summary(&sp, &read_file(&sp)?)
}

/// `summary.json` read strictly ([`strict::from_json`]: no key repeated or
/// unknown at any depth), and byte for byte as [`summary_bytes`] writes
/// what was read.
fn parse_summary(path: &Path, bytes: &[u8]) -> Result<Summary> {
    let s: Summary = strict::from_json(path, bytes)?;
    strict::check_as_written(path, bytes, &summary_bytes(&s))?;
    Ok(s)
}

/// Checks that the files of a `tiles`-tile dataset in `dir` that git does
/// not keep are there: `positions.bin.zst`, and from T = 20 on `loops.csv`
/// (committed up to T = 18, where its absence is an ordinary unreadable
/// file).
///
/// # Errors
/// [`Error::MissingFile`] naming the first one absent and the command that
/// regenerates it.
pub fn check_regenerated_present(dir: &Path, tiles: usize) -> Result<()> {
    let regenerated: &[&str] = if tiles >= 20 {
        &[files::LOOPS, files::POSITIONS]
    } else {
        &[files::POSITIONS]
    };
    for name in regenerated {
        let path = dir.join(name);
        if !path.exists() {
            return Err(Error::MissingFile {
                remedy: regenerate(dir, tiles),
                path,
            });
        }
    }
    Ok(())
}

/// How to get back the files of a `tiles`-tile dataset in `dir` that git
/// does not keep (`positions.bin.zst`, and `loops.csv` from T = 20 on):
/// rerun the solve that wrote it.
fn regenerate(dir: &Path, tiles: usize) -> String {
    let default = if tiles == 16 {
        "data/monorail".to_string()
    } else {
        format!("data/monorail-t{tiles}")
    };
    let out = if dir.components().eq(Path::new(&default).components()) {
        String::new()
    } else {
        format!(" --out {}", dir.display())
    };
    format!(
        "it is regenerated, not committed (git ignores it); rerun the solve that wrote \
         this T = {tiles} dataset, `grundy monorail solve --tiles {tiles}{out}`{}, then verify again",
        if tiles == 16 && out.is_empty() {
            " (or `grundy reproduce`)"
        } else {
            ""
        }
    )
}

/// Reads every text file of a dataset directory and the header of
/// `positions.bin.zst` (its records are streamed by [`verify_dataset`](super::monorail_verify::verify_dataset)).
///
/// Each file is read strictly: `summary.json` as [`read_summary`], each CSV
/// file by its columns (none missing or added, in the writer's order) and
/// then byte for byte as the writer writes the rows read (`\n` line ends,
/// its quoting and spacing), so only what grundy writes is accepted.
///
/// # Errors
/// [`Error::MissingFile`] when `positions.bin.zst` (or, from T = 20 on,
/// `loops.csv`), which git does not keep, is absent (saying how to regenerate it), [`Error::Io`]
/// for another missing or unreadable file, [`Error::CorruptDataset`]
/// for one that does not decode or is not laid out as grundy writes it,
/// naming the file and the row or line.
pub fn read_dataset(dir: &Path) -> Result<Dataset> {
    let summary_path = dir.join(files::SUMMARY);
    let summary_bytes = read_file(&summary_path)?;
    let summary = parse_summary(&summary_path, &summary_bytes)?;
    check_regenerated_present(dir, summary.tiles)?;
    let mut texts = BTreeMap::new();
    texts.insert(files::SUMMARY, summary_bytes);
    for name in [
        files::FIRST_MOVES,
        files::SUBGAMES,
        files::LOOPS,
        files::LAYERS,
    ] {
        texts.insert(name, read_file(&dir.join(name))?);
    }
    let text = |name: &str| texts.get(name).map_or(&[][..], Vec::as_slice);
    let first_moves = parse_csv(&dir.join(files::FIRST_MOVES), text(files::FIRST_MOVES))?;
    let subgames = parse_csv(&dir.join(files::SUBGAMES), text(files::SUBGAMES))?;
    let loops = parse_csv(&dir.join(files::LOOPS), text(files::LOOPS))?;
    parse_csv::<LayerRow>(&dir.join(files::LAYERS), text(files::LAYERS))?;
    let (header, _) = super::stream::open::<Header>(&dir.join(files::POSITIONS))?;
    Ok(Dataset {
        dir: dir.to_path_buf(),
        summary,
        first_moves,
        subgames,
        loops,
        texts,
        header,
    })
}

/// Bytes `monorail solve --tiles T` writes, estimated from the sizes
/// measured: `positions.bin.zst` about 1.3 bytes a position class (10.0
/// MB at T = 16, 130 MB at T = 18, 1.84 GB at T = 20), as much again for a
/// checkpoint (its chunks hold the same records), the remoteness table
/// where it is written about 1.25 bytes a class (9.7 MB at T = 16, 124 MB at
/// T = 18, 1.76 GB at T = 20), and
/// `loops.csv` about 8.3 bytes a tile of a loop (3.1 MB at T = 16, 139 MB
/// at T = 20).
///
/// # Errors
/// [`Error::TilesOutOfRange`] outside the supported tile counts.
pub fn dataset_bytes(tiles: usize, checkpoint: bool) -> Result<u64> {
    use grundy_games::monorail::cost::{loops, start_classes};
    let classes = start_classes(tiles)?;
    // f64 arithmetic does not wrap; the cast saturates.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_precision_loss)]
    {
        let positions = 1.3 * classes;
        let remoteness = if tiles <= super::monorail_remoteness::MAX_TILES {
            1.25 * classes
        } else {
            0.0
        };
        let table = 8.3 * tiles as f64 * loops(tiles)? as f64;
        let ckpt = if checkpoint { positions } else { 0.0 };
        Ok((positions + remoteness + table + ckpt + 65_536.0) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The estimates meet (and do not fall short of) the sizes measured:
    /// 10.0 MB of positions, 9.7 MB of remoteness and 3.1 MB of loops at
    /// T = 16 (22.8 MB); 1.84 GB of positions, 1.76 GB of remoteness and
    /// 139 MB of loops at T = 20 (3.74 GB; a checkpoint as much as the
    /// positions again).
    #[test]
    fn dataset_sizes_as_measured() {
        let t16 = dataset_bytes(16, false).unwrap();
        assert!((22_800_000..27_000_000).contains(&t16), "{t16}");
        let t20 = dataset_bytes(20, false).unwrap();
        assert!((3_740_000_000..4_000_000_000).contains(&t20), "{t20}");
        let ckpt = dataset_bytes(20, true).unwrap() - t20;
        assert!((1_840_000_000..2_000_000_000).contains(&ckpt), "{ckpt}");
        assert!(dataset_bytes(26, false).is_err());
    }

    /// The header of an empty table is the one serde writes above rows,
    /// and the empty table reads back as no row.
    #[test]
    fn empty_tables_keep_their_header() {
        fn header_of<T: CsvRow>(row: T) {
            let bytes = csv_bytes(&[row]);
            let text = String::from_utf8(bytes).unwrap();
            assert_eq!(text.lines().next().unwrap(), T::HEADER);
        }
        header_of(FirstMoveRow {
            first_move: "a".into(),
            nimber: 1,
            outcome: "N".into(),
            loops_left: 1,
            reachable_positions: 1,
            class_size: 1,
        });
        header_of(SubgameRow {
            id: 1,
            nimber: 0,
            cells: 2,
            next_to_placed: 1,
            occurrences: 3,
            form: "0,0*".into(),
        });
        header_of(LoopRow {
            id: 0,
            tiles: 4,
            cycle: "x".into(),
        });
        header_of(LayerRow {
            tiles_placed: 0,
            position_classes: 1,
        });
        let empty = csv_bytes::<SubgameRow>(&[]);
        assert_eq!(empty, b"id,nimber,cells,next_to_placed,occurrences,form\n");
        let rows: Vec<SubgameRow> = parse_csv(Path::new("subgames.csv"), &empty).unwrap();
        assert!(rows.is_empty());
    }
}
