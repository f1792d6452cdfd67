//! The transposition table of a parallel Cram search: one table read and
//! written by every thread at once, without a lock on a read.
//!
//! A bucket is 64 bytes (one cache line) of eight `u64` words. The first
//! is the bucket's header: the nimbers of its slots in bits 0–47 (a byte
//! each) and a version in bits 48–63, odd while a thread writes the
//! bucket. The other words hold six `u64` canonical forms
//! ([`super::layout::Narrow`]'s) or three `u128` ones (two words each),
//! one way fewer than [`super::table::Table`]'s buckets, whose eighth word
//! here makes the version.
//!
//! A read is a sequence lock's (H.-J. Boehm, "Can seqlocks get along with
//! programming language memory models?", MSPC 2012): the header, the
//! keys, a fence, and the header again; a value is taken only when the two
//! headers agree and are even, so no thread was writing the bucket
//! meanwhile (a 16-bit version wraps only after 32,768 writes to the one
//! bucket within a read of a few nanoseconds). A read that meets a write
//! answers "not stored", which only costs time. A write takes the bucket
//! by making its version odd (a compare-and-swap), writes, and makes it
//! even again. A full bucket gives up the slot of its smallest region, as
//! the one-thread table does.
//!
//! The table grows (doubles, in place, as [`super::table::Table`] does)
//! under the write half of an `RwLock`, which each thread holds for
//! reading between its reports ([`Shared`]). Its words are those of a
//! [`SharedMemory`], mapped once for the most the bound lets the table
//! grow to, on huge pages ([`super::huge_pages`]).

use super::cells::Cells;
use super::huge_pages::HugeAtomics;
use super::layout::Narrow;
use super::table::{bucket_bits, Key, BUCKET_BYTES, START_BYTES};
use std::marker::PhantomData;
use std::ops::Deref;
use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release};
use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, AtomicUsize};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Words a bucket.
const WORDS: usize = BUCKET_BYTES / 8;

/// One step of a header's version (bits 48–63): the version is odd, so
/// the bucket being written, when this bit is set.
const ONE: u64 = 1 << 48;

/// The nimbers of regions by canonical form, shared by threads.
///
/// Its size (`len`, `shift`) changes only while no thread holds it
/// ([`Gated`]'s lock), so those are read with relaxed loads.
pub struct SharedTable<'m, K> {
    /// The words the table may grow into, from the start of a mapping (so
    /// that a bucket is one cache line); the buckets are the first `len`.
    words: &'m [AtomicU64],
    len: AtomicUsize,
    shift: AtomicU32,
    stored: AtomicUsize,
    key: PhantomData<K>,
}

/// Takes the bucket whose header is `header` (its version made odd),
/// waiting while another thread has it; returns the header it had.
#[inline]
fn lock(header: &AtomicU64) -> u64 {
    loop {
        let h = header.load(Relaxed);
        if h & ONE == 0
            && header
                .compare_exchange_weak(h, h.wrapping_add(ONE), Acquire, Relaxed)
                .is_ok()
        {
            // The keys written next are seen only after the odd version.
            fence(Release);
            return h;
        }
        std::hint::spin_loop();
    }
}

impl<'m, K: Key> SharedTable<'m, K> {
    /// Keys a bucket: six `u64` forms or three `u128` ones.
    pub const WAYS: usize = 6 / K::KEY_WORDS;

