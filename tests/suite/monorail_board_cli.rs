//! `grundy monorail solve|show --board`: results, datasets and bad input.

use crate::common::{assert_same_files, grundy, one_line_error};

const BOARD: [&str; 4] = ["--board", "5x4", "--station", "1,3"];

#[test]
fn solve_from_the_televised_opening_writes_its_dataset() {
    let d = tempfile::tempdir().unwrap();
    let mut args = vec![
        "monorail",
        "solve",
        "--quiet",
        "--out",
        "tv",
        "--from",
        "3,3,EW;3,2,EW;3,1,EW",
        "--json",
    ];
    args.extend(BOARD);
    let o = grundy(&args, d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["nimber"], 5);
    assert_eq!(v["moves"].as_array().unwrap().len(), 33);
    assert_eq!(v["winning_moves"], 4);
    assert_eq!(v["anchored_moves"], 42);
    assert_eq!(v["moves"][0]["move"], "0,1,NS;0,2,NS;0,3,SE");
    assert_eq!(v["moves"][0]["wins"], true);
    let csv = std::fs::read_to_string(d.path().join("tv/moves.csv")).unwrap();
    assert_eq!(csv.lines().count(), 34);
    assert!(
        csv.starts_with("move,tiles_placed,nimber,wins,anchors,loops_left\n\"0,1,NS;0,2,NS;0,3,SE\",3,0,true,1,1\n"),
        "{csv}"
    );
    // The same bytes on one thread and with a report.
    let mut args = vec![
        "--threads",
        "1",
        "monorail",
        "solve",
        "--quiet",
        "--out",
        "tv1",
        "--reports",
        "r",
        "--from",
        "3,3,EW;3,2,EW;3,1,EW",
    ];
    args.extend(BOARD);
    let o = grundy(&args, d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_same_files(
        &d.path().join("tv"),
        &d.path().join("tv1"),
        &["moves.csv", "summary.json"],
    );
    assert!(d.path().join("r/tv1.md").exists());
    assert!(d.path().join("r/tv1/fig-position.svg").exists());
    assert!(d.path().join("r/tv1/fig-win-4.svg").exists());
}

#[test]
fn show_on_the_board_uses_board_coordinates() {
    let d = tempfile::tempdir().unwrap();
    let mut args = vec!["monorail", "show", "3,3,EW;3,2,EW;3,1,EW"];
    args.extend(BOARD);
    let o = grundy(&args, d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains(" 3  · = = ═ ·"), "{text}");
    assert!(text.contains("nimber: *5"), "{text}");
    assert!(
        text.contains("winning moves (4):\n  0,1,NS;0,2,NS;0,3,SE"),
        "{text}"
    );
}

/// The Season 4 board after the televised opening, as `show` and `play`
/// draw it (one drawing).
const TELEVISED_BOARD: &str =
    " 3  · = = ═ ·\n 2  · · · ═ ·\n 1  · · · ═ ·\n 0  · · · · ·\n    0 1 2 3 4\n";

/// `show` and `play` draw the board the same way, and in `play` the
/// `hint` list starts on its own line even when the moves come from a pipe.
#[test]
fn show_and_play_draw_the_same_board_and_hint_starts_its_own_line() {
    let d = tempfile::tempdir().unwrap();
    let mut args = vec!["monorail", "show", "3,3,EW;3,2,EW;3,1,EW"];
    args.extend(BOARD);
    let o = grundy(&args, d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let shown = String::from_utf8(o.stdout).unwrap();
    assert!(
        shown.starts_with(&format!(
            "position: 3,1,EW;3,2,EW;3,3,EW (board 5x4, station 1,3)\n{TELEVISED_BOARD}tiles placed: 3"
        )),
        "{shown}"
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "monorail",
            "play",
            "--quiet",
            "--from",
            "3,3,EW;3,2,EW;3,1,EW",
        ])
        .args(BOARD)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), b"hint\nquit\n").unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    let played = String::from_utf8(o.stdout).unwrap();
    let lines: Vec<&str> = played.lines().collect();
    // The welcome line, then the same board as `show` draws.
    assert_eq!(lines[1..6].join("\n") + "\n", TELEVISED_BOARD, "{played}");
    assert!(
        played.contains("position 3,1,EW;3,2,EW;3,3,EW: *5 (3 loops left"),
        "{played}"
    );
    // The prompt's line ends where the typed line would, and the list
    // follows: 33 moves, the 4 winning ones first.
    assert!(
        played.contains("your move (you can win): \n33 moves, each with the value it leaves (*0 wins):\n  0,1,NS;0,2,NS;0,3,SE"),
        "{played}"
    );
    assert_eq!(played.matches("  wins\n").count(), 4, "{played}");
}

#[test]
fn bad_boards_and_positions_exit_2_with_one_line() {
    let d = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["monorail", "solve", "--quiet", "--out", "o"];
        args.extend(extra);
        grundy(&args, d.path())
    };
    one_line_error(
        &run(&["--board", "5x4", "--station", "4,3"]),
        "station's cells",
    );
    one_line_error(&run(&["--board", "1x4", "--station", "0,0"]), "width 1");
    one_line_error(&run(&["--board", "5by4", "--station", "1,3"]), "WxH");
    one_line_error(
        &run(&["--board", "3x3", "--station", "0,1", "--tiles", "8"]),
        "no loop of at most 8 tiles fits",
    );
    one_line_error(
        &run(&["--board", "5x4", "--station", "1,3", "--from", "9,0,NS"]),
        "off the 5x4 board",
    );
    one_line_error(
        &run(&["--board", "5x4", "--station", "1,3", "--from", "0,0,NS"]),
        "impossible position 0,0,NS",
    );
    one_line_error(
        &run(&["--board", "5x4", "--station", "1,3", "--from", "1,3,EW"]),
        "station cell",
    );
    assert!(!d.path().join("o").exists(), "nothing written on bad input");
}
