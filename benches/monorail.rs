//! Criterion benches of the Monorail solve, each asserting its answer: the
//! solve alone (nimber and remoteness of every class, in memory; at T = 16
//! also nimbers alone, the cost of remoteness being the difference) and the
//! whole job of `monorail solve --tiles 16` (solve, remoteness, the
//! datasets and the analysis written to a temporary directory).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::monorail::cost::chunk_records;
use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::memo_size::memo_for;
use grundy::games::monorail::moves::start;
use grundy::games::monorail::rules::Rules;
use grundy::games::monorail::solve::{solve, solve_into};
use grundy::jobs::monorail::{run, SolveJob};
use grundy::progress::NoProgress;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("monorail_solve");
    g.sample_size(10);
    // (tiles, start nimber, start remoteness, position classes), from
    // tests/golden/monorail_numbers.csv and the reports.
    for (t, nimber, remoteness, classes) in [
        (10usize, 10u16, 7u16, 4854usize),
        (12, 12, 9, 59617),
        (14, 14, 9, 739035),
        (16, 2, 11, 9219644),
    ] {
        let rules = Rules::new(t).unwrap();
        let table = LoopTable::new(&rules);
        g.bench_function(format!("tiles_{t}"), |b| {
            b.iter(|| {
                let s = solve(&table, &NoProgress).expect("the solve succeeds");
                assert_eq!(s.start_nimber, nimber);
                assert_eq!(s.start_remoteness, Some(remoteness));
                assert_eq!(s.classes(), classes as u64);
            })
        });
        if t == 16 {
            // The same solve keeping nimbers alone (the memo without
            // remoteness companions, as a resumed or distributed solve
            // runs): what remoteness inside the solve costs.
            g.bench_function(format!("tiles_{t}_nimbers_only"), |b| {
                b.iter(|| {
                    let memo = memo_for(&table, classes as f64);
                    let s = solve_into(
                        &table,
                        &start(&table),
                        memo,
                        None,
                        classes as u64,
                        &NoProgress,
                    )
                    .unwrap_or_else(|_| panic!("the memo is large enough"));
                    assert_eq!(s.start_nimber, nimber);
                    assert_eq!(s.start_remoteness, None);
                    assert_eq!(s.classes(), classes as u64);
                })
            });
        }
    }
    g.finish();

    // The main job as `monorail solve --tiles 16 --out DIR` runs it.
    let mut g = c.benchmark_group("monorail_job");
    g.sample_size(10);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m16");
    g.bench_function("tiles_16", |b| {
        b.iter(|| {
            let job = SolveJob {
                tiles: 16,
                out: &out,
                reports: None,
                threads: rayon::current_num_threads(),
                command: "bench".into(),
                checkpoint: None,
                chunk_records: chunk_records(9219644.0),
                force: false,
                solver: None,
            };
            let r = run(&job, &NoProgress).expect("the job succeeds");
            assert_eq!(r.summary.start_nimber, 2);
            assert_eq!(r.analysis.start_remoteness, Some(11));
            assert_eq!(r.summary.positions_reachable, 36875997);
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
