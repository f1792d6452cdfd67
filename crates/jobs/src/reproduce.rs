//! `grundy reproduce`, the main job: the Monorail proof for T = 16, the
//! Season 4 board, the classic octal games, Treblecross, the misère
//! quotients of Kayles and Dawson's Kayles and the coin-turning tables, all staged together ([`Stage`]) and put in place
//! only once every step has succeeded, so an interrupted or failed run
//! leaves `data/` and `reports/` as they were.

use crate::misere_genus::{genus, GENUS_BOUND};
use crate::monorail::SolveJob;
use crate::monorail_position::Game;
use crate::octal::{seq_staged, SeqJob, SeqRun};
use grundy_core::error::Result;
use grundy_core::progress::Progress;
use grundy_dataset::atomic::write_bytes;
use grundy_dataset::staging::Stage;
use grundy_games::misere::learn::{self, Learned, Limits};
use grundy_games::monorail::board::Board;
use grundy_games::monorail::root::BoardAnalysis;
use grundy_games::monorail::rules::STANDARD_TILES;
use grundy_games::octal::{Engine, OctalCode};
use grundy_games::treblecross::GapNimbers;
use grundy_report::misere::MisereGame;
use std::path::Path;
use std::time::Instant;

/// The octal games `reproduce` computes, with their largest heap size: the
/// periodic classics well past their proofs, Treblecross as far as a few
/// seconds go on two cores.
pub const OCTAL_GAMES: &[(&str, usize)] = &[
    ("kayles", 10_000),
    ("dawsons-chess", 10_000),
    ("dawsons-kayles", 10_000),
    ("treblecross", 1 << 18),
];

/// A game whose misère quotient `reproduce` computes.
#[derive(Clone, Copy, Debug)]
pub struct MisereSpec {
    /// Its name or code.
    pub name: &'static str,
    /// The heap bound `N` of `Q_N`.
    pub max_heap: usize,
    /// Its title in the report.
    pub title: &'static str,
    /// Published orders `(n, |Q_n|, source)` to compare with.
    pub published: &'static [(usize, usize, &'static str)],
}

/// The games whose misère quotients `reproduce` computes.
pub const MISERE_GAMES: &[MisereSpec] = &[
    // Kayles to 180: its pretending function has period 12 from heap 71,
    // so N ≥ 2(71 + 12) + 2 = 168 proves the whole game's quotient.
    MisereSpec {
        name: "kayles",
        max_heap: 180,
        title: "Kayles (0.77)",
        published: &[],
    },
    MisereSpec {
        name: "dawsons-kayles",
        // Q_30 (360 elements, Siegel's figure) keeps the dataset near
        // 3 MB; Q_33 = 638 (2.4 s) is checked in tests/suite/misere_census.rs.
        max_heap: 30,
        title: "Dawson's Kayles (0.07)",
        published: &[
            (
                24,
                24,
                "Plambeck and Siegel, \"Misère quotients for impartial games\", JCTA 115 (2008)",
            ),
            (26, 144, "Plambeck and Siegel (2008)"),
            (
                30,
                360,
                "A. Siegel, MisereSolver questions answered, miseregames.wordpress.com, 2007",
            ),
        ],
    },
];

/// One misère quotient `reproduce` computed.
#[derive(Clone, Debug)]
pub struct MisereRun {
    /// The game.
    pub code: OctalCode,
    /// Its proved `Q_N`.
    pub learned: Learned,
    /// The first heap that is not hereditarily tame, if any up to
    /// [`GENUS_BOUND`].
    pub first_wild: Option<usize>,
    /// Seconds taken.
    pub seconds: f64,
}

/// The televised opening of Season 4 (episode 6), board coordinates.
pub const SEASON4_OPENING: &str = "3,3,EW;3,2,EW;3,1,EW";

/// Coins in each table of `data/coins/`.
pub const COINS_TABLE: usize = 4096;

/// Strips in `data/treblecross/table.csv`.
pub const TREBLECROSS_TABLE: usize = 2000;
/// Gap values in `data/treblecross/nimbers.bin.zst`: enough for any row of
/// a million cells.
pub const TREBLECROSS_NIMBERS: usize = 1 << 20;

/// The most cells of a region in `data/cram/regions.csv` (6,473 regions:
/// OEIS A000105 summed).
pub const CRAM_REGION_CELLS: usize = 10;

/// The command line recorded in the reports.
pub const COMMAND: &str = "cargo run --release -- reproduce";

/// Where `reproduce` writes.
#[derive(Clone, Copy, Debug)]
pub struct ReproduceJob<'a> {
    /// Root of the data directory (`data`).
    pub out: &'a Path,
    /// Root of the reports directory (`reports`).
    pub reports: &'a Path,
    /// Worker threads (for the reports).
    pub threads: usize,
}

