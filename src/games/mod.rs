//! Game families, one module each.

pub mod monorail;
