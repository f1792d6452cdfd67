//! Treblecross: one-dimensional tic-tac-toe.
//!
//! Rules: a row of `L` cells, some holding an `X`. Both players write an
//! `X` in an empty cell; whoever first completes three `X` in consecutive
//! cells wins. A full row without three in a row is a loss for the player
//! to move (normal play: the player who cannot move loses), the convention
//! under which the Sprague–Grundy analysis below is exact.
//!
//! ```text
//! ..X....X..     a row of 10 cells (1-based), X at cells 3 and 8
//! ```
//!
//! Analysis (Winning Ways ch. 4 and ch. 22; Berlekamp, Conway and Guy):
//! 1. If a cell completes three in a row, writing there wins at once, and
//!    those cells are the only winning moves (any other move leaves the
//!    threat to the opponent).
//! 2. Otherwise a cell within two cells of an `X` is *dead*: writing there
//!    makes `XX` or `X.X`, which the opponent completes (for rows of at
//!    least 3 cells). Perfect play never writes there, so the game is a sum
//!    of the maximal runs of live cells, the *gaps*. Writing in cell `i` of
//!    a gap of `k` live cells kills cells `i − 2 ..= i + 2`, leaving gaps
//!    of `max(0, i − 3)` and `max(0, k − i − 2)` cells.
//! 3. A gap of `k` cells has the Grundy value `G(k + 2)` of the octal game
//!    0.007 (Winning Ways ch. 4, "Treblecross"), so the gap values come
//!    from the octal engine; the identity is checked in the tests against
//!    the recursion of step 2. The row is a P-position iff the nim-sum of
//!    its gaps' values is 0; the winning cells are those moving it to 0.
//!
//! Rows shorter than 3 cells cannot hold three in a row; there the game is
//! plain filling, settled by the parity of the empty cells.

pub mod analysis;
pub mod game;
pub mod nimbers;
pub mod row;

pub use analysis::{analyse, empty_strip, Analysis};
pub use game::RowGame;
pub use nimbers::GapNimbers;
pub use row::Row;
