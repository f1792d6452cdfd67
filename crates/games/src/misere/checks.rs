//! The condition (P) of the proof: no option of a sum in `S` is in `S`
//! (Plambeck and Siegel, "Misère quotients for impartial games", J.
//! Combin. Theory Ser. A 115 (2008), §6; the proof is set out in
//! [`super::learn`]).
//!
//! (P) depends on a sum `G` only through `x = Φ(G − h)` and the heap `h`
//! moved in, so it is checked on every element `x`, heap `h` and option
//! `h'` of `h`: `x·Φ(h) ∈ S` must imply `x·Φ(h') ∉ S`. Where it fails, the
//! least failing sum (the least sum of `x`, plus `h`, in the multiset
//! order of [`super::words`]) is what both ways of finding a quotient
//! refine with.

use super::words::{with_heap, Word};

/// One failure of (P): the least failing sum (heaps descending), the
/// element `x` of the rest, the index of heap `h` and of the option of `h`
/// that lands in `S`.
pub(super) struct PFailure {
    /// `words[x]` plus `h`.
    pub word: Word,
    /// The element of the sum without `h`.
    pub x: usize,
    /// The index of `h` in the heaps checked.
    pub heap: usize,
    /// The index of the option of `h` in its list.
    pub option: usize,
}

/// (P) on a candidate with multiplication `table` and P-portion `in_s`:
/// heap `heaps[i]` has the element `elements[i]` and its options the
/// elements `options[i]`; `words` is the least sum of each element. The
/// least failing sum, the first in the order of elements then heaps among
/// equals; `None` when (P) holds.
pub(super) fn p_failure(
    in_s: &[bool],
    table: &[Vec<u32>],
    heaps: &[u16],
    elements: &[u32],
    options: &[Vec<u32>],
    words: &[Word],
) -> Option<PFailure> {
    let mut best: Option<PFailure> = None;
    for (x, row) in table.iter().enumerate() {
        for (i, &h) in heaps.iter().enumerate() {
            if !in_s[row[elements[i] as usize] as usize] {
                continue;
            }
            let Some(k) = options[i]
                .iter()
                .position(|&o| in_s[row[o as usize] as usize])
            else {
                continue;
            };
            let word = with_heap(&words[x], h);
            if best.as_ref().is_none_or(|b| word < b.word) {
                best = Some(PFailure {
                    word,
                    x,
                    heap: i,
                    option: k,
                });
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heap 1 with the single option `0` in `Z/2` (misère Nim's `*1`):
    /// `S = {1}` passes (P), `S = {0, 1}` fails at heap 1 itself.
    #[test]
    fn p_fails_where_a_p_element_moves_to_a_p_element() {
        let table = vec![vec![0, 1], vec![1, 0]];
        let words = vec![vec![], vec![1]];
        let ok = p_failure(&[false, true], &table, &[1], &[1], &[vec![0]], &words);
        assert!(ok.is_none());
        let f = p_failure(&[true, true], &table, &[1], &[1], &[vec![0]], &words).unwrap();
        assert_eq!((f.word, f.x, f.heap, f.option), (vec![1], 0, 0, 0));
    }
}
