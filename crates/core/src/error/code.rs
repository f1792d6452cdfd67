//! Why a text is not an octal or hexadecimal game code.

use std::fmt;

/// Where in a code a character stands, as a [`CodeError`] names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Before the point (`4` in `4.07`).
    BeforePoint,
    /// After the point, 1-based (`7` in `4.07` is at place 2).
    After(usize),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::BeforePoint => f.write_str("before the point"),
            Place::After(k) => write!(f, "at place {k} after the point"),
        }
    }
}

/// What is wrong with a game code: the source of
/// [`Error::MalformedCode`](super::Error::MalformedCode).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Nothing but whitespace.
    #[error("the code is empty")]
    Empty,
    /// Longer than any code the parser reads.
    #[error("{bytes} bytes is too long for a code (at most {max_digits} digits after the point)")]
    TooLong {
        /// The length of the trimmed text.
        bytes: usize,
        /// The most digits a code may have after its point.
        max_digits: usize,
    },
    /// Neither a name, nor `sub:…`, nor digits with a point.
    #[error("expected a point, as in 0.77 or .137 (or a name: kayles, dawsons-chess, dawsons-kayles, treblecross, grundys-game, laskers-nim; or sub:1,2,5)")]
    NoPoint,
    /// Two or more digits before the point.
    #[error("at most one digit may stand before the point (CGSuite's digits that add tokens are not supported)")]
    DigitsBeforePoint,
    /// A repeating part that is empty, not last, or not one block.
    #[error("a repeating part is one non-empty block of digits in brackets at the end of the code, as in 4.[3] or 0.1[37]")]
    BadRepeat,
    /// More digits after the point (the repeating part included) than
    /// supported.
    #[error("{count} digits after the point; at most {max} are supported")]
    TooManyDigits {
        /// The digits given.
        count: usize,
        /// The most supported.
        max: usize,
    },
    /// A digit before the point that removes tokens (not 0, 4, 8 or C).
    #[error("digit {digit:X} before the point: a move removing no token can only split a heap (4, 8 or C)")]
    RemovesBeforePoint {
        /// The digit's value.
        digit: u8,
    },
    /// A `!` not right after a digit, or twice.
    #[error("'!' must follow a digit (as in 4!.0), once")]
    MisplacedBang,
    /// A CGSuite modifier other than `!` and a final repeating part.
    #[error("CGSuite's '{modifier}' {place} is not supported (only the '!' modifier and a repeating part [...] at the end are)")]
    Modifier {
        /// The modifier (`?`, `=`, `&`, …).
        modifier: char,
        /// Where it stands.
        place: Place,
    },
    /// A digit `G`–`V` (CGSuite's, for four or more heaps).
    #[error("digit '{}' {place} (value {value}) leaves four or more heaps; digits up to F (three heaps) are supported", digit.to_ascii_uppercase())]
    DigitTooLarge {
        /// The digit as written.
        digit: char,
        /// Its value in base 32.
        value: u32,
        /// Where it stands.
        place: Place,
    },
    /// A character that is no digit at all.
    #[error("'{}' {place} is not a digit (0-9, A-F)", found.escape_default())]
    NotADigit {
        /// The character.
        found: char,
        /// Where it stands.
        place: Place,
    },
    /// An entry of `sub:…` that is not a positive number.
    #[error("'{entry}' in a subtraction set is not a positive number")]
    SubtractionNotANumber {
        /// The entry, trimmed.
        entry: String,
    },
    /// A subtraction set not strictly ascending (or starting at 0).
    #[error("a subtraction set lists positive numbers in ascending order, as in sub:1,5,20")]
    SubtractionNotAscending,
    /// A subtraction set entry past the supported digits.
    #[error("{entry} in a subtraction set: at most {max} is supported")]
    SubtractionTooLarge {
        /// The entry.
        entry: usize,
        /// The largest supported.
        max: usize,
    },
}
