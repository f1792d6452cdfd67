//! `grundy graph`: the Sprague–Grundy function of a game graph given as a
//! CSV edge list, or Smith's generalised one if it has cycles.

use super::common::{refuse_input_as_output, write_out};
use grundy_dataset::graph::{write_csv, write_json};
use grundy_games::graph::{Digraph, Solution};
use grundy_jobs::graph::{solve_file, SolvedGraph};
use std::io::Write;
use std::path::PathBuf;

/// `grundy graph`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game graph: CSV with header `from,to`, one move per line, vertex
    /// names any non-empty strings (`-` reads standard input).
    pub file: PathBuf,
    /// Write the table (CSV, or JSON with --json) to this file, atomically,
    /// instead of standard output, and print a one-line summary.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// One JSON object instead of CSV.
    #[arg(long)]
    pub json: bool,
}

/// Reads the graph, computes γ for every vertex and writes the table
/// `vertex,grundy,outcome,winning_option` (or JSON).
///
/// # Errors
/// A file that cannot be read, a malformed line (named with its number),
/// or an output that cannot be written.
pub fn run(a: Args) -> anyhow::Result<()> {
    if let Some(out) = &a.out {
        refuse_input_as_output(out, [a.file.as_path()])?;
    }
    let SolvedGraph {
        names,
        graph: g,
        solution: s,
    } = solve_file(&a.file)?;
    let table = |w: &mut dyn Write| {
        if a.json {
            write_json(w, &names, &g, &s)
        } else {
            write_csv(w, &names, &g, &s)
        }
    };
    write_out(a.out.as_deref(), table)?;
    if let Some(path) = &a.out {
        outln!("{}; wrote {}", summary(&a.file, &g, &s), path.display())?;
    }
    Ok(())
}

/// `FILE: n vertices, m edges (acyclic): p P, n N, d D, largest finite value x`.
fn summary(file: &std::path::Path, g: &Digraph, s: &Solution) -> String {
    let c = s.summary();
    format!(
        "{}: {} vertices, {} edges ({}): {} P, {} N, {} D, largest finite value {}",
        file.display(),
        g.vertex_count(),
        g.edge_count(),
        if s.is_cyclic() { "cyclic" } else { "acyclic" },
        c.p,
        c.n,
        c.d,
        c.max_finite.map_or("none".to_string(), |x| x.to_string()),
    )
}
