//! The octal census: every code `0.d1d2d3` and `4.d1d2d3` (digits 0–7)
//! settled as far as a computation to `n = N` allows, in the manner of
//! Flammenkamp's tables of octal games and T. Czajka's extensions.
//!
//! **The codes** ([`codes`]): for `D` digits, every code whose last
//! non-zero digit after the point is at place at most `D` (trailing zeros
//! dropped, so each game appears once), ordered by the number of digits
//! after the point (1, then 2, …), then the digit before the point (`0`
//! before `4`), then the digits in lexicographic order. One digit gives
//! the 16 codes `0.0, 0.1, …, 0.7, 4.0, …, 4.7`; each further digit adds
//! `2 · 8^(d−1) · 7` codes: 128 codes for `D = 2`, 1024 for `D = 3`
//! and 8,192 for `D = 4` (`2 · 8^D` in general). `0.0` has no move at
//! all (every value is 0, period 1 from `n = 0`, proved like any other
//! code); `4.0` only splits heaps. A code of `D` digits is its own row even when it is the same
//! game as another up to a relabelling (a shift of values, as 0.07 and
//! 0.137): every code gets a row.
//!
//! **The status** of a code ([`settle_code`]): its values are computed with
//! the fast engine for `n < 256`, then up to twice as far at a time (to `N`,
//! then past it while the code's budget lasts: [`Reach`]), until
//! the Octal Periodicity Theorem (Guy and Smith 1956; Winning Ways ch. 4;
//! see [`crate::octal::theory::period`]) proves a period (*periodic*, with pre-period,
//! period, the proof range and the largest value), or arithmetic
//! periodicity `G(n + p) = G(n) + s` is seen over the last half of the
//! values and at least eight periods (*arithmetic*, seen, not proved), or
//! the reach is exhausted (*unsettled*, with how far it got in
//! `computed_to`). When the values show a candidate period, the
//! computation goes to exactly the length its proof needs (as `octal
//! period` does), so a periodic game costs little. The schedule depends
//! only on the code, `N` and the budget (counted in work units that depend
//! only on the values), so a row is the same on every machine and for
//! every thread count.
//!
//! **Families.** A code with a redundant move (one that never changes a
//! value, proved by [`crate::octal::theory::equivalent`]: 0.605, 0.614, …, 0.635 are
//! 0.604 with such moves) has the nim-sequence of the code without it; its
//! row names that code in `same_as`, and a census computes each family's
//! sequence once ([`settle_code_from`]). The row itself is still computed
//! for the code: its period is proved with its own moves (the proof range
//! depends on the largest removal), and every field is what computing the
//! code alone gives.
//!
//! **Replaying** ([`replay`]): the schedule run again with a cap on the
//! values computed. A stored row replayed with the cap at its
//! `computed_to` is reproduced exactly, at the cost of computing it, or is
//! shown wrong without computing further; this is how a census row is
//! re-derived (re-proved, for a periodic one).
//!
//! **Sparse space** of an unsettled code ([`sparse_summary`]): as in the
//! fast engine ([`crate::octal::engine::sparse`]), under a mask `M` a value `v` is *rare*
//! when `v & M` has an even number of bits and *common* when odd (so 0 is
//! always rare); the best mask is the non-zero `M` that makes the fewest of
//! `G(1), …, G(N)` rare (the least such `M` on a tie), found with a
//! Walsh–Hadamard transform of the histogram of values. Its rare count and
//! the last heap size with a rare value are reported, as Flammenkamp's
//! tables report the sparse space of the unsolved games. `G(0) = 0` is
//! left out: it is rare under every mask.

use crate::octal::engine::values::Values;
use crate::octal::theory::code::OctalCode;
use crate::octal::theory::equivalent;
use crate::octal::theory::period::{arithmetic_period, candidate, proved_period, values_needed};
use crate::octal::theory::period::{Arithmetic, Periodicity};
use crate::octal::{Computation, Engine};
use grundy_core::progress::Progress;

