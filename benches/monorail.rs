//! Criterion benches of the Monorail solve, each asserting its answer.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::rules::Rules;
use grundy::games::monorail::solve::solve;
use grundy::progress::NoProgress;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("monorail_solve");
    g.sample_size(10);
    // (tiles, start nimber, position classes), from tests/golden/monorail_numbers.csv.
    for (t, nimber, classes) in [
        (10usize, 10u16, 4854usize),
        (12, 12, 59617),
        (14, 14, 739035),
        (16, 2, 9219644),
    ] {
        let rules = Rules::new(t).unwrap();
        let table = LoopTable::new(&rules);
        g.bench_function(format!("tiles_{t}"), |b| {
            b.iter(|| {
                let s = solve(&table, &NoProgress).expect("the solve succeeds");
                assert_eq!(s.start_nimber, nimber);
                assert_eq!(s.classes(), classes as u64);
            })
        });
    }
    g.finish();
}

#[allow(missing_docs)]
mod harness {
    use super::*;
    criterion_group!(benches, bench);
}
use harness::benches;
criterion_main!(benches);
