//! `sum --misere` by misère quotients: every method against the search on
//! random sums (one game and mixed), the cache (a damaged or edited file is
//! recomputed, never trusted), the whole game's quotient for heaps of any
//! size, and the runaways refused with a figure.

use crate::common::{grundy, grundy_env, one_line_error};
use grundy::dataset::misere_cache;
use grundy::games::misere::Outcome;
use grundy::jobs::misere::{
    sum, MisereSum, MisereSumJob, METHOD_MIXED, METHOD_PARTIAL, METHOD_SEARCH, METHOD_WHOLE,
};
use grundy::progress::NoProgress;
use std::path::Path;

fn quotient_job<'a>(text: &'a str, cache: Option<&'a Path>) -> MisereSumJob<'a> {
    MisereSumJob {
        quotient_only: true,
        ..job(text, cache)
    }
}

fn job<'a>(text: &'a str, cache: Option<&'a Path>) -> MisereSumJob<'a> {
    MisereSumJob {
        text,
        force: false,
        max_positions: None,
        search_only: false,
        quotient_only: false,
        budget_s: 20.0,
        cache,
        verify: None,
    }
}

fn moves(r: &MisereSum) -> Vec<(usize, String)> {
    let mut v: Vec<(usize, String)> = r
        .winning
        .iter()
        .map(|m| (m.component, m.to.clone()))
        .collect();
    v.sort();
    v
}

/// A small deterministic generator (64-bit LCG, Knuth's constants).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Random sums of 2–5 heaps (up to 10 tokens) over ten octal games and
/// Nim: the quotient (one game or mixed) and the search give the same
/// outcome and the same winning moves on every sum.
#[test]
fn quotients_agree_with_the_search_on_random_sums() {
    let games = [
        "kayles", "0.07", "0.137", "0.6", "0.72", "0.75", "0.123", "0.34", "0.71", "4.7", "nim",
    ];
    let mut rng = Lcg(41);
    let mut by_method = std::collections::BTreeMap::new();
    for _ in 0..100 {
        let k = 2 + rng.below(4) as usize;
        // At most three games in a sum, so the mixed quotient stays small.
        let chosen: Vec<&str> = (0..3)
            .map(|_| games[rng.below(games.len() as u64) as usize])
            .collect();
        let parts: Vec<String> = (0..k)
            .map(|_| {
                let g = chosen[rng.below(3) as usize];
                format!("{g}:{}", 1 + rng.below(10))
            })
            .collect();
        let text = parts.join(" + ");
        let started = std::time::Instant::now();
        let q = sum(
            &MisereSumJob {
                quotient_only: true,
                budget_s: 3.0,
                ..job(&text, None)
            },
            &NoProgress,
        );
        let took = started.elapsed().as_secs_f64();
        if took > 1.0 {
            eprintln!("{text}: quotient {took:.1} s");
        }
        let s = sum(
            &MisereSumJob {
                search_only: true,
                ..job(&text, None)
            },
            &NoProgress,
        )
        .unwrap();
        assert_eq!(s.method, METHOD_SEARCH);
        let q = match q {
            Ok(q) => q,
            // Nim alone is Bouton's; a quotient past the budget is allowed
            // to be refused, never to be wrong.
            Err(e) => {
                assert!(e.to_string().contains("budget"), "{text}: {e}");
                continue;
            }
        };
        assert_eq!(q.outcome, s.outcome, "{text} by {}", q.method);
        assert_eq!(moves(&q), moves(&s), "{text} by {}", q.method);
        *by_method.entry(q.method).or_insert(0) += 1;
    }
    // Each kind of quotient was exercised.
    for m in [METHOD_MIXED, METHOD_PARTIAL] {
        assert!(by_method.get(m).copied().unwrap_or(0) >= 5, "{by_method:?}");
    }
}

/// A heap of Kayles of any size: the whole game's quotient (40 elements,
/// pretending function periodic from heap 71 with period 12) decides it,
/// and agrees with the misère nimbers the genus computation gives for
/// heaps up to 40.
#[test]
fn kayles_heaps_of_any_size() {
    let d = tempfile::tempdir().unwrap();
    let r = sum(
        &job("kayles:200 + kayles:77 + kayles:5", Some(d.path())),
        &NoProgress,
    )
    .unwrap();
    assert_eq!(r.method, METHOD_WHOLE);
    let q = r.quotient.as_ref().unwrap();
    assert_eq!((q.order, q.p_portion), (40, 9));
    assert!(!q.cached);
    // Each winning move leaves a P-position, by the same quotient.
    for m in &r.winning {
        let mut parts = vec!["kayles:200", "kayles:77", "kayles:5"];
        parts[m.component - 1] = &m.to;
        let after: Vec<&str> = parts.into_iter().filter(|p| *p != "0").collect();
        let after = after.join(" + ");
        let a = sum(&job(&after, Some(d.path())), &NoProgress).unwrap();
        assert_eq!(a.outcome, Outcome::P, "{after}");
        assert!(a.quotient.unwrap().cached, "{after}");
    }
    let big = sum(&job("kayles:1000000", Some(d.path())), &NoProgress).unwrap();
    assert_eq!(big.method, METHOD_WHOLE);
    let genus = grundy::jobs::misere_genus::genus(&"0.77".parse().unwrap(), 40, false, &NoProgress)
        .unwrap();
    for row in &genus.rows[1..] {
        let r = sum(
            &job(&format!("kayles:{}", row.n), Some(d.path())),
            &NoProgress,
        )
        .unwrap();
        assert_eq!(
            r.outcome == Outcome::P,
            row.misere_nimber == 0,
            "kayles:{}",
            row.n
        );
    }
}

