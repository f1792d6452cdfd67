//! Moves and keys on the loop table: a position's options, its canonical
//! key, and the bounds and entries the search uses (the search itself is
//! [`super::solve`]).
//!
//! A position is carried as the ascending list of its compatible loops, each
//! with the position's tiles as a mask over that loop's tiles. The options of
//! a position are grouped by what they place, so each option's compatible
//! loops come straight out of the parent's list.

use super::loop_table::{map_mask, LoopTable};

/// One compatible loop of a position: `(loop id, mask of the placed tiles
/// within that loop)`.
pub type Entry = (u32, u32);

/// The exact key of a position given its entries (ascending by loop id):
/// `least loop id << 32 | mask in that loop`. Equal keys mean equal
/// positions, since a loop fixes every placed tile's type.
#[inline]
pub fn key(entries: &[Entry]) -> u64 {
    (entries[0].0 as u64) << 32 | entries[0].1 as u64
}

/// The least key over the station symmetries in use
/// ([`LoopTable::symmetric`]): one key per symmetry class, shared by all
/// positions of the class (which have equal values).
#[inline]
pub fn canonical_key(table: &LoopTable, entries: &[Entry]) -> u64 {
    let mut best = key(entries);
    for s in 1..4 {
        if !table.symmetric[s] {
            continue;
        }
        let img = &table.image[s];
        let &(l, m) = entries
            .iter()
            .min_by_key(|&&(l, _)| img[l as usize])
            .expect("a position has a compatible loop");
        let k = (img[l as usize] as u64) << 32 | map_mask(m, table.loop_len(l), s) as u64;
        best = best.min(k);
    }
    best
}

/// Whether the position is a finished loop (its only option set is empty).
pub fn is_complete(table: &LoopTable, entries: &[Entry]) -> bool {
    entries.len() == 1 && entries[0].1.count_ones() as usize == table.loop_len(entries[0].0)
}

/// Working space of [`options`]: the candidate options of a position with
/// several compatible loops, before they are grouped by what they place.
#[derive(Debug, Default)]
pub struct OptionScratch {
    /// `signature << 32 | index into cand`, sorted to group the candidates.
    order: Vec<u64>,
    /// `(loop id, mask after the move)` in the order found (ascending loop
    /// id).
    cand: Vec<Entry>,
}

/// Appends the options of the position `entries` to `out` and returns their
/// boundaries: option `j` is `out[bounds[j]..bounds[j + 1]]` (entries
/// ascending by loop id). Each option appears once; options are in ascending
/// order of the signature of what they place. `scratch` is working space.
pub fn options(
    table: &LoopTable,
    entries: &[Entry],
    out: &mut Vec<Entry>,
    bounds: &mut Vec<usize>,
    scratch: &mut OptionScratch,
) {
    bounds.clear();
    bounds.push(out.len());
    if entries.len() == 1 {
        let (l, m) = entries[0];
        for s in table.segments_of(l) {
            if s.mask & m == 0 && (s.station || s.touch & m != 0) {
                out.push((l, m | s.mask));
                bounds.push(out.len());
            }
        }
        return;
    }
    // Candidates are found in ascending loop id, and a loop has at most one
    // segment of a signature, so sorting `signature << 32 | index` (one
    // integer compare) groups them by signature with loop ids ascending.
    let OptionScratch { order, cand } = scratch;
    order.clear();
    cand.clear();
    for &(l, m) in entries {
        for s in table.segments_of(l) {
            if s.mask & m == 0 && (s.station || s.touch & m != 0) {
                order.push(u64::from(s.signature) << 32 | cand.len() as u64);
                cand.push((l, m | s.mask));
            }
        }
    }
    order.sort_unstable();
    let mut i = 0;
    while i < order.len() {
        let sig = order[i] >> 32;
        while i < order.len() && order[i] >> 32 == sig {
            out.push(cand[(order[i] & 0xFFFF_FFFF) as usize]);
            i += 1;
        }
        bounds.push(out.len());
    }
}

/// An upper bound on the positions reachable from the position `entries`:
/// every one is a superset of it within one of its loops, so at most
/// `Σ 2^(empty cells of the loop)`. Used to size a memo.
pub fn reachable_bound(table: &LoopTable, entries: &[Entry]) -> f64 {
    entries
        .iter()
        .map(|&(l, m)| {
            let empty = table.loop_len(l).saturating_sub(m.count_ones() as usize);
            2f64.powi(i32::try_from(empty).unwrap_or(i32::MAX))
        })
        .sum()
}

/// The options of one position in fresh buffers, as [`options`] fills
/// them: `(out, bounds)`, option `i` being `out[bounds[i]..bounds[i + 1]]`.
pub fn options_of(table: &LoopTable, entries: &[Entry]) -> (Vec<Entry>, Vec<usize>) {
    let (mut out, mut bounds) = (Vec::new(), Vec::new());
    options(
        table,
        entries,
        &mut out,
        &mut bounds,
        &mut OptionScratch::default(),
    );
    (out, bounds)
}

/// The start position: every loop compatible, nothing placed.
pub fn start(table: &LoopTable) -> Vec<Entry> {
    (0..table.len() as u32).map(|l| (l, 0)).collect()
}

/// The entries of an arbitrary position: every loop containing all its
/// tiles with their types, with the tiles' mask. Empty when the position is
/// not completable. A plain scan of all loops, for single positions.
pub fn entries_of(table: &LoopTable, p: &super::position::Position) -> Vec<Entry> {
    entries_among(table, p, 0..table.len() as u32)
}

/// As [`entries_of`], looking only at the loops `candidates` (ascending
/// ids, for entries ascending by loop id): those that can hold `p`, such
/// as the loops through one of its tiles.
pub fn entries_among(
    table: &LoopTable,
    p: &super::position::Position,
    candidates: impl IntoIterator<Item = u32>,
) -> Vec<Entry> {
    let mut out = Vec::new();
    'loops: for i in candidates {
        let l = &table.loops[i as usize];
        let mut mask = 0u32;
        for &(c, t) in p.tiles() {
            match l.tiles.iter().position(|&(d, u)| d == c && u == t) {
                Some(k) => mask |= 1 << k,
                None => continue 'loops,
            }
        }
        out.push((i, mask));
    }
    out
}

/// The tiles a move places: the option `option` of the position `parent`
/// (both as entries), in ascending `(x, y)` order. `None` if the option's
/// first loop is not one of the parent's, which no option of it can be.
pub fn placed_tiles(
    table: &LoopTable,
    parent: &[Entry],
    option: &[Entry],
) -> Option<Vec<(super::geometry::Cell, super::geometry::TileType)>> {
    let &(l, m) = option.first()?;
    let before = parent.iter().find(|e| e.0 == l)?.1;
    Some(table.tiles(l, m & !before))
}
