//! Misère Cram: the player who cannot move **wins**. Regions do not add up
//! under misère play (no nimber of a sum is the nim-sum of its parts'), so
//! the search keeps a position whole: the multiset of its regions' canonical
//! forms, sorted, is the key of its outcome.
//!
//! What is and is not reduced:
//! - lone cells, surplus leaves, cells whose neighbours all carry a leaf
//!   ([`Grid::reduce`]) and the edges of twin squares ([`Grid::twin_cuts`]) are
//!   dropped: each proof shows the game with them and the game without
//!   them have the same game tree up to isomorphism (every option of one
//!   is an image of an option of the other), which keeps the outcome under
//!   either convention, in every sum;
//! - the moves of twin squares are not tried (their positions are images
//!   of others);
//! - two equal regions do **not** cancel, and no region is replaced by a
//!   value: under misère play `G + G` need not be a P-position and a
//!   region's nimber says nothing about its misère outcome.

use super::cells::{picture, Cells, Grid, STRIDE};
use super::layout::Wide;
use crate::misere::position::Family;
use grundy_core::progress::Progress;
use grundy_core::{Error, Result};
use rustc_hash::FxHashMap;
use std::sync::Mutex;

/// The misère search: outcomes of whole positions, by their sorted regions.
pub struct MisereSolver<'a> {
    memo: FxHashMap<Vec<Cells>, bool>,
    positions: u64,
    limit: u64,
    /// The most bytes the memo may take, about ([`memo_bytes`](Self::memo_bytes)).
    max_bytes: usize,
    /// The bytes of the memo's keys (their heap blocks).
    key_bytes: usize,
    progress: Option<&'a dyn Progress>,
}

/// Positions between two reports to the progress.
const REPORT_EVERY: u64 = 1 << 14;

/// The bytes of a memo entry in its table: a `Vec` and a flag, padded.
const ENTRY_BYTES: usize = std::mem::size_of::<(Vec<Cells>, bool)>();

/// The bytes of the table of a hash map that holds `capacity` entries: a
/// `hashbrown` table (the standard library's) has 8 buckets for every 7
/// entries it holds, each an entry and a control byte.
fn table_bytes(capacity: usize) -> usize {
    (capacity / 7 * 8).saturating_mul(ENTRY_BYTES + 1)
}

/// The heap block of a key: room for its regions and the allocator's
/// header (a block of glibc's is a multiple of 16 bytes, with 8 of
/// header).
fn key_bytes(key: &Vec<Cells>) -> usize {
    (key.capacity() * std::mem::size_of::<Cells>() + 8).next_multiple_of(16)
}

impl<'a> MisereSolver<'a> {
    /// A solver that refuses to search more than `limit` positions.
    pub fn new(limit: u64) -> MisereSolver<'a> {
        MisereSolver {
            memo: FxHashMap::default(),
            positions: 0,
            limit,
            max_bytes: usize::MAX,
            key_bytes: 0,
            progress: None,
        }
    }

    /// The same solver, whose memo (every position searched is kept:
    /// misère play has no values to store in their place, so no entry can
    /// be given up) refuses to grow past about `bytes`
    /// ([`memo_bytes`](Self::memo_bytes)), instead of the process running
    /// out of memory.
    pub fn with_memory(mut self, bytes: usize) -> Self {
        self.max_bytes = bytes;
        self
    }

    /// Reports the positions searched to `progress`, and stops when it
    /// asks.
    pub fn with_progress(mut self, progress: &'a dyn Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Positions searched (not read from the memo).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The bytes the memo takes, about: its table and its keys' blocks
    /// (5 × 8, 8.4 million positions: 1,174 MiB at the end; the process
    /// peaked at 1,365 MiB while the table last grew, at 7.3 million
    /// positions, and a bound of 1 GiB refuses it there, counting the old
    /// and the new table at once).
    pub fn memo_bytes(&self) -> usize {
        table_bytes(self.memo.capacity()).saturating_add(self.key_bytes)
    }

    /// Whether the player to move wins the position `e` (cells in the
    /// layout of [`super::cells`]) under misère play.
    ///
    /// # Errors
    /// [`Error::TooCostly`] once more than the limit of positions is
    /// searched, or when the memo would grow past its bound of memory;
    /// [`Error::Stopped`] when the progress asks for a stop.
    pub fn wins(&mut self, e: Cells) -> Result<bool> {
        let mut key = Vec::new();
        split(Wide.reduce(e), &mut key);
        key.sort_unstable();
        self.wins_key(key)
    }

    /// Keeps the outcome `win` of the position `key`, unless the memo
    /// would then outgrow its bound (counting the old and the new table
    /// of a growth, held at once while it moves the entries).
    fn keep(&mut self, key: Vec<Cells>, win: bool) -> Result<()> {
        let (len, capacity) = (self.memo.len(), self.memo.capacity());
        let table = table_bytes(capacity);
        let held = if len == capacity {
            table.saturating_add(table_bytes(capacity.max(3).saturating_mul(2)))
        } else {
            table
        };
        let more = key_bytes(&key);
        if held.saturating_add(self.key_bytes).saturating_add(more) > self.max_bytes {
            return Err(Error::TooCostly {
                what: "misère Cram".into(),
                needs: format!(
                    "a memo of more than {} positions ({} MiB and growing)",
                    len,
                    self.memo_bytes() >> 20
                ),
                limit: format!("its bound of {} MiB", self.max_bytes >> 20),
                flag: "--memory with a larger size",
            });
        }
        self.key_bytes += more;
        self.memo.insert(key, win);
        Ok(())
    }

    fn wins_key(&mut self, key: Vec<Cells>) -> Result<bool> {
        if key.is_empty() {
            return Ok(true); // no move: the player to move has won
        }
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        self.positions += 1;
        if self.positions % REPORT_EVERY == 0 {
            if let Some(p) = self.progress {
                p.advance(REPORT_EVERY);
                if p.stop_requested() {
                    return Err(Error::Stopped);
                }
            }
        }
        if self.positions > self.limit {
            return Err(Error::TooCostly {
                what: "misère Cram".into(),
                needs: format!("a search of more than {} positions", self.limit),
                limit: format!("the {} positions searched without asking", self.limit),
                flag: "--force",
            });
        }
        let mut win = false;
        'regions: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue; // the same region has the same options
            }
            let r = Wide.cells_of(key[i]);
            let horizontal = Wide.horizontal_moves(r) & !Wide.twin_cuts(r);
            for (mut bits, step) in [(Wide.vertical_moves(r), STRIDE), (horizontal, 1u32)] {
                while bits != 0 {
                    let b = bits & bits.wrapping_neg();
                    bits ^= b;
                    let mut next: Vec<Cells> = key
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, &k)| k)
                        .collect();
                    split(Wide.reduce(r & !(b | b << step)), &mut next);
                    next.sort_unstable();
                    if !self.wins_key(next)? {
                        win = true;
                        break 'regions;
                    }
                }
            }
        }
        self.keep(key, win)?;
        Ok(win)
    }
}

