//! Criterion benches of misère play, each asserting its answer: the proved
//! quotients Q_N of Kayles and Dawson's Kayles (orders as computed and
//! cross-checked in tests/suite/misere_quotient.rs, the published ones from
//! Plambeck and Siegel), by the monoid method and, once, by the search
//! method, and the genus of Kayles
//! (agreeing with CGSuite to n = 20, tests/suite/misere.rs).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::misere::learn::{quotient_partial_by, Limits, Method};
use grundy::games::octal::OctalCode;
use grundy::jobs::misere_genus::genus;
use grundy::jobs::misere_quotient::{quotient, QuotientJob};
use grundy::progress::NoProgress;

fn order(code: &str, n: usize) -> (usize, usize) {
    let code: OctalCode = code.parse().unwrap();
    let job = QuotientJob {
        code: &code,
        max_heap: n,
        force: false,
        check: None,
        out: None,
        budget_s: None,
        checkpoint: None,
    };
    let q = quotient(&job, &NoProgress).unwrap().learned.quotient;
    (q.order(), q.p_portion_size())
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("misere");
    g.sample_size(10);
    g.bench_function("quotient_kayles_q20", |b| {
        b.iter(|| assert_eq!(order("0.77", 20), (24, 8)))
    });
    g.bench_function("quotient_kayles_q30", |b| {
        b.iter(|| assert_eq!(order("0.77", 30), (40, 9)))
    });
    g.bench_function("quotient_dawsons_kayles_q20", |b| {
        b.iter(|| assert_eq!(order("0.07", 20), (24, 5)))
    });
    // Published: Dawson's Kayles |Q_24| = 24 (Plambeck and Siegel 2008);
    // 0.123 has 20 elements, |P| = 5 (Plambeck 2005).
    g.bench_function("quotient_dawsons_kayles_q24", |b| {
        b.iter(|| assert_eq!(order("0.07", 24), (24, 5)))
    });
    g.bench_function("quotient_0123_q20", |b| {
        b.iter(|| assert_eq!(order("0.123", 20), (20, 5)))
    });
    // Siegel's MisereSolver figures for Dawson's Kayles: |Q_30| = 360,
    // |Q_33| = 638 with |P| = 109 (Plambeck and Siegel 2008).
    g.bench_function("quotient_dawsons_kayles_q30", |b| {
        b.iter(|| assert_eq!(order("0.07", 30).0, 360))
    });
    g.bench_function("quotient_dawsons_kayles_q33", |b| {
        b.iter(|| assert_eq!(order("0.07", 33), (638, 109)))
    });
    // Kayles to heap 180: the whole game's quotient (period 12 from 71).
    g.bench_function("quotient_kayles_q180", |b| {
        b.iter(|| assert_eq!(order("0.77", 180), (40, 9)))
    });
    // The same Q_24 of Dawson's Kayles by the learner from searched sums
    // (the method before the monoid one), for comparison.
    g.bench_function("quotient_dawsons_kayles_q24_by_search", |b| {
        let code: OctalCode = "0.07".parse().unwrap();
        b.iter(|| {
            let l = quotient_partial_by(&code, 24, Limits::default(), &NoProgress, Method::Search)
                .unwrap()
                .learned;
            assert_eq!(l.quotient.order(), 24)
        })
    });
    g.bench_function("genus_kayles_n40", |b| {
        let code: OctalCode = "0.77".parse().unwrap();
        b.iter(|| {
            let t = genus(&code, 40, false, &NoProgress).unwrap();
            assert_eq!(t.first_wild, Some(5));
            assert_eq!(t.rows[40].genus.to_string(), "1^13");
        })
    });
    g.finish();
    sums(c);
}