/// The most digits after the point a census goes to.
pub const MAX_DIGITS: usize = 4;

/// Values computed first; then the length at most doubles per step.
const START: usize = 256;

/// Arithmetic periodicity must hold over at least this many periods (and
/// the last half of the values) to end a code's computation early.
const ARITHMETIC_PERIODS: usize = 8;

/// Arithmetic periodicity is not taken as settled below this many values.
const ARITHMETIC_MIN_LEN: usize = 4096;

/// Every octal code with at most `digits` digits after the point, in census
/// order (see the module documentation): `2 · 8^digits` codes.
///
/// # Panics
/// If `digits` is 0 or more than [`MAX_DIGITS`].
pub fn codes(digits: usize) -> Vec<OctalCode> {
    assert!(
        (1..=MAX_DIGITS).contains(&digits),
        "a census has 1 to {MAX_DIGITS} digits"
    );
    let mut out = Vec::with_capacity(2 << (3 * digits));
    for d in 1..=digits {
        for before in ["0", "4"] {
            let count = 8usize.pow(d as u32);
            for i in 0..count {
                // The d digits of i in base 8, most significant first.
                let text: String = (0..d)
                    .rev()
                    .map(|j| char::from(b'0' + ((i >> (3 * j)) & 7) as u8))
                    .collect();
                // A code of d digits ends in a non-zero digit (except the
                // one-digit 0.0 and 4.0).
                if d > 1 && text.ends_with('0') {
                    continue;
                }
                let code = format!("{before}.{text}")
                    .parse()
                    .expect("census codes are valid");
                out.push(code);
            }
        }
    }
    out
}

/// The number of digits after the point of `code` (at least 1).
pub fn digits_of(code: &OctalCode) -> usize {
    code.max_removal().max(1)
}

/// The best rare/common split of a sequence (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SparseSpace {
    /// The mask `M`: `v` is rare when `v & M` has an even number of bits.
    pub mask: u32,
    /// Heap sizes `1 <= n <= N` with a rare value.
    pub rare_count: usize,
    /// The largest such heap size, if any.
    pub last_rare: Option<usize>,
}

/// Largest value for which a sparse space is looked for: the histogram and
/// its transform have one entry per value up to the next power of two.
const SPARSE_MAX_VALUE: u32 = 1 << 22;

/// The mask making the fewest of `G(1..len)` rare, with its rare count and
/// last rare heap size; None for fewer than two values or values too large
/// for a histogram (above 2^22).
pub fn sparse_summary(g: &Values) -> Option<SparseSpace> {
    sparse_summary_to(g, g.len())
}

/// [`sparse_summary`] of the first `len` values of `g`, `G(0..len)`.
pub fn sparse_summary_to(g: &Values, len: usize) -> Option<SparseSpace> {
    let len = len.min(g.len());
    let max = g.iter().take(len).max().unwrap_or(0);
    if len < 2 || max > SPARSE_MAX_VALUE {
        return None;
    }
    let size = (max as usize + 1).next_power_of_two().max(2);
    let mut f = vec![0i64; size];
    for v in g.iter().take(len).skip(1) {
        f[v as usize] += 1;
    }
    // Walsh–Hadamard: f[m] = (values of even parity under m) − (odd).
    let mut h = 1;
    while h < size {
        for i in (0..size).step_by(2 * h) {
            for j in i..i + h {
                let (x, y) = (f[j], f[j + h]);
                f[j] = x + y;
                f[j + h] = x - y;
            }
        }
        h *= 2;
    }
    let mask = (1..size).min_by_key(|&m| (f[m], m))? as u32;
    let rare = |v: u32| (v & mask).count_ones() % 2 == 0;
    let mut rare_count = 0;
    let mut last_rare = None;
    for (n, v) in g.iter().take(len).enumerate().skip(1) {
        if rare(v) {
            rare_count += 1;
            last_rare = Some(n);
        }
    }
    Some(SparseSpace {
        mask,
        rare_count,
        last_rare,
    })
}

