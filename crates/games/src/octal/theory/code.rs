//! Octal and hexadecimal codes of take-and-break games.
//!
//! A code `d0.d1d2d3…` (Guy and Smith 1956; Winning Ways ch. 4) describes a
//! game played on heaps of tokens. Digit `d_k` says what may happen when a
//! move removes `k` tokens from one heap; it is a sum of
//!
//! | bit | the move may leave, of that heap, |
//! |---|---|
//! | 1 | nothing (the heap had exactly `k` tokens) |
//! | 2 | one non-empty heap |
//! | 4 | two non-empty heaps |
//! | 8 | three non-empty heaps (hexadecimal codes only) |
//!
//! The digit before the point, `d0`, is for moves removing no token: only
//! splitting (bit 4, and bit 8 in hexadecimal) makes sense there. Octal codes
//! use digits `0`–`7`; hexadecimal codes use digits up to `F` and may be
//! written with the prefix `hex:` (`hex:0.8`, `hex:0.F`) or without it, as
//! CGSuite writes them (`0.8`).
//!
//! **Beyond octal** (the syntax of Siegel's CGSuite, `TakeAndBreak`;
//! Siegel, *Combinatorial Game Theory*, AMS 2013, ch. IV):
//! - a digit followed by `!` leaves heaps that must be pairwise different:
//!   `4!.0` is **Grundy's game** (split one heap into two unequal heaps;
//!   Grundy 1939, OEIS A002188), also named `grundys-game`;
//! - `sub:1,5,20` is the subtraction game with that subtraction set: digit
//!   3 (take `k` from a heap, leaving one heap or none) at each place `k`;
//! - a repeating part at the end, `d0.d1…dk[e1…ep]`: the block repeats
//!   forever, so `d_k` for `k > K` is `e_(((k − K − 1) mod p) + 1)` and a
//!   move may remove any number of tokens. `0.[3]` is Nim (take any
//!   positive number of tokens); `4.[3]` is **Lasker's Nim** (take any
//!   positive number, or split a heap into two non-empty heaps; Lasker
//!   1931, Winning Ways ch. 4, Siegel ch. IV), also named `laskers-nim`.
//!   Such a code has infinitely many digits: the Octal Periodicity
//!   Theorem does not apply to it, so its periods are only ever observed,
//!   and the commands that need finitely many digits refuse it
//!   ([`OctalCode::require_finite`]). Its values come from
//!   [`crate::octal::engine::repeating`] (or the naive engine, [`crate::octal::engine::naive`]);
//! - CGSuite's other modifiers (`?`, `=`, `{…}`, `*`, `&…;`, several
//!   digits before the point, a repeating part anywhere but at the end)
//!   and digits `G`–`V` (leaving four or more heaps) are refused with a
//!   message naming them.
//!
//! ```
//! use grundy_games::octal::OctalCode;
//! let kayles: OctalCode = "kayles".parse().unwrap();
//! assert_eq!(kayles.to_string(), "0.77");
//! assert_eq!(kayles.max_removal(), 2);
//! assert!("0.G".parse::<OctalCode>().is_err()); // four heaps: not supported
//! assert_eq!("0.8".parse::<OctalCode>().unwrap().to_string(), "hex:0.8");
//! let lasker: OctalCode = "laskers-nim".parse().unwrap();
//! assert_eq!(lasker.to_string(), "4.[3]");
//! assert!(!lasker.is_finite());
//! assert_eq!(lasker.digit(1000), 3);
//! ```
#![warn(clippy::arithmetic_side_effects)]

use grundy_core::error::code::Place;
use grundy_core::error::{CodeError, Error, UnsupportedError};
use std::fmt;
use std::str::FromStr;

/// The most digits accepted after the point.
pub const MAX_DIGITS: usize = 64;

/// The longest text that can be a code: a subtraction set `sub:1,2,…,64`
/// (longer than `hex:`, a digit, the point and [`MAX_DIGITS`] digits each
/// with `!`). Longer text is refused before it is copied or scanned.
pub const MAX_TEXT: usize = 200;

/// At most this many characters of a refused text are quoted in the error.
const QUOTED: usize = 40;

/// `text` as an error quotes it: its first [`QUOTED`] characters, with an
/// ellipsis and the length when it is longer.
fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} bytes)", &text[..cut], text.len()),
    }
}

/// Named games: (name, code, description).
pub const NAMED: &[(&str, &str, &str)] = &[
    (
        "kayles",
        "0.77",
        "Kayles (Dudeney 1908): knock down one pin or two adjacent pins",
    ),
    (
        "dawsons-chess",
        "0.137",
        "Dawson's Chess (Dawson 1934), as played on a row of n",
    ),
    (
        "dawsons-kayles",
        "0.07",
        "Dawson's Kayles: knock down exactly two adjacent pins",
    ),
    (
        "treblecross",
        "0.007",
        "Treblecross played safely: remove three consecutive tokens",
    ),
    (
        "grundys-game",
        "4!.0",
        "Grundy's game (Grundy 1939; OEIS A002188): split one heap into two unequal heaps",
    ),
    (
        "laskers-nim",
        "4.[3]",
        "Lasker's Nim (Lasker 1931; Winning Ways ch. 4): remove any positive number of tokens from a heap, or split a heap into two non-empty heaps",
    ),
];

