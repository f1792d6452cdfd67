//! Octal games, issue 9: every verdict is right or refused. Regression
//! tests through the binary for user numbers that used to wrap, files
//! whose values were edited, inputs whose cost was never estimated, and the
//! JSON keys; round trips of the parsers.

use crate::common::{grundy, one_line_error};
use grundy::dataset::octal::{read_sequence, write_sequence};
use grundy::games::octal::engine::naive;
use grundy::games::octal::theory::claim::Claim;
use grundy::games::octal::{OctalCode, Values};
use proptest::prelude::*;
use std::path::Path;
use std::process::Output;

fn stdout(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(o)).unwrap()
}

/// The JSON of a check that refuted its claim: exit code 1.
fn refuted_json(o: &Output) -> serde_json::Value {
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

const KAYLES: &str = "4 1 2 8 1 4 7 2 1 8 2 7";

#[test]
fn an_exception_that_used_to_wrap_to_zero_is_refused() {
    let d = tempfile::tempdir().unwrap();
    // G ≡ 0 for 0.0; the exception says G(2^64 − 1) = 5: not provable.
    let o = grundy(
        &[
            "octal",
            "check",
            "0.0",
            "--period",
            "1",
            "--values",
            "0",
            "--exceptions",
            "18446744073709551615:5",
        ],
        d.path(),
    );
    one_line_error(&o, "18446744073709551615");
    assert!(String::from_utf8_lossy(&o.stderr).contains("neither proved nor refuted"));
    // Past usize: a parse error, not a wrap.
    let o = grundy(
        &[
            "octal",
            "check",
            "0.0",
            "--period",
            "1",
            "--values",
            "0",
            "--exceptions",
            "18446744073709551616:5",
        ],
        d.path(),
    );
    one_line_error(&o, "too large");
}

#[test]
fn a_far_exception_does_not_hide_an_early_failure() {
    let d = tempfile::tempdir().unwrap();
    // Kayles' periodic values claim G(0) = 4; G(0) = 0. The exception at
    // 2^34 used to make the checker allocate 32 GiB first.
    let o = grundy(
        &[
            "octal",
            "check",
            "kayles",
            "--period",
            "12",
            "--values",
            KAYLES,
            "--exceptions",
            "17179869184:1",
            "--json",
        ],
        d.path(),
    );
    let j = refuted_json(&o);
    assert_eq!(j["holds"], false);
    assert_eq!(j["first_failure"]["n"], 0);
    assert_eq!(j["first_failure"]["claimed"], 4);
    assert_eq!(j["first_failure"]["actual"], 0);
    assert_eq!(j["code"], "0.77");
    // The claim prints back in its text form.
    assert_eq!(j["claim"], format!("12/{KAYLES}/17179869184:1"));
}

#[test]
fn a_claim_needing_more_than_max_n_is_refused_not_passed() {
    let d = tempfile::tempdir().unwrap();
    // Kayles with its true exceptions needs G(0..168); --max-n 100 is short.
    let g = naive::sequence(&"0.77".parse().unwrap(), 100);
    let periodic: Vec<u32> = KAYLES.split(' ').map(|v| v.parse().unwrap()).collect();
    let ex: Vec<String> = (0..71)
        .filter(|&n| g[n] != periodic[n % 12])
        .map(|n| format!("{n}:{}", g[n]))
        .collect();
    let ex = ex.join(",");
    let base = [
        "octal",
        "check",
        "kayles",
        "--period",
        "12",
        "--values",
        KAYLES,
        "--exceptions",
        &ex,
    ];
    let mut short = base.to_vec();
    short.extend(["--max-n", "100"]);
    one_line_error(&grundy(&short, d.path()), "--max-n 100");
    let o = stdout(&grundy(&base, d.path()));
    assert!(o.contains("holds for all n (proved)"), "{o}");
}

#[test]
fn claimed_numbers_are_checked() {
    let d = tempfile::tempdir().unwrap();
    for (period, values, ex, needle) in [
        ("1", "4294967296", "", "too large"),
        ("1", "0", "3:4294967296", "too large"),
        ("1", "0", "3:x", "not a number"),
        (
            "18446744073709551615",
            "0 1",
            "",
            "the period is 18446744073709551615",
        ),
        ("2", "0 1 2", "", "more than 2"),
        ("0", "", "", "at least 1"),
    ] {
        let o = grundy(
            &[
                "octal",
                "check",
                "0.77",
                "--period",
                period,
                "--values",
                values,
                "--exceptions",
                ex,
            ],
            d.path(),
        );
        one_line_error(&o, needle);
    }
}

#[test]
fn sizes_past_the_supported_range_are_refused() {
    let d = tempfile::tempdir().unwrap();
    let big = "17179869184";
    for args in [
        vec!["octal", "seq", "0.77", "--max-n", big],
        vec!["octal", "period", "0.77", "--max-n", big],
        vec!["octal", "ring", "0.77", "--max-n", big],
        vec![
            "octal", "check", "0.77", "--period", "1", "--values", "0", "--max-n", big,
        ],
        vec!["ngon", "--max-n", big],
        vec!["octal", "seq", "0.77", "--max-n", "18446744073709551615"],
    ] {
        one_line_error(&grundy(&args, d.path()), "at most 4294967295");
    }
    one_line_error(&grundy(&["ngon", "--max-n", "2"], d.path()), "3 vertices");
}

#[test]
fn long_naive_runs_state_their_cost() {
    let d = tempfile::tempdir().unwrap();
    for args in [
        vec![
            "octal", "seq", "0.77", "--max-n", "3000000", "--engine", "naive",
        ],
        vec!["octal", "period", "0.6", "--engine", "naive"],
        vec![
            "octal", "seq", "hex:0.8", "--max-n", "100000", "--engine", "naive",
        ],
    ] {
        let o = grundy(&args, d.path());
        one_line_error(&o, "--force");
        assert!(String::from_utf8_lossy(&o.stderr).contains("options"));
    }
}

#[test]
fn huge_code_strings_are_refused_cheaply() {
    let d = tempfile::tempdir().unwrap();
    let long = format!("0.{}", "7".repeat(100_000));
    let start = std::time::Instant::now();
    let o = grundy(&["octal", "seq", &long, "--max-n", "5"], d.path());
    one_line_error(&o, "too long");
    assert!(o.stderr.len() < 300, "the error quotes the code in full");
    assert!(start.elapsed().as_secs() < 10);
    one_line_error(
        &grundy(
            &["octal", "period", &format!("0.{}", "1".repeat(65))],
            d.path(),
        ),
        "65 digits",
    );
}

/// Rewrites `path`, a sequence file, with `G(n)` replaced by `v` and a
/// fresh, valid digest: what an editor who knows the format can do.
fn edit_with_digest(path: &Path, n: usize, v: u32) {
    let (code, values) = read_sequence(path).unwrap();
    let mut g = values.to_u32s();
    g[n] = v;
    let mut bytes = Vec::new();
    write_sequence(&mut bytes, &code, &Values::from_u32s(&g)).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// Changes one value byte of a width-1 sequence file and recompresses it
/// with a valid zstd checksum, leaving the stored digest as it was.
fn edit_raw(path: &Path, n: usize) {
    let raw = zstd::decode_all(std::fs::File::open(path).unwrap()).unwrap();
    let (_, values) = read_sequence(path).unwrap();
    let mut raw = raw;
    let at = raw.len() - values.len() + n;
    raw[at] ^= 1;
    let mut enc = zstd::Encoder::new(Vec::new(), 3).unwrap();
    enc.include_checksum(true).unwrap();
    std::io::Write::write_all(&mut enc, &raw).unwrap();
    std::fs::write(path, enc.finish().unwrap()).unwrap();
}

#[test]
fn verify_rederives_every_value() {
    let d = tempfile::tempdir().unwrap();
    stdout(&grundy(
        &["octal", "seq", "kayles", "--max-n", "3000", "--out", "k"],
        d.path(),
    ));
    let j = json(&grundy(&["octal", "verify", "k", "--json"], d.path()));
    assert_eq!(j["verified"], true);
    assert_eq!(j["code"], "0.77");
    assert_eq!(
        (j["first_n"].as_u64(), j["max_n"].as_u64()),
        (Some(0), Some(3000))
    );
    assert_eq!(j["files"].as_array().unwrap().len(), 4);
    // G(1500) = 4 in Kayles; stored as 5 with a valid digest.
    let seq = d.path().join("k/sequence.bin.zst");
    edit_with_digest(&seq, 1500, 5);
    let o = grundy(&["octal", "verify", "k/sequence.bin.zst"], d.path());
    one_line_error(
        &o,
        "n = 1500: G(1500) is stored as 5, but the mex of its options is 4",
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("sequence.bin.zst"));
    one_line_error(&grundy(&["octal", "verify", "k"], d.path()), "n = 1500");
    // An edit that leaves the digest stale is caught when the file is read.
    stdout(&grundy(
        &["octal", "seq", "kayles", "--max-n", "3000", "--out", "k"],
        d.path(),
    ));
    edit_raw(&seq, 1500);
    let o = grundy(&["octal", "verify", "k"], d.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("sequence.bin.zst"));
}

/// A re-derivation too long to start unasked names the options the
/// command has: `octal verify` has `--force` and no `--engine` (it always
/// re-derives with the naive engine), `octal seq` has both.
#[test]
fn a_refused_run_names_only_options_its_command_has() {
    let d = tempfile::tempdir().unwrap();
    stdout(&grundy(
        &["octal", "seq", "kayles", "--max-n", "1000000", "--out", "k"],
        d.path(),
    ));
    let o = grundy(&["octal", "verify", "k"], d.path());
    one_line_error(&o, " on one core; use --force to run it anyway");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("engine"), "{err}");
    let o = grundy(
        &[
            "octal", "seq", "kayles", "--max-n", "1000000", "--engine", "naive",
        ],
        d.path(),
    );
    one_line_error(&o, "; use --engine sparse, a smaller --max-n, or --force");
    // Lasker's Nim under the sparse engine (its repeating part is slow
    // too): no engine to switch to.
    let o = grundy(&["octal", "seq", "4.[3]", "--max-n", "10000000"], d.path());
    one_line_error(&o, "; use a smaller --max-n, or --force");
}

#[test]
fn verify_checks_the_other_dataset_files() {
    let d = tempfile::tempdir().unwrap();
    let fresh = |dir: &str| {
        stdout(&grundy(
            &["octal", "seq", "0.137", "--max-n", "400", "--out", dir],
            d.path(),
        ));
        d.path().join(dir)
    };
    let edit = |path: &Path, from: &str, to: &str| {
        let t = std::fs::read_to_string(path).unwrap();
        assert!(t.contains(from), "{from} in {}", path.display());
        std::fs::write(path, t.replacen(from, to, 1)).unwrap();
    };
    let dir = fresh("a");
    edit(&dir.join("sequence.csv"), "\n31,2\n", "\n31,3\n");
    one_line_error(
        &grundy(&["octal", "verify", "a"], d.path()),
        "sequence.csv: line 33 (n = 31, field nimber)",
    );
    let dir = fresh("b");
    edit(&dir.join("b-file.txt"), "\n51 2\n", "\n51 9\n");
    one_line_error(&grundy(&["octal", "verify", "b"], d.path()), "n = 51");
    let dir = fresh("c");
    edit(
        &dir.join("summary.json"),
        "\"period\": 34",
        "\"period\": 68",
    );
    one_line_error(
        &grundy(&["octal", "verify", "c"], d.path()),
        "field period is 68, expected 34",
    );
    let dir = fresh("e");
    edit(
        &dir.join("summary.json"),
        "\"engine\": \"sparse\"",
        "\"engine\": \"x\"",
    );
    one_line_error(&grundy(&["octal", "verify", "e"], d.path()), "field engine");
    let dir = fresh("f");
    edit(&dir.join("table.tex"), "\\textbf{0}", "0");
    one_line_error(&grundy(&["octal", "verify", "f"], d.path()), "table.tex");
    let dir = fresh("g");
    std::fs::remove_file(dir.join("b-file.txt")).unwrap();
    one_line_error(&grundy(&["octal", "verify", "g"], d.path()), "b-file.txt");
    one_line_error(
        &grundy(&["octal", "verify", "nothing"], d.path()),
        "nothing",
    );
}

/// `octal verify` reads only what the writer writes: `summary.json` with a
/// key twice (the last would win), a key or an `engine` the writer does not
/// write, or another layout; `sequence.csv` (and the other text files)
/// with CR LF line ends, a byte-order mark, trailing spaces, no final line
/// end, a line too many, an extra or reordered column. Each is refused in
/// one `error:` line (exit code 2) naming the file.
#[test]
fn verify_reads_only_what_the_writer_writes() {
    let d = tempfile::tempdir().unwrap();
    stdout(&grundy(
        &["octal", "seq", "kayles", "--max-n", "400", "--out", "k"],
        d.path(),
    ));
    let k = d.path().join("k");
    stdout(&grundy(&["octal", "verify", "k"], d.path()));
    let summary = std::fs::read_to_string(k.join("summary.json")).unwrap();
    let csv = std::fs::read_to_string(k.join("sequence.csv")).unwrap();
    let edits: Vec<(&str, String, &str)> = vec![
        (
            "summary.json",
            summary.replacen("\"period\": 12,", "\"period\": 13, \"period\": 12,", 1),
            "duplicate key \"period\"",
        ),
        (
            "summary.json",
            summary.replacen(
                "\"engine\": \"sparse\"",
                "\"engine\": \"naive\", \"engine\": \"sparse\"",
                1,
            ),
            "duplicate key \"engine\"",
        ),
        (
            "summary.json",
            summary.replacen("\"engine\": \"sparse\"", "\"engine\": \"Naive\"", 1),
            "field engine is not \"naive\" or \"sparse\"",
        ),
        (
            "summary.json",
            summary.replacen(
                "\"engine\": \"sparse\"",
                "\"engine\": \"sparse\", \"by\": 1",
                1,
            ),
            "unknown field by",
        ),
        (
            "summary.json",
            summary.replacen("  \"name\": \"kayles\",\n", "", 1),
            "field name is missing",
        ),
        (
            "summary.json",
            summary.replacen("\"max_n\": 400,", "\"max_n\":400,", 1),
            "not as grundy writes it: line 4: file has",
        ),
        (
            "summary.json",
            summary.replace('\n', "\r\n"),
            "not as grundy writes it: line 1: ends in CR LF",
        ),
        (
            "sequence.csv",
            csv.replace('\n', "\r\n"),
            "line 1 (the header): ends in CR LF",
        ),
        (
            "sequence.csv",
            format!("\u{feff}{csv}"),
            "line 1 (the header): starts with a byte-order mark",
        ),
        (
            "sequence.csv",
            csv.replacen("\n5,4\n", "\n5,4 \n", 1),
            "line 7 (n = 5, field nimber): file has \"5,4 \", expected \"5,4\"",
        ),
        (
            "sequence.csv",
            csv.trim_end_matches('\n').to_string(),
            "line 402 (n = 400, field nimber): has no line end",
        ),
        (
            "sequence.csv",
            format!("{csv}\n"),
            "line 403: file has \"\", after the last line grundy writes",
        ),
        (
            "sequence.csv",
            csv.replacen("n,nimber\n", "n,nimber,x\n", 1),
            "line 1 (the header): file has \"n,nimber,x\"",
        ),
        (
            "sequence.csv",
            csv.replacen("n,nimber\n", "nimber,n\n", 1),
            "line 1 (the header): file has \"nimber,n\"",
        ),
    ];
    for (file, text, needle) in edits {
        let path = k.join(file);
        let before = std::fs::read(&path).unwrap();
        assert_ne!(before, text.as_bytes(), "the edit changes {file}: {needle}");
        std::fs::write(&path, &text).unwrap();
        let o = grundy(&["octal", "verify", "k"], d.path());
        one_line_error(&o, needle);
        one_line_error(&o, &format!("k/{file}"));
        std::fs::write(&path, before).unwrap();
    }
    // The other text files are held to their bytes too.
    for (file, needle) in [
        (
            "b-file.txt",
            "b-file.txt: line 1 (the comment lines): ends in CR LF",
        ),
        (
            "table.tex",
            "table.tex: line 1 (line 1 of the regenerated file): ends in CR LF",
        ),
    ] {
        let path = k.join(file);
        let before = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, before.replace('\n', "\r\n")).unwrap();
        one_line_error(&grundy(&["octal", "verify", "k"], d.path()), needle);
        std::fs::write(&path, before).unwrap();
    }
    stdout(&grundy(&["octal", "verify", "k"], d.path()));
}

