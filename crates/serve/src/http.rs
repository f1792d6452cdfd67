//! Accepting connections and serving HTTP/1.1 on each with hyper, behind
//! the guard and through the error layer.

use super::errors::respond;
use super::guard::Guarded;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::convert::Infallible;
use std::io;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// How long a client has to send a whole request head, counted from when
/// the connection opens or, on a keep-alive connection, from when the
/// previous answer is written; then the connection is dropped without an
/// answer. This also bounds how long an idle keep-alive connection is
/// kept. (hyper's header read timeout.)
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);

/// After answering a connection it closes, the server shuts its side and
/// reads and discards what the client still sends for this long (at most
/// [`LINGER_BYTES`]), so that the answer to a refused request is not lost
/// to the reset closing a socket with unread input sends.
const LINGER: Duration = Duration::from_secs(2);

/// Most bytes discarded while lingering.
const LINGER_BYTES: usize = 1 << 20;

/// Pause after a failed accept that is not the client's (e.g. too many
/// open files), as `axum::serve` does.
const ACCEPT_PAUSE: Duration = Duration::from_secs(1);

/// Serves `app` on `listener` until the process ends: HTTP/1.1 with
/// keep-alive, every request head checked (see the module `head`), every
/// error answered in JSON, [`HEAD_TIMEOUT`] on request heads and idle
/// connections.
///
/// # Errors
/// None in practice: failed accepts are retried.
pub async fn serve_router(listener: TcpListener, app: Router) -> io::Result<()> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        // The guard ends the input after a refusal: hyper must still answer.
        .half_close(true);
    let app = TowerToHyperService::new(app);
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                tokio::spawn(connection(http.clone(), stream, app.clone()));
            }
            Err(e) if is_connection_error(&e) => {}
            Err(_) => tokio::time::sleep(ACCEPT_PAUSE).await,
        }
    }
}

fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// One connection, to its end.
async fn connection(http: http1::Builder, stream: TcpStream, app: TowerToHyperService<Router>) {
    let _ = stream.set_nodelay(true);
    let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
        let app = app.clone();
        Box::pin(async move { Ok::<_, Infallible>(respond(&app, req).await) })
    });
    let conn = http.serve_connection(TokioIo::new(Guarded::new(stream)), service);
    // On an error (a timeout, a client gone) the socket is just dropped.
    if let Ok(parts) = conn.without_shutdown().await {
        linger(parts.io.into_inner().into_inner()).await;
    }
}

/// Closes the server's side, then discards what the client still sends.
async fn linger(mut stream: TcpStream) {
    if stream.shutdown().await.is_err() {
        return;
    }
    let drain = async {
        let mut sink = [0u8; 8 * 1024];
        let mut total = 0;
        while total < LINGER_BYTES {
            match stream.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => total += n,
            }
        }
    };
    let _ = tokio::time::timeout(LINGER, drain).await;
}
