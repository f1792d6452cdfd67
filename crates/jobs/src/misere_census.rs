//! The misère census: every octal code of up to three digits, each to a
//! heap bound, within fixed work bounds (deterministic: the same census on
//! every machine) or within a time budget per code (as far as this machine
//! reaches; the bounds are then what the memory holds): tame, or wild with
//! its partial quotients `Q_n` and where they stopped growing, or stopped
//! at a stated heap. Compared with the published quotients and an
//! independent program's ([`PUBLISHED`]).

use crate::misere::BYTES_PER_POSITION;
use crate::misere_genus::{genus, GENUS_BOUND};
use crate::misere_quotient::{
    checkpointed, deadline, forced_limits, memory_bound, BYTES_PER_ELEMENT, BYTES_PER_ENTRY,
    BYTES_PER_STATE,
};
use grundy_core::error::{Error, Result};
use grundy_core::progress::{NoProgress, Progress, StopOnly};
use grundy_dataset::misere_census::{self, order_at, MisereCensusRow, MisereCensusSummary, FILES};
use grundy_dataset::staging::Stage;
use grundy_games::misere::learn::{self, Limits};
use grundy_games::misere::periodic::whole_game;
use grundy_games::octal::OctalCode;
use grundy_report::misere_census::{markdown, Comparison};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

/// The kind of output `octal misere-census --out` writes.
pub const KIND: &str = "octal misere-census";

pub use grundy_dataset::misere_census::default_dir;

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
    /// Where it is published (or which program computed it).
    pub source: &'static str,
    /// `true` for a publication, `false` for an independent program's
    /// output (a cross-check, not the literature).
    pub published: bool,
}

/// The published quotients the census is compared with.
pub const PUBLISHED: &[Published] = &[
    Published {
        code: "0.123",
        n: 20,
        order: 20,
        p_portion: Some(5),
        source: "Plambeck, \"Taming the wild in impartial combinatorial games\", Integers 5 (2005) G05: the whole quotient, 20 elements, |P| = 5",
        published: true,
    },
    Published {
        code: "0.07",
        n: 24,
        order: 24,
        p_portion: None,
        source: "Plambeck and Siegel, \"Misère quotients for impartial games\", JCTA 115 (2008), Dawson's Kayles (as cited; the paper's text was not at hand to re-read)",
        published: true,
    },
    Published {
        code: "0.07",
        n: 26,
        order: 144,
        p_portion: None,
        source: "Plambeck and Siegel (2008), Dawson's Kayles (as cited, not re-read; MisereSolver gives the same below)",
        published: true,
    },
    Published {
        code: "0.07",
        n: 30,
        order: 360,
        p_portion: None,
        source: "A. Siegel, \"Some MisereSolver questions answered\", miseregames.wordpress.com, 2007-08-28: \"Q_30(0.07) has size 360\"",
        published: true,
    },
    Published {
        code: "0.07",
        n: 33,
        order: 638,
        p_portion: Some(109),
        source: "Plambeck and Siegel (2008), Dawson's Kayles (as cited, not re-read; MisereSolver gives the same below)",
        published: true,
    },
    ms("0.07", 25, 144, 23),
    ms("0.07", 27, 176, 28),
    ms("0.07", 31, 520, 89),
    ms("0.07", 32, 552, 93),
    ms("0.07", 33, 638, 109),
    ms("0.77", 27, 40, 9),
    ms("0.75", 5, 8, 2),
    ms("0.71", 8, 36, 9),
    ms("0.72", 19, 24, 5),
    ms("0.53", 14, 16, 3),
    ms("0.34", 10, 12, 3),
    ms("0.123", 9, 20, 5),
    ms("0.6", 16, 304, 38),
    ms("0.106", 19, 130, 17),
    ms("0.3122", 6, 52, 10),
];

/// A figure of Siegel's MisereSolver (the Java program of Plambeck and
/// Siegel 2008, public in the repository aaron-siegel/cgsuite,
/// `lib/core/src/main/scala/org/cgsuite/core/misere/solver/`), compiled
/// and run on 2026-11-28 with an octal move generator in place of
/// CGSuite's: an independent program, not a publication.
const fn ms(code: &'static str, n: usize, order: usize, p: usize) -> Published {
    Published {
        code,
        n,
        order,
        p_portion: Some(p),
        source: "Siegel's MisereSolver (aaron-siegel/cgsuite), run 2026-11-28",
        published: false,
    }
}

