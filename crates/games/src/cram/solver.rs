//! The nimber of a Cram position by search over regions.
//!
//! - **Regions.** A position is the sum of the connected regions of its
//!   empty cells, so its nimber is the nim-sum of theirs
//!   (Sprague–Grundy; Winning Ways, 2nd ed., ch. 3 and ch. 22 on Cram).
//!   Two equal regions cancel (`G + G = 0`).
//! - **Reductions.** Lone cells, surplus leaves and cells held only
//!   between leaf-carrying cells are dropped ([`Grid::reduce`]).
//! - **Closed forms.** A region whose cells form a path of `n` cells is
//!   Dawson's Kayles (octal 0.07) on a heap of `n`: a domino takes two
//!   adjacent cells of the path, leaving two paths (OEIS A002187 gives the
//!   values, shifted by one). A cycle of `n` cells has the one option
//!   "path of `n − 2`".
//! - **Canonical forms.** A region is stored under its least image under
//!   the board's symmetries ([`Grid::canonical`]), in a [`Table`] bounded by
//!   memory.
//! - **Pruning** (Beling and Rogalski, "On pruning search trees of
//!   impartial games", *Artificial Intelligence* 283, 2020): the value of
//!   a region is the least value none of its options has, so an option is
//!   asked only whether its value lies in the set of values still
//!   possible for the region, and a region asked that is searched only
//!   until its value is known to lie outside it.
//!
//! - **Layout.** A position whose rows fit a `u64` is searched in one
//!   ([`Narrow`], as igsolve does), any other in a `u128` ([`Wide`]);
//!   each has its table (the `u64` one seven forms to a cache line), and
//!   a solver turns to the `u128` one for good once a position does not
//!   fit a `u64`.
//!
//! The search does no I/O; it reports progress and is stopped through
//! [`Progress`].

use super::cells::{Cells, Grid};
use super::exclusions::Exclusions;
use super::layout::{Narrow, Wide};
use super::nimber_set::NimberSet;
#[cfg(test)]
use super::shared_table::SharedMemory;
use super::shared_table::{Guards, Shared};
use super::table::{Key, Table, Tables};
use grundy_core::progress::Progress;
use grundy_core::{Error, Result};
use std::sync::atomic::AtomicBool;

mod ascend;
mod closed_forms;
mod options;
mod parallel;
mod rings;
mod snapshot;
use ascend::{no_value, turned, value_bit, ASCEND_FROM};
use closed_forms::closed_form;
pub use closed_forms::dawson;
use parallel::Worker;
pub use snapshot::{Restore, Saver, Snapshot, TableView};

/// What a search counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Regions whose nimber the search settled (not read from the table
    /// or a closed form).
    pub regions: u64,
    /// Positions reached by a move and split into regions.
    pub positions: u64,
}

/// A position split: the nim-sum of the values already known, and the
/// canonical forms of the regions still to solve (after equal pairs
/// cancelled), at `start..` of the solver's stack.
struct Split {
    known: u8,
    start: usize,
}

/// An option of the region being searched whose value is not yet known:
/// the nim-sum `x` of its known regions and its unknown regions at
/// `start..start + len` of the solver's stack.
#[derive(Clone, Copy)]
struct Pending {
    x: u8,
    start: usize,
    len: usize,
    cells: u32,
    exact: bool,
}

/// A region's options split for a question ([`Solver::open_options`]).
struct Opened {
    /// The values not yet excluded by an option.
    possible: NimberSet,
    /// The values below 64 of the options answered (as [`Solver::seen`]).
    seen: u64,
    /// The options not answered: `pending[base..end]`.
    base: usize,
    end: usize,
    /// Where to start asking them (see [`Solver::rotate`]).
    turn: usize,
    /// The length of the stack before the options were split.
    stack_base: usize,
}

/// The Cram search: the table and the counts carried from one question to
/// the next.
pub struct Solver<'a> {
    tables: Tables,
    /// The layout of the table in use: `None` before the first position,
    /// then narrow while every position fits [`Narrow`], wide for good
    /// once one does not.
    narrow: Option<bool>,
    table_bytes: usize,
    dawson: Vec<u8>,
    stack: Vec<Cells>,
    pending: Vec<Pending>,
    stats: Stats,
    progress: Option<&'a dyn Progress>,
    saver: Option<&'a mut (dyn Saver + Send)>,
    next_report: u64,
    /// The table shared with the other threads of a parallel search
    /// (`None`: the solver's own `tables` serve).
    shared: Option<&'a Shared<'a>>,
    /// This thread's hold on `shared`, let go of at each [`poll`](Self::poll).
    guards: Option<Guards<'a>>,
    /// The threads of the search.
    threads: usize,
    /// The least cells of a region whose options are asked by all the
    /// threads at once.
    parallel_cells: u32,
    /// Set when the work of a worker thread is no longer wanted (`Some`
    /// only in a worker, which never starts threads itself).
    abort: Option<&'a AtomicBool>,
    /// What each worker thread keeps from one value tested to the next.
    workers: Vec<Worker>,
    /// Set in a worker when the option it asks is answered by another.
    task_done: Option<&'a AtomicBool>,
    /// The positions at which to [`poll`](Self::poll) next.
    next_poll: u64,
    /// Where the next region searched starts asking its options, as a
    /// fraction of them in 1/65,536ths (0: at the first). A thread that
    /// helps another with the same question starts part way round, so the
    /// two solve different options and find each other's in the table.
    rotate: u16,
    /// The values below 64 of the options of the region whose search
    /// last gave up (each one a value that region does not have), set as
    /// [`search`](Self::search) returns `None`.
    seen: u64,
    /// Set when the next [`ascend`](Self::ascend) is the root's, which
    /// tells the progress how far it is.
    at_root: bool,
}

