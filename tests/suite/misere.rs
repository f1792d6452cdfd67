//! Misère play: genus against CGSuite's published values, the genus
//! formula against a direct search with Nim heaps in the sum, the search
//! against misère Nim's closed form, and `sum --misere` through the binary.

use crate::common::{grundy, one_line_error};
use grundy::games::coins::Rule;
use grundy::games::misere::families::{CoinRows, Heaps, NimHeaps};
use grundy::games::misere::genus::{Genus, GenusRule};
use grundy::games::misere::nim;
use grundy::games::misere::search::{MisereNimber, MisereOutcome, Search};
use grundy::games::misere::{Atom, Family, Outcome};
use serde_json::Value;
use std::collections::HashMap;

/// CGSuite's `GameHeapTest` (cgsuite/cgsuite, lib/core/src/test/scala/org/
/// cgsuite/lang/GameHeapTest.scala): misère nim values and genus symbols of
/// heaps 0..=20, in its notation (see `grundy::games::misere::genus`).
const CGSUITE: [(&str, &str, &str); 4] = [
    (
        "0.77",
        "1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0",
        "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
    ),
    (
        "0.07",
        "1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3",
        "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
    ),
    (
        "0.0330003",
        "1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1,1,0,0,2,1",
        "0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0,0,1,1,2,0",
    ),
    (
        "hex:0.3F",
        "1,0,2,1,0,2,1,0,4,1,0,4,1,0,6,1,0,6,1,0,6",
        "0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)",
    ),
];

/// Splits CGSuite's list at the top-level commas (not those inside
/// parentheses).
fn symbols(list: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0;
    for c in list.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(String::new());
                continue;
            }
            _ => {}
        }
        out.last_mut().unwrap().push(c);
    }
    out
}

