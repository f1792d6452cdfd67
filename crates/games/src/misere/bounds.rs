//! The bounds on a quotient's work ([`Limits`]) and the refusals past them.
//!
//! Both ways of finding a quotient (inside finite monoids, [`super::expand`],
//! and by learning from searched sums, [`super::learner`]) stop on the same
//! bounds with the same errors: one place words them.

use grundy_core::clock::Deadline;
use grundy_core::{Error, Result};

/// Bounds on the work of [`super::learn::quotient`].
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Elements of a candidate before it is reduced.
    pub elements: usize,
    /// Positions the outcome search keeps.
    pub positions: usize,
    /// States of the (N) check.
    pub states: usize,
    /// Entries (`order²`) of a reduced candidate's multiplication table.
    pub table: usize,
    /// A time after which the search gives up (checked between candidates
    /// and every 65,536 positions searched).
    pub deadline: Option<Deadline>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            elements: 50_000,
            positions: 20_000_000,
            states: 20_000_000,
            table: 20_000_000,
            deadline: None,
        }
    }
}

/// [`Error::TooCostly`] for a bound of [`Limits`].
pub(super) fn too_costly(what: &str, limit: usize) -> Error {
    Error::TooCostly {
        what: "the misère quotient".into(),
        needs: format!("more than {limit} {what}"),
        limit: "its bound".into(),
        flag: "--force",
    }
}

/// The deadline passed before heap `n` was proved (flag `--budget`).
pub(super) fn out_of_time(n: u16) -> Error {
    Error::TooCostly {
        what: "the misère quotient".into(),
        needs: format!("more time than its budget at heap {n}"),
        limit: "the time budget".into(),
        flag: "--budget",
    }
}

/// [`out_of_time`] once `deadline` has passed while heap `n` is being
/// proved.
pub(super) fn past(deadline: Option<Deadline>, n: u16) -> Result<()> {
    match deadline {
        Some(d) if d.passed() => Err(out_of_time(n)),
        _ => Ok(()),
    }
}
