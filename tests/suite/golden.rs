//! Golden files: the report for T = 8, and the known small-board numbers.
//! Set UPDATE_GOLDEN=1 to rewrite the report golden after a deliberate change.

use grundy::games::monorail::analysis::analyse;
use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::rules::Rules;
use grundy::games::monorail::solve::solve;
use grundy::progress::NoProgress;
use grundy::report::common::run_markdown;
use grundy::report::monorail::{render, RunInfo};

#[test]
fn report_for_eight_tiles_matches_golden() {
    let rules = Rules::new(8).unwrap();
    let table = LoopTable::new(&rules);
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    let a = analyse(&table, 8, &solved, &NoProgress).unwrap();
    let run = RunInfo {
        phases: vec![("solve every position".into(), 0.5)],
        threads: 1,
        peak_mib: Some(10.0),
        command: "grundy monorail solve --tiles 8".into(),
    };
    let r = render(&a, &table, &run, "monorail-t8");
    // The report holds nothing of the run but its command; the rest is the
    // run record written beside it.
    assert!(!r.markdown.contains("0.50") && !r.markdown.contains("10 MiB"));
    let mut text = r.markdown.clone();
    text.push_str("\n<!-- run record monorail-t8.run.md -->\n");
    text.push_str(&run_markdown("monorail-t8.md", &run));
    for (name, svg) in &r.figures {
        text.push_str(&format!("\n<!-- figure {name} -->\n{svg}"));
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/monorail-t8.md");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file (UPDATE_GOLDEN=1 writes it)");
    assert!(
        text == golden,
        "report differs from tests/golden/monorail-t8.md"
    );
}

/// `tests/golden/monorail_numbers.csv`: per T, loops, start nimber, position
/// classes, first moves up to symmetry and winning ones. Rows marked
/// `expensive` are skipped unless GRUNDY_FULL=1 (CI checks T = 16 through the
/// committed data instead).
#[test]
fn known_numbers() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/monorail_numbers.csv"
    );
    let mut r = csv::Reader::from_path(path).unwrap();
    let full = std::env::var_os("GRUNDY_FULL").is_some();
    let mut checked = 0;
    for row in r.records() {
        let row = row.unwrap();
        let n = |i: usize| row[i].parse::<u64>().unwrap();
        if &row[6] == "expensive" && !full {
            continue;
        }
        let t = n(0) as usize;
        let rules = Rules::new(t).unwrap();
        let table = LoopTable::new(&rules);
        let solved = solve(&table, &NoProgress).expect("the solve succeeds");
        let a = analyse(&table, t, &solved, &NoProgress).unwrap();
        assert_eq!(table.len() as u64, n(1), "loops, T = {t}");
        assert_eq!(solved.start_nimber as u64, n(2), "start nimber, T = {t}");
        assert_eq!(solved.classes(), n(3), "classes, T = {t}");
        assert_eq!(a.first_moves.len() as u64, n(4), "first moves, T = {t}");
        assert_eq!(
            a.winning_first_moves() as u64,
            n(5),
            "winning first moves, T = {t}"
        );
        checked += 1;
    }
    assert!(checked >= 4);
}

/// The misère report (`reports/misere.md`) for Dawson's Kayles to heap 14,
/// where its quotient grows to 24 elements (tame to heap 9).
#[test]
fn misere_report_matches_golden() {
    use grundy::games::misere::learn::{quotient, Limits};
    use grundy::report::misere::{render, MisereGame};
    let code = "0.07".parse().unwrap();
    let learned = quotient(&code, 14, Limits::default(), &NoProgress).unwrap();
    // Plambeck's 0.123 (20 elements): its pretending function has period 5
    // from heap 5, so Q_24 ≥ 2(5 + 5) + 3 = 23 is the whole game's.
    let code_123 = "0.123".parse().unwrap();
    let learned_123 = quotient(&code_123, 24, Limits::default(), &NoProgress).unwrap();
    let wild_123 = grundy::jobs::misere_genus::genus(&code_123, 24, false, &NoProgress)
        .unwrap()
        .first_wild;
    assert!(wild_123.is_some());
    let games = [
        MisereGame {
            title: "Dawson's Kayles (0.07)",
            data: "data/misere/0.07/",
            code: &code,
            learned: &learned,
            first_wild: Some(10),
            published: &[(14, 24, "a made-up source, to render the line")],
        },
        MisereGame {
            title: "0.123",
            data: "data/misere/0.123/",
            code: &code_123,
            learned: &learned_123,
            first_wild: wild_123,
            published: &[],
        },
    ];
    let text = render(&games, "grundy test");
    assert!(text.contains("The whole game's quotient is not proved"));
    assert!(text.contains(
        "the pretending function has period 5 from heap 5, and `N = 24` reaches \
         `2(n0 + p) + t = 23`"
    ));
    assert!(text.contains("`Q_14` has **24 elements**, 5 in the P-portion"));
    assert!(
        text.contains("Published: `|Q_14| = 24` (a made-up source, to render the line): agrees.")
    );
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/misere-0.07-14.md"
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file (UPDATE_GOLDEN=1 writes it)");
    assert!(text == golden, "report differs from {path}");
}
