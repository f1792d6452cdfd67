//! Game graphs: hand-computed values (paths, Nim heaps, cycles, self-loops),
//! the linear acyclic pass against plain recursion, Smith's algorithm
//! against the definition, the textbook algorithm and an independent
//! win/lose/draw retrograde on random graphs, and the command line.

use crate::common::{grundy, one_line_error};
use grundy::dataset::graph::{read_edges, EdgeList};
use grundy::games::graph::naive::{naive_gamma, naive_mex_values, naive_outcomes};
use grundy::games::graph::{
    solve, solve_acyclic, solve_smith, verify, Digraph, Gamma, Outcome, Solution,
};
use proptest::prelude::*;

/// A graph from CSV text (header included).
fn parse(text: &str) -> (EdgeList, Digraph) {
    let e = read_edges(text.as_bytes(), "test.csv").unwrap();
    let g = e.digraph().unwrap();
    (e, g)
}

/// γ of the vertex named `name`, as text.
fn value_of(e: &EdgeList, s: &Solution, name: &str) -> String {
    let v = e.names.position(name).unwrap();
    s.gamma(v).to_string()
}

/// `name: γ outcome winning` for every vertex, in id order.
fn table(e: &EdgeList, g: &Digraph, s: &Solution) -> Vec<String> {
    g.vertices()
        .map(|v| {
            let win = s
                .winning_option(g, v)
                .map_or("-".to_string(), |w| e.names[w].to_string());
            format!("{}: {} {} {}", &e.names[v], s.gamma(v), s.outcome(v), win)
        })
        .collect()
}

/// Solves with both engines, checks they agree and satisfy the definition,
/// and returns the table.
fn solved(text: &str) -> (EdgeList, Digraph, Solution) {
    let (e, g) = parse(text);
    let s = solve(&g);
    verify(&g, &s).unwrap();
    let t = solve_smith(&g);
    verify(&g, &t).unwrap();
    for v in g.vertices() {
        assert_eq!(s.gamma(v), t.gamma(v), "vertex {}", &e.names[v]);
    }
    assert_eq!(
        naive_gamma(&g),
        g.vertices().map(|v| s.gamma(v)).collect::<Vec<_>>()
    );
    (e, g, s)
}

#[test]
fn path_alternates_from_its_end() {
    let (e, g, s) = solved("from,to\na,b\nb,c\n");
    assert!(!s.is_cyclic());
    assert_eq!(table(&e, &g, &s), ["a: 0 P -", "b: 1 N c", "c: 0 P -"]);
    assert_eq!(solve_acyclic(&g).unwrap(), s);
}

#[test]
fn nim_heaps_have_their_size_as_value() {
    // Heap n moves to every smaller heap, listed from n - 1 down to 0.
    let mut text = String::from("from,to\n");
    for n in (1..=12).rev() {
        for k in (0..n).rev() {
            text.push_str(&format!("heap{n},heap{k}\n"));
        }
    }
    let (e, g, s) = solved(&text);
    for n in 0..=12u32 {
        let v = e.names.position(&format!("heap{n}")).unwrap();
        assert_eq!(s.gamma(v), Gamma::Finite(n));
        let win = s.winning_option(&g, v).map(|w| &e.names[w]);
        assert_eq!(win, (n > 0).then_some("heap0"));
    }
    assert_eq!(s.summary().max_finite, Some(12));
}

