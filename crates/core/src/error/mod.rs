//! The library's error type, and the typed reasons its parse errors
//! carry as their source: one module per concept.

use std::path::PathBuf;

pub mod batch;
pub mod board;
pub mod certificate;
pub mod claim;
pub mod claims_table;
pub mod code;
pub mod edge_list;
pub mod line;
pub mod position;
pub mod rule;
pub mod sum;
pub mod unsupported;

pub use batch::BatchError;
pub use board::BoardError;
pub use certificate::CertificateError;
pub use claim::ClaimError;
pub use claims_table::ClaimsTableError;
pub use code::CodeError;
pub use edge_list::EdgeListError;
pub use line::LineError;
pub use position::{ImpossibleError, PositionError, TileTypeError};
pub use rule::RuleError;
pub use sum::SumError;
pub use unsupported::UnsupportedError;

/// Everything that can go wrong in the library. Each message is one line
/// naming what is wrong and where.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A Monorail tile count outside the supported range.
    #[error("tile count {tiles} is out of range: Monorail is supported for {min}..={max} tiles")]
    TilesOutOfRange {
        /// The requested count.
        tiles: usize,
        /// Smallest supported count.
        min: usize,
        /// Largest supported count.
        max: usize,
    },
    /// Text that is not a position in the documented notation.
    #[error("malformed position {text:?}: {source}")]
    MalformedPosition {
        /// The offending text (or its first line).
        text: String,
        /// What is wrong with it.
        #[source]
        source: PositionError,
    },
    /// Text that is not an octal or hexadecimal game code.
    #[error("malformed code {text:?}: {source}")]
    MalformedCode {
        /// The offending text (its first 40 characters, and its length when
        /// longer).
        text: String,
        /// What is wrong with it.
        #[source]
        source: CodeError,
    },
    /// Text that is not a coin-turning rule expression.
    #[error("malformed coin-turning rule {text:?}: {source}")]
    MalformedRule {
        /// The offending text (its first 60 characters).
        text: String,
        /// What is wrong with it.
        #[source]
        source: RuleError,
    },
    /// A line of an input file that cannot be read (an edge list, a batch
    /// of rows).
    #[error("{path} line {line}: {source}")]
    MalformedLine {
        /// The file, as the user named it (`-` for standard input).
        path: String,
        /// The 1-based line number.
        line: u64,
        /// What is wrong with it.
        #[source]
        source: LineError,
    },
    /// A sum of games that cannot be read.
    #[error("malformed sum {text:?}: {source}")]
    MalformedSum {
        /// The offending component or the whole text.
        text: String,
        /// What is wrong with it.
        #[source]
        source: SumError,
    },
    /// A periodicity claim that cannot be read.
    #[error("invalid claim: {source}")]
    InvalidClaim {
        /// What is wrong with it.
        #[source]
        source: ClaimError,
    },
    /// An argument outside what the computation supports.
    #[error("{what} is out of range: {reason}")]
    OutOfRange {
        /// The argument, as the user wrote it.
        what: String,
        /// The supported range.
        reason: String,
    },
    /// A valid input that this computation does not support, such as a
    /// take-and-break code with a repeating part `[…]` where finitely many
    /// digits are needed (a proof by the Octal Periodicity Theorem).
    #[error("{what}: {source}")]
    Unsupported {
        /// The input and the computation asked of it.
        what: String,
        /// Why it is refused, and what does support it.
        #[source]
        source: UnsupportedError,
    },
    /// A Monorail board that cannot be played on: too small, the station
    /// off it, or no loop fits.
    #[error("bad board {board}: {source}")]
    BadBoard {
        /// The board as the user gave it (`WxH, station X,Y`).
        board: String,
        /// What is wrong with it.
        #[source]
        source: BoardError,
    },
    /// A well-formed position that cannot arise in the game.
    #[error("impossible position {position}: {source}")]
    ImpossiblePosition {
        /// The position in compact notation.
        position: String,
        /// Why it cannot arise.
        #[source]
        source: ImpossibleError,
    },
    /// A dataset file whose contents are not what its format promises.
    #[error("corrupt dataset {path}: {reason}", path = path.display())]
    CorruptDataset {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// A dataset file that cannot be decoded, with the decoder's own error
    /// as its source (zstd, bincode, JSON, CSV or the operating system).
    #[error("corrupt dataset {path}: {what}", path = path.display())]
    Undecodable {
        /// The file.
        path: PathBuf,
        /// Where decoding stopped ("cannot read the header").
        what: String,
        /// The decoder's error.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync + 'static>,
    },
    /// A dataset file that decodes but disagrees with the rules or with
    /// itself.
    #[error("verification failed in {path}: {reason}", path = path.display())]
    VerificationFailed {
        /// The file holding the first mismatch.
        path: PathBuf,
        /// The first mismatch found.
        reason: String,
    },
    /// A computation that failed its own check (a search that left its
    /// root unsettled, ranks that disagree, a quotient that contradicts its
    /// sums): a defect or a corrupted run, not a bad input. Worded as
    /// [`Error::VerificationFailed`] is.
    #[error("verification failed in {what}: {reason}")]
    CheckFailed {
        /// The computation ("misère quotient", "monorail tablebase").
        what: String,
        /// The first inconsistency found.
        reason: String,
    },
    /// A dataset file that is not there because it is regenerated rather
    /// than kept (git ignores it), with how to get it.
    #[error("{path} is missing: {remedy}", path = path.display())]
    MissingFile {
        /// The missing file.
        path: PathBuf,
        /// How to regenerate it.
        remedy: String,
    },
    /// An operating-system error on a file or directory.
    #[error("{action} {path}: {source}", path = path.display())]
    Io {
        /// What was being done ("cannot write", "cannot read", ...).
        action: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// Work whose estimated cost exceeds what the machine has (or what the
    /// command allows itself), refused before it starts.
    #[error("{what} needs {needs}, more than {limit}; pass {flag} to run it anyway")]
    TooCostly {
        /// The work, as the user asked for it.
        what: String,
        /// The estimate ("about 1.9e10 position classes, 136 GiB of memory
        /// and 7 CPU-hours").
        needs: String,
        /// The limit it exceeds ("the 22.5 GiB of memory available").
        limit: String,
        /// The flag that runs it anyway.
        flag: &'static str,
    },
    /// Output whose estimated size exceeds the free space of the file
    /// system it goes to, refused before anything is written.
    #[error(
        "{what} would write about {needs}, but {path}'s file system has {free} free{hint}",
        path = path.display(),
        hint = flag.map_or(String::new(), |f| format!("; pass {f} to write it anyway"))
    )]
    NoSpace {
        /// The work, as the user asked for it (`octal seq --max-n N --out DIR`).
        what: String,
        /// The output on the file system that is too small, as named.
        path: PathBuf,
        /// The estimate ("85 GB").
        needs: String,
        /// The space free there ("78 GB").
        free: String,
        /// The flag that writes it anyway, where the command has one.
        flag: Option<&'static str>,
    },
    /// A run stopped by request (Ctrl-C, SIGTERM) before its answer, with
    /// nothing written; the command line exits with code 130.
    #[error("stopped before an answer; nothing was written")]
    Stopped,
    /// A run stopped by Ctrl-C or SIGTERM after saving its progress; the
    /// command line exits with code 130.
    #[error("interrupted; progress saved to {path}", path = path.display())]
    Interrupted {
        /// Where the progress was saved.
        path: PathBuf,
    },
}

