//! Checking a published periodicity claim.
//!
//! A claim, as papers and forums state it: "G(n) = v[n mod P] for all n,
//! except G(e1) = x1, G(e2) = x2, …". Taking `n0` one past the last
//! exception, the claim says the sequence is periodic with period `P` from
//! `n0` on with the given values, so by the Octal Periodicity Theorem
//! ([`super::period`]) it holds for every `n` as soon as it holds for all
//! `n < values_needed(n0, P)`. The checker computes exactly those values and
//! compares.

use super::code::OctalCode;
use super::period::{proof_end, values_needed};
use super::sequence::Computation;
use crate::error::{Error, Result};
use crate::progress::Progress;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

/// A periodicity claim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// `P`.
    pub period: usize,
    /// `values[r]` is the claimed `G(n)` for `n ≡ r (mod P)`.
    pub values: Vec<u32>,
    /// Exceptional heap sizes and their claimed values.
    pub exceptions: BTreeMap<usize, u32>,
}

impl Claim {
    /// Reads a claim: `values` as whitespace- or comma-separated numbers
    /// (exactly `period` of them), `exceptions` as `n:v` pairs separated by
    /// commas or spaces (may be empty).
    ///
    /// # Errors
    /// [`Error::InvalidClaim`] naming the bad item.
    pub fn parse(period: usize, values: &str, exceptions: &str) -> Result<Claim> {
        let bad = |reason: String| Error::InvalidClaim { reason };
        if period == 0 {
            return Err(bad("the period must be at least 1".into()));
        }
        let split = |s: &str| -> Vec<String> {
            s.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect()
        };
        let vals = split(values)
            .iter()
            .enumerate()
            .map(|(i, t)| {
                t.parse::<u32>().map_err(|_| {
                    bad(format!(
                        "value {} ({t:?}) of --values is not a number",
                        i + 1
                    ))
                })
            })
            .collect::<Result<Vec<u32>>>()?;
        if vals.len() != period {
            return Err(bad(format!(
                "--values has {} numbers but the period is {period}",
                vals.len()
            )));
        }
        let mut ex = BTreeMap::new();
        for t in split(exceptions) {
            let parsed = t
                .split_once(':')
                .and_then(|(n, v)| Some((n.trim().parse().ok()?, v.trim().parse().ok()?)));
            let Some((n, v)) = parsed else {
                return Err(bad(format!(
                    "exception {t:?} is not of the form n:v (as in 14:0)"
                )));
            };
            if ex.insert(n, v).is_some() {
                return Err(bad(format!(
                    "heap size {n} is listed twice as an exception"
                )));
            }
        }
        Ok(Claim {
            period,
            values: vals,
            exceptions: ex,
        })
    }

    /// The claimed `G(n)`.
    pub fn value(&self, n: usize) -> u32 {
        self.exceptions
            .get(&n)
            .copied()
            .unwrap_or(self.values[n % self.period])
    }

    /// The claim's pre-period: one past the last exception (0 if none).
    pub fn pre_period(&self) -> usize {
        self.exceptions.keys().next_back().map_or(0, |&n| n + 1)
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

/// Checks `claim` for `code`, computing the values it needs with `c` (which
/// must be for the same code). Returns None if stopped by `stop`.
pub fn check(
    claim: &Claim,
    c: &mut Computation,
    progress: &dyn Progress,
    stop: &AtomicBool,
) -> Option<Verdict> {
    let code: OctalCode = c.code().clone();
    let n0 = claim.pre_period();
    let needed = values_needed(&code, n0, claim.period);
    if !c.extend_to(needed, progress, stop) {
        return None;
    }
    let g = c.values();
    let first_failure = (0..needed).find_map(|n| {
        let (claimed, actual) = (claim.value(n), g.get(n));
        (claimed != actual).then_some(Failure { n, claimed, actual })
    });
    Some(Verdict {
        holds: first_failure.is_none(),
        first_failure,
        pre_period: n0,
        proof_end: proof_end(&code, n0, claim.period),
        checked_to: first_failure.map_or(needed - 1, |f| f.n),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::Engine;
    use crate::progress::NoProgress;

    fn verdict(code: &str, claim: &Claim) -> Verdict {
        let mut c = Computation::new(code.parse().unwrap(), Engine::Sparse);
        check(claim, &mut c, &NoProgress, &AtomicBool::new(false)).unwrap()
    }

    #[test]
    fn kayles_claim_holds() {
        // Kayles (Winning Ways ch. 4): period 12, values 4 1 2 8 1 4 7 2 1 8
        // 2 7 by n mod 12 from n = 71 on, with the exceptions below.
        let g = crate::games::octal::naive::sequence(&"0.77".parse().unwrap(), 100);
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
    }
}
