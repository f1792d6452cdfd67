//! What the compiler cannot check about the layers.
//!
//! The road runs one way, `cli` → `serve` → `jobs` → `report` →
//! `dataset` → `games` → `core`, and each layer is a crate of the
//! workspace (docs/src/layout.md), so an import that runs up the road does
//! not compile: every crate depends on the one below it, and an upward
//! dependency would be a cycle, which cargo refuses. This file checks the
//! rest:
//!
//! * every crate names only the workspace crates its row of [`LAYERS`]
//!   allows (the server and the Python package reach the jobs library and
//!   nothing below it: the jobs re-export the core's error and progress
//!   types, which their API takes and returns);
//! * the engines (`grundy-core`, `grundy-games`) name none of the I/O,
//!   server, batch or MPI crates in their manifests, and their sources
//!   touch no file, stream, process, environment or socket, and read the
//!   clock only in [`CLOCK`], the core's `Clock` (the engines take time
//!   from their caller's context; none names the system's clock);
//! * the command line and the Python package use the crates by name, not
//!   the facade `grundy::` (which serves the tests, benches and fuzz
//!   targets);
//! * every `.rs` file of the repository is classified: a file in a folder
//!   this table does not know fails the test instead of going unread;
//! * no subcommand file of `src/cli/` uses another.

use std::path::{Path, PathBuf};

/// Each crate of the workspace (and the Python package, its own
/// workspace), its folder, and the workspace crates its manifest may name.
const LAYERS: [(&str, &str, &[&str]); 8] = [
    ("grundy-core", "crates/core", &[]),
    ("grundy-games", "crates/games", &["grundy-core"]),
    (
        "grundy-dataset",
        "crates/dataset",
        &["grundy-core", "grundy-games"],
    ),
    (
        "grundy-report",
        "crates/report",
        &["grundy-core", "grundy-games", "grundy-dataset"],
    ),
    (
        "grundy-jobs",
        "crates/jobs",
        &[
            "grundy-core",
            "grundy-games",
            "grundy-dataset",
            "grundy-report",
        ],
    ),
    ("grundy-serve", "crates/serve", &["grundy-jobs"]),
    (
        "grundy",
        ".",
        &[
            "grundy-core",
            "grundy-games",
            "grundy-dataset",
            "grundy-report",
            "grundy-jobs",
            "grundy-serve",
        ],
    ),
    ("grundy-python", "python", &["grundy-jobs"]),
];

/// Crates an engine's manifest may not name: files, compression, formats
/// of the datasets, the server, the command line, the batch system.
const NOT_IN_ENGINES: [&str; 15] = [
    "zstd",
    "tempfile",
    "axum",
    "tokio",
    "hyper",
    "hyper-util",
    "httparse",
    "csv",
    "mpi",
    "bincode",
    "serde_json",
    "indicatif",
    "clap",
    "rustix",
    "ctrlc",
];

/// What an engine's source may not do: the file system, streams, the
/// process, its environment, the network.
const NO_IO: [&str; 12] = [
    "std::fs",
    "File::",
    "std::net",
    "std::process",
    "std::env",
    "println!",
    "eprintln!",
    "print!(",
    "stdin()",
    "stdout()",
    "stderr()",
    "OpenOptions",
];

/// The one file below the jobs that reads the system's clock: the core's
/// `Clock`, which the engines are handed (through a `Progress` context, a
/// journal or a `Deadline`) and never pick themselves.
const CLOCK: [&str; 1] = ["crates/core/src/clock.rs"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        if p.is_dir() {
            // Build output and the tools' own folders.
            if ["target", ".git", "node_modules", "book"].contains(&name.as_str()) {
                continue;
            }
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `.rs` file under the folders `dirs` of the repository, with its
/// path relative to the root (`/`-separated).
fn sources(dirs: &[&str]) -> Vec<(PathBuf, String)> {
    let mut all = Vec::new();
    for dir in dirs {
        files(&root().join(dir), &mut all);
    }
    all.into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (p, rel)
        })
        .collect()
}