/// What each step found, for the command's summary lines.
#[derive(Debug)]
pub struct Reproduced {
    /// The Monorail solve's summary.
    pub monorail: grundy_dataset::monorail::Summary,
    /// The remoteness of the Monorail start (T = 16): moves with perfect
    /// play.
    pub monorail_remoteness: Option<u16>,
    /// Season 4: the empty board and the televised opening, and seconds.
    pub season4: (BoardAnalysis, BoardAnalysis, f64),
    /// Season 4: the remoteness of the empty board and of the position
    /// after the televised opening.
    pub season4_remoteness: (u16, u16),
    /// Each octal game of [`OCTAL_GAMES`]: its code and run.
    pub octal: Vec<(OctalCode, SeqRun)>,
    /// Treblecross: gap values known, losing strips among the table's, and
    /// seconds.
    pub treblecross: (usize, usize, f64),
    /// Each game of [`MISERE_GAMES`].
    pub misere: Vec<MisereRun>,
    /// The small Cram regions: how many, how many of nimber 0, and
    /// seconds.
    pub cram_regions: (usize, usize, f64),
}

/// Runs every step into one stage and commits it.
///
/// # Errors
/// The first step's error; [`grundy_core::Error::Io`] when the outputs cannot be
/// put in place.
pub fn run(job: &ReproduceJob<'_>, progress: &dyn Progress) -> Result<Reproduced> {
    let mut stage = Stage::new();
    let solve = SolveJob {
        tiles: STANDARD_TILES,
        out: &job.out.join("monorail"),
        reports: Some(job.reports),
        threads: job.threads,
        command: COMMAND.to_string(),
        checkpoint: None,
        chunk_records: grundy_games::monorail::cost::chunk_records(
            grundy_games::monorail::cost::start_classes(STANDARD_TILES)?,
        ),
        force: false,
        solver: None,
    };
    let run = crate::monorail::run_staged(&solve, &mut stage, progress)?;
    let (monorail, monorail_remoteness) = (run.summary, run.analysis.start_remoteness);
    let (season4, season4_remoteness) = season4(job, &mut stage, progress)?;
    let mut octal = Vec::new();
    for &(name, max_n) in OCTAL_GAMES {
        let code: OctalCode = name.parse()?;
        let seq = SeqJob {
            code: &code,
            engine: Engine::Sparse,
            max_n,
            out: &job.out.join("octal").join(code.file_name()),
            reports: Some(&job.reports.join("octal")),
            checkpoint: None,
            command: COMMAND.to_string(),
            threads: job.threads,
            force: false,
        };
        let r = seq_staged(&seq, &mut stage, progress)?;
        octal.push((code, r));
    }
    let sequence = octal
        .iter()
        .find(|(c, _)| c.name() == Some("treblecross"))
        .map(|(_, r)| r.values.clone());
    let treblecross = treblecross(job, &mut stage, sequence, progress)?;
    let misere = misere(job, &mut stage, progress)?;
    let coins = stage.dir(&job.out.join("coins"), "reproduce coins", &["*.csv"])?;
    grundy_dataset::coins::write_tables(&coins, COINS_TABLE)?;
    let md = grundy_report::coins::render(COINS_TABLE);
    write_bytes(&stage.file(&job.reports.join("coins.md"))?, md.as_bytes())?;
    let start = Instant::now();
    let regions = grundy_games::cram::polyomino::region_values(CRAM_REGION_CELLS, progress)?;
    let path = stage.file(&job.out.join("cram").join("regions.csv"))?;
    grundy_dataset::cram_regions::write_regions(&path, &regions)?;
    let zero = regions.iter().filter(|v| v.nimber == 0).count();
    let cram_regions = (regions.len(), zero, start.elapsed().as_secs_f64());
    stage.commit()?;
    Ok(Reproduced {
        monorail,
        monorail_remoteness,
        season4,
        season4_remoteness,
        octal,
        treblecross,
        misere,
        cram_regions,
    })
}