    /// A table of `bytes` rounded down to a power of two of buckets (at
    /// least one, and at most what `words` holds) in `words`, which are
    /// all 0.
    fn sized(words: &'m [AtomicU64], bytes: usize) -> SharedTable<'m, K> {
        let most = bucket_bits(words.len() * 8);
        let bits = bucket_bits(bytes).min(most);
        SharedTable {
            words,
            len: AtomicUsize::new((1usize << bits) * WORDS),
            shift: AtomicU32::new(64 - bits),
            stored: AtomicUsize::new(0),
            key: PhantomData,
        }
    }

    /// Starts loading the bucket of `key` into the cache, for a
    /// [`get`](Self::get) soon after.
    #[inline]
    pub fn prefetch(&self, key: K) {
        let b = self.bucket(key);
        prefetch_index::prefetch_index(b, 0);
    }

    #[inline]
    fn bucket(&self, key: K) -> &[AtomicU64] {
        let shift = self.shift.load(Relaxed);
        let b = if shift >= 64 {
            0
        } else {
            (key.hash() >> shift) as usize * WORDS
        };
        &self.buckets()[b..b + WORDS]
    }

    #[inline]
    fn key_at(bucket: &[AtomicU64], i: usize) -> K {
        let w = 1 + i * K::KEY_WORDS;
        let hi = if K::KEY_WORDS == 2 {
            bucket[w + 1].load(Relaxed)
        } else {
            0
        };
        K::from_words(bucket[w].load(Relaxed), hi)
    }

    /// The nimber of the region with canonical form `key`, if stored (and
    /// no thread is writing its bucket at this moment).
    #[inline]
    pub fn get(&self, key: K) -> Option<u8> {
        let bucket = self.bucket(key);
        let h = bucket[0].load(Acquire);
        if h & ONE != 0 {
            return None;
        }
        let i = (0..Self::WAYS).find(|&i| Self::key_at(bucket, i) == key)?;
        fence(Acquire);
        (bucket[0].load(Relaxed) == h).then_some((h >> (8 * i)) as u8)
    }

    /// Stores `nimber` for `key` (a full bucket gives up its smallest
    /// region, if smaller than `key`'s). Returns whether it took an
    /// empty slot.
    #[inline]
    pub fn put(&self, key: K, nimber: u8) -> bool {
        let bucket = self.bucket(key);
        let h = lock(&bucket[0]);
        let mut victim = None;
        let mut least = u32::MAX;
        let mut fresh = false;
        for i in 0..Self::WAYS {
            let k = Self::key_at(bucket, i);
            if k == K::default() {
                victim = Some(i);
                fresh = true;
                break;
            }
            if k == key {
                victim = None;
                break;
            }
            let sz = k.size();
            if sz < least {
                least = sz;
                victim = Some(i);
            }
        }
        let mut header = h;
        if let Some(i) = victim.filter(|_| fresh || least <= key.size()) {
            let [lo, hi] = key.to_words();
            let w = 1 + i * K::KEY_WORDS;
            bucket[w].store(lo, Relaxed);
            if K::KEY_WORDS == 2 {
                bucket[w + 1].store(hi, Relaxed);
            }
            header = header & !(0xFF << (8 * i)) | u64::from(nimber) << (8 * i);
        }
        bucket[0].store(header.wrapping_add(2 * ONE), Release);
        if fresh {
            self.stored.fetch_add(1, Relaxed);
        }
        fresh
    }

    /// The words of the buckets.
    fn buckets(&self) -> &[AtomicU64] {
        &self.words[..self.len.load(Relaxed)]
    }

    /// The bytes the table holds (its buckets).
    pub fn bytes(&self) -> usize {
        self.len.load(Relaxed) * 8
    }

    /// The values stored (and not given up since).
    pub fn stored(&self) -> usize {
        self.stored.load(Relaxed)
    }

    /// The slots the table has.
    pub fn capacity(&self) -> usize {
        self.len.load(Relaxed) / WORDS * Self::WAYS
    }

    /// Every canonical form stored and its nimber, in the table's order,
    /// each bucket read whole between writes to it.
    #[cfg(test)]
    pub fn entries(&self) -> Vec<(K, u8)> {
        let mut out = Vec::with_capacity(self.stored());
        let _ = self.for_each(|k, v| {
            out.push((k, v));
            Ok::<(), ()>(())
        });
        out
    }

    /// Calls `f` with every canonical form stored and its nimber, in the
    /// table's order, each bucket read whole between writes to it, until
    /// `f` fails.
    ///
    /// # Errors
    /// The first error of `f`.
    pub fn for_each<E>(&self, mut f: impl FnMut(K, u8) -> Result<(), E>) -> Result<(), E> {
        let mut slots = [(K::default(), 0u8); 6];
        for bucket in self.buckets().chunks(WORDS) {
            let n = loop {
                let h = bucket[0].load(Acquire);
                if h & ONE != 0 {
                    std::hint::spin_loop();
                    continue;
                }
                let mut n = 0;
                for i in 0..Self::WAYS {
                    let k = Self::key_at(bucket, i);
                    if k != K::default() {
                        slots[n] = (k, (h >> (8 * i)) as u8);
                        n += 1;
                    }
                }
                fence(Acquire);
                if bucket[0].load(Relaxed) == h {
                    break n;
                }
            };
            for &(k, v) in &slots[..n] {
                f(k, v)?;
            }
        }
        Ok(())
    }

    /// Whether the words hold a table twice as large.
    fn can_double(&self) -> bool {
        self.bytes() * 2 <= self.words.len() * 8
    }

    /// Doubles the table in place, keeping every value (the keys of
    /// bucket `b` go to buckets `2b` and `2b + 1`, moved from the last
    /// bucket down, as [`super::table::Table`]'s). Only while no other
    /// thread holds it (the write half of [`Gated`]'s lock), so every
    /// version starts again at 0.
    fn double(&self) {
        debug_assert!(self.can_double());
        let shift = self.shift.load(Relaxed) - 1;
        let len = self.len.load(Relaxed);
        for b in (0..len / WORDS).rev() {
            let old = &self.words[b * WORDS..(b + 1) * WORDS];
            let bucket: [u64; WORDS] = std::array::from_fn(|w| old[w].swap(0, Relaxed));
            for i in 0..Self::WAYS {
                let w = 1 + i * K::KEY_WORDS;
                let hi = if K::KEY_WORDS == 2 { bucket[w + 1] } else { 0 };
                let k = K::from_words(bucket[w], hi);
                if k == K::default() {
                    continue;
                }
                let nimber = (bucket[0] >> (8 * i)) as u8;
                let to = (k.hash() >> shift) as usize * WORDS;
                let to = &self.words[to..to + WORDS];
                if let Some(j) = (0..Self::WAYS).find(|&j| Self::key_at(to, j) == K::default()) {
                    let [lo, hi] = k.to_words();
                    let w = 1 + j * K::KEY_WORDS;
                    to[w].store(lo, Relaxed);
                    if K::KEY_WORDS == 2 {
                        to[w + 1].store(hi, Relaxed);
                    }
                    let h = to[0].load(Relaxed);
                    to[0].store(h | u64::from(nimber) << (8 * j), Relaxed);
                }
            }
        }
        self.len.store(len * 2, Relaxed);
        self.shift.store(shift, Relaxed);
    }

    /// Empties the table (its words written 0) and makes it `bytes`
    /// rounded down to a power of two of buckets. Only while no other
    /// thread holds it.
    fn empty(&self, bytes: usize) {
        for w in self.buckets() {
            w.store(0, Relaxed);
        }
        let bits = bucket_bits(bytes).min(bucket_bits(self.words.len() * 8));
        self.len.store((1usize << bits) * WORDS, Relaxed);
        self.shift.store(64 - bits, Relaxed);
        self.stored.store(0, Relaxed);
    }
}

/// A [`SharedTable`] and the lock that a thread holds for reading while
/// it reads and writes the table, and that a thread which grows or
/// empties it holds for writing. (The lock guards no data of its own, so
/// that a `Gated` is covariant in `'m`, as a borrow is.)
pub struct Gated<'m, K> {
    lock: RwLock<()>,
    table: SharedTable<'m, K>,
}