/// The source without its `#[cfg(test)]` modules and comments.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The package names a manifest's `[dependencies]`, `[dev-dependencies]`
/// and `[build-dependencies]` tables list (plain `name = ...` lines and
/// `name.workspace = true`).
fn dependencies(manifest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in manifest.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            inside = matches!(
                t,
                "[dependencies]" | "[dev-dependencies]" | "[build-dependencies]"
            );
            continue;
        }
        if !inside || t.is_empty() || t.starts_with('#') {
            continue;
        }
        let name = t
            .split(['=', '.', ' '])
            .next()
            .unwrap_or("")
            .trim_matches('"');
        if !name.is_empty() {
            out.push(name.to_string());
        }
    }
    out
}

#[test]
fn every_crate_names_only_the_crates_below_it() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (name, dir, allowed) in LAYERS {
        let manifest = std::fs::read_to_string(root().join(dir).join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "{dir}/Cargo.toml is not {name}"
        );
        for d in dependencies(&manifest) {
            if d.starts_with("grundy") {
                checked += 1;
                if !allowed.contains(&d.as_str()) {
                    wrong.push(format!("{name} names {d}"));
                }
            }
        }
    }
    assert!(checked >= 18, "only {checked} workspace dependencies found");
    assert!(
        wrong.is_empty(),
        "dependencies off the road:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_engines_name_no_io_crate() {
    for dir in ["crates/core", "crates/games"] {
        let manifest = std::fs::read_to_string(root().join(dir).join("Cargo.toml")).unwrap();
        let deps = dependencies(&manifest);
        assert!(
            deps.iter().any(|d| d == "serde"),
            "{dir}: parser broken? {deps:?}"
        );
        for d in deps {
            assert!(
                !NOT_IN_ENGINES.contains(&d.as_str()),
                "{dir}/Cargo.toml names {d}"
            );
        }
    }
}

#[test]
fn the_engines_do_no_io_and_read_the_clock_only_where_listed() {
    let mut wrong = Vec::new();
    let mut clock = Vec::new();
    let mut seen = 0;
    for (path, rel) in sources(&["crates/core/src", "crates/games/src"]) {
        seen += 1;
        let text = code(&path);
        for bad in NO_IO {
            if text.contains(bad) {
                wrong.push(format!("{rel} uses {bad}"));
            }
        }
        if text.contains("Instant::now") || text.contains("SystemTime") {
            clock.push(rel.clone());
        }
        if rel.starts_with("crates/games/") && text.contains("SystemClock") {
            wrong.push(format!("{rel} picks the system's clock"));
        }
    }
    assert!(seen > 80, "only {seen} engine files found");
    assert!(
        wrong.is_empty(),
        "I/O in the engines:\n{}",
        wrong.join("\n")
    );
    clock.sort();
    assert_eq!(
        clock, CLOCK,
        "an engine file reads the clock: take time from the caller's Clock (its Progress context, journal or Deadline) instead"
    );
}

/// Every `prefix` path in `text` (a word boundary before it).
fn uses(text: &str, prefix: &str) -> usize {
    text.match_indices(prefix)
        .filter(|(i, _)| {
            !text[..*i]
                .chars()
                .last()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
        })
        .count()
}

#[test]
fn the_command_line_and_python_name_the_crates_not_the_facade() {
    for dir in ["src/cli", "python/src"] {
        let all = sources(&[dir]);
        assert!(!all.is_empty(), "{dir}: no files");
        for (path, _) in all {
            let n = uses(&code(&path), "grundy::");
            assert_eq!(
                n,
                0,
                "{} uses the facade grundy:: {n} times",
                path.display()
            );
        }
    }
    assert_eq!(
        uses("use grundy::games; x::grundy::y; a_grundy::z", "grundy::"),
        1
    );
}

