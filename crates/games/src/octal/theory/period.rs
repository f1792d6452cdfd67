//! Periodicity of nim-sequences, proved by the Octal Periodicity Theorem.
//!
//! **Theorem** (Guy and Smith 1956; Winning Ways ch. 4, "the periodicity
//! theorem"): for an octal game whose moves remove at most `t` tokens and
//! leave at most two heaps, if `G(n + p) = G(n)` for all `n` with
//! `n0 <= n < 2·m0 + p + t`, where `m0 = max(n0, 1)`, then
//! `G(n + p) = G(n)` for all `n >= n0`.
//!
//! The proof splits an option of `n + p` tokens as `a + b` with
//! `a >= (n + p − t) / 2` and uses periodicity below `n` for the larger
//! part: `a − p` must be at least `n0` (so that `G(a − p) = G(a)`) and at
//! least 1 (so that `(a − p) + b` is still a split into two non-empty
//! heaps). The bound is often quoted as `2·n0 + p + t`, which is false for
//! `n0 = 0`: 0.4 has `G(0) = G(1) = G(2) = 0` but `G(3) = 1`. The same
//! argument gives the bound for the other kinds of code ([`proof_end`]):
//! with splits into three heaps the larger part is only a third, so the
//! range runs to `3·m0 + 2p + t`; without splits (subtraction games) to
//! `max(n0 + t, t + 1)`.
//!
//! Arithmetic periodicity, `G(n + p) = G(n) + s` for `n >= n0` with a
//! *saltus* `s > 0`, is detected but never claimed proved: no theorem of
//! this kind covers octal games in general.
//!
//! The theorem needs `t`, the most tokens a move removes: codes with a
//! repeating part (CGSuite's `4.[3]`, Lasker's Nim) have none, so
//! [`theorem_applies`] is false for them and nothing here proves a period
//! of theirs; only arithmetic periodicity is reported, as observed.

use crate::octal::engine::sequence::Computation;
use crate::octal::engine::values::{Value, Values};
use crate::octal::theory::code::OctalCode;
use grundy_core::progress::Progress;
use serde::Serialize;

/// A proved period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// `n0`: the least `n` from which `G(n + p) = G(n)`; `G(n0 − 1)` is the
    /// last exceptional value. Zero for a purely periodic sequence.
    pub pre_period: usize,
    /// `p`, the least period.
    pub period: usize,
    /// The period the theorem was applied to (a multiple of `period`,
    /// usually equal to it).
    pub theorem_period: usize,
    /// The theorem's bound: `G(n + p') = G(n)` was checked for
    /// `theorem_pre_period <= n < proof_end`, `p'` = `theorem_period`.
    pub proof_end: usize,
    /// The pre-period the theorem was applied with.
    pub theorem_pre_period: usize,
    /// The largest heap size whose value the proof uses:
    /// `proof_end + theorem_period − 1`.
    pub checked_to: usize,
}

/// Detected arithmetic periodicity (not proved).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Arithmetic {
    /// `n0`: `G(n + p) = G(n) + s` holds for `n0 <= n` up to the data.
    pub pre_period: usize,
    /// `p`.
    pub period: usize,
    /// The saltus `s`: above 0, except from [`search`] on a code with a
    /// repeating part, where 0 is an ordinary period seen (such a code's
    /// periods are never proved, so they are reported as seen).
    pub saltus: u32,
    /// The largest heap size examined.
    pub observed_to: usize,
}

/// The exclusive end `N` of the range `n0 <= n < N` on which the theorem
/// needs `G(n + p) = G(n)` checked, for `code`'s kind of move (see the
/// module documentation: `2·max(n0, 1) + p + t` for two-way splits,
/// `3·max(n0, 1) + 2p + t` for three-way ones, `max(n0 + t, t + 1)`
/// without splits); None when it
/// does not fit a `usize` (a claim with an absurd pre-period or period).
pub fn proof_end(code: &OctalCode, n0: usize, p: usize) -> Option<usize> {
    let t = code.max_removal();
    if !theorem_applies(code) {
        return None;
    }
    match code.max_parts() {
        2 if code.has_distinct() => n0
            .max(1)
            .checked_mul(2)?
            .checked_add(p.checked_mul(2)?)?
            .checked_add(t),
        3 => n0
            .max(1)
            .checked_mul(3)?
            .checked_add(p.checked_mul(2)?)?
            .checked_add(t),
        2 => n0.max(1).checked_mul(2)?.checked_add(p)?.checked_add(t),
        _ => Some(n0.checked_add(t)?.max(t.checked_add(1)?)),
    }
}

