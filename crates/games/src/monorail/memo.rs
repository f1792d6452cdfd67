//! The compact memo of the full solve: canonical keys to nimbers in four
//! bytes a slot.
//!
//! A key is `loop id << 32 | mask` with the loop id below `2^loop_bits` and
//! the mask below `2^tiles`, so it packs into `key_bits = loop_bits + tiles`
//! bits (40 at T = 20). The packed key goes through an invertible mix `h`
//! over `key_bits` bits; its home slot is `floor(h · N / 2^key_bits)` for a
//! table of `N` slots (any `N`, not only powers of two), a monotone map, so
//! the slot remembers only `h`'s offset above the least value with that home
//! (the *quotient* trick of compact hashing: J. G. Cleary, "Compact hash
//! tables using bidirectional linear probing", IEEE Trans. Computers 33(9),
//! 1984). Collisions probe linearly; each slot also stores how far it sits
//! from its home.
//!
//! Slot layout (`u32`, 0 = empty): bit 31 set when occupied; then the
//! offset (`rem_bits`), the displacement (12 bits) and the nimber
//! (`value_bits = 19 - rem_bits`, at least 6). A table that cannot give the
//! nimber at least 6 bits is refused at construction; a nimber or a
//! displacement that does not fit raises [`CompactMemo::overflowed`] or
//! [`CompactMemo::is_full`], and the solve stops rather than store it.
//!
//! Threads insert with compare-and-swap and read with relaxed loads; a
//! value once stored never changes.
//!
//! A memo may also carry a 4-bit *companion* per slot
//! ([`CompactMemo::with_companions`]), read by slot index
//! ([`CompactMemo::companion`]); 0 means not written. Where the value field
//! has at least 10 bits, the companion takes its top 4 (the nimber keeps
//! the rest, at least 6 bits) and is stored by the same compare-and-swap as
//! the nimber: no memory, no second store, no second cache miss. Otherwise
//! (T = 20, a 9-bit field) it lives in a separate array, half a byte a
//! slot, written by the inserting thread right after its compare-and-swap.
//! The solve keeps each class's remoteness there ([`super::remoteness`]),
//! so that it costs no second table and no second traversal.

use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, Ordering};

/// Bits of the displacement field.
const DISP_BITS: u32 = 12;
/// Fewest value bits accepted.
const MIN_VALUE_BITS: u32 = 6;
/// Occupied flag.
const OCCUPIED: u32 = 1 << 31;

/// Odd multipliers of the key mix (from SplitMix64).
const MUL1: u64 = 0xBF58_476D_1CE4_E5B9;
const MUL2: u64 = 0x94D0_49BB_1331_11EB;

/// The inverse of an odd `a` modulo 2^64 (Newton's iteration).
const fn inverse(a: u64) -> u64 {
    let mut x = a; // correct to 3 bits
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// Why a memo cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooSparse {
    /// The key bits.
    pub key_bits: u32,
    /// The slot count asked for.
    pub slots: u64,
}

/// The compact memo (module docs).
pub struct CompactMemo {
    slots: Vec<AtomicU32>,
    n: u64,
    key_bits: u32,
    loop_bits: u32,
    tiles: u32,
    value_bits: u32,
    half: u32,
    /// `floor(2^(key_bits + 64) / n)`, for [`CompactMemo::first`].
    recip: u128,
    /// `floor((2^64 - 1) / n)`, for the offset in [`CompactMemo::home`].
    recip64: u64,
    len: AtomicU64,
    limit: u64,
    full: AtomicBool,
    overflow: AtomicBool,
    /// Where the companions are, if the memo carries them.
    companions: Companions,
    /// Bits of the value field holding the nimber: `value_bits`, or
    /// `value_bits - 4` when the companion takes the field's top 4 bits.
    nimber_bits: u32,
}

