//! Helpers shared by the command-line tests.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Command, Output};

/// Runs the `grundy` binary with `args` in `dir`.
pub fn grundy(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        // Misère quotients are cached beside the test's files, never in
        // the user's home.
        .env("GRUNDY_CACHE", dir.join(".grundy-cache"))
        .output()
        .expect("the binary runs")
}

/// Runs the `grundy` binary with `args` in `dir` and the environment
/// variables `env` set (`GRUNDY_MEMORY` for a small machine).
pub fn grundy_env(args: &[&str], dir: &Path, env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .env("GRUNDY_CACHE", dir.join(".grundy-cache"))
        .envs(env.iter().copied())
        .output()
        .expect("the binary runs")
}

/// Asserts exit code 2 and one `error:` line containing `needle`.
pub fn one_line_error(o: &Output, needle: &str) {
    assert_eq!(
        o.status.code(),
        Some(2),
        "exit code; stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(needle), "{needle:?} in {err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Asserts that each of `files` is byte-identical in directories `a` and `b`.
pub fn assert_same_files(a: &Path, b: &Path, files: &[&str]) {
    for f in files {
        let x = std::fs::read(a.join(f)).unwrap();
        let y = std::fs::read(b.join(f)).unwrap();
        assert!(
            x == y,
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

/// Writes `text` to `name` in `dir` and returns the path as a string, for
/// commands that read an input file.
pub fn write_input(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}