#[test]
fn reversible_upward_moves_keep_nim_values() {
    // Two copies of Nim, heaps a0..=a10 and b0..=b10, plus upward moves
    // a_k -> b_(k+3) for even k and b_k -> a_(k+3) for odd k. The answer to
    // an upward move is to go down to the other copy's heap k, an earlier
    // labelled position of value k, so every value stays k (condition (B))
    // although the graph has cycles (a2 -> b5 -> a8 -> a2).
    let mut text = String::from("from,to\n");
    for (x, y) in [("a", "b"), ("b", "a")] {
        for n in 0..=10 {
            for k in 0..n {
                text.push_str(&format!("{x}{n},{x}{k}\n"));
            }
            if (n % 2 == 0) == (x == "a") && n + 3 <= 10 {
                text.push_str(&format!("{x}{n},{y}{}\n", n + 3));
            }
        }
    }
    let (e, _, s) = solved(&text);
    assert!(s.is_cyclic());
    for n in 0..=10 {
        assert_eq!(value_of(&e, &s, &format!("a{n}")), n.to_string());
        assert_eq!(value_of(&e, &s, &format!("b{n}")), n.to_string());
    }
    // Moving back up within a copy is no reversal: with a2 -> a5 added,
    // a5's only option of value 2 is a2 itself, so a2 gets ∞(0,1); every
    // higher heap of copy a has a2 as an option, which cannot reverse to a
    // finite value, so they are ∞(0,1) as well, and copy b above b2 (whose
    // upward moves lead into copy a) ∞(0,1,2). All stay N-positions.
    let (e, g, s) = solved(&(text + "a2,a5\n"));
    for (name, value) in [("a1", "1"), ("a2", "∞(0,1)"), ("a10", "∞(0,1)")] {
        assert_eq!(value_of(&e, &s, name), value);
    }
    for (name, value) in [("b2", "2"), ("b3", "∞(0,1,2)"), ("b10", "∞(0,1,2)")] {
        assert_eq!(value_of(&e, &s, name), value);
    }
    let a2 = e.names.position("a2").unwrap();
    assert_eq!(s.outcome(a2), Outcome::N);
    assert_eq!(s.winning_option(&g, a2).map(|w| &e.names[w]), Some("a0"));
}

#[test]
fn two_cycle_is_a_draw() {
    let (e, g, s) = solved("from,to\na,b\nb,a\n");
    assert!(s.is_cyclic());
    assert_eq!(table(&e, &g, &s), ["a: ∞() D -", "b: ∞() D -"]);
}

#[test]
fn cycle_with_exits_to_a_p_position() {
    // a <-> b, both can move to the terminal t: neither has a finite value
    // (a value 1 would need the other to reverse to 0), both are ∞(0) and
    // won by moving to t. c's only move is into the cycle, to a, from
    // where the mover wins: c = 0.
    let (e, g, s) = solved("from,to\na,b\nb,a\na,t\nb,t\nc,a\n");
    assert_eq!(
        table(&e, &g, &s),
        ["a: ∞(0) N t", "b: ∞(0) N t", "t: 0 P -", "c: 0 P -"]
    );
    // With a single exit the cycle gets finite values: b = 0, a = 1.
    let (e, g, s) = solved("from,to\na,b\nb,a\na,t\n");
    assert_eq!(table(&e, &g, &s), ["a: 1 N b", "b: 0 P -", "t: 0 P -"]);
}

#[test]
fn finite_and_infinite_values_on_cycles() {
    // a <-> b with a -> t0, a -> t1, b -> t0 and t1 -> t0: a = 2, b = 1
    // (a, of value 2, reverses to t1 of value 1).
    let (e, _, s) = solved("from,to\na,b\nb,a\na,t0\na,t1\nb,t0\nt1,t0\n");
    let vals: Vec<String> = ["a", "b", "t0", "t1"]
        .iter()
        .map(|n| value_of(&e, &s, n))
        .collect();
    assert_eq!(vals, ["2", "1", "0", "1"]);
    // Both also reaching t1: ∞(0,1), N.
    let (e, g, s) = solved("from,to\na,b\nb,a\na,t0\na,t1\nb,t0\nb,t1\nt1,t0\n");
    assert_eq!(
        table(&e, &g, &s),
        [
            "a: ∞(0,1) N t0",
            "b: ∞(0,1) N t0",
            "t0: 0 P -",
            "t1: 1 N t0"
        ]
    );
    // A cycle whose only exit is to an N-position: ∞(1), a draw.
    let (e, g, s) = solved("from,to\na,b\nb,a\na,t1\nt1,t0\n");
    assert_eq!(
        table(&e, &g, &s),
        ["a: ∞(1) D -", "b: ∞() D -", "t1: 1 N t0", "t0: 0 P -"]
    );
}

#[test]
fn self_loops() {
    // x -> x alone: a draw. y -> y, y -> z: the mover goes to z and wins.
    // w -> y: w's mover must hand the opponent y, so w is a P-position.
    // Repeated edges change nothing.
    let (e, g, s) = solved("from,to\nx,x\ny,y\ny,z\nw,y\nw,y\n");
    assert_eq!(
        table(&e, &g, &s),
        ["x: ∞() D -", "y: ∞(0) N z", "z: 0 P -", "w: 0 P -"]
    );
    assert_eq!(s.summary().d, 1);
}

