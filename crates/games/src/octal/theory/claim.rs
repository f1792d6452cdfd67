//! Checking a published periodicity claim.
//!
//! A claim, as papers and forums state it: "G(n) = v[n mod P] for all n,
//! except G(e1) = x1, G(e2) = x2, …". Taking `n0` one past the last
//! exception, the claim says the sequence is periodic with period `P` from
//! `n0` on with the given values, so by the Octal Periodicity Theorem
//! ([`crate::octal::theory::period`]) it holds for every `n` as soon as it holds for all
//! `n < values_needed(n0, P)`. The checker compares the claim with `G(n)` in
//! increasing `n`, computing values in growing blocks, so a claim that fails
//! early is refuted early whatever its exceptions say; a claim whose proof
//! needs more values than the caller allows is refused, never passed.
//!
//! The text form of a claim ([`Claim`]'s `Display` and `FromStr`) is
//! `P/v0 v1 … v(P−1)/n:v,n:v`, the exceptions part optional:
//!
//! ```
//! use grundy_games::octal::theory::claim::Claim;
//! let c: Claim = "2/1 0/0:5".parse().unwrap();
//! assert_eq!((c.value(0), c.value(3), c.value(4)), (Some(5), Some(0), Some(1)));
//! assert_eq!(c.to_string().parse::<Claim>().unwrap(), c);
//! ```
#![warn(clippy::arithmetic_side_effects)]

use crate::octal::engine::sequence::Computation;
use crate::octal::engine::values::Values;
use crate::octal::theory::period::{proof_end, values_needed};
use grundy_core::error::{quoted, ClaimError, Error, Result};
use grundy_core::progress::Progress;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

/// A periodicity claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// `P`, at least 1.
    pub period: usize,
    /// `values[r]` is the claimed `G(n)` for `n ≡ r (mod P)`; exactly `P`
    /// of them.
    pub values: Vec<u32>,
    /// Exceptional heap sizes and their claimed values.
    pub exceptions: BTreeMap<usize, u32>,
}

/// The items of a list separated by commas or whitespace.
fn items(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
}

fn invalid(source: ClaimError) -> Error {
    Error::InvalidClaim { source }
}

/// Reads a number of type `T`, naming `what` and the largest allowed value
/// when it is all digits but too large.
fn number<T: FromStr>(t: &str, what: &str, max: T) -> Result<T>
where
    u64: TryFrom<T>,
{
    t.parse::<T>().map_err(|_| {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            invalid(ClaimError::TooLarge {
                what: what.to_string(),
                item: quoted(t),
                max: u64::try_from(max).unwrap_or(u64::MAX),
            })
        } else {
            invalid(ClaimError::NotANumber {
                what: what.to_string(),
                item: quoted(t),
            })
        }
    })
}

/// Reads claimed values: whitespace- or comma-separated numbers, each a
/// nimber (at most `u32::MAX`), exactly `period` of them. Stops reading at
/// the first surplus item, so the cost is bounded by `period`.
///
/// # Errors
/// [`Error::InvalidClaim`] naming the bad item ([`ClaimError::NotANumber`],
/// [`ClaimError::TooLarge`]) or the count ([`ClaimError::TooManyValues`],
/// [`ClaimError::TooFewValues`]).
pub fn parse_values(period: usize, values: &str) -> Result<Vec<u32>> {
    let mut out = Vec::new();
    for (i, t) in (1usize..).zip(items(values)) {
        if out.len() == period {
            return Err(invalid(ClaimError::TooManyValues { period }));
        }
        out.push(number(t, &format!("value {i} of --values"), u32::MAX)?);
    }
    if out.len() != period {
        return Err(invalid(ClaimError::TooFewValues {
            count: out.len(),
            period,
        }));
    }
    Ok(out)
}

