//! Treblecross: the Sprague–Grundy analysis against plain game-tree search
//! (the core's generic outcome search over [`RowGame`]) on every row up to
//! 14 cells, the gap identity with 0.007, and the CLI.

use crate::common::{grundy, one_line_error};
use grundy::dataset::treblecross::strip_table;
use grundy::games::treblecross::nimbers::{gap_values_by_recursion, quiet};
use grundy::games::treblecross::{analyse, GapNimbers, Row, RowGame};
use grundy::impartial::{Convention, OutcomeSolver};
use proptest::prelude::*;
use std::path::Path;

#[test]
fn every_row_up_to_14_cells_matches_the_plain_search() {
    let nimbers = GapNimbers::compute(20, quiet());
    let mut rows = 0;
    let mut search = OutcomeSolver::new(Convention::Normal);
    for len in 1..=14usize {
        for mask in 0u64..1 << len {
            if mask & (mask >> 1) & (mask >> 2) != 0 {
                continue;
            }
            let row = Row::from_cells((0..len).map(|i| mask >> i & 1 == 1).collect()).unwrap();
            let a = analyse(&row, &nimbers).unwrap();
            let want = RowGame::from_row(&row).unwrap().winning_cells(&mut search);
            assert_eq!(a.winning_cells, want, "row {row}");
            assert_eq!(a.winning, !want.is_empty(), "row {row}");
            rows += 1;
        }
    }
    // Rows with no three in a row: a tribonacci-like count, 1 to 14 cells.
    assert_eq!(
        rows,
        2 + 4 + 7 + 13 + 24 + 44 + 81 + 149 + 274 + 504 + 927 + 1705 + 3136 + 5768
    );
}

#[test]
fn gap_values_equal_0007_far_out() {
    let n = 6000;
    let by_recursion = gap_values_by_recursion(n);
    let g = GapNimbers::compute(n, quiet());
    assert!((0..=n).all(|k| g.gap(k) == by_recursion[k]));
}

#[test]
fn empty_strips_match_the_plain_search() {
    let nimbers = GapNimbers::compute(20, quiet());
    let table = strip_table(16, &nimbers).unwrap();
    let mut s = OutcomeSolver::new(Convention::Normal);
    for r in &table {
        assert_eq!(
            r.winning_moves,
            RowGame::empty(r.n).unwrap().winning_cells(&mut s),
            "n = {}",
            r.n
        );
    }
    let losing: Vec<usize> = table
        .iter()
        .filter(|r| !r.first_player_wins)
        .map(|r| r.n)
        .collect();
    assert_eq!(losing, vec![2, 6, 12]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Every claimed winning cell leaves a position the opponent loses
    /// (or wins at once), on long random rows.
    #[test]
    fn winning_cells_lead_to_losing_positions(cells in proptest::collection::vec(prop::bool::weighted(0.08), 3..400)) {
        let mut cells = cells;
        for i in 2..cells.len() {
            if cells[i] && cells[i - 1] && cells[i - 2] {
                cells[i] = false;
            }
        }
        let row = Row::from_cells(cells).unwrap();
        let nimbers = GapNimbers::compute(400, quiet());
        let a = analyse(&row, &nimbers).unwrap();
        for &c in &a.winning_cells {
            let next = row.with_x(c);
            if next.three_in_a_row().is_some() {
                prop_assert!(a.immediate);
                continue;
            }
            let b = analyse(&next, &nimbers).unwrap();
            prop_assert!(!b.winning, "cell {} of {} leaves a winning position", c, row);
        }
        if a.winning {
            prop_assert!(!a.winning_cells.is_empty());
        }
        // And no other cell wins: each leaves the opponent a win.
        for c in (1..=row.len()).filter(|&c| !row.is_x(c - 1) && !a.winning_cells.contains(&c)) {
            let next = row.with_x(c);
            prop_assert!(next.three_in_a_row().is_none());
            prop_assert!(analyse(&next, &nimbers).unwrap().winning, "cell {} of {}", c, row);
        }
    }
}

#[test]
fn cli_answers_rows_and_batches() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(&["treblecross", "X.X...."], dir.path());
    // One row: the cells and how they are numbered.
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "WINNING 2 (cells numbered from 1 at the left)\n"
    );
    let o = grundy(&["treblecross", ".........", "--json"], dir.path());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["first_player_wins"], true);
    assert_eq!(v["winning_moves"], serde_json::json!([1, 4, 5, 6, 9]));
    let o = grundy(&["treblecross", "......"], dir.path());
    assert_eq!(String::from_utf8_lossy(&o.stdout), "LOSING\n");

    let batch = dir.path().join("rows.txt");
    std::fs::write(&batch, "4\n.....\n......\nX..X..\n...X........\n").unwrap();
    let o = grundy(&["treblecross", "--batch", "rows.txt"], dir.path());
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "WINNING 3\nLOSING\nLOSING\nWINNING 1 7 8 9 10 11 12\n"
    );
    std::fs::write(&batch, ".....\n\n......\n").unwrap();
    let o = grundy(&["treblecross", "--batch", "rows.txt"], dir.path());
    assert_eq!(String::from_utf8_lossy(&o.stdout), "WINNING 3\nLOSING\n");
}

