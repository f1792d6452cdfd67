//! Independent check of a Monorail dataset.
//!
//! Walks the game from the start position, regenerating every position's
//! options from the rules (the loop table's move generator, itself tested
//! against the plain rules of [`super::rules`]), and checks that each stored
//! nimber is the mex of its options' stored nimbers, that the stored table
//! holds exactly the reachable classes, and that the summary and CSV files
//! agree with the table. Subgame classes are re-solved from their forms.

use super::position::Position;
use super::rules::Rules;
use super::search::{canonical_key, entries_of, options, start, Entry};
use super::subgame::{SubCell, Subgame};
use super::table::LoopTable;
use crate::dataset::monorail::{files, parse_position, Dataset};
use crate::error::{Error, Result};
use crate::impartial::{mex, MemoSolver, Nimber};
use crate::progress::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// What a successful verification checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyReport {
    /// Tile count.
    pub tiles: usize,
    /// Position records checked against their regenerated options.
    pub positions_checked: u64,
    /// Option lookups made.
    pub options_checked: u64,
    /// First-move rows checked.
    pub first_moves_checked: usize,
    /// Subgame classes re-solved.
    pub subgames_checked: usize,
}

struct Walk<'a> {
    table: &'a LoopTable,
    records: &'a [(u64, u16)],
    visited: Vec<AtomicU64>,
    options: AtomicU64,
    failed: AtomicBool,
    error: Mutex<Option<String>>,
}

impl Walk<'_> {
    fn fail(&self, reason: String) {
        self.failed.store(true, Ordering::Relaxed);
        let mut e = self.error.lock().expect("error lock");
        if e.is_none() {
            *e = Some(reason);
        }
    }

    fn describe(&self, entries: &[Entry]) -> String {
        Position::from_tiles(self.table.tiles(entries[0].0, entries[0].1))
            .map(|p| p.to_string())
            .unwrap_or_default()
    }

    fn index(&self, entries: &[Entry]) -> Option<usize> {
        let k = canonical_key(self.table, entries);
        self.records.binary_search_by_key(&k, |r| r.0).ok()
    }

    /// Checks the position and, the first time it is seen, its options.
    fn visit(&self, entries: &[Entry]) {
        if self.failed.load(Ordering::Relaxed) {
            return;
        }
        let Some(i) = self.index(entries) else {
            self.fail(format!(
                "position {} is reachable but has no record",
                self.describe(entries)
            ));
            return;
        };
        let bit = 1u64 << (i & 63);
        if self.visited[i >> 6].fetch_or(bit, Ordering::Relaxed) & bit != 0 {
            return;
        }
        let mut out = Vec::new();
        let mut bounds = Vec::new();
        let mut scratch = Vec::new();
        options(self.table, entries, &mut out, &mut bounds, &mut scratch);
        let mut values = Vec::with_capacity(bounds.len());
        for j in 0..bounds.len() - 1 {
            let o = &out[bounds[j]..bounds[j + 1]];
            match self.index(o) {
                Some(k) => values.push(Nimber(self.records[k].1 as u32)),
                None => {
                    self.fail(format!(
                        "position {} (an option of {}) is reachable but has no record",
                        self.describe(o),
                        self.describe(entries)
                    ));
                    return;
                }
            }
        }
        self.options
            .fetch_add(values.len() as u64, Ordering::Relaxed);
        let stored = self.records[i].1 as u32;
        let m = mex(values);
        if m.0 != stored {
            self.fail(format!(
                "position {} is stored with nimber {stored} but the mex of its {} options is {}",
                self.describe(entries),
                bounds.len() - 1,
                m.0
            ));
            return;
        }
        for j in 0..bounds.len() - 1 {
            self.visit(&out[bounds[j]..bounds[j + 1]]);
        }
    }
}

