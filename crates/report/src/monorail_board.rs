//! The report of Monorail solves from given positions on bounded boards:
//! the Season 4 analysis of `reproduce` and `grundy monorail solve --board`.

use super::monorail_svg::bounded_board;
use grundy_games::monorail::board::Board;
use grundy_games::monorail::geometry::Cell;
use grundy_games::monorail::root::BoardAnalysis;
use std::fmt::Write;

/// Winning moves drawn one by one at most; the rest are in the table.
const DRAWN_MOVES: usize = 12;

/// A rendered section: Markdown, and the SVG figures it links, as `(file
/// name, contents)`.
#[derive(Debug, Default)]
pub struct Section {
    /// The Markdown text.
    pub markdown: String,
    /// `(file name, SVG)` for each figure, to be written in the figure
    /// directory the Markdown links to.
    pub figures: Vec<(String, String)>,
}

fn outcome(v: u16) -> &'static str {
    if v == 0 {
        "P-position: the player to move loses"
    } else {
        "N-position: the player to move wins"
    }
}

/// The section for one solve: the root drawn, its value, the counts, the
/// winning moves drawn (at most 12) and every move in a table. Figures are
/// named `{stem}-*.svg` and linked as `{fig_dir}/{name}`.
pub fn section(title: &str, a: &BoardAnalysis, fig_dir: &str, stem: &str) -> Section {
    let mut md = String::new();
    let mut figures = Vec::new();
    let board = a.board.unwrap_or_else(Board::season4);
    let _ = writeln!(md, "### {title}\n");
    let root_fig = format!("{stem}-position.svg");
    figures.push((root_fig.clone(), bounded_board(&board, a.root.tiles(), &[])));
    let _ = writeln!(md, "![{title}]({fig_dir}/{root_fig})\n");
    counts_table(&mut md, a);
    winning_moves(&mut md, &mut figures, a, &board, fig_dir, stem);
    every_move(&mut md, a);
    Section {
        markdown: md,
        figures,
    }
}

/// The table of the solve's numbers: tiles, board, position, loops, value
/// and moves.
fn counts_table(md: &mut String, a: &BoardAnalysis) {
    let (anchored, winning_anchored) = a.anchored_counts();
    let _ = writeln!(md, "| | |\n|---|---|");
    let rows = [
        ("tiles T", a.tiles.to_string()),
        (
            "board",
            a.board.map_or("unbounded".to_string(), |b| {
                format!(
                    "{} columns × {} rows, station at ({},{})–({},{})",
                    b.width(),
                    b.height(),
                    b.station().0,
                    b.station().1,
                    b.station().0 + 1,
                    b.station().1
                )
            }),
        ),
        ("position", format!("`{}`", a.notation(a.root.tiles()))),
        ("loops on the board", a.loops.to_string()),
        ("loops still completable", a.loops_left.to_string()),
        ("nimber", format!("*{} ({})", a.nimber, outcome(a.nimber))),
        (
            "position classes solved",
            format!("{} (symmetries in use: {})", a.classes, a.symmetries),
        ),
        (
            "distinct moves (by cells and types placed)",
            format!("{}, of which {} win", a.moves.len(), a.winning_moves()),
        ),
        (
            "moves counted once per anchor cell",
            format!("{anchored}, of which {winning_anchored} win"),
        ),
    ];
    for (k, v) in rows {
        let _ = writeln!(md, "| {k} | {v} |");
    }
    md.push('\n');
}

/// The winning moves, each drawn on `board` after it (at most
/// [`DRAWN_MOVES`]); the figures, `{stem}-win-*.svg`, go to `figures`.
fn winning_moves(
    md: &mut String,
    figures: &mut Vec<(String, String)>,
    a: &BoardAnalysis,
    board: &Board,
    fig_dir: &str,
    stem: &str,
) {
    let wins: Vec<_> = a.moves.iter().filter(|m| m.wins()).collect();
    if !wins.is_empty() {
        let _ = writeln!(
            md,
            "The winning moves{} (the move in orange):\n",
            if wins.len() > DRAWN_MOVES {
                format!(" (the first {DRAWN_MOVES} of {})", wins.len())
            } else {
                String::new()
            }
        );
        let _ = writeln!(md, "| move | board after it |\n|---|---|");
        for (i, m) in wins.iter().take(DRAWN_MOVES).enumerate() {
            let name = format!("{stem}-win-{}.svg", i + 1);
            let after = a.root.with(&m.tiles);
            let cells: Vec<Cell> = m.tiles.iter().map(|t| t.0).collect();
            figures.push((name.clone(), bounded_board(board, after.tiles(), &cells)));
            let _ = writeln!(
                md,
                "| `{}` | ![{}]({fig_dir}/{name}) |",
                a.notation(&m.tiles),
                a.notation(&m.tiles)
            );
        }
        md.push('\n');
    }
}

