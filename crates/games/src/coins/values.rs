//! Fast single-head values g(1..=n) of a coin-turning rule, and the closed
//! forms of the built-in rules.
//!
//! By the coin-turning theorem (Lenstra; Winning Ways ch. 14; Ferguson,
//! *Game Theory*, I.5) g(k) is the mex, over the allowed turn-sets `S` with
//! rightmost coin `k`, of the nim-sum of g(s) for the other coins `s` of `S`.
//! The option values are gathered per kind of move ([`Term`]):
//!
//! - `upto(K)` / `exactly(K)`: for each count `j < K`, the set of nim-sums
//!   of `j` distinct coins among `1..k` is kept as a bitset of `V` bits
//!   (`V` the power of two above the largest value so far) and updated coin
//!   by coin: `reach[j] |= reach[j−1] ⊕ g(k)`, a permutation of the bits of
//!   `reach[j−1]` (word indices XOR `g >> 6`, bits inside a word by six
//!   masked swaps). O(K·V/64) word operations per coin, O(1) for `j = 1`
//!   (Turning Turtles is linear). These option sets only grow with `k`, so
//!   they are merged into one bitset whose mex is a forward-moving pointer.
//! - `run(K)`: the runs ending at `k` have nim-sums `P(k−1) ⊕ P(j)` for the
//!   prefix nim-sums `P(j)`, `k − K ≤ j < k`: a sliding window of the last
//!   `K` prefix nim-sums, kept with their multiplicities in a count tree
//!   like `run`'s, O(log V) per coin whatever `K`.
//! - `run`: the same for every `j < k`: the prefix nim-sums seen so far are
//!   kept in a binary count tree over `[0, V)`, and the least value outside
//!   the set XOR-shifted by `P(k−1)` is found by one descent, O(log V) per
//!   coin (Ruler is O(n log n)).
//! - `at(d1,…)`: one value per coin.
//!
//! A union of terms takes the least value missing from all of them by
//! alternating "next absent value at or after x" queries until they agree.
//! Memory is O((1 + ΣK)·V) bits for the bitsets and 64·V bits for the tree;
//! it is capped at [`MEMORY_BUDGET_BITS`] (values then stop being supported
//! and [`Rule::try_single_values`] fails).

use super::rule::{Rule, Term};
use grundy_core::error::Error;
use grundy_core::impartial::nimber::xor_word;

/// The cap on the bits held by the single-value computation (256 MiB). A
/// rule whose values outgrow it (for example `upto(K)` with large `K`,
/// where g(k) = 2^(k−1) for k ≤ K) is out of range.
pub const MEMORY_BUDGET_BITS: u64 = 1 << 31;

/// The default cap on the estimated word operations of one single-value
/// computation (about ten seconds); see [`Rule::try_single_values_within`].
pub const WORK_BUDGET: u64 = 10_000_000_000;

/// Turning Turtles: g(k) = k (Winning Ways ch. 14; Ferguson I.5).
pub fn turtles_value(k: usize) -> u64 {
    k as u64
}

/// Mock Turtles: g(k) is the k-th odious number (an odd number of ones in
/// binary), 1, 2, 4, 7, 8, 11, … (OEIS A000069 with offset 0 gives
/// `A000069(k − 1)`): `2(k−1)` plus 1 when `k − 1` has an even number of
/// ones. Winning Ways ch. 14; Ferguson I.5. `k ≥ 1`; 0 for `k = 0`.
pub fn mock_turtles_value(k: usize) -> u64 {
    if k == 0 {
        return 0;
    }
    let n = (k - 1) as u64;
    2 * n + u64::from(n.count_ones() % 2 == 0)
}

/// Ruler: g(k) is the largest power of 2 dividing k (OEIS A006519;
/// Ferguson I.5; Winning Ways ch. 14). 0 for `k = 0`.
pub fn ruler_value(k: usize) -> u64 {
    let k = k as u64;
    k & k.wrapping_neg()
}

/// A set of values in `[0, V)` as a bitset, `V` a power of two ≥ 64.
#[derive(Clone, Debug)]
struct Bits {
    words: Vec<u64>,
}

impl Bits {
    fn new(v: usize) -> Bits {
        Bits {
            words: vec![0; v / 64],
        }
    }

    fn grow(&mut self, v: usize) {
        self.words.resize(v / 64, 0);
    }

