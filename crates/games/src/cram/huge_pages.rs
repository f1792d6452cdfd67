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
//! one fits the reach of the TLB anyway, and huge pages would only add
//! the cost of their faults (each zeroes 2 MiB).
//!
//! The advice is a hint: where it is refused, or on another system, the
//! memory is the same, only slower. The mapping and the advice are
//! memmap2's; the cast from bytes to `T` is bytemuck's (the workspace
//! forbids `unsafe`).

use bytemuck::Pod;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

/// The least bytes of a mapping advised to use huge pages: twice the
/// reach of a second-level TLB of 2,048 entries of 4 KiB (AMD Zen 2 and
/// Zen 3). Advising every mapping added the system time of the faults
/// on boards whose tables stay small (4 × 11, one thread: 0.04 to 0.07 s
/// against 0.02 s).
pub const HUGE_FROM: usize = 16 << 20;

/// Values of `T`, all bits 0 to begin with, in an anonymous mapping of
/// their own. The mapping is exactly as long as the values, so the slice
/// is the whole of it and a read checks no range of its own; it starts
/// on a page, so a 64-byte bucket at an offset that is a multiple of 64
/// is one cache line.
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
        let layout = std::alloc::Layout::array::<T>(len.max(1))
            .unwrap_or_else(|_| std::alloc::handle_alloc_error(std::alloc::Layout::new::<T>()));
        let Ok(map) = memmap2::MmapMut::map_anon(layout.size()) else {
            std::alloc::handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        if layout.size() >= HUGE_FROM {
            // A hint: refused, the memory is the same, only slower.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        HugeArray {
            map,
            kind: PhantomData,
        }
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