/// What the census found for one code.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    /// A period proved by the Octal Periodicity Theorem.
    Periodic(Periodicity),
    /// Arithmetic periodicity seen (not proved).
    Arithmetic(Arithmetic),
    /// Neither, up to the largest heap size computed; the best sparse
    /// space, when one could be looked for.
    Unsettled(Option<SparseSpace>),
}

impl Status {
    /// `periodic`, `arithmetic` or `unsettled`, as in `census.csv`.
    pub fn name(&self) -> &'static str {
        match self {
            Status::Periodic(_) => "periodic",
            Status::Arithmetic(_) => "arithmetic",
            Status::Unsettled(_) => "unsettled",
        }
    }
}

/// One row of the census: a code, its status and what was computed.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The code.
    pub code: OctalCode,
    /// Its status.
    pub status: Status,
    /// The largest heap size computed: values `G(0..=computed_to)`.
    pub computed_to: usize,
    /// The largest value among them.
    pub max_value: u32,
    /// The least heap size with that value.
    pub max_value_at: usize,
    /// The code this one reduces to ([`equivalent::representative`]), when
    /// another: a code with fewer moves proved to have the same
    /// nim-sequence.
    pub same_as: Option<OctalCode>,
    /// Seconds this code took (the only field that varies between runs):
    /// set by the caller that timed it, 0 from the engine (which reads no
    /// clock).
    pub seconds: f64,
}

/// How deep the census computes a code: every code to `n = base` unless
/// it settles sooner (the fixed depth of earlier censuses), then further
/// along the same schedule while its work budget lasts, never past
/// `max_len` values.
///
/// **The schedule beyond `base`**: the length doubles (`G(0..=2N)`,
/// `G(0..=4N)`, …), or, when the values show a candidate period whose
/// proof needs fewer values than the next doubling, goes to exactly that
/// many. The lengths depend only on the code; the budget decides only where
/// along them a code stops. So a row stopped at `computed_to` is replayed
/// exactly with `max_len = computed_to + 1` and no budget.
///
/// **The budget** is counted in the fast engine's work units
/// ([`crate::octal::engine::sparse::Stats::work`]), which depend only on the code and
/// its values, so a census is the same for every thread count and
/// machine. Before each step beyond `base` the cost of the step is
/// predicted from the last step's cost per value, times the growth of that
/// cost from the step before (at least 1, at most 4); the step is taken
/// only if the work done plus that prediction fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// `N`: every code is computed to `n = N` unless it settles sooner.
    pub base: usize,
    /// Work units a code may use in all (None: no limit).
    pub work: Option<u64>,
    /// At most this many values, `G(0..max_len)` (at least `base + 1`).
    pub max_len: usize,
}

impl Reach {
    /// To `n = max_n` exactly, as censuses before budgets did.
    pub fn fixed(max_n: usize) -> Reach {
        Reach {
            base: max_n,
            work: None,
            max_len: max_n.saturating_add(1),
        }
    }

    /// The reach of a stored row: replays the schedule to `computed_to`
    /// and no further, whatever budget stopped it there.
    pub fn replaying(self, computed_to: usize) -> Reach {
        Reach {
            work: None,
            max_len: computed_to
                .saturating_add(1)
                .max(self.base.saturating_add(1)),
            ..self
        }
    }

