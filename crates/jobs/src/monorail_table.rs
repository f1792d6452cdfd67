//! A solved Monorail positions table read back for look-ups (the Python
//! package's `grundy.monorail.Table`, `read_positions_file`): the file's
//! digest and key order checked on reading, its loop count checked against
//! the rules of its tile count.

use grundy_core::error::{Error, Result};
use grundy_dataset::monorail_positions::{loops_mismatch, read_table};
use grundy_games::monorail::loop_table::LoopTable;
use grundy_games::monorail::moves::{canonical_key, entries_of};
use grundy_games::monorail::rules::{check_tiles, Rules};
use std::path::{Path, PathBuf};

pub use grundy_dataset::monorail_positions::Header;

/// `path` itself, or `path/positions.bin.zst` for a directory.
pub fn positions_path(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join("positions.bin.zst")
    } else {
        path.to_path_buf()
    }
}

/// Reads the positions table at `path` (a file, or a dataset directory
/// holding `positions.bin.zst`): its header and its `(key, nimber)`
/// records, ascending by key.
///
/// # Errors
/// As [`read_table`]: a missing or unreadable file, a bad header or digest,
/// keys out of order.
pub fn read_positions(path: &Path) -> Result<(Header, Vec<(u64, u16)>)> {
    read_table(&positions_path(path))
}

/// A positions table with the rules of its tile count, for looking
/// positions up by their canonical key, as the solver stored them.
#[derive(Debug)]
pub struct PositionsTable {
    rules: Rules,
    table: LoopTable,
    header: Header,
    keys: Vec<u64>,
    nimbers: Vec<u16>,
    path: PathBuf,
}

impl PositionsTable {
    /// Reads the table at `path` (a file or a dataset directory); the rules
    /// (and their loops) are those of its tile count, and its loop count
    /// must be theirs.
    ///
    /// # Errors
    /// As [`read_positions`]; [`Error::OutOfRange`] for a tile count the
    /// rules do not allow; [`Error::CorruptDataset`] when the header's loop
    /// count is not the rules'.
    pub fn open(path: &Path) -> Result<PositionsTable> {
        let file = positions_path(path);
        let (header, records) = read_table(&file)?;
        let tiles = check_tiles(header.tiles as usize)?;
        let rules = Rules::new(tiles)?;
        let table = LoopTable::new(&rules);
        if let Some(reason) = loops_mismatch(&header, &table) {
            return Err(Error::CorruptDataset { path: file, reason });
        }
        let (keys, nimbers) = records.into_iter().unzip();
        Ok(PositionsTable {
            rules,
            table,
            header,
            keys,
            nimbers,
            path: file,
        })
    }

    /// The table's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The file read.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The number of position classes in the table.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the table has no positions.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The nimber of `position` in compact notation (`x,y,TYPE;...`, `-`
    /// for the start): checked reachable by the rules, then looked up by
    /// its canonical key.
    ///
    /// # Errors
    /// A malformed or unreachable position (as [`Rules::parse`] and
    /// [`Rules::check_reachable`]); [`Error::VerificationFailed`] naming
    /// the file when the position is not in the table.
    pub fn nimber(&self, position: &str) -> Result<u16> {
        let p = self.rules.parse(position)?;
        self.rules.check_reachable(&p)?;
        let entries = entries_of(&self.table, &p);
        let missing = || Error::VerificationFailed {
            path: self.path.clone(),
            reason: format!(
                "position {} is not in the table",
                self.rules.notation(p.tiles())
            ),
        };
        if entries.is_empty() {
            return Err(missing());
        }
        let key = canonical_key(&self.table, &entries);
        match self.keys.binary_search(&key) {
            Ok(i) => Ok(self.nimbers[i]),
            Err(_) => Err(missing()),
        }
    }
}
