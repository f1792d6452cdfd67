//! The octal census, right or refused: shards, partial files and census
//! directories carry their parameters and a digest; `census merge`,
//! `census --resume` and `octal verify DIR` re-prove what they take over,
//! and refuse an edited row with one `error:` line naming the file, the
//! line, the code and the field (exit code 2, nothing written). And the
//! estimate of the time left, which waits for its samples and weighs the
//! slow families.

use crate::common::{grundy, one_line_error};
use grundy::dataset::census::{read_summary, rows_digest, VERSION};
use grundy::dataset::census_partial::{partial_header, partial_line, partial_tag};
use grundy::games::octal::theory::census::Reach;
use grundy::jobs::census::{eta_seconds, ETA_SAMPLES};
use std::path::Path;
use std::process::Output;

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn ok(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn run(dir: &Path, args: &[&str]) -> Output {
    let mut all = vec!["--quiet", "octal"];
    all.extend_from_slice(args);
    grundy(&all, dir)
}

/// Replaces the first `from` in `path` by `to` (`from` must be there).
fn edit(path: &Path, from: &str, to: &str) {
    let t = read(path);
    assert!(t.contains(from), "{from:?} in {}", path.display());
    std::fs::write(path, t.replacen(from, to, 1)).unwrap();
}

/// Recomputes the `rows_blake3` of a census directory, as someone covering
/// an edit would: what remains to catch the edit is re-deriving the rows.
fn redigest(dir: &Path) {
    let mut s = read_summary(&dir.join("summary.json")).unwrap();
    let csv = std::fs::read(dir.join("census.csv")).unwrap();
    s.rows_blake3 = Some(rows_digest(&s, &csv));
    let json = serde_json::to_string_pretty(&s).unwrap() + "\n";
    std::fs::write(dir.join("summary.json"), json).unwrap();
}

/// The one-digit census to n = 300 in two shards, `s1` and `s2`. Shard 1/2
/// holds 0.0, 0.2, 0.4, 0.6 (unsettled at 300), 4.0, 4.2, 4.3, 4.5.
fn shards(p: &Path) {
    for i in 1..=2 {
        let shard = format!("{i}/2");
        let out = format!("s{i}");
        let args = [
            "census", "--digits", "1", "--max-n", "300", "--budget", "0s", "--shard", &shard,
            "--out", &out,
        ];
        ok(&run(p, &args));
    }
    assert!(read(&p.join("s1/census.csv")).contains("\n0.6,unsettled,,,,,,300,"));
}

fn merge(p: &Path, dirs: &[&str]) -> Output {
    let mut all = vec!["census", "merge"];
    all.extend_from_slice(dirs);
    all.extend_from_slice(&["--out", "m"]);
    run(p, &all)
}

#[test]
fn shards_record_their_parameters_and_digest_and_merge_when_untouched() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    shards(p);
    let s1: serde_json::Value = serde_json::from_str(&read(&p.join("s1/summary.json"))).unwrap();
    assert_eq!(s1["digits"], 1);
    assert_eq!(s1["max_n"], 300);
    assert_eq!(s1["shard"], serde_json::json!([1, 2]));
    assert_eq!(s1["version"], VERSION);
    let csv = std::fs::read(p.join("s1/census.csv")).unwrap();
    let summary = read_summary(&p.join("s1/summary.json")).unwrap();
    assert_eq!(
        s1["rows_blake3"].as_str(),
        Some(rows_digest(&summary, &csv).as_str())
    );
    assert_eq!(s1["rows_blake3"].as_str().unwrap().len(), 64);
    let j: serde_json::Value =
        serde_json::from_str(ok(&merge(p, &["s2", "s1", "--json"])).trim()).unwrap();
    assert_eq!(j["codes"], 16);
    assert_eq!(j["counts"]["unsettled"], 1);
    assert_eq!(j["version"], VERSION);
    // The merged census verifies, every row re-derived.
    let v: serde_json::Value =
        serde_json::from_str(&ok(&run(p, &["verify", "m", "--json"]))).unwrap();
    assert_eq!(v["verified"], true);
    assert_eq!(v["codes"], 16);
    assert_eq!(v["rederived"], 16);
    assert_eq!(v["shape_only"], 0);
    assert_eq!(v["digest"], true);
}

