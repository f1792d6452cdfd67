//! Octal games: values from the literature, the fast engine against the
//! naive reference on random codes, the generic core on heap positions,
//! periodicity proofs, the published Dawson's Chess claim, checkpoint
//! resume after a real interrupt, and the command line.

use grundy::games::octal::engine::naive;
use grundy::games::octal::theory::claim::{check, Claim, Failure};
use grundy::games::octal::theory::period::proved_period;
use grundy::games::octal::{Computation, Engine, HeapGame, OctalCode, Values};
use grundy::impartial::{Convention, MemoSolver, Outcome, OutcomeSolver};
use grundy::progress::NoProgress;

use crate::common::{assert_same_files, grundy, one_line_error};
use std::process::{Command, Output};

/// OEIS A002186, Kayles (0.77), n = 0..104.
const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187, Dawson's Chess (0.137), n = 0..119.
const A002187: [u32; 120] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
];

/// OEIS A046695, octal game 0.6 (Couples-are-Forever), n = 0..101.
const A046695: [u32; 102] = [
    0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5, 1, 2, 0, 1,
    2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3, 4, 5, 6, 2, 5, 1, 2, 3, 1, 2, 3, 4,
    2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4,
    2, 3, 0, 2, 3, 4,
];

fn code(s: &str) -> OctalCode {
    s.parse().unwrap()
}

fn fast(c: &OctalCode, len: usize) -> Values {
    let mut comp = Computation::new(c.clone(), Engine::Sparse);
    assert!(comp.extend_to(len, &NoProgress));
    comp.into_values()
}

#[test]
fn literature_values() {
    for engine in [Engine::Naive, Engine::Sparse] {
        for (c, want) in [
            ("0.77", &A002186[..]),
            ("0.137", &A002187[..]),
            ("0.6", &A046695[..]),
        ] {
            let mut comp = Computation::new(code(c), engine);
            comp.extend_to(want.len(), &NoProgress);
            assert_eq!(comp.values().to_u32s(), want, "{c} {engine:?}");
        }
        // Dawson's Kayles 0.07 is Dawson's Chess shifted by one (A002187).
        let mut comp = Computation::new(code("0.07"), engine);
        comp.extend_to(121, &NoProgress);
        assert_eq!(&comp.values().to_u32s()[1..], &A002187[..]);
    }
}

