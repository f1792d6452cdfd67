//! `grundy reproduce`: regenerate everything in `data/` and `reports/`.

use super::monorail::solve_all;
use super::progress::Bars;
use grundy::games::octal::{Engine, OctalCode};
use grundy::jobs::octal::{seq_to_dataset, SeqJob};
use std::sync::atomic::AtomicBool;

use grundy::games::monorail::rules::STANDARD_TILES;
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
/// `data/octal/<code>/` and `reports/octal/`, Treblecross into
/// `data/treblecross/` and `reports/treblecross.md`, and the coin-turning
/// tables into `data/coins/` and `reports/coins.md`.
///
/// # Errors
/// As the solve.
pub fn run(a: Args, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    let out = a.out.join("monorail");
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
    season4(&a, bars)?;
    for &(name, max_n) in OCTAL_GAMES {
        let code: OctalCode = name.parse()?;
        let out = a.out.join("octal").join(code.file_name());
        let reports = a.reports.join("octal");
        let job = SeqJob {
            code: &code,
            engine: Engine::Sparse,
            max_n,
            out: &out,
            reports: Some(&reports),
            checkpoint: None,
            command: "cargo run --release -- reproduce".to_string(),
            threads,
            stop: &AtomicBool::new(false),
        };
        let r = seq_to_dataset(job, bars)?;
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
    treblecross(&a, bars)?;
    let coins = a.out.join("coins");
    grundy::dataset::coins::write_tables(&coins, COINS_TABLE)?;
    let md = grundy::report::coins::render(COINS_TABLE);
    grundy::dataset::atomic::write_bytes(&a.reports.join("coins.md"), md.as_bytes())?;
    outln!(
        "Coin-turning games: g(1..={COINS_TABLE}) of Turning Turtles, Mock Turtles and Ruler. Wrote {}.",
        coins.display()
    );
    Ok(())
}

/// The televised opening of Season 4 (episode 6), board coordinates.
pub const SEASON4_OPENING: &str = "3,3,EW;3,2,EW;3,1,EW";

/// The Season 4 analysis: the 5×4 board with T = 16 from the empty board
/// and from the televised opening, into `data/monorail-season4/{empty,
/// televised}/` and `reports/monorail-season4.md` with its figures in
/// `reports/monorail-season4/`.
fn season4(a: &Args, bars: &Bars) -> anyhow::Result<()> {
    use grundy::games::monorail::board::Board;
    use grundy::games::monorail::root::solve_board;
    let board = Board::season4();
    let start = std::time::Instant::now();
    let empty = solve_board(STANDARD_TILES, Some(board), &Default::default(), bars)?;
    let opening = board.parse_position(SEASON4_OPENING)?;
    let televised = solve_board(STANDARD_TILES, Some(board), &opening, bars)?;
    let out = a.out.join("monorail-season4");
    grundy::dataset::monorail_board::write_board_dataset(&out.join("empty"), &empty)?;
    grundy::dataset::monorail_board::write_board_dataset(&out.join("televised"), &televised)?;
    let sec = grundy::report::monorail_board::season4(&empty, &televised, "monorail-season4");
    for (name, svg) in &sec.figures {
        grundy::dataset::atomic::write_bytes(
            &a.reports.join("monorail-season4").join(name),
            svg.as_bytes(),
        )?;
    }
    grundy::dataset::atomic::write_bytes(
        &a.reports.join("monorail-season4.md"),
        sec.markdown.as_bytes(),
    )?;
    let as_move = empty
        .moves
        .iter()
        .find(|m| m.tiles == opening.tiles())
        .map_or(u16::MAX, |m| m.nimber);
    outln!(
        "Monorail, Season 4 board (5x4, T = {STANDARD_TILES}): empty board *{}; the televised opening leaves *{} ({} move); {} replies, {} winning; in {:.2} s. Wrote {}.",
        empty.nimber,
        as_move,
        if as_move == 0 { "a winning" } else { "a losing" },
        televised.moves.len(),
        televised.winning_moves(),
        start.elapsed().as_secs_f64(),
        out.display()
    );
    Ok(())
}

/// Coins in each table of `data/coins/`.
pub const COINS_TABLE: usize = 4096;

/// Strips in `data/treblecross/table.csv`.
pub const TREBLECROSS_TABLE: usize = 2000;
/// Gap values in `data/treblecross/nimbers.bin.zst`: enough for any row of
/// a million cells.
pub const TREBLECROSS_NIMBERS: usize = 1 << 20;

/// Extends the 0.007 values just written to [`TREBLECROSS_NIMBERS`] and
/// writes `data/treblecross/` and `reports/treblecross.md`.
fn treblecross(a: &Args, bars: &Bars) -> anyhow::Result<()> {
    use grundy::dataset::treblecross::{read_nimbers, strip_table, write_dataset};
    use grundy::progress::Progress;
    let start = std::time::Instant::now();
    let seq = a.out.join("octal").join("0.007").join("sequence.bin.zst");
    let mut nimbers = read_nimbers(&seq)?;
    let max_gap = TREBLECROSS_NIMBERS - 3;
    bars.phase(
        "Treblecross gap values",
        (max_gap.saturating_sub(nimbers.max_gap())) as u64,
    );
    nimbers.extend(max_gap, bars);
    bars.finish_phase();
    let out = a.out.join("treblecross");
    let rows = strip_table(TREBLECROSS_TABLE, &nimbers)?;
    write_dataset(&out, &nimbers, &rows)?;
    let md = grundy::report::treblecross::render(&rows, nimbers.max_gap());
    grundy::dataset::atomic::write_bytes(&a.reports.join("treblecross.md"), md.as_bytes())?;
    let losing = rows.iter().filter(|r| !r.first_player_wins).count();
    outln!(
        "Treblecross: gap values to {} cells in {:.1} s; the first player loses {} of the empty strips of 1..={} cells. Wrote {}.",
        nimbers.max_gap(),
        start.elapsed().as_secs_f64(),
        losing,
        TREBLECROSS_TABLE,
        out.display()
    );
    Ok(())
}
