//! The tablebase explorer: the JSON API of `grundy serve` through a real
//! HTTP client against a server on a free loopback port, its errors and
//! timeouts through raw TCP, and `grundy monorail play` driven through
//! standard input.

use crate::common;
use grundy::games::monorail::board::Board;
use grundy::games::monorail::position::Position;
use grundy::games::monorail::root::solve_board;
use grundy::games::monorail::tablebase::Tablebase;
use grundy::progress::NoProgress;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{server, Server};

fn get(url: &str) -> (u16, Value) {
    let r = common::http_get(url);
    (
        r.status,
        serde_json::from_str(&r.body).unwrap_or(Value::Null),
    )
}

fn position_url(s: &Server, p: &str) -> String {
    let enc: String = p
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("{}api/position?p={enc}", s.url)
}

/// Every move the API lists has the value a fresh solve from the position
/// gives, in the same order; bad requests get 400 or 404 with a JSON
/// error, and the server keeps answering.
#[test]
fn api_answers_match_the_solver_and_refuses_bad_positions() {
    let s = server(&["--tiles", "10"]);
    let (code, info) = get(&format!("{}api/info", s.url));
    assert_eq!(code, 200);
    assert_eq!(info["tiles"], 10);
    assert_eq!(info["start_nimber"], 10);
    assert_eq!(info["station"], serde_json::json!([[0, 0], [1, 0]]));
    let mut p = Position::default();
    let mut sources = std::collections::BTreeSet::new();
    loop {
        let (code, a) = get(&position_url(&s, &p.to_string()));
        assert_eq!(code, 200, "{a}");
        let fresh = solve_board(10, None, &p, &NoProgress).unwrap();
        assert_eq!(a["nimber"], fresh.nimber, "{p}");
        assert_eq!(a["loops_left"], fresh.loops_left);
        let moves = a["moves"].as_array().unwrap();
        assert_eq!(moves.len(), fresh.moves.len());
        let by_move: std::collections::HashMap<String, u16> = fresh
            .moves
            .iter()
            .map(|f| (fresh.notation(&f.tiles), f.nimber))
            .collect();
        for m in moves {
            let nimber = by_move[m["move"].as_str().unwrap()];
            assert_eq!(m["nimber"], nimber);
            assert_eq!(m["winning"], nimber == 0);
            assert_eq!(m["result"], if nimber == 0 { "win" } else { "loss" });
        }
        assert_best_first(&a);
        sources.insert(a["source"].as_str().unwrap().to_string());
        if a["finished"] == true {
            assert!(a["reply"].is_null());
            break;
        }
        let reply = &a["reply"];
        assert_eq!(reply["reason"] == "winning", fresh.nimber != 0);
        p = reply["position"].as_str().unwrap().parse().unwrap();
    }
    assert_eq!(sources.len(), 2, "both the table and the subgames answered");
    for bad in ["2,0,XY", "5,5,NS", "0,0,EW", "2,0,EW;2,0,NS"] {
        let (code, e) = get(&position_url(&s, bad));
        assert_eq!(code, 400, "{bad}");
        let msg = e["error"].as_str().unwrap();
        assert!(!msg.contains('\n') && msg.contains("position"), "{msg}");
    }
    let (code, e) = get(&format!("{}api/position", s.url));
    assert_eq!(code, 400);
    assert!(e["error"].as_str().unwrap().contains("missing parameter p"));
    let (code, _) = get(&format!("{}nothing-here", s.url));
    assert_eq!(code, 404);
    let page = common::http_get(&s.url);
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert!(page.body.contains("<html"));
}

/// The moves of an answer are best first (fastest win, then slowest
/// loss), the position's remoteness is one more than its best move's and
/// has the parity of its outcome, and moves of one class agree in value.
fn assert_best_first(a: &serde_json::Value) {
    let moves = a["moves"].as_array().unwrap();
    let rank = |m: &serde_json::Value| {
        let r = m["remoteness"].as_i64().unwrap();
        if m["winning"] == true {
            (0, r)
        } else {
            (1, -r)
        }
    };
    for w in moves.windows(2) {
        assert!(rank(&w[0]) <= rank(&w[1]), "{} before {}", w[0], w[1]);
    }
    let r = a["remoteness"].as_i64().unwrap();
    assert_eq!(r % 2 == 1, a["nimber"] != 0, "{a}");
    match moves.first() {
        Some(best) => assert_eq!(best["remoteness"].as_i64().unwrap() + 1, r),
        None => assert_eq!(r, 0),
    }
    let mut classes = std::collections::HashMap::new();
    for m in moves {
        let c = m["class"].as_u64().unwrap();
        let v = (m["nimber"].clone(), m["remoteness"].clone());
        assert_eq!(classes.entry(c).or_insert_with(|| v.clone()), &v);
    }
    assert_eq!(a["classes"], classes.len());
}

