//! From the solved table to the proof's numbers: first moves up to
//! symmetry, reachable-position counts, and the forced-loop endgames split
//! into subgame classes.

use super::geometry::Symmetry;
use super::geometry::{is_station, Cell, Side};
use super::loop_table::{signature_of, LoopTable};
use super::moves::{canonical_key, Entry};
use super::position::Position;
use super::solved::Solved;
use super::subgame::{SubCell, Subgame};
use grundy_core::error::{Error, Result};
use grundy_core::impartial::{MemoSolver, Nimber};
use grundy_core::progress::Progress;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// One first move up to symmetry.
#[derive(Clone, Debug)]
pub struct FirstMove {
    /// The least position of the symmetry class (compact-notation order).
    pub position: Position,
    /// Its entries: compatible loops with masks.
    pub entries: Vec<Entry>,
    /// Its nimber.
    pub nimber: u16,
    /// Number of loops still completable after it.
    pub loops_left: usize,
    /// Number of distinct positions reachable after it, itself included,
    /// not reduced by symmetry.
    pub reachable_positions: u64,
    /// How many raw first moves the class holds (1, 2 or 4).
    pub class_size: usize,
}

/// One subgame class: a canonical subgame with its value.
#[derive(Clone, Debug)]
pub struct SubgameClass {
    /// Id, `1..`, in order of (nimber, cells, form).
    pub id: usize,
    /// Canonical form (translation, rotation and reflection).
    pub form: Subgame,
    /// Its nimber.
    pub nimber: u32,
    /// Number of times it occurs as a subgame of a reachable position,
    /// summed over all forced-loop endgames.
    pub occurrences: u64,
}

/// The endgame after one winning first move that leaves a single loop.
#[derive(Clone, Debug)]
pub struct Endgame {
    /// The first move.
    pub first_move: Position,
    /// The one loop left, as a full position.
    pub forced_loop: Position,
    /// The loop's id in the table.
    pub loop_id: u32,
    /// Positions reachable from the move (itself and the finished loop
    /// included).
    pub reachable_positions: u64,
    /// Ids of the subgame classes occurring in those positions.
    pub class_ids: Vec<usize>,
    /// Number of classes per nimber.
    pub classes_by_nimber: BTreeMap<u32, usize>,
    /// The subgames right after the move: `(class id, nimber)`, sorted.
    pub components: Vec<(usize, u32)>,
}

/// Everything the datasets and the report say.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Tile count.
    pub tiles: usize,
    /// Number of loops.
    pub loops: usize,
    /// Start position's nimber.
    pub start_nimber: u16,
    /// First moves up to symmetry, in ascending order of their position.
    pub first_moves: Vec<FirstMove>,
    /// Number of solved position classes (up to symmetry).
    pub positions_solved: u64,
    /// Number of reachable positions, not reduced by symmetry.
    pub positions_raw: u64,
    /// Position classes by number of placed tiles (index = tiles placed).
    pub classes_by_tiles: Vec<u64>,
    /// Forced-loop endgames, in the order of their first moves.
    pub endgames: Vec<Endgame>,
    /// All subgame classes of all endgames, by id.
    pub subgame_classes: Vec<SubgameClass>,
    /// The start's remoteness (moves to the end with perfect play,
    /// [`super::remoteness`]), when it was computed (T ≤ [`super::remoteness::KEPT_UP_TO`]).
    pub start_remoteness: Option<u16>,
}

impl Analysis {
    /// Number of winning first moves up to symmetry (those of value `*0`).
    pub fn winning_first_moves(&self) -> usize {
        self.first_moves.iter().filter(|f| f.nimber == 0).count()
    }
}

/// The position of a single-loop key's loop and mask.
fn position_of(table: &LoopTable, l: u32, m: u32) -> Position {
    Position::from_tiles(table.tiles(l, m)).expect("a loop's tiles are distinct")
}

/// What one pass over every solved class counts.
#[derive(Clone, Debug, Default)]
struct Counts {
    /// `Σ 4 / stabiliser` over the classes whose representative contains
    /// each first move, by dense first-move index.
    weighted: Vec<u64>,
    /// Raw positions in all.
    raw: u64,
    /// Classes by number of placed tiles.
    layers: Vec<u64>,
    /// Classes seen.
    classes: u64,
}