/// Reads exceptions: `n:v` pairs separated by commas or whitespace (may be
/// empty), each heap size at most once.
///
/// # Errors
/// [`Error::InvalidClaim`] naming the bad pair ([`ClaimError::NotAPair`],
/// [`ClaimError::NotANumber`], [`ClaimError::TooLarge`]) or the heap size
/// listed twice ([`ClaimError::RepeatedException`]).
pub fn parse_exceptions(exceptions: &str) -> Result<BTreeMap<usize, u32>> {
    let mut ex = BTreeMap::new();
    for t in items(exceptions) {
        let Some((n, v)) = t.split_once(':') else {
            return Err(invalid(ClaimError::NotAPair { item: quoted(t) }));
        };
        let n: usize = number(n.trim(), "the heap size of an exception", usize::MAX)?;
        let v: u32 = number(v.trim(), &format!("the value of exception {n}"), u32::MAX)?;
        if ex.insert(n, v).is_some() {
            return Err(invalid(ClaimError::RepeatedException { n }));
        }
    }
    Ok(ex)
}

impl Claim {
    /// The claim a proved period makes, in the form papers state it:
    /// `G(n) = values[n mod P]` for every `n`, except the heap sizes below
    /// the pre-period whose value differs. `values` holds at least
    /// `G(0..n0 + P)` (a proof computes more); None otherwise.
    // `period > 0` is checked first, so `n % period` cannot fail.
    #[allow(clippy::arithmetic_side_effects)]
    pub fn of_period(values: &Values, pre_period: usize, period: usize) -> Option<Claim> {
        let end = pre_period.checked_add(period)?;
        if period == 0 || end > values.len() {
            return None;
        }
        let mut by_residue = vec![0; period];
        for n in pre_period..end {
            by_residue[n % period] = values.get(n);
        }
        let exceptions = (0..pre_period)
            .filter(|&n| values.get(n) != by_residue[n % period])
            .map(|n| (n, values.get(n)))
            .collect();
        Some(Claim {
            period,
            values: by_residue,
            exceptions,
        })
    }

    /// The values, space-separated, as `octal check --values` reads them.
    pub fn values_text(&self) -> String {
        let v: Vec<String> = self.values.iter().map(u32::to_string).collect();
        v.join(" ")
    }

    /// The exceptions as `n:v` pairs, comma-separated, as `octal check
    /// --exceptions` reads them.
    pub fn exceptions_text(&self) -> String {
        let v: Vec<String> = self
            .exceptions
            .iter()
            .map(|(n, v)| format!("{n}:{v}"))
            .collect();
        v.join(",")
    }

    /// The `grundy octal check` command line that re-checks this claim for
    /// `code`, as `octal period` prints it.
    pub fn check_command(&self, code: &crate::octal::OctalCode) -> String {
        let mut s = format!(
            "grundy octal check {code} --period {} --values \"{}\"",
            self.period,
            self.values_text()
        );
        if !self.exceptions.is_empty() {
            s.push_str(&format!(" --exceptions \"{}\"", self.exceptions_text()));
        }
        s
    }

    /// Reads a claim: `values` as whitespace- or comma-separated numbers
    /// (exactly `period` of them), `exceptions` as `n:v` pairs separated by
    /// commas or spaces (may be empty). See [`parse_values`] and
    /// [`parse_exceptions`].
    ///
    /// # Errors
    /// [`Error::InvalidClaim`] naming the bad item: a period of 0
    /// ([`ClaimError::ZeroPeriod`]), a count of values other than `period`
    /// ([`ClaimError::TooManyValues`], [`ClaimError::TooFewValues`]), a value
    /// above `u32::MAX` ([`ClaimError::TooLarge`]) or not a number
    /// ([`ClaimError::NotANumber`]), a malformed or repeated exception
    /// ([`ClaimError::NotAPair`], [`ClaimError::RepeatedException`]).
    pub fn parse(period: usize, values: &str, exceptions: &str) -> Result<Claim> {
        if period == 0 {
            return Err(invalid(ClaimError::ZeroPeriod));
        }
        Ok(Claim {
            period,
            values: parse_values(period, values)?,
            exceptions: parse_exceptions(exceptions)?,
        })
    }

    /// The claimed `G(n)`; None only for a claim whose `values` do not
    /// have `period` entries (one built by hand, not by [`Claim::parse`]).
    pub fn value(&self, n: usize) -> Option<u32> {
        match self.exceptions.get(&n) {
            Some(&v) => Some(v),
            None => self.values.get(n.checked_rem(self.period)?).copied(),
        }
    }

