//! Output staged whole: every file and directory a run writes goes first
//! into a hidden staging directory beside its target, and only when the
//! whole run has succeeded does [`Stage::commit`] put each in place, a
//! directory replacing the earlier one *whole* (no stray file of an
//! earlier run survives) and a file replacing the earlier file. A run that
//! fails, is interrupted or is killed leaves its targets as they were.
//!
//! A directory target is refused unless it is absent, empty, or marked as
//! the output of the same kind of command by the marker file
//! [`MARKER`] (one line: the kind, such as `monorail solve`), which
//! [`Stage::dir`] writes into every staged directory; so a command never
//! deletes a directory it did not write.
//!
//! Staging directories are named `.grundy-<pid>-<random>.tmp`. A run that
//! dies before it commits or cleans up (SIGKILL, a power cut) leaves one
//! behind; the next run that stages output in the same parent directory
//! removes every such leftover whose process is gone
//! ([`remove_leftovers`]). SIGINT and SIGTERM are handled by
//! [`remove_all_staged`], which a signal handler calls before exiting.

use super::atomic::create_dir;
use grundy_core::error::{Error, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The marker file of a staged output directory: its kind, one line.
pub const MARKER: &str = ".grundy-output";

/// Paths that a signal handler removes before the process exits: staging
/// directories not yet committed, and directories created for them.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Set while a stage puts its outputs in place (a signal then lets the
/// commit finish rather than leave a target moved aside).
static COMMITTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether a stage of this process is putting its outputs in place now.
pub fn committing() -> bool {
    COMMITTING.load(std::sync::atomic::Ordering::SeqCst)
}

/// Removes every staging directory (and every directory created for one)
/// of this process that is not committed yet. For signal handlers: call it,
/// then exit (unless [`committing`]).
pub fn remove_all_staged() {
    let paths = std::mem::take(&mut *pending());
    for p in paths.iter().rev() {
        if p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(is_staging_name)
        {
            let _ = std::fs::remove_dir_all(p);
        } else {
            // A parent created for the staging: removed only if empty.
            let _ = std::fs::remove_dir(p);
        }
    }
}

fn is_staging_name(name: &str) -> bool {
    name.starts_with(".grundy-") && name.ends_with(".tmp")
}

/// The process id in a staging name `.grundy-<pid>-<random>.tmp`.
fn staging_pid(name: &str) -> Option<u32> {
    name.strip_prefix(".grundy-")?
        .split('-')
        .next()?
        .parse()
        .ok()
}

/// Whether a process `pid` runs on this machine (`/proc/<pid>`); `None`
/// where that cannot be told (no `/proc`).
fn process_alive(pid: u32) -> Option<bool> {
    if !Path::new("/proc/self").exists() {
        return None;
    }
    Some(Path::new(&format!("/proc/{pid}")).exists())
}

/// Removes the staging leftovers in `parent` of runs that are gone: hidden
/// `.grundy-<pid>-*.tmp` entries whose process no longer runs, and entries
/// of the older unnumbered forms (`.grundy-*.tmp`, `.grundy-staging-*`)
/// untouched for an hour. Returns how many were removed.
pub fn remove_leftovers(parent: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let legacy = name.starts_with(".grundy-staging-");
        if !is_staging_name(name) && !legacy {
            continue;
        }
        let gone = match staging_pid(name).and_then(process_alive) {
            Some(alive) => !alive && staging_pid(name) != Some(std::process::id()),
            None => entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 3600),
        };
        if gone {
            let p = entry.path();
            let ok = if p.is_dir() {
                std::fs::remove_dir_all(&p)
            } else {
                std::fs::remove_file(&p)
            };
            removed += usize::from(ok.is_ok());
        }
    }
    removed
}

/// One target of a stage.
#[derive(Debug)]
struct Target {
    /// Where the output goes.
    target: PathBuf,
    /// Where it is written meanwhile.
    staged: PathBuf,
    /// `Some((kind, allowed))` for a directory, `None` for a file.
    kind: Option<(String, Vec<String>)>,
}

