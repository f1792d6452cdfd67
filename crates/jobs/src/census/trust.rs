//! A census taken on no trust: shards merged ([`merge`]) only when each
//! agrees with itself, holds exactly its codes, and its periodic rows are
//! re-proved; the rows re-derived for `verify` ([`Depth`]).

use super::*;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_dataset::atomic::Staged;
use grundy_dataset::census::{self as data, read_summary, BudgetRecord, Reaches, Summary};
use grundy_games::octal::engine::budget;
use grundy_games::octal::theory::census::{codes, Reach};
use grundy_games::octal::{OctalCode, Values};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// How far [`verify`] re-derives a census's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Periodic rows replayed ([`data::rederive_row`]: cheap, as a
    /// periodic code stops within its proof); the others' fields checked
    /// ([`data::check_shape`]) without recomputing them.
    Periodic,
    /// Every row replayed: unsettled and arithmetic ones cost what
    /// computing them to `N` cost.
    All,
}

/// A row read back from a census or partial file, its fields parsed and
/// its shape checked.
#[derive(Clone, Debug)]
pub(crate) struct Stored {
    /// The file it is in.
    pub(crate) file: PathBuf,
    /// Its 1-based line number.
    pub(crate) line: usize,
    /// The line.
    pub(crate) text: String,
    /// Its fields.
    pub(crate) fields: data::Fields,
}

impl Stored {
    /// Parses `text` (line `line` of `file`) and checks its shape for a
    /// census of that reach.
    ///
    /// # Errors
    /// [`Error::CorruptDataset`] for a field that does not parse,
    /// [`Error::VerificationFailed`] for one out of place; both name the
    /// file, the line, the code and the field.
    pub(crate) fn read(file: &Path, line: usize, text: String, reach: &Reach) -> Result<Stored> {
        let code = text.split(',').next().unwrap_or_default().to_string();
        let at = |e: data::FieldError| format!("line {line}, code {code}: {e}");
        let fields = data::parse_fields(&text).map_err(|e| Error::CorruptDataset {
            path: file.to_path_buf(),
            reason: at(e),
        })?;
        data::check_shape(&fields, reach).map_err(|e| failed(file, at(e)))?;
        Ok(Stored {
            file: file.to_path_buf(),
            line,
            text,
            fields,
        })
    }

    /// The error for this row and a wrong field.
    pub(crate) fn wrong(&self, e: &data::FieldError) -> Error {
        failed(
            &self.file,
            format!("line {}, code {}: {e}", self.line, self.fields.code),
        )
    }
}

pub(crate) fn failed(path: &Path, reason: String) -> Error {
    Error::VerificationFailed {
        path: path.to_path_buf(),
        reason,
    }
}

/// Checks that the unsettled rows of each family agree with each other
/// ([`data::same_sequence`]): what is cheap to check of rows not
/// recomputed.
///
/// # Errors
/// [`Error::VerificationFailed`] naming the file, line, code and field of
/// the first row that disagrees with its family's first unsettled row.
pub(crate) fn families_agree(
    families: &[Vec<(usize, OctalCode)>],
    rows: &HashMap<String, Stored>,
) -> Result<()> {
    for f in families {
        let unsettled: Vec<&Stored> = f
            .iter()
            .filter_map(|(_, c)| rows.get(&c.to_string()))
            .filter(|r| r.fields.status == "unsettled")
            .collect();
        if let Some((first, others)) = unsettled.split_first() {
            for r in others {
                data::same_sequence(&r.text, &first.text, &first.fields.code)
                    .map_err(|e| r.wrong(&e))?;
            }
        }
    }
    Ok(())
}

