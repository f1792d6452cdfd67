//! Sums of games: the Sprague–Grundy sum rule and the winning moves,
//! against a plain game-tree search of whole sums that uses no theory.

use crate::common::{grundy, one_line_error};
use grundy::games::summands::{parse_sum, Component};
use grundy::impartial::sum::winning_targets;
use grundy::impartial::{ImpartialGame, MemoSolver, Nimber};
use proptest::prelude::*;

/// A whole sum of Kayles heaps and Nim heaps as one game: (kind, size)
/// pairs, kind 0 = Kayles, 1 = Nim, sorted. Options are generated from the
/// rules directly.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Whole(Vec<(u8, u8)>);

impl Whole {
    fn new(mut v: Vec<(u8, u8)>) -> Whole {
        v.retain(|&(_, s)| s > 0);
        v.sort_unstable();
        Whole(v)
    }
}

impl ImpartialGame for Whole {
    fn options(&self) -> Vec<Whole> {
        let mut out = Vec::new();
        for (i, &(kind, h)) in self.0.iter().enumerate() {
            let mut rest = self.0.clone();
            rest.remove(i);
            if kind == 1 {
                for t in 0..h {
                    let mut v = rest.clone();
                    v.push((1, t));
                    out.push(Whole::new(v));
                }
            } else {
                for k in 1..=2u8.min(h) {
                    for a in 0..=h - k {
                        let mut v = rest.clone();
                        v.push((0, a));
                        v.push((0, h - k - a));
                        out.push(Whole::new(v));
                    }
                }
            }
        }
        out
    }
}

fn text(parts: &[(u8, u8)]) -> String {
    parts
        .iter()
        .map(|&(k, s)| format!("{}:{s}", if k == 0 { "kayles" } else { "nim" }))
        .collect::<Vec<_>>()
        .join(" + ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]
    /// The value of a sum is the nim-sum of its components' values, and the
    /// winning moves listed are exactly the winning moves of the whole game.
    #[test]
    fn sums_match_whole_game_search(parts in proptest::collection::vec((0u8..2, 0u8..9), 1..4)) {
        let sum = parse_sum(&text(&parts)).unwrap();
        let values: Vec<Nimber> = sum.iter().map(|c| c.nimber().unwrap()).collect();
        let whole = Whole::new(parts.clone());
        let mut solver = MemoSolver::new();
        let total: Nimber = values.iter().copied().sum();
        prop_assert_eq!(solver.nimber(&whole), total);
        let mut listed = 0;
        for (c, t) in sum.iter().zip(winning_targets(&values)) {
            listed += c.moves_to(t).unwrap().len();
        }
        let mut wins: Vec<Whole> = solver.winning_moves(&whole);
        wins.sort_by(|a, b| a.0.cmp(&b.0));
        wins.dedup();
        // Equal heaps give the same resulting game from either one.
        let mut distinct = parts.clone();
        distinct.retain(|&(_, s)| s > 0);
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() == parts.iter().filter(|p| p.1 > 0).count() {
            prop_assert_eq!(listed, wins.len(), "{}", text(&parts));
        }
        prop_assert_eq!(wins.is_empty(), total.is_p_position());
    }
}

#[test]
fn the_issue_example() {
    let dir = tempfile::tempdir().unwrap();
    let o = grundy(
        &[
            "sum",
            "kayles:10 + dawsons-chess:7 + nim:5 + coins:turtles:THHTH",
            "--json",
        ],
        dir.path(),
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // Kayles G(10) = 2 (OEIS A002186), Dawson's Chess G(7) = 1 (A002187),
    // Turning Turtles THHTH = 2 ⊕ 3 ⊕ 5 = 4 (Winning Ways ch. 14).
    let nimbers: Vec<u64> = v["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["nimber"].as_u64().unwrap())
        .collect();
    assert_eq!(nimbers, vec![2, 1, 5, 4]);
    assert_eq!(v["nimber"], 2);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["first_player_wins"], true);
    let mut targets: Vec<(u64, u64)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["component"].as_u64().unwrap(),
                w["to_value"].as_u64().unwrap(),
            )
        })
        .collect();
    targets.dedup();
    // Components 1 (2 → 0), 2 (1 → 3, above its value, but Dawson's Chess
    // 7 has such an option), 4 (4 → 6, likewise); Nim 5 → 7 is impossible.
    assert_eq!(targets, vec![(1, 0), (2, 3), (4, 6)]);
    let coins: Vec<&serde_json::Value> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["component"] == 4)
        .collect();
    assert_eq!(coins[0]["nimber"], 4);
    assert_eq!(coins[0]["move"], "turn 1,3, leaving HHTTH");
    assert_eq!(coins[1]["move"], "turn 2, leaving TTHTH");
    assert_eq!(
        v["sum"],
        "kayles:10 + dawsons-chess:7 + nim:5 + coins:turtles:THHTH"
    );
}

#[test]
fn heap_sizes_are_checked_and_moves_bounded() {
    let dir = tempfile::tempdir().unwrap();
    for (sum, needle) in [
        ("kayles:99999999999999999999", "above the limit"),
        ("nim:18446744073709551616", "above the limit"),
        ("nim:16777217", "above the limit"),
        ("nim:-1", "not a whole number"),
        ("hex:0.8:100000", "at most 4096"),
    ] {
        one_line_error(&grundy(&["sum", sum], dir.path()), needle);
    }
    let o = grundy(&["sum", "0.137:100000 + nim:3", "--json"], dir.path());
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let n = v["winning_moves_count"].as_u64().unwrap();
    assert!(n > 40, "{n}");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 21);
    assert_eq!(v["truncated"], true);
}

