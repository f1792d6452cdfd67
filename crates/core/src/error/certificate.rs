//! Why a Cram certificate cannot be read.

use super::Error;

/// What is wrong with a line of a Cram certificate (CSV `kind,picture,
/// nimber`: one `board` line, then `is` and `not` facts): a
/// [`LineError`](super::LineError).
#[derive(Debug, thiserror::Error)]
pub enum CertificateError {
    /// A line without exactly three fields.
    #[error("{found} fields, not 3")]
    Fields {
        /// The fields on the line.
        found: usize,
    },
    /// A first line that is not the header.
    #[error("the header is not {expected}")]
    Header {
        /// The header, its columns joined by `,`.
        expected: String,
    },
    /// A nimber that is not a number 0–255.
    #[error("nimber {text:?} is not a number 0–255")]
    Nimber {
        /// The field as written.
        text: String,
    },
    /// A picture that is not a Cram board.
    #[error("picture: {source}")]
    Picture {
        /// The board's own error ([`Error::MalformedPosition`]).
        #[source]
        source: Box<Error>,
    },
    /// A `board` line after the first.
    #[error("a second board line")]
    SecondBoard,
    /// A fact before the `board` line.
    #[error("a fact before the board line")]
    FactBeforeBoard,
    /// A kind other than `board`, `is` or `not`.
    #[error("kind {kind:?} is not board, is or not")]
    Kind {
        /// The kind as written.
        kind: String,
    },
    /// No `board` line at all.
    #[error("no board line")]
    NoBoard,
}
