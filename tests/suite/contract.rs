//! The command line's contract, whatever the subcommand: usage errors are
//! one `error:` line with exit 2, help and version exit 0, an OS message
//! is printed once, and long runs show plain progress when CI is set.

use crate::common::{grundy, one_line_error};
use std::process::Command;

#[test]
fn usage_errors_are_one_line_with_exit_2() {
    let d = tempfile::tempdir().unwrap();
    for (args, needle) in [
        (
            &["octal", "seq"][..],
            "required arguments were not provided: --max-n <MAX_N>, <CODE>; usage: grundy octal seq",
        ),
        (&[][..], "a subcommand is required"),
        (&["octal"][..], "a subcommand is required"),
        (&["--bogus"][..], "unexpected argument '--bogus'"),
        (&["octal", "seq", "0.77", "--max-n", "x"][..], "invalid value 'x' for '--max-n"),
        (&["octal", "seq", "0.77", "--max-n", "-1"][..], "--max-n"),
        (&["--threads", "0", "ngon", "--max-n", "5"][..], "--threads"),
        (&["--progress", "loud", "ngon", "--max-n", "5"][..], "--progress"),
    ] {
        let o = grundy(args, d.path());
        one_line_error(&o, needle);
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn help_and_version_exit_0() {
    let d = tempfile::tempdir().unwrap();
    for args in [&["--help"][..], &["octal", "seq", "--help"], &["--version"]] {
        let o = grundy(args, d.path());
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(String::from_utf8_lossy(&o.stdout).contains("grundy"));
    }
}

#[test]
fn an_os_error_is_named_once() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["graph", "/nonexistent-grundy-input"], d.path());
    one_line_error(&o, "/nonexistent-grundy-input");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("os error 2").count(), 1, "{err}");
}

fn run_with_env(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"));
    c.args(args).env_remove("CI");
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().unwrap()
}

/// A run of a few hundred milliseconds with lines every 0.05 s: plain
/// progress lines appear under CI (standard error is a pipe here), with
/// `--progress plain`, and by default on a pipe (a log), and never with
/// `--quiet` or `--progress none`. At the default interval the default
/// prints nothing on a pipe during a run's first 10 s: standard error stays
/// empty.
#[test]
fn plain_progress_on_a_pipe_unless_quiet() {
    let args = ["octal", "seq", "0.007", "--max-n", "60000", "--summary"];
    let fast = ("GRUNDY_PROGRESS_SECONDS", "0.05");
    let lines = |o: &std::process::Output| {
        assert_eq!(o.status.code(), Some(0));
        String::from_utf8_lossy(&o.stderr)
            .lines()
            .filter(|l| l.contains("G(n) of 0.007:") && l.contains("/60001"))
            .count()
    };
    assert!(lines(&run_with_env(&args, &[fast, ("CI", "true")])) >= 1);
    let mut plain = args.to_vec();
    plain.extend(["--progress", "plain"]);
    assert!(lines(&run_with_env(&plain, &[fast])) >= 1);
    let mut quiet = plain.clone();
    quiet.push("--quiet");
    assert_eq!(lines(&run_with_env(&quiet, &[fast, ("CI", "true")])), 0);
    // The default on a pipe without CI: a log shows signs of life ...
    assert!(lines(&run_with_env(&args, &[fast])) >= 1);
    // ... but not with --quiet or --progress none.
    let mut quiet = args.to_vec();
    quiet.push("--quiet");
    assert_eq!(lines(&run_with_env(&quiet, &[fast])), 0);
    let mut none = args.to_vec();
    none.extend(["--progress", "none"]);
    assert_eq!(lines(&run_with_env(&none, &[fast])), 0);
    // At the default 10 s, a short run's standard error stays empty.
    let o = run_with_env(&args, &[]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
}

/// The period search counts its values against the most it may compute
/// (`--max-n` + 1), so its progress line shows a count, not "working".
#[test]
fn the_period_search_shows_a_count() {
    let o = run_with_env(
        &[
            "octal",
            "period",
            "0.007",
            "--max-n",
            "60000",
            "--progress",
            "plain",
        ],
        &[("GRUNDY_PROGRESS_SECONDS", "0.05")],
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.lines().any(
            |l| l.contains("period of 0.007, G(n) for n < 60001 at most: ")
                && l.contains("/60001 (")
        ),
        "{err}"
    );
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("working"), "{err}");
}

