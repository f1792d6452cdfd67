//! Game families, one module each.

pub mod monorail;
pub mod octal;