/// A set of outputs written all or nothing (module docs).
#[derive(Debug, Default)]
pub struct Stage {
    /// Staging directory per parent directory of a target.
    roots: BTreeMap<PathBuf, PathBuf>,
    /// Directories created for the staging (removed again if empty).
    created: Vec<PathBuf>,
    targets: Vec<Target>,
}

impl Stage {
    /// An empty stage.
    pub fn new() -> Stage {
        Stage::default()
    }

    /// The staging directory for targets in `parent`, made on first use
    /// (with `parent` and its missing ancestors, remembered for removal).
    fn root_for(&mut self, parent: &Path) -> Result<PathBuf> {
        if let Some(r) = self.roots.get(parent) {
            return Ok(r.clone());
        }
        let mut missing = Vec::new();
        let mut p = parent.to_path_buf();
        while !p.as_os_str().is_empty() && !p.exists() {
            missing.push(p.clone());
            match p.parent() {
                Some(q) => p = q.to_path_buf(),
                None => break,
            }
        }
        create_dir(parent)?;
        for m in missing.into_iter().rev() {
            pending().push(m.clone());
            self.created.push(m);
        }
        remove_leftovers(parent);
        let root = tempfile::Builder::new()
            .prefix(&format!(".grundy-{}-", std::process::id()))
            .suffix(".tmp")
            .tempdir_in(parent)
            .map_err(Error::io("cannot write in", parent))?
            .keep();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&root, std::fs::Permissions::from_mode(0o755))
                .map_err(Error::io("cannot write in", parent))?;
        }
        pending().push(root.clone());
        self.roots.insert(parent.to_path_buf(), root.clone());
        Ok(root)
    }

    fn staged_path(&mut self, target: &Path) -> Result<PathBuf> {
        if self.targets.iter().any(|t| t.target == target) {
            return Err(Error::Io {
                action: "cannot write twice to",
                path: target.to_path_buf(),
                source: std::io::Error::other("the same output is staged twice"),
            });
        }
        let root = self.root_for(parent_of(target))?;
        Ok(root.join(self.targets.len().to_string()))
    }

    /// Stages the directory `target` for output of `kind` (a command name,
    /// such as `octal seq`): returns the directory to write into, which
    /// already holds the [`MARKER`]. `target` must be absent, an empty
    /// directory, or an earlier output of the same kind: marked so, or
    /// holding only entries that `allowed` names (the files this kind
    /// writes, as an older run without the marker left them, and a run's
    /// own checkpoint directory; `*.svg` names every file ending `.svg`).
    ///
    /// # Errors
    /// [`Error::Io`] naming `target` when it is a file, or a directory that
    /// is not this kind's output, or cannot be written beside.
    pub fn dir(&mut self, target: &Path, kind: &str, allowed: &[&str]) -> Result<PathBuf> {
        check_own(target, kind, allowed)?;
        let staged = self.staged_path(target)?;
        create_dir(&staged)?;
        super::atomic::write_bytes(&staged.join(MARKER), format!("{kind}\n").as_bytes())?;
        self.targets.push(Target {
            target: target.to_path_buf(),
            staged: staged.clone(),
            kind: Some((
                kind.to_string(),
                allowed.iter().map(|a| a.to_string()).collect(),
            )),
        });
        Ok(staged)
    }

    /// Stages the file `target`: returns the path to write it at.
    ///
    /// # Errors
    /// [`Error::Io`] naming `target` when it is a directory or cannot be
    /// written beside.
    pub fn file(&mut self, target: &Path) -> Result<PathBuf> {
        if target.is_dir() {
            return Err(Error::Io {
                action: "cannot write a file at",
                path: target.to_path_buf(),
                source: std::io::Error::other("a directory of that name exists"),
            });
        }
        let staged = self.staged_path(target)?;
        self.targets.push(Target {
            target: target.to_path_buf(),
            staged: staged.clone(),
            kind: None,
        });
        Ok(staged)
    }

    /// Puts every staged output in place: a directory replaces its target
    /// whole, a file replaces its target; then removes the staging
    /// directories.
    ///
    /// # Errors
    /// [`Error::Io`] naming the target that could not be replaced (the
    /// targets before it are in place; the rest are as they were).
    pub fn commit(mut self) -> Result<()> {
        let targets = std::mem::take(&mut self.targets);
        COMMITTING.store(true, std::sync::atomic::Ordering::SeqCst);
        let done = Self::put_in_place(&targets);
        COMMITTING.store(false, std::sync::atomic::Ordering::SeqCst);
        done?;
        self.created.clear();
        Ok(())
    }

    /// Moves each staged output onto its target, in order.
    fn put_in_place(targets: &[Target]) -> Result<()> {
        for t in targets {
            match &t.kind {
                Some((kind, allowed)) => replace_dir(&t.staged, &t.target, kind, allowed)?,
                None => std::fs::rename(&t.staged, &t.target)
                    .map_err(Error::io("cannot move into place", &t.target))?,
            }
        }
        Ok(())
    }
}

