//! The connection guard: hyper reads the client through it, and it hands
//! on each request head only once `head::inspect` accepts it.
//!
//! It follows the requests of a keep-alive connection: a head, then the
//! `Content-Length` bytes of its body, then the next head. A refused head
//! is replaced by a stand-in request (`GET /` with `connection: close` and
//! the refusal in [`REFUSAL_HEADER`]) that the error layer answers; after
//! it the guard reads nothing more and reports the end of the input, so
//! hyper answers the requests before it, then the stand-in, and closes.
//! Writes pass straight through.

use super::head::{inspect, Refusal, Verdict, MAX_HEAD_BYTES, REFUSAL_HEADER};
use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// Bytes read from the client at a time.
const CHUNK: usize = 8 * 1024;

/// Where the guard is in the client's byte stream.
#[derive(Debug, Clone, Copy, PartialEq)]
enum State {
    /// Expecting a request head.
    Head,
    /// Inside a body, with this many bytes still to come.
    Body(u64),
    /// The client's input ended, or a refusal was handed on.
    Done,
}

/// A client connection seen through the guard.
#[derive(Debug)]
pub(crate) struct Guarded<S> {
    io: S,
    /// Received (or stand-in) bytes not yet handed on.
    input: Vec<u8>,
    /// `input[..ready]` is checked and may be handed on.
    ready: usize,
    state: State,
}

impl<S> Guarded<S> {
    /// Guards `io` from its first byte.
    pub(crate) fn new(io: S) -> Self {
        Guarded {
            io,
            input: Vec::new(),
            ready: 0,
            state: State::Head,
        }
    }

    /// The connection, once hyper is done with it.
    pub(crate) fn into_inner(self) -> S {
        self.io
    }

    /// Moves what has been received on as far as it can be judged; true
    /// when something changed.
    fn advance(&mut self) -> bool {
        if self.input.is_empty() {
            return false;
        }
        match self.state {
            State::Body(left) => {
                let n = left.min(self.input.len() as u64);
                self.ready = n as usize;
                self.state = if n == left {
                    State::Head
                } else {
                    State::Body(left - n)
                };
                true
            }
            State::Head => match inspect(&self.input) {
                Verdict::Partial => false,
                Verdict::Accept { head, body } => {
                    // The head with as much of its body as is here.
                    let n = body.min((self.input.len() - head) as u64);
                    self.ready = head + n as usize;
                    self.state = if n == body {
                        State::Head
                    } else {
                        State::Body(body - n)
                    };
                    true
                }
                Verdict::Refuse(r) => {
                    self.input = stand_in(&r);
                    self.ready = self.input.len();
                    self.state = State::Done;
                    true
                }
            },
            State::Done => false,
        }
    }

    /// How many bytes to read next: never past the longest head or the
    /// current body, so the guard holds at most one head's worth.
    fn want(&self) -> usize {
        match self.state {
            State::Body(left) => CHUNK.min(usize::try_from(left).unwrap_or(CHUNK)),
            _ => CHUNK.min(MAX_HEAD_BYTES.saturating_sub(self.input.len()).max(1)),
        }
    }
}

/// The request that stands in for a refused one.
fn stand_in(r: &Refusal) -> Vec<u8> {
    let message: String = r
        .message
        .chars()
        .map(|c| {
            if c == ' ' || c.is_ascii_graphic() {
                c
            } else {
                '?'
            }
        })
        .collect();
    format!(
        "GET / HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n{REFUSAL_HEADER}: {} {message}\r\n\r\n",
        r.status.as_u16()
    )
    .into_bytes()
}

impl<S: AsyncRead + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if buf.remaining() == 0 {
            return Poll::Ready(Ok(()));
        }
        loop {
            if this.ready > 0 {
                let n = this.ready.min(buf.remaining());
                buf.put_slice(&this.input[..n]);
                this.input.drain(..n);
                this.ready -= n;
                return Poll::Ready(Ok(()));
            }
            if this.advance() {
                continue;
            }
            if this.state == State::Done {
                return Poll::Ready(Ok(()));
            }
            let mut chunk = [0u8; CHUNK];
            let mut read = ReadBuf::new(&mut chunk[..this.want()]);
            ready!(Pin::new(&mut this.io).poll_read(cx, &mut read))?;
            if read.filled().is_empty() {
                // The client's input ended; an unfinished head is dropped.
                this.state = State::Done;
                this.input.clear();
            } else {
                this.input.extend_from_slice(read.filled());
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncReadExt;

    fn through_guard(input: &'static [u8]) -> String {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let mut out = Vec::new();
        rt.block_on(Guarded::new(input).read_to_end(&mut out))
            .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn good_requests_pass_and_a_bad_one_becomes_the_last() {
        let good = "GET /a HTTP/1.1\r\n\r\nPOST / HTTP/1.1\r\ncontent-length: 3\r\n\r\nG(T";
        let out = through_guard(b"GET /a HTTP/1.1\r\n\r\nPOST / HTTP/1.1\r\ncontent-length: 3\r\n\r\nG(TG(T / HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\n\r\n");
        assert!(out.starts_with(good), "{out}");
        let rest = &out[good.len()..];
        assert!(rest.starts_with("GET / HTTP/1.1\r\n"), "{rest}");
        assert!(
            rest.ends_with("x-grundy-refused: 400 malformed request: invalid method\r\n\r\n"),
            "{rest}"
        );
        assert_eq!(through_guard(b"GET / HTTP/1.1\r\nHost: x\r\n"), "");
    }
}