/// Whether this module's theorem covers `code`: every finite code but
/// those whose three-way splits carry `!` (module documentation). A code
/// with a repeating part (`4.[3]`) removes any number of tokens, so no
/// bound `t` exists and the theorem says nothing: its periods are only
/// ever observed ([`arithmetic_period`]), never proved.
pub fn theorem_applies(code: &OctalCode) -> bool {
    code.is_finite() && !(code.max_parts() == 3 && code.has_distinct())
}

/// Heap sizes needed to prove period `p` from `n0`: `G(0..needed)`; None
/// when the count does not fit a `usize`.
pub fn values_needed(code: &OctalCode, n0: usize, p: usize) -> Option<usize> {
    proof_end(code, n0, p)?.checked_add(p)
}

/// The largest pre-period `n0` for which `len` values suffice to prove
/// period `p` (None if none does).
fn max_pre_period(code: &OctalCode, p: usize, len: usize) -> Option<usize> {
    let t = code.max_removal();
    if !theorem_applies(code) {
        return None;
    }
    match code.max_parts() {
        // values_needed is 3·max(n0, 1) + 3p + t (two-way: 2·max(n0, 1) +
        // 2p + t, or + 3p with `!`), so no n0 works below three (two)
        // spare values.
        2 if code.has_distinct() => len
            .checked_sub(3 * p + t)
            .filter(|&r| r >= 2)
            .map(|r| r / 2),
        3 => len
            .checked_sub(3 * p + t)
            .filter(|&r| r >= 3)
            .map(|r| r / 3),
        2 => len
            .checked_sub(2 * p + t)
            .filter(|&r| r >= 2)
            .map(|r| r / 2),
        _ => len.checked_sub(p + t + 1).map(|r| r + 1),
    }
}

fn proved_in<T: Value>(code: &OctalCode, g: &[T]) -> Option<Periodicity> {
    let len = g.len();
    let mut p = 1;
    while let Some(hi) = max_pre_period(code, p, len) {
        let n0 = least_start(g, p, hi);
        if let Some(n0) = n0 {
            let mut best = Periodicity {
                pre_period: n0,
                period: p,
                theorem_period: p,
                // n0 <= max_pre_period(p, len), so both fit below len.
                proof_end: proof_end(code, n0, p).unwrap_or(len),
                theorem_pre_period: n0,
                checked_to: values_needed(code, n0, p).map_or(len, |x| x.saturating_sub(1)),
            };
            // A divisor d of p is a period too when the data shows it over a
            // window of p + d values inside the proved range.
            for d in (1..p).filter(|d| p % d == 0) {
                if let Some(m0) = least_start(g, d, len) {
                    if m0.max(n0) + p + d <= len {
                        best.pre_period = m0;
                        best.period = d;
                        break;
                    }
                }
            }
            return Some(best);
        }
        p += 1;
    }
    None
}

/// The least `n0 <= max_n0` from which `g` is `p`-periodic to its end, or
/// None if the tail breaks above `max_n0`.
fn least_start<T: Value>(g: &[T], p: usize, max_n0: usize) -> Option<usize> {
    if p >= g.len() {
        return None;
    }
    // Slices are compared a block at a time (slice comparison is
    // vectorised). First the window that must be periodic, `max_n0..`, is
    // checked from both of its ends in turn: a mismatch anywhere in it
    // refuses `p`, and one near `max_n0` (the irregular part of a sequence
    // with a long pre-period) is found without reading the whole tail.
    const B: usize = 256;
    let end = g.len() - p;
    let (mut lo, mut hi) = (max_n0.min(end), end);
    let top = lo;
    while lo < hi {
        let w = B.min(hi - lo);
        if g[hi - w..hi] != g[hi - w + p..hi + p] {
            return None;
        }
        hi -= w;
        let w = B.min(hi - lo);
        if g[lo..lo + w] != g[lo + p..lo + w + p] {
            return None;
        }
        lo += w;
    }
    // Then down from `max_n0`: the first mismatch at n means n0 = n + 1.
    let mut n = top;
    while n >= B && g[n - B..n] == g[n - B + p..n + p] {
        n -= B;
    }
    while n > 0 && g[n - 1] == g[n - 1 + p] {
        n -= 1;
    }
    Some(n)
}