impl Drop for Stage {
    fn drop(&mut self) {
        let mut p = pending();
        for root in self.roots.values() {
            let _ = std::fs::remove_dir_all(root);
            p.retain(|q| q != root);
        }
        for dir in self.created.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
        p.retain(|q| !self.created.contains(q));
    }
}

fn parent_of(target: &Path) -> &Path {
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Checks that the directory `target` may be replaced by output of `kind`.
fn check_own(target: &Path, kind: &str, allowed: &[&str]) -> Result<()> {
    let refuse = |why: String| Error::Io {
        action: "cannot write a directory at",
        path: target.to_path_buf(),
        source: std::io::Error::other(why),
    };
    let meta = match std::fs::symlink_metadata(target) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(Error::io("cannot read", target)(e)),
    };
    if !meta.is_dir() {
        return Err(refuse("it exists and is not a directory".into()));
    }
    if let Ok(text) = std::fs::read_to_string(target.join(MARKER)) {
        return match text.trim_end() {
            k if k == kind => Ok(()),
            other => Err(refuse(format!(
                "it holds the output of `grundy {other}`, not of `grundy {kind}`"
            ))),
        };
    }
    let entries = std::fs::read_dir(target).map_err(Error::io("cannot read", target))?;
    for e in entries {
        let e = e.map_err(Error::io("cannot read", target))?;
        let name = e.file_name();
        let name_text = name.to_string_lossy();
        let listed = |a: &&str| match a.strip_prefix('*') {
            Some(suffix) => name_text.ends_with(suffix),
            None => name_text == *a,
        };
        if !allowed.iter().any(listed) {
            return Err(refuse(format!(
                "it is not empty and not the output of `grundy {kind}` (no {MARKER} marker; it holds {}); \
                 remove it or choose another directory",
                name.to_string_lossy()
            )));
        }
    }
    Ok(())
}

