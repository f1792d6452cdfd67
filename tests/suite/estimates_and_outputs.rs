//! Every path that solves estimates first and refuses with the figure and
//! the flag; every command's output directory is replaced whole, or
//! refused when it is not that command's own earlier output.

use crate::common::{grundy, one_line_error};
use std::path::Path;

/// Paths that took gigabytes before refusing nothing: each is refused at
/// once, naming the estimate and `--force`, without building anything.
#[test]
fn runaway_paths_are_refused_before_they_allocate() {
    let d = tempfile::tempdir().unwrap();
    for args in [
        &["serve", "--tiles", "22", "--port", "0"][..],
        &["monorail", "play", "--tiles", "24"],
        &[
            "monorail",
            "solve",
            "--board",
            "32x32",
            "--station",
            "15,16",
            "--tiles",
            "22",
        ],
        &[
            "monorail",
            "show",
            "--board",
            "32x32",
            "--station",
            "15,16",
            "--tiles",
            "24",
            "-",
        ],
        &["monorail", "solve", "--tiles", "22"],
    ] {
        let start = std::time::Instant::now();
        let o = grundy(args, d.path());
        one_line_error(&o, "pass --force to run it anyway");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("GiB"), "{args:?}: {err}");
        assert!(err.contains("position classes"), "{args:?}: {err}");
        // Refused from the estimate alone, before any loop is enumerated.
        assert!(
            start.elapsed().as_secs() < 5,
            "{args:?} took {:?}",
            start.elapsed()
        );
    }
    assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 0);
}

/// Outputs estimated past the free space of their file system are refused
/// before anything is written, naming the path, the estimate and the space
/// free: `/proc` has none free whatever the machine, and a temporary
/// directory has less than the 114 GB of `octal seq 0.137 --max-n
/// 4294967295 --out` on most (where it has more, that half is skipped:
/// the run would write them).
#[test]
fn outputs_past_the_free_space_are_refused_before_anything_is_written() {
    let d = tempfile::tempdir().unwrap();
    let huge = ["octal", "seq", "0.137", "--max-n", "4294967295"];
    let o = grundy(
        &[&huge[..], &["--out", "/proc/grundy-huge"]].concat(),
        d.path(),
    );
    one_line_error(
        &o,
        "error: octal seq 0.137 --max-n 4294967295 --out /proc/grundy-huge would write about 114 GB, but /proc/grundy-huge's file system has 0 kB free; pass --force to write it anyway",
    );
    // A checkpoint: one byte a value, twice (a save writes beside the
    // last), on standard output's way as on --out's.
    let ckpt = ["octal", "seq", "0.6", "--max-n", "4294967295"];
    let o = grundy(
        &[&ckpt[..], &["--checkpoint", "/proc/ck"]].concat(),
        d.path(),
    );
    one_line_error(
        &o,
        "--checkpoint /proc/ck would write about 8.6 GB, but /proc/ck's file system has 0 kB free",
    );
    assert!(o.stdout.is_empty());
    // Small outputs do not look at the disk: 10^5 values are 1.4 MB.
    let o = grundy(
        &[
            "octal", "seq", "0.137", "--max-n", "100000", "--out", "small",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_dir_all(d.path().join("small")).unwrap();
    let free = grundy::jobs::disk::free_space(d.path()).expect("statvfs of a temporary directory");
    if free >= grundy::dataset::octal::dataset_bytes(1 << 32) {
        eprintln!("{free} bytes free: the refusal in a temporary directory is not tried");
        return;
    }
    let o = grundy(&[&huge[..], &["--out", "huge"]].concat(), d.path());
    one_line_error(
        &o,
        "error: octal seq 0.137 --max-n 4294967295 --out huge would write about 114 GB, but huge's file system has ",
    );
    assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 0);
}

/// Every value printed to a standard output that is a file is estimated
/// against that file's file system (54.7 GB of CSV for `octal seq 0.137
/// --max-n 4294967295`): tried in `/dev/shm` or a temporary directory,
/// whichever has less free than that (skipped where neither has).
#[test]
fn values_printed_to_a_file_past_its_free_space_are_refused() {
    let d = tempfile::tempdir().unwrap();
    let shm = Path::new("/dev/shm");
    let estimate = grundy::dataset::octal::csv_bytes(1 << 32);
    let free = |p: &Path| grundy::jobs::disk::free_space(p).unwrap_or(u64::MAX);
    let Some(dir) = [shm, d.path()]
        .into_iter()
        .find(|p| p.is_dir() && free(p) < estimate)
    else {
        eprintln!("more than {estimate} bytes free everywhere: not tried");
        return;
    };
    let file = tempfile::NamedTempFile::new_in(dir).unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["octal", "seq", "0.137", "--max-n", "4294967295"])
        .stdout(file.reopen().unwrap())
        .output()
        .unwrap();
    one_line_error(
        &o,
        "error: octal seq 0.137 --max-n 4294967295 would write about 55 GB, but standard output's file system has ",
    );
    assert_eq!(std::fs::metadata(file.path()).unwrap().len(), 0);
    // To a pipe nothing is estimated (a reader may stop early).
    let o = grundy(&["octal", "seq", "0.137", "--max-n", "20"], d.path());
    assert!(o.status.success());
    assert_eq!(o.stdout.len() as u64, grundy::dataset::octal::csv_bytes(21));
}

