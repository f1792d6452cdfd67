//! Monorail solves from one position (`monorail solve --board/--from`,
//! `monorail show`, `reproduce`'s Season 4 analysis) and the tablebase
//! that `serve` and `play` build: each estimated from the input it was
//! given before anything large is allocated, in two steps (the loop table
//! before the loops are enumerated, then the search once the position's
//! loops are known), and refused with the figure and `--force`.

use crate::memory::{check, Budget};
use grundy_core::error::Result;
use grundy_core::progress::Progress;
use grundy_dataset::atomic::write_bytes;
use grundy_dataset::monorail_board::write_board_dataset;
use grundy_dataset::staging::Stage;
use grundy_games::monorail::board::Board;
use grundy_games::monorail::cost::{position_search_cost, start_cost, table_cost};
use grundy_games::monorail::loop_table::LoopTable;
use grundy_games::monorail::moves::{entries_of, reachable_bound, start};
use grundy_games::monorail::position::Position;
use grundy_games::monorail::root::{analyse_root, BoardAnalysis};
use grundy_games::monorail::rules::{check_tiles, Rules};
use grundy_games::monorail::tablebase::Tablebase;
use std::path::Path;

/// A game to build: tile count, board, and the command's own cap.
#[derive(Clone, Copy, Debug)]
pub struct Game<'a> {
    /// Tile count `T`.
    pub tiles: usize,
    /// The bounded board, `None` for the unbounded grid.
    pub board: Option<Board>,
    /// What the user asked for, for the refusal ("monorail show --tiles 24").
    pub what: &'a str,
    /// A cap below the machine's memory the command sets itself.
    pub budget: Budget<'a>,
    /// Run even when an estimate exceeds the limits.
    pub force: bool,
}

impl Game<'_> {
    /// The rules and loop table, estimated first: for a position other than
    /// the start only the table (its search is estimated by
    /// [`Game::check_search`]); from the start, the whole solve when it can
    /// be told before the loops are enumerated
    /// ([`grundy_games::monorail::cost::start_cost`]).
    ///
    /// # Errors
    /// [`grundy_core::Error::TilesOutOfRange`], [`grundy_core::Error::BadBoard`],
    /// [`grundy_core::Error::TooCostly`].
    pub fn table(&self, from_start: bool) -> Result<(Rules, LoopTable)> {
        let tiles = check_tiles(self.tiles)?;
        let e = if from_start {
            start_cost(tiles, self.board.as_ref())?
        } else {
            table_cost(tiles)?
        };
        check(self.what, &e, self.budget, self.force)?;
        let rules = Rules::on_board(tiles, self.board)?;
        let table = LoopTable::new(&rules);
        Ok((rules, table))
    }

    /// Refuses the search from `root` if its estimate (every completion of
    /// each of its loops, at most the whole game's classes) exceeds the
    /// limits.
    ///
    /// # Errors
    /// [`grundy_core::Error::TooCostly`]; [`grundy_core::Error::ImpossiblePosition`]
    /// for a root that cannot arise.
    pub fn check_search(&self, rules: &Rules, table: &LoopTable, root: &Position) -> Result<()> {
        rules.check_reachable(root)?;
        let entries = if root.is_empty() {
            start(table)
        } else {
            entries_of(table, root)
        };
        let bound = reachable_bound(table, &entries);
        let e = position_search_cost(self.tiles, self.board.as_ref(), bound)?;
        check(
            &format!("{} from this position", self.what),
            &e,
            self.budget,
            self.force,
        )
    }

    /// The root's nimber and every move from it ([`analyse_root`]), after
    /// both estimates.
    ///
    /// # Errors
    /// As [`Game::table`], [`Game::check_search`] and [`analyse_root`].
    pub fn analyse(&self, root: &Position, progress: &dyn Progress) -> Result<BoardAnalysis> {
        let (rules, table) = self.table(root.is_empty())?;
        self.check_search(&rules, &table, root)?;
        analyse_root(&rules, &table, root, progress)
    }

    /// The whole game solved from the start, for `serve` and `play`.
    ///
    /// # Errors
    /// As [`Game::table`], [`Game::check_search`] and
    /// [`Tablebase::from_table`].
    pub fn tablebase(&self, progress: &dyn Progress) -> Result<Tablebase> {
        let (rules, table) = self.table(true)?;
        self.check_search(&rules, &table, &Position::default())?;
        Tablebase::from_table(rules, table, progress)
    }
}

/// The whole game of `tiles` tiles on `board` solved from the start, for
/// `serve` and `play`: [`Game::tablebase`] with no cap but the machine's
/// memory; `what` names the command in a refusal.
///
/// # Errors
/// As [`Game::tablebase`].
pub fn tablebase(
    what: &str,
    tiles: usize,
    board: Option<Board>,
    force: bool,
    progress: &dyn Progress,
) -> Result<Tablebase> {
    Game {
        tiles,
        board,
        what,
        budget: None,
        force,
    }
    .tablebase(progress)
}

/// The kind of output of a solve from a position (its directory's marker).
pub const KIND: &str = "monorail solve --from";

/// The kind of a report's figure directory.
pub const REPORT_KIND: &str = "monorail report";

/// A solve from a position written as a dataset (and a report section).
#[derive(Debug)]
pub struct PositionJob<'a> {
    /// The game.
    pub game: Game<'a>,
    /// The root (station frame).
    pub root: &'a Position,
    /// The dataset directory.
    pub out: &'a Path,
    /// The report directory, if a report is wanted: `{stem}.md` and its
    /// figures in `{stem}/`, the stem being the dataset directory's name.
    pub reports: Option<&'a Path>,
}

/// Runs a [`PositionJob`]: estimates, solves, and writes the dataset and
/// report, staged and put in place together.
///
/// # Errors
/// As [`Game::analyse`]; [`grundy_core::Error::Io`] for an output that cannot be
/// written or is not this command's.
pub fn run(job: &PositionJob<'_>, progress: &dyn Progress) -> Result<BoardAnalysis> {
    let mut stage = Stage::new();
    let an = run_staged(job, &mut stage, progress)?;
    stage.commit()?;
    Ok(an)
}

/// As [`run`], into `stage` (committed by the caller).
///
/// # Errors
/// As [`run`].
pub fn run_staged(
    job: &PositionJob<'_>,
    stage: &mut Stage,
    progress: &dyn Progress,
) -> Result<BoardAnalysis> {
    let out = stage.dir(job.out, KIND, &["summary.json", "moves.csv"])?;
    let stem = job.out.file_name().map_or("monorail-position".into(), |n| {
        n.to_string_lossy().into_owned()
    });
    let report = match job.reports {
        Some(r) => Some((
            stage.file(&r.join(format!("{stem}.md")))?,
            stage.dir(&r.join(&stem), REPORT_KIND, &["*.svg"])?,
        )),
        None => None,
    };
    let an = job.game.analyse(job.root, progress)?;
    write_board_dataset(&out, &an)?;
    if let Some((markdown, figures)) = report {
        let sec = grundy_report::monorail_board::section(
            &format!(
                "Monorail, T = {}, from {}",
                an.tiles,
                an.notation(an.root.tiles())
            ),
            &an,
            &stem,
            "fig",
        );
        for (name, svg) in &sec.figures {
            write_bytes(&figures.join(name), svg.as_bytes())?;
        }
        write_bytes(&markdown, sec.markdown.as_bytes())?;
    }
    Ok(an)
}
