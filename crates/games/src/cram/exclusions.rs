//! Values a region is known not to have: what a search that gave up
//! learnt ([`super::solver`]), kept so that the region is not searched
//! again for the same values. A direct-mapped cache of a fixed size: a
//! region's entry is lost when another region takes its slot, which only
//! costs time.

use super::table::Key;

/// For each region cached, the values below 64 it is known not to have.
pub struct Exclusions<K> {
    slots: Vec<(K, u64)>,
    mask: usize,
}

impl<K: Key> Exclusions<K> {
    /// A cache of `2^bits` regions.
    pub fn with_bits(bits: u32) -> Exclusions<K> {
        Exclusions {
            slots: vec![(K::default(), 0); 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    #[inline]
    fn slot(&self, key: K) -> usize {
        // The low bits of the hash (the table uses the high ones).
        key.hash() as usize & self.mask
    }

    /// The values below 64 the region `key` is known not to have.
    #[inline]
    pub fn get(&self, key: K) -> u64 {
        let e = self.slots[self.slot(key)];
        if e.0 == key {
            e.1
        } else {
            0
        }
    }

    /// Records that the region `key` has none of the values of `mask`.
    #[inline]
    pub fn add(&mut self, key: K, mask: u64) {
        let i = self.slot(key);
        let e = &mut self.slots[i];
        if e.0 == key {
            e.1 |= mask;
        } else {
            *e = (key, mask);
        }
    }

    /// The bytes the cache holds.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<(K, u64)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_it_was_told_until_the_slot_is_taken() {
        for bits in [0, 4] {
            let mut e = Exclusions::<u64>::with_bits(bits);
            assert_eq!(e.get(5), 0);
            e.add(5, 0b101);
            e.add(5, 0b010);
            assert_eq!(e.get(5), 0b111);
            // Another key in the same slot takes it; nothing else leaks.
            let other = (6..).find(|&k| e.slot(k) == e.slot(5)).unwrap();
            assert_eq!(e.get(other), 0);
            e.add(other, 1);
            assert_eq!((e.get(5), e.get(other)), (0, 1));
            assert_eq!(e.bytes(), 16 << bits);
        }
    }
}
