//! What a rank keeps: its own classes' values ([`RankMemo`]) and, in a
//! cache of bounded size, values other ranks sent ([`RemoteCache`]).

use crate::monorail::loop_table::LoopTable;
use crate::monorail::memo::{CompactMemo, TooSparse};
use crate::monorail::memo_size::{grown, loop_bits, max_tiles, memo_for, MAX_LOAD};

/// A rank's classes and their nimbers in a [`CompactMemo`] (four bytes a
/// slot, against some twenty for a hash map), rebuilt larger when it fills
/// or a nimber outgrows its value field.
pub(super) struct RankMemo<'a> {
    pub(super) table: &'a LoopTable,
    pub(super) memo: CompactMemo,
}

impl<'a> RankMemo<'a> {
    /// A memo sized for about `classes` classes.
    pub(super) fn new(table: &'a LoopTable, classes: f64) -> RankMemo<'a> {
        RankMemo {
            table,
            memo: memo_for(table, classes),
        }
    }

    pub(super) fn get(&self, key: u64) -> Option<u16> {
        self.memo.get(key)
    }

    pub(super) fn insert(&mut self, key: u64, v: u16) {
        self.memo.insert(key, v);
        while self.memo.is_full() || self.memo.overflowed() {
            // More slots leave fewer bits to the quotient and more to the
            // nimber; a key already stored keeps its value.
            let factor = if self.memo.overflowed() { 4 } else { 2 };
            self.memo = grown(self.table, &self.memo, factor);
            self.memo.insert(key, v);
        }
    }

    pub(super) fn len(&self) -> u64 {
        self.memo.len()
    }
}

/// Values of other ranks' classes, kept while they fit: a compact memo of
/// a fixed number of slots, emptied when it fills. Values are only ever
/// read from it to spare a request; a value not found is asked for again.
pub(super) struct RemoteCache<'a> {
    pub(super) table: &'a LoopTable,
    pub(super) memo: CompactMemo,
    /// Values received from other ranks.
    pub(super) received: u64,
    /// Times the cache was emptied.
    pub(super) flushes: u64,
    /// Most values held at once.
    pub(super) peak: u64,
}

impl<'a> RemoteCache<'a> {
    /// A cache with room for about `classes` values.
    pub(super) fn new(table: &'a LoopTable, classes: f64) -> RemoteCache<'a> {
        RemoteCache {
            table,
            memo: memo_for(table, classes),
            received: 0,
            flushes: 0,
            peak: 0,
        }
    }

    pub(super) fn get(&self, key: u64) -> Option<u16> {
        self.memo.get(key)
    }

    pub(super) fn empty(&self, slots: u64) -> std::result::Result<CompactMemo, TooSparse> {
        CompactMemo::new(
            loop_bits(self.table),
            max_tiles(self.table),
            slots,
            MAX_LOAD,
        )
    }

    pub(super) fn insert(&mut self, key: u64, v: u16) {
        self.received += 1;
        self.memo.insert(key, v);
        if self.memo.overflowed() {
            // A nimber too large for the value field: more slots leave it
            // more bits (rare: nimbers stay small).
            self.memo = grown(self.table, &self.memo, 4);
            self.memo.insert(key, v);
        }
        self.peak = self.peak.max(self.memo.len());
        if self.memo.is_full() {
            if let Ok(m) = self.empty(self.memo.slots()) {
                self.memo = m;
                self.flushes += 1;
            }
        }
    }

    /// Bytes of the slot array.
    pub(super) fn bytes(&self) -> u64 {
        self.memo.bytes()
    }
}

/// Passes up to `most` records of `memo` to `push`, in slot order from
/// slot `from`; returns the slot to go on from (`memo.slots()` at the
/// end).
pub(super) fn memo_records(
    memo: &CompactMemo,
    from: usize,
    most: usize,
    mut push: impl FnMut(u64, u16),
) -> usize {
    let slots = usize::try_from(memo.slots()).unwrap_or(usize::MAX);
    let (mut i, mut n) = (from, 0);
    while i < slots && n < most {
        if let Some((k, v)) = memo.entry(i) {
            push(k, v);
            n += 1;
        }
        i += 1;
    }
    i
}