    fn get(&self, x: usize) -> bool {
        self.words
            .get(x / 64)
            .is_some_and(|w| w >> (x % 64) & 1 == 1)
    }

    fn set(&mut self, x: usize) {
        self.words[x / 64] |= 1 << (x % 64);
    }

    /// The least value `≥ from` not in the set (`V` if none below `V`).
    fn next_absent(&self, from: usize) -> usize {
        let v = self.words.len() * 64;
        if from >= v {
            return from;
        }
        let mut w = from / 64;
        let mut word = !self.words[w] & (u64::MAX << (from % 64));
        loop {
            if word != 0 {
                return w * 64 + word.trailing_zeros() as usize;
            }
            w += 1;
            if w == self.words.len() {
                return v;
            }
            word = !self.words[w];
        }
    }
}

/// `dst |= src ⊕ c` and `also |= src ⊕ c`, for `c < V`.
fn or_shifted(dst: &mut Bits, also: Option<&mut Bits>, src: &Bits, c: usize) {
    let (hi, lo) = (c / 64, c % 64);
    match also {
        Some(also) => {
            for (w, &x) in src.words.iter().enumerate() {
                if x != 0 {
                    let y = xor_word(x, lo);
                    dst.words[w ^ hi] |= y;
                    also.words[w ^ hi] |= y;
                }
            }
        }
        None => {
            for (w, &x) in src.words.iter().enumerate() {
                let d = &mut dst.words[w ^ hi];
                if x != 0 && *d != u64::MAX {
                    *d |= xor_word(x, lo);
                }
            }
        }
    }
}

/// A set of values in `[0, V)` with a count per aligned block: node 1
/// covers `[0, V)`, node `i` has children `2i` and `2i + 1`, leaves are
/// nodes `V..2V`.
#[derive(Clone, Debug)]
struct CountTree {
    v: usize,
    counts: Vec<u32>,
}

impl CountTree {
    fn new(v: usize) -> CountTree {
        CountTree {
            v,
            counts: vec![0; 2 * v],
        }
    }

    fn contains(&self, x: usize) -> bool {
        self.counts[self.v + x] == 1
    }

    fn insert(&mut self, x: usize) {
        if self.contains(x) {
            return;
        }
        let mut i = self.v + x;
        while i >= 1 {
            self.counts[i] += 1;
            i /= 2;
        }
    }

    fn remove(&mut self, x: usize) {
        if !self.contains(x) {
            return;
        }
        let mut i = self.v + x;
        while i >= 1 {
            self.counts[i] -= 1;
            i /= 2;
        }
    }

    fn grow(&mut self, v: usize) {
        let members: Vec<usize> = (0..self.v).filter(|&x| self.contains(x)).collect();
        *self = CountTree::new(v);
        for x in members {
            self.insert(x);
        }
    }

    /// The least `x ≥ from` with `x ⊕ c` not in the set (`V` if none below
    /// `V`), for `c < V`.
    fn next_absent_shifted(&self, c: usize, from: usize) -> usize {
        if from >= self.v {
            return from;
        }
        self.descend(1, self.v, 0, c, from).unwrap_or(self.v)
    }

    /// Within the node `node` holding the set values `y` with `y ⊕ c` in
    /// `[base, base + size)`, the least such absent `x ≥ from`.
    fn descend(
        &self,
        node: usize,
        size: usize,
        base: usize,
        c: usize,
        from: usize,
    ) -> Option<usize> {
        if base + size <= from || self.counts[node] as usize == size {
            return None;
        }
        if self.counts[node] == 0 {
            return Some(base.max(from));
        }
        let half = size / 2;
        // The child whose values map to x with the bit `half` clear.
        let low = if c & half == 0 {
            2 * node
        } else {
            2 * node + 1
        };
        let high = low ^ 1;
        self.descend(low, half, base, c, from)
            .or_else(|| self.descend(high, half, base + half, c, from))
    }
}

/// The state of the per-coin computation for one `upto(K)` or
/// `exactly(K)` term.
struct Counted {
    /// `upto` (every count below `K` contributes) or `exactly`.
    upto: bool,
    k: usize,
    /// `reach[j]`: the nim-sums of `j` distinct coins so far, for
    /// `j < K − 1` (the count `K − 1` goes straight into the union).
    reach: Vec<Bits>,
}

impl Counted {
    fn contributes(&self, j: usize) -> bool {
        if self.upto {
            j < self.k
        } else {
            j + 1 == self.k
        }
    }
}