#[test]
fn merge_refuses_an_edited_period() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    shards(p);
    // 0.4 has period 34 from n = 54; the row is made to say 17.
    let csv = p.join("s1/census.csv");
    edit(&csv, "\n0.4,periodic,54,34,", "\n0.4,periodic,54,17,");
    let want = "s1/census.csv: line 4, code 0.4: field period is 17, recomputed 34";
    one_line_error(&merge(p, &["s1", "s2"]), want);
    assert!(!p.join("m").exists());
    // With the digest recomputed to match, the re-proof still refuses it.
    redigest(&p.join("s1"));
    one_line_error(&merge(p, &["s1", "s2"]), want);
    assert!(!p.join("m").exists());
}

#[test]
fn merge_refuses_an_unknown_status() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    shards(p);
    edit(&p.join("s1/census.csv"), "\n0.2,periodic,", "\n0.2,banana,");
    one_line_error(
        &merge(p, &["s1", "s2"]),
        "s1/census.csv: line 3, code 0.2: field status is \"banana\", not one of periodic, arithmetic, unsettled",
    );
    // A field that is not a number.
    edit(&p.join("s1/census.csv"), "\n0.2,banana,", "\n0.2,periodic,");
    edit(
        &p.join("s1/census.csv"),
        "\n4.3,periodic,2,2,",
        "\n4.3,periodic,2,x,",
    );
    one_line_error(
        &merge(p, &["s1", "s2"]),
        "line 8, code 4.3: field period is \"x\", not a number",
    );
    assert!(!p.join("m").exists());
}

#[test]
fn merge_refuses_a_summary_whose_n_is_not_its_rows() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    shards(p);
    // Computed to N = 300; the summary says 4096 (both shards, so that
    // they agree with each other).
    for s in ["s1", "s2"] {
        edit(
            &p.join(s).join("summary.json"),
            "\"max_n\": 300",
            "\"max_n\": 4096",
        );
    }
    let want = "s1/census.csv: line 5, code 0.6: field computed_to is 300, but an unsettled row is computed to N = 4096";
    one_line_error(&merge(p, &["s1", "s2"]), want);
    redigest(&p.join("s1"));
    one_line_error(&merge(p, &["s1", "s2"]), want);
    // Shard 2/2 holds only periodic rows, the same to 300 as to 4096: what
    // catches its summary is the digest, which covers the parameters.
    one_line_error(
        &merge(p, &["s2"]),
        "s2/summary.json: field rows_blake3 does not match",
    );
    assert!(!p.join("m").exists());
}

#[test]
fn merge_refuses_a_row_moved_to_another_shard() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    shards(p);
    // 0.3's family is shard 2/2's; its row is moved to shard 1/2.
    let s2 = read(&p.join("s2/census.csv"));
    let row = s2
        .lines()
        .find(|l| l.starts_with("0.3,"))
        .unwrap()
        .to_string();
    std::fs::write(
        p.join("s2/census.csv"),
        s2.replacen(&format!("{row}\n"), "", 1),
    )
    .unwrap();
    let s1 = read(&p.join("s1/census.csv"));
    std::fs::write(p.join("s1/census.csv"), format!("{s1}{row}\n")).unwrap();
    redigest(&p.join("s1"));
    redigest(&p.join("s2"));
    one_line_error(
        &merge(p, &["s1", "s2"]),
        "s1/census.csv: line 10, code 0.3: not of this shard 1/2: its family is in shard 2/2",
    );
    one_line_error(
        &merge(p, &["s2", "s1"]),
        "s2/census.csv: line 3, code 0.5: out of census order or repeated (the row of 0.3 belongs here)",
    );
    assert!(!p.join("m").exists());
}

#[test]
fn merge_refuses_shards_of_another_version_or_without_a_digest() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    shards(p);
    let summary = p.join("s2/summary.json");
    let text = read(&summary);
    edit(
        &summary,
        &format!("\"version\": \"{VERSION}\""),
        "\"version\": \"0.0.1\"",
    );
    one_line_error(
        &merge(p, &["s1", "s2"]),
        "s2/summary.json: field version: written by grundy 0.0.1",
    );
    std::fs::write(&summary, &text).unwrap();
    let digest = text.lines().find(|l| l.contains("rows_blake3")).unwrap();
    edit(&summary, &format!(",\n{digest}"), "");
    one_line_error(
        &merge(p, &["s1", "s2"]),
        "s2/summary.json: field rows_blake3 is missing",
    );
    assert!(!p.join("m").exists());
}

