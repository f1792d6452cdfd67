//! The report of a sparse-space profile (`octal sparse FILE --reports
//! DIR`): how the rare values of an unsolved game develop with `n`, set
//! beside the figures the published tables give (Czajka, octal-games,
//! UnsolvedGames.md: Grundy's game and 0.6 at `n = 2^21`; Flammenkamp,
//! "Sprague-Grundy Values of Grundy's Game": the rare values known).

use super::common::thousands;
use grundy_games::octal::engine::sparse_profile::Depth;
use std::fmt::Write;

/// A published figure of a game's sparse space at depth `n`.
#[derive(Clone, Copy, Debug)]
pub struct Published {
    /// The code, as `grundy` prints it.
    pub code: &'static str,
    /// The source.
    pub source: &'static str,
    /// The depth as the source counts it: `2^21` means the first `2^21`
    /// values, `G(0..2^21)`.
    pub n: usize,
    /// The largest value and the heap size where it first occurs.
    pub largest: Option<(u32, usize)>,
    /// The mask.
    pub mask: Option<u32>,
    /// The number of rare values (the source's count).
    pub rare: usize,
    /// The last rare heap size.
    pub last_rare: Option<usize>,
}

/// The published figures this report compares with.
pub const PUBLISHED: &[Published] = &[
    Published {
        code: "4!.0",
        source: "T. Czajka, octal-games, UnsolvedGames.md (github.com/tczajka/octal-games)",
        n: 1 << 21,
        largest: Some((231, 763_622)),
        mask: Some(0xfe),
        rare: 1274,
        last_rare: Some(82_860),
    },
    Published {
        code: "4!.0",
        source: "A. Flammenkamp, Sprague-Grundy Values of Grundy's Game (wwwhomes.uni-bielefeld.de/achim/grundy.html): the rare values known, G(0) included, computed to n = 2^35",
        n: 1 << 35,
        largest: None,
        mask: Some(0xfe),
        rare: 1287,
        last_rare: None,
    },
    Published {
        code: "0.6",
        source: "T. Czajka, octal-games, UnsolvedGames.md (github.com/tczajka/octal-games)",
        n: 1 << 21,
        largest: Some((319, 1_274_955)),
        mask: Some(0x1ee),
        rare: 1584,
        last_rare: Some(20_627),
    },
];

/// The Markdown report: the depths computed, the comparison with
/// [`PUBLISHED`] (at the same depth where one was computed), and the last
/// rare values. `run` is a line on how the values were computed.
pub fn render(
    code: &str,
    name: &str,
    depths: &[Depth],
    rare: &[(usize, u32)],
    run: &str,
) -> String {
    let mut md = String::new();
    let last = depths.last();
    let _ = writeln!(md, "# The sparse space of {name} ({code})\n");
    let _ = writeln!(
        md,
        "Values G(0..={}) {run}. A value `v` is *rare* under a mask `M` when `v & M` has an even number of bits (Winning Ways ch. 4; Flammenkamp's tables); at each depth the mask making the fewest of G(1..=n) rare is used (G(0) = 0 is rare under every mask and is not counted). Data: `sparse.csv` (every depth) and `rare.csv` (every rare value under the last mask).\n",
        thousands(last.map_or(0, |d| d.n) as u64)
    );
    let _ = writeln!(md, "## By depth\n");
    let _ = writeln!(
        md,
        "| n | mask | rare values | last rare | largest value | first at |"
    );
    let _ = writeln!(md, "|---:|---:|---:|---:|---:|---:|");
    for d in depths {
        let (mask, count, lr) = match d.space {
            Some(s) => (
                format!("{:#x}", s.mask),
                thousands(s.rare_count as u64),
                s.last_rare.map_or("–".into(), |l| thousands(l as u64)),
            ),
            None => ("–".into(), "–".into(), "–".into()),
        };
        let _ = writeln!(
            md,
            "| {} | {mask} | {count} | {lr} | {} | {} |",
            thousands(d.n as u64),
            d.max_value,
            thousands(d.max_value_at as u64)
        );
    }
    published_section(&mut md, code, depths);
    let _ = writeln!(md, "\n## The last rare values\n");
    let tail = rare.len().saturating_sub(20);
    let list: Vec<String> = rare[tail..]
        .iter()
        .map(|(n, v)| format!("G({}) = {v}", thousands(*n as u64)))
        .collect();
    let _ = writeln!(
        md,
        "{} rare values in all (n ≥ 1); the last {}: {}.",
        thousands(rare.len() as u64),
        list.len(),
        list.join(", ")
    );
    md
}

/// The comparison with the published figures of `code`, if any.
fn published_section(md: &mut String, code: &str, depths: &[Depth]) {
    let published: Vec<&Published> = PUBLISHED.iter().filter(|p| p.code == code).collect();
    if !published.is_empty() {
        let _ = writeln!(md, "\n## Against the published figures\n");
        let _ = writeln!(md, "| source | depth | figure | published | here |");
        let _ = writeln!(md, "|---|---:|---|---:|---:|");
        for p in published {
            // The source's "n = 2^21" is G(0..2^21), our depth 2^21 − 1.
            // A source computed further than here: compared at the last
            // depth here, which says so.
            let exact = depths.iter().find(|d| d.n + 1 == p.n);
            let here = exact.or_else(|| depths.last().filter(|d| d.n + 1 < p.n));
            let at = match (exact, here) {
                (Some(d), _) => thousands(d.n as u64),
                (None, Some(d)) => format!(
                    "here {}, published {}",
                    thousands(d.n as u64),
                    thousands(p.n as u64)
                ),
                (None, None) => format!("not reached ({})", thousands(p.n as u64)),
            };
            let sp = here.and_then(|d| d.space);
            let mut row = |what: &str, theirs: String, ours: String| {
                let _ = writeln!(md, "| {} | {at} | {what} | {theirs} | {ours} |", p.source);
            };
            if let Some(m) = p.mask {
                row(
                    "mask",
                    format!("{m:#x}"),
                    sp.map_or("–".into(), |s| format!("{:#x}", s.mask)),
                );
            }
            let ours_rare = sp.map_or("–".into(), |s| {
                format!("{} (+1 with G(0))", thousands(s.rare_count as u64))
            });
            row("rare values", thousands(p.rare as u64), ours_rare);
            if let Some(l) = p.last_rare {
                row(
                    "last rare",
                    thousands(l as u64),
                    sp.and_then(|s| s.last_rare)
                        .map_or("–".into(), |x| thousands(x as u64)),
                );
            }
            if let Some((v, at_n)) = p.largest {
                row(
                    "largest value (first at)",
                    format!("{v} ({})", thousands(at_n as u64)),
                    here.map_or("–".into(), |d| {
                        format!("{} ({})", d.max_value, thousands(d.max_value_at as u64))
                    }),
                );
            }
        }
    }
}
