//! Why a text is not a position: Monorail's compact notation and
//! pictures, Cram boards, coin rows and Treblecross rows.

/// What is wrong with the text of a position: the source of
/// [`Error::MalformedPosition`](super::Error::MalformedPosition). Cells
/// are named as the user wrote them (`(x,y)` in the frame of the text).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A Monorail tile not written `x,y,TYPE`.
    #[error("tile {tile} ({item:?}) is not x,y,TYPE")]
    NotXYType {
        /// The tile's 1-based place in the list.
        tile: usize,
        /// The item as written (its first characters).
        item: String,
    },
    /// A Monorail tile coordinate that is not an integer.
    #[error("tile {tile} has {axis} = {text:?}, not an integer")]
    CoordinateNotInteger {
        /// The tile's 1-based place in the list.
        tile: usize,
        /// `"x"` or `"y"`.
        axis: &'static str,
        /// The coordinate as written (its first characters).
        text: String,
    },
    /// A Monorail tile coordinate past what the notation holds.
    #[error("tile {tile} has {axis} = {value}, outside the board ({axis} in {min}..={max})")]
    CoordinateOutOfRange {
        /// The tile's 1-based place in the list.
        tile: usize,
        /// `"x"` or `"y"`.
        axis: &'static str,
        /// The coordinate as written (its first characters).
        value: String,
        /// The smallest coordinate allowed.
        min: i32,
        /// The largest coordinate allowed.
        max: i32,
    },
    /// A Monorail tile whose type cannot be read.
    #[error("tile {tile}: {source}")]
    TileType {
        /// The tile's 1-based place in the list.
        tile: usize,
        /// What is wrong with the type.
        #[source]
        source: TileTypeError,
    },
    /// A Monorail cell outside the window the notation covers.
    #[error("cell {cell} is outside the board (x in {}..={limit}, y in -{limit}..={limit})", 1 - i64::from(*limit))]
    OutsideWindow {
        /// The cell, `(x,y)`.
        cell: String,
        /// The largest coordinate allowed, in absolute value.
        limit: i32,
    },
    /// A Monorail cell off a bounded board.
    #[error("cell {cell} is off the {width}x{height} board (x in 0..{width}, y in 0..{height})")]
    OffBoard {
        /// The cell in board coordinates, `(x,y)`.
        cell: String,
        /// The board's width.
        width: i32,
        /// The board's height.
        height: i32,
    },
    /// A Monorail tile placed on the station.
    #[error("cell {cell} is a station cell")]
    OnStation {
        /// The cell, `(x,y)`.
        cell: String,
    },
    /// Two Monorail tiles on one cell.
    #[error("cell {cell} holds two tiles")]
    TwoTiles {
        /// The cell, `(x,y)`.
        cell: String,
    },
    /// A Monorail picture with too many lines.
    #[error("a picture has at most {limit} lines, this has more")]
    TooManyLines {
        /// The most lines a picture may have.
        limit: usize,
    },
    /// A Monorail picture line that is too long.
    #[error("line {line} is longer than {limit} characters")]
    LineTooLong {
        /// The 1-based line number.
        line: usize,
        /// The most characters a line may have.
        limit: usize,
    },
    /// A Monorail picture with no station drawn.
    #[error("no station (`======`) in the picture")]
    NoStation,
    /// A Monorail picture whose coordinates do not fit.
    #[error("the picture is too large")]
    PictureTooLarge,
    /// A Monorail station cell drawn as something else.
    #[error("station cell {cell} is drawn as {block:?}")]
    StationDrawnWrong {
        /// The cell, `(x,y)`.
        cell: String,
        /// The block as drawn, its three rows joined by `/`.
        block: String,
    },
    /// A block of a Monorail picture that is not a tile.
    #[error("block at {cell} is not a tile: {block:?}")]
    NotATileBlock {
        /// The cell, `(x,y)`.
        cell: String,
        /// The block as drawn, its three rows joined by `/`.
        block: String,
    },
    /// Cram text that is neither `RxC` nor a picture.
    #[error("expected RxC (such as 5x7) or a picture of rows of '.' and '#' separated by '/'")]
    NotRxC,
    /// A Cram side that is not a whole number.
    #[error("the number of {what} {text:?} is not a whole number")]
    SideNotWhole {
        /// `"rows"` or `"columns"`.
        what: &'static str,
        /// The side as written.
        text: String,
    },
    /// A Cram board with no row or no column.
    #[error("a board needs at least one row and one column")]
    NoCells,
    /// A Cram board past the engine's limits.
    #[error(
        "{rows} x {cols} is past what the engine holds: the shorter side at most \
         {max_short} and the longer at most {max_long} cells"
    )]
    BoardTooLarge {
        /// The rows given.
        rows: usize,
        /// The columns given.
        cols: usize,
        /// The most cells on the shorter side.
        max_short: usize,
        /// The most cells on the longer side.
        max_long: usize,
    },
    /// A Cram picture whose rows differ in length.
    #[error("row {row} has {cells} cells, row 1 has {first}: every row must be as long")]
    RaggedRows {
        /// The 1-based row.
        row: usize,
        /// Its cells.
        cells: usize,
        /// The cells of row 1.
        first: usize,
    },
    /// A Cram picture cell that is neither `.` nor `#`.
    #[error("row {row}, column {col}: {found:?} is neither '.' (empty) nor '#' (filled)")]
    NotACramCell {
        /// The 1-based row.
        row: usize,
        /// The 1-based column.
        col: usize,
        /// The character found.
        found: char,
    },
    /// A coin row with no coins, given as cells.
    #[error("a row has at least one coin")]
    NoCoins,
    /// A coin row written as the empty text.
    #[error("the row is empty: write at least one coin, H (heads) or T (tails)")]
    EmptyCoinRow,
    /// A coin that is neither `H` nor `T`.
    #[error("character {found:?} at column {column} is not H (heads) or T (tails)")]
    NotACoin {
        /// The character found.
        found: char,
        /// Its 1-based column.
        column: usize,
    },
    /// A Treblecross row with no cells.
    #[error("the row is empty; write cells as '.' (empty) and 'X'")]
    EmptyTreblecrossRow,
    /// A Treblecross cell that is neither `.` nor `X`.
    #[error("character {found:?} at column {column} is neither '.' (empty) nor 'X'")]
    NotATreblecrossCell {
        /// The character found.
        found: char,
        /// Its 1-based column.
        column: usize,
    },
}

