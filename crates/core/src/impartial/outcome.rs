//! Outcomes under either play convention, by search over options alone.
//!
//! A position is an N-position (the player to move wins) when some option
//! is a P-position, and a P-position when every option is an N-position;
//! a position without options is a P-position under normal play and an
//! N-position under misère play ([`Convention::terminal`]). This is the
//! definition of the outcome classes (Winning Ways, 2nd ed., ch. 1 and
//! 13; Siegel, *Combinatorial Game Theory*, AMS 2013, ch. I.1), and the
//! only fact used here: no nimbers, no sums. Under misère play a
//! position's outcome is not decided by its components' values (Conway,
//! *On Numbers and Games*, ch. 12), so the whole position is searched.
//!
//! [`naive_outcome`] is the plain recursion, the reference that the misère
//! engines and every hand-written search are tested against;
//! [`OutcomeSolver`] is the same search with a memo.

use super::convention::Convention;
use super::game::ImpartialGame;
use super::nimber::Outcome;
use rustc_hash::FxHashMap;

/// The outcome of `game` under `convention`, by plain recursion over the
/// game tree: no memo, no hooks (neither
/// [`components`](ImpartialGame::components) nor
/// [`canonical`](ImpartialGame::canonical)).
///
/// Exponential in general: use it only on small positions. Stops at the
/// first option that is a P-position.
pub fn naive_outcome<G: ImpartialGame>(game: &G, convention: Convention) -> Outcome {
    let options = game.options();
    if options.is_empty() {
        return convention.terminal();
    }
    if options
        .iter()
        .any(|o| naive_outcome(o, convention) == Outcome::P)
    {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// A memoised outcome search under one [`Convention`].
///
/// Each position is mapped to its [`canonical`](ImpartialGame::canonical)
/// form, the key of the memo, as [`MemoSolver`](super::MemoSolver) keys
/// its components. The position is **not** split into
/// [`components`](ImpartialGame::components): under misère play the
/// outcome of a sum is not a function of its components' outcomes or
/// values. So `canonical` must keep the outcome under the solver's
/// convention; a symmetry of the game tree (sorting heaps, reflecting a
/// board, dropping a component without options) keeps it under both.
#[derive(Debug)]
pub struct OutcomeSolver<G: ImpartialGame> {
    convention: Convention,
    memo: FxHashMap<G, Outcome>,
}

impl<G: ImpartialGame> OutcomeSolver<G> {
    /// An empty solver for `convention`.
    pub fn new(convention: Convention) -> Self {
        OutcomeSolver {
            convention,
            memo: FxHashMap::default(),
        }
    }

    /// The convention this solver plays under.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// How many canonical positions have a stored outcome.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing has been solved yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The outcome of `game` under the solver's convention.
    ///
    /// Recursion depth is the length of the longest play, so very deep
    /// games need a large stack.
    pub fn outcome(&mut self, game: &G) -> Outcome {
        let key = game.canonical();
        if let Some(&o) = self.memo.get(&key) {
            return o;
        }
        let options = key.options();
        let o = if options.is_empty() {
            self.convention.terminal()
        } else if options.iter().any(|q| self.outcome(q) == Outcome::P) {
            Outcome::N
        } else {
            Outcome::P
        };
        self.memo.insert(key, o);
        o
    }

    /// Every option of `game` that is a P-position under the solver's
    /// convention: the winning moves. Empty when `game` is itself a
    /// P-position (or has no options).
    pub fn winning_moves(&mut self, game: &G) -> Vec<G> {
        game.options()
            .into_iter()
            .filter(|o| self.outcome(o) == Outcome::P)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{naive_nimber, MemoSolver};

    /// A sum of heaps of an octal game `0.d1 d2` (Winning Ways ch. 4):
    /// removing `k` tokens (`k` = 1, 2) may leave no heap (bit 1 of `d_k`),
    /// one heap (bit 2) or two non-empty heaps (bit 4). Kayles is `0.77`,
    /// Dawson's Kayles `0.07`.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Heaps {
        digits: [u8; 2],
        heaps: Vec<usize>,
    }

    impl Heaps {
        fn new(code: &str, heaps: &[usize]) -> Heaps {
            let d: Vec<u8> = code[2..].bytes().map(|b| b - b'0').collect();
            Heaps {
                digits: [d[0], d.get(1).copied().unwrap_or(0)],
                heaps: heaps.to_vec(),
            }
        }
    }

    impl ImpartialGame for Heaps {
        fn options(&self) -> Vec<Heaps> {
            let mut out = Vec::new();
            for (i, &h) in self.heaps.iter().enumerate() {
                for k in 1..=2usize.min(h) {
                    let (d, m) = (self.digits[k - 1], h - k);
                    let mut leave = |parts: &[usize]| {
                        let mut heaps = self.heaps.clone();
                        heaps.remove(i);
                        heaps.extend_from_slice(parts);
                        out.push(Heaps {
                            digits: self.digits,
                            heaps,
                        });
                    };
                    if d & 1 != 0 && m == 0 {
                        leave(&[]);
                    }
                    if d & 2 != 0 && m >= 1 {
                        leave(&[m]);
                    }
                    if d & 4 != 0 && m >= 2 {
                        for a in 1..=m / 2 {
                            leave(&[a, m - a]);
                        }
                    }
                }
            }
            out
        }

        fn components(&self) -> Vec<Heaps> {
            self.heaps
                .iter()
                .map(|&h| Heaps {
                    digits: self.digits,
                    heaps: vec![h],
                })
                .collect()
        }

        fn canonical(&self) -> Heaps {
            let mut heaps: Vec<usize> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
            heaps.sort_unstable();
            Heaps {
                digits: self.digits,
                heaps,
            }
        }
    }

    /// Nim heaps, for misère Nim's closed form.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Nim(Vec<u32>);

    impl ImpartialGame for Nim {
        fn options(&self) -> Vec<Nim> {
            let mut out = Vec::new();
            for i in 0..self.0.len() {
                for v in 0..self.0[i] {
                    let mut h = self.0.clone();
                    h[i] = v;
                    out.push(Nim(h));
                }
            }
            out
        }
    }

    fn single_p_heaps(code: &str, top: usize, convention: Convention) -> Vec<usize> {
        let mut s = OutcomeSolver::new(convention);
        (0..=top)
            .filter(|&n| s.outcome(&Heaps::new(code, &[n])) == Outcome::P)
            .collect()
    }

    /// Misère Kayles: the single heaps of misère nim value 0 up to 20 are
    /// 1, 4, 9, 12, 20 (CGSuite's `GameHeapTest`, also
    /// `tests/suite/misere.rs`); Dawson's Kayles 0.07: 2, 3, 7, 8, 12, 16,
    /// 17 up to 17.
    #[test]
    fn misere_p_positions_of_single_heaps() {
        assert_eq!(
            single_p_heaps("0.77", 20, Convention::Misere),
            [1, 4, 9, 12, 20]
        );
        assert_eq!(
            single_p_heaps("0.07", 17, Convention::Misere),
            [2, 3, 7, 8, 12, 16, 17]
        );
        // Under normal play Kayles has no P-position but 0 among these
        // (A002186 has no other zero), and 0.07's are 0, 1, 5, 9, 15
        // (A002187 shifted: 0.07 `n` is Dawson's Chess `n − 1`).
        assert_eq!(single_p_heaps("0.77", 20, Convention::Normal), [0]);
        assert_eq!(
            single_p_heaps("0.07", 17, Convention::Normal),
            [0, 1, 5, 9, 15]
        );
    }

    /// The memo and the plain recursion agree, under both conventions, on
    /// every sum of up to three heaps of at most 5 tokens, 7 in all (the
    /// plain recursion walks the whole game tree); under normal play the
    /// outcome is P exactly when the nimber is 0. The memo alone goes on
    /// to heaps of 8.
    #[test]
    fn memo_agrees_with_the_plain_recursion_and_the_nimber() {
        let mut counts = [[0usize; 2]; 2];
        for code in ["0.77", "0.07", "0.6"] {
            let mut memo = [
                OutcomeSolver::new(Convention::Normal),
                OutcomeSolver::new(Convention::Misere),
            ];
            let mut nimbers = MemoSolver::new();
            for a in 0..=8 {
                for b in 0..=a {
                    for c in 0..=b {
                        let g = Heaps::new(code, &[a, b, c]);
                        let small = a <= 5 && a + b + c <= 7;
                        let v = nimbers.nimber(&g);
                        if small {
                            assert_eq!(naive_nimber(&g), v, "{code} {a} {b} {c}");
                        }
                        for (i, s) in memo.iter_mut().enumerate() {
                            let o = s.outcome(&g);
                            if small {
                                let want = naive_outcome(&g, s.convention());
                                assert_eq!(o, want, "{code} {a} {b} {c} {i}");
                            }
                            counts[i][usize::from(o == Outcome::P)] += 1;
                            if i == 0 {
                                assert_eq!(
                                    o == Outcome::P,
                                    v.is_p_position(),
                                    "{code} {a} {b} {c}"
                                );
                            }
                            let wins = s.winning_moves(&g);
                            assert_eq!(wins.is_empty(), o == Outcome::P || g.options().is_empty());
                            for w in wins {
                                assert_eq!(s.outcome(&w), Outcome::P);
                            }
                        }
                    }
                }
            }
        }
        // Both outcomes occur under both conventions, and the two
        // conventions differ somewhere.
        assert!(counts.iter().flatten().all(|&c| c > 0), "{counts:?}");
        assert_ne!(counts[0], counts[1]);
    }

    /// Misère Nim (Bouton 1902; Winning Ways ch. 13): a P-position iff
    /// every heap is at most 1 and the number of 1s is odd, or some heap
    /// is at least 2 and the nim-sum is 0.
    #[test]
    fn misere_nim_follows_boutons_rule() {
        let mut s = OutcomeSolver::new(Convention::Misere);
        for a in 0..7u32 {
            for b in 0..7 {
                for c in 0..5 {
                    let h = vec![a, b, c];
                    let small = h.iter().all(|&x| x <= 1);
                    let p = if small {
                        h.iter().filter(|&&x| x == 1).count() % 2 == 1
                    } else {
                        a ^ b ^ c == 0
                    };
                    let want = if p { Outcome::P } else { Outcome::N };
                    assert_eq!(s.outcome(&Nim(h.clone())), want, "{h:?}");
                    if a + b + c <= 7 {
                        assert_eq!(naive_outcome(&Nim(h.clone()), Convention::Misere), want);
                    }
                }
            }
        }
        // No options: the player to move has won under misère play.
        assert_eq!(naive_outcome(&Nim(vec![]), Convention::Misere), Outcome::N);
        assert_eq!(naive_outcome(&Nim(vec![]), Convention::Normal), Outcome::P);
    }

    /// The memo keys on the canonical form: permuted sums share one entry.
    #[test]
    fn the_memo_keys_on_the_canonical_form() {
        let mut s = OutcomeSolver::new(Convention::Misere);
        assert!(s.is_empty());
        let o = s.outcome(&Heaps::new("0.77", &[3, 5]));
        let n = s.len();
        assert_eq!(s.outcome(&Heaps::new("0.77", &[5, 3, 0])), o);
        assert_eq!(s.len(), n);
    }
}