/// At most this many characters of a user's text are quoted in an error
/// by [`quoted`].
pub const QUOTED: usize = 30;

/// `text` quoted for an error message: in double quotes, cut after
/// [`QUOTED`] characters with `…` and its length in bytes when longer
/// (`"0.777…" (4000 bytes)`), so that no message repeats a huge field.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        None => format!("\"{text}\""),
        Some((cut, _)) => format!("\"{}…\" ({} bytes)", &text[..cut], text.len()),
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// `error` and its causes, outermost first: the chain of
/// [`std::error::Error::source`], as [`one_line`] takes it.
pub fn causes<'a>(
    error: &'a (dyn std::error::Error + 'static),
) -> impl Iterator<Item = &'a (dyn std::error::Error + 'static)> {
    std::iter::successors(Some(error), |c| c.source())
}

/// An error and its causes (`chain`, outermost first) on one line,
/// `a: b: c`, whitespace collapsed, leaving out a cause whose text its
/// parent already shows (thiserror messages that embed their source would
/// otherwise print the OS message twice): the line `grundy` prints after
/// `error:`, and the message of the Python package's exceptions.
pub fn one_line<'a>(chain: impl Iterator<Item = &'a (dyn std::error::Error + 'static)>) -> String {
    let mut line = String::new();
    for cause in chain {
        let text = cause.to_string();
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if text.is_empty() || line.contains(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

impl Error {
    /// The same error with the work of a [`Error::TooCostly`] named
    /// `what` (as the user asked for it); any other error unchanged.
    pub fn naming_work(self, what: impl Into<String>) -> Error {
        match self {
            Error::TooCostly {
                needs, limit, flag, ..
            } => Error::TooCostly {
                what: what.into(),
                needs,
                limit,
                flag,
            },
            other => other,
        }
    }

    /// A constructor for [`Error::Io`] on `path` doing `action`, for
    /// `map_err`.
    pub fn io(
        action: &'static str,
        path: &std::path::Path,
    ) -> impl FnOnce(std::io::Error) -> Error {
        let path = path.to_path_buf();
        move |source| Error::Io {
            action,
            path,
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A computation's failed check reads as a dataset's failed
    /// verification did when it was one (`verification failed in …`).
    #[test]
    fn check_failed_reads_as_before() {
        let e = Error::CheckFailed {
            what: "misère quotient".into(),
            reason: "the empty sum was put in the P-portion".into(),
        };
        assert_eq!(
            e.to_string(),
            "verification failed in misère quotient: the empty sum was put in the P-portion"
        );
    }

    /// A typed reason is the source, and the line shows it once.
    #[test]
    fn a_typed_reason_is_the_source_and_shown_once() {
        let e = Error::MalformedCode {
            text: "".into(),
            source: CodeError::Empty,
        };
        assert_eq!(e.to_string(), "malformed code \"\": the code is empty");
        let source = std::error::Error::source(&e).expect("a source");
        assert_eq!(source.downcast_ref::<CodeError>(), Some(&CodeError::Empty));
        assert_eq!(
            one_line(causes(&e)),
            "malformed code \"\": the code is empty"
        );
        let e = Error::InvalidClaim {
            source: ClaimError::TooManyValues { period: 2 },
        };
        assert_eq!(
            e.to_string(),
            "invalid claim: --values has more than 2 numbers but the period is 2"
        );
        let e = Error::MalformedRule {
            text: "(".into(),
            source: RuleError::UnclosedParenthesis { column: 1 },
        };
        assert_eq!(
            e.to_string(),
            "malformed coin-turning rule \"(\": unbalanced parentheses: '(' at column 1 is never closed"
        );
        // Three levels: the position, the tile, the tile type.
        let e = Error::MalformedPosition {
            text: "2,0,NX".into(),
            source: PositionError::TileType {
                tile: 1,
                source: TileTypeError::NotASide {
                    text: "NX".into(),
                    side: 'X',
                },
            },
        };
        let line = "malformed position \"2,0,NX\": tile 1: tile type \"NX\" has side 'X', not N, E, S or W";
        assert_eq!(e.to_string(), line);
        assert_eq!(causes(&e).count(), 3);
        assert_eq!(one_line(causes(&e)), line);
        // A line whose reason is another error: the inner error is the
        // source, reachable by downcasting, and printed once.
        let row = Error::ImpossiblePosition {
            position: ".XXX.".into(),
            source: ImpossibleError::ThreeInARow { first: 2, last: 4 },
        };
        let e = Error::MalformedLine {
            path: "rows.txt".into(),
            line: 3,
            source: BatchError::Row {
                source: Box::new(row),
            }
            .into(),
        };
        let line = "rows.txt line 3: impossible position .XXX.: cells 2..=4 already hold three X in a row, so the game is over";
        assert_eq!(e.to_string(), line);
        assert_eq!(one_line(causes(&e)), line);
        let inner = causes(&e).find_map(|c| c.downcast_ref::<ImpossibleError>());
        assert_eq!(
            inner,
            Some(&ImpossibleError::ThreeInARow { first: 2, last: 4 })
        );
        let e = Error::MalformedSum {
            text: "treblecross:5".into(),
            source: SumError::TreblecrossHeap,
        };
        assert_eq!(
            e.to_string(),
            "malformed sum \"treblecross:5\": a Treblecross component is a row such as ..X.. (for a heap of the octal game 0.007 write 0.007:N)"
        );
    }
}
