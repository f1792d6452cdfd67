//! `grundy serve`: the tablebase explorer in the browser.

use super::common::BoardArgs;
use super::progress::Bars;
use anyhow::Context;
use grundy_games::monorail::rules::{check_tiles, STANDARD_TILES};
use grundy_jobs::monorail_position::tablebase;
use std::io::Write;
use std::sync::Arc;

/// `grundy serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Tile count T (6..=24; the show uses 16). The whole game is solved
    /// at start (T = 16: about 15 s on two cores, 200 MiB).
    #[arg(long, default_value_t = STANDARD_TILES)]
    pub tiles: usize,
    #[command(flatten)]
    pub board: BoardArgs,
    /// Run even if the estimated memory of the solve exceeds what the
    /// machine has available.
    #[arg(long)]
    pub force: bool,
    /// TCP port; 0 picks a free one (the line `listening on URL` on
    /// standard output names it).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on. The default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// The octal atlas's data (`/octal`): the directory holding `census/`
    /// and `census-4/`. Missing: the atlas says so and still computes
    /// codes on request.
    #[arg(long, default_value = "data/octal")]
    pub octal_data: std::path::PathBuf,
    /// Answers the octal atlas computes at once, at most (default: the
    /// thread count); a request beyond them gets HTTP 503 with
    /// `Retry-After`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub atlas_computations: Option<u64>,
}

/// Solves the game, then serves the explorer until the process is stopped.
///
/// # Errors
/// A bad tile count or board, a failed solve, a port that cannot be bound.
pub fn run(a: Args, threads: usize, bars: &Bars) -> anyhow::Result<()> {
    let tiles = check_tiles(a.tiles)?;
    let board = a.board.board()?;
    let what = format!("serve --tiles {tiles}");
    let tb = Arc::new(tablebase(&what, tiles, board, a.force, bars)?);
    let computations = a.atlas_computations.map_or(threads.max(1), |c| c as usize);
    let atlas =
        Arc::new(grundy_jobs::atlas::Atlas::load(&a.octal_data).with_computations(computations));
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(threads.max(1))
        .enable_io()
        .enable_time()
        .build()
        .context("cannot start the server's runtime")?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind((a.host, a.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", a.host, a.port))?;
        let addr = listener.local_addr()?;
        let host = if addr.is_ipv6() {
            format!("[{}]", addr.ip())
        } else {
            addr.ip().to_string()
        };
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "Monorail tablebase: T = {tiles}{}, {} position classes, start *{}",
            board.map_or(String::new(), |b| format!(", board {b}")),
            tb.classes(),
            tb.start_nimber()
        )?;
        writeln!(
            out,
            "octal atlas: {} codes from {}{}",
            atlas.len(),
            a.octal_data.display(),
            atlas
                .notes()
                .first()
                .map_or(String::new(), |n| format!(" ({n})"))
        )?;
        writeln!(out, "listening on http://{host}:{}/", addr.port())?;
        out.flush()?;
        drop(out);
        grundy_serve::atlas::serve_with_atlas(listener, tb, atlas)
            .await
            .context("the server stopped")
    })
}
