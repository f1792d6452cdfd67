//! `grundy sum`: a sum of games from any family, its nimber and every
//! winning move; with `--misere`, its misère outcome and winning moves.

use super::common::{write_stdout, SHOWN_MOVES};
use super::progress::Bars;
use grundy_games::misere::Outcome;
use grundy_games::summands::format_sum;
use grundy_jobs::misere::MisereSumJob;
use grundy_jobs::sum::{SettledSum, SumJob};
use serde_json::json;

/// `grundy sum`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The components, separated by `+` (quote the whole sum), e.g.
    /// "kayles:10 + dawsons-chess:7 + nim:5 + coins:turtles:THHTH".
    /// Families: nim:N, an octal game by name or code with a heap size
    /// (kayles:10, 0.137:7, hex:0.8F:6), coins:RULE:ROW, treblecross:ROW,
    /// monorail:POSITION or monorail:T:POSITION (T = 16 when not given),
    /// graph:FILE:VERTEX (a vertex of an edge-list file).
    #[arg(required = true, num_args = 1..)]
    pub sum: Vec<String>,
    /// List every winning move (default: the first 20 of each component,
    /// with the count).
    #[arg(long)]
    pub all: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    /// Solve Monorail components even when the estimate exceeds the memory
    /// available (with --misere: let the search store as many positions as
    /// the memory available holds).
    #[arg(long)]
    pub force: bool,
    /// Misère play (the last player to move loses): the outcome and every
    /// winning move, for heaps of octal and Nim games, coin rows and graph
    /// vertices; by misère Nim's rule, by a proved misère quotient of the
    /// heaps (one game or several, cached), or by search.
    #[arg(long)]
    pub misere: bool,
    /// With --misere: decide by the search even where a proved misère
    /// quotient or misère Nim's rule applies (a cross-check).
    #[arg(long, requires = "misere")]
    pub search: bool,
    /// With --misere: decide by a misère quotient only, refusing where
    /// none is found within the budget (a cross-check of the search).
    #[arg(long, requires = "misere", conflicts_with = "search")]
    pub quotient: bool,
    /// With --misere: seconds a misère quotient is built for when it decides
    /// alone (--quotient, --verify) or once the search has given up; beside
    /// the search it is built for as long as the search runs.
    #[arg(long, requires = "misere", value_name = "SECONDS", default_value_t = grundy_jobs::misere::QUOTIENT_BUDGET_S)]
    pub budget: f64,
    /// With --misere: the most positions the search stores (default 10
    /// million; --force: as many as the memory available holds).
    #[arg(long, requires = "misere", value_name = "N")]
    pub max_positions: Option<usize>,
    /// With --misere: keep proved misère quotients here between runs
    /// (default: $GRUNDY_CACHE, else ~/.cache/grundy/misere-quotients).
    #[arg(long, requires = "misere", value_name = "DIR")]
    pub cache_dir: Option<std::path::PathBuf>,
    /// With --misere: neither read nor write the quotient cache.
    #[arg(long, requires = "misere", conflicts_with = "cache_dir")]
    pub no_cache: bool,
    /// With --misere: check the quotient that decides the sum against the
    /// plain search on every sum of up to K of its games' heaps of total at
    /// most S (the check of `octal quotient --verify`).
    #[arg(long, requires = "misere", value_name = "K,S", value_parser = crate::cli::common::parse_pair)]
    pub verify: Option<(usize, usize)>,
}