/// The whole computation.
struct Engine<'a> {
    rule: &'a Rule,
    v: usize,
    values: Vec<u32>,
    /// Prefix nim-sums `P(0..=k)`.
    prefix: Vec<usize>,
    /// The union of the `upto` / `exactly` option sets (monotone in `k`).
    monotone: Bits,
    has_monotone: bool,
    monotone_mex: usize,
    counted: Vec<Counted>,
    /// For `run`: the prefix nim-sums seen.
    prefixes: Option<CountTree>,
    /// `run(K)` bounds and `at` distances.
    windows: Vec<RunWindow>,
    ats: Vec<&'a [usize]>,
    /// The cap on the estimated remaining word operations.
    max_work: u64,
    /// The last coin to compute.
    max: usize,
}

/// The last `K` prefix nim-sums, for a `run(K)` term: a multiset.
struct RunWindow {
    k: usize,
    tree: CountTree,
    /// Multiplicity of each value in the window.
    mult: Vec<u32>,
}

impl RunWindow {
    fn new(k: usize, v: usize) -> RunWindow {
        RunWindow {
            k,
            tree: CountTree::new(v),
            mult: vec![0; v],
        }
    }

    fn insert(&mut self, x: usize) {
        self.mult[x] += 1;
        self.tree.insert(x);
    }

    fn remove(&mut self, x: usize) {
        self.mult[x] -= 1;
        if self.mult[x] == 0 {
            self.tree.remove(x);
        }
    }

    fn grow(&mut self, v: usize) {
        self.mult.resize(v, 0);
        self.tree.grow(v);
    }
}

