//! Helpers shared by the command-line tests.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// Runs the `grundy` binary with `args` in `dir`.
pub fn grundy(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        // Misère quotients are cached beside the test's files, never in
        // the user's home.
        .env("GRUNDY_CACHE", dir.join(".grundy-cache"))
        .output()
        .expect("the binary runs")
}

/// Runs the `grundy` binary with `args` in `dir` and the environment
/// variables `env` set (`GRUNDY_MEMORY` for a small machine).
pub fn grundy_env(args: &[&str], dir: &Path, env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .env("GRUNDY_CACHE", dir.join(".grundy-cache"))
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs")
}

/// Asserts exit code 2 and one `error:` line containing `needle`.
pub fn one_line_error(o: &Output, needle: &str) {
    assert_eq!(
        o.status.code(),
        Some(2),
        "exit code; stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(needle), "{needle:?} in {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Asserts that each of `files` is byte-identical in directories `a` and `b`.
pub fn assert_same_files(a: &Path, b: &Path, files: &[&str]) {
    for f in files {
        let x = std::fs::read(a.join(f)).unwrap();
        let y = std::fs::read(b.join(f)).unwrap();
        assert!(
            x == y,
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

/// Writes `text` to `name` in `dir` and returns the path as a string, for
/// commands that read an input file.
pub fn write_input(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// A response read by [`http_get`]: status code, headers (names in lower
/// case) and body.
pub struct HttpResponse {
    /// The status code.
    pub status: u16,
    /// The header fields, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body, decoded from chunks where the server sent chunks.
    pub body: String,
}

impl HttpResponse {
    /// The first header field named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET url` (`http://host:port/path`) over one connection that the
/// request closes: the server's whole answer, parsed with httparse (the
/// parser hyper uses). A plain client rather than an HTTP crate, whose
/// dependencies turn on features that make `cargo build --release` after
/// the tests rebuild the whole tree.
pub fn http_get(url: &str) -> HttpResponse {
    use std::io::{Read, Write};
    let rest = url.strip_prefix("http://").expect("an http:// address");
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let mut s = std::net::TcpStream::connect(host).unwrap_or_else(|e| panic!("{url}: {e}"));
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    let mut fields = [httparse::EMPTY_HEADER; 64];
    let mut head = httparse::Response::new(&mut fields);
    let httparse::Status::Complete(n) = head.parse(&raw).expect("an HTTP response") else {
        panic!("{url}: a cut response head");
    };
    let headers: Vec<(String, String)> = head
        .headers
        .iter()
        .map(|h| {
            let v = String::from_utf8_lossy(h.value).into_owned();
            (h.name.to_ascii_lowercase(), v)
        })
        .collect();
    let status = head.code.expect("a status code");
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let mut body = &raw[n..];
    let bytes = if chunked {
        let mut out = Vec::new();
        loop {
            let line = body
                .windows(2)
                .position(|w| w == b"\r\n")
                .expect("a chunk size line");
            let size = std::str::from_utf8(&body[..line]).unwrap();
            let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16)
                .expect("a hexadecimal chunk size");
            body = &body[line + 2..];
            if size == 0 {
                break out;
            }
            out.extend_from_slice(&body[..size]);
            body = &body[size + 2..];
        }
    } else {
        body.to_vec()
    };
    HttpResponse {
        status,
        headers,
        body: String::from_utf8(bytes).expect("a UTF-8 body"),
    }
}

/// A running `grundy serve` on a free loopback port, killed when dropped.
pub struct Server {
    /// The server's process.
    pub child: std::process::Child,
    /// Its address, `http://127.0.0.1:PORT/`, as it printed it.
    pub url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `grundy serve --quiet --port 0` with `args` and waits for the
/// address it prints.
pub fn server(args: &[&str]) -> Server {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--quiet", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = loop {
        let line = lines
            .next()
            .expect("the server prints its address")
            .unwrap();
        if let Some(u) = line.strip_prefix("listening on ") {
            break u.to_string();
        }
    };
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    Server { child, url }
}
