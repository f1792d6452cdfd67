//! Why a periodicity claim cannot be read.

/// What is wrong with a periodicity claim (`P/values/exceptions`): the
/// source of [`Error::InvalidClaim`](super::Error::InvalidClaim). An item
/// is quoted as the parser quotes it: in double quotes, its first 30
/// characters and, when longer, its length.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    /// A period of 0.
    #[error("the period must be at least 1")]
    ZeroPeriod,
    /// Text with no slash between the period and the values.
    #[error("expected P/values/exceptions, as in 2/1 0/0:5")]
    NoSlash,
    /// All digits, but above the largest value allowed.
    #[error("{what} {item} is too large (at most {max})")]
    TooLarge {
        /// The item's role ("the period", "value 3 of --values").
        what: String,
        /// The item, quoted.
        item: String,
        /// The largest value allowed.
        max: u64,
    },
    /// Not a number.
    #[error("{what} {item} is not a number")]
    NotANumber {
        /// The item's role ("the period", "value 3 of --values").
        what: String,
        /// The item, quoted.
        item: String,
    },
    /// More values than the period.
    #[error("--values has more than {period} numbers but the period is {period}")]
    TooManyValues {
        /// The period claimed.
        period: usize,
    },
    /// Fewer values than the period.
    #[error("--values has {count} numbers but the period is {period}")]
    TooFewValues {
        /// The values given.
        count: usize,
        /// The period claimed.
        period: usize,
    },
    /// An exception not of the form `n:v`.
    #[error("exception {item} is not of the form n:v (as in 14:0)")]
    NotAPair {
        /// The item, quoted.
        item: String,
    },
    /// A heap size listed twice.
    #[error("heap size {n} is listed twice as an exception")]
    RepeatedException {
        /// The heap size.
        n: usize,
    },
}
