//! Sets of nimbers below 256 as four words of bits, for the Cram search's
//! pruning (the values an option must avoid, or may take).

use grundy_core::impartial::nimber::xor_word;

/// A set of nimbers below 256.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct NimberSet(pub(super) [u64; 4]);

impl NimberSet {
    pub(super) fn below(n: u32) -> NimberSet {
        let mut s = NimberSet::default();
        for v in 0..n.min(256) {
            s.insert(v as u8);
        }
        s
    }
    #[inline]
    pub(super) fn insert(&mut self, v: u8) {
        self.0[usize::from(v >> 6)] |= 1 << (v & 63);
    }
    #[inline]
    pub(super) fn remove(&mut self, v: u8) {
        self.0[usize::from(v >> 6)] &= !(1 << (v & 63));
    }
    /// Excludes the value `y` of one option: `y` itself if possible, else
    /// the greatest possible value. Every option then excludes exactly
    /// one value, and a value given up for another lies above every value
    /// kept, so the least value kept is the least no option has as long
    /// as that one is kept (the counting argument of Beling and Rogalski
    /// 2020, §4).
    #[inline]
    pub(super) fn exclude(&mut self, y: u8) {
        if self.contains(y) {
            self.remove(y);
        } else if let Some(g) = self.greatest() {
            self.remove(g);
        }
    }
    #[inline]
    pub(super) fn contains(&self, v: u8) -> bool {
        self.0[usize::from(v >> 6)] >> (v & 63) & 1 == 1
    }
    #[inline]
    pub(super) fn least(&self) -> Option<u8> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| (i as u32 * 64 + w.trailing_zeros()) as u8)
    }
    #[inline]
    pub(super) fn greatest(&self) -> Option<u8> {
        self.0
            .iter()
            .enumerate()
            .rev()
            .find(|(_, w)| **w != 0)
            .map(|(i, w)| (i as u32 * 64 + 63 - w.leading_zeros()) as u8)
    }
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    #[inline]
    pub(super) fn and(self, o: NimberSet) -> NimberSet {
        NimberSet([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
    /// `{ v ^ x : v in self }`: the words exchanged by the top two bits
    /// of `x`, the bits of each word by the low six ([`xor_word`]).
    #[inline]
    pub(super) fn xor(self, x: u8) -> NimberSet {
        if x == 0 {
            return self;
        }
        let mut out = NimberSet::default();
        for (i, &w) in self.0.iter().enumerate() {
            out.0[i ^ usize::from(x >> 6)] = xor_word(w, usize::from(x & 63));
        }
        out
    }
    /// Every value at most `v`.
    pub(super) fn up_to(v: u8) -> NimberSet {
        let mut s = NimberSet::default();
        for i in 0..4 {
            let lo = i as u32 * 64;
            let hi = lo + 63;
            s.0[i] = if u32::from(v) >= hi {
                u64::MAX
            } else if u32::from(v) < lo {
                0
            } else {
                (1u64 << (u32::from(v) - lo + 1)) - 1
            };
        }
        s
    }
    #[cfg(test)]
    pub(super) fn iter(self) -> impl Iterator<Item = u8> {
        (0..=255u8).filter(move |&v| self.contains(v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_of_a_set_is_the_plain_one() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for x in 0..=255u8 {
            let mut s = NimberSet::default();
            for _ in 0..40 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                s.insert(seed as u8);
            }
            let mut want = NimberSet::default();
            for v in s.iter() {
                want.insert(v ^ x);
            }
            assert!(s.xor(x) == want, "{x}");
        }
    }
}
