//! Every headline number README.md states agrees with the dataset and the
//! report it comes from.
//!
//! Each number is read out of README's own text (a table row by its label,
//! or the number after a phrase) and compared with the committed file that
//! holds it (`data/**/summary.json`, CSV rows, `reports/*.md`). A number
//! README no longer states, or states differently, fails the test: edit
//! README and this test together.

use serde_json::Value;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn json(path: &str) -> Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The JSON number at `field` of `v` (from `path`).
fn field(v: &Value, path: &str, field: &str) -> u64 {
    v[field]
        .as_u64()
        .unwrap_or_else(|| panic!("{path}: no number at {field}"))
}

/// Every number in `text`: runs of digits with thousands separators
/// (`1,470,896,498`), a comma followed by a space ending a number.
fn numbers(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let sep = c == ','
            && !cur.is_empty()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && chars.get(i + 4).is_none_or(|d| !d.is_ascii_digit());
        if c.is_ascii_digit() {
            cur.push(c);
        } else if !sep && !cur.is_empty() {
            out.push(cur.parse().unwrap());
            cur.clear();
        }
    }
    if !cur.is_empty() {
        out.push(cur.parse().unwrap());
    }
    out
}

/// The value cell of the table row `| label | value |` in `text`.
fn row<'a>(text: &'a str, label: &str, what: &str) -> &'a str {
    let start = format!("| {label} | ");
    text.lines()
        .find_map(|l| l.strip_prefix(start.as_str()))
        .map(|rest| rest.trim_end().trim_end_matches('|').trim())
        .unwrap_or_else(|| panic!("{what} has no row `{label}`"))
}

/// The numbers of a table row of `text`.
fn row_numbers(text: &str, label: &str, what: &str) -> Vec<u64> {
    let n = numbers(row(text, label, what));
    assert!(!n.is_empty(), "{what}: row `{label}` holds no number");
    n
}

/// The first number after `phrase` in `text`.
fn after(text: &str, phrase: &str, what: &str) -> u64 {
    let i = text
        .find(phrase)
        .unwrap_or_else(|| panic!("{what} does not say {phrase:?}"));
    *numbers(&text[i + phrase.len()..])
        .first()
        .unwrap_or_else(|| panic!("{what}: no number after {phrase:?}"))
}

/// README's text from `from` up to `to` (a section of it).
fn section<'a>(readme: &'a str, from: &str, to: &str) -> &'a str {
    let i = readme
        .find(from)
        .unwrap_or_else(|| panic!("README has no {from:?}"));
    let rest = &readme[i..];
    &rest[..rest.find(to).unwrap_or(rest.len())]
}

#[test]
fn the_parser_reads_separators_and_lists() {
    assert_eq!(numbers("1,470,896,498"), vec![1_470_896_498]);
    assert_eq!(
        numbers("3, with 4,900, 4,900 and 3,724"),
        vec![3, 4900, 4900, 3724]
    );
    assert_eq!(numbers("150 (588)"), vec![150, 588]);
    assert_eq!(numbers("\\*2: wins"), vec![2]);
    assert_eq!(numbers("2^20"), vec![2, 20]);
}

