//! The octal-game dataset directory `data/octal/<code>/` and the sequence
//! file format, which is also the checkpoint format.
//!
//! `sequence.bin.zst` is a zstd stream (with content checksum) of:
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `magic` | 8 bytes | `GRUNDYOC` |
//! | `version` | u32 | format version, currently 2 |
//! | `code` | u64 length + UTF-8 bytes | the code as printed (`0.77`) |
//! | `count` | u64 | number of values: heap sizes `0..count` |
//! | `width` | u8 | bytes per value: 1, 2 or 4 |
//! | `digest` | 32 bytes | BLAKE3 of the stream with this field zeroed (see [`super::stream`]) |
//! | values | `count` × `width` bytes | `G(n)` for `n = 0, 1, …`, little-endian |
//!
//! The header is bincode 2 with `standard().with_fixed_int_encoding()`
//! (fixed-width little-endian integers); the values follow as raw
//! little-endian integers.

use super::atomic::write_atomic;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_games::octal::engine::budget;
use grundy_games::octal::theory::period::analyse;
use grundy_games::octal::theory::period::{Analysis, Periodicity};
use grundy_games::octal::theory::verify::first_mismatch;
use grundy_games::octal::{Computation, Engine, OctalCode};
use grundy_games::octal::{Extended, Values};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::Path;
use std::path::PathBuf;
use std::time::Duration;

/// The magic bytes opening the decompressed stream.
pub const MAGIC: [u8; 8] = *b"GRUNDYOC";
/// The current format version.
pub const VERSION: u32 = 2;

/// The sequence file header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`VERSION`].
    pub version: u32,
    /// The code, as printed by `OctalCode`'s `Display`.
    pub code: String,
    /// Number of values.
    pub count: u64,
    /// Bytes per value.
    pub width: u8,
    /// BLAKE3 digest of the content (see [`super::stream`]).
    pub digest: [u8; 32],
}

crate::frame_header!(Header, MAGIC, VERSION);

use super::stream;
use super::strict;

/// Writes `values` of `code` in the sequence format to `w`.
///
/// # Errors
/// Any I/O error of `w`.
pub fn write_sequence(w: &mut dyn Write, code: &str, values: &Values) -> std::io::Result<()> {
    write_extended(w, code, &Extended::plain(values))
}

/// Writes `G(0..len)` of `code` in the sequence format to `w`, streaming
/// the values past those computed from the period ([`Extended`]): the same
/// bytes as writing every value computed.
///
/// # Errors
/// Any I/O error of `w`.
pub fn write_extended(w: &mut dyn Write, code: &str, e: &Extended) -> std::io::Result<()> {
    let width = e.width();
    let header = Header {
        magic: MAGIC,
        version: VERSION,
        code: code.to_string(),
        count: e.len() as u64,
        width: width as u8,
        digest: [0; 32],
    };
    stream::write_framed(w, 3, header, |sink| {
        let mut buf = Vec::with_capacity(1 << 16);
        if e.is_extended() || e.len() < e.computed().len() {
            for v in e.iter() {
                buf.extend_from_slice(&v.to_le_bytes()[..width]);
                if buf.len() >= 1 << 16 {
                    sink(&buf)?;
                    buf.clear();
                }
            }
            return if buf.is_empty() { Ok(()) } else { sink(&buf) };
        }
        match e.computed() {
            Values::U8(v) => {
                for chunk in v.chunks(1 << 16) {
                    sink(chunk)?;
                }
            }
            Values::U16(v) => {
                for chunk in v.chunks(1 << 15) {
                    buf.clear();
                    buf.extend(chunk.iter().flat_map(|x| x.to_le_bytes()));
                    sink(&buf)?;
                }
            }
            Values::U32(v) => {
                for chunk in v.chunks(1 << 14) {
                    buf.clear();
                    buf.extend(chunk.iter().flat_map(|x| x.to_le_bytes()));
                    sink(&buf)?;
                }
            }
        }
        Ok(())
    })
}

