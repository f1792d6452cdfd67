//! Monorail verdicts are right or refused: `verify` re-derives every value
//! of every file, `show` and `solve` refuse what would not fit, write only
//! where told, and give one error line for bad input; both notations
//! round-trip.

use crate::common::{grundy, one_line_error};
use grundy::games::monorail::geometry::{Cell, TileType};
use grundy::games::monorail::position::{Position, COORD_LIMIT};
use proptest::prelude::*;
use std::path::Path;

/// A T = 8 dataset solved by the binary into `d` in a new temporary
/// directory.
fn copy8() -> tempfile::TempDir {
    let t = tempfile::tempdir().unwrap();
    let o = grundy(
        &["monorail", "solve", "--tiles", "8", "--out", "d", "--quiet"],
        t.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    t
}

fn verify(t: &tempfile::TempDir) -> std::process::Output {
    grundy(&["monorail", "verify", "d", "--quiet"], t.path())
}

/// Sets field `column` of data row `row` (0-based) of a CSV file to `value`.
fn edit_csv(path: &Path, row: usize, column: &str, value: &str) {
    let mut r = csv::Reader::from_path(path).unwrap();
    let headers = r.headers().unwrap().clone();
    let col = headers.iter().position(|h| h == column).unwrap();
    let mut rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    let mut fields: Vec<String> = rows[row].iter().map(String::from).collect();
    assert_ne!(fields[col], value, "the edit changes the value");
    fields[col] = value.to_string();
    rows[row] = csv::StringRecord::from(fields);
    let mut w = csv::Writer::from_path(path).unwrap();
    w.write_record(&headers).unwrap();
    for x in &rows {
        w.write_record(x).unwrap();
    }
    w.flush().unwrap();
}

/// Replaces the first occurrence of `from` (which must occur) in a file.
fn edit_text(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from:?} in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn the_untouched_dataset_verifies() {
    let t = copy8();
    let o = verify(&t);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("OK: T = 8, 404 positions checked") && out.contains("25 first moves"),
        "{out}"
    );
}

/// Every column of every CSV file, edited in one row, is caught and named.
#[test]
fn verify_names_the_file_row_and_field_of_every_csv_edit() {
    let edits: &[(&str, usize, &str, &str)] = &[
        ("first_moves.csv", 1, "move", "-1,1,EW;0,1,EW"),
        ("first_moves.csv", 1, "nimber", "5"),
        ("first_moves.csv", 1, "outcome", "P"),
        ("first_moves.csv", 1, "loops_left", "2"),
        ("first_moves.csv", 1, "reachable_positions", "57"),
        ("first_moves.csv", 1, "class_size", "2"),
        ("subgames.csv", 0, "id", "4"),
        ("subgames.csv", 0, "nimber", "1"),
        ("subgames.csv", 0, "cells", "4"),
        ("subgames.csv", 0, "next_to_placed", "3"),
        ("subgames.csv", 0, "occurrences", "15"),
        ("subgames.csv", 0, "form", "0,0;0,1;1,0*"),
        ("loops.csv", 2, "id", "7"),
        ("loops.csv", 2, "tiles", "6"),
        (
            "loops.csv",
            2,
            "loop",
            "2,0,NW;2,1,SW;1,1,EW;0,1,EW;-1,1,SE;-1,0,NE",
        ),
    ];
    for &(file, row, column, value) in edits {
        let t = copy8();
        edit_csv(&t.path().join("d").join(file), row, column, value);
        let o = verify(&t);
        let needle = format!(
            "row {} (line {}), field {column}: file says",
            row + 1,
            row + 2
        );
        one_line_error(&o, &needle);
        one_line_error(&o, &format!("verification failed in d/{file}"));
    }
}