/// Pushes the canonical forms of the regions of the reduced cells `e`
/// ([`for_each_region`]).
fn split(e: Cells, out: &mut Vec<Cells>) {
    Wide.for_each_region(e, &mut |r| out.push(Wide.canonical(r)));
}

/// Cram regions as a family of components of a misère sum
/// ([`Family`]): component `id` is the `id`-th region met, by canonical
/// form; its options are the regions each move leaves, split and reduced
/// as in [`MisereSolver`] (every reduction keeps the game tree up to
/// isomorphism, so the sum's outcome too). Regions are numbered as the
/// search meets them.
#[derive(Default)]
pub struct CramRegions {
    ids: Mutex<Ids>,
}

#[derive(Default)]
struct Ids {
    forms: Vec<Cells>,
    index: FxHashMap<Cells, u64>,
}

impl CramRegions {
    /// An empty family.
    pub fn new() -> CramRegions {
        CramRegions::default()
    }

    /// The components of the position `e` (cells in the layout of
    /// [`super::cells`]): one id for each of its regions (none for a
    /// position without a move).
    pub fn components(&self, e: Cells) -> Vec<u64> {
        let mut forms = Vec::new();
        split(Wide.reduce(e), &mut forms);
        forms.into_iter().map(|k| self.id(k)).collect()
    }

    fn id(&self, form: Cells) -> u64 {
        let mut ids = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&i) = ids.index.get(&form) {
            return i;
        }
        let i = ids.forms.len() as u64;
        ids.forms.push(form);
        ids.index.insert(form, i);
        i
    }

    /// The number of cells of region `id` (0 for no region).
    pub fn cells(&self, id: u64) -> u32 {
        self.form(id).map_or(0, |k| Wide.cells_of(k).count_ones())
    }

    fn form(&self, id: u64) -> Option<Cells> {
        let ids = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        usize::try_from(id)
            .ok()
            .and_then(|i| ids.forms.get(i).copied())
    }
}

impl Family for CramRegions {
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        let r = Wide.cells_of(self.form(id).ok_or_else(|| Error::OutOfRange {
            what: format!("Cram region {id}"),
            reason: "no region has that number".into(),
        })?);
        // The moves of twin squares reach images of other options.
        let horizontal = Wide.horizontal_moves(r) & !Wide.twin_cuts(r);
        let start = out.len();
        for (mut bits, step) in [(Wide.vertical_moves(r), STRIDE), (horizontal, 1u32)] {
            while bits != 0 {
                let b = bits & bits.wrapping_neg();
                bits ^= b;
                let mut left = self.components(r & !(b | b << step));
                left.sort_unstable();
                out.push(left);
            }
        }
        // Each option once (moves reaching images of one position).
        out[start..].sort_unstable();
        let mut kept = start;
        for i in start..out.len() {
            if kept == start || out[i] != out[kept - 1] {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
        Ok(())
    }

    fn label(&self, id: u64) -> String {
        match self.form(id) {
            Some(k) => format!("cram:{}", picture(Wide.cells_of(k))),
            None => format!("Cram region {id}"),
        }
    }
}

impl Family for std::sync::Arc<CramRegions> {
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        self.as_ref().options(id, out)
    }

