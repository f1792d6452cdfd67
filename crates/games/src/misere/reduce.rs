//! Indistinguishability: two elements of a candidate monoid are one when
//! every continuation agrees on their outcome.
//!
//! Plambeck and Siegel ("Misère quotients for impartial games", J. Combin.
//! Theory Ser. A 115 (2008), §3) define the quotient by
//! `x ~ y ⟺ (xz ∈ S ⟺ yz ∈ S for every z)`; for a monoid given by the
//! generators' actions this is the coarsest partition that separates `S`
//! from its complement and is kept by every generator: Moore's algorithm
//! for the minimal automaton. Both ways of finding a quotient reduce their
//! candidates with [`blocks`].

use rustc_hash::FxHashMap;

/// The block of each state of the automaton with start partition `in_s`
/// and transitions `act[e][g]` (state `e`, generator `g`), and the number
/// of blocks: Moore's refinement to the coarsest partition that separates
/// `in_s` and is kept by every generator. Blocks are numbered by their
/// first state, so state 0's block is 0.
pub(super) fn blocks(in_s: &[bool], act: &[Vec<u32>]) -> (Vec<u32>, usize) {
    let n = act.len();
    let mut block: Vec<u32> = in_s.iter().map(|&p| u32::from(p)).collect();
    let mut count = 0;
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut next = vec![0u32; n];
        for e in 0..n {
            let mut key = Vec::with_capacity(act[e].len() + 1);
            key.push(block[e]);
            key.extend(act[e].iter().map(|&t| block[t as usize]));
            let len = ids.len() as u32;
            next[e] = *ids.entry(key).or_insert(len);
        }
        let new_count = ids.len();
        block = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    (block, count)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Z/4` acted on by `+1`, with `S = {0, 2}`: the parity is all that
    /// tells elements apart, so 0 ~ 2 and 1 ~ 3.
    #[test]
    fn moore_merges_the_indistinguishable() {
        let act = vec![vec![1], vec![2], vec![3], vec![0]];
        let (block, count) = blocks(&[true, false, true, false], &act);
        assert_eq!(count, 2);
        assert_eq!(block, vec![0, 1, 0, 1]);
        let (block, count) = blocks(&[true, false, false, false], &act);
        assert_eq!(count, 4);
        assert_eq!(block, vec![0, 1, 2, 3]);
    }
}
