//! All-or-nothing file writes: write a temporary file beside the target,
//! then rename it over the target, so no reader ever sees half a file.

use grundy_core::error::{Error, Result};
use std::io::{BufWriter, Write};
use std::path::Path;

/// Creates `dir` and its parents.
///
/// # Errors
/// [`Error::Io`] naming the directory.
pub fn create_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|source| Error::Io {
        action: "cannot create directory",
        path: dir.to_path_buf(),
        source,
    })
}

/// Writes `path` by calling `fill` on a buffered writer to a temporary file
/// in the same directory, then renaming it into place. On any error the
/// target is left as it was.
///
/// # Errors
/// [`Error::Io`] naming `path` if the directory cannot be created or the
/// file cannot be written.
pub fn write_atomic<F>(path: &Path, fill: F) -> Result<()>
where
    F: FnOnce(&mut dyn Write) -> std::io::Result<()>,
{
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    create_dir(dir)?;
    let io = |source| Error::Io {
        action: "cannot write",
        path: path.to_path_buf(),
        source,
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".grundy-").suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o644));
    }
    let tmp = builder.tempfile_in(dir).map_err(io)?;
    {
        let mut w = BufWriter::new(tmp.as_file());
        fill(&mut w).map_err(io)?;
        w.flush().map_err(io)?;
    }
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

/// Writes `bytes` to `path` atomically (see [`write_atomic`]).
///
/// # Errors
/// As [`write_atomic`].
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    write_atomic(path, |w| w.write_all(bytes))
}

/// An output directory written all at once: files go into a temporary
/// directory beside `target` ([`Staged::path`]), and [`Staged::commit`]
/// moves each of them into `target` (creating subdirectories, replacing
/// files of the same name, leaving other files alone). Dropped without a
/// commit, for instance when a step fails, the temporary directory is
/// removed and `target` is as it was: no half-filled output directory.
#[derive(Debug)]
pub struct Staged {
    target: std::path::PathBuf,
    dir: tempfile::TempDir,
}

impl Staged {
    /// Stages output for `target`, in a temporary directory in its parent
    /// (so the final moves are renames on one file system).
    ///
    /// # Errors
    /// [`Error::Io`] if the parent cannot be created or written to.
    pub fn new(target: &Path) -> Result<Staged> {
        let parent = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        create_dir(parent)?;
        if target.exists() && !target.is_dir() {
            return Err(Error::Io {
                action: "cannot write a directory at",
                path: target.to_path_buf(),
                source: std::io::Error::other("a file of that name exists"),
            });
        }
        let dir = tempfile::Builder::new()
            .prefix(".grundy-staging-")
            .tempdir_in(parent)
            .map_err(Error::io("cannot write in", parent))?;
        Ok(Staged {
            target: target.to_path_buf(),
            dir,
        })
    }

    /// Where to write: the staging directory standing in for the target.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// The directory the output is for.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Moves every staged file into the target, then removes the staging
    /// directory.
    ///
    /// # Errors
    /// [`Error::Io`] naming the file that could not be moved.
    pub fn commit(self) -> Result<()> {
        move_tree(self.dir.path(), &self.target)
    }
}

/// Moves the files under `from` into `to`, recursively, by rename.
fn move_tree(from: &Path, to: &Path) -> Result<()> {
    create_dir(to)?;
    let entries = std::fs::read_dir(from).map_err(Error::io("cannot read", from))?;
    for entry in entries {
        let entry = entry.map_err(Error::io("cannot read", from))?;
        let src = entry.path();
        let dst = to.join(entry.file_name());
        if src.is_dir() {
            move_tree(&src, &dst)?;
        } else {
            std::fs::rename(&src, &dst).map_err(Error::io("cannot move into place", &dst))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staged_output_appears_only_on_commit() {
        let d = tempfile::tempdir().unwrap();
        let target = d.path().join("out");
        std::fs::create_dir(&target).unwrap();
        std::fs::write(target.join("keep.txt"), "old").unwrap();
        std::fs::write(target.join("a.txt"), "old").unwrap();
        {
            let s = Staged::new(&target).unwrap();
            write_bytes(&s.path().join("a.txt"), b"new").unwrap();
            write_bytes(&s.path().join("sub/b.txt"), b"new").unwrap();
            // dropped: a failed run
        }
        assert_eq!(
            std::fs::read_to_string(target.join("a.txt")).unwrap(),
            "old"
        );
        assert!(!target.join("sub").exists());
        let names: Vec<_> = std::fs::read_dir(d.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no staging directory left behind");
        let s = Staged::new(&target).unwrap();
        write_bytes(&s.path().join("a.txt"), b"new").unwrap();
        write_bytes(&s.path().join("sub/b.txt"), b"new").unwrap();
        s.commit().unwrap();
        assert_eq!(
            std::fs::read_to_string(target.join("a.txt")).unwrap(),
            "new"
        );
        assert_eq!(
            std::fs::read_to_string(target.join("sub/b.txt")).unwrap(),
            "new"
        );
        assert_eq!(
            std::fs::read_to_string(target.join("keep.txt")).unwrap(),
            "old"
        );
        assert_eq!(std::fs::read_dir(d.path()).unwrap().count(), 1);
    }
}
