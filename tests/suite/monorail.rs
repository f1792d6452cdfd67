//! Monorail: the fast search against the plain rules and a plain game-tree
//! search with no symmetry, no decomposition and no shared memo.

use grundy::games::monorail::analysis::{analyse, subgames_of};
use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::moves::{canonical_key, entries_of, options, start};
use grundy::games::monorail::position::Position;
use grundy::games::monorail::rules::{PlainGame, Rules};
use grundy::games::monorail::solve::solve;
use grundy::impartial::{naive_nimber, ImpartialGame, MemoSolver, Nimber};
use grundy::progress::NoProgress;
use std::collections::BTreeSet;
use std::sync::Arc;

fn setup(t: usize) -> (Arc<Rules>, LoopTable) {
    let rules = Arc::new(Rules::new(t).unwrap());
    let table = LoopTable::new(&rules);
    (rules, table)
}

fn decode(table: &LoopTable, key: u64) -> Position {
    Position::from_tiles(table.tiles((key >> 32) as u32, key as u32)).unwrap()
}

/// Every stored class of the fast solve has the value a plain memo search
/// on the plain rules gives (T = 6, 8, 10).
#[test]
fn fast_solve_matches_plain_game_tree_search() {
    for t in [6, 8, 10] {
        let (rules, table) = setup(t);
        let solved = solve(&table, &NoProgress).expect("the solve succeeds");
        let mut plain: MemoSolver<PlainGame> = MemoSolver::new();
        let start = PlainGame {
            rules: Arc::clone(&rules),
            position: Position::default(),
        };
        assert_eq!(
            plain.nimber(&start).0,
            solved.start_nimber as u32,
            "start, T = {t}"
        );
        // The plain memo now holds every raw reachable position.
        let mut classes = BTreeSet::new();
        for (g, v) in plain.table() {
            let e = entries_of(&table, &g.position);
            let k = canonical_key(&table, &e);
            classes.insert(k);
            assert_eq!(
                solved.nimber(k),
                Some(v.0 as u16),
                "{} (T = {t})",
                g.position
            );
        }
        assert_eq!(classes.len(), solved.classes() as usize, "classes, T = {t}");
    }
}

/// With no memo at all (T = 6): plain recursion over the game tree.
#[test]
fn naive_recursion_agrees_for_six_tiles() {
    let (rules, table) = setup(6);
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    let start = PlainGame {
        rules,
        position: Position::default(),
    };
    assert_eq!(naive_nimber(&start).0, solved.start_nimber as u32);
    for o in start.options() {
        let e = entries_of(&table, &o.position);
        assert_eq!(
            solved.nimber(canonical_key(&table, &e)),
            Some(naive_nimber(&o).0 as u16),
            "{}",
            o.position
        );
    }
}

/// The fast move generator gives exactly the plain rules' moves, for every
/// reachable class at T = 10.
#[test]
fn fast_options_equal_plain_moves() {
    let (rules, table) = setup(10);
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    let (mut out, mut bounds, mut scratch) = (Vec::new(), Vec::new(), Default::default());
    for &(key, _) in &solved.positions() {
        let p = decode(&table, key);
        let e = entries_of(&table, &p);
        out.clear();
        options(&table, &e, &mut out, &mut bounds, &mut scratch);
        let fast: BTreeSet<Position> = (0..bounds.len() - 1)
            .map(|j| {
                let o = &out[bounds[j]..bounds[j + 1]];
                decode(&table, (o[0].0 as u64) << 32 | o[0].1 as u64)
            })
            .collect();
        let plain: BTreeSet<Position> = rules.moves(&p).iter().map(|m| p.with(m)).collect();
        assert_eq!(fast, plain, "options of {p}");
        assert_eq!(fast.len(), bounds.len() - 1, "no duplicate options of {p}");
    }
}

/// Symmetric positions get the same canonical key and value.
#[test]
fn symmetry_keeps_the_value() {
    let (_, table) = setup(10);
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    for &(key, v) in solved.positions().iter().step_by(7) {
        let p = decode(&table, key);
        for s in grundy::games::monorail::geometry::Symmetry::ALL {
            let q = p.transform(s);
            let e = entries_of(&table, &q);
            assert!(!e.is_empty(), "{q} is completable");
            assert_eq!(solved.nimber(canonical_key(&table, &e)), Some(v));
        }
    }
}

/// The endgame split: a single-loop position's value is the nim-sum of its
/// subgames, each solved on its own in canonical form.
#[test]
fn subgame_decomposition_keeps_the_value() {
    let (_, table) = setup(12);
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    let mut memo = MemoSolver::new();
    let mut checked = 0;
    for &(key, v) in &solved.positions() {
        let p = decode(&table, key);
        let e = entries_of(&table, &p);
        if e.len() != 1 {
            continue;
        }
        let subs = subgames_of(&table, e[0].0, e[0].1);
        let total: Nimber = subs.iter().map(|s| memo.nimber(&s.canonical_form())).sum();
        assert_eq!(total.0, v as u32, "{p}");
        checked += 1;
    }
    assert!(checked > 40_000, "{checked}");
}

/// Known numbers: the start nimbers of small boards, and the analysis
/// counts agreeing with a direct count of raw positions.
#[test]
fn small_board_numbers() {
    let expected = [
        (6, 6u16, 28usize),
        (8, 8, 404),
        (10, 10, 4854),
        (12, 12, 59617),
    ];
    for (t, nimber, classes) in expected {
        let (_, table) = setup(t);
        let solved = solve(&table, &NoProgress).expect("the solve succeeds");
        assert_eq!(solved.start_nimber, nimber, "T = {t}");
        assert_eq!(solved.classes() as usize, classes, "T = {t}");
    }
    let (rules, table) = setup(10);
    let solved = solve(&table, &NoProgress).expect("the solve succeeds");
    let a = analyse(&table, 10, &solved, &NoProgress).unwrap();
    let mut plain: MemoSolver<PlainGame> = MemoSolver::new();
    plain.nimber(&PlainGame {
        rules,
        position: Position::default(),
    });
    assert_eq!(a.positions_raw, plain.len() as u64);
    // Reachable counts per first move, by direct count over raw positions.
    for f in &a.first_moves {
        let direct = plain
            .table()
            .keys()
            .filter(|g| {
                f.position
                    .tiles()
                    .iter()
                    .all(|t| g.position.tiles().contains(t))
            })
            .count() as u64;
        assert_eq!(f.reachable_positions, direct, "{}", f.position);
    }
    assert_eq!(start(&table).len(), table.len());
}
