//! The checks every request head passes before hyper parses it.
//!
//! hyper answers the requests it cannot parse (malformed, URI too long,
//! head too large) itself, with an empty body, and cannot be told
//! otherwise. So the connection guard (`guard`) runs these checks first,
//! with limits below hyper's and with hyper's own rules for what it would
//! refuse, and a refused head never reaches hyper: the guard hands on a
//! stand-in request carrying the [`Refusal`], which the error layer
//! answers in JSON.

use axum::http::{HeaderName, Method, StatusCode, Uri};

/// Longest request target (path and query) accepted, in bytes; a longer
/// one gets 414. A position of 24 tiles, percent-encoded, takes under 600.
pub const MAX_URI_BYTES: usize = 4 * 1024;

/// Longest request head (request line and header fields) accepted, in
/// bytes; a longer one gets 431 (or 414 while its request line is still
/// longer than a target may be).
pub const MAX_HEAD_BYTES: usize = 16 * 1024;

/// Most header fields accepted in one request; more get 431.
pub const MAX_HEADERS: usize = 64;

/// Largest request body accepted (its `Content-Length`), in bytes; a
/// larger one gets 413. The API takes no bodies: this only lets a request
/// with a small one get its proper answer (405 for a `POST`).
pub const MAX_BODY_BYTES: u64 = 64 * 1024;

/// The header field that carries a refusal from the guard to the error
/// layer, as `STATUS MESSAGE`; a client may not send it.
pub(crate) const REFUSAL_HEADER: &str = "x-grundy-refused";

/// Bytes a request line may hold besides its target (method, spaces,
/// version, line end).
const LINE_SLACK: usize = 32;

/// What the bytes at the start of a request say.
#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    /// Not a whole head yet, and nothing wrong so far.
    Partial,
    /// A good head of `head` bytes, followed by a body of `body` bytes.
    Accept { head: usize, body: u64 },
    /// A head to refuse.
    Refuse(Refusal),
}

/// A refused request: the status and the one-line message to answer with.
#[derive(Debug, PartialEq)]
pub(crate) struct Refusal {
    pub status: StatusCode,
    pub message: String,
}

fn refuse(status: StatusCode, message: impl Into<String>) -> Verdict {
    Verdict::Refuse(Refusal {
        status,
        message: message.into(),
    })
}

/// Judges the bytes received at the start of a request.
pub(crate) fn inspect(input: &[u8]) -> Verdict {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut req = httparse::Request::new(&mut headers);
    match req.parse(input) {
        Ok(httparse::Status::Complete(len)) => check(&req, len),
        Ok(httparse::Status::Partial) => too_long(input),
        Err(httparse::Error::TooManyHeaders) => refuse(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("more than {MAX_HEADERS} header fields"),
        ),
        Err(e) => refuse(StatusCode::BAD_REQUEST, malformed(&req, e)),
    }
}

fn malformed(req: &httparse::Request<'_, '_>, e: httparse::Error) -> String {
    let what = match e {
        httparse::Error::Token if req.method.is_none() => "invalid method",
        httparse::Error::Token => "invalid request target",
        httparse::Error::Version => "not HTTP/1.0 or HTTP/1.1",
        httparse::Error::HeaderName => "invalid header field name",
        httparse::Error::HeaderValue => "invalid header field value",
        httparse::Error::NewLine => "invalid line end",
        _ => "unreadable",
    };
    format!("malformed request: {what}")
}

/// A partial head that already breaks a limit.
fn too_long(input: &[u8]) -> Verdict {
    let line = input
        .iter()
        .position(|&b| b == b'\n')
        .unwrap_or(input.len());
    if line > MAX_URI_BYTES + LINE_SLACK {
        uri_too_long()
    } else if input.len() >= MAX_HEAD_BYTES {
        head_too_large()
    } else {
        Verdict::Partial
    }
}

fn uri_too_long() -> Verdict {
    refuse(
        StatusCode::URI_TOO_LONG,
        format!("the request target is longer than {MAX_URI_BYTES} bytes"),
    )
}

fn head_too_large() -> Verdict {
    refuse(
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        format!("the request head is longer than {MAX_HEAD_BYTES} bytes"),
    )
}

