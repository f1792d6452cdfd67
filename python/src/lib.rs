//! `grundy._grundy`: the Python extension module behind the `grundy`
//! package (`python/grundy/`). Every function here calls the `grundy`
//! crate's public library API, as the command line does; none computes a
//! game itself. Errors come back as `grundy.GrundyError` (a `ValueError`)
//! carrying the one line the command line prints after `error:`.
//!
//! The computations run with the GIL released, on a thread of their own
//! ([`interruptible`]), with no progress display: the calling thread polls
//! for signals every [`SIGNAL_POLL`], and a Ctrl-C asks the computation to
//! stop through its progress context (as the command line's does) and
//! raises `KeyboardInterrupt` once it has (within a second: the engines
//! poll about every 10 ms). Reading a file is not interruptible (it takes
//! what reading and checking the file takes).

use grundy_jobs::monorail::{check_tiles, chunk_records, start_classes, SolveJob};
use grundy_jobs::monorail_table::{read_positions, Header, PositionsTable};
use grundy_jobs::octal::{compute_settled, read_sequence_file as read_sequence, seq_to_dataset};
use grundy_jobs::octal::{Engine, OctalCode, SeqJob};
use grundy_jobs::octal_queries::{period, validate, PeriodRun, PeriodSearch};
use grundy_jobs::progress::{NoProgress, Progress, Stoppable};
use grundy_jobs::sum::{format_sum, SettledSum, SumJob};
use grundy_jobs::Error;
use numpy::{IntoPyArray, PyArray1};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

create_exception!(
    _grundy,
    GrundyError,
    PyValueError,
    "An error of the grundy library, with the one-line message the command line prints after `error:`."
);

/// The error and its causes on one line: the line `grundy` prints after
/// `error:` ([`grundy_jobs::error::one_line`], over the same source chain).
fn one_line(e: &(dyn std::error::Error + 'static)) -> String {
    grundy_jobs::error::one_line(grundy_jobs::error::causes(e))
}

/// A library error as a `GrundyError`.
fn py_err(e: Error) -> PyErr {
    GrundyError::new_err(one_line(&e))
}

/// How often a call waiting for its computation polls for signals.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own with the GIL released, and waits for
/// it, polling for signals (`Python::check_signals`, which runs Python's
/// handlers: Ctrl-C raises `KeyboardInterrupt`) every [`SIGNAL_POLL`].
/// When a handler raises, `work` is asked to stop through the progress
/// context it is given, and its exception is raised once `work` has
/// returned; otherwise `work`'s result, its error as a `GrundyError`.
///
/// # Errors
/// The exception a signal handler raised; else `work`'s error.
fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&dyn Progress) -> grundy_jobs::Result<T> + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let waiting = std::thread::current();
    std::thread::scope(|s| {
        let handle = s.spawn(|| {
            let result = work(&Stoppable::new(&NoProgress, &stop));
            waiting.unpark();
            result
        });
        let mut raised = None;
        while !handle.is_finished() {
            py.detach(|| std::thread::park_timeout(SIGNAL_POLL));
            if raised.is_none() {
                if let Err(e) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    raised = Some(e);
                }
            }
        }
        let result = match handle.join() {
            Ok(r) => r,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        match raised {
            Some(e) => Err(e),
            None => result.map_err(py_err),
        }
    })
}

/// The engine named `name` (`sparse` or `naive`), as `--engine` reads it.
fn engine(name: &str) -> PyResult<Engine> {
    match name {
        "sparse" => Ok(Engine::Sparse),
        "naive" => Ok(Engine::Naive),
        other => Err(GrundyError::new_err(format!(
            "invalid engine {other:?}: expected \"sparse\" or \"naive\""
        ))),
    }
}

/// Parses an octal code or name (`0.137`, `kayles`, `hex:0.8F`).
fn code(text: &str) -> PyResult<OctalCode> {
    text.parse().map_err(py_err)
}

