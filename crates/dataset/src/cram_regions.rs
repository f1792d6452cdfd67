//! `data/cram/regions.csv`: the database of small Cram regions, every
//! free polyomino of at most a number of cells
//! ([`grundy_games::cram::polyomino`]; 10 for `reproduce`) with its
//! values.
//!
//! Format: a header line `cells,picture,nimber,misere`, then one line a
//! region, by number of cells and then by least image: `cells` its cells;
//! `picture` its least image with `.` for a cell of the region and `#`
//! for a cell of its bounding box that is not, rows joined by `/` (what
//! `grundy cram` and `grundy sum` accept, so any row can be rechecked);
//! `nimber` its nimber under normal play; `misere` its outcome alone under
//! misère play, `N` (the player to move wins) or `P`. Decimal, `\n` line
//! ends. The bytes depend only on the number of cells.

use super::atomic::write_bytes;
use grundy_core::Result;
use grundy_games::cram::cells::picture;
use grundy_games::cram::polyomino::RegionValue;
use std::path::Path;

/// The CSV text of `values` in the format of the
/// [module documentation](self).
pub fn regions_csv(values: &[RegionValue]) -> String {
    let mut text = String::from("cells,picture,nimber,misere\n");
    for v in values {
        text.push_str(&format!(
            "{},{},{},{}\n",
            v.cells.count_ones(),
            picture(v.cells),
            v.nimber,
            if v.misere_first_player_wins { 'N' } else { 'P' }
        ));
    }
    text
}

/// Writes `values` to `path` in the format of the
/// [module documentation](self), atomically.
///
/// # Errors
/// [`grundy_core::Error::Io`] naming the file when it cannot be written.
pub fn write_regions(path: &Path, values: &[RegionValue]) -> Result<()> {
    write_bytes(path, regions_csv(values).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_rows() {
        let values =
            grundy_games::cram::polyomino::region_values(3, &grundy_core::progress::NoProgress)
                .unwrap();
        assert_eq!(
            regions_csv(&values),
            "cells,picture,nimber,misere\n1,.,0,N\n2,..,1,P\n3,...,1,P\n3,../.#,1,P\n"
        );
    }
}
