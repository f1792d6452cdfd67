//! `grundy graph`'s run: the edge list read (a file, or standard input for
//! `-`) and the (generalised) Sprague–Grundy function of every vertex. The
//! command line writes the table ([`grundy_dataset::graph::write_csv`],
//! [`grundy_dataset::graph::write_json`]).

use grundy_core::error::{Error, Result};
use grundy_dataset::graph::{read_edge_list, read_edges, Names};
use grundy_games::graph::{solve, Digraph, Solution};
use std::path::Path;

/// A game graph and its values.
#[derive(Debug)]
pub struct SolvedGraph {
    /// The vertices' names, by id.
    pub names: Names,
    /// The graph.
    pub graph: Digraph,
    /// γ of every vertex.
    pub solution: Solution,
}

/// Reads the edge list `file` (`-`: standard input) and solves it.
///
/// # Errors
/// A directory, an unreadable file, a malformed line (named with its
/// number).
pub fn solve_file(file: &Path) -> Result<SolvedGraph> {
    if file.is_dir() {
        return Err(Error::Io {
            action: "cannot read",
            path: file.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::IsADirectory, "it is a directory"),
        });
    }
    let list = if file.as_os_str() == "-" {
        read_edges(std::io::stdin().lock(), "-")?
    } else {
        read_edge_list(file)?
    };
    let (names, graph) = list.into_digraph()?;
    let solution = solve(&graph);
    Ok(SolvedGraph {
        names,
        graph,
        solution,
    })
}