/// `G(0..=max_n)` of `code` as a NumPy `uint32` array: refused (as `octal
/// seq` refuses it) when the estimate exceeds the memory available or,
/// for the naive engine, ten minutes, unless `force`; past a proved
/// period the values follow from it (`octal seq`'s pipeline,
/// `grundy_jobs::octal::compute_settled`).
#[pyfunction]
#[pyo3(signature = (code_text, max_n, engine_name = "sparse", force = false))]
fn octal_values<'py>(
    py: Python<'py>,
    code_text: &str,
    max_n: usize,
    engine_name: &str,
    force: bool,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let code = code(code_text)?;
    let engine = engine(engine_name)?;
    let values = interruptible(py, |progress| {
        validate(&code, engine, "--max-n", max_n, force)?;
        let c = compute_settled(&code, engine, max_n, None, progress)?;
        Ok(c.extended().iter().collect::<Vec<u32>>())
    })?;
    Ok(values.into_pyarray(py))
}

/// `octal period CODE --max-n N --json` as a dict with the same keys and
/// values (and the claim's text form besides, `claim.text`):
/// values are computed until a period is proved by the Octal Periodicity
/// Theorem or `max_n` is reached (`grundy_jobs::octal_queries::period`).
#[pyfunction]
#[pyo3(signature = (code_text, max_n, engine_name = "sparse", force = false))]
fn octal_period<'py>(
    py: Python<'py>,
    code_text: &str,
    max_n: usize,
    engine_name: &str,
    force: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let code = code(code_text)?;
    let engine = engine(engine_name)?;
    let PeriodRun {
        found,
        computed_to,
        claim,
    } = interruptible(py, |progress| period(&code, engine, max_n, force, progress))?;
    let d = PyDict::new(py);
    d.set_item("code", code.to_string())?;
    d.set_item("max_n", max_n)?;
    d.set_item("computed_to", computed_to)?;
    match (found, claim) {
        (PeriodSearch::Proved(p), Some(claim)) => {
            d.set_item("pre_period", p.pre_period)?;
            d.set_item("period", p.period)?;
            d.set_item("proved", true)?;
            d.set_item("checked_to", p.checked_to)?;
            d.set_item("proof_range", vec![p.theorem_pre_period, p.proof_end])?;
            let c = PyDict::new(py);
            c.set_item("period", claim.period)?;
            c.set_item("values", claim.values.clone())?;
            let exceptions: Vec<[u64; 2]> = claim
                .exceptions
                .iter()
                .map(|(&n, &v)| [n as u64, u64::from(v)])
                .collect();
            c.set_item("exceptions", exceptions)?;
            c.set_item("text", claim.to_string())?;
            d.set_item("claim", c)?;
            d.set_item("check", claim.check_command(&code))?;
            d.set_item(
                "check_table_row",
                format!("{code},{},{}", p.pre_period, p.period),
            )?;
        }
        (found, _) => {
            d.set_item("pre_period", py.None())?;
            d.set_item("period", py.None())?;
            d.set_item("proved", false)?;
            d.set_item("checked_to", computed_to)?;
            match found {
                PeriodSearch::Arithmetic(x) => {
                    let a = PyDict::new(py);
                    a.set_item("pre_period", x.pre_period)?;
                    a.set_item("period", x.period)?;
                    a.set_item("saltus", x.saltus)?;
                    a.set_item("proved", false)?;
                    d.set_item("arithmetic", a)?;
                }
                _ => d.set_item("arithmetic", py.None())?,
            }
        }
    }
    Ok(d)
}

