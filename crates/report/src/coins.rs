//! The coin-turning report: the built-in rules, their first values, the
//! closed forms checked against the computed values, and a worked example.

use grundy_games::coins::{
    mock_turtles_value, nimber, ruler_value, turtles_value, winning_moves, Coins, Rule, BUILTINS,
};
use std::fmt::Write;

/// The worked example: a Mock Turtles row.
const EXAMPLE: &str = "HTHHTTHH";

/// A built-in rule's closed form: `(name, formula, source, value)`.
type ClosedForm = (&'static str, &'static str, &'static str, fn(usize) -> u64);

const CLOSED_FORMS: [ClosedForm; 3] = [
    (
        "turtles",
        "g(k) = k",
        "Winning Ways ch. 14; Ferguson, *Game Theory*, I.5",
        turtles_value,
    ),
    (
        "mock-turtles",
        "g(k) = the k-th odious number: 2(k−1), plus 1 if k−1 has an even number of ones in binary",
        "Winning Ways ch. 14; Ferguson I.5; OEIS A000069",
        mock_turtles_value,
    ),
    (
        "ruler",
        "g(k) = the largest power of 2 dividing k",
        "Ferguson I.5; Winning Ways ch. 14; OEIS A006519",
        ruler_value,
    ),
];

fn describe(name: &str) -> &'static str {
    match name {
        "turtles" => "Turning Turtles: turn one or two coins",
        "mock-turtles" => "Mock Turtles: turn one, two or three coins",
        _ => "Ruler: turn any run of consecutive coins",
    }
}

/// Renders the Markdown report. The closed forms are checked against the
/// computed single-head values for `1 ≤ k ≤ max(max_n, 32)`.
pub fn render(max_n: usize) -> String {
    let n = max_n.max(32);
    let mut md = String::new();
    let _ = writeln!(md, "# Coin-turning games\n");
    let _ = writeln!(
        md,
        "A row of coins, heads (H) or tails (T), numbered 1, 2, … from the left. A move \
         turns over a set of coins allowed by the rule; the rightmost coin turned must go \
         from heads to tails. By the coin-turning theorem (Lenstra; Winning Ways ch. 14; \
         Ferguson, *Game Theory*, I.5) a row's Grundy value is the nim-sum of g(k) over its \
         heads, where g(k) is the mex, over the allowed turn-sets with rightmost coin k, of \
         the nim-sum of g over the set's other coins.\n"
    );
    let _ = writeln!(md, "## Rules\n");
    let _ = writeln!(md, "| rule | expression | moves |");
    let _ = writeln!(md, "|---|---|---|");
    for (name, expr) in BUILTINS {
        let _ = writeln!(md, "| `{name}` | `{expr}` | {} |", describe(name));
    }
    let rules: Vec<Rule> = BUILTINS
        .iter()
        .map(|(name, _)| name.parse().expect("built-in rules parse"))
        .collect();
    let computed: Vec<Result<Vec<u32>, String>> = rules
        .iter()
        .map(|r| r.try_single_values(n).map_err(|e| e.to_string()))
        .collect();
    let _ = writeln!(md, "\n## The first 32 values\n");
    let _ = writeln!(md, "| k | turtles | mock-turtles | ruler |");
    let _ = writeln!(md, "|---:|---:|---:|---:|");
    for k in 1..=32 {
        let cells: Vec<String> = computed
            .iter()
            .map(|c| match c {
                Ok(g) => g[k].to_string(),
                Err(_) => "?".into(),
            })
            .collect();
        let _ = writeln!(md, "| {k} | {} |", cells.join(" | "));
    }
    let _ = writeln!(md, "\n## Closed forms\n");
    for ((name, formula, source, f), c) in CLOSED_FORMS.iter().zip(&computed) {
        let check = match c {
            Ok(g) => match (1..=n).find(|&k| u64::from(g[k]) != f(k)) {
                None => format!("agrees with the computed values for 1 ≤ k ≤ {n}"),
                Some(k) => format!(
                    "**disagrees** with the computed value g({k}) = {} (formula: {})",
                    g[k],
                    f(k)
                ),
            },
            Err(e) => format!("not checked: {e}"),
        };
        let _ = writeln!(md, "- `{name}`: {formula} ({source}); {check}.");
    }
    let rule = Rule::mock_turtles();
    let row: Coins = EXAMPLE.parse().expect("the example row parses");
    let g = rule.single_values(row.len());
    let heads: Vec<usize> = row.heads().collect();
    let terms: Vec<String> = heads
        .iter()
        .map(|&k| format!("g({k}) = {}", g[k]))
        .collect();
    let value = nimber(&rule, &row);
    let _ = writeln!(md, "\n## Worked example\n");
    let _ = writeln!(
        md,
        "Mock Turtles on `{row}`: heads at coins {}; {}; their nim-sum is {}, so the player \
         to move {}.",
        heads
            .iter()
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
            .join(", "),
        terms.join(", "),
        value.0,
        if value.is_p_position() {
            "loses"
        } else {
            "wins"
        }
    );
    let moves = winning_moves(&rule, &row);
    let _ = writeln!(
        md,
        "The winning moves turn a set whose values cancel the nim-sum ({} of them):\n",
        moves.len()
    );
    let _ = writeln!(md, "| move | result |");
    let _ = writeln!(md, "|---|---|");
    for m in &moves {
        let _ = writeln!(md, "| {m} | `{}` |", m.apply(&row));
    }
    let _ = writeln!(
        md,
        "\nRegenerate: `grundy coins mock-turtles {EXAMPLE}`; tables: \
         `grundy coins RULE --table N`."
    );
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_has_values_checks_and_example() {
        let md = render(200);
        assert!(md.contains("| 4 | 4 | 7 | 4 |"), "{md}");
        assert!(md.contains("| 32 | 32 | 62 | 32 |"), "{md}");
        assert_eq!(
            md.matches("agrees with the computed values for 1 ≤ k ≤ 200")
                .count(),
            3
        );
        assert!(!md.contains("disagrees"));
        assert!(md.contains("| turn 1 | `TTHHTTHH` |"), "{md}");
        assert!(md.contains("nim-sum is 1"), "{md}");
        assert_eq!(render(200), md);
    }
}