/// Reads a sequence file: its code (as text) and values.
///
/// # Errors
/// [`Error::Io`] if it cannot be opened; [`Error::CorruptDataset`] if it is
/// not a zstd stream, fails its checksum, has the wrong magic, version or
/// width, ends early or has trailing bytes.
pub fn read_sequence(path: &Path) -> Result<(String, Values)> {
    let corrupt = |reason: String| stream::corrupt(path, reason);
    let (h, mut r) = stream::open::<Header>(path)?;
    let width = h.width as usize;
    if ![1, 2, 4].contains(&width) {
        return Err(corrupt(format!("value width {width} is not 1, 2 or 4")));
    }
    let raw = r.read_records(path, h.count, width)?;
    r.finish(path, &format!("{} values", h.count))?;
    let values = match width {
        1 => Values::U8(raw),
        2 => Values::U16(
            raw.chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect(),
        ),
        _ => Values::U32(
            raw.chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect(),
        ),
    };
    Ok((h.code, values))
}

/// `summary.json` of an octal dataset. Deterministic: no timings (those go
/// to the report). Read back, it may have no key the writer does not write.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summary {
    /// The code (`0.77`).
    pub code: String,
    /// Its classic name, if any.
    pub name: Option<String>,
    /// The largest heap size computed: values are G(0..=max_n).
    pub max_n: usize,
    /// Pre-period `n0` of the proved period, if one is proved.
    pub pre_period: Option<usize>,
    /// The proved period, if any.
    pub period: Option<usize>,
    /// Whether the period is proved (by the Octal Periodicity Theorem).
    pub proved: bool,
    /// `[n0, end)`: the range on which `G(n + p) = G(n)` was checked.
    pub proof_range: Option<[usize; 2]>,
    /// Largest heap size whose value the proof uses.
    pub checked_to: Option<usize>,
    /// Arithmetic periodicity detected (not proved): `[n0, p, saltus]`.
    pub arithmetic: Option<[usize; 3]>,
    /// The largest value.
    pub max_value: u32,
    /// Bytes per value in `sequence.bin.zst`.
    pub value_width: usize,
    /// `naive` or `sparse`.
    pub engine: String,
}

impl Summary {
    /// The summary of `values` with the period findings of
    /// [`grundy_games::octal::theory::period::analyse`].
    pub fn new(
        code: &grundy_games::octal::OctalCode,
        values: &Extended,
        analysis: &Analysis,
        engine: &str,
    ) -> Summary {
        let period = analysis.period.as_ref();
        Summary {
            code: code.to_string(),
            name: code.name().map(str::to_string),
            max_n: values.len().saturating_sub(1),
            pre_period: period.map(|p| p.pre_period),
            period: period.map(|p| p.period),
            proved: period.is_some(),
            proof_range: period.map(|p| [p.theorem_pre_period, p.proof_end]),
            checked_to: period.map(|p| p.checked_to),
            arithmetic: analysis
                .arithmetic
                .map(|a| [a.pre_period, a.period, a.saltus as usize]),
            max_value: values.max(),
            value_width: values.width(),
            engine: engine.to_string(),
        }
    }
}

/// The text of `summary.json`: pretty-printed, keys in the order of
/// [`Summary`]'s fields, ending in a line end.
fn summary_json(summary: &Summary) -> String {
    serde_json::to_string_pretty(summary).expect("summary serialises") + "\n"
}

/// Writes `sequence.csv` (`n,nimber`), also what `octal seq` prints.
///
/// # Errors
/// Any error of `w`.
pub fn write_csv(w: &mut dyn Write, values: &Extended) -> std::io::Result<()> {
    let mut c = csv::Writer::from_writer(w);
    c.write_record(["n", "nimber"]).map_err(super::csv_to_io)?;
    for (n, v) in values.iter().enumerate() {
        c.write_record([n.to_string(), v.to_string()])
            .map_err(super::csv_to_io)?;
    }
    c.flush()
}

/// What the game of `code` is called in file headers
/// ([`OctalCode::family`]): "octal game" for an octal code.
fn family(code: &str) -> &'static str {
    code.parse::<OctalCode>()
        .map(|c| c.family())
        .unwrap_or("octal game")
}

