//! The mathematics of octal games beside the engines: codes and their
//! moves, periodicity (the Octal Periodicity Theorem), published claims
//! and tables, rings, codes with the same nim-sequence, and the census of
//! small codes.

pub mod census;
pub mod claim;
pub mod code;
pub mod equivalent;
pub mod extended;
pub mod game;
pub mod period;
pub mod published;
pub mod ring;
pub mod table_check;
pub mod verify;