    fn label(&self, id: u64) -> String {
        self.as_ref().label(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::cells::tests::pic;
    use crate::cram::Board;
    use grundy_core::impartial::{Convention, Outcome, OutcomeSolver};

    /// The generic misère search over the rules ([`Board`] as an
    /// `ImpartialGame`): no reductions, no regions. Whether the player to
    /// move wins.
    fn plain(b: &Board, search: &mut OutcomeSolver<Board>) -> bool {
        search.outcome(b) == Outcome::N
    }

    #[test]
    fn small_boards_agree_with_the_plain_search() {
        let mut memo = OutcomeSolver::new(Convention::Misere);
        for r in 1..=4 {
            for c in r..=(16 / r).min(15) {
                let b = Board::empty(r, c).unwrap();
                let mut s = MisereSolver::new(u64::MAX);
                assert_eq!(s.wins(b.cells()).unwrap(), plain(&b, &mut memo), "{r}x{c}");
            }
        }
    }

    #[test]
    fn random_pictures_agree_with_the_plain_search() {
        let mut memo = OutcomeSolver::new(Convention::Misere);
        let mut seed = 12345u64;
        for _ in 0..200 {
            let mut text = String::new();
            let (rows, cols) = (3 + seed % 3, 3 + (seed >> 8) % 3);
            for r in 0..rows {
                if r > 0 {
                    text.push('/');
                }
                for _ in 0..cols {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    text.push(if seed % 4 == 0 { '#' } else { '.' });
                }
            }
            let b = Board::parse(&text).unwrap();
            let mut s = MisereSolver::new(u64::MAX);
            assert_eq!(s.wins(b.cells()).unwrap(), plain(&b, &mut memo), "{text}");
        }
    }

    #[test]
    fn sums_are_not_reduced_to_values() {
        // Two lone dominoes: under normal play *1 + *1 = 0, a P-position;
        // under misère play the mover takes one, the opponent must take
        // the other, and the mover, left without a move, wins: an
        // N-position. Equal regions are kept, not cancelled.
        let two = pic("..#..");
        assert!(MisereSolver::new(10).wins(two).unwrap());
        assert_eq!(crate::cram::Solver::new(1 << 16).nimber(two).unwrap(), 0);
        // One domino: the mover must take it and then the opponent cannot
        // move, so the opponent wins: a P-position under misère play.
        assert!(!MisereSolver::new(10).wins(pic("..")).unwrap());
        // No move at all: the player to move wins.
        assert!(MisereSolver::new(10).wins(pic(".#.")).unwrap());
        // The limit is a refusal, not an answer.
        assert!(MisereSolver::new(2)
            .wins(Board::empty(4, 4).unwrap().cells())
            .is_err());
    }

    #[test]
    fn the_memo_keeps_to_its_bound_of_memory() {
        // 4 × 6 (P under misère play: the table of data/cram/misere.csv).
        let e = Board::empty(4, 6).unwrap().cells();
        let mut free = MisereSolver::new(u64::MAX);
        assert!(!free.wins(e).unwrap());
        let need = free.memo_bytes();
        assert!((free.memo.len() as u64) <= free.positions());
        assert!(
            need as u64 > free.positions() * (ENTRY_BYTES as u64 + 32),
            "{need}"
        );
        // Room for the memo at its largest, the old and the new table of
        // its last growth at once: the same answer.
        let room = need + table_bytes(free.memo.capacity() / 2);
        assert!(!MisereSolver::new(u64::MAX)
            .with_memory(room)
            .wins(e)
            .unwrap());
        // A tenth of that: refused, naming the bound, before it is passed.
        let mut tight = MisereSolver::new(u64::MAX).with_memory(need / 10);
        let err = tight.wins(e).unwrap_err().to_string();
        assert!(
            err.contains(&format!("its bound of {} MiB", (need / 10) >> 20)),
            "{err}"
        );
        assert!(tight.memo_bytes() <= need / 10);
    }

    #[test]
    fn a_stop_is_heeded() {
        struct StopNow;
        impl Progress for StopNow {
            fn stop_requested(&self) -> bool {
                true
            }
        }
        let mut s = MisereSolver::new(u64::MAX).with_progress(&StopNow);
        let e = Board::empty(4, 8).unwrap().cells();
        assert!(matches!(s.wins(e), Err(Error::Stopped)));
        assert_eq!(s.positions(), REPORT_EVERY);
    }
}