impl<'a> Engine<'a> {
    fn new(rule: &'a Rule) -> Engine<'a> {
        let v = 64;
        let mut e = Engine {
            rule,
            v,
            values: vec![0],
            prefix: vec![0],
            monotone: Bits::new(v),
            has_monotone: false,
            monotone_mex: 0,
            counted: Vec::new(),
            prefixes: None,
            windows: Vec::new(),
            ats: Vec::new(),
            max_work: u64::MAX,
            max: 0,
        };
        for t in rule.terms() {
            match t {
                Term::UpTo(k) | Term::Exactly(k) => {
                    let mut zero = Bits::new(v);
                    zero.set(0);
                    let c = Counted {
                        upto: matches!(t, Term::UpTo(_)),
                        k: *k,
                        reach: vec![zero],
                    };
                    e.has_monotone = true;
                    if c.contributes(0) {
                        e.monotone.set(0);
                    }
                    e.counted.push(c);
                }
                Term::Run(None) => {
                    let mut tree = CountTree::new(v);
                    tree.insert(0);
                    e.prefixes = Some(tree);
                }
                Term::Run(Some(k)) => {
                    let mut w = RunWindow::new(*k, v);
                    w.insert(0);
                    e.windows.push(w);
                }
                Term::At(ds) => e.ats.push(ds),
            }
        }
        e
    }

    fn bits_in_use(&self, v: usize) -> u64 {
        let sets: usize = 1 + self.counted.iter().map(|c| c.reach.len()).sum::<usize>();
        let tree = if self.prefixes.is_some() { 64 } else { 0 };
        let windows = 96 * self.windows.len() as u64;
        (sets as u64 + tree + windows) * v as u64
    }

    /// The error for coin `k`, whose value `g` (if known) needs more
    /// memory than the budget.
    fn out_of_range(&self, k: usize, g: Option<usize>) -> Error {
        let value = match g {
            Some(g) => format!("g({k}) = {g}"),
            None => format!("the values of coins up to {k}"),
        };
        Error::OutOfRange {
            what: format!("coin {k} under rule {}", self.rule),
            reason: format!(
                "{value} would need more than {} MiB of bitsets; single-head values are \
                 supported within that budget",
                MEMORY_BUDGET_BITS / 8 / (1 << 20),
            ),
        }
    }

    /// The estimated word operations per coin at the present `V`.
    fn work_per_coin(&self) -> u64 {
        let words = (self.v / 64) as u64;
        let counted: u64 = self
            .counted
            .iter()
            .map(|c| (c.reach.len() as u64).saturating_mul(words))
            .fold(0, u64::saturating_add);
        let trees = (self.windows.len() + usize::from(self.prefixes.is_some())) as u64;
        let log_v = u64::from(self.v.trailing_zeros());
        let ats: u64 = self.ats.iter().map(|d| d.len() as u64).sum();
        1 + counted
            .saturating_add(trees.saturating_mul(log_v))
            .saturating_add(ats)
    }

    /// Refuses, before coin `k`, when the remaining coins would take more
    /// than `max_work` word operations at the present cost per coin.
    fn check_work(&self, k: usize) -> Result<(), Error> {
        let left = (self.max - k + 1) as u64;
        let work = self.work_per_coin().saturating_mul(left);
        if work > self.max_work {
            return Err(Error::OutOfRange {
                what: format!("g(1..={}) under rule {}", self.max, self.rule),
                reason: format!(
                    "from coin {k} on (values below {}) it needs about {:.1e} word \
                     operations, more than the limit {:.1e} (pass --force to run it anyway)",
                    self.v, work as f64, self.max_work as f64
                ),
            });
        }
        Ok(())
    }

    /// Computes g(k) for the next coin `k` and updates the state.
    fn step(&mut self) -> Result<(), Error> {
        let k = self.values.len();
        self.check_work(k)?;
        let c = self.prefix[k - 1];
        let explicit = self.explicit_options(k);
        let g = self.least_absent(c, &explicit);
        if g >= self.v {
            self.widen(k, g)?;
        }
        self.push_value(k, c, g);
        self.update_counted(k, g)
    }

    /// The option values of coin `k` given one by one (`at(...)` terms),
    /// sorted without repeats.
    #[inline]
    fn explicit_options(&self, k: usize) -> Vec<usize> {
        let mut explicit: Vec<usize> = Vec::new();
        for ds in &self.ats {
            if ds.iter().all(|&d| d < k) {
                explicit.push(ds.iter().fold(0, |x, &d| x ^ self.values[k - d] as usize));
            }
        }
        explicit.sort_unstable();
        explicit.dedup();
        explicit
    }

    /// The least value absent from every option set of the next coin (`c`
    /// the prefix nim-sum before it, `explicit` its sorted explicit option
    /// values): "next absent value at or after x" of each set in turn until
    /// they agree. Also moves the monotone union's mex forward.
    #[inline]
    fn least_absent(&mut self, c: usize, explicit: &[usize]) -> usize {
        while self.monotone_mex < self.v && self.monotone.get(self.monotone_mex) {
            self.monotone_mex += 1;
        }
        let mut x = if self.has_monotone {
            self.monotone_mex
        } else {
            0
        };
        loop {
            let start = x;
            if self.has_monotone {
                x = self.monotone.next_absent(x);
            }
            if let Some(tree) = &self.prefixes {
                x = tree.next_absent_shifted(c, x);
            }
            for w in &self.windows {
                x = w.tree.next_absent_shifted(c, x);
            }
            let mut i = explicit.partition_point(|&e| e < x);
            while i < explicit.len() && explicit[i] == x {
                x += 1;
                i += 1;
            }
            if x == start {
                return x;
            }
        }
    }

    /// Grows `V` to the power of two above `g`, the value of coin `k`, and
    /// every set with it; refuses when that outgrows the memory budget.
    #[cold]
    fn widen(&mut self, k: usize, g: usize) -> Result<(), Error> {
        let v = (g + 1).next_power_of_two();
        if self.bits_in_use(v) > MEMORY_BUDGET_BITS || v > 1 << 31 {
            return Err(self.out_of_range(k, Some(g)));
        }
        self.v = v;
        self.monotone.grow(v);
        for c in &mut self.counted {
            for r in &mut c.reach {
                r.grow(v);
            }
        }
        if let Some(t) = &mut self.prefixes {
            t.grow(v);
        }
        for w in &mut self.windows {
            w.grow(v);
        }
        Ok(())
    }

    /// Records g(k) = `g` and the prefix nim-sum `c ⊕ g` it makes, in the
    /// `run` tree and the `run(K)` windows (each dropping the prefix that
    /// leaves it).
    #[inline]
    fn push_value(&mut self, k: usize, c: usize, g: usize) {
        self.values.push(g as u32);
        let p = c ^ g;
        self.prefix.push(p);
        if let Some(t) = &mut self.prefixes {
            t.insert(p);
        }
        for w in &mut self.windows {
            w.insert(p);
            if k >= w.k {
                w.remove(self.prefix[k - w.k]);
            }
        }
    }

    /// Adds coin `k` of value `g` to each `upto` / `exactly` term:
    /// `reach[j] |= reach[j−1] ⊕ g`, for `j` from the top down. The top
    /// count `j = K − 1` feeds no higher count: it goes into the monotone
    /// union only and is not stored.
    #[inline]
    fn update_counted(&mut self, k: usize, g: usize) -> Result<(), Error> {
        let v = self.v;
        for ci in 0..self.counted.len() {
            let top = (self.counted[ci].k - 1).min(k);
            let stored = self.counted[ci].k.saturating_sub(2).min(k);
            if self.counted[ci].reach.len() <= stored {
                if self.bits_in_use(v) + v as u64 > MEMORY_BUDGET_BITS {
                    return Err(self.out_of_range(k, None));
                }
                self.counted[ci].reach.push(Bits::new(v));
            }
            let counted = &mut self.counted[ci];
            for j in (1..=top).rev() {
                let into_monotone = counted.contributes(j);
                let (lower, upper) = counted.reach.split_at_mut(j);
                let src = &lower[j - 1];
                match (upper.first_mut(), into_monotone) {
                    (Some(dst), true) if j == 1 => {
                        dst.set(g);
                        self.monotone.set(g);
                    }
                    (Some(dst), false) if j == 1 => dst.set(g),
                    (None, _) if j == 1 => self.monotone.set(g),
                    (Some(dst), true) => or_shifted(dst, Some(&mut self.monotone), src, g),
                    (Some(dst), false) => or_shifted(dst, None, src, g),
                    (None, _) => or_shifted(&mut self.monotone, None, src, g),
                }
            }
        }
        Ok(())
    }
}

impl Rule {
    /// The single-head values: `v[k]` = g(k) for `1 ≤ k ≤ max`, `v[0] = 0`
    /// (length `max + 1`). g(k) is the Grundy value of the row whose only
    /// head is coin `k`; a row's value is the nim-sum of g over its heads
    /// (the coin-turning theorem; Winning Ways ch. 14, Ferguson I.5).
    ///
    /// Time: O(Σ over `upto`/`exactly` terms of K·V/64) word operations per
    /// coin (O(1) for K ≤ 2), plus O(K) per `run(K)`, O(log V) for `run`,
    /// O(|d|) per `at`, where `V` is the power of two above the largest
    /// value. See the [module documentation](self) of `values`.
    ///
    /// # Panics
    /// When [`try_single_values`](Rule::try_single_values) fails (the
    /// values outgrow [`MEMORY_BUDGET_BITS`]); never for the built-in rules
    /// below a few million coins. Use `try_single_values` on user input.
    pub fn single_values(&self, max: usize) -> Vec<u32> {
        self.try_single_values(max)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`single_values`](Rule::single_values), failing instead of
    /// panicking.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] naming the first coin whose value would need
    /// more than [`MEMORY_BUDGET_BITS`] of bitsets.
    pub fn try_single_values(&self, max: usize) -> Result<Vec<u32>, Error> {
        self.try_single_values_within(max, WORK_BUDGET)
    }

