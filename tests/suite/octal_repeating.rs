//! Take-and-break codes with CGSuite's repeating part `[…]` (Siegel,
//! *Combinatorial Game Theory*, AMS 2013, ch. IV): Lasker's Nim `4.[3]`
//! against its known values, every engine path against the naive
//! reference, and the command line: `octal seq` and `octal period` work
//! and never claim a proof; every command that needs a finite code refuses
//! with one line and exit code 2.

use grundy::games::octal::engine::naive;
use grundy::games::octal::engine::repeating;
use grundy::games::octal::theory::period::{analyse, proved_period};
use grundy::games::octal::{Computation, Engine, OctalCode};
use grundy::progress::NoProgress;

use crate::common::{grundy, one_line_error, write_input};

fn code(s: &str) -> OctalCode {
    s.parse().unwrap()
}

/// Lasker's Nim (Lasker 1931; Winning Ways ch. 4; Siegel ch. IV):
/// G(0) = 0, G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
/// G(4k+4) = 4k+3.
fn lasker(n: u32) -> u32 {
    match n % 4 {
        0 if n == 0 => 0,
        1 | 2 => n,
        3 => n + 1,
        _ => n - 1,
    }
}

/// Its first values as Winning Ways (ch. 4) tabulates them.
const LASKER_START: [u32; 21] = [
    0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11, 13, 14, 16, 15, 17, 18, 20, 19,
];

#[test]
fn laskers_nim_has_its_known_values() {
    let c = code("laskers-nim");
    assert_eq!(c.to_string(), "4.[3]");
    let mut comp = Computation::new(c.clone(), Engine::Sparse);
    assert!(comp.extend_to(10_001, &NoProgress));
    let g = comp.values().to_u32s();
    assert_eq!(g[..21], LASKER_START);
    for (n, &v) in (0u32..).zip(&g) {
        assert_eq!(v, lasker(n), "G({n})");
    }
    // The naive reference agrees where it is quick.
    assert_eq!(naive::sequence(&c, 400), g[..=400]);
    // Nothing is proved: the theorem needs a bound on removals. What is
    // seen is the arithmetic periodicity G(n + 4) = G(n) + 4 from n = 1.
    assert_eq!(proved_period(&c, comp.values()), None);
    let a = analyse(&c, comp.values());
    assert_eq!(a.period, None);
    let x = a.arithmetic.unwrap();
    assert_eq!((x.pre_period, x.period, x.saltus), (1, 4, 4));
}

/// Every engine path the command line can take for a repeating code (the
/// fast engine, the naive one, a computation resumed from a prefix)
/// against the naive reference, on codes with and without splits, `!`,
/// longer blocks and three-way splits (the block's are the naive engine's
/// work).
#[test]
fn every_engine_path_agrees_with_the_naive_reference() {
    for text in [
        "4.[3]",
        "0.[3]",
        "0.[7]",
        "0.1[3]",
        "0.[37]",
        "4.0[1]",
        "0.6[2]",
        "4!.[3]",
        "0.[4!]",
        "0.[123]",
        "0.137[0007]",
        "hex:0.[8]",
        "0.F[2]",
        "4.[60]",
    ] {
        let c = code(text);
        let want = naive::sequence(&c, 250);
        if let Some(fast) = repeating::sequence(&c, 250) {
            assert_eq!(fast, want, "{text} repeating engine");
        }
        for engine in [Engine::Sparse, Engine::Naive] {
            let mut whole = Computation::new(c.clone(), engine);
            assert!(whole.extend_to(251, &NoProgress));
            assert_eq!(whole.values().to_u32s(), want, "{text} {engine:?}");
            let mut part = Computation::new(c.clone(), engine);
            part.extend_to(97, &NoProgress);
            let mut again = Computation::resume(c.clone(), engine, part.into_values());
            assert_eq!(again.check_tail(20), None);
            assert!(again.extend_to(251, &NoProgress));
            assert_eq!(again.values().to_u32s(), want, "{text} {engine:?} resumed");
        }
    }
}

