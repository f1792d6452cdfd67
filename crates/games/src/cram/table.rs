//! The transposition table of the Cram search: buckets of 64 bytes (one
//! cache line), bounded by the memory given to it. It starts small and
//! doubles when it is half full, or when a bucket is full once it is a
//! quarter full, while the bound allows; otherwise a full bucket gives up
//! the slot of the smallest region (the cheapest to solve again), so the
//! table keeps the costly values.
//!
//! A bucket holds seven `u64` canonical forms ([`super::layout::Narrow`]'s)
//! and their seven nimbers in an eighth word, or four `u128` forms
//! ([`super::layout::Wide`]'s) with the nimber and the region's size in
//! bits 112 to 126, which such a form leaves 0.

use super::exclusions::Exclusions;
use super::huge_pages::HugeArray;
use super::shared_table::{Gated, Guards, Shared, SharedTable};

/// A canonical form as a key of the table: never 0 (the empty slot).
pub trait Key: bytemuck::Pod + Eq + Default {
    /// Words of this type a bucket.
    const WORDS: usize;
    /// Keys a bucket.
    const WAYS: usize;
    /// The key widened to a `u128` (to be kept on the search's stack).
    fn widen(self) -> u128;
    /// The inverse of [`widen`](Self::widen).
    fn narrow(x: u128) -> Self;
    /// The cells of the region the key stands for.
    fn size(self) -> u32;
    /// A hash of the key.
    fn hash(self) -> u64;
    /// The key in slot `i` of `bucket` (0 when empty).
    fn key_at(bucket: &[Self], i: usize) -> Self;
    /// The nimber in slot `i` of `bucket`.
    fn value_at(bucket: &[Self], i: usize) -> u8;
    /// Writes `key` and `value` in slot `i` of `bucket`.
    fn set(bucket: &mut [Self], i: usize, key: Self, value: u8);
    /// The table of these keys among `tables`.
    fn of(tables: &Tables) -> &Table<Self>;
    /// The table of these keys among `tables`, to write.
    fn of_mut(tables: &mut Tables) -> &mut Table<Self>;
    /// The exclusions of these keys among `tables`.
    fn out(tables: &Tables) -> &Exclusions<Self>;
    /// The exclusions of these keys among `tables`, to write.
    fn out_mut(tables: &mut Tables) -> &mut Exclusions<Self>;
    /// `u64` words a key takes in a [`SharedTable`] bucket.
    const KEY_WORDS: usize;
    /// The key's words (the second 0 for a one-word key).
    fn to_words(self) -> [u64; 2];
    /// The inverse of [`to_words`](Self::to_words).
    fn from_words(lo: u64, hi: u64) -> Self;
    /// The shared table of these keys among `guards`.
    fn shared<'g>(guards: &'g Guards<'_>) -> &'g SharedTable<'g, Self>;
    /// The lock of the shared table of these keys in `shared`.
    fn shared_lock<'s, 'm>(shared: &'s Shared<'m>) -> &'s Gated<'m, Self>;
}

/// A table for each kind of key, only one of which is used at a time
/// (the other holds one bucket).
pub struct Tables {
    /// The table of [`super::layout::Narrow`]'s forms.
    pub narrow: Table<u64>,
    /// The table of [`super::layout::Wide`]'s forms.
    pub wide: Table<u128>,
    /// What searches that gave up learnt, for [`super::layout::Narrow`]'s
    /// forms.
    pub narrow_out: Exclusions<u64>,
    /// The same for [`super::layout::Wide`]'s forms.
    pub wide_out: Exclusions<u128>,
}

impl Tables {
    /// Tables of one bucket each and no exclusions (a solver's before its
    /// first position).
    pub fn empty() -> Tables {
        Tables {
            narrow: Table::with_bytes(0),
            wide: Table::with_bytes(0),
            narrow_out: Exclusions::with_bits(0),
            wide_out: Exclusions::with_bits(0),
        }
    }
}