    /// The claim's pre-period `n0`: one past the last exception (0 if
    /// none); None when the last exception is `usize::MAX`.
    pub fn pre_period(&self) -> Option<usize> {
        match self.exceptions.keys().next_back() {
            Some(&n) => n.checked_add(1),
            None => Some(0),
        }
    }
}

impl fmt::Display for Claim {
    /// `P/v0 v1 …/n:v,n:v` (the last part empty without exceptions), which
    /// [`FromStr`] reads back to the same claim.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/", self.period)?;
        for (i, v) in self.values.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("/")?;
        for (i, (n, v)) in self.exceptions.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{n}:{v}")?;
        }
        Ok(())
    }
}

impl FromStr for Claim {
    type Err = Error;

    /// Reads `P/v0 v1 …/n:v,n:v`; the second slash and the exceptions may
    /// be left out.
    ///
    /// # Errors
    /// [`Error::InvalidClaim`] as [`Claim::parse`], or when the text has no
    /// slash ([`ClaimError::NoSlash`]).
    fn from_str(text: &str) -> Result<Claim> {
        let mut parts = text.splitn(3, '/');
        let period = parts.next().unwrap_or("").trim();
        let Some(values) = parts.next() else {
            return Err(invalid(ClaimError::NoSlash));
        };
        let period = number(period, "the period", usize::MAX)?;
        Claim::parse(period, values, parts.next().unwrap_or(""))
    }
}

/// Where a claim first fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The heap size.
    pub n: usize,
    /// The claimed value there.
    pub claimed: u32,
    /// The true value.
    pub actual: u32,
}

/// The verdict on a claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Whether the claim holds for every `n` (proved when true).
    pub holds: bool,
    /// The least `n` where it fails, when it does.
    pub first_failure: Option<Failure>,
    /// The claim's pre-period `n0`.
    pub pre_period: usize,
    /// The theorem's range end: periodicity checked for `n0 <= n < proof_end`.
    pub proof_end: usize,
    /// The largest heap size compared.
    pub checked_to: usize,
}

/// The first block of values compared; later blocks double.
const FIRST_BLOCK: usize = 1024;

/// How many values [`check`] computes for `claim` of `code` at most (heap
/// sizes `0..len`): those the theorem needs for its period, but none past
/// heap size `max_n`. What a progress display counts towards.
pub fn check_len(claim: &Claim, code: &crate::octal::OctalCode, max_n: usize) -> usize {
    let needed = claim
        .pre_period()
        .and_then(|n0| values_needed(code, n0, claim.period));
    let cap = max_n.saturating_add(1);
    needed.map_or(cap, |x| x.min(cap))
}

