//! Monorail, the tile game of the Korean show *The Genius* (2014), as
//! analysed by J. Grabman, "A Genius Solution" (SIGBOVIK 2024).

pub mod analysis;
pub mod board;
pub mod cost;
pub mod distributed;
pub mod geometry;
pub mod loop_table;
pub mod loops;
pub mod memo;
pub mod memo_size;
pub mod moves;
pub mod position;
pub mod remoteness;
pub mod root;
pub mod rules;
pub mod solve;
pub mod solved;
pub mod subgame;
pub mod tablebase;
pub mod transport;
pub mod verify;
