//! A cached misère quotient (a cache entry or a checkpoint) read back and
//! rechecked from the rules before it is used ([`read_rechecked`]).

use grundy_core::error::Result;
use grundy_core::progress::Progress;
use grundy_dataset::misere_cache;
use grundy_games::misere::universe::{recheck, HeapGame, Universe};
use std::path::Path;

/// The cache-format file of `games` in `dir` (a cache entry or a
/// checkpoint), read and rechecked from the rules, with the universe of
/// its heaps: `None`, with a note ending in `then`, when there is none, it
/// is damaged, of other games, or fails its recheck; `None` without a note
/// when `wanted` (asked before the costly recheck) declines it.
///
/// # Errors
/// [`Error::TooCostly`] when the recheck needs more than `states` states;
/// what `wanted` returns.
pub(crate) fn read_rechecked(
    dir: &Path,
    games: &[HeapGame],
    states: usize,
    then: &str,
    wanted: &dyn Fn(&misere_cache::Cached, &Universe, &Path) -> Result<bool>,
    progress: &dyn Progress,
) -> Result<Option<(misere_cache::Cached, Universe)>> {
    let keys: Vec<String> = games.iter().map(HeapGame::key).collect();
    let path = misere_cache::path(dir, &keys);
    let cached = match misere_cache::read(&path) {
        Ok(Some(c)) => c,
        Ok(None) => return Ok(None),
        Err(e) => {
            progress.note(&format!("{e}; {then}"));
            return Ok(None);
        }
    };
    if cached.games != keys {
        progress.note(&format!("{} is of other games; {then}", path.display()));
        return Ok(None);
    }
    let universe = Universe::new(games.to_vec(), cached.max_heaps.clone())?;
    if !wanted(&cached, &universe, &path)? {
        return Ok(None);
    }
    if let Some(why) = recheck(&universe, &cached.quotient, states)? {
        progress.note(&format!(
            "{} fails its recheck ({why}); {then}",
            path.display()
        ));
        return Ok(None);
    }
    Ok(Some((cached, universe)))
}