/// `host:port` of a server.
fn address(s: &Server) -> String {
    s.url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string()
}

/// One response read from raw bytes: status, headers (lower-case names),
/// body.
#[derive(Debug)]
struct Raw {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as `{"error": MESSAGE}` with a JSON content type: MESSAGE.
    fn error(&self) -> String {
        assert_eq!(
            self.header("content-type"),
            Some("application/json"),
            "{self:?}"
        );
        let v: Value = serde_json::from_slice(&self.body).expect("a JSON body");
        let msg = v["error"].as_str().expect("an error string").to_string();
        assert!(!msg.is_empty() && !msg.contains('\n'), "{msg:?}");
        msg
    }
}

/// Splits what a server sent into responses (each with Content-Length).
fn responses(mut bytes: &[u8]) -> Vec<Raw> {
    let mut out = Vec::new();
    while !bytes.is_empty() {
        let end = bytes
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a whole response head");
        let head = std::str::from_utf8(&bytes[..end]).unwrap();
        let mut lines = head.split("\r\n");
        let status = lines.next().unwrap().split(' ').nth(1).unwrap();
        let headers: Vec<(String, String)> = lines
            .map(|l| {
                let (n, v) = l.split_once(':').unwrap();
                (n.trim().to_ascii_lowercase(), v.trim().to_string())
            })
            .collect();
        let len: usize = headers
            .iter()
            .find(|(n, _)| n == "content-length")
            .map_or(0, |(_, v)| v.parse().unwrap());
        let body = bytes[end + 4..end + 4 + len].to_vec();
        bytes = &bytes[end + 4 + len..];
        out.push(Raw {
            status: status.parse().unwrap(),
            headers,
            body,
        });
    }
    out
}

/// Sends `request` as is and reads until the server closes (at most 10 s).
fn raw(s: &Server, request: &[u8]) -> Vec<Raw> {
    let mut c = TcpStream::connect(address(s)).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    c.set_write_timeout(Some(Duration::from_secs(10))).unwrap();
    c.write_all(request).unwrap();
    let mut got = Vec::new();
    c.read_to_end(&mut got).expect("the server closes in time");
    responses(&got)
}

/// One request, one response; the request gets `Connection: close` after
/// its request line so the server closes after answering.
fn raw_one(s: &Server, line: &str, rest: &str) -> Raw {
    let request = format!("{line}\r\nHost: x\r\nConnection: close\r\n{rest}\r\n");
    let mut r = raw(s, request.as_bytes());
    assert_eq!(r.len(), 1, "{line}: {r:?}");
    r.pop().unwrap()
}

