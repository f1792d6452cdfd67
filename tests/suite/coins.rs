//! Coin-turning games: the closed forms of the built-in rules, the
//! coin-turning theorem against plain game-tree search (the core's generic
//! solver over [`CoinRow`]), the moves, and the command line.

use crate::common::{grundy, one_line_error};
use grundy::games::coins::{moves_to_value, nimber, winning_moves, CoinMove, CoinRow, Coins, Rule};
use grundy::impartial::{MemoSolver, Nimber};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn rule(s: &str) -> Rule {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// OEIS A000069, the odious numbers, first 32 terms.
const ODIOUS: [u32; 32] = [
    1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31, 32, 35, 37, 38, 41, 42, 44, 47, 49,
    50, 52, 55, 56, 59, 61, 62,
];

/// Rules cross-checked against plain game-tree search.
const RULES: [&str; 12] = [
    "turtles",
    "mock-turtles",
    "ruler",
    "at(1,3)",
    "run(3)|upto(2)",
    "exactly(3)",
    "upto(1)",
    "upto(4)",
    "exactly(2)|at(1,2)",
    "run(2)|at(3)",
    "ruler|exactly(3)",
    "at(2,3,5)|run(3)",
];

#[test]
fn turning_turtles_values_are_the_coin_numbers() {
    let g = Rule::turtles().single_values(5000);
    assert_eq!(g.len(), 5001);
    assert_eq!(g[0], 0);
    for (k, &v) in g.iter().enumerate() {
        assert_eq!(v as usize, k, "g({k})");
    }
}

#[test]
fn ruler_values_are_the_largest_power_of_two_dividing_k() {
    let g = Rule::ruler().single_values(5000);
    assert_eq!(&g[1..17], [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
    for (k, &v) in g.iter().enumerate().skip(1) {
        let p = 1u32 << k.trailing_zeros();
        assert_eq!(v, p, "g({k})");
        assert_eq!(k % p as usize, 0);
        assert_ne!((k / p as usize) % 2, 0);
    }
}

#[test]
fn mock_turtles_values_are_the_odious_numbers() {
    let g = Rule::mock_turtles().single_values(5000);
    assert_eq!(&g[1..=32], ODIOUS);
    // The k-th odious number: the odious numbers in increasing order.
    let mut odious = (0u32..).filter(|x| x.count_ones() % 2 == 1);
    for (k, &v) in g.iter().enumerate().skip(1) {
        assert_eq!(v, odious.next().unwrap(), "g({k})");
    }
}

#[test]
fn names_are_their_expressions() {
    assert_eq!(rule("turtles"), rule("upto(2)"));
    assert_eq!(rule("turning-turtles"), rule("upto(2)"));
    assert_eq!(rule("mock-turtles"), rule("upto(3)"));
    assert_eq!(rule("ruler"), rule("run"));
    assert_eq!(
        rule("turtles|at(1)").single_values(50),
        rule("upto(2)").single_values(50)
    );
    for s in RULES {
        let r = rule(s);
        assert_eq!(rule(&r.to_string()), r, "{s}");
    }
}

#[test]
fn bad_rules_and_rows_are_errors() {
    for s in [
        "", "upto(0)", "foo", "upto(2", "upto(2))", "a:b", "at(1,1)", "run(3)+x",
    ] {
        assert!(
            matches!(s.parse::<Rule>(), Err(grundy::Error::MalformedRule { .. })),
            "{s:?}"
        );
    }
    match "THXTH".parse::<Coins>() {
        Err(grundy::Error::MalformedPosition { text, source }) => {
            assert_eq!(text, "THXTH");
            let reason = source.to_string();
            assert!(
                reason.contains("'X'") && reason.contains("column 3"),
                "{reason}"
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        "".parse::<Coins>(),
        Err(grundy::Error::MalformedPosition { .. })
    ));
}

/// The Grundy value of every row of `n` coins under `rule` by plain
/// game-tree search: the core's memoised solver over [`CoinRow`], which
/// knows nothing of the coin-turning theorem (the row is one component).
fn plain_values(rule: &Rule, n: usize) -> (CoinRow, Vec<Nimber>) {
    let row = CoinRow::new(rule.clone(), n).unwrap();
    let mut s = MemoSolver::new();
    let values = (0u64..1 << n)
        .map(|m| s.nimber(&row.with_mask(m)))
        .collect();
    (row, values)
}

/// The coin-turning theorem: for every row of up to 12 coins, the Grundy
/// value from plain game-tree search equals the nim-sum of single-head
/// values, and the single-head rows give `single_values`.
#[test]
fn plain_search_agrees_with_the_theorem() {
    const N: usize = 12;
    for s in RULES {
        let r = rule(s);
        let (_, plain) = plain_values(&r, N);
        let g = r.single_values(N);
        for (k, &v) in g.iter().enumerate().skip(1) {
            assert_eq!(plain[1 << (k - 1)], Nimber(v), "{s}: g({k})");
        }
        for mask in 0u64..1 << N {
            let full = Coins::from_mask(N, mask).unwrap();
            assert_eq!(nimber(&r, &full), plain[mask as usize], "{s}: {full}");
            // The same heads in the shortest row holding them.
            let len = (64 - mask.leading_zeros() as usize).max(1);
            let short = Coins::from_mask(len, mask).unwrap();
            assert_eq!(nimber(&r, &short), plain[mask as usize], "{s}: {short}");
        }
    }
}

/// For every row of up to 10 coins and every value, `moves_to_value` is
/// exactly the set of the plain game's options with that value.
#[test]
fn moves_to_value_are_exactly_the_plain_options() {
    const N: usize = 10;
    for s in RULES {
        let r = rule(s);
        let (base, plain) = plain_values(&r, N);
        for mask in 0u64..1 << N {
            let row = Coins::from_mask(N, mask).unwrap();
            let options = base.with_mask(mask).option_masks();
            let value = |o: u64| plain[o as usize];
            let top = options.iter().map(|&o| value(o).0).max().unwrap_or(0);
            for t in 0..=top + 1 {
                let want: BTreeSet<u64> = options
                    .iter()
                    .copied()
                    .filter(|&o| value(o) == Nimber(t))
                    .collect();
                let moves = moves_to_value(&r, &row, Nimber(t));
                let got: BTreeSet<u64> = moves
                    .iter()
                    .map(|m| m.apply(&row).mask().unwrap())
                    .collect();
                assert_eq!(got.len(), moves.len(), "{s} {row} *{t}: repeats");
                assert_eq!(got, want, "{s} {row} *{t}");
                let mut sorted = moves.clone();
                sorted.sort();
                assert_eq!(sorted, moves, "{s} {row}: sorted");
            }
        }
    }
}

#[test]
fn worked_examples() {
    let row: Coins = "THHTH".parse().unwrap();
    let t = Rule::turtles();
    assert_eq!(nimber(&t, &row), Nimber(2 ^ 3 ^ 5));
    let w = winning_moves(&t, &row);
    assert_eq!(w, [CoinMove { turned: vec![1, 5] }]);
    assert_eq!(w[0].apply(&row).to_string(), "HHHTT");
    assert_eq!(w[0].to_string(), "turn 1,5");
    // Mock Turtles: HTHHTTHH has g = 1 ^ 4 ^ 7 ^ 13 ^ 14 = 1.
    let m = Rule::mock_turtles();
    let row: Coins = "HTHHTTHH".parse().unwrap();
    assert_eq!(nimber(&m, &row), Nimber(1));
    let w: Vec<String> = winning_moves(&m, &row)
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        w,
        [
            "turn 1",
            "turn 2,3,4",
            "turn 2,7,8",
            "turn 3,5,7",
            "turn 3,6,8",
            "turn 4,5,8",
            "turn 4,6,7"
        ]
    );
    // Ruler: heads at 4 and 6 give 4 ^ 2 = 6; the winning move turns the
    // run 3..=6 (values 1, 4, 1, 2: the other coins' sum 4 cancels).
    let r = Rule::ruler();
    let row: Coins = "TTTHTH".parse().unwrap();
    assert_eq!(nimber(&r, &row), Nimber(6));
    for mv in winning_moves(&r, &row) {
        assert_eq!(nimber(&r, &mv.apply(&row)), Nimber(0));
    }
}

/// A long Mock Turtles row is solved through the hash index quickly.
#[test]
fn long_rows_are_fast() {
    let text: String = (0..2000)
        .map(|i| if (i * 7 + i / 3) % 5 < 2 { 'H' } else { 'T' })
        .collect();
    let row: Coins = text.parse().unwrap();
    for s in ["turtles", "mock-turtles", "ruler"] {
        let r = rule(s);
        let v = nimber(&r, &row);
        let w = winning_moves(&r, &row);
        assert_eq!(w.is_empty(), v == Nimber(0), "{s}");
        for mv in w.iter().take(50) {
            assert!(mv.is_legal(&r, &row));
            assert_eq!(nimber(&r, &mv.apply(&row)), Nimber(0), "{s} {mv}");
        }
    }
}

fn any_rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just("turtles"),
        Just("mock-turtles"),
        Just("ruler"),
        Just("at(1,3)"),
        Just("run(3)|upto(2)"),
        Just("exactly(3)"),
        Just("upto(4)"),
        Just("exactly(2)|at(1,2)"),
        Just("ruler|at(3)"),
    ]
    .prop_map(rule)
}

fn any_row() -> impl Strategy<Value = Coins> {
    proptest::collection::vec(any::<bool>(), 1..48).prop_map(|v| Coins::new(v).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Winning moves are legal, lead to *0, and exist exactly when the
    /// row's value is non-zero.
    #[test]
    fn winning_moves_are_legal_and_win(r in any_rule(), row in any_row()) {
        let v = nimber(&r, &row);
        let w = winning_moves(&r, &row);
        prop_assert_eq!(w.is_empty(), v == Nimber(0));
        for m in &w {
            prop_assert!(r.allows(&m.turned), "{} not allowed", m);
            prop_assert!(row.is_head(*m.turned.last().unwrap()), "{} rightmost not a head", m);
            prop_assert!(m.is_legal(&r, &row));
            let next = m.apply(&row);
            prop_assert_eq!(next.len(), row.len());
            prop_assert_eq!(nimber(&r, &next), Nimber(0));
        }
    }

    /// Every move to a given value really has that value, and every value
    /// below the row's own is reachable (the mex property of heads).
    #[test]
    fn moves_to_value_reach_the_value(r in any_rule(), row in any_row(), t in 0u32..40) {
        for m in moves_to_value(&r, &row, Nimber(t)) {
            prop_assert!(m.is_legal(&r, &row));
            prop_assert_eq!(nimber(&r, &m.apply(&row)), Nimber(t));
        }
        let v = nimber(&r, &row);
        if t < v.0 {
            prop_assert!(!moves_to_value(&r, &row, Nimber(t)).is_empty());
        }
    }

    /// Rows print and parse back.
    #[test]
    fn rows_round_trip(row in any_row()) {
        prop_assert_eq!(row.to_string().parse::<Coins>().unwrap(), row.clone());
        prop_assert_eq!(row.to_string().to_lowercase().parse::<Coins>().unwrap(), row);
    }
}

#[test]
fn cli_prints_nimber_and_winning_moves() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["coins", "turtles", "THHTH", "--json"], d.path());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().count(), 1, "{out}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["rule"], "turtles");
    assert_eq!(j["position"], "THHTH");
    assert_eq!(j["nimber"], 4);
    assert_eq!(
        j["winning_moves"],
        serde_json::json!([{"turned": [1, 5], "result": "HHHTT"}])
    );

    let o = grundy(&["coins", "turtles", "THHTH"], d.path());
    assert!(o.status.success());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("nimber: *4"), "{out}");
    assert!(out.contains("turn 1,5 -> HHHTT"), "{out}");

    let o = grundy(&["coins", "turtles", "HHT", "--json"], d.path());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["nimber"], 3);
    let o = grundy(&["coins", "ruler", "HH"], d.path());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("nimber: *3"), "{out}");
    let o = grundy(&["coins", "turtles", "HTH"], d.path());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("nimber: *2"), "{out}");
    let o = grundy(&["coins", "upto(2)", "HHH"], d.path());
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("nimber: *0 (P-position"), "{out}");
    assert!(out.contains("winning moves: none"), "{out}");
}

