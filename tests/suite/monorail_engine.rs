//! The compact-memo solver against a plain reference: a sequential
//! depth-first mex recursion over the same move generator with an ordinary
//! hash map as memo (the design of the solver before the compact memo),
//! compared on every class for T = 6 … 14; and the sorted read-out of the
//! memo against a plain sort.

use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::moves::{canonical_key, options, start, Entry};
use grundy::games::monorail::rules::Rules;
use grundy::games::monorail::solve::{solve, solve_from_expecting};
use grundy::games::monorail::solved::PIECE;
use grundy::impartial::{mex, Nimber};
use grundy::progress::NoProgress;
use std::collections::HashMap;

/// The reference: plain recursion, `HashMap` memo keyed by canonical key.
fn reference(table: &LoopTable, entries: &[Entry], memo: &mut HashMap<u64, u16>) -> u16 {
    let key = canonical_key(table, entries);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let (mut out, mut bounds, mut scratch) = (Vec::new(), Vec::new(), Default::default());
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
        let solved = solve(&table, &NoProgress).expect("the solve succeeds");
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
    let tiny =
        solve_from_expecting(&table, &start(&table), 1.0, &NoProgress).expect("the solve succeeds");
    let sized = solve(&table, &NoProgress).expect("the solve succeeds");
    assert_eq!(tiny.positions(), sized.positions());
    assert_eq!(tiny.start_nimber, 12);
}

/// Reading the memo out in small sorted chunks gives the same records, in
/// order, as one sort; chunks hold whole loops; pieces are at most
/// `PIECE` records.
#[test]
fn sorted_chunks_equal_one_sort() {
    let table = LoopTable::new(&Rules::new(14).unwrap());
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    let all = solved.positions();
    assert!(all.len() > PIECE, "the whole table spans several pieces");
    for limit in [1u64, 1000, 7777, 1 << 40] {
        let groups = solved.sorted_groups(limit);
        for w in groups.windows(2) {
            assert_eq!(w[0].1, w[1].0, "groups are consecutive loop ranges");
        }
        assert_eq!(
            groups.iter().map(|g| g.2).sum::<u64>(),
            all.len() as u64,
            "groups count every record"
        );
        let mut got: Vec<(u64, u16)> = Vec::new();
        let mut pieces = 0;
        let r: Result<(), ()> = solved.for_each_sorted(limit, |c| {
            assert!(c.len() <= PIECE);
            if let (Some(&(a, _)), Some(&(b, _))) = (got.last(), c.first()) {
                assert!(a < b, "pieces ascend");
            }
            got.extend_from_slice(c);
            pieces += 1;
            Ok(())
        });
        r.unwrap();
        assert_eq!(got, all, "limit {limit}");
        for &(lo, hi, n) in &groups {
            let inside = all
                .iter()
                .filter(|r| (lo..hi).contains(&(r.0 >> 32)))
                .count();
            assert_eq!(inside as u64, n, "group {lo}..{hi}");
        }
        if limit == 1000 {
            assert!(groups.len() > 50, "{}", groups.len());
            assert!(pieces >= groups.len(), "{pieces}");
        }
    }
}

/// The positions and remoteness tables and the counts made while writing
/// them are the same whether the memo is read out in one sorted chunk or
/// in many (the path of T >= 20), byte for byte.
#[test]
fn chunked_writing_equals_one_chunk() {
    use grundy::dataset::monorail::write_dataset;
    use grundy::games::monorail::analysis::analyse_counted;
    let tiles = 12;
    let table = LoopTable::new(&Rules::new(tiles).unwrap());
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    let dir = tempfile::tempdir().unwrap();
    let mut written = Vec::new();
    for (name, chunk) in [("one", u64::MAX), ("many", 2000)] {
        let out = dir.path().join(name);
        let a = write_dataset(
            &out,
            tiles,
            &table,
            &solved,
            chunk,
            |counts| analyse_counted(&table, tiles, &solved, counts, &NoProgress),
            &NoProgress,
        )
        .unwrap();
        assert_eq!(a.start_nimber, 12);
        let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    std::fs::read(e.path()).unwrap(),
                )
            })
            .collect();
        files.sort();
        assert_eq!(files.len(), 7, "{name}");
        assert!(files.iter().any(|f| f.0 == "remoteness.bin.zst"), "{name}");
        written.push(files);
    }
    assert!(solved.sorted_groups(2000).len() > 10);
    assert_eq!(written[0], written[1]);
}
