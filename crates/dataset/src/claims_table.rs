//! Reading a table of published periodicity claims: the CSV that
//! `grundy octal check-table` checks row by row
//! ([`grundy_games::octal::theory::table_check`] checks the rows; this module only
//! reads them). The format is documented in docs/src/formats.md.

use grundy_core::error::{quoted, ClaimsTableError, Error, Result};
use grundy_games::octal::theory::code::OctalCode;
use grundy_games::octal::theory::table_check::{Claim, Kind, Row};
use std::str::FromStr;

/// The largest table file read, in bytes.
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// The columns a table may have, in the order they are written. `code`,
/// `pre_period` and `period` are required; the others may be left out.
pub const COLUMNS: [&str; 7] = [
    "code",
    "pre_period",
    "period",
    "saltus",
    "check_to",
    "expect",
    "source",
];

/// The error for `path`, `line`.
fn bad(path: &str, line: u64, source: ClaimsTableError) -> Error {
    Error::MalformedLine {
        path: path.to_string(),
        line,
        source: source.into(),
    }
}

/// Reads a non-negative number of type `T` from field `field`, at most
/// `max`; `hint` names what else the field accepts (or is empty).
fn number<T: FromStr + Field>(
    t: &str,
    field: &'static str,
    hint: &'static str,
) -> std::result::Result<T, ClaimsTableError> {
    t.parse::<T>().map_err(|_| {
        if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
            ClaimsTableError::TooLarge {
                field,
                text: quoted(t),
                max: T::MAX,
                hint,
            }
        } else {
            ClaimsTableError::NotANumber {
                field,
                text: quoted(t),
                hint,
            }
        }
    })
}

/// An unsigned field's type, with its largest value for the error.
trait Field {
    /// The largest value of the type.
    const MAX: u64;
}

impl Field for usize {
    const MAX: u64 = usize::MAX as u64;
}

impl Field for u32 {
    const MAX: u64 = u32::MAX as u64;
}

/// Where each known column is in the file's header.
struct Header {
    index: [Option<usize>; COLUMNS.len()],
}

impl Header {
    fn read(record: &csv::StringRecord) -> std::result::Result<Header, ClaimsTableError> {
        let mut index = [None; COLUMNS.len()];
        for (i, name) in record.iter().enumerate() {
            let name = name.trim();
            let Some(c) = COLUMNS.iter().position(|&k| k == name) else {
                return Err(ClaimsTableError::UnknownColumn {
                    name: quoted(name),
                    columns: COLUMNS.join(", "),
                });
            };
            if index[c].replace(i).is_some() {
                return Err(ClaimsTableError::DuplicateColumn { name: name.into() });
            }
        }
        for required in 0..3 {
            if index[required].is_none() {
                return Err(ClaimsTableError::MissingColumn {
                    column: COLUMNS[required],
                    columns: COLUMNS.join(","),
                });
            }
        }
        Ok(Header { index })
    }

    /// The trimmed field of column `c` (empty when the column is absent).
    fn get<'r>(&self, record: &'r csv::StringRecord, c: usize) -> &'r str {
        self.index[c]
            .and_then(|i| record.get(i))
            .unwrap_or("")
            .trim()
    }
}

/// Reads one data record into a row.
fn read_row(
    h: &Header,
    r: &csv::StringRecord,
    line: u64,
) -> std::result::Result<Row, ClaimsTableError> {
    let code_error = |e: Error| ClaimsTableError::Code {
        source: Box::new(e),
    };
    let code: OctalCode = h.get(r, 0).parse().map_err(code_error)?;
    code.require_finite("a claims-table row")
        .map_err(code_error)?;
    let (pre, period, saltus, check_to) = (h.get(r, 1), h.get(r, 2), h.get(r, 3), h.get(r, 4));
    let expect = match h.get(r, 5) {
        "" => None,
        t => Some(Kind::from_name(t).ok_or_else(|| ClaimsTableError::Expect {
            text: quoted(t),
            names: Kind::ALL.map(Kind::name).join(", "),
        })?),
    };
    let source = h.get(r, 6).to_string();
    let check_to = match check_to {
        "" => None,
        t => Some(number::<usize>(t, "check_to", "")?),
    };
    let claim = if period == "unsolved" {
        if !pre.is_empty() || !saltus.is_empty() {
            return Err(ClaimsTableError::UnsolvedWithPeriod);
        }
        let to = check_to.ok_or(ClaimsTableError::UnsolvedWithoutBound)?;
        Claim::Unsolved { to }
    } else {
        let pre_period = number::<usize>(pre, "pre_period", "")?;
        let period = number::<usize>(period, "period", " (or \"unsolved\")")?;
        if period == 0 {
            return Err(ClaimsTableError::ZeroPeriod);
        }
        let saltus = match saltus {
            "" => 0,
            t => number::<u32>(t, "saltus", "")?,
        };
        if saltus == 0 && check_to.is_some() {
            return Err(ClaimsTableError::CheckToOnPeriodic);
        }
        if let Some(to) = check_to {
            if pre_period.checked_add(period).is_none_or(|x| x > to) {
                return Err(ClaimsTableError::CheckToTooSmall { to });
            }
        }
        Claim::Periodic {
            pre_period,
            period,
            saltus,
            check_to,
        }
    };
    Ok(Row {
        line,
        code,
        claim,
        expect,
        source,
    })
}

