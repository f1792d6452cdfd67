//! What a solve leaves: the memo of every class reachable from the root
//! with the root's value and options ([`Solved`]), and its records read
//! out in key order, in sorted chunks ([`SortedChunk`]) or pieces, for the
//! datasets. Reading out is parallel and deterministic: a chunk's records
//! are sorted whatever the thread count.

use super::loop_table::LoopTable;
use super::memo::CompactMemo;
use super::moves::{canonical_key, options_of, Entry};

use super::memo_size::memo_for;
use super::solve::mex16;
use grundy_core::error::{Error, Result};
use rayon::prelude::*;

/// One option of the root with its value.
#[derive(Clone, Debug)]
pub struct StartOption {
    /// The option's compatible loops with masks, ascending by loop id.
    pub entries: Vec<Entry>,
    /// The option's canonical key.
    pub canonical_key: u64,
    /// Its nimber.
    pub nimber: u16,
}

/// The result of a solve: the memo holding every class reachable from the
/// root, and the root's value and options.
pub struct Solved {
    /// Every reachable position class with its nimber. Keys are decoded
    /// with [`LoopTable`]: loop `key >> 32`, tiles `key as u32` as a mask
    /// over that loop's tiles.
    pub memo: CompactMemo,
    /// The root's nimber.
    pub start_nimber: u16,
    /// Every option of the root (not reduced by symmetry), in the order of
    /// [`options`](super::moves::options).
    pub start_options: Vec<StartOption>,
    /// The root's remoteness when every class's remoteness is kept in the
    /// memo's companions (computed in the solve, or afterwards by
    /// [`super::remoteness::fill_remoteness`]); `None` when it is not.
    pub start_remoteness: Option<u16>,
}

impl std::fmt::Debug for Solved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solved")
            .field("classes", &self.memo.len())
            .field("start_nimber", &self.start_nimber)
            .finish_non_exhaustive()
    }
}

impl Solved {
    /// A solved table from its classes (`(canonical key, nimber)`, any
    /// order, each class once), as gathered from the ranks of a
    /// distributed solve: the memo holding them, and the start's value and
    /// options looked up in it.
    ///
    /// # Errors
    /// [`Error::CheckFailed`] if the start or one of its options is
    /// missing, or the start's stored value is not the mex of its options'.
    pub fn from_classes(table: &LoopTable, classes: &[(u64, u16)]) -> Result<Solved> {
        let memo = memo_for(table, classes.len() as f64);
        memo.insert_batch(classes);
        if memo.len() != classes.len() as u64 || memo.overflowed() {
            return Err(Error::CheckFailed {
                what: "gathered monorail table".into(),
                reason: format!(
                    "{} classes gathered but {} stored (a class twice, or a value too large)",
                    classes.len(),
                    memo.len()
                ),
            });
        }
        Solved::from_memo(table, memo)
    }

    /// A solved table from a memo holding every class reachable from the
    /// start (as gathered from the ranks of a distributed solve), with the
    /// start's value and options looked up in it.
    ///
    /// # Errors
    /// As [`Solved::from_classes`].
    pub fn from_memo(table: &LoopTable, memo: CompactMemo) -> Result<Solved> {
        let missing = |what: String| Error::CheckFailed {
            what: "gathered monorail table".into(),
            reason: format!("{what} is missing"),
        };
        let root = super::moves::start(table);
        let start_nimber = memo
            .get(canonical_key(table, &root))
            .ok_or_else(|| missing("the start".into()))?;
        let (out, bounds) = options_of(table, &root);
        let mut start_options = Vec::with_capacity(bounds.len().saturating_sub(1));
        for w in bounds.windows(2) {
            let entries = out[w[0]..w[1]].to_vec();
            let key = canonical_key(table, &entries);
            let nimber = memo
                .get(key)
                .ok_or_else(|| missing(format!("option {key:#x} of the start")))?;
            start_options.push(StartOption {
                entries,
                canonical_key: key,
                nimber,
            });
        }
        let values: Vec<u16> = start_options.iter().map(|o| o.nimber).collect();
        if mex16(&values) != start_nimber {
            return Err(Error::CheckFailed {
                what: "gathered monorail table".into(),
                reason: format!(
                    "the start holds *{start_nimber}, the mex of its options' values is *{}",
                    mex16(&values)
                ),
            });
        }
        Ok(Solved {
            memo,
            start_nimber,
            start_options,
            start_remoteness: None,
        })
    }

