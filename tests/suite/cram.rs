//! `grundy cram`: values of the table of record, the JSON fields, and bad
//! boards refused with one line and exit code 2.

use super::common::{grundy, one_line_error};

fn json(args: &[&str]) -> serde_json::Value {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(args, d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn published_boards_and_their_winning_moves() {
    // Beling's table (README of beling/impartial-games): 4 x 5 is *2,
    // 5 x 5 is *0; 3 x 4 is *1 (Glop, Lemoine and Viennot).
    let v = json(&["cram", "4x5", "--json", "--quiet"]);
    assert_eq!(v["nimber"], 2);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["rows"], 4);
    assert_eq!(v["cols"], 5);
    // The five vertical dominoes across the middle rows, found by the
    // plain search (each leaves a position of nimber 0).
    let moves: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            "r2c1-r3c1",
            "r2c2-r3c2",
            "r2c3-r3c3",
            "r2c4-r3c4",
            "r2c5-r3c5"
        ]
    );
    let p = json(&["cram", "5x5", "--json", "--quiet"]);
    assert_eq!(
        (p["nimber"].as_u64(), p["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    assert_eq!(p["winning_moves"].as_array().unwrap().len(), 0);
    assert_eq!(json(&["cram", "3x4", "--json", "--quiet"])["nimber"], 1);
    // Even x even: 0 by the symmetry strategy, without a search; even x
    // odd is searched from 1 (4 x 7 is *3 in Beling's table).
    let s = json(&["cram", "6x14", "--json", "--quiet"]);
    assert_eq!(
        (s["nimber"].as_u64(), s["symmetry"].as_str()),
        (Some(0), Some("P"))
    );
    assert_eq!(s["positions"], 0);
    let n = json(&["cram", "4x7", "--json", "--quiet", "--nimber-only"]);
    assert_eq!(
        (n["nimber"].as_u64(), n["symmetry"].as_str()),
        (Some(3), Some("N"))
    );
    assert!(n["winning_moves"].is_null());
    assert!(json(&["cram", "5x5", "--json", "--quiet"])["symmetry"].is_null());
    // A turned board (more than 7 rows) answers in the user's rows.
    let t = json(&["cram", "9x2", "--json", "--quiet"]);
    assert_eq!(t["rows"], 9);
}

#[test]
fn pictures_are_positions() {
    // A bent path of four cells is Dawson's Kayles on a heap of 4:
    // A002187(3) = 2.
    let v = json(&["cram", "##./##./#..", "--json", "--quiet"]);
    assert_eq!(v["nimber"], 2);
    assert_eq!(v["empty_cells"], 4);
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("b.txt"), "..\n..\n").unwrap();
    let o = grundy(&["cram", "--file", "b.txt", "--quiet"], d.path());
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("cram 2x2: nimber *0, second player wins"),
        "{text}"
    );
}

#[test]
fn bad_boards_are_one_line_errors() {
    let d = tempfile::tempdir().unwrap();
    for (board, needle) in [
        ("0x3", "at least one row"),
        ("8x8", "past what the engine holds"),
        ("3x16", "past what the engine holds"),
        ("3y4", "expected RxC"),
        ("../.", "every row must be as long"),
        ("..x/...", "neither '.'"),
    ] {
        one_line_error(&grundy(&["cram", board], d.path()), needle);
    }
    // Past the 40-cell limit, with the estimate of the CPU time between
    // the curves through 6 × 7 (42 cells, 81 s) and 4 × 11 (44 cells,
    // 4.8 s) of the table of record: 6 × 7 took 81 s, 7 × 7 154 s.
    for (board, estimate) in [
        ("7x7", "about 50 s to 2.9 h of one core"),
        ("6x7", "about 2 s to 81 s of one core"),
        ("5x13", "about 25.7 h to 22 years of one core"),
    ] {
        let out = grundy(&["cram", board], d.path());
        one_line_error(&out, "pass --force to run it anyway");
        one_line_error(&out, estimate);
    }
    one_line_error(
        &grundy(&["cram", "3x3", "--memory", "lots"], d.path()),
        "--memory",
    );
    // A bound past the memory there is: the tables map their bound at
    // once, so it is refused, not an abort of the allocator (one thread
    // and two).
    for threads in ["1", "2"] {
        let out = grundy(
            &["--threads", threads, "cram", "4x5", "--memory", "100T"],
            d.path(),
        );
        one_line_error(&out, "the table's bound of 104857600 MiB");
        one_line_error(&out, "of memory available (--memory)");
    }
}

/// `--threads`: the parallel search (one table shared by the threads)
/// answers as the one-thread search on the boards of the table of record
/// it reaches in a second, with the same winning moves.
#[test]
fn threads_share_one_table_and_agree() {
    use grundy::games::cram::published;
    for (r, c) in [(5, 6), (4, 7), (4, 9), (5, 7)] {
        let b = format!("{r}x{c}");
        let one = json(&["--threads", "1", "cram", &b, "--json", "--quiet"]);
        let many = json(&["--threads", "3", "cram", &b, "--json", "--quiet"]);
        let want = published::nimber(r, c).unwrap();
        assert_eq!(one["nimber"].as_u64(), Some(u64::from(want)), "{b}");
        assert_eq!(many["nimber"], one["nimber"], "{b}");
        assert_eq!(many["winning_moves"], one["winning_moves"], "{b}");
        assert_eq!(
            (one["threads"].as_u64(), many["threads"].as_u64()),
            (Some(1), Some(3))
        );
        assert!(many["positions"].as_u64().unwrap() > 0);
    }
}

