//! The misère quotient dataset (`octal quotient CODE --max-heap N --out
//! DIR`): the proved partial quotient `Q_N` of an octal game (Plambeck and
//! Siegel, "Misère quotients for impartial games", JCTA 115, 2008), as
//! CSV files and one JSON file. Elements are numbered `0..|Q|`, `0` the
//! identity (the empty sum); each is also written as a word in the
//! generators of the presentation (`a^2 b`, `1` for the identity).
//!
//! - `elements.csv`: `element,word,p_portion` — `p_portion` is `1` when a
//!   sum whose element this is is a misère P-position (the previous
//!   player wins), else `0`.
//! - `table.csv`: `x,y,product` for every ordered pair, the monoid's
//!   multiplication (the element of a sum of a sum of element `x` and a sum
//!   of element `y`).
//! - `pretending.csv`: `heap,element,word` for heaps `0..=N`, the
//!   pretending function (heaps without a move are the identity).
//! - `growth.csv`: `n,order,p_portion_size,refinements` for each heap
//!   `n ≤ N` that has a move: `|Q_n|`, `|P|` and the candidates refuted
//!   before `Q_n` was proved.
//! - `quotient.json`: everything above plus the presentation
//!   (`generators` with their heaps, `relations` as `word = word`), in the
//!   shape `octal quotient --json` prints ([`quotient_json`]).
//!
//! All files are UTF-8 with `\n` line ends; the bytes depend only on the
//! code and `N` (the quotient is unique up to the numbering of elements,
//! which is fixed by the learning order, itself deterministic).

use super::atomic::write_bytes;
use grundy_core::error::Result;
use grundy_games::misere::learn::Learned;
use grundy_games::misere::periodic::whole_game;
use grundy_games::misere::quotient::{word_text, Presentation};
use grundy_games::octal::OctalCode;
use serde_json::{json, Value};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The files a quotient dataset holds.
pub const FILES: &[&str] = &[
    "elements.csv",
    "table.csv",
    "pretending.csv",
    "growth.csv",
    "quotient.json",
];

/// How `whole_game` is proved, as the JSON says it.
pub const WHOLE_GAME_THEOREM: &str = "the pretending function is periodic (period p from heap n0) up to N >= 2(n0 + p) + t, t the largest removal: the Octal Periodicity Theorem's argument (Guy and Smith 1956; Winning Ways ch. 4) applied to the misere quotient, proof in src/games/misere/periodic.rs";

/// The quotient as one JSON object: `code`, `max_heap`, `order`,
/// `p_portion_size`, `p_portion` (words), `elements` (words, by number),
/// `presentation` (`generators` with `name` and `heap`, `relations`),
/// `pretending` (a word per heap `0..=N`), `table` (rows of element
/// numbers), `growth`, `proved_for_max_heap` (always true: only a proved
/// `Q_N` is written), `whole_game_proved` and `whole_game` (`preperiod`,
/// `period`, `needed`, `theorem`: the periodicity proof of
/// [`grundy_games::misere::periodic`] that `Q_N` is the whole game's
/// quotient, or null where it does not apply), `checked_sums` (sums
/// compared with the search, or null), `proof_states` and `positions`.
pub fn quotient_json(code: &OctalCode, learned: &Learned, checked_sums: Option<usize>) -> Value {
    json_with(
        code,
        learned,
        checked_sums,
        &learned.quotient.presentation(),
    )
}

/// [`quotient_json`] with the presentation already computed.
fn json_with(
    code: &OctalCode,
    learned: &Learned,
    checked_sums: Option<usize>,
    p: &Presentation,
) -> Value {
    let q = &learned.quotient;
    let whole = whole_game(code, q);
    let name = |e: u32| word_text(&p.words[e as usize], &p.generators);
    let p_portion: Vec<String> = (0..q.order() as u32)
        .filter(|&e| q.p_portion[e as usize])
        .map(name)
        .collect();
    let growth: Vec<Value> = learned
        .growth
        .iter()
        .map(|l| json!({"n": l.n, "order": l.order, "p_portion_size": l.p_portion, "refinements": l.refinements}))
        .collect();
    json!({
        "code": code.to_string(),
        "max_heap": q.max_heap,
        "order": q.order(),
        "p_portion_size": q.p_portion_size(),
        "p_portion": p_portion,
        "elements": (0..q.order() as u32).map(name).collect::<Vec<_>>(),
        "presentation": {
            "generators": p.generators.iter().map(|(g, h)| json!({"name": g, "heap": h})).collect::<Vec<_>>(),
            "relations": p.relations.iter().map(|(l, r)| format!("{l} = {r}")).collect::<Vec<_>>(),
        },
        "pretending": q.pretending.iter().map(|&e| name(e)).collect::<Vec<_>>(),
        "table": q.table,
        "growth": growth,
        "proved_for_max_heap": true,
        "whole_game_proved": whole.is_some(),
        "whole_game": whole.map(|w| json!({
            "preperiod": w.preperiod,
            "period": w.period,
            "needed": w.needed,
            "theorem": WHOLE_GAME_THEOREM,
        })),
        "checked_sums": checked_sums,
        "proof_states": learned.states,
        "positions": learned.positions,
    })
}

/// Writes the dataset of the [module documentation](self) into `dir`
/// (which must exist) and returns the paths written.
///
/// # Errors
/// [`Error::Io`](grundy_core::Error::Io) when a file cannot be written.
pub fn write(
    dir: &Path,
    code: &OctalCode,
    learned: &Learned,
    checked_sums: Option<usize>,
) -> Result<Vec<PathBuf>> {
    let q = &learned.quotient;
    let p = q.presentation();
    let name = |e: u32| word_text(&p.words[e as usize], &p.generators);
    let mut elements = String::from("element,word,p_portion\n");
    for e in 0..q.order() as u32 {
        let _ = writeln!(
            elements,
            "{e},{},{}",
            name(e),
            u8::from(q.p_portion[e as usize])
        );
    }
    let mut table = String::from("x,y,product\n");
    for (x, row) in q.table.iter().enumerate() {
        for (y, z) in row.iter().enumerate() {
            let _ = writeln!(table, "{x},{y},{z}");
        }
    }
    let mut pretending = String::from("heap,element,word\n");
    for (h, &e) in q.pretending.iter().enumerate() {
        let _ = writeln!(pretending, "{h},{e},{}", name(e));
    }
    let mut growth = String::from("n,order,p_portion_size,refinements\n");
    for l in &learned.growth {
        let _ = writeln!(
            growth,
            "{},{},{},{}",
            l.n, l.order, l.p_portion, l.refinements
        );
    }
    let mut js = serde_json::to_string_pretty(&json_with(code, learned, checked_sums, &p))
        .unwrap_or_default();
    js.push('\n');
    let files: [(&str, &str); 5] = [
        ("elements.csv", &elements),
        ("table.csv", &table),
        ("pretending.csv", &pretending),
        ("growth.csv", &growth),
        ("quotient.json", &js),
    ];
    let mut written = Vec::new();
    for (file, text) in files {
        let path = dir.join(file);
        write_bytes(&path, text.as_bytes())?;
        written.push(path);
    }
    Ok(written)
}