    /// The stored nimber of a canonical key.
    pub fn nimber(&self, canonical_key: u64) -> Option<u16> {
        self.memo.get(canonical_key)
    }

    /// The stored remoteness of a canonical key, if the memo keeps it
    /// ([`Solved::start_remoteness`]) and the class is stored.
    pub fn remoteness(&self, canonical_key: u64) -> Option<u16> {
        let (i, v) = self.memo.find(canonical_key)?;
        match self.memo.companion(i) {
            0 => None,
            c => Some(super::remoteness::from_companion(c, v)),
        }
    }

    /// Number of position classes solved.
    pub fn classes(&self) -> u64 {
        self.memo.len()
    }

    /// Every `(key, remoteness)`, ascending by key, when the table keeps
    /// remoteness ([`Solved::start_remoteness`]); 16 bytes a class in
    /// memory (the sizes `serve`, `play` and tests use).
    pub fn remoteness_records(&self) -> Option<Vec<(u64, u16)>> {
        self.start_remoteness?;
        let mut v = Vec::with_capacity(usize::try_from(self.memo.len()).unwrap_or(0));
        let collected: std::result::Result<(), std::convert::Infallible> = self
            .for_each_sorted_remoteness(u64::MAX, |chunk| {
                v.extend_from_slice(chunk);
                Ok(())
            });
        let Ok(()) = collected;
        Some(v)
    }

    /// Every `(key, nimber)`, ascending by key, as a vector: for tests and
    /// small solves only (16 bytes a class).
    pub fn positions(&self) -> Vec<(u64, u16)> {
        let mut v = Vec::new();
        let collected: std::result::Result<(), std::convert::Infallible> =
            self.for_each_sorted(u64::MAX, |chunk| {
                v.extend_from_slice(chunk);
                Ok(())
            });
        let Ok(()) = collected;
        v
    }