#[test]
fn resuming_from_an_edited_checkpoint_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let args = [
        "octal",
        "seq",
        "kayles",
        "--max-n",
        "2000",
        "--checkpoint",
        "ck",
        "--summary",
    ];
    let first = stdout(&grundy(&args, d.path()));
    assert!(first.contains("G(2000) = 1"), "{first}");
    let ck = d.path().join("ck");
    // G(1500) edited, digest left stale: the read refuses it.
    edit_raw(&ck, 1500);
    let o = grundy(&args, d.path());
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ck"));
    // The last value edited with a fresh digest: the naive recheck refuses.
    stdout(&grundy(
        &[
            "octal",
            "seq",
            "kayles",
            "--max-n",
            "2000",
            "--checkpoint",
            "ck2",
        ],
        d.path(),
    ));
    edit_with_digest(&d.path().join("ck2"), 2000, 7);
    let mut again = args.to_vec();
    again[6] = "ck2";
    one_line_error(&grundy(&again, d.path()), "G(2000) is not the mex");
    // A shorter run reads a longer checkpoint without truncating it.
    let before = std::fs::read(d.path().join("ck3")).ok();
    assert!(before.is_none());
    stdout(&grundy(
        &[
            "octal",
            "seq",
            "kayles",
            "--max-n",
            "2000",
            "--checkpoint",
            "ck3",
        ],
        d.path(),
    ));
    let long = std::fs::read(d.path().join("ck3")).unwrap();
    let short = stdout(&grundy(
        &[
            "octal",
            "seq",
            "kayles",
            "--max-n",
            "10",
            "--checkpoint",
            "ck3",
        ],
        d.path(),
    ));
    assert_eq!(short.lines().count(), 12);
    assert_eq!(std::fs::read(d.path().join("ck3")).unwrap(), long);
    // A checkpoint of another code is refused.
    let mut other = again.clone();
    other[2] = "0.137";
    one_line_error(&grundy(&other, d.path()), "holds the code 0.77, not 0.137");
    // ... and a dataset directory the failed run created is removed.
    let o = grundy(
        &[
            "octal",
            "seq",
            "0.137",
            "--max-n",
            "50",
            "--checkpoint",
            "ck2",
            "--out",
            "new/ds",
        ],
        d.path(),
    );
    one_line_error(&o, "holds the code 0.77");
    assert!(!d.path().join("new/ds").exists());
}

