//! Criterion benches of Treblecross rows of a million cells, asserting
//! their answers.
//!
//! The gap values come from `data/treblecross/nimbers.bin.zst` (written by
//! `grundy reproduce`, gaps up to 2^20 − 3 cells); without it they are
//! computed first, which takes about a minute.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::dataset::treblecross::read_nimbers;
use grundy::games::treblecross::analysis::longest_gap;
use grundy::games::treblecross::{analyse, GapNimbers, Row};
use grundy::progress::NoProgress;
use std::path::Path;

const CELLS: usize = 1_000_000;

/// A row of `CELLS` cells with an X in about one cell in `spacing`, no
/// two within two cells (so no cell wins at once and the gap analysis
/// runs; xorshift, fixed seed).
fn random_row(spacing: u64) -> Row {
    let mut s: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut cells = vec![false; CELLS];
    for i in 0..CELLS {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        cells[i] = s % spacing == 0 && !cells[i.saturating_sub(2)..i].contains(&true);
    }
    Row::from_cells(cells).unwrap()
}

fn nimbers() -> GapNimbers {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/treblecross/nimbers.bin.zst");
    let mut g = read_nimbers(&path).unwrap_or_else(|e| {
        eprintln!("{e}; computing the gap values instead");
        GapNimbers::default()
    });
    g.extend(CELLS, &NoProgress);
    g
}

/// Asserts the verdict on `row` by playing each claimed winning cell (and
/// a few others) and settling the result again.
fn check(row: &Row, g: &GapNimbers) -> (bool, usize) {
    let a = analyse(row, g).unwrap();
    for &c in a.winning_cells.iter().take(3) {
        assert!(
            !analyse(&row.with_x(c), g).unwrap().winning,
            "cell {c} wins"
        );
    }
    let other = (1..=row.len()).find(|&c| !row.is_x(c - 1) && !a.winning_cells.contains(&c));
    if let Some(c) = other {
        assert!(
            analyse(&row.with_x(c), g).unwrap().winning,
            "cell {c} loses"
        );
    }
    (a.winning, a.winning_cells.len())
}

fn bench(c: &mut Criterion) {
    let g = nimbers();
    let mut group = c.benchmark_group("treblecross_row");
    group.sample_size(10);
    for (name, row) in [
        ("empty_1e6_cells", Row::empty(CELLS)),
        ("random_1e6_cells_x_every_50", random_row(50)),
        ("random_1e6_cells_x_every_5000", random_row(5000)),
    ] {
        let want = check(&row, &g);
        eprintln!(
            "{name}: winning {}, {} winning cells, longest gap {}",
            want.0,
            want.1,
            longest_gap(&row)
        );
        group.bench_function(name, |b| {
            b.iter(|| {
                let a = analyse(&row, &g).unwrap();
                assert_eq!((a.winning, a.winning_cells.len()), want);
            })
        });
    }
    group.finish();
}

#[allow(missing_docs)]
mod harness {
    use super::*;
    criterion_group!(benches, bench);
}
use harness::benches;
criterion_main!(benches);
