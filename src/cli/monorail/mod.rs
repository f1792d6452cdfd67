//! `grundy monorail solve | verify | show | play`: the subcommands' enum
//! and dispatch; one file each.

pub mod play;
pub mod show;
pub mod solve;
pub mod verify;

use super::progress::Bars;
use clap::Subcommand;

/// Monorail subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every position reachable from the start; write the datasets and
    /// the report.
    Solve(solve::SolveArgs),
    /// Check every value of every file of a dataset directory against the
    /// rules.
    Verify(verify::VerifyArgs),
    /// Show a position: picture, loops left, nimber, winning moves.
    Show(show::ShowArgs),
    /// Play against the perfect strategist in the terminal (moves in
    /// compact notation on standard input; hint, undo, quit).
    Play(play::PlayArgs),
}

/// Runs a Monorail subcommand.
///
/// # Errors
/// Bad arguments, bad input files, failed writes, failed verification,
/// refused work.
pub fn run(c: Command, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    match c {
        Command::Solve(a) => solve::run(a, threads, bars),
        Command::Verify(a) => verify::run(&a, bars),
        Command::Show(a) => show::run(&a, bars),
        Command::Play(a) => play::run(&a, bars),
    }
}