#[test]
fn cli_prints_tables() {
    let d = tempfile::tempdir().unwrap();
    let o = grundy(&["coins", "mock-turtles", "--table", "6"], d.path());
    assert!(o.status.success());
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "coin,nimber\n1,1\n2,2\n3,4\n4,7\n5,8\n6,11\n"
    );
    let o = grundy(&["coins", "run", "--max-n", "8", "--json"], d.path());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["rule"], "ruler");
    assert_eq!(j["values"], serde_json::json!([1, 2, 1, 4, 1, 2, 1, 8]));
    assert_eq!(
        (j["first_n"].as_u64(), j["max_n"].as_u64()),
        (Some(1), Some(8))
    );
}

#[test]
fn cli_bad_input_exits_2_with_one_line() {
    let d = tempfile::tempdir().unwrap();
    one_line_error(
        &grundy(&["coins", "turtles", "THXTH"], d.path()),
        "column 3",
    );
    one_line_error(
        &grundy(&["coins", "turtles", ""], d.path()),
        "malformed position",
    );
    one_line_error(
        &grundy(&["coins", "upto(0)", "TH"], d.path()),
        "malformed coin-turning rule \"upto(0)\"",
    );
    one_line_error(
        &grundy(&["coins", "turtle", "TH"], d.path()),
        "unknown word",
    );
    one_line_error(
        &grundy(&["coins", "upto(2", "--table", "3"], d.path()),
        "unbalanced parentheses",
    );
    one_line_error(
        &grundy(&["coins", "turtles", "--table", "0"], d.path()),
        "--max-n 0",
    );
    one_line_error(
        &grundy(&["coins", "upto(40)", "--table", "40"], d.path()),
        "out of range",
    );
}