/// The misère quotients of [`MISERE_GAMES`], each into
/// `misere/<name>/` ([`grundy_dataset::misere_quotient`]), with the genus's
/// first wild heap, and `misere.md`.
fn misere(
    job: &ReproduceJob<'_>,
    stage: &mut Stage,
    progress: &dyn Progress,
) -> Result<Vec<MisereRun>> {
    let mut runs = Vec::new();
    for spec in MISERE_GAMES {
        let start = Instant::now();
        let code: OctalCode = spec.name.parse()?;
        let out = stage.dir(
            &job.out.join("misere").join(code.file_name()),
            "reproduce misere",
            grundy_dataset::misere_quotient::FILES,
        )?;
        let learned = learn::quotient(&code, spec.max_heap, Limits::default(), progress)?;
        let first_wild = genus(&code, spec.max_heap.min(GENUS_BOUND), false, progress)?.first_wild;
        grundy_dataset::misere_quotient::write(&out, &code, &learned, None)?;
        runs.push(MisereRun {
            code,
            learned,
            first_wild,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    let data: Vec<String> = runs
        .iter()
        .map(|r| format!("data/misere/{}/", r.code.file_name()))
        .collect();
    let games: Vec<MisereGame<'_>> = runs
        .iter()
        .zip(MISERE_GAMES)
        .zip(&data)
        .map(|((r, spec), data)| MisereGame {
            title: spec.title,
            data,
            code: &r.code,
            learned: &r.learned,
            first_wild: r.first_wild,
            published: spec.published,
        })
        .collect();
    let md = grundy_report::misere::render(&games, COMMAND);
    write_bytes(&stage.file(&job.reports.join("misere.md"))?, md.as_bytes())?;
    Ok(runs)
}

/// The Season 4 analysis: the 5×4 board with T = 16 from the empty board
/// and from the televised opening, into `monorail-season4/{empty,
/// televised}/` and `monorail-season4.md` with its figures in
/// `monorail-season4/`.
#[allow(clippy::type_complexity)]
fn season4(
    job: &ReproduceJob<'_>,
    stage: &mut Stage,
    progress: &dyn Progress,
) -> Result<((BoardAnalysis, BoardAnalysis, f64), (u16, u16))> {
    let start = Instant::now();
    let board = Board::season4();
    let game = Game {
        tiles: STANDARD_TILES,
        board: Some(board),
        what: "reproduce (Season 4 board)",
        budget: None,
        force: false,
    };
    let out = stage.dir(
        &job.out.join("monorail-season4"),
        "reproduce season4",
        &["empty", "televised"],
    )?;
    let md = stage.file(&job.reports.join("monorail-season4.md"))?;
    let figures = stage.dir(
        &job.reports.join("monorail-season4"),
        crate::monorail_position::REPORT_KIND,
        &["*.svg"],
    )?;
    let empty = game.analyse(&Default::default(), progress)?;
    let opening = board.parse_position(SEASON4_OPENING)?;
    let televised = game.analyse(&opening, progress)?;
    grundy_dataset::monorail_board::write_board_dataset(&out.join("empty"), &empty)?;
    grundy_dataset::monorail_board::write_board_dataset(&out.join("televised"), &televised)?;
    // The whole game from the empty board, for the remoteness of both.
    let tb = game.tablebase(progress)?;
    let remoteness = (tb.start_remoteness(), tb.query(&opening)?.remoteness);
    let mut sec = grundy_report::monorail_board::season4(&empty, &televised, "monorail-season4");
    sec.markdown
        .push_str(&grundy_report::monorail_board::season4_remoteness(
            remoteness.0,
            remoteness.1,
        ));
    for (name, svg) in &sec.figures {
        write_bytes(&figures.join(name), svg.as_bytes())?;
    }
    write_bytes(&md, sec.markdown.as_bytes())?;
    Ok((
        (empty, televised, start.elapsed().as_secs_f64()),
        remoteness,
    ))
}

/// Extends the 0.007 values just computed to [`TREBLECROSS_NIMBERS`] and
/// writes `treblecross/` and `treblecross.md`.
fn treblecross(
    job: &ReproduceJob<'_>,
    stage: &mut Stage,
    sequence: Option<grundy_games::octal::Values>,
    progress: &dyn Progress,
) -> Result<(usize, usize, f64)> {
    use grundy_dataset::treblecross::{strip_table, write_dataset};
    let start = Instant::now();
    let mut nimbers = match sequence {
        Some(v) => GapNimbers::from_values(v),
        None => GapNimbers::compute(0, progress),
    };
    let max_gap = TREBLECROSS_NIMBERS - 3;
    progress.phase(
        "Treblecross gap values",
        (max_gap.saturating_sub(nimbers.max_gap())) as u64,
    );
    nimbers.extend(max_gap, progress);
    progress.finish_phase();
    let out = stage.dir(
        &job.out.join("treblecross"),
        "reproduce treblecross",
        &["table.csv", "nimbers.bin.zst"],
    )?;
    let rows = strip_table(TREBLECROSS_TABLE, &nimbers)?;
    write_dataset(&out, &nimbers, &rows)?;
    let md = grundy_report::treblecross::render(&rows, nimbers.max_gap());
    write_bytes(
        &stage.file(&job.reports.join("treblecross.md"))?,
        md.as_bytes(),
    )?;
    let losing = rows.iter().filter(|r| !r.first_player_wins).count();
    Ok((nimbers.max_gap(), losing, start.elapsed().as_secs_f64()))
}