/// Every field of `summary.json`, edited, is caught and named.
#[test]
fn verify_names_every_edited_summary_field() {
    let edits: &[(&str, &str, &str)] = &[
        (
            "\"game\": \"monorail\"",
            "\"game\": \"monorale\"",
            "field game:",
        ),
        ("\"loops\": 18,", "\"loops\": 19,", "field loops:"),
        ("\"6\": 2,", "\"6\": 3,", "field loops_by_length.6:"),
        (
            "\"first_moves\": 25,",
            "\"first_moves\": 24,",
            "field first_moves:",
        ),
        (
            "\"first_moves_raw\": 94,",
            "\"first_moves_raw\": 95,",
            "field first_moves_raw:",
        ),
        (
            "\"winning_first_moves\": 2,",
            "\"winning_first_moves\": 3,",
            "field winning_first_moves:",
        ),
        (
            "\"first_player_wins\": true,",
            "\"first_player_wins\": false,",
            "field first_player_wins:",
        ),
        (
            "\"start_nimber\": 8,",
            "\"start_nimber\": 7,",
            "field start_nimber:",
        ),
        (
            "\"positions_solved\": 404,",
            "\"positions_solved\": 405,",
            "field positions_solved:",
        ),
        (
            "\"positions_reachable\": 1577,",
            "\"positions_reachable\": 1576,",
            "field positions_reachable: file says 1576, re-derived 1577",
        ),
        (
            "\"move\": \"-1,-1,EW;0,-1,EW\"",
            "\"move\": \"-1,1,EW;0,1,EW\"",
            "field forced_loop_endgames[0].move:",
        ),
        (
            "\"loop\": \"-2,-1,NE;",
            "\"loop\": \"-2,-1,SE;",
            "field forced_loop_endgames[0].loop:",
        ),
        (
            "\"reachable_positions\": 49,",
            "\"reachable_positions\": 48,",
            "field forced_loop_endgames[0].reachable_positions: file says 48, re-derived 49",
        ),
        (
            "\"subgame_classes\": 3,",
            "\"subgame_classes\": 4,",
            "field forced_loop_endgames[0].subgame_classes:",
        ),
        (
            "\"0\": 1,",
            "\"0\": 2,",
            "field forced_loop_endgames[0].classes_by_nimber.0:",
        ),
        (
            "\"component_nimbers\": [\n        0,",
            "\"component_nimbers\": [\n        1,",
            "field forced_loop_endgames[0].component_nimbers[0]:",
        ),
        (
            "\"component_classes\": [\n        1,",
            "\"component_classes\": [\n        2,",
            "field forced_loop_endgames[0].component_classes[0]:",
        ),
        ("SIGBOVIK 2024", "SIGBOVIK 2023", "field source:"),
        ("\"tiles\": 8,", "\"tiles\": 10,", "field tiles:"),
        ("\"tiles\": 8,", "\"tiles\": 99,", "field tiles:"),
    ];
    for &(from, to, needle) in edits {
        let t = copy8();
        edit_text(&t.path().join("d/summary.json"), from, to);
        let o = verify(&t);
        one_line_error(&o, needle);
        one_line_error(&o, "d/summary.json");
    }
}

/// Differences the fields cannot show (an extra key or column, line ends,
/// spacing) are refused when the file is read, naming the file and the
/// line; a value that only the byte comparison sees (`layers.csv` has no
/// row comparison) is named by its line.
#[test]
fn verify_catches_format_only_edits() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "summary.json",
            "\"game\": \"monorail\",",
            "\"game\": \"monorail\", \"extra\": 1,",
            "unknown field `extra`",
        ),
        (
            "summary.json",
            "\"tiles\": 8,",
            "\"tiles\":    8,",
            "not as grundy writes it: line 3: file has",
        ),
        (
            "first_moves.csv",
            "class_size\n",
            "class_size\r\n",
            "not as grundy writes it: line 1: ends in CR LF",
        ),
        (
            "subgames.csv",
            "1,0,3,2,14,",
            "1,0,3,2,014,",
            "not as grundy writes it: line 2: file has",
        ),
        (
            "layers.csv",
            "\n1,5\n",
            "\n1,6\n",
            "line 3 differs from the re-derived text: file has \"1,6\", expected \"1,5\"",
        ),
    ];
    for &(file, from, to, needle) in cases {
        let t = copy8();
        edit_text(&t.path().join("d").join(file), from, to);
        let o = verify(&t);
        one_line_error(&o, needle);
        one_line_error(&o, &format!("d/{file}"));
    }
    // A deleted row: the row counts are named.
    let t = copy8();
    edit_text(
        &t.path().join("d/subgames.csv"),
        "2,1,1,1,42,\"0,0*\"\n",
        "",
    );
    one_line_error(&verify(&t), "file has 2 rows, re-derived 3");
}

