//! Moves of a coin-turning game, and the moves to a position of a given
//! value.
//!
//! Turning the set `S` (rightmost coin `k`, a head) changes the row's value
//! `X` to `X ⊕ g(k) ⊕ (⊕ g(s) for the other s in S)`: each coin turned
//! over toggles its term of the nim-sum. So the moves to value `t` from a
//! head `k` are the turn-sets whose other coins have nim-sum
//! `need = X ⊕ t ⊕ g(k)`. Per kind of move:
//!
//! - `upto(K)` / `exactly(K)` with `m` other coins: enumerate the first
//!   `m − 1` of them and look the last one up in a hash index from value to
//!   coins: O(n^(m−1)) per head, so O(1) for Turning Turtles and O(n) for
//!   Mock Turtles (O(n²) for a whole row), not the cubic brute force;
//! - `run` / `run(K)`: the runs ending at `k` have nim-sums `P(k−1) ⊕ P(j)`
//!   for prefix nim-sums `P`; a hash index from prefix value to `j` finds
//!   them in O(1 + answers) per head;
//! - `at(…)`: one candidate per head.

use super::position::Coins;
use super::rule::{Rule, Term};
use super::values::WORK_BUDGET;
use grundy_core::error::Error;
use grundy_core::impartial::Nimber;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::fmt;

/// A move found, compactly: a run of consecutive coins as its two ends
/// (a Ruler move can turn thousands of coins), any other set as its list.
/// A consecutive list is always stored as a run, so equal sets are equal
/// keys; the order is that of the ascending coin lists.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key {
    /// The coins `a..=b`.
    Run(usize, usize),
    /// Ascending coins, not consecutive.
    List(Vec<usize>),
}

impl Key {
    fn from_list(turned: Vec<usize>) -> Key {
        match (turned.first(), turned.last()) {
            (Some(&a), Some(&b))
                if turned.windows(2).all(|w| w[0].checked_add(1) == Some(w[1])) =>
            {
                Key::Run(a, b)
            }
            _ => Key::List(turned),
        }
    }

    fn coins(&self) -> Box<dyn Iterator<Item = usize> + '_> {
        match self {
            Key::Run(a, b) => Box::new(*a..=*b),
            Key::List(v) => Box::new(v.iter().copied()),
        }
    }

    fn into_move(self) -> CoinMove {
        let turned = match self {
            Key::Run(a, b) => (a..=b).collect(),
            Key::List(v) => v,
        };
        CoinMove { turned }
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Key) -> Ordering {
        match (self, other) {
            // A run is a prefix of a longer run with the same start.
            (Key::Run(a, b), Key::Run(c, d)) => (a, b).cmp(&(c, d)),
            _ => self.coins().cmp(other.coins()),
        }
    }
}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Key) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The moves to a value, counted, with the first ones listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveList {
    /// How many moves there are.
    pub count: usize,
    /// The first `limit` of them in the order of [`moves_to_value`].
    pub moves: Vec<CoinMove>,
}

impl MoveList {
    /// Whether some moves were left out of [`moves`](Self::moves).
    pub fn truncated(&self) -> bool {
        self.moves.len() < self.count
    }
}

/// A move: the coins turned over, as ascending 1-based coin numbers, the
/// rightmost (last) going from heads to tails.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CoinMove {
    /// The coins turned, ascending, 1-based.
    pub turned: Vec<usize>,
}

impl CoinMove {
    /// The row after this move: every turned coin flipped. Coins outside
    /// the row are ignored (a move from [`moves_to_value`] never has any).
    pub fn apply(&self, row: &Coins) -> Coins {
        let mut next = row.clone();
        for &k in &self.turned {
            next.turn(k);
        }
        next
    }

    /// Whether this is a legal move from `row` under `rule`: the rule
    /// allows the set, every coin is in the row and the rightmost is a
    /// head.
    pub fn is_legal(&self, rule: &Rule, row: &Coins) -> bool {
        rule.allows(&self.turned)
            && self
                .turned
                .last()
                .is_some_and(|&k| k <= row.len() && row.is_head(k))
    }
}

impl fmt::Display for CoinMove {
    /// `turn 2,5`: the coins turned over, ascending, a run of at least
    /// four consecutive coins written as its ends (`turn 1-40784`), so a
    /// Ruler move on a long row stays one short line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("turn ")?;
        let t = &self.turned;
        let mut i = 0;
        while i < t.len() {
            let mut j = i;
            while j + 1 < t.len() && t[j + 1] == t[j] + 1 {
                j += 1;
            }
            if i > 0 {
                f.write_str(",")?;
            }
            if j >= i + 3 {
                write!(f, "{}-{}", t[i], t[j])?;
                i = j + 1;
            } else {
                write!(f, "{}", t[i])?;
                i += 1;
            }
        }
        Ok(())
    }
}