#[test]
fn verify_needs_the_counter_function() {
    // On a <-> b, γ = (0, 1) satisfies (A), and (B) and (C) without the
    // counter function; with it, (B) fails: a and b cannot justify each
    // other.
    let (_, g) = parse("from,to\na,b\nb,a\n");
    for counter in [[Some(0), Some(1)], [Some(1), Some(0)]] {
        let s = Solution::from_parts(&g, &[Gamma::Finite(0), Gamma::Finite(1)], &counter).unwrap();
        let err = verify(&g, &s).unwrap_err();
        assert_eq!(err.rule, "B", "{err}");
    }
    let good = Solution::from_parts(
        &g,
        &[Gamma::Infinite(vec![]), Gamma::Infinite(vec![])],
        &[None, None],
    )
    .unwrap();
    verify(&g, &good).unwrap();
    // A wrong K, a wrong mex, and an ∞ that should be finite.
    let bad_k = Solution::from_parts(
        &g,
        &[Gamma::Infinite(vec![0]), Gamma::Infinite(vec![])],
        &[None, None],
    )
    .unwrap();
    assert_eq!(verify(&g, &bad_k).unwrap_err().rule, "K");
    let (_, g) = parse("from,to\na,b\n");
    let bad_a = Solution::from_parts(
        &g,
        &[Gamma::Finite(0), Gamma::Finite(0)],
        &[Some(1), Some(0)],
    )
    .unwrap();
    assert_eq!(verify(&g, &bad_a).unwrap_err().rule, "A");
    let bad_c = Solution::from_parts(
        &g,
        &[Gamma::Infinite(vec![0]), Gamma::Finite(0)],
        &[None, Some(0)],
    )
    .unwrap();
    assert_eq!(verify(&g, &bad_c).unwrap_err().rule, "C");
}

/// A tiny xorshift generator, for graphs bigger than proptest's.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u32 {
        (self.next() % n) as u32
    }
}

/// A random DAG: vertex i has up to `deg` options among the higher ones.
fn random_dag(rng: &mut XorShift, n: u32, deg: u32) -> Digraph {
    let mut edges = Vec::new();
    for i in 0..n.saturating_sub(1) {
        for _ in 0..rng.below(deg as u64 + 1) {
            edges.push((i, i + 1 + rng.below((n - i - 1) as u64)));
        }
    }
    Digraph::new(n as usize, &edges).unwrap()
}

/// A random digraph: each vertex has up to `deg` options anywhere (self
/// included).
fn random_digraph(rng: &mut XorShift, n: u32, deg: u32) -> Digraph {
    let mut edges = Vec::new();
    for i in 0..n {
        for _ in 0..rng.below(deg as u64 + 1) {
            edges.push((i, rng.below(n as u64)));
        }
    }
    Digraph::new(n as usize, &edges).unwrap()
}

/// Everything one can check of a solved cyclic-or-not graph, small enough
/// for the quadratic references.
fn check_against_references(g: &Digraph) {
    let s = solve(g);
    verify(g, &s).unwrap_or_else(|e| panic!("{e}"));
    let t = solve_smith(g);
    verify(g, &t).unwrap_or_else(|e| panic!("{e}"));
    let gammas: Vec<Gamma> = g.vertices().map(|v| s.gamma(v)).collect();
    assert_eq!(gammas, g.vertices().map(|v| t.gamma(v)).collect::<Vec<_>>());
    assert_eq!(gammas, naive_gamma(g), "textbook algorithm");
    let outcomes: Vec<Outcome> = g.vertices().map(|v| s.outcome(v)).collect();
    assert_eq!(outcomes, naive_outcomes(g), "win/lose/draw retrograde");
    for v in g.vertices() {
        let win = s.winning_option(g, v);
        assert_eq!(win.is_some(), s.outcome(v) == Outcome::N);
        if let Some(w) = win {
            assert_eq!(s.finite(w), Some(0));
            assert!(g.options(v).contains(&w));
            // The first such option in input order.
            let first = g.options(v).iter().position(|&x| s.finite(x) == Some(0));
            assert_eq!(g.options(v).iter().position(|&x| x == w), first);
        }
    }
    assert_eq!(s.is_cyclic(), naive_mex_values(g).is_none());
}

