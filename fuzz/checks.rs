//! What each fuzz target asserts, as plain functions of the input bytes, so
//! the same checks run under libFuzzer (`cargo +nightly fuzz run TARGET`)
//! and, on the committed corpus, in the stable test suite
//! (`tests/suite/fuzz_corpus.rs`).
//!
//! Every parser must return a value or an error, never panic (the fuzz
//! build has overflow checks on, so a wrapping `+` is a crash too). Where a
//! parsed value has a printed form, that form must parse back to the same
//! value (round trip). Readers of grundy's binary files must refuse, not
//! accept, bytes grundy did not write.

use std::io::Write;

/// Inputs longer than this are cut: the parsers' cost on long inputs is the
/// bounded-resources tests' business, not the fuzzers'.
const MAX_INPUT: usize = 4096;

fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(&data[..data.len().min(MAX_INPUT)]).ok()
}

/// Octal and hexadecimal codes: parse, print, parse back to the same code.
pub fn octal_code(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(code) = s.parse::<grundy::games::octal::OctalCode>() {
        let printed = code.to_string();
        let back: grundy::games::octal::OctalCode = printed.parse().expect("a printed code parses");
        assert_eq!(back, code, "{s:?} printed as {printed:?}");
        assert_eq!(back.to_string(), printed);
    }
}

/// Periodicity claims: `period\nvalues\nexceptions`.
pub fn octal_claim(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let mut parts = s.splitn(3, '\n');
    let (Some(p), Some(values)) = (parts.next(), parts.next()) else {
        return;
    };
    let exceptions = parts.next().unwrap_or("");
    let Ok(period) = p.trim().parse::<usize>() else {
        return;
    };
    let _ = grundy::games::octal::theory::claim::Claim::parse(period, values, exceptions);
}

/// Monorail compact notation: parse, print, parse back to the same position.
pub fn monorail_position(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(p) = s.parse::<grundy::games::monorail::position::Position>() {
        let printed = p.to_string();
        let back: grundy::games::monorail::position::Position =
            printed.parse().expect("a printed position parses");
        assert_eq!(back, p, "{s:?} printed as {printed:?}");
        let picture = p.picture(None);
        let from_picture = grundy::games::monorail::position::Position::from_picture(&picture)
            .expect("a drawn position reads back");
        assert_eq!(from_picture, p, "picture of {printed}");
    }
}

/// Monorail picture notation: read, draw, read back to the same position.
pub fn monorail_picture(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(p) = grundy::games::monorail::position::Position::from_picture(s) {
        let picture = p.picture(None);
        let back = grundy::games::monorail::position::Position::from_picture(&picture)
            .expect("a drawn position reads back");
        assert_eq!(back, p);
        assert_eq!(
            p.to_string()
                .parse::<grundy::games::monorail::position::Position>()
                .ok(),
            Some(p)
        );
    }
}

/// Treblecross rows: parse, print, parse back.
pub fn treblecross_row(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(row) = s.parse::<grundy::games::treblecross::row::Row>() {
        let printed = row.to_string();
        let back: grundy::games::treblecross::row::Row =
            printed.parse().expect("a printed row parses");
        assert_eq!(back, row, "{s:?} printed as {printed:?}");
    }
}

/// Treblecross batch files: one row per line, or a count line and rows.
pub fn treblecross_batch(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(rows) = grundy::dataset::treblecross::parse_batch("fuzz", s) {
        let printed = grundy::dataset::treblecross::format_batch(&rows);
        let back = grundy::dataset::treblecross::parse_batch("fuzz", &printed)
            .expect("a printed batch parses");
        assert_eq!(back, rows, "{s:?}");
    }
}

/// Coin-turning rule expressions: parse, print, parse back.
pub fn coin_rule(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(rule) = s.parse::<grundy::games::coins::Rule>() {
        let printed = rule.to_string();
        let back: grundy::games::coins::Rule = printed.parse().expect("a printed rule parses");
        assert_eq!(back.to_string(), printed, "{s:?} printed as {printed:?}");
    }
}

/// Coin rows: parse, print, parse back.
pub fn coin_row(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(row) = s.parse::<grundy::games::coins::Coins>() {
        let printed = row.to_string();
        let back: grundy::games::coins::Coins = printed.parse().expect("a printed row parses");
        assert_eq!(back, row, "{s:?} printed as {printed:?}");
    }
}

/// Graph edge lists (CSV): read, and if read, build the graph.
pub fn graph_edges(data: &[u8]) {
    let data = &data[..data.len().min(MAX_INPUT)];
    if let Ok(list) = grundy::dataset::graph::read_edges(data, "fuzz") {
        let _ = list.digraph();
    }
}

/// Sum expressions: parse, print, parse back to the same components.
pub fn sum_expr(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if s.len() > 256 {
        return;
    }
    // Heaps of 10^3 and more are legitimate but slow to value (a hard code
    // at a heap of 690,000 takes seconds); the parse of huge numbers is
    // covered by tests/suite/sum.rs.
    let mut run = 0;
    for b in s.bytes() {
        run = if b.is_ascii_digit() { run + 1 } else { 0 };
        if run >= 4 {
            return;
        }
    }
    if let Ok(parts) = grundy::games::summands::parse_sum(s) {
        let printed: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
        let back =
            grundy::games::summands::parse_sum(&printed.join(" + ")).expect("a printed sum parses");
        let again: Vec<String> = back.iter().map(|p| p.to_string()).collect();
        assert_eq!(again, printed, "{s:?}");
    }
}

