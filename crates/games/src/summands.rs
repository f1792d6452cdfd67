//! The registry of game families that can be summands of a sum: one
//! component in the text form `family:arguments`, its nimber, and its
//! concrete moves to a given value.
//!
//! | text | the component |
//! |---|---|
//! | `nim:5` | a Nim heap of 5 |
//! | `kayles:10`, `dawsons-chess:7`, `dawsons-kayles:9`, `0.137:7`, `hex:0.8F:6` | a heap of that size in an octal (or hexadecimal) game, by name or code |
//! | `coins:turtles:THHTH` | a coin-turning row under a rule (see [`super::coins`]) |
//! | `treblecross:..X....X..` | a Treblecross row (see [`super::treblecross`]) |
//! | `monorail:POSITION`, `monorail:T:POSITION` | a Monorail position with `T` tiles (16 when not given), compact notation, `-` for the start |
//! | `graph:FILE:VERTEX` | a vertex of the game graph in the edge-list file `FILE` (see [`super::graph`]; `FILE` holds no `:`) |
//! | `cram:RxC`, `cram:PICTURE` | a Cram board (see [`super::cram::Board::parse`]: `5x7`, or rows of `.` and `#` split by `/`) |
//!
//! Monorail and graph components are parsed here into [`Component::External`]
//! and given their value by a job (`jobs::sum`), which estimates the
//! Monorail solve before it starts and reads the graph file: this module
//! does no I/O and starts no unbounded work. The job replaces them by
//! [`Component::Solved`], a component whose value and options are known.
#![warn(clippy::arithmetic_side_effects)]

use super::coins::{try_moves_to_value_within, try_nimber, Coins, Rule, WORK_BUDGET};
use super::octal::engine::budget;
use super::octal::theory::code::Leaves;
use super::octal::theory::period::{search, PeriodSearch};
use super::octal::{Computation, Engine, Extended, OctalCode, Values};
use super::treblecross::analysis::{cells_of_row_leaving, longest_gap, Gap};
use super::treblecross::{analyse, GapNimbers, Row};
use grundy_core::error::SumError;
use grundy_core::impartial::Nimber;
use grundy_core::progress::NoProgress;
use grundy_core::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// Largest heap accepted in a sum (its nim-sequence is computed up to it).
pub const MAX_HEAP: u64 = 1 << 24;

/// One summand.
#[derive(Clone, Debug)]
pub enum Component {
    /// A Nim heap.
    Nim(u64),
    /// A heap of an octal game.
    Octal {
        /// The game.
        code: OctalCode,
        /// The heap size.
        heap: usize,
        /// The game's nim-sequence as computed: `G(0..=heap)`, or only the
        /// values its proved period needs ([`super::octal::theory::period::search`]).
        values: Values,
        /// The proved period `(pre-period, period)` that gives the values
        /// past those computed, if the computation stopped at its proof.
        period: Option<(usize, usize)>,
    },
    /// A coin-turning row.
    Coins {
        /// The rule.
        rule: Rule,
        /// The row.
        row: Coins,
    },
    /// A component of a family a job settles (module docs): not yet valued.
    External(External),
    /// A component whose value and every option's value are known (a
    /// settled [`Component::External`]).
    Solved {
        /// The component as written, `monorail:16:-3,0,NS` or `graph:g.csv:a`.
        text: String,
        /// Its family, `monorail` or `graph`.
        family: &'static str,
        /// Its Grundy value.
        nimber: u32,
        /// Every option: the move described, and the value it leaves.
        options: Vec<(String, u32)>,
    },
    /// A Treblecross row without an immediate win.
    Treblecross {
        /// The row.
        row: Row,
        /// Its value, as [`analyse`] settles it (rows shorter than 3
        /// cells included: they have no gaps, and their value is the
        /// parity of their empty cells).
        nimber: u32,
        /// Its gaps, left to right (empty for a row shorter than 3 cells).
        gaps: Vec<Gap>,
        /// Gap values covering its longest gap.
        nimbers: GapNimbers,
    },
}

