//! Checks, before any work starts, that an output directory can be
//! written: a run refuses at once instead of failing at its end.

use grundy_core::error::{Error, Result};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// Checks, without creating anything, that the directory `dir` can be
/// created (or is a directory) and written in: the nearest existing
/// ancestor must be a directory a file can be made in.
///
/// # Errors
/// [`Error::Io`] `cannot write in DIR: ...`, naming the ancestor that is
/// not a directory when one is a file.
pub fn check_out_dir(dir: &Path) -> Result<()> {
    let cannot = |source: std::io::Error| Error::Io {
        action: "cannot write in",
        path: dir.to_path_buf(),
        source,
    };
    let mut probe = dir.to_path_buf();
    loop {
        match std::fs::metadata(&probe) {
            Ok(m) if m.is_dir() => {
                return tempfile::tempfile_in(&probe).map(drop).map_err(cannot);
            }
            Ok(_) => {
                return Err(cannot(std::io::Error::new(
                    ErrorKind::NotADirectory,
                    format!("{} is not a directory", probe.display()),
                )))
            }
            Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => {
                probe = match probe.parent() {
                    Some(p) if p.as_os_str().is_empty() => PathBuf::from("."),
                    Some(p) => p.to_path_buf(),
                    None => return Err(cannot(e)),
                };
            }
            Err(e) => return Err(cannot(e)),
        }
    }
}

/// Creates `dir` if needed and checks that a file can be made in it.
///
/// # Errors
/// [`Error::Io`]: the directory cannot be created, or `cannot write in
/// DIR: ...`.
pub fn check_writable(dir: &Path) -> Result<()> {
    super::atomic::create_dir(dir)?;
    tempfile::NamedTempFile::new_in(dir).map_err(Error::io("cannot write in", dir))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_on_the_way_is_named() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("file"), b"").unwrap();
        let e = check_out_dir(&d.path().join("file/sub")).unwrap_err();
        assert!(e.to_string().ends_with("file is not a directory"), "{e}");
        check_out_dir(&d.path().join("new/deeper")).unwrap();
        assert!(!d.path().join("new").exists());
        check_writable(&d.path().join("made")).unwrap();
        assert!(d.path().join("made").is_dir());
    }
}