fn add_into(a: &mut Vec<u64>, b: &[u64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

impl Counts {
    fn merge(mut self, other: Counts) -> Counts {
        add_into(&mut self.weighted, &other.weighted);
        add_into(&mut self.layers, &other.layers);
        self.raw += other.raw;
        self.classes += other.classes;
        self
    }
}

/// Counts over every solved class, fed with the classes in chunks (any
/// order; in key order the loop data is read sequentially, which is
/// faster): raw positions, classes by tiles placed, and for every raw
/// first move the raw positions containing it.
///
/// The last is counted on class representatives only: with `W(F)` the sum
/// of `4 / stabiliser` over classes whose representative contains the
/// first move `F`, the raw positions containing `F` number `Σ_s W(s(F)) /
/// 4` over the four station symmetries `s` (each its own inverse).
pub struct ClassCounter<'a> {
    table: &'a LoopTable,
    /// Station-touching segments of each loop (the first moves inside it)
    /// as `(mask, dense index)`.
    firsts: Vec<Vec<(u32, u32)>>,
    /// Signature of each dense index.
    signatures: Vec<u32>,
    /// Dense index of each index's image under each symmetry.
    images: Vec<[u32; 4]>,
    counts: Counts,
}

/// The totals of a [`ClassCounter`].
#[derive(Clone, Debug)]
pub struct ClassCounts {
    /// Raw positions containing each raw first move, by signature.
    pub by_first_move: FxHashMap<u32, u64>,
    /// Raw positions in all.
    pub raw: u64,
    /// Classes by number of placed tiles.
    pub layers: Vec<u64>,
    /// Classes counted.
    pub classes: u64,
}

impl<'a> ClassCounter<'a> {
    /// A counter for `table`'s game.
    pub fn new(table: &'a LoopTable) -> ClassCounter<'a> {
        let mut index: FxHashMap<u32, u32> = FxHashMap::default();
        let mut signatures: Vec<u32> = Vec::new();
        let mut tiles_of: Vec<Vec<(Cell, super::geometry::TileType)>> = Vec::new();
        let firsts: Vec<Vec<(u32, u32)>> = (0..table.len() as u32)
            .map(|l| {
                table
                    .segments_of(l)
                    .iter()
                    .filter(|s| s.station)
                    .map(|s| {
                        let i = *index.entry(s.signature).or_insert_with(|| {
                            signatures.push(s.signature);
                            tiles_of.push(table.tiles(l, s.mask));
                            (signatures.len() - 1) as u32
                        });
                        (s.mask, i)
                    })
                    .collect()
            })
            .collect();
        let images = tiles_of
            .iter()
            .map(|tiles| {
                Symmetry::ALL.map(|s| {
                    let img: Vec<_> = tiles.iter().map(|&(c, t)| (s.cell(c), s.tile(t))).collect();
                    signature_of(&img)
                        .and_then(|sig| index.get(&sig).copied())
                        .expect("the image of a first move is a first move")
                })
            })
            .collect();
        let counts = Counts {
            weighted: vec![0; signatures.len()],
            ..Counts::default()
        };
        ClassCounter {
            table,
            firsts,
            signatures,
            images,
            counts,
        }
    }

    /// Counts the classes of `chunk` (`(canonical key, nimber)` records).
    pub fn add(&mut self, chunk: &[(u64, u16)]) {
        let (table, firsts) = (self.table, &self.firsts);
        let width = self.signatures.len();
        let c = chunk
            .par_chunks(1 << 14)
            .fold(Counts::default, |mut c, part| {
                if c.weighted.is_empty() {
                    c.weighted = vec![0; width];
                }
                for &(key, _) in part {
                    let (l, m) = ((key >> 32) as u32, key as u32);
                    let placed = m.count_ones() as usize;
                    if c.layers.len() <= placed {
                        c.layers.resize(placed + 1, 0);
                    }
                    c.layers[placed] += 1;
                    let weight = (4 / stabiliser(table, l, m)) as u64;
                    c.raw += weight;
                    c.classes += 1;
                    for &(fm, f) in &firsts[l as usize] {
                        if fm & !m == 0 {
                            c.weighted[f as usize] += weight;
                        }
                    }
                }
                c
            })
            .reduce(Counts::default, Counts::merge);
        self.counts = std::mem::take(&mut self.counts).merge(c);
    }

    /// The totals.
    ///
    /// # Errors
    /// [`Error::CheckFailed`] if a first move's symmetrised count is
    /// not a whole number (which would be a bug).
    pub fn finish(self) -> Result<ClassCounts> {
        let mut by_first_move = FxHashMap::default();
        for (f, &sig) in self.signatures.iter().enumerate() {
            let total: u64 = self.images[f]
                .iter()
                .map(|&g| self.counts.weighted.get(g as usize).copied().unwrap_or(0))
                .sum();
            if total % 4 != 0 {
                return Err(Error::CheckFailed {
                    what: "monorail analysis".into(),
                    reason: format!(
                        "first move {sig:#x}: symmetrised count {total} is not a multiple of 4"
                    ),
                });
            }
            by_first_move.insert(sig, total / 4);
        }
        Ok(ClassCounts {
            by_first_move,
            raw: self.counts.raw,
            layers: self.counts.layers,
            classes: self.counts.classes,
        })
    }
}

/// The number of station symmetries fixing the position `(l, m)`. A
/// symmetry fixing it keeps the sums of its cells' coordinates: with `k`
/// tiles summing to `(sx, sy)`, the mirror `x -> 1 - x` sends the sum of
/// the x to `k - sx` and the mirror `y -> -y` sends that of the y to `-sy`
/// ([`Symmetry`](super::geometry::Symmetry)), so a mirror can fix the
/// position only when `2 sx = k` or `sy = 0`: one pass over the tiles rules
/// out almost every position before the exact test.
fn stabiliser(table: &LoopTable, l: u32, m: u32) -> usize {
    let loop_tiles = &table.loops[l as usize].tiles;
    let (mut sx, mut sy) = (0i64, 0i64);
    let mut bits = m;
    while bits != 0 {
        let c = loop_tiles[bits.trailing_zeros() as usize].0;
        sx += i64::from(c.x);
        sy += i64::from(c.y);
        bits &= bits - 1;
    }
    let k = i64::from(m.count_ones());
    let mut count = 1;
    let mut tiles: Option<Vec<(Cell, super::geometry::TileType)>> = None;
    for s in &super::geometry::Symmetry::ALL[1..] {
        let (fx, fy) = s.flips();
        if (fx && 2 * sx != k) || (fy && sy != 0) {
            continue;
        }
        let tiles = tiles.get_or_insert_with(|| table.tiles(l, m));
        if tiles
            .iter()
            .all(|&(c, t)| tiles.binary_search(&(s.cell(c), s.tile(t))).is_ok())
        {
            count += 1;
        }
    }
    count
}

/// The subgames of the single-loop position `(l, m)`: the 4-connected groups
/// of the loop's empty cells, each cell marked when next to a placed tile
/// or the station.
pub fn subgames_of(table: &LoopTable, l: u32, m: u32) -> Vec<Subgame> {
    let tiles = &table.loops[l as usize].tiles;
    let placed: Vec<Cell> = tiles
        .iter()
        .enumerate()
        .filter(|(k, _)| m >> k & 1 == 1)
        .map(|(_, &(c, _))| c)
        .collect();
    let cells: Vec<SubCell> = tiles
        .iter()
        .enumerate()
        .filter(|(k, _)| m >> k & 1 == 0)
        .map(|(_, &(c, _))| {
            let marked = Side::ALL.iter().any(|&d| {
                let n = c.step(d);
                is_station(n) || placed.contains(&n)
            });
            (c.x, c.y, marked)
        })
        .collect();
    Subgame::new(cells).split()
}

/// Builds the analysis from a solved table.
///
/// # Errors
/// [`Error::CheckFailed`] if the nim-sum of a forced-loop position's
/// subgames differs from the nimber the full solve found for it (which
/// would be a bug: the two computations are independent).
pub fn analyse(
    table: &LoopTable,
    tiles: usize,
    solved: &Solved,
    progress: &dyn Progress,
) -> Result<Analysis> {
    progress.phase("count reachable positions", solved.classes());
    let mut counter = ClassCounter::new(table);
    counter.add(&solved.positions());
    progress.advance(solved.classes());
    let counts = counter.finish()?;
    progress.finish_phase();
    analyse_counted(table, tiles, solved, counts, progress)
}

/// As [`analyse`], with the per-class counts already made (by a
/// [`ClassCounter`] fed while the table was written or read), so that the
/// classes need not be read out of the memo again.
///
/// # Errors
/// As [`analyse`]; also [`Error::CheckFailed`] if `counts` did not
/// count every class of `solved`.
pub fn analyse_counted(
    table: &LoopTable,
    tiles: usize,
    solved: &Solved,
    counts: ClassCounts,
    progress: &dyn Progress,
) -> Result<Analysis> {
    if counts.classes != solved.classes() {
        return Err(Error::CheckFailed {
            what: "monorail analysis".into(),
            reason: format!(
                "{} classes counted of {} solved",
                counts.classes,
                solved.classes()
            ),
        });
    }
    let ClassCounts {
        by_first_move: counts,
        raw: positions_raw,
        layers,
        ..
    } = counts;
    let first_moves = first_moves(table, solved, &counts);
    let forced: Vec<&FirstMove> = first_moves
        .iter()
        .filter(|f| f.nimber == 0 && f.loops_left == 1)
        .collect();
    progress.phase("endgames", forced.len() as u64);
    let mut walk = EndgameWalk {
        table,
        solved,
        solver: MemoSolver::new(),
        class_index: FxHashMap::default(),
    };
    let mut walked = Vec::new();
    for f in forced {
        walked.push(walk.walk(f)?);
        progress.advance(1);
    }
    progress.finish_phase();
    let (ids, subgame_classes) = number_classes(walk.class_index);
    let endgames = walked
        .into_iter()
        .map(|w| w.endgame(table, &ids, &subgame_classes))
        .collect();
    Ok(Analysis {
        tiles,
        loops: table.len(),
        start_nimber: solved.start_nimber,
        first_moves,
        positions_solved: solved.classes(),
        positions_raw,
        classes_by_tiles: layers,
        endgames,
        subgame_classes,
        start_remoteness: None,
    })
}

/// The first moves up to symmetry, in ascending order of their position:
/// each class of the start's options by canonical key, represented by its
/// least position, with its reachable-position count from `counts` (raw
/// positions by first-move signature).
fn first_moves(table: &LoopTable, solved: &Solved, counts: &FxHashMap<u32, u64>) -> Vec<FirstMove> {
    let mut classes: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    for (i, o) in solved.start_options.iter().enumerate() {
        classes.entry(o.canonical_key).or_default().push(i);
    }
    let mut first_moves: Vec<FirstMove> = classes
        .values()
        .map(|members| {
            let mut best: Option<(Position, usize)> = None;
            for &i in members {
                let e = &solved.start_options[i].entries;
                let p = position_of(table, e[0].0, e[0].1);
                if best.as_ref().is_none_or(|(b, _)| p < *b) {
                    best = Some((p, i));
                }
            }
            let (position, i) = best.expect("a class has a member");
            let o = &solved.start_options[i];
            let sig = signature_of(position.tiles()).expect("a first move is a straight run");
            FirstMove {
                reachable_positions: counts.get(&sig).copied().unwrap_or(0),
                position,
                loops_left: o.entries.len(),
                entries: o.entries.clone(),
                nimber: o.nimber,
                class_size: members.len(),
            }
        })
        .collect();
    first_moves.sort_by(|a, b| a.position.cmp(&b.position));
    first_moves
}

/// The walk over the forced-loop endgames: the subgame solver and the
/// subgame classes met, shared by every endgame.
struct EndgameWalk<'a> {
    table: &'a LoopTable,
    solved: &'a Solved,
    solver: MemoSolver<Subgame>,
    /// Canonical subgame -> (nimber, occurrences so far).
    class_index: FxHashMap<Subgame, (u32, u64)>,
}

/// One forced-loop endgame as walked, before its classes are numbered.
struct Walked {
    first_move: Position,
    loop_id: u32,
    /// Positions reachable from the move, itself included.
    count: u64,
    /// The canonical subgames of those positions, sorted, each once.
    forms: Vec<Subgame>,
    /// The canonical subgames right after the move.
    after: Vec<Subgame>,
}

impl EndgameWalk<'_> {
    /// Walks every position reachable after the winning first move `f`,
    /// which leaves a single loop (depth first, by single-tile
    /// placements), checking each against the full solve.
    fn walk(&mut self, f: &FirstMove) -> Result<Walked> {
        let table = self.table;
        let (l, m0) = f.entries[0];
        let single: Vec<(u32, u32)> = table
            .segments_of(l)
            .iter()
            .filter(|s| s.mask.count_ones() == 1)
            .map(|s| (s.mask, if s.station { u32::MAX } else { s.touch }))
            .collect();
        let mut seen = vec![false; 1 << table.loop_len(l)];
        let mut stack = vec![m0];
        seen[m0 as usize] = true;
        let mut forms: Vec<Subgame> = Vec::new();
        let mut count = 0u64;
        while let Some(m) = stack.pop() {
            count += 1;
            self.visit(l, m, &mut forms)?;
            for &(bit, touch) in &single {
                let next = m | bit;
                if m & bit == 0 && touch & m != 0 && !seen[next as usize] {
                    seen[next as usize] = true;
                    stack.push(next);
                }
            }
        }
        forms.sort();
        forms.dedup();
        let after = subgames_of(table, l, m0)
            .iter()
            .map(|s| s.canonical_form())
            .collect::<Vec<_>>();
        Ok(Walked {
            first_move: f.position.clone(),
            loop_id: l,
            count,
            forms,
            after,
        })
    }

    /// Splits the single-loop position `(l, m)` into subgames, values and
    /// counts their classes (their forms pushed onto `forms`), and checks
    /// their nim-sum against the full solve's nimber of the position.
    fn visit(&mut self, l: u32, m: u32, forms: &mut Vec<Subgame>) -> Result<()> {
        let table = self.table;
        let subs = subgames_of(table, l, m);
        let mut total = Nimber::ZERO;
        for s in &subs {
            let c = s.canonical_form();
            let v = self.solver.nimber(&c);
            total ^= v;
            let e = self.class_index.entry(c.clone()).or_insert((v.0, 0));
            e.1 += 1;
            forms.push(c);
        }
        let expected = self.solved.nimber(canonical_key(table, &[(l, m)]));
        if expected != Some(total.0 as u16) {
            return Err(Error::CheckFailed {
                what: "monorail endgame".into(),
                reason: format!(
                    "position {} has subgame nim-sum {} but the full solve gives {:?}",
                    position_of(table, l, m),
                    total,
                    expected
                ),
            });
        }
        Ok(())
    }
}