/// A component of a family settled by a job (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum External {
    /// A Monorail position.
    Monorail {
        /// Tile count `T`.
        tiles: usize,
        /// The position in compact notation, as written (`-` for the start).
        position: String,
    },
    /// A vertex of a game graph.
    Graph {
        /// The edge-list file.
        file: String,
        /// The vertex's name.
        vertex: String,
    },
    /// A Cram board, as written after `cram:` (`5x7` or a picture).
    Cram {
        /// The board's text.
        board: String,
    },
}

impl External {
    /// The family's name.
    pub fn family(&self) -> &'static str {
        match self {
            External::Monorail { .. } => "monorail",
            External::Graph { .. } => "graph",
            External::Cram { .. } => "cram",
        }
    }
}

impl fmt::Display for External {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            External::Monorail { tiles, position } => write!(f, "monorail:{tiles}:{position}"),
            External::Graph { file, vertex } => write!(f, "graph:{file}:{vertex}"),
            External::Cram { board } => write!(f, "cram:{board}"),
        }
    }
}

impl Component {
    /// The component's kind (the `family` of `grundy sum --json`): `nim`,
    /// `coins`, `treblecross`, `monorail`, `graph`, or `octal` for a heap
    /// of any take-and-break game, however it was written (`kayles:10`,
    /// `0.137:7`, `hex:0.8F:6`, `laskers-nim:3`; the game's own family,
    /// octal, hexadecimal or other, is [`OctalCode::family`]).
    pub fn family(&self) -> &'static str {
        match self {
            Component::Nim(_) => "nim",
            Component::Octal { .. } => "octal",
            Component::Coins { .. } => "coins",
            Component::Treblecross { .. } => "treblecross",
            Component::External(e) => e.family(),
            Component::Solved { family, .. } => family,
        }
    }

    /// The component's Grundy value.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] when a value cannot be computed here (a
    /// coin-turning value out of range, or an [`External`] component no
    /// job has settled).
    pub fn nimber(&self) -> Result<Nimber> {
        Ok(match self {
            Component::Nim(n) => Nimber(u32::try_from(*n).map_err(|_| Error::OutOfRange {
                what: format!("nim:{n}"),
                reason: format!("heaps are at most {MAX_HEAP}"),
            })?),
            Component::Octal {
                heap,
                values,
                period,
                ..
            } => Nimber(octal_value(values, *period, *heap)),
            Component::Coins { rule, row } => try_nimber(rule, row)?,
            Component::Treblecross { nimber, .. } => Nimber(*nimber),
            Component::Solved { nimber, .. } => Nimber(*nimber),
            Component::External(e) => return Err(unsettled(e)),
        })
    }

    /// Every move of this component to a position of value `target`,
    /// described concretely ("take 3, leaving 2"), in a fixed order.
    ///
    /// # Errors
    /// As [`moves_to_within`](Self::moves_to_within).
    pub fn moves_to(&self, target: Nimber) -> Result<Vec<String>> {
        Ok(self.moves_to_within(target, usize::MAX)?.1)
    }

    /// The number of moves of this component to a position of value
    /// `target`, and the first `limit` of them described as by
    /// [`moves_to`](Self::moves_to): only those are formatted, so a heap of
    /// millions or a Ruler row of thousands of heads stays small.
    ///
    /// # Errors
    /// As [`nimber`](Self::nimber), or a coin-turning enumeration whose
    /// estimated work is above [`WORK_BUDGET`].
    pub fn moves_to_within(&self, target: Nimber, limit: usize) -> Result<(usize, Vec<String>)> {
        Ok(match self {
            Component::Nim(n) => {
                let t = u64::from(target.value());
                match n.checked_sub(t).filter(|&d| d > 0) {
                    Some(take) => {
                        let all = vec![format!("take {take}, leaving {t}")];
                        (1, all.into_iter().take(limit).collect())
                    }
                    None => (0, Vec::new()),
                }
            }
            Component::Octal {
                code,
                heap,
                values,
                period,
            } => octal_moves(code, *heap, values, *period, target.value(), limit),
            Component::Coins { rule, row } => {
                let found = try_moves_to_value_within(rule, row, target, limit, WORK_BUDGET)?;
                let moves = found
                    .moves
                    .iter()
                    .map(|m| format!("{m}, leaving {}", m.apply(row)))
                    .collect();
                (found.count, moves)
            }
            Component::Solved { options, .. } => {
                let hits: Vec<&String> = options
                    .iter()
                    .filter(|(_, v)| *v == target.value())
                    .map(|(m, _)| m)
                    .collect();
                let text = hits.iter().take(limit).map(|m| m.to_string()).collect();
                (hits.len(), text)
            }
            Component::External(e) => return Err(unsettled(e)),
            Component::Treblecross {
                row, gaps, nimbers, ..
            } => {
                let cells = cells_of_row_leaving(row, gaps, target.value(), nimbers);
                let moves = cells
                    .iter()
                    .take(limit)
                    .map(|&c| format!("X in cell {c}, leaving {}", row.with_x(c)))
                    .collect();
                (cells.len(), moves)
            }
        })
    }
}