/// A cache file that is damaged, or edited with its checksum recomputed,
/// is recomputed and replaced: the answer is the same as without a cache.
#[test]
fn a_bad_cache_file_is_recomputed() {
    let d = tempfile::tempdir().unwrap();
    let text = "0.07:14 + 0.07:12 + 0.07:10";
    let first = sum(&quotient_job(text, Some(d.path())), &NoProgress).unwrap();
    assert!(
        first.method.starts_with("misère quotient"),
        "{}",
        first.method
    );
    let path = misere_cache::path(d.path(), &["0.07".into()]);
    let good = misere_cache::read(&path).unwrap().unwrap();
    let again = sum(&quotient_job(text, Some(d.path())), &NoProgress).unwrap();
    assert!(again.quotient.as_ref().unwrap().cached);
    // Every P-portion flag edited in turn, the checksum made right.
    for x in 0..good.quotient.order() {
        let mut bad = good.clone();
        bad.quotient.p_portion[x] = !bad.quotient.p_portion[x];
        misere_cache::write(&path, &bad).unwrap();
        let r = sum(&quotient_job(text, Some(d.path())), &NoProgress).unwrap();
        assert!(!r.quotient.as_ref().unwrap().cached, "flag {x} trusted");
        assert_eq!(r.outcome, first.outcome);
        assert_eq!(moves(&r), moves(&first));
        if x > 8 {
            break;
        }
    }
    // A truncated file.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() / 3]).unwrap();
    let r = sum(&quotient_job(text, Some(d.path())), &NoProgress).unwrap();
    assert!(!r.quotient.unwrap().cached);
    assert_eq!(misere_cache::read(&path).unwrap().unwrap(), good);
}

/// The runaways of the issue: each answered at once or refused with a
/// figure, none aborting.
#[test]
fn runaways_are_answered_or_refused() {
    let d = tempfile::tempdir().unwrap();
    for (args, needle) in [
        (vec!["sum", "--misere", "kayles:1000000"], "whole game"),
        (
            vec!["sum", "--misere", "--force", "kayles:100000 + kayles:3"],
            "whole game",
        ),
    ] {
        let o = grundy(&args, d.path());
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(
            String::from_utf8_lossy(&o.stdout).contains(needle),
            "{args:?}"
        );
    }
    one_line_error(
        &grundy(
            &[
                "octal",
                "quotient",
                "kayles",
                "--max-heap",
                "180",
                "--verify",
                "3,100000",
            ],
            d.path(),
        ),
        "1.67e14 sums",
    );
    one_line_error(
        &grundy(
            &["sum", "--misere", "kayles:1000000 + 0.07:999999"],
            d.path(),
        ),
        "65535 heaps",
    );
}

/// On a machine of 64 MiB (GRUNDY_MEMORY), every misère path with
/// `--force` stops at the bounds that memory holds, with the figure, and
/// the census refuses fixed bounds that do not fit: none allocates past
/// it or aborts.
#[test]
fn forced_runs_stop_at_the_memory_available() {
    let d = tempfile::tempdir().unwrap();
    let small = [("GRUNDY_MEMORY", "64M")];
    // Officers' Q_17 has a candidate of 16,816 elements: a table of 2.8e8
    // entries, past the 8.4e6 that 64 MiB holds at 8 bytes each.
    one_line_error(
        &grundy_env(
            &["octal", "quotient", "0.6", "--max-heap", "20", "--force"],
            d.path(),
            &small,
        ),
        "what the 0.1 GiB of memory available hold",
    );
    // The genus of Kayles to 60 needs more positions than 64 MiB hold
    // (335,544 at 200 bytes).
    one_line_error(
        &grundy_env(
            &["octal", "genus", "kayles", "--max-n", "60", "--force", "-q"],
            d.path(),
            &small,
        ),
        "335544",
    );
    // The census's fixed bounds on two threads: about 3.9 GiB.
    one_line_error(
        &grundy_env(
            &[
                "octal",
                "misere-census",
                "--digits",
                "1",
                "--threads",
                "2",
                "--out",
                "c",
            ],
            d.path(),
            &small,
        ),
        "GiB of memory available",
    );
    assert!(!d.path().join("c").exists());
    // A sum's search with --force: bounded by the same memory.
    one_line_error(
        &grundy_env(
            &[
                "sum",
                "--misere",
                "--force",
                "--search",
                "0.354:7 + 4.7:18 + 0.72:5 + nim:7",
            ],
            d.path(),
            &small,
        ),
        "335544",
    );
}

