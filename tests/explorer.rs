//! The tablebase explorer: the JSON API of `grundy serve` through a real
//! HTTP client against a server on a free loopback port, and `grundy
//! monorail play` driven through standard input.

use grundy::games::monorail::board::Board;
use grundy::games::monorail::position::Position;
use grundy::games::monorail::root::solve_board;
use grundy::games::monorail::tablebase::Tablebase;
use grundy::progress::NoProgress;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};

/// A running `grundy serve`, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn server(args: &[&str]) -> Server {
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

fn get(url: &str) -> (u16, Value) {
    let (status, body) = match ureq::get(url).call() {
        Ok(r) => (r.status(), r.into_string().unwrap()),
        Err(ureq::Error::Status(code, r)) => (code, r.into_string().unwrap()),
        Err(e) => panic!("{url}: {e}"),
    };
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
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
        for (m, f) in moves.iter().zip(&fresh.moves) {
            assert_eq!(m["move"], fresh.notation(&f.tiles));
            assert_eq!(m["nimber"], f.nimber);
            assert_eq!(m["winning"], f.nimber == 0);
        }
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
    let page = ureq::get(&s.url).call().unwrap();
    assert!(page.content_type().starts_with("text/html"));
    assert!(page.into_string().unwrap().contains("<html"));
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