    /// Whether this reach goes at least as far as `other` everywhere: the
    /// same `N`, at least as many values, and at least as much work (no
    /// limit covers every limit; a limit covers none only where `other`
    /// never goes past `N`).
    ///
    /// **What a deeper reach keeps.** If `self` covers `other`, a code
    /// settled *periodic* within `other` with `computed_to + 1 <
    /// other.max_len` (short of its cap of values) has the same row within
    /// `self`, but for its `seconds`. The schedule's lengths depend only on
    /// the code; a reach decides only (a) whether to go to a candidate's
    /// proof past `N` (it fits the work budget, and is within the next
    /// doubling capped at `max_len`), and (b) whether to stop. At every
    /// step `other` took, `self` takes the same: where `other` went to a
    /// proof, so does `self` (more work, a higher cap); where `other` did
    /// not for want of work, the next doubling, whose predicted work is at
    /// least the proof's, did not fit either, so `other` stopped there
    /// unsettled; where it did not because the proof lay past its cap,
    /// `other` went to its cap and was either proved there (`computed_to +
    /// 1 = other.max_len`, excluded) or stopped. Where `other` did not stop,
    /// `self` does not. A family's other codes go as far as the
    /// representative did, or as their own proof of its period needs
    /// within the cap ([`Reach::for_member`]): the same argument with no
    /// work limit. So a family whose rows are all periodic short of the cap
    /// is computed alike by both reaches (`octal census --deepen`).
    pub fn covers(&self, other: &Reach) -> bool {
        let work = match (self.work, other.work) {
            (None, _) => true,
            (Some(a), Some(b)) => a >= b,
            (Some(_), None) => other.max_len <= other.base.saturating_add(1),
        };
        self.base == other.base && self.max_len >= other.max_len && work
    }

    /// The reach of `member`, a code of the family whose representative's
    /// row is `rep`: as far as the representative went (a family's depth
    /// is its representative's budget), or, when the representative's
    /// period is proved, as far as `member`'s own proof of that period
    /// needs (its largest removal may be larger).
    pub fn for_member(self, member: &OctalCode, rep: &Row) -> Reach {
        let mut r = self.replaying(rep.computed_to);
        if let Status::Periodic(p) = &rep.status {
            if let Some(need) = values_needed(member, p.theorem_pre_period, p.theorem_period) {
                r.max_len = r.max_len.max(need.min(self.max_len));
            }
        }
        r
    }
}

/// Work units per second of a budget given in seconds: about what one core
/// of this project's reference machine does on the codes of the
/// three-digit census (measured at n = 2^20: 0.354 3.0, 0.376 3.9, 0.6 3.8,
/// 0.604 4.1, Grundy's game 4.9 units a nanosecond). Real seconds per
/// budgeted second run from about 0.8 to 1.3 on those, more where long
/// vectorised scans dominate.
pub const WORK_PER_SECOND: u64 = 4_000_000_000;

/// Bytes of memory per value a computation needs at most (the values, up
/// to 2 bytes each, the engine's mirror of 4, and the copy made when the
/// store widens), for a memory budget.
pub const BYTES_PER_VALUE: u64 = 8;

/// Settles `code` as the census does (module documentation) to `reach`.
/// Returns None when `progress` asked to stop first.
pub fn settle_code(code: &OctalCode, reach: &Reach, progress: &dyn Progress) -> Option<Row> {
    settle_code_from(code, reach, None, progress).map(|(row, _)| row)
}

/// Like [`settle_code`], and returns the values computed too. With
/// `known`, the nim-sequence of a code proved to have the same one
/// ([`equivalent`]; as many values as were computed of it), values are
/// copied from it instead of computed as far as it goes. The row is the
/// same either way, but for its `seconds`: every step of the schedule sees
/// exactly the values it would have computed. (A budget counts the work
/// of values computed, not of values copied: give a family's other codes
/// the reach of its representative, [`Reach::for_member`].)
pub fn settle_code_from(
    code: &OctalCode,
    reach: &Reach,
    known: Option<&Values>,
    progress: &dyn Progress,
) -> Option<(Row, Values)> {
    match replay(code, reach, usize::MAX, known, progress) {
        Replay::Settled(row, values) => Some((row, values)),
        Replay::Beyond { .. } | Replay::Stopped => None,
    }
}

/// How [`replay`] ended.
// Returned once per code: the size of the row does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Replay {
    /// The schedule settled the code within the cap: its row and values.
    Settled(Row, Values),
    /// The schedule wanted `G(0..wanted)`, more values than the cap.
    Beyond {
        /// The number of values the next step of the schedule computes.
        wanted: usize,
    },
    /// A stop was requested first.
    Stopped,
}