fn unsettled(e: &External) -> Error {
    Error::OutOfRange {
        what: e.to_string(),
        reason: "its value is computed by the sum job (jobs::sum), not here".into(),
    }
}

fn malformed(text: &str, source: SumError) -> Error {
    Error::MalformedSum {
        text: text.to_string(),
        source,
    }
}

fn heap_size(text: &str, arg: &str) -> Result<u64> {
    if arg.is_empty() || !arg.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed(
            text,
            SumError::HeapNotANumber {
                size: arg.to_string(),
            },
        ));
    }
    // Only digits: a parse failure is an overflow of u64, far above the limit.
    let n: u64 = arg.parse().map_err(|_| {
        malformed(
            text,
            SumError::HeapTooLarge {
                size: arg.to_string(),
                max: MAX_HEAP,
            },
        )
    })?;
    if n > MAX_HEAP {
        return Err(malformed(
            text,
            SumError::HeapTooLarge {
                size: n.to_string(),
                max: MAX_HEAP,
            },
        ));
    }
    Ok(n)
}

impl FromStr for Component {
    type Err = Error;

    /// Parses `family:arguments` (see the module docs).
    ///
    /// # Errors
    /// [`Error::MalformedSum`] naming the component, with the [`SumError`]
    /// that says what is wrong: no family ([`SumError::NoFamily`]), an
    /// unknown one ([`SumError::UnknownFamily`]), a code that does not parse
    /// ([`SumError::NotACode`], the code's error as its source), a bad heap
    /// size ([`SumError::HeapNotANumber`], [`SumError::HeapTooLarge`]), a
    /// heap too costly ([`SumError::RepeatingTooCostly`],
    /// [`SumError::ThreePartsTooLarge`]), arguments not of the family's form
    /// ([`SumError::CoinsForm`], [`SumError::MonorailForm`],
    /// [`SumError::GraphForm`], [`SumError::TreblecrossHeap`], …), or an
    /// error of the family's own parser ([`SumError::Family`], that error as
    /// its source).
    fn from_str(text: &str) -> Result<Component> {
        let text = text.trim();
        let (family, rest) = text
            .split_once(':')
            .ok_or_else(|| malformed(text, SumError::NoFamily))?;
        let wrap = |e: Error| malformed(text, SumError::Family(Box::new(e)));
        match family {
            "nim" => Ok(Component::Nim(heap_size(text, rest)?)),
            "coins" => {
                let (rule, row) = rest
                    .split_once(':')
                    .ok_or_else(|| malformed(text, SumError::CoinsForm))?;
                Ok(Component::Coins {
                    rule: rule.parse().map_err(wrap)?,
                    row: row.parse().map_err(wrap)?,
                })
            }
            "monorail" => parse_monorail(text, rest),
            "graph" => parse_graph(text, rest),
            "cram" => {
                // Checked here, so a bad board is refused before any work.
                let board = super::cram::Board::parse(rest).map_err(wrap)?;
                Ok(Component::External(External::Cram {
                    board: board.text(),
                }))
            }
            "treblecross" => parse_treblecross(text, rest),
            _ => parse_octal(text, family),
        }
    }
}

