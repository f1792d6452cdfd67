//! Why a text is not a coin-turning rule expression.

use std::fmt;

/// What the rule parser found where it expected something else: a
/// character and its column (1-based), or the end of the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// A character at a column.
    Char {
        /// The character (lower-cased).
        found: char,
        /// Its column, 1-based.
        column: usize,
    },
    /// The end of the text.
    End,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char { found, column } => write!(f, "{found:?} at column {column}"),
            Found::End => f.write_str("the end of the rule"),
        }
    }
}

/// What is wrong with a coin-turning rule: the source of
/// [`Error::MalformedRule`](super::Error::MalformedRule). Columns are
/// 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// No text, or no terms.
    #[error("the rule is empty")]
    Empty,
    /// More terms than supported.
    #[error("a rule has at most {max} terms")]
    TooManyTerms {
        /// The most terms a rule may have.
        max: usize,
    },
    /// One term past the most supported, found while parsing.
    #[error("the term at column {column} is one too many: a rule has at most {max} terms")]
    TermTooMany {
        /// Where the term starts.
        column: usize,
        /// The most terms a rule may have.
        max: usize,
    },
    /// A term's `K` outside `1..=max`.
    #[error("{term}: K must be between 1 and {max}")]
    ArgumentOutOfRange {
        /// The term as printed.
        term: String,
        /// The largest `K`.
        max: usize,
    },
    /// `at()` with no distance.
    #[error("at(...) needs at least one distance")]
    NoDistances,
    /// `at(…)` with more distances than supported.
    #[error("at(...) has at most {max} distances")]
    TooManyDistances {
        /// The most distances.
        max: usize,
    },
    /// A term whose distances repeat.
    #[error("{term}: the distances must be distinct")]
    DistancesNotDistinct {
        /// The term as printed.
        term: String,
    },
    /// A term with a distance outside `1..=max`.
    #[error("{term}: distances must be between 1 and {max}")]
    DistanceOutOfRange {
        /// The term as printed.
        term: String,
        /// The largest distance.
        max: usize,
    },
    /// A `:`, `+` or space, which the `coins:RULE:POSITION` notation
    /// reserves.
    #[error("{found:?} at column {column} is not allowed: a rule contains no ':', '+' or spaces (it is written inside coins:RULE:POSITION)")]
    Reserved {
        /// The character.
        found: char,
        /// Its column.
        column: usize,
    },
    /// Parentheses nested too deep.
    #[error("'(' at column {column} nests parentheses deeper than {max} levels")]
    TooDeep {
        /// The column of the `(` too deep.
        column: usize,
        /// The deepest nesting supported.
        max: usize,
    },
    /// A `)` with no `(`.
    #[error("unbalanced parentheses: ')' at column {column} has no matching '('")]
    UnopenedParenthesis {
        /// Its column.
        column: usize,
    },
    /// A `(` never closed.
    #[error("unbalanced parentheses: '(' at column {column} is never closed")]
    UnclosedParenthesis {
        /// Its column.
        column: usize,
    },
    /// A character no rule contains.
    #[error("unexpected character {found:?} at column {column}")]
    UnexpectedCharacter {
        /// The character.
        found: char,
        /// Its column.
        column: usize,
    },
    /// Something else where `|` or `)` closes a group.
    #[error("expected '|' or ')', found {found}")]
    ExpectedBarOrClose {
        /// What stood there.
        found: Found,
    },
    /// Something else after a whole rule.
    #[error("expected '|', found {found}")]
    ExpectedBar {
        /// What stood there.
        found: Found,
    },
    /// Something else where a term starts.
    #[error("expected a rule name or '(', found {found}")]
    ExpectedTerm {
        /// What stood there.
        found: Found,
    },
    /// A named rule given a number.
    #[error("{word} takes no argument")]
    TakesNoArgument {
        /// The rule's word.
        word: String,
    },
    /// `upto`, `exactly` or `run` with other than one number.
    #[error("{word} takes one number K, as in {word}(3), not {count}")]
    OneNumber {
        /// The word.
        word: String,
        /// The numbers given.
        count: usize,
    },
    /// `K = 0`.
    #[error("{word}(0): K must be at least 1")]
    ZeroArgument {
        /// The word.
        word: String,
    },
    /// `upto` or `exactly` without its number.
    #[error("{word} needs a number, as in {word}(3)")]
    NeedsNumber {
        /// The word.
        word: String,
    },
    /// `at(…)` with a distance 0.
    #[error("at(...): distances must be at least 1")]
    ZeroDistance,
    /// `at(…)` with a distance twice.
    #[error("at(...): distance {distance} is repeated")]
    RepeatedDistance {
        /// The distance.
        distance: usize,
    },
    /// `at` without its distances.
    #[error("at needs distances, as in at(1,3)")]
    NeedsDistances,
    /// A word that names no rule.
    #[error("unknown word {word:?} at column {column}; expected turtles, turning-turtles, mock-turtles, ruler, upto(K), exactly(K), run, run(K) or at(d1,d2,...)")]
    UnknownWord {
        /// The word.
        word: String,
        /// Its column.
        column: usize,
    },
    /// Something else where a number belongs.
    #[error("{word}(...): expected a number, found {found}")]
    ExpectedNumber {
        /// The word.
        word: String,
        /// What stood there.
        found: Found,
    },
    /// A number above the largest argument.
    #[error("{word}(...): {digits} is too large (at most {max})")]
    NumberTooLarge {
        /// The word.
        word: String,
        /// The number as written.
        digits: String,
        /// The largest argument.
        max: usize,
    },
    /// More numbers than supported.
    #[error("{word}(...): at most {max} numbers, found more at column {column}")]
    TooManyNumbers {
        /// The word.
        word: String,
        /// The most numbers.
        max: usize,
        /// Where the one too many starts.
        column: usize,
    },
    /// Something else after a number.
    #[error("{word}(...): expected ',' or ')', found {found}")]
    ExpectedCommaOrClose {
        /// The word.
        word: String,
        /// What stood there.
        found: Found,
    },
}
