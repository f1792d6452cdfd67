//! Criterion benches of the game-graph solver, each asserting its answer:
//! a random DAG with 10^7 edges (checked against the plain recursive mex
//! and a recorded P-position count), the CSV reading of the same graph
//! (timed once and printed), and a random graph with cycles with 10^6
//! edges (checked against the definition and the win/lose/draw
//! retrograde).

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::dataset::graph::{read_edge_list, write_csv};
use grundy::games::graph::naive::{naive_mex_values, naive_outcomes};
use grundy::games::graph::{solve, solve_smith, verify, Digraph, Solution, Summary};
use std::io::{BufWriter, Write};
use std::time::Instant;

/// DAG: vertices 0..=DAG_N; each vertex below DAG_N has DEG options among
/// the higher-numbered ones, DAG_N is terminal: 10^7 edges.
const DAG_N: u32 = 1_000_000;
/// Options per vertex.
const DEG: u32 = 10;
/// Cyclic graph: vertices 0..CYC_N, of which 0..CYC_SINKS are terminal and
/// the others have DEG options each, 10^6 edges in all: an option is a
/// random lower vertex, or with probability 1/UP any vertex (which makes
/// cycles).
const CYC_N: u32 = 100_100;
/// Terminal vertices of the cyclic graph.
const CYC_SINKS: u32 = 100;
/// One option in UP goes anywhere.
const UP: u32 = 200;

/// P-positions of the DAG, recorded from the recursive reference.
const DAG_P: usize = 164_908;
/// (P, N, D, largest finite value) of the cyclic graph, recorded once and
/// rechecked here against the definition and the win/lose/draw retrograde.
const CYC: (usize, usize, usize, Option<u32>) = (5_156, 60_478, 34_466, Some(7));

/// Marsaglia's xorshift64.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as u32
    }
}

fn dag_edges() -> Vec<(u32, u32)> {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut edges = Vec::with_capacity((DAG_N * DEG) as usize);
    for i in 0..DAG_N {
        for _ in 0..DEG {
            edges.push((i, i + 1 + rng.below(DAG_N - i)));
        }
    }
    edges
}

fn cyclic_edges() -> Vec<(u32, u32)> {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut edges = Vec::with_capacity(((CYC_N - CYC_SINKS) * DEG) as usize);
    for i in CYC_SINKS..CYC_N {
        for _ in 0..DEG {
            let j = if rng.below(UP) == 0 {
                rng.below(CYC_N)
            } else {
                rng.below(i)
            };
            edges.push((i, j));
        }
    }
    edges
}

fn counts(s: &Summary) -> (usize, usize, usize, Option<u32>) {
    (s.p, s.n, s.d, s.max_finite)
}

/// Runs `f` on a thread with a 1 GiB stack (for the recursive reference).
fn deep<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(1 << 30)
            .spawn_scoped(s, f)
            .unwrap()
            .join()
            .unwrap()
    })
}

