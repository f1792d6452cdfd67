//! Criterion benches of the octal engines, each asserting its answer (the
//! values agree with ogsolve's and with the naive engine; see tests/suite/octal.rs
//! and reports/octal-performance.md).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::octal::{Computation, Engine, OctalCode};
use grundy::jobs::octal::compute_settled;
use grundy::progress::NoProgress;

fn run(code: &str, engine: Engine, len: usize) -> (u32, u32) {
    run_paired(code, engine, len, false)
}

/// With `paired`, two heaps at a time on two threads where the code allows
/// it (Officers).
fn run_paired(code: &str, engine: Engine, len: usize, paired: bool) -> (u32, u32) {
    let code: OctalCode = code.parse().unwrap();
    let mut c = Computation::new(code, engine).with_paired(paired);
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
    // The Officers rate (issue 24): 0.6 to n = 2^22, G(2^22) = 163, largest
    // value 319 (Czajka's table: 319, first at n = 1,274,955); Grundy's game
    // (4!.0) to n = 2^20, G(2^20) = 113, largest value 231.
    let mut g = c.benchmark_group("octal_unsolved");
    g.sample_size(10);
    for (code, n, last, max) in [
        ("0.6", 1usize << 22, 163u32, 319u32),
        ("4!.0", 1 << 20, 113, 231),
    ] {
        g.bench_function(format!("sparse_{code}_n{n}"), |b| {
            b.iter(|| assert_eq!(run(code, Engine::Sparse, n + 1), (last, max)))
        });
    }
    // Officers two heaps at a time on two threads (`octal seq` does this
    // when the pool has two threads); the same answer.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    g.bench_function("sparse_0.6_n4194304_paired", |b| {
        b.iter(|| {
            pool.install(|| {
                assert_eq!(
                    run_paired("0.6", Engine::Sparse, (1 << 22) + 1, true),
                    (163, 319)
                )
            })
        })
    });
    // The same beside busy-looping threads that leave one core free (on
    // two cores: one busy), as beside another program: the paired run
    // finds its other thread often not running, ends, and goes on one
    // heap at a time (at most about 1.1 times the one-thread time);
    // one thread (a pool of one, as `--threads 1`) beside them for
    // comparison. The same answer.
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let hogs = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1));
    let stop = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|s| {
        for _ in 0..hogs {
            s.spawn(|| {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    std::hint::spin_loop();
                }
            });
        }
        g.bench_function("sparse_0.6_n4194304_busy_core_one_thread", |b| {
            b.iter(|| {
                one.install(|| assert_eq!(run("0.6", Engine::Sparse, (1 << 22) + 1), (163, 319)))
            })
        });
        g.bench_function("sparse_0.6_n4194304_busy_core_paired", |b| {
            b.iter(|| {
                pool.install(|| {
                    assert_eq!(
                        run_paired("0.6", Engine::Sparse, (1 << 22) + 1, true),
                        (163, 319)
                    )
                })
            })
        });
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    g.finish();
    // A proved period extends the sequence: Dawson's Chess to n = 10^7
    // computes the values of its proof (period 34 from 52) and streams
    // the rest; G(10^7) = 1 (10^7 ≡ 2 mod 34, and G(54) = 1), largest
    // value 9.
    let mut g = c.benchmark_group("octal_extension");
    g.bench_function("dawsons_chess_n10000000", |b| {
        b.iter(|| {
            let code: OctalCode = "0.137".parse().unwrap();
            let c = compute_settled(&code, Engine::Sparse, 10_000_000, None, &NoProgress).unwrap();
            let e = c.extended();
            assert_eq!((e.len(), e.get(10_000_000), e.max()), (10_000_001, 1, 9));
            assert!(c.computation.values().len() < 1000);
            // Streaming every value: the sum of G(n) over n <= 10^7, as
            // `octal seq 0.137 --max-n 10000000` prints them.
            assert_eq!(e.iter().map(u64::from).sum::<u64>(), 27_058_788);
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
