//! Why a graph's edge list cannot be read.

/// What is wrong with a line of an edge list (CSV with the header
/// `from,to`, one edge per line): a [`LineError`](super::LineError).
#[derive(Debug, thiserror::Error)]
pub enum EdgeListError {
    /// Nothing at all, not even the header.
    #[error("empty input: expected the header `from,to`")]
    Empty,
    /// A first line that is not the header.
    #[error("expected the header `from,to`, found `{found}`")]
    Header {
        /// The first line's fields joined by `,` (their first 60
        /// characters, then `…`).
        found: String,
    },
    /// A line without exactly two fields.
    #[error("expected 2 columns `from,to`, found {found}")]
    Columns {
        /// The fields on the line.
        found: usize,
    },
    /// An empty vertex name.
    #[error("empty vertex name in column `{column}`")]
    EmptyName {
        /// `from` or `to`.
        column: &'static str,
    },
    /// A vertex name that is not UTF-8.
    #[error("the vertex name in column `{column}` is not valid UTF-8")]
    NameNotUtf8 {
        /// `from` or `to`.
        column: &'static str,
    },
    /// More vertices than the 32-bit ids hold.
    #[error("too many vertices (2^32 - 2 at most)")]
    TooManyVertices,
    /// Text the CSV reader cannot read.
    #[error("unreadable CSV: {source}")]
    Csv {
        /// The CSV reader's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync + 'static>,
    },
}