/// A whole head: the limits, then what hyper would refuse after httparse.
fn check(req: &httparse::Request<'_, '_>, len: usize) -> Verdict {
    let method = req.method.unwrap_or_default();
    let target = req.path.unwrap_or_default();
    if target.len() > MAX_URI_BYTES {
        return uri_too_long();
    }
    if len > MAX_HEAD_BYTES {
        return head_too_large();
    }
    if Method::from_bytes(method.as_bytes()).is_err() {
        return refuse(StatusCode::BAD_REQUEST, "malformed request: invalid method");
    }
    if let Err(e) = Uri::try_from(target.as_bytes()) {
        return refuse(
            StatusCode::BAD_REQUEST,
            format!("malformed request target: {e}"),
        );
    }
    let mut body = None;
    for h in req.headers.iter() {
        if let Some(refusal) = check_field(h, &mut body) {
            return refusal;
        }
    }
    match body {
        Some(n) if n > MAX_BODY_BYTES => refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a request body of {n} bytes: the API takes none, at most {MAX_BODY_BYTES} are read"),
        ),
        _ => Verdict::Accept {
            head: len,
            body: body.unwrap_or(0),
        },
    }
}

/// One header field; `body` collects the `Content-Length`.
fn check_field(h: &httparse::Header<'_>, body: &mut Option<u64>) -> Option<Verdict> {
    let name = h.name;
    if HeaderName::from_bytes(name.as_bytes()).is_err() {
        return Some(refuse(
            StatusCode::BAD_REQUEST,
            "malformed request: invalid header field name",
        ));
    }
    if name.eq_ignore_ascii_case(REFUSAL_HEADER) {
        return Some(refuse(
            StatusCode::BAD_REQUEST,
            format!("the header field {REFUSAL_HEADER} is reserved"),
        ));
    }
    if name.eq_ignore_ascii_case("transfer-encoding") {
        return Some(refuse(
            StatusCode::LENGTH_REQUIRED,
            "Transfer-Encoding is not accepted: the API takes no request bodies (send Content-Length)",
        ));
    }
    if name.eq_ignore_ascii_case("content-length") {
        let Some(n) = digits(h.value) else {
            return Some(refuse(
                StatusCode::BAD_REQUEST,
                "malformed request: Content-Length is not a number",
            ));
        };
        if body.is_some_and(|b| b != n) {
            return Some(refuse(
                StatusCode::BAD_REQUEST,
                "malformed request: two different Content-Length values",
            ));
        }
        *body = Some(n);
    }
    None
}

/// A decimal number of digits only, as hyper reads `Content-Length`.
fn digits(bytes: &[u8]) -> Option<u64> {
    if bytes.is_empty() {
        return None;
    }
    bytes.iter().try_fold(0u64, |n, &b| {
        if b.is_ascii_digit() {
            n.checked_mul(10)?.checked_add(u64::from(b - b'0'))
        } else {
            None
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status(input: &[u8]) -> Option<u16> {
        match inspect(input) {
            Verdict::Refuse(r) => Some(r.status.as_u16()),
            _ => None,
        }
    }

    #[test]
    fn heads_are_judged_as_hyper_would_but_within_our_limits() {
        assert_eq!(inspect(b"GET / HTTP/1.1\r\nHost: x\r\n"), Verdict::Partial);
        assert_eq!(
            inspect(b"GET / HTTP/1.1\r\nHost: x\r\n\r\nGET"),
            Verdict::Accept { head: 27, body: 0 }
        );
        assert_eq!(
            inspect(b"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc"),
            Verdict::Accept { head: 38, body: 3 }
        );
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nContent-Length: 3x\r\n\r\n"),
            Some(400)
        );
        let two = b"GET / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n";
        assert_eq!(status(two), Some(400));
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            Some(411)
        );
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nX-Grundy-Refused: 1\r\n\r\n"),
            Some(400)
        );
        assert_eq!(status(b"G(T / HTTP/1.1\r\n\r\n"), Some(400));
        assert_eq!(status(b"GET / HTTP/2.0\r\n\r\n"), Some(400));
        assert_eq!(
            status(b"GET / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n"),
            Some(413)
        );
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_URI_BYTES));
        assert_eq!(status(long.as_bytes()), Some(414));
        let partial = format!("GET /{}", "a".repeat(MAX_URI_BYTES + LINE_SLACK));
        assert_eq!(status(partial.as_bytes()), Some(414));
        let big = format!("GET / HTTP/1.1\r\nX: {}", "a".repeat(MAX_HEAD_BYTES));
        assert_eq!(status(&big.as_bytes()[..MAX_HEAD_BYTES]), Some(431));
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "X: 1\r\n".repeat(MAX_HEADERS + 1)
        );
        assert_eq!(status(many.as_bytes()), Some(431));
    }
}
