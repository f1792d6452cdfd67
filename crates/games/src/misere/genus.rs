//! Conway's genus (*On Numbers and Games*, 2nd ed., ch. 12; Winning Ways,
//! 2nd ed., ch. 13). The genus of a game `G` is `g^{γ0 γ1 γ2 …}` where `g`
//! is its nimber (normal play) and `γk` the misère nimber of `G + 2k`,
//! the sum of `G` and `k` Nim heaps of size 2. From options `G'`:
//!
//! - `g = mex{g'}`, and `γ0 = mex{γ0'}` (a position without options, the
//!   game `0`, has genus `0^{120}`);
//! - `γk = mex({γk'} ∪ {γ(k−1), γ(k−1) ⊕ 1})` for `k ≥ 1`, since the options
//!   of `G + 2k` are the `G' + 2k`, `G + 2(k−1) + *1` and `G + 2(k−1)`, whose
//!   misère nimbers are `γk'`, `γ(k−1) ⊕ 1` and `γ(k−1)` (ONAG Theorem 77:
//!   adding `*1` changes a misère nimber by `⊕ 1`; checked in this crate's
//!   tests by a direct search with the Nim heaps in the sum).
//!
//! The sequence `γ` ends alternating with period 2, eventually `g` and
//! `g ⊕ 2`. It is stored and printed up to the start of that alternation
//! and one period of it: entries are dropped from the end while an entry
//! equals the one two before it, keeping at least two (so `*2` is `2^{20}`,
//! `0` is `0^{120}`, `*1` is `1^{031}`).
//!
//! **Tame genera** (Winning Ways ch. 13): those of `0` (`0^{120}`), `*1`
//! (`1^{031}`), `*2 + *2` (`0^{02}`), `*2 + *2 + *1` (`1^{13}`) and `*a`
//! for `a ≥ 2` (`a^{a, a⊕2}`): written `0^1`, `1^0`, `0^0`, `1^1` and
//! `a^a` in the tame shorthand. A position is *hereditarily tame* when its
//! genus is tame and every option is hereditarily tame.
//!
//! **CGSuite's notation** (its `Genus` of a heap, as in its `GameHeapTest`)
//! prints the same sequences, but abbreviates by the game's phylum: a game
//! equal to a Nim heap `*g` prints as `g` (here: the genus of `*g`), and a
//! tame or restive game prints `g^a` with one entry (here: `a`, then `g ⊕ 2`
//! and `g` alternating, trimmed as above). Every other symbol is the same
//! string: Kayles heap 5 is `4^146` in both. [`Genus::from_cgsuite`] reads
//! CGSuite's symbols by this rule.

use super::search::Rule;
use grundy_core::impartial::{mex, Nimber};
use std::fmt;

/// A genus `g^{γ0 γ1 …}`, with `γ` trimmed as the module documentation says.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play nimber `g`.
    pub g: u32,
    /// `γ0, γ1, …`: misère nimbers of `G`, `G + 2`, `G + 2 + 2`, …, up to
    /// where the period-2 alternation has started and shown one period
    /// (at least two entries).
    pub gammas: Vec<u32>,
}

impl Genus {
    /// The genus of the game `0`: `0^{120}`.
    pub fn zero() -> Genus {
        Genus {
            g: 0,
            gammas: vec![1, 2, 0],
        }
    }

    /// The genus of the Nim heap `*n` (Winning Ways ch. 13): `0^{120}`,
    /// `1^{031}`, and `n^{n, n⊕2}` for `n ≥ 2`.
    pub fn nim_heap(n: u32) -> Genus {
        match n {
            0 => Genus::zero(),
            1 => Genus {
                g: 1,
                gammas: vec![0, 3, 1],
            },
            _ => Genus {
                g: n,
                gammas: vec![n, n ^ 2],
            },
        }
    }

    /// `g^{a, g⊕2, g, …}`, trimmed: the genus CGSuite writes `g^a` for a
    /// tame or restive game.
    pub fn one_entry(g: u32, a: u32) -> Genus {
        Genus {
            g,
            gammas: trimmed(vec![a, g ^ 2, g, g ^ 2]),
        }
    }

    /// The misère nimber `γ0`.
    pub fn misere_nimber(&self) -> u32 {
        self.gammas.first().copied().unwrap_or(1)
    }

    /// `γk` for any `k`, continuing the period-2 tail.
    pub fn gamma(&self, k: usize) -> u32 {
        let len = self.gammas.len();
        let i = if k < len || len < 2 {
            k.min(len.saturating_sub(1))
        } else {
            let base = len - 2;
            base + (k - base) % 2
        };
        self.gammas.get(i).copied().unwrap_or(0)
    }

    /// Whether this genus is one of the tame genera (module docs).
    pub fn is_tame(&self) -> bool {
        let g = self.g;
        let a = self.misere_nimber();
        let tame_pair = matches!((g, a), (0, 0) | (0, 1) | (1, 0) | (1, 1)) || (g >= 2 && a == g);
        tame_pair && *self == Genus::one_entry(g, a)
    }

