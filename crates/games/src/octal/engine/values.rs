//! Nim-sequence storage in the smallest unsigned integer type that holds
//! every value so far: one byte per heap size while all values are below
//! 256, two below 65,536, four beyond. Pushing a value that does not fit
//! widens the whole store once.

use std::ops::BitXor;

/// An unsigned integer type that can hold Grundy values.
pub trait Value: Copy + Eq + Ord + Default + BitXor<Output = Self> + Send + Sync + 'static {
    /// Bytes per value.
    const WIDTH: usize;
    /// The value as `u32`.
    fn get(self) -> u32;
    /// `v` in this type, if it fits.
    fn from_u32(v: u32) -> Option<Self>;
    /// The store of `values` when it holds this type.
    fn store_of(values: &mut Values) -> Option<&mut Vec<Self>>;
    /// A store holding `v`.
    fn into_values(v: Vec<Self>) -> Values;
}

macro_rules! value_impl {
    ($t:ty, $variant:ident) => {
        impl Value for $t {
            const WIDTH: usize = std::mem::size_of::<$t>();
            fn store_of(values: &mut Values) -> Option<&mut Vec<Self>> {
                match values {
                    Values::$variant(v) => Some(v),
                    _ => None,
                }
            }
            fn into_values(v: Vec<Self>) -> Values {
                Values::$variant(v)
            }
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn from_u32(v: u32) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
        }
    };
}
value_impl!(u8, U8);
value_impl!(u16, U16);
value_impl!(u32, U32);

/// A nim-sequence `G(0), G(1), …`: `values[n]` is the Grundy value of a
/// heap of `n` tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    /// All values below 256.
    U8(Vec<u8>),
    /// All values below 65,536.
    U16(Vec<u16>),
    /// Anything else.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl FromIterator<u32> for Values {
    /// The values of `it`, in the smallest store that holds them all.
    fn from_iter<I: IntoIterator<Item = u32>>(it: I) -> Values {
        let mut out = Values::default();
        for x in it {
            out.push(x);
        }
        out
    }
}

impl Values {
    /// The values of `v`, stored in the smallest type that holds them all.
    pub fn from_u32s(v: &[u32]) -> Values {
        let mut out = Values::default();
        out.reserve(v.len());
        for &x in v {
            out.push(x);
        }
        out
    }

    /// Number of values (heap sizes `0..len`).
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes per stored value: 1, 2 or 4.
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    /// `G(n)`.
    ///
    /// # Panics
    /// If `n >= self.len()`.
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::U8(v) => v[n] as u32,
            Values::U16(v) => v[n] as u32,
            Values::U32(v) => v[n],
        }
    }

    /// Reserves room for `extra` more values of the current width.
    pub fn reserve(&mut self, extra: usize) {
        match self {
            Values::U8(v) => v.reserve(extra),
            Values::U16(v) => v.reserve(extra),
            Values::U32(v) => v.reserve(extra),
        }
    }

    /// Appends `G(len)`, widening the store if `g` does not fit.
    pub fn push(&mut self, g: u32) {
        match self {
            Values::U8(v) => match u8::try_from(g) {
                Ok(x) => v.push(x),
                Err(_) => {
                    self.widen();
                    self.push(g);
                }
            },
            Values::U16(v) => match u16::try_from(g) {
                Ok(x) => v.push(x),
                Err(_) => {
                    self.widen();
                    self.push(g);
                }
            },
            Values::U32(v) => v.push(g),
        }
    }

    /// Keeps only `G(0..len)`.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Values::U8(v) => v.truncate(len),
            Values::U16(v) => v.truncate(len),
            Values::U32(v) => v.truncate(len),
        }
    }

    /// `G(0..len)` (all of them when fewer), in a store of the same width:
    /// what cloning and truncating gives, without copying the rest.
    pub fn prefix(&self, len: usize) -> Values {
        match self {
            Values::U8(v) => Values::U8(v[..len.min(v.len())].to_vec()),
            Values::U16(v) => Values::U16(v[..len.min(v.len())].to_vec()),
            Values::U32(v) => Values::U32(v[..len.min(v.len())].to_vec()),
        }
    }

    fn widen(&mut self) {
        *self = match std::mem::take(self) {
            Values::U8(v) => Values::U16(v.into_iter().map(u16::from).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            w @ Values::U32(_) => w,
        };
    }

    /// Every value, widened to `u32`.
    pub fn to_u32s(&self) -> Vec<u32> {
        self.iter().collect()
    }

    /// The values in order, as `u32`.
    pub fn iter(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match self {
            Values::U8(v) => Box::new(v.iter().map(|&x| x as u32)),
            Values::U16(v) => Box::new(v.iter().map(|&x| x as u32)),
            Values::U32(v) => Box::new(v.iter().copied()),
        }
    }

    /// The largest value (0 when empty).
    pub fn max(&self) -> u32 {
        self.iter().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widens_only_when_needed() {
        let mut v = Values::default();
        v.push(3);
        v.push(255);
        assert_eq!(v.width(), 1);
        v.push(256);
        assert_eq!(v.width(), 2);
        v.push(70_000);
        assert_eq!(v.width(), 4);
        assert_eq!(v.to_u32s(), vec![3, 255, 256, 70_000]);
        assert_eq!(Values::from_u32s(&[1, 2, 300]).width(), 2);
        assert_eq!(v.max(), 70_000);
        // A prefix keeps the width, as cloning and truncating does.
        let p = v.prefix(2);
        assert_eq!((p.width(), p.to_u32s()), (4, vec![3, 255]));
        let mut t = v.clone();
        t.truncate(3);
        assert_eq!(v.prefix(3), t);
        assert_eq!(v.prefix(99), v);
    }
}
