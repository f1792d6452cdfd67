//! The binary formats' shared frame: a zstd stream opening with a bincode
//! header (fixed-width little-endian integers) that starts with 8 magic
//! bytes and a u32 version and carries a BLAKE3 digest of the content,
//! followed by the records, and ending exactly after them.
//!
//! **The digest.** Every header has a `digest: [u8; 32]` field. It is the
//! BLAKE3 hash (<https://github.com/BLAKE3-team/BLAKE3-specs>) of the
//! decompressed stream with that field set to 32 zero bytes: the header's
//! bincode encoding, then every record byte. A reader recomputes it as it
//! reads and refuses the file when it differs, so a file whose values were
//! edited and recompressed (with a valid zstd checksum) is refused, not
//! trusted. In Python:
//!
//! ```text
//! raw = zstandard.ZstdDecompressor().decompressobj().decompress(open(f, "rb").read())
//! # the header's digest is at a format-specific offset (see the format's table)
//! blake3(raw[:off] + bytes(32) + raw[off + 32:]).digest() == raw[off:off + 32]
//! ```
//!
//! **Bounds before allocation.** A header decodes under a 64 KiB limit (a
//! code string claiming 2^62 bytes is refused, not allocated), and readers
//! grow their buffers as records arrive rather than trusting a count.

use grundy_core::error::{Error, Result};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::io::{BufReader, Read, Write};
use std::path::Path;

/// The bincode configuration of both formats.
pub fn config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Fixint,
    bincode::config::NoLimit,
> {
    bincode::config::standard().with_fixed_int_encoding()
}

/// The most bytes a header may decode to; a longer one is corrupt.
pub const HEADER_LIMIT: usize = 1 << 16;

/// A format's header: what the frame needs to know of it.
pub trait FrameHeader: Serialize + DeserializeOwned + Clone {
    /// The format's magic bytes.
    const MAGIC: [u8; 8];
    /// The format version this build reads and writes.
    const VERSION: u32;
    /// The magic bytes found in this header.
    fn magic(&self) -> [u8; 8];
    /// The version found in this header.
    fn version(&self) -> u32;
    /// The digest field.
    fn digest(&self) -> [u8; 32];
    /// Sets the digest field.
    fn set_digest(&mut self, digest: [u8; 32]);
}

fn encode_err(e: bincode::error::EncodeError) -> std::io::Error {
    std::io::Error::other(e.to_string())
}

/// The hasher primed with `header`'s encoding, its digest zeroed.
fn primed<H: FrameHeader>(header: &H) -> std::io::Result<blake3::Hasher> {
    let mut zeroed = header.clone();
    zeroed.set_digest([0; 32]);
    let bytes = bincode::serde::encode_to_vec(&zeroed, config()).map_err(encode_err)?;
    let mut hasher = blake3::Hasher::new();
    hasher.update(&bytes);
    Ok(hasher)
}

