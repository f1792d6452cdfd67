//! `grundy octal genus CODE --max-n N`: each heap's nimber, misère nimber
//! and Conway genus, and whether the game is tame up to N
//! ([`grundy_jobs::misere_genus::genus`]); a text table or one JSON object.

use crate::cli::common::write_stdout;
use crate::cli::progress::Bars;
use clap::Args;
use grundy_games::octal::OctalCode;
use grundy_jobs::misere_genus::GenusTable;
use serde_json::json;

/// `grundy octal genus`.
#[derive(Debug, Args)]
pub struct GenusArgs {
    /// Octal code or name (kayles, dawsons-kayles, 0.07, hex:0.3F).
    pub code: String,
    /// Largest heap N.
    #[arg(long)]
    pub max_n: usize,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    /// Search even when the bound on positions exceeds 10 million.
    #[arg(long)]
    pub force: bool,
}

/// Runs `octal genus`.
///
/// # Errors
/// A bad code; `--max-n` too large; a search past its bound.
pub fn run(a: GenusArgs, bars: &Bars) -> anyhow::Result<()> {
    let code: OctalCode = a.code.parse()?;
    let t = grundy_jobs::misere_genus::genus(&code, a.max_n, a.force, bars)?;
    write_stdout(&if a.json {
        json_text(&t, a.max_n)
    } else {
        text(&t, a.max_n)
    })
}

fn json_text(t: &GenusTable, max_n: usize) -> String {
    let rows: Vec<_> = t
        .rows
        .iter()
        .map(|r| {
            json!({
                "n": r.n,
                "nimber": r.nimber,
                "misere_nimber": r.misere_nimber,
                "genus": r.genus.to_string(),
                "gammas": r.genus.gammas,
                "hereditarily_tame": r.hereditarily_tame,
            })
        })
        .collect();
    format!(
        "{}\n",
        json!({
            "code": t.code.to_string(),
            "max_n": max_n,
            "tame": t.first_wild.is_none(),
            "first_wild": t.first_wild,
            "positions": t.positions,
            "rows": rows,
        })
    )
}

fn text(t: &GenusTable, max_n: usize) -> String {
    let mut out = String::from("n  nimber  misère  genus\n");
    for r in &t.rows {
        let mark = if r.hereditarily_tame { "" } else { "  wild" };
        out.push_str(&format!(
            "{}  {}  {}  {}{mark}\n",
            r.n, r.nimber, r.misere_nimber, r.genus
        ));
    }
    match t.first_wild {
        None => out.push_str(&format!(
            "{}: every heap up to {max_n} is hereditarily tame ({} positions).\n",
            t.code, t.positions
        )),
        Some(n) => out.push_str(&format!(
            "{}: wild: heap {n} is the first that is not hereditarily tame ({} positions).\n",
            t.code, t.positions
        )),
    }
    out
}