/// A validated octal or hexadecimal code, finite or with a repeating
/// part.
///
/// `digit(k)` is `d_k`. A finite code's digits after the last non-zero one
/// are zero; a code with a repeating part (CGSuite's `d0.d1…dk[e1…ep]`,
/// [`is_finite`](Self::is_finite) false) has `d_k = e_(((k − K − 1) mod
/// p) + 1)` for every `k > K`, without end. `distinct(k)` says whether the
/// heaps a split of digit `d_k` leaves must be pairwise different
/// (CGSuite's `!`).
///
/// A code with a repeating part is kept in one form (the block reduced to
/// its least period, the finite digits that the block would repeat folded
/// into it, `4.3[3]` → `4.[3]`; a block of zeros dropped, `0.7[0]` →
/// `0.7`), so equal games given by equal digit rules compare and print
/// equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `d_0 … d_K`: the finite part (the whole code when `repeat` is empty).
    digits: Vec<u8>,
    /// One flag per digit; set only on digits that split (bit 4 or 8).
    distinct: Vec<bool>,
    /// `e_1 … e_p`, repeated forever after `d_K`; empty for a finite code.
    repeat: Vec<u8>,
    /// One `!` flag per digit of `repeat`.
    repeat_distinct: Vec<bool>,
    hex: bool,
}

impl OctalCode {
    /// Whether the heaps a split removing `k` tokens leaves must be
    /// pairwise different (`!` after digit `d_k`).
    pub fn distinct(&self, k: usize) -> bool {
        match self.block_place(k) {
            Some(j) => self.repeat_distinct[j],
            None => self.distinct.get(k).copied().unwrap_or(false),
        }
    }

    /// Whether some digit carries `!`: the code is not an octal or
    /// hexadecimal code in the strict sense.
    pub fn has_distinct(&self) -> bool {
        self.distinct
            .iter()
            .chain(&self.repeat_distinct)
            .any(|&d| d)
    }

    /// The digit `d_k` for removing `k` tokens (0 beyond a finite code).
    pub fn digit(&self, k: usize) -> u8 {
        match self.block_place(k) {
            Some(j) => self.repeat[j],
            None => self.digits.get(k).copied().unwrap_or(0),
        }
    }

    /// For `k` in the repeating part, the index of its digit in the block.
    fn block_place(&self, k: usize) -> Option<usize> {
        let beyond = k.checked_sub(self.digits.len())?;
        // `repeat` is non-empty here, so the remainder is defined.
        beyond.checked_rem(self.repeat.len())
    }