#[test]
fn sums_print_back() {
    use grundy::games::summands::{format_sum, parse_sum};
    let text =
        "kayles:10+0.137:7 + hex:0.8F:6+nim:0+coins:Upto(1)|exactly(2):tHh+treblecross:..X......";
    let parts = parse_sum(text).unwrap();
    let back = parse_sum(&format_sum(&parts)).unwrap();
    assert_eq!(format_sum(&back), format_sum(&parts));
    assert_eq!(
        format_sum(&parts),
        "kayles:10 + dawsons-chess:7 + hex:0.8F:6 + nim:0 + coins:turtles:THH + treblecross:..X......"
    );
}

#[test]
fn treblecross_and_octal_codes_in_sums() {
    let s = parse_sum("treblecross:......... + 0.007:11 + hex:0.8F:6").unwrap();
    assert!(matches!(s[0], Component::Treblecross { .. }));
    // An empty 9-cell Treblecross row is a gap of 9 cells: G(11) of 0.007.
    assert_eq!(s[0].nimber().unwrap(), s[1].nimber().unwrap());
    let o = s[0].moves_to(Nimber(0)).unwrap();
    assert_eq!(o.len(), 5);
    assert!(o[0].starts_with("X in cell 1, leaving X........"), "{o:?}");
}

#[test]
fn bad_sums_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    one_line_error(&grundy(&["sum", "kayles:10 + foo:3"], dir.path()), "foo:3");
    one_line_error(&grundy(&["sum", "nim:x"], dir.path()), "not a whole number");
    one_line_error(
        &grundy(&["sum", "coins:turtles:THXTH"], dir.path()),
        "column 3",
    );
    one_line_error(
        &grundy(&["sum", "treblecross:X.X.."], dir.path()),
        "completes three",
    );
    // A missing component is named by its place, the whole sum quoted.
    for (sum, place) in [
        ("kayles:10 +", "after the last \"+\""),
        ("kayles:10 + ", "after the last \"+\""),
        ("+ nim:3", "before the first \"+\""),
        ("kayles:10 + + nim:3", "between two \"+\""),
    ] {
        let o = grundy(&["sum", sum], dir.path());
        one_line_error(
            &o,
            &format!(
                "malformed sum {:?}: a component is missing {place}",
                sum.trim()
            ),
        );
    }
    // A mistyped code is a code's error, not the list of families.
    one_line_error(
        &grundy(&["sum", "0.77x:5"], dir.path()),
        "malformed sum \"0.77x:5\": \"0.77x\" is not a game code (malformed code",
    );
}

/// An unknown family's error lists every family a component can be of,
/// and each family it lists is accepted.
#[test]
fn an_unknown_family_lists_every_family() {
    let e = parse_sum("foo:5").unwrap_err().to_string();
    assert!(
        e.starts_with("malformed sum \"foo:5\": unknown family \"foo\"; "),
        "{e}"
    );
    let examples = [
        ("nim:N", "nim:3"),
        ("coins:RULE:ROW", "coins:turtles:THT"),
        ("treblecross:ROW", "treblecross:....."),
        ("monorail:POSITION", "monorail:-"),
        ("monorail:T:POSITION", "monorail:10:-"),
        ("graph:FILE:VERTEX", "graph:game.csv:a"),
        ("CODE:N", "0.137:7"),
        ("hex:0.8F", "hex:0.8F:6"),
        ("4.[3]", "4.[3]:5"),
        ("sub:1,2,5", "sub:1,2,5:9"),
    ];
    for (form, example) in examples {
        assert!(e.contains(form), "{form} in {e}");
        assert!(parse_sum(example).is_ok(), "{example}");
    }
    // The octal games by name, every one but treblecross (a row here).
    for (name, _, _) in grundy::games::octal::theory::code::NAMED {
        if *name != "treblecross" {
            assert!(e.contains(name), "{name} in {e}");
            assert!(parse_sum(&format!("{name}:4")).is_ok(), "{name}");
        }
    }
    // Through the command line, the same one line.
    let dir = tempfile::tempdir().unwrap();
    one_line_error(
        &grundy(&["sum", "kayles:5 + foo:5"], dir.path()),
        "unknown family \"foo\"; a component is nim:N, coins:RULE:ROW, treblecross:ROW, monorail:",
    );
}

#[test]
fn big_components_list_twenty_moves() {
    // A Kayles heap of 10^6 has ~10^5 winning splits: counted, 20 formatted.
    let s = parse_sum("kayles:1000000").unwrap();
    let v = s[0].nimber().unwrap();
    let (count, moves) = s[0].moves_to_within(Nimber(0), 20).unwrap();
    assert!(v.value() != 0 && count > 20, "{count}");
    assert_eq!(moves, s[0].moves_to(Nimber(0)).unwrap()[..20].to_vec());
    let dir = tempfile::tempdir().unwrap();
    let row = format!("coins:ruler:{}", "H".repeat(40_000));
    let o = grundy(&["sum", &row, "--json"], dir.path());
    assert!(o.status.success());
    assert!(o.stdout.len() < 20_000_000, "{}", o.stdout.len());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), 20);
    assert_eq!(j["truncated"], true);
}