/// Whether `text` (before a component's last `:`) is written as a game
/// code rather than a family's name: a digit or a point first, or `hex:`
/// or `sub:`. Its parse error is then the message, not the list of
/// families.
fn looks_like_code(text: &str) -> bool {
    let lower = text.trim().to_ascii_lowercase();
    lower.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        || lower.starts_with("hex:")
        || lower.starts_with("sub:")
}

/// Every family a component can be of, as the error for an unknown one
/// lists them: those of the module docs, and the octal games by name (from
/// [`NAMED`](super::octal::theory::code::NAMED); `treblecross:` is a row here).
pub fn families_text() -> String {
    let names: Vec<&str> = super::octal::theory::code::NAMED
        .iter()
        .map(|(name, _, _)| *name)
        .filter(|name| *name != "treblecross")
        .collect();
    format!(
        "a component is nim:N, coins:RULE:ROW, treblecross:ROW, monorail:POSITION, \
         monorail:T:POSITION, graph:FILE:VERTEX, or NAME:N or CODE:N for a heap of an \
         octal game (NAME one of {}; CODE as 0.137, 4.[3], hex:0.8F or sub:1,2,5)",
        names.join(", ")
    )
}

/// A Treblecross row as a summand (`treblecross:ROW`): its nimber from the
/// gap values, refused when a cell wins at once (no value then).
fn parse_treblecross(text: &str, rest: &str) -> Result<Component> {
    let wrap = |e: Error| malformed(text, SumError::Family(Box::new(e)));
    if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed(text, SumError::TreblecrossHeap));
    }
    let row: Row = rest.parse().map_err(wrap)?;
    let nimbers = GapNimbers::compute(longest_gap(&row), &NoProgress);
    let a = analyse(&row, &nimbers).map_err(wrap)?;
    if a.immediate {
        return Err(malformed(
            text,
            SumError::TreblecrossImmediate {
                cell: a.winning_cells[0],
            },
        ));
    }
    let nimber = a
        .nimber
        .ok_or_else(|| malformed(text, SumError::TreblecrossNoValue))?;
    Ok(Component::Treblecross {
        row,
        nimber,
        gaps: a.gaps,
        nimbers,
    })
}

/// A heap of an octal or hexadecimal game (`kayles:10`, `0.137:7`,
/// `hex:0.8F:6`: the heap size follows the last ':'), refused when its
/// values would cost too much.
fn parse_octal(text: &str, family: &str) -> Result<Component> {
    // Everything else names an octal or hexadecimal game; the
    // heap size follows the last ':' (`hex:0.8F:6`).
    let (code, heap) = text.rsplit_once(':').expect("text has a ':'");
    let code: OctalCode = code.parse().map_err(|e: Error| {
        if looks_like_code(code) {
            malformed(
                text,
                SumError::NotACode {
                    code: code.to_string(),
                    source: Box::new(e),
                },
            )
        } else {
            malformed(
                text,
                SumError::UnknownFamily {
                    family: family.to_string(),
                    families: families_text(),
                },
            )
        }
    })?;
    let heap = usize::try_from(heap_size(text, heap)?)
        .map_err(|_| malformed(text, SumError::HeapTooLargeHere))?;
    // A code with a repeating part has no fast engine: its
    // values cost about n² options (octal seq's estimate).
    if let Some(s) = (!code.is_finite())
        .then(|| budget::estimate(&code, Engine::Sparse, heap.saturating_add(1)).seconds())
        .flatten()
        .filter(|&s| s > budget::MAX_SECONDS)
    {
        return Err(malformed(
            text,
            SumError::RepeatingTooCostly {
                code: code.to_string(),
                heap,
                time: budget::seconds_text(s),
            },
        ));
    }
    if code.max_parts() >= 3 && heap > MAX_HEAP_THREE_PARTS {
        return Err(malformed(
            text,
            SumError::ThreePartsTooLarge {
                code: code.to_string(),
                heap,
                steps: (heap as f64).powi(2) / 12.0,
                max: MAX_HEAP_THREE_PARTS,
            },
        ));
    }
    let (values, period) = octal_values(&code, heap);
    Ok(Component::Octal {
        code,
        heap,
        values,
        period,
    })
}