    /// What the code is called in titles and file headers: `"octal game"`
    /// for digits 0 to 7 only, `"hexadecimal game"` for digits up to `F`
    /// (splits into three heaps), and `"take-and-break game"` for
    /// everything else CGSuite's `TakeAndBreak` accepts: larger digits,
    /// `!`, or a repeating part (Guy and Smith, 1956, define octal codes;
    /// Winning Ways ch. 4 the hexadecimal ones).
    pub fn family(&self) -> &'static str {
        let largest = self.digits.iter().chain(&self.repeat).copied().max();
        match largest {
            _ if !self.is_finite() || self.has_distinct() => "take-and-break game",
            Some(d) if d > 15 => "take-and-break game",
            Some(d) if d > 7 => "hexadecimal game",
            _ => "octal game",
        }
    }

    /// Whether the code has finitely many non-zero digits (no repeating
    /// part `[…]`): an octal or hexadecimal code in the sense of Guy and
    /// Smith, to which the Octal Periodicity Theorem and the engines
    /// built on it apply.
    pub fn is_finite(&self) -> bool {
        self.repeat.is_empty()
    }

    /// The digits `d_0 … d_K` before the repeating part (the whole code
    /// when it is finite).
    pub fn finite_digits(&self) -> &[u8] {
        &self.digits
    }

    /// The repeating block `e_1 … e_p` (empty for a finite code): `d_k`
    /// for `k > K` is `e_(((k − K − 1) mod p) + 1)`.
    pub fn repeat(&self) -> &[u8] {
        &self.repeat
    }

    /// Refuses a code with a repeating part for `what` (a command or
    /// computation that needs finitely many digits, such as a proof by the
    /// Octal Periodicity Theorem).
    ///
    /// # Errors
    /// [`Error::Unsupported`] naming the code and `what`.
    pub fn require_finite(&self, what: &str) -> Result<(), Error> {
        if self.is_finite() {
            return Ok(());
        }
        Err(Error::Unsupported {
            what: format!("{what} of {self}"),
            source: UnsupportedError::RepeatingCode,
        })
    }

    /// `t`, the largest number of tokens a move removes (0 for a code whose
    /// only moves split without removing). A code with a repeating part has
    /// no largest removal: `usize::MAX` (a move on a heap of `n` then
    /// removes up to `n` tokens, as every loop `0..=t.min(n)` reads it).
    pub fn max_removal(&self) -> usize {
        if self.is_finite() {
            self.digits.len().saturating_sub(1)
        } else {
            usize::MAX
        }
    }

    /// The most heaps one move can leave in place of one heap: 3 if some
    /// digit has bit 8, 2 if some digit has bit 4, 1 if some has bit 2,
    /// else 0. It sets the length of the periodicity proof.
    pub fn max_parts(&self) -> usize {
        let all = self
            .digits
            .iter()
            .chain(&self.repeat)
            .fold(0, |a, &d| a | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else if all & 2 != 0 {
            1
        } else {
            0
        }
    }

    /// The code without bit `bit` of digit `d_k` (trailing zero digits
    /// dropped): the same game less one kind of move. For a code with a
    /// repeating part only that one place changes: the block is unrolled
    /// up to `k` first (within [`MAX_DIGITS`] places; beyond, the code is
    /// returned unchanged).
    pub fn without(&self, k: usize, bit: u8) -> OctalCode {
        let (mut digits, mut distinct, mut repeat, mut repeat_distinct) = (
            self.digits.clone(),
            self.distinct.clone(),
            self.repeat.clone(),
            self.repeat_distinct.clone(),
        );
        if !repeat.is_empty() && k >= digits.len() && k <= MAX_DIGITS {
            while digits.len() <= k {
                digits.push(repeat[0]);
                distinct.push(repeat_distinct[0]);
                repeat.rotate_left(1);
                repeat_distinct.rotate_left(1);
            }
        }
        if let Some(d) = digits.get_mut(k) {
            *d &= !bit;
        }
        OctalCode::normalised_repeating(digits, distinct, repeat, repeat_distinct, self.hex)
    }

    /// Trailing zero digits dropped, `!` kept only on digits that split.
    fn normalised(mut digits: Vec<u8>, mut distinct: Vec<bool>, hex: bool) -> OctalCode {
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        distinct.resize(digits.len(), false);
        for (f, &d) in distinct.iter_mut().zip(&digits) {
            *f &= d & 12 != 0;
        }
        OctalCode {
            digits,
            distinct,
            repeat: Vec::new(),
            repeat_distinct: Vec::new(),
            hex,
        }
    }

    /// The one form of a code with repeating block `repeat` after the
    /// finite digits (see [`OctalCode`]): `!` kept only on digits that
    /// split, the block cut to its least period, the finite digits that
    /// the block repeats folded into it, a block of zeros dropped.
    fn normalised_repeating(
        mut digits: Vec<u8>,
        mut distinct: Vec<bool>,
        mut repeat: Vec<u8>,
        mut repeat_distinct: Vec<bool>,
        hex: bool,
    ) -> OctalCode {
        distinct.resize(digits.len(), false);
        repeat_distinct.resize(repeat.len(), false);
        for (f, &d) in distinct
            .iter_mut()
            .zip(&digits)
            .chain(repeat_distinct.iter_mut().zip(&repeat))
        {
            *f &= d & 12 != 0;
        }
        // The least period q of the block: q divides p and the block is
        // its first q places repeated.
        let p = repeat.len();
        let same =
            |i: usize, j: usize| repeat[i] == repeat[j] && repeat_distinct[i] == repeat_distinct[j];
        if let Some(q) = (1..p)
            .find(|&q| p.checked_rem(q) == Some(0) && (q..p).zip(0..).all(|(i, j)| same(i, j)))
        {
            repeat.truncate(q);
            repeat_distinct.truncate(q);
        }
        // d_0 is not part of the places the block covers (k >= 1).
        while digits.len() > 1
            && !repeat.is_empty()
            && digits.last() == repeat.last()
            && distinct.last() == repeat_distinct.last()
        {
            digits.pop();
            distinct.pop();
            repeat.rotate_right(1);
            repeat_distinct.rotate_right(1);
        }
        if repeat.iter().all(|&d| d == 0) {
            return OctalCode::normalised(digits, distinct, hex);
        }
        OctalCode {
            digits,
            distinct,
            repeat,
            repeat_distinct,
            hex,
        }
    }

    /// Whether the code is hexadecimal (written with `hex:`).
    pub fn is_hex(&self) -> bool {
        self.hex
    }

    /// The removal counts `k` whose digit has `bit` set, ascending. For a
    /// code with a repeating part the list has no end: only those of the
    /// finite part `d_0 … d_K` are returned, and callers that need them all
    /// must check [`is_finite`](Self::is_finite) first.
    pub fn removals_with(&self, bit: u8) -> Vec<usize> {
        (0..self.digits.len())
            .filter(|&k| self.digit(k) & bit != 0)
            .collect()
    }

    /// Calls `f` with every move on a heap of `n` tokens, in a fixed
    /// order: for `k = 0, 1, …, min(t, n)` with digit `d = d_k`, taking the
    /// whole heap (bit 1, `k = n >= 1`), leaving one heap of `n − k`
    /// (bit 2, `k >= 1`), leaving two heaps `a + b = n − k` with
    /// `1 <= a <= b` (bit 4, `a` ascending), leaving three heaps
    /// `a + b + c = n − k` with `1 <= a <= b <= c` (bit 8, `(a, b)`
    /// ascending). Each way of leaving heaps is listed once, up to the
    /// order of the heaps; with `!` on the digit ([`distinct`](Self::distinct))
    /// only the ways whose heaps are pairwise different (`a < b`,
    /// `a < b < c`). This is the one place the moves of a code are
    /// enumerated plainly (Winning Ways ch. 4); the naive engine, rings and
    /// the moves of a sum all read them from here.
    // Bounds: k <= n, a <= m / 3, b <= (m − a) / 2, so no subtraction wraps.
    #[inline]
    pub fn for_each_move(&self, n: usize, f: impl FnMut(Move)) {
        self.for_each_move_leaving(n, 3, f);
    }

    /// Like [`for_each_move`](Self::for_each_move), but only the moves
    /// leaving at most `heaps` heaps (a ring is opened by a move leaving at
    /// most one): the others are not even enumerated.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline]
    pub fn for_each_move_leaving(&self, n: usize, heaps: usize, mut f: impl FnMut(Move)) {
        for k in 0..=self.max_removal().min(n) {
            let d = self.digit(k);
            let m = n - k;
            if k > 0 && d & 1 != 0 && m == 0 {
                f(Move {
                    take: k,
                    leaves: Leaves::Nothing,
                });
            }
            if k > 0 && d & 2 != 0 && m >= 1 {
                f(Move {
                    take: k,
                    leaves: Leaves::One(m),
                });
            }
            let strict = usize::from(self.distinct(k));
            if d & 4 != 0 && m >= 2 && heaps >= 2 {
                // With `!`, a < m − a: a <= (m − 1) / 2.
                for a in 1..=(m - strict) / 2 {
                    f(Move {
                        take: k,
                        leaves: Leaves::Two(a, m - a),
                    });
                }
            }
            if d & 8 != 0 && m >= 3 && heaps >= 3 {
                for a in 1..=m / 3 {
                    for b in a + strict..=(m - a - strict) / 2 {
                        f(Move {
                            take: k,
                            leaves: Leaves::Three(a, b, m - a - b),
                        });
                    }
                }
            }
        }
    }

    /// Whether a heap of `n` tokens has a move: the same answer as asking
    /// [`for_each_move`](Self::for_each_move) for one, in time linear in
    /// the code's length rather than in `n`.
    #[allow(clippy::arithmetic_side_effects)]
    pub fn has_move(&self, n: usize) -> bool {
        (0..=self.max_removal().min(n)).any(|k| {
            let d = self.digit(k);
            let m = n - k;
            let strict = usize::from(self.distinct(k));
            (k > 0 && d & 1 != 0 && m == 0)
                || (k > 0 && d & 2 != 0 && m >= 1)
                || (d & 4 != 0 && m >= 2 && (m - strict) / 2 >= 1)
                || (d & 8 != 0 && m >= 3 && strict < (m - 1 - strict) / 2)
        })
    }

    /// Every move on a heap of `n` tokens, in the order of
    /// [`for_each_move`](Self::for_each_move).
    pub fn moves(&self, n: usize) -> Vec<Move> {
        let mut v = Vec::new();
        self.for_each_move(n, |m| v.push(m));
        v
    }

    /// A directory-safe name: the code itself, with `hex:` as `hex-`,
    /// `!` as `u` (unequal) and a repeating part `[3]` as `r3` (`4.[3]` is
    /// `4.r3`; the block is always last, so its end needs no mark).
    pub fn file_name(&self) -> String {
        self.to_string()
            .replace(':', "-")
            .replace('!', "u")
            .replace('[', "r")
            .replace(']', "")
    }

    /// The game's title, if it has a name: `Kayles`, `Dawson's Chess`,
    /// `Grundy's game` (the description of [`NAMED`] up to its source).
    pub fn title(&self) -> Option<&'static str> {
        let s = self.to_string();
        NAMED.iter().find(|(_, c, _)| *c == s).map(|(_, _, d)| {
            let t = d.split(" (").next().unwrap_or(d);
            t.split(':').next().unwrap_or(t).trim()
        })
    }

    /// The classic name of this code, if it has one (`kayles`, ...).
    pub fn name(&self) -> Option<&'static str> {
        let s = self.to_string();
        NAMED.iter().find(|(_, c, _)| *c == s).map(|(n, _, _)| *n)
    }

    fn malformed(text: &str, source: CodeError) -> Error {
        Error::MalformedCode {
            text: quoted(text),
            source,
        }
    }
}