/// A misère census to run.
#[derive(Clone, Copy, Debug)]
pub struct MisereCensusJob<'a> {
    /// Codes of up to this many digits (1, 2 or 3).
    pub digits: usize,
    /// The heap bound.
    pub max_heap: usize,
    /// Work bounds per code (ignored with a time budget).
    pub limits: Limits,
    /// Seconds per code: each code stops at the first heap not proved
    /// within it, and the bounds are what the memory holds (shared among
    /// the worker threads). `None`: the fixed `limits`.
    pub budget_s: Option<f64>,
    /// Codes given a budget of their own (seconds), such as Dawson's
    /// Kayles for its growth table; they start first.
    pub deep: &'a [(OctalCode, f64)],
    /// Keep each code's last proved `Q_n` here after every level and
    /// continue from it when the census is run again
    /// ([`crate::misere_quotient::checkpointed`]).
    pub checkpoint: Option<&'a Path>,
    /// The dataset directory.
    pub out: &'a Path,
    /// Where the report ([`grundy_report::misere_census::report_file`]) goes, if anywhere.
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
    table: 4_000_000,
    deadline: None,
};

/// Runs the census and writes its dataset (and report), staged.
///
/// # Errors
/// [`Error::OutOfRange`] for `digits` outside 1..=3, a heap bound past
/// 200 or a bad budget; [`Error::TooCostly`] when the fixed bounds of all
/// worker threads together need more memory than is available;
/// [`Error::Stopped`] when asked; [`Error::Io`] for outputs that cannot be
/// written; [`Error::CheckFailed`] from a quotient or genus that
/// fails its own check (a defect).
pub fn run(job: &MisereCensusJob<'_>, progress: &dyn Progress) -> Result<MisereCensus> {
    if !(1..=3).contains(&job.digits) {
        return Err(Error::OutOfRange {
            what: format!("--digits {}", job.digits),
            reason: "the misère census takes codes of 1, 2 or 3 digits".into(),
        });
    }
    if job.max_heap == 0 || job.max_heap > 200 {
        return Err(Error::OutOfRange {
            what: format!("--max-heap {}", job.max_heap),
            reason: "between 1 and 200".into(),
        });
    }
    for b in job.budget_s.iter().chain(job.deep.iter().map(|(_, b)| b)) {
        deadline(*b)?;
    }
    let threads = rayon::current_num_threads();
    let (limits, memory) = match job.budget_s {
        Some(_) => forced_limits(threads),
        None => {
            check_memory(job.limits, threads)?;
            (job.limits, None)
        }
    };
    let mut stage = Stage::new();
    let out = stage.dir(job.out, KIND, FILES)?;
    let report = job
        .reports
        .map(|r| stage.file(&r.join(grundy_report::misere_census::report_file(job.digits))))
        .transpose()?;
    let codes = codes(job.digits);
    // The deep codes first, so that their long runs overlap the others.
    let budget_of = |c: &OctalCode| {
        job.deep
            .iter()
            .find(|(d, _)| d == c)
            .map(|(_, b)| *b)
            .or(job.budget_s)
    };
    let mut order: Vec<(usize, &OctalCode)> = codes.iter().enumerate().collect();
    order.sort_by_key(|(i, c)| (job.deep.iter().all(|(d, _)| d != *c), *i));
    progress.phase("misère census", codes.len() as u64);
    let inner = StopOnly(progress);
    let mut rows: Vec<(usize, Result<MisereCensusRow>)> = order
        .par_iter()
        .map(|&(i, code)| {
            let mut l = limits;
            let r = budget_of(code)
                .map(deadline)
                .transpose()
                .and_then(|d| {
                    l.deadline = d;
                    row(code, job.max_heap, l, job.checkpoint, &inner)
                })
                .map_err(|e| memory_bound(e, memory));
            progress.advance(1);
            (i, r)
        })
        .collect();
    progress.finish_phase();
    rows.sort_by_key(|(i, _)| *i);
    let rows: Vec<MisereCensusRow> = rows.into_iter().map(|(_, r)| r).collect::<Result<_>>()?;
    let comparisons = compare(&rows, job.limits)?;
    let mut statuses = BTreeMap::new();
    for r in &rows {
        *statuses.entry(r.status.to_string()).or_insert(0) += 1;
    }
    let summary = MisereCensusSummary {
        digits: job.digits,
        max_heap: job.max_heap,
        positions: limits.positions,
        states: limits.states,
        elements: limits.elements,
        table: limits.table,
        budget_s: job.budget_s,
        deep: job.deep.iter().map(|(c, b)| (c.to_string(), *b)).collect(),
        machine: job.budget_s.map(|_| machine(threads)),
        codes: rows.len(),
        statuses,
    };
    misere_census::write(&out, &rows, &summary)?;
    if let Some(path) = report {
        grundy_dataset::atomic::write_bytes(
            &path,
            markdown(&rows, &comparisons, &summary).as_bytes(),
        )?;
    }
    stage.commit()?;
    Ok(MisereCensus { rows, comparisons })
}