/// A position with few loops left is estimated from its own loops, not
/// refused with the whole game's estimate (T = 20 from the start needs
/// about 12 GiB; `show` allows itself 1 GiB).
#[test]
fn a_position_with_few_loops_is_not_refused_with_the_whole_games_estimate() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "monorail",
            "show",
            "--tiles",
            "18",
            "-3,0,NS;-2,0,NS;-1,0,NE",
            "--json",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["loops_left"], 46);
    let o = grundy(&["monorail", "show", "--tiles", "20", "-"], d.path());
    one_line_error(&o, "more than the 1.0 GiB show allows itself");
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_solve_replaces_its_own_output_whole_and_refuses_anything_else() {
    let d = tempfile::tempdir().unwrap();
    let solve = |out: &str, from: &str| {
        grundy(
            &[
                "monorail", "solve", "--tiles", "10", "--from", from, "--out", out, "--quiet",
            ],
            d.path(),
        )
    };
    let o = solve("m2", "-");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::write(d.path().join("m2/stray.csv"), "left over").unwrap();
    let o = solve("m2", "-1,0,NE");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        names(&d.path().join("m2")),
        [".grundy-output", "moves.csv", "summary.json"]
    );
    // The whole-game dataset of T = 10 is another command's output.
    let o = grundy(
        &[
            "monorail", "solve", "--tiles", "10", "--out", "m2", "--quiet",
        ],
        d.path(),
    );
    one_line_error(&o, "not of `grundy monorail solve`");
    // A directory of the user's is never replaced.
    std::fs::create_dir(d.path().join("mine")).unwrap();
    std::fs::write(d.path().join("mine/notes.txt"), "keep").unwrap();
    let o = solve("mine", "-");
    one_line_error(&o, "not the output of");
    assert_eq!(names(&d.path().join("mine")), ["notes.txt"]);
    // Nothing hidden is left beside the outputs.
    assert_eq!(names(d.path()), ["m2", "mine"]);
}

#[test]
fn leftovers_of_killed_runs_are_removed_by_the_next_run() {
    let d = tempfile::tempdir().unwrap();
    // What a run killed with SIGKILL leaves: its staging directory, named
    // after a process that no longer runs.
    let left = d.path().join(".grundy-999999999-xyz.tmp");
    std::fs::create_dir_all(left.join("0")).unwrap();
    std::fs::write(left.join("0/summary.json"), "{}").unwrap();
    let o = grundy(
        &[
            "monorail", "solve", "--tiles", "8", "--out", "out", "--quiet",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(names(d.path()), ["out"]);
}

/// Two runs writing the same directory at once: each replaces it whole,
/// so what is left is one run's dataset, consistent and verified.
#[test]
fn concurrent_runs_leave_one_whole_dataset() {
    let d = tempfile::tempdir().unwrap();
    let spawn = |n: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args([
                "octal", "seq", "kayles", "--max-n", n, "--out", "same", "--quiet",
            ])
            .current_dir(d.path())
            .output()
    };
    for _ in 0..3 {
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(|| spawn("20000"));
            let b = s.spawn(|| spawn("3000"));
            (a.join().unwrap().unwrap(), b.join().unwrap().unwrap())
        });
        assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
        assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
        let v = grundy(&["octal", "verify", "same"], d.path());
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
        assert_eq!(names(d.path()), ["same"]);
    }
    // A stray file in a dataset directory does not survive the next run.
    std::fs::write(d.path().join("same/stray.txt"), "x").unwrap();
    let o = spawn("100").unwrap();
    assert!(o.status.success());
    assert!(!d.path().join("same/stray.txt").exists());
    let summary = std::fs::read_to_string(d.path().join("same/summary.json")).unwrap();
    assert!(summary.contains("\"max_n\": 100"), "{summary}");
}

/// `reproduce` is staged as a whole: stopped by SIGTERM part-way, it exits
/// with 130 and leaves no output, no staging directory and no empty
/// directory behind.
#[test]
fn a_terminated_reproduce_leaves_nothing_behind() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("reports")).unwrap();
    std::fs::write(d.path().join("reports/notes.md"), "mine").unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "reproduce",
            "--out",
            "out/data",
            "--reports",
            "reports",
            "--quiet",
        ])
        .current_dir(d.path())
        .spawn()
        .unwrap();
    // Wait until it has staged something, then stop it.
    let start = std::time::Instant::now();
    while !names(d.path()).iter().any(|n| n.starts_with(".grundy-"))
        && !d.path().join("out/data").exists()
    {
        assert!(start.elapsed().as_secs() < 20, "nothing staged");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130));
    assert_eq!(names(d.path()), ["reports"]);
    assert_eq!(names(&d.path().join("reports")), ["notes.md"]);
}

/// A checkpoint kept inside the dataset directory is the run's own: the
/// directory is still replaced, and the checkpoint (which may hold more
/// values than the run keeps) goes along into the new one.
#[test]
fn a_checkpoint_inside_the_dataset_directory_is_kept() {
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("out")).unwrap();
    let seq = |n: &str, out: bool| {
        let mut args = vec!["octal", "seq", "kayles", "--max-n", n, "--quiet"];
        args.extend(["--checkpoint", "out/ck.bin.zst"]);
        if out {
            args.extend(["--out", "out"]);
        }
        grundy(&args, d.path())
    };
    assert!(seq("1000", false).status.success());
    let o = seq("200", true);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        names(&d.path().join("out")),
        [
            ".grundy-output",
            "b-file.txt",
            "ck.bin.zst",
            "sequence.bin.zst",
            "sequence.csv",
            "summary.json",
            "table.tex"
        ]
    );
    // It still holds G(0..=1000).
    let v = grundy(&["octal", "verify", "out/ck.bin.zst"], d.path());
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    assert!(
        String::from_utf8_lossy(&v.stdout).contains("G(0..=1000)"),
        "{}",
        String::from_utf8_lossy(&v.stdout)
    );
}