/// The example README, the book and the report show is what the command
/// prints.
#[test]
fn the_documented_example_is_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(&["treblecross", "...X........"], dir.path());
    let shown = format!(
        "$ grundy treblecross ...X........\n{}",
        String::from_utf8_lossy(&o.stdout)
    );
    assert!(
        shown.ends_with("(cells numbered from 1 at the left)\n"),
        "{shown}"
    );
    for doc in [
        "README.md",
        "docs/src/treblecross.md",
        "reports/treblecross.md",
    ] {
        let text =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(doc)).unwrap();
        assert!(
            text.contains(&shown),
            "{doc} shows another output than\n{shown}"
        );
    }
}

#[test]
fn cli_writes_the_strip_table() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(
        &["treblecross", "table", "--max-n", "6", "--out", "t.csv"],
        dir.path(),
    );
    assert!(o.status.success());
    let text = std::fs::read_to_string(dir.path().join("t.csv")).unwrap();
    assert_eq!(
        text,
        "n,nimber,first_player,winning_cells\n1,1,wins,1\n2,0,loses,\n3,1,wins,1 2 3\n\
         4,2,wins,2 3\n5,2,wins,3\n6,0,loses,\n"
    );
}

#[test]
fn cli_rejects_bad_rows() {
    let dir = tempfile::tempdir().unwrap();
    one_line_error(&grundy(&["treblecross", "..Y.."], dir.path()), "column 3");
    one_line_error(&grundy(&["treblecross", ""], dir.path()), "empty");
    one_line_error(
        &grundy(&["treblecross", ".XXX."], dir.path()),
        "three X in a row",
    );
    let batch = dir.path().join("rows.txt");
    std::fs::write(&batch, "2\n.....\n..Y..\n").unwrap();
    one_line_error(
        &grundy(&["treblecross", "--batch", "rows.txt"], dir.path()),
        "rows.txt line 3",
    );
    std::fs::write(&batch, "3\n.....\n").unwrap();
    one_line_error(
        &grundy(&["treblecross", "--batch", "rows.txt"], dir.path()),
        "promises 3 rows",
    );
    one_line_error(
        &grundy(&["treblecross", "--batch", "missing.txt"], dir.path()),
        "missing.txt",
    );
    one_line_error(
        &grundy(
            &[
                "treblecross",
                "table",
                "--max-n",
                "5",
                "--out",
                "rows.txt/x.csv",
            ],
            dir.path(),
        ),
        "rows.txt",
    );
}

/// Runs the binary with `stdin` as its standard input.
fn grundy_stdin(args: &[&str], dir: &std::path::Path, stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    c.stdin.take().unwrap().write_all(stdin).unwrap();
    c.wait_with_output().unwrap()
}

#[test]
fn fast_strip_table_matches_the_row_analysis() {
    let nimbers = GapNimbers::compute(700, quiet());
    let table = strip_table(600, &nimbers).unwrap();
    for r in &table {
        let a = grundy::games::treblecross::empty_strip(r.n, &nimbers).unwrap();
        assert_eq!(r.winning_moves, a.winning_cells, "n = {}", r.n);
        assert_eq!(r.first_player_wins, a.winning, "n = {}", r.n);
        assert_eq!(Some(r.nimber), a.nimber, "n = {}", r.n);
    }
}