/// The Grundy value of `row` under `rule`: the nim-sum of the single-head
/// values g(k) over its heads (the coin-turning theorem; Winning Ways
/// ch. 14; Ferguson, *Game Theory*, I.5).
///
/// # Panics
/// When [`try_nimber`] fails: the values outgrow the supported range
/// (see [`Rule::try_single_values`]). Use `try_nimber` on user input.
pub fn nimber(rule: &Rule, row: &Coins) -> Nimber {
    try_nimber(rule, row).unwrap_or_else(|e| panic!("{e}"))
}

/// [`nimber`], failing instead of panicking.
///
/// # Errors
/// [`Error::OutOfRange`] when a single-head value up to the row's length is
/// out of the supported range.
pub fn try_nimber(rule: &Rule, row: &Coins) -> Result<Nimber, Error> {
    let last = row.heads().last().unwrap_or(0);
    let g = rule.try_single_values(last)?;
    Ok(row.heads().map(|k| Nimber(g[k])).sum())
}

/// Every legal move from `row` to a position of value `target`, sorted
/// (lexicographically by the ascending list of turned coins) and without
/// repeats. Cost: see the [module documentation](self) of `moves`.
///
/// # Panics
/// When [`try_moves_to_value`] fails.
pub fn moves_to_value(rule: &Rule, row: &Coins, target: Nimber) -> Vec<CoinMove> {
    try_moves_to_value(rule, row, target).unwrap_or_else(|e| panic!("{e}"))
}

/// The winning moves: [`moves_to_value`] with target `*0`. Empty exactly
/// when `row` is a P-position.
///
/// # Panics
/// When [`try_moves_to_value`] fails.
pub fn winning_moves(rule: &Rule, row: &Coins) -> Vec<CoinMove> {
    moves_to_value(rule, row, Nimber::ZERO)
}

/// [`winning_moves`], failing instead of panicking.
///
/// # Errors
/// As [`try_moves_to_value`].
pub fn try_winning_moves(rule: &Rule, row: &Coins) -> Result<Vec<CoinMove>, Error> {
    try_moves_to_value(rule, row, Nimber::ZERO)
}

/// [`moves_to_value`], failing instead of panicking.
///
/// # Errors
/// [`Error::OutOfRange`] when a single-head value up to the row's last
/// head is out of the supported range.
pub fn try_moves_to_value(
    rule: &Rule,
    row: &Coins,
    target: Nimber,
) -> Result<Vec<CoinMove>, Error> {
    let all = try_moves_to_value_within(rule, row, target, usize::MAX, WORK_BUDGET)?;
    Ok(all.moves)
}

/// The estimated steps of the subset enumeration of
/// [`try_moves_to_value_within`] for `upto`/`exactly` terms: for each head
/// `k` and each count `c` of other coins, `C(k − 1, c − 1)` choices of all
/// but the last (looked up), as a float that saturates to infinity.
fn enumeration_work(rule: &Rule, row: &Coins, stop: f64) -> f64 {
    let mut work = 0.0f64;
    for k in row.heads() {
        for t in rule.terms() {
            let (lo, m) = match t {
                Term::UpTo(m) => (0, *m),
                Term::Exactly(m) => (m.saturating_sub(1), *m),
                _ => continue,
            };
            // C(k − 1, r) for r = c − 1, built up from r = 0.
            let mut binom = 1.0f64;
            for c in 0..m.min(k) {
                if c >= 2 {
                    let r = (c - 1) as f64;
                    binom *= (k as f64 - r) / r;
                }
                if c >= lo {
                    work += binom.max(1.0);
                }
                if work > stop {
                    return work;
                }
            }
        }
    }
    work
}

