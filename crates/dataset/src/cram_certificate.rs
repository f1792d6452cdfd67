//! Cram certificates as files ([`grundy_games::cram::certificate`]): the
//! facts a checker needs to recheck a board's nimber by the rules.
//!
//! Format: CSV, `\n` line ends, compressed by zstd when the file name
//! ends in `.zst`. A header line `kind,picture,nimber`, then:
//!
//! - one line `board,PICTURE,N`: the board (`.` an empty cell, `#` a
//!   filled one, rows joined by `/`) and its nimber `N`;
//! - one line a fact: `is,PICTURE,N` (the region's nimber is `N`) or
//!   `not,PICTURE,N` (it is not `N`), where `PICTURE` is the region's
//!   bounding box in the same notation (`#` for a cell of the box outside
//!   the region). Facts come by number of cells, then by region.
//!
//! Regions of at most
//! [`VERIFIER_SOLVES`](grundy_games::cram::certificate::VERIFIER_SOLVES)
//! cells have no line: a checker solves them by the rules. How a checker
//! uses the facts is in [`grundy_games::cram::certificate`]; any program
//! that reads this format can recheck a certificate without `grundy`.

use super::atomic::write_atomic;
use grundy_core::error::{CertificateError, Error, Result};
use grundy_games::cram::cells::picture;
use grundy_games::cram::certificate::{Certificate, Claim, Fact};
use grundy_games::cram::Board;
use std::io::{Read, Write};
use std::path::Path;

/// The header line.
const HEADER: [&str; 3] = ["kind", "picture", "nimber"];

fn compressed(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "zst")
}

/// Writes `cert` to `text` in the format of the
/// [module documentation](self).
///
/// # Errors
/// The writer's error.
pub fn write_to(text: &mut dyn Write, cert: &Certificate) -> std::io::Result<()> {
    let mut w = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(text);
    w.write_record(HEADER)?;
    let nimber = cert.nimber.to_string();
    w.write_record(["board", &cert.board.picture("/"), &nimber])?;
    for f in &cert.facts {
        let (kind, n) = match f.claim {
            Claim::Is(v) => ("is", v),
            Claim::IsNot(k) => ("not", k),
        };
        w.write_record([kind, &picture(f.region), &n.to_string()])?;
    }
    w.flush()
}

/// Writes `cert` to `path` atomically (zstd when the name ends in
/// `.zst`), then reads it back and checks it is what was written.
///
/// # Errors
/// [`Error::Io`] naming the file when it cannot be written;
/// [`Error::VerificationFailed`] when the file read back differs.
pub fn write(path: &Path, cert: &Certificate) -> Result<()> {
    write_atomic(path, |w| {
        if compressed(path) {
            let mut z = zstd::Encoder::new(w, 9)?;
            write_to(&mut z, cert)?;
            z.finish()?;
            Ok(())
        } else {
            write_to(w, cert)
        }
    })?;
    if read(path)? != *cert {
        return Err(Error::VerificationFailed {
            path: path.to_path_buf(),
            reason: "the certificate read back differs from the one written".into(),
        });
    }
    Ok(())
}

/// Reads a certificate from `path` (zstd when the name ends in `.zst`).
///
/// # Errors
/// [`Error::Io`] when it cannot be opened; [`Error::MalformedLine`]
/// naming the line that is not in the format; [`Error::Undecodable`]
/// when the file is not CSV (or not zstd).
pub fn read(path: &Path) -> Result<Certificate> {
    let file = std::fs::File::open(path).map_err(Error::io("cannot read", path))?;
    let input: Box<dyn Read> = if compressed(path) {
        Box::new(zstd::Decoder::new(file).map_err(Error::io("cannot read", path))?)
    } else {
        Box::new(std::io::BufReader::new(file))
    };
    read_from(input, path)
}

