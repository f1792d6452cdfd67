//! `grundy reproduce`: regenerate everything in `data/` and `reports/`
//! ([`grundy_jobs::reproduce`]), then say what each step found.

use super::progress::Bars;
use grundy_jobs::reproduce::{
    ReproduceJob, COINS_TABLE, CRAM_REGION_CELLS, MISERE_GAMES, OCTAL_GAMES, TREBLECROSS_TABLE,
};
use std::path::PathBuf;

/// `grundy reproduce`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Root of the data directory (`--data` is kept as an alias).
    #[arg(long, alias = "data", default_value = "data")]
    pub out: PathBuf,
    /// Root of the reports directory.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
}

/// Runs the main job and prints one line per step.
///
/// # Errors
/// As [`grundy_jobs::reproduce::run`].
pub fn run(a: Args, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    let job = ReproduceJob {
        out: &a.out,
        reports: &a.reports,
        threads,
    };
    let r = grundy_jobs::reproduce::run(&job, bars)?;
    let s = &r.monorail;
    outln!(
        "Monorail, T = {}: start nimber *{}, the first player {}{}; {} of {} first moves (up to symmetry) win; {} position classes solved. Wrote {} and {}.",
        s.tiles,
        s.start_nimber,
        if s.first_player_wins { "wins" } else { "loses" },
        r.monorail_remoteness
            .map_or_else(String::new, |m| format!(" in {m} moves with perfect play (remoteness)")),
        s.winning_first_moves,
        s.first_moves,
        s.positions_solved,
        a.out.join("monorail").display(),
        a.reports.join("monorail.md").display()
    )?;
    let (empty, televised, seconds) = &r.season4;
    let (empty_r, televised_r) = r.season4_remoteness;
    let as_move = empty
        .moves
        .iter()
        .find(|m| m.tiles == televised.root.tiles())
        .map_or(u16::MAX, |m| m.nimber);
    outln!(
        "Monorail, Season 4 board (5x4, T = {}): empty board *{}, remoteness {empty_r}; the televised opening leaves *{} ({} move), remoteness {televised_r}; {} replies, {} winning; in {seconds:.2} s. Wrote {}.",
        empty.tiles,
        empty.nimber,
        as_move,
        if as_move == 0 { "a winning" } else { "a losing" },
        televised.moves.len(),
        televised.winning_moves(),
        a.out.join("monorail-season4").display()
    )?;
    for ((code, run), &(name, max_n)) in r.octal.iter().zip(OCTAL_GAMES) {
        let s = &run.summary;
        outln!(
            "{code} ({name}): G(0..={max_n}) in {:.2} s, largest value {}; {}. Wrote {}.",
            run.seconds,
            s.max_value,
            match s.period {
                Some(p) => format!("period {p} from n = {}, proved", s.pre_period.unwrap_or(0)),
                None => format!("no period found up to n = {max_n}"),
            },
            a.out.join("octal").join(code.file_name()).display()
        )?;
    }
    let (max_gap, losing, seconds) = r.treblecross;
    outln!(
        "Treblecross: gap values to {max_gap} cells in {seconds:.1} s; the first player loses {losing} of the empty strips of 1..={TREBLECROSS_TABLE} cells. Wrote {}.",
        a.out.join("treblecross").display()
    )?;
    for (m, spec) in r.misere.iter().zip(MISERE_GAMES) {
        let q = &m.learned.quotient;
        outln!(
            "{}, misère: Q_{} has {} elements, {} in the P-portion ({}); in {:.1} s. Wrote {}.",
            spec.title,
            q.max_heap,
            q.order(),
            q.p_portion_size(),
            match m.first_wild {
                Some(w) => format!("wild from heap {w}"),
                None => "tame".to_string(),
            },
            m.seconds,
            a.out.join("misere").join(m.code.file_name()).display()
        )?;
    }
    outln!(
        "Coin-turning games: g(1..={COINS_TABLE}) of Turning Turtles, Mock Turtles and Ruler. Wrote {}.",
        a.out.join("coins").display()
    )?;
    let (regions, n_p, seconds) = r.cram_regions;
    outln!(
        "Cram: the {regions} regions of at most {CRAM_REGION_CELLS} cells (free polyominoes), {n_p} of nimber 0; in {seconds:.1} s. Wrote {}.",
        a.out.join("cram").join("regions.csv").display()
    )?;
    Ok(())
}
