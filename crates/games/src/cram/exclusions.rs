//! Values a region is known not to have: what a search that gave up
//! learnt ([`super::solver`]), kept so that the region is not searched
//! again for the same values. A direct-mapped cache of a fixed size: a
//! region's entry is lost when another region takes its slot, which only
//! costs time.

use super::huge_pages::HugeArray;
use super::table::Key;

/// For each region cached, the values below 64 it is known not to have:
/// a slot is the region's key and the mask of values (as a key's word,
/// [`Key::from_words`]), in memory advised to use huge pages.
pub struct Exclusions<K> {
    slots: HugeArray<[K; 2]>,
    mask: usize,
}

impl<K: Key> Exclusions<K> {
    /// The bytes of one region's entry.
    pub const SLOT_BYTES: usize = std::mem::size_of::<[K; 2]>();

    /// A cache of `2^bits` regions.
    pub fn with_bits(bits: u32) -> Exclusions<K> {
        Exclusions {
            slots: HugeArray::zeroed(1 << bits),
            mask: (1 << bits) - 1,
        }
    }

    #[inline]
    fn slot(&self, key: K) -> usize {
        // The low bits of the hash (the table uses the high ones).
        key.hash() as usize & self.mask
    }

    /// Starts loading the entry of `key` into the cache.
    #[inline]
    pub fn prefetch(&self, key: K) {
        prefetch_index::prefetch_index(&*self.slots, self.slot(key));
    }

    /// The values below 64 the region `key` is known not to have.
    #[inline]
    pub fn get(&self, key: K) -> u64 {
        let [k, mask] = self.slots[self.slot(key)];
        if k == key {
            mask.to_words()[0]
        } else {
            0
        }
    }

    /// Records that the region `key` has none of the values of `mask`.
    #[inline]
    pub fn add(&mut self, key: K, mask: u64) {
        let i = self.slot(key);
        let e = &mut self.slots[i];
        let mask = if e[0] == key {
            e[1].to_words()[0] | mask
        } else {
            mask
        };
        *e = [key, K::from_words(mask, 0)];
    }

    /// Grows the cache to `2^bits` regions (if it holds fewer), keeping
    /// every entry that finds its slot free (of two that meet, one is
    /// kept, which only costs time).
    pub fn grow_to(&mut self, bits: u32) {
        if 1usize << bits <= self.slots.len() {
            return;
        }
        let old = std::mem::replace(self, Exclusions::with_bits(bits));
        for &slot in old.slots.iter() {
            if slot[0] != K::default() {
                let i = self.slot(slot[0]);
                self.slots[i] = slot;
            }
        }
    }

    /// The bytes the cache holds.
    pub fn bytes(&self) -> usize {
        self.slots.len() * Self::SLOT_BYTES
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

    #[test]
    fn growing_keeps_what_it_was_told() {
        let mut e = Exclusions::<u64>::with_bits(2);
        // Four keys, one to each slot of the small cache.
        let mut keys: Vec<u64> = Vec::new();
        for k in 1u64.. {
            if keys.len() == 4 {
                break;
            }
            if keys.iter().all(|&x| e.slot(x) != e.slot(k)) {
                keys.push(k);
            }
        }
        for (i, &k) in keys.iter().enumerate() {
            e.add(k, 1 << i);
        }
        e.grow_to(10);
        assert_eq!(e.bytes(), 16 << 10);
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(e.get(k), 1 << i, "{k}");
        }
        assert_eq!(e.get(keys.iter().max().unwrap() + 1), 0);
        // Growing to fewer slots changes nothing.
        e.grow_to(4);
        assert_eq!(e.bytes(), 16 << 10);
        assert_eq!(e.get(keys[3]), 1 << 3);
    }
}
