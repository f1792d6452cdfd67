//! Zeroed arrays in memory the kernel is asked to back with huge pages:
//! the tables of the Cram search, probed at random over up to gigabytes.
//!
//! With 4 KiB pages almost every probe of a table of hundreds of MiB
//! misses the TLB and walks the page tables, itself a miss or two; a 2
//! MiB page covers 512 times as much. Linux backs an anonymous mapping
//! with transparent huge pages when it is advised to (`madvise`
//! `MADV_HUGEPAGE`, which the default setting `madvise` of
//! `/sys/kernel/mm/transparent_hugepage/enabled` waits for; see the
//! kernel's `Documentation/admin-guide/mm/transhuge.rst`). Measured on
//! 6 × 7 with one thread on the 2-core AMD EPYC host (2026-12-07): 97
//! to 102 s of CPU time with the allocator's 4 KiB pages, 74 and 80 s
//! with the table and the exclusion cache on huge pages, the same
//! 637,515,814 positions (`docs/src/cram.md`, "Huge pages").
//!
//! Only a mapping of [`HUGE_FROM`] bytes or more is advised: a smaller
//! one fits the reach of the TLB anyway.
//!
//! The advice is a hint: where it is refused, or on another system, the
//! memory is the same, only slower. The mapping and the advice are
//! memmap2's; the cast from bytes to `T` is bytemuck's, and to atomic
//! words ([`HugeAtomics`]) zerocopy's (the workspace forbids `unsafe`).
//!
//! A table maps the most memory its bound lets it grow to, once, and
//! grows within it ([`super::table::Table`]): the kernel gives memory to
//! a mapping only where it is written, so the pages past the table cost
//! nothing, and a table that doubles in place never holds its old and
//! its new buckets at once.

use bytemuck::Pod;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::AtomicU64;

/// The least bytes of a mapping advised to use huge pages: twice the
/// reach of a second-level TLB of 2,048 entries of 4 KiB (AMD Zen 2 and
/// Zen 3). (When every table mapped anew at each doubling, advising
/// every mapping added the system time of the faults on boards whose
/// tables stay small, 4 × 11 with one thread: 0.04 to 0.07 s against
/// 0.02 s. A table now maps once, for its bound, and is advised from its
/// first write: 0.00 to 0.02 s.)
pub const HUGE_FROM: usize = 16 << 20;

/// Values of `T`, all bits 0 to begin with, in an anonymous mapping of
/// their own, advised to use huge pages when it is [`HUGE_FROM`] bytes or
/// more. The mapping is exactly as long as the values, so the slice is
/// the whole of it; it starts on a page, so a 64-byte bucket at an offset
/// that is a multiple of 64 is one cache line.
pub struct HugeArray<T> {
    map: memmap2::MmapMut,
    kind: PhantomData<T>,
}

impl<T: Pod> HugeArray<T> {
    /// `len` values of `T` whose bits are all 0 (one when `len` is 0: a
    /// mapping is never empty).
    ///
    /// When the system refuses the memory the process ends with the
    /// allocator's message ([`std::alloc::handle_alloc_error`]), as a
    /// `Vec` of the same size would.
    pub fn zeroed(len: usize) -> HugeArray<T> {
        HugeArray {
            map: mapping(std::mem::size_of::<T>(), len),
            kind: PhantomData,
        }
    }
}

/// A zeroed anonymous mapping of `len` (at least one) items of `size`
/// bytes, advised to use huge pages when it is [`HUGE_FROM`] bytes or
/// more; the process ends with the allocator's message when the system
/// refuses it.
fn mapping(size: usize, len: usize) -> memmap2::MmapMut {
    let bytes = size
        .checked_mul(len.max(1))
        .filter(|&b| b <= isize::MAX as usize);
    let layout = bytes.and_then(|b| std::alloc::Layout::from_size_align(b, 8).ok());
    let layout =
        layout.unwrap_or_else(|| std::alloc::handle_alloc_error(std::alloc::Layout::new::<u64>()));
    let Ok(map) = memmap2::MmapMut::map_anon(layout.size()) else {
        std::alloc::handle_alloc_error(layout)
    };
    #[cfg(target_os = "linux")]
    if map.len() >= HUGE_FROM {
        // A hint: refused, the memory is the same, only slower.
        let _ = map.advise(memmap2::Advice::HugePage);
    }
    map
}

/// `u64` words, all 0 to begin with, in an anonymous mapping of their own
/// advised to use huge pages when it is [`HUGE_FROM`] bytes or more, to
/// be read and written by several threads at once as atomics
/// ([`words`](Self::words); the parallel search's
/// [`super::shared_table::SharedTable`]). It starts on a page.
pub struct HugeAtomics {
    map: memmap2::MmapMut,
}

impl HugeAtomics {
    /// `len` words (one when `len` is 0), all 0. Memory as
    /// [`HugeArray::zeroed`]'s.
    pub fn zeroed(len: usize) -> HugeAtomics {
        HugeAtomics {
            map: mapping(8, len),
        }
    }

    /// The words, as atomics, for as long as the mapping is borrowed.
    pub fn words(&mut self) -> &[AtomicU64] {
        use zerocopy::FromBytes;
        <[AtomicU64]>::mut_from_bytes(&mut self.map[..])
            .map(|w| &*w)
            .expect("a mapping starts on a page and is a whole number of words")
    }
}

impl<T: Pod> Deref for HugeArray<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        bytemuck::cast_slice(&self.map)
    }
}

impl<T: Pod> DerefMut for HugeArray<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        bytemuck::cast_slice_mut(&mut self.map)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn atomics_start_zeroed_hold_what_is_written_and_are_page_aligned() {
        for len in [0usize, 1, 9, 1 << 22] {
            let mut a = HugeAtomics::zeroed(len);
            let w = a.words();
            assert_eq!(w.len(), len.max(1));
            assert_eq!(w.as_ptr() as usize % 4096, 0);
            assert!(w.iter().all(|x| x.load(Relaxed) == 0));
            std::thread::scope(|s| {
                for t in 0..2 {
                    s.spawn(move || {
                        for (i, x) in w.iter().enumerate().skip(t).step_by(2) {
                            x.store(i as u64 * 3 + 1, Relaxed);
                        }
                    });
                }
            });
            assert!(w
                .iter()
                .enumerate()
                .all(|(i, x)| x.load(Relaxed) == i as u64 * 3 + 1));
        }
    }

    #[test]
    fn starts_zeroed_holds_what_is_written_and_is_page_aligned() {
        for len in [0usize, 1, 7, 4096, 1 << 20] {
            let mut a = HugeArray::<u128>::zeroed(len);
            assert_eq!(a.len(), len.max(1));
            assert!(a.iter().all(|&x| x == 0));
            assert_eq!(a.as_ptr() as usize % 4096, 0);
            for (i, x) in a.iter_mut().enumerate() {
                *x = (i as u128) << 64 | 3;
            }
            assert!(a
                .iter()
                .enumerate()
                .all(|(i, &x)| x == (i as u128) << 64 | 3));
        }
    }
}
