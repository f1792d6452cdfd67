//! `grundy cram --certificate` and `grundy cram verify`: certificates
//! written, rechecked and refused when edited; `--checkpoint`: a run
//! killed with `kill -9` resumes with the same answer.

use super::common::{grundy, one_line_error};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn json(args: &[&str], dir: &std::path::Path) -> serde_json::Value {
    let o = grundy(args, dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn certificates_are_rechecked_and_edits_refused() {
    let d = tempfile::tempdir().unwrap();
    // 4 x 7 is *3 (Beling's table of record).
    let v = json(
        &[
            "cram",
            "4x7",
            "--nimber-only",
            "--certificate",
            "c.csv",
            "--json",
            "--quiet",
        ],
        d.path(),
    );
    assert_eq!(v["nimber"], 3);
    let (is, is_not) = (
        v["certificate"]["is"].as_u64().unwrap(),
        v["certificate"]["is_not"].as_u64().unwrap(),
    );
    assert!(is > 1000 && is_not > 1000, "{v}");
    let c = json(&["cram", "verify", "c.csv", "--json"], d.path());
    assert_eq!(
        (c["nimber"].as_u64(), c["verified"].as_bool()),
        (Some(3), Some(true))
    );
    assert_eq!(
        (c["is"].as_u64(), c["is_not"].as_u64()),
        (Some(is), Some(is_not))
    );
    assert_eq!(c["board"], "4x7");

    let text = std::fs::read_to_string(d.path().join("c.csv")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "kind,picture,nimber");
    assert_eq!(lines[1], "board,......./......./......./.......,3");
    let edit = |name: &str, f: &dyn Fn(&mut Vec<String>)| {
        let mut l: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
        f(&mut l);
        std::fs::write(d.path().join(name), l.join("\n") + "\n").unwrap();
        grundy(&["cram", "verify", name], d.path())
    };
    // The board's nimber changed.
    let o = edit("board.csv", &|l| l[1] = l[1].replace(",3", ",2"));
    one_line_error(
        &o,
        "line 2 (the board): the board's regions sum to 3, not the 2 claimed",
    );
    // A value changed: the first `is` line of the most cells.
    let last_is = lines.iter().rposition(|l| l.starts_with("is,")).unwrap();
    let o = edit("value.csv", &|l| {
        let (head, n) = l[last_is].rsplit_once(',').unwrap();
        let n: u8 = n.parse().unwrap();
        l[last_is] = format!("{head},{}", n + 1);
    });
    // The edited line itself fails its check.
    one_line_error(
        &o,
        &format!("verification failed in value.csv: line {}: ", last_is + 1),
    );
    // A fact left out: some fact or the board then lacks what it needs.
    let o = edit("gap.csv", &|l| {
        l.remove(last_is);
    });
    one_line_error(&o, "verification failed in gap.csv: line ");
    // Not a certificate at all.
    std::fs::write(d.path().join("junk.csv"), "a,b\n").unwrap();
    one_line_error(
        &grundy(&["cram", "verify", "junk.csv"], d.path()),
        "junk.csv line 1",
    );
    one_line_error(
        &grundy(&["cram", "verify", "none.csv"], d.path()),
        "none.csv",
    );
    // Compressed, and an unwritable path refused before the search.
    let z = json(
        &[
            "cram",
            "3x9",
            "--certificate",
            "c.csv.zst",
            "--json",
            "--quiet",
        ],
        d.path(),
    );
    let c = json(&["cram", "verify", "c.csv.zst", "--json"], d.path());
    assert_eq!(c["nimber"], z["nimber"]);
    one_line_error(
        &grundy(&["cram", "3x9", "--certificate", "c.csv/x.csv"], d.path()),
        "c.csv",
    );
}

#[test]
fn a_killed_run_resumes_from_its_checkpoint() {
    let d = tempfile::tempdir().unwrap();
    let args = [
        "cram",
        "5x8",
        "--nimber-only",
        "--checkpoint",
        "ck",
        "--checkpoint-every",
        "0.05",
        "--json",
        "--quiet",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(d.path())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let file = d.path().join("ck/cram-table.bin.zst");
    let start = Instant::now();
    while !file.exists() && start.elapsed() < Duration::from_secs(60) {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(file.exists(), "no checkpoint written");
    // 5 x 8 is *1 (Beling's table of record), resumed or not.
    let v = json(&args, d.path());
    assert_eq!(v["nimber"], 1);
    assert!(
        v["checkpoint"]["resumed_values"].as_u64().unwrap() > 0,
        "{v}"
    );
    let fresh = json(
        &["cram", "5x8", "--nimber-only", "--json", "--quiet"],
        d.path(),
    );
    assert!(v["regions_solved"].as_u64() < fresh["regions_solved"].as_u64());
    // Another board's checkpoint, or a damaged one, is refused.
    let o = grundy(&["cram", "5x7", "--checkpoint", "ck"], d.path());
    one_line_error(&o, "it is the checkpoint of board");
    std::fs::write(&file, b"not zstd").unwrap();
    one_line_error(&grundy(&args, d.path()), "cram-table.bin.zst");
}
