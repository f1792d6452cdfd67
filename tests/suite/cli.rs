//! The command line: results, bad input (exit code 2, one clear line),
//! verify catching corruption, and thread-count independence of the data.

use crate::common::{assert_same_files, grundy, one_line_error};
use std::path::Path;

#[test]
fn bad_input_exits_2_with_one_line() {
    let d = tempfile::tempdir().unwrap();
    one_line_error(
        &grundy(&["monorail", "solve", "--tiles", "5"], d.path()),
        "tile count 5 is out of range",
    );
    one_line_error(
        &grundy(&["monorail", "show", "--tiles", "30", "-"], d.path()),
        "6..=24",
    );
    one_line_error(
        &grundy(&["monorail", "show", "2,0,XY"], d.path()),
        "malformed position",
    );
    one_line_error(
        &grundy(&["monorail", "show", "2,0"], d.path()),
        "not x,y,TYPE",
    );
    one_line_error(
        &grundy(&["monorail", "show", "--tiles", "8", "5,5,NS"], d.path()),
        "impossible position",
    );
    one_line_error(
        &grundy(&["monorail", "show", "--tiles", "8", "2,0,NS"], d.path()),
        "no loop",
    );
    one_line_error(
        &grundy(&["monorail", "verify", "no-such-dir"], d.path()),
        "no-such-dir",
    );
    // An unwritable output: a path under a regular file.
    std::fs::write(d.path().join("file"), b"x").unwrap();
    one_line_error(
        &grundy(
            &[
                "monorail", "solve", "--tiles", "6", "--out", "file/sub", "--quiet",
            ],
            d.path(),
        ),
        "file/sub",
    );
}

#[test]
fn show_prints_nimber_and_winning_moves() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["monorail", "show", "--tiles", "8", "-"], d.path());
    assert!(o.status.success());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("nimber: *8"), "{out}");
    assert!(out.contains("completable loops left: 18"), "{out}");
    assert!(out.contains("winning moves"), "{out}");
    assert!(out.contains("==="), "{out}");
    // The finished 6-tile loop north of the station.
    let full = "-1,0,NE;-1,1,SE;0,1,EW;1,1,EW;2,0,NW;2,1,SW";
    let o = grundy(&["monorail", "show", "--tiles", "6", full], d.path());
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("nimber: *0"), "{out}");
    assert!(out.contains("loop is finished"), "{out}");
}