/// Only what the writer writes is read: `summary.json` with a key twice
/// (the last would win) or a key it does not write, at any depth, and CSV
/// files with other line ends, a byte-order mark, no final line end, extra
/// or reordered columns are each refused in one line naming the file.
#[test]
fn verify_reads_only_what_the_writer_writes() {
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "summary.json",
            "\"tiles\": 8,",
            "\"tiles\": 10, \"tiles\": 8,",
            "duplicate key \"tiles\"",
        ),
        (
            "summary.json",
            "\"start_nimber\": 8,",
            "\"start_nimber\": 8, \"start_nimber\": 8,",
            "duplicate key \"start_nimber\"",
        ),
        (
            "summary.json",
            "\"1\": 1,",
            "\"1\": 2, \"1\": 1,",
            "duplicate key \"forced_loop_endgames[0].classes_by_nimber.1\"",
        ),
        (
            "summary.json",
            "\"subgame_classes\": 3,",
            "\"subgame_classes\": 3, \"note\": 0,",
            "unknown field `note`",
        ),
        ("summary.json", "\n}\n", "\n}", "line 38: has no line end"),
        (
            "layers.csv",
            "tiles_placed,position_classes\n",
            "\u{feff}tiles_placed,position_classes\n",
            "line 1: starts with a byte-order mark",
        ),
        (
            "loops.csv",
            "id,tiles,loop\n0,8,",
            "id,tiles,loop\r\n0,8,",
            "line 1: ends in CR LF",
        ),
        (
            "first_moves.csv",
            "class_size\n",
            "class_size,note\n",
            "row 1: CSV error: record 1 (line: 2, byte: 67): found record with 6 fields",
        ),
        (
            "loops.csv",
            "id,tiles,loop",
            "tiles,id,loop",
            "line 1: file has \"tiles,id,loop\", expected \"id,tiles,loop\"",
        ),
    ];
    for &(file, from, to, needle) in cases {
        let t = copy8();
        edit_text(&t.path().join("d").join(file), from, to);
        let o = verify(&t);
        one_line_error(&o, needle);
        one_line_error(&o, &format!("corrupt dataset d/{file}"));
    }
    // An extra column on every line.
    let t = copy8();
    let p = t.path().join("d/first_moves.csv");
    let text = std::fs::read_to_string(&p).unwrap();
    let wide: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| format!("{l},{}\n", if i == 0 { "note" } else { "1" }))
        .collect();
    std::fs::write(&p, wide).unwrap();
    one_line_error(&verify(&t), "d/first_moves.csv: row 1");
    one_line_error(&verify(&t), "unknown field `note`");
    // No final line end on a CSV file.
    let t = copy8();
    let p = t.path().join("d/subgames.csv");
    let mut bytes = std::fs::read(&p).unwrap();
    assert_eq!(bytes.pop(), Some(b'\n'));
    std::fs::write(&p, bytes).unwrap();
    one_line_error(
        &verify(&t),
        "d/subgames.csv: not as grundy writes it: line 4: has no line end",
    );
}

/// Hostile dataset directories: empty, missing, directories instead of
/// files, non-UTF-8, a claimed tile count whose cost is refused.
#[test]
fn verify_rejects_hostile_files_in_one_line() {
    let t = copy8();
    let d = t.path().join("d");
    // An empty file is not a table grundy writes (an empty table keeps its
    // header); a header alone is a table of no rows, against 25 re-derived.
    std::fs::write(d.join("first_moves.csv"), b"").unwrap();
    one_line_error(
        &verify(&t),
        "first_moves.csv: not as grundy writes it: line 1: the file ends",
    );
    std::fs::write(
        d.join("first_moves.csv"),
        b"move,nimber,outcome,loops_left,reachable_positions,class_size\n",
    )
    .unwrap();
    one_line_error(&verify(&t), "file has 0 rows, re-derived 25");

    let t = copy8();
    let d = t.path().join("d");
    std::fs::write(d.join("summary.json"), b"").unwrap();
    one_line_error(&verify(&t), "corrupt dataset");

    let t = copy8();
    let d = t.path().join("d");
    std::fs::remove_file(d.join("subgames.csv")).unwrap();
    std::fs::create_dir(d.join("subgames.csv")).unwrap();
    one_line_error(&verify(&t), "subgames.csv");

    let t = copy8();
    let d = t.path().join("d");
    std::fs::write(d.join("loops.csv"), b"id,tiles,loop\n0,8,\"\xff\xfe\"\n").unwrap();
    one_line_error(&verify(&t), "loops.csv");

    // A 24-tile claim would need tens of GiB for the loop table alone.
    let t = copy8();
    edit_text(
        &t.path().join("d/summary.json"),
        "\"tiles\": 8,",
        "\"tiles\": 24,",
    );
    one_line_error(&verify(&t), "--force");

    let t = tempfile::tempdir().unwrap();
    std::fs::write(t.path().join("d"), b"x").unwrap();
    one_line_error(&verify(&t), "d/summary.json");
}

