//! `sum --misere` by misère quotients: every method against the search on
//! random sums (one game and mixed), the cache (a damaged or edited file is
//! recomputed, never trusted), the whole game's quotient for heaps of any
//! size, and the runaways refused with a figure.

mod common;

use common::{grundy, one_line_error};
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
    let genus =
        grundy::jobs::misere::genus(&"0.77".parse().unwrap(), 40, false, &NoProgress).unwrap();
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
