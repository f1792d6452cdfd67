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
//! The table grows (doubles) under the write half of an `RwLock`, which
//! each thread holds for reading between its reports ([`Shared`]).

use super::table::{Key, BUCKET_BYTES, START_BYTES};
use std::marker::PhantomData;
use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release};
use std::sync::atomic::{fence, AtomicBool, AtomicU64, AtomicUsize};
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Words a bucket.
const WORDS: usize = BUCKET_BYTES / 8;

/// The index of the first element of `v` that starts a cache line. A
/// shared table (whose atomic words are a `Vec`'s, not a
/// [`HugeArray`](super::huge_pages::HugeArray)'s, which starts on a page)
/// allocates one bucket more than it uses and starts its buckets there,
/// so that a bucket is one line and a probe reads one line, not two: the
/// allocator aligns a large block to 16 bytes only (glibc's `mmap` chunks
/// start 16 bytes into a page).
fn line_start<T>(v: &[T]) -> usize {
    let past = v.as_ptr() as usize % BUCKET_BYTES;
    (BUCKET_BYTES - past) % BUCKET_BYTES / std::mem::size_of::<T>()
}

/// One step of a header's version (bits 48–63): the version is odd, so
/// the bucket being written, when this bit is set.
const ONE: u64 = 1 << 48;

/// The nimbers of regions by canonical form, shared by threads.
pub struct SharedTable<K> {
    /// The buckets' words from `start`, `len` of them, and one bucket's
    /// more to allow for [`line_start`].
    words: Vec<AtomicU64>,
    start: usize,
    len: usize,
    shift: u32,
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

impl<K: Key> SharedTable<K> {
    /// Keys a bucket: six `u64` forms or three `u128` ones.
    pub const WAYS: usize = 6 / K::KEY_WORDS;

