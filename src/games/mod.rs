//! Game families, one module each.

pub mod coins;
pub mod cram;
pub mod graph;
pub mod misere;
pub mod monorail;
pub mod octal;
pub mod summands;
pub mod treblecross;