/// `octal seq CODE --max-n N --out DIR`: writes the dataset directory
/// (`sequence.csv`, `sequence.bin.zst`, `b-file.txt`, `table.tex`,
/// `summary.json`) and returns `summary.json` as a dict.
#[pyfunction]
#[pyo3(signature = (code_text, max_n, out, engine_name = "sparse", force = false))]
fn octal_write_dataset<'py>(
    py: Python<'py>,
    code_text: &str,
    max_n: usize,
    out: PathBuf,
    engine_name: &str,
    force: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let code = code(code_text)?;
    let engine = engine(engine_name)?;
    let summary = interruptible(py, |progress| {
        validate(&code, engine, "--max-n", max_n, force)?;
        let job = SeqJob {
            code: &code,
            engine,
            max_n,
            out: &out,
            reports: None,
            checkpoint: None,
            command: format!(
                "grundy octal seq {code} --max-n {max_n} --engine {} --out {}",
                engine.name(),
                out.display()
            ),
            threads: 1,
            force,
        };
        let run = seq_to_dataset(job, progress)?;
        summary_json(&out, serde_json::to_string(&run.summary))
    })?;
    json_to_py(py, &summary)
}

/// A dataset's summary encoded as JSON text (`encoded`), for
/// [`json_to_py`]; a failed encoding becomes an error naming the dataset
/// directory `out`.
fn summary_json(
    out: &std::path::Path,
    encoded: serde_json::Result<String>,
) -> grundy_jobs::Result<String> {
    encoded.map_err(|e| Error::Undecodable {
        path: out.to_path_buf(),
        what: "cannot encode the summary".into(),
        source: Box::new(e),
    })
}

/// `json.loads(text)`.
fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// Reads a sequence file (`sequence.bin.zst`, a checkpoint, or a dataset
/// directory holding `sequence.bin.zst`), its digest checked: `(code,
/// values)`, the values a NumPy `uint32` array.
#[pyfunction]
fn read_sequence_file<'py>(
    py: Python<'py>,
    path: PathBuf,
) -> PyResult<(String, Bound<'py, PyArray1<u32>>)> {
    let (code, values) = py.detach(|| read_sequence(&path)).map_err(py_err)?;
    Ok((code, values.to_u32s().into_pyarray(py)))
}

/// A positions table as Python objects: the header, the keys, the nimbers.
type Positions<'py> = (
    Bound<'py, PyDict>,
    Bound<'py, PyArray1<u64>>,
    Bound<'py, PyArray1<u16>>,
);

/// Reads a Monorail positions table (`positions.bin.zst`, or a dataset
/// directory holding it), its digest and key order checked: `(header
/// dict, keys as uint64, nimbers as uint16)`.
#[pyfunction]
fn read_positions_file<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Positions<'py>> {
    let (header, records) = py.detach(|| read_positions(&path)).map_err(py_err)?;
    let (keys, nimbers): (Vec<u64>, Vec<u16>) = records.into_iter().unzip();
    Ok((
        header_dict(py, &header)?,
        keys.into_pyarray(py),
        nimbers.into_pyarray(py),
    ))
}

/// The header fields but the magic and the digest (checked on reading).
fn header_dict<'py>(py: Python<'py>, h: &Header) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("version", h.version)?;
    d.set_item("tiles", h.tiles)?;
    d.set_item("loops", h.loops)?;
    d.set_item("records", h.records)?;
    Ok(d)
}