/// What is wrong with a Monorail tile type (`NS`, `EW`, `NE`, `NW`,
/// `SE`, `SW`, sides in either order): the source of
/// [`PositionError::TileType`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileTypeError {
    /// Not two characters.
    #[error("tile type {text:?} is not two sides (NS, EW, NE, NW, SE or SW)")]
    NotTwoSides {
        /// The type as written.
        text: String,
    },
    /// A character that is not a side.
    #[error("tile type {text:?} has side {side:?}, not N, E, S or W")]
    NotASide {
        /// The type as written.
        text: String,
        /// The character, upper-cased.
        side: char,
    },
    /// The same side twice.
    #[error("tile type {text:?} does not join two different sides")]
    SameSide {
        /// The type as written.
        text: String,
    },
}

/// Why a well-formed position cannot arise in its game: the source of
/// [`Error::ImpossiblePosition`](super::Error::ImpossiblePosition).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImpossibleError {
    /// More Monorail tiles than the longest loop has.
    #[error("{placed} tiles are placed but a loop has at most {tiles}")]
    TooManyTiles {
        /// The tiles placed.
        placed: usize,
        /// The tile count `T`.
        tiles: usize,
    },
    /// A Monorail tile further from the station than any loop reaches.
    #[error("cell {cell} is too far from the station")]
    TooFar {
        /// The cell, `(x,y)`.
        cell: String,
    },
    /// A Monorail tile off the bounded board.
    #[error("cell {cell} is off the board")]
    OffBoard {
        /// The cell in board coordinates, `(x,y)`.
        cell: String,
    },
    /// Monorail tiles that no loop of the tile count contains.
    #[error(
        "no loop of at most {tiles} tiles{} contains every placed tile",
        if *on_board { " on the board" } else { "" }
    )]
    NotCompletable {
        /// The tile count `T`.
        tiles: usize,
        /// Whether the game is on a bounded board.
        on_board: bool,
    },
    /// A Monorail tile not joined to the station through placed tiles
    /// (every move touches what is placed).
    #[error("tile at {cell} is not joined to the station through placed tiles")]
    NotJoined {
        /// The cell, `(x,y)`, in the frame the user wrote.
        cell: String,
    },
    /// A Treblecross row that already holds three `X` in a row.
    #[error("cells {first}..={last} already hold three X in a row, so the game is over")]
    ThreeInARow {
        /// The first of the three cells, 1-based.
        first: usize,
        /// The last of the three cells, 1-based.
        last: usize,
    },
}