#[test]
fn periods_from_the_literature_are_proved() {
    // Kayles: period 12 from 71 (OEIS A002186); Dawson's Chess: period 34,
    // last exception 51 (OEIS A002187).
    let p = proved_period(&code("0.77"), &fast(&code("0.77"), 1000)).unwrap();
    assert_eq!((p.pre_period, p.period), (71, 12));
    let p = proved_period(&code("0.137"), &fast(&code("0.137"), 1000)).unwrap();
    assert_eq!((p.pre_period, p.period), (52, 34));
    // 0.6 is not known to be periodic; none is proved from 20,000 values.
    assert_eq!(
        proved_period(&code("0.6"), &fast(&code("0.6"), 20_000)),
        None
    );
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn random_code(rng: &mut Rng) -> OctalCode {
    let digits = 1 + rng.next() % 5;
    let mut s = String::from(if rng.next() % 6 == 0 { "4." } else { "0." });
    for _ in 0..digits {
        s.push(char::from(b'0' + (rng.next() % 8) as u8));
    }
    s.parse().unwrap()
}

#[test]
fn sparse_equals_naive_on_random_codes() {
    let mut rng = Rng(2026);
    let mut tried = 0;
    while tried < 300 {
        let c = random_code(&mut rng);
        let n = if tried % 10 == 0 { 5000 } else { 1200 };
        let want = naive::sequence(&c, n);
        assert_eq!(fast(&c, n + 1).to_u32s(), want, "code {c}");
        tried += 1;
    }
}

#[test]
fn hexadecimal_codes_match_naive() {
    for c in ["hex:0.8", "hex:0.F", "hex:0.48", "hex:8.0", "hex:0.0C"] {
        let c = code(c);
        assert_eq!(fast(&c, 301).to_u32s(), naive::sequence(&c, 300), "{c}");
    }
}

#[test]
fn generic_core_agrees_on_sums_of_heaps() {
    // A multi-heap position of the library's HeapGame: its nimber by the
    // core's memo solver (through the components hook) is the nim-sum of
    // the naive engine's heap values, and the outcome search, which keeps
    // each position whole (no decomposition), finds a P-position exactly
    // when that nim-sum is 0.
    for c in ["0.77", "0.137", "4.07", "0.6"] {
        let c = code(c);
        let g = naive::sequence(&c, 14);
        let mut solver = MemoSolver::new();
        let mut whole = OutcomeSolver::new(Convention::Normal);
        let mut zeros = 0;
        for heaps in [
            vec![3, 5],
            vec![1, 2, 7],
            vec![4, 4, 6],
            vec![14],
            vec![2, 3, 5, 6],
            vec![6, 6],
            vec![1, 4, 5],
        ] {
            let want = heaps.iter().fold(0, |x, &h| x ^ g[h]);
            let game = HeapGame::new(c.clone(), heaps.clone());
            assert_eq!(solver.nimber(&game).value(), want, "{c} {heaps:?}");
            let p = whole.outcome(&game) == Outcome::P;
            assert_eq!(p, want == 0, "{c} {heaps:?}");
            zeros += usize::from(p);
        }
        assert!(zeros > 0, "{c}: no P-position among the sums");
    }
}

#[test]
fn the_published_dawsons_chess_claim() {
    // "Eventually periodic of 34 ... values for n ≡ 0..33 mod 34: 8 1 1 2 0
    // 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 0 1 1 3 0 2 1 1 0 4 5 3 7 4, with the sole
    // exceptions g(0) = g(14) = g(34) = 0 and g(16) = g(17) = g(51) = 2."
    let values = "8 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 0 1 1 3 0 2 1 1 0 4 5 3 7 4";
    let claim = Claim::parse(34, values, "0:0,14:0,34:0,16:2,17:2,51:2").unwrap();
    let mut comp = Computation::new(code("0.137"), Engine::Sparse);
    let v = check(&claim, &mut comp, 1 << 20, &NoProgress)
        .unwrap()
        .unwrap();
    // It omits the exception g(31) = 2 (OEIS A002187 lists n = 31).
    assert!(!v.holds);
    assert_eq!(
        v.first_failure,
        Some(Failure {
            n: 31,
            claimed: 3,
            actual: 2
        })
    );
    let fixed = Claim::parse(34, values, "0:0,14:0,34:0,16:2,17:2,51:2,31:2").unwrap();
    let v = check(&fixed, &mut comp, 1 << 20, &NoProgress)
        .unwrap()
        .unwrap();
    assert!(v.holds);
    assert_eq!((v.pre_period, v.proof_end, v.checked_to), (52, 141, 174));
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn cli_json_outputs() {
    let d = tempfile::tempdir().unwrap();
    let p: serde_json::Value = serde_json::from_str(&stdout(&grundy(
        &["octal", "period", "kayles", "--json"],
        d.path(),
    )))
    .unwrap();
    assert_eq!(p["period"], 12);
    assert_eq!(p["pre_period"], 71);
    assert_eq!(p["proved"], true);
    assert_eq!(p["checked_to"], 167);
    let args = [
        "octal",
        "check",
        "0.137",
        "--period",
        "34",
        "--values",
        "8 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 9 3 3 0 1 1 3 0 2 1 1 0 4 5 3 7 4",
        "--exceptions",
        "0:0,14:0,34:0,16:2,17:2,51:2",
        "--json",
    ];
    // A refuted claim: its JSON, and exit code 1.
    let o = grundy(&args, d.path());
    assert_eq!(o.status.code(), Some(1));
    let c: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(c["holds"], false);
    assert_eq!(c["first_failure"]["n"], 31);
    assert_eq!(c["first_failure"]["claimed"], 3);
    assert_eq!(c["first_failure"]["actual"], 2);
    // Circular Kayles: a second-player win for every ring of 3 or more.
    let r: serde_json::Value = serde_json::from_str(&stdout(&grundy(
        &["octal", "ring", "0.77", "--max-n", "40", "--json"],
        d.path(),
    )))
    .unwrap();
    let wins = |j: &serde_json::Value| -> Vec<u64> {
        j["rows"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["first_player_wins"] == true)
            .map(|r| r["n"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(wins(&r), [1, 2]);
    // n-gon: first player wins iff G_0.137(n − 3) = 0 (zeros of A002187).
    let g: serde_json::Value = serde_json::from_str(&stdout(&grundy(
        &["ngon", "--max-n", "40", "--json"],
        d.path(),
    )))
    .unwrap();
    assert_eq!(wins(&g), [3, 7, 11, 17, 23, 27, 31, 37]);
}

#[test]
fn cli_bad_input() {
    let d = tempfile::tempdir().unwrap();
    for (args, needle) in [
        (
            vec!["octal", "seq", "0.G", "--max-n", "5"],
            "malformed code \"0.G\"",
        ),
        (
            vec!["octal", "seq", "abc", "--max-n", "5"],
            "malformed code",
        ),
        (vec!["octal", "period", ""], "the code is empty"),
        (
            vec!["octal", "check", "0.77", "--period", "3", "--values", "1 2"],
            "invalid claim",
        ),
        (vec!["ngon", "--max-n", "2"], "out of range"),
    ] {
        one_line_error(&grundy(&args, d.path()), needle);
    }
    let long = format!("0.{}", "7".repeat(65));
    let o = grundy(&["octal", "seq", &long, "--max-n", "5"], d.path());
    assert_eq!(o.status.code(), Some(2));
    // A corrupt checkpoint is refused, not trusted.
    std::fs::write(d.path().join("ck"), b"garbage").unwrap();
    let o = grundy(
        &[
            "octal",
            "seq",
            "0.77",
            "--max-n",
            "50",
            "--checkpoint",
            "ck",
        ],
        d.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("corrupt dataset"));
}

#[test]
fn checkpoint_survives_an_interrupt() {
    let d = tempfile::tempdir().unwrap();
    let max_n = "150000";
    let whole = stdout(&grundy(
        &["octal", "seq", "0.007", "--max-n", max_n],
        d.path(),
    ));
    let resume = [
        "octal",
        "seq",
        "0.007",
        "--max-n",
        max_n,
        "--checkpoint",
        "ck.bin.zst",
    ];
    // Start, interrupt with SIGINT part way, resume.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(resume)
        .current_dir(d.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(400));
    let _ = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    // Error::Interrupted, which main maps to exit code 130.
    assert_eq!(status.code(), Some(130), "interrupted, progress saved");
    let saved = grundy::dataset::octal::read_sequence(&d.path().join("ck.bin.zst")).unwrap();
    assert!(!saved.1.is_empty() && saved.1.len() < 150_001);
    let resumed = stdout(&grundy(&resume, d.path()));
    assert_eq!(resumed, whole);
    // A smaller run first, then a larger one extending its checkpoint.
    let _ = std::fs::remove_file(d.path().join("ck2"));
    stdout(&grundy(
        &[
            "octal",
            "seq",
            "0.6",
            "--max-n",
            "3000",
            "--checkpoint",
            "ck2",
        ],
        d.path(),
    ));
    let ext = stdout(&grundy(
        &[
            "octal",
            "seq",
            "0.6",
            "--max-n",
            "9000",
            "--checkpoint",
            "ck2",
        ],
        d.path(),
    ));
    let direct = stdout(&grundy(
        &["octal", "seq", "0.6", "--max-n", "9000"],
        d.path(),
    ));
    assert_eq!(ext, direct);
}

/// Also Officers past the heap sizes from which two threads compute two
/// heaps at a time (`games::octal::engine::paired`), and past its values' growth
/// beyond one byte.
#[test]
fn datasets_are_identical_for_any_thread_count() {
    let d = tempfile::tempdir().unwrap();
    for (code, max_n) in [("0.007", "20000"), ("0.6", "100000")] {
        for t in ["1", "2"] {
            let out = format!("{code}-{t}");
            stdout(&grundy(
                &[
                    "--threads",
                    t,
                    "octal",
                    "seq",
                    code,
                    "--max-n",
                    max_n,
                    "--out",
                    &out,
                ],
                d.path(),
            ));
        }
    }
    let files = [
        "sequence.csv",
        "sequence.bin.zst",
        "b-file.txt",
        "table.tex",
        "summary.json",
    ];
    for code in ["0.007", "0.6"] {
        let dir = |t: &str| d.path().join(format!("{code}-{t}"));
        assert_same_files(&dir("1"), &dir("2"), &files);
    }
    let (c, v) =
        grundy::dataset::octal::read_sequence(&d.path().join("0.007-1/sequence.bin.zst")).unwrap();
    assert_eq!(c, "0.007");
    assert_eq!(v.len(), 20001);
}

/// A proved period extends a sequence: `octal seq dawsons-chess` to
/// n = 20,000 computes only the values of its proof (period 34 from 52,
/// OEIS A002187) and prints the rest from the period, exactly what the
/// naive engine computes value by value; its `--out` dataset (streamed
/// from the period) is what computing every value writes, and verifies.
#[test]
fn a_proved_period_extends_the_sequence() {
    let d = tempfile::tempdir().unwrap();
    let fast = grundy(&["octal", "seq", "0.137", "--max-n", "20000"], d.path());
    let naive = grundy(
        &[
            "octal", "seq", "0.137", "--max-n", "20000", "--engine", "naive",
        ],
        d.path(),
    );
    assert!(fast.status.success() && naive.status.success());
    assert_eq!(stdout(&fast), stdout(&naive));
    assert!(stdout(&fast).ends_with("\n19999,1\n20000,0\n"));
    for (dir, engine) in [("ext", "sparse"), ("all", "naive")] {
        let o = grundy(
            &[
                "octal", "seq", "0.137", "--max-n", "20000", "--engine", engine, "--out", dir,
            ],
            d.path(),
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    for f in [
        "sequence.csv",
        "sequence.bin.zst",
        "b-file.txt",
        "table.tex",
    ] {
        assert_eq!(
            std::fs::read(d.path().join("ext").join(f)).unwrap(),
            std::fs::read(d.path().join("all").join(f)).unwrap(),
            "{f}"
        );
    }
    let v = grundy(&["octal", "verify", "ext"], d.path());
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
}

/// `octal period` prints its proof as a claim that `octal check` and
/// `octal check-table` accept and prove again (Dawson's Chess: exceptions
/// at 0, 14, 16, 17, 31, 34 and 51, OEIS A002187).
#[test]
fn the_printed_claim_is_checked_again() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["octal", "period", "dawsons-chess", "--json"], d.path());
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let ex: Vec<u64> = j["claim"]["exceptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e[0].as_u64().unwrap())
        .collect();
    assert_eq!(ex, [0, 14, 16, 17, 31, 34, 51]);
    let check = j["check"].as_str().unwrap();
    let values = check.split('"').nth(1).unwrap();
    let exceptions = check.split('"').nth(3).unwrap();
    let c = grundy(
        &[
            "octal",
            "check",
            "0.137",
            "--period",
            "34",
            "--values",
            values,
            "--exceptions",
            exceptions,
        ],
        d.path(),
    );
    assert!(stdout(&c).contains("holds for all n (proved)"));
    let row = j["check_table_row"].as_str().unwrap();
    std::fs::write(
        d.path().join("t.csv"),
        format!("code,pre_period,period\n{row}\n"),
    )
    .unwrap();
    let t = grundy(&["octal", "check-table", "t.csv"], d.path());
    assert!(stdout(&t).contains("1 proved"));
}

/// A proved period whose claim would run to hundreds of thousands of
/// numbers (0.16: period 149,459 from n = 105,351; Gangolli and Plambeck
/// 1989) is reported without the claim, with its check-table row: the
/// claim of 0.1777 (60,620,715 values, up to 160,949,018 exceptions) once
/// grew a run past 24 GiB.
#[test]
fn a_long_claim_is_left_out_with_its_row() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["octal", "period", "0.16", "--json"], d.path());
    let j: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(j["period"], 149_459);
    assert_eq!(j["pre_period"], 105_351);
    assert!(j["claim"].is_null() && j["check"].is_null(), "{j}");
    assert_eq!(j["check_table_row"], "0.16,105351,149459");
    let o = grundy(&["octal", "period", "0.16"], d.path());
    let text = stdout(&o);
    assert!(
        text.contains("too long to print") && text.contains("0.16,105351,149459"),
        "{text}"
    );
    assert!(text.len() < 2000, "{}", text.len());
}

/// Grundy's game (`grundys-game`, CGSuite's `4!.0`) to n = 2^21, then its
/// sparse space profiled from the sequence file: at the first 2^21 values
/// it is what T. Czajka's table of unsolved games gives (octal-games,
/// UnsolvedGames.md): mask 0xfe, 1,274 rare values counting G(0), the last
/// at n = 82,860, largest value 231 first at n = 763,622.
#[test]
fn grundys_game_sparse_space_as_published() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "octal",
            "seq",
            "grundys-game",
            "--max-n",
            "2097151",
            "--checkpoint",
            "g.bin.zst",
            "--summary",
            "--quiet",
        ],
        d.path(),
    );
    assert!(stdout(&o).contains("largest value 231"));
    let s = grundy(&["octal", "sparse", "g.bin.zst", "--out", "sp"], d.path());
    assert_eq!(
        stdout(&s),
        "4!.0: G(0..=2097151); largest value 231 (first at n = 763622); 1273 rare values under mask 0xfe (n >= 1), the last at n = 82860.\n"
    );
    let rare = std::fs::read_to_string(d.path().join("sp/rare.csv")).unwrap();
    assert_eq!(rare.lines().count(), 1 + 1273);
    assert!(rare.ends_with("\n82860,108\n"));
    // A corrupt file is refused with a one-line error.
    std::fs::write(d.path().join("bad.bin.zst"), b"not a sequence").unwrap();
    one_line_error(
        &grundy(&["octal", "sparse", "bad.bin.zst"], d.path()),
        "bad.bin.zst",
    );
}

/// Rings and n-gons past a proved period read it: every row equals the
/// one computed from every value (Dawson's Chess, period 34 proved at
/// n = 174; Kayles; 0.6, which has no period in reach), and the n-gon's
/// first-player wins keep the period of A002187's zeros far past the proof.
#[test]
fn rings_past_a_proof_read_the_period() {
    use grundy::games::octal::theory::ring::{ngon_nimber, ring_value};
    use grundy::games::octal::Extended;
    use grundy::jobs::octal_queries::{ngon, ring};
    for code in ["0.137", "0.77", "0.6"] {
        let c: OctalCode = code.parse().unwrap();
        let mut full = Computation::new(c.clone(), Engine::Sparse);
        full.extend_to(3000, &NoProgress);
        let all = Extended::plain(full.values());
        let table = ring(&c, 3000, false, &NoProgress).unwrap();
        let rows: Vec<(usize, u32)> = table.rows().collect();
        assert_eq!(rows.len(), 3000);
        for &(n, v) in &rows {
            assert_eq!(v, ring_value(&c, &all, n), "{code} ring of {n}");
        }
    }
    let mut dawson = Computation::new("0.137".parse().unwrap(), Engine::Sparse);
    dawson.extend_to(3000, &NoProgress);
    let all = Extended::plain(dawson.values());
    let rows: Vec<(usize, u32)> = ngon(1_000_000, &NoProgress).unwrap().rows().collect();
    for &(n, v) in &rows[..2990] {
        assert_eq!(v, ngon_nimber(&all, n), "{n}-gon");
    }
    // G(n) = G(n − 34) from n = 52, so the n-gon does too from n = 55.
    for &(n, v) in &rows[2990..] {
        assert_eq!(v, ngon_nimber(&all, 55 + (n - 55) % 34), "{n}-gon");
    }
}
