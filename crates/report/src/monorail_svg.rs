//! SVG figures: Monorail boards and endgame subgames.

use grundy_games::monorail::board::Board;
use grundy_games::monorail::geometry::{is_station, Cell, Side, TileType, STATION};
use grundy_games::monorail::loops::Loop;
use grundy_games::monorail::subgame::Subgame;
use std::fmt::Write;

const CELL: i32 = 28;

fn side_point(x: i32, y: i32, s: Side) -> (i32, i32) {
    let h = CELL / 2;
    match s {
        Side::N => (x + h, y),
        Side::S => (x + h, y + CELL),
        Side::E => (x + CELL, y + h),
        Side::W => (x, y + h),
    }
}

fn track(out: &mut String, x: i32, y: i32, t: TileType, style: &str) {
    let sides: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|s| t.sides() & s.bit() != 0)
        .collect();
    let (a, b) = (side_point(x, y, sides[0]), side_point(x, y, sides[1]));
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    let _ = writeln!(
        out,
        r#"<path d="M{} {} Q{cx} {cy} {} {}" fill="none" {style}/>"#,
        a.0, a.1, b.0, b.1
    );
}

/// One cell at `(sx, sy)`: its square (outlined in `grid`), then the
/// station's track, the placed tile's track (the move colour when
/// `highlight`), or the dashed track of a drawn loop.
fn cell(
    out: &mut String,
    (sx, sy): (i32, i32),
    c: Cell,
    placed: Option<TileType>,
    highlight: bool,
    loop_type: Option<TileType>,
    grid: &str,
) {
    let fill = if is_station(c) {
        "#555555"
    } else if placed.is_some() && highlight {
        "#f4a261"
    } else if placed.is_some() {
        "#e9c46a"
    } else if loop_type.is_some() {
        "#f1f1f1"
    } else {
        "#ffffff"
    };
    let _ = writeln!(
        out,
        r##"<rect x="{sx}" y="{sy}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{grid}"/>"##
    );
    if is_station(c) {
        track(
            out,
            sx,
            sy,
            TileType::EW,
            r##"stroke="#ffffff" stroke-width="4""##,
        );
    } else if let Some(t) = placed {
        track(out, sx, sy, t, r##"stroke="#222222" stroke-width="4""##);
    } else if let Some(t) = loop_type {
        track(
            out,
            sx,
            sy,
            t,
            r##"stroke="#888888" stroke-width="2" stroke-dasharray="4 3""##,
        );
    }
}

/// A board picture: the placed `tiles` (those in `highlight` drawn in the
/// move colour), the station, and the empty cells of `loop_` with dashed
/// track. North is up; one cell is 28 px.
pub fn board(tiles: &[(Cell, TileType)], loop_: Option<&Loop>, highlight: &[Cell]) -> String {
    let mut cells: Vec<Cell> = tiles.iter().map(|t| t.0).chain(STATION).collect();
    if let Some(l) = loop_ {
        cells.extend(l.tiles.iter().map(|t| t.0));
    }
    let x0 = cells.iter().map(|c| c.x).min().unwrap_or(0) - 1;
    let x1 = cells.iter().map(|c| c.x).max().unwrap_or(0) + 1;
    let y0 = cells.iter().map(|c| c.y).min().unwrap_or(0) - 1;
    let y1 = cells.iter().map(|c| c.y).max().unwrap_or(0) + 1;
    let (w, h) = ((x1 - x0 + 1) * CELL, (y1 - y0 + 1) * CELL);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    s.push('\n');
    let px = |c: Cell| ((c.x - x0) * CELL, (y1 - c.y) * CELL);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let c = Cell::new(x, y);
            let (sx, sy) = px(c);
            let placed = tiles.iter().find(|t| t.0 == c);
            cell(
                &mut s,
                (sx, sy),
                c,
                placed.map(|t| t.1),
                highlight.contains(&c),
                loop_.and_then(|l| l.type_at(c)),
                "#cccccc",
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// A bounded board drawn whole, north up, with its coordinates along the
/// bottom and left edges: the placed `tiles` (station frame; those on
/// `highlight` in the move colour) and the station. One cell is 28 px.
pub fn bounded_board(board: &Board, tiles: &[(Cell, TileType)], highlight: &[Cell]) -> String {
    let (bw, bh) = (board.width(), board.height());
    let label = 16;
    let (w, h) = (bw * CELL + label + 4, bh * CELL + label + 4);
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">"#
    );
    s.push('\n');
    for by in 0..bh {
        for bx in 0..bw {
            let c = board.from_board(Cell::new(bx, by));
            let (sx, sy) = (label + bx * CELL, 2 + (bh - 1 - by) * CELL);
            let placed = tiles.iter().find(|t| t.0 == c);
            cell(
                &mut s,
                (sx, sy),
                c,
                placed.map(|t| t.1),
                highlight.contains(&c),
                None,
                "#999999",
            );
        }
        let _ = writeln!(
            s,
            r#"<text x="4" y="{}">{by}</text>"#,
            2 + (bh - 1 - by) * CELL + CELL / 2 + 4
        );
    }
    for bx in 0..bw {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{bx}</text>"#,
            label + bx * CELL + CELL / 2 - 3,
            2 + bh * CELL + 13
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A row of subgames with captions (`#id *nimber`): each cell a square,
/// cells next to a placed tile filled dark and marked with a dot. One cell
/// is 16 px.
pub fn subgame_row(items: &[(usize, u32, &Subgame)]) -> String {
    const C: i32 = 16;
    let mut x = 8;
    let mut body = String::new();
    let mut height = 0;
    for &(id, nimber, g) in items {
        let gx = g.cells().iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let gy = g.cells().iter().map(|c| c.1).max().unwrap_or(0) + 1;
        for &(cx, cy, m) in g.cells() {
            let (sx, sy) = (x + cx * C, 8 + (gy - 1 - cy) * C);
            let fill = if m { "#2a9d8f" } else { "#e9f5f3" };
            let _ = writeln!(
                body,
                r##"<rect x="{sx}" y="{sy}" width="{C}" height="{C}" fill="{fill}" stroke="#264653"/>"##
            );
            if m {
                let _ = writeln!(
                    body,
                    r##"<circle cx="{}" cy="{}" r="3" fill="#ffffff"/>"##,
                    sx + C / 2,
                    sy + C / 2
                );
            }
        }
        let ty = 8 + gy * C + 14;
        let _ = writeln!(
            body,
            r##"<text x="{x}" y="{ty}" font-family="sans-serif" font-size="11" fill="#222222">#{id} *{nimber}</text>"##
        );
        height = height.max(ty + 6);
        x += (gx * C).max(48) + 16;
    }
    let w = x;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{height}\" viewBox=\"0 0 {w} {height}\">\n{body}</svg>\n"
    )
}
