//! Remoteness against a brute force: plain recursion over the rules' own
//! move generator (no loop table, no symmetry, no nimbers), at small T on
//! the unbounded grid and on a board; both ways of computing it (in the
//! solve, and the walk over a table of nimbers alone) checked against it
//! and against each other.

use grundy::games::monorail::board::Board;
use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::moves::{canonical_key, entries_of};
use grundy::games::monorail::position::Position;
use grundy::games::monorail::remoteness::fill_remoteness;
use grundy::games::monorail::rules::Rules;
use grundy::games::monorail::solve::solve;
use grundy::games::monorail::solved::Solved;
use grundy::progress::NoProgress;
use std::collections::HashMap;

/// `(to-move wins, remoteness)` of `p` by the definition: a finished loop
/// is lost for the player to move (the last mover completed it) at
/// remoteness 0; a win takes the fastest losing option, a loss lasts as
/// long as the longest option.
fn brute(rules: &Rules, p: &Position, seen: &mut HashMap<Position, (bool, u16)>) -> (bool, u16) {
    if let Some(&v) = seen.get(p) {
        return v;
    }
    let v = if rules.is_complete(p) {
        (false, 0)
    } else {
        let opts: Vec<(bool, u16)> = rules
            .moves(p)
            .iter()
            .map(|m| brute(rules, &p.with(m), seen))
            .collect();
        assert!(!opts.is_empty(), "{p} has no move but is not finished");
        let fastest_win = opts.iter().filter(|o| !o.0).map(|o| o.1).min();
        match fastest_win {
            Some(r) => (true, r + 1),
            None => (false, opts.iter().map(|o| o.1).max().unwrap() + 1),
        }
    };
    seen.insert(p.clone(), v);
    v
}

fn check(rules: Rules) -> (usize, u16) {
    let table = LoopTable::new(&rules);
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    // The same nimbers without the solve's remoteness, valued by the walk.
    let mut walked = Solved::from_classes(&table, &solved.positions()).unwrap();
    assert_eq!(walked.start_remoteness, None);
    assert_eq!(walked.remoteness_records(), None);
    let walked_start = fill_remoteness(&table, &mut walked, &NoProgress).expect("a correct table");
    assert_eq!(
        walked.remoteness_records(),
        solved.remoteness_records(),
        "the walk and the solve agree on every class"
    );
    let mut seen = HashMap::new();
    let (wins, start) = brute(&rules, &Position::default(), &mut seen);
    assert_eq!(wins, solved.start_nimber != 0);
    assert_eq!(solved.start_remoteness, Some(start));
    assert_eq!(walked_start, start);
    for (p, &(wins, rem)) in &seen {
        let key = canonical_key(&table, &entries_of(&table, p));
        assert_eq!(solved.remoteness(key), Some(rem), "remoteness of {p}");
        assert_eq!(
            walked.remoteness(key),
            Some(rem),
            "walked remoteness of {p}"
        );
        assert_eq!(solved.nimber(key).map(|n| n != 0), Some(wins), "{p}");
        assert_eq!(rem % 2 == 1, wins, "odd exactly at N-positions: {p}");
    }
    (seen.len(), start)
}

#[test]
fn remoteness_equals_the_brute_force_on_the_grid() {
    for (tiles, positions, start) in [(8, 1_577, 5), (10, 19_282, 7)] {
        let (n, s) = check(Rules::new(tiles).unwrap());
        assert_eq!((n, s), (positions, start), "T = {tiles}");
    }
}

#[test]
fn remoteness_equals_the_brute_force_on_a_board() {
    let board = Board::new(4, 3, (1, 2)).unwrap();
    let (n, s) = check(Rules::on_board(10, Some(board)).unwrap());
    assert_eq!((n, s), (945, 5), "4x3 board, T = 10");
}

/// `monorail solve` writes `remoteness.bin.zst` beside the positions table,
/// keyed as it is; `verify` re-derives every record (a changed value with a
/// valid digest is caught, naming the file), and a foreign file is refused.
#[test]
fn the_remoteness_file_is_written_and_verified() {
    use grundy::dataset::monorail_positions::{read_table, write_keyed};
    use grundy::dataset::monorail_remoteness::{read_remoteness, Header, FILE};
    let d = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .current_dir(d.path())
            .output()
            .unwrap()
    };
    let o = run(&[
        "monorail", "solve", "--tiles", "10", "--out", "t10", "--quiet",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let path = d.path().join("t10").join(FILE);
    let (h, records) = read_remoteness(&path).unwrap();
    let (_, positions) = read_table(&d.path().join("t10/positions.bin.zst")).unwrap();
    assert_eq!(h.tiles, 10);
    assert_eq!(records.len(), positions.len());
    for (r, p) in records.iter().zip(&positions) {
        assert_eq!(r.0, p.0, "same keys");
        assert_eq!(
            r.1 % 2 == 1,
            p.1 != 0,
            "odd remoteness exactly at N-positions"
        );
    }
    // The start (T = 10): 7 moves, as the brute force says.
    let o = run(&["monorail", "verify", "t10", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["remoteness_checked"], records.len() as u64);

    // One value changed, written with a valid digest: re-derivation catches it.
    let mut bad = records.clone();
    bad[100].1 += 2;
    let mut bytes = Vec::new();
    write_keyed::<Header, _>(&mut bytes, 10, h.loops, bad.len() as u64, 3, |put| {
        put(&bad)
    })
    .unwrap();
    std::fs::write(&path, bytes).unwrap();
    let o = run(&["monorail", "verify", "t10"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(FILE) && err.contains("record 100") && err.lines().count() == 1,
        "{err}"
    );
    // The positions table in its place: another format, named as such.
    std::fs::copy(d.path().join("t10/positions.bin.zst"), &path).unwrap();
    let o = run(&["monorail", "verify", "t10"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(FILE));
}
