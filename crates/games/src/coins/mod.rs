//! Coin-turning games (Winning Ways ch. 14, "Turn and Turn About";
//! Ferguson, *Game Theory*, part I ch. 5, "Coin-Turning Games").
//!
//! A row of coins, heads (`H`) or tails (`T`), numbered 1, 2, … from the
//! left. A move turns over a set of coins allowed by the *rule*; the
//! rightmost coin turned must go from heads to tails. The player who cannot
//! move loses.
//!
//! **The coin-turning theorem** (H. W. Lenstra; Winning Ways ch. 14;
//! Ferguson I.5): a position's Grundy value is the nim-sum of the values
//! g(k) of the single-head rows, one per head, and
//! g(k) = mex over the allowed turn-sets `S` with rightmost coin `k` of the
//! nim-sum of g(s) over `s ∈ S ∖ {k}`. (A tail turned to heads behaves like
//! a head added, so a row is a sum of its heads.) [`CoinRow`], the plain
//! game as an [`ImpartialGame`](grundy_core::impartial::ImpartialGame),
//! checks this through the core's generic solvers.
//!
//! # Rules
//!
//! A rule is an expression: terms joined by `|`, the union of their kinds
//! of move. Below, `k` is the rightmost coin turned.
//!
//! | term | the turn-sets |
//! |---|---|
//! | `upto(K)` | coin `k` and at most `K − 1` other coins anywhere to its left |
//! | `exactly(K)` | coin `k` and exactly `K − 1` other coins to its left |
//! | `run` | a run of consecutive coins `k − L + 1, …, k`, any length `L ≥ 1` |
//! | `run(K)` | such a run of length `1 ≤ L ≤ K` |
//! | `at(d1,d2,…)` | coin `k` with coins `k − d1, k − d2, …` (all must exist; the `d`s distinct and positive) |
//! | `turtles`, `turning-turtles` | `upto(2)`: Turning Turtles, g(k) = k |
//! | `mock-turtles` | `upto(3)`: Mock Turtles, g(k) = odious numbers 1, 2, 4, 7, 8, 11, … (OEIS A000069) |
//! | `ruler` | `run`: Ruler, g(k) = the largest power of 2 dividing k (OEIS A006519) |
//!
//! Grammar (letters case-insensitive; `K` and `d` are decimal integers
//! from 1 to [`MAX_ARGUMENT`]):
//!
//! ```text
//! rule := term ('|' term)*
//! term := '(' rule ')' | NAME | WORD '(' number (',' number)* ')'
//! NAME := turtles | turning-turtles | mock-turtles | ruler | run
//! WORD := upto | exactly | run | at        (upto, exactly, run: one number)
//! ```
//!
//! Examples: `turtles`, `upto(4)`, `at(1,3)`, `run(3)|upto(2)`,
//! `exactly(3)|at(2,5)`, `(ruler|at(3))`. A rule never contains `:`, `+` or
//! spaces (it is written inside `coins:RULE:POSITION` sums). Anything else
//! is [`Error::MalformedRule`](grundy_core::Error::MalformedRule): an empty rule,
//! an unknown word, `K = 0`, unbalanced parentheses, a repeated distance.
//!
//! A position is a string of `H` and `T` ([`Coins`]); a move prints as
//! `turn 2,5` ([`CoinMove`]).
//!
//! # Cost
//!
//! [`Rule::single_values`] computes g(1..=n) in O(n·K·V/64) word operations
//! for `upto(K)`/`exactly(K)` (`V` the power of two above the largest
//! value; O(n) for Turning Turtles), O(n·K) for `run(K)`, O(n log V) for
//! `run`, O(n·|d|) for `at`; see [`values`]. [`moves_to_value`] uses a hash
//! index on the last coin: O(n) per head for `upto(3)`; see [`moves`].

pub mod game;
pub mod moves;
pub mod position;
pub mod rule;
pub mod values;

pub use game::{turn_sets, CoinRow, MAX_ROW_COINS};
pub use moves::{
    moves_to_value, nimber, try_moves_to_value, try_moves_to_value_within, try_nimber,
    try_winning_moves, winning_moves, CoinMove, MoveList,
};
pub use position::Coins;
pub use rule::{Rule, Term, BUILTINS, MAX_ARGUMENT, MAX_DEPTH, MAX_DISTANCES, MAX_TERMS};
pub use values::{mock_turtles_value, ruler_value, turtles_value, MEMORY_BUDGET_BITS, WORK_BUDGET};
