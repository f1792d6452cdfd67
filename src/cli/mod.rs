//! The command line: one file per subcommand, a folder for a subcommand
//! with subcommands of its own (its `mod.rs` holds their enum and
//! dispatches). No subcommand file uses another: what they share is in
//! [`common`] (standard output, `--out` checks, the stop flag, the board
//! flags), [`progress`] (the progress sink) and [`refuted`].

#[macro_use]
pub mod common;
pub mod coins;
pub mod cram;
pub mod graph;
pub mod monorail;
pub mod ngon;
pub mod octal;
pub mod progress;
pub mod refuted;
pub mod reproduce;
pub mod serve;
pub mod sum;
pub mod treblecross;

use clap::{Parser, Subcommand};

/// Settles impartial combinatorial games by exhaustive search.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about, long_about = None)]
pub struct Cli {
    /// Worker threads (default: all cores). `--threads 1` gives a
    /// sequential baseline; results are identical for any count.
    #[arg(long, global = true, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// No progress output at all.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// How long runs show progress on standard error: a bar on a
    /// terminal, plain lines every 5 s, or none. The default (auto): a bar
    /// on a terminal; plain lines every 5 s when CI is set; else (a log
    /// file, a pipe) a plain line every 10 s once the run has lasted 10 s.
    #[arg(long, global = true, value_enum, default_value = "auto")]
    pub progress: progress::Mode,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Monorail (The Genius, 2014): solve, verify, show positions.
    #[command(subcommand)]
    Monorail(monorail::Command),
    /// Octal games: nim-sequences, periods, claims, rings.
    #[command(subcommand)]
    Octal(octal::Command),
    /// The n-gon game: for which n the first player wins.
    Ngon(ngon::Args),
    /// Treblecross (one-dimensional tic-tac-toe): winning cells of a row,
    /// numbered from 1 at the left.
    Treblecross(treblecross::Args),
    /// Coin-turning games (Turning Turtles, Mock Turtles, Ruler, your rule).
    Coins(coins::Args),
    /// The (generalised) Sprague–Grundy function of any finite game graph.
    Graph(graph::Args),
    /// Cram (dominoes on a board): the nimber and every winning move.
    Cram(cram::Args),
    /// A sum of games from any family: nimbers, nim-sum, winning moves.
    Sum(sum::Args),
    /// Regenerate everything in data/ and reports/ (the main job).
    Reproduce(reproduce::Args),
    /// The Monorail tablebase explorer: a local web page and JSON API with
    /// every move's value, and play against the perfect strategist.
    Serve(serve::Args),
}

/// Runs the parsed command line.
///
/// # Errors
/// Any failure, as one line for the user; `main` exits with code 2.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    let threads = cli.threads.map(|t| t as usize).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let bars = progress::Bars::new(cli.quiet, cli.progress);
    pool.install(|| match cli.command {
        Command::Monorail(c) => monorail::run(c, threads, &bars),
        Command::Octal(c) => octal::run(c, threads, &bars),
        Command::Ngon(a) => ngon::run(a, &bars),
        Command::Treblecross(a) => treblecross::run(a),
        Command::Coins(a) => coins::run(a),
        Command::Graph(a) => graph::run(a),
        Command::Cram(a) => cram::run(a, threads, &bars),
        Command::Sum(a) => sum::run(a, &bars),
        Command::Reproduce(a) => reproduce::run(a, threads, &bars),
        Command::Serve(a) => serve::run(a, threads, &bars),
    })
}