/// The least period the Octal Periodicity Theorem proves from the values
/// `g` (`g.get(n)` = G(n)), if any. The period returned is the least one
/// the data proves; its pre-period is the least for that period.
pub fn proved_period(code: &OctalCode, g: &Values) -> Option<Periodicity> {
    match g {
        Values::U8(v) => proved_in(code, v),
        Values::U16(v) => proved_in(code, v),
        Values::U32(v) => proved_in(code, v),
    }
}

fn arithmetic_in<T: Value>(g: &[T]) -> Option<Arithmetic> {
    let len = g.len();
    for p in 1..=len / 4 {
        let last = g[len - 1].get() as i64;
        let s = last - g[len - 1 - p].get() as i64;
        if s <= 0 {
            continue;
        }
        let mut n = len - p;
        while n > 0 && g[n - 1 + p].get() as i64 - g[n - 1].get() as i64 == s {
            n -= 1;
        }
        if len - n >= 4 * p + 16 {
            return Some(Arithmetic {
                pre_period: n,
                period: p,
                saltus: s as u32,
                observed_to: len - 1,
            });
        }
    }
    None
}

/// Arithmetic periodicity `G(n + p) = G(n) + s`, `s > 0`, holding over at
/// least four periods (and 16 values) at the end of `g`: the least such
/// `p`. Detection only: this is not a proof.
pub fn arithmetic_period(g: &Values) -> Option<Arithmetic> {
    match g {
        Values::U8(v) => arithmetic_in(v),
        Values::U16(v) => arithmetic_in(v),
        Values::U32(v) => arithmetic_in(v),
    }
}

/// An ordinary period `G(n + p) = G(n)` holding over at least four
/// periods (and 16 values) at the end of `g`, the least such `p`, as an
/// [`Arithmetic`] of saltus 0. Detection only: this is not a proof (for a
/// finite code, [`proved_period`] decides).
pub fn observed_period(g: &Values) -> Option<Arithmetic> {
    fn inner<T: Value>(g: &[T]) -> Option<Arithmetic> {
        let len = g.len();
        (1..=len / 4).find_map(|p| {
            let n0 = least_start(g, p, len)?;
            (len - n0 >= 4 * p + 16).then(|| Arithmetic {
                pre_period: n0,
                period: p,
                saltus: 0,
                observed_to: len - 1,
            })
        })
    }
    match g {
        Values::U8(v) => inner(v),
        Values::U16(v) => inner(v),
        Values::U32(v) => inner(v),
    }
}

/// What a sequence shows about its periodicity: the period the theorem
/// proves, else (and only then) arithmetic periodicity seen at its end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// The least proved period ([`proved_period`]).
    pub period: Option<Periodicity>,
    /// Arithmetic periodicity seen, when no period is proved
    /// ([`arithmetic_period`]); never a proof.
    pub arithmetic: Option<Arithmetic>,
}

/// Proves a period from `g` (`g.get(n)` = G(n) of `code`), or else looks
/// for arithmetic periodicity: the one "prove, else observe" step every
/// command and dataset uses.
pub fn analyse(code: &OctalCode, g: &Values) -> Analysis {
    let period = proved_period(code, g);
    let arithmetic = if period.is_none() {
        arithmetic_period(g)
    } else {
        None
    };
    Analysis { period, arithmetic }
}

