//! The Monorail report: Markdown laid out like the appendix of Grabman's
//! paper, with SVG figures.

use super::common::thousands;
use super::monorail_svg as svg;
use grundy_games::monorail::analysis::Analysis;
use grundy_games::monorail::loop_table::LoopTable;
use std::collections::BTreeMap;

pub use super::common::{Rendered, RunInfo};
use std::fmt::Write;

/// The tile count of the paper's proof (and of the show).
const PAPER_TILES: usize = 16;

/// Renders the report. `fig_dir` is the figure directory as linked from the
/// Markdown file (for example `monorail`).
pub fn render(a: &Analysis, table: &LoopTable, run: &RunInfo, fig_dir: &str) -> Rendered {
    let mut md = String::new();
    let mut figures = Vec::new();
    title_and_rules(&mut md, a);
    result_table(&mut md, a);
    lemma(&mut md, a);
    layers(&mut md, a);
    winning_moves(&mut md, &mut figures, a, table, fig_dir);
    all_first_moves(&mut md, a);
    subgame_classes(&mut md, &mut figures, a, fig_dir);
    how_to_reproduce(&mut md, a, run, fig_dir);
    Rendered {
        markdown: md,
        figures,
    }
}

/// The title (who wins), the paper the run repeats and the rules in brief.
fn title_and_rules(md: &mut String, a: &Analysis) {
    let _ = writeln!(
        md,
        "# Monorail with {} tiles: the first player {}\n",
        a.tiles,
        if a.start_nimber != 0 { "wins" } else { "loses" }
    );
    if a.tiles == PAPER_TILES {
        let _ = writeln!(
            md,
            "A rerun from scratch, by `grundy`, of the computer proof in J. Grabman, \
             \"A Genius Solution\" (SIGBOVIK 2024), of the game Monorail from the Korean \
             show *The Genius* (2014), followed by the paper's Sprague–Grundy analysis of \
             the endgame after each winning first move.\n"
        );
    } else {
        let _ = writeln!(
            md,
            "J. Grabman, \"A Genius Solution\" (SIGBOVIK 2024), proves by exhaustive \
             search who wins the game Monorail from the Korean show *The Genius* (2014) \
             with {PAPER_TILES} tiles; this is the same search, by `grundy`, with {} tiles{}\n",
            a.tiles,
            if a.endgames.is_empty() {
                ". No winning first move here leaves a single completable loop, so the \
                 paper's Sprague–Grundy analysis of the endgame (the subgames of one loop) \
                 does not apply."
            } else {
                ", followed by the paper's Sprague–Grundy analysis of the endgame after \
                 each winning first move that leaves a single loop."
            }
        );
    }
    md.push_str("## The rules in brief\n\n");
    md.push_str(
        "- The station occupies cells (0,0) and (1,0) (x grows east, y north); its \
         straight track leaves west of (0,0) and east of (1,0).\n\
         - A move places 1, 2 or 3 tiles (straight or curved track, any rotation) on \
         empty cells forming one straight contiguous segment of a row or column, at \
         least one of them next to a placed tile or the station. Tracks need not \
         connect.\n\
         - A move must leave the position completable: some loop through the station \
         of at most T tiles contains every placed tile with its placed type.\n\
         - Whoever completes the loop wins (normal play), so every position has a \
         nimber.\n\n",
    );
}

/// "The result": the table of the solve's numbers.
fn result_table(md: &mut String, a: &Analysis) {
    let wins = a.winning_first_moves();
    let raw_first: usize = a.first_moves.iter().map(|f| f.class_size).sum();
    md.push_str("## The result\n\n| quantity | value |\n|---|---|\n");
    let mut rows: Vec<(&str, String)> = vec![
        ("tiles T", a.tiles.to_string()),
        (
            "loops through the station with at most T tiles",
            thousands(a.loops as u64),
        ),
        (
            "nimber of the start position",
            format!("*{}", a.start_nimber),
        ),
        (
            "first player",
            if a.start_nimber != 0 { "wins" } else { "loses" }.to_string(),
        ),
        (
            "legal first moves, up to symmetry (raw)",
            format!(
                "{} ({})",
                thousands(a.first_moves.len() as u64),
                thousands(raw_first as u64)
            ),
        ),
        (
            "winning first moves, up to symmetry",
            thousands(wins as u64),
        ),
        (
            "position classes solved (up to the station's 4 symmetries)",
            thousands(a.positions_solved),
        ),
        (
            "positions reachable from the start (raw)",
            thousands(a.positions_raw),
        ),
        (
            "winning first moves that leave one loop",
            thousands(a.endgames.len() as u64),
        ),
        (
            "distinct subgame classes in those endgames",
            thousands(a.subgame_classes.len() as u64),
        ),
    ];
    if let Some(r) = a.start_remoteness {
        rows.push((
            "remoteness of the start: moves with perfect play (fastest win, slowest loss)",
            r.to_string(),
        ));
    }
    for (k, v) in rows {
        let _ = writeln!(md, "| {k} | {v} |");
    }
    md.push('\n');
}

