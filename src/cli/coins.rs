//! `grundy coins`: coin-turning games (Turning Turtles, Mock Turtles,
//! Ruler, or a rule expression): a row's nimber and winning moves, or the
//! table of single-head values.

use super::common::{write_stdout, SHOWN_MOVES};
use grundy_core::impartial::Nimber;
use grundy_games::coins::{try_moves_to_value_within, Coins, MoveList, Rule, WORK_BUDGET};
use serde_json::json;

/// The largest `--max-n N`.
const MAX_TABLE: usize = 10_000_000;

/// `grundy coins`.
#[derive(Debug, clap::Args)]
#[command(after_long_help = RULE_HELP)]
pub struct Args {
    /// The rule: turtles, mock-turtles, ruler, or an expression such as
    /// `upto(4)`, `at(1,3)`, `run(3)|upto(2)` (see --help).
    pub rule: String,
    /// The row, left to right: H (heads) or T (tails), e.g. THHTH.
    #[arg(required_unless_present = "max_n", conflicts_with = "max_n")]
    pub position: Option<String>,
    /// Print g(1..=N), the values of the single-head rows, as CSV
    /// `coin,nimber` (JSON: `values`, `first_n`, `max_n`).
    #[arg(long, value_name = "N", alias = "table")]
    pub max_n: Option<usize>,
    /// List every winning move (default: the count and the first 20).
    #[arg(long)]
    pub all: bool,
    /// Run even when the estimated work is above the limit (about ten
    /// seconds' worth).
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

const RULE_HELP: &str = "\
Coins are numbered 1, 2, ... from the left. A move turns over a set of coins
allowed by the rule; the rightmost coin turned must go from heads to tails.
A row's nimber is the nim-sum of g(k) over its heads (the coin-turning
theorem; Winning Ways ch. 14, Ferguson, Game Theory, I.5).

Rules: terms joined by '|' (the union of their moves), k the rightmost coin:
  upto(K)        k and at most K-1 other coins anywhere to its left
  exactly(K)     k and exactly K-1 other coins to its left
  run            a run of consecutive coins ending at k, any length
  run(K)         such a run of length at most K
  at(d1,d2,...)  k with coins k-d1, k-d2, ... (all must exist)
  turtles, turning-turtles = upto(2)   (Turning Turtles, g(k) = k)
  mock-turtles = upto(3)               (Mock Turtles, odious numbers)
  ruler = run                          (Ruler, largest power of 2 dividing k)
Parentheses group; letters are case-insensitive; no ':', '+' or spaces.

Examples:
  grundy coins turtles THHTH
  grundy coins 'run(3)|upto(2)' HTHHT --json
  grundy coins mock-turtles --max-n 32";

/// Rows of at most this many coins are printed whole (with the row each
/// move leaves); longer rows by their length and heads.
pub const SHOWN_ROW: usize = 80;

/// Heads listed on the `position:` line at most.
pub const SHOWN_HEADS: usize = 20;

/// Prints the nimber and winning moves of a row, or the table of values.
///
/// # Errors
/// A malformed rule or row, `--max-n 0` or above 10^7, values outside
/// the supported range, or work above the limit without `--force`.
pub fn run(a: Args) -> anyhow::Result<()> {
    let rule: Rule = a.rule.parse()?;
    let max_work = if a.force { u64::MAX } else { WORK_BUDGET };
    if let Some(n) = a.max_n {
        return table(&rule, n, max_work, a.json);
    }
    let Some(text) = a.position else {
        anyhow::bail!("give a POSITION or --max-n N");
    };
    let row: Coins = text.parse()?;
    let limit = if a.all { usize::MAX } else { SHOWN_MOVES };
    let found = try_moves_to_value_within(&rule, &row, Nimber::ZERO, limit, max_work)?;
    let value: Nimber = {
        let last = row.heads().last().unwrap_or(0);
        let g = rule.try_single_values_within(last, max_work)?;
        row.heads().map(|k| Nimber(g[k])).sum()
    };
    let given = a.rule.trim();
    if a.json {
        let list: Vec<_> = found
            .moves
            .iter()
            .map(|m| json!({"turned": m.turned, "result": m.apply(&row).to_string()}))
            .collect();
        return outln!(
            "{}",
            json!({
                "rule": rule.to_string(),
                "given": given,
                "expression": rule.expression(),
                "position": row.to_string(),
                "nimber": value.0,
                "outcome": value.outcome().to_string(),
                "first_player_wins": !value.is_p_position(),
                "winning_moves": list,
                "winning_moves_count": found.count,
                "truncated": found.truncated(),
            })
        );
    }
    let mut out = rule_and_position(&rule, given, &row);
    out.push_str(&value_and_moves(value, &found, &row));
    write_stdout(&out)
}

