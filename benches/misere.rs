//! Criterion benches of misère play, each asserting its answer: the proved
//! quotients Q_N of Kayles and Dawson's Kayles (orders as computed and
//! cross-checked in tests/misere_quotient.rs, the published ones from
//! Plambeck and Siegel), by the monoid method and, once, by the search
//! method, and the genus of Kayles
//! (agreeing with CGSuite to n = 20, tests/misere.rs).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::misere::learn::{quotient_partial_by, Limits, Method};
use grundy::games::octal::OctalCode;
use grundy::jobs::misere::{genus, quotient, QuotientJob};
use grundy::progress::NoProgress;

fn order(code: &str, n: usize) -> (usize, usize) {
    let code: OctalCode = code.parse().unwrap();
    let job = QuotientJob {
        code: &code,
        max_heap: n,
        force: false,
        check: None,
        out: None,
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
}

#[allow(missing_docs)]
mod harness {
    use super::*;
    criterion_group!(benches, bench);
}
use harness::benches;
criterion_main!(benches);