#[test]
fn json_keys_follow_the_conventions() {
    let d = tempfile::tempdir().unwrap();
    let s = json(&grundy(
        &["octal", "seq", "kayles", "--max-n", "12", "--json"],
        d.path(),
    ));
    assert_eq!(s["code"], "0.77");
    assert_eq!(
        (s["first_n"].as_u64(), s["max_n"].as_u64()),
        (Some(0), Some(12))
    );
    assert_eq!(
        s["values"],
        serde_json::json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4])
    );
    let r = json(&grundy(
        &["octal", "ring", "kayles", "--max-n", "4", "--json"],
        d.path(),
    ));
    assert_eq!(r["code"], "0.77");
    assert_eq!(
        r["rows"],
        serde_json::json!([
            {"n": 1, "nimber": 1, "outcome": "N", "first_player_wins": true},
            {"n": 2, "nimber": 2, "outcome": "N", "first_player_wins": true},
            {"n": 3, "nimber": 0, "outcome": "P", "first_player_wins": false},
            {"n": 4, "nimber": 0, "outcome": "P", "first_player_wins": false},
        ])
    );
    let g = json(&grundy(&["ngon", "--max-n", "7", "--json"], d.path()));
    let wins: Vec<u64> = g["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["first_player_wins"] == true)
        .map(|r| r["n"].as_u64().unwrap())
        .collect();
    assert_eq!(wins, [3, 7]);
    assert_eq!(g["rows"][0]["nimber"], 1);
    assert_eq!(g["rows"][1]["outcome"], "P");
    let csv = stdout(&grundy(&["ngon", "--max-n", "4"], d.path()));
    assert_eq!(
        csv,
        "n,nimber,outcome,first_player_wins\n3,1,N,true\n4,0,P,false\n"
    );
    let p = json(&grundy(&["octal", "period", "kayles", "--json"], d.path()));
    assert_eq!(
        (p["code"].as_str(), p["period"].as_u64()),
        (Some("0.77"), Some(12))
    );
}