impl Key for u64 {
    const WORDS: usize = 8;
    const WAYS: usize = 7;
    #[inline]
    fn widen(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn narrow(x: u128) -> Self {
        x as u64
    }
    #[inline]
    fn size(self) -> u32 {
        super::layout::Narrow::key_size(self)
    }
    #[inline]
    fn hash(self) -> u64 {
        let mut h = self.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        h.wrapping_mul(0x1656_67B1_9E37_79F9)
    }
    #[inline]
    fn key_at(bucket: &[Self], i: usize) -> Self {
        bucket[i]
    }
    #[inline]
    fn value_at(bucket: &[Self], i: usize) -> u8 {
        (bucket[7] >> (8 * i)) as u8
    }
    #[inline]
    fn set(bucket: &mut [Self], i: usize, key: Self, value: u8) {
        bucket[i] = key;
        bucket[7] = bucket[7] & !(0xFF << (8 * i)) | u64::from(value) << (8 * i);
    }
    #[inline]
    fn of(tables: &Tables) -> &Table<Self> {
        &tables.narrow
    }
    #[inline]
    fn of_mut(tables: &mut Tables) -> &mut Table<Self> {
        &mut tables.narrow
    }
    #[inline]
    fn out(tables: &Tables) -> &Exclusions<Self> {
        &tables.narrow_out
    }
    #[inline]
    fn out_mut(tables: &mut Tables) -> &mut Exclusions<Self> {
        &mut tables.narrow_out
    }
    const KEY_WORDS: usize = 1;
    #[inline]
    fn to_words(self) -> [u64; 2] {
        [self, 0]
    }
    #[inline]
    fn from_words(lo: u64, _hi: u64) -> Self {
        lo
    }
    #[inline]
    fn shared<'g>(guards: &'g Guards<'_>) -> &'g SharedTable<'g, Self> {
        &guards.narrow
    }
    fn shared_lock<'s, 'm>(shared: &'s Shared<'m>) -> &'s Gated<'m, Self> {
        &shared.narrow
    }
}

/// Bits 112 to 126 of a `u128` canonical form are 0
/// ([`super::cells::Grid::canonical`]): they hold the nimber (bits
/// 112–119) and the region's cell count (bits 120–126).
const VALUE_BITS: u128 = ((1u128 << 15) - 1) << 112;