/// `grundy sum EXPR --all --json` as a dict with the same keys (every
/// winning move listed, or at most `limit` per component).
#[pyfunction]
#[pyo3(signature = (text, limit = None, force = false))]
fn sum<'py>(
    py: Python<'py>,
    text: &str,
    limit: Option<usize>,
    force: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let job = SumJob {
        text,
        limit: limit.unwrap_or(usize::MAX),
        force,
    };
    let SettledSum {
        parts,
        values,
        total,
        winning,
    } = interruptible(py, |progress| grundy_jobs::sum::run(&job, progress))?;
    let d = PyDict::new(py);
    d.set_item("sum", format_sum(&parts))?;
    let components = PyList::empty(py);
    for (p, v) in parts.iter().zip(&values) {
        let c = PyDict::new(py);
        c.set_item("component", p.to_string())?;
        c.set_item("family", p.family())?;
        c.set_item("nimber", v.value())?;
        components.append(c)?;
    }
    d.set_item("components", components)?;
    d.set_item("nimber", total.value())?;
    d.set_item("outcome", total.outcome().to_string())?;
    d.set_item("first_player_wins", !total.is_p_position())?;
    let moves = PyList::empty(py);
    for w in &winning {
        for m in &w.moves {
            let x = PyDict::new(py);
            x.set_item("component", w.component)?;
            x.set_item("nimber", values[w.component - 1].value())?;
            x.set_item("to_value", w.to_value.value())?;
            x.set_item("move", m)?;
            moves.append(x)?;
        }
    }
    let count: usize = winning.iter().map(|w| w.count).sum();
    d.set_item("truncated", count > moves.len())?;
    d.set_item("winning_moves", moves)?;
    d.set_item("winning_moves_count", count)?;
    Ok(d)
}

/// A solved Monorail positions table read from a dataset directory (or
/// its `positions.bin.zst`), digest checked, for looking positions up.
#[pyclass(module = "grundy._grundy", frozen)]
struct MonorailTable(PositionsTable);

#[pymethods]
impl MonorailTable {
    /// Reads the table at `path`; the rules (and their loops) are those of
    /// its tile count, and its loop count must be theirs.
    #[new]
    fn new(py: Python<'_>, path: PathBuf) -> PyResult<Self> {
        py.detach(|| PositionsTable::open(&path))
            .map(MonorailTable)
            .map_err(py_err)
    }

    /// The tile count `T`.
    #[getter]
    fn tiles(&self) -> u32 {
        self.0.header().tiles
    }

    /// The number of position classes in the table.
    fn __len__(&self) -> usize {
        self.0.len()
    }

    /// The nimber of `position` in compact notation (`x,y,TYPE;...`, `-`
    /// for the start): checked reachable by the rules, then looked up by
    /// its canonical key, as the solver stored it.
    fn nimber(&self, position: &str) -> PyResult<u16> {
        self.0.nimber(position).map_err(py_err)
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.monorail.Table({:?}: T = {}, {} position classes)",
            self.0.path().display().to_string(),
            self.0.header().tiles,
            self.0.len()
        )
    }
}

/// `monorail solve --tiles T --out DIR`: solves every position reachable
/// from the start with `tiles` tiles and writes the dataset (refused past
/// the memory available unless `force`). Returns `summary.json` as a dict.
#[pyfunction]
#[pyo3(signature = (tiles, out, force = false))]
fn monorail_solve<'py>(
    py: Python<'py>,
    tiles: usize,
    out: PathBuf,
    force: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let summary = interruptible(py, |progress| {
        let tiles = check_tiles(tiles)?;
        let job = SolveJob {
            tiles,
            out: &out,
            reports: None,
            threads: 1,
            command: format!(
                "grundy monorail solve --tiles {tiles} --out {}",
                out.display()
            ),
            checkpoint: None,
            chunk_records: chunk_records(start_classes(tiles)?),
            force,
            solver: None,
        };
        let run = grundy_jobs::monorail::run(&job, progress)?;
        summary_json(&out, serde_json::to_string(&run.summary))
    })?;
    json_to_py(py, &summary)
}

/// The extension module.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GrundyError", m.py().get_type::<GrundyError>())?;
    m.add_function(wrap_pyfunction!(octal_values, m)?)?;
    m.add_function(wrap_pyfunction!(octal_period, m)?)?;
    m.add_function(wrap_pyfunction!(octal_write_dataset, m)?)?;
    m.add_function(wrap_pyfunction!(read_sequence_file, m)?)?;
    m.add_function(wrap_pyfunction!(read_positions_file, m)?)?;
    m.add_function(wrap_pyfunction!(sum, m)?)?;
    m.add_function(wrap_pyfunction!(monorail_solve, m)?)?;
    m.add_class::<MonorailTable>()?;
    Ok(())
}