/// Writes an OEIS-style b-file: comment lines, then `n G(n)` per line.
fn write_bfile(w: &mut dyn Write, code: &str, values: &Extended) -> std::io::Result<()> {
    writeln!(
        w,
        "# Nim-sequence (Grundy values) of the {} {code}, n = 0..{}",
        family(code),
        values.len().saturating_sub(1)
    )?;
    writeln!(
        w,
        "# Computed by grundy: G(n) is the mex of the values of the options of a heap of n"
    )?;
    for (n, v) in values.iter().enumerate() {
        writeln!(w, "{n} {v}")?;
    }
    Ok(())
}

/// The LaTeX (booktabs) table of the values laid out by `n mod columns` as
/// in Winning Ways: one row per `columns` heap sizes; `columns` is the
/// period when there is one (at most 40), else 10. Rows run past the
/// pre-period by one period (or to 200 values); exceptional values (those
/// before the pre-period that differ from the periodic value) are bold.
pub fn latex_table(code: &str, values: &Extended, period: Option<&Periodicity>) -> String {
    let (cols, rows_to) = match period {
        Some(p) if p.period <= 40 => (p.period, p.pre_period + p.period),
        _ => (10, 200),
    };
    let rows_to = rows_to.min(values.len());
    let rows = rows_to.div_ceil(cols);
    let mut s = String::new();
    s.push_str(&format!(
        "% Nim-sequence of the {} {code}, generated by grundy.\n% Requires \\usepackage{{booktabs}}.\n",
        family(code)
    ));
    s.push_str("\\begin{table}[ht]\n\\centering\n\\footnotesize\n\\setlength{\\tabcolsep}{3pt}\n");
    s.push_str(&format!(
        "\\begin{{tabular}}{{r|{}}}\n\\toprule\n",
        "r".repeat(cols)
    ));
    s.push_str("$n$");
    for c in 0..cols {
        s.push_str(&format!(" & {c}"));
    }
    s.push_str(" \\\\\n\\midrule\n");
    for r in 0..rows {
        s.push_str(&format!("{}", r * cols));
        for c in 0..cols {
            let n = r * cols + c;
            if n >= rows_to {
                s.push_str(" &");
                continue;
            }
            let v = values.get(n);
            let exceptional = period.is_some_and(|p| {
                n < p.pre_period && {
                    let m = n + (p.pre_period - n).div_ceil(p.period) * p.period;
                    m < values.len() && values.get(m) != v
                }
            });
            if exceptional {
                s.push_str(&format!(" & \\textbf{{{v}}}"));
            } else {
                s.push_str(&format!(" & {v}"));
            }
        }
        s.push_str(" \\\\\n");
    }
    s.push_str("\\bottomrule\n\\end{tabular}\n");
    let caption = match period {
        Some(p) => format!(
            "Nim-sequence of {code}: $G(n + {}) = G(n)$ for $n \\ge {}$ (proved); exceptional values in bold. Row $r$, column $c$ gives $G(r + c)$.",
            p.period, p.pre_period
        ),
        None => format!(
            "Nim-sequence of {code}, $n < {rows_to}$. Row $r$, column $c$ gives $G(r + c)$."
        ),
    };
    s.push_str(&format!("\\caption{{{caption}}}\n\\end{{table}}\n"));
    s
}

/// Writes the dataset directory: `sequence.csv`, `sequence.bin.zst`,
/// `b-file.txt`, `table.tex` and `summary.json`, each atomically.
///
/// # Errors
/// [`Error::Io`] naming the file that could not be written.
pub fn write_dataset(
    dir: &Path,
    summary: &Summary,
    values: &Extended,
    period: Option<&Periodicity>,
) -> Result<()> {
    let code = &summary.code;
    write_atomic(&dir.join("sequence.csv"), |w| write_csv(w, values))?;
    write_atomic(&dir.join("sequence.bin.zst"), |w| {
        write_extended(w, code, values)
    })?;
    write_atomic(&dir.join("b-file.txt"), |w| write_bfile(w, code, values))?;
    let tex = latex_table(code, values, period);
    write_atomic(&dir.join("table.tex"), |w| w.write_all(tex.as_bytes()))?;
    let json = summary_json(summary);
    write_atomic(&dir.join("summary.json"), |w| w.write_all(json.as_bytes()))?;
    Ok(())
}