#[test]
fn genus_agrees_with_cgsuite() {
    let d = tempfile::tempdir().unwrap();
    for (code, misere, genera) in CGSUITE {
        let o = grundy(
            &["octal", "genus", code, "--max-n", "20", "--json"],
            d.path(),
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let j: Value = serde_json::from_slice(&o.stdout).unwrap();
        let rows = j["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 21);
        let want_misere: Vec<u64> = misere.split(',').map(|x| x.parse().unwrap()).collect();
        for (n, sym) in symbols(genera).iter().enumerate() {
            let r = &rows[n];
            assert_eq!(r["n"], n);
            assert_eq!(r["misere_nimber"], want_misere[n], "{code} heap {n}");
            let want = Genus::from_cgsuite(sym).unwrap();
            assert_eq!(
                r["genus"],
                want.to_string(),
                "{code} heap {n}: CGSuite {sym}"
            );
            assert_eq!(r["nimber"], want.g, "{code} heap {n}");
        }
    }
}

#[test]
fn tameness_of_the_classics() {
    let d = tempfile::tempdir().unwrap();
    let first_wild = |code: &str| {
        let o = grundy(
            &["octal", "genus", code, "--max-n", "30", "--json"],
            d.path(),
        );
        assert!(o.status.success());
        let j: Value = serde_json::from_slice(&o.stdout).unwrap();
        j["first_wild"].clone()
    };
    // Kayles heap 5 has genus 4^146 and Dawson's Kayles heap 10 3^1431
    // (Winning Ways ch. 13; CGSuite): the first wild heaps.
    assert_eq!(first_wild("kayles"), 5);
    assert_eq!(first_wild("0.07"), 10);
    // A subtraction game that cannot split is tame: its heaps are Nim heaps
    // (0.0330003, subtraction set {2, 3, 7}; CGSuite lists nim-heap genera).
    assert_eq!(first_wild("0.0330003"), Value::Null);
}

/// The misère nimber of `atoms` by a direct search (no genus).
fn misere_nimber(
    search: &mut Search<'_>,
    memo: &mut HashMap<Box<[Atom]>, u32>,
    atoms: Vec<Atom>,
) -> u32 {
    let p = search.position(atoms).unwrap();
    search.evaluate(&MisereNimber, memo, &p).unwrap()
}

#[test]
fn the_genus_formula_matches_a_search_with_nim_heaps_in_the_sum() {
    // γk of heap n is the misère nimber of n + *2 + … + *2 (k copies), and
    // adding *1 changes it by ⊕ 1 (ONAG Theorem 77): both searched
    // directly, for several codes and every heap up to 11.
    for code in ["0.77", "0.07", "0.137", "4.07", "0.6", "hex:0.3F"] {
        let heaps = Heaps {
            code: code.parse().unwrap(),
        };
        let families: [&dyn Family; 2] = [&heaps, &NimHeaps];
        let mut search = Search::new(&families, 1 << 22);
        let mut genus_memo = HashMap::new();
        let mut memo = HashMap::new();
        for n in 0..=11u64 {
            let root = search.position(vec![Atom { family: 0, id: n }]).unwrap();
            let g = search
                .evaluate(&GenusRule, &mut genus_memo, &root)
                .unwrap()
                .genus;
            for k in 0..=4usize {
                let mut atoms = vec![Atom { family: 0, id: n }];
                atoms.extend(std::iter::repeat_n(Atom { family: 1, id: 2 }, k));
                let gamma = misere_nimber(&mut search, &mut memo, atoms.clone());
                assert_eq!(gamma, g.gamma(k), "{code} heap {n}, k = {k}: genus {g}");
                atoms.push(Atom { family: 1, id: 1 });
                let plus_one = misere_nimber(&mut search, &mut memo, atoms);
                assert_eq!(plus_one, gamma ^ 1, "{code} heap {n} + {k}×*2 + *1");
            }
        }
    }
}

#[test]
fn the_search_agrees_with_misere_nim() {
    // Every Nim position of up to 4 heaps of at most 6: the search (which
    // knows nothing of Bouton) against Bouton's rule.
    let families: [&dyn Family; 1] = [&NimHeaps];
    let mut search = Search::new(&families, 1 << 20);
    let mut count = 0;
    for a in 0..=6u64 {
        for b in a..=6 {
            for c in b..=6 {
                for d in c..=6 {
                    let heaps = [a, b, c, d];
                    let atoms = heaps.iter().map(|&id| Atom { family: 0, id }).collect();
                    let p = search.position(atoms).unwrap();
                    let o = search.outcome(&p).unwrap();
                    assert_eq!(o == Outcome::P, nim::is_p_position(&heaps), "{heaps:?}");
                    count += 1;
                }
            }
        }
    }
    assert_eq!(count, 210);
}

#[test]
fn outcomes_and_winning_moves_are_consistent() {
    // For every sum of up to three Kayles heaps of total at most 14: the
    // outcome search equals "misère nimber is 0", every winning move leads
    // to a P-position, and an N-position has one.
    let heaps = Heaps {
        code: "0.77".parse().unwrap(),
    };
    let families: [&dyn Family; 1] = [&heaps];
    let mut search = Search::new(&families, 1 << 22);
    let mut memo = HashMap::new();
    let mut sums = 0;
    for a in 1..=14u64 {
        for b in 0..=a {
            for c in 0..=b {
                if a + b + c > 14 {
                    continue;
                }
                let atoms: Vec<Atom> = [a, b, c].iter().map(|&id| Atom { family: 0, id }).collect();
                let p = search.position(atoms.clone()).unwrap();
                let o = search.outcome(&p).unwrap();
                let m = misere_nimber(&mut search, &mut memo, atoms);
                assert_eq!(o == Outcome::P, m == 0, "{a}+{b}+{c}");
                let wins = search.winning_moves(&p).unwrap();
                assert_eq!(wins.is_empty(), o == Outcome::P, "{a}+{b}+{c}");
                for w in &wins {
                    assert_eq!(search.outcome(&w.to).unwrap(), Outcome::P);
                }
                sums += 1;
            }
        }
    }
    assert_eq!(sums, 146); // (a, b, c) with 14 >= a >= b >= c >= 0, a >= 1, a + b + c <= 14
                           // The outcome rule alone, as evaluate() runs it, agrees too.
    let p = search.position(vec![Atom { family: 0, id: 4 }]).unwrap();
    assert!(search
        .evaluate(&MisereOutcome, &mut HashMap::new(), &p)
        .unwrap());
}

#[test]
fn coin_rows_follow_their_own_search() {
    // A misère coin row is one component: compare with the misère nimber
    // rule over every row of 6 coins under turtles.
    let rows = CoinRows::new(Rule::turtles(), 6).unwrap();
    let families: [&dyn Family; 1] = [&rows];
    let mut search = Search::new(&families, 1 << 20);
    let mut memo = HashMap::new();
    for mask in 0..64u64 {
        let p = search
            .position(vec![Atom {
                family: 0,
                id: mask,
            }])
            .unwrap();
        let o = search.outcome(&p).unwrap();
        let m = misere_nimber(
            &mut search,
            &mut memo,
            vec![Atom {
                family: 0,
                id: mask,
            }],
        );
        assert_eq!(o == Outcome::P, m == 0, "mask {mask:06b}");
        // Turtles on one head is a Nim heap of its position: misère *k.
        if mask.count_ones() == 1 {
            let k = mask.trailing_zeros() + 1;
            assert_eq!(m, if k == 1 { 0 } else { k }, "single head at {k}");
        }
    }
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn sum_misere_through_the_binary() {
    let d = tempfile::tempdir().unwrap();
    let json = |sum: &str| -> Value {
        let o = grundy(&["sum", "--misere", sum, "--json"], d.path());
        assert!(
            o.status.success(),
            "{sum}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        serde_json::from_str(&stdout(&o)).unwrap()
    };
    // Single Kayles heaps: P exactly where the misère nimber is 0 (CGSuite:
    // heaps 1, 4, 9, 12, 20 up to 20).
    for n in 1..=20 {
        let j = json(&format!("kayles:{n}"));
        let p = [1, 4, 9, 12, 20].contains(&n);
        assert_eq!(j["outcome"], if p { "P" } else { "N" }, "kayles:{n}");
        assert_eq!(j["first_player_wins"], !p);
        assert_eq!(j["winning_moves_count"] == 0, p);
    }
    // Normal play says *1 + *1 + *1 is *1 (N); misère Nim says P.
    let j = json("nim:1 + nim:1 + nim:1");
    assert_eq!(j["outcome"], "P");
    assert_eq!(j["method"], "misère Nim (Bouton)");
    // 0.77:5 + 0.77:7 + kayles:9: three winning moves, each checked.
    let j = json("0.77:5 + 0.77:7 + kayles:9");
    assert_eq!(j["outcome"], "N");
    let moves = j["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    for m in moves {
        let c = m["component"].as_u64().unwrap() as usize;
        let mut parts = vec!["kayles:5".to_string(), "kayles:7".into(), "kayles:9".into()];
        parts[c - 1] = m["to"].as_str().unwrap().to_string();
        let after = parts
            .into_iter()
            .filter(|p| p != "0")
            .collect::<Vec<_>>()
            .join(" + ");
        assert_eq!(json(&after)["outcome"], "P", "{after}");
    }
    // Mixed families.
    let j = json("kayles:3 + nim:2 + coins:turtles:THT");
    assert!(j["outcome"] == "P" || j["outcome"] == "N");
    // A graph vertex: a path a -> b -> c is *2-like under normal play; under
    // misère play a lone token at a (two moves left) is an N-position.
    std::fs::write(d.path().join("g.csv"), "from,to\na,b\nb,c\n").unwrap();
    assert_eq!(json("graph:g.csv:a")["outcome"], "N");
    assert_eq!(json("graph:g.csv:b")["outcome"], "P");
    assert_eq!(json("graph:g.csv:c")["outcome"], "N");
}

#[test]
fn sum_misere_refusals() {
    let d = tempfile::tempdir().unwrap();
    one_line_error(
        &grundy(&["sum", "--misere", "treblecross:..."], d.path()),
        "misère play of this family is another game",
    );
    one_line_error(
        &grundy(&["sum", "--misere", "monorail:-"], d.path()),
        "misère play of this family is another game",
    );
    one_line_error(
        &grundy(&["sum", "--misere", "cram:8x8 + nim:1"], d.path()),
        "past what the engine holds",
    );
    one_line_error(
        &grundy(
            &[
                "sum",
                "--misere",
                "0.354:9 + 4.7:19 + 0.72:5",
                "--max-positions",
                "1000",
                "--budget",
                "0",
            ],
            d.path(),
        ),
        "more positions than the 1000 it stored without deciding it",
    );
    one_line_error(
        &grundy(&["octal", "genus", "kayles", "--max-n", "200"], d.path()),
        "pass --force",
    );
    std::fs::write(d.path().join("loop.csv"), "from,to\na,b\nb,a\n").unwrap();
    one_line_error(
        &grundy(&["sum", "--misere", "graph:loop.csv:a"], d.path()),
        "cycle of moves",
    );
}

#[test]
fn the_quotient_and_the_search_decide_sums_alike() {
    // Sums large enough that `sum --misere` uses the proved quotient,
    // against `--search`: the same outcome and the same winning moves.
    let d = tempfile::tempdir().unwrap();
    let run = |sum: &str, extra: &[&str]| -> Value {
        let mut args = vec!["sum", "--misere", sum, "--json", "--all", "--force"];
        args.extend_from_slice(extra);
        let o = grundy(&args, d.path());
        assert!(
            o.status.success(),
            "{sum}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        serde_json::from_str(&stdout(&o)).unwrap()
    };
    let moves = |j: &Value| -> Vec<(u64, String)> {
        let mut v: Vec<(u64, String)> = j["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["component"].as_u64().unwrap(),
                    m["to"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        v.sort();
        v
    };
    for sum in [
        "kayles:12 + kayles:10 + kayles:9",
        "kayles:11 + kayles:11 + kayles:7",
        "0.07:14 + 0.07:12 + 0.07:10",
        "0.07:13 + 0.07:13 + 0.07:6 + 0.07:4",
    ] {
        let q = run(sum, &["--quotient"]);
        assert!(
            q["method"].as_str().unwrap().starts_with("misère quotient"),
            "{sum}: {}",
            q["method"]
        );
        let s = run(sum, &["--search"]);
        assert_eq!(s["method"], "search", "{sum}");
        assert_eq!(q["outcome"], s["outcome"], "{sum}");
        assert_eq!(moves(&q), moves(&s), "{sum}");
    }
    // Misère Nim's rule against the search, through the binary.
    for sum in [
        "nim:1 + nim:1 + nim:1",
        "nim:3 + nim:5 + nim:6",
        "nim:2 + nim:2 + nim:1",
    ] {
        assert_eq!(
            run(sum, &[])["outcome"],
            run(sum, &["--search"])["outcome"],
            "{sum}"
        );
    }
}

/// The rows of a board given as `RxC` or a picture (`/` between rows).
fn rows_of(board: &str) -> Vec<String> {
    match board.split_once('x') {
        Some((r, c)) if !board.contains('/') => {
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            vec![".".repeat(c); r]
        }
        _ => board.split('/').map(str::to_string).collect(),
    }
}

/// One Cram picture holding every board of `boards` side by side, a
/// filled column between two: Cram on it is their sum.
fn side_by_side(boards: &[&str]) -> String {
    let parts: Vec<Vec<String>> = boards.iter().map(|b| rows_of(b)).collect();
    let h = parts.iter().map(Vec::len).max().unwrap();
    (0..h)
        .map(|r| {
            parts
                .iter()
                .map(|p| {
                    let w = p[0].len();
                    p.get(r).cloned().unwrap_or_else(|| "#".repeat(w))
                })
                .collect::<Vec<_>>()
                .join("#")
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Cram boards in misère sums: the outcome of `cram:A + cram:B` (and of a
/// board with Nim heaps: `nim:1` is a domino, `nim:2` a path of four cells,
/// the same game trees) is the outcome `grundy cram --misere` gives for
/// one picture holding them side by side, a different search (whole
/// positions, not components).
#[test]
fn cram_in_misere_sums() {
    let d = tempfile::tempdir().unwrap();
    let outcome = |args: &[&str]| -> String {
        let o = grundy(args, d.path());
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let v: Value = serde_json::from_slice(&o.stdout).unwrap();
        v["outcome"].as_str().unwrap().to_string()
    };
    let cases: [(&[&str], &[&str]); 9] = [
        (&["2x3"], &["nim:1"]),
        (&["2x2", "2x2"], &[]),
        (&["3x3", "2x2"], &[]),
        (&["1x5", "2x3"], &["nim:2"]),
        (&["3x4"], &[]),
        (&["..#/.../.##", "2x4"], &[]),
        (&["3x3", "3x3"], &["nim:1"]),
        (&["2x5", "1x3"], &["nim:2"]),
        (&["4x4"], &["nim:2"]),
    ];
    let mut seen = HashMap::new();
    for (boards, heaps) in cases {
        let mut sum: Vec<String> = boards.iter().map(|b| format!("cram:{b}")).collect();
        sum.extend(heaps.iter().map(|h| h.to_string()));
        let by_sum = outcome(&["sum", "--misere", &sum.join(" + "), "--json"]);
        let mut all: Vec<&str> = boards.to_vec();
        for h in heaps {
            all.push(if *h == "nim:1" { "1x2" } else { "1x4" });
        }
        let picture = side_by_side(&all);
        let whole = outcome(&["cram", &picture, "--misere", "--json"]);
        let whole = if whole == "N" || whole == "P" {
            whole
        } else {
            panic!("{picture}: outcome {whole}")
        };
        assert_eq!(by_sum, whole, "{} against {picture}", sum.join(" + "));
        *seen.entry(whole).or_insert(0) += 1;
    }
    // Both outcomes occur, so the comparison can fail either way.
    assert!(seen.len() == 2, "{seen:?}");
}