/// Where a memo keeps its slots' companions.
enum Companions {
    /// It carries none.
    None,
    /// In the top 4 bits of each slot's value field.
    InSlot,
    /// Two a byte, slot `i` in the low nibble of byte `i / 2` when `i` is
    /// even.
    Array(Vec<AtomicU8>),
}

/// Fewest nimber bits left when the companion shares the value field.
const MIN_NIMBER_BITS_BESIDE: u32 = 6;

/// Bits needed to write every value below `n` (0 for `n <= 1`).
fn bits_below(n: u128) -> u32 {
    if n <= 1 {
        0
    } else {
        128 - (n - 1).leading_zeros()
    }
}

impl CompactMemo {
    /// A memo of `slots` slots for keys of loops below `2^loop_bits` over
    /// `tiles`-tile masks, which is *full* once `max_load` of the slots are
    /// used.
    ///
    /// # Errors
    /// [`TooSparse`] when the slots are too few for the key space to leave
    /// six bits for the nimber (fewer than `2^(key_bits - 13)` slots).
    pub fn new(
        loop_bits: u32,
        tiles: u32,
        slots: u64,
        max_load: f64,
    ) -> Result<CompactMemo, TooSparse> {
        let key_bits = loop_bits + tiles;
        let slots = slots.max(64);
        let span = (1u128 << key_bits).div_ceil(u128::from(slots));
        let rem_bits = bits_below(span);
        let used = 1 + DISP_BITS + rem_bits;
        if used + MIN_VALUE_BITS > 32 || key_bits > 63 {
            return Err(TooSparse { key_bits, slots });
        }
        let value_bits = 32 - used;
        let len = usize::try_from(slots).map_err(|_| TooSparse { key_bits, slots })?;
        Ok(CompactMemo {
            slots: zeroed(len),
            n: slots,
            key_bits,
            loop_bits,
            tiles,
            value_bits,
            half: key_bits.div_ceil(2),
            recip: (1u128 << (key_bits + 64)) / u128::from(slots),
            recip64: u64::MAX / slots,
            len: AtomicU64::new(0),
            limit: (slots as f64 * max_load) as u64,
            full: AtomicBool::new(false),
            overflow: AtomicBool::new(false),
            companions: Companions::None,
            nimber_bits: value_bits,
        })
    }

    /// The memo with a 4-bit companion per slot, all 0 (not written), for a
    /// memo that holds nothing yet: in the value field's top bits when it
    /// has at least 10 (its nimbers then limited to the rest), else in an
    /// array of half a byte a slot.
    ///
    /// # Panics
    /// If the memo holds a value.
    pub fn with_companions(mut self) -> CompactMemo {
        assert!(self.is_empty(), "companions join an empty memo");
        if self.value_bits >= MIN_NIMBER_BITS_BESIDE + 4 {
            self.companions = Companions::InSlot;
            self.nimber_bits = self.value_bits - 4;
        } else {
            self.add_companions();
        }
        self
    }

    /// Gives the memo companions, all 0, if it has none (keeps them if it
    /// has): an array of half a byte a slot, since the values already
    /// stored may fill the value field.
    pub fn add_companions(&mut self) {
        if matches!(self.companions, Companions::None) {
            let bytes = usize::try_from(self.n.div_ceil(2)).expect("the slots fit in memory");
            self.companions = Companions::Array(
                std::iter::repeat_with(|| AtomicU8::new(0))
                    .take(bytes)
                    .collect(),
            );
        }
    }

    /// Whether the memo carries companions.
    pub fn has_companions(&self) -> bool {
        !matches!(self.companions, Companions::None)
    }

    /// Slot `i`'s companion (1..=15), or 0 if none was written (or the memo
    /// carries none).
    #[inline]
    pub fn companion(&self, i: usize) -> u8 {
        match &self.companions {
            Companions::InSlot => {
                ((self.slots[i].load(Ordering::Relaxed) >> self.nimber_bits) & 0xF) as u8
            }
            Companions::Array(c) => (c[i / 2].load(Ordering::Relaxed) >> (4 * (i & 1))) & 0xF,
            Companions::None => 0,
        }
    }

