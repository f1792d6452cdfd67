//! What a long search keeps from time to time: the values of its table,
//! read where they lie (a copy of a table of hundreds of millions of
//! values would take more memory than the table), and put back as they
//! are read.

use crate::cram::shared_table::SharedTable;
use crate::cram::table::{Key, Table};
use grundy_core::Result;

/// The values of a solver's table: canonical forms of regions
/// ([`crate::cram::layout::Narrow`]'s or [`Wide`](crate::cram::layout::Wide)'s, whichever the solver
/// used) and their nimbers, each an exact value whenever it was taken,
/// so a search given them answers as one without them. A copy, for small
/// tables and tests; a saver reads the table itself ([`TableView`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// The `u64` forms and their nimbers.
    pub narrow: Vec<(u64, u8)>,
    /// The `u128` forms and their nimbers.
    pub wide: Vec<(u128, u8)>,
}

/// Where the values of one kind of key lie.
#[derive(Clone, Copy)]
enum Values<'t, K> {
    /// A one-thread solver's table.
    Table(&'t Table<K>),
    /// A parallel search's table, which no thread writes while the view
    /// lasts.
    Shared(&'t SharedTable<'t, K>),
    /// A copy.
    Listed(&'t [(K, u8)]),
}

impl<K: Key + Copy> Values<'_, K> {
    fn for_each<E>(
        self,
        mut f: impl FnMut(K, u8) -> std::result::Result<(), E>,
    ) -> std::result::Result<(), E> {
        match self {
            Values::Table(t) => t.entries().try_for_each(|(k, v)| f(k, v)),
            Values::Shared(t) => t.for_each(f),
            Values::Listed(l) => l.iter().try_for_each(|&(k, v)| f(k, v)),
        }
    }
}

/// Every value of a solver's table as it is while the view lasts (no
/// thread writes the table meanwhile), to be read as often as wanted:
/// what a [`Saver`] is given.
#[derive(Clone, Copy)]
pub struct TableView<'t> {
    narrow: Values<'t, u64>,
    wide: Values<'t, u128>,
}

impl<'t> TableView<'t> {
    /// The view of a one-thread solver's tables.
    pub(crate) fn local(narrow: &'t Table<u64>, wide: &'t Table<u128>) -> TableView<'t> {
        TableView {
            narrow: Values::Table(narrow),
            wide: Values::Table(wide),
        }
    }

    /// The view of a parallel search's tables, which the caller keeps
    /// every thread from writing while the view lasts.
    pub(crate) fn shared(
        narrow: &'t SharedTable<'t, u64>,
        wide: &'t SharedTable<'t, u128>,
    ) -> TableView<'t> {
        TableView {
            narrow: Values::Shared(narrow),
            wide: Values::Shared(wide),
        }
    }

    /// The view of a copy.
    pub fn of(snapshot: &'t Snapshot) -> TableView<'t> {
        TableView {
            narrow: Values::Listed(&snapshot.narrow),
            wide: Values::Listed(&snapshot.wide),
        }
    }

    /// The numbers of `u64` forms and of `u128` forms, counted.
    pub fn counts(&self) -> (u64, u64) {
        let mut n = (0u64, 0u64);
        let _ = self.narrow.for_each(|_, _| {
            n.0 += 1;
            Ok::<(), ()>(())
        });
        let _ = self.wide.for_each(|_, _| {
            n.1 += 1;
            Ok::<(), ()>(())
        });
        n
    }

    /// Calls `f` with every `u64` form and its nimber, in the table's
    /// order, until `f` fails.
    ///
    /// # Errors
    /// The first error of `f`.
    pub fn for_each_narrow<E>(
        &self,
        f: impl FnMut(u64, u8) -> std::result::Result<(), E>,
    ) -> std::result::Result<(), E> {
        self.narrow.for_each(f)
    }

    /// Calls `f` with every `u128` form and its nimber, in the table's
    /// order, until `f` fails.
    ///
    /// # Errors
    /// The first error of `f`.
    pub fn for_each_wide<E>(
        &self,
        f: impl FnMut(u128, u8) -> std::result::Result<(), E>,
    ) -> std::result::Result<(), E> {
        self.wide.for_each(f)
    }

    /// A copy of every value.
    pub fn collect(&self) -> Snapshot {
        let mut s = Snapshot::default();
        let _ = self.for_each_narrow(|k, v| {
            s.narrow.push((k, v));
            Ok::<(), ()>(())
        });
        let _ = self.for_each_wide(|k, v| {
            s.wide.push((k, v));
            Ok::<(), ()>(())
        });
        s
    }
}

/// Where a long search keeps its table from time to time (the search
/// does no I/O; whoever gives it a saver does).
pub trait Saver {
    /// Whether a snapshot is wanted now (asked every 16,384 regions
    /// solved).
    fn due(&mut self) -> bool;
    /// Keeps the values of `table` (a parallel search's other threads
    /// wait meanwhile).
    ///
    /// # Errors
    /// Any error of the saver's, which stops the search.
    fn save(&mut self, table: &TableView<'_>) -> Result<()>;
}

/// Where the values of a checkpoint go as they are read, a run at a
/// time, so that they are never all held twice.
pub trait Restore {
    /// Told before the values: how many `u64` and `u128` forms the
    /// checkpoint says it holds (a claim, not yet checked).
    fn reserve(&mut self, narrow: u64, wide: u64);
    /// A run of values: the `u64` forms' runs first, then the `u128`
    /// ones'.
    fn restore(&mut self, run: &Snapshot);
}

impl Restore for Snapshot {
    fn reserve(&mut self, _narrow: u64, _wide: u64) {
        // A claim is not trusted with memory: the vectors grow as values
        // arrive.
    }

    fn restore(&mut self, run: &Snapshot) {
        self.narrow.extend_from_slice(&run.narrow);
        self.wide.extend_from_slice(&run.wide);
    }
}
