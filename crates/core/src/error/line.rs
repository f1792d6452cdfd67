//! Why a line of an input file cannot be read: one enum per file format,
//! gathered here as the source of
//! [`Error::MalformedLine`](super::Error::MalformedLine).

use super::{BatchError, CertificateError, ClaimsTableError, EdgeListError};

/// What is wrong with a line of an input file, by the file's format.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// A batch of Treblecross rows.
    #[error(transparent)]
    Batch(#[from] BatchError),
    /// A graph's edge list.
    #[error(transparent)]
    EdgeList(#[from] EdgeListError),
    /// A Cram certificate.
    #[error(transparent)]
    Certificate(#[from] CertificateError),
    /// A table of published periodicity claims.
    #[error(transparent)]
    ClaimsTable(#[from] ClaimsTableError),
    /// Bytes that are not UTF-8 text, in a file read as text.
    #[error("not UTF-8 text")]
    NotUtf8,
}