/// Reads a checkpoint to resume `code` from, keeping at most `len` values.
/// The file's digest is checked by [`read_sequence`]; its last four values
/// are also re-derived with the naive engine.
///
/// # Errors
/// As [`read_sequence`]; [`Error::VerificationFailed`] if the file holds
/// another code or a re-derived value differs.
pub fn read_checkpoint(path: &Path, code: &OctalCode, len: usize) -> Result<Values> {
    let (text, mut values) = read_sequence(path)?;
    if text != code.to_string() {
        return Err(Error::VerificationFailed {
            path: path.to_path_buf(),
            reason: format!("the checkpoint holds the code {text}, not {code}"),
        });
    }
    values.truncate(len);
    let c = Computation::resume(code.clone(), Engine::Naive, values);
    if let Some(n) = c.check_tail(4) {
        return Err(Error::VerificationFailed {
            path: path.to_path_buf(),
            reason: format!("G({n}) is not the mex of its options; delete the file to start over"),
        });
    }
    Ok(c.into_values())
}

/// How often a checkpointed computation saves its progress.
pub const SAVE_EVERY: Duration = Duration::from_secs(10);

/// The decimal digits of `0, 1, …, len − 1` together.
fn digits_below(len: u64) -> u64 {
    let mut total = 0u64;
    let mut low = 0u64;
    let mut high = 10u64;
    let mut width = 1u64;
    while low < len {
        let count = len.min(high).saturating_sub(low);
        total = total.saturating_add(count.saturating_mul(width));
        low = high;
        high = high.saturating_mul(10);
        width = width.saturating_add(1);
    }
    total
}

/// Bytes of `sequence.csv` holding `G(0..len)` if every value has one
/// digit (`n,G\n` a line after the header): the least the file can be,
/// and what it is for small values. `b-file.txt` has the same lines
/// (`n G\n`) and two comment lines.
pub fn csv_bytes(len: usize) -> u64 {
    let len = u64::try_from(len).unwrap_or(u64::MAX);
    // "n,nimber\n", then per line the digits of n, the comma, one digit
    // and the newline.
    9u64.saturating_add(digits_below(len))
        .saturating_add(len.saturating_mul(3))
}

/// Bytes of a sequence file (`sequence.bin.zst`, a checkpoint) of
/// `G(0..len)`, estimated at one byte a value: what zstd leaves of a
/// sequence that is not periodic (Treblecross to 2^18, two bytes a
/// value, compresses to 1.24 bytes a value; a periodic one to almost
/// nothing).
pub fn sequence_file_bytes(len: usize) -> u64 {
    u64::try_from(len).unwrap_or(u64::MAX)
}

/// The bytes `octal seq --out` writes for `G(0..len)`, estimated:
/// `sequence.csv` and `b-file.txt` ([`csv_bytes`]), `sequence.bin.zst`
/// ([`sequence_file_bytes`]) and a few kilobytes for `table.tex` and
/// `summary.json`.
pub fn dataset_bytes(len: usize) -> u64 {
    csv_bytes(len)
        .saturating_mul(2)
        .saturating_add(sequence_file_bytes(len))
        .saturating_add(1 << 14)
}

/// What [`verify`] checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The code of the sequence.
    pub code: OctalCode,
    /// Number of values re-derived: heap sizes `0..count`.
    pub count: usize,
    /// The other dataset files found consistent with the values (empty
    /// when a single file was verified).
    pub files: Vec<&'static str>,
}

/// The sequence file of `path`: `path` itself, or
/// `path/sequence.bin.zst` for a directory.
pub fn sequence_path(path: &Path) -> PathBuf {
    if path.is_dir() {
        path.join("sequence.bin.zst")
    } else {
        path.to_path_buf()
    }
}

