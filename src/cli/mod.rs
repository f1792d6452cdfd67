//! Subcommands, one file each; each exposes its `Args` and `run`.

/// `println!` to standard output that ends the process quietly (exit 0)
/// when the reader has gone away (`grundy ... | head`), instead of panicking.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(&format!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes `text` to standard output; a closed pipe ends the process with
/// exit code 0.
pub fn write_stdout(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(2);
    }
}

pub mod coins;
pub mod graph;
pub mod monorail;
pub mod monorail_play;
pub mod mpi;
pub mod ngon;
pub mod octal;
pub mod octal_census;
pub mod octal_table;
pub mod progress;
pub mod refuted;
pub mod reproduce;
pub mod serve;
pub mod sum;
pub mod treblecross;

/// Fails early, with the directory named, if `dir` cannot be created or
/// written to, before any long computation starts.
pub fn check_writable(dir: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::Context;
    grundy::dataset::atomic::create_dir(dir)?;
    tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    Ok(())
}

/// Refuses an `--out` that names one of the command's inputs (it would be
/// overwritten by the answer to itself).
pub fn refuse_input_as_output<'a>(
    out: &std::path::Path,
    inputs: impl IntoIterator<Item = &'a std::path::Path>,
) -> anyhow::Result<()> {
    let Ok(o) = std::fs::canonicalize(out) else {
        return Ok(()); // `out` does not exist yet, so it is no input
    };
    for i in inputs {
        if i != std::path::Path::new("-") && std::fs::canonicalize(i).is_ok_and(|c| c == o) {
            anyhow::bail!(
                "--out {} is the input {}; write the output elsewhere",
                out.display(),
                i.display()
            );
        }
    }
    Ok(())
}

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
    /// terminal, plain lines every 5 s (the default when CI is set and
    /// standard error is not a terminal), or none.
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
    /// Treblecross (one-dimensional tic-tac-toe): winning cells of a row.
    Treblecross(treblecross::Args),
    /// Coin-turning games (Turning Turtles, Mock Turtles, Ruler, your rule).
    Coins(coins::Args),
    /// The (generalised) Sprague–Grundy function of any finite game graph.
    Graph(graph::Args),
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
        Command::Sum(a) => sum::run(a, &bars),
        Command::Reproduce(a) => reproduce::run(a, threads, &bars),
        Command::Serve(a) => serve::run(a, threads, &bars),
    })
}

/// The process's stop flag, set by Ctrl-C or SIGTERM once a checkpointed
/// run has asked for it (the handler is installed on the first call).
pub fn stop_flag() -> &'static std::sync::atomic::AtomicBool {
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    static INSTALL: std::sync::Once = std::sync::Once::new();
    INSTALL.call_once(|| {
        let _ = ctrlc::set_handler(|| STOP.store(true, std::sync::atomic::Ordering::SeqCst));
    });
    &STOP
}