/// Reads a certificate from `input`; `path` names it in errors.
///
/// # Errors
/// As [`read`].
pub fn read_from(input: impl Read, path: &Path) -> Result<Certificate> {
    let name = path.display().to_string();
    let bad = |line: u64, source: CertificateError| Error::MalformedLine {
        path: name.clone(),
        line,
        source: source.into(),
    };
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(input);
    let mut board = None;
    let mut facts = Vec::new();
    let mut record = csv::StringRecord::new();
    let mut line = 0;
    loop {
        match r.read_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                return Err(Error::Undecodable {
                    path: path.to_path_buf(),
                    what: format!("cannot read line {}", line + 1),
                    source: Box::new(e),
                })
            }
        }
        line = record.position().map_or(line + 1, |p| p.line());
        if record.len() != 3 {
            return Err(bad(
                line,
                CertificateError::Fields {
                    found: record.len(),
                },
            ));
        }
        if line == 1 {
            if record.iter().ne(HEADER) {
                return Err(bad(
                    line,
                    CertificateError::Header {
                        expected: HEADER.join(","),
                    },
                ));
            }
            continue;
        }
        let n: u8 = record[2].parse().map_err(|_| {
            bad(
                line,
                CertificateError::Nimber {
                    text: record[2].into(),
                },
            )
        })?;
        let shape = Board::parse(&record[1]).map_err(|e| {
            bad(
                line,
                CertificateError::Picture {
                    source: Box::new(e),
                },
            )
        })?;
        match (&record[0], board.is_some()) {
            ("board", false) => board = Some((shape, n)),
            ("board", true) => return Err(bad(line, CertificateError::SecondBoard)),
            (_, false) => return Err(bad(line, CertificateError::FactBeforeBoard)),
            ("is", true) => facts.push(Fact {
                region: shape.cells(),
                claim: Claim::Is(n),
            }),
            ("not", true) => facts.push(Fact {
                region: shape.cells(),
                claim: Claim::IsNot(n),
            }),
            (kind, true) => return Err(bad(line, CertificateError::Kind { kind: kind.into() })),
        }
    }
    let Some((board, nimber)) = board else {
        return Err(bad(line, CertificateError::NoBoard));
    };
    Ok(Certificate {
        board,
        nimber,
        facts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::progress::NoProgress;
    use grundy_games::cram::certificate::prove;
    use grundy_games::cram::Solver;

    fn sample() -> Certificate {
        let board = Board::parse("4x5").unwrap();
        prove(&mut Solver::new(1 << 20), &board, &NoProgress).unwrap()
    }

    #[test]
    fn round_trips_plain_and_compressed() {
        let dir = tempfile::tempdir().unwrap();
        let cert = sample();
        for name in ["c.csv", "c.csv.zst"] {
            let path = dir.path().join(name);
            write(&path, &cert).unwrap();
            assert_eq!(read(&path).unwrap(), cert);
        }
        let text = std::fs::read_to_string(dir.path().join("c.csv")).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("kind,picture,nimber"));
        assert_eq!(lines.next(), Some("board,...../...../...../.....,2"));
        assert_eq!(text.lines().count(), 2 + cert.facts.len());
    }

    #[test]
    fn bad_lines_are_named() {
        let p = Path::new("c.csv");
        for (text, want) in [
            (
                "kind,picture,nimber\nis,...../....#,1\n",
                "line 2: a fact before the board",
            ),
            (
                "kind,picture,nimber\nboard,..,1\nis,..x,1\n",
                "line 3: picture",
            ),
            (
                "kind,picture,nimber\nboard,..,1\nmaybe,..,1\n",
                "line 3: kind \"maybe\"",
            ),
            (
                "kind,picture,nimber\nboard,..,300\n",
                "line 2: nimber \"300\"",
            ),
            ("kind,picture\n", "line 1: 2 fields"),
            ("a,b,c\n", "line 1: the header"),
            ("kind,picture,nimber\n", "line 1: no board line"),
        ] {
            let e = read_from(text.as_bytes(), p).unwrap_err().to_string();
            assert!(e.contains(want), "{text:?}: {e}");
        }
    }
}