fn solve_into(dir: &Path, threads: &str, out: &str) {
    let o = grundy(
        &[
            "--threads",
            threads,
            "monorail",
            "solve",
            "--tiles",
            "10",
            "--out",
            out,
            "--reports",
            "rep",
            "--quiet",
        ],
        dir,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn datasets_are_identical_for_any_thread_count_and_verify_catches_corruption() {
    let d = tempfile::tempdir().unwrap();
    solve_into(d.path(), "1", "one");
    solve_into(d.path(), "2", "two");
    assert_same_files(
        &d.path().join("one"),
        &d.path().join("two"),
        &[
            "summary.json",
            "first_moves.csv",
            "subgames.csv",
            "loops.csv",
            "positions.bin.zst",
        ],
    );
    let o = grundy(&["monorail", "verify", "one"], d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("OK"));

    // Flip one stored nimber behind a stale digest: refused as corrupt.
    let path = d.path().join("one/positions.bin.zst");
    let raw = zstd::decode_all(std::fs::File::open(&path).unwrap()).unwrap();
    let mut flipped = raw.clone();
    let header = 8 + 4 + 4 + 8 + 8 + 32;
    let rec = header + 10 * 100;
    flipped[rec + 8] ^= 1;
    std::fs::write(&path, zstd::encode_all(&flipped[..], 3).unwrap()).unwrap();
    one_line_error(
        &grundy(&["monorail", "verify", "one"], d.path()),
        "content digest mismatch",
    );
    // The same flip written with a valid digest: the re-derivation from
    // the rules catches it.
    std::fs::write(&path, zstd::encode_all(&raw[..], 3).unwrap()).unwrap();
    let (h, mut records) = grundy::dataset::monorail_positions::read_table(&path).unwrap();
    records[100].1 ^= 1;
    let mut bytes = Vec::new();
    grundy::dataset::monorail_positions::write_table(&mut bytes, h.tiles, h.loops, &records, 3)
        .unwrap();
    std::fs::write(&path, bytes).unwrap();
    one_line_error(
        &grundy(&["monorail", "verify", "one"], d.path()),
        "verification failed",
    );

    // Truncate the table.
    std::fs::write(&path, zstd::encode_all(&raw[..raw.len() - 25], 3).unwrap()).unwrap();
    one_line_error(
        &grundy(&["monorail", "verify", "one"], d.path()),
        "ends after",
    );
    // Garbage instead of zstd.
    std::fs::write(&path, b"garbage").unwrap();
    one_line_error(
        &grundy(&["monorail", "verify", "one"], d.path()),
        "corrupt dataset",
    );
    // A first move with a wrong nimber in the CSV.
    let two = d.path().join("two/first_moves.csv");
    let csv = std::fs::read_to_string(&two).unwrap();
    let mut lines: Vec<String> = csv.lines().map(String::from).collect();
    let fields: Vec<&str> = lines[1].rsplitn(5, ',').collect();
    let nimber_field = fields[4].rsplit_once(',').unwrap();
    lines[1] = format!(
        "{},{},{},{},{},{}",
        nimber_field.0,
        nimber_field.1.parse::<u32>().unwrap() + 1,
        fields[3],
        fields[2],
        fields[1],
        fields[0]
    );
    std::fs::write(&two, lines.join("\n") + "\n").unwrap();
    one_line_error(
        &grundy(&["monorail", "verify", "two"], d.path()),
        "first_moves.csv",
    );
}

/// Copies the committed files of `data/NAME` (git ignores the tables) into
/// `to/data/NAME`.
fn copy_committed(name: &str, to: &Path) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name);
    let dest = to.join("data").join(name);
    std::fs::create_dir_all(&dest).unwrap();
    for f in [
        ".grundy-output",
        "summary.json",
        "first_moves.csv",
        "subgames.csv",
        "loops.csv",
        "layers.csv",
    ] {
        if from.join(f).exists() {
            std::fs::copy(from.join(f), dest.join(f)).unwrap();
        }
    }
}

/// A fresh checkout has no `positions.bin.zst` (nor, at T = 20,
/// `loops.csv`): `verify` names the missing file and the command that
/// regenerates it, with exit code 2, instead of a bare OS message.
#[test]
fn verify_names_a_missing_regenerated_file_and_how_to_get_it() {
    let d = tempfile::tempdir().unwrap();
    copy_committed("monorail", d.path());
    copy_committed("monorail-t20", d.path());
    let o = grundy(&["monorail", "verify", "data/monorail"], d.path());
    one_line_error(&o, "data/monorail/positions.bin.zst is missing");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("`grundy monorail solve --tiles 16`") && err.contains("`grundy reproduce`"),
        "{err}"
    );
    assert!(!err.contains("No such file"), "{err}");
    let o = grundy(&["monorail", "verify", "data/monorail-t20"], d.path());
    one_line_error(&o, "data/monorail-t20/loops.csv is missing");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("`grundy monorail solve --tiles 20`") && !err.contains("reproduce"),
        "{err}"
    );
    // Elsewhere the command writes there with --out.
    std::fs::rename(d.path().join("data/monorail"), d.path().join("copy")).unwrap();
    let o = grundy(&["monorail", "verify", "copy"], d.path());
    one_line_error(&o, "copy/positions.bin.zst is missing");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("`grundy monorail solve --tiles 16 --out copy`"),
        "{err}"
    );
}
