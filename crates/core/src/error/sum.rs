//! Why a sum of games cannot be read.

/// What is wrong with a sum or one of its components: the source of
/// [`Error::MalformedSum`](super::Error::MalformedSum).
#[derive(Debug, thiserror::Error)]
pub enum SumError {
    /// Nothing but whitespace.
    #[error("the sum is empty; write e.g. kayles:10 + nim:5")]
    Empty,
    /// Nothing before, between or after the `+` signs.
    #[error("a component is missing {place}; write e.g. kayles:10 + nim:5")]
    MissingComponent {
        /// Where ("before the first \"+\"", "between two \"+\"", "after the
        /// last \"+\"").
        place: &'static str,
    },
    /// A component with no `family:`.
    #[error("expected family:arguments, e.g. kayles:10 or nim:5")]
    NoFamily,
    /// A family name that is neither known nor a code.
    #[error("unknown family {family:?}; {families}")]
    UnknownFamily {
        /// The name given.
        family: String,
        /// The families there are, as a sentence.
        families: String,
    },
    /// Text that looks like a game code but is not one.
    #[error("{code:?} is not a game code ({source})")]
    NotACode {
        /// The text before the heap size.
        code: String,
        /// Why it is not a code.
        #[source]
        source: Box<super::Error>,
    },
    /// A family's own parser refused the component's arguments (a coin
    /// rule or row, a Cram board, a Treblecross row).
    #[error("{0}")]
    Family(#[source] Box<super::Error>),
    /// A heap size that is not all digits.
    #[error("heap size {size:?} is not a whole number")]
    HeapNotANumber {
        /// The size as written.
        size: String,
    },
    /// A heap size above the limit.
    #[error("heap size {size} is above the limit {max}")]
    HeapTooLarge {
        /// The size as written.
        size: String,
        /// The limit.
        max: u64,
    },
    /// A heap size that does not fit this machine's `usize`.
    #[error("heap size too large for this machine")]
    HeapTooLargeHere,
    /// A heap of a code with a repeating part whose values would take too
    /// long.
    #[error("{code} has a repeating part, so its values up to a heap of {heap} take about {time} on one core (about n² options); use a smaller heap")]
    RepeatingTooCostly {
        /// The code as printed.
        code: String,
        /// The heap size.
        heap: usize,
        /// The estimated time, as text.
        time: String,
    },
    /// A heap of a game splitting into three parts above their limit.
    #[error("{code} splits a heap into three, so a heap of {heap} takes about {steps:.1e} steps; heaps of such games are at most {max}")]
    ThreePartsTooLarge {
        /// The code as printed.
        code: String,
        /// The heap size.
        heap: usize,
        /// The estimated steps.
        steps: f64,
        /// The largest heap of such games.
        max: usize,
    },
    /// `coins:` without both a rule and a position.
    #[error("expected coins:RULE:POSITION, e.g. coins:turtles:THHTH")]
    CoinsForm,
    /// A Treblecross component written as a heap size.
    #[error("a Treblecross component is a row such as ..X.. (for a heap of the octal game 0.007 write 0.007:N)")]
    TreblecrossHeap,
    /// A Treblecross row with an immediate win.
    #[error(
        "cell {cell} completes three in a row at once, so the row is not a summand with a nimber"
    )]
    TreblecrossImmediate {
        /// The winning cell.
        cell: usize,
    },
    /// A Treblecross row without a value.
    #[error("the row has no value: a cell wins at once")]
    TreblecrossNoValue,
    /// A Monorail tile count that is not a number.
    #[error("tile count {tiles:?} is not a whole number")]
    TilesNotANumber {
        /// The count as written.
        tiles: String,
    },
    /// `monorail:` without a position.
    #[error("expected monorail:POSITION or monorail:T:POSITION (`-` for the start)")]
    MonorailForm,
    /// `graph:` without both a file and a vertex.
    #[error("expected graph:FILE:VERTEX, e.g. graph:game.csv:a")]
    GraphForm,
    /// A graph vertex the file does not have.
    #[error("{file} has no vertex {vertex:?}")]
    UnknownVertex {
        /// The graph file.
        file: String,
        /// The vertex named.
        vertex: String,
    },
    /// A family whose misère play is not computed here.
    #[error("misère play of this family is another game ({why})")]
    NotMisere {
        /// Why.
        why: String,
    },
}
