//! Why a batch of Treblecross rows cannot be read.

use super::Error;

/// What is wrong with a line of a batch of Treblecross rows (a count line
/// then that many rows, or one row per line): a
/// [`LineError`](super::LineError).
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// A count line that is not a number that fits.
    #[error("count {text:?}: {source}")]
    Count {
        /// The line as written.
        text: String,
        /// Why it is not a count.
        #[source]
        source: std::num::ParseIntError,
    },
    /// A row past the number the count line promised.
    #[error("more rows than the count {count}")]
    MoreRowsThanCount {
        /// The count line's number.
        count: usize,
    },
    /// Fewer rows than the count line promised.
    #[error("the count line promises {count} rows but only {rows} follow")]
    FewerRowsThanCount {
        /// The count line's number.
        count: usize,
        /// The rows that follow it.
        rows: usize,
    },
    /// A row that is not a Treblecross row.
    #[error("{source}")]
    Row {
        /// The row's own error ([`Error::MalformedPosition`] or
        /// [`Error::ImpossiblePosition`]).
        #[source]
        source: Box<Error>,
    },
}