/// Writes one framed file to `w`: `header` with its digest filled in, then
/// the records. `body` is called twice with a sink for record bytes: once
/// to hash them, once to write them, and must produce the same bytes both
/// times.
///
/// # Errors
/// Any I/O error of `w` or of `body`.
pub fn write_framed<H, B>(w: &mut dyn Write, level: i32, header: H, body: B) -> std::io::Result<()>
where
    H: FrameHeader,
    B: Fn(&mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<()>,
{
    write_framed_with(w, level, 0, header, body)
}

/// As [`write_framed`], compressed by `workers` zstd worker threads when
/// `workers >= 1` (0: in the calling thread, as [`write_framed`]). zstd's
/// streaming multithreaded output does not depend on the number of
/// workers, so any `workers >= 1` writes the same bytes (a test checks
/// it); they differ from those of `workers = 0`, and both decompress alike.
///
/// # Errors
/// As [`write_framed`].
pub fn write_framed_with<H, B>(
    w: &mut dyn Write,
    level: i32,
    workers: u32,
    mut header: H,
    body: B,
) -> std::io::Result<()>
where
    H: FrameHeader,
    B: Fn(&mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<()>,
{
    let mut hasher = primed(&header)?;
    body(&mut |bytes| {
        hasher.update(bytes);
        Ok(())
    })?;
    header.set_digest(*hasher.finalize().as_bytes());
    let mut z = zstd::Encoder::new(w, level)?;
    if workers > 0 {
        z.multithread(workers)?;
    }
    z.include_checksum(true)?;
    bincode::serde::encode_into_std_write(&header, &mut z, config()).map_err(encode_err)?;
    body(&mut |bytes| z.write_all(bytes))?;
    z.finish()?;
    Ok(())
}

/// [`Error::CorruptDataset`] for `path`.
/// [`Error::Undecodable`] for `path`: decoding stopped at `what` with the
/// decoder's error `source`, kept as the error's source.
pub fn undecodable(
    path: &Path,
    what: impl Into<String>,
    source: impl std::error::Error + Send + Sync + 'static,
) -> Error {
    Error::Undecodable {
        path: path.to_path_buf(),
        what: what.into(),
        source: Box::new(source),
    }
}

/// [`Error::CorruptDataset`] for `path` with `reason`.
pub fn corrupt(path: &Path, reason: String) -> Error {
    Error::CorruptDataset {
        path: path.to_path_buf(),
        reason,
    }
}

/// A decompressing reader of a dataset file's records that hashes what it
/// reads; [`Reader::finish`] checks the end and the digest.
pub struct Reader {
    inner: BufReader<zstd::Decoder<'static, BufReader<std::fs::File>>>,
    hasher: blake3::Hasher,
    expected: [u8; 32],
}

impl Read for Reader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
}

impl Reader {
    /// Reads exactly `count` records of `width` bytes into a buffer that
    /// grows as they arrive (a header claiming more than the file holds
    /// costs no more memory than the file).
    ///
    /// # Errors
    /// [`Error::CorruptDataset`] naming `path` when the count overflows or
    /// the stream ends early.
    pub fn read_records(&mut self, path: &Path, count: u64, width: usize) -> Result<Vec<u8>> {
        let bytes = count
            .checked_mul(width as u64)
            .ok_or_else(|| corrupt(path, format!("implausible record count {count}")))?;
        let mut raw = Vec::with_capacity(bytes.min(1 << 24) as usize);
        let got = self
            .by_ref()
            .take(bytes)
            .read_to_end(&mut raw)
            .map_err(|e| undecodable(path, format!("unreadable after {} bytes", raw.len()), e))?;
        if got as u64 != bytes {
            return Err(corrupt(
                path,
                format!("ends after {} of its {count} records", got / width.max(1)),
            ));
        }
        Ok(raw)
    }

    /// Reads exactly `count` records of `width` bytes, a run of at most
    /// `run` records at a time, each run given to `f` as it arrives: the
    /// records are never all held at once.
    ///
    /// # Errors
    /// [`Error::CorruptDataset`] naming `path` when the count overflows or
    /// the stream ends early; any error of `f`.
    pub fn read_runs(
        &mut self,
        path: &Path,
        count: u64,
        width: usize,
        run: usize,
        mut f: impl FnMut(&[u8]) -> Result<()>,
    ) -> Result<()> {
        let width = width.max(1);
        let bytes = count
            .checked_mul(width as u64)
            .ok_or_else(|| corrupt(path, format!("implausible record count {count}")))?;
        let per = run.max(1).saturating_mul(width);
        let mut buf = vec![0u8; usize::try_from(bytes).unwrap_or(usize::MAX).min(per)];
        let mut done = 0u64;
        while done < bytes {
            let n = usize::try_from(bytes - done).unwrap_or(usize::MAX).min(per);
            let mut got = 0;
            while got < n {
                match self.read(&mut buf[got..n]) {
                    Ok(0) => {
                        return Err(corrupt(
                            path,
                            format!(
                                "ends after {} of its {count} records",
                                (done + got as u64) / width as u64
                            ),
                        ))
                    }
                    Ok(k) => got += k,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => {
                        return Err(undecodable(
                            path,
                            format!("unreadable after {} bytes", done + got as u64),
                            e,
                        ))
                    }
                }
            }
            f(&buf[..n])?;
            done += n as u64;
        }
        Ok(())
    }

    /// Checks that nothing is left after `what` (for the message) and that
    /// the content's digest is the one in the header.
    ///
    /// # Errors
    /// [`Error::CorruptDataset`] on trailing bytes, a read error, or a
    /// digest mismatch (the content was changed after it was written).
    pub fn finish(mut self, path: &Path, what: &str) -> Result<()> {
        let mut rest = [0u8; 1];
        match self.inner.read(&mut rest) {
            Ok(0) => {}
            Ok(_) => return Err(corrupt(path, format!("trailing bytes after {what}"))),
            Err(e) => return Err(undecodable(path, format!("unreadable after {what}"), e)),
        }
        if *self.hasher.finalize().as_bytes() != self.expected {
            return Err(corrupt(
                path,
                "content digest mismatch: the file was changed after grundy wrote it".into(),
            ));
        }
        Ok(())
    }
}

/// Opens `path`, decodes its header `H` (under [`HEADER_LIMIT`]) and checks
/// its magic and version; the returned reader hashes the records as they
/// are read.
///
/// # Errors
/// [`Error::Io`] if the file cannot be opened; [`Error::CorruptDataset`] if
/// it is not zstd, the header does not decode, or magic or version differ.
pub fn open<H: FrameHeader>(path: &Path) -> Result<(H, Reader)> {
    let file = std::fs::File::open(path).map_err(Error::io("cannot read", path))?;
    if file.metadata().map(|m| m.is_dir()).unwrap_or(false) {
        return Err(corrupt(path, "is a directory, not a dataset file".into()));
    }
    let z = zstd::Decoder::new(file).map_err(|e| undecodable(path, "not a zstd stream", e))?;
    let mut inner = BufReader::with_capacity(1 << 20, z);
    // Magic and version first, so a file of another format is named as
    // such rather than failing somewhere inside a header it does not have.
    let mut prefix = [0u8; 12];
    inner
        .read_exact(&mut prefix)
        .map_err(|e| undecodable(path, "cannot read the header", e))?;
    let magic: [u8; 8] = prefix[..8].try_into().unwrap_or_default();
    if magic != H::MAGIC {
        return Err(corrupt(
            path,
            format!(
                "bad magic {:?}, expected {}",
                String::from_utf8_lossy(&magic),
                String::from_utf8_lossy(&H::MAGIC)
            ),
        ));
    }
    let v = u32::from_le_bytes([prefix[8], prefix[9], prefix[10], prefix[11]]);
    if v != H::VERSION {
        return Err(corrupt(
            path,
            format!(
                "format version {v} is not supported (this build reads {})",
                H::VERSION
            ),
        ));
    }
    let h: H = bincode::serde::decode_from_std_read(
        &mut std::io::Cursor::new(prefix).chain(&mut inner),
        config().with_limit::<HEADER_LIMIT>(),
    )
    .map_err(|e| undecodable(path, "cannot read the header", e))?;
    if h.magic() != H::MAGIC || h.version() != H::VERSION {
        return Err(corrupt(path, "header does not decode consistently".into()));
    }
    let hasher = primed(&h).map_err(|e| undecodable(path, "header", e))?;
    let expected = h.digest();
    Ok((
        h,
        Reader {
            inner,
            hasher,
            expected,
        },
    ))
}

/// Implements [`FrameHeader`] for a header struct with `magic`, `version`
/// and `digest` fields, given the format's magic and version constants.
#[macro_export]
macro_rules! frame_header {
    ($header:ty, $magic:expr, $version:expr) => {
        impl $crate::stream::FrameHeader for $header {
            const MAGIC: [u8; 8] = $magic;
            const VERSION: u32 = $version;
            fn magic(&self) -> [u8; 8] {
                self.magic
            }
            fn version(&self) -> u32 {
                self.version
            }
            fn digest(&self) -> [u8; 32] {
                self.digest
            }
            fn set_digest(&mut self, digest: [u8; 32]) {
                self.digest = digest;
            }
        }
    };
}
