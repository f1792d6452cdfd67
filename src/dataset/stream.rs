//! Reading the two binary formats' shared frame: a zstd stream opening with
//! a bincode header (fixed-width little-endian integers) that starts with
//! 8 magic bytes and a u32 version, and ending exactly after its records.

use crate::error::{Error, Result};
use serde::de::DeserializeOwned;
use std::io::{BufReader, Read};
use std::path::Path;

/// The bincode configuration of both formats.
pub fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_fixed_int_encoding()
}

/// A decompressing reader of a dataset file.
pub type Reader = BufReader<zstd::Decoder<'static, BufReader<std::fs::File>>>;

/// [`Error::CorruptDataset`] for `path`.
pub fn corrupt(path: &Path, reason: String) -> Error {
    Error::CorruptDataset {
        path: path.to_path_buf(),
        reason,
    }
}

/// Opens `path`, decodes its header `H` and checks that `magic_version(&h)`
/// is `(magic, version)`.
///
/// # Errors
/// [`Error::Io`] if the file cannot be opened; [`Error::CorruptDataset`] if
/// it is not zstd, the header does not decode, or magic or version differ.
pub fn open<H: DeserializeOwned>(
    path: &Path,
    magic: [u8; 8],
    version: u32,
    magic_version: impl Fn(&H) -> ([u8; 8], u32),
) -> Result<(H, Reader)> {
    let file = std::fs::File::open(path).map_err(Error::io("cannot read", path))?;
    let z =
        zstd::Decoder::new(file).map_err(|e| corrupt(path, format!("not a zstd stream: {e}")))?;
    let mut r = BufReader::with_capacity(1 << 20, z);
    let h: H = bincode::serde::decode_from_std_read(&mut r, config())
        .map_err(|e| corrupt(path, format!("cannot read the header: {e}")))?;
    let (m, v) = magic_version(&h);
    if m != magic {
        return Err(corrupt(
            path,
            format!(
                "bad magic {m:?}, expected {}",
                String::from_utf8_lossy(&magic)
            ),
        ));
    }
    if v != version {
        return Err(corrupt(
            path,
            format!("format version {v} is not supported (this build reads {version})"),
        ));
    }
    Ok((h, r))
}

/// Checks that `r` has nothing left after `what` (for the message).
///
/// # Errors
/// [`Error::CorruptDataset`] on trailing bytes or a read error.
pub fn expect_end(r: &mut impl Read, path: &Path, what: &str) -> Result<()> {
    let mut rest = [0u8; 1];
    match r.read(&mut rest) {
        Ok(0) => Ok(()),
        Ok(_) => Err(corrupt(path, format!("trailing bytes after {what}"))),
        Err(e) => Err(corrupt(path, format!("unreadable after {what}: {e}"))),
    }
}