    /// [`try_single_values`](Rule::try_single_values) with the cap on the
    /// estimated word operations set to `max_work` (`u64::MAX`: no cap).
    /// The estimate is the present cost per coin times the coins left,
    /// checked before each coin, so a rule whose values (and with them the
    /// bitsets) keep growing is refused as soon as its cost is foreseen.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] as for `try_single_values`, or naming the
    /// estimated work when it exceeds `max_work`.
    pub fn try_single_values_within(&self, max: usize, max_work: u64) -> Result<Vec<u32>, Error> {
        let mut e = Engine::new(self);
        e.max_work = max_work;
        e.max = max;
        e.values.reserve(max.min(1 << 24));
        e.prefix.reserve(max.min(1 << 24));
        for _ in 0..max {
            e.step()?;
        }
        Ok(e.values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// g(k) straight from the definition: every subset of `1..k` with `k`
    /// added, kept if the rule allows it.
    fn by_definition(rule: &Rule, max: usize) -> Vec<u32> {
        let mut g = vec![0u32];
        for k in 1..=max {
            let mut seen = Vec::new();
            for mask in 0u32..1 << (k - 1) {
                let mut turned: Vec<usize> = (1..k).filter(|&c| mask >> (c - 1) & 1 == 1).collect();
                turned.push(k);
                if rule.allows(&turned) {
                    seen.push(turned[..turned.len() - 1].iter().fold(0, |x, &c| x ^ g[c]));
                }
            }
            g.push((0..).find(|v| !seen.contains(v)).unwrap());
        }
        g
    }

    #[test]
    fn shifted_set_and_tree_queries() {
        let mut tree = CountTree::new(64);
        let mut bits = Bits::new(64);
        for x in [0, 1, 2, 5, 9, 17, 33, 40] {
            tree.insert(x);
            bits.set(x);
        }
        for c in 0..64 {
            let mut shifted = Bits::new(64);
            or_shifted(&mut shifted, None, &bits, c);
            for from in 0..=64 {
                let want = (from..64).find(|&x| !bits.get(x ^ c)).unwrap_or(64);
                assert_eq!(tree.next_absent_shifted(c, from), want);
                assert_eq!(shifted.next_absent(from), want);
            }
        }
        tree.grow(128);
        assert_eq!(tree.next_absent_shifted(0, 0), 3);
        assert_eq!(tree.next_absent_shifted(64, 0), 0);
    }

    #[test]
    fn engine_matches_the_definition() {
        for s in [
            "turtles",
            "mock-turtles",
            "ruler",
            "upto(1)",
            "upto(4)",
            "upto(5)",
            "exactly(2)",
            "exactly(3)",
            "exactly(4)",
            "run(2)",
            "run(3)",
            "at(1)",
            "at(2)",
            "at(1,3)",
            "at(2,3,7)",
            "run(3)|upto(2)",
            "ruler|at(3)",
            "ruler|exactly(3)",
            "run(4)|at(2,5)|exactly(3)",
            "upto(1)|at(1,2)",
        ] {
            let r: Rule = s.parse().unwrap();
            assert_eq!(r.single_values(16), by_definition(&r, 16), "{s}");
        }
    }

    #[test]
    fn sliding_run_window_matches_the_direct_runs() {
        // g(k) = mex of P(k−1) ⊕ P(j) over k − K ≤ j < k, straight.
        for k_max in [2usize, 3, 5, 17, 100] {
            let rule: Rule = format!("run({k_max})").parse().unwrap();
            let got = rule.single_values(3000);
            let (mut g, mut p) = (vec![0u32], vec![0u32]);
            for k in 1..=3000usize {
                let opts: Vec<u32> = (k.saturating_sub(k_max)..k)
                    .map(|j| p[k - 1] ^ p[j])
                    .collect();
                let v = (0..).find(|v| !opts.contains(v)).unwrap();
                g.push(v);
                p.push(p[k - 1] ^ v);
            }
            assert_eq!(got, g, "run({k_max})");
        }
    }

    #[test]
    fn work_beyond_the_budget_is_refused() {
        let r: Rule = "run(1000000)".parse().unwrap();
        assert_eq!(
            r.try_single_values_within(1000, 1_000_000).unwrap().len(),
            1001
        );
        match r.try_single_values_within(1_000_000, 1_000_000) {
            Err(Error::OutOfRange { reason, .. }) => {
                assert!(reason.contains("--force"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn values_growing_past_64_bits_of_set() {
        // upto(8) has g(k) = 2^(k−1) for k ≤ 8: the bitsets grow twice.
        let r: Rule = "upto(8)".parse().unwrap();
        let v = r.single_values(8);
        assert_eq!(v, [0, 1, 2, 4, 8, 16, 32, 64, 128]);
        let mock = Rule::mock_turtles().single_values(300);
        for (k, &g) in mock.iter().enumerate() {
            assert_eq!(u64::from(g), mock_turtles_value(k));
        }
    }

    #[test]
    fn exploding_values_are_out_of_range() {
        let r: Rule = "upto(64)".parse().unwrap();
        match r.try_single_values(64) {
            Err(Error::OutOfRange { what, .. }) => assert!(what.contains("upto(64)"), "{what}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn closed_forms() {
        assert_eq!(
            (1..=8).map(mock_turtles_value).collect::<Vec<_>>(),
            [1, 2, 4, 7, 8, 11, 13, 14]
        );
        assert_eq!(
            (1..=8).map(ruler_value).collect::<Vec<_>>(),
            [1, 2, 1, 4, 1, 2, 1, 8]
        );
        assert_eq!(turtles_value(9), 9);
    }
}