    /// Writes the companion `c` (1..=15) of the occupied slot `i`; a no-op
    /// on a memo without companions. Written once per slot: it is ORed in.
    #[inline]
    pub fn set_companion(&self, i: usize, c: u8) {
        debug_assert!((1..16).contains(&c));
        match &self.companions {
            Companions::InSlot => {
                self.slots[i].fetch_or(u32::from(c & 0xF) << self.nimber_bits, Ordering::Relaxed);
            }
            Companions::Array(cs) => {
                cs[i / 2].fetch_or((c & 0xF) << (4 * (i & 1)), Ordering::Relaxed);
            }
            Companions::None => {}
        }
    }

    /// `(loop_bits, tiles)`: keys are `loop id << 32 | mask` with the loop
    /// id below `2^loop_bits` and the mask below `2^tiles`.
    pub fn key_layout(&self) -> (u32, u32) {
        (self.loop_bits, self.tiles)
    }

    /// Number of slots.
    pub fn slots(&self) -> u64 {
        self.n
    }

    /// Bytes of the slot array and the companions' array, if any.
    pub fn bytes(&self) -> u64 {
        self.n * 4
            + match &self.companions {
                Companions::Array(c) => c.len() as u64,
                _ => 0,
            }
    }

    /// Number of keys stored.
    pub fn len(&self) -> u64 {
        self.len.load(Ordering::Relaxed)
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the memo reached its load limit or a probe ran past the
    /// displacement field: it must be rebuilt larger.
    pub fn is_full(&self) -> bool {
        self.full.load(Ordering::Relaxed)
    }

    /// Whether a nimber too large for the value field was offered.
    pub fn overflowed(&self) -> bool {
        self.overflow.load(Ordering::Relaxed)
    }

    /// The largest nimber the value field holds (beside the companion,
    /// where it shares the field).
    pub fn max_value(&self) -> u16 {
        ((1u32 << self.nimber_bits) - 1).min(u32::from(u16::MAX)) as u16
    }

    #[inline]
    fn mask(&self) -> u64 {
        (1u64 << self.key_bits) - 1
    }

    #[inline]
    fn pack(&self, key: u64) -> u64 {
        debug_assert!(key >> 32 < 1 << self.loop_bits);
        debug_assert!(key & 0xFFFF_FFFF < 1 << self.tiles);
        (key >> 32) << self.tiles | (key & 0xFFFF_FFFF)
    }

    #[inline]
    fn unpack(&self, p: u64) -> u64 {
        (p >> self.tiles) << 32 | (p & ((1 << self.tiles) - 1))
    }

    #[inline]
    fn mix(&self, p: u64) -> u64 {
        let m = self.mask();
        let mut x = p.wrapping_mul(MUL1) & m;
        x ^= x >> self.half;
        x.wrapping_mul(MUL2) & m
    }

    fn unmix(&self, h: u64) -> u64 {
        let m = self.mask();
        let mut x = h.wrapping_mul(inverse(MUL2)) & m;
        // x ^= x >> half, undone: half >= key_bits / 2, so one more step.
        x ^= x >> self.half;
        x.wrapping_mul(inverse(MUL1)) & m
    }

    /// Home slot and offset of a mixed key. Writing `h · n` as `home ·
    /// 2^key_bits + r` with `0 <= r < 2^key_bits`, the offset `h -
    /// ceil(home · 2^key_bits / n)` is `floor(r / n)`: one 64-bit quotient,
    /// taken from the reciprocal (an estimate at most one too small, then
    /// corrected exactly).
    #[inline]
    fn home(&self, h: u64) -> (u64, u32) {
        let p = u128::from(h) * u128::from(self.n);
        let home = (p >> self.key_bits) as u64;
        let r = (p as u64) & self.mask();
        let mut rem = ((u128::from(r) * u128::from(self.recip64)) >> 64) as u64;
        if (rem + 1) * self.n <= r {
            rem += 1;
        }
        debug_assert_eq!(rem, h - self.first(home));
        (home, rem as u32)
    }

    /// The least mixed key whose home is `home`: `ceil(home · 2^key_bits /
    /// n)`, from the reciprocal (an estimate at most one too small, then
    /// corrected exactly) rather than a 128-bit division.
    #[inline]
    fn first(&self, home: u64) -> u64 {
        let target = u128::from(home) << self.key_bits;
        let n = u128::from(self.n);
        let mut q = ((u128::from(home) * self.recip) >> 64) as u64;
        while u128::from(q) * n < target {
            q += 1;
        }
        debug_assert!(q == 0 || u128::from(q - 1) * n < target);
        q
    }

    #[inline]
    fn tag(&self, rem: u32, disp: u32) -> u32 {
        OCCUPIED | rem << (DISP_BITS + self.value_bits) | disp << self.value_bits
    }

    /// The slot index where a lookup of `key` starts: touching it early
    /// (see [`CompactMemo::touch`]) overlaps the memory latency of several
    /// lookups.
    #[inline]
    pub fn start(&self, key: u64) -> usize {
        self.home(self.mix(self.pack(key))).0 as usize
    }

    /// Where `key` lives: its home slot and offset, for
    /// [`CompactMemo::get_at`] (computed once for a touch and a probe).
    #[inline]
    pub fn locate(&self, key: u64) -> (u64, u32) {
        self.home(self.mix(self.pack(key)))
    }

    /// The nimber stored for the key located at `(home, rem)` by
    /// [`CompactMemo::locate`], if any.
    #[inline]
    pub fn get_at(&self, place: (u64, u32)) -> Option<u16> {
        self.find_at(place).map(|(_, v)| v)
    }

    /// The slot index and nimber stored for the key located at `(home,
    /// rem)`, if any.
    #[inline]
    pub fn find_at(&self, (home, rem): (u64, u32)) -> Option<(usize, u16)> {
        self.probe(home, rem)
    }

    /// Loads slot `i` and throws the value away: a software prefetch that
    /// needs no `unsafe`.
    #[inline]
    pub fn touch(&self, i: usize) -> u32 {
        self.slots[i].load(Ordering::Relaxed)
    }

    /// The nimber stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u16> {
        self.find(key).map(|(_, v)| v)
    }

