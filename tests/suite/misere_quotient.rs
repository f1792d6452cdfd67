//! Misère quotients: each proved quotient checked against the search on
//! every small sum, the monoid laws on its table, its presentation against
//! its table, and its growth against the genus (a game is wild from the
//! heap where its quotient first outgrows the tame one).

use crate::common::{grundy, one_line_error};
use grundy::games::misere::learn::{quotient_partial_by, Limits, Method};
use grundy::games::misere::quotient::Quotient;
use grundy::games::octal::OctalCode;
use grundy::jobs::misere_quotient::{quotient, QuotientJob};
use grundy::progress::NoProgress;
use serde_json::Value;

fn computed(code: &str, n: usize, check: Option<(usize, usize)>) -> (Quotient, Option<usize>) {
    let code: OctalCode = code.parse().unwrap();
    let job = QuotientJob {
        code: &code,
        max_heap: n,
        force: false,
        check,
        out: None,
        budget_s: None,
        checkpoint: None,
    };
    let r = quotient(&job, &NoProgress).unwrap();
    (r.learned.quotient, r.checked_sums)
}

#[test]
fn quotients_predict_every_small_sum() {
    // Every sum of up to 3 heaps of total at most 24 (4 heaps, total 20
    // for the two splitting classics), the quotient's outcome against the
    // search's.
    let mut total = 0;
    for (code, n, check) in [
        ("0.77", 12, (4, 22)),
        ("0.07", 14, (4, 24)),
        ("0.137", 12, (3, 24)),
        ("0.6", 10, (3, 22)),
        ("4.07", 10, (3, 20)),
        ("0.0330003", 12, (3, 24)),
        ("0.75", 12, (3, 24)),
        ("hex:0.3F", 8, (3, 16)),
    ] {
        let (q, checked) = computed(code, n, Some(check));
        let checked = checked.unwrap();
        assert!(checked > 100, "{code}: {checked}");
        assert!(q.order() >= 2, "{code}");
        total += checked;
    }
    assert!(total > 3000, "{total}");
}

#[test]
fn the_monoid_laws_hold_and_the_presentation_names_every_element() {
    for (code, n) in [("0.77", 20), ("0.07", 16), ("0.137", 12), ("0.6", 10)] {
        let (q, _) = computed(code, n, None);
        let k = q.order() as u32;
        for x in 0..k {
            assert_eq!(q.mul(0, x), x, "{code}: identity");
            for y in 0..k {
                assert_eq!(q.mul(x, y), q.mul(y, x), "{code}: commutative");
                for z in 0..k {
                    assert_eq!(
                        q.mul(q.mul(x, y), z),
                        q.mul(x, q.mul(y, z)),
                        "{code}: associative"
                    );
                }
            }
        }
        // The empty sum is an N-position; the P-portion is not empty.
        assert!(!q.p_portion[0]);
        assert!(q.p_portion_size() >= 1);
        // Each element's normal form multiplies out to it.
        let p = q.presentation();
        let gen_elements: Vec<u32> = p.generators.iter().map(|(_, h)| q.pretending[*h]).collect();
        for (e, word) in p.words.iter().enumerate() {
            let mut x = 0;
            for (g, &exp) in gen_elements.iter().zip(word) {
                for _ in 0..exp {
                    x = q.mul(x, *g);
                }
            }
            assert_eq!(x as usize, e, "{code}: word of element {e}");
        }
    }
}

#[test]
fn growth_beyond_the_tame_quotient_is_where_the_genus_turns_wild() {
    // Kayles is tame to heap 4 and Dawson's Kayles to heap 9 (genus,
    // Winning Ways ch. 13; CGSuite): their quotients are the tame quotient
    // T (order 6, P-portion {a, b²}; Plambeck 2005, §5) up to there and grow
    // at the first wild heap.
    let d = tempfile::tempdir().unwrap();
    for (code, first_wild) in [("0.77", 5usize), ("0.07", 10)] {
        let o = grundy(
            &["octal", "quotient", code, "--max-heap", "14", "--json"],
            d.path(),
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let j: Value = serde_json::from_slice(&o.stdout).unwrap();
        for g in j["growth"].as_array().unwrap() {
            let n = g["n"].as_u64().unwrap() as usize;
            let order = g["order"].as_u64().unwrap();
            if (2..first_wild).contains(&n) && n >= 4 {
                assert_eq!(order, 6, "{code} Q_{n}");
                assert_eq!(g["p_portion_size"], 2, "{code} Q_{n}");
            }
            if n == first_wild {
                assert!(order > 6, "{code} Q_{n}: {order}");
            }
        }
        let wild = grundy(
            &["octal", "genus", code, "--max-n", "14", "--json"],
            d.path(),
        );
        let w: Value = serde_json::from_slice(&wild.stdout).unwrap();
        assert_eq!(w["first_wild"], first_wild);
        assert_eq!(j["proved_for_max_heap"], true);
        assert_eq!(j["whole_game_proved"], false);
        assert_eq!(j["pretending"].as_array().unwrap().len(), 15);
    }
}

#[test]
fn quotient_refusals_and_the_cross_check_flag() {
    let d = tempfile::tempdir().unwrap();
    one_line_error(
        &grundy(&["octal", "quotient", "0.7x", "--max-heap", "5"], d.path()),
        "0.7x",
    );
    one_line_error(
        &grundy(
            &["octal", "quotient", "kayles", "--max-heap", "70000"],
            d.path(),
        ),
        "65,535",
    );
    let o = grundy(
        &[
            "octal",
            "quotient",
            "kayles",
            "--max-heap",
            "8",
            "--verify",
            "3,20",
        ],
        d.path(),
    );
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("order 12, P-portion 3 elements"), "{text}");
    assert!(text.contains("all agree"), "{text}");
}