/// A thread's hold on a [`Gated`] table, to read and write it.
pub struct Held<'a, K> {
    _hold: RwLockReadGuard<'a, ()>,
    table: &'a SharedTable<'a, K>,
}

impl<'a, K> Deref for Held<'a, K> {
    type Target = SharedTable<'a, K>;
    fn deref(&self) -> &SharedTable<'a, K> {
        self.table
    }
}

impl<'m, K> Gated<'m, K> {
    fn new(table: SharedTable<'m, K>) -> Gated<'m, K> {
        Gated {
            lock: RwLock::new(()),
            table,
        }
    }

    /// The table, to read and write (not to grow) while the hold lasts.
    pub fn read(&self) -> Held<'_, K> {
        Held {
            _hold: self.lock.read().unwrap_or_else(|e| e.into_inner()),
            table: &self.table,
        }
    }

    /// The table alone (its words), to grow or empty it, with the lock
    /// that keeps every other thread out.
    fn write(&self) -> (RwLockWriteGuard<'_, ()>, &SharedTable<'m, K>) {
        // A thread that panicked holding the lock panics the search
        // anyway; every value the table holds is whole.
        let hold = self.lock.write().unwrap_or_else(|e| e.into_inner());
        (hold, &self.table)
    }
}

/// The tables of a parallel search (one for each kind of key, only one
/// used at a time), each behind an `RwLock` that a thread holds for
/// reading while it searches ([`Guards`]) and lets go of at each report,
/// so that a table that wants to grow can grow. Its words are a
/// [`SharedMemory`]'s.
pub struct Shared<'m> {
    /// The table of [`super::layout::Narrow`]'s forms.
    pub narrow: Gated<'m, u64>,
    /// The table of [`super::layout::Wide`]'s forms.
    pub wide: Gated<'m, u128>,
    max_bytes: usize,
    grow: AtomicBool,
    /// Threads waiting to hold a table alone, to grow it or to read it
    /// whole (or doing so): while there are any, a thread that lets go
    /// of the tables waits before it holds them again, so that a grower
    /// is not kept waiting by threads that let go and hold again at once
    /// (the standard library's lock lets a reader in before a writer it
    /// has just woken).
    growers: AtomicUsize,
}

