//! Checkpointed Monorail solves: killed with `kill -9` and stopped with
//! SIGTERM part-way, then resumed by the same command, they write exactly
//! the files of an uninterrupted run; a corrupt or foreign checkpoint is
//! refused with one line.

use crate::common::{assert_same_files, grundy, one_line_error};
use grundy::dataset::monorail_positions::write_table;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The files compared; the resumed run's remoteness comes from the walk
/// over its nimbers (the checkpoint keeps none), the uninterrupted run's
/// from the solve itself.
const FILES: [&str; 7] = [
    "summary.json",
    "first_moves.csv",
    "subgames.csv",
    "loops.csv",
    "layers.csv",
    "positions.bin.zst",
    "remoteness.bin.zst",
];

fn solve_args(out: &str) -> Vec<String> {
    [
        "monorail",
        "solve",
        "--tiles",
        "16",
        "--out",
        out,
        "--checkpoint-every",
        "0.2",
        "--quiet",
    ]
    .map(String::from)
    .to_vec()
}

fn spawn(args: &[String], dir: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

fn chunks(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.file_name().to_string_lossy().starts_with("chunk-"))
            })
            .count()
        })
        .unwrap_or(0)
}

/// Waits until the run has written at least `n` more checkpoint chunks than
/// `before` (so it is part-way), or fails after a minute.
fn wait_for_chunks(child: &mut Child, dir: &Path, before: usize, n: usize) {
    let start = Instant::now();
    while chunks(dir) < before + n {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before writing {n} checkpoint chunks"
        );
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn killed_and_stopped_runs_resume_to_identical_files() {
    let t = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "monorail",
            "solve",
            "--tiles",
            "16",
            "--out",
            "ref",
            "--no-checkpoint",
            "--quiet",
        ],
        t.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ck = t.path().join("run/checkpoint");

    // kill -9 part-way: only complete chunks are left, no dataset.
    let mut child = spawn(&solve_args("run"), t.path());
    wait_for_chunks(&mut child, &ck, 0, 4);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!t.path().join("run/positions.bin.zst").exists());
    let after_kill = chunks(&ck);

    // Resumed, then stopped by SIGTERM: exit 130, progress kept.
    let mut child = spawn(&solve_args("run"), t.path());
    wait_for_chunks(&mut child, &ck, after_kill, 2);
    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted; progress saved to"), "{err}");
    assert!(chunks(&ck) > after_kill);

    // Resumed to the end: the same bytes as the uninterrupted run, and the
    // checkpoint is gone.
    let o = grundy(
        &solve_args("run")
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        t.path(),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("resumed from"), "{err}");
    assert_same_files(&t.path().join("ref"), &t.path().join("run"), &FILES);
    assert!(!ck.exists());
}

/// A valid T = 12 checkpoint chunk of `records`, written as the solve would.
fn chunk(path: &Path, tiles: u32, loops: u64, records: &[(u64, u16)]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut bytes = Vec::new();
    write_table(&mut bytes, tiles, loops, records, 1).unwrap();
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn corrupt_and_foreign_checkpoints_are_refused() {
    let args = [
        "monorail",
        "solve",
        "--tiles",
        "12",
        "--out",
        "d",
        "--checkpoint-every",
        "5",
        "--quiet",
    ];
    // Another game's chunk (T = 10, 112 loops).
    let t = tempfile::tempdir().unwrap();
    let p = t.path().join("d/checkpoint/chunk-00000000.bin.zst");
    chunk(&p, 10, 112, &[(5, 1)]);
    one_line_error(
        &grundy(&args, t.path()),
        "is for T = 10 with 112 loops, not T = 12",
    );
    assert!(!t.path().join("d/summary.json").exists());
    // A chunk whose bytes were changed.
    chunk(&p, 12, 662, &[(5, 1), (9, 0)]);
    let mut bytes = std::fs::read(&p).unwrap();
    let n = bytes.len();
    bytes[n / 2] ^= 0x40;
    std::fs::write(&p, bytes).unwrap();
    one_line_error(&grundy(&args, t.path()), "corrupt checkpoint chunk");
    // Not a chunk at all.
    std::fs::write(&p, b"hello").unwrap();
    one_line_error(&grundy(&args, t.path()), "delete");
    // A stray temporary file of a killed write is ignored; a good chunk is
    // used, and the run finishes and removes the checkpoint.
    std::fs::remove_file(&p).unwrap();
    std::fs::write(t.path().join("d/checkpoint/.grundy-x.tmp"), b"partial").unwrap();
    let o = grundy(&args, t.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(!t.path().join("d/checkpoint").exists());
}
