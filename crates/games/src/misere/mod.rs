//! Misère play: the last player to move loses.
//!
//! Under misère play the Sprague–Grundy theorem fails: the outcome of a sum
//! is not decided by the nim-sum of its components' nimbers (Winning Ways,
//! 2nd ed., ch. 13; Conway, *On Numbers and Games*, ch. 12). This module
//! holds what decides it instead:
//!
//! - [`position`]: a sum as a sorted multiset of components, each from a
//!   [`Family`] that lists its options (heaps of take-and-break games, Nim
//!   heaps, coin rows, vertices of a game graph);
//! - [`search`]: the misère outcome of any such sum and its winning moves,
//!   by a memoized search over canonical positions — the naive reference
//!   everything else is checked against;
//! - [`genus`]: Conway's genus `g^{γ0 γ1 …}` of a position, computed from
//!   its options' genera, and the tame genera;
//! - [`nim`]: misère Nim's rule (Bouton 1902), the closed form the search
//!   is tested against;
//! - [`heap_search`]: the same search for sums of heaps, built for speed;
//! - [`families`]: the families a misère sum can hold;
//! - [`quotient`]: a misère quotient `Q_N` (Plambeck and Siegel, "Misère
//!   quotients for impartial games", J. Combin. Theory Ser. A 115 (2008))
//!   once found, and [`learn`]: how it is found and proved, level by level
//!   (inside finite monoids first, `expand` and `product`, as Siegel's
//!   MisereSolver does; by learning from searched sums where that fails,
//!   `learner` and `candidate`), and [`periodic`]: when a proved `Q_N` is
//!   the whole game's quotient;
//! - the steps of the proof both ways share, one implementation each:
//!   sums as words and the least sum of each element (`words`), heaps'
//!   options and option sets (`options`), the reduction by
//!   indistinguishability (`reduce`), the conditions (P) (`checks`) and
//!   (N) (`n_check`), and the bounds on the work (`bounds`);
//! - [`universe`]: heaps of several games as one set of labelled heaps, so
//!   that a mixed sum has a quotient too, and a sum decided by a quotient.
//! - [`sums`]: a sum of octal and Nim heaps decided by the heap search, or
//!   by the quotient of its heaps built within a deadline (the runs around
//!   it add the cache, the clock and the race of the two).
//!
//! No cancellation is assumed: under misère play `G + G` is not in general
//! equivalent to `0` (ONAG ch. 12), so equal components are kept. Only a
//! component without options is dropped, since it is the game `0` itself.

mod bounds;
mod candidate;
mod checks;
pub mod cross_check;
mod expand;
pub mod families;
pub mod genus;
pub mod heap_search;
pub mod learn;
mod learner;
mod n_check;
pub mod nim;
mod options;
pub mod periodic;
pub mod position;
mod product;
pub mod quotient;
mod reduce;
pub mod search;
pub mod sum_families;
pub mod sums;
pub mod universe;
mod words;

pub use genus::Genus;
pub use position::{Atom, Family, Position};
pub use search::{Outcome, Search};