#[test]
fn an_interrupt_is_an_error_naming_the_checkpoint() {
    let d = tempfile::tempdir().unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "-q",
            "octal",
            "seq",
            "0.007",
            "--max-n",
            "400000",
            "--checkpoint",
            "ck.bin.zst",
        ])
        .current_dir(d.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let _ = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.starts_with("error: interrupted; progress saved to ck.bin.zst"),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(130));
    assert!(!read_sequence(&d.path().join("ck.bin.zst"))
        .unwrap()
        .1
        .is_empty());
}

/// SIGTERM of a run that does not checkpoint ends it at once (exit 130),
/// removing what it staged, with one line on standard error that says so,
/// like the checkpointed run's `interrupted; progress saved to ...`.
#[test]
fn a_terminated_run_without_a_checkpoint_says_nothing_was_written() {
    let d = tempfile::tempdir().unwrap();
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["octal", "seq", "0.007", "--max-n", "400000", "--out", "out"])
        .current_dir(d.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "error: interrupted; nothing was written\n"
    );
    assert!(o.stdout.is_empty());
    let left: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[test]
fn proved_periods_hold_far_beyond_their_proof() {
    use grundy::games::octal::theory::period::proved_period;
    // Codes with few digits, many of them periodic from n0 = 0 or 1, where
    // the quoted bound 2·n0 + p + t is too short. Each period proved from
    // a prefix must hold on the whole of 3000 values.
    let mut rng = Rng(9);
    let mut proved = 0;
    for i in 0..400 {
        let digits = 1 + rng.next() % 3;
        let mut text = String::from(if i % 7 == 0 { "4." } else { "0." });
        for _ in 0..digits {
            text.push(char::from(b'0' + (rng.next() % 8) as u8));
        }
        let c: OctalCode = text.parse().unwrap();
        let g = naive::sequence(&c, 3000);
        for len in [3, 5, 8, 12, 20, 40, 100, 400] {
            let Some(p) = proved_period(&c, &Values::from_u32s(&g[..len])) else {
                continue;
            };
            proved += 1;
            for n in p.pre_period..g.len() - p.period {
                assert_eq!(
                    g[n + p.period],
                    g[n],
                    "{c}: {p:?} from {len} values, n = {n}"
                );
            }
        }
    }
    assert!(proved > 300, "{proved}");
}

