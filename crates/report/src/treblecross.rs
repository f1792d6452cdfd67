//! The Treblecross report: `reports/treblecross.md`.

use super::common::thousands;
use grundy_dataset::treblecross::StripRow;
use std::fmt::Write;

/// Renders the report from the table of empty strips and the number of
/// gap values known (`max_gap`, the longest gap they cover).
pub fn render(rows: &[StripRow], max_gap: usize) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# Treblecross\n");
    let _ = writeln!(
        md,
        "One-dimensional tic-tac-toe: both players write X in an empty cell of a \
         row; whoever first completes three X in a row wins (a full row without \
         one is a loss for the player to move).\n"
    );
    let _ = writeln!(md, "## Method\n");
    let _ = writeln!(
        md,
        "A cell that completes three in a row wins at once. Otherwise a cell within \
         two cells of an X loses (the opponent completes `XX` or `X.X`), so the row \
         is a sum of *gaps*, runs of live cells; a gap of k cells has the Grundy value \
         G(k + 2) of the octal game 0.007 (Winning Ways, ch. 4). `grundy treblecross` \
         answers any row in time linear in its length once the gap values are known; \
         `data/treblecross/nimbers.bin.zst` holds them for gaps up to {} cells.\n",
        thousands(max_gap as u64)
    );
    let _ = writeln!(
        md,
        "Every row of up to 14 cells is checked in the tests against a plain \
         game-tree search with no theory.\n"
    );
    let losing: Vec<String> = rows
        .iter()
        .filter(|r| !r.first_player_wins)
        .map(|r| r.n.to_string())
        .collect();
    let max_n = rows.last().map_or(0, |r| r.n);
    let _ = writeln!(md, "## Empty strips\n");
    let _ = writeln!(
        md,
        "On an empty strip of n cells (1 ≤ n ≤ {}) the first player loses exactly for \
         n = {} ({} strips); for every other n she wins. The full table, with every \
         winning first cell, is `data/treblecross/table.csv`.\n",
        thousands(max_n as u64),
        losing.join(", "),
        losing.len()
    );
    let _ = writeln!(md, "| n | nimber | first player | winning first cells |");
    let _ = writeln!(md, "|---:|---:|:---|:---|");
    for r in rows.iter().take(40) {
        let cells: Vec<String> = r.winning_moves.iter().map(|c| c.to_string()).collect();
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            r.n,
            r.nimber,
            if r.first_player_wins { "wins" } else { "loses" },
            cells.join(" ")
        );
    }
    let _ = writeln!(md, "\n## Example\n");
    let _ = writeln!(
        md,
        "```text\n$ grundy treblecross ...X........\n\
         WINNING 1 7 8 9 10 11 12 (cells numbered from 1 at the left)\n```\n\n\
         The X at cell 4 kills cells 2–6; the live cells form a gap of 1 (cell 1, value 1) \
         and a gap of 6 (cells 7–12, value 0). The nim-sum is 1: taking cell 1 empties the \
         first gap, and any cell of the second gap moves it to value 1."
    );
    md
}