/// Re-derives the rows of `rows` (by code) that `depth` asks for
/// ([`data::rederive_row`]), family by family as a census computes them
/// (each family's values computed once, from its first row re-derived),
/// families in parallel, after checking that each family's unsettled rows
/// agree ([`families_agree`]). Returns the number of rows re-derived.
///
/// # Errors
/// [`Error::VerificationFailed`] naming the file, line, code and field of
/// the first wrong row (in census order among those found).
pub(crate) fn rederive(
    families: &[Vec<(usize, OctalCode)>],
    rows: &HashMap<String, Stored>,
    reaches: &Reaches,
    depth: Depth,
    phase: &str,
    progress: &dyn Progress,
) -> Result<usize> {
    families_agree(families, rows)?;
    let (todo, reach_of_family): (Vec<Vec<(usize, OctalCode)>>, Vec<Reach>) = families
        .iter()
        .map(|f| {
            let rows = f
                .iter()
                .filter(|(_, c)| {
                    rows.get(&c.to_string())
                        .is_some_and(|r| depth == Depth::All || r.fields.status == "periodic")
                })
                .cloned()
                .collect::<Vec<_>>();
            (rows, reaches.of_family(f.iter().map(|(_, c)| c)))
        })
        .filter(|(f, _)| !f.is_empty())
        .unzip();
    let count: usize = todo.iter().map(Vec::len).sum();
    let workers = rayon::current_num_threads().min(todo.len()).max(1);
    let eta = Eta::new(todo.iter(), count, workers);
    progress.phase(&format!("{phase}: {count} rows"), 0);
    let stop = AtomicBool::new(false);
    let check = |(id, family): (usize, &Vec<(usize, OctalCode)>)| {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        eta.start(id, family);
        let reach = &reach_of_family[id];
        let mut known: Option<Values> = None;
        for (i, code) in family {
            let r = &rows[&code.to_string()];
            match data::rederive_row(&r.text, &r.fields, reach, known.as_ref()) {
                Ok(v) if known.as_ref().is_none_or(|k| k.len() < v.len()) => {
                    known = Some(v);
                }
                Ok(_) => {}
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    return Some((*i, r.wrong(&e)));
                }
            }
        }
        eta.finish(id, family);
        None
    };
    let found: Vec<Option<(usize, Error)>> = eta.ticking(progress, || {
        todo.par_iter().enumerate().map(check).collect()
    });
    progress.finish_phase();
    match found.into_iter().flatten().min_by_key(|(i, _)| *i) {
        Some((_, e)) => Err(e),
        None => Ok(count),
    }
}

/// A census directory read back and checked against itself ([`load`]).
#[derive(Debug)]
pub(crate) struct Loaded {
    pub(crate) dir: PathBuf,
    pub(crate) summary: Summary,
    pub(crate) csv: Vec<u8>,
    pub(crate) rows: Vec<Stored>,
}

/// Reads a census directory (`census.csv` and `summary.json`, of a whole
/// census or of a shard) and checks it against itself, computing nothing:
/// the summary's parameters are a census's ([`validate`]); every row
/// parses and has its shape for the summary's `N` ([`data::check_shape`]);
/// the rows are exactly the codes of the census (of the shard, for a
/// shard: [`shard_codes`]), in census order; the summary's `codes`,
/// `counts`, `families` and `cpu_seconds` are the rows'.
///
/// # Errors
/// [`Error::Io`] for unreadable files, [`Error::CorruptDataset`] for
/// malformed ones, [`Error::VerificationFailed`] naming the file, line,
/// code and field of the first inconsistency.
pub(crate) fn load(dir: &Path) -> Result<Loaded> {
    let summary_path = dir.join("summary.json");
    let summary = read_summary(&summary_path)?;
    let shard = summary.shard.map(|[i, k]| (i, k));
    validate(summary.digits, summary.max_n, shard)
        .map_err(|e| failed(&summary_path, format!("not a census's parameters: {e}")))?;
    let csv_path = dir.join("census.csv");
    let csv = std::fs::read(&csv_path).map_err(Error::io("cannot read", &csv_path))?;
    let text = std::str::from_utf8(&csv).map_err(|_| Error::CorruptDataset {
        path: csv_path.clone(),
        reason: "not UTF-8 text".into(),
    })?;
    let lines = data::parse_csv(&csv_path, text)?;
    let want = shard_codes(summary.digits, shard);
    let reaches = summary.reaches();
    let by_code = code_reaches(summary.digits, &reaches);
    let mut rows = Vec::with_capacity(lines.len());
    for (i, l) in lines.into_iter().enumerate() {
        let reach = by_code.get(&l.code).unwrap_or(&reaches.all);
        let row = Stored::read(&csv_path, i.saturating_add(2), l.text, reach)?;
        if want.get(i).is_none_or(|(_, c)| *c != row.fields.code) {
            let reason = misplaced(summary.digits, shard, &row.fields.code, want.get(i));
            return Err(failed(
                &csv_path,
                format!("line {}, code {}: {reason}", row.line, row.fields.code),
            ));
        }
        rows.push(row);
    }
    if let Some((_, missing)) = want.get(rows.len()) {
        return Err(failed(
            &csv_path,
            format!("code {missing} of this census is missing (the file ends before it)"),
        ));
    }
    agrees_with_rows(&summary_path, &summary, &rows)?;
    Ok(Loaded {
        dir: dir.to_path_buf(),
        summary,
        csv,
        rows,
    })
}