#[test]
fn monorail_t16_numbers_match_the_dataset_and_report() {
    let readme = read("README.md");
    let t = section(&readme, "**Monorail, T = 16**", "**Monorail, T = 20**");
    let w = "README (T = 16)";
    let s = json("data/monorail/summary.json");
    let sp = "data/monorail/summary.json";
    let report = read("reports/monorail.md");
    let r = "reports/monorail.md";
    let loops = row_numbers(t, "loops through the station with at most 16 tiles", w);
    assert_eq!(loops, vec![field(&s, sp, "loops")]);
    assert_eq!(
        loops,
        row_numbers(&report, "loops through the station with at most T tiles", r)
    );
    let nimber = row(t, "nimber of the start position", w);
    assert_eq!(numbers(nimber), vec![field(&s, sp, "start_nimber")]);
    assert!(nimber.contains("the first player wins"));
    assert_eq!(s["first_player_wins"], true);
    assert_eq!(
        numbers(row(&report, "nimber of the start position", r)),
        numbers(nimber)
    );
    let first = row_numbers(t, "legal first moves up to symmetry (raw)", w);
    assert_eq!(
        first,
        vec![
            field(&s, sp, "first_moves"),
            field(&s, sp, "first_moves_raw")
        ]
    );
    assert_eq!(
        first,
        row_numbers(&report, "legal first moves, up to symmetry (raw)", r)
    );
    assert_eq!(
        row_numbers(t, "remoteness of the start (moves with perfect play)", w),
        row_numbers(
            &report,
            "remoteness of the start: moves with perfect play (fastest win, slowest loss)",
            r
        )
    );
    let wins = row_numbers(t, "winning first moves up to symmetry", w);
    assert_eq!(wins, vec![field(&s, sp, "winning_first_moves")]);
    assert_eq!(
        wins,
        row_numbers(&report, "winning first moves, up to symmetry", r)
    );
    let label = "position classes solved (up to the station's 4 symmetries)";
    let classes = row_numbers(t, label, w);
    assert_eq!(classes, vec![field(&s, sp, "positions_solved")]);
    assert_eq!(classes, row_numbers(&report, label, r));
    let raw = row_numbers(t, "positions reachable from the start (raw)", w);
    assert_eq!(raw, vec![field(&s, sp, "positions_reachable")]);
    assert_eq!(
        raw,
        row_numbers(&report, "positions reachable from the start (raw)", r)
    );
    // 3 single-loop endgames with their reachable positions.
    let endgames = s["forced_loop_endgames"].as_array().unwrap();
    let mut expected = vec![endgames.len() as u64];
    expected.extend(endgames.iter().map(|e| field(e, sp, "reachable_positions")));
    assert_eq!(
        row_numbers(t, "winning first moves leaving a single loop", w),
        expected
    );
    assert_eq!(
        row_numbers(&report, "winning first moves that leave one loop", r),
        vec![endgames.len() as u64]
    );
    // 49 subgame classes, nimbers *0 to *8.
    let subgames = read("data/monorail/subgames.csv");
    let nimbers: Vec<u64> = subgames
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(
        row_numbers(t, "distinct endgame subgame classes", w),
        vec![
            nimbers.len() as u64,
            *nimbers.iter().min().unwrap(),
            *nimbers.iter().max().unwrap()
        ]
    );
    assert_eq!(
        row_numbers(&report, "distinct subgame classes in those endgames", r),
        vec![nimbers.len() as u64]
    );
    // T = 18: the second player wins, with this many classes.
    let scaling = read("reports/monorail-scaling.md");
    let t18: Vec<&str> = scaling
        .lines()
        .find(|l| l.starts_with("| 18 |"))
        .expect("reports/monorail-scaling.md has a T = 18 row")
        .split('|')
        .map(str::trim)
        .collect();
    let claim = section(&readme, "With 18 tiles", "\n\n");
    assert!(claim.contains("the *second* player wins"), "{claim}");
    assert_eq!(t18[6], "loses");
    assert_eq!(after(claim, "(nimber \\*", "README (T = 18)"), 0);
    assert_eq!(t18[5], "0");
    assert_eq!(
        after(claim, "nimber \\*0; ", "README (T = 18)"),
        t18[3].parse::<u64>().unwrap()
    );
}