/// The read halves of [`Shared`]'s locks, held by one thread.
pub struct Guards<'a> {
    /// The table of [`super::layout::Narrow`]'s forms.
    pub narrow: Held<'a, u64>,
    /// The table of [`super::layout::Wide`]'s forms.
    pub wide: Held<'a, u128>,
}

/// The memory of a [`Shared`]'s two tables: the words of the largest
/// table the bound allows, mapped at once (the kernel gives a mapping
/// memory only where it is written, but a system that accounts strictly
/// counts all of it) and advised to use huge pages, for the table of the
/// layout a search of the cells `e` uses; one bucket for the other.
pub struct SharedMemory {
    narrow: HugeAtomics,
    wide: HugeAtomics,
    max_bytes: usize,
}

impl SharedMemory {
    /// The memory of a search of positions within the cells `e` (a
    /// board's), with a table of at most `bytes` bytes (at least one
    /// bucket; a power of two of buckets): the [`Narrow`] table's when
    /// `e` fits that layout (and so does every position within it), else
    /// the wide one's. A search that meets a position of the other layout
    /// anyway stays right, with a table of one bucket.
    pub fn with_bytes(bytes: usize, e: Cells) -> SharedMemory {
        let words = (1usize << bucket_bits(bytes)) * WORDS;
        let (narrow, wide) = match Narrow::fitting(e) {
            Some(_) => (words, WORDS),
            None => (WORDS, words),
        };
        SharedMemory {
            narrow: HugeAtomics::zeroed(narrow),
            wide: HugeAtomics::zeroed(wide),
            max_bytes: bytes,
        }
    }
}

impl<'m> Shared<'m> {
    /// Tables in `memory`, of at most its bound each, starting at 1 MiB
    /// (or the bound, if smaller) and doubling when half full.
    pub fn new(memory: &'m mut SharedMemory) -> Shared<'m> {
        let start = memory.max_bytes.clamp(BUCKET_BYTES, START_BYTES);
        Shared {
            narrow: Gated::new(SharedTable::sized(memory.narrow.words(), start)),
            wide: Gated::new(SharedTable::sized(memory.wide.words(), start)),
            max_bytes: memory.max_bytes,
            grow: AtomicBool::new(false),
            growers: AtomicUsize::new(0),
        }
    }

    /// The bound of each table in bytes.
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// Both tables, to read and write (not to grow) until the guards go
    /// (once no thread waits to grow them).
    pub fn read(&self) -> Guards<'_> {
        while self.growers.load(Acquire) > 0 {
            std::thread::sleep(std::time::Duration::from_micros(100));
        }
        Guards {
            narrow: self.narrow.read(),
            wide: self.wide.read(),
        }
    }

    /// Notes that `table` took an empty slot: once it is half full, and
    /// while its bound allows, it is to grow at the next
    /// [`grow_if_wanted`](Self::grow_if_wanted).
    #[inline]
    pub fn filled<K: Key>(&self, table: &SharedTable<'_, K>) {
        if table.stored() * 2 >= table.capacity() && table.bytes() * 2 <= self.max_bytes {
            self.grow.store(true, Relaxed);
        }
    }

    /// Doubles each table that is half full, while its bound allows. The
    /// calling thread must hold no [`Guards`]; it waits until no other
    /// thread does.
    pub fn grow_if_wanted(&self) {
        if !self.grow.swap(false, AcqRel) {
            return;
        }
        self.growers.fetch_add(1, AcqRel);
        self.grow_table::<u64>(0);
        self.grow_table::<u128>(0);
        self.growers.fetch_sub(1, AcqRel);
    }