#[test]
fn no_file_is_read_that_the_user_did_not_name() {
    // A stale data/treblecross/nimbers.bin.zst in the working directory
    // was read silently: here it claims every gap is worth 0.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data/treblecross");
    std::fs::create_dir_all(&data).unwrap();
    let zeros = grundy::games::octal::Values::from_u32s(&[0; 100]);
    let mut f = std::fs::File::create(data.join("nimbers.bin.zst")).unwrap();
    grundy::dataset::octal::write_sequence(&mut f, "0.007", &zeros).unwrap();
    drop(f);
    let o = grundy(&["treblecross", "........."], dir.path());
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "WINNING 1 4 5 6 9 (cells numbered from 1 at the left)\n"
    );
    // Named with --nimbers, the same file is checked and refused.
    one_line_error(
        &grundy(
            &[
                "treblecross",
                ".........",
                "--nimbers",
                "data/treblecross/nimbers.bin.zst",
            ],
            dir.path(),
        ),
        "verification failed",
    );
    // A right file is used; an edited value past the first 4096 is caught
    // when a row uses it (the spot checks include the last value used).
    let good = GapNimbers::compute(6000, quiet());
    let mut v = good.values().to_u32s();
    let path = dir.path().join("good.bin.zst");
    let mut f = std::fs::File::create(&path).unwrap();
    grundy::dataset::octal::write_sequence(&mut f, "0.007", good.values()).unwrap();
    drop(f);
    let row = ".".repeat(5000);
    let want = grundy(&["treblecross", &row], dir.path());
    assert!(want.status.success());
    let o = grundy(
        &["treblecross", &row, "--nimbers", "good.bin.zst"],
        dir.path(),
    );
    assert_eq!(o.stdout, want.stdout);
    v[5002] ^= 1;
    let mut f = std::fs::File::create(dir.path().join("bad.bin.zst")).unwrap();
    let edited = grundy::games::octal::Values::from_u32s(&v);
    grundy::dataset::octal::write_sequence(&mut f, "0.007", &edited).unwrap();
    drop(f);
    one_line_error(
        &grundy(
            &["treblecross", &row, "--nimbers", "bad.bin.zst"],
            dir.path(),
        ),
        "G(5002)",
    );
    let mut f = std::fs::File::create(dir.path().join("other.bin.zst")).unwrap();
    grundy::dataset::octal::write_sequence(&mut f, "0.137", &edited).unwrap();
    drop(f);
    one_line_error(
        &grundy(
            &["treblecross", "...", "--nimbers", "other.bin.zst"],
            dir.path(),
        ),
        "not of 0.007",
    );
}

#[test]
fn table_json_honours_out_and_uses_the_common_keys() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "treblecross",
            "table",
            "--max-n",
            "6",
            "--json",
            "--out",
            "t.json",
        ],
        dir.path(),
    );
    assert!(o.status.success());
    assert!(o.stdout.is_empty());
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("t.json")).unwrap()).unwrap();
    assert_eq!(v["max_n"], 6);
    assert_eq!(v["rows"][4]["winning_moves"], serde_json::json!([3]));
    assert_eq!(v["rows"][5]["outcome"], "P");
    assert_eq!(v["rows"][5]["first_player_wins"], false);
    one_line_error(
        &grundy(&["treblecross", "table", "--max-n", "100000"], dir.path()),
        "--force",
    );
    one_line_error(
        &grundy(
            &["treblecross", "table", "--max-n", "18446744073709551615"],
            dir.path(),
        ),
        "--max-n",
    );
}

#[test]
fn hostile_batches_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy_stdin(
        &["treblecross", "--batch", "-"],
        dir.path(),
        b"1000000000000000000\n.....\n",
    );
    one_line_error(&o, "promises 1000000000000000000 rows");
    let o = grundy_stdin(&["treblecross", "--batch", "-"], dir.path(), b"");
    assert!(o.status.success() && o.stdout.is_empty());
    let o = grundy_stdin(
        &["treblecross", "--batch", "-"],
        dir.path(),
        b"...\n..\xff.\n",
    );
    one_line_error(&o, "standard input line 2: not UTF-8");
    std::fs::create_dir(dir.path().join("d")).unwrap();
    one_line_error(
        &grundy(&["treblecross", "--batch", "d"], dir.path()),
        "is a directory",
    );
    std::fs::write(dir.path().join("rows.txt"), ".....\n").unwrap();
    one_line_error(
        &grundy(
            &["treblecross", "--batch", "rows.txt", "--out", "rows.txt"],
            dir.path(),
        ),
        "is the input",
    );
    assert_eq!(
        std::fs::read(dir.path().join("rows.txt")).unwrap(),
        b".....\n"
    );
    let o = grundy(
        &["treblecross", "--batch", "rows.txt", "--out", "a.txt"],
        dir.path(),
    );
    assert!(o.status.success());
    assert_eq!(
        std::fs::read(dir.path().join("a.txt")).unwrap(),
        b"WINNING 3\n"
    );
    // A gap past 2^17 cells is refused before minutes of computing.
    std::fs::write(dir.path().join("long.txt"), ".".repeat(200_000)).unwrap();
    one_line_error(
        &grundy(&["treblecross", "--batch", "long.txt"], dir.path()),
        "--force",
    );
}

#[test]
fn batches_print_back() {
    use grundy::dataset::treblecross::{format_batch, parse_batch};
    let rows = parse_batch("t", "..X..\n\n  X....X \n").unwrap();
    assert_eq!(parse_batch("t", &format_batch(&rows)).unwrap(), rows);
}
