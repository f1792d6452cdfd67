//! The tablebase explorer's web server (`grundy serve`): a JSON API over a
//! [`Tablebase`] and one page, embedded in the binary, that draws the
//! board and plays against the perfect strategist.
//!
//! API (all `GET`, JSON, positions in compact notation in the user's frame:
//! board coordinates on a bounded board):
//! - `/api/info`: `tiles`, `board` (`null` or `width`, `height`,
//!   `station`), `station` (its two cells), `cells` (every cell some loop
//!   uses, the drawable part of the board), `loops`, `start_nimber`,
//!   `start_remoteness`, `positions_solved` (classes in the table),
//!   `source` (`table`).
//! - `/api/position?p=COMPACT`: `position`, `tiles`, `tiles_placed`,
//!   `placed` (`[x, y, type]` each), `nimber`, `remoteness` (moves to the
//!   end under perfect play: the winner finishing fastest, the loser
//!   lasting longest), `outcome` (`P`/`N`), `finished`, `loops_left`,
//!   `source` (`table`, or `subgames` for a position with one loop left:
//!   the nim-sum of its subgames, checked against the table), `moves`
//!   (every legal move, best first: winning moves fastest first, then the
//!   others slowest loss first, then by nimber, then by the tiles: `move`,
//!   `tiles`, `nimber` of the position it leaves, `winning`, `result`
//!   (`win`/`loss` for the player making it), `remoteness` after it,
//!   `class` (moves to positions equal up to the station's symmetries
//!   share it, numbered from 0 in list order), `position`), `classes`
//!   (how many), `forced_loop` (the `[x, y, type]` tiles of the one loop
//!   left, or `null`), and `reply` (the perfect strategist's move: `move`,
//!   `tiles`, `position`, `reason` = `winning` or `longest loss`; `null`
//!   when finished).
//! - `/api/main-line?p=COMPACT`: `moves`, perfect play from the position to
//!   the end (`move`, `tiles`, `nimber`, `remoteness`, `position` each; as
//!   many as the position's remoteness).
//! - A malformed or impossible position gets HTTP 400 and `{"error":
//!   "..."}` (one line); a path that is not the page or the API, 404
//!   naming every page and endpoint ([`NOT_FOUND_EXPLORER`], or
//!   [`NOT_FOUND_WITH_ATLAS`] beside the atlas).
//! - `/` serves the page (`page.html`, no external resources).
//!
//! Every error, whatever refuses the request, is `{"error": "..."}` (one
//! line) with `Content-Type: application/json` and the fitting status: 404
//! unknown path, 405 wrong method, 400 bad position or malformed request,
//! 411 a chunked body, 413 a body over [`MAX_BODY_BYTES`], 414 a target over
//! [`MAX_URI_BYTES`], 431 a head over [`MAX_HEAD_BYTES`] or
//! [`MAX_HEADERS`] fields, 500 a bug. A connection whose request head is
//! not complete [`HEAD_TIMEOUT`] after it opened or went idle is dropped.
//!
//! The layers, outside in: [`serve_router`] accepts connections and runs
//! hyper on each (`http`), behind a guard that checks every request head
//! before hyper parses it and turns a bad one into a refusal the router
//! answers (`guard`, `head`); every response leaves through `errors`,
//! which gives the errors of axum and its extractors a JSON body and
//! catches panics; [`router`] holds the API.
#![warn(missing_docs)]

pub mod atlas;
mod errors;
mod guard;
mod head;
mod http;

pub use head::{MAX_BODY_BYTES, MAX_HEADERS, MAX_HEAD_BYTES, MAX_URI_BYTES};
pub use http::{serve_router, HEAD_TIMEOUT};

use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use errors::error;
use grundy_jobs::error::Error;
use grundy_jobs::explorer::{info_json, main_line_from, position_json, Tablebase};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// The page, embedded at compile time.
pub const PAGE: &str = include_str!("page.html");

/// The router for a tablebase.
pub fn router(tb: Arc<Tablebase>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/info", get(info))
        .route("/api/position", get(position))
        .route("/api/main-line", get(main_line))
        .fallback(not_found)
        .with_state(tb)
}

/// Serves `tb` on `listener` until the process ends (see [`serve_router`]).
///
/// # Errors
/// None in practice: failed accepts are retried.
pub async fn serve(listener: tokio::net::TcpListener, tb: Arc<Tablebase>) -> std::io::Result<()> {
    serve_router(listener, router(tb)).await
}

async fn page() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        PAGE,
    )
        .into_response()
}

/// The 404 of the explorer alone: every path it serves.
pub const NOT_FOUND_EXPLORER: &str = "no such page: the page is /; the API is /api/info, \
     /api/position?p=POSITION and /api/main-line?p=POSITION";

/// The 404 of the explorer with the octal atlas (`grundy serve`): every
/// path they serve.
pub const NOT_FOUND_WITH_ATLAS: &str = "no such page: the pages are / (the Monorail explorer), \
     /octal and /octal/CODE (the octal atlas); the API is /api/info, \
     /api/position?p=POSITION, /api/main-line?p=POSITION, \
     /api/octal[?status=S&digits=D] and /api/octal/CODE[?n=N]";

async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, NOT_FOUND_EXPLORER)
}

async fn info(State(tb): State<Arc<Tablebase>>) -> Response {
    Json(info_json(&tb)).into_response()
}

async fn main_line(
    State(tb): State<Arc<Tablebase>>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    at_position(&q, |p| main_line_from(&tb, p))
}

/// Answers a request naming a position (`p`) with `f`'s JSON: 400 for a
/// missing, malformed or impossible position, 500 for a failed check.
fn at_position(
    q: &HashMap<String, String>,
    f: impl FnOnce(&str) -> grundy_jobs::error::Result<Value>,
) -> Response {
    let Some(text) = q.get("p") else {
        return error(
            StatusCode::BAD_REQUEST,
            "missing parameter p (a position in compact notation, - for the start)",
        );
    };
    match f(text) {
        Ok(v) => Json(v).into_response(),
        Err(e @ (Error::VerificationFailed { .. } | Error::CheckFailed { .. })) => {
            error(StatusCode::INTERNAL_SERVER_ERROR, &e.to_string())
        }
        Err(e) => error(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

async fn position(
    State(tb): State<Arc<Tablebase>>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    at_position(&q, |p| position_json(&tb, p))
}