/// Verifies a dataset read by [`crate::dataset::monorail::read_dataset`].
///
/// # Errors
/// [`Error::VerificationFailed`] with the first mismatch found, naming the
/// file it is in; [`Error::TilesOutOfRange`] if the stored tile count is not
/// supported.
pub fn verify(d: &Dataset, progress: &dyn Progress) -> Result<VerifyReport> {
    let fail = |file: &str, reason: String| Error::VerificationFailed {
        path: d.dir.join(file),
        reason,
    };
    let tiles = d.summary.tiles;
    if d.header.tiles as usize != tiles {
        return Err(fail(
            files::POSITIONS,
            format!(
                "header says {} tiles, summary.json says {tiles}",
                d.header.tiles
            ),
        ));
    }
    let rules = Rules::new(tiles)?;
    let table = LoopTable::new(&rules);
    // Loops.
    if d.loops.len() != table.len()
        || d.summary.loops != table.len()
        || d.header.loops != table.len() as u64
    {
        return Err(fail(
            files::LOOPS,
            format!(
                "{} loops listed ({} in summary.json, {} in the table header) but the rules give {}",
                d.loops.len(),
                d.summary.loops,
                d.header.loops,
                table.len()
            ),
        ));
    }
    for (row, l) in d.loops.iter().zip(&table.loops) {
        let cycle: Vec<String> = l
            .tiles
            .iter()
            .map(|(c, t)| format!("{},{},{}", c.x, c.y, t))
            .collect();
        if row.cycle != cycle.join(";") || row.tiles != l.len() {
            return Err(fail(
                files::LOOPS,
                format!(
                    "loop {} differs from the rules' loop {}",
                    row.id,
                    cycle.join(";")
                ),
            ));
        }
    }
    // The walk.
    progress.phase("verify positions", d.positions.len() as u64);
    let walk = Walk {
        table: &table,
        records: &d.positions,
        visited: (0..d.positions.len().div_ceil(64))
            .map(|_| AtomicU64::new(0))
            .collect(),
        options: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        error: Mutex::new(None),
    };
    let root = start(&table);
    let mut out = Vec::new();
    let mut bounds = Vec::new();
    let mut scratch = Vec::new();
    options(&table, &root, &mut out, &mut bounds, &mut scratch);
    (0..bounds.len() - 1).into_par_iter().for_each(|j| {
        walk.visit(&out[bounds[j]..bounds[j + 1]]);
        progress.advance((d.positions.len() / (bounds.len() - 1)) as u64);
    });
    walk.visit(&root);
    progress.finish_phase();
    if let Some(e) = walk.error.lock().expect("error lock").take() {
        return Err(fail(files::POSITIONS, e));
    }
    let visited: u64 = walk
        .visited
        .iter()
        .map(|w| w.load(Ordering::Relaxed).count_ones() as u64)
        .sum();
    if visited != d.positions.len() as u64 {
        let i = (0..d.positions.len())
            .find(|&i| walk.visited[i >> 6].load(Ordering::Relaxed) >> (i & 63) & 1 == 0)
            .unwrap_or(0);
        return Err(fail(
            files::POSITIONS,
            format!(
                "{} records are not reachable from the start, the first with key {:#x}",
                d.positions.len() as u64 - visited,
                d.positions[i].0
            ),
        ));
    }
    // Summary against the table.
    let s = &d.summary;
    let lookup = |entries: &[Entry]| {
        let k = canonical_key(&table, entries);
        d.positions
            .binary_search_by_key(&k, |r| r.0)
            .ok()
            .map(|i| d.positions[i].1)
    };
    let start_nimber = lookup(&root).expect("the walk checked the start");
    let checks: [(bool, String); 3] = [
        (
            s.positions_solved == d.positions.len() as u64,
            format!(
                "positions_solved is {} but the table has {} records",
                s.positions_solved,
                d.positions.len()
            ),
        ),
        (
            s.start_nimber == start_nimber,
            format!(
                "start_nimber is {} but the table gives {start_nimber}",
                s.start_nimber
            ),
        ),
        (
            s.first_player_wins == (start_nimber != 0),
            format!(
                "first_player_wins is {} but the start nimber is {start_nimber}",
                s.first_player_wins
            ),
        ),
    ];
    for (ok, reason) in checks {
        if !ok {
            return Err(fail(files::SUMMARY, reason));
        }
    }
    // First moves.
    let fm_path = d.dir.join(files::FIRST_MOVES);
    let mut classes: Vec<u64> = (0..bounds.len() - 1)
        .map(|j| canonical_key(&table, &out[bounds[j]..bounds[j + 1]]))
        .collect();
    classes.sort_unstable();
    classes.dedup();
    if d.first_moves.len() != classes.len() || s.first_moves != classes.len() {
        return Err(fail(
            files::FIRST_MOVES,
            format!(
                "{} rows ({} in summary.json) but the start has {} first moves up to symmetry",
                d.first_moves.len(),
                s.first_moves,
                classes.len()
            ),
        ));
    }
    let mut winning = 0;
    for row in &d.first_moves {
        let p = parse_position(&fm_path, &row.first_move)?;
        let e = entries_of(&table, &p);
        let stored = if e.is_empty() { None } else { lookup(&e) };
        let outcome = if row.nimber == 0 { "P" } else { "N" };
        if stored != Some(row.nimber) || row.outcome != outcome || row.loops_left != e.len() {
            return Err(fail(files::FIRST_MOVES, format!("move {} is listed with nimber {} ({}), {} loops left, but the table gives {:?} and the rules {} loops", row.first_move, row.nimber, row.outcome, row.loops_left, stored, e.len())));
        }
        winning += usize::from(row.nimber == 0);
    }
    if winning != s.winning_first_moves {
        return Err(fail(
            files::SUMMARY,
            format!(
                "winning_first_moves is {} but first_moves.csv has {winning}",
                s.winning_first_moves
            ),
        ));
    }
    // Subgame classes, re-solved from their forms.
    let mut solver: MemoSolver<Subgame> = MemoSolver::new();
    for row in &d.subgames {
        let g = parse_form(&row.form).ok_or_else(|| {
            fail(
                files::SUBGAMES,
                format!("class {}: malformed form {:?}", row.id, row.form),
            )
        })?;
        let v = solver.nimber(&g);
        if v.0 != row.nimber || g.len() != row.cells || g.marked() != row.next_to_placed {
            return Err(fail(files::SUBGAMES, format!("class {} is listed with nimber {}, {} cells, {} next to placed, but its form gives {}, {}, {}", row.id, row.nimber, row.cells, row.next_to_placed, v.0, g.len(), g.marked())));
        }
    }
    for e in &s.forced_loop_endgames {
        for (&id, &v) in e.component_classes.iter().zip(&e.component_nimbers) {
            if d.subgames.get(id.wrapping_sub(1)).map(|r| r.nimber) != Some(v) {
                return Err(fail(files::SUMMARY, format!("endgame after {}: component class {id} is not of nimber {v} in subgames.csv", e.first_move)));
            }
        }
    }
    Ok(VerifyReport {
        tiles,
        positions_checked: visited,
        options_checked: walk.options.load(Ordering::Relaxed),
        first_moves_checked: d.first_moves.len(),
        subgames_checked: d.subgames.len(),
    })
}

/// Parses a subgame form `x,y[*];...` as written in `subgames.csv`.
pub fn parse_form(text: &str) -> Option<Subgame> {
    let mut cells: Vec<SubCell> = Vec::new();
    for item in text.split(';') {
        let (body, marked) = match item.strip_suffix('*') {
            Some(b) => (b, true),
            None => (item, false),
        };
        let (x, y) = body.split_once(',')?;
        cells.push((x.trim().parse().ok()?, y.trim().parse().ok()?, marked));
    }
    Some(Subgame::new(cells))
}