/// The one-digit census to n = 300 in `a`, and a partial file of its first
/// `rows` rows in `b`, the row of `code` replaced by `edited` (with its
/// digest recomputed when `digest`, else the original's kept).
fn partial_with(p: &Path, rows: usize, code: &str, edited: &str, digest: bool) {
    let args = [
        "census", "--digits", "1", "--max-n", "300", "--budget", "0s", "--out", "a",
    ];
    ok(&run(p, &args));
    let tag = partial_tag(&Reach::fixed(300));
    let mut partial = format!("{tag}\n{}\n", partial_header());
    for l in read(&p.join("a/census.csv")).lines().skip(1).take(rows) {
        let line = if l.starts_with(&format!("{code},")) {
            let original = partial_line(&tag, l);
            if digest {
                partial_line(&tag, edited)
            } else {
                original.replacen(l, edited, 1)
            }
        } else {
            partial_line(&tag, l)
        };
        partial.push_str(&line);
        partial.push('\n');
    }
    std::fs::create_dir_all(p.join("b")).unwrap();
    std::fs::write(p.join("b/census.partial.csv"), partial).unwrap();
}

fn resume(p: &Path) -> Output {
    let args = [
        "census", "--digits", "1", "--max-n", "300", "--budget", "0s", "--out", "b", "--resume",
    ];
    run(p, &args)
}

#[test]
fn resume_refuses_an_edited_partial_row() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let edited = "0.4,periodic,54,17,,54,143,255,9,87,,,,,0.000";
    // The row edited, its digest left: named by its line.
    partial_with(p, 10, "0.4", edited, false);
    one_line_error(
        &resume(p),
        "b/census.partial.csv: line 7, code 0.4: the row does not match its digest (edited?)",
    );
    assert!(!p.join("b/census.csv").exists());
    // Its digest recomputed too: the row is re-proved before it is kept.
    partial_with(p, 10, "0.4", edited, true);
    one_line_error(
        &resume(p),
        "b/census.partial.csv: line 7, code 0.4: field period is 17, recomputed 34",
    );
    assert!(!p.join("b/census.csv").exists());
    // An unsettled row cut short of N: its shape gives it away.
    let short = "0.6,unsettled,,,,,,299,15,278,14,53,299,,0.000";
    partial_with(p, 10, "0.6", short, true);
    one_line_error(
        &resume(p),
        "line 9, code 0.6: field computed_to is 299, but an unsettled row is computed to N = 300",
    );
    // The untouched rows are kept, and the census is the one computed.
    partial_with(p, 10, "none", "", false);
    let o = resume(p);
    ok(&o);
    assert!(String::from_utf8_lossy(&o.stderr).contains("resumed 10 rows"));
    assert_eq!(
        read(&p.join("b/census.csv"))
            .lines()
            .take(11)
            .collect::<Vec<_>>(),
        read(&p.join("a/census.csv"))
            .lines()
            .take(11)
            .collect::<Vec<_>>()
    );
}