/// The outcome of a period search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodSearch {
    /// A period proved by the theorem.
    Proved(Periodicity),
    /// No ordinary period proved; arithmetic periodicity seen (unproved).
    Arithmetic(Arithmetic),
    /// Nothing found with the values computed.
    NotFound,
    /// Stopped by the stop flag before an answer.
    Interrupted,
}

/// Computes the sequence until a period is proved or `limit` values are
/// known. The computation grows by half its length at a time; when the
/// values at hand show a candidate period, it is extended to exactly the
/// length the theorem needs for it (no further), so a proved answer uses
/// `values_needed` values, or at most the last growth step more.
pub fn search(c: &mut Computation, limit: usize, progress: &dyn Progress) -> PeriodSearch {
    let code = c.code().clone();
    let mut len = c.values().len().max(64).min(limit);
    loop {
        if !c.extend_to(len, progress) {
            return PeriodSearch::Interrupted;
        }
        if let Some(p) = proved_period(&code, c.values()) {
            return PeriodSearch::Proved(p);
        }
        // A candidate: the least p whose tail covers three periods.
        if let Some((n0, p)) = candidate(c.values()) {
            let need = values_needed(&code, n0, p).unwrap_or(usize::MAX);
            if need > len && need <= limit {
                len = need;
                continue;
            }
        }
        if len >= limit {
            // The theorem never applies to a code with a repeating part:
            // an ordinary period it shows is reported as seen, too.
            let seen = arithmetic_period(c.values())
                .or_else(|| (!code.is_finite()).then(|| observed_period(c.values()))?);
            return match seen {
                Some(a) => PeriodSearch::Arithmetic(a),
                None => PeriodSearch::NotFound,
            };
        }
        len = (len + len / 2).min(limit);
    }
}