/// The work a computation has done after each step of its schedule, to
/// predict the next step's cost.
struct Spent {
    /// `(values, work units)` after each step.
    marks: Vec<(usize, u64)>,
}

impl Spent {
    /// The predicted work to go from the last step's length to `target`.
    fn predict(&self, target: usize) -> f64 {
        let rate = |i: usize| -> Option<f64> {
            let (l1, w1) = *self.marks.get(i)?;
            let (l0, w0) = if i == 0 { (0, 0) } else { self.marks[i - 1] };
            let dl = l1.checked_sub(l0).filter(|&d| d > 0)?;
            Some(w1.saturating_sub(w0) as f64 / dl as f64)
        };
        let Some(last) = self.marks.len().checked_sub(1) else {
            return 0.0;
        };
        let r = rate(last).unwrap_or(0.0);
        let growth = match last.checked_sub(1).and_then(rate) {
            Some(before) if before > 0.0 => (r / before).clamp(1.0, 4.0),
            _ => 1.0,
        };
        let len = self.marks[last].0;
        r * growth * target.saturating_sub(len) as f64
    }

    /// Whether going to `target` values fits `budget` (always, for None).
    fn fits(&self, target: usize, budget: Option<u64>) -> bool {
        let Some(b) = budget else { return true };
        let done = self.marks.last().map_or(0, |m| m.1);
        done as f64 + self.predict(target) <= b as f64
    }
}

/// Settles `code` as [`settle_code_from`] does, but computes at most
/// `cap` values: the schedule is replayed step by step, and a step that
/// needs more than `cap` values ends it with [`Replay::Beyond`]. Replaying
/// a stored row with `cap = computed_to + 1` (and the reach
/// [`Reach::replaying`] it) costs what computing it cost and reproduces it
/// exactly, or shows it wrong without computing further.
pub fn replay(
    code: &OctalCode,
    reach: &Reach,
    cap: usize,
    known: Option<&Values>,
    progress: &dyn Progress,
) -> Replay {
    let base_len = reach.base.saturating_add(1);
    let hard = reach.max_len.max(base_len);
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    let mut spent = Spent { marks: Vec::new() };
    let mut len = START.min(base_len);
    let status = loop {
        if len > cap {
            return Replay::Beyond { wanted: len };
        }
        if !extend(&mut c, len, known, progress) {
            return Replay::Stopped;
        }
        spent.marks.push((len, c.stats().work));
        let g = c.values();
        if let Some(p) = proved_period(code, g) {
            break Status::Periodic(p);
        }
        // Beyond N, the next doubling.
        let doubled = len
            .saturating_sub(1)
            .saturating_mul(2)
            .saturating_add(1)
            .min(hard);
        if let Some((n0, p)) = candidate(g) {
            let need = values_needed(code, n0, p).unwrap_or(usize::MAX);
            let within_base = need <= base_len;
            let beyond = len >= base_len && need <= doubled && need <= cap;
            if need > len && (within_base || (beyond && spent.fits(need, reach.work))) {
                len = need;
                continue;
            }
        }
        let arithmetic = arithmetic_period(g);
        if let Some(a) = arithmetic.filter(|a| settled_arithmetic(a, len)) {
            break Status::Arithmetic(a);
        }
        let next = if len < base_len {
            len.saturating_mul(2).min(base_len)
        } else {
            doubled
        };
        let stop = len >= hard
            || (len >= base_len && next > cap && len == cap)
            || (len >= base_len && !spent.fits(next, reach.work));
        if stop {
            break match arithmetic {
                Some(a) => Status::Arithmetic(a),
                None => Status::Unsettled(sparse_summary(g)),
            };
        }
        len = next;
    };
    let g = c.into_values();
    let max_value = g.max();
    let max_value_at = g.iter().position(|v| v == max_value).unwrap_or(0);
    let same_as = Some(equivalent::representative(code)).filter(|r| r != code);
    let row = Row {
        code: code.clone(),
        status,
        computed_to: g.len().saturating_sub(1),
        max_value,
        max_value_at,
        same_as,
        seconds: 0.0,
    };
    Replay::Settled(row, g)
}