/// The CSV record on one line of the file (a field may not span lines).
fn one_record(line: &str) -> std::result::Result<csv::StringRecord, ClaimsTableError> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(line.as_bytes());
    let mut record = csv::StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(_) => Ok(record),
        Err(e) => Err(ClaimsTableError::NotCsv {
            source: Box::new(e),
        }),
    }
}

/// Reads a claims table: CSV with a header line naming its columns (any
/// order, from [`COLUMNS`]; `code`, `pre_period`, `period` required), lines
/// starting with `#` and blank lines ignored, one claim per further line (a
/// quoted field may hold commas but not span lines):
///
/// * `code`: an octal code (`0.77`, `4.007`, …) or a name (`kayles`);
/// * `pre_period`: `n0`, one past the last exceptional heap size (the
///   convention of [`grundy_games::octal::theory::period::Periodicity::pre_period`]);
/// * `period`: `p >= 1`, or `unsolved` (then `pre_period` and `saltus` are
///   empty and `check_to` is the `N` of "unsolved up to N");
/// * `saltus`: empty or 0 for a periodic claim, `s > 0` for arithmetic
///   periodicity `G(n + p) = G(n) + s`;
/// * `check_to`: for arithmetic claims the largest heap size compared
///   (default: as far as the theorem would need for a period), for unsolved
///   claims `N`; empty otherwise;
/// * `expect`: the outcome recorded as expected ([`Kind::name`]), or empty
///   for "holds" (proved, holds up to its bound, or confirmed unsolved);
/// * `source`: free text naming the publication.
///
/// `path` names the file in errors.
///
/// # Errors
/// [`Error::MalformedLine`] naming `path`, the line and the field: a file
/// larger than [`MAX_FILE_BYTES`], a missing or unknown header column, a
/// row with the wrong number of fields, a malformed code or number, an
/// unknown `expect`, an inconsistent combination (an unsolved row with a
/// pre-period, a periodic row with `check_to`), or no rows at all.
pub fn parse_table(path: &str, text: &str) -> Result<Vec<Row>> {
    if text.len() > MAX_FILE_BYTES {
        return Err(bad(
            path,
            1,
            ClaimsTableError::FileTooLarge {
                bytes: text.len(),
                max: MAX_FILE_BYTES,
            },
        ));
    }
    let mut header: Option<(Header, usize)> = None;
    let mut rows = Vec::new();
    for (i, text_line) in (1u64..).zip(text.lines()) {
        let t = text_line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let record = one_record(text_line).map_err(|r| bad(path, i, r))?;
        match &header {
            None => {
                let h = Header::read(&record).map_err(|r| bad(path, i, r))?;
                header = Some((h, record.len()));
            }
            Some((h, width)) => {
                if record.len() != *width {
                    return Err(bad(
                        path,
                        i,
                        ClaimsTableError::Fields {
                            found: record.len(),
                            width: *width,
                        },
                    ));
                }
                rows.push(read_row(h, &record, i).map_err(|r| bad(path, i, r))?);
            }
        }
    }
    if rows.is_empty() {
        return Err(bad(path, 1, ClaimsTableError::NoClaims));
    }
    Ok(rows)
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // small fixed numbers
mod tests {
    use super::*;
    use grundy_core::progress::NoProgress;
    use grundy_games::octal::theory::table_check::{check_row, Outcome};

    fn one(text: &str) -> Outcome {
        let rows = parse_table(
            "t.csv",
            &format!("code,pre_period,period,saltus,check_to\n{text}\n"),
        )
        .unwrap();
        check_row(&rows[0], 1 << 20, &NoProgress).unwrap().unwrap()
    }

    #[test]
    fn outcomes() {
        assert!(matches!(
            one("0.77,71,12,,"),
            Outcome::Proved {
                proof_end: 156,
                checked_to: 167
            }
        ));
        assert_eq!(
            one("0.77,72,24,,"),
            Outcome::NotMinimal {
                least_pre_period: 71,
                least_period: 12,
                checked_to: 2 * 72 + 24 + 2 + 24 - 1
            }
        );
        // G(70) = 6 is the last exception: a claim from 70 fails there.
        let Outcome::Refuted { n, .. } = one("0.77,70,12,,") else {
            panic!()
        };
        assert_eq!(n, 70);
        assert_eq!(one("0.007,,unsolved,,3000"), Outcome::Unsolved { to: 3000 });
        assert!(matches!(
            one("0.77,,unsolved,,400"),
            Outcome::PeriodFound {
                pre_period: 71,
                period: 12,
                ..
            }
        ));
        assert!(matches!(
            one("0.77,71,12,1,"),
            Outcome::Refuted { n: 71, .. }
        ));
    }

    #[test]
    fn claims_beyond_max_n_are_undecided_at_once() {
        let rows = parse_table("t.csv", "code,pre_period,period\n0.77,1000000000000,12\n").unwrap();
        let o = check_row(&rows[0], 5000, &NoProgress).unwrap().unwrap();
        assert_eq!(
            o,
            Outcome::Undecided {
                to: 5000,
                needed: Some(2 * 1_000_000_000_000 + 12 + 2 + 12)
            }
        );
    }
}
