//! The misère quotient dataset (`octal quotient --out`) read back against
//! the quotient, the published quotients (Plambeck 2005: 0.123;
//! Plambeck–Siegel 2008 and Siegel 2007: Dawson's Kayles Q_24, Q_26, Q_30,
//! Q_33), and the misère census run
//! through the binary.

use crate::common::{grundy, one_line_error};
use grundy::games::octal::OctalCode;
use grundy::jobs::misere_quotient::{quotient, QuotientJob};
use grundy::progress::NoProgress;
use serde_json::Value;

fn order(code: &str, n: usize) -> (usize, usize) {
    let code: OctalCode = code.parse().unwrap();
    let job = QuotientJob {
        code: &code,
        max_heap: n,
        force: false,
        check: Some((3, 16)),
        out: None,
        budget_s: None,
        checkpoint: None,
    };
    let q = quotient(&job, &NoProgress).unwrap().learned.quotient;
    (q.order(), q.p_portion_size())
}

#[test]
fn published_quotients() {
    // Plambeck, "Taming the wild in impartial combinatorial games",
    // Integers 5 (2005) G05: the quotient of 0.123 has 20 elements, 5 of
    // them in the P-portion; every heap is in place by heap 9.
    assert_eq!(order("0.123", 9), (20, 5));
    assert_eq!(order("0.123", 16), (20, 5));
    assert_eq!(order("0.123", 8), (12, 3));
    // Plambeck and Siegel, "Misère quotients for impartial games" (2008):
    // |Q_24| of Dawson's Kayles (0.07) is 24.
    assert_eq!(order("0.07", 24).0, 24);
    // Siegel's MisereSolver figures for Dawson's Kayles (Plambeck and
    // Siegel 2008; Siegel, miseregames.wordpress.com, 2007): |Q_26| = 144,
    // |Q_30| = 360, |Q_33| = 638 with |P| = 109.
    assert_eq!(order("0.07", 26).0, 144);
    assert_eq!(order("0.07", 30).0, 360);
    assert_eq!(order("0.07", 33), (638, 109));
}