    /// Calls `f` with both tables while no other thread holds them, so
    /// that they do not change while `f` reads them (a checkpoint). The
    /// calling thread must hold no [`Guards`]; it waits until no other
    /// thread does, as a growth does.
    pub fn frozen<R>(
        &self,
        f: impl FnOnce(&SharedTable<'m, u64>, &SharedTable<'m, u128>) -> R,
    ) -> R {
        self.growers.fetch_add(1, AcqRel);
        let (narrow_hold, narrow) = self.narrow.write();
        let (wide_hold, wide) = self.wide.write();
        let r = f(narrow, wide);
        drop((wide_hold, narrow_hold));
        self.growers.fetch_sub(1, AcqRel);
        r
    }

    /// Grows the table of `K` (while its bound allows) until `more`
    /// values more would fill it at most half. The calling thread must
    /// hold no [`Guards`].
    pub fn reserve<K: Key>(&self, more: usize) {
        self.grow_table::<K>(more);
    }

    /// Doubles the table of `K` while it would be more than half full
    /// with `more` values more and its bound allows.
    fn grow_table<K: Key>(&self, more: usize) {
        let (_hold, t) = K::shared_lock(self).write();
        while (t.stored() + more) * 2 >= t.capacity()
            && t.bytes() * 2 <= self.max_bytes
            && t.can_double()
        {
            t.double();
        }
    }

    /// Empties the table of `K`, back to its starting size (a search that
    /// turns from the `u64` forms to the `u128` ones gives up the first;
    /// the memory it had written stays the process's, zeroed, until the
    /// [`SharedMemory`] goes). The calling thread must hold no [`Guards`].
    pub fn clear<K: Key>(&self) {
        let start = self.max_bytes.clamp(BUCKET_BYTES, START_BYTES);
        let (_hold, t) = K::shared_lock(self).write();
        t.empty(start);
    }