    /// Calls `f` on every `(key, nimber)` in ascending key order, in
    /// consecutive pieces, reading the memo in sorted chunks of at most
    /// about `max_records` records (a chunk holds whole loops, so one loop's
    /// classes may exceed it). Memory: 8 bytes per record of the largest
    /// chunk (16 where a record does not pack into 64 bits), plus a count
    /// per loop.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_sorted<F, E>(&self, max_records: u64, f: F) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        self.for_each_in_groups(&self.sorted_groups(max_records), f)
    }

    /// The loop-id ranges `(first, end, records)` that
    /// [`Solved::for_each_sorted`] reads in turn, each of at most about
    /// `max_records` records: one pass over the memo counting records per
    /// loop.
    pub fn sorted_groups(&self, max_records: u64) -> Vec<(u64, u64, u64)> {
        if self.memo.len() <= max_records {
            return vec![(0, u64::MAX, self.memo.len())];
        }
        let memo = &self.memo;
        let n = memo.slots() as usize;
        let blocks = n.div_ceil(SCAN_BLOCK);
        let range = |b: usize| b * SCAN_BLOCK..((b + 1) * SCAN_BLOCK).min(n);
        // Records per loop id.
        let per_loop: Vec<u64> = (0..blocks)
            .into_par_iter()
            .fold(Vec::new, |mut acc: Vec<u64>, b| {
                for i in range(b) {
                    if let Some((k, _)) = memo.entry(i) {
                        let l = (k >> 32) as usize;
                        if acc.len() <= l {
                            acc.resize(l + 1, 0);
                        }
                        acc[l] += 1;
                    }
                }
                acc
            })
            .reduce(Vec::new, |mut a, b| {
                if a.len() < b.len() {
                    a.resize(b.len(), 0);
                }
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            });
        // Loop-id ranges of at most about max_records records.
        let mut groups: Vec<(u64, u64, u64)> = Vec::new(); // (lo, hi, records)
        let mut lo = 0u64;
        let mut count = 0u64;
        for (l, &c) in per_loop.iter().enumerate() {
            if count > 0 && count.saturating_add(c) > max_records {
                groups.push((lo, l as u64, count));
                lo = l as u64;
                count = 0;
            }
            count += c;
        }
        if count > 0 {
            groups.push((lo, per_loop.len() as u64, count));
        }
        groups
    }

    /// Calls `f` on the records of each group of `groups` (from
    /// [`Solved::sorted_groups`]) in ascending key order, in consecutive
    /// pieces of at most [`PIECE`] records: each group is read out of the
    /// memo as a [`SortedChunk`] and handed over piece by piece.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_in_groups<F, E>(
        &self,
        groups: &[(u64, u64, u64)],
        mut f: F,
    ) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        for &group in groups {
            self.sorted_chunk(group).for_each_piece(&mut f)?;
        }
        Ok(())
    }

    /// The records of the group `(lo, hi, records)` (loop ids `lo..hi`;
    /// from [`Solved::sorted_groups`]), read out of the memo in one
    /// parallel scan and sorted, with each record's remoteness when the
    /// memo keeps it.
    pub fn sorted_chunk(&self, (lo, hi, records): (u64, u64, u64)) -> SortedChunk {
        let with = self.memo.has_companions();
        match Packing::of(&self.memo, with) {
            Some(p) => {
                // Records as single integers in key order: half the memory
                // of `(u64, u16)`, and sorted by a parallel radix sort
                // (rdst), several times faster than a comparison sort.
                let mut chunk: Vec<u64> = self.scan(lo, hi, records, |k, v, c| p.pack(k, v, c));
                rdst::RadixSort::radix_sort_unstable(&mut chunk);
                SortedChunk::Packed(p, chunk)
            }
            None => {
                let mut chunk = self.scan(lo, hi, records, |k, v, c| (k, v, c));
                chunk.par_sort_unstable();
                SortedChunk::Plain(chunk)
            }
        }
    }

    /// Calls `f` on every `(key, remoteness)` in ascending key order, in
    /// consecutive pieces, read as [`Solved::for_each_sorted`] reads the
    /// nimbers. Every class must have its remoteness
    /// ([`Solved::start_remoteness`]); a class without gets 0.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_sorted_remoteness<F, E>(
        &self,
        max_records: u64,
        mut f: F,
    ) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        for group in self.sorted_groups(max_records) {
            self.sorted_chunk(group).for_each_remoteness_piece(&mut f)?;
        }
        Ok(())
    }

    /// The memo's records with loop ids in `lo..hi` (`records` of them),
    /// each made into a `T` by `make` from its key, nimber and companion,
    /// in slot order.
    fn scan<T: Send>(
        &self,
        lo: u64,
        hi: u64,
        records: u64,
        make: impl Fn(u64, u16, u8) -> T + Sync,
    ) -> Vec<T> {
        let memo = &self.memo;
        let n = memo.slots() as usize;
        let blocks = n.div_ceil(SCAN_BLOCK);
        let range = |b: usize| b * SCAN_BLOCK..((b + 1) * SCAN_BLOCK).min(n);
        let mut chunk: Vec<T> = Vec::with_capacity(records as usize);
        for batch in (0..blocks).collect::<Vec<_>>().chunks(8) {
            let parts: Vec<Vec<T>> = batch
                .par_iter()
                .map(|&b| {
                    range(b)
                        .filter_map(|i| memo.entry(i).map(|(k, v)| (i, k, v)))
                        .filter(|&(_, k, _)| (lo..hi).contains(&(k >> 32)))
                        .map(|(i, k, v)| make(k, v, memo.companion(i)))
                        .collect()
                })
                .collect();
            for p in parts {
                chunk.extend(p);
            }
        }
        chunk
    }
}