/// The least cells of a region a parallel search splits among its
/// threads: smaller ones take milliseconds.
const PARALLEL_CELLS: u32 = 30;

/// The regions whose exclusions a solver keeps beside a table bounded by
/// `bound` bytes that holds `table_bytes` now: `2^bits`, an eighth of the
/// bound's bytes at 16 bytes a region but at most `2^18` (4 MiB of `u64`
/// forms: on 5 × 7 and 5 × 8 twice as many save 3 % more positions), and
/// more once the table itself grows past eight times that (an eighth of
/// its bytes, at `slot_bytes` a region): a board whose table reaches a
/// GiB keeps `2^23` regions. On 5 × 8 asked whether its value is 3 (it
/// is 1), `2^18` regions give 156 million positions and `2^24` 128
/// million; on 6 × 7, growing the cache with the table cut the positions
/// from 9.5 to 6.1 billion.
fn exclusion_bits(bound: usize, table_bytes: usize, slot_bytes: usize) -> u32 {
    let least = (bound / 8 / 16).max(1).ilog2().clamp(6, 18);
    least.max((table_bytes / 8 / slot_bytes).max(1).ilog2())
}

/// Regions between progress reports (and stop checks).
const REPORT_EVERY: u64 = 1 << 14;

/// Positions between two polls (about 15 ms): how long a stop asked by
/// the progress waits, at most, and in a parallel search how long a table
/// that wants to grow waits for the threads and how long a thread goes on
/// with work no longer wanted.
const POLL_EVERY: u64 = 1 << 16;

impl Restore for Solver<'_> {
    fn reserve(&mut self, narrow: u64, wide: u64) {
        Solver::reserve(self, narrow, wide);
    }

    fn restore(&mut self, run: &Snapshot) {
        Solver::restore(self, run);
    }
}