    /// Puts every value of `entries` in the table of `K`, grown first
    /// (while its bound allows) until they fit at most half full, in the
    /// order [`super::table::Table::put_all`] puts them in. The calling thread
    /// must hold no [`Guards`].
    pub fn put_all<K: Key>(&self, entries: &[(K, u8)]) {
        self.grow_table::<K>(entries.len());
        let t = K::shared_lock(self).read();
        for i in super::table::scattered(entries.len()) {
            let (k, v) = entries[i];
            t.put(k, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Zeroed words for a table of `bytes`.
    fn memory(bytes: usize) -> HugeAtomics {
        HugeAtomics::zeroed(bytes / 8)
    }

    #[test]
    fn every_bucket_is_one_cache_line() {
        for bytes in [64, 1 << 12, 1 << 20] {
            let mut m = memory(bytes);
            let t = SharedTable::<u64>::sized(m.words(), bytes);
            for k in 1..2000u64 {
                assert_eq!(t.bucket(k).as_ptr() as usize % BUCKET_BYTES, 0);
            }
            assert_eq!(t.words.len(), t.len.load(Relaxed));
        }
    }

    #[test]
    fn doubles_in_place_keeping_every_value_and_empties_whole() {
        fn check<K: Key + Ord + std::fmt::Debug>(key: impl Fn(u64) -> K) {
            let mut m = memory(1 << 16);
            let t = SharedTable::<K>::sized(m.words(), 64 * 4);
            // Two values to a bucket of four: none given up.
            let keys: Vec<K> = (1..=8).map(&key).collect();
            let mut kept = vec![];
            for (i, &k) in keys.iter().enumerate() {
                if t.put(k, i as u8 + 1) {
                    kept.push((k, i as u8 + 1));
                }
            }
            let mut before = t.entries();
            before.sort_unstable();
            while t.can_double() {
                t.double();
                let mut now = t.entries();
                now.sort_unstable();
                assert_eq!(now, before);
                assert_eq!(t.stored(), before.len());
                assert!(kept.iter().all(|&(k, v)| t.get(k) == Some(v)));
            }
            assert_eq!(t.bytes(), 1 << 16);
            // Emptied and grown again, no value of before is found.
            t.empty(64 * 4);
            assert_eq!((t.bytes(), t.stored()), (64 * 4, 0));
            while t.can_double() {
                t.double();
            }
            assert!(keys.iter().all(|&k| t.get(k).is_none()));
            assert!(t.words.iter().all(|w| w.load(Relaxed) == 0));
        }
        check(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        check(|k| u128::from(k) << 70 | u128::from(k));
    }

    #[test]
    fn stores_and_gives_up_the_smallest() {
        // One bucket: six u64 forms (squares: the cells are the bits).
        let mut m = memory(64);
        let t = SharedTable::<u64>::sized(m.words(), 64);
        let keys: Vec<u64> = (1..=7).map(|k| (1u64 << (k + 1)) - 1).collect();
        for (i, &k) in keys.iter().take(6).enumerate() {
            assert!(t.put(k, 250 + i as u8 % 5));
        }
        assert_eq!(t.get(keys[5]), Some(250));
        assert_eq!(t.get(keys[1]), Some(251));
        assert!(!t.put(keys[6], 3)); // evicts the smallest, keys[0]
        assert_eq!(t.get(keys[0]), None);
        assert_eq!(t.get(keys[6]), Some(3));
        assert_eq!(t.stored(), 6);
        assert!(!t.put(1, 0)); // a smaller region evicts no larger one
        assert_eq!(t.get(1), None);
        // Three u128 forms, the high word part of the key.
        let mut m = memory(64);
        let t = SharedTable::<u128>::sized(m.words(), 64);
        let keys: Vec<u128> = (1..=4).map(|k| (1u128 << (62 + k)) - 1).collect();
        for (i, &k) in keys.iter().take(3).enumerate() {
            t.put(k, i as u8);
        }
        assert_eq!(t.get(keys[2]), Some(2));
        assert_eq!(t.get(keys[2] ^ (1 << 70)), None);
        t.put(keys[3], 9);
        assert_eq!((t.get(keys[0]), t.get(keys[3])), (None, Some(9)));
        let mut e = t.entries();
        e.sort_unstable();
        assert_eq!(e, vec![(keys[1], 1), (keys[2], 2), (keys[3], 9)]);
    }

    #[test]
    fn grows_to_its_bound_and_keeps_its_values() {
        let board = crate::cram::board::Board::empty(5, 8).unwrap().cells();
        let mut memory = SharedMemory::with_bytes(1 << 22, board);
        let shared = Shared::new(&mut memory);
        let keys: Vec<u64> = (1..150_000u64)
            .map(|k| (k * 0x1_0001) | (1 << 63))
            .collect();
        for (i, &k) in keys.iter().enumerate() {
            let g = shared.read();
            if g.narrow.put(k, (i % 7) as u8) {
                shared.filled(&*g.narrow);
            }
            drop(g);
            shared.grow_if_wanted();
        }
        let g = shared.read();
        assert_eq!(g.narrow.bytes(), 1 << 22);
        let kept = keys.iter().filter(|&&k| g.narrow.get(k).is_some()).count();
        assert!(kept * 100 >= keys.len() * 97, "{kept}");
        assert!(keys
            .iter()
            .enumerate()
            .all(|(i, &k)| g.narrow.get(k).is_none_or(|v| v == (i % 7) as u8)));
        let entries = g.narrow.entries();
        assert_eq!(entries.len(), g.narrow.stored());
        drop(g);
        // Put all at once into a fresh table: grown first, none given up.
        let mut copy_memory = SharedMemory::with_bytes(1 << 22, board);
        let copy = Shared::new(&mut copy_memory);
        copy.put_all(&entries);
        let g = copy.read();
        assert_eq!(g.narrow.stored(), entries.len());
        assert!(entries.iter().all(|&(k, v)| g.narrow.get(k) == Some(v)));
    }

    #[test]
    fn threads_writing_at_once_never_read_a_wrong_value() {
        // Four threads write and read the same few buckets: a value read
        // is always the one its key was written with.
        let mut m = memory(4 * 64);
        let t = SharedTable::<u128>::sized(m.words(), 4 * 64);
        let value = |k: u128| (k.count_ones() as u8) ^ (k >> 64) as u8;
        std::thread::scope(|s| {
            for w in 0..4u128 {
                let t = &t;
                s.spawn(move || {
                    let mut wrong = 0;
                    for i in 1..40_000u128 {
                        let k = ((i * 7 + w) % 97 + 1) | (((i * 13 + w) % 89) << 64);
                        t.put(k, value(k));
                        let q = ((i * 11) % 97 + 1) | (((i * 5) % 89) << 64);
                        if t.get(q).is_some_and(|v| v != value(q)) {
                            wrong += 1;
                        }
                    }
                    assert_eq!(wrong, 0);
                });
            }
        });
        for (k, v) in t.entries() {
            assert_eq!(v, value(k));
        }
    }
}