    /// The slot index and nimber stored for `key`, if any.
    #[inline]
    pub fn find(&self, key: u64) -> Option<(usize, u16)> {
        let (home, rem) = self.home(self.mix(self.pack(key)));
        self.probe(home, rem)
    }

    #[inline]
    fn probe(&self, home: u64, rem: u32) -> Option<(usize, u16)> {
        let vmask = (1u32 << self.value_bits) - 1;
        let nmask = (1u32 << self.nimber_bits) - 1;
        let n = self.n as usize;
        let mut i = home as usize;
        for disp in 0..1u32 << DISP_BITS {
            let s = self.slots[i].load(Ordering::Relaxed);
            if s == 0 {
                return None;
            }
            if s & !vmask == self.tag(rem, disp) {
                return Some((i, (s & nmask) as u16));
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
        None
    }

    /// Stores `value` for `key` (a key already present keeps its value).
    /// Raises the full or overflow flag instead when it cannot.
    pub fn insert(&self, key: u64, value: u16) {
        self.insert_at(self.locate(key), value);
    }

    /// As [`CompactMemo::insert`], for a key located by
    /// [`CompactMemo::locate`].
    pub fn insert_at(&self, place: (u64, u32), value: u16) {
        if self.insert_uncounted(place, value) {
            self.count_new(1);
        }
    }

    /// Stores every record of `records` (keys already present keep their
    /// values), counting the new keys once at the end.
    pub fn insert_batch(&self, records: &[(u64, u16)]) {
        let mut new = 0u64;
        for &(k, v) in records {
            new += u64::from(self.insert_uncounted(self.locate(k), v));
        }
        self.count_new(new);
    }

    /// Adds `new` keys stored by [`CompactMemo::insert_uncounted`] to the
    /// count, raising the full flag at the load limit. Counting in batches
    /// spares the threads a shared counter per insert.
    #[inline]
    pub fn count_new(&self, new: u64) {
        if new > 0 && self.len.fetch_add(new, Ordering::Relaxed) + new >= self.limit {
            self.full.store(true, Ordering::Relaxed);
        }
    }

    /// As [`CompactMemo::insert_at`], without counting: returns whether the
    /// key was new, to be counted by the caller with
    /// [`CompactMemo::count_new`] (until then [`CompactMemo::len`] and the
    /// full flag lag behind).
    pub fn insert_uncounted(&self, place: (u64, u32), value: u16) -> bool {
        self.claim(place, value, 0).is_some()
    }

    /// As [`CompactMemo::insert_uncounted`], also writing the slot's
    /// companion `c` (1..=15) when this insert claims the slot (a key
    /// already present keeps its value and companion, written by the
    /// insert that claimed it).
    pub fn insert_uncounted_with(&self, place: (u64, u32), value: u16, c: u8) -> bool {
        debug_assert!((1..16).contains(&c));
        match &self.companions {
            Companions::InSlot => self.claim(place, value, c).is_some(),
            _ => match self.claim(place, value, 0) {
                Some(i) => {
                    self.set_companion(i, c);
                    true
                }
                None => false,
            },
        }
    }

    /// Stores `value` at `place`, with companion `c` in the value field's
    /// top bits when it holds companions (0 otherwise): the slot index
    /// when this call claimed a free slot for it, `None` when the key was
    /// there already (or the memo is full, or the value does not fit:
    /// flags raised).
    fn claim(&self, (home, rem): (u64, u32), value: u16, c: u8) -> Option<usize> {
        if u32::from(value) >> self.nimber_bits != 0 {
            self.overflow.store(true, Ordering::Relaxed);
            return None;
        }
        let field = u32::from(c & 0xF) << self.nimber_bits | u32::from(value);
        let vmask = (1u32 << self.value_bits) - 1;
        let n = self.n as usize;
        let mut i = home as usize;
        for disp in 0..1u32 << DISP_BITS {
            let tag = self.tag(rem, disp);
            let mut s = self.slots[i].load(Ordering::Relaxed);
            if s == 0 {
                match self.slots[i].compare_exchange(
                    0,
                    tag | field,
                    Ordering::Relaxed,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => return Some(i),
                    Err(actual) => s = actual,
                }
            }
            if s & !vmask == tag {
                return None;
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
        self.full.store(true, Ordering::Relaxed);
        None
    }

    /// The key and nimber in slot `i`, if occupied.
    #[inline]
    pub fn entry(&self, i: usize) -> Option<(u64, u16)> {
        let s = self.slots[i].load(Ordering::Relaxed);
        if s == 0 {
            return None;
        }
        let nmask = (1u32 << self.nimber_bits) - 1;
        let disp = (s >> self.value_bits) & ((1 << DISP_BITS) - 1);
        let rem = (s & !OCCUPIED) >> (DISP_BITS + self.value_bits);
        let home = (i as u64 + self.n - u64::from(disp)) % self.n;
        let h = self.first(home) + u64::from(rem);
        Some((self.unpack(self.unmix(h)), (s & nmask) as u16))
    }

    /// Calls `f` on every `(key, nimber)` in slot ranges, in parallel;
    /// `f` gets the range's entries in slot order.
    pub fn par_for_each_block<F>(&self, f: F)
    where
        F: Fn(&mut dyn Iterator<Item = (u64, u16)>) + Sync,
    {
        let n = self.slots.len();
        let block = 1 << 20;
        (0..n.div_ceil(block)).into_par_iter().for_each(|b| {
            let lo = b * block;
            let hi = (lo + block).min(n);
            let mut it = (lo..hi).filter_map(|i| self.entry(i));
            f(&mut it);
        });
    }

    /// Copies every entry into `other` (which must be empty and use the
    /// same key layout), with its companion where both memos carry them.
    pub fn copy_into(&self, other: &CompactMemo) {
        let n = self.slots.len();
        let block = 1 << 20;
        (0..n.div_ceil(block)).into_par_iter().for_each(|b| {
            let mut new = 0u64;
            for i in b * block..((b + 1) * block).min(n) {
                if let Some((k, v)) = self.entry(i) {
                    let c = self.companion(i);
                    new += u64::from(if c == 0 {
                        other.insert_uncounted(other.locate(k), v)
                    } else {
                        other.insert_uncounted_with(other.locate(k), v, c)
                    });
                }
            }
            other.count_new(new);
        });
    }
}

/// A zero-filled slot array.
fn zeroed(len: usize) -> Vec<AtomicU32> {
    std::iter::repeat_with(|| AtomicU32::new(0))
        .take(len)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_through_slots() {
        for (loop_bits, tiles, slots) in [
            (2u32, 6u32, 64u64),
            (15, 16, 1 << 20),
            (18, 18, 1 << 24),
            (20, 20, 3 << 20),
        ] {
            let Ok(m) = CompactMemo::new(loop_bits, tiles, slots, 0.9) else {
                assert!(loop_bits + tiles > 32);
                continue;
            };
            let mut keys = Vec::new();
            let mut x = 12345u64;
            for _ in 0..(slots / 2).min(50_000) {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let l = (x >> 40) & ((1 << loop_bits) - 1);
                let mask = (x >> 7) & ((1 << tiles) - 1);
                keys.push(l << 32 | mask);
            }
            keys.sort_unstable();
            keys.dedup();
            for (j, &k) in keys.iter().enumerate() {
                m.insert(k, (j % 50) as u16);
            }
            assert!(!m.is_full() && !m.overflowed());
            assert_eq!(m.len(), keys.len() as u64);
            for (j, &k) in keys.iter().enumerate() {
                assert_eq!(m.get(k), Some((j % 50) as u16), "{k:#x}");
            }
            let mut back: Vec<(u64, u16)> =
                (0..m.slots() as usize).filter_map(|i| m.entry(i)).collect();
            back.sort_unstable();
            let want: Vec<(u64, u16)> = keys
                .iter()
                .enumerate()
                .map(|(j, &k)| (k, (j % 50) as u16))
                .collect();
            assert_eq!(back, want);
        }
    }

    #[test]
    fn first_is_the_exact_ceiling() {
        for (lb, t, n) in [
            (2u32, 6u32, 1000u64),
            (15, 16, 12_345_679),
            (20, 20, 2_100_000_007),
        ] {
            let Ok(m) = CompactMemo::new(lb, t, n.min(1 << 26), 0.9) else {
                continue;
            };
            let n = m.slots();
            for home in (0..n).step_by((n / 5000).max(1) as usize).chain([n - 1]) {
                let want = (u128::from(home) << m.key_bits).div_ceil(u128::from(n)) as u64;
                assert_eq!(m.first(home), want, "home {home} of {n}");
            }
        }
    }

    /// The offset from the 64-bit reciprocal equals the exact one, `h -
    /// first(home)`, at the edges of homes and at random keys.
    #[test]
    fn offset_is_exact() {
        for (lb, t, n) in [
            (2u32, 6u32, 1000u64),
            (15, 16, 12_345_679),
            (18, 18, 161_000_003),
            (20, 20, 2_100_000_007),
        ] {
            let Ok(m) = CompactMemo::new(lb, t, n.min(1 << 26), 0.9) else {
                continue;
            };
            let n = m.slots();
            let mut x = 99u64;
            let mut keys: Vec<u64> = (0..20_000)
                .map(|_| {
                    x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
                    x & m.mask()
                })
                .collect();
            for home in (0..n).step_by((n / 3000).max(1) as usize) {
                let f = m.first(home);
                keys.extend([f, f.saturating_sub(1), f + 1]);
            }
            keys.push(m.mask());
            for h in keys.into_iter().filter(|&h| h <= m.mask()) {
                let (home, rem) = m.home(h);
                assert_eq!(u64::from(rem), h - m.first(home), "h {h} of n {n}");
                assert_eq!(home, ((u128::from(h) * u128::from(n)) >> m.key_bits) as u64);
            }
        }
    }

    #[test]
    fn mix_is_a_bijection() {
        let m = CompactMemo::new(4, 6, 64, 0.9).unwrap();
        let mut seen: Vec<u64> = (0..1 << 10).map(|p| m.mix(p)).collect();
        for p in 0..1 << 10 {
            assert_eq!(m.unmix(m.mix(p)), p);
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 1 << 10);
    }

    /// Companions in the value field (a roomy memo) and in the array (a
    /// 9-bit field, as at T = 20) keep what was stored, beside the nimber
    /// and without changing it, and survive a copy into either kind.
    #[test]
    fn companions_in_the_slot_and_in_the_array() {
        let roomy = CompactMemo::new(15, 16, 1 << 24, 0.9).unwrap();
        assert_eq!(roomy.value_bits, 12);
        let roomy = roomy.with_companions();
        assert!(matches!(roomy.companions, Companions::InSlot));
        assert_eq!((roomy.max_value(), roomy.bytes()), (255, 4 << 24));
        let tight = CompactMemo::new(15, 16, 1 << 20, 0.9).unwrap();
        assert_eq!(tight.value_bits, 8);
        let tight = tight.with_companions();
        assert!(matches!(tight.companions, Companions::Array(_)));
        assert_eq!((tight.max_value(), tight.bytes()), (255, 9 << 19));
        for m in [&roomy, &tight] {
            let keys: Vec<u64> = (0..5000u64)
                .map(|j| ((j % 97) << 32) | ((j * 7919) % 60000))
                .collect();
            let mut seen = std::collections::HashSet::new();
            for (j, &k) in keys.iter().enumerate() {
                if seen.insert(k) {
                    m.insert_uncounted_with(m.locate(k), (j % 40) as u16, (j % 15 + 1) as u8);
                }
            }
            let mut seen = std::collections::HashSet::new();
            for (j, &k) in keys.iter().enumerate() {
                if seen.insert(k) {
                    let (i, v) = m.find(k).unwrap();
                    assert_eq!((v, m.companion(i)), ((j % 40) as u16, (j % 15 + 1) as u8));
                    assert_eq!(m.entry(i), Some((k, v)));
                }
            }
            for target in [
                CompactMemo::new(15, 16, 1 << 24, 0.9)
                    .unwrap()
                    .with_companions(),
                CompactMemo::new(15, 16, 3 << 19, 0.9)
                    .unwrap()
                    .with_companions(),
            ] {
                m.copy_into(&target);
                for i in 0..m.slots() as usize {
                    if let Some((k, v)) = m.entry(i) {
                        let (j, w) = target.find(k).unwrap();
                        assert_eq!((w, target.companion(j)), (v, m.companion(i)));
                    }
                }
            }
        }
        // A nimber past the bits the companion leaves overflows.
        roomy.insert_uncounted_with(roomy.locate(100 << 32), 256, 1);
        assert!(roomy.overflowed());
    }

    #[test]
    fn limits_raise_flags() {
        let m = CompactMemo::new(4, 6, 64, 0.5).unwrap();
        assert_eq!(m.max_value(), 32767);
        m.insert(3, m.max_value() + 1);
        assert!(m.overflowed());
        for k in 0..40u64 {
            m.insert(k, 1);
        }
        assert!(m.is_full());
        assert!(CompactMemo::new(20, 20, 1 << 20, 0.9).is_err());
    }
}