impl Key for u128 {
    const WORDS: usize = 4;
    const WAYS: usize = 4;
    #[inline]
    fn widen(self) -> u128 {
        self
    }
    #[inline]
    fn narrow(x: u128) -> Self {
        x
    }
    #[inline]
    fn size(self) -> u32 {
        (self << 1 >> 1).count_ones()
    }
    #[inline]
    fn hash(self) -> u64 {
        let lo = self as u64;
        let hi = (self >> 64) as u64;
        let mut h = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 29;
        h.wrapping_mul(0x1656_67B1_9E37_79F9)
    }
    #[inline]
    fn key_at(bucket: &[Self], i: usize) -> Self {
        bucket[i] & !VALUE_BITS
    }
    #[inline]
    fn value_at(bucket: &[Self], i: usize) -> u8 {
        (bucket[i] >> 112) as u8
    }
    #[inline]
    fn set(bucket: &mut [Self], i: usize, key: Self, value: u8) {
        debug_assert!(key & VALUE_BITS == 0);
        bucket[i] = key | u128::from(value) << 112 | u128::from(key.size()) << 120;
    }
    #[inline]
    fn of(tables: &Tables) -> &Table<Self> {
        &tables.wide
    }
    #[inline]
    fn of_mut(tables: &mut Tables) -> &mut Table<Self> {
        &mut tables.wide
    }
    #[inline]
    fn out(tables: &Tables) -> &Exclusions<Self> {
        &tables.wide_out
    }
    #[inline]
    fn out_mut(tables: &mut Tables) -> &mut Exclusions<Self> {
        &mut tables.wide_out
    }
    const KEY_WORDS: usize = 2;
    #[inline]
    fn to_words(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }
    #[inline]
    fn from_words(lo: u64, hi: u64) -> Self {
        u128::from(lo) | u128::from(hi) << 64
    }
    #[inline]
    fn shared<'g>(guards: &'g Guards<'_>) -> &'g SharedTable<'g, Self> {
        &guards.wide
    }
    fn shared_lock<'s, 'm>(shared: &'s Shared<'m>) -> &'s Gated<'m, Self> {
        &shared.wide
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Every index of `0..n` once, far apart (by a step prime to `n`): values
/// put in this order do not crowd the few buckets of a smaller table.
pub(super) fn scattered(n: usize) -> impl Iterator<Item = usize> {
    let mut step = (n as f64 * 0.618) as usize | 1;
    while n > 1 && gcd(step, n) != 1 {
        step += 2;
    }
    (0..n).scan(0, move |i, _| {
        let at = *i;
        *i = (*i + step) % n;
        Some(at)
    })
}

/// The nimbers of regions, by canonical form.
pub struct Table<K> {
    /// The buckets' words, `len` of them, from the start of a mapping
    /// of their own (so that each bucket is one cache line) that holds
    /// the most words the bound lets the table grow to.
    slots: HugeArray<K>,
    len: usize,
    shift: u32,
    stored: usize,
    max_bytes: usize,
}

/// The bytes a table starts with (at most its bound).
pub(super) const START_BYTES: usize = 1 << 20;

/// Bytes a bucket.
pub(super) const BUCKET_BYTES: usize = 64;

/// The buckets of a table of `bytes` rounded down to a power of two of
/// buckets (at least one), as that power.
pub(super) fn bucket_bits(bytes: usize) -> u32 {
    let buckets = (bytes / BUCKET_BYTES).max(1);
    usize::BITS - 1 - buckets.leading_zeros()
}

impl<K: Key> Table<K> {
    /// A table of at most `bytes` bytes (at least one bucket; a power of
    /// two of buckets).
    pub fn with_bytes(bytes: usize) -> Table<K> {
        let bits = bucket_bits(bytes.min(START_BYTES));
        let most = bucket_bits(bytes).max(bits);
        let len = (1usize << bits) * K::WORDS;
        Table {
            slots: HugeArray::zeroed((1usize << most) * K::WORDS),
            len,
            shift: 64 - bits,
            stored: 0,
            max_bytes: bytes.max(len / K::WORDS * BUCKET_BYTES),
        }
    }

    /// Doubles the table in place, keeping every value, if the bound
    /// allows. The keys of bucket `b` go to buckets `2b` and `2b + 1`
    /// (a bucket is the top bits of the hash), so the buckets are moved
    /// from the last down: the two a bucket's keys go to are past it,
    /// already moved and empty (or, for bucket 0, bucket 1 and itself,
    /// emptied first), and none can overflow. (The parallel search's table
    /// does the same with its own bucket layout, in atomic words:
    /// [`SharedTable`]'s `double`.)
    fn grow(&mut self) {
        let bytes = self.bytes() * 2;
        if bytes > self.max_bytes || self.len * 2 > self.slots.len() {
            self.max_bytes = 0; // never again
            return;
        }
        let shift = self.shift - 1;
        let old = self.len / K::WORDS;
        for b in (0..old).rev() {
            let at = b * K::WORDS;
            let mut bucket = [K::default(); 8];
            bucket[..K::WORDS].copy_from_slice(&self.slots[at..at + K::WORDS]);
            self.slots[at..at + K::WORDS].fill(K::default());
            for i in 0..K::WAYS {
                let k = K::key_at(&bucket, i);
                if k != K::default() {
                    let to = (k.hash() >> shift) as usize * K::WORDS;
                    let to = &mut self.slots[to..to + K::WORDS];
                    if let Some(j) = (0..K::WAYS).find(|&j| K::key_at(to, j) == K::default()) {
                        K::set(to, j, k, K::value_at(&bucket, i));
                    }
                }
            }
        }
        self.len *= 2;
        self.shift = shift;
    }

    /// Grows the table (while its bound allows) until `more` values more
    /// would fill it at most half.
    pub fn reserve(&mut self, more: usize) {
        let want = self.stored.saturating_add(more).saturating_mul(2);
        while self.capacity() < want && self.max_bytes != 0 && self.bytes() * 2 <= self.max_bytes {
            self.grow();
        }
    }

    /// Puts every value of `entries`, the table first grown (while its
    /// bound allows) until they fit at most half full, and the values put
    /// in a scattered order: in the order of another table's buckets they
    /// would crowd the few buckets of a smaller table and give one another
    /// up before it grows.
    pub fn put_all(&mut self, entries: &[(K, u8)]) {
        let n = entries.len();
        self.reserve(n);
        for i in scattered(n) {
            let (k, v) = entries[i];
            self.put(k, v);
        }
    }

    /// The words of the buckets.
    fn words(&self) -> &[K] {
        &self.slots[..self.len]
    }

    /// The bytes the table holds (its buckets).
    pub fn bytes(&self) -> usize {
        self.len / K::WORDS * BUCKET_BYTES
    }

    /// The values stored (and not given up since).
    pub fn stored(&self) -> usize {
        self.stored
    }

    /// Every canonical form stored and its nimber, in the table's order.
    pub fn entries(&self) -> impl Iterator<Item = (K, u8)> + '_ {
        self.words().chunks(K::WORDS).flat_map(|bucket| {
            (0..K::WAYS).filter_map(move |i| {
                let k = K::key_at(bucket, i);
                (k != K::default()).then(|| (k, K::value_at(bucket, i)))
            })
        })
    }

    /// The slots the table has.
    fn capacity(&self) -> usize {
        self.len / K::WORDS * K::WAYS
    }

    #[inline]
    fn bucket(&self, key: K) -> usize {
        if self.shift >= 64 {
            0
        } else {
            (key.hash() >> self.shift) as usize * K::WORDS
        }
    }

    /// Starts loading the bucket of `key` into the cache, for a
    /// [`get`](Self::get) soon after.
    #[inline]
    pub fn prefetch(&self, key: K) {
        prefetch_index::prefetch_index(&*self.slots, self.bucket(key));
    }

    /// The nimber of the region with canonical form `key`, if stored.
    #[inline]
    pub fn get(&self, key: K) -> Option<u8> {
        let b = self.bucket(key);
        let bucket = &self.slots[b..b + K::WORDS];
        (0..K::WAYS)
            .find(|&i| K::key_at(bucket, i) == key)
            .map(|i| K::value_at(bucket, i))
    }

    /// Stores `nimber` for `key`.
    #[inline]
    pub fn put(&mut self, key: K, nimber: u8) {
        if self.max_bytes != 0 && self.stored * 2 >= self.capacity() {
            self.grow();
        }
        let size = key.size();
        let b = self.bucket(key);
        let quarter = self.stored * 4 >= self.capacity();
        let bucket = &mut self.slots[b..b + K::WORDS];
        let mut victim = 0;
        let mut least = u32::MAX;
        for i in 0..K::WAYS {
            let k = K::key_at(bucket, i);
            if k == K::default() {
                victim = i;
                least = 0;
                self.stored += 1;
                break;
            }
            if k == key {
                return;
            }
            let sz = k.size();
            if sz < least {
                least = sz;
                victim = i;
            }
        }
        if least != 0 && self.max_bytes != 0 && quarter {
            // A full bucket in a table a quarter full, while the bound
            // allows a larger one (in a sparser table a full bucket is
            // bad luck, and growing for it would spread the values over
            // memory the cache cannot hold).
            self.grow();
            return self.put(key, nimber);
        }
        if least <= size {
            K::set(bucket, victim, key, nimber);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grows_to_its_bound<K: Key + std::fmt::Debug>(key: impl Fn(u64) -> K) {
        let mut t = Table::<K>::with_bytes(1 << 22);
        assert_eq!(t.bytes(), START_BYTES);
        let keys: Vec<K> = (1..100_000u64).map(key).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.put(k, (i % 7) as u8);
        }
        assert_eq!(t.bytes(), 1 << 22, "stored {}", t.stored());
        let kept = keys.iter().filter(|&&k| t.get(k).is_some()).count();
        assert!(kept * 100 >= keys.len() * 97, "{kept}");
        assert!(keys
            .iter()
            .enumerate()
            .all(|(i, &k)| t.get(k).is_none_or(|v| v == (i % 7) as u8)));
    }

    /// The address of the first word of `key`'s bucket.
    fn bucket_address<K: Key>(t: &Table<K>, key: K) -> usize {
        t.slots[t.bucket(key)..].as_ptr() as usize
    }

    #[test]
    fn every_bucket_is_one_cache_line() {
        for bytes in [64, 1 << 12, 1 << 20, 1 << 24] {
            let mut t = Table::<u64>::with_bytes(bytes);
            let mut w = Table::<u128>::with_bytes(bytes);
            for k in 1..2000u64 {
                assert_eq!(bucket_address(&t, k) % BUCKET_BYTES, 0, "{bytes} {k}");
                assert_eq!(bucket_address(&w, u128::from(k)) % BUCKET_BYTES, 0);
                t.put(k, 1);
                w.put(u128::from(k), 1);
            }
            assert!(t.slots.len() >= t.len);
            assert_eq!(t.bytes(), t.len * 8);
        }
    }

    #[test]
    fn the_values_of_a_larger_table_fit() {
        let mut big = Table::<u64>::with_bytes(1 << 26);
        for k in 1..=400_000u64 {
            big.put(k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1, (k % 5) as u8);
        }
        let entries: Vec<(u64, u8)> = big.entries().collect();
        assert_eq!(entries.len(), big.stored());
        let mut copy = Table::<u64>::with_bytes(1 << 26);
        copy.put_all(&entries);
        // A few buckets of eight at half load may still give one up.
        assert!(
            copy.stored() * 10_000 >= entries.len() * 9_999,
            "{}",
            copy.stored()
        );
        assert!(entries
            .iter()
            .all(|&(k, v)| copy.get(k).is_none_or(|x| x == v)));
        // Put one by one in the big table's order, the values crowd a
        // small table's buckets and give one another up.
        let mut crowded = Table::<u64>::with_bytes(1 << 26);
        for &(k, v) in &entries {
            crowded.put(k, v);
        }
        assert!(
            crowded.stored() * 1000 < entries.len() * 999,
            "{}",
            crowded.stored()
        );
    }

    #[test]
    fn grows_in_place_keeping_every_value() {
        fn check<K: Key + Ord + std::fmt::Debug>(key: impl Fn(u64) -> K) {
            let mut t = Table::<K>::with_bytes(1 << 16);
            t.max_bytes = 1 << 16;
            // From four buckets: two values to a bucket, none given up.
            (t.len, t.shift) = (4 * K::WORDS, 62);
            let keys: Vec<K> = (1..=8).map(&key).collect();
            for (i, &k) in keys.iter().enumerate() {
                t.put(k, i as u8 + 1);
            }
            let mut before: Vec<(K, u8)> = t.entries().collect();
            before.sort_unstable();
            assert_eq!(before.len(), t.stored());
            while t.max_bytes != 0 {
                t.grow();
                let mut now: Vec<(K, u8)> = t.entries().collect();
                now.sort_unstable();
                assert_eq!(now, before);
            }
            assert_eq!((t.bytes(), t.stored()), (1 << 16, before.len()));
            assert!(before.iter().all(|&(k, v)| t.get(k) == Some(v)));
        }
        check(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        check(|k| u128::from(k) << 70 | u128::from(k));
    }

    #[test]
    fn grows_to_its_bound_and_never_answers_wrong() {
        grows_to_its_bound(|k| u128::from(k) * 0x1_0001 + (u128::from(k) << 70));
        grows_to_its_bound(|k| (k * 0x1_0001) | (1 << 63));
    }

    #[test]
    fn stores_and_gives_up_the_smallest() {
        let mut t = Table::<u128>::with_bytes(64); // one bucket
        assert_eq!(t.bytes(), 64);
        let keys: Vec<u128> = (1..=5).map(|k| (1u128 << (k + 1)) - 1).collect();
        for (i, &k) in keys.iter().take(4).enumerate() {
            t.put(k, i as u8);
        }
        assert_eq!(t.get(keys[2]), Some(2));
        t.put(keys[4], 9); // evicts the smallest, keys[0]
        assert_eq!(t.get(keys[0]), None);
        assert_eq!(t.get(keys[4]), Some(9));
        assert_eq!(t.get(keys[1]), Some(1));
        assert_eq!(t.stored(), 4);
        // A smaller region does not evict a larger one.
        t.put(1, 0);
        assert_eq!(t.get(1), None);
        // Seven to a bucket for u64 forms (squares: the cells are the bits).
        let mut t = Table::<u64>::with_bytes(64);
        let keys: Vec<u64> = (1..=8).map(|k| (1u64 << (k + 1)) - 1).collect();
        for (i, &k) in keys.iter().take(7).enumerate() {
            t.put(k, 250 + i as u8 % 5);
        }
        assert_eq!(t.get(keys[6]), Some(251));
        assert_eq!(t.get(keys[0]), Some(250));
        t.put(keys[7], 3);
        assert_eq!(t.get(keys[0]), None);
        assert_eq!(t.get(keys[7]), Some(3));
        assert_eq!(t.stored(), 7);
    }
}