/// `octal quotient --checkpoint`: a run to 26 continues from the
/// checkpoint of a run to 20, rechecked, with the answer of a fresh run;
/// an edited checkpoint (checksum recomputed, so only the recheck can
/// catch it) is not trusted; `--budget` ends with the quotients proved so
/// far, said to be partial.
#[test]
fn checkpoints_resume_and_budgets_stop() {
    let d = tempfile::tempdir().unwrap();
    let run = |n: &str, extra: &[&str]| {
        let mut args = vec!["octal", "quotient", "0.07", "--max-heap", n, "--json"];
        args.extend_from_slice(extra);
        let o = grundy(&args, d.path());
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v
    };
    let fresh = run("26", &[]);
    assert!(fresh.get("resumed_from").is_none());
    let first = run("20", &["--checkpoint", "ck"]);
    assert_eq!(first["order"], 24);
    let ck = misere_cache::path(&d.path().join("ck"), &["0.07".into()]);
    let saved = misere_cache::read(&ck).unwrap().unwrap();
    assert_eq!(saved.quotient.max_heap, 20);
    assert_eq!(saved.growth.last().unwrap().order, 24);
    let resumed = run("26", &["--checkpoint", "ck"]);
    assert_eq!(resumed["resumed_from"], 20);
    for k in ["order", "p_portion_size", "growth", "pretending"] {
        assert_eq!(resumed[k], fresh[k], "{k}");
    }
    // Edited: one P-position flipped, the checksum made to match.
    let mut bad = misere_cache::read(&ck).unwrap().unwrap();
    let flip = bad.quotient.p_portion.iter().position(|&p| p).unwrap();
    bad.quotient.p_portion[flip] = false;
    misere_cache::write(&ck, &bad).unwrap();
    let o = grundy(
        &[
            "octal",
            "quotient",
            "0.07",
            "--max-heap",
            "26",
            "--checkpoint",
            "ck",
            "--json",
        ],
        d.path(),
    );
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v.get("resumed_from").is_none());
    assert_eq!(v["order"], fresh["order"]);
    // A checkpoint past --max-heap is refused, and kept.
    one_line_error(
        &grundy(
            &[
                "octal",
                "quotient",
                "0.07",
                "--max-heap",
                "22",
                "--checkpoint",
                "ck",
            ],
            d.path(),
        ),
        "past --max-heap 22",
    );
    assert!(ck.exists());
    // A budget: Officers' Q_17 takes minutes; the run ends with Q_n, n <= 16.
    let officers = |budget: &str| {
        grundy(
            &[
                "octal",
                "quotient",
                "0.6",
                "--max-heap",
                "30",
                "--force",
                "--budget",
                budget,
            ],
            d.path(),
        )
    };
    let o = officers("1");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("stopped before Q_"), "{text}");
    assert!(text.contains("(--budget 1 s)"), "{text}");
    one_line_error(&officers("0"), "--budget 0");
}

/// `sum --misere --verify K,S`: the mixed quotient, built and then read
/// back from the cache, is checked against the plain search on every sum
/// of up to K of its heaps (the same count both times), and a check past
/// its bound is refused with the figure.
#[test]
fn the_mixed_and_cached_quotients_are_verified() {
    let d = tempfile::tempdir().unwrap();
    let run = || {
        let o = grundy(
            &[
                "sum",
                "--misere",
                "kayles:9 + 0.07:12 + 0.6:5",
                "--verify",
                "3,20",
                "--json",
            ],
            d.path(),
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        v
    };
    let built = run();
    let cached = run();
    assert_eq!(built["method"], METHOD_MIXED);
    assert_eq!(built["quotient"]["cached"], false);
    assert_eq!(cached["quotient"]["cached"], true);
    // Heaps 1..=9, 1..=12 and 1..=5 of three games: every multiset of up
    // to three of the 26 with at most 20 tokens.
    let mut expect = 0;
    let heaps: Vec<usize> = (1..=9).chain(1..=12).chain(1..=5).collect();
    for a in 0..=heaps.len() {
        for b in a..=heaps.len() {
            for c in b..=heaps.len() {
                let t = [a, b, c]
                    .iter()
                    .filter(|&&i| i < heaps.len())
                    .map(|&i| heaps[i])
                    .sum::<usize>();
                // Index len stands for "no heap"; count each multiset once.
                let none = [a, b, c].iter().filter(|&&i| i == heaps.len()).count();
                let ok = match none {
                    0 | 3 => true,
                    1 => c == heaps.len(),
                    _ => b == heaps.len(),
                };
                if ok && t <= 20 {
                    expect += 1;
                }
            }
        }
    }
    assert_eq!(built["quotient"]["checked_sums"], expect);
    assert_eq!(cached["quotient"]["checked_sums"], expect);
    one_line_error(
        &grundy(
            &["sum", "--misere", "kayles:200", "--verify", "4,100000"],
            d.path(),
        ),
        "4.17e18 sums",
    );
}
