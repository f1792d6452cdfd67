//! `reports/monorail-t20.md` is what the renderer makes of the committed
//! T = 20 dataset (`data/monorail-t20/`) and the run recorded in the
//! report's own "How to reproduce" section (its command).
//!
//! The T = 20 solve needs about 14 GiB and most of an hour, so CI does not rerun
//! it; its report can still be re-rendered without recomputing, since at
//! T = 20 no winning first move leaves a single loop and the report needs
//! only the committed files (no loop table, no endgame). `UPDATE_GOLDEN=1`
//! writes the re-rendered report and figure in place.

use grundy::dataset::monorail::{read_summary, FirstMoveRow, LayerRow};
use grundy::games::monorail::analysis::{Analysis, FirstMove};
use grundy::games::monorail::loop_table::LoopTable;
use grundy::games::monorail::position::Position;
use grundy::report::monorail::{render, RunInfo};
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn rows<T: serde::de::DeserializeOwned>(path: &Path) -> Vec<T> {
    csv::Reader::from_path(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .deserialize()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The run as the committed report records it: its command (the threads,
/// memory and phase times of a run are not part of a report; they go to
/// the run record beside it, and for T = 20 to `monorail-scaling.md`).
fn recorded_run(report: &str) -> RunInfo {
    let how = report
        .split("## How to reproduce\n")
        .nth(1)
        .expect("a How to reproduce section");
    let command = how
        .split("```\n")
        .nth(1)
        .expect("the command in a code block")
        .trim_end()
        .to_string();
    RunInfo {
        command,
        ..RunInfo::default()
    }
}

/// The start's remoteness as the committed report states it: no committed
/// file keeps it (the remoteness table beside the positions table is
/// regenerated, not committed), so the re-render takes it from the report;
/// a run that computed none wrote no such row.
fn recorded_remoteness(report: &str) -> Option<u16> {
    report
        .lines()
        .find(|l| l.starts_with("| remoteness of the start"))
        .map(|l| {
            l.split('|')
                .nth(2)
                .and_then(|v| v.trim().parse().ok())
                .expect("a number of moves")
        })
}

#[test]
fn t20_report_is_the_committed_data_rendered() {
    let dir = Path::new(ROOT).join("data/monorail-t20");
    let summary = read_summary(&dir).expect("data/monorail-t20/summary.json");
    assert_eq!(summary.tiles, 20);
    assert!(
        summary.forced_loop_endgames.is_empty(),
        "T = 20 has no single-loop endgame, so no loop table is needed"
    );
    let subgames = std::fs::read_to_string(dir.join("subgames.csv")).unwrap();
    assert_eq!(subgames.lines().count(), 1, "subgames.csv is a header only");
    let first_moves: Vec<FirstMoveRow> = rows(&dir.join("first_moves.csv"));
    let layers: Vec<LayerRow> = rows(&dir.join("layers.csv"));
    assert_eq!(first_moves.len(), summary.first_moves);
    let report_path = Path::new(ROOT).join("reports/monorail-t20.md");
    let committed = std::fs::read_to_string(&report_path).unwrap();
    let a = Analysis {
        start_remoteness: recorded_remoteness(&committed),
        tiles: summary.tiles,
        loops: summary.loops,
        start_nimber: summary.start_nimber,
        first_moves: first_moves
            .iter()
            .map(|r| FirstMove {
                position: r.first_move.parse::<Position>().expect("a move"),
                entries: Vec::new(),
                nimber: r.nimber,
                loops_left: r.loops_left,
                reachable_positions: r.reachable_positions,
                class_size: r.class_size,
            })
            .collect(),
        positions_solved: summary.positions_solved,
        positions_raw: summary.positions_reachable,
        classes_by_tiles: layers.iter().map(|l| l.position_classes).collect(),
        endgames: Vec::new(),
        subgame_classes: Vec::new(),
    };
    assert_eq!(a.winning_first_moves(), summary.winning_first_moves);
    // Without endgames the renderer looks at no loop of the table.
    let table = LoopTable {
        loops: Vec::new(),
        segments: Vec::new(),
        segment_range: vec![0],
        image: Default::default(),
        symmetric: [true; 4],
    };
    let r = render(&a, &table, &recorded_run(&committed), "monorail-t20");
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&report_path, &r.markdown).unwrap();
        for (name, svg) in &r.figures {
            std::fs::write(Path::new(ROOT).join("reports/monorail-t20").join(name), svg).unwrap();
        }
    }
    let committed = std::fs::read_to_string(&report_path).unwrap();
    assert!(
        r.markdown == committed,
        "reports/monorail-t20.md differs from the renderer's output (UPDATE_GOLDEN=1 rewrites it)"
    );
    assert_eq!(r.figures.len(), 1, "one winning move, one figure");
    for (name, svg) in &r.figures {
        let path = Path::new(ROOT).join("reports/monorail-t20").join(name);
        assert_eq!(
            &std::fs::read_to_string(&path).unwrap(),
            svg,
            "{}",
            path.display()
        );
    }
    // What the T = 20 report says of T = 20.
    assert!(committed.contains("| winning first moves, up to symmetry | 1 |"));
    assert!(committed.contains("- loops still completable: 100,394"));
    assert!(committed.contains("the one winning first move leaves 100,394 completable loops"));
    assert!(!committed.contains("## Subgame classes by nimber"));
    assert!(!committed.contains("A rerun from scratch"));
    // The run's time and memory, measured once, are in the scaling table.
    let scaling =
        std::fs::read_to_string(Path::new(ROOT).join("reports/monorail-scaling.md")).unwrap();
    assert!(
        scaling.contains("| 20 | 846338 | 1470896498 |"),
        "the T = 20 row"
    );
    assert!(
        scaling.contains("| 2463.22 | 14057 |"),
        "its solve seconds and peak MiB"
    );
    assert!(!committed.contains("peak resident memory"));
}
