//! `grundy octal seq | period | check | ring | genus | quotient | verify | check-table |
//! census`: the subcommands' enum and dispatch; one file each. Each checks
//! its flags, calls one library pipeline ([`grundy_jobs::octal`],
//! [`grundy_jobs::octal_queries`], [`grundy_jobs::census`]) and prints
//! the result.

pub mod census;
pub mod check;
pub mod check_table;
pub mod genus;
pub mod misere_census;
pub mod period;
pub mod quotient;
pub mod ring;
pub mod seq;
pub mod sparse;
pub mod verify;

use super::progress::Bars;
use clap::Subcommand;

/// Octal subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// The nim-sequence G(0..=N): CSV to standard output, or a dataset
    /// directory with --out.
    Seq(seq::SeqArgs),
    /// Find and prove the period (Octal Periodicity Theorem).
    Period(period::PeriodArgs),
    /// Check a published periodicity claim for all n (exit code 1 when it fails).
    Check(check::CheckArgs),
    /// The game on a ring of n tokens, n = 1..=N.
    Ring(ring::RingArgs),
    /// Each heap's misère nimber and Conway genus, and whether the game is
    /// tame up to N.
    Genus(genus::GenusArgs),
    /// The misère quotient of the sums of heaps up to N, proved.
    Quotient(quotient::QuotientArgs),
    /// Every code of up to two digits: tame, or its misère quotients.
    MisereCensus(misere_census::MisereCensusArgs),
    /// Re-derive every value of a sequence file or dataset directory with
    /// the naive engine, and check the dataset's other files.
    Verify(verify::VerifyArgs),
    /// Check a CSV table of published claims row by row.
    CheckTable(check_table::Args),
    /// Every code 0.d1d2d3 and 4.d1d2d3: periodic, arithmetic or unsettled.
    Census(census::CensusArgs),
    /// The sparse space of a computed sequence by depth, beside the
    /// published figures.
    Sparse(sparse::SparseArgs),
}

/// Runs an octal subcommand.
///
/// # Errors
/// Bad codes, claims or arguments; computations too large; unreadable or
/// wrong checkpoints and files; failed writes; an interrupted checkpointed
/// run ([`grundy_core::Error::Interrupted`]).
pub fn run(c: Command, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    match c {
        Command::Seq(a) => seq::run(a, threads, bars),
        Command::Period(a) => period::run(a, bars),
        Command::Check(a) => check::run(a, bars),
        Command::Ring(a) => ring::run(a, bars),
        Command::Genus(a) => genus::run(a, bars),
        Command::Quotient(a) => quotient::run(a, bars),
        Command::MisereCensus(a) => misere_census::run(a, bars),
        Command::Verify(a) => verify::run(a, bars),
        Command::CheckTable(a) => check_table::run(a, bars),
        Command::Census(a) => census::run(a, threads, bars),
        Command::Sparse(a) => sparse::run(a, bars),
    }
}