/// `monorail:POSITION` or `monorail:T:POSITION` (`rest` after `monorail:`).
fn parse_monorail(text: &str, rest: &str) -> Result<Component> {
    let (tiles, position) = match rest.split_once(':') {
        Some((t, p)) => (
            t.parse::<usize>().map_err(|_| {
                malformed(
                    text,
                    SumError::TilesNotANumber {
                        tiles: t.to_string(),
                    },
                )
            })?,
            p,
        ),
        None => (16, rest),
    };
    if position.trim().is_empty() {
        return Err(malformed(text, SumError::MonorailForm));
    }
    Ok(Component::External(External::Monorail {
        tiles,
        position: position.trim().to_string(),
    }))
}

/// `graph:FILE:VERTEX` (`rest` after `graph:`).
fn parse_graph(text: &str, rest: &str) -> Result<Component> {
    match rest.split_once(':') {
        Some((file, vertex)) if !file.is_empty() && !vertex.is_empty() => {
            Ok(Component::External(External::Graph {
                file: file.to_string(),
                vertex: vertex.to_string(),
            }))
        }
        _ => Err(malformed(text, SumError::GraphForm)),
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Component::Nim(n) => write!(f, "nim:{n}"),
            // `treblecross:` introduces a Treblecross row, so 0.007 (named
            // treblecross) prints by its code: `treblecross:2` is a row of
            // two cells, another game (found by the sum_expr fuzzer).
            Component::Octal { code, heap, .. } => match code.name() {
                Some(name) if name != "treblecross" => write!(f, "{name}:{heap}"),
                _ => write!(f, "{code}:{heap}"),
            },
            Component::Coins { rule, row } => write!(f, "coins:{rule}:{row}"),
            Component::Treblecross { row, .. } => write!(f, "treblecross:{row}"),
            Component::External(e) => write!(f, "{e}"),
            Component::Solved { text, .. } => f.write_str(text),
        }
    }
}

/// Parses a whole sum: components separated by `+`.
///
/// # Errors
/// [`Error::MalformedSum`] for an empty sum ([`SumError::Empty`]), a
/// missing component ([`SumError::MissingComponent`]) or a bad one (as
/// [`Component::from_str`]).
pub fn parse_sum(text: &str) -> Result<Vec<Component>> {
    if text.trim().is_empty() {
        return Err(malformed(text, SumError::Empty));
    }
    let parts: Vec<&str> = text.split('+').collect();
    let last = parts.len().saturating_sub(1);
    for (i, part) in parts.iter().enumerate() {
        if part.trim().is_empty() {
            let place = match i {
                0 => "before the first \"+\"",
                _ if i == last => "after the last \"+\"",
                _ => "between two \"+\"",
            };
            return Err(malformed(text.trim(), SumError::MissingComponent { place }));
        }
    }
    parts.into_iter().map(str::parse).collect()
}