/// Checks `claim` for the code of `c`, comparing the claim with `G(n)` for
/// `n = 0, 1, …` in increasing order, computing values with `c` in doubling
/// blocks, up to the `values_needed` the theorem asks for, but never past
/// heap size `max_n`. Returns `Ok(None)` if stopped by `stop`.
///
/// # Errors
/// [`Error::OutOfRange`] when the claim agrees with `G(0..=max_n)` but its
/// proof needs values beyond `max_n` (an exception, or the theorem's range,
/// lies beyond it): the claim is then neither proved nor refuted. A claim
/// that fails at some `n <= max_n` is refuted whatever lies beyond.
pub fn check(
    claim: &Claim,
    c: &mut Computation,
    max_n: usize,
    progress: &dyn Progress,
) -> Result<Option<Verdict>> {
    let code = c.code().clone();
    let n0 = claim.pre_period();
    let needed = n0.and_then(|n0| values_needed(&code, n0, claim.period));
    let cap = max_n.saturating_add(1);
    let target = check_len(claim, &code, max_n);
    let mut from = 0;
    while from < target {
        let to = from.saturating_mul(2).max(FIRST_BLOCK).min(target);
        if !c.extend_to(to, progress) {
            return Ok(None);
        }
        let g = c.values();
        let failure = (from..to).find_map(|n| {
            let (claimed, actual) = (claim.value(n)?, g.get(n));
            (claimed != actual).then_some(Failure { n, claimed, actual })
        });
        if let Some(f) = failure {
            return Ok(Some(Verdict {
                holds: false,
                first_failure: Some(f),
                pre_period: n0.unwrap_or(usize::MAX),
                proof_end: n0
                    .and_then(|n0| proof_end(&code, n0, claim.period))
                    .unwrap_or(usize::MAX),
                checked_to: f.n,
            }));
        }
        from = to;
    }
    match (n0, needed) {
        (Some(n0), Some(needed)) if needed <= cap => Ok(Some(Verdict {
            holds: true,
            first_failure: None,
            pre_period: n0,
            // proof_end <= needed, so it fits.
            proof_end: proof_end(&code, n0, claim.period).unwrap_or(needed),
            checked_to: needed.saturating_sub(1),
        })),
        _ => {
            let why = match (claim.exceptions.keys().next_back(), needed) {
                (Some(&e), _) if e > max_n => format!("its exception at n = {e}"),
                (_, Some(needed)) => format!(
                    "its proof needs G(n) for every n < {needed} (pre-period {}, period {})",
                    n0.unwrap_or(0),
                    claim.period
                ),
                (_, None) => format!(
                    "its proof needs more values than can be counted (period {})",
                    claim.period
                ),
            };
            Err(Error::OutOfRange {
                what: "the claim".into(),
                reason: format!(
                    "{why} lies beyond --max-n {max_n}; it agrees with G(n) for every n <= {max_n}, so it is neither proved nor refuted (raise --max-n to go further)"
                ),
            })
        }
    }
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // small fixed numbers
mod tests {
    use super::*;
    use crate::octal::Engine;
    use grundy_core::progress::NoProgress;

    fn verdict(code: &str, claim: &Claim) -> Verdict {
        let mut c = Computation::new(code.parse().unwrap(), Engine::Sparse);
        check(claim, &mut c, 1 << 20, &NoProgress).unwrap().unwrap()
    }

    #[test]
    fn kayles_claim_holds() {
        // Kayles (Winning Ways ch. 4): period 12, values 4 1 2 8 1 4 7 2 1 8
        // 2 7 by n mod 12 from n = 71 on, with the exceptions below.
        let g = crate::octal::engine::naive::sequence(&"0.77".parse().unwrap(), 100);
        let periodic = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        let ex: Vec<String> = (0..71)
            .filter(|&n| g[n] != periodic[n % 12])
            .map(|n| format!("{n}:{}", g[n]))
            .collect();
        let vals: Vec<String> = periodic.iter().map(|v| v.to_string()).collect();
        let claim = Claim::parse(12, &vals.join(" "), &ex.join(",")).unwrap();
        let v = verdict("0.77", &claim);
        assert!(v.holds, "{v:?}");
        assert_eq!(v.pre_period, 71);
        assert_eq!(v.proof_end, 2 * 71 + 12 + 2);
        // Change one periodic value: fails at the first n with that residue.
        let mut wrong = claim.clone();
        wrong.values[5] = 9;
        let v = verdict("0.77", &wrong);
        assert_eq!(
            v.first_failure,
            Some(Failure {
                n: 5,
                claimed: 9,
                actual: 4
            })
        );
    }

    #[test]
    fn rejects_malformed_claims() {
        assert!(Claim::parse(3, "1 2", "").is_err());
        assert!(Claim::parse(2, "1 x", "").is_err());
        assert!(Claim::parse(2, "1 2", "3-4").is_err());
        assert!(Claim::parse(2, "1 2", "3:4,3:5").is_err());
        assert!(Claim::parse(0, "", "").is_err());
        assert!(Claim::parse(1, "4294967296", "").is_err());
        assert!(Claim::parse(1, "0", "18446744073709551616:1").is_err());
        assert!(Claim::parse(1, "0", "1:4294967296").is_err());
        // A huge period with few values is refused without allocating.
        assert!(Claim::parse(usize::MAX, "1 2", "").is_err());
        assert!(Claim::parse(1, "1 2", "").is_err());
    }

    #[test]
    fn text_round_trip() {
        for text in [
            "1/0/",
            "2/1 0/0:5",
            "3/1 2 3/0:0,7:2,18446744073709551615:9",
        ] {
            let c: Claim = text.parse().unwrap();
            assert_eq!(c.to_string(), text);
            assert_eq!(c.to_string().parse::<Claim>().unwrap(), c);
        }
        assert_eq!("1/0".parse::<Claim>().unwrap().to_string(), "1/0/");
        assert!("1".parse::<Claim>().is_err());
    }

    #[test]
    fn exceptions_beyond_the_limit() {
        let mut c = Computation::new("0.0".parse().unwrap(), Engine::Sparse);
        // G = 0 everywhere; an exception at usize::MAX cannot be checked.
        let claim = Claim::parse(1, "0", "18446744073709551615:5").unwrap();
        let e = check(&claim, &mut c, 5000, &NoProgress).unwrap_err();
        assert!(e.to_string().contains("18446744073709551615"), "{e}");
        // The claim fails at n = 0 whatever its far exception says.
        let mut c = Computation::new("0.77".parse().unwrap(), Engine::Sparse);
        let claim = Claim::parse(2, "1 1", "17179869184:1").unwrap();
        let v = check(&claim, &mut c, 5000, &NoProgress).unwrap().unwrap();
        assert_eq!(v.first_failure.map(|f| f.n), Some(0));
        assert!(c.values().len() <= FIRST_BLOCK);
    }

    /// Dawson's Chess: the claim its proved period makes (period 34 from
    /// 52; exceptions at 0, 14, 16, 17, 31, 34 and 51, OEIS A002187) reads
    /// back from its text and holds.
    #[test]
    fn the_claim_of_a_proved_period() {
        let code: crate::octal::OctalCode = "0.137".parse().unwrap();
        let g = Values::from_u32s(&crate::octal::engine::naive::sequence(&code, 400));
        let c = Claim::of_period(&g, 52, 34).unwrap();
        assert_eq!(
            c.exceptions.keys().copied().collect::<Vec<_>>(),
            [0, 14, 16, 17, 31, 34, 51]
        );
        let back = Claim::parse(34, &c.values_text(), &c.exceptions_text()).unwrap();
        assert_eq!(back, c);
        assert!((0..=400).all(|n| c.value(n) == Some(g.get(n))));
        assert!(Claim::of_period(&g, 390, 34).is_none());
    }

    /// Each reason is its typed variant, with its data, and the message is
    /// the one the reason string gave before the reasons were typed.
    #[test]
    fn reasons_are_typed() {
        let e = "3/1 2".parse::<Claim>().unwrap_err();
        assert!(matches!(
            e,
            Error::InvalidClaim {
                source: ClaimError::TooFewValues {
                    count: 2,
                    period: 3
                }
            }
        ));
        assert_eq!(
            e.to_string(),
            "invalid claim: --values has 2 numbers but the period is 3"
        );
        let e = "1/99999999999".parse::<Claim>().unwrap_err();
        let Error::InvalidClaim { source } = &e else {
            panic!("{e:?}")
        };
        assert_eq!(
            *source,
            ClaimError::TooLarge {
                what: "value 1 of --values".into(),
                item: "\"99999999999\"".into(),
                max: u64::from(u32::MAX),
            }
        );
        assert_eq!(
            e.to_string(),
            "invalid claim: value 1 of --values \"99999999999\" is too large (at most 4294967295)"
        );
        let cause = std::error::Error::source(&e).expect("a source");
        assert_eq!(cause.downcast_ref::<ClaimError>(), Some(source));
        let e = parse_exceptions("1:0,1:0").unwrap_err();
        assert!(matches!(
            e,
            Error::InvalidClaim {
                source: ClaimError::RepeatedException { n: 1 }
            }
        ));
        assert_eq!(
            e.to_string(),
            "invalid claim: heap size 1 is listed twice as an exception"
        );
        assert!(matches!(
            "x".parse::<Claim>(),
            Err(Error::InvalidClaim {
                source: ClaimError::NoSlash
            })
        ));
    }
}
