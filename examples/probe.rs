//! probe
use grundy::games::monorail::{analysis::analyse, rules::Rules, solve::solve, table::LoopTable};
fn main() {
    let tt: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let t0 = std::time::Instant::now();
    let r = Rules::new(tt).unwrap();
    let table = LoopTable::new(&r);
    let s = solve(&table, &grundy::progress::NoProgress);
    println!(
        "value={} positions={} {:?}",
        s.start_nimber,
        s.positions.len(),
        t0.elapsed()
    );
    let a = analyse(&table, tt, &s, &grundy::progress::NoProgress).unwrap();
    println!(
        "{:?} firsts={} wins={} raw={}",
        t0.elapsed(),
        a.first_moves.len(),
        a.winning_first_moves(),
        a.positions_raw
    );
    for f in &a.first_moves {
        if f.nimber == 0 {
            println!(
                "{} loops={} reach={} size={}",
                f.position, f.loops_left, f.reachable_positions, f.class_size
            );
        }
    }
    for e in &a.endgames {
        println!(
            "{} reach={} classes={} {:?} {:?}",
            e.first_move,
            e.reachable_positions,
            e.class_ids.len(),
            e.classes_by_nimber,
            e.components
        );
    }
    println!("classes total {}", a.subgame_classes.len());
}