/// Every error is `{"error": ...}` in JSON with its status, whether axum,
/// the handlers or the checks before hyper refuse the request; and a bad
/// request after good ones on a keep-alive connection is answered after
/// them.
#[test]
fn every_error_is_a_json_body() {
    let s = server(&["--tiles", "6"]);
    let r = raw_one(
        &s,
        "POST /api/info HTTP/1.1",
        "Content-Length: 3\r\n\r\nabc",
    );
    assert_eq!(r.status, 405);
    assert!(r.error().contains("POST"), "{r:?}");
    assert!(r.header("allow").unwrap().contains("GET"));
    assert_eq!(raw_one(&s, "DELETE / HTTP/1.1", "").status, 405);
    let r = raw_one(&s, "GET /nothing-here HTTP/1.1", "");
    assert_eq!(r.status, 404);
    r.error();
    let long = format!("GET /api/position?p={} HTTP/1.1", "1".repeat(10_000));
    let r = raw_one(&s, &long, "");
    assert_eq!(r.status, 414);
    assert!(r.error().contains("longer than"), "{r:?}");
    let huge = format!("X-Huge: {}\r\n", "h".repeat(40_000));
    let r = raw_one(&s, "GET /api/info HTTP/1.1", &huge);
    assert_eq!(r.status, 431);
    r.error();
    let many = "X-Many: 1\r\n".repeat(100);
    assert_eq!(raw_one(&s, "GET /api/info HTTP/1.1", &many).status, 431);
    for line in [
        "G(T / HTTP/1.1",
        "GET / HTTP/7.5",
        "GET /\u{1}x HTTP/1.1",
        "hello",
    ] {
        let r = raw_one(&s, line, "");
        assert_eq!(r.status, 400, "{line}");
        assert!(r.error().starts_with("malformed request"), "{r:?}");
    }
    let r = raw_one(&s, "GET /api/info HTTP/1.1", "Content-Length: x\r\n");
    assert_eq!(r.status, 400);
    r.error();
    for query in ["p=%ZZ", "q=-", "p=1,1,XX"] {
        let r = raw_one(&s, &format!("GET /api/position?{query} HTTP/1.1"), "");
        assert_eq!(r.status, 400, "{query}");
        r.error();
    }
    let chunked = "Transfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n";
    let r = raw_one(&s, "POST /api/info HTTP/1.1", chunked);
    assert_eq!(r.status, 411);
    r.error();
    let r = raw(
        &s,
        b"GET /api/info HTTP/1.1\r\nHost: x\r\n\r\nPOST / HTTP/1.1\r\nContent-Length: 2\r\n\r\nabG(T / HTTP/1.1\r\n\r\nGET /api/info HTTP/1.1\r\n\r\n",
    );
    let statuses: Vec<u16> = r.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [200, 405, 400], "{r:?}");
    let info: Value = serde_json::from_slice(&r[0].body).unwrap();
    assert_eq!(info["tiles"], 6);
    r[2].error();
    let (code, _) = get(&format!("{}api/info", s.url));
    assert_eq!(code, 200, "the server still answers");
}

/// A client that sends half a request head, and one that stays idle after
/// an answer on a keep-alive connection, are both dropped after
/// `HEAD_TIMEOUT`.
#[test]
fn slow_and_idle_clients_are_dropped() {
    let s = server(&["--tiles", "6"]);
    let timeout = grundy::serve::HEAD_TIMEOUT;
    let clients = [
        "GET /api/info HTTP/1.1\r\nHost: x\r\nX-Slow:",
        "GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n",
    ]
    .map(|request| {
        let mut c = TcpStream::connect(address(&s)).unwrap();
        c.set_read_timeout(Some(timeout + Duration::from_secs(5)))
            .unwrap();
        std::thread::spawn(move || {
            let start = Instant::now();
            c.write_all(request.as_bytes()).unwrap();
            let mut got = Vec::new();
            let end = c.read_to_end(&mut got);
            (start.elapsed(), end, got)
        })
    });
    for (client, answers) in clients.into_iter().zip([0, 1]) {
        let (elapsed, end, got) = client.join().unwrap();
        match end {
            Ok(_) => {}
            Err(e) => assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "{e}"),
        }
        assert!(
            elapsed >= timeout - Duration::from_millis(500),
            "{elapsed:?}"
        );
        assert!(elapsed < timeout + Duration::from_secs(5), "{elapsed:?}");
        let r = responses(&got);
        assert_eq!(r.len(), answers, "{r:?}");
        assert!(r.iter().all(|r| r.status == 200));
    }
}

/// Outside the real API: a handler that panics gets a JSON 500 and the
/// server goes on; an extractor's plain-text rejection becomes JSON.
#[test]
fn panics_and_extractor_rejections_are_json() {
    use axum::extract::Query;
    use axum::routing::get as route;
    async fn boom() -> &'static str {
        panic!("deliberately\nin two lines")
    }
    #[derive(serde::Deserialize)]
    struct N {
        n: u32,
    }
    let app = axum::Router::new().route("/boom", route(boom)).route(
        "/n",
        route(|Query(q): Query<N>| async move { q.n.to_string() }),
    );
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    listener.set_nonblocking(true).unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            grundy::serve::serve_router(listener, app).await
        })
    });
    let at = |line: &str| {
        let mut c = TcpStream::connect(("127.0.0.1", port)).unwrap();
        c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        write!(c, "{line}\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
        let mut got = Vec::new();
        c.read_to_end(&mut got).unwrap();
        responses(&got).pop().unwrap()
    };
    let r = at("GET /boom HTTP/1.1");
    assert_eq!(r.status, 500);
    assert!(r.error().contains("deliberately"), "{r:?}");
    let r = at("GET /n?n=x HTTP/1.1");
    assert_eq!(r.status, 400);
    assert!(r.error().contains("query"), "{r:?}");
    assert_eq!(at("GET /n?n=3 HTTP/1.1").status, 200);
}

