//! The sparse-space dataset of a long computation (`octal sparse FILE
//! --out DIR`): how the rare values of an unsolved game develop with `n`
//! ([`grundy_games::octal::engine::sparse_profile`]), small enough to commit when
//! the sequence itself (a gigabyte for Grundy's game to `n = 2^30`) is
//! not.
//!
//! - `sparse.csv`: `n,mask,rare_count,last_rare,max_value,max_value_at`
//!   for each depth `n` (`G(0..=n)`): the best mask (a value `v` is rare
//!   when `v & mask` has an even number of bits), the heap sizes
//!   `1 <= m <= n` with a rare value, the last of them, and the largest
//!   value with the least heap size that has it (mask, count and last rare
//!   empty when the values are too large for a histogram);
//! - `rare.csv`: `n,nimber` for every rare value under the last depth's
//!   mask;
//! - `summary.json`: the code, `computed_to`, the last depth's fields,
//!   and the BLAKE3 digest of the sequence file read.
//!
//! All files are UTF-8 with `\n` line ends and depend only on the values.

use super::atomic::write_bytes;
use grundy_core::error::Result;
use grundy_games::octal::engine::sparse_profile::Depth;
use serde_json::json;
use std::fmt::Write as _;
use std::path::Path;

/// The files of the dataset.
pub const FILES: &[&str] = &["sparse.csv", "rare.csv", "summary.json"];

/// `sparse.csv` of `depths`.
pub fn sparse_csv(depths: &[Depth]) -> String {
    let mut s = String::from("n,mask,rare_count,last_rare,max_value,max_value_at\n");
    for d in depths {
        let (mask, count, last) = match d.space {
            Some(sp) => (
                format!("{:#x}", sp.mask),
                sp.rare_count.to_string(),
                sp.last_rare.map_or(String::new(), |l| l.to_string()),
            ),
            None => Default::default(),
        };
        let _ = writeln!(
            s,
            "{},{mask},{count},{last},{},{}",
            d.n, d.max_value, d.max_value_at
        );
    }
    s
}

/// `rare.csv` of `rare` (`(n, G(n))` pairs).
pub fn rare_csv(rare: &[(usize, u32)]) -> String {
    let mut s = String::from("n,nimber\n");
    for (n, v) in rare {
        let _ = writeln!(s, "{n},{v}");
    }
    s
}

/// Writes the dataset into `dir` (which must exist), each file atomically.
///
/// # Errors
/// [`grundy_core::Error::Io`] naming the file.
pub fn write(
    dir: &Path,
    code: &str,
    source_blake3: &str,
    depths: &[Depth],
    rare: &[(usize, u32)],
) -> Result<()> {
    write_bytes(&dir.join("sparse.csv"), sparse_csv(depths).as_bytes())?;
    write_bytes(&dir.join("rare.csv"), rare_csv(rare).as_bytes())?;
    let last = depths.last();
    let space = last.and_then(|d| d.space);
    let summary = json!({
        "code": code,
        "computed_to": last.map(|d| d.n),
        "mask": space.map(|s| format!("{:#x}", s.mask)),
        "rare_count": space.map(|s| s.rare_count),
        "last_rare": space.and_then(|s| s.last_rare),
        "max_value": last.map(|d| d.max_value),
        "max_value_at": last.map(|d| d.max_value_at),
        "sequence_blake3": source_blake3,
    });
    let text = serde_json::to_string_pretty(&summary).expect("json") + "\n";
    write_bytes(&dir.join("summary.json"), text.as_bytes())
}