fn lines(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_quotient_dataset_reads_back_as_the_quotient() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("q");
    let o = grundy(
        &[
            "octal",
            "quotient",
            "0.123",
            "--max-heap",
            "12",
            "--out",
            out.to_str().unwrap(),
            "--json",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let printed: Value = serde_json::from_slice(&o.stdout).unwrap();
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("quotient.json")).unwrap()).unwrap();
    assert_eq!(printed, written);
    assert_eq!(written["order"], 20);
    let elements = lines(&out.join("elements.csv"));
    assert_eq!(elements[0], "element,word,p_portion");
    assert_eq!(elements.len(), 21);
    assert_eq!(elements[1], "0,1,0");
    let p: usize = elements[1..].iter().filter(|l| l.ends_with(",1")).count();
    assert_eq!(p, 5);
    // The table, row by row, equals the JSON table.
    let table = lines(&out.join("table.csv"));
    assert_eq!(table.len(), 1 + 20 * 20);
    for l in &table[1..] {
        let v: Vec<usize> = l.split(',').map(|x| x.parse().unwrap()).collect();
        assert_eq!(written["table"][v[0]][v[1]], v[2], "{l}");
    }
    let pretending = lines(&out.join("pretending.csv"));
    assert_eq!(pretending.len(), 1 + 13);
    assert_eq!(pretending[1], "0,0,1");
    let growth = lines(&out.join("growth.csv"));
    assert_eq!(growth[0], "n,order,p_portion_size,refinements");
    assert!(growth.last().unwrap().starts_with("12,20,5,"), "{growth:?}");
    // A directory that is not this command's is refused, and left alone.
    let foreign = d.path().join("foreign");
    std::fs::create_dir(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    let o = grundy(
        &[
            "octal",
            "quotient",
            "0.123",
            "--max-heap",
            "5",
            "--out",
            foreign.to_str().unwrap(),
        ],
        d.path(),
    );
    one_line_error(&o, "foreign");
    assert_eq!(
        std::fs::read_to_string(foreign.join("notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn the_misere_census_of_one_digit_codes() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("c");
    let reports = d.path().join("r");
    let o = grundy(
        &[
            "octal",
            "misere-census",
            "--digits",
            "1",
            "--max-heap",
            "10",
            "--positions",
            "100000",
            "--out",
            out.to_str().unwrap(),
            "--reports",
            reports.to_str().unwrap(),
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = lines(&out.join("census.csv"));
    assert_eq!(rows.len(), 8, "{rows:?}");
    // 0.1 and 0.3 take one token: every heap is *0 or *1, misère Nim's
    // quotient of the heaps *1 alone, {1, a} with a^2 = 1 (order 2, P = {a}).
    assert!(rows[1].starts_with("0.1,tame,10,10,2,1,"), "{}", rows[1]);
    assert!(rows[3].starts_with("0.3,tame,10,10,2,1,"), "{}", rows[3]);
    // 0.4 (take one token, leaving two non-empty heaps): tame, with the
    // quotient of order 6 from heap 5 on.
    assert!(rows[4].starts_with("0.4,tame,10,10,6,2,5,"), "{}", rows[4]);
    // Officers (0.6) turns wild at heap 7, where Q_n grows to 12.
    assert!(
        rows[6].starts_with("0.6,wild-growing,10,10,12,3,7,7,"),
        "{}",
        rows[6]
    );
    // The whole-game column: 0.1's heaps past 1 have no move (Φ = 1 from
    // heap 2, period 1: 2(2 + 1) + 1 = 7 ≤ 10), 0.3 alternates a, 1 from
    // heap 1 (2(1 + 2) + 1 = 7); 0.4's quotient is still settling.
    assert!(rows[1].ends_with(",2:1,"), "{}", rows[1]);
    assert!(rows[3].ends_with(",1:2,"), "{}", rows[3]);
    assert!(rows[4].ends_with(",,"), "{}", rows[4]);
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["codes"], 7);
    let report = std::fs::read_to_string(reports.join("misere-census.md")).unwrap();
    assert!(
        report.contains("| 0.123 | 20 | 20 | 5 | publication | 20 (\\|P\\| 5) | agrees |"),
        "{report}"
    );
    // Refusals: four digits, a heap bound of 0.
    one_line_error(
        &grundy(&["octal", "misere-census", "--digits", "4"], d.path()),
        "--digits 4",
    );
    one_line_error(
        &grundy(&["octal", "misere-census", "--max-heap", "0"], d.path()),
        "--max-heap 0",
    );
}

/// The `stopped` field is the bound's message as one CSV field: its comma
/// dropped, and no two spaces left where it was, in a run and in the
/// committed census.
#[test]
fn the_stopped_field_reads_as_one_sentence() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "octal",
            "misere-census",
            "--digits",
            "1",
            "--max-heap",
            "20",
            "--positions",
            "100",
            "--out",
            "c",
        ],
        d.path(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = lines(&d.path().join("c/census.csv"));
    let officers = rows.iter().find(|r| r.starts_with("0.6,")).unwrap();
    assert!(
        officers.ends_with(",a candidate of 12 elements whose table passes 100 entries"),
        "{officers}"
    );
    let committed = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/misere/census/census.csv"),
    )
    .unwrap();
    // The committed census ran within a time budget per code: Dawson's
    // Kayles, among others, stopped where the budget ran out.
    assert!(
        committed.contains("0.07,stopped,100,33,638,109,")
            && committed.contains(",more time than its budget at heap 34"),
        "{committed}"
    );
    for (i, line) in committed.lines().enumerate() {
        assert!(!line.contains("  "), "census.csv line {}: {line}", i + 1);
    }
}

/// The committed three-digit census (8 s a code) against the committed
/// two-digit one (90 s a code), two runs of different budgets: every code
/// both settled has the same status, quotient order and P-portion, and
/// the summary counts the rows.
#[test]
fn the_committed_censuses_agree_where_both_settled() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/misere");
    let read = |dir: &str| -> Vec<Vec<String>> {
        let text = std::fs::read_to_string(root.join(dir).join("census.csv")).unwrap();
        text.lines()
            .skip(1)
            .map(|l| l.split(',').map(str::to_string).collect())
            .collect()
    };
    let (two, three) = (read("census"), read("census-3"));
    assert_eq!(two.len(), 63);
    assert_eq!(three.len(), 511);
    let settled = ["tame", "wild-finite", "wild-stable"];
    let mut compared = 0;
    for a in &two {
        let b = three
            .iter()
            .find(|b| b[0] == a[0])
            .expect("every code again");
        if settled.contains(&a[1].as_str()) && settled.contains(&b[1].as_str()) {
            assert_eq!(a[1..6], b[1..6], "{}", a[0]);
            compared += 1;
        }
    }
    assert!(compared >= 25, "{compared}");
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("census-3/summary.json")).unwrap())
            .unwrap();
    for (status, n) in summary["statuses"].as_object().unwrap() {
        let rows = three.iter().filter(|r| &r[1] == status).count();
        assert_eq!(rows as u64, n.as_u64().unwrap(), "{status}");
    }
}