/// `monorail solve --json` and `monorail verify --json` print one object
/// with the contract's keys; the T = 8 start is *8, a first-player win.
#[test]
fn monorail_solve_and_verify_print_json() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "monorail", "solve", "--tiles", "8", "--out", "t8", "--json", "--quiet",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["nimber"], 8);
    assert_eq!(j["outcome"], "N");
    assert_eq!(j["first_player_wins"], true);
    assert_eq!(j["summary"]["tiles"], 8);
    assert!(j["reports"].is_null());
    let o = grundy(&["monorail", "verify", "t8", "--json", "--quiet"], d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["ok"], true);
    assert_eq!(j["tiles"], 8);
    assert_eq!(j["loops_checked"], 18);
}

fn read(path: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// README and the book install the tool with `cargo install --locked`:
/// without `--locked`, `cargo install` ignores `Cargo.lock` and builds
/// with whatever versions are newest.
#[test]
fn install_lines_keep_cargo_lock() {
    let mut docs = vec!["README.md".to_string(), "python/README.md".to_string()];
    for e in std::fs::read_dir(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src"))
        .unwrap()
    {
        let name = e.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") {
            docs.push(format!("docs/src/{name}"));
        }
    }
    let mut installs = 0;
    for doc in &docs {
        for line in read(doc).lines() {
            if line.contains("cargo install") && line.contains("--path") {
                assert!(line.contains("--locked"), "{doc}: {line}");
                installs += 1;
            }
        }
    }
    // README's Install section and the book's Installing chapter.
    assert!(installs >= 2, "{installs}");
}

/// The help of `grundy PATH...`.
fn help(path: &[&str]) -> String {
    let mut args = path.to_vec();
    args.push("--help");
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(&args)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{path:?}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The commands README and the book say take no `--json` are exactly
/// those whose help has none.
#[test]
fn the_commands_without_json_are_those_the_docs_name() {
    let subcommands = |help: &str| -> Vec<String> {
        help.lines()
            .skip_while(|l| *l != "Commands:")
            .skip(1)
            .take_while(|l| !l.is_empty())
            .filter_map(|l| l.split_whitespace().next())
            .filter(|c| *c != "help")
            .map(str::to_string)
            .collect()
    };
    let mut without = Vec::new();
    for top in subcommands(&help(&[])) {
        let own = help(&[&top]);
        let mut leaves: Vec<String> = subcommands(&own)
            .iter()
            .map(|s| format!("{top} {s}"))
            .collect();
        // A command that also answers by itself (`treblecross ROW`): its
        // first usage line is not `grundy TOP [OPTIONS] <COMMAND>`.
        let usage = own.lines().find(|l| l.starts_with("Usage:")).unwrap();
        if !usage.ends_with("<COMMAND>") {
            leaves.push(top.clone());
        }
        for leaf in leaves {
            let path: Vec<&str> = leaf.split(' ').collect();
            if !help(&path).contains("--json") {
                without.push(leaf);
            }
        }
    }
    without.sort();
    // The backticked names between "every command but" and "takes `--json`".
    let named = |doc: &str| {
        let text = read(doc).replace('\n', " ");
        let from = text.find("very command but ").expect("the sentence");
        let rest = &text[from..];
        let to = rest.find("takes `--json`").expect("the sentence's end");
        let mut names: Vec<String> = rest[..to]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        names.sort();
        names
    };
    assert_eq!(named("README.md"), without);
    assert_eq!(named("docs/src/commands.md"), without);
    assert!(without.contains(&"serve".to_string()), "{without:?}");
}