/// Why `code` is not where a census file has it (`expected` there).
pub(crate) fn misplaced(
    digits: usize,
    shard: Option<(usize, usize)>,
    code: &OctalCode,
    expected: Option<&(usize, OctalCode)>,
) -> String {
    let all = codes(digits);
    let Some(index) = all.iter().position(|c| c == code) else {
        return format!("not a code of a census of {digits} digits");
    };
    if let Some((_, k)) = shard {
        let family = families(digits)
            .iter()
            .position(|f| f.contains(&index))
            .unwrap_or(0);
        let home = family % k + 1;
        if shard != Some((home, k)) {
            return format!(
                "not of this shard {}/{k}: its family is in shard {home}/{k}",
                shard.map_or(0, |s| s.0)
            );
        }
    }
    match expected {
        Some((_, e)) => format!("out of census order or repeated (the row of {e} belongs here)"),
        None => "repeated, after the last code of the census".into(),
    }
}

/// Checks that `summary` (at `path`) says what its rows say.
pub(crate) fn agrees_with_rows(path: &Path, summary: &Summary, rows: &[Stored]) -> Result<()> {
    let lines = || rows.iter().map(|r| r.text.as_str());
    let counts = data::counts(rows.iter().map(|r| r.fields.status));
    let checks = [
        ("codes", summary.codes.to_string(), rows.len().to_string()),
        (
            "counts",
            format!("{:?}", summary.counts),
            format!("{counts:?}"),
        ),
        (
            "cpu_seconds",
            summary.cpu_seconds.to_string(),
            cpu_seconds(lines()).to_string(),
        ),
    ];
    for (field, said, rows_say) in checks {
        if said != rows_say {
            return Err(failed(
                path,
                format!("field {field} is {said}, but census.csv's rows give {rows_say}"),
            ));
        }
    }
    // Files of before the field have 0.
    let families = families_in(lines());
    if summary.families != 0 && summary.families != families {
        return Err(failed(
            path,
            format!(
                "field families is {}, but census.csv has {families} rows with an empty same_as",
                summary.families
            ),
        ));
    }
    Ok(())
}

/// Checks `rows_blake3` of a loaded census against its files: true when
/// it matches, false when absent and not `required`.
///
/// # Errors
/// [`Error::VerificationFailed`] naming `summary.json` when the digest
/// does not match, or is absent and `required`.
pub(crate) fn check_digest(l: &Loaded, required: bool) -> Result<bool> {
    let path = l.dir.join("summary.json");
    match &l.summary.rows_blake3 {
        None if required => Err(failed(
            &path,
            "field rows_blake3 is missing: written before census files carried a digest; compute it again".into(),
        )),
        None => Ok(false),
        Some(d) if *d == data::rows_digest(&l.summary, &l.csv) => Ok(true),
        Some(_) => Err(failed(
            &path,
            format!(
                "field rows_blake3 does not match {} and the parameters (digits, max_n, shard, version): a file was edited after the census wrote it",
                l.dir.join("census.csv").display()
            ),
        )),
    }
}

/// Joins shard outputs (directories holding `census.csv` and
/// `summary.json`) into the census an unsharded run writes: the same
/// `census.csv` byte for byte, and a `summary.json` adding up the shards.
/// Nothing is written unless every check passes. Each shard in turn is
/// read back and checked against itself (`load`: every field parses and
/// is in place, every row is of its shard, the summary is its rows'); is
/// of the first one's census (same digits and `N`) and written by this
/// version of grundy; has every periodic row re-proved
/// ([`data::rederive_row`]: its code recomputed as the census does, to
/// its `computed_to`, every column compared; unsettled and arithmetic
/// rows, which cost a computation to `N` each, are checked field by field
/// and left to `octal verify`); and has a `rows_blake3` that matches its
/// files. Then every code of the census must be in exactly one shard.
/// Shards may be of different `K` (3/4 may be replaced by 3/8 and 7/8).
///
/// # Errors
/// [`Error::Io`] for unreadable or unwritable files;
/// [`Error::CorruptDataset`] for a malformed file;
/// [`Error::VerificationFailed`] naming the file (and the line, code and
/// field) for the first check that fails.
pub fn merge(
    dirs: &[PathBuf],
    out: &Path,
    reports: Option<&Path>,
    progress: &dyn Progress,
) -> Result<CensusRun> {
    let Some(first) = dirs.first() else {
        return Err(Error::OutOfRange {
            what: "merge".into(),
            reason: "name at least one shard directory".into(),
        });
    };
    let mut shards: Vec<Loaded> = Vec::with_capacity(dirs.len());
    for dir in dirs {
        let l = load(dir)?;
        same_census(first, shards.first().unwrap_or(&l), &l)?;
        let s = &l.summary;
        let rows: HashMap<String, Stored> = l
            .rows
            .iter()
            .map(|r| (r.fields.code.to_string(), r.clone()))
            .collect();
        let families = shard_families(s.digits, s.shard.map(|[i, k]| (i, k)));
        let phase = format!("re-prove the periodic rows of {}", dir.display());
        rederive(
            &families,
            &rows,
            &s.reaches(),
            Depth::Periodic,
            &phase,
            progress,
        )?;
        check_digest(&l, true)?;
        shards.push(l);
    }
    let digits = shards[0].summary.digits;
    let mut slots: Vec<Option<&Stored>> = vec![None; codes(digits).len()];
    for l in &shards {
        let rows = shard_codes(digits, l.summary.shard.map(|[i, k]| (i, k)));
        for ((i, _), row) in rows.iter().zip(&l.rows) {
            if let Some(other) = slots[*i] {
                return Err(failed(
                    &row.file,
                    format!(
                        "code {} is also in {}",
                        row.fields.code,
                        other.file.parent().unwrap_or(Path::new("")).display()
                    ),
                ));
            }
            slots[*i] = Some(row);
        }
    }
    let all = codes(digits);
    if let Some(i) = slots.iter().position(Option::is_none) {
        return Err(failed(
            first,
            format!(
                "code {} is in none of the {} directories (a shard is missing)",
                all[i],
                dirs.len()
            ),
        ));
    }
    let lines: Vec<String> = slots.iter().flatten().map(|r| r.text.clone()).collect();
    write_merged(&shards, &lines, out, reports, progress)
}