#[test]
fn verify_rederives_every_row_of_a_census_directory() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let args = [
        "census", "--digits", "1", "--max-n", "300", "--budget", "0s", "--out", "w",
    ];
    ok(&run(p, &args));
    let text = ok(&run(p, &["verify", "w"]));
    assert_eq!(
        text.trim(),
        "w: census of 16 codes to n = 300: 16 rows re-derived by replaying the census; summary.json agrees with the rows; rows_blake3 matches."
    );
    let csv = p.join("w/census.csv");
    let original = read(&csv);
    // An edited periodic row: re-proved even by --quick.
    edit(&csv, "\n0.4,periodic,54,34,", "\n0.4,periodic,54,17,");
    for quick in [false, true] {
        let mut args = vec!["verify", "w"];
        if quick {
            args.push("--quick");
        }
        one_line_error(
            &run(p, &args),
            "w/census.csv: line 6, code 0.4: field period is 17, recomputed 34",
        );
    }
    // An edited unsettled row (its rare count) with the digest covering
    // it: --quick checks its fields without recomputing it, so passes it
    // (and says so); the full verification recomputes it to N.
    std::fs::write(&csv, &original).unwrap();
    edit(
        &csv,
        "\n0.6,unsettled,,,,,,300,15,278,14,53,",
        "\n0.6,unsettled,,,,,,300,15,278,14,52,",
    );
    one_line_error(
        &run(p, &["verify", "w", "--quick"]),
        "w/summary.json: field rows_blake3 does not match",
    );
    redigest(&p.join("w"));
    let quick: serde_json::Value =
        serde_json::from_str(&ok(&run(p, &["verify", "w", "--quick", "--json"]))).unwrap();
    assert_eq!(
        (quick["rederived"].as_u64(), quick["shape_only"].as_u64()),
        (Some(15), Some(1))
    );
    one_line_error(
        &run(p, &["verify", "w"]),
        "w/census.csv: line 8, code 0.6: field rare_count is 52, recomputed 53",
    );
    // A row claimed periodic that the census does not settle there.
    std::fs::write(&csv, &original).unwrap();
    edit(
        &csv,
        "\n0.6,unsettled,,,,,,300,15,278,14,53,300,",
        "\n0.6,periodic,1,2,,1,4,255,15,27,,,,",
    );
    edit(
        &p.join("w/summary.json"),
        "\"periodic\": 15",
        "\"periodic\": 16",
    );
    edit(
        &p.join("w/summary.json"),
        "\"unsettled\": 1",
        "\"unsettled\": 0",
    );
    one_line_error(
        &run(p, &["verify", "w", "--quick"]),
        "line 8, code 0.6: field computed_to is 255, but the census does not settle 0.6 there",
    );
    // --quick is for census directories only.
    ok(&run(p, &["seq", "0.77", "--max-n", "100", "--out", "k"]));
    one_line_error(
        &run(p, &["verify", "k", "--quick"]),
        "--quick applies to a census directory",
    );
}

#[test]
fn verify_the_committed_census_quickly() {
    // The 739 periodic rows of data/octal/census re-proved (0.354 and
    // 0.376 to 20 and 4.5 million values: about 30 s); its 285 unsettled
    // rows need --force (an hour on 2 threads).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("data/octal/census");
    let dir = dir.to_str().unwrap();
    let v: serde_json::Value =
        serde_json::from_str(&ok(&run(root, &["verify", dir, "--quick", "--json"]))).unwrap();
    assert_eq!(v["codes"], 1024);
    assert_eq!(v["max_n"], 1 << 20);
    assert_eq!(v["rederived"], 739);
    assert_eq!(v["shape_only"], 285);
    // Written with its digest, which is checked.
    assert_eq!(v["digest"], true);
    let o = grundy(&["--threads", "2", "octal", "verify", dir], root);
    one_line_error(
        &o,
        "use --quick to re-prove the periodic rows only, or --force",
    );
}

#[test]
fn the_time_left_is_estimated_from_each_digit_count_and_waits_for_samples() {
    let n = ETA_SAMPLES;
    // Too few three-digit families done: no estimate.
    assert_eq!(
        eta_seconds(
            &[0, 0, 5, 10, 0],
            &[],
            &[0, 14, 58, n - 1, 0],
            &[0.0, 1.0, 200.0, 70.0, 0.0],
            2
        ),
        Err(3)
    );
    // 10 three-digit families left at the mean of those done (80 s / 8 =
    // 10 s) and 5 two-digit ones at 200 s / 50 = 4 s: 120 s on 2 workers.
    assert_eq!(
        eta_seconds(
            &[0, 0, 5, 10, 0],
            &[],
            &[0, 14, 50, n, 0],
            &[0.0, 1.0, 200.0, 80.0, 0.0],
            2
        ),
        Ok(60.0)
    );
    // The last family has run 600 s, far past the 1 s mean of its digit
    // count: it is guessed to need as long again, not 1 s.
    assert_eq!(
        eta_seconds(
            &[0; 5],
            &[(3, 600.0)],
            &[0, 0, 0, n, 0],
            &[0.0, 0.0, 0.0, n as f64, 0.0],
            2
        ),
        Ok(600.0)
    );
    // One running family cannot be shared between workers: at least its
    // own rest (7 s of a 10 s mean left), though 4 workers share the sum.
    let t = eta_seconds(
        &[0, 0, 0, 1, 0],
        &[(3, 3.0)],
        &[0, 0, 0, n, 0],
        &[0.0, 0.0, 0.0, 80.0, 0.0],
        4,
    );
    assert_eq!(t, Ok(8.5));
    let t = eta_seconds(
        &[0; 5],
        &[(3, 3.0)],
        &[0, 0, 0, n, 0],
        &[0.0, 0.0, 0.0, 80.0, 0.0],
        4,
    );
    assert_eq!(t, Ok(7.0));
}

