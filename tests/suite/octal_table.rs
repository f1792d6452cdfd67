//! `grundy octal check-table`: claims tables checked row by row through the
//! binary, against the naive engine where a first failing n is claimed, and
//! the shipped table of published periods (`data/octal/published.csv`),
//! checked end to end: that is its CI check.

use crate::common::{grundy, one_line_error, write_input};
use grundy::games::octal::engine::naive;
use serde_json::Value;
use std::path::Path;
use std::process::Output;

const HEADER: &str = "code,pre_period,period,saltus,check_to,expect,source\n";

fn text(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Checks `rows` (after the full header) with `--json`, asserting the exit
/// code, and returns the JSON rows.
fn check(dir: &Path, rows: &str, exit: i32) -> Vec<Value> {
    let f = write_input(dir, "t.csv", &format!("{HEADER}{rows}"));
    let o = grundy(&["octal", "check-table", &f, "--json", "--quiet"], dir);
    assert_eq!(
        o.status.code(),
        Some(exit),
        "{}{}",
        text(&o),
        String::from_utf8_lossy(&o.stderr)
    );
    let j: Value = serde_json::from_str(&text(&o)).unwrap();
    assert_eq!(j["all_as_expected"], exit == 0);
    j["rows"].as_array().unwrap().clone()
}

/// The least n >= n0 with G(n + p) != G(n), by the naive engine.
fn naive_first_failure(code: &str, n0: usize, p: usize) -> usize {
    let g = naive::sequence(&code.parse().unwrap(), 2000);
    (n0..).find(|&n| g[n + p] != g[n]).unwrap()
}

#[test]
fn true_claims_are_proved() {
    let d = tempfile::tempdir().unwrap();
    // Kayles (pre-period 71: this repo's period tests), Dawson's Chess and
    // Kayles (OEIS A002187), two small ones.
    let rows = check(
        d.path(),
        "kayles,71,12,,,,\n0.137,52,34,,,,\n0.07,53,34,,,,\n0.15,1,10,,,,\n0.51,1,1,,,,\n",
        0,
    );
    let got: Vec<(&str, &str, u64)> = rows
        .iter()
        .map(|r| {
            (
                r["code"].as_str().unwrap(),
                r["outcome"]["outcome"].as_str().unwrap(),
                r["outcome"]["checked_to"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("0.77", "proved", 167),
            ("0.137", "proved", 174),
            ("0.07", "proved", 175),
            ("0.15", "proved", 23),
            ("0.51", "proved", 5),
        ]
    );
    // The JSON shape: line numbers, the claim, the flags.
    let k = &rows[0];
    assert_eq!(k["line"], 2);
    assert_eq!(k["claim"]["kind"], "periodic");
    assert_eq!(k["claim"]["pre_period"], 71);
    assert_eq!(k["claim"]["period"], 12);
    assert_eq!(k["claim"]["saltus"], 0);
    assert_eq!(k["outcome"]["proof_end"], 156);
    assert_eq!(
        (&k["holds"], &k["as_expected"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
    assert_eq!(k["expect"], Value::Null);
}

#[test]
fn false_claims_are_refuted_at_the_first_failing_n() {
    let d = tempfile::tempdir().unwrap();
    for (code, n0, p) in [
        ("0.77", 70, 12),
        ("0.77", 71, 6),
        ("0.137", 51, 34),
        ("0.137", 52, 17),
    ] {
        let rows = check(d.path(), &format!("{code},{n0},{p},,,,\n"), 1);
        let o = &rows[0]["outcome"];
        assert_eq!(o["outcome"], "refuted", "{code} {n0} {p}");
        let n = naive_first_failure(code, n0, p);
        assert_eq!(o["n"], n, "{code} {n0} {p}");
        let g = naive::sequence(&code.parse().unwrap(), n + p);
        assert_eq!(
            (o["value"].as_u64(), o["later"].as_u64()),
            (Some(g[n].into()), Some(g[n + p].into()))
        );
    }
    // Kayles' last exception is G(70): the claim from 70 fails there.
    assert_eq!(naive_first_failure("0.77", 70, 12), 70);
    // The text form names the row, the n and both values; exit 1 with one
    // line on standard error.
    let f = write_input(d.path(), "k.csv", "code,pre_period,period\n0.77,70,12\n");
    let o = grundy(&["octal", "check-table", &f, "--quiet"], d.path());
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o);
    assert!(
        out.starts_with("line 2: 0.77 period 12 from n = 70: refuted at n = 70: G(82) = "),
        "{out}"
    );
    assert!(
        out.contains("[FAILS]") && out.contains("1 refuted; 1 not as recorded."),
        "{out}"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err, "error: 1 of 1 rows does not hold as recorded\n");
}

#[test]
fn non_minimal_claims_are_a_distinct_outcome() {
    let d = tempfile::tempdir().unwrap();
    // Period 24 is a period of Kayles, but 12 is the least; from 80 it holds
    // but 71 is the least pre-period.
    let rows = check(d.path(), "0.77,71,24,,,,\n0.77,80,12,,,,\n", 1);
    for (r, want) in rows.iter().zip([(71, 12), (71, 12)]) {
        let o = &r["outcome"];
        assert_eq!(o["outcome"], "not-minimal");
        assert_eq!(
            (o["least_pre_period"].as_u64(), o["least_period"].as_u64()),
            (Some(want.0), Some(want.1))
        );
        assert_eq!(r["holds"], false);
    }
    // Recorded as expected, the table passes.
    check(d.path(), "0.77,71,24,,,not-minimal,\n", 0);
}

#[test]
fn unsolved_claims_and_arithmetic_claims() {
    let d = tempfile::tempdir().unwrap();
    let rows = check(
        d.path(),
        "treblecross,,unsolved,,4096,,Winning Ways\n0.77,,unsolved,,400,period-found,\n",
        0,
    );
    assert_eq!(rows[0]["claim"]["kind"], "unsolved");
    assert_eq!(rows[0]["outcome"]["outcome"], "unsolved");
    assert_eq!(rows[0]["outcome"]["to"], 4096);
    assert_eq!(rows[0]["source"], "Winning Ways");
    // Kayles is no unsolved game: its period is found (a refutation).
    let o = &rows[1]["outcome"];
    assert_eq!(
        (o["pre_period"].as_u64(), o["period"].as_u64()),
        (Some(71), Some(12))
    );
    // hex:0.C: G(n + 2) = G(n) + 1 from n = 1 holds as far as checked, and
    // is never called proved; a wrong saltus is refuted.
    let rows = check(d.path(), "hex:0.C,1,2,1,1000,,\n", 0);
    assert_eq!(rows[0]["outcome"]["outcome"], "holds-up-to");
    assert_eq!(rows[0]["outcome"]["to"], 1000);
    let f = write_input(
        d.path(),
        "a.csv",
        "code,pre_period,period,saltus,check_to\nhex:0.C,1,2,1,1000\nhex:0.C,1,2,2,1000\n",
    );
    let o = grundy(&["octal", "check-table", &f, "--quiet"], d.path());
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o);
    assert!(out.contains("holds up to n = 1000 (not proved)"), "{out}");
    assert!(out.contains("refuted at n = 1: G(3) = "), "{out}");
    assert!(!out.contains("proved:"), "{out}");
    // A periodic claim whose proof needs more than --max-n is undecided.
    let f = write_input(
        d.path(),
        "u.csv",
        "code,pre_period,period\n0.16,105351,149459\n",
    );
    let o = grundy(
        &["octal", "check-table", &f, "--max-n", "5000", "--quiet"],
        d.path(),
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains(
            "undecided: agrees with G(n) for n <= 5000, but the proof needs G(n) for n < 509622"
        ),
        "{}",
        text(&o)
    );
}

#[test]
fn bad_tables_give_one_error_line() {
    let d = tempfile::tempdir().unwrap();
    for (body, needle) in [
        (
            "0.77,71,12\n",
            "t.csv line 1: the header has an unknown column \"0.77\"",
        ),
        (
            "code,period\n0.77,12\n",
            "line 1: the header has no column pre_period",
        ),
        (
            "code,pre_period,period\n0.77,7x,12\n",
            "t.csv line 2: field pre_period: \"7x\" is not a number",
        ),
        (
            "code,pre_period,period\n# note\n0.77,71,0\n",
            "t.csv line 3: field period: the period must be at least 1",
        ),
        (
            "code,pre_period,period\n0.77,71,99999999999999999999999\n",
            "field period: \"99999999999999999999999\" is too large (at most 18446744073709551615) (or \"unsolved\")",
        ),
        (
            "code,pre_period,period\n0.G,1,2\n",
            "line 2: field code: malformed code \"0.G\"",
        ),
        (
            "code,pre_period,period\n0.77,71,12,5\n",
            "line 2: 4 fields, but the header has 3",
        ),
        (
            "code,pre_period,period,expect\n0.77,71,12,maybe\n",
            "field expect: \"maybe\": expected one of proved,",
        ),
        (
            "code,pre_period,period,check_to\n0.77,,unsolved,\n",
            "line 2: an unsolved row needs check_to",
        ),
        (
            "code,pre_period,period,check_to\n0.77,71,12,500\n",
            "check_to is for unsolved and arithmetic",
        ),
        (
            "code,pre_period,period,saltus\n0.77,71,12,-1\n",
            "field saltus: \"-1\" is not a number",
        ),
        ("code,pre_period,period\n", "no claims"),
        ("", "no claims"),
        (
            "code,pre_period,period,check_to\n0.007,,unsolved,99999999999\n",
            "line 2: check_to 99999999999 is out of range: it exceeds --max-n 33554432",
        ),
        (
            "code,pre_period,period,check_to\n0.007,,unsolved,5000000000\n",
            "exceeds --max-n",
        ),
    ] {
        let f = write_input(d.path(), "t.csv", body);
        one_line_error(&grundy(&["octal", "check-table", &f], d.path()), needle);
    }
    one_line_error(
        &grundy(&["octal", "check-table", "missing.csv"], d.path()),
        "cannot read missing.csv",
    );
    let f = write_input(d.path(), "t.csv", "code,pre_period,period\n0.77,71,12\n");
    one_line_error(
        &grundy(
            &["octal", "check-table", &f, "--max-n", "4294967296"],
            d.path(),
        ),
        "--max-n 4294967296 is out of range",
    );
}

#[test]
fn the_published_table_holds_as_recorded() {
    // The CI check of data/octal/published.csv: every row proved, confirmed
    // unsolved, or refuted where it is marked so (the findings).
    let d = tempfile::tempdir().unwrap();
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/octal/published.csv");
    let o = grundy(
        &[
            "octal",
            "check-table",
            f.to_str().unwrap(),
            "--json",
            "--quiet",
        ],
        d.path(),
    );
    assert!(
        o.status.success(),
        "{}{}",
        text(&o),
        String::from_utf8_lossy(&o.stderr)
    );
    let j: Value = serde_json::from_str(&text(&o)).unwrap();
    let rows = j["rows"].as_array().unwrap();
    assert!(rows.len() >= 100, "{}", rows.len());
    assert_eq!(j["total"], rows.len());
    assert_eq!(j["failed"], 0);
    for r in rows {
        assert!(!r["source"].as_str().unwrap().is_empty(), "{r}");
        assert_eq!(r["as_expected"], true, "{r}");
    }
    // The one finding: OEIS A071436 puts the last exception of 0.56 at
    // n = 326637; it is at 326639.
    let refuted: Vec<&Value> = rows
        .iter()
        .filter(|r| r["outcome"]["outcome"] == "refuted")
        .collect();
    assert_eq!(refuted.len(), 1);
    assert_eq!(refuted[0]["code"], "0.56");
    assert_eq!(refuted[0]["outcome"]["n"], 326639);
    assert!(refuted[0]["source"].as_str().unwrap().contains("A071436"));
    assert_eq!(j["counts"]["proved"], 96);
    assert_eq!(j["counts"]["unsolved"], 22);
}