/// `, with a budget of 30 s and 1.0 GiB per family past it` (and `, 600 s
/// and 4.0 GiB for the families of published codes`), or nothing.
pub(crate) fn budget_text(s: &Summary) -> String {
    let mut text = s.budget.map_or(String::new(), |b| {
        format!(
            ", with a budget of {} s and {} per family past it",
            b.seconds,
            budget::bytes_text(b.bytes)
        )
    });
    if let Some(b) = s.published_budget {
        text += &format!(
            ", {} s and {} for the families of published codes",
            b.seconds,
            budget::bytes_text(b.bytes)
        );
    }
    text
}

/// Checks that shard `l` is of the census of `head` (read from `first`)
/// and written by this version.
pub(crate) fn same_census(first: &Path, head: &Loaded, l: &Loaded) -> Result<()> {
    let (s, h) = (&l.summary, &head.summary);
    let path = l.dir.join("summary.json");
    if (s.digits, s.max_n, s.budget, s.published_budget)
        != (h.digits, h.max_n, h.budget, h.published_budget)
    {
        return Err(failed(
            &path,
            format!(
                "a census of {} digits to n = {}{}, not {} digits to n = {}{} as {}",
                s.digits,
                s.max_n,
                budget_text(s),
                h.digits,
                h.max_n,
                budget_text(h),
                first.display()
            ),
        ));
    }
    same_version(l)
}

/// Checks that census `l` was written by this version of grundy.
pub(crate) fn same_version(l: &Loaded) -> Result<()> {
    let s = &l.summary;
    let path = l.dir.join("summary.json");
    if s.version != data::VERSION {
        let v = if s.version.is_empty() {
            "an unknown version"
        } else {
            &s.version
        };
        return Err(failed(
            &path,
            format!(
                "field version: written by grundy {v}, not by this grundy {} whose census re-proves the rows",
                data::VERSION
            ),
        ));
    }
    Ok(())
}

/// Writes the merged census (its summary adding up the shards') and, if
/// asked, the report.
pub(crate) fn write_merged(
    shards: &[Loaded],
    lines: &[String],
    out: &Path,
    reports: Option<&Path>,
    progress: &dyn Progress,
) -> Result<CensusRun> {
    let head = &shards[0].summary;
    let job = CensusJob {
        digits: head.digits,
        max_n: head.max_n,
        budget: head.budget.map(budget_of),
        published_budget: head.published_budget.map(budget_of),
        shard: None,
        out,
        reports,
        resume: false,
        threads: shards.iter().map(|l| l.summary.threads).max().unwrap_or(1),
    };
    let wall = shards.iter().map(|l| l.summary.wall_seconds).sum();
    let resumed = shards.iter().map(|l| l.summary.resumed).sum();
    let summary = summarise(&job, lines, wall, resumed);
    let staged = Staged::new(out)?;
    let summary = data::write(staged.path(), lines, &summary)?;
    staged.commit()?;
    if let Some(r) = reports {
        write_report(r, out, &summary, progress)?;
    }
    Ok(CensusRun {
        summary,
        resumed: 0,
        computed: 0,
    })
}

/// The budget a record was made from.
pub(crate) fn budget_of(b: BudgetRecord) -> Budget {
    Budget {
        seconds: b.seconds,
        bytes: b.bytes,
    }
}