#[test]
fn monorail_t20_numbers_match_the_dataset_and_report() {
    let readme = read("README.md");
    let t = section(&readme, "**Monorail, T = 20**", "**Season 4");
    let w = "README (T = 20)";
    let sp = "data/monorail-t20/summary.json";
    let s = json(sp);
    let report = read("reports/monorail-t20.md");
    let r = "reports/monorail-t20.md";
    let loops = row_numbers(t, "loops through the station with at most 20 tiles", w);
    assert_eq!(loops, vec![field(&s, sp, "loops")]);
    assert_eq!(
        loops,
        row_numbers(&report, "loops through the station with at most T tiles", r)
    );
    assert_eq!(
        row_numbers(t, "nimber of the start position", w),
        vec![field(&s, sp, "start_nimber")]
    );
    let first = row_numbers(t, "legal first moves up to symmetry (raw)", w);
    assert_eq!(
        first,
        vec![
            field(&s, sp, "first_moves"),
            field(&s, sp, "first_moves_raw")
        ]
    );
    assert_eq!(
        first,
        row_numbers(&report, "legal first moves, up to symmetry (raw)", r)
    );
    // One winning move, named: its row of first_moves.csv has nimber 0.
    let wins = row(t, "winning first moves up to symmetry", w);
    assert_eq!(numbers(wins)[0], field(&s, sp, "winning_first_moves"));
    let mv = wins
        .split('`')
        .nth(1)
        .expect("the winning move in backticks");
    let csv = read("data/monorail-t20/first_moves.csv");
    let line = csv
        .lines()
        .find(|l| l.starts_with(&format!("\"{mv}\",")))
        .unwrap_or_else(|| panic!("{mv} is not a row of first_moves.csv"));
    let cols: Vec<&str> = line.rsplitn(6, ',').collect();
    // move,nimber,outcome,loops_left,reachable_positions,class_size
    assert_eq!(cols[4], "0", "{line}");
    let label = "position classes solved (up to the station's 4 symmetries)";
    let classes = row_numbers(t, label, w);
    assert_eq!(classes, vec![field(&s, sp, "positions_solved")]);
    assert_eq!(classes, row_numbers(&report, label, r));
    let raw = row_numbers(t, "positions reachable from the start (raw)", w);
    assert_eq!(raw, vec![field(&s, sp, "positions_reachable")]);
    assert_eq!(
        raw,
        row_numbers(&report, "positions reachable from the start (raw)", r)
    );
    let leaves = row_numbers(t, "the one winning move leaves", w);
    assert_eq!(
        leaves,
        vec![
            cols[2].parse::<u64>().unwrap(),
            cols[1].parse::<u64>().unwrap()
        ]
    );
    assert_eq!(after(&report, "- loops still completable: ", r), leaves[0]);
    assert_eq!(
        after(&report, "- positions reachable after it (raw): ", r),
        leaves[1]
    );
    // The start's remoteness (in the report only: the remoteness table is
    // regenerated, not committed); odd, as an N-position's is.
    let remoteness = row_numbers(t, "remoteness of the start", w);
    let label = "remoteness of the start: moves with perfect play (fastest win, slowest loss)";
    assert_eq!(remoteness, row_numbers(&report, label, r));
    assert_eq!(remoteness, vec![17]);
}

#[test]
fn season4_numbers_match_the_datasets() {
    let readme = read("README.md");
    let t = section(&readme, "**Season 4", "**Octal games**");
    let w = "README (Season 4)";
    let ep = "data/monorail-season4/empty/summary.json";
    let e = json(ep);
    let tp = "data/monorail-season4/televised/summary.json";
    let tv = json(tp);
    assert_eq!(after(t, "):\n", w), field(&e, ep, "loops"));
    assert_eq!(
        after(t, "the empty board is \\*", w),
        field(&e, ep, "nimber")
    );
    assert_eq!(after(t, "\\*16, ", w), field(&e, ep, "winning_moves"));
    assert_eq!(after(t, " of ", w), field(&e, ep, "moves"));
    assert_eq!(after(t, "leaves \\*", w), field(&tv, tp, "nimber"));
    assert_eq!(after(t, "with ", w), field(&tv, tp, "moves"));
    assert_eq!(after(t, "replies, ", w), field(&tv, tp, "winning_moves"));
}

