//! A sum of components as a canonical position: the multiset of its
//! components, sorted, with every component that has no option dropped
//! (it is the game `0`, and `G + 0` is `G` itself).

use grundy_core::Result;

/// One component: which family of the sum it belongs to (an index into the
/// families the search was given) and its position within that family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Atom {
    /// Index of the family.
    pub family: u16,
    /// The component within its family (a heap size, a coin row's mask, a
    /// vertex number).
    pub id: u64,
}

/// A game family whose components a misère search can sum: every option of
/// a component is a sum of components of the same family (a take-and-break
/// move leaves up to three heaps; a coin row or a graph vertex moves to one
/// row or vertex).
pub trait Family: Sync {
    /// Appends to `out` every option of component `id`, each as the ids of
    /// the components it leaves in place of `id` (empty: nothing left).
    /// Options are listed once each, in a fixed order.
    ///
    /// # Errors
    /// When `id` is not a component of this family.
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()>;
    /// Component `id` as the sum syntax writes it (`kayles:9`, `nim:3`).
    fn label(&self, id: u64) -> String;
}

/// A position: the sorted multiset of its components, none of which is
/// without options.
pub type Position = Box<[Atom]>;

/// Sorts `atoms` into a [`Position`], dropping the components for which
/// `terminal` says there is no option.
pub fn canonical(mut atoms: Vec<Atom>, terminal: impl Fn(Atom) -> bool) -> Position {
    atoms.retain(|&a| !terminal(a));
    atoms.sort_unstable();
    atoms.into_boxed_slice()
}
