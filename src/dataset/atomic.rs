//! All-or-nothing file writes: write a temporary file beside the target,
//! then rename it over the target, so no reader ever sees half a file.

use crate::error::{Error, Result};
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