#[test]
fn every_source_file_is_classified() {
    // Where `.rs` files may be, and what each folder is.
    let classes: [(&str, &str); 8] = [
        ("crates/", "a layer of the workspace"),
        ("src/", "the binary (main.rs, cli/) and the facade (lib.rs)"),
        ("tests/", "the integration tests"),
        ("benches/", "the criterion benches"),
        ("examples/", "examples of the library"),
        ("fuzz/", "the fuzz targets"),
        ("python/src/", "the Python bindings"),
        ("python/tests/", "the Python package's tests"),
    ];
    let mut unknown = Vec::new();
    let mut counted = [0usize; 8];
    for (_, rel) in sources(&[""]) {
        // Inside crates/, only the folders of LAYERS.
        let layer = rel.strip_prefix("crates/").map(|rest| {
            let dir = format!("crates/{}", rest.split('/').next().unwrap());
            LAYERS.iter().any(|(_, d, _)| *d == dir)
        });
        match classes.iter().position(|(p, _)| rel.starts_with(p)) {
            Some(i) if layer != Some(false) => counted[i] += 1,
            _ => unknown.push(rel),
        }
    }
    assert!(
        unknown.is_empty(),
        "files in no known folder:\n{}",
        unknown.join("\n")
    );
    assert!(counted[0] > 150, "only {} crate files", counted[0]);
    assert!(counted[1] > 30, "only {} files under src/", counted[1]);
    assert!(counted[2] > 30, "only {} test files", counted[2]);
    assert!(counted[3] >= 6, "only {} benches", counted[3]);
}

// The command line's own layering: no subcommand file of `src/cli/` uses
// another. A file may use the shared modules (`common`, `progress`,
// `refuted`) and, in a folder, items its folder's `mod.rs` defines, but
// not a sibling subcommand's module; a `mod.rs` dispatches to its own
// children by name.

const CLI_SHARED: [&str; 3] = ["common", "progress", "refuted"];

/// The module path of a file under `src/cli/`, below `cli`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// Every path starting `prefix` in `text`, as its segments after it
/// (each item of a `{...}` group separately).
fn paths(text: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let head: Vec<String> = rest[..end]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        if rest[end..].starts_with('{') {
            let close = rest[end..].find('}').map_or(rest.len(), |j| end + j);
            for item in rest[end + 1..close].split(',') {
                let first = item.trim().split("::").next().unwrap_or("").trim();
                if !first.is_empty() {
                    let mut p = head.clone();
                    p.push(first.to_string());
                    out.push(p);
                }
            }
        } else {
            out.push(head);
        }
    }
    out
}

