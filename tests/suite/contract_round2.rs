//! The command-line contract, round two: a closed standard output ends a
//! command quietly, inputs are bounded, and what is echoed is what was
//! given.

use crate::common::{grundy, one_line_error};
use std::io::{Read, Write};
use std::process::{Command, Stdio};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
}

#[test]
fn a_closed_standard_output_ends_quietly_with_exit_0() {
    // `grundy monorail play | head -1`: the reader closes after one line.
    let mut child = bin()
        .args(["monorail", "play", "--tiles", "8", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let mut stdin = child.stdin.take().unwrap();
    // Moves keep it writing into the closed pipe.
    for _ in 0..50 {
        if stdin.write_all(b"hint\n").is_err() {
            break;
        }
    }
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn play_reads_bounded_lines_and_knows_a_finished_loop() {
    let mut child = bin()
        .args(["monorail", "play", "--tiles", "8", "--quiet"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // 50 MB on one line: read at most 4 KiB of it at a time.
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..50 {
            stdin.write_all(&chunk).unwrap();
        }
        stdin.write_all(b"\nquit\n").unwrap();
    });
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("a line of more than 4096 bytes was ignored"),
        "{out}"
    );

    let d = tempfile::tempdir().unwrap();
    let finished = "2,0,NW;2,1,SW;1,1,EW;0,1,EW;-1,1,SE;-1,0,NE";
    let o = grundy(
        &[
            "monorail", "play", "--tiles", "8", "--from", finished, "--quiet",
        ],
        d.path(),
    );
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("The loop is already complete"), "{out}");
    assert!(!out.contains("won"), "{out}");
}

#[test]
fn the_station_and_the_rule_are_echoed_as_given() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "monorail",
            "show",
            "--board",
            "5x4",
            "--station",
            "2147483647,0",
            "-",
        ],
        d.path(),
    );
    one_line_error(&o, "(2147483647,0) and (2147483648,0)");
    let o = grundy(&["coins", "exactly(1)", "THH"], d.path());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with("rule: exactly(1) (the same moves as upto(1))\n"),
        "{out}"
    );
    let o = grundy(&["coins", "exactly(1)", "THH", "--json"], d.path());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (j["rule"].as_str(), j["given"].as_str()),
        (Some("upto(1)"), Some("exactly(1)"))
    );
}

#[test]
fn a_long_row_prints_moves_as_the_coins_they_turn() {
    let d = tempfile::tempdir().unwrap();
    let row = "H".repeat(60_000);
    let o = grundy(&["coins", "ruler", &row], d.path());
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.len() < 4096, "{} bytes", out.len());
    assert!(out.contains("nimber: *40784"), "{out}");
    assert!(out.contains("\n  turn 1-60000\n"), "{out}");
    // Short rows still show the row each move leaves.
    let o = grundy(&["coins", "ruler", "HHHHHHH"], d.path());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("  turn 1-7 -> TTTTTTT\n  turn 2-6 -> HTTTTTH\n  turn 3,4,5 -> HHTTTHH\n"),
        "{out}"
    );
}
