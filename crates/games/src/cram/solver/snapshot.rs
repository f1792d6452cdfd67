//! What a long search keeps from time to time: the values of its table.

use grundy_core::Result;

/// The values of a solver's table: canonical forms of regions
/// ([`crate::cram::layout::Narrow`]'s or [`Wide`](crate::cram::layout::Wide)'s, whichever the solver
/// used) and their nimbers, each an exact value whenever it was taken,
/// so a search given them answers as one without them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// The `u64` forms and their nimbers.
    pub narrow: Vec<(u64, u8)>,
    /// The `u128` forms and their nimbers.
    pub wide: Vec<(u128, u8)>,
}

/// Where a long search keeps its table from time to time (the search
/// does no I/O; whoever gives it a saver does).
pub trait Saver {
    /// Whether a snapshot is wanted now (asked every 16,384 regions
    /// solved).
    fn due(&mut self) -> bool;
    /// Keeps `snapshot`.
    ///
    /// # Errors
    /// Any error of the saver's, which stops the search.
    fn save(&mut self, snapshot: &Snapshot) -> Result<()>;
}
