//! The misère census: every octal code of up to two digits, each to a heap
//! bound within fixed work bounds (deterministic, unlike a time budget):
//! tame, or wild with its partial quotients `Q_n` and where they stopped
//! growing, or stopped by the bounds. Compared with the published
//! quotients ([`PUBLISHED`]).

use crate::dataset::misere_census::{self, MisereCensusRow, MisereCensusSummary, FILES};
use crate::dataset::staging::Stage;
use crate::error::{Error, Result};
use crate::games::misere::learn::{self, Limits};
use crate::games::misere::periodic::whole_game;
use crate::games::octal::OctalCode;
use crate::jobs::misere::{genus, GENUS_BOUND};
use crate::progress::{NoProgress, Progress, StopOnly};
use crate::report::misere_census::{markdown, Comparison};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// The kind of output `octal misere-census --out` writes.
pub const KIND: &str = "octal misere-census";

/// A published order of a partial misère quotient.
#[derive(Clone, Copy, Debug)]
pub struct Published {
    /// The octal code.
    pub code: &'static str,
    /// The heap bound `n`.
    pub n: usize,
    /// `|Q_n|`.
    pub order: usize,
    /// `|P|`, where published.
    pub p_portion: Option<usize>,
    /// Where it is published.
    pub source: &'static str,
}

/// The published quotients the census is compared with.
pub const PUBLISHED: &[Published] = &[
    Published {
        code: "0.123",
        n: 20,
        order: 20,
        p_portion: Some(5),
        source: "Plambeck, \"Taming the wild in impartial combinatorial games\", Integers 5 (2005) G05: the whole quotient, 20 elements, |P| = 5",
    },
    Published {
        code: "0.07",
        n: 24,
        order: 24,
        p_portion: None,
        source: "Plambeck and Siegel, \"Misère quotients for impartial games\", JCTA 115 (2008), Dawson's Kayles",
    },
    Published {
        code: "0.07",
        n: 26,
        order: 144,
        p_portion: None,
        source: "Plambeck and Siegel (2008), Dawson's Kayles",
    },
    Published {
        code: "0.07",
        n: 30,
        order: 360,
        p_portion: None,
        source: "A. Siegel, MisereSolver questions answered, miseregames.wordpress.com, 2007-08-28",
    },
    Published {
        code: "0.07",
        n: 33,
        order: 638,
        p_portion: Some(109),
        source: "Plambeck and Siegel (2008), Dawson's Kayles",
    },
];

/// A misère census to run.
#[derive(Clone, Copy, Debug)]
pub struct MisereCensusJob<'a> {
    /// Codes of up to this many digits (1 or 2).
    pub digits: usize,
    /// The heap bound.
    pub max_heap: usize,
    /// Work bounds per code.
    pub limits: Limits,
    /// The dataset directory.
    pub out: &'a Path,
    /// Where `misere-census.md` goes, if anywhere.
    pub reports: Option<&'a Path>,
}

/// The census's rows and the comparisons with [`PUBLISHED`].
#[derive(Clone, Debug)]
pub struct MisereCensus {
    /// One row per code.
    pub rows: Vec<MisereCensusRow>,
    /// One per published quotient.
    pub comparisons: Vec<Comparison>,
}

/// Default work bounds of the census: per level of each code.
pub const CENSUS_LIMITS: Limits = Limits {
    elements: 50_000,
    positions: 4_000_000,
    states: 4_000_000,
    deadline: None,
};

