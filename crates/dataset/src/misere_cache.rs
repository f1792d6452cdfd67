//! The cache of misère quotients that `grundy sum --misere` builds on
//! demand, so that a second question about the same games is answered at
//! once.
//!
//! One file per set of games, `<dir>/<key>.json`, the key being the games'
//! codes sorted and joined by `+` (`0.77.json`, `0.07+0.77+nim.json`; a
//! code's directory-safe form, [`grundy_games::octal::OctalCode::file_name`]).
//! The file is JSON:
//!
//! ```json
//! {"format": "grundy misère quotient cache 1",
//!  "games": ["0.07", "0.77"], "max_heaps": [12, 9],
//!  "table": [[0, 1, …], …], "p_portion": [false, true, …],
//!  "pretending": [0, 1, …], "growth": [[1, 2, 1, 0], …],
//!  "checksum": "<BLAKE3 of the rest, hex>"}
//! ```
//!
//! `growth` (optional; written by `octal quotient --checkpoint`) lists
//! `[n, |Q_n|, |P|, candidates refuted]` for each heap up to the last; it
//! is what a resumed run reports, and is rechecked only for its shape.
//!
//! `table`, `p_portion` and `pretending` are the [`Quotient`]'s fields, the
//! pretending function indexed by the heaps' numbers in
//! [`grundy_games::misere::universe::Universe`] built from `games` and
//! `max_heaps`. The checksum catches a damaged file; an edited one with a
//! recomputed checksum is caught by the job, which rechecks every quotient
//! it reads from the rules ([`grundy_games::misere::universe::recheck`])
//! before using it. A file that fails either is recomputed and replaced,
//! never trusted.

use grundy_core::{Error, Result};
use grundy_games::misere::learn::Level;
use grundy_games::misere::quotient::Quotient;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The format line of a cache file.
pub const FORMAT: &str = "grundy misère quotient cache 1";

/// A cached quotient of the heaps `1..=max_heaps[g]` of each game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cached {
    /// The games' keys (`0.77`, `nim`), sorted.
    pub games: Vec<String>,
    /// The largest heap of each game.
    pub max_heaps: Vec<usize>,
    /// The quotient.
    pub quotient: Quotient,
    /// How it grew, where known (a checkpoint's; empty in the cache).
    pub growth: Vec<Level>,
}

#[derive(Serialize, Deserialize)]
struct File {
    format: String,
    games: Vec<String>,
    max_heaps: Vec<usize>,
    table: Vec<Vec<u32>>,
    p_portion: Vec<bool>,
    pretending: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    growth: Vec<[usize; 4]>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    checksum: String,
}

impl File {
    fn digest(&self) -> Result<String> {
        let body = File {
            checksum: String::new(),
            format: self.format.clone(),
            games: self.games.clone(),
            max_heaps: self.max_heaps.clone(),
            table: self.table.clone(),
            p_portion: self.p_portion.clone(),
            pretending: self.pretending.clone(),
            growth: self.growth.clone(),
        };
        let bytes = serde_json::to_vec(&body).map_err(|e| Error::Undecodable {
            path: PathBuf::new(),
            what: "cannot encode a cache entry".into(),
            source: Box::new(e),
        })?;
        Ok(blake3::hash(&bytes).to_hex().to_string())
    }
}

/// The file of the games with these keys in `dir`.
pub fn path(dir: &Path, games: &[String]) -> PathBuf {
    let mut keys: Vec<String> = games
        .iter()
        .map(|g| g.replace(':', "-").replace('!', "u"))
        .collect();
    keys.sort();
    dir.join(format!("{}.json", keys.join("+")))
}

