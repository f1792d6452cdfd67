//! The octal reports' figures and tables: Kayles tabled in rows of its
//! period 12 and plotted as dots (rare values of its sparse space in their
//! own colour), and `octal census --report-only` re-rendering a census's
//! report, plots over every value computed, from the census on disk.

use grundy::games::octal::engine::naive;
use grundy::games::octal::Values;
use grundy::report::octal::{plot_options, value_table};
use grundy::report::plot::dot_plot;
use std::path::Path;
use std::process::{Command, Output};

/// Kayles's `G(0..=max_n)`.
fn kayles(max_n: usize) -> Values {
    Values::from_u32s(&naive::sequence(&"0.77".parse().unwrap(), max_n))
}

/// Kayles's period 12 from n = 71 (Guy and Smith 1956): its rows of 12 from
/// n = 72 read 4 1 2 8 1 4 7 2 1 8 2 7, and the last exception, G(70) = 6,
/// stands in the row before.
#[test]
fn kayles_table_in_rows_of_its_period() {
    let g = kayles(200);
    let mut md = String::new();
    value_table(&mut md, &g, Some((71, 12)));
    assert!(md.contains("in rows of the period 12"), "{md}");
    assert!(md.contains("| n | +0 | +1 |"), "{md}");
    assert!(md.contains(" +11 |\n"), "{md}");
    assert!(!md.contains("+12"), "{md}");
    assert!(
        md.contains("| 72 | 4 | 1 | 2 | 8 | 1 | 4 | 7 | 2 | 1 | 8 | 2 | 7 |\n"),
        "{md}"
    );
    assert!(
        md.contains("| 60 | 4 | 1 | 2 | 8 | 1 | 4 | 7 | 2 | 1 | 8 | 6 | 7 |\n"),
        "{md}"
    );
    // Pre-period 71 plus two periods, at least 120 values: 120 = 10 rows.
    assert_eq!(md.matches("\n| ").count(), 1 + 10);
}

/// Kayles to 10,000 as dots: the values of its period are 1, 2, 4, 7 and
/// 8 (odd weight: common under the mask 0xf), the rare ones (3, 5, 6 and
/// G(0) = 0) occur only before n = 71. Every value is a row of dots, not a
/// bar from 0 to 8.
#[test]
fn kayles_dot_plot() {
    let g = kayles(10_000);
    let opts = plot_options(&g);
    assert_eq!(opts.mask, Some(0xf));
    let svg = dot_plot(&g, "G(n) of 0.77", &opts);
    assert!(svg.contains("rare under mask 0xf (9 heaps n ≥ 1)"), "{svg}");
    let common = svg
        .lines()
        .find(|l| l.starts_with("<path") && l.contains("#1f5fa8"))
        .unwrap();
    // No run of dots spans two values: each dot is 2 px tall, values 26 px
    // apart.
    for run in common.split('M').skip(1) {
        let (_, ys) = run.split_once(' ').unwrap();
        let ys = ys.split('"').next().unwrap();
        let (a, b) = ys.split_once('V').unwrap();
        let (a, b): (f64, f64) = (a.parse().unwrap(), b.parse().unwrap());
        assert!(b - a <= 3.0, "a bar from {a} to {b}");
    }
    assert!(svg.len() < 300_000);
    // The axis title sits below the tick labels, not on them.
    assert!(svg.contains(r#"y="261" text-anchor="middle">0<"#));
    assert!(svg.contains(r#"y="282" text-anchor="middle">n"#));
}

fn grundy(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

/// A one-digit census to n = 2,000 with its report, then the report
/// re-rendered from the census alone: the same Markdown and figures; the
/// unsettled 0.6 plotted over all of G(0..=2,000). Without --reports, or
/// with no census there, a one-line error.
#[test]
fn report_only_renders_the_same_report() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let base = [
        "octal", "census", "--quiet", "--digits", "1", "--max-n", "2000", "--budget", "0s",
        "--out", "c",
    ];
    let o = grundy(&[&base[..], &["--reports", "r1"]].concat(), p);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = grundy(
        &[&base[..], &["--report-only", "--reports", "r2"]].concat(),
        p,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let md1 = std::fs::read_to_string(p.join("r1/octal-census.md")).unwrap();
    let md2 = std::fs::read_to_string(p.join("r2/octal-census.md")).unwrap();
    assert_eq!(md1, md2);
    assert!(md2.contains("![G(n) of 0.6, n = 0 … 2,000](octal-census/0.6.svg)"));
    let svg1 = std::fs::read_to_string(p.join("r1/octal-census/0.6.svg")).unwrap();
    let svg2 = std::fs::read_to_string(p.join("r2/octal-census/0.6.svg")).unwrap();
    assert_eq!(svg1, svg2);
    assert!(svg2.contains("n = 0 … 2,000;"));
    assert!(svg2.contains("n (log scale)"));
    let o = grundy(&["octal", "census", "--report-only", "--out", "c"], p);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--reports"));
    let o = grundy(
        &[
            "octal",
            "census",
            "--report-only",
            "--out",
            "none",
            "--reports",
            "r3",
        ],
        p,
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("none/summary.json"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}