impl<'a> Solver<'a> {
    /// A solver whose table holds at most `table_bytes` bytes.
    pub fn new(table_bytes: usize) -> Solver<'a> {
        Solver {
            tables: Tables::empty(),
            narrow: None,
            table_bytes,
            dawson: dawson(128),
            stack: Vec::with_capacity(1024),
            pending: Vec::with_capacity(1024),
            stats: Stats::default(),
            progress: None,
            saver: None,
            next_report: REPORT_EVERY,
            shared: None,
            guards: None,
            threads: 1,
            parallel_cells: PARALLEL_CELLS,
            abort: None,
            workers: Vec::new(),
            task_done: None,
            rotate: 0,
            seen: 0,
            at_root: false,
            next_poll: POLL_EVERY,
        }
    }

    /// Reports regions solved to `progress` and stops when it asks.
    pub fn with_progress(mut self, progress: &'a dyn Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// Offers a snapshot of the table to `saver` whenever it is due.
    pub fn with_saver(mut self, saver: &'a mut (dyn Saver + Send)) -> Self {
        self.saver = Some(saver);
        self
    }

    /// A copy of every value of the table (for small tables: a saver
    /// reads the table itself, [`with_table`](Self::with_table)).
    pub fn snapshot(&mut self) -> Snapshot {
        self.with_table(|t| t.collect())
    }

    /// Calls `f` with a view of every value of the table, which no thread
    /// writes while `f` runs (in a parallel search, the calling thread
    /// waits until the others let go of the table, every 65,536
    /// positions at most, and they wait for `f`).
    pub fn with_table<R>(&mut self, f: impl FnOnce(&TableView<'_>) -> R) -> R {
        match self.shared {
            Some(shared) => {
                let held = self.guards.take().is_some();
                let r = shared.frozen(|narrow, wide| f(&TableView::shared(narrow, wide)));
                if held {
                    self.guards = Some(shared.read());
                }
                r
            }
            None => f(&TableView::local(&self.tables.narrow, &self.tables.wide)),
        }
    }

    /// Grows the table of `K` until `more` values more fit it (at most
    /// half full, while its bound allows).
    fn reserve_for<K: Key>(&mut self, more: usize) {
        match self.shared {
            Some(shared) => {
                let held = self.guards.take().is_some();
                shared.reserve::<K>(more);
                if held {
                    self.guards = Some(shared.read());
                }
            }
            None => K::of_mut(&mut self.tables).reserve(more),
        }
        self.fit_exclusions::<K>();
    }

    /// Makes room for the values a checkpoint says it holds, `narrow`
    /// `u64` forms and `wide` `u128` ones (a checkpoint holding `u128`
    /// forms turns this solver to the wide layout, as
    /// [`restore`](Self::restore) does): the table grows once, not value
    /// by value. The counts are a claim: the table grows no further than
    /// its bound allows.
    pub fn reserve(&mut self, narrow: u64, wide: u64) {
        let n = |c: u64| usize::try_from(c).unwrap_or(usize::MAX);
        if wide > 0 {
            if self.narrow != Some(false) {
                self.use_wide();
            }
            self.reserve_for::<u128>(n(wide));
        } else if narrow > 0 && self.narrow != Some(false) {
            if self.narrow.is_none() {
                self.use_narrow();
            }
            self.reserve_for::<u64>(n(narrow));
        }
    }

    /// Puts every value of `entries` in the table of `K`.
    fn put_all<K: Key>(&mut self, entries: &[(K, u8)]) {
        match self.shared {
            Some(shared) => {
                self.guards = None;
                shared.put_all(entries);
                self.guards = Some(shared.read());
            }
            None => K::of_mut(&mut self.tables).put_all(entries),
        }
        self.fit_exclusions::<K>();
    }

    /// Puts the values of `snapshot` in the table (a snapshot of a solver
    /// that had turned to the `u128` layout turns this one too).
    pub fn restore(&mut self, snapshot: &Snapshot) {
        if !snapshot.wide.is_empty() {
            if self.narrow != Some(false) {
                self.use_wide();
            }
            self.put_all(&snapshot.wide);
        } else if !snapshot.narrow.is_empty() && self.narrow != Some(false) {
            if self.narrow.is_none() {
                self.use_narrow();
            }
            self.put_all(&snapshot.narrow);
        }
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The bytes of the table.
    pub fn table_bytes(&self) -> usize {
        match &self.guards {
            Some(g) => g.narrow.bytes() + g.wide.bytes(),
            None => self.tables.narrow.bytes() + self.tables.wide.bytes(),
        }
    }

    /// The values the table holds.
    pub fn stored(&self) -> usize {
        match &self.guards {
            Some(g) => g.narrow.stored() + g.wide.stored(),
            None => self.tables.narrow.stored() + self.tables.wide.stored(),
        }
    }

    /// The bytes of the table of `K`.
    fn bytes_of<K: Key>(&self) -> usize {
        match &self.guards {
            Some(g) => K::shared(g).bytes(),
            None => K::of(&self.tables).bytes(),
        }
    }

    /// The layout to search `e` (at the top left) in: [`Narrow`] while
    /// every position asked fits one, else [`Wide`] from then on (the
    /// narrow table is then given up: its forms are not the wide ones).
    fn layout(&mut self, e: Cells) -> Option<Narrow> {
        if self.narrow != Some(false) {
            if let Some(n) = Narrow::fitting(e) {
                if self.narrow.is_none() {
                    self.use_narrow();
                }
                return Some(n);
            }
            self.use_wide();
        }
        None
    }

    /// Turns to the `u64` table (from none).
    fn use_narrow(&mut self) {
        if self.shared.is_none() {
            self.tables.narrow = Table::with_bytes(self.table_bytes);
        }
        self.tables.narrow_out = Exclusions::with_bits(0);
        self.fit_exclusions::<u64>();
        self.narrow = Some(true);
    }

    /// Turns to the `u128` table for good, giving up the `u64` one.
    fn use_wide(&mut self) {
        self.tables.narrow = Table::with_bytes(0);
        self.tables.narrow_out = Exclusions::with_bits(0);
        match self.shared {
            Some(shared) => {
                self.guards = None;
                shared.clear::<u64>();
                self.guards = Some(shared.read());
            }
            None => self.tables.wide = Table::with_bytes(self.table_bytes),
        }
        self.tables.wide_out = Exclusions::with_bits(0);
        self.fit_exclusions::<u128>();
        self.narrow = Some(false);
    }

    /// A solver that searches every position in the [`Wide`] layout.
    #[cfg(test)]
    fn wide_only(mut self) -> Self {
        self.use_wide();
        self
    }

    /// Starts loading the table's bucket of `key` into the cache.
    #[inline]
    fn prefetch<K: Key>(&self, key: K) {
        match &self.guards {
            Some(g) => K::shared(g).prefetch(key),
            None => K::of(&self.tables).prefetch(key),
        }
    }

    /// Starts loading what asking the option after the `n`th of
    /// `pending[base..end]` (in the order [`turned`] by `turn`) reads
    /// first: the table's buckets and the exclusions of its regions. The
    /// loads overlap the asking of the `n`th.
    #[inline]
    fn prefetch_next<K: Key>(&self, base: usize, end: usize, turn: usize, n: usize) {
        if n + 1 < end {
            let q = self.pending[turned(base, end, turn, n + 1)];
            for &k in &self.stack[q.start..q.start + q.len] {
                self.prefetch(K::narrow(k));
                K::out(&self.tables).prefetch(K::narrow(k));
            }
        }
    }

    #[inline]
    fn get<K: Key>(&self, key: K) -> Option<u8> {
        match &self.guards {
            Some(g) => K::shared(g).get(key),
            None => K::of(&self.tables).get(key),
        }
    }

    #[inline]
    fn put<K: Key>(&mut self, key: K, value: u8) {
        if let (Some(g), Some(shared)) = (&self.guards, self.shared) {
            // The table grows at the next report.
            let table = K::shared(g);
            if table.put(key, value) {
                shared.filled(table);
            }
            return;
        }
        let table = K::of_mut(&mut self.tables);
        let before = table.bytes();
        table.put(key, value);
        if table.bytes() != before {
            self.fit_exclusions::<K>();
        }
    }

    /// Grows the exclusions of `K` to the size its table now calls for
    /// ([`exclusion_bits`]; a shared table's bytes shared out among the
    /// threads), keeping what they hold.
    fn fit_exclusions<K: Key>(&mut self) {
        let bytes = self.bytes_of::<K>() / self.threads;
        let bits = exclusion_bits(self.table_bytes, bytes, Exclusions::<K>::SLOT_BYTES);
        K::out_mut(&mut self.tables).grow_to(bits);
    }

    /// Splits `e` into regions: closed forms summed into `known`, the
    /// other regions' canonical forms pushed onto the stack (equal pairs
    /// cancelled).
    fn split<G: Grid>(&mut self, g: &G, e: G::B) -> Split {
        let start = self.stack.len();
        let mut known = 0u8;
        self.split_into(g, g.reduce(e), start, &mut known);
        Split { known, start }
    }

    /// Splits the reduced cells `e` into regions ([`for_each_region`]):
    /// closed forms summed into `known`, the other regions' canonical
    /// forms pushed from `start` (equal pairs cancelled).
    fn split_into<G: Grid>(&mut self, g: &G, e: G::B, start: usize, known: &mut u8) {
        let (dawson, stack) = (&self.dawson, &mut self.stack);
        g.for_each_region(e, &mut |r| {
            if let Some(v) = closed_form(g, dawson, r) {
                *known ^= v;
                return;
            }
            let k = g.canonical(r).widen();
            if let Some(i) = stack[start..].iter().position(|&x| x == k) {
                stack.swap_remove(start + i);
            } else {
                stack.push(k);
            }
        });
    }

    /// The nimber of the position `e` (any set of cells in the layout of
    /// [`super::cells`]). Each region is solved by testing the values
    /// `0, 1, 2, …` in turn (Beling and Rogalski's aspiration sets).
    ///
    /// # Errors
    /// [`Error::Stopped`] when the progress asks.
    pub fn nimber(&mut self, e: Cells) -> Result<u8> {
        self.nimber_from(e, 0)
    }

    /// The nimber of the position `e`, known (by a proof outside the
    /// search, such as a symmetry strategy) to be at least `least` when
    /// `e` is one region: the values below it are not tested. For a
    /// position of several regions `least` is not used (a bound on a sum
    /// bounds none of its parts).
    ///
    /// # Errors
    /// As [`nimber`](Self::nimber).
    pub fn nimber_from(&mut self, e: Cells, least: u8) -> Result<u8> {
        let e = Wide.to_corner(e);
        match self.layout(e) {
            Some(g) => self.nimber_in(&g, g.import(e), least),
            None => self.nimber_in(&Wide, e, least),
        }
    }

    /// [`nimber_from`](Self::nimber_from) in the layout `g`.
    fn nimber_in<G: Grid>(&mut self, g: &G, e: G::B, least: u8) -> Result<u8> {
        let s = self.split(g, e);
        let least = if s.known == 0 && self.stack.len() == s.start + 1 {
            least
        } else {
            0
        };
        let mut v = s.known;
        while self.stack.len() > s.start {
            let k = G::Key::narrow(self.stack.pop().unwrap_or_default());
            v ^= match self.get(k) {
                Some(x) => x,
                None => self.aspiration(g, k, least)?,
            };
        }
        Ok(v)
    }

    /// Whether the position `e` has nimber `target`: every region but the
    /// largest solved in full, the largest only asked whether its value
    /// completes the nim-sum to `target`.
    ///
    /// # Errors
    /// As [`nimber`](Self::nimber).
    pub fn nimber_is(&mut self, e: Cells, target: u8) -> Result<bool> {
        let mut want = NimberSet::default();
        want.insert(target);
        Ok(self.position_in(e, want)? == Some(target))
    }

    /// The nimber of the position `e` if it is below `bound`, else `None`:
    /// every region but the largest solved in full, the largest only
    /// asked about the values that complete the nim-sum to one below
    /// `bound`.
    ///
    /// # Errors
    /// As [`nimber`](Self::nimber).
    pub fn nimber_below(&mut self, e: Cells, bound: u8) -> Result<Option<u8>> {
        let v = self.position_in(e, NimberSet::below(u32::from(bound)))?;
        Ok(v.filter(|&v| v < bound))
    }

    /// The nimber of the position `e`, or `None` when it is known not to
    /// lie in `wanted` (a value outside `wanted` may still be returned).
    fn position_in(&mut self, e: Cells, wanted: NimberSet) -> Result<Option<u8>> {
        let e = Wide.to_corner(e);
        match self.layout(e) {
            Some(g) => self.position_in_layout(&g, g.import(e), wanted),
            None => self.position_in_layout(&Wide, e, wanted),
        }
    }

    /// [`position_in`](Self::position_in) in the layout `g`.
    fn position_in_layout<G: Grid>(
        &mut self,
        g: &G,
        e: G::B,
        wanted: NimberSet,
    ) -> Result<Option<u8>> {
        let s = self.split(g, e);
        let len = self.stack.len() - s.start;
        if len == 0 {
            return Ok(Some(s.known));
        }
        let v = self.ask(g, s.known, s.start, len, wanted)?;
        self.stack.truncate(s.start);
        Ok(v)
    }

    /// The nimber of the region with canonical form `key`, or `None` when
    /// it is known not to lie in `wanted` (a value outside `wanted` may
    /// still be returned when it is known).
    fn region_in<G: Grid>(&mut self, g: &G, key: G::Key, wanted: NimberSet) -> Result<Option<u8>> {
        if let Some(v) = self.get(key) {
            return Ok(Some(v));
        }
        let out = G::Key::out(&self.tables).get(key);
        let mut left = wanted;
        left.0[0] &= !out;
        if left.is_empty() {
            return Ok(None);
        }
        let found = if left.greatest().unwrap_or(0) >= ASCEND_FROM {
            self.ascend(g, key, left, 0)?
        } else {
            self.search(g, key, left)?
        };
        if found.is_none() {
            // Not in `left`, nor any value one of its options has.
            G::Key::out_mut(&mut self.tables).add(key, left.0[0] | self.seen);
        }
        Ok(found)
    }

    /// The nimber of the region with canonical form `key`.
    fn region<G: Grid>(&mut self, g: &G, key: G::Key) -> Result<u8> {
        if let Some(v) = self.get(key) {
            return Ok(v);
        }
        let all = NimberSet::below(g.moves_count(g.cells_of(key)) + 1);
        self.search(g, key, all)?.ok_or_else(|| Error::CheckFailed {
            what: "the Cram search".into(),
            reason: "a region's value fell outside every value it can have".into(),
        })
    }

    /// The value of the option whose regions are `stack[start..start +
    /// len]` and whose other regions' values sum to `x`, or `None` when it
    /// is known not to lie in `wanted`: every region but the largest
    /// solved in full, the largest asked only about the values that
    /// complete the nim-sum to a wanted one.
    #[inline]
    fn ask<G: Grid>(
        &mut self,
        g: &G,
        x: u8,
        start: usize,
        len: usize,
        wanted: NimberSet,
    ) -> Result<Option<u8>> {
        self.ask_rotated(g, x, start, len, wanted, 0)
    }

    /// [`ask`](Self::ask), the search of the largest region starting
    /// `rotate` of the way round its options (see [`Solver::rotate`]).
    fn ask_rotated<G: Grid>(
        &mut self,
        g: &G,
        mut x: u8,
        start: usize,
        len: usize,
        wanted: NimberSet,
        rotate: u16,
    ) -> Result<Option<u8>> {
        let largest = (start..start + len)
            .max_by_key(|&i| G::Key::narrow(self.stack[i]).size())
            .unwrap_or(start);
        G::Key::out(&self.tables).prefetch(G::Key::narrow(self.stack[largest]));
        for i in start..start + len {
            if i != largest {
                let k = G::Key::narrow(self.stack[i]);
                x ^= self.region(g, k)?;
            }
        }
        let k = G::Key::narrow(self.stack[largest]);
        self.rotate = rotate;
        let y = self.region_in(g, k, wanted.xor(x));
        self.rotate = 0;
        Ok(y?.map(|y| y ^ x))
    }

    /// Stores `value`, the value a search of the region `key` found, and
    /// counts the region solved.
    ///
    /// # Errors
    /// [`Error::CheckFailed`] when no value was found (every value up to
    /// the number of moves taken by an option: impossible, a value is the
    /// least one no option has); [`Error::Stopped`] as [`Solver::nimber`].
    fn settle<K: Key>(&mut self, key: K, value: Option<u8>) -> Result<u8> {
        let value = value.ok_or_else(no_value)?;
        self.put(key, value);
        self.stats.regions += 1;
        self.report()?;
        Ok(value)
    }

    /// Searches the region `key` (not in the table) for its value, giving
    /// up once it is known not to lie in `wanted`.
    ///
    /// `possible` holds the values not yet excluded, starting from
    /// `0..=moves` (a value is the least one no option has, and there are
    /// `moves` options). Each option answered exactly excludes its value.
    /// An option is asked only whether its value lies among the possible
    /// values below the greatest one (and at most the greatest wanted);
    /// one that says no excludes the greatest possible value instead.
    /// Every value given up that way lies above all the values still
    /// possible when it went, and each option excludes at most one value,
    /// so at least one of those is never excluded: the least possible
    /// value at the end is the region's value whenever it is at most the
    /// greatest wanted, and once no wanted value is possible none can be
    /// the value (Beling and Rogalski 2020, §4). A value found is stored.
    fn search<G: Grid>(&mut self, g: &G, key: G::Key, wanted: NimberSet) -> Result<Option<u8>> {
        self.poll()?;
        let top_wanted = NimberSet::up_to(wanted.greatest().unwrap_or(0));
        let mut exact = true;
        let Some(Opened {
            mut possible,
            mut seen,
            base,
            end,
            turn,
            stack_base,
        }) = self.open_options(g, g.cells_of(key), wanted)
        else {
            return Ok(None);
        };
        let mut gave_up = false;
        for n in base..end {
            let i = turned(base, end, turn, n);
            if possible.and(wanted).is_empty() {
                gave_up = true;
                break;
            }
            let greatest = possible.greatest().unwrap_or(0);
            let mut ask = possible.and(top_wanted);
            ask.remove(greatest);
            let p = self.pending[i];
            self.prefetch_next::<G::Key>(base, end, turn, n);
            match self.ask(g, p.x, p.start, p.len, ask)? {
                Some(y) => {
                    possible.exclude(y);
                    seen |= value_bit(y);
                }
                None => {
                    possible.remove(greatest);
                    exact = false;
                }
            }
        }
        self.pending.truncate(base);
        self.stack.truncate(stack_base);
        if gave_up || possible.and(wanted).is_empty() {
            self.seen = seen;
            return Ok(None);
        }
        let Some(value) = possible.least() else {
            return Err(Error::CheckFailed {
                what: "the Cram search".into(),
                reason: "a region excluded every value up to its number of moves".into(),
            });
        };
        if exact || top_wanted.contains(value) {
            self.settle(key, Some(value)).map(Some)
        } else {
            self.seen = seen;
            Ok(None)
        }
    }

    fn report(&mut self) -> Result<()> {
        if self.stats.regions >= self.next_report {
            self.next_report += REPORT_EVERY;
            if let Some(saver) = self.saver.take() {
                let saved = if saver.due() {
                    self.with_table(|t| saver.save(t))
                } else {
                    Ok(())
                };
                self.saver = Some(saver);
                saved?;
            }
            if let Some(p) = self.progress {
                p.advance(REPORT_EVERY);
                if p.stop_requested() {
                    return Err(Error::Stopped);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::Board;
    use grundy_core::impartial::MemoSolver;

    impl Solver<'_> {
        fn stored_after(mut self, b: &Board) -> usize {
            self.nimber(b.cells()).unwrap();
            self.stored()
        }
    }

    /// `board` after a random set of its moves, each played (if its cells
    /// are still empty) with chance 1 in `one_in` (xorshift from `seed`).
    fn random_position(board: &Board, seed: &mut u64, one_in: u64) -> Board {
        let mut b = board.clone();
        for m in board.moves() {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            if *seed % one_in == 0 && b.is_empty(m.0 .0, m.0 .1) && b.is_empty(m.1 .0, m.1 .1) {
                b = b.after(m);
            }
        }
        b
    }

    fn fast(b: &Board) -> u8 {
        Solver::new(1 << 20).nimber(b.cells()).unwrap()
    }

    #[test]
    fn dawson_is_a002187_shifted() {
        // OEIS A002187 (Dawson's Chess), a(n-1) for Dawson's Kayles.
        let a002187 = [
            0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3,
        ];
        let d = dawson(a002187.len());
        for (n, &a) in a002187.iter().enumerate() {
            assert_eq!(d[n + 1], a, "heap {}", n + 1);
        }
    }

    #[test]
    fn small_boards_agree_with_the_plain_search() {
        let mut plain = MemoSolver::new();
        for r in 1..=4 {
            for c in r..=(18 / r).min(15) {
                let b = Board::empty(r, c).unwrap();
                let v = plain.nimber(&b).0;
                assert_eq!(u32::from(fast(&b)), v, "{r}x{c}");
                // The symmetry strategy's outcomes, checked by the search.
                match b.symmetry_outcome() {
                    Some(false) => assert_eq!(v, 0, "{r}x{c}"),
                    Some(true) => assert_ne!(v, 0, "{r}x{c}"),
                    None => assert!(r % 2 == 1 && c % 2 == 1, "{r}x{c}"),
                }
                if v != 0 {
                    let mut s = Solver::new(1 << 16);
                    assert_eq!(u32::from(s.nimber_from(b.cells(), 1).unwrap()), v);
                }
            }
        }
    }

    #[test]
    fn random_pictures_agree_with_the_plain_search() {
        let mut plain = MemoSolver::new();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for (rows, cols) in [(4, 4), (3, 6), (2, 9), (4, 5), (1, 15)] {
            let board = Board::empty(rows, cols).unwrap();
            for _ in 0..60 {
                let b = random_position(&board, &mut seed, 5);
                assert_eq!(u32::from(fast(&b)), plain.nimber(&b).0, "{}", b.text());
            }
        }
    }

    #[test]
    fn questions_about_values_agree_with_the_plain_search() {
        // One solver for every question, so that what one question leaves
        // in the table and the exclusions serves the next.
        let mut plain = MemoSolver::new();
        let mut s = Solver::new(1 << 16);
        let mut seed = 0x0DDB_1A5E_5EED_F00Du64;
        let mut above = 0;
        for (rows, cols) in [(4, 5), (3, 7), (5, 5), (4, 6)] {
            let board = Board::empty(rows, cols).unwrap();
            for _ in 0..25 {
                let b = random_position(&board, &mut seed, 7);
                let v = plain.nimber(&b).0 as u8;
                for k in 0..=6u8 {
                    let text = b.text();
                    assert_eq!(s.nimber_is(b.cells(), k).unwrap(), v == k, "{text} is {k}");
                    let below = s.nimber_below(b.cells(), k).unwrap();
                    assert_eq!(below, (v < k).then_some(v), "{text} below {k}");
                    above += usize::from(k >= ASCEND_FROM && v > k);
                }
            }
        }
        // Questions about values from ASCEND_FROM up that the answer is no.
        assert!(above >= 20, "{above}");
    }

    #[test]
    fn both_layouts_give_the_same_values() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut searched = 0;
        for (r, c) in [(3, 5), (4, 5), (3, 7), (5, 5), (4, 7), (2, 11)] {
            let board = Board::empty(r, c).unwrap();
            for k in 0..12 {
                let b = if k == 0 {
                    board.clone()
                } else {
                    random_position(&board, &mut seed, 6)
                };
                let narrow = Solver::new(1 << 20).nimber(b.cells()).unwrap();
                let mut s = Solver::new(1 << 20).wide_only();
                assert_eq!(s.nimber(b.cells()).unwrap(), narrow, "{}", b.text());
                assert_eq!(s.tables.narrow.stored(), 0);
                searched += s.tables.wide.stored();
            }
        }
        assert!(searched > 1000, "{searched}");
    }

    #[test]
    fn a_stop_is_heeded_within_a_poll() {
        struct StopNow;
        impl Progress for StopNow {
            fn stop_requested(&self) -> bool {
                true
            }
        }
        // 5 × 8 settles its first 16,384 regions (the first report) after
        // about a million positions; the stop is heeded at the first poll.
        let b = Board::empty(5, 8).unwrap();
        let mut s = Solver::new(1 << 22).with_progress(&StopNow);
        assert!(matches!(s.nimber(b.cells()), Err(Error::Stopped)));
        let p = s.stats().positions;
        assert!((POLL_EVERY..2 * POLL_EVERY).contains(&p), "{p}");
    }

    #[test]
    fn a_tiny_table_gives_the_same_values() {
        // Eviction only costs time: a table of one bucket answers as well.
        for (r, c) in [(3, 5), (4, 5), (3, 7)] {
            let b = Board::empty(r, c).unwrap();
            let big = Solver::new(1 << 20).nimber(b.cells()).unwrap();
            let tiny = Solver::new(64).nimber(b.cells()).unwrap();
            assert_eq!(big, tiny, "{r}x{c}");
        }
    }

    #[test]
    fn a_restored_table_gives_the_same_values_sooner() {
        struct Every(Vec<usize>);
        impl Saver for Every {
            fn due(&mut self) -> bool {
                true
            }
            fn save(&mut self, t: &TableView<'_>) -> Result<()> {
                let (narrow, wide) = t.counts();
                let s = t.collect();
                assert_eq!((s.narrow.len() as u64, s.wide.len() as u64), (narrow, wide));
                self.0.push(s.narrow.len() + s.wide.len());
                Ok(())
            }
        }
        let b = Board::empty(4, 7).unwrap();
        let mut saves = Every(Vec::new());
        let mut first = Solver::new(1 << 22).with_saver(&mut saves);
        assert_eq!(first.nimber(b.cells()).unwrap(), 3);
        let (regions, snap) = (first.stats().regions, first.snapshot());
        drop(first);
        // Offered at every report of 16,384 regions, growing.
        assert_eq!(saves.0.len() as u64, regions / REPORT_EVERY);
        assert!(saves.0.windows(2).all(|w| w[0] <= w[1]), "{:?}", saves.0);
        assert_eq!(snap.narrow.len(), Solver::new(1 << 22).stored_after(&b));
        // A part of the table (the values of a smaller board) or all of it.
        let mut part = Solver::new(1 << 22);
        part.nimber(Board::empty(4, 5).unwrap().cells()).unwrap();
        for s in [part.snapshot(), snap] {
            let mut again = Solver::new(1 << 22);
            again.restore(&s);
            assert_eq!(again.nimber(b.cells()).unwrap(), 3);
            assert!(again.stats().regions < regions);
        }
        // A wide snapshot turns the solver to the wide layout.
        let mut wide = Solver::new(1 << 20).wide_only();
        wide.nimber(Board::empty(3, 5).unwrap().cells()).unwrap();
        let mut again = Solver::new(1 << 20);
        again.restore(&wide.snapshot());
        assert_eq!(
            again.nimber(Board::empty(3, 5).unwrap().cells()).unwrap(),
            1
        );
        assert_eq!((again.narrow, again.stats().regions), (Some(false), 0));
    }

    #[test]
    fn a_parallel_search_gives_the_same_values() {
        // Every region of 8 cells or more shared out among the threads,
        // with a roomy table and with one of a single bucket (every
        // write a fight for it).
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut parallel = 0;
        for bytes in [1 << 20, 64] {
            for (r, c) in [(3, 5), (4, 5), (3, 7), (4, 6), (5, 5), (2, 11)] {
                let board = Board::empty(r, c).unwrap();
                for k in 0..4 {
                    let b = if k == 0 {
                        board.clone()
                    } else {
                        random_position(&board, &mut seed, 7)
                    };
                    let serial = Solver::new(bytes).nimber(b.cells()).unwrap();
                    let mut memory = SharedMemory::with_bytes(bytes, board.cells());
                    let shared = Shared::new(&mut memory);
                    let mut s = Solver::parallel(&shared, 3);
                    s.parallel_cells = 8;
                    assert_eq!(s.nimber(b.cells()).unwrap(), serial, "{}", b.text());
                    parallel += usize::from(!s.workers.is_empty());
                }
            }
        }
        assert!(parallel >= 24, "{parallel}");
    }

    #[test]
    fn a_parallel_search_runs_on_every_thread_and_saves() {
        struct Every(usize);
        impl Saver for Every {
            fn due(&mut self) -> bool {
                true
            }
            fn save(&mut self, t: &TableView<'_>) -> Result<()> {
                // No thread writes the table while the saver reads it:
                // two reads give the same values.
                let (s, again) = (t.collect(), t.collect());
                assert!(s.wide.is_empty() && !s.narrow.is_empty());
                assert_eq!(s, again);
                assert_eq!(t.counts(), (s.narrow.len() as u64, 0));
                self.0 += 1;
                Ok(())
            }
        }
        // 5 × 8, nimber 1 (Beling's table of record): about 150,000
        // regions, so the first thread (which offers the snapshots)
        // reports many times.
        let b = Board::empty(5, 8).unwrap();
        let mut memory = SharedMemory::with_bytes(1 << 24, b.cells());
        let shared = Shared::new(&mut memory);
        let mut saves = Every(0);
        let mut s = Solver::parallel(&shared, 2).with_saver(&mut saves);
        s.parallel_cells = 8;
        assert_eq!(s.nimber(b.cells()).unwrap(), 1);
        assert_eq!(s.workers.len(), 2);
        let (regions, snap) = (s.stats().regions, s.snapshot());
        assert_eq!(snap.narrow.len(), s.stored());
        drop(s);
        assert!(
            saves.0 >= 1 && regions >= REPORT_EVERY,
            "{} {regions}",
            saves.0
        );
        // The table restored into a fresh shared one answers at once.
        let mut again_memory = SharedMemory::with_bytes(1 << 24, b.cells());
        let again_table = Shared::new(&mut again_memory);
        let mut again = Solver::parallel(&again_table, 2);
        again.restore(&snap);
        assert_eq!(again.stored(), snap.narrow.len());
        assert_eq!(again.nimber(b.cells()).unwrap(), 1);
        assert!(again.stats().regions < regions / 10);
        // A wide position turns a shared solver to the u128 forms.
        // 5 rows of 12 do not fit the u64 layout (nor the memory, mapped
        // for 5 × 8's: the wide table is one bucket, and still right).
        let wide = Board::parse("............/............/############/############/....########")
            .unwrap();
        assert_eq!(
            again.nimber(wide.cells()).unwrap(),
            Solver::new(1 << 20).nimber(wide.cells()).unwrap()
        );
        assert_eq!(again.snapshot().narrow.len(), 0);
    }

    #[test]
    fn published_boards() {
        // Beling, README of beling/impartial-games (the table of record).
        for (r, c, v) in [(4, 5, 2), (4, 7, 3), (5, 5, 0), (4, 4, 0)] {
            assert_eq!(fast(&Board::empty(r, c).unwrap()), v, "{r}x{c}");
        }
    }
}
