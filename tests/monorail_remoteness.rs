//! Remoteness against a brute force: plain recursion over the rules' own
//! move generator (no loop table, no symmetry, no nimbers), at small T on
//! the unbounded grid and on a board.

use grundy::games::monorail::board::Board;
use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::moves::{canonical_key, entries_of};
use grundy::games::monorail::position::Position;
use grundy::games::monorail::remoteness::remoteness;
use grundy::games::monorail::rules::Rules;
use grundy::games::monorail::solve::solve;
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
    let r = remoteness(&table, &solved).expect("remoteness of a correct table");
    assert_eq!(r.classes(), solved.classes(), "every class valued");
    let mut seen = HashMap::new();
    let (wins, start) = brute(&rules, &Position::default(), &mut seen);
    assert_eq!(wins, solved.start_nimber != 0);
    assert_eq!(r.start(), start);
    for (p, &(wins, rem)) in &seen {
        let key = canonical_key(&table, &entries_of(&table, p));
        assert_eq!(r.get(key), Some(rem), "remoteness of {p}");
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
