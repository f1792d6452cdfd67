//! `grundy reproduce`: regenerate everything in `data/` and `reports/`.

use super::monorail::solve_all;
use super::octal::{seq_to_dataset, SeqJob};
use super::progress::Bars;
use grundy::games::octal::{Engine, OctalCode};

use grundy::games::monorail::rules::STANDARD_TILES;
use std::path::PathBuf;

/// `grundy reproduce`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Root of the data directory.
    #[arg(long, default_value = "data")]
    pub data: PathBuf,
    /// Root of the reports directory.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
}

/// The octal games `reproduce` computes, with their largest heap size: the
/// periodic classics well past their proofs, Treblecross as far as a few
/// seconds go on two cores.
pub const OCTAL_GAMES: &[(&str, usize)] = &[
    ("kayles", 10_000),
    ("dawsons-chess", 10_000),
    ("dawsons-kayles", 10_000),
    ("treblecross", 1 << 18),
];

/// Reruns the Monorail proof for T = 16 into `data/monorail` and
/// `reports/monorail.md`, then the octal games of [`OCTAL_GAMES`] into
/// `data/octal/<code>/` and `reports/octal/`.
///
/// # Errors
/// As the solve.
pub fn run(a: Args, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    let out = a.data.join("monorail");
    let s = solve_all(
        STANDARD_TILES,
        &out,
        &a.reports,
        threads,
        bars,
        "cargo run --release -- reproduce".to_string(),
    )?;
    outln!(
        "Monorail, T = {}: start nimber *{}, the first player {}; {} of {} first moves (up to symmetry) win; {} position classes solved. Wrote {} and {}.",
        s.tiles,
        s.start_nimber,
        if s.first_player_wins { "wins" } else { "loses" },
        s.winning_first_moves,
        s.first_moves,
        s.positions_solved,
        out.display(),
        a.reports.join("monorail.md").display()
    );
    for &(name, max_n) in OCTAL_GAMES {
        let code: OctalCode = name.parse()?;
        let out = a.data.join("octal").join(code.file_name());
        let reports = a.reports.join("octal");
        let job = SeqJob {
            code: &code,
            engine: Engine::Sparse,
            max_n,
            out: &out,
            reports: Some(&reports),
            checkpoint: None,
            command: "cargo run --release -- reproduce".to_string(),
        };
        let r = seq_to_dataset(job, threads, bars)?;
        let s = &r.summary;
        outln!(
            "{code} ({name}): G(0..={max_n}) in {:.2} s, largest value {}; {}. Wrote {}.",
            r.seconds,
            s.max_value,
            match s.period {
                Some(p) => format!("period {p} from n = {}, proved", s.pre_period.unwrap_or(0)),
                None => format!("no period found up to n = {max_n}"),
            },
            out.display()
        );
    }
    Ok(())
}