#[test]
fn no_subcommand_file_uses_another() {
    let cli = root().join("src/cli");
    let mut all = Vec::new();
    files(&cli, &mut all);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for path in &all {
        let rel = path.strip_prefix(&cli).unwrap();
        let module = module_of(rel);
        let text = code(path);
        let mut targets: Vec<Vec<String>> = paths(&text, "crate::cli::");
        for p in paths(&text, "super::") {
            // `super` of a file module is its folder; of a `mod.rs`, the
            // folder above. Further `super`s climb on.
            let mut base = module.clone();
            base.pop();
            let mut segs = p.as_slice();
            while segs.first().is_some_and(|s| s == "super") {
                base.pop();
                segs = &segs[1..];
            }
            base.extend(segs.iter().cloned());
            targets.push(base);
        }
        for t in targets {
            checked += 1;
            let Some(top) = t.first() else { continue };
            if CLI_SHARED.contains(&top.as_str()) || t.starts_with(&module) {
                continue;
            }
            // An item of an enclosing folder's `mod.rs` (not one of its
            // child modules).
            let folder_item = (1..=module.len()).any(|k| {
                let folder = &module[..module.len() - k];
                t.len() == folder.len() + 1
                    && t.starts_with(folder)
                    && !folder.is_empty()
                    && !cli
                        .join(folder.join("/"))
                        .join(format!("{}.rs", t[folder.len()]))
                        .exists()
                    && !cli.join(folder.join("/")).join(&t[folder.len()]).is_dir()
            });
            if !folder_item {
                wrong.push(format!("cli/{} uses cli::{}", rel.display(), t.join("::")));
            }
        }
    }
    assert!(
        checked > 30,
        "only {checked} paths found: is the parser broken?"
    );
    assert!(
        wrong.is_empty(),
        "subcommand files that use another:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_checker_sees_a_sibling() {
    let p = paths(
        "use super::monorail::BoardArgs;\nuse super::{a, b::c};",
        "super::",
    );
    assert_eq!(p[0], ["monorail", "BoardArgs"]);
    assert_eq!(p[1], ["a"]);
    assert_eq!(p[2], ["b"]);
    assert_eq!(module_of(Path::new("octal/seq.rs")), ["octal", "seq"]);
    assert_eq!(module_of(Path::new("octal/mod.rs")), ["octal"]);
}

// No big rooms: no file over 800 lines and no function over 100 lines
// outside tests (issue 43).

/// Lines a source file may have before its first `#[cfg(test)]` module.
const MAX_FILE_LINES: usize = 800;
/// Lines a function may have, its signature and closing brace included.
const MAX_FN_LINES: usize = 100;

/// The lines of `text` before its first `#[cfg(test)]` module.
fn untested_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&i| {
            lines[i].starts_with("#[cfg(test)]")
                && lines[i + 1..]
                    .iter()
                    .take(2)
                    .any(|l| l.starts_with("mod ") || l.starts_with("pub mod "))
        })
        .unwrap_or(lines.len());
    lines[..end].to_vec()
}

/// Each function of `lines` with its length in lines: from its `fn` line
/// to the first line after it that closes at the same indentation.
fn functions<'t>(lines: &[&'t str]) -> Vec<(&'t str, usize)> {
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        let indent = &l[..l.len() - t.len()];
        let t = ["pub(crate) ", "pub(super) ", "pub "]
            .iter()
            .find_map(|p| t.strip_prefix(p))
            .unwrap_or(t);
        let t = ["const ", "async ", "unsafe "]
            .iter()
            .find_map(|p| t.strip_prefix(p))
            .unwrap_or(t);
        let Some(rest) = t.strip_prefix("fn ") else {
            continue;
        };
        let name = rest
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        let close = format!("{indent}}}");
        if let Some(j) = lines[i..].iter().position(|x| x.starts_with(&close)) {
            out.push((name, j + 1));
        }
    }
    out
}

#[test]
fn no_big_rooms() {
    let mut files_over = Vec::new();
    let mut fns_over = Vec::new();
    let mut counted = 0;
    for (path, rel) in sources(&["crates", "src"]) {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines = untested_lines(&text);
        if lines.len() > MAX_FILE_LINES {
            files_over.push(rel.clone());
        }
        for (name, n) in functions(&lines) {
            counted += 1;
            if n > MAX_FN_LINES {
                fns_over.push(format!("{rel}:{name}"));
            }
        }
    }
    assert!(
        counted > 1500,
        "only {counted} functions found: is the parser broken?"
    );
    files_over.sort();
    fns_over.sort();
    fns_over.dedup();
    assert!(
        files_over.is_empty(),
        "files over {MAX_FILE_LINES} lines outside tests: {files_over:?}"
    );
    assert!(
        fns_over.is_empty(),
        "functions over {MAX_FN_LINES} lines outside tests: {fns_over:?}"
    );
}

#[test]
fn the_size_checker_measures_functions() {
    let text = "fn a() {\n    x;\n}\n\npub fn b(\n    y: u8,\n) {\n    if y {\n    }\n}\n#[cfg(test)]\nmod tests {\n    fn c() {}\n}\n";
    let lines = untested_lines(text);
    assert_eq!(lines.len(), 10);
    assert_eq!(functions(&lines), [("a", 3), ("b", 6)]);
}