fn bench(c: &mut Criterion) {
    let edges = dag_edges();
    assert_eq!(edges.len(), 10_000_000);
    let n = DAG_N as usize + 1;
    let g = Digraph::new(n, &edges).unwrap();
    let s = solve(&g);
    assert!(!s.is_cyclic());
    let naive = deep(|| naive_mex_values(&g)).expect("acyclic");
    assert!(g.vertices().all(|v| s.finite(v) == Some(naive[v as usize])));
    eprintln!("dag summary: {:?}", s.summary());
    assert_eq!(s.summary().p, DAG_P);
    verify(&g, &s).unwrap();
    // Smith's stages from scratch on the same DAG: the same values, timed
    // once (11 stages over all 10^7 edges instead of one pass).
    let t = Instant::now();
    let smith = solve_smith(&g);
    eprintln!("dag: Smith from scratch {:.2} s", t.elapsed().as_secs_f64());
    assert!(g.vertices().all(|v| smith.finite(v) == s.finite(v)));
    drop(smith);
    eprintln!(
        "dag: {} vertices, {} edges, {} P-positions, largest value {:?}",
        n,
        g.edge_count(),
        DAG_P,
        s.summary().max_finite
    );

    csv_round_trip(&edges, &s);

    let mut grp = c.benchmark_group("graph");
    grp.sample_size(10);
    grp.bench_function("dag_1e7_edges_build_and_solve", |b| {
        b.iter(|| {
            let g = Digraph::new(n, &edges).unwrap();
            assert_eq!(solve(&g).summary().p, DAG_P);
        })
    });
    grp.bench_function("dag_1e7_edges_solve", |b| {
        b.iter(|| assert_eq!(solve(&g).summary().p, DAG_P))
    });
    drop((g, s, naive));

    let cedges = cyclic_edges();
    assert_eq!(cedges.len(), 1_000_000);
    let cg = Digraph::new(CYC_N as usize, &cedges).unwrap();
    let cs = solve(&cg);
    assert!(cs.is_cyclic());
    verify(&cg, &cs).unwrap();
    let outcomes = naive_outcomes(&cg);
    assert!(cg.vertices().all(|v| cs.outcome(v) == outcomes[v as usize]));
    eprintln!("cyclic summary: {:?}", cs.summary());
    assert_eq!(counts(&cs.summary()), CYC);
    eprintln!(
        "cyclic: {} vertices, {} edges, (P, N, D, largest finite) = {:?}, {} infinite",
        CYC_N,
        cg.edge_count(),
        CYC,
        cs.summary().infinite
    );
    grp.bench_function("cyclic_1e6_edges_solve", |b| {
        b.iter(|| {
            let s = solve(&cg);
            assert_eq!(counts(&s.summary()), CYC);
        })
    });
    grp.bench_function("cyclic_1e6_edges_smith_from_scratch", |b| {
        b.iter(|| assert_eq!(counts(&solve_smith(&cg).summary()), CYC))
    });
    grp.bench_function("cyclic_1e6_edges_solve_and_verify", |b| {
        b.iter(|| verify(&cg, &solve(&cg)).unwrap())
    });
    grp.finish();
}

/// Writes the DAG as a CSV edge list (names `v0`, `v1`, …), times reading
/// it back, solving it and writing the table once, and checks the answer.
fn csv_round_trip(edges: &[(u32, u32)], s: &Solution) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dag.csv");
    {
        let mut w = BufWriter::new(std::fs::File::create(&path).unwrap());
        w.write_all(b"from,to\n").unwrap();
        for &(a, b) in edges {
            writeln!(w, "v{a},v{b}").unwrap();
        }
        w.flush().unwrap();
    }
    let size = std::fs::metadata(&path).unwrap().len();
    let t = Instant::now();
    let list = read_edge_list(&path).unwrap();
    let read = t.elapsed();
    let edge_count = list.edges.len();
    let t = Instant::now();
    let (names, g) = list.into_digraph().unwrap();
    let build = t.elapsed();
    let t = Instant::now();
    let s2 = solve(&g);
    let solve_time = t.elapsed();
    let t = Instant::now();
    let mut out = Vec::with_capacity(32 << 20);
    write_csv(&mut out, &names, &g, &s2).unwrap();
    let write = t.elapsed();
    // Names are numbered by first appearance, so ids differ; the values of
    // the vertex named v<i> must not.
    assert_eq!(s2.summary(), s.summary());
    for (id, name) in names.iter().enumerate().step_by(997) {
        let i: u32 = name[1..].parse().unwrap();
        assert_eq!(s2.finite(id as u32), s.finite(i));
    }
    eprintln!(
        "csv: {:.0} MB, {} edges: read {:.2} s, CSR {:.2} s, solve {:.2} s, write table {:.2} s ({:.0} MB)",
        size as f64 / 1e6,
        edge_count,
        read.as_secs_f64(),
        build.as_secs_f64(),
        solve_time.as_secs_f64(),
        write.as_secs_f64(),
        out.len() as f64 / 1e6
    );
}

#[allow(missing_docs)]
mod harness {
    use super::*;
    criterion_group!(benches, bench);
}
use harness::benches;
criterion_main!(benches);