#[test]
fn run_k_table_is_fast_and_right() {
    // run(K) was O(K) per coin: run(100000) to 300,000 coins took minutes.
    let d = tempfile::tempdir().unwrap();
    let t = std::time::Instant::now();
    let o = grundy(&["coins", "run(100000)", "--max-n", "300000"], d.path());
    assert!(o.status.success());
    assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
    let text = String::from_utf8(o.stdout).unwrap();
    // Below K a run(K) row is a Ruler row: g(k) is the largest power of 2 dividing k.
    assert!(text.contains("\n98304,32768\n"), "{}", &text[..200]);
    let rule: Rule = "run(100000)".parse().unwrap();
    let want = rule.single_values(300000);
    let last = text.lines().last().unwrap();
    assert_eq!(last, format!("300000,{}", want[300000]));
}

#[test]
fn ruler_moves_are_counted_and_listed_up_to_twenty() {
    // 40,000 heads under Ruler printed 1.6 GB of moves.
    let d = tempfile::tempdir().unwrap();
    let row = "H".repeat(40_000);
    let o = grundy(&["coins", "ruler", &row, "--json"], d.path());
    assert!(o.status.success());
    assert!(o.stdout.len() < 20_000_000, "{} bytes", o.stdout.len());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let count = j["winning_moves_count"].as_u64().unwrap();
    assert!(count > 20, "{count}");
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), 20);
    assert_eq!(j["truncated"], true);
    assert_eq!(j["outcome"], "N");
    assert_eq!(j["first_player_wins"], true);
    // The listed moves are the first of the full, sorted list.
    let short = "H".repeat(300);
    let all = winning_moves(&Rule::ruler(), &short.parse().unwrap());
    let o = grundy(&["coins", "ruler", &short, "--json"], d.path());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["winning_moves_count"].as_u64(), Some(all.len() as u64));
    let listed: Vec<Vec<usize>> = j["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| serde_json::from_value(m["turned"].clone()).unwrap())
        .collect();
    let first: Vec<Vec<usize>> = all.iter().take(20).map(|m| m.turned.clone()).collect();
    assert_eq!(listed, first);
    let o = grundy(&["coins", "ruler", &short, "--json", "--all"], d.path());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), all.len());
    assert_eq!(j["truncated"], false);
    let o = grundy(&["coins", "ruler", &short], d.path());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(
        text.contains(&format!("winning moves ({}):", all.len())),
        "{text}"
    );
    assert!(
        text.contains(&format!("... and {} more (--all", all.len() - 20)),
        "{text}"
    );
}

