//! What `grundy treblecross` writes: the answer on a row (`WINNING 3 8
//! (cells numbered from 1 at the left)` or `LOSING`, or a JSON object), the
//! answers on a batch of rows (`WINNING 3 8` per row, the contest format),
//! and the table of empty strips as JSON (as CSV it is
//! [`super::treblecross::write_table_csv`]). Cells are numbered from 1
//! everywhere.

use super::treblecross::StripRow;
use grundy_games::treblecross::{Analysis, Row};
use serde_json::{json, Value};
use std::io::{Result, Write};

/// `WINNING 3 8` or `LOSING`.
pub fn answer_line(x: &Analysis) -> String {
    if x.winning {
        let cells: Vec<String> = x.winning_cells.iter().map(|c| c.to_string()).collect();
        format!("WINNING {}", cells.join(" "))
    } else {
        "LOSING".to_string()
    }
}

/// The answer on `row` as JSON: `position`, `outcome`,
/// `first_player_wins`, `winning_moves`, `immediate`, `nimber`, and with
/// `details` also `cells` and `gaps` (`start`, `len`, `nimber`).
pub fn answer_json(row: &Row, x: &Analysis, details: bool) -> Value {
    let mut v = json!({
        "position": row.to_string(),
        "outcome": if x.winning { "N" } else { "P" },
        "first_player_wins": x.winning,
        "winning_moves": x.winning_cells,
        "immediate": x.immediate,
        "nimber": x.nimber,
    });
    if details {
        v["cells"] = json!(row.len());
        v["gaps"] = x
            .gaps
            .iter()
            .map(|g| json!({"start": g.start, "len": g.len, "nimber": g.nimber}))
            .collect();
    }
    v
}

/// How the answer on one row says what its numbers are.
pub const NUMBERING: &str = "(cells numbered from 1 at the left)";

/// The answer on one row and a line end: [`answer_line`], followed when it
/// names cells by [`NUMBERING`] (a person reads it), or with `json`
/// [`answer_json`] with details.
///
/// # Errors
/// Any error of `w`.
pub fn write_answer(w: &mut dyn Write, row: &Row, x: &Analysis, json: bool) -> Result<()> {
    if json {
        writeln!(w, "{}", answer_json(row, x, true))
    } else if x.winning {
        writeln!(w, "{} {NUMBERING}", answer_line(x))
    } else {
        writeln!(w, "{}", answer_line(x))
    }
}

/// The answers on a batch: one [`answer_line`] per row, or with `json`
/// one object `{"answers": [...]}` of [`answer_json`] without details.
///
/// # Errors
/// Any error of `w`.
pub fn write_answers(w: &mut dyn Write, rows: &[Row], xs: &[Analysis], json: bool) -> Result<()> {
    if json {
        let list: Vec<Value> = rows
            .iter()
            .zip(xs)
            .map(|(r, x)| answer_json(r, x, false))
            .collect();
        return writeln!(w, "{}", json!({ "answers": list }));
    }
    for x in xs {
        writeln!(w, "{}", answer_line(x))?;
    }
    Ok(())
}

/// `{"max_n", "rows": [{"n", "nimber", "outcome", "first_player_wins",
/// "winning_moves"}]}` and a line end.
///
/// # Errors
/// Any error of `w`.
pub fn write_table_json(w: &mut dyn Write, max_n: usize, rows: &[StripRow]) -> Result<()> {
    let rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "n": r.n,
                "nimber": r.nimber,
                "outcome": if r.first_player_wins { "N" } else { "P" },
                "first_player_wins": r.first_player_wins,
                "winning_moves": r.winning_moves,
            })
        })
        .collect();
    writeln!(w, "{}", json!({ "max_n": max_n, "rows": rows }))
}
