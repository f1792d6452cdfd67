//! Criterion benches of the Cram search, each asserting its answer: the
//! nimbers of the empty 5 × 6 and 4 × 9 boards (Beling's published table,
//! README of beling/impartial-games: 2 and 1) with a fresh table each
//! time (4 × 9 also on two threads sharing one table), and the outcome of
//! 4 × 5 under misère play (the misère search is
//! checked against the plain one in the unit tests).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::cram::shared_table::{Shared, SharedMemory};
use grundy::games::cram::{published, Board, MisereSolver, Solver};

/// The table's bound: far more than these boards use.
const TABLE: usize = 256 << 20;

fn nimbers(c: &mut Criterion) {
    let mut g = c.benchmark_group("cram");
    g.sample_size(10);
    for (r, col) in [(5, 6), (4, 9)] {
        let board = Board::empty(r, col).expect("a board the engine holds");
        let want = published::nimber(r, col).expect("a published board");
        g.bench_function(format!("nimber {r}x{col}"), |b| {
            b.iter(|| {
                let v = Solver::new(TABLE)
                    .nimber(board.cells())
                    .expect("no progress to stop it");
                assert_eq!(v, want, "{r}x{col}");
            })
        });
    }
    // The parallel search on two threads, one table shared (its counts
    // vary from run to run; its answer does not).
    let board = Board::empty(4, 9).expect("a board the engine holds");
    let want = published::nimber(4, 9).expect("a published board");
    g.bench_function("nimber 4x9 on 2 threads", |b| {
        b.iter(|| {
            let mut memory = SharedMemory::with_bytes(TABLE, board.cells());
            let shared = Shared::new(&mut memory);
            let v = Solver::parallel(&shared, 2)
                .nimber(board.cells())
                .expect("no progress to stop it");
            assert_eq!(v, want, "4x9");
        })
    });
    let board = Board::empty(4, 5).expect("a board the engine holds");
    g.bench_function("misère 4x5", |b| {
        b.iter(|| {
            let wins = MisereSolver::new(u64::MAX)
                .wins(board.cells())
                .expect("no limit");
            // reports/cram.md: 4 x 5 is a P-position under misère play.
            assert!(!wins);
        })
    });
    g.finish();
}

/// The group, in a module of its own: the macro's function has no docs.
mod harness {
    #![allow(missing_docs)]
    use super::*;
    criterion_group!(benches, nimbers);
}
use harness::benches;
criterion_main!(benches);