/// The table of every move, winning first.
fn every_move(md: &mut String, a: &BoardAnalysis) {
    if !a.moves.is_empty() {
        let _ = writeln!(
            md,
            "Every move, winning first (nimber of the position it leaves; anchors: its cells next to a placed tile or the station):\n"
        );
        let _ = writeln!(
            md,
            "| move | tiles | nimber after | wins | anchors | loops left |\n|---|---:|---:|:---:|---:|---:|"
        );
        for m in &a.moves {
            let _ = writeln!(
                md,
                "| `{}` | {} | *{} | {} | {} | {} |",
                a.notation(&m.tiles),
                m.tiles.len(),
                m.nimber,
                if m.wins() { "yes" } else { "" },
                m.anchors,
                m.loops_left
            );
        }
        md.push('\n');
    }
}

/// `reports/monorail-season4.md`: the Season 4 board from the empty board
/// and from the televised opening. `opening` is the televised opening as a
/// move of `empty` (its value there says whether it won).
pub fn season4(empty: &BoardAnalysis, televised: &BoardAnalysis, fig_dir: &str) -> Section {
    let mut md = String::new();
    let opening = televised.notation(televised.root.tiles());
    let as_move = empty
        .moves
        .iter()
        .find(|m| empty.notation(&m.tiles) == opening);
    let _ = writeln!(
        md,
        "# Monorail as played in Season 4 of *The Genius*\n\n\
         Generated by `cargo run --release -- reproduce`. In Season 4 (episode 6) of the \
         Korean show *The Genius* Monorail was played on a table of 4 rows × 5 columns with \
         the station in the top row, in the second and third columns. Board coordinates: \
         `x` = column 0–4 from the west, `y` = row 0–3 from the south, so the station is at \
         (1,3)–(2,3). The rules are those of J. Grabman, \"A Genius Solution\" (SIGBOVIK \
         2024), with every loop and move kept on the board and T = {} tiles. The board has \
         no symmetry that keeps the station in place, so every position is solved on its own.\n",
        empty.tiles
    );
    let _ = writeln!(
        md,
        "**From the empty board** the position is *{}: the first player {}. {} of the {} \
         distinct first moves win.\n",
        empty.nimber,
        if empty.nimber != 0 { "wins" } else { "loses" },
        empty.winning_moves(),
        empty.moves.len()
    );
    let verdict = match as_move {
        Some(m) if m.wins() => {
            "a **winning** move: it leaves a P-position, so the player who made it wins against any defence".to_string()
        }
        Some(m) => format!(
            "a **losing** move: it leaves an N-position (*{}), so the other player wins with perfect play",
            m.nimber
        ),
        None => "not a single move from the empty board".to_string(),
    };
    let _ = writeln!(
        md,
        "**The televised opening** `{opening}` (three straight east–west tiles on the top-row \
         cell just east of the station and the two cells below it) was {verdict}. After it the \
         player to move has {} distinct replies, {} of them winning ({} and {} when counted \
         once per anchor cell, as github: petertseng/monorail lists them).\n",
        televised.moves.len(),
        televised.winning_moves(),
        televised.anchored_counts().0,
        televised.anchored_counts().1
    );
    let _ = writeln!(md, "## After the televised opening\n");
    let t = section("The televised opening", televised, fig_dir, "televised");
    md.push_str(&t.markdown);
    let _ = writeln!(md, "## From the empty board\n");
    let e = section("The empty board", empty, fig_dir, "empty");
    md.push_str(&e.markdown);
    let mut figures = t.figures;
    figures.extend(e.figures);
    Section {
        markdown: md,
        figures,
    }
}

/// The Season 4 report's remoteness section: the empty board's and the
/// televised opening's remoteness (moves to the end with perfect play; see
/// [`grundy_games::monorail::remoteness`]).
pub fn season4_remoteness(empty: u16, televised: u16) -> String {
    format!(
        "\n## Remoteness\n\nWith perfect play (the winner finishing as fast as possible, the loser \
         lasting as long as possible; the remoteness of C. A. B. Smith, GamesmanOne's term), the game \
         from the empty board lasts **{empty} moves**, and after the televised opening **{televised} \
         more moves**: {}. `grundy serve --board 5x4 --station 1,3` shows every move's remoteness and \
         the main line.\n",
        if televised % 2 == 1 {
            "the player to move after it wins"
        } else {
            "the player to move after it loses"
        }
    )
}