#[test]
fn solve_writes_only_where_told() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(
        &["monorail", "solve", "--tiles", "6", "--out", "x", "--quiet"],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("no report written"));
    let names: Vec<String> = std::fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["x"], "only the dataset directory is created");
    let mut files: Vec<String> = std::fs::read_dir(d.path().join("x"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            ".grundy-output",
            "first_moves.csv",
            "layers.csv",
            "loops.csv",
            "positions.bin.zst",
            "remoteness.bin.zst",
            "subgames.csv",
            "summary.json"
        ]
    );
    // With --reports, the report goes there and nowhere else.
    let o = grundy(
        &[
            "monorail",
            "solve",
            "--tiles",
            "6",
            "--out",
            "y",
            "--reports",
            "r",
            "--quiet",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(d.path().join("r/monorail-t6.md").is_file());
    assert!(d.path().join("r/monorail-t6/winning-move-1.svg").is_file());
    assert!(!d.path().join("reports").exists());
    // Solving again over an existing dataset replaces it with equal files.
    let before = std::fs::read(d.path().join("x/summary.json")).unwrap();
    let o = grundy(
        &["monorail", "solve", "--tiles", "6", "--out", "x", "--quiet"],
        d.path(),
    );
    assert!(o.status.success());
    assert_eq!(
        std::fs::read(d.path().join("x/summary.json")).unwrap(),
        before
    );
    let leftovers = std::fs::read_dir(d.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(".grundy")
        })
        .count();
    assert_eq!(leftovers, 0, "no temporary directory is left");
}

#[test]
fn a_failed_solve_leaves_nothing_behind() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("file"), b"x").unwrap();
    one_line_error(
        &grundy(
            &[
                "monorail",
                "solve",
                "--tiles",
                "6",
                "--out",
                "o",
                "--reports",
                "file/r",
                "--quiet",
            ],
            d.path(),
        ),
        "cannot write in file/r: file is not a directory",
    );
    assert!(!d.path().join("o").exists());
    one_line_error(
        &grundy(
            &[
                "monorail", "solve", "--tiles", "6", "--out", "file", "--quiet",
            ],
            d.path(),
        ),
        "not a directory",
    );
    // Refused for its cost: nothing is created either.
    one_line_error(
        &grundy(
            &[
                "monorail", "solve", "--tiles", "24", "--out", "big", "--quiet",
            ],
            d.path(),
        ),
        "pass --force",
    );
    assert!(!d.path().join("big").exists());
    // T = 22 (about 1.8e10 classes, 117 GiB) is refused before any work,
    // with the estimate; T = 20 fits the 16 GiB budget (see cost.rs).
    let o = grundy(
        &[
            "monorail", "solve", "--tiles", "22", "--out", "big", "--quiet",
        ],
        d.path(),
    );
    one_line_error(&o, "needs about 1.84e10 position classes");
    one_line_error(&o, "GiB of memory");
    assert!(!d.path().join("big").exists());
}

#[test]
fn show_refuses_work_past_its_budget() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["monorail", "show", "-", "--tiles", "24"], d.path());
    one_line_error(&o, "GiB");
    one_line_error(&o, "--force");
    let o = grundy(&["monorail", "show", "-", "--tiles", "18"], d.path());
    one_line_error(&o, "1.16e8 position classes");
    one_line_error(&o, "--force");
    // A single-loop position of 18 tiles is cheap and is solved.
    let o = grundy(
        &[
            "monorail",
            "show",
            "--tiles",
            "18",
            "--json",
            "-2,-1,NS;-1,-1,NE;0,-1,EW",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn show_json_follows_the_contract() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(
        &["monorail", "show", "--tiles", "8", "--json", "-"],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["position"], "-");
    assert_eq!(v["tiles"], 8);
    assert_eq!(v["nimber"], 8);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["first_player_wins"], true);
    assert_eq!(v["loops_left"], 18);
    assert_eq!(v["tiles_placed"], 0);
    assert_eq!(v["finished"], false);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 8);
    assert!(moves.iter().any(|m| m == "-1,-1,EW;0,-1,EW"), "{moves:?}");
    // The README's P-position: no winning move, an empty array.
    let o = grundy(
        &["monorail", "show", "--json", "-2,-1,NS;-1,-1,NE;0,-1,EW"],
        d.path(),
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["nimber"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["first_player_wins"], false);
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    assert_eq!(v["position"], "-2,-1,NS;-1,-1,NE;0,-1,EW");
    // A finished loop.
    let full = "-1,0,NE;-1,1,SE;0,1,EW;1,1,EW;2,0,NW;2,1,SW";
    let o = grundy(
        &["monorail", "show", "--tiles", "6", "--json", full],
        d.path(),
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["finished"], true);
    assert_eq!(v["nimber"], 0);
    assert_eq!(v["loops_left"], 1);
}