#[test]
fn every_two_digit_code_is_predicted_on_small_sums() {
    // A small misère census as a test: for every code 0.d1d2 the proved
    // Q_10 against the search on every sum of up to 3 heaps of total at
    // most 18, and the laws of its table.
    let mut checked = 0;
    let mut orders = Vec::new();
    for d1 in 0..8 {
        for d2 in 0..8 {
            let code = format!("0.{d1}{d2}");
            let (q, c) = computed(&code, 10, Some((3, 18)));
            checked += c.unwrap();
            let k = q.order() as u32;
            for x in 0..k {
                for y in 0..k {
                    assert_eq!(q.mul(x, y), q.mul(y, x), "{code}");
                }
            }
            // A misère quotient of impartial games has even order when it
            // is not trivial (Plambeck and Siegel 2008; restated by
            // Rubinstein-Salzedo and Zhou, arXiv 2603.18244, §1).
            assert!(
                q.order() == 1 || q.order() % 2 == 0,
                "{code}: order {}",
                q.order()
            );
            orders.push((code, q.order()));
        }
    }
    assert!(checked > 10_000, "{checked}");
    // 0.00 (no move at all) has the trivial quotient {1}... with the empty
    // sum an N-position: order 1. Nim-like 0.33 (take 1 or 2) is tame.
    assert_eq!(orders[0], ("0.00".to_string(), 1));
}

#[test]
fn the_monoid_method_and_the_search_prove_the_same_quotients() {
    // Two ways to the same proof: MisereSolver's marking and recalibration
    // inside finite monoids, and learning from searched sums. The quotient
    // is unique, so both must give the same table, P-portion and
    // pretending function (numbered the same way) at every level.
    let mut cases: Vec<(String, usize)> = Vec::new();
    for d1 in 0..8 {
        for d2 in 0..8 {
            cases.push((format!("0.{d1}{d2}"), 10));
        }
    }
    for (code, n) in [
        ("0.77", 30),
        ("0.07", 24),
        // Where an early version of the monoid method (its (N) check let
        // the empty sum dominate the identity's sums) proved a wrong
        // Q_14..Q_30 of 0.53 (12 elements for 16): wild codes past the
        // heap where their quotients settle.
        ("0.53", 20),
        ("0.34", 20),
        ("0.71", 20),
        ("0.75", 20),
        ("0.15", 20),
        ("0.123", 20),
        ("0.137", 14),
        ("0.6", 12),
        ("4.07", 10),
        ("hex:0.3F", 8),
    ] {
        cases.push((code.to_string(), n));
    }
    let mut compared = 0;
    for (code, n) in &cases {
        let parsed: OctalCode = code.parse().unwrap();
        let run = |method| {
            quotient_partial_by(&parsed, *n, Limits::default(), &NoProgress, method)
                .unwrap()
                .learned
        };
        let monoid = run(Method::Monoid);
        let search = run(Method::Search);
        let reached = monoid.quotient.max_heap.min(search.quotient.max_heap);
        assert!(reached >= (*n).min(10), "{code}: reached {reached}");
        if monoid.quotient.max_heap == search.quotient.max_heap {
            assert_eq!(monoid.quotient, search.quotient, "{code} Q_{reached}");
            compared += 1;
        }
        let levels = |l: &grundy::games::misere::learn::Learned| -> Vec<(usize, usize, usize)> {
            l.growth
                .iter()
                .filter(|g| g.n <= reached)
                .map(|g| (g.n, g.order, g.p_portion))
                .collect()
        };
        assert_eq!(levels(&monoid), levels(&search), "{code}: growth");
    }
    assert_eq!(compared, cases.len());
}

#[test]
fn a_whole_game_quotient_predicts_heaps_past_n() {
    // Where the pretending function is periodic far enough below N
    // (crates/games/src/misere/periodic.rs), Q_N is the whole game's quotient:
    // the cross-check then takes heaps of every size up to the total, each
    // past N by the periodic pretending function, against the search.
    use grundy::games::misere::periodic::whole_game;
    let multisets = |k: usize, s: usize| {
        // Sums of up to k heaps of 1..=s, total at most s (the empty sum
        // included).
        fn go(k: usize, left: usize, from: usize) -> usize {
            1 + if k == 0 {
                0
            } else {
                (from..=left).map(|h| go(k - 1, left - h, h)).sum()
            }
        }
        go(k, s, 1)
    };
    for (code, n, period, preperiod, (k, s)) in [
        ("0.123", 24, 5, 5, (3, 45)),
        ("0.75", 24, 2, 8, (3, 36)),
        ("0.34", 32, 8, 7, (3, 44)),
        ("0.71", 30, 6, 3, (3, 40)),
    ] {
        let (q, checked) = computed(code, n, Some((k, s)));
        let w = whole_game(&code.parse().unwrap(), &q).expect(code);
        assert_eq!((w.period, w.preperiod), (period, preperiod), "{code}");
        assert!(w.needed <= n, "{code}");
        assert_eq!(checked, Some(multisets(k, s)), "{code}");
        assert!(s > n, "{code}: the check reaches past N");
    }
    // Dawson's Kayles Q_24 is no whole-game quotient (it grows at 25).
    let (q, _) = computed("0.07", 24, None);
    assert_eq!(whole_game(&"0.07".parse().unwrap(), &q), None);
}
