//! Why a Monorail board cannot be played on.

/// What is wrong with a Monorail board (`--board WxH --station X,Y`): the
/// source of [`Error::BadBoard`](super::Error::BadBoard).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// `--board` not of the form `WxH`.
    #[error("the board is not WxH (for example 5x4)")]
    NotWxH,
    /// `--station` not of the form `X,Y`.
    #[error("the station is not X,Y (for example 1,3)")]
    NotXY,
    /// A side or a station coordinate that is not an integer.
    #[error("{what} {text:?} is not an integer")]
    NotAnInteger {
        /// Which number ("width", "height", "station x", "station y").
        what: &'static str,
        /// The text given, trimmed.
        text: String,
    },
    /// A side below 2 or above the largest supported.
    #[error("{side} {value} is outside 2..={max}")]
    SideOutOfRange {
        /// "width" or "height".
        side: &'static str,
        /// The side given.
        value: i32,
        /// The largest side supported.
        max: i32,
    },
    /// A station cell off the board.
    #[error("the station's cells ({x},{y}) and ({},{y}) must both lie on the board (x in 0..{width}, y in 0..{height})", i64::from(*x) + 1)]
    StationOffBoard {
        /// The station's west cell, x.
        x: i32,
        /// The station's row.
        y: i32,
        /// The board's width.
        width: i32,
        /// The board's height.
        height: i32,
    },
    /// No loop of the tile count fits on the board.
    #[error("no loop of at most {tiles} tiles fits on it")]
    NoLoopFits {
        /// The tile count.
        tiles: usize,
    },
}
