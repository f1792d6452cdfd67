//! The fuzz targets' checks (`fuzz/checks.rs`) on every committed corpus
//! input, with the stable toolchain: what a fuzzer once found stays fixed.

#[path = "../../fuzz/checks.rs"]
#[allow(dead_code, missing_docs)]
mod checks;

type Check = fn(&[u8]);

const TARGETS: &[(&str, Check)] = &[
    ("octal_code", checks::octal_code),
    ("octal_claim", checks::octal_claim),
    ("monorail_position", checks::monorail_position),
    ("monorail_picture", checks::monorail_picture),
    ("monorail_board", checks::monorail_board),
    ("treblecross_row", checks::treblecross_row),
    ("treblecross_batch", checks::treblecross_batch),
    ("coin_rule", checks::coin_rule),
    ("coin_row", checks::coin_row),
    ("graph_edges", checks::graph_edges),
    ("sum_expr", checks::sum_expr),
    ("positions_table", checks::positions_table),
    ("sequence_file", checks::sequence_file),
    ("octal_table", checks::octal_table),
    ("census_csv", checks::census_csv),
    ("census_shard", checks::census_shard),
];

#[test]
fn every_corpus_input_passes_its_check() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let mut total = 0;
    for (name, check) in TARGETS {
        let dir = root.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{name} has a corpus");
        for f in files {
            let data = std::fs::read(&f).unwrap();
            check(&data);
            total += 1;
        }
    }
    assert!(total >= 40, "{total} inputs");
}