/// A sum as text that [`parse_sum`] reads back to the same components:
/// their [`Display`](fmt::Display) forms joined by ` + `.
pub fn format_sum(parts: &[Component]) -> String {
    parts
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Largest heap of a game that splits a heap into three (its moves are
/// listed in O(heap²) steps).
pub const MAX_HEAP_THREE_PARTS: usize = 4096;

/// The values a heap of `heap` needs: computed until the code's period is
/// proved ([`search`]: a heap of Dawson's Chess of millions costs its proof
/// to n = 174), else `G(0..=heap)`; with the period `(n0, p)` when one was
/// proved.
// Bounds: heap ≤ MAX_HEAP = 2^24, so heap + 1 and every sum below fit.
#[allow(clippy::arithmetic_side_effects)]
fn octal_values(code: &OctalCode, heap: usize) -> (Values, Option<(usize, usize)>) {
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    let period = match search(&mut c, heap + 1, &NoProgress) {
        PeriodSearch::Proved(p) => Some((p.pre_period, p.period)),
        _ => {
            c.extend_to(heap + 1, &NoProgress);
            None
        }
    };
    (c.into_values(), period)
}

/// `G(n)` from the values computed and, past them, the proved period
/// ([`Extended`]).
///
/// # Panics
/// If `n` is past the values computed and there is no period.
fn octal_value(g: &Values, period: Option<(usize, usize)>, n: usize) -> u32 {
    period
        .and_then(|p| Extended::with_period(g, p, usize::MAX))
        .unwrap_or_else(|| Extended::plain(g))
        .get(n)
}

/// Every option of a heap of `n` with value `target`, described; `g`
/// holds `G(0..=n)`. The moves come from [`OctalCode::for_each_move`].
fn octal_moves(
    code: &OctalCode,
    n: usize,
    g: &Values,
    period: Option<(usize, usize)>,
    target: u32,
    limit: usize,
) -> (usize, Vec<String>) {
    let g = |a: usize| octal_value(g, period, a);
    let mut out = Moves {
        count: 0,
        limit,
        text: Vec::new(),
    };
    code.for_each_move(n, |m| {
        let take = if m.take == 0 {
            "remove nothing".to_string()
        } else {
            format!("remove {}", m.take)
        };
        match m.leaves {
            Leaves::Nothing if target == 0 => out.push(|| format!("{take}, leaving nothing")),
            Leaves::One(a) if g(a) == target => {
                out.push(|| format!("{take}, leaving a heap of {a}"))
            }
            Leaves::Two(a, b) if g(a) ^ g(b) == target => {
                out.push(|| format!("{take}, leaving heaps of {a} and {b}"))
            }
            Leaves::Three(a, b, c) if g(a) ^ g(b) ^ g(c) == target => {
                out.push(|| format!("{take}, leaving heaps of {a}, {b} and {c}"))
            }
            _ => {}
        }
    });
    (out.count, out.text)
}

/// Counts moves, formatting only the first `limit`.
struct Moves {
    count: usize,
    limit: usize,
    text: Vec<String>,
}

impl Moves {
    fn push(&mut self, describe: impl FnOnce() -> String) {
        if self.count < self.limit {
            self.text.push(describe());
        }
        self.count = self.count.saturating_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heap past a proved period's proof takes its value and every
    /// option's from the period: the same nimber and the same moves as
    /// computing every value, for Dawson's Chess (period 34 proved at
    /// n = 174), Kayles and Dawson's Kayles, and a game with no period in
    /// reach (0.6, every value computed).
    #[test]
    fn heaps_past_a_proof_read_the_period() {
        for (code, heap) in [
            ("0.137", 3000),
            ("0.77", 2500),
            ("0.07", 1999),
            ("0.6", 700),
        ] {
            let part: Component = format!("{code}:{heap}").parse().unwrap();
            let Component::Octal { period, .. } = &part else {
                panic!("{code} is an octal component")
            };
            assert_eq!(period.is_some(), code != "0.6", "{code}");
            let c: OctalCode = code.parse().unwrap();
            let mut full = Computation::new(c.clone(), Engine::Sparse);
            full.extend_to(heap + 1, &NoProgress);
            let whole = Component::Octal {
                code: c,
                heap,
                values: full.into_values(),
                period: None,
            };
            assert_eq!(part.nimber().unwrap(), whole.nimber().unwrap(), "{code}");
            for t in 0..12 {
                assert_eq!(
                    part.moves_to_within(Nimber(t), 5).unwrap(),
                    whole.moves_to_within(Nimber(t), 5).unwrap(),
                    "{code}:{heap} to *{t}"
                );
            }
        }
        // Dawson's Chess: G(n) = G(n - 34) from n = 52 (OEIS A002187).
        let big: Component = "dawsons-chess:10000000".parse().unwrap();
        let small: Component = format!("dawsons-chess:{}", 52 + (10_000_000 - 52) % 34)
            .parse()
            .unwrap();
        assert_eq!(big.nimber().unwrap(), small.nimber().unwrap());
    }

    #[test]
    fn parses_every_family() {
        let s = parse_sum(
            "kayles:10 + dawsons-chess:7 + nim:5 + coins:turtles:THHTH + treblecross:..X......",
        )
        .unwrap();
        let names: Vec<String> = s.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            names,
            [
                "kayles:10",
                "dawsons-chess:7",
                "nim:5",
                "coins:turtles:THHTH",
                "treblecross:..X......"
            ]
        );
        for bad in [
            "",
            "kayles",
            "nim:x",
            "foo:3",
            "coins:turtles",
            "treblecross:5",
            "treblecross:X.X",
        ] {
            assert!(parse_sum(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn octal_treblecross_prints_by_code_not_as_a_row() {
        let parts = parse_sum(".007:2 + treblecross:..").unwrap();
        let printed: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
        assert_eq!(printed, ["0.007:2", "treblecross:.."]);
        let back = parse_sum(&printed.join(" + ")).unwrap();
        let again: Vec<String> = back.iter().map(|p| p.to_string()).collect();
        assert_eq!(again, printed);
        assert_eq!(parts[0].family(), "octal");
        assert_eq!(back[0].family(), "octal");
    }

    /// Each reason is its typed variant, a family's own error is kept as
    /// the source, and the message is the one the reason string gave
    /// before the reasons were typed.
    #[test]
    fn reasons_are_typed() {
        use grundy_core::error::code::Place;
        use grundy_core::error::{causes, one_line, CodeError, RuleError};
        let e = parse_sum("0.77x:5").unwrap_err();
        let Error::MalformedSum {
            text,
            source: SumError::NotACode { code, source },
        } = &e
        else {
            panic!("{e:?}")
        };
        assert_eq!((text.as_str(), code.as_str()), ("0.77x:5", "0.77x"));
        assert!(matches!(
            **source,
            Error::MalformedCode {
                source: CodeError::NotADigit {
                    found: 'x',
                    place: Place::After(3)
                },
                ..
            }
        ));
        let message = "malformed sum \"0.77x:5\": \"0.77x\" is not a game code (malformed code \"0.77x\": 'x' at place 3 after the point is not a digit (0-9, A-F))";
        assert_eq!(e.to_string(), message);
        // The chain reaches the code's own reason, and the line the command
        // line prints shows each cause once.
        let chain: Vec<_> = causes(&e).collect();
        assert_eq!(chain.len(), 4);
        assert!(chain[3].downcast_ref::<CodeError>().is_some());
        assert_eq!(one_line(chain.into_iter()), message);

        let e = parse_sum("coins:upto(0):TH").unwrap_err();
        let Error::MalformedSum {
            source: SumError::Family(inner),
            ..
        } = &e
        else {
            panic!("{e:?}")
        };
        assert!(matches!(
            **inner,
            Error::MalformedRule {
                source: RuleError::ZeroArgument { .. },
                ..
            }
        ));
        assert_eq!(
            e.to_string(),
            "malformed sum \"coins:upto(0):TH\": malformed coin-turning rule \"upto(0)\": upto(0): K must be at least 1"
        );
        for (text, reason) in [
            ("kayles:10 + + nim:3", "a component is missing between two \"+\"; write e.g. kayles:10 + nim:5"),
            ("nim:x", "heap size \"x\" is not a whole number"),
            ("nim:99999999", "heap size 99999999 is above the limit 16777216"),
            ("hex:0.F:100000", "hex:0.F splits a heap into three, so a heap of 100000 takes about 8.3e8 steps; heaps of such games are at most 4096"),
        ] {
            match parse_sum(text) {
                Err(Error::MalformedSum { source, .. }) => {
                    assert_eq!(source.to_string(), reason, "{text}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(matches!(
            parse_sum("nim:99999999"),
            Err(Error::MalformedSum {
                source: SumError::HeapTooLarge { max: MAX_HEAP, .. },
                ..
            })
        ));
        assert!(matches!(
            parse_sum("kayles:10 + + nim:3"),
            Err(Error::MalformedSum {
                source: SumError::MissingComponent {
                    place: "between two \"+\""
                },
                ..
            })
        ));
    }
}