fn with_file<T>(data: &[u8], read: impl FnOnce(&std::path::Path) -> T) -> T {
    let mut f = tempfile::NamedTempFile::new().expect("temp file");
    f.write_all(data).expect("write temp file");
    f.flush().expect("flush");
    read(f.path())
}

/// Bytes as a positions table: refused unless grundy wrote them; what is
/// accepted writes back to the same bytes' content.
pub fn positions_table(data: &[u8]) {
    let Ok((h, records)) = with_file(data, grundy::dataset::monorail_positions::read_table) else {
        return;
    };
    let mut again = Vec::new();
    grundy::dataset::monorail_positions::write_table(&mut again, h.tiles, h.loops, &records, 3)
        .expect("write to memory");
    let (h2, back) = with_file(&again, grundy::dataset::monorail_positions::read_table)
        .expect("what grundy wrote reads");
    assert_eq!((h2, back), (h, records));
}

/// Bytes as a sequence or checkpoint file: the same contract.
pub fn sequence_file(data: &[u8]) {
    let Ok((code, values)) = with_file(data, grundy::dataset::octal::read_sequence) else {
        return;
    };
    let mut again = Vec::new();
    grundy::dataset::octal::write_sequence(&mut again, &code, &values).expect("write to memory");
    let (code2, back) =
        with_file(&again, grundy::dataset::octal::read_sequence).expect("what grundy wrote reads");
    assert_eq!(code2, code);
    assert_eq!(back.to_u32s(), values.to_u32s());
}

/// Claims tables (`octal check-table FILE`): parse without panic; a table
/// that parses has rows, each with a code that prints and parses back.
pub fn octal_table(data: &[u8]) {
    let Some(s) = text(data) else { return };
    if let Ok(rows) = grundy::dataset::claims_table::parse_table("fuzz.csv", s) {
        assert!(!rows.is_empty(), "a parsed table has rows");
        for r in &rows {
            let printed = r.code.to_string();
            let back: grundy::games::octal::OctalCode =
                printed.parse().expect("a printed code parses");
            assert_eq!(back, r.code);
        }
    }
}

/// Census CSV (what `octal census merge` and `--resume` read): parse
/// without panic; every line read back has the census's columns, its code
/// is its first field and its text is a line of the input.
pub fn census_csv(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let path = std::path::Path::new("census.csv");
    if let Ok(lines) = grundy::dataset::census::parse_csv(path, s) {
        for l in &lines {
            let fields: Vec<&str> = l.text.split(',').collect();
            assert_eq!(fields[0], l.code);
            assert_eq!(fields[1], l.status);
            assert!(!l.code.is_empty());
            assert!(s.lines().any(|x| x == l.text));
        }
    }
}

/// `--shard I/K`: parse without panic; a parsed pair prints as `I/K` and
/// parses back; validating it for every digit count never panics, and an
/// accepted shard holds exactly the codes of its families (round robin).
pub fn census_shard(data: &[u8]) {
    let Some(s) = text(data) else { return };
    let Ok((i, k)) = grundy::jobs::census::parse_shard(s) else {
        return;
    };
    assert_eq!(
        grundy::jobs::census::parse_shard(&format!("{i}/{k}")),
        Ok((i, k))
    );
    for digits in 0..=4 {
        if grundy::jobs::census::validate(digits, 1, Some((i, k))).is_ok() {
            let all = grundy::games::octal::theory::census::codes(digits).len();
            let mine = grundy::jobs::census::shard_codes(digits, Some((i, k)));
            assert!(!mine.is_empty() && mine.len() <= all);
            let mut want: Vec<usize> = grundy::jobs::census::families(digits)
                .into_iter()
                .enumerate()
                .filter(|(f, _)| f % k == i - 1)
                .flat_map(|(_, members)| members)
                .collect();
            want.sort_unstable();
            let got: Vec<usize> = mine.iter().map(|(index, _)| *index).collect();
            assert_eq!(got, want);
        }
    }
}

/// A bounded board and a position on it: first line `WxH X,Y`, the rest a
/// position in board coordinates. A board that parses draws; a position
/// that parses lies on the board, prints in board coordinates and parses
/// back to itself.
pub fn monorail_board(data: &[u8]) {
    use grundy::games::monorail::board::Board;
    let Some(s) = text(data) else { return };
    let (head, rest) = s.split_once('\n').unwrap_or((s, ""));
    let (b, st) = head.split_once(' ').unwrap_or((head, ""));
    let Ok(board) = Board::parse(b, st) else {
        return;
    };
    let _ = board.picture(&Default::default());
    if let Ok(p) = board.parse_position(rest) {
        assert!(p.tiles().iter().all(|&(c, _)| board.contains(c)), "{s:?}");
        let printed = board.notation(p.tiles());
        let back = board
            .parse_position(&printed)
            .expect("a printed position parses");
        assert_eq!(back, p, "{s:?} printed as {printed:?}");
        let _ = board.picture(&p);
    }
}