/// The search of one mixed sum of heaps, the plain search (the naive
/// reference) against the heap search built for speed, both asserting the
/// outcome and the positions stored; and sums decided by quotients.
fn sums(c: &mut Criterion) {
    use grundy::games::misere::families::{Heaps, NimHeaps};
    use grundy::games::misere::heap_search::HeapSearch;
    use grundy::games::misere::search::{Outcome, Search};
    use grundy::games::misere::universe::{HeapGame, Universe};
    use grundy::games::misere::{Atom, Family};
    use grundy::jobs::misere::{sum, MisereSumJob, METHOD_MIXED, METHOD_SEARCH, METHOD_WHOLE};
    let mut g = c.benchmark_group("misere_sum");
    g.sample_size(10);
    // 0.6:9 + 4.7:12 + 0.72:5 + nim:6: 0.6 (Officers) is wild and its
    // quotients grow fast, so sums like this one are searched.
    let codes = ["0.6", "4.7", "0.72"];
    let heaps = [9usize, 12, 5, 6];
    let expected = (Outcome::N,);
    g.bench_function("search_plain_officers_mixed", |b| {
        let fams: Vec<Heaps> = codes
            .iter()
            .map(|c| Heaps {
                code: c.parse().unwrap(),
            })
            .collect();
        let mut refs: Vec<&dyn Family> = fams.iter().map(|f| f as &dyn Family).collect();
        refs.push(&NimHeaps);
        b.iter(|| {
            let mut s = Search::new(&refs, usize::MAX);
            let atoms = (0..4)
                .map(|f| Atom {
                    family: f as u16,
                    id: heaps[f] as u64,
                })
                .collect();
            let root = s.position(atoms).unwrap();
            assert_eq!(s.outcome(&root).unwrap(), expected.0);
            s.positions_searched()
        })
    });
    g.bench_function("search_heaps_officers_mixed", |b| {
        let mut games: Vec<HeapGame> = codes
            .iter()
            .map(|c| HeapGame::Octal(c.parse().unwrap()))
            .collect();
        games.push(HeapGame::Nim);
        let u = Universe::new(games, heaps.to_vec()).unwrap();
        b.iter(|| {
            let mut s = HeapSearch::new(&u, usize::MAX);
            let ids: Vec<u16> = (0..4).map(|g| u.id(g, heaps[g]).unwrap()).collect();
            let root = s.position(&ids);
            assert_eq!(s.is_p(&root).unwrap(), expected.0 == Outcome::P);
            // 52,057 positions to decide the outcome (heaps with the same
            // game tree shared; `sum --search` stores 74,395 with the
            // winning moves): the rate of the search is this count over
            // the time measured.
            assert_eq!(s.positions(), 52_057);
        })
    });
    // The example: three Kayles heaps, one of 200, by the whole
    // game's quotient built from nothing (no cache).
    g.bench_function("sum_kayles_200_77_5", |b| {
        b.iter(|| {
            let r = sum(
                &MisereSumJob {
                    text: "kayles:200 + kayles:77 + kayles:5",
                    force: false,
                    max_positions: None,
                    search_only: false,
                    quotient_only: false,
                    budget_s: 10.0,
                    cache: None,
                    verify: None,
                },
                &NoProgress,
            )
            .unwrap();
            assert_eq!((r.method, r.outcome), (METHOD_WHOLE, Outcome::N));
        })
    });
    // A mixed sum no quotient finishes quickly: the search, raced against
    // the quotient, decides the positions of the first heaps by the levels
    // the quotient has proved so far.
    g.bench_function("sum_race_036_kayles_0137", |b| {
        b.iter(|| {
            let r = sum(
                &MisereSumJob {
                    text: "0.36:20 + kayles:5 + 0.137:9 + kayles:20",
                    force: false,
                    max_positions: None,
                    search_only: false,
                    quotient_only: false,
                    budget_s: 5.0,
                    cache: None,
                    verify: None,
                },
                &NoProgress,
            )
            .unwrap();
            assert!([METHOD_SEARCH, METHOD_MIXED].contains(&r.method));
            assert_eq!(r.outcome, Outcome::N);
        })
    });
    g.finish();
}

#[allow(missing_docs)]
mod harness {
    use super::*;
    criterion_group!(benches, bench);
}
use harness::benches;
criterion_main!(benches);