/// The paper's rule change (a completable position always has a move
/// keeping it completable), checked at every position reached.
fn lemma(md: &mut String, a: &Analysis) {
    md.push_str("## The paper's rule change, machine-checked\n\n");
    let _ = writeln!(
        md,
        "The show let a player declare the track impossible; the paper instead bans \
         moves that leave no loop completable, arguing that every completable, \
         unfinished position has a move that keeps it completable. The solve checked \
         this lemma at every position it reached, {} position classes ({} raw \
         positions): each one that is not a finished loop has at least one such move. \
         No counterexample (one would have failed the run).\n",
        thousands(a.positions_solved),
        thousands(a.positions_raw)
    );
}

/// Position classes by tiles placed (the tiers of `layers.csv`).
fn layers(md: &mut String, a: &Analysis) {
    md.push_str("## Position classes by tiles placed\n\n");
    md.push_str(
        "Every move places 1–3 tiles, so these are the tiers of the game \
         (`layers.csv`).\n\n| tiles placed | position classes |\n|---|---|\n",
    );
    for (placed, &n) in a.classes_by_tiles.iter().enumerate() {
        let _ = writeln!(md, "| {placed} | {} |", thousands(n));
    }
    md.push('\n');
}

/// Each winning first move drawn, with its numbers and, where it leaves one
/// loop, its endgame's subgames; the figures go to `figures`.
fn winning_moves(
    md: &mut String,
    figures: &mut Vec<(String, String)>,
    a: &Analysis,
    table: &LoopTable,
    fig_dir: &str,
) {
    md.push_str("## The winning first moves\n\n");
    md.push_str(
        "Each winning first move (value \\*0 after it) up to symmetry, drawn on the board \
         (move in orange, station dark). Where the move leaves a single completable loop, \
         its empty cells are dashed: from then on the game is placement on those cells, \
         which split into independent subgames (Sprague–Grundy theorem).",
    );
    md.push_str(if a.endgames.is_empty() {
        " Here none does.\n\n"
    } else {
        "\n\n"
    });
    for (i, f) in a.first_moves.iter().filter(|f| f.nimber == 0).enumerate() {
        let name = format!("winning-move-{}.svg", i + 1);
        let endgame = a.endgames.iter().find(|e| e.first_move == f.position);
        let loop_ = endgame.map(|e| &table.loops[e.loop_id as usize]);
        let cells: Vec<_> = f.position.tiles().iter().map(|t| t.0).collect();
        figures.push((name.clone(), svg::board(f.position.tiles(), loop_, &cells)));
        let _ = writeln!(md, "### {}. `{}`\n", i + 1, f.position);
        let _ = writeln!(md, "![winning move {}]({fig_dir}/{name})\n", i + 1);
        let _ = writeln!(
            md,
            "- loops still completable: {}\n- positions reachable after it (raw): {}",
            thousands(f.loops_left as u64),
            thousands(f.reachable_positions)
        );
        if let Some(e) = endgame {
            let comps: Vec<String> = e
                .components
                .iter()
                .map(|(id, v)| format!("#{id} (*{v})"))
                .collect();
            let _ = writeln!(
                md,
                "- forced loop: `{}`\n- subgames right after the move: {}; nim-sum *{}\n\
                 - positions reachable in this endgame: {}; distinct subgame classes: {}",
                e.forced_loop,
                comps.join(", "),
                e.components.iter().fold(0, |x, c| x ^ c.1),
                thousands(e.reachable_positions),
                e.class_ids.len()
            );
        }
        md.push('\n');
    }
}

