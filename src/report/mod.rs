//! Report rendering: Markdown text and SVG figures. Pure functions from
//! results to strings; writing them is the caller's job.

pub mod coins;
pub mod monorail;
pub mod octal;
pub mod plot;
pub mod svg;
pub mod treblecross;