/// Numbers the subgame classes `1..` by (nimber, size, form): the id of
/// each form, and the classes by id.
fn number_classes(
    class_index: FxHashMap<Subgame, (u32, u64)>,
) -> (FxHashMap<Subgame, usize>, Vec<SubgameClass>) {
    let mut all: Vec<(u32, usize, Subgame, u64)> = class_index
        .into_iter()
        .map(|(g, (v, occ))| (v, g.len(), g, occ))
        .collect();
    all.sort();
    let ids: FxHashMap<Subgame, usize> = all
        .iter()
        .enumerate()
        .map(|(i, (_, _, g, _))| (g.clone(), i + 1))
        .collect();
    let subgame_classes: Vec<SubgameClass> = all
        .into_iter()
        .enumerate()
        .map(|(i, (v, _, g, occ))| SubgameClass {
            id: i + 1,
            form: g,
            nimber: v,
            occurrences: occ,
        })
        .collect();
    (ids, subgame_classes)
}

impl Walked {
    /// The endgame with its subgames named by class id (`ids`, `classes`
    /// from [`number_classes`]).
    fn endgame(
        self,
        table: &LoopTable,
        ids: &FxHashMap<Subgame, usize>,
        classes: &[SubgameClass],
    ) -> Endgame {
        let Walked {
            first_move,
            loop_id: l,
            count,
            forms,
            after,
        } = self;
        let class_ids: Vec<usize> = forms.iter().map(|g| ids[g]).collect();
        let mut classes_by_nimber = BTreeMap::new();
        for &id in &class_ids {
            *classes_by_nimber.entry(classes[id - 1].nimber).or_insert(0) += 1;
        }
        let mut components: Vec<(usize, u32)> = after
            .iter()
            .map(|g| (ids[g], classes[ids[g] - 1].nimber))
            .collect();
        components.sort();
        let full = table.loops[l as usize].tiles.len() as u32;
        Endgame {
            first_move,
            forced_loop: position_of(table, l, (1u64 << full).wrapping_sub(1) as u32),
            loop_id: l,
            reachable_positions: count,
            class_ids,
            classes_by_nimber,
            components,
        }
    }
}