#[test]
fn octal_and_census_numbers_match_the_datasets_and_reports() {
    let readme = read("README.md");
    let t = section(&readme, "**Octal games**", "**Misère play** ([`reports");
    let w = "README (octal)";
    for (name, code) in [
        ("Kayles has period ", "0.77"),
        ("Dawson's Chess period ", "0.137"),
        ("Dawson's Kayles period ", "0.07"),
    ] {
        let p = format!("data/octal/{code}/summary.json");
        let s = json(&p);
        assert_eq!(s["proved"], true, "{p}");
        assert_eq!(after(t, name, w), field(&s, &p, "period"), "{code}");
        let i = t.find(name).unwrap() + name.len();
        assert_eq!(
            after(&t[i..], "from ", w),
            field(&s, &p, "pre_period"),
            "{code}"
        );
    }
    for (phrase, dir, report) in [
        (
            "of 1,024 codes",
            "data/octal/census",
            "reports/octal-census.md",
        ),
        (
            "of 8,192 codes",
            "data/octal/census-4",
            "reports/octal-census-4.md",
        ),
    ] {
        let p = format!("{dir}/summary.json");
        let s = json(&p);
        let counts = &s["counts"];
        let i = t
            .find(phrase)
            .unwrap_or_else(|| panic!("README does not say {phrase:?}"));
        let stated = numbers(&t[i..]);
        let (codes, periodic, unsettled) = (stated[0], stated[1], stated[2]);
        assert_eq!(codes, field(&s, &p, "codes"), "{phrase}");
        assert_eq!(periodic, field(counts, &p, "periodic"), "{phrase}");
        assert_eq!(unsettled, field(counts, &p, "unsettled"), "{phrase}");
        assert_eq!(field(counts, &p, "arithmetic"), 0);
        let md = read(report);
        let periodic_row = row_numbers(
            &md,
            "periodic, proved (Octal Periodicity Theorem, Guy and Smith 1956)",
            report,
        );
        assert_eq!(periodic_row, vec![periodic], "{report}");
        let unsettled_row = md
            .lines()
            .find(|l| l.starts_with("| not settled up to n = "))
            .unwrap_or_else(|| panic!("{report} has no unsettled row"));
        assert_eq!(numbers(unsettled_row).last(), Some(&unsettled), "{report}");
    }
    // The three-digit census goes past n = 2^20.
    let s = json("data/octal/census/summary.json");
    let power: u32 = after(t, "unsettled past n = 2^", w).try_into().unwrap();
    assert_eq!(1u64 << power, field(&s, "census", "max_n"));
}

#[test]
fn misere_numbers_match_the_datasets_and_report() {
    let readme = read("README.md");
    let t = section(&readme, "**Misère play** ([`reports/misere.md`]", "## ");
    let w = "README (misère)";
    let kp = "data/misere/0.77/quotient.json";
    let k = json(kp);
    assert_eq!(after(t, "Q_", w), field(&k, kp, "max_heap"));
    assert_eq!(after(t, "Q_180 has ", w), field(&k, kp, "order"));
    assert_eq!(after(t, "|P| = ", w), field(&k, kp, "p_portion_size"));
    assert!(t.contains("proved to be the whole\ngame's"));
    assert_eq!(k["whole_game_proved"], true);
    let dp = "data/misere/0.07/quotient.json";
    let d = json(dp);
    assert_eq!(
        after(t, "Dawson's Kayles' Q_", w),
        field(&d, dp, "max_heap")
    );
    assert_eq!(after(t, "Q_30 has ", w), field(&d, dp, "order"));
    let report = read("reports/misere.md");
    assert_eq!(after(&report, "`Q_180` has **", "reports/misere.md"), 40);
    assert_eq!(
        after(&report, "`Q_30` has **", "reports/misere.md"),
        field(&d, dp, "order")
    );
    assert_eq!(
        after(&report, "`Q_180` has **", "reports/misere.md"),
        field(&k, kp, "order")
    );
}

/// README's two commands are the ones CI (`.ci/run`) runs: the tests as
/// written, and the main job (CI runs the built binary's `reproduce`).
#[test]
fn readme_gives_the_two_commands_ci_runs() {
    let readme = read("README.md");
    let two = section(&readme, "## The two commands", "\n## ");
    let block = two.split("```sh\n").nth(1).expect("a sh block");
    let commands: Vec<&str> = block
        .lines()
        .take_while(|l| !l.starts_with("```"))
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    assert_eq!(
        commands,
        vec!["cargo run --release -- reproduce", "cargo test --release"]
    );
    let ci = read(".ci/run");
    assert!(ci.lines().any(|l| l == "cargo test --release"), "{ci}");
    assert!(ci.contains("(README: cargo run --release -- reproduce)"));
    assert!(ci.contains("./target/release/grundy reproduce"));
}

#[test]
fn cram_certificate_numbers_match_the_dataset() {
    let readme = read("README.md");
    let facts = after(&readme, "`--certificate FILE`; 5x7: ", "README (Cram)");
    let csv = read("data/cram/certificates.csv");
    let row = csv
        .lines()
        .find(|l| l.starts_with("5,7,"))
        .expect("data/cram/certificates.csv has no 5 x 7 row");
    let f: Vec<&str> = row.split(',').collect();
    let (is, is_not): (u64, u64) = (f[4].parse().unwrap(), f[5].parse().unwrap());
    assert_eq!(
        facts,
        is + is_not,
        "README against data/cram/certificates.csv"
    );
}