    /// Reads a genus as CGSuite prints it (`0`, `2^2`, `4^146`,
    /// `6^(1,9,10,8)`), expanding its abbreviations (module docs). None for
    /// text that is not such a symbol.
    pub fn from_cgsuite(text: &str) -> Option<Genus> {
        let (g, rest) = match text.split_once('^') {
            None => return text.parse().ok().map(Genus::nim_heap),
            Some((g, rest)) => (g.parse::<u32>().ok()?, rest),
        };
        let entries: Vec<u32> = match rest.strip_prefix('(') {
            Some(inner) => inner
                .strip_suffix(')')?
                .split(',')
                .map(|x| x.trim().parse().ok())
                .collect::<Option<_>>()?,
            None => rest
                .chars()
                .map(|c| c.to_digit(10))
                .collect::<Option<_>>()?,
        };
        match entries.as_slice() {
            [] => None,
            [a] => Some(Genus::one_entry(g, *a)),
            _ => Some(Genus {
                g,
                gammas: trimmed(entries),
            }),
        }
    }
}

/// Drops entries from the end while one equals the entry two before it,
/// keeping at least two.
fn trimmed(mut v: Vec<u32>) -> Vec<u32> {
    while v.len() > 2 && v[v.len() - 1] == v[v.len() - 3] {
        v.pop();
    }
    v
}

impl fmt::Display for Genus {
    /// `g^γ0γ1…`, the entries run together when all are single digits and
    /// in parentheses separated by commas otherwise (CGSuite's style).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.g)?;
        if self.gammas.iter().all(|&x| x < 10) {
            for x in &self.gammas {
                write!(f, "{x}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.gammas.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        }
    }
}

/// A position's genus and whether it is hereditarily tame (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusOf {
    /// The genus.
    pub genus: Genus,
    /// Whether it and every position reachable from it have tame genera.
    pub hereditarily_tame: bool,
}

/// The [`Rule`] computing [`GenusOf`] from the options'.
#[derive(Clone, Copy, Debug, Default)]
pub struct GenusRule;

impl Rule for GenusRule {
    type Value = GenusOf;

    fn terminal(&self) -> GenusOf {
        GenusOf {
            genus: Genus::zero(),
            hereditarily_tame: true,
        }
    }

    fn combine(&self, options: &[GenusOf]) -> GenusOf {
        let g = mex(options.iter().map(|o| Nimber(o.genus.g))).0;
        let longest = options
            .iter()
            .map(|o| o.genus.gammas.len().saturating_sub(1))
            .max()
            .unwrap_or(0)
            .max(1);
        let last = longest + 2;
        let mut gammas: Vec<u32> = Vec::with_capacity(last + 1);
        gammas.push(mex(options.iter().map(|o| Nimber(o.genus.gamma(0)))).0);
        for k in 1..=last {
            let prev = gammas[k - 1];
            let m = mex(options
                .iter()
                .map(|o| Nimber(o.genus.gamma(k)))
                .chain([Nimber(prev), Nimber(prev ^ 1)]))
            .0;
            gammas.push(m);
        }
        let genus = Genus {
            g,
            gammas: trimmed(gammas),
        };
        let hereditarily_tame = genus.is_tame() && options.iter().all(|o| o.hereditarily_tame);
        GenusOf {
            genus,
            hereditarily_tame,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_heaps_from_their_options() {
        // *n has options *0 .. *(n−1); the rule must give the heap's genus.
        let mut opts: Vec<GenusOf> = Vec::new();
        let mut g = GenusRule.terminal();
        assert_eq!(g.genus, Genus::nim_heap(0));
        for n in 1..12 {
            opts.push(g);
            g = GenusRule.combine(&opts);
            assert_eq!(g.genus, Genus::nim_heap(n), "*{n}");
            assert!(g.hereditarily_tame);
        }
    }

    #[test]
    fn symbols() {
        assert_eq!(Genus::zero().to_string(), "0^120");
        assert_eq!(Genus::nim_heap(1).to_string(), "1^031");
        assert_eq!(Genus::nim_heap(2).to_string(), "2^20");
        assert_eq!(Genus::from_cgsuite("2^2"), Some(Genus::nim_heap(2)));
        assert_eq!(Genus::from_cgsuite("1^1").unwrap().to_string(), "1^13");
        assert_eq!(Genus::from_cgsuite("0").unwrap(), Genus::zero());
        assert_eq!(Genus::from_cgsuite("4^146").unwrap().to_string(), "4^146");
        let wide = Genus::from_cgsuite("6^(1,9,10,8)").unwrap();
        assert_eq!(wide.to_string(), "6^(1,9,10,8)");
        assert_eq!(wide.gamma(5), 8);
        assert_eq!(wide.gamma(4), 10);
        assert!(Genus::from_cgsuite("x^1").is_none());
        assert!(Genus::nim_heap(5).is_tame());
        assert!(Genus::from_cgsuite("0^0").unwrap().is_tame());
        assert!(!Genus::from_cgsuite("4^146").unwrap().is_tame());
        assert!(!Genus::from_cgsuite("3^1431").unwrap().is_tame());
    }
}
