//! The octal atlas of `grundy serve`: every code of the committed census
//! and any other code on request.
//!
//! Pages (one HTML page, `atlas.html`, embedded; it reads the API):
//! - `/octal`: the census as a table, sortable by any column, filtered by
//!   status, digits and code.
//! - `/octal/CODE[?n=N]`: one code: its plot, status, period and
//!   pre-period, proof range or how far it was computed, sparse-space data,
//!   its first values in rows of the period, and the claim in `octal
//!   check` syntax.
//!
//! API (`GET`, JSON): the bodies of [`grundy_jobs::atlas`]:
//! `/api/octal[?status=S][&digits=D]` is [`Atlas::list_query`],
//! `/api/octal/CODE[?n=N]` is [`Atlas::code_json`]; a request error is
//! HTTP 400, [`AtlasError::Busy`] HTTP 503 with `Retry-After`.

use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use grundy_jobs::atlas::{Atlas, AtlasError, MAX_N};
use std::collections::HashMap;
use std::sync::Arc;

/// The atlas page, embedded at compile time.
pub const ATLAS_PAGE: &str = include_str!("atlas.html");

/// The routes of the atlas, to merge into the explorer's router.
pub fn router(atlas: Arc<Atlas>) -> Router {
    Router::new()
        .route("/octal", get(page))
        .route("/octal/", get(page))
        .route("/octal/{code}", get(page))
        .route("/api/octal", get(list))
        .route("/api/octal/{code}", get(code_page))
        .with_state(atlas)
}

async fn page() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        ATLAS_PAGE,
    )
        .into_response()
}

async fn list(
    State(atlas): State<Arc<Atlas>>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    match atlas.list_query(&q) {
        Ok(list) => Json(list).into_response(),
        Err(e) => super::errors::error(StatusCode::BAD_REQUEST, &e.to_string()),
    }
}

async fn code_page(
    State(atlas): State<Arc<Atlas>>,
    UrlPath(code): UrlPath<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let n = match q.get("n").map(|t| t.trim().parse::<usize>()) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            return super::errors::error(
                StatusCode::BAD_REQUEST,
                &format!(
                    "n = {:?} is not a heap size (a whole number up to {})",
                    q.get("n").map(String::as_str).unwrap_or_default(),
                    MAX_N
                ),
            )
        }
    };
    let answer = tokio::task::spawn_blocking(move || atlas.code_json(&code, n)).await;
    match answer {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(e @ AtlasError::Request(_))) => {
            super::errors::error(StatusCode::BAD_REQUEST, &e.to_string())
        }
        Ok(Err(e @ AtlasError::Busy { .. })) => {
            let mut r = super::errors::error(StatusCode::SERVICE_UNAVAILABLE, &e.to_string());
            r.headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
            r
        }
        Err(e) => super::errors::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("the computation failed: {e}"),
        ),
    }
}

/// Serves the explorer of `tb` and the atlas on `listener` until the
/// process ends (see [`super::serve_router`]).
///
/// # Errors
/// None in practice: failed accepts are retried.
pub async fn serve_with_atlas(
    listener: tokio::net::TcpListener,
    tb: Arc<grundy_jobs::explorer::Tablebase>,
    atlas: Arc<Atlas>,
) -> std::io::Result<()> {
    let app = super::router(tb).merge(router(atlas)).fallback(not_found);
    super::serve_router(listener, app).await
}

async fn not_found() -> Response {
    super::errors::error(StatusCode::NOT_FOUND, super::NOT_FOUND_WITH_ATLAS)
}