/// Reads the cached quotient at `path`; `Ok(None)` when there is none.
///
/// # Errors
/// [`Error::CorruptDataset`] for a file that is not a cache file of this
/// format or whose checksum does not match; [`Error::Io`] when it cannot
/// be read.
pub fn read(path: &Path) -> Result<Option<Cached>> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(Error::Io {
                action: "cannot read",
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let corrupt = |reason: String| Error::CorruptDataset {
        path: path.to_path_buf(),
        reason,
    };
    let file: File =
        serde_json::from_slice(&bytes).map_err(|e| corrupt(format!("not a cache file: {e}")))?;
    if file.format != FORMAT {
        return Err(corrupt(format!("format {:?}, not {FORMAT:?}", file.format)));
    }
    if file.digest()? != file.checksum {
        return Err(corrupt("its checksum does not match its contents".into()));
    }
    if file.games.len() != file.max_heaps.len() {
        return Err(corrupt("one largest heap per game is needed".into()));
    }
    let max_heap = file.pretending.len().saturating_sub(1);
    if file
        .growth
        .windows(2)
        .any(|w| w[0][0] >= w[1][0] || w[1][0] > max_heap)
    {
        return Err(corrupt(
            "its growth is not one level per heap, rising".into(),
        ));
    }
    let growth = file
        .growth
        .iter()
        .map(|&[n, order, p_portion, refinements]| Level {
            n,
            order,
            p_portion,
            refinements,
        })
        .collect();
    Ok(Some(Cached {
        games: file.games,
        max_heaps: file.max_heaps,
        quotient: Quotient {
            max_heap,
            table: file.table,
            p_portion: file.p_portion,
            pretending: file.pretending,
        },
        growth,
    }))
}

/// Writes `cached` to `path` atomically (creating its directory).
///
/// # Errors
/// [`Error::Io`] when the directory or file cannot be written.
pub fn write(path: &Path, cached: &Cached) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|source| Error::Io {
            action: "cannot create",
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let mut file = File {
        format: FORMAT.into(),
        games: cached.games.clone(),
        max_heaps: cached.max_heaps.clone(),
        table: cached.quotient.table.clone(),
        p_portion: cached.quotient.p_portion.clone(),
        pretending: cached.quotient.pretending.clone(),
        growth: cached
            .growth
            .iter()
            .map(|l| [l.n, l.order, l.p_portion, l.refinements])
            .collect(),
        checksum: String::new(),
    };
    file.checksum = file.digest()?;
    let bytes = serde_json::to_vec(&file).map_err(|e| Error::Undecodable {
        path: path.to_path_buf(),
        what: "cannot encode the cache entry".into(),
        source: Box::new(e),
    })?;
    super::atomic::write_bytes(path, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Cached {
        Cached {
            games: vec!["0.77".into(), "nim".into()],
            max_heaps: vec![2, 1],
            quotient: Quotient {
                max_heap: 3,
                table: vec![vec![0, 1], vec![1, 0]],
                p_portion: vec![false, true],
                pretending: vec![0, 1, 1, 0],
            },
            growth: vec![
                Level {
                    n: 1,
                    order: 2,
                    p_portion: 1,
                    refinements: 0,
                },
                Level {
                    n: 3,
                    order: 2,
                    p_portion: 1,
                    refinements: 1,
                },
            ],
        }
    }

    #[test]
    fn round_trip_and_damage() {
        let dir = tempfile::tempdir().unwrap();
        let p = path(dir.path(), &["nim".into(), "0.77".into()]);
        assert!(p.ends_with("0.77+nim.json"));
        assert_eq!(read(&p).unwrap(), None);
        write(&p, &sample()).unwrap();
        assert_eq!(read(&p).unwrap(), Some(sample()));
        // One flag edited, checksum left: refused.
        let text = std::fs::read_to_string(&p).unwrap();
        std::fs::write(&p, text.replacen("true", "false", 1)).unwrap();
        assert!(matches!(read(&p), Err(Error::CorruptDataset { .. })));
        std::fs::write(&p, &text[..text.len() / 2]).unwrap();
        assert!(matches!(read(&p), Err(Error::CorruptDataset { .. })));
        // A growth that does not rise, checksum recomputed: refused.
        let mut bad = sample();
        bad.growth[1].n = 1;
        write(&p, &bad).unwrap();
        assert!(matches!(read(&p), Err(Error::CorruptDataset { .. })));
        // A file without growth (the cache's) reads back with none.
        let mut plain = sample();
        plain.growth.clear();
        write(&p, &plain).unwrap();
        assert!(!std::fs::read_to_string(&p).unwrap().contains("growth"));
        assert_eq!(read(&p).unwrap(), Some(plain));
    }
}
