//! The transposition table of the Cram search: 16-byte slots, four to a
//! bucket, bounded by the memory given to it. It starts small and doubles
//! when it is half full, or when a bucket is full once it is a quarter
//! full, while the bound allows; otherwise a full bucket gives up the slot
//! of the smallest region (the cheapest to solve again), so the table
//! keeps the costly values.

use super::cells::Cells;

/// Bits 112 to 126 of a canonical form are 0 ([`super::cells::canonical`]):
/// they hold the nimber plus one (bits 112–119) and the region's cell
/// count (bits 120–126).
const VALUE_BITS: Cells = ((1u128 << 15) - 1) << 112;

/// Slots a bucket.
const WAYS: usize = 4;

/// Bytes a slot.
pub const SLOT_BYTES: usize = 16;

/// The nimbers of regions, by canonical form.
pub struct Table {
    slots: Vec<Cells>,
    shift: u32,
    stored: usize,
    max_bytes: usize,
}

/// The bytes a table starts with (at most its bound).
const START_BYTES: usize = 1 << 20;

impl Table {
    /// A table of at most `bytes` bytes (at least one bucket; a power of
    /// two of buckets).
    pub fn with_bytes(bytes: usize) -> Table {
        let mut t = Table::sized(bytes.min(START_BYTES));
        t.max_bytes = bytes.max(t.bytes());
        t
    }

    /// A table of `bytes` rounded down to a power of two of buckets.
    fn sized(bytes: usize) -> Table {
        let buckets = (bytes / (SLOT_BYTES * WAYS)).max(1);
        let bits = usize::BITS - 1 - buckets.leading_zeros();
        Table {
            slots: vec![0; (1usize << bits) * WAYS],
            shift: 64 - bits,
            stored: 0,
            max_bytes: 0,
        }
    }

    /// Doubles the table, keeping every value, if the bound allows.
    fn grow(&mut self) {
        let bytes = self.bytes() * 2;
        if bytes > self.max_bytes {
            self.max_bytes = 0; // never again
            return;
        }
        let mut bigger = Table::sized(bytes);
        bigger.max_bytes = self.max_bytes;
        for &s in &self.slots {
            if s != 0 {
                let b = bigger.bucket(s & !VALUE_BITS);
                if let Some(free) = bigger.slots[b..b + WAYS].iter_mut().find(|x| **x == 0) {
                    *free = s;
                    bigger.stored += 1;
                }
            }
        }
        *self = bigger;
    }

    /// The bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.slots.len() * SLOT_BYTES
    }

    /// The values stored (and not given up since).
    pub fn stored(&self) -> usize {
        self.stored
    }

    #[inline]
    fn bucket(&self, key: Cells) -> usize {
        let lo = key as u64;
        let hi = (key >> 64) as u64;
        let mut h = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 29;
        h = h.wrapping_mul(0x1656_67B1_9E37_79F9);
        if self.shift >= 64 {
            0
        } else {
            (h >> self.shift) as usize * WAYS
        }
    }

    /// The nimber of the region with canonical form `key`, if stored.
    #[inline]
    pub fn get(&self, key: Cells) -> Option<u8> {
        let b = self.bucket(key);
        self.slots[b..b + WAYS]
            .iter()
            .find(|&&s| s != 0 && s & !VALUE_BITS == key)
            .map(|&s| (((s >> 112) & 0xFF) as u8).wrapping_sub(1))
    }

    /// Stores `nimber` (at most 254) for `key`.
    #[inline]
    pub fn put(&mut self, key: Cells, nimber: u8) {
        debug_assert!(key & VALUE_BITS == 0 && nimber < 255);
        if self.max_bytes != 0 && self.stored * 2 >= self.slots.len() {
            self.grow();
        }
        let size = Cells::from((key << 1 >> 1).count_ones());
        let slot = key | (u128::from(nimber) + 1) << 112 | size << 120;
        let b = self.bucket(key);
        let quarter = self.stored * 4 >= self.slots.len();
        let bucket = &mut self.slots[b..b + WAYS];
        let mut victim = 0;
        let mut least = u128::MAX;
        for (i, s) in bucket.iter().enumerate() {
            if *s == 0 {
                victim = i;
                least = 0;
                self.stored += 1;
                break;
            }
            if *s & !VALUE_BITS == key {
                return;
            }
            let sz = (*s >> 120) & 0x7F;
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
            bucket[victim] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_to_its_bound_and_never_answers_wrong() {
        let mut t = Table::with_bytes(1 << 22);
        assert_eq!(t.bytes(), START_BYTES);
        let keys: Vec<Cells> = (1..100_000u128).map(|k| k * 0x1_0001 + (k << 70)).collect();
        for &k in &keys {
            t.put(k, (k % 7) as u8);
        }
        assert_eq!(t.bytes(), 1 << 22, "stored {}", t.stored());
        let kept = keys.iter().filter(|&&k| t.get(k).is_some()).count();
        assert!(kept * 100 >= keys.len() * 97, "{kept}");
        assert!(keys
            .iter()
            .all(|&k| t.get(k).is_none_or(|v| v == (k % 7) as u8)));
    }

    #[test]
    fn stores_and_gives_up_the_smallest() {
        let mut t = Table::with_bytes(64); // one bucket
        assert_eq!(t.bytes(), 64);
        let keys: Vec<Cells> = (1..=5).map(|k| (1u128 << (k + 1)) - 1).collect();
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
    }
}