/// Records of a group of the memo in ascending key order (see
/// [`Solved::sorted_chunk`]).
pub enum SortedChunk {
    /// Packed into one integer each (8 bytes a record).
    Packed(Packing, Vec<u64>),
    /// As `(key, nimber, companion)` (16 bytes a record), where they do
    /// not pack.
    Plain(Vec<(u64, u16, u8)>),
}

impl SortedChunk {
    /// Number of records.
    pub fn len(&self) -> usize {
        match self {
            SortedChunk::Packed(_, v) => v.len(),
            SortedChunk::Plain(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls `f` on the `(key, nimber)` records in order, in consecutive
    /// pieces of at most [`PIECE`] records.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_piece<F, E>(&self, f: F) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        self.pieces(|_, v, _| v, f)
    }

    /// Calls `f` on the `(key, remoteness)` records in order (from the
    /// memo's companions; 0 where a record has none), in consecutive pieces
    /// of at most [`PIECE`] records.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_remoteness_piece<F, E>(&self, f: F) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        self.pieces(
            |_, v, c| match c {
                0 => 0,
                c => super::remoteness::from_companion(c, v),
            },
            f,
        )
    }

    /// Calls `f` on `(key, value(key, nimber, companion))` in order, in
    /// pieces of at most [`PIECE`].
    fn pieces<V, F, E>(&self, value: V, mut f: F) -> std::result::Result<(), E>
    where
        V: Fn(u64, u16, u8) -> u16,
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        let mut piece = Vec::with_capacity(PIECE.min(self.len()));
        match self {
            SortedChunk::Packed(p, v) => {
                for part in v.chunks(PIECE) {
                    piece.clear();
                    piece.extend(part.iter().map(|&r| {
                        let (k, n, c) = p.unpack(r);
                        (k, value(k, n, c))
                    }));
                    f(&piece)?;
                }
            }
            SortedChunk::Plain(v) => {
                for part in v.chunks(PIECE) {
                    piece.clear();
                    piece.extend(part.iter().map(|&(k, n, c)| (k, value(k, n, c))));
                    f(&piece)?;
                }
            }
        }
        Ok(())
    }
}

/// Records per piece handed over by [`Solved::for_each_in_groups`].
pub const PIECE: usize = 1 << 16;

/// A record `(loop id << 32 | mask, nimber)` as one integer, `loop id <<
/// (tiles + 16) | mask << 16 | nimber`, ordered as the records are, when
/// the key space and 16 bits fit 64 bits (up to T = 22); with the memo's
/// 4-bit companion too, `loop id << (tiles + 20) | mask << 20 | companion
/// << 16 | nimber`, when that fits.
#[derive(Clone, Copy, Debug)]
pub struct Packing {
    tiles: u32,
    /// Bits below the mask: 16, or 20 with the companion.
    low: u32,
}

impl Packing {
    pub(crate) fn of(memo: &CompactMemo, companion: bool) -> Option<Packing> {
        let (loop_bits, tiles) = memo.key_layout();
        let low = if companion { 20 } else { 16 };
        (loop_bits + tiles + low <= 64).then_some(Packing { tiles, low })
    }

    #[inline]
    pub(crate) fn pack(self, key: u64, v: u16, c: u8) -> u64 {
        debug_assert!(self.low == 20 || c == 0);
        (key >> 32) << (self.tiles + self.low)
            | (key & 0xFFFF_FFFF) << self.low
            | u64::from(c & 0xF) << 16
            | u64::from(v)
    }

    #[inline]
    pub(crate) fn unpack(self, r: u64) -> (u64, u16, u8) {
        let mask = (r >> self.low) & ((1u64 << self.tiles) - 1);
        let c = if self.low == 20 {
            ((r >> 16) & 0xF) as u8
        } else {
            0
        };
        ((r >> (self.tiles + self.low)) << 32 | mask, r as u16, c)
    }
}

/// Slots per block of a parallel memo scan.
const SCAN_BLOCK: usize = 1 << 20;