/// The `rule:` line (the rule as given, and what it means when that is
/// not its canonical name) and the `position:` line.
fn rule_and_position(rule: &Rule, given: &str, row: &Coins) -> String {
    let mut out = String::new();
    let canonical = match rule.name() {
        Some(name) => format!("{name} ({})", rule.expression()),
        None => rule.to_string(),
    };
    if given == canonical || Some(given) == rule.name() || given == rule.to_string() {
        out.push_str(&format!("rule: {canonical}\n"));
    } else {
        out.push_str(&format!("rule: {given} (the same moves as {canonical})\n"));
    }
    let short = row.len() <= SHOWN_ROW;
    let heads: Vec<String> = row
        .heads()
        .take(SHOWN_HEADS)
        .map(|k| k.to_string())
        .collect();
    let count = row.heads().count();
    let heads = match count {
        0 => "none".to_string(),
        c if c > SHOWN_HEADS => format!("{}, ... ({c} heads)", heads.join(", ")),
        _ => heads.join(", "),
    };
    out.push_str(&format!(
        "position: {}{} coin{}, heads at {heads})\n",
        if short {
            format!("{row} (")
        } else {
            "(".to_string()
        },
        row.len(),
        if row.len() == 1 { "" } else { "s" },
    ));
    out
}

/// The `nimber:` line and the winning moves found.
fn value_and_moves(value: Nimber, found: &MoveList, row: &Coins) -> String {
    let mut out = String::new();
    if value.is_p_position() {
        out.push_str(&format!(
            "nimber: {value} (P-position: the player to move loses)\n"
        ));
        out.push_str("winning moves: none\n");
        return out;
    }
    out.push_str(&format!(
        "nimber: {value} (N-position: the player to move wins)\n"
    ));
    out.push_str(&format!("winning moves ({}):\n", found.count));
    let short = row.len() <= SHOWN_ROW;
    for m in &found.moves {
        // A move is the coins it turns; the row it leaves only when
        // the row is short enough to read.
        if short {
            out.push_str(&format!("  {m} -> {}\n", m.apply(row)));
        } else {
            out.push_str(&format!("  {m}\n"));
        }
    }
    if found.truncated() {
        out.push_str(&format!(
            "  ... and {} more (--all lists every move)\n",
            found.count - found.moves.len()
        ));
    }
    out
}

/// `--max-n N`: g(1..=N) as CSV `coin,nimber`, or JSON `values`.
fn table(rule: &Rule, n: usize, max_work: u64, json: bool) -> anyhow::Result<()> {
    if !(1..=MAX_TABLE).contains(&n) {
        Err(grundy_core::Error::OutOfRange {
            what: format!("--max-n {n}"),
            reason: format!("the table has 1 to {MAX_TABLE} coins"),
        })?;
    }
    let g = rule.try_single_values_within(n, max_work)?;
    if json {
        outln!(
            "{}",
            json!({"rule": rule.to_string(), "values": &g[1..], "first_n": 1, "max_n": n})
        )
    } else {
        write_stdout(&grundy_dataset::coins::values_csv(&g))
    }
}
