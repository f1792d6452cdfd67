//! Monorail on bounded boards: the fast solve against the plain rules
//! restricted to the board, and boards large enough to hold every loop
//! against the unbounded game.

use grundy::games::monorail::board::Board;
use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::moves::{canonical_key, entries_of, start};
use grundy::games::monorail::position::Position;
use grundy::games::monorail::root::solve_board;
use grundy::games::monorail::rules::{PlainGame, Rules};
use grundy::games::monorail::solve::solve_from_expecting;
use grundy::games::monorail::solved::Solved;
use grundy::impartial::{MemoSolver, Nimber};
use grundy::progress::NoProgress;
use std::sync::Arc;

fn solve_on(tiles: usize, board: Option<Board>) -> (Arc<Rules>, LoopTable, Solved) {
    let rules = Arc::new(Rules::on_board(tiles, board).unwrap());
    let table = LoopTable::new(&rules);
    let solved = solve_from_expecting(&table, &start(&table), 1024.0, &NoProgress).unwrap();
    (rules, table, solved)
}

fn decode(table: &LoopTable, key: u64) -> Position {
    Position::from_tiles(table.tiles((key >> 32) as u32, key as u32)).unwrap()
}

/// Every class the fast solve stores on a small board has the value a
/// plain memo search of the plain rules restricted to that board gives (no
/// symmetry, its own memo), and every stored position lies on the board.
#[test]
fn bounded_solve_matches_the_plain_rules_on_small_boards() {
    let cases = [
        (Board::new(4, 3, (1, 1)).unwrap(), 8),  // all four symmetries
        (Board::new(4, 4, (1, 1)).unwrap(), 10), // east-west mirror only
        (Board::new(5, 3, (1, 1)).unwrap(), 10), // north-south mirror only
        (Board::season4(), 10),                  // none
        (Board::season4(), 12),
        (Board::new(5, 4, (2, 0)).unwrap(), 12),
    ];
    for (board, t) in cases {
        let (rules, table, solved) = solve_on(t, Some(board));
        let mut plain: MemoSolver<PlainGame> = MemoSolver::new();
        let mut checked = 0;
        for (key, v) in solved.positions() {
            let p = decode(&table, key);
            assert!(
                p.tiles().iter().all(|&(c, _)| board.contains(c)),
                "{board}: {p}"
            );
            let g = PlainGame {
                rules: Arc::clone(&rules),
                position: p.clone(),
            };
            assert_eq!(
                plain.nimber(&g),
                Nimber(u32::from(v)),
                "{board}, T = {t}: {p}"
            );
            checked += 1;
        }
        let root = PlainGame {
            rules: Arc::clone(&rules),
            position: Position::default(),
        };
        assert_eq!(plain.nimber(&root), Nimber(u32::from(solved.start_nimber)));
        assert!(checked > 10, "{board}, T = {t}: only {checked} classes");
    }
}

/// The Season 4 board: solving from a position gives, for every move, the
/// value the plain rules give, and moves are distinct and on the board.
#[test]
fn season4_moves_match_the_plain_rules() {
    let board = Board::season4();
    let rules = Arc::new(Rules::on_board(12, Some(board)).unwrap());
    let mut plain: MemoSolver<PlainGame> = MemoSolver::new();
    let root = Position::default();
    let a = solve_board(12, Some(board), &root, &NoProgress).unwrap();
    let moves = rules.moves(&root);
    assert_eq!(a.moves.len(), moves.len());
    for m in &a.moves {
        let g = PlainGame {
            rules: Arc::clone(&rules),
            position: root.with(&m.tiles),
        };
        assert_eq!(plain.nimber(&g), Nimber(u32::from(m.nimber)));
        assert!(moves.contains(&m.tiles));
    }
    assert!(a.moves.windows(2).all(|w| w[0].nimber <= w[1].nimber));
}