/// The Season 4 board: the televised opening's replies as the report
/// gives them, in board coordinates.
#[test]
fn api_on_the_season4_board() {
    let s = server(&["--board", "5x4", "--station", "1,3"]);
    let (_, info) = get(&format!("{}api/info", s.url));
    assert_eq!(info["board"]["width"], 5);
    assert_eq!(info["station"], serde_json::json!([[1, 3], [2, 3]]));
    assert_eq!(info["cells"].as_array().unwrap().len(), 18);
    let (code, a) = get(&position_url(&s, "3,3,EW;3,2,EW;3,1,EW"));
    assert_eq!(code, 200);
    assert_eq!(a["position"], "3,1,EW;3,2,EW;3,3,EW");
    assert_eq!(a["nimber"], 5);
    let moves = a["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 33);
    assert_eq!(moves.iter().filter(|m| m["winning"] == true).count(), 4);
    assert_eq!(a["reply"]["move"], "0,1,NS;0,2,NS;0,3,SE");
    assert_best_first(&a);
    // The main line is perfect play to the end: as long as the remoteness,
    // each position one move closer, the last a finished loop.
    let (code, line) = get(&format!("{}api/main-line?p=3,3,EW;3,2,EW;3,1,EW", s.url));
    assert_eq!(code, 200);
    let line = line["moves"].as_array().unwrap();
    assert_eq!(line.len() as u64, a["remoteness"].as_u64().unwrap());
    assert_eq!(line[0]["move"], a["reply"]["move"]);
    for (k, m) in line.iter().enumerate() {
        let (_, after) = get(&position_url(&s, m["position"].as_str().unwrap()));
        assert_eq!(after["remoteness"], (line.len() - 1 - k) as u64);
        assert_eq!(after["remoteness"], m["remoteness"]);
    }
    let (_, end) = get(&position_url(
        &s,
        line.last().unwrap()["position"].as_str().unwrap(),
    ));
    assert_eq!(end["finished"], true);
    assert_eq!(
        end["forced_loop"].as_array().unwrap().len(),
        end["placed"].as_array().unwrap().len()
    );
    let (_, start) = get(&position_url(&s, "-"));
    assert_eq!(start["remoteness"], info["start_remoteness"]);
    assert_eq!(start["remoteness"], 11, "the Season 4 board lasts 11 moves");
    let (code, e) = get(&position_url(&s, "4,4,EW"));
    assert_eq!(code, 400);
    assert!(e["error"].as_str().unwrap().contains("off the 5x4 board"));
}

/// A whole game in the terminal: an illegal move, a hint, an undo, then the
/// human always plays the last listed (worst) move and the strategist wins.
#[test]
fn play_in_the_terminal_against_the_strategist() {
    let board = Board::new(4, 3, (1, 1)).unwrap();
    let tb = Tablebase::build(8, Some(board), &NoProgress).unwrap();
    let mut script = String::from("9,9,EW\nhint\n");
    let mut p = Position::default();
    let mut first = true;
    loop {
        let a = tb.query(&p).unwrap();
        if a.finished {
            break;
        }
        let m = a.moves.last().unwrap();
        let text = tb.rules().notation(&m.tiles);
        if first {
            script.push_str(&format!("{text}\nundo\n"));
            first = false;
        }
        script.push_str(&format!("{text}\n"));
        let after = tb.query(&m.position).unwrap();
        if after.finished {
            break;
        }
        let (i, _) = after.reply.unwrap();
        p = after.moves[i].position.clone();
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "monorail",
            "play",
            "--quiet",
            "--tiles",
            "8",
            "--board",
            "4x3",
            "--station",
            "1,1",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("error: malformed position \"9,9,EW\""),
        "{text}"
    );
    assert!(
        text.contains("  wins"),
        "the hint lists winning moves: {text}"
    );
    assert!(text.contains("undone"), "{text}");
    assert!(text.contains("computer plays"), "{text}");
    assert!(
        text.contains("The loop is complete: the computer won."),
        "{text}"
    );
}