#[test]
fn unsettled_rows_of_one_family_must_agree() {
    // 0.61, 0.62 and 0.63 have the nim-sequence of 0.6 (same_as), all
    // unsettled at 300: their rows agree on every column from computed_to
    // to last_rare. One edited (the digest covering it) is caught without
    // recomputing it, by a merge and by --quick.
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let args = [
        "census", "--digits", "2", "--max-n", "300", "--budget", "0s", "--out", "w",
    ];
    ok(&run(p, &args));
    let csv = p.join("w/census.csv");
    for code in ["0.6", "0.61", "0.62", "0.63"] {
        let same_as = if code == "0.6" { "" } else { "0.6" };
        let want = format!("\n{code},unsettled,,,,,,300,15,278,14,53,300,{same_as},");
        assert!(read(&csv).contains(&want), "{want}");
    }
    edit(
        &csv,
        "\n0.62,unsettled,,,,,,300,15,278,14,53,",
        "\n0.62,unsettled,,,,,,300,15,278,14,52,",
    );
    redigest(&p.join("w"));
    let want = "w/census.csv: line 61, code 0.62: field rare_count is 52, but 0.6 of its family (one nim-sequence, also unsettled) has 53";
    one_line_error(&merge(p, &["w"]), want);
    one_line_error(&run(p, &["verify", "w", "--quick"]), want);
    assert!(!p.join("m").exists());
}

/// Every committed census row of a code that a published table solves has
/// exactly the published period and pre-period, or is not settled; none
/// differs (Czajka's SolvedGames.md; the OEIS entries of four-digit codes).
/// In the four-digit census, deepened for them (`--published-budget`),
/// all 32 are settled: 0.1777 with Flammenkamp's period 60,620,715 from
/// n = 160,949,018 (OEIS A071509) and 0.1077 with period 10,015,179 from
/// n = 193,235,615 (OEIS A071454).
#[test]
fn committed_censuses_agree_with_the_published_periods() {
    use grundy::dataset::census::read_csv;
    use grundy::report::census_published::{agreement, Agreement, PUBLISHED_PERIODS};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (dir, want_agree) in [("data/octal/census", 10), ("data/octal/census-4", 32)] {
        let path = root.join(dir).join("census.csv");
        let lines = read_csv(&path).unwrap();
        let mut agree = 0;
        for &(code, period, pre, source) in PUBLISHED_PERIODS {
            let Some(l) = lines.iter().find(|l| l.code == code) else {
                continue;
            };
            let a = agreement(l, period, pre);
            assert_ne!(a, Agreement::Differs, "{dir}: {code} against {source}");
            agree += usize::from(a == Agreement::Agrees);
        }
        assert!(agree >= want_agree, "{dir}: {agree} rows agree");
    }
    // The two with pre-periods past 10^8, every column but the timing:
    // proved from the values to n = 469,762,048, the published budget's cap.
    let csv = std::fs::read_to_string(root.join("data/octal/census-4/census.csv")).unwrap();
    for want in [
        "0.1077,periodic,193235615,10015179,,193235615,396486413,469762048,41,33671801,,,,,",
        "0.1777,periodic,160949018,60620715,,160949018,382518755,469762048,41,14456116,,,,0.1776,",
    ] {
        assert!(csv.contains(&format!("\n{want}")), "{want}");
    }
}