/// A board holding every loop (station centred: all four symmetries) gives
/// exactly the unbounded table for T = 6..12; a board holding every loop
/// with the station off centre (no symmetry) gives every class the value
/// of its unbounded class.
#[test]
fn a_board_holding_every_loop_gives_the_unbounded_results() {
    let centred = Board::new(14, 13, (6, 6)).unwrap();
    let off = Board::new(16, 15, (6, 6)).unwrap();
    assert_eq!(off.symmetries(), [true, false, false, false]);
    for t in [6, 8, 10, 12] {
        let (_, free_table, free) = solve_on(t, None);
        let (_, table, bounded) = solve_on(t, Some(centred));
        assert_eq!(table.len(), free_table.len(), "T = {t}");
        assert_eq!(bounded.start_nimber, free.start_nimber, "T = {t}");
        assert_eq!(bounded.positions(), free.positions(), "T = {t}");
        if t > 10 {
            continue;
        }
        let (_, table, plain) = solve_on(t, Some(off));
        assert_eq!(plain.start_nimber, free.start_nimber);
        assert!(plain.classes() > free.classes());
        for (key, v) in plain.positions() {
            let p = decode(&table, key);
            let e = entries_of(&free_table, &p);
            let k = canonical_key(&free_table, &e);
            assert_eq!(free.nimber(k), Some(v), "T = {t}: {p}");
        }
    }
}

/// Bad boards and positions are refused with one line naming the problem.
#[test]
fn impossible_boards_and_positions_are_refused() {
    let e = Rules::on_board(6, Some(Board::new(2, 2, (0, 0)).unwrap())).unwrap_err();
    assert!(
        e.to_string().contains("no loop of at most 6 tiles fits"),
        "{e}"
    );
    let board = Board::season4();
    let p = board.parse_position("0,0,EW").unwrap();
    let e = solve_board(16, Some(board), &p, &NoProgress)
        .unwrap_err()
        .to_string();
    assert!(e.contains("impossible position 0,0,EW"), "{e}");
}

/// Season 4's board with T = 16, the numbers `reproduce` publishes. The
/// replies to the televised opening agree with github: petertseng/monorail
/// (run by hand, not committed): its move list after that opening has 42
/// entries (one per anchor cell), and its analysis marks 5 of them as wins
/// for the player to move, the other 37 as losses.
#[test]
fn season4_numbers_and_report_match_golden() {
    let board = Board::season4();
    let empty = solve_board(16, Some(board), &Position::default(), &NoProgress).unwrap();
    assert_eq!(
        (empty.nimber, empty.loops, empty.moves.len()),
        (16, 217, 110)
    );
    assert_eq!(empty.winning_moves(), 4);
    let opening = board.parse_position("3,3,EW;3,2,EW;3,1,EW").unwrap();
    let as_move = empty
        .moves
        .iter()
        .find(|m| m.tiles == opening.tiles())
        .unwrap();
    assert_eq!(as_move.nimber, 5, "the televised opening is a losing move");
    let tv = solve_board(16, Some(board), &opening, &NoProgress).unwrap();
    assert_eq!((tv.nimber, tv.loops_left, tv.moves.len()), (5, 3, 33));
    assert_eq!(tv.winning_moves(), 4);
    assert_eq!(tv.anchored_counts(), (42, 5));
    let wins: Vec<String> = tv
        .moves
        .iter()
        .filter(|m| m.wins())
        .map(|m| tv.notation(&m.tiles))
        .collect();
    assert_eq!(
        wins,
        [
            "0,1,NS;0,2,NS;0,3,SE",
            "0,1,NE;0,2,NS;0,3,SE",
            "2,0,EW;2,1,NE;2,2,SE",
            "2,0,EW;3,0,EW"
        ]
    );
    let r = grundy::report::monorail_board::season4(&empty, &tv, "monorail-season4");
    let mut text = r.markdown.clone();
    for (name, svg) in &r.figures {
        text.push_str(&format!("\n<!-- figure {name} -->\n{svg}"));
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/golden/monorail-season4.md"
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let golden = std::fs::read_to_string(path).expect("golden file (UPDATE_GOLDEN=1 writes it)");
    assert!(text == golden, "report differs from {path}");
}