    /// A table of `bytes` rounded down to a power of two of buckets (at
    /// least one), every slot empty.
    pub fn sized(bytes: usize) -> SharedTable<K> {
        let buckets = (bytes / BUCKET_BYTES).max(1);
        let bits = usize::BITS - 1 - buckets.leading_zeros();
        let len = (1usize << bits) * WORDS;
        let words: Vec<AtomicU64> = (0..len + WORDS).map(|_| AtomicU64::new(0)).collect();
        SharedTable {
            start: line_start(&words),
            words,
            len,
            shift: 64 - bits,
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
        let b = if self.shift >= 64 {
            0
        } else {
            (key.hash() >> self.shift) as usize * WORDS
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
        &self.words[self.start..self.start + self.len]
    }

    /// The bytes the table holds (its buckets).
    pub fn bytes(&self) -> usize {
        self.len * 8
    }

    /// The values stored (and not given up since).
    pub fn stored(&self) -> usize {
        self.stored.load(Relaxed)
    }

    /// The slots the table has.
    pub fn capacity(&self) -> usize {
        self.len / WORDS * Self::WAYS
    }

    /// Every canonical form stored and its nimber, in the table's order,
    /// each bucket read whole between writes to it.
    pub fn entries(&self) -> Vec<(K, u8)> {
        let mut out = Vec::with_capacity(self.stored());
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
            out.extend_from_slice(&slots[..n]);
        }
        out
    }

    /// The table doubled, with every value it holds (a few may give one
    /// another up in a full bucket).
    fn doubled(&self) -> SharedTable<K> {
        let bigger = SharedTable::sized(self.bytes() * 2);
        for (k, v) in self.entries() {
            bigger.put(k, v);
        }
        bigger
    }
}

/// The tables of a parallel search (one for each kind of key, only one
/// used at a time), each behind an `RwLock` that a thread holds for
/// reading while it searches ([`Guards`]) and lets go of at each report,
/// so that a table that wants to grow can grow.
pub struct Shared {
    /// The table of [`super::layout::Narrow`]'s forms.
    pub narrow: RwLock<SharedTable<u64>>,
    /// The table of [`super::layout::Wide`]'s forms.
    pub wide: RwLock<SharedTable<u128>>,
    max_bytes: usize,
    grow: AtomicBool,
    /// Threads waiting to grow a table (or growing it): while there are
    /// any, a thread that lets go of the tables waits before it holds
    /// them again, so that a grower is not kept waiting by threads that
    /// let go and hold again at once (the standard library's lock lets a
    /// reader in before a writer it has just woken).
    growers: AtomicUsize,
}

/// The read halves of [`Shared`]'s locks, held by one thread.
pub struct Guards<'a> {
    /// The table of [`super::layout::Narrow`]'s forms.
    pub narrow: RwLockReadGuard<'a, SharedTable<u64>>,
    /// The table of [`super::layout::Wide`]'s forms.
    pub wide: RwLockReadGuard<'a, SharedTable<u128>>,
}

fn write<T>(lock: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    // A thread that panicked holding the lock panics the search anyway;
    // every value the table holds is whole.
    lock.write().unwrap_or_else(|e| e.into_inner())
}

fn read<T>(lock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// Tables of at most `bytes` bytes each, starting at 1 MiB (or the
    /// bound, if smaller) and doubling when half full.
    pub fn with_bytes(bytes: usize) -> Shared {
        let start = bytes.clamp(BUCKET_BYTES, START_BYTES);
        Shared {
            narrow: RwLock::new(SharedTable::sized(start)),
            wide: RwLock::new(SharedTable::sized(start)),
            max_bytes: bytes,
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
            narrow: read(&self.narrow),
            wide: read(&self.wide),
        }
    }

    /// Notes that `table` took an empty slot: once it is half full, and
    /// while its bound allows, it is to grow at the next
    /// [`grow_if_wanted`](Self::grow_if_wanted).
    #[inline]
    pub fn filled<K: Key>(&self, table: &SharedTable<K>) {
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

    /// Doubles the table of `K` while it would be more than half full
    /// with `more` values more and its bound allows.
    fn grow_table<K: Key>(&self, more: usize) {
        let mut t = write(K::shared_lock(self));
        while (t.stored() + more) * 2 >= t.capacity() && t.bytes() * 2 <= self.max_bytes {
            *t = t.doubled();
        }
    }

    /// Empties the table of `K`, back to its starting size (a search that
    /// turns from the `u64` forms to the `u128` ones gives up the first).
    /// The calling thread must hold no [`Guards`].
    pub fn clear<K: Key>(&self) {
        let start = self.max_bytes.clamp(BUCKET_BYTES, START_BYTES);
        *write(K::shared_lock(self)) = SharedTable::sized(start);
    }

    /// Puts every value of `entries` in the table of `K`, grown first
    /// (while its bound allows) until they fit at most half full, in the
    /// order [`super::table::Table::put_all`] puts them in. The calling thread
    /// must hold no [`Guards`].
    pub fn put_all<K: Key>(&self, entries: &[(K, u8)]) {
        self.grow_table::<K>(entries.len());
        let t = read(K::shared_lock(self));
        for i in super::table::scattered(entries.len()) {
            let (k, v) = entries[i];
            t.put(k, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bucket_is_one_cache_line() {
        for bytes in [64, 1 << 12, 1 << 20] {
            let t = SharedTable::<u64>::sized(bytes);
            for k in 1..2000u64 {
                assert_eq!(t.bucket(k).as_ptr() as usize % BUCKET_BYTES, 0);
            }
            assert_eq!(t.words.len(), t.len + WORDS);
        }
    }

    #[test]
    fn stores_and_gives_up_the_smallest() {
        // One bucket: six u64 forms (squares: the cells are the bits).
        let t = SharedTable::<u64>::sized(64);
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
        let t = SharedTable::<u128>::sized(64);
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
        let shared = Shared::with_bytes(1 << 22);
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
        let copy = Shared::with_bytes(1 << 22);
        copy.put_all(&entries);
        let g = copy.read();
        assert_eq!(g.narrow.stored(), entries.len());
        assert!(entries.iter().all(|&(k, v)| g.narrow.get(k) == Some(v)));
    }

    #[test]
    fn threads_writing_at_once_never_read_a_wrong_value() {
        // Four threads write and read the same few buckets: a value read
        // is always the one its key was written with.
        let t = SharedTable::<u128>::sized(4 * 64);
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
