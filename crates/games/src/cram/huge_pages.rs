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
//! The advice is a hint: where it is refused, or on another system, the
//! memory is the same, only slower. The mapping and the advice are
//! memmap2's; the cast from bytes to `T` is bytemuck's (the workspace
//! forbids `unsafe`).

use bytemuck::Pod;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

/// `len` values of `T`, all bits 0 to begin with, in an anonymous
/// mapping of their own (page-aligned, so a 64-byte bucket at an offset
/// that is a multiple of 64 is one cache line).
pub struct HugeArray<T> {
    map: memmap2::MmapMut,
    len: usize,
    kind: PhantomData<T>,
}

impl<T: Pod> HugeArray<T> {
    /// `len` values of `T` whose bits are all 0.
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
        {
            // A hint: refused, the memory is the same, only slower.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        HugeArray {
            map,
            len,
            kind: PhantomData,
        }
    }
}

impl<T: Pod> Deref for HugeArray<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        bytemuck::cast_slice(&self.map[..self.len * std::mem::size_of::<T>()])
    }
}

impl<T: Pod> DerefMut for HugeArray<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        let bytes = self.len * std::mem::size_of::<T>();
        bytemuck::cast_slice_mut(&mut self.map[..bytes])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_zeroed_holds_what_is_written_and_is_page_aligned() {
        for len in [0usize, 1, 7, 4096, 1 << 20] {
            let mut a = HugeArray::<u128>::zeroed(len);
            assert_eq!(a.len(), len);
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
