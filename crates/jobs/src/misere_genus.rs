//! The genus of an octal game's heaps as a run (`grundy octal genus`):
//! validated and estimated first, refused past its bound with the figure
//! and `--force`, then each heap's genus evaluated by the misère search
//! ([`grundy_games::misere::genus`], Conway's *On Numbers and Games*,
//! ch. 12) and its nimber checked against the octal engine's.
#![warn(clippy::arithmetic_side_effects)]

use crate::misere::{forced_positions, MAX_POSITIONS};
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_games::misere::families::Heaps;
use grundy_games::misere::genus::{Genus, GenusRule};
use grundy_games::misere::search::Search;
use grundy_games::misere::sum_families::partitions_up_to;
use grundy_games::misere::{Atom, Family};
use grundy_games::octal::{Computation, Engine, OctalCode};
use std::collections::HashMap;

/// One heap's genus row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusRow {
    /// The heap size.
    pub n: usize,
    /// Its nimber (normal play), equal to the octal engine's `G(n)`.
    pub nimber: u32,
    /// Its misère nimber `γ0`.
    pub misere_nimber: u32,
    /// Its genus.
    pub genus: Genus,
    /// Whether it is hereditarily tame.
    pub hereditarily_tame: bool,
}

/// The genus of every heap `0..=max_n` of a game.
#[derive(Clone, Debug)]
pub struct GenusTable {
    /// The game.
    pub code: OctalCode,
    /// One row per heap size.
    pub rows: Vec<GenusRow>,
    /// The first heap that is not hereditarily tame, if any up to `max_n`.
    pub first_wild: Option<usize>,
    /// Positions (sums of heaps) whose genus was computed.
    pub positions: usize,
}

/// Largest `--max-n` for `octal genus`.
pub const MAX_GENUS_N: usize = 100_000;

/// Computes the genus of heaps `0..=max_n` of `code`, each checked: the
/// `g` of every genus must equal the nim-sequence the octal engine
/// computes.
///
/// # Errors
/// [`Error::OutOfRange`] past [`MAX_GENUS_N`]; [`Error::TooCostly`] when the
/// bound on positions exceeds [`MAX_POSITIONS`] without `force`;
/// [`Error::CheckFailed`] if a genus's nimber disagrees with the
/// engine (a defect).
pub fn genus(
    code: &OctalCode,
    max_n: usize,
    force: bool,
    progress: &dyn Progress,
) -> Result<GenusTable> {
    code.require_finite("the misère genus")?;
    if max_n > MAX_GENUS_N {
        return Err(Error::OutOfRange {
            what: format!("--max-n {max_n}"),
            reason: format!("the genus is computed for heaps of at most {MAX_GENUS_N}"),
        });
    }
    let bound = if code.max_parts() <= 1 {
        max_n as f64 + 1.0
    } else {
        partitions_up_to(max_n)
    };
    if bound > MAX_POSITIONS as f64 && !force {
        return Err(Error::TooCostly {
            what: format!("the genus of {code} to n = {max_n}"),
            needs: format!("up to {bound:.2e} positions"),
            limit: format!("the bound of {MAX_POSITIONS} positions"),
            flag: "--force",
        });
    }
    let len = max_n.saturating_add(1);
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    if !c.extend_to(len, &grundy_core::progress::StopOnly(progress)) {
        return Err(Error::Stopped);
    }
    let heaps = Heaps { code: code.clone() };
    let families: [&dyn Family; 1] = [&heaps];
    let (limit, memory) = if force {
        forced_positions()
    } else {
        (MAX_POSITIONS, None)
    };
    let bounded = |e| crate::misere_quotient::memory_bound(e, memory);
    let mut search = Search::new(&families, limit);
    let mut memo = HashMap::new();
    let mut rows = Vec::with_capacity(len);
    progress.phase(&format!("genus of {code}"), len as u64);
    for n in 0..len {
        if progress.stop_requested() {
            return Err(Error::Stopped);
        }
        let root = search
            .position(vec![Atom {
                family: 0,
                id: n as u64,
            }])
            .map_err(bounded)?;
        let v = search
            .evaluate(&GenusRule, &mut memo, &root)
            .map_err(bounded)?;
        let nimber = c.values().get(n);
        if v.genus.g != nimber {
            return Err(Error::CheckFailed {
                what: format!("genus of {code}"),
                reason: format!(
                    "heap {n}: the genus gives nimber {}, the octal engine G({n}) = {nimber}",
                    v.genus.g
                ),
            });
        }
        rows.push(GenusRow {
            n,
            nimber,
            misere_nimber: v.genus.misere_nimber(),
            hereditarily_tame: v.hereditarily_tame,
            genus: v.genus,
        });
        progress.advance(1);
    }
    progress.finish_phase();
    let first_wild = rows.iter().find(|r| !r.hereditarily_tame).map(|r| r.n);
    Ok(GenusTable {
        code: code.clone(),
        rows,
        first_wild,
        positions: memo.len(),
    })
}

/// The heaps whose genus `reproduce` and the misère census compute to find
/// where a game turns wild: the genus of a heap needs the genera of sums
/// of its options, which grow past the search's bound beyond about here
/// for the splitting games.
pub const GENUS_BOUND: usize = 40;