fn edges_strategy(max_n: u32, max_m: usize) -> impl Strategy<Value = (u32, Vec<(u32, u32)>)> {
    (1..=max_n)
        .prop_flat_map(move |n| (Just(n), proptest::collection::vec((0..n, 0..n), 0..=max_m)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// On DAGs: the linear pass equals plain recursive mex, Smith's
    /// algorithm equals the linear pass (no ∞), and the definition holds.
    #[test]
    fn random_dags_agree_with_recursive_mex((n, raw) in edges_strategy(40, 120)) {
        // Orient every edge from the smaller id to the larger: acyclic.
        let edges: Vec<(u32, u32)> = raw
            .into_iter()
            .filter(|(a, b)| a != b)
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        let g = Digraph::new(n as usize, &edges).unwrap();
        let fast = solve_acyclic(&g).expect("acyclic");
        let naive = naive_mex_values(&g).expect("acyclic");
        let fast_vals: Vec<Option<u32>> = g.vertices().map(|v| fast.finite(v)).collect();
        prop_assert_eq!(&fast_vals, &naive.iter().map(|&x| Some(x)).collect::<Vec<_>>());
        let smith = solve_smith(&g);
        prop_assert!(!smith.is_cyclic());
        prop_assert_eq!(&fast_vals, &g.vertices().map(|v| smith.finite(v)).collect::<Vec<_>>());
        prop_assert!(verify(&g, &smith).is_ok());
        prop_assert_eq!(solve(&g), fast);
    }

    /// On any graph: the definition holds for both engines, they agree with
    /// each other and with the textbook algorithm, outcomes match the
    /// win/lose/draw retrograde, winning options are P-positions.
    #[test]
    fn random_graphs_satisfy_the_definition((n, edges) in edges_strategy(25, 70)) {
        let g = Digraph::new(n as usize, &edges).unwrap();
        check_against_references(&g);
    }

    /// A flipped value is always caught by the verifier.
    #[test]
    fn verify_catches_a_changed_value((n, edges) in edges_strategy(20, 50), pick in 0u32..20, delta in 1u32..3) {
        let g = Digraph::new(n as usize, &edges).unwrap();
        let s = solve(&g);
        let v = pick % n;
        let mut gammas: Vec<Gamma> = g.vertices().map(|u| s.gamma(u)).collect();
        let counter: Vec<Option<u32>> = g.vertices().map(|u| s.counter(u)).collect();
        let mut counter2 = counter.clone();
        gammas[v as usize] = match &gammas[v as usize] {
            Gamma::Finite(x) => Gamma::Finite(x + delta),
            Gamma::Infinite(_) => {
                counter2[v as usize] = Some(u32::MAX - 2);
                Gamma::Finite(delta - 1)
            }
        };
        let bad = Solution::from_parts(&g, &gammas, &counter2).unwrap();
        prop_assert!(verify(&g, &bad).is_err());
    }
}

#[test]
fn larger_random_dags_agree_with_recursive_mex() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for (n, deg) in [(2000, 4), (3000, 12), (500, 60)] {
        let g = random_dag(&mut rng, n, deg);
        let fast = solve_acyclic(&g).unwrap();
        let naive = naive_mex_values(&g).unwrap();
        assert!(g
            .vertices()
            .all(|v| fast.finite(v) == Some(naive[v as usize])));
        assert!(fast.summary().max_finite.unwrap() >= 3);
        verify(&g, &fast).unwrap();
        let smith = solve_smith(&g);
        assert!(g.vertices().all(|v| smith.finite(v) == fast.finite(v)));
    }
}

#[test]
fn larger_random_graphs_satisfy_the_definition() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut seen = [0usize; 3];
    for (n, deg) in [(300, 2), (300, 3), (400, 4), (200, 8), (1000, 3)] {
        for _ in 0..3 {
            let g = random_digraph(&mut rng, n, deg);
            check_against_references(&g);
            let s = solve(&g).summary();
            seen[0] += s.infinite;
            seen[1] += s.p;
            seen[2] += s.d;
        }
    }
    // The graphs exercise every kind of value.
    assert!(seen.iter().all(|&c| c > 0), "{seen:?}");
}

