//! The compact-memo solver against a plain reference: a sequential
//! depth-first mex recursion over the same move generator with an ordinary
//! hash map as memo (the design of the solver before the compact memo),
//! compared on every class for T = 6 … 14; and the sorted read-out of the
//! memo against a plain sort.

use grundy::games::monorail::rules::Rules;
use grundy::games::monorail::search::{canonical_key, options, start, Entry};
use grundy::games::monorail::solve::{solve, solve_from_expecting};
use grundy::games::monorail::table::LoopTable;
use grundy::impartial::{mex, Nimber};
use grundy::progress::NoProgress;
use std::collections::HashMap;

/// The reference: plain recursion, `HashMap` memo keyed by canonical key.
fn reference(table: &LoopTable, entries: &[Entry], memo: &mut HashMap<u64, u16>) -> u16 {
    let key = canonical_key(table, entries);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let (mut out, mut bounds, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    options(table, entries, &mut out, &mut bounds, &mut scratch);
    let values: Vec<Nimber> = bounds
        .windows(2)
        .map(|w| Nimber(u32::from(reference(table, &out[w[0]..w[1]], memo))))
        .collect();
    let v = mex(values).0 as u16;
    memo.insert(key, v);
    v
}

#[test]
fn compact_engine_equals_the_reference_on_every_class() {
    for (t, classes) in [
        (6, 28usize),
        (8, 404),
        (10, 4854),
        (12, 59617),
        (14, 739_035),
    ] {
        let table = LoopTable::new(&Rules::new(t).unwrap());
        let mut memo = HashMap::new();
        let v = reference(&table, &start(&table), &mut memo);
        let solved = solve(&table, &NoProgress);
        assert_eq!(solved.start_nimber, v, "start, T = {t}");
        assert_eq!(memo.len(), classes, "reference classes, T = {t}");
        let mut want: Vec<(u64, u16)> = memo.into_iter().collect();
        want.sort_unstable();
        assert_eq!(solved.positions(), want, "every class, T = {t}");
    }
}

/// A memo sized far too small fills and grows several times (and its value
/// field starts narrow); the result is the same.
#[test]
fn growing_from_a_tiny_memo_gives_the_same_classes() {
    let table = LoopTable::new(&Rules::new(12).unwrap());
    let tiny = solve_from_expecting(&table, &start(&table), 1.0, &NoProgress);
    let sized = solve(&table, &NoProgress);
    assert_eq!(tiny.positions(), sized.positions());
    assert_eq!(tiny.start_nimber, 12);
}

/// Reading the memo out in small sorted chunks gives the same records, in
/// order, as one sort; chunks hold whole loops.
#[test]
fn sorted_chunks_equal_one_sort() {
    let table = LoopTable::new(&Rules::new(12).unwrap());
    let solved = solve(&table, &NoProgress);
    let all = solved.positions();
    for limit in [1u64, 1000, 7777, 1 << 40] {
        let mut got = Vec::new();
        let mut chunks = 0;
        let r: Result<(), ()> = solved.for_each_sorted(limit, |c| {
            if let (Some(&(a, _)), Some(&(b, _))) = (got.last(), c.first()) {
                assert!(a < b, "chunks ascend");
                assert_ne!(a >> 32, b >> 32, "a loop is never split between chunks");
            }
            got.extend_from_slice(c);
            chunks += 1;
            Ok(())
        });
        r.unwrap();
        assert_eq!(got, all, "limit {limit}");
        if limit == 1000 {
            assert!(chunks > 50, "{chunks}");
        }
    }
}