#[test]
fn show_errors_are_one_line() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let cases: &[(&str, &str)] = &[
        (
            "9223372036854775807,0,NS",
            "x = 9223372036854775807, outside the board",
        ),
        ("99999999999999999999999,0,NS", "outside the board"),
        ("2,-2147483648,NS", "y = -2147483648, outside the board"),
        ("9,9,QQ", "tile type \"QQ\""),
        (
            "2,0,NS;2,1,NS;2,2,NS;2,3,NS;2,4,NS;2,5,NS;2,6,NS",
            "7 tiles are placed",
        ),
        ("1,0,NS", "station"),
        (",,", "not an integer"),
    ];
    for &(arg, needle) in cases {
        one_line_error(
            &grundy(&["monorail", "show", "--tiles", "6", "--", arg], p),
            needle,
        );
    }
    std::fs::create_dir(p.join("dir")).unwrap();
    one_line_error(
        &grundy(&["monorail", "show", "dir"], p),
        "dir is a directory",
    );
    std::fs::write(p.join("empty"), b"").unwrap();
    one_line_error(&grundy(&["monorail", "show", "empty"], p), "empty is empty");
    std::fs::write(p.join("bin"), b"\xff\xfe===\n").unwrap();
    one_line_error(&grundy(&["monorail", "show", "bin"], p), "not UTF-8");
    std::fs::write(p.join("big"), vec![b' '; (1 << 20) + 10]).unwrap();
    one_line_error(
        &grundy(&["monorail", "show", "big"], p),
        "larger than 1 MiB",
    );
    std::fs::write(p.join("pic"), "   ======\n X\n").unwrap();
    one_line_error(
        &grundy(&["monorail", "show", "pic"], p),
        "position file pic",
    );
    let wide = format!("\n{}======\n", " ".repeat(5000));
    std::fs::write(p.join("wide"), wide).unwrap();
    one_line_error(&grundy(&["monorail", "show", "wide"], p), "longer than");
    #[cfg(target_os = "linux")]
    one_line_error(
        &grundy(&["monorail", "show", "/dev/zero"], p),
        "larger than 1 MiB",
    );
}

#[test]
fn show_reads_a_picture_file() {
    let d = tempfile::tempdir().unwrap();
    let pos: Position = "-2,-1,NS;-1,-1,NE;0,-1,EW".parse().unwrap();
    std::fs::write(d.path().join("pic"), pos.picture(None)).unwrap();
    let o = grundy(&["monorail", "show", "--json", "pic"], d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["position"], pos.to_string());
    assert_eq!(v["nimber"], 0);
}

fn cell() -> impl Strategy<Value = Cell> {
    (1 - COORD_LIMIT..=COORD_LIMIT, -COORD_LIMIT..=COORD_LIMIT).prop_map(|(x, y)| Cell::new(x, y))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any text that parses prints back to text parsing to the same
    /// position, in both notations.
    #[test]
    fn parsed_text_prints_back(text in "[-0-9,;NSEWnsew =+.|\n]{0,40}") {
        if let Ok(p) = text.parse::<Position>() {
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p.clone());
            prop_assert_eq!(Position::from_picture(&p.picture(None)).unwrap(), p);
        }
        if let Ok(p) = Position::from_picture(&text) {
            prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        }
    }

    /// Random valid positions anywhere in the coordinate range round-trip
    /// through both notations.
    #[test]
    fn positions_round_trip(tiles in proptest::collection::vec((cell(), 0usize..6), 0..12)) {
        let mut tiles: Vec<(Cell, TileType)> = tiles
            .into_iter()
            .filter(|(c, _)| !(c.y == 0 && (c.x == 0 || c.x == 1)))
            .map(|(c, t)| (c, TileType::from_index(t)))
            .collect();
        tiles.sort();
        tiles.dedup_by_key(|t| t.0);
        let p = Position::from_tiles(tiles).unwrap();
        prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p.clone());
        prop_assert_eq!(Position::from_picture(&p.picture(None)).unwrap(), p.clone());
        prop_assert_eq!(p.canonical().to_string().parse::<Position>().unwrap(), p.canonical());
    }
}
