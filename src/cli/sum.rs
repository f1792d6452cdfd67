//! `grundy sum`: a sum of games from any family, its nimber and every
//! winning move.

use grundy::games::component::{parse_sum, Component};
use grundy::impartial::sum::{guaranteed, winning_targets};
use grundy::impartial::Nimber;
use serde_json::json;

/// `grundy sum`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The components, separated by `+` (quote the whole sum), e.g.
    /// "kayles:10 + dawsons-chess:7 + nim:5 + coins:turtles:THHTH".
    /// Families: nim:N, an octal game by name or code with a heap size
    /// (kayles:10, 0.137:7, hex:0.8F:6), coins:RULE:ROW, treblecross:ROW.
    #[arg(required = true, num_args = 1..)]
    pub sum: Vec<String>,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// The winning moves of one component.
struct Winning {
    component: usize,
    to_value: Nimber,
    moves: Vec<String>,
}

/// Runs `grundy sum`.
///
/// # Errors
/// A malformed component.
pub fn run(a: Args) -> anyhow::Result<()> {
    let text = a.sum.join(" ");
    let parts: Vec<Component> = parse_sum(&text)?;
    let values: Vec<Nimber> = parts
        .iter()
        .map(Component::nimber)
        .collect::<grundy::Result<_>>()?;
    let total: Nimber = values.iter().copied().sum();
    let mut winning = Vec::new();
    for (i, (part, &target)) in parts.iter().zip(&winning_targets(&values)).enumerate() {
        let moves = part.moves_to(target)?;
        debug_assert!(!guaranteed(values[i], target) || !moves.is_empty());
        if !moves.is_empty() {
            winning.push(Winning {
                component: i + 1,
                to_value: target,
                moves,
            });
        }
    }
    if a.json {
        let components: Vec<_> = parts
            .iter()
            .zip(&values)
            .map(|(p, v)| json!({"component": p.to_string(), "family": p.family(), "nimber": v.value()}))
            .collect();
        let moves: Vec<_> = winning
            .iter()
            .map(|w| json!({"component": w.component, "to_value": w.to_value.value(), "moves": w.moves}))
            .collect();
        outln!(
            "{}",
            json!({"components": components, "nim_sum": total.value(), "winning_moves": moves})
        );
        return Ok(());
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
        }
    }
    super::write_stdout(&out);
    Ok(())
}
