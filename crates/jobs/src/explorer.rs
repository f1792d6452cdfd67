//! The Monorail tablebase explorer's answers as a job: the JSON bodies of
//! `grundy serve`'s API (`/api/info`, `/api/position`, `/api/main-line`),
//! computed from a [`Tablebase`] ([`super::monorail_position::tablebase`]).
//! The server adds only HTTP (`grundy_serve`). Positions and moves are in
//! the user's frame (compact notation, cells framed by the board).

use grundy_core::error::Result;
use grundy_games::monorail::board::{framed, framed_cell};
use grundy_games::monorail::geometry::{Cell, TileType, STATION};
use grundy_games::monorail::tablebase::{Answer, MoveValue};
use serde_json::{json, Value};

pub use grundy_games::monorail::tablebase::Tablebase;

/// The body of `/api/position?p=TEXT`: [`answer_json`] of the position
/// `text` names.
///
/// # Errors
/// A malformed or impossible position ([`Tablebase::parse`]); a failed
/// check of the table (`Error::CheckFailed`).
pub fn position_json(tb: &Tablebase, text: &str) -> Result<Value> {
    let p = tb.parse(text)?;
    tb.query(&p).map(|a| answer_json(tb, &a))
}

/// The body of `/api/main-line?p=TEXT`: [`main_line_json`] of the main
/// line from the position `text` names.
///
/// # Errors
/// As [`position_json`].
pub fn main_line_from(tb: &Tablebase, text: &str) -> Result<Value> {
    let p = tb.parse(text)?;
    tb.main_line(&p).map(|line| main_line_json(tb, &line))
}

/// `[x, y, "TYPE"]` triples in the user's frame.
fn tiles_json(tb: &Tablebase, tiles: &[(Cell, TileType)]) -> Value {
    Value::Array(
        framed(tb.rules().board(), tiles)
            .iter()
            .map(|(c, t)| json!([c.x, c.y, t.name()]))
            .collect(),
    )
}

/// The body of `/api/info`.
pub fn info_json(tb: &Tablebase) -> Value {
    let mut cells: Vec<Cell> = tb
        .table()
        .loops
        .iter()
        .flat_map(|l| l.tiles.iter().map(|t| framed_cell(tb.rules().board(), t.0)))
        .collect();
    cells.sort();
    cells.dedup();
    let station: Vec<Value> = STATION
        .iter()
        .map(|&c| {
            let f = framed_cell(tb.rules().board(), c);
            json!([f.x, f.y])
        })
        .collect();
    json!({
        "tiles": tb.rules().tiles(),
        "board": tb.rules().board().map(|b| json!({
            "width": b.width(), "height": b.height(),
            "station": [b.station().0, b.station().1],
        })),
        "station": station,
        "cells": cells.iter().map(|c| json!([c.x, c.y])).collect::<Vec<_>>(),
        "loops": tb.table().len(),
        "start_nimber": tb.start_nimber(),
        "start_remoteness": tb.start_remoteness(),
        "positions_solved": tb.classes(),
        "source": "table",
    })
}

/// The number of classes among `a`'s moves.
fn moves_classes(a: &Answer) -> usize {
    a.moves.iter().map(|m| m.class + 1).max().unwrap_or(0)
}

/// The body of `/api/main-line`: the moves of the main line in order.
pub fn main_line_json(tb: &Tablebase, line: &[MoveValue]) -> Value {
    json!({
        "moves": line.iter().map(|m| json!({
            "move": tb.rules().notation(&m.tiles),
            "tiles": tiles_json(tb, &m.tiles),
            "nimber": m.nimber,
            "remoteness": m.remoteness,
            "position": tb.notation(&m.position),
        })).collect::<Vec<_>>(),
    })
}

/// The body of `/api/position` for an answer.
pub fn answer_json(tb: &Tablebase, a: &Answer) -> Value {
    let moves: Vec<Value> = a
        .moves
        .iter()
        .map(|m| {
            json!({
                "move": tb.rules().notation(&m.tiles),
                "tiles": tiles_json(tb, &m.tiles),
                "nimber": m.nimber,
                "winning": m.nimber == 0,
                "result": if m.nimber == 0 { "win" } else { "loss" },
                "remoteness": m.remoteness,
                "class": m.class,
                "position": tb.notation(&m.position),
            })
        })
        .collect();
    let reply = a.reply.map(|(i, reason)| {
        let m = &a.moves[i];
        json!({
            "move": tb.rules().notation(&m.tiles),
            "tiles": tiles_json(tb, &m.tiles),
            "position": tb.notation(&m.position),
            "reason": reason.name(),
        })
    });
    let forced_loop = a.forced_loop.as_ref().map(|tiles| tiles_json(tb, tiles));
    json!({
        "position": tb.notation(&a.position),
        "tiles": tb.rules().tiles(),
        "tiles_placed": a.position.len(),
        "placed": tiles_json(tb, a.position.tiles()),
        "nimber": a.nimber,
        "remoteness": a.remoteness,
        "outcome": if a.nimber == 0 { "P" } else { "N" },
        "finished": a.finished,
        "loops_left": a.loops_left,
        "source": a.source.name(),
        "moves": moves,
        "classes": moves_classes(a),
        "forced_loop": forced_loop,
        "reply": reply,
    })
}
