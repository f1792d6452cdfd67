//! Game families, one module each (the crate's README follows).
//!
#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod coins;
pub mod cram;
pub mod graph;
pub mod misere;
pub mod monorail;
pub mod octal;
pub mod summands;
pub mod treblecross;