/// Runs `grundy sum` ([`grundy_jobs::sum`]) and prints the result.
///
/// # Errors
/// A malformed or unsettled component.
pub fn run(a: Args, bars: &Bars) -> anyhow::Result<()> {
    let text = a.sum.join(" ");
    if a.misere {
        return misere(&text, &a, bars);
    }
    let job = SumJob {
        text: &text,
        limit: if a.all { usize::MAX } else { SHOWN_MOVES },
        force: a.force,
    };
    let SettledSum {
        parts,
        values,
        total,
        winning,
    } = grundy_jobs::sum::run(&job, bars)?;
    if a.json {
        let components: Vec<_> = parts
            .iter()
            .zip(&values)
            .map(|(p, v)| json!({"component": p.to_string(), "family": p.family(), "nimber": v.value()}))
            .collect();
        let mut moves = Vec::new();
        for w in &winning {
            for m in &w.moves {
                moves.push(json!({
                    "component": w.component,
                    "nimber": values[w.component - 1].value(),
                    "to_value": w.to_value.value(),
                    "move": m,
                }));
            }
        }
        let count: usize = winning.iter().map(|w| w.count).sum();
        return outln!(
            "{}",
            json!({
                "sum": format_sum(&parts),
                "components": components,
                "nimber": total.value(),
                "outcome": total.outcome().to_string(),
                "first_player_wins": !total.is_p_position(),
                "winning_moves": moves,
                "winning_moves_count": count,
                "truncated": count > moves.len(),
            })
        );
    }
    let mut out = String::new();
    for (i, (p, v)) in parts.iter().zip(&values).enumerate() {
        out.push_str(&format!("{}. {p}  {v}\n", i + 1));
    }
    out.push_str(&format!("nim-sum {total}: "));
    if total.is_p_position() {
        out.push_str("a P-position, the player to move loses; no move wins.\n");
    } else {
        out.push_str("an N-position, the player to move wins:\n");
        for w in &winning {
            out.push_str(&format!(
                "in component {}, move to a position of value {}: {}\n",
                w.component,
                w.to_value,
                w.moves.join("; ")
            ));
            if w.count > w.moves.len() {
                out.push_str(&format!(
                    "  ... and {} more in component {} (--all lists every move)\n",
                    w.count - w.moves.len(),
                    w.component
                ));
            }
        }
    }
    write_stdout(&out)
}

/// `grundy sum --misere` ([`grundy_jobs::misere::sum`]).
fn misere(text: &str, a: &Args, bars: &Bars) -> anyhow::Result<()> {
    if !(a.budget.is_finite() && a.budget >= 0.0) {
        anyhow::bail!(grundy_core::Error::OutOfRange {
            what: format!("--budget {}", a.budget),
            reason: "a number of seconds, at least 0".into(),
        });
    }
    let cache = if a.no_cache {
        None
    } else {
        a.cache_dir
            .clone()
            .or_else(grundy_jobs::misere::default_cache_dir)
    };
    let job = MisereSumJob {
        text,
        force: a.force,
        max_positions: a.max_positions,
        search_only: a.search,
        quotient_only: a.quotient,
        budget_s: a.budget,
        cache: cache.as_deref(),
        verify: a.verify,
    };
    let r = grundy_jobs::misere::sum(&job, bars)?;
    let p = r.outcome == Outcome::P;
    let shown = if a.all { r.winning.len() } else { SHOWN_MOVES };
    if a.json {
        let moves: Vec<_> = r
            .winning
            .iter()
            .take(shown)
            .map(|m| json!({"component": m.component, "from": m.from, "to": m.to}))
            .collect();
        return outln!(
            "{}",
            json!({
                "sum": r.components.join(" + "),
                "play": "misere",
                "components": r.components,
                "outcome": r.outcome.to_string(),
                "first_player_wins": !p,
                "method": r.method,
                "quotient": r.quotient.as_ref().map(|q| json!({
                    "heaps": q.heaps.iter().map(|(g, n)| json!({"game": g, "max_heap": n})).collect::<Vec<_>>(),
                    "order": q.order,
                    "p_portion": q.p_portion,
                    "whole_game": q.whole.map(|(n0, p)| json!({"preperiod": n0, "period": p})),
                    "cached": q.cached,
                    "checked_sums": q.checked_sums,
                })),
                "positions": r.positions,
                "winning_moves": moves,
                "winning_moves_count": r.winning.len(),
                "truncated": r.winning.len() > moves.len(),
            })
        );
    }
    let mut out = format!("misère play: {}\n", r.components.join(" + "));
    if p {
        out.push_str("a P-position, the player to move loses; no move wins");
    } else {
        out.push_str("an N-position, the player to move wins");
    }
    out.push_str(&format!(" ({}", r.method));
    if let Some(q) = &r.quotient {
        out.push_str(&format!(
            ", |Q| = {}{}",
            q.order,
            if q.cached { ", from the cache" } else { "" }
        ));
        if let Some(c) = q.checked_sums {
            out.push_str(&format!(
                "; checked against the search on {c} sums, all agree"
            ));
        }
    }
    if r.positions > 0 {
        out.push_str(&format!(", {} positions", r.positions));
    }
    out.push(')');
    out.push_str(if p { ".\n" } else { ":\n" });
    for m in r.winning.iter().take(shown) {
        out.push_str(&format!(
            "in component {}, {} -> {}\n",
            m.component, m.from, m.to
        ));
    }
    if r.winning.len() > shown {
        out.push_str(&format!(
            "  ... and {} more (--all lists every move)\n",
            r.winning.len() - shown
        ));
    }
    write_stdout(&out)
}
