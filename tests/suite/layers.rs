//! The road through the house runs one way: `cli` → `serve` → `jobs` →
//! `report` → `dataset` → `games` → `impartial`, with `error` and
//! `progress` shared ground. Every `crate::` (or, in the command line,
//! `grundy::`) path of every source file outside its tests is checked
//! against the folders its own folder may use; no subcommand file of
//! `cli/` uses another.

use std::path::{Path, PathBuf};

const ORDER: [&str; 7] = [
    "cli",
    "serve",
    "jobs",
    "report",
    "dataset",
    "games",
    "impartial",
];
const SHARED: [&str; 2] = ["error", "progress"];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The source without its `#[cfg(test)] mod tests` and comments.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `prefix::name` in `text`: the first path segment after it.
fn roots<'t>(text: &'t str, prefix: &str) -> Vec<&'t str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(r) = rest.strip_prefix('{') {
            // `crate::{a, b::c}`: each item's first segment.
            let end = r.find('}').unwrap_or(r.len());
            for item in r[..end].split(',') {
                let name = item.trim().split("::").next().unwrap_or("");
                out.push(name.trim());
            }
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        out.push(&rest[..end]);
    }
    out
}

#[test]
fn every_import_runs_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let mut wrong = Vec::new();
    let mut checked = 0;
    for path in &all {
        let rel = path.strip_prefix(&src).unwrap();
        let folder = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let folder = folder.trim_end_matches(".rs");
        let Some(rank) = ORDER.iter().position(|f| *f == folder) else {
            continue; // lib.rs, main.rs, error.rs, progress.rs
        };
        let text = code(path);
        let mut used = roots(&text, "crate::");
        if folder == "cli" {
            // The binary's own modules are `crate::cli::...`; the library
            // is `grundy::...`.
            used.retain(|r| *r != "cli");
            used.extend(roots(&text, "grundy::"));
        }
        for r in used {
            checked += 1;
            let ok = SHARED.contains(&r)
                || ORDER
                    .iter()
                    .position(|f| *f == r)
                    .is_some_and(|i| i >= rank)
                || !ORDER.contains(&r);
            if !ok {
                wrong.push(format!("{} uses {r}", rel.display()));
            }
        }
    }
    assert!(
        checked > 200,
        "only {checked} paths found: is the parser broken?"
    );
    assert!(
        wrong.is_empty(),
        "imports that run up a layer:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_checker_sees_an_upward_import() {
    let text = "use crate::jobs::x;\nuse crate::{games::a, report::b};\n// use crate::cli::c;\nlet y = not_crate::z;";
    let roots = roots(text, "crate::");
    assert_eq!(roots, ["jobs", "games", "report", "cli"]);
    // Comments are dropped by `code`, not by `roots`.
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
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
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