/// Replaces the directory `target` by `staged`: the old one is moved aside
/// and removed once the new one is in place (renames in one directory, so
/// a reader sees the old or the new directory, never a mix). Two runs
/// committing the same target at once each leave a whole directory.
fn replace_dir(staged: &Path, target: &Path, kind: &str, allowed: &[String]) -> Result<()> {
    let allowed: Vec<&str> = allowed.iter().map(String::as_str).collect();
    let allowed = &allowed[..];
    let parent = parent_of(target);
    for _ in 0..100 {
        let aside = if target.exists() {
            check_own(target, kind, allowed)?;
            let aside = tempfile::Builder::new()
                .prefix(&format!(".grundy-{}-", std::process::id()))
                .suffix(".tmp")
                .tempdir_in(parent)
                .map_err(Error::io("cannot write in", parent))?
                .keep();
            match std::fs::rename(target, &aside) {
                Ok(()) => Some(aside),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    let _ = std::fs::remove_dir(&aside);
                    None
                }
                Err(e) => {
                    let _ = std::fs::remove_dir(&aside);
                    return Err(Error::io("cannot replace", target)(e));
                }
            }
        } else {
            None
        };
        match std::fs::rename(staged, target) {
            Ok(()) => {
                if let Some(a) = aside {
                    let _ = std::fs::remove_dir_all(a);
                }
                return Ok(());
            }
            // Another run put its directory there meanwhile: go round.
            Err(_) if target.exists() => {
                if let Some(a) = aside {
                    let _ = std::fs::remove_dir_all(a);
                }
            }
            Err(e) => {
                if let Some(a) = &aside {
                    let _ = std::fs::rename(a, target);
                }
                return Err(Error::io("cannot move into place", target)(e));
            }
        }
    }
    Err(Error::Io {
        action: "cannot replace",
        path: target.to_path_buf(),
        source: std::io::Error::other("other runs kept replacing it"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_directory_is_replaced_whole_on_commit_only() {
        let d = tempfile::tempdir().unwrap();
        let target = d.path().join("out");
        let mut s = Stage::new();
        let w = s.dir(&target, "octal seq", &[]).unwrap();
        std::fs::write(w.join("a.txt"), "one").unwrap();
        std::fs::write(w.join("stray.txt"), "x").unwrap();
        s.commit().unwrap();
        assert_eq!(names(&target), [MARKER, "a.txt", "stray.txt"]);
        // A failed run: dropped without commit, nothing changes.
        {
            let mut s = Stage::new();
            let w = s.dir(&target, "octal seq", &[]).unwrap();
            std::fs::write(w.join("a.txt"), "two").unwrap();
        }
        assert_eq!(
            std::fs::read_to_string(target.join("a.txt")).unwrap(),
            "one"
        );
        assert_eq!(names(d.path()), ["out"], "no staging left behind");
        // The next run replaces the directory whole: the stray file goes.
        let mut s = Stage::new();
        let w = s.dir(&target, "octal seq", &[]).unwrap();
        std::fs::write(w.join("a.txt"), "three").unwrap();
        s.commit().unwrap();
        assert_eq!(names(&target), [MARKER, "a.txt"]);
        assert_eq!(names(d.path()), ["out"]);
    }

    #[test]
    fn foreign_directories_are_refused() {
        let d = tempfile::tempdir().unwrap();
        let mine = d.path().join("mine");
        std::fs::create_dir(&mine).unwrap();
        std::fs::write(mine.join("notes.txt"), "keep").unwrap();
        let e = Stage::new().dir(&mine, "octal seq", &[]).unwrap_err();
        assert!(
            e.to_string()
                .contains("not the output of `grundy octal seq`"),
            "{e}"
        );
        let other = d.path().join("other");
        let mut s = Stage::new();
        s.dir(&other, "monorail solve", &[]).unwrap();
        s.commit().unwrap();
        let e = Stage::new().dir(&other, "octal seq", &[]).unwrap_err();
        assert!(
            e.to_string().contains("output of `grundy monorail solve`"),
            "{e}"
        );
        // A run's own checkpoint may stand in an unmarked directory.
        let resumed = d.path().join("resumed");
        std::fs::create_dir_all(resumed.join("checkpoint")).unwrap();
        assert!(Stage::new()
            .dir(&resumed, "monorail solve", &["checkpoint"])
            .is_ok());
        assert!(Stage::new().dir(&resumed, "monorail solve", &[]).is_err());
    }

    #[test]
    fn created_parents_and_leftovers_are_removed() {
        let d = tempfile::tempdir().unwrap();
        {
            let mut s = Stage::new();
            s.dir(&d.path().join("a/b/out"), "octal seq", &[]).unwrap();
            s.file(&d.path().join("a/report.md")).unwrap();
        }
        assert!(names(d.path()).is_empty(), "{:?}", names(d.path()));
        // A leftover of a process that is gone (pid 0 never runs a user
        // process on Linux) is removed by the next stage in that parent.
        let left = d.path().join(".grundy-0-abc.tmp");
        std::fs::create_dir_all(left.join("x")).unwrap();
        let mut s = Stage::new();
        let f = s.file(&d.path().join("r.md")).unwrap();
        std::fs::write(f, "r").unwrap();
        s.commit().unwrap();
        assert_eq!(names(d.path()), ["r.md"]);
    }

    #[test]
    fn files_replace_files() {
        let d = tempfile::tempdir().unwrap();
        let t = d.path().join("r.md");
        std::fs::write(&t, "old").unwrap();
        let mut s = Stage::new();
        std::fs::write(s.file(&t).unwrap(), "new").unwrap();
        assert_eq!(std::fs::read_to_string(&t).unwrap(), "old");
        s.commit().unwrap();
        assert_eq!(std::fs::read_to_string(&t).unwrap(), "new");
        assert!(Stage::new().file(d.path()).is_err());
    }
}
