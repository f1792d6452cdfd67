//! Report rendering: Markdown text and SVG figures. Pure functions from
//! results to strings; writing them is the caller's job.
#![warn(missing_docs)]

pub mod census;
pub mod census_published;
pub mod coins;
pub mod common;
pub mod misere;
pub mod misere_census;
pub mod monorail;
pub mod monorail_board;
pub mod monorail_svg;
pub mod octal;
pub mod octal_sparse;
pub mod plot;
pub mod treblecross;
