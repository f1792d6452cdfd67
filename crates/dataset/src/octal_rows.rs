//! What the octal commands print, streamed to any writer so that no output
//! is held whole in memory: a nim-sequence as JSON (`octal seq --json`; as
//! CSV it is [`super::octal::write_csv`], the dataset's `sequence.csv`),
//! and a table over n (`octal ring`, `ngon`) as CSV or JSON.

use grundy_core::impartial::Nimber;
use grundy_games::octal::theory::period::Analysis;
use grundy_games::octal::{Engine, Extended, OctalCode};
use serde_json::json;
use std::io::{Result, Write};

/// `{"code", "first_n", "max_n", "engine", "pre_period", "period",
/// "proved", "values"}` and a line end, the values written as they are
/// read.
///
/// # Errors
/// Any error of `w`.
pub fn write_values_json(
    w: &mut dyn Write,
    code: &OctalCode,
    engine: Engine,
    max_n: usize,
    values: &Extended,
    analysis: &Analysis,
) -> Result<()> {
    let p = analysis.period;
    let head = json!({
        "code": code.to_string(),
        "first_n": 0,
        "max_n": max_n,
        "engine": engine.name(),
        "pre_period": p.map(|p| p.pre_period),
        "period": p.map(|p| p.period),
        "proved": p.is_some(),
    })
    .to_string();
    // The object without its closing brace, then the values.
    w.write_all(head.strip_suffix('}').unwrap_or(&head).as_bytes())?;
    w.write_all(b",\"values\":[")?;
    for (n, v) in values.iter().enumerate() {
        if n == 0 {
            write!(w, "{v}")?;
        } else {
            write!(w, ",{v}")?;
        }
    }
    w.write_all(b"]}\n")
}

/// A table over n: CSV `n,nimber,outcome,first_player_wins` or, with
/// `json`, `{head…, "rows": [{"n", "nimber", "outcome",
/// "first_player_wins"}, …]}` and a line end.
///
/// # Errors
/// Any error of `w`.
pub fn write_rows(
    w: &mut dyn Write,
    json: bool,
    head: &serde_json::Value,
    rows: impl Iterator<Item = (usize, u32)>,
) -> Result<()> {
    if json {
        let head = head.to_string();
        w.write_all(head.strip_suffix('}').unwrap_or(&head).as_bytes())?;
        w.write_all(if head == "{}" {
            b"\"rows\":["
        } else {
            b",\"rows\":["
        })?;
    } else {
        w.write_all(b"n,nimber,outcome,first_player_wins\n")?;
    }
    for (i, (n, v)) in rows.enumerate() {
        let outcome = Nimber(v).outcome();
        let wins = v != 0;
        if json {
            write!(
                w,
                "{}{{\"n\":{n},\"nimber\":{v},\"outcome\":\"{outcome}\",\"first_player_wins\":{wins}}}",
                if i == 0 { "" } else { "," }
            )?;
        } else {
            writeln!(w, "{n},{v},{outcome},{wins}")?;
        }
    }
    if json {
        w.write_all(b"]}\n")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_as_csv_and_json() {
        let rows = || [(1usize, 0u32), (2, 3)].into_iter();
        let mut csv = Vec::new();
        write_rows(&mut csv, false, &json!({}), rows()).unwrap();
        assert_eq!(
            String::from_utf8(csv).unwrap(),
            "n,nimber,outcome,first_player_wins\n1,0,P,false\n2,3,N,true\n"
        );
        let mut j = Vec::new();
        write_rows(&mut j, true, &json!({"max_n": 2}), rows()).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&j).unwrap();
        assert_eq!(v["max_n"], 2);
        assert_eq!(v["rows"][1]["outcome"], "N");
        let mut empty_head = Vec::new();
        write_rows(&mut empty_head, true, &json!({}), rows()).unwrap();
        assert!(empty_head.starts_with(b"{\"rows\":["));
    }
}