/// [`try_moves_to_value`] counting every move but listing only the first
/// `limit`, refusing when the estimated work exceeds `max_work` steps (the
/// single-value computation and the subset enumeration of `upto(K)` /
/// `exactly(K)` terms, which grows like `n^(K−2)` per head). Runs are kept
/// as their two ends, so a Ruler row of 40,000 heads costs kilobytes, not
/// gigabytes.
///
/// # Errors
/// [`Error::OutOfRange`] when a single-head value is out of the supported
/// range or the estimated work exceeds `max_work`.
pub fn try_moves_to_value_within(
    rule: &Rule,
    row: &Coins,
    target: Nimber,
    limit: usize,
    max_work: u64,
) -> Result<MoveList, Error> {
    let n = row.heads().last().unwrap_or(0);
    let work = enumeration_work(rule, row, max_work as f64);
    if work > max_work as f64 {
        return Err(Error::OutOfRange {
            what: format!("the moves of a {n}-coin row under rule {rule}"),
            reason: format!(
                "listing them means trying at least {work:.1e} sets of coins, above the limit \
                 {:.1e} (pass --force to run it anyway)",
                max_work as f64
            ),
        });
    }
    let g = rule.try_single_values_within(n, max_work)?;
    let total = row.heads().fold(0u32, |x, k| x ^ g[k]);
    let mut out: BTreeSet<Key> = BTreeSet::new();
    // Index from value to the coins having it, ascending.
    let mut by_value: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
    for (k, &v) in g.iter().enumerate().skip(1) {
        by_value.entry(v).or_default().push(k);
    }
    // Prefix nim-sums and their index, for runs.
    let mut prefix = vec![0u32; n + 1];
    for k in 1..=n {
        prefix[k] = prefix[k - 1] ^ g[k];
    }
    let mut by_prefix: FxHashMap<u32, Vec<usize>> = FxHashMap::default();
    if rule.terms().iter().any(|t| matches!(t, Term::Run(_))) {
        for (j, &p) in prefix.iter().enumerate() {
            by_prefix.entry(p).or_default().push(j);
        }
    }
    for k in row.heads() {
        let need = total ^ target.0 ^ g[k];
        for t in rule.terms() {
            match t {
                Term::UpTo(m) | Term::Exactly(m) => {
                    let lo = if matches!(t, Term::UpTo(_)) { 0 } else { m - 1 };
                    for others in lo..(*m).min(k) {
                        let mut chosen = Vec::with_capacity(others + 1);
                        choose(&g, &by_value, k, others, need, 1, 0, &mut chosen, &mut out);
                    }
                }
                Term::Run(bound) => {
                    // Runs j+1..=k with P(j) = P(k−1) ⊕ need, k − j ≤ bound.
                    let lo = bound.map_or(0, |b| k.saturating_sub(b));
                    if let Some(js) = by_prefix.get(&(prefix[k - 1] ^ need)) {
                        let from = js.partition_point(|&j| j < lo);
                        for &j in js[from..].iter().take_while(|&&j| j < k) {
                            out.insert(Key::Run(j + 1, k));
                        }
                    }
                }
                Term::At(ds) => {
                    if ds.iter().all(|&d| d < k) && ds.iter().fold(0, |x, &d| x ^ g[k - d]) == need
                    {
                        let mut turned: Vec<usize> = ds.iter().rev().map(|&d| k - d).collect();
                        turned.push(k);
                        out.insert(Key::from_list(turned));
                    }
                }
            }
        }
    }
    Ok(MoveList {
        count: out.len(),
        moves: out.into_iter().take(limit).map(Key::into_move).collect(),
    })
}

/// Adds to `out` every set of `left` coins in `start..k` with nim-sum
/// `need ⊕ acc`, after the coins already `chosen`, each followed by `k`.
/// The last coin is looked up in `by_value`.
#[allow(clippy::too_many_arguments)]
fn choose(
    g: &[u32],
    by_value: &FxHashMap<u32, Vec<usize>>,
    k: usize,
    left: usize,
    need: u32,
    start: usize,
    acc: u32,
    chosen: &mut Vec<usize>,
    out: &mut BTreeSet<Key>,
) {
    match left {
        0 => {
            if acc == need {
                let mut turned = chosen.clone();
                turned.push(k);
                out.insert(Key::from_list(turned));
            }
        }
        1 => {
            if let Some(cs) = by_value.get(&(need ^ acc)) {
                let from = cs.partition_point(|&c| c < start);
                for &c in cs[from..].iter().take_while(|&&c| c < k) {
                    let mut turned = chosen.clone();
                    turned.push(c);
                    turned.push(k);
                    out.insert(Key::from_list(turned));
                }
            }
        }
        _ => {
            // Leave room for the `left − 1` coins after `a`.
            for a in start..k.saturating_sub(left - 1) {
                chosen.push(a);
                choose(
                    g,
                    by_value,
                    k,
                    left - 1,
                    need,
                    a + 1,
                    acc ^ g[a],
                    chosen,
                    out,
                );
                chosen.pop();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turtles_example() {
        let rule = Rule::turtles();
        let row: Coins = "THHTH".parse().unwrap();
        assert_eq!(nimber(&rule, &row), Nimber(4));
        let w = winning_moves(&rule, &row);
        assert_eq!(w, [CoinMove { turned: vec![1, 5] }]);
        assert_eq!(w[0].to_string(), "turn 1,5");
        assert_eq!(w[0].apply(&row).to_string(), "HHHTT");
        assert!(w[0].is_legal(&rule, &row));
        assert!(!CoinMove { turned: vec![4] }.is_legal(&rule, &row));
    }

    #[test]
    fn all_tails_has_no_moves() {
        let row: Coins = "TTT".parse().unwrap();
        for r in ["turtles", "ruler", "at(1,2)", "exactly(3)"] {
            let rule: Rule = r.parse().unwrap();
            assert_eq!(nimber(&rule, &row), Nimber(0));
            assert!(winning_moves(&rule, &row).is_empty());
            assert!(moves_to_value(&rule, &row, Nimber(1)).is_empty());
        }
    }
}