#[test]
fn seq_prints_the_values_and_never_a_proof() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(
        &["octal", "seq", "laskers-nim", "--max-n", "20"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    let values: Vec<u32> = text
        .lines()
        .skip(1)
        .map(|l| l.split_once(',').unwrap().1.parse().unwrap())
        .collect();
    assert_eq!(values, LASKER_START);

    let o = grundy(
        &["octal", "seq", "4.[3]", "--max-n", "3000", "--summary"],
        dir.path(),
    );
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("G(3000) = 2999"), "{text}");
    assert!(
        text.contains("G(n+4) = G(n)+4") && text.contains("(not proved)"),
        "{text}"
    );
    assert!(!text.contains("(proved)"), "{text}");

    // The dataset carries the code; verify re-derives it with the naive
    // engine; the report lists the repeating digits and proves nothing.
    let out = dir.path().join("data");
    let rep = dir.path().join("rep");
    let o = grundy(
        &[
            "octal",
            "seq",
            "laskers-nim",
            "--max-n",
            "500",
            "--out",
            out.to_str().unwrap(),
            "--reports",
            rep.to_str().unwrap(),
        ],
        dir.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let summary = std::fs::read_to_string(out.join("summary.json")).unwrap();
    let s: serde_json::Value = serde_json::from_str(&summary).unwrap();
    assert_eq!(s["code"], "4.[3]");
    assert_eq!(s["proved"], false);
    assert_eq!(s["period"], serde_json::Value::Null);
    assert_eq!(s["arithmetic"], serde_json::json!([1, 4, 4]));
    let report = std::fs::read_to_string(rep.join("4.r3.md")).unwrap();
    assert!(report.contains("for every k ≥ 1, repeating"), "{report}");
    assert!(report.contains("observed, not proved"), "{report}");
    assert!(!report.contains("Periodic, proved"), "{report}");
    let o = grundy(&["octal", "verify", out.to_str().unwrap()], dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn period_reports_what_is_observed_only() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(&["octal", "period", "laskers-nim"], dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("no period found up to n = 16383"), "{text}");
    assert!(text.contains("G(n + 4) = G(n) + 4 for 1 <= n"), "{text}");
    assert!(text.contains("(observed, not proved)"), "{text}");
    assert!(
        text.contains("does not apply to a code with a repeating part"),
        "{text}"
    );
    let o = grundy(
        &["octal", "period", "0.[3]", "--max-n", "1000", "--json"],
        dir.path(),
    );
    assert!(o.status.success());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["proved"], false);
    assert_eq!(j["period"], serde_json::Value::Null);
    assert_eq!(j["arithmetic"]["saltus"], 1);
    assert_eq!(j["arithmetic"]["proved"], false);
    // 0.[1]: take a whole heap of any size, so G(n) = 1 for n >= 1; a
    // period seen, never proved.
    let o = grundy(&["octal", "period", "0.[1]", "--max-n", "500"], dir.path());
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains("no period proved up to n = 500. Periodicity is seen: G(n + 1) = G(n) for 1 <= n <= 499 (observed, not proved)"),
        "{text}"
    );
    let o = grundy(
        &["octal", "period", "4.[1]", "--max-n", "500", "--json"],
        dir.path(),
    );
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["proved"], false);
    assert_eq!(j["period"], serde_json::Value::Null);
    assert_eq!(j["arithmetic"]["saltus"], 0);
    assert_eq!(j["arithmetic"]["proved"], false);
}

#[test]
fn commands_that_need_a_finite_code_refuse() {
    let dir = tempfile::tempdir().unwrap();
    let table = write_input(
        dir.path(),
        "claims.csv",
        "code,pre_period,period\n4.[3],0,4\n",
    );
    for args in [
        &[
            "octal", "check", "4.[3]", "--period", "4", "--values", "1,2,3,4",
        ][..],
        &["octal", "check-table", &table],
        &["octal", "genus", "laskers-nim", "--max-n", "5"],
        &["octal", "quotient", "laskers-nim", "--max-heap", "5"],
        // Sums take such codes, but not a heap whose values would take
        // longer than octal seq allows (about n² options).
        &["sum", "laskers-nim:2000000 + kayles:3"],
    ] {
        let o = grundy(args, dir.path());
        one_line_error(&o, "repeating part");
    }
    // Still refused: CGSuite's other modifiers, a block not at the end.
    for bad in ["4.[3]7", "0.[]", "[4].3", "0.3?"] {
        let o = grundy(&["octal", "seq", bad, "--max-n", "5"], dir.path());
        one_line_error(&o, "malformed code");
    }
}

/// Rings of Lasker's Nim: opening a ring of n takes any number of tokens
/// (or all of them), so its value is mex{G(0..n)}: 1, 2, 3, 3, 5, 6, 7,
/// 7, … from the formula below; a ring of 100,000 is 99,999. A block
/// splitting into three heaps, and a size past the time budget, are
/// refused in one line.
#[test]
fn rings_of_laskers_nim() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(
        &["octal", "ring", "laskers-nim", "--max-n", "12", "--json"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let nimbers: Vec<u64> = j["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["nimber"].as_u64().unwrap())
        .collect();
    assert_eq!(nimbers, [1, 2, 3, 3, 5, 6, 7, 7, 9, 10, 11, 11]);
    let o = grundy(
        &["octal", "ring", "4.[3]", "--max-n", "100000", "--quiet"],
        dir.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert_eq!(text.lines().last(), Some("100000,99999,N,true"));
    let o = grundy(&["octal", "ring", "0.[8]", "--max-n", "5"], dir.path());
    one_line_error(&o, "naive engine only");
    let o = grundy(
        &["octal", "ring", "laskers-nim", "--max-n", "2000000"],
        dir.path(),
    );
    one_line_error(&o, "minutes on one core");
}

/// Sums of Lasker's Nim heaps: values from its formula (Winning Ways ch. 4:
/// G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3) and
/// every winning move, checked by hand.
#[test]
fn sums_of_laskers_nim() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(&["sum", "--json", "laskers-nim:5 + kayles:3"], dir.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["components"][0]["nimber"], 5);
    assert_eq!(j["components"][1]["nimber"], 3);
    assert_eq!(j["nimber"], 6);
    assert_eq!(j["outcome"], "N");
    // To value 3 from a heap of 5: only the heap of 4 (G = 3); no split
    // of 5 and no move of Kayles' heap of 3 reaches value 5.
    assert_eq!(j["winning_moves_count"], 1);
    assert_eq!(
        j["winning_moves"][0]["move"],
        "remove 1, leaving a heap of 4"
    );
    // G(3) = 4 and G(4) = 3: a heap of 3 and one of 4 cancel nim:7.
    let o = grundy(
        &["sum", "--json", "laskers-nim:3 + laskers-nim:4 + nim:7"],
        dir.path(),
    );
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["nimber"], 0);
    assert_eq!(j["outcome"], "P");
    assert_eq!(j["winning_moves_count"], 0);
    // Splitting without removing (digit 4 of 4.[3]) is a move: from a heap
    // of 3 (G = 4) to 1 + 2 (G = 1 ⊕ 2 = 3).
    let o = grundy(
        &["sum", "--json", "--all", "laskers-nim:3 + nim:3"],
        dir.path(),
    );
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["nimber"], 7);
    let moves: Vec<&str> = j["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["remove nothing, leaving heaps of 1 and 2"]);
}