/// Runs the census and writes its dataset (and report), staged.
///
/// # Errors
/// [`Error::OutOfRange`] for `digits` outside 1..=2 or a heap bound past
/// 200; [`Error::Stopped`] when asked; [`Error::Io`] for outputs that
/// cannot be written; [`Error::VerificationFailed`] from a quotient or
/// genus that fails its own check (a defect).
pub fn run(job: &MisereCensusJob<'_>, progress: &dyn Progress) -> Result<MisereCensus> {
    if !(1..=2).contains(&job.digits) {
        return Err(Error::OutOfRange {
            what: format!("--digits {}", job.digits),
            reason: "the misère census takes codes of 1 or 2 digits".into(),
        });
    }
    if job.max_heap == 0 || job.max_heap > 200 {
        return Err(Error::OutOfRange {
            what: format!("--max-heap {}", job.max_heap),
            reason: "between 1 and 200".into(),
        });
    }
    let mut stage = Stage::new();
    let out = stage.dir(job.out, KIND, FILES)?;
    let report = job
        .reports
        .map(|r| stage.file(&r.join("misere-census.md")))
        .transpose()?;
    let codes = codes(job.digits);
    progress.phase("misère census", codes.len() as u64);
    let inner = StopOnly(progress);
    let rows: Vec<Result<MisereCensusRow>> = codes
        .par_iter()
        .map(|code| {
            let r = row(code, job.max_heap, job.limits, &inner);
            progress.advance(1);
            r
        })
        .collect();
    progress.finish_phase();
    let rows: Vec<MisereCensusRow> = rows.into_iter().collect::<Result<_>>()?;
    let comparisons = compare(job.limits)?;
    let mut statuses = BTreeMap::new();
    for r in &rows {
        *statuses.entry(r.status.to_string()).or_insert(0) += 1;
    }
    let summary = MisereCensusSummary {
        max_heap: job.max_heap,
        positions: job.limits.positions,
        states: job.limits.states,
        elements: job.limits.elements,
        codes: rows.len(),
        statuses,
    };
    misere_census::write(&out, &rows, &summary)?;
    if let Some(path) = report {
        crate::dataset::atomic::write_bytes(
            &path,
            markdown(&rows, &comparisons, &summary).as_bytes(),
        )?;
    }
    stage.commit()?;
    Ok(MisereCensus { rows, comparisons })
}

/// The codes `0.d1` and `0.d1d2` (last digit non-zero; `0.0`, which has
/// no move, left out) of the normal-play census's list, in code order.
pub fn codes(digits: usize) -> Vec<OctalCode> {
    let mut codes: Vec<(String, OctalCode)> = crate::games::octal::census::codes(digits)
        .into_iter()
        .map(|c| (c.to_string(), c))
        .filter(|(t, _)| t.starts_with("0.") && t != "0.0")
        .collect();
    codes.sort_by(|a, b| a.0.cmp(&b.0));
    codes.into_iter().map(|(_, c)| c).collect()
}

/// One code's row.
fn row(
    code: &OctalCode,
    max_heap: usize,
    limits: Limits,
    progress: &dyn Progress,
) -> Result<MisereCensusRow> {
    let partial = learn::quotient_partial(code, max_heap, limits, progress)?;
    if let Some(Error::Stopped) = partial.stopped {
        return Err(Error::Stopped);
    }
    let learned = &partial.learned;
    let computed_to = learned.quotient.max_heap;
    // The genus to the same depth, at most GENUS_BOUND: tame, the first
    // wild heap, or unknown (past the genus search's bound; then the code
    // is never called tame).
    let (first_wild, genus_known) =
        match genus(code, computed_to.min(GENUS_BOUND), false, &NoProgress) {
            Ok(t) => (t.first_wild, true),
            Err(Error::TooCostly { .. }) => (None, false),
            Err(e) => return Err(e),
        };
    let growth = learned.changes();
    let last_change = growth.last().map_or(0, |c| c.0);
    let whole = partial
        .stopped
        .is_none()
        .then(|| whole_game(code, &learned.quotient))
        .flatten();
    let status = if partial.stopped.is_none() && genus_known && first_wild.is_none() {
        "tame"
    } else if partial.stopped.is_none() && !genus_known {
        "genus-unknown"
    } else if partial.stopped.is_some() {
        "stopped"
    } else if whole.is_some() {
        "wild-finite"
    } else if last_change <= max_heap / 2 {
        "wild-stable"
    } else {
        "wild-growing"
    };
    Ok(MisereCensusRow {
        code: code.to_string(),
        status,
        max_heap,
        computed_to,
        order: learned.quotient.order(),
        p_portion_size: learned.quotient.p_portion_size(),
        last_change,
        first_wild,
        growth,
        whole_game: whole.map(|w| (w.preperiod, w.period)),
        stopped: match partial.stopped {
            Some(Error::TooCostly { needs, .. }) => needs,
            Some(e) => e.to_string(),
            None => String::new(),
        },
    })
}

/// Each published quotient against `Q_n` computed within `limits`.
fn compare(limits: Limits) -> Result<Vec<Comparison>> {
    PUBLISHED
        .par_iter()
        .map(|p| {
            let code: OctalCode = p.code.parse()?;
            let learned = learn::quotient_partial(&code, p.n, limits, &NoProgress)?.learned;
            let reached = learned.quotient.max_heap;
            let computed = (reached == p.n)
                .then(|| (learned.quotient.order(), learned.quotient.p_portion_size()));
            Ok(Comparison {
                code: p.code.to_string(),
                n: p.n,
                published_order: p.order,
                published_p: p.p_portion,
                source: p.source.to_string(),
                computed,
                computed_to: reached,
            })
        })
        .collect()
}