/// Re-derives every value of a sequence file (`sequence.bin.zst` or a
/// checkpoint) with the naive engine ([`grundy_games::octal::theory::verify`]), in
/// parallel; given a dataset directory, also checks that `sequence.csv`,
/// `b-file.txt`, `table.tex` and `summary.json` are byte for byte what the
/// writer writes for the values and their period proof (`\n` line ends,
/// no key repeated; `summary.json`'s `engine` may name either engine, the
/// one field not re-derived). Progress: one phase, one unit per heap size.
///
/// # Errors
/// As [`read_sequence`]; [`Error::MalformedCode`] for a code that does not
/// parse or does not print back as stored; [`Error::VerificationFailed`]
/// naming the file and the first wrong `n`, line or field;
/// [`Error::CorruptDataset`] for a `summary.json` that is not JSON,
/// repeats a key or is laid out otherwise than the writer lays it out;
/// [`Error::Io`] for a missing or unreadable dataset file;
/// [`Error::OutOfRange`] when the re-derivation is estimated to take more
/// than [`budget::MAX_SECONDS`] and `force` is false.
pub fn verify(path: &Path, force: bool, progress: &dyn Progress) -> Result<Verified> {
    let (code, values) = verify_sequence(&sequence_path(path), force, progress)?;
    let mut files = Vec::new();
    if path.is_dir() {
        let analysis = analyse(&code, &values);
        verify_csv(&path.join("sequence.csv"), &values)?;
        files.push("sequence.csv");
        verify_bfile(&path.join("b-file.txt"), &code.to_string(), &values)?;
        files.push("b-file.txt");
        let tex = latex_table(
            &code.to_string(),
            &Extended::plain(&values),
            analysis.period.as_ref(),
        );
        verify_text(&path.join("table.tex"), &tex)?;
        files.push("table.tex");
        verify_summary(&path.join("summary.json"), &code, &values, &analysis)?;
        files.push("summary.json");
    }
    Ok(Verified {
        code,
        count: values.len(),
        files,
    })
}

/// Reads and re-derives a sequence file.
fn verify_sequence(
    path: &Path,
    force: bool,
    progress: &dyn Progress,
) -> Result<(OctalCode, Values)> {
    let (text, values) = read_sequence(path)?;
    let code: OctalCode = text.parse()?;
    if code.to_string() != text {
        return Err(Error::VerificationFailed {
            path: path.to_path_buf(),
            reason: format!("code {text:?} is not written as grundy writes it ({code})"),
        });
    }
    let cost = budget::estimate(&code, Engine::Naive, values.len());
    // The naive engine is the point of a verification (independent of the
    // sparse engine that wrote the file), and all of the file is checked:
    // running it anyway is the one choice.
    budget::check_budget(
        &cost,
        &format!("verifying {}", path.display()),
        None,
        force,
        "use --force to run it anyway",
    )?;
    progress.phase(&format!("re-derive G(n) of {code}"), values.len() as u64);
    let wrong = first_mismatch(&code, &values, progress);
    progress.finish_phase();
    if let Some(m) = wrong {
        return Err(Error::VerificationFailed {
            path: path.to_path_buf(),
            reason: format!(
                "n = {}: G({}) is stored as {}, but the mex of its options is {}",
                m.n, m.n, m.stored, m.actual
            ),
        });
    }
    Ok((code, values))
}

fn failed(path: &Path, reason: String) -> Error {
    Error::VerificationFailed {
        path: path.to_path_buf(),
        reason,
    }
}

/// `sequence.csv`: the header `n,nimber`, then `n,G(n)` for every `n`,
/// each line ending in `\n` alone, nothing after the last.
fn verify_csv(path: &Path, values: &Values) -> Result<()> {
    let rows = values.iter().enumerate().map(|(n, v)| format!("{n},{v}"));
    strict::compare_lines(
        path,
        std::iter::once("n,nimber".to_string()).chain(rows),
        |i| match i.checked_sub(1) {
            None => "the header".into(),
            Some(n) => format!("n = {n}, field nimber"),
        },
    )
}

/// `b-file.txt`: the two comment lines, then `n G(n)` for every `n`.
fn verify_bfile(path: &Path, code: &str, values: &Values) -> Result<()> {
    let mut head = Vec::new();
    write_bfile(&mut head, code, &Extended::plain(&Values::default()))
        .map_err(Error::io("cannot write", path))?;
    let head = String::from_utf8_lossy(&head).replace(
        "n = 0..0",
        &format!("n = 0..{}", values.len().saturating_sub(1)),
    );
    let head: Vec<String> = head.lines().map(str::to_string).collect();
    let skip = head.len();
    let rows = values.iter().enumerate().map(|(n, v)| format!("{n} {v}"));
    strict::compare_lines(path, head.into_iter().chain(rows), |i| {
        match i.checked_sub(skip) {
            None => "the comment lines".into(),
            Some(n) => format!("n = {n}, the value"),
        }
    })
}

