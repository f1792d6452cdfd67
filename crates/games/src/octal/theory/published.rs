//! Periods of octal games as published, for the codes of up to four
//! digits that the octal census covers: the census gives the families
//! holding one of these codes a budget of their own
//! (`octal census --published-budget`, [`is_published`]), and its report
//! compares its rows with them (`grundy_report::census_published`).
//!
//! Sources: T. Czajka, octal-games, SolvedGames.md
//! (github.com/tczajka/octal-games), which credits the solvers (Kenyon
//! 1967, Austin 1976, Gangolli and Plambeck 1989, Flammenkamp 2002); the
//! OEIS entries of four-digit codes named in each row, two of them quoting
//! A. Flammenkamp's table (Sprague-Grundy Values of Octal-Games,
//! wwwhomes.uni-bielefeld.de/achim/octal.html): A071509 (.1777: period
//! 60,620,715, last exception n = 160,949,017) and A071496 (.3541).

/// A published period: `(code, period, pre-period, source)`.
pub type Published = (&'static str, u64, u64, &'static str);

/// Periods of octal games as published: `(code, period, pre-period,
/// source)`. The pre-period is the least `n0` with `G(n + p) = G(n)` for
/// every `n >= n0`: T. Czajka's "prefix" (octal-games, SolvedGames.md,
/// github.com/tczajka/octal-games), or one more than the OEIS entry's
/// "last exception" (the entries list `G(n)` from `n = 1`, A071074 from
/// `n = 0`). The OEIS rows whose title names a three-digit code and its
/// four-digit twin (".124 and .1241") are listed for the four-digit code.
pub const PUBLISHED_PERIODS: &[Published] = &[
    ("0.45", 20, 498, "Czajka"),
    ("0.156", 349, 3_479, "Czajka (Kenyon 1967)"),
    ("0.356", 142, 7_315, "Czajka (Austin 1976)"),
    ("0.644", 442, 3_256, "Czajka (Austin 1976)"),
    ("0.165", 1_550, 5_181, "Czajka (Austin 1976)"),
    ("0.16", 149_459, 105_351, "Czajka (Gangolli, Plambeck 1989)"),
    ("0.56", 144, 326_640, "Czajka (Gangolli, Plambeck 1989)"),
    ("0.127", 4, 46_578, "Czajka (Gangolli, Plambeck 1989)"),
    ("0.376", 4, 2_268_248, "Czajka (Gangolli, Plambeck 1989)"),
    ("0.354", 1_180, 10_061_916, "Czajka (Flammenkamp 2002)"),
    ("0.1377", 24, 141, "OEIS A071434"),
    (
        "0.1777",
        60_620_715,
        160_949_018,
        "OEIS A071509 (Flammenkamp)",
    ),
    ("0.7777", 24, 142, "OEIS A071074"),
    ("0.1077", 10_015_179, 193_235_615, "OEIS A071454"),
    ("0.1177", 148, 258, "OEIS A071455"),
    ("0.1137", 60, 14, "OEIS A071447"),
    ("0.3777", 442, 3_255, "OEIS A071514"),
    ("0.3337", 5, 20, "OEIS A125923"),
    ("0.7107", 79, 30, "OEIS A125930"),
    ("0.7307", 60, 1, "OEIS A125933"),
    ("0.7377", 16_132, 94_271, "OEIS A125935"),
    ("0.7737", 44, 294_096, "OEIS A125937"),
    ("0.1241", 62, 122, "OEIS A071461"),
    ("0.1271", 4, 46_578, "OEIS A071464"),
    ("0.1521", 48, 2, "OEIS A071471"),
    ("0.1561", 349, 3_479, "OEIS A071472"),
    ("0.1651", 1_550, 5_181, "OEIS A071476"),
    ("0.1731", 40, 21, "OEIS A071480"),
    ("0.3541", 1_180, 10_061_916, "OEIS A071496 (Flammenkamp)"),
    ("0.3561", 142, 7_315, "OEIS A071497"),
    ("0.3751", 18, 37, "OEIS A071503"),
    ("0.3761", 4, 2_268_248, "OEIS A071504"),
];

/// Whether a published table solves `code` (it is in [`PUBLISHED_PERIODS`]).
pub fn is_published(code: &str) -> bool {
    PUBLISHED_PERIODS.iter().any(|p| p.0 == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list() {
        assert_eq!(PUBLISHED_PERIODS.len(), 32);
        assert!(is_published("0.1777") && is_published("0.1077"));
        assert!(!is_published("0.6") && !is_published("0.1776"));
        let mut seen = std::collections::HashSet::new();
        assert!(PUBLISHED_PERIODS.iter().all(|p| seen.insert(p.0)));
    }
}
