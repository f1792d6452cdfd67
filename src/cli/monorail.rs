//! `grundy monorail solve | verify | show`.

use super::check_writable;
use super::progress::{peak_mib, Bars};
use anyhow::Context;
use clap::{Args, Subcommand};
use grundy::dataset::atomic::write_bytes;
use grundy::dataset::monorail::{read_dataset, write_dataset, Summary};
use grundy::games::monorail::analysis::analyse;
use grundy::games::monorail::position::Position;
use grundy::games::monorail::rules::{check_tiles, Rules, STANDARD_TILES};
use grundy::games::monorail::search::entries_of;
use grundy::games::monorail::solve::{solve, solve_from};
use grundy::games::monorail::table::LoopTable;
use grundy::games::monorail::verify::verify;
use grundy::progress::Progress;
use grundy::report::monorail::{render, RunInfo};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Monorail subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve every position reachable from the start; write the datasets and
    /// the report.
    Solve(SolveArgs),
    /// Check a dataset directory against the rules.
    Verify(VerifyArgs),
    /// Show a position: picture, loops left, nimber, winning moves.
    Show(ShowArgs),
}

/// `grundy monorail solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Tile count T (6..=24; the show uses 16).
    #[arg(long, default_value_t = STANDARD_TILES)]
    pub tiles: usize,
    /// Dataset directory [default: data/monorail, or data/monorail-tT for
    /// T other than 16].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Directory of the report [default: reports].
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
}

/// `grundy monorail verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The dataset directory written by `solve`.
    pub dir: PathBuf,
}

/// `grundy monorail show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The position in compact notation (`x,y,TYPE;...`, `-` for the start),
    /// or a file holding a compact position or a picture.
    #[arg(allow_hyphen_values = true)]
    pub position: String,
    /// Tile count T.
    #[arg(long, default_value_t = STANDARD_TILES)]
    pub tiles: usize,
}

/// Runs a Monorail subcommand.
///
/// # Errors
/// Bad arguments, bad input files, failed writes, failed verification.
pub fn run(c: Command, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    match c {
        Command::Solve(a) => {
            let tiles = check_tiles(a.tiles)?;
            let out = a.out.unwrap_or_else(|| default_out(tiles));
            let command = format!(
                "grundy monorail solve --tiles {tiles} --out {}",
                out.display()
            );
            let s = solve_all(tiles, &out, &a.reports, threads, bars, command)?;
            print_summary(&s, &out);
            Ok(())
        }
        Command::Verify(a) => {
            let d = read_dataset(&a.dir)?;
            let r = verify(&d, bars)?;
            outln!(
                "{}: OK: T = {}, {} positions checked against {} regenerated options, {} first moves, {} subgame classes",
                a.dir.display(),
                r.tiles,
                r.positions_checked,
                r.options_checked,
                r.first_moves_checked,
                r.subgames_checked
            );
            Ok(())
        }
        Command::Show(a) => show(&a, bars),
    }
}

/// The default dataset directory for `tiles`.
pub fn default_out(tiles: usize) -> PathBuf {
    if tiles == STANDARD_TILES {
        PathBuf::from("data/monorail")
    } else {
        PathBuf::from(format!("data/monorail-t{tiles}"))
    }
}

/// Checks that `dir` can be created and written, before any work starts.
/// Solves T, writes the dataset to `out` and the report under `reports`.
pub fn solve_all(
    tiles: usize,
    out: &Path,
    reports: &Path,
    threads: usize,
    bars: &Bars,
    command: String,
) -> anyhow::Result<Summary> {
    check_writable(out)?;
    check_writable(reports)?;
    let mut phases = Vec::new();
    let mut clock = Instant::now();
    let mut lap = |name: &str, phases: &mut Vec<(String, f64)>| {
        phases.push((name.to_string(), clock.elapsed().as_secs_f64()));
        clock = Instant::now();
    };
    bars.phase("loops", 0);
    let rules = Rules::new(tiles)?;
    let table = LoopTable::new(&rules);
    bars.finish_phase();
    lap("enumerate loops", &mut phases);
    let solved = solve(&table, bars);
    lap("solve every position", &mut phases);
    let analysis = analyse(&table, tiles, &solved, bars)?;
    lap("count reachable positions, endgames", &mut phases);
    bars.phase("write datasets", 0);
    write_dataset(out, &analysis, &table, Some(&solved.positions))?;
    bars.finish_phase();
    lap("write datasets", &mut phases);
    let stem = if tiles == STANDARD_TILES {
        "monorail".to_string()
    } else {
        format!("monorail-t{tiles}")
    };
    let run = RunInfo {
        phases: phases.clone(),
        threads,
        peak_mib: peak_mib(),
        command,
    };
    let rendered = render(&analysis, &table, &run, &stem);
    let fig_dir = reports.join(&stem);
    for (name, svg) in &rendered.figures {
        write_bytes(&fig_dir.join(name), svg.as_bytes())?;
    }
    write_bytes(
        &reports.join(format!("{stem}.md")),
        rendered.markdown.as_bytes(),
    )?;
    Ok(Summary::new(&analysis, &table))
}

fn print_summary(s: &Summary, out: &Path) {
    outln!(
        "Monorail, T = {}: {} loops; start nimber *{}: the first player {}; {} first moves up to symmetry, {} winning; {} position classes solved ({} raw); {} forced-loop endgames. Datasets in {}.",
        s.tiles,
        s.loops,
        s.start_nimber,
        if s.first_player_wins { "wins" } else { "loses" },
        s.first_moves,
        s.winning_first_moves,
        s.positions_solved,
        s.positions_reachable,
        s.forced_loop_endgames.len(),
        out.display()
    );
}

fn parse_position_arg(text: &str) -> anyhow::Result<Position> {
    let path = Path::new(text);
    let content = if !text.contains(',') && path.is_file() {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?
    } else {
        text.to_string()
    };
    if content.contains("===") {
        Ok(Position::from_picture(&content)?)
    } else {
        Ok(content.trim().parse()?)
    }
}

fn show(a: &ShowArgs, bars: &Bars) -> anyhow::Result<()> {
    let tiles = check_tiles(a.tiles)?;
    let p = parse_position_arg(&a.position)?;
    let rules = Rules::new(tiles)?;
    rules.check_reachable(&p)?;
    let table = LoopTable::new(&rules);
    let entries = entries_of(&table, &p);
    let forced = (entries.len() == 1).then(|| &table.loops[entries[0].0 as usize]);
    outln!("position: {p}");
    super::write_stdout(&p.picture(forced));
    outln!("tiles placed: {} (T = {tiles})", p.len());
    outln!("completable loops left: {}", entries.len());
    let solved = solve_from(&table, &entries, bars);
    let v = solved.start_nimber;
    outln!(
        "nimber: *{v} ({})",
        if v == 0 {
            "P-position: the player to move loses"
        } else {
            "N-position: the player to move wins"
        }
    );
    let mut wins: Vec<Position> = solved
        .start_options
        .iter()
        .filter(|o| o.nimber == 0)
        .map(|o| {
            let (l, m) = o.entries[0];
            let parent = entries.iter().find(|e| e.0 == l).map_or(0, |e| e.1);
            Position::from_tiles(table.tiles(l, m & !parent)).expect("distinct cells")
        })
        .collect();
    wins.sort();
    if rules.is_complete(&p) {
        outln!("winning moves: none (the loop is finished: the last mover won)");
    } else if wins.is_empty() {
        outln!("winning moves: none (every move leads to an N-position)");
    } else {
        outln!("winning moves ({}):", wins.len());
        for w in wins {
            outln!("  {w}");
        }
    }
    Ok(())
}