/// What a move leaves in place of the heap it is played on: heap sizes,
/// all at least 1, in ascending order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leaves {
    /// Nothing: the whole heap was taken (digit bit 1).
    Nothing,
    /// One heap (digit bit 2).
    One(usize),
    /// Two heaps `a <= b` (digit bit 4).
    Two(usize, usize),
    /// Three heaps `a <= b <= c` (digit bit 8, hexadecimal codes).
    Three(usize, usize, usize),
}

/// One move on a heap: remove `take` tokens and leave [`Leaves`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Tokens removed (0 for a split that removes none, digit `d_0`).
    pub take: usize,
    /// The heaps left.
    pub leaves: Leaves,
}

impl Move {
    /// The heaps left, as a slice-like array and its length.
    pub fn heaps(&self) -> ([usize; 3], usize) {
        match self.leaves {
            Leaves::Nothing => ([0; 3], 0),
            Leaves::One(a) => ([a, 0, 0], 1),
            Leaves::Two(a, b) => ([a, b, 0], 2),
            Leaves::Three(a, b, c) => ([a, b, c], 3),
        }
    }
}

impl FromStr for OctalCode {
    type Err = Error;

    /// Parses `0.77`, `.137`, `4.07`, `hex:0.8F`, `0.8F` (CGSuite writes
    /// hexadecimal digits without a prefix), `4!.0` (`!`: the heaps left
    /// must differ), `4.[3]` and `0.1[37]` (a repeating part at the end,
    /// as CGSuite writes it), `sub:1,5,20`, or a name from [`NAMED`].
    ///
    /// # Errors
    /// [`Error::MalformedCode`] naming the text (its first 40 characters)
    /// with the [`CodeError`] that says what is wrong: empty
    /// ([`CodeError::Empty`]), longer than [`MAX_TEXT`] bytes
    /// ([`CodeError::TooLong`]), no point ([`CodeError::NoPoint`]), a digit
    /// out of range ([`CodeError::DigitTooLarge`]: at most `F`; CGSuite's
    /// `G`–`V` leave four or more heaps and are not supported) or no digit
    /// ([`CodeError::NotADigit`]), a CGSuite modifier other than `!` and a
    /// repeating part ([`CodeError::Modifier`]), a `!` out of place
    /// ([`CodeError::MisplacedBang`]), a repeating part that is empty or not
    /// at the end ([`CodeError::BadRepeat`]), more than [`MAX_DIGITS`]
    /// digits after the point, the repeating part included
    /// ([`CodeError::TooManyDigits`]), two digits before the point
    /// ([`CodeError::DigitsBeforePoint`]) or one other than a split
    /// ([`CodeError::RemovesBeforePoint`]), or a subtraction set that is
    /// empty or not numbers ([`CodeError::SubtractionNotANumber`]), not
    /// ascending ([`CodeError::SubtractionNotAscending`]), or past
    /// [`MAX_DIGITS`] ([`CodeError::SubtractionTooLarge`]). The cost is bounded by
    /// [`MAX_TEXT`], whatever the length of `text`.
    fn from_str(text: &str) -> Result<Self, Error> {
        let t = text.trim();
        if t.is_empty() {
            return Err(Self::malformed(text, CodeError::Empty));
        }
        if t.len() > MAX_TEXT {
            return Err(Self::malformed(
                text,
                CodeError::TooLong {
                    bytes: t.len(),
                    max_digits: MAX_DIGITS,
                },
            ));
        }
        let lower = t.to_ascii_lowercase();
        if let Some((_, code, _)) = NAMED.iter().find(|(n, _, _)| *n == lower) {
            return code.parse();
        }
        if let Some(set) = lower.strip_prefix("sub:") {
            return Self::subtraction(text, set);
        }
        let (prefixed, body) = match lower.strip_prefix("hex:") {
            Some(rest) => (true, rest),
            None => (false, lower.as_str()),
        };
        let Some((before, after)) = body.split_once('.') else {
            return Err(Self::malformed(text, CodeError::NoPoint));
        };
        let (before, before_distinct) = Self::digits(text, before, true)?;
        if before.len() > 1 {
            return Err(Self::malformed(text, CodeError::DigitsBeforePoint));
        }
        // CGSuite's repeating part: one bracketed block, last.
        let (after, block) = match after.split_once('[') {
            None => (after, None),
            Some((finite, rest)) => match rest.strip_suffix(']') {
                Some(b) if !b.is_empty() && !b.contains(['[', ']']) => (finite, Some(b)),
                _ => return Err(Self::malformed(text, CodeError::BadRepeat)),
            },
        };
        let (after, after_distinct) = Self::digits(text, after, false)?;
        let (block, block_distinct) = match block {
            Some(b) => Self::digits(text, b, false)?,
            None => (Vec::new(), Vec::new()),
        };
        let count = after.len().saturating_add(block.len());
        if count > MAX_DIGITS {
            return Err(Self::malformed(
                text,
                CodeError::TooManyDigits {
                    count,
                    max: MAX_DIGITS,
                },
            ));
        }
        let mut digits = before;
        let mut distinct = before_distinct;
        if digits.is_empty() {
            digits.push(0);
            distinct.push(false);
        }
        digits.extend(after);
        distinct.extend(after_distinct);
        if digits[0] & 3 != 0 {
            return Err(Self::malformed(
                text,
                CodeError::RemovesBeforePoint { digit: digits[0] },
            ));
        }
        let hex = prefixed || digits.iter().chain(&block).any(|&d| d >= 8);
        if block.is_empty() {
            return Ok(OctalCode::normalised(digits, distinct, hex));
        }
        Ok(OctalCode::normalised_repeating(
            digits,
            distinct,
            block,
            block_distinct,
            hex,
        ))
    }
}

