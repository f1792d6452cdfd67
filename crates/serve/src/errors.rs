//! The error layer every response leaves through: refusals from the guard
//! answered, panics turned into 500, and every error response without a
//! JSON body (axum's 405, its extractors' plain-text rejections) given
//! `{"error": "..."}`, keeping its status.

use super::head::REFUSAL_HEADER;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use hyper::body::Incoming;
use hyper::service::Service;
use hyper_util::service::TowerToHyperService;
use serde_json::json;
use std::any::Any;
use std::future::Future;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::pin::Pin;
use std::task::{Context, Poll};

/// Most bytes of a non-JSON error body read to make the message from.
const BODY_LIMIT: usize = 4 * 1024;

/// `{"error": message}` with `status`.
pub(crate) fn error(status: StatusCode, message: &str) -> Response {
    (status, Json(json!({ "error": message }))).into_response()
}

/// Answers `req` with `app`, through the error layer.
pub(crate) async fn respond(app: &TowerToHyperService<Router>, req: Request<Incoming>) -> Response {
    if let Some(refused) = refusal(req.headers()) {
        return refused;
    }
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    match CatchUnwind(Box::pin(app.call(req))).await {
        Ok(Ok(response)) => with_json_body(response, &method, &path).await,
        Ok(Err(never)) => match never {},
        Err(panic) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            &format!("internal error (a bug in the server): {panic}"),
        ),
    }
}

/// The guard's refusal a stand-in request carries.
fn refusal(headers: &HeaderMap) -> Option<Response> {
    let value = headers.get(REFUSAL_HEADER)?.to_str().ok()?;
    let (code, message) = value.split_once(' ')?;
    let status = StatusCode::from_bytes(code.as_bytes()).ok()?;
    Some(error(status, message))
}

/// An error response given a JSON body if it has none; others unchanged.
async fn with_json_body(response: Response, method: &Method, path: &str) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let text = axum::body::to_bytes(response.into_body(), BODY_LIMIT)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let line = text.lines().map(str::trim).find(|l| !l.is_empty());
    let message = match (&allow, line) {
        (Some(allowed), _) if status == StatusCode::METHOD_NOT_ALLOWED => format!(
            "method {method} is not allowed on {path} (allowed: {})",
            allowed.to_str().unwrap_or("?")
        ),
        (_, Some(line)) => line.to_owned(),
        _ => status.canonical_reason().unwrap_or("error").to_owned(),
    };
    let mut answer = error(status, &message);
    if let Some(allowed) = allow {
        answer.headers_mut().insert(header::ALLOW, allowed);
    }
    answer
}

/// A future whose panic becomes `Err(first line of the panic message)`.
struct CatchUnwind<F>(Pin<Box<F>>);

impl<F: Future> Future for CatchUnwind<F> {
    type Output = Result<F::Output, String>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let inner = self.0.as_mut();
        match catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(poll) => poll.map(Ok),
            Err(payload) => Poll::Ready(Err(panic_message(payload.as_ref()))),
        }
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    let text = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic");
    text.lines().next().unwrap_or_default().to_owned()
}
