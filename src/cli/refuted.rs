//! A check that ran to its end and found that something claimed does not
//! hold: `main` exits with code 1, not 2 (the input was read and checked,
//! and the lines printed before say what failed), and not 0 (a script
//! must not take a refuted claim for a confirmed one).

use std::fmt;

/// What was refuted, in words (the error line `main` prints).
#[derive(Debug)]
pub struct Refuted(pub String);

impl fmt::Display for Refuted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refuted {}