/// Refuses fixed bounds whose structures, on every worker thread at once,
/// would not fit in the memory available: per thread, the outcome
/// search's positions, the (N) check's states and a candidate's elements
/// at their bytes each.
///
/// # Errors
/// [`Error::TooCostly`] with the figure.
fn check_memory(l: Limits, threads: usize) -> Result<()> {
    let per = (l.positions as f64) * BYTES_PER_POSITION as f64
        + (l.states as f64) * BYTES_PER_STATE as f64
        + (l.elements as f64) * BYTES_PER_ELEMENT as f64
        + (l.table as f64) * BYTES_PER_ENTRY as f64;
    let bytes = per * threads as f64;
    match crate::memory::available_memory() {
        Some(avail) if bytes > avail as f64 => Err(Error::TooCostly {
            what: format!("the misère census on {threads} threads"),
            needs: format!(
                "about {:.1} GiB for {} positions, {} proof states and {} candidate elements per thread",
                bytes / f64::from(1u32 << 30),
                l.positions,
                l.states,
                l.elements
            ),
            limit: format!(
                "the {:.1} GiB of memory available",
                avail as f64 / f64::from(1u32 << 30)
            ),
            flag: "a smaller --positions or fewer --threads",
        }),
        _ => Ok(()),
    }
}

/// The codes `0.d1` and `0.d1d2` (last digit non-zero; `0.0`, which has
/// no move, left out) of the normal-play census's list, in code order.
pub fn codes(digits: usize) -> Vec<OctalCode> {
    let mut codes: Vec<(String, OctalCode)> = grundy_games::octal::theory::census::codes(digits)
        .into_iter()
        .map(|c| (c.to_string(), c))
        .filter(|(t, _)| t.starts_with("0.") && t != "0.0")
        .collect();
    codes.sort_by(|a, b| a.0.cmp(&b.0));
    codes.into_iter().map(|(_, c)| c).collect()
}

/// One code's row, its levels checkpointed in `checkpoint` if given.
fn row(
    code: &OctalCode,
    max_heap: usize,
    limits: Limits,
    checkpoint: Option<&Path>,
    progress: &dyn Progress,
) -> Result<MisereCensusRow> {
    let (partial, _) = checkpointed(code, max_heap, limits, checkpoint, progress)?;
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

/// Each published quotient against `Q_n`: from the census's own row where
/// it reached `n` (the order and `|P|` at `n` are those of the last change
/// at or before `n`), else from one computation per code, to the largest
/// `n` its figures need, within `limits`.
fn compare(rows: &[MisereCensusRow], limits: Limits) -> Result<Vec<Comparison>> {
    let mut needed: BTreeMap<&str, usize> = BTreeMap::new();
    for p in PUBLISHED {
        let covered = rows
            .iter()
            .any(|r| r.code == p.code && r.computed_to >= p.n);
        if !covered {
            let n = needed.entry(p.code).or_default();
            *n = (*n).max(p.n);
        }
    }
    // Per code: its growth's changes and the last heap proved.
    type Computed<'a> = (&'a str, Vec<(usize, usize, usize)>, usize);
    let computed: Vec<Computed<'_>> = needed
        .into_par_iter()
        .map(|(code, n)| {
            let c: OctalCode = code.parse()?;
            let l = learn::quotient_partial(&c, n, limits, &NoProgress)?.learned;
            Ok((code, l.changes(), l.quotient.max_heap))
        })
        .collect::<Result<_>>()?;
    let none = Vec::new();
    Ok(PUBLISHED
        .iter()
        .map(|p| {
            let (growth, reached) = rows
                .iter()
                .find(|r| r.code == p.code && r.computed_to >= p.n)
                .map(|r| (&r.growth, r.computed_to))
                .or_else(|| computed.iter().find(|c| c.0 == p.code).map(|c| (&c.1, c.2)))
                .unwrap_or((&none, 0));
            Comparison {
                code: p.code.to_string(),
                n: p.n,
                published_order: p.order,
                published_p: p.p_portion,
                source: p.source.to_string(),
                published: p.published,
                computed: (reached >= p.n).then(|| order_at(growth, p.n)),
                computed_to: reached,
            }
        })
        .collect())
}

/// The machine a time budget runs on, in words: worker threads, the
/// processor (`/proc/cpuinfo`) and the memory available.
fn machine(threads: usize) -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "an unknown processor".into());
    let mem = crate::memory::available_memory()
        .map(|b| format!("{:.1} GiB", b as f64 / f64::from(1u32 << 30)))
        .unwrap_or_else(|| "unknown memory".into());
    format!("{threads} worker threads on {cpu}, {mem} of memory available.")
}