/// A file that must equal `expected` (whose lines all end in `\n`)
/// exactly.
fn verify_text(path: &Path, expected: &str) -> Result<()> {
    strict::compare_lines(path, expected.lines().map(str::to_string), |i| {
        format!("line {} of the regenerated file", i.saturating_add(1))
    })
}

/// `summary.json`: read strictly (no key twice, at any depth), then every
/// field as [`Summary::new`] gives it for the re-derived values and their
/// period proof, no field missing, none added; then byte for byte as
/// [`write_dataset`] writes that summary. `engine` is the one field that
/// cannot be re-derived (both engines compute the same values and no
/// other file records which one ran): it must be one of the two names
/// the writer writes, `naive` or `sparse`.
fn verify_summary(
    path: &Path,
    code: &OctalCode,
    values: &Values,
    analysis: &Analysis,
) -> Result<()> {
    let bytes = std::fs::read(path).map_err(Error::io("cannot read", path))?;
    let got = strict::json_value(path, &bytes)?;
    if !got.is_object() {
        return Err(failed(path, "not a JSON object".into()));
    }
    let engine = match got.get("engine").and_then(|e| e.as_str()) {
        Some(e @ ("naive" | "sparse")) => e,
        _ => {
            return Err(failed(
                path,
                "field engine is not \"naive\" or \"sparse\"".into(),
            ))
        }
    };
    let want = Summary::new(code, &Extended::plain(values), analysis, engine);
    let want_value = serde_json::to_value(&want).map_err(|e| failed(path, e.to_string()))?;
    if let Some(d) = strict::json_difference("", &got, &want_value) {
        let field = d.field;
        return Err(failed(
            path,
            match (d.file, d.expected) {
                (None, _) => format!("field {field} is missing"),
                (_, None) => format!("unknown field {field}"),
                (Some(g), Some(w)) => format!("field {field} is {g}, expected {w}"),
            },
        ));
    }
    strict::check_as_written(path, &bytes, summary_json(&want).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_round_trip_and_corruption() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.bin.zst");
        for v in [
            Values::from_u32s(&[0, 1, 2, 3, 1, 4]),
            Values::from_u32s(&[0, 300, 2]),
            Values::from_u32s(&[0, 70_000]),
            Values::default(),
        ] {
            let mut bytes = Vec::new();
            write_sequence(&mut bytes, "0.77", &v).unwrap();
            std::fs::write(&path, &bytes).unwrap();
            let (code, back) = read_sequence(&path).unwrap();
            assert_eq!((code.as_str(), &back), ("0.77", &v));
            if !v.is_empty() {
                std::fs::write(&path, &bytes[..bytes.len() - 3]).unwrap();
                let e = read_sequence(&path).unwrap_err().to_string();
                assert!(e.contains("corrupt dataset"), "{e}");
            }
        }
        std::fs::write(&path, b"garbage").unwrap();
        assert!(read_sequence(&path).is_err());
    }

    /// The estimate of `sequence.csv` is its size for one-digit values,
    /// and `b-file.txt` differs only by its comment lines.
    #[test]
    fn text_sizes_are_estimated_exactly_for_small_values() {
        for len in [0, 1, 9, 10, 11, 100, 1001, 123_457] {
            let v = Values::from_u32s(&vec![7; len]);
            let mut csv = Vec::new();
            write_csv(&mut csv, &Extended::plain(&v)).unwrap();
            assert_eq!(csv_bytes(len), csv.len() as u64, "len {len}");
            let mut bfile = Vec::new();
            write_bfile(&mut bfile, "0.137", &Extended::plain(&v)).unwrap();
            let comments = bfile.split(|&b| b == b'\n').take(2).map(|l| l.len() + 1);
            let expected = csv.len() - 9 + comments.sum::<usize>();
            assert_eq!(bfile.len(), expected, "len {len}");
        }
        // Every heap size to 2^32 - 1: 41,838,561,850 digits, three
        // bytes more a line, and the header.
        assert_eq!(csv_bytes(1 << 32), 54_723_463_747);
        assert_eq!(
            dataset_bytes(1 << 32),
            2 * 54_723_463_747 + (1 << 32) + (1 << 14)
        );
    }
}