impl OctalCode {
    /// The digits of `part` (before or after the point) and their `!`
    /// flags.
    fn digits(text: &str, part: &str, before_point: bool) -> Result<(Vec<u8>, Vec<bool>), Error> {
        let mut digits: Vec<u8> = Vec::with_capacity(part.len());
        let mut distinct: Vec<bool> = Vec::with_capacity(part.len());
        for c in part.chars() {
            let at = digits.len();
            let place = if before_point {
                Place::BeforePoint
            } else {
                // At most MAX_TEXT digits, far from usize::MAX.
                Place::After(at.saturating_add(1))
            };
            if c == '!' {
                match distinct.last_mut() {
                    Some(f) if !*f => *f = true,
                    _ => return Err(Self::malformed(text, CodeError::MisplacedBang)),
                }
                continue;
            }
            if matches!(
                c,
                '?' | '=' | '[' | ']' | '{' | '}' | '*' | '&' | ';' | '+' | ','
            ) {
                return Err(Self::malformed(
                    text,
                    CodeError::Modifier { modifier: c, place },
                ));
            }
            match c.to_digit(32) {
                Some(d) if d < 16 => {
                    // d < 16 fits a byte.
                    digits.push(u8::try_from(d).unwrap_or(u8::MAX));
                    distinct.push(false);
                }
                Some(d) => {
                    return Err(Self::malformed(
                        text,
                        CodeError::DigitTooLarge {
                            digit: c,
                            value: d,
                            place,
                        },
                    ))
                }
                None => {
                    return Err(Self::malformed(
                        text,
                        CodeError::NotADigit { found: c, place },
                    ))
                }
            }
        }
        Ok((digits, distinct))
    }