/// Extends `c` to `len` values: first from `known` (taking exactly its
/// first `len` values when it has them), then with the engine.
fn extend(
    c: &mut Computation,
    len: usize,
    known: Option<&Values>,
    progress: &dyn Progress,
) -> bool {
    if let Some(k) = known.filter(|k| k.len() > c.values().len() && c.values().len() < len) {
        // The computation so far is dropped before the copy is made: the
        // copy holds its values and more. Resumed, the engine reads the
        // values only if it must compute past them.
        let (code, engine) = (c.code().clone(), c.engine());
        drop(std::mem::replace(c, Computation::new(code.clone(), engine)));
        *c = Computation::resume(code, engine, k.prefix(len));
    }
    c.extend_to(len, progress)
}

/// Whether arithmetic periodicity seen in `len` values is evidence enough
/// to stop: at least [`ARITHMETIC_MIN_LEN`] values, holding over the last
/// half of them and over [`ARITHMETIC_PERIODS`] periods.
fn settled_arithmetic(a: &Arithmetic, len: usize) -> bool {
    let span = len.saturating_sub(a.pre_period);
    len >= ARITHMETIC_MIN_LEN
        && span >= len / 2
        && span >= a.period.saturating_mul(ARITHMETIC_PERIODS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codes() {
        let one: Vec<String> = codes(1).iter().map(|c| c.to_string()).collect();
        assert_eq!(one.len(), 16);
        assert_eq!(one[0], "0.0");
        assert_eq!(one[8], "4.0");
        assert_eq!(codes(2).len(), 128);
        let three = codes(3);
        assert_eq!(three.len(), 1024);
        assert_eq!(three[16].to_string(), "0.01");
        assert_eq!(three[127].to_string(), "4.77");
        assert_eq!(three[128].to_string(), "0.001");
        assert_eq!(three[1023].to_string(), "4.777");
        let mut seen = std::collections::HashSet::new();
        assert!(three.iter().all(|c| seen.insert(c.to_string())));
        assert!(three.iter().all(|c| digits_of(c) <= 3));
        let four = codes(4);
        assert_eq!(four.len(), 8192);
        assert_eq!(four[..1024], three[..]);
        assert_eq!(four[1024].to_string(), "0.0001");
        assert_eq!(four[8191].to_string(), "4.7777");
        assert!(four[1024..].iter().all(|c| digits_of(c) == 4));
    }

    #[test]
    fn which_reach_covers_which() {
        let fixed = Reach::fixed(1000);
        let small = Reach {
            base: 1000,
            work: Some(10),
            max_len: 5001,
        };
        let more_work = Reach {
            work: Some(20),
            ..small
        };
        let more_values = Reach {
            max_len: 9001,
            ..small
        };
        assert!(small.covers(&small) && small.covers(&fixed));
        assert!(more_work.covers(&small) && more_values.covers(&small));
        assert!(!small.covers(&more_work) && !small.covers(&more_values));
        assert!(!more_work.covers(&more_values) && !fixed.covers(&small));
        // A limit covers no unlimited reach that goes past N.
        let unlimited = Reach {
            work: None,
            ..small
        };
        assert!(unlimited.covers(&more_work) && !more_work.covers(&unlimited));
        assert!(!Reach::fixed(999).covers(&fixed));
    }

    #[test]
    fn sparse_space_of_a_toy_sequence() {
        // Values 1, 2, 4, 7 are odd under mask 7; 0, 3 are even (rare).
        let g = Values::from_u32s(&[0, 1, 2, 4, 7, 3, 1, 2, 4, 1]);
        let s = sparse_summary(&g).unwrap();
        assert_eq!(s.mask, 7);
        assert_eq!((s.rare_count, s.last_rare), (1, Some(5)));
    }
}