#[test]
fn a_period_from_zero_needs_the_longer_range() {
    let d = tempfile::tempdir().unwrap();
    // 0.4: G = 0, 0, 0, 1, …; the claim "G ≡ 0" used to be "proved" from
    // G(0..=2). A refuted claim exits with code 1, like a refuted row of
    // `check-table`: a script must not read it as confirmed.
    let out = grundy(
        &["octal", "check", "0.4", "--period", "1", "--values", "0"],
        d.path(),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "0.4: the claim fails at n = 3: it says G(3) = 0, but G(3) = 1.\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: the claim for 0.4 does not hold (first at n = 3)\n"
    );
}

fn code_text() -> impl Strategy<Value = String> {
    (
        prop::bool::ANY,
        prop::sample::select(vec!["0", "4", "8", "C", ""]),
        prop::collection::vec(0u8..16, 0..70),
    )
        .prop_map(|(hex, d0, digits)| {
            let radix = if hex { 16 } else { 8 };
            let body: String = digits
                .iter()
                .map(|&d| char::from_digit(u32::from(d % radix), 16).unwrap())
                .collect();
            format!("{}{d0}.{body}", if hex { "hex:" } else { "" })
        })
}

proptest! {
    #[test]
    fn codes_print_back_to_themselves(text in code_text()) {
        if let Ok(c) = text.parse::<OctalCode>() {
            let back: OctalCode = c.to_string().parse().unwrap();
            prop_assert_eq!(back, c);
        }
    }

    #[test]
    fn any_text_parses_or_errs_without_panic(text in ".{0,80}") {
        if let Ok(c) = text.parse::<OctalCode>() {
            prop_assert_eq!(c.to_string().parse::<OctalCode>().unwrap(), c);
        }
        if let Ok(c) = text.parse::<Claim>() {
            prop_assert_eq!(c.to_string().parse::<Claim>().unwrap(), c);
        }
    }

    #[test]
    fn claims_print_back_to_themselves(
        values in prop::collection::vec(any::<u32>(), 1..20),
        ex in prop::collection::btree_map(any::<usize>(), any::<u32>(), 0..8),
    ) {
        let c = Claim { period: values.len(), values, exceptions: ex };
        let back: Claim = c.to_string().parse().unwrap();
        prop_assert_eq!(back, c);
    }
}