    /// The subtraction game `sub:k1,k2,…`: digit 3 at each place `k_i`.
    fn subtraction(text: &str, set: &str) -> Result<OctalCode, Error> {
        let mut digits = vec![0u8];
        let mut last = 0;
        for part in set.split(',') {
            let k: usize = part.trim().parse().map_err(|_| {
                Self::malformed(
                    text,
                    CodeError::SubtractionNotANumber {
                        entry: part.trim().to_string(),
                    },
                )
            })?;
            if k <= last {
                return Err(Self::malformed(text, CodeError::SubtractionNotAscending));
            }
            if k > MAX_DIGITS {
                return Err(Self::malformed(
                    text,
                    CodeError::SubtractionTooLarge {
                        entry: k,
                        max: MAX_DIGITS,
                    },
                ));
            }
            digits.resize(k, 0);
            digits.push(3);
            last = k;
        }
        let distinct = vec![false; digits.len()];
        Ok(OctalCode::normalised(digits, distinct, false))
    }
}

impl fmt::Display for OctalCode {
    /// `0.77`, `4.07`, `hex:0.8`, `4!.0`, `4.[3]`: the digit before the
    /// point, then the digits after it up to the last non-zero one (at
    /// least one, unless a repeating part follows), each followed by `!`
    /// when its heaps must differ, then the repeating part in brackets.
    /// Parsing the text gives the same code back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.hex {
            f.write_str("hex:")?;
        }
        let bang = |flag: bool| if flag { "!" } else { "" };
        write!(f, "{:X}{}.", self.digits[0], bang(self.distinct[0]))?;
        if self.digits.len() == 1 && self.repeat.is_empty() {
            return f.write_str("0");
        }
        for (d, &flag) in self.digits.iter().zip(&self.distinct).skip(1) {
            write!(f, "{d:X}{}", bang(flag))?;
        }
        if !self.repeat.is_empty() {
            f.write_str("[")?;
            for (d, &flag) in self.repeat.iter().zip(&self.repeat_distinct) {
                write!(f, "{d:X}{}", bang(flag))?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    /// `has_move` is the plain enumeration's answer, for every code of
    /// two digits and a few with `!` and three parts, at every heap up to 30.
    #[test]
    fn has_move_agrees_with_the_enumeration() {
        let mut codes: Vec<String> = Vec::new();
        for a in 0..8 {
            for b in 0..8 {
                codes.push(format!("0.{a}{b}"));
            }
        }
        codes.extend(
            [
                "4!.0", "8.0", "0.8", "0.0F", "hex:0.8F", "hex:8!.0", "4.07!",
            ]
            .map(String::from),
        );
        for c in codes {
            let Ok(code) = c.parse::<OctalCode>() else {
                continue;
            };
            for n in 0..=30 {
                assert_eq!(code.has_move(n), !code.moves(n).is_empty(), "{c} heap {n}");
            }
        }
    }

    use super::*;

    fn p(s: &str) -> Result<OctalCode, Error> {
        s.parse()
    }

    /// Titles name the family: octal, hexadecimal, or take-and-break.
    #[test]
    fn families() {
        for (text, family) in [
            ("0.77", "octal game"),
            ("4.07", "octal game"),
            ("hex:0.8", "hexadecimal game"),
            ("hex:0.F7", "hexadecimal game"),
            ("4!.0", "take-and-break game"),
            ("4.[3]", "take-and-break game"),
            ("0.[1]", "take-and-break game"),
        ] {
            let code: OctalCode = text.parse().unwrap();
            assert_eq!(code.family(), family, "{text}");
        }
    }

    #[test]
    fn parses_and_prints() {
        assert_eq!(p("0.77").unwrap().to_string(), "0.77");
        assert_eq!(p(".137").unwrap().to_string(), "0.137");
        assert_eq!(p("4.07").unwrap().to_string(), "4.07");
        assert_eq!(p("0.60").unwrap().to_string(), "0.6");
        assert_eq!(p("hex:0.8f").unwrap().to_string(), "hex:0.8F");
        assert_eq!(p("Treblecross").unwrap().to_string(), "0.007");
        assert_eq!(p("dawsons-chess").unwrap().digit(3), 7);
        let long = format!("0.{}", "7".repeat(32));
        assert_eq!(p(&long).unwrap().max_removal(), 32);
        assert_eq!(p("0.0").unwrap().max_parts(), 0);
        assert_eq!(p("4.0").unwrap().max_parts(), 2);
        assert_eq!(p("0.354").unwrap().removals_with(4), vec![2, 3]);
        // CGSuite's spelling of hexadecimal codes, and its `!`.
        assert_eq!(p("0.8").unwrap(), p("hex:0.8").unwrap());
        assert_eq!(p("0.8F").unwrap().to_string(), "hex:0.8F");
        let grundy = p("grundys-game").unwrap();
        assert_eq!(grundy.to_string(), "4!.0");
        assert!(grundy.distinct(0) && grundy.has_distinct());
        assert_eq!(grundy.file_name(), "4u.0");
        assert_eq!(grundy.title(), Some("Grundy's game"));
        assert_eq!(p("0.137").unwrap().title(), Some("Dawson's Chess"));
        assert_eq!(p("0.77").unwrap().title(), Some("Kayles"));
        assert_eq!(p("0.6").unwrap().title(), None);
        // `!` on a digit that never splits says nothing and is dropped.
        assert_eq!(p("0.3!7!").unwrap().to_string(), "0.37!");
        assert_eq!(
            p("sub:1,5,20").unwrap().to_string(),
            "0.30003000000000000003"
        );
        assert_eq!(p("SUB: 2 , 3").unwrap().to_string(), "0.033");
    }

    #[test]
    fn unequal_heaps() {
        // Grundy's game on 6: 1 + 5 and 2 + 4, not 3 + 3.
        let g = p("4!.0").unwrap();
        let m: Vec<Leaves> = g.moves(6).iter().map(|m| m.leaves).collect();
        assert_eq!(m, vec![Leaves::Two(1, 5), Leaves::Two(2, 4)]);
        // hex:0.8! on 9 after taking 1: 8 = 1 + 2 + 5 = 1 + 3 + 4 only.
        let h = p("0.8!").unwrap();
        let m: Vec<Leaves> = h.moves(9).iter().map(|m| m.leaves).collect();
        assert_eq!(m, vec![Leaves::Three(1, 2, 5), Leaves::Three(1, 3, 4)]);
    }

    #[test]
    fn moves_of_a_heap() {
        // 0.137 on a heap of 4: d1 = 1 takes a lone token only; d2 = 3
        // leaves one heap of 2; d3 = 7 leaves one heap of 1 (4 − 3 = 1 is
        // too small to split).
        let c = p("0.137").unwrap();
        let m: Vec<(usize, Leaves)> = c.moves(4).iter().map(|m| (m.take, m.leaves)).collect();
        assert_eq!(m, vec![(2, Leaves::One(2)), (3, Leaves::One(1))]);
        let m: Vec<Leaves> = c.moves(5).iter().map(|m| m.leaves).collect();
        assert_eq!(m, vec![Leaves::One(3), Leaves::One(2), Leaves::Two(1, 1)]);
        let k = p("0.77").unwrap();
        assert_eq!(k.moves(1).len(), 1);
        assert_eq!(k.moves(0).len(), 0);
        // 4.0 only splits: a heap of 5 into 1 + 4 or 2 + 3.
        let s = p("4.0").unwrap();
        let m: Vec<Move> = s.moves(5);
        assert_eq!(
            m,
            vec![
                Move {
                    take: 0,
                    leaves: Leaves::Two(1, 4)
                },
                Move {
                    take: 0,
                    leaves: Leaves::Two(2, 3)
                }
            ]
        );
        let h = p("hex:0.8").unwrap();
        assert_eq!(h.moves(7).len(), 3); // 6 = 1+1+4 = 1+2+3 = 2+2+2
        assert!(h
            .moves(7)
            .iter()
            .all(|m| m.heaps().0.iter().sum::<usize>() == 6));
    }

    #[test]
    fn rejects_bad_codes() {
        for bad in [
            "abc", "", "0", "12.7", "1.7", "2.7", "0.7x", "hex:0.G", "0.G", "!4.0", "4!!.0",
            "0.3?", "0.{1,2}", "sub:", "sub:3,2", "sub:0", "sub:65", "sub:1,x", "5.0", "4.[]",
            "4.[3", "4.3]", "4.[3]7", "4.[3][3]", "4.[[3]]", "[4].3", "0.[3?]", "0.[!3]", "0.[G]",
            "1.[3]",
        ] {
            let e = p(bad).unwrap_err().to_string();
            assert!(e.starts_with("malformed code"), "{bad}: {e}");
        }
        let e = p("0.V").unwrap_err().to_string();
        assert!(e.contains("four or more heaps"), "{e}");
        let e = p("[4].3").unwrap_err().to_string();
        assert!(e.contains("'['"), "{e}");
        assert!(p(&format!("0.{}", "1".repeat(65))).is_err());
        assert!(p(&format!("0.{}[3]", "1".repeat(64))).is_err());
        assert!(p(&format!("0.{}[3]", "1".repeat(63))).is_ok());
    }

    /// CGSuite's repeating part (`4.[3]` was refused before it was
    /// supported; it is Lasker's Nim).
    #[test]
    fn repeating_part() {
        let lasker = p("4.[3]").unwrap();
        assert_eq!(lasker, p("laskers-nim").unwrap());
        assert_eq!(lasker.to_string(), "4.[3]");
        assert!(!lasker.is_finite());
        assert_eq!(
            (lasker.finite_digits(), lasker.repeat()),
            (&[4u8][..], &[3u8][..])
        );
        assert_eq!(
            (lasker.digit(0), lasker.digit(1), lasker.digit(77)),
            (4, 3, 3)
        );
        assert_eq!(lasker.max_removal(), usize::MAX);
        assert_eq!(lasker.max_parts(), 2);
        assert_eq!(lasker.name(), Some("laskers-nim"));
        assert_eq!(lasker.title(), Some("Lasker's Nim"));
        assert_eq!(lasker.file_name(), "4.r3");
        let e = lasker
            .require_finite("octal genus")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("octal genus of 4.[3]: ") && !e.contains('\n'),
            "{e}"
        );
        assert!(p("0.77").unwrap().require_finite("x").is_ok());
        // d_k for k > K is e_(((k − K − 1) mod p) + 1).
        let c = p("0.1[37]").unwrap();
        let d: Vec<u8> = (0..8).map(|k| c.digit(k)).collect();
        assert_eq!(d, [0, 1, 3, 7, 3, 7, 3, 7]);
        // One form: the text printed parses back to the same code, and
        // equal digit rules print alike.
        for (text, shown) in [
            ("0.[3]", "0.[3]"),
            ("0.3[3]", "0.[3]"),
            ("0.33[33]", "0.[3]"),
            ("4.3[3]", "4.[3]"),
            ("0.[37]", "0.[37]"),
            ("0.7[37]", "0.[73]"),
            ("0.[3737]", "0.[37]"),
            ("0.1[37]", "0.1[37]"),
            ("4.0[1]", "4.0[1]"),
            ("0.6[2]", "0.6[2]"),
            ("4![3]", ""),
            ("4!.[3]", "4!.[3]"),
            ("0.[4!]", "0.[4!]"),
            ("0.[3!]", "0.[3]"),
            ("0.7[0]", "0.7"),
            ("0.[00]", "0.0"),
            ("hex:0.[8]", "hex:0.[8]"),
            ("0.[8]", "hex:0.[8]"),
            ("0.4[6]7[]", ""),
        ] {
            match p(text) {
                Ok(c) => {
                    assert_eq!(c.to_string(), shown, "{text}");
                    assert_eq!(p(&c.to_string()).unwrap(), c, "{text}");
                    for k in 0..40 {
                        assert_eq!(c.digit(k), p(text).unwrap().digit(k));
                    }
                }
                Err(_) => assert_eq!(shown, "", "{text}"),
            }
        }
        // Printing and parsing back is the identity on every short code
        // with a repeating part, `!` included.
        for d0 in ["0", "4", "4!"] {
            for x in ["", "0", "3", "4", "4!", "7"] {
                for y in 0..8u8 {
                    for z in ["", "0", "3", "6", "6!", "1"] {
                        let text = format!("{d0}.{x}[{y}{z}]");
                        let c = p(&text).unwrap();
                        let back = p(&c.to_string()).unwrap();
                        assert_eq!(back, c, "{text} printed as {c}");
                        assert_eq!(back.to_string(), c.to_string());
                        for k in 0..30 {
                            assert_eq!(c.digit(k), back.digit(k), "{text} {k}");
                            assert_eq!(c.distinct(k), back.distinct(k), "{text} {k}");
                        }
                    }
                }
            }
        }
        // without() unrolls the block up to the place it changes.
        let c = p("0.[3]").unwrap().without(2, 1);
        assert_eq!(c.to_string(), "0.32[3]");
        assert_eq!(p("4.[3]").unwrap().without(0, 4).to_string(), "0.[3]");
        // Moves reach every removal: Nim on 3 takes 1, 2 or 3.
        let nim = p("0.[3]").unwrap();
        let m: Vec<Leaves> = nim.moves(3).iter().map(|m| m.leaves).collect();
        assert_eq!(m, vec![Leaves::One(2), Leaves::One(1), Leaves::Nothing]);
    }

    /// Each reason is its typed variant, with its data, and the message is
    /// the one the reason string gave before the reasons were typed.
    #[test]
    fn reasons_are_typed() {
        let e = p("0.G").unwrap_err();
        let Error::MalformedCode { text, source } = &e else {
            panic!("{e:?}")
        };
        assert_eq!(text, "0.G");
        assert_eq!(
            *source,
            CodeError::DigitTooLarge {
                digit: 'g',
                value: 16,
                place: Place::After(1)
            }
        );
        assert_eq!(
            e.to_string(),
            "malformed code \"0.G\": digit 'G' at place 1 after the point (value 16) leaves four or more heaps; digits up to F (three heaps) are supported"
        );
        let cause = std::error::Error::source(&e).expect("a source");
        assert_eq!(cause.downcast_ref::<CodeError>(), Some(source));
        for (text, reason, message) in [
            ("", CodeError::Empty, "the code is empty"),
            (
                "7.0",
                CodeError::RemovesBeforePoint { digit: 7 },
                "digit 7 before the point: a move removing no token can only split a heap (4, 8 or C)",
            ),
            (
                "0.7?7",
                CodeError::Modifier {
                    modifier: '?',
                    place: Place::After(2),
                },
                "CGSuite's '?' at place 2 after the point is not supported (only the '!' modifier and a repeating part [...] at the end are)",
            ),
            (
                "sub:2000000",
                CodeError::SubtractionTooLarge {
                    entry: 2_000_000,
                    max: MAX_DIGITS,
                },
                "2000000 in a subtraction set: at most 64 is supported",
            ),
            (
                "0.Z",
                CodeError::NotADigit {
                    found: 'z',
                    place: Place::After(1),
                },
                "'z' at place 1 after the point is not a digit (0-9, A-F)",
            ),
        ] {
            match p(text) {
                Err(Error::MalformedCode { source, .. }) => {
                    assert_eq!(source, reason, "{text}");
                    assert_eq!(source.to_string(), message, "{text}");
                }
                other => panic!("{text}: {other:?}"),
            }
        }
    }
}
