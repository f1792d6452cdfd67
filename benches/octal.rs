//! Criterion benches of the octal engines, each asserting its answer (the
//! values agree with ogsolve's and with the naive engine; see tests/octal.rs
//! and reports/octal-performance.md).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::octal::{Computation, Engine, OctalCode};
use grundy::progress::NoProgress;

fn run(code: &str, engine: Engine, len: usize) -> (u32, u32) {
    let code: OctalCode = code.parse().unwrap();
    let mut c = Computation::new(code, engine);
    assert!(c.extend_to(len, &NoProgress));
    (c.values().get(len - 1), c.values().max())
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("octal_sequence");
    g.sample_size(10);
    // (code, n, G(n), largest value up to n), cross-checked with ogsolve.
    for (code, n, last, max) in [
        ("0.16", 520_000usize, 8u32, 23u32),
        ("0.56", 660_000, 5, 64),
        ("0.007", 50_000, 396, 568),
    ] {
        g.bench_function(format!("sparse_{code}_n{n}"), |b| {
            b.iter(|| assert_eq!(run(code, Engine::Sparse, n + 1), (last, max)))
        });
    }
    g.bench_function("naive_0.007_n5000", |b| {
        b.iter(|| assert_eq!(run("0.007", Engine::Naive, 5001), (69, 170)))
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
