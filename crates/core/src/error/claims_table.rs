//! Why a table of published periodicity claims cannot be read.

use super::Error;

/// What is wrong with a line of a claims table (CSV with a header naming
/// its columns, one claim per line; the format is in docs/src/formats.md):
/// a [`LineError`](super::LineError).
#[derive(Debug, thiserror::Error)]
pub enum ClaimsTableError {
    /// A file past the size read.
    #[error("the file has {bytes} bytes; a claims table may have at most {max}")]
    FileTooLarge {
        /// The file's size.
        bytes: usize,
        /// The largest size read.
        max: usize,
    },
    /// A line that is not one CSV record.
    #[error("not CSV: {source}")]
    NotCsv {
        /// The CSV reader's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync + 'static>,
    },
    /// A header column that is not a known one.
    #[error("the header has an unknown column {name}; the columns are {columns} (code, pre_period and period required)")]
    UnknownColumn {
        /// The column, quoted (its first 30 characters).
        name: String,
        /// The known columns, joined by `, `.
        columns: String,
    },
    /// A header naming one column twice.
    #[error("the header names column {name} twice")]
    DuplicateColumn {
        /// The column.
        name: String,
    },
    /// A header without a required column.
    #[error(
        "the header has no column {column}: the first line must name the columns, as in {columns}"
    )]
    MissingColumn {
        /// The required column.
        column: &'static str,
        /// The known columns, joined by `,`.
        columns: String,
    },
    /// A row with more or fewer fields than the header.
    #[error("{found} fields, but the header has {width} (quote a source containing commas)")]
    Fields {
        /// The fields on the line.
        found: usize,
        /// The header's columns.
        width: usize,
    },
    /// A header and no row.
    #[error("no claims: the file needs a header line and at least one row")]
    NoClaims,
    /// A `code` field that is not a finite code.
    #[error("field code: {source}")]
    Code {
        /// The code's own error ([`Error::MalformedCode`] or
        /// [`Error::Unsupported`]).
        #[source]
        source: Box<Error>,
    },
    /// An `expect` field that is not an outcome's name.
    #[error("field expect: {text}: expected one of {names}")]
    Expect {
        /// The field, quoted (its first 30 characters).
        text: String,
        /// The names accepted, joined by `, `.
        names: String,
    },
    /// A number field that is not a number.
    #[error("field {field}: {text} is not a number{hint}")]
    NotANumber {
        /// The column.
        field: &'static str,
        /// The field, quoted (its first 30 characters).
        text: String,
        /// What else the field accepts (` (or "unsolved")`), or empty.
        hint: &'static str,
    },
    /// A number field past its type.
    #[error("field {field}: {text} is too large (at most {max}){hint}")]
    TooLarge {
        /// The column.
        field: &'static str,
        /// The field, quoted (its first 30 characters).
        text: String,
        /// The largest value of the field's type.
        max: u64,
        /// What else the field accepts (` (or "unsolved")`), or empty.
        hint: &'static str,
    },
    /// An unsolved row with a pre-period or saltus.
    #[error("an unsolved row leaves pre_period and saltus empty and gives its bound in check_to")]
    UnsolvedWithPeriod,
    /// An unsolved row without its bound.
    #[error("an unsolved row needs check_to, the N of \"unsolved up to N\"")]
    UnsolvedWithoutBound,
    /// A period of 0.
    #[error("field period: the period must be at least 1")]
    ZeroPeriod,
    /// `check_to` on a plain periodic row.
    #[error("field check_to: a periodic row is checked as far as its proof needs; check_to is for unsolved and arithmetic (saltus > 0) rows")]
    CheckToOnPeriodic,
    /// `check_to` below the first full period.
    #[error("field check_to: {to} is below pre_period + period, so nothing would be compared")]
    CheckToTooSmall {
        /// The bound given.
        to: usize,
    },
}