/// The table of every first move up to symmetry.
fn all_first_moves(md: &mut String, a: &Analysis) {
    md.push_str("## All first moves\n\n");
    md.push_str(
        "One row per first move up to the station's symmetries (the least image in the \
         compact notation `x,y,TYPE;...`). *Reachable* counts the distinct positions \
         reachable after the move, itself included, not reduced by symmetry.\n\n\
         | move | nimber | outcome | loops left | reachable | images |\n|---|---|---|---|---|---|\n",
    );
    for f in &a.first_moves {
        let _ = writeln!(
            md,
            "| `{}` | *{} | {} | {} | {} | {} |",
            f.position,
            f.nimber,
            if f.nimber == 0 { "P" } else { "N" },
            thousands(f.loops_left as u64),
            thousands(f.reachable_positions),
            f.class_size
        );
    }
    md.push('\n');
}

/// The subgame classes of the endgames, one drawing and table per nimber;
/// the figures go to `figures`.
fn subgame_classes(
    md: &mut String,
    figures: &mut Vec<(String, String)>,
    a: &Analysis,
    fig_dir: &str,
) {
    if a.endgames.is_empty() {
        no_subgame_classes(md, a);
        return;
    }
    md.push_str("## Subgame classes by nimber\n\n");
    md.push_str(
        "Every non-empty subgame occurring in a position reachable after a winning first \
         move that leaves one loop, up to translation, rotation and reflection. Dark cells \
         with a dot are next to a placed tile or the station (a move must use one). \
         *Occurrences* counts appearances over all those positions.\n\n",
    );
    let mut by_nimber: BTreeMap<u32, Vec<&grundy_games::monorail::analysis::SubgameClass>> =
        BTreeMap::new();
    for c in &a.subgame_classes {
        by_nimber.entry(c.nimber).or_default().push(c);
    }
    for (v, classes) in &by_nimber {
        let name = format!("subgames-nimber-{v}.svg");
        let items: Vec<(usize, u32, &grundy_games::monorail::subgame::Subgame)> =
            classes.iter().map(|c| (c.id, c.nimber, &c.form)).collect();
        figures.push((name.clone(), svg::subgame_row(&items)));
        let _ = writeln!(md, "### *{v} ({} classes)\n", classes.len());
        let _ = writeln!(md, "![subgames of nimber {v}]({fig_dir}/{name})\n");
        md.push_str(
            "| id | cells | next to placed | occurrences | form |\n|---|---|---|---|---|\n",
        );
        for c in classes {
            let _ = writeln!(
                md,
                "| #{} | {} | {} | {} | `{}` |",
                c.id,
                c.form.len(),
                c.form.marked(),
                thousands(c.occurrences),
                c.form
            );
        }
        md.push('\n');
    }
}

/// Why there are no subgame classes (no winning first move leaves a single
/// loop), in place of an empty "by nimber" section.
fn no_subgame_classes(md: &mut String, a: &Analysis) {
    md.push_str("## Subgame classes\n\n");
    let wins: Vec<_> = a.first_moves.iter().filter(|f| f.nimber == 0).collect();
    let left: Vec<String> = wins
        .iter()
        .map(|f| thousands(f.loops_left as u64))
        .collect();
    let _ = writeln!(
        md,
        "None. The paper's endgame analysis splits the cells left empty on a single \
         forced loop into independent subgames; {}, so no position after a winning first \
         move is such an endgame, and `subgames.csv` holds only its header.\n",
        match wins.len() {
            0 => "there is no winning first move".to_string(),
            1 => format!(
                "the one winning first move leaves {} completable loops",
                left[0]
            ),
            n => format!(
                "the {n} winning first moves leave {} completable loops",
                left.join(", ")
            ),
        }
    );
}

/// How to reproduce the run; its threads, memory and time by phase are in
/// the run record beside the report (`FIG_DIR.run.md`).
fn how_to_reproduce(md: &mut String, a: &Analysis, run: &RunInfo, stem: &str) {
    md.push_str("## How to reproduce\n\n");
    let _ = writeln!(
        md,
        "```\n{}\n```\n\nThen `grundy monorail verify {}` re-derives every value \
         of every file from the rules and compares it. The run's worker threads, peak memory \
         and time by phase are written beside this report, in `{stem}{}` (not committed: \
         it changes from run to run). Time and memory by tile count, measured by \
         `scripts/scaling.sh`, are in [monorail-scaling.md](monorail-scaling.md).",
        run.command,
        if a.tiles == 16 {
            "data/monorail".to_string()
        } else {
            format!("data/monorail-t{}", a.tiles)
        },
        super::common::RUN_SUFFIX,
    );
}