#[test]
fn deep_rules_and_costly_moves_are_refused() {
    let d = tempfile::tempdir().unwrap();
    let deep = format!("{}ruler{}", "(".repeat(5000), ")".repeat(5000));
    one_line_error(&grundy(&["coins", &deep, "H"], d.path()), "deeper than 64");
    let ok = format!("{}ruler{}", "(".repeat(64), ")".repeat(64));
    assert!(grundy(&["coins", &ok, "H"], d.path()).status.success());
    // upto(6) on 3,000 heads enumerates ~n^4 sets per head.
    let row = "H".repeat(3000);
    one_line_error(&grundy(&["coins", "upto(6)", &row], d.path()), "--force");
    one_line_error(
        &grundy(&["coins", "upto(20)", "--max-n", "10000000"], d.path()),
        "--force",
    );
    let many = vec!["upto(1)"; 300].join("|");
    one_line_error(
        &grundy(&["coins", &many, "H"], d.path()),
        "at most 256 terms",
    );
    let ds: Vec<String> = (1..=300).map(|d| d.to_string()).collect();
    let at = format!("at({})", ds.join(","));
    one_line_error(&grundy(&["coins", &at, "H"], d.path()), "at most 256");
    one_line_error(
        &grundy(&["coins", "upto(99999999999999999999999)", "H"], d.path()),
        "too large",
    );
}