/// A candidate period seen in `g`: the least `p` whose periodic tail covers
/// at least three periods, with that tail's start `n0`, as `(n0, p)`. Not
/// a proof: it says how many values a proof would need.
pub fn candidate(g: &Values) -> Option<(usize, usize)> {
    fn inner<T: Value>(g: &[T]) -> Option<(usize, usize)> {
        let len = g.len();
        (1..=len / 3).find_map(|p| {
            let n0 = least_start(g, p, len)?;
            (len - n0 >= 3 * p).then_some((n0, p))
        })
    }
    match g {
        Values::U8(v) => inner(v),
        Values::U16(v) => inner(v),
        Values::U32(v) => inner(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::engine::naive;

    fn values(code: &str, n: usize) -> (OctalCode, Values) {
        let c: OctalCode = code.parse().unwrap();
        let g = naive::sequence(&c, n);
        (c, Values::from_u32s(&g))
    }

    #[test]
    fn kayles_and_dawson() {
        // Kayles: period 12 from n0 = 71 (last exception G(70) = 6);
        // Winning Ways ch. 4, Guy and Smith 1956.
        let (c, g) = values("0.77", 400);
        let p = proved_period(&c, &g).unwrap();
        assert_eq!((p.pre_period, p.period), (71, 12));
        assert_eq!(p.proof_end, 2 * 71 + 12 + 2);
        assert_eq!(values_needed(&c, usize::MAX, 1), None);
        assert_eq!(values_needed(&c, 1, usize::MAX), None);
        // Dawson's Chess 0.137: period 34, last exception G(51).
        let (c, g) = values("0.137", 400);
        let p = proved_period(&c, &g).unwrap();
        assert_eq!((p.pre_period, p.period), (52, 34));
        // Dawson's Kayles 0.07: the same sequence shifted by one.
        let (c, g) = values("0.07", 400);
        let p = proved_period(&c, &g).unwrap();
        assert_eq!((p.pre_period, p.period), (53, 34));
        // n0 = 0 needs the bound of n0 = 1: 0.4 is 0, 0, 0, 1, … and
        // 0.04 is 0, 0, 0, 0, 1, …; neither has period 1.
        for code in ["0.4", "0.04"] {
            let (c, g) = values(code, 400);
            assert_eq!(values_needed(&c, 0, 1), values_needed(&c, 1, 1));
            for len in 0..10 {
                let short = Values::from_u32s(&g.to_u32s()[..len]);
                assert_eq!(proved_period(&c, &short), None, "{code} {len}");
            }
        }
        // Too few values: no proof.
        let (c, g) = values("0.77", 150);
        assert_eq!(proved_period(&c, &g), None);
    }

    #[test]
    fn bounds_agree() {
        for code in ["0.77", "0.137", "hex:0.8", "0.3", "4.0"] {
            let c: OctalCode = code.parse().unwrap();
            for p in 1..20 {
                for len in 0..200 {
                    let best = (0..len)
                        .filter(|&n0| values_needed(&c, n0, p).unwrap() <= len)
                        .max();
                    assert_eq!(max_pre_period(&c, p, len), best, "{code} p {p} len {len}");
                }
            }
        }
        let g: Vec<u8> = vec![5, 1, 2, 1, 2, 1, 2];
        assert_eq!(least_start(&g, 2, 7), Some(1));
        assert_eq!(least_start(&g, 2, 0), None);
    }

    /// `least_start` (blocks, both ends) against the definition, on
    /// sequences long enough for several blocks: periodic tails with
    /// exceptions planted at random places, every `p` and many `max_n0`.
    #[test]
    fn least_start_equals_the_definition() {
        fn naive(g: &[u8], p: usize, max_n0: usize) -> Option<usize> {
            if p >= g.len() {
                return None;
            }
            let mut n = g.len() - p;
            while n > 0 && g[n - 1] == g[n - 1 + p] {
                n -= 1;
            }
            (n <= max_n0).then_some(n)
        }
        let mut seed = 7u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..60 {
            let len = 1 + (next() % 1500) as usize;
            let q = 1 + (next() % 12) as usize;
            let mut g: Vec<u8> = (0..len).map(|i| (i % q) as u8).collect();
            for _ in 0..next() % 4 {
                let at = (next() % len as u64) as usize;
                g[at] = 100 + (next() % 3) as u8;
            }
            for p in 1..=len.min(40) {
                for max_n0 in (0..len + 3).step_by(1 + len / 50) {
                    assert_eq!(
                        least_start(&g, p, max_n0),
                        naive(&g, p, max_n0),
                        "len {len} q {q} p {p} max_n0 {max_n0}"
                    );
                }
            }
        }
    }

    /// Codes with `!` (every two-way split into unequal heaps): a period
    /// proved from a prefix of the values holds on every value computed
    /// (3,000, far past every proof), for every code `d0!.d1!d2!` with
    /// `d0` in {0, 4} and octal `d1`, `d2`; 4!.0 (Grundy's game) has no
    /// period, and three-way splits with `!` are never proved.
    #[test]
    fn unequal_splits_are_proved_only_when_true() {
        let mut proved = 0;
        for d0 in ["0", "4!"] {
            for d1 in 0..8 {
                for d2 in 0..8 {
                    let bang = |d: u32| if d & 4 != 0 { "!" } else { "" };
                    let text = format!("{d0}.{d1}{}{d2}{}", bang(d1), bang(d2));
                    let c: OctalCode = text.parse().unwrap();
                    let all = naive::sequence(&c, 3000);
                    for len in [40, 80, 160, 320, 640] {
                        let g = Values::from_u32s(&all[..len]);
                        if let Some(p) = proved_period(&c, &g) {
                            proved += 1;
                            let (n0, q) = (p.pre_period, p.period);
                            assert!(
                                (n0..all.len() - q).all(|n| all[n + q] == all[n]),
                                "{text}: period {q} from {n0} proved from {len} values"
                            );
                        }
                    }
                }
            }
        }
        assert!(proved >= 150, "{proved}");
        let (c, g) = values("4!.0", 3000);
        assert_eq!(proved_period(&c, &g), None);
        let c: OctalCode = "0.8!".parse().unwrap();
        assert!(!theorem_applies(&c));
        assert_eq!(proof_end(&c, 0, 1), None);
        assert_eq!(
            proved_period(&c, &Values::from_u32s(&naive::sequence(&c, 500))),
            None
        );
    }
}
