//! The disk a job may fill: the space free on the file system of each
//! output, and the one refusal every job that can write more than about a
//! gigabyte makes before it writes anything ("would write about X, but
//! P's file system has Y free"), the counterpart of [`super::memory`].
//! The sizes are estimated from the input alone, next to the formats that
//! write them ([`grundy_dataset::octal::dataset_bytes`],
//! [`grundy_dataset::monorail::dataset_bytes`]); reading the machine's
//! state is a job's step, so it lives here.

use grundy_core::error::{Error, Result};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Outputs estimated below this many bytes in all (1 GB) are written
/// without looking at the disk.
pub const CHECKED_FROM: u64 = 1_000_000_000;

/// The nearest existing path at or above `path` (the directory an output
/// will be made in): `.` for a relative path none of whose parents exist.
fn existing(path: &Path) -> PathBuf {
    let mut p = path;
    loop {
        if p.exists() {
            return p.to_path_buf();
        }
        match p.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => p = parent,
            _ => return PathBuf::from("."),
        }
    }
}

/// Bytes free to an unprivileged user on the file system `path` would be
/// written to (`statvfs` of its nearest existing ancestor: `f_bavail`
/// blocks of `f_frsize` bytes); `None` where that cannot be read.
pub fn free_space(path: &Path) -> Option<u64> {
    let s = rustix::fs::statvfs(existing(path).as_path()).ok()?;
    s.f_bavail.checked_mul(s.f_frsize)
}

/// Bytes free on the file system of standard output when it is a regular
/// file (`grundy … > file`); `None` for a terminal, a pipe, `/dev/null`,
/// or where that cannot be read.
pub fn stdout_free_space() -> Option<u64> {
    use rustix::fs::FileType;
    use std::os::fd::AsFd;
    let out = std::io::stdout();
    let st = rustix::fs::fstat(out.as_fd()).ok()?;
    if FileType::from_raw_mode(st.st_mode) != FileType::RegularFile {
        return None;
    }
    let s = rustix::fs::fstatvfs(out.as_fd()).ok()?;
    s.f_bavail.checked_mul(s.f_frsize)
}

/// Refuses the work `what` when it would print an estimated `bytes` to a
/// standard output that is a file with less space free on its file
/// system, unless `force` (as [`check`] does for a path).
///
/// # Errors
/// [`Error::NoSpace`] naming "standard output".
pub fn check_stdout(what: &str, bytes: u64, flag: Option<&'static str>, force: bool) -> Result<()> {
    if force || bytes < CHECKED_FROM {
        return Ok(());
    }
    match stdout_free_space() {
        Some(free) if bytes > free => Err(Error::NoSpace {
            what: what.to_string(),
            path: PathBuf::from("standard output"),
            needs: decimal(bytes),
            free: decimal(free),
            flag,
        }),
        _ => Ok(()),
    }
}

/// A size in decimal units, as `df -H` gives them: "85 GB", "1.2 GB",
/// "850 MB".
pub fn decimal(bytes: u64) -> String {
    // Shown to a user: precision beyond three digits does not matter.
    #[allow(clippy::cast_precision_loss)]
    let b = bytes as f64;
    if b >= 1e10 {
        format!("{:.0} GB", b / 1e9)
    } else if b >= 1e9 {
        format!("{:.1} GB", b / 1e9)
    } else if b >= 1e6 {
        format!("{:.0} MB", b / 1e6)
    } else {
        format!("{:.0} kB", b / 1e3)
    }
}

/// Refuses the work `what` when the outputs it would write, `(path,
/// estimated bytes)` each, exceed the space free on their file system
/// (outputs on one file system count together), unless `force`; `flag`
/// is the option that writes them anyway, if the command has one. Outputs
/// under [`CHECKED_FROM`] in all are not checked, nor a file system whose
/// free space cannot be read.
///
/// # Errors
/// [`Error::NoSpace`] naming the first output on the file system that is
/// too small, the estimate there and the space free.
pub fn check(
    what: &str,
    outputs: &[(&Path, u64)],
    flag: Option<&'static str>,
    force: bool,
) -> Result<()> {
    let total = outputs
        .iter()
        .fold(0u64, |sum, &(_, b)| sum.saturating_add(b));
    if force || total < CHECKED_FROM {
        return Ok(());
    }
    // (device, first output on it, bytes for it), in the order given.
    let mut devices: Vec<(Option<u64>, &Path, u64)> = Vec::new();
    for &(path, bytes) in outputs {
        let dev = std::fs::metadata(existing(path)).ok().map(|m| m.dev());
        match devices.iter_mut().find(|d| d.0.is_some() && d.0 == dev) {
            Some(d) => d.2 = d.2.saturating_add(bytes),
            None => devices.push((dev, path, bytes)),
        }
    }
    for (_, path, bytes) in devices {
        if let Some(free) = free_space(path) {
            if bytes > free {
                return Err(Error::NoSpace {
                    what: what.to_string(),
                    path: path.to_path_buf(),
                    needs: decimal(bytes),
                    free: decimal(free),
                    flag,
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_df_gives_them() {
        assert_eq!(decimal(85_400_000_000), "85 GB");
        assert_eq!(decimal(1_249_000_000), "1.2 GB");
        assert_eq!(decimal(850_000_000), "850 MB");
        assert_eq!(decimal(12_000), "12 kB");
    }

    #[test]
    fn the_free_space_is_that_of_the_nearest_directory() {
        let d = tempfile::tempdir().unwrap();
        let deep = d.path().join("not/yet/made");
        assert_eq!(existing(&deep), d.path());
        assert_eq!(existing(Path::new("no-such-dir-here/x")), Path::new("."));
        let free = free_space(&deep).expect("statvfs of a temporary directory");
        assert!(free > 0);
        assert!(free_space(d.path()).is_some_and(|f| f.abs_diff(free) < 1 << 30));
    }

    #[test]
    fn refuses_past_the_free_space_unless_forced() {
        let d = tempfile::tempdir().unwrap();
        let out = d.path().join("huge");
        let free = free_space(&out).unwrap();
        let too_much = free.saturating_add(1 << 40);
        let e = check(
            "octal seq --max-n 9 --out huge",
            &[(&out, too_much)],
            Some("--force"),
            false,
        )
        .unwrap_err()
        .to_string();
        let expected = format!(
            "octal seq --max-n 9 --out huge would write about {}, but {}'s file system has ",
            decimal(too_much),
            out.display()
        );
        assert!(e.starts_with(&expected), "{e}");
        assert!(e.ends_with(" free; pass --force to write it anyway"), "{e}");
        assert!(check("x", &[(&out, too_much)], Some("--force"), true).is_ok());
        // Two outputs on one file system count together; without a flag
        // the message offers none.
        let part = free / 5 * 3;
        assert!(check("x", &[(&out, part)], None, false).is_ok());
        let e = check("x", &[(&out, part), (d.path(), part)], None, false).unwrap_err();
        assert!(e.to_string().ends_with(" free"), "{e}");
        // Small outputs are not checked at all.
        assert!(check("x", &[(&out, CHECKED_FROM - 1)], None, false).is_ok());
        assert!(!out.exists());
    }
}