/// `data/cram/misere.csv` (written by `scripts/cram-misere.sh`): the rows
/// are boards, sorted, each once, each with its cells and an outcome; a
/// board of at most 30 cells is solved again and gives the row's outcome
/// and positions (the search is deterministic), so a table measured by
/// an older build is caught.
#[test]
fn the_committed_misere_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cram/misere.csv");
    let mut rdr = csv::Reader::from_path(path).unwrap();
    let (mut seen, mut solved) = (Vec::new(), 0);
    for row in rdr.deserialize::<std::collections::HashMap<String, String>>() {
        let row = row.unwrap();
        let n = |k: &str| row[k].parse::<usize>().unwrap();
        let (r, c) = (n("rows"), n("cols"));
        assert!(r <= c, "{r}x{c}");
        assert_eq!(n("cells"), r * c, "{r}x{c}");
        assert!(["N", "P"].contains(&row["outcome"].as_str()), "{r}x{c}");
        if r * c <= 30 {
            let b = format!("{r}x{c}");
            let v = json(&["cram", &b, "--misere", "--json", "--quiet"]);
            assert_eq!(v["outcome"].as_str(), Some(row["outcome"].as_str()), "{b}");
            assert_eq!(v["positions"].as_u64(), Some(n("positions") as u64), "{b}");
            solved += 1;
        }
        seen.push((r, c));
    }
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(seen, sorted);
    assert!(
        solved >= 40 && seen.len() >= 55,
        "{solved} of {}",
        seen.len()
    );
}

/// `data/cram/boards.csv` (written by `scripts/cram-vs-igsolve.sh`): every
/// board's nimber, grundy's and igsolve's, is the published one; a board
/// of at most 30 cells is solved again and gives the row's nimber,
/// positions and regions (the search is deterministic); the rows are the
/// published boards, sorted, each once.
#[test]
fn the_committed_table_of_record() {
    use grundy::games::cram::published;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/cram/boards.csv");
    let mut rdr = csv::Reader::from_path(path).unwrap();
    let mut seen = Vec::new();
    for row in rdr.deserialize::<std::collections::HashMap<String, String>>() {
        let row = row.unwrap();
        let n = |k: &str| row[k].parse::<usize>().unwrap();
        let (r, c) = (n("rows"), n("cols"));
        let want = published::nimber(r, c).unwrap();
        assert_eq!(n("published"), usize::from(want), "{r}x{c}");
        for k in ["nimber", "igsolve_nimber"] {
            if !row[k].is_empty() {
                assert_eq!(n(k), usize::from(want), "{k} of {r}x{c}");
            }
        }
        if r * c <= 30 {
            let b = format!("{r}x{c}");
            // The counts of the one-thread search, the same on every run.
            let v = json(&[
                "--threads",
                "1",
                "cram",
                &b,
                "--json",
                "--quiet",
                "--nimber-only",
            ]);
            assert_eq!(v["nimber"].as_u64(), Some(u64::from(want)));
            assert_eq!(v["positions"].as_u64(), Some(n("positions") as u64), "{b}");
            assert_eq!(
                v["regions_solved"].as_u64(),
                Some(n("regions") as u64),
                "{b}"
            );
        }
        seen.push((r, c));
    }
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(seen, sorted);
    assert!(seen.len() >= 20, "{} boards", seen.len());
    assert!(seen.iter().all(|&(r, c)| published::nimber(r, c).is_some()));
}

/// `--misere`: the outcome under misère play by the whole-position search
/// (checked against the plain search in `crates/games/src/cram/misere.rs`): two
/// lone dominoes are a P-position under normal play and an N-position
/// under misère play; a single domino is a misère P-position.
#[test]
fn misere_outcomes() {
    let v = json(&["cram", "..#..", "--misere", "--json", "--quiet"]);
    assert_eq!(
        (v["play"].as_str(), v["outcome"].as_str()),
        (Some("misere"), Some("N"))
    );
    assert_eq!(
        json(&["cram", "..#..", "--json", "--quiet"])["outcome"],
        "P"
    );
    assert_eq!(
        json(&["cram", "1x2", "--misere", "--json", "--quiet"])["outcome"],
        "P"
    );
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["cram", "4x4", "--misere"], d.path());
    assert!(o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("cram 4x4 (misère play): "));
}

/// `cram:RxC` and `cram:PICTURE` as components of `grundy sum`: 4 x 5 is
/// *2 (Beling's table), so with nim:1 the sum is *3, won by the moves of
/// the board to a position of value *1; 1 x 3 is *1, so with nim:1 a
/// P-position; a bad board is refused with exit code 2.
#[test]
fn cram_in_sums() {
    let v = json(&["sum", "cram:4x5 + nim:1", "--json", "--quiet"]);
    assert_eq!(v["nimber"], 3);
    assert_eq!(v["components"][0]["family"], "cram");
    assert_eq!(v["components"][0]["nimber"], 2);
    let count = v["winning_moves_count"].as_u64().unwrap();
    assert!(count >= 1);
    // Each listed move in the board, played, leaves a position of *1.
    for m in v["winning_moves"].as_array().unwrap() {
        assert_eq!(m["component"], 1, "{m}");
    }
    let p = json(&["sum", "cram:##./##./#.. + cram:1x3", "--json", "--quiet"]);
    assert_eq!(
        (p["nimber"].as_u64(), p["outcome"].as_str()),
        (Some(3), Some("N"))
    );
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["sum", "cram:4x5x + nim:1"], d.path());
    assert_eq!(o.status.code(), Some(2));
    one_line_error(&o, "the number of columns");
}