#[test]
fn dag_with_a_cyclic_tail_uses_both_passes_consistently() {
    // A random DAG whose sinks feed into a random cyclic part: the seeded
    // stages (solve) and Smith from scratch must agree.
    let mut rng = XorShift(7);
    for _ in 0..20 {
        let n = 400u32;
        let mut edges = Vec::new();
        for i in 0..n {
            for _ in 0..rng.below(5) {
                let j = if i < 300 {
                    i + 1 + rng.below((n - i - 1) as u64)
                } else {
                    300 + rng.below(100)
                };
                edges.push((i, j));
            }
        }
        let g = Digraph::new(n as usize, &edges).unwrap();
        check_against_references(&g);
    }
}

// ---- command line ----

const SAMPLE: &str = "from,to\na,b\nb,a\na,t\nb,t\nc,a\nd,d\n\"e,1\",f\nf,\"e,1\"\n\"e,1\",t\n";

fn write_sample(dir: &std::path::Path) {
    std::fs::write(dir.join("g.csv"), SAMPLE).unwrap();
}

#[test]
fn cli_prints_the_csv_table() {
    let d = tempfile::tempdir().unwrap();
    write_sample(d.path());
    let o = grundy(&["graph", "g.csv"], d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "vertex,grundy,outcome,winning_option\n\
         a,∞(0),N,t\n\
         b,∞(0),N,t\n\
         t,0,P,\n\
         c,0,P,\n\
         d,∞(),D,\n\
         \"e,1\",1,N,f\n\
         f,0,P,\n"
    );
    // From standard input. x could move to y (value 0) or into the loop at
    // "z,w", which cannot reverse to 1: x is ∞(0), still won by going to y.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["graph", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"from,to\nx,y\nx,\"z,w\"\n\"z,w\",\"z,w\"\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "vertex,grundy,outcome,winning_option\nx,∞(0),N,y\ny,0,P,\n\"z,w\",∞(),D,\n"
    );
}

#[test]
fn cli_json() {
    let d = tempfile::tempdir().unwrap();
    write_sample(d.path());
    let o = grundy(&["graph", "g.csv", "--json"], d.path());
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert_eq!(text.lines().count(), 1);
    let j: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(j["vertices"], 7);
    assert_eq!(j["edges"], 9);
    assert_eq!(j["cyclic"], true);
    let rows = j["values"].as_array().unwrap();
    assert_eq!(rows.len(), 7);
    assert_eq!(
        rows[0],
        serde_json::json!({"vertex": "a", "grundy": "∞(0)", "outcome": "N", "first_player_wins": true, "winning_option": "t"})
    );
    assert_eq!(
        rows[2],
        serde_json::json!({"vertex": "t", "grundy": 0, "outcome": "P", "first_player_wins": false, "winning_option": null})
    );
    assert_eq!(
        rows[5],
        serde_json::json!({"vertex": "e,1", "grundy": 1, "outcome": "N", "first_player_wins": true, "winning_option": "f"})
    );
    assert_eq!(rows[4]["outcome"], "D");
    assert_eq!(rows[4]["first_player_wins"], false);
}

#[test]
fn cli_out_is_written_atomically() {
    let d = tempfile::tempdir().unwrap();
    write_sample(d.path());
    let printed = grundy(&["graph", "g.csv"], d.path()).stdout;
    std::fs::write(d.path().join("old.csv"), "stale").unwrap();
    let o = grundy(&["graph", "g.csv", "--out", "sub/values.csv"], d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "g.csv: 7 vertices, 9 edges (cyclic): 3 P, 3 N, 1 D, largest finite value 1; \
         wrote sub/values.csv\n"
    );
    assert_eq!(
        std::fs::read(d.path().join("sub/values.csv")).unwrap(),
        printed
    );
    // Only the target in the directory: no temporary file left behind.
    let names: Vec<_> = std::fs::read_dir(d.path().join("sub"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["values.csv"]);
    // Overwriting replaces the whole file; JSON goes to the file too.
    let o = grundy(&["graph", "g.csv", "--out", "old.csv", "--json"], d.path());
    assert!(o.status.success());
    let j: serde_json::Value =
        serde_json::from_slice(&std::fs::read(d.path().join("old.csv")).unwrap()).unwrap();
    assert_eq!(j["vertices"], 7);
    // A failing run leaves an existing output untouched.
    std::fs::write(d.path().join("bad.csv"), "from,to\na,b\na,b,c\n").unwrap();
    let o = grundy(&["graph", "bad.csv", "--out", "sub/values.csv"], d.path());
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        std::fs::read(d.path().join("sub/values.csv")).unwrap(),
        printed
    );
}

#[test]
fn cli_bad_input_exits_2_with_one_line() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    std::fs::write(p.join("three.csv"), "from,to\na,b\na,b,c\n").unwrap();
    one_line_error(
        &grundy(&["graph", "three.csv"], p),
        "three.csv line 3: expected 2 columns",
    );
    std::fs::write(p.join("one.csv"), "from,to\na,b\n\nc\n").unwrap();
    one_line_error(
        &grundy(&["graph", "one.csv"], p),
        "line 4: expected 2 columns `from,to`, found 1",
    );
    std::fs::write(p.join("header.csv"), "source,target\na,b\n").unwrap();
    one_line_error(
        &grundy(&["graph", "header.csv"], p),
        "header.csv line 1: expected the header `from,to`, found `source,target`",
    );
    std::fs::write(p.join("noheader.csv"), "a,b\nb,c\n").unwrap();
    one_line_error(
        &grundy(&["graph", "noheader.csv"], p),
        "line 1: expected the header",
    );
    std::fs::write(p.join("empty.csv"), "").unwrap();
    one_line_error(
        &grundy(&["graph", "empty.csv"], p),
        "empty.csv line 1: empty input",
    );
    std::fs::write(p.join("blank.csv"), "from,to\na,b\nc,\n").unwrap();
    one_line_error(
        &grundy(&["graph", "blank.csv"], p),
        "line 3: empty vertex name in column `to`",
    );
    std::fs::write(p.join("utf8.csv"), b"from,to\na,b\n\xc3\x28,b\n").unwrap();
    one_line_error(
        &grundy(&["graph", "utf8.csv"], p),
        "line 3: the vertex name in column `from` is not valid UTF-8",
    );
    one_line_error(
        &grundy(&["graph", "missing.csv"], p),
        "cannot read missing.csv",
    );
    one_line_error(&grundy(&["graph", "."], p), "cannot read .");
}

#[test]
fn hostile_graph_inputs() {
    let d = tempfile::tempdir().unwrap();
    // Huge numeric names are names, not vertex ids to allocate.
    std::fs::write(
        d.path().join("g.csv"),
        "from,to\n18446744073709551615,0\n0,1\n",
    )
    .unwrap();
    let o = grundy(&["graph", "g.csv", "--json"], d.path());
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["vertices"], 3);
    assert_eq!(v["values"][0]["vertex"], "18446744073709551615");
    assert_eq!(v["values"][0]["outcome"], "P");
    assert_eq!(v["values"][0]["first_player_wins"], false);
    assert_eq!(v["values"][1]["outcome"], "N");
    assert_eq!(v["values"][1]["first_player_wins"], true);
    // --out never overwrites the input.
    one_line_error(
        &grundy(&["graph", "g.csv", "--out", "g.csv"], d.path()),
        "is the input",
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("g.csv")).unwrap(),
        "from,to\n18446744073709551615,0\n0,1\n"
    );
    std::fs::create_dir(d.path().join("dir")).unwrap();
    one_line_error(&grundy(&["graph", "dir"], d.path()), "is a directory");
    std::fs::write(d.path().join("e.csv"), "").unwrap();
    one_line_error(&grundy(&["graph", "e.csv"], d.path()), "empty input");
}

/// A value is written to JSON as its number or its `∞(...)` text.
#[test]
fn values_serialise_as_numbers_and_infinity_text() {
    use grundy::games::graph::Gamma;
    assert_eq!(
        serde_json::to_string(&[Gamma::Finite(2), Gamma::Infinite(vec![0])]).unwrap(),
        r#"[2,"∞(0)"]"#
    );
}
