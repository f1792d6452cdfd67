//! The engines as a library: Kayles's nim-sequence and its period, proved
//! by the Octal Periodicity Theorem, and the nimber of the 4 × 5 Cram
//! board.
//!
//! Run with `cargo run --release -p grundy-games --example engines`.

use grundy_core::progress::NoProgress;
use grundy_games::cram::{published, Board, Solver};
use grundy_games::octal::theory::period::proved_period;
use grundy_games::octal::{Computation, Engine, OctalCode};

fn main() {
    // Kayles (0.77): G(0..=200), then the period the theorem proves from
    // them (Guy and Smith 1956; Winning Ways ch. 4: period 12 from n = 71).
    let code: OctalCode = "0.77".parse().expect("a valid octal code");
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    let finished = c.extend_to(201, &NoProgress);
    assert!(finished, "nothing asked it to stop");
    let first: Vec<u32> = c.values().iter().take(12).collect();
    println!("{code}: G(0..12) = {first:?}");
    let p = proved_period(&code, c.values()).expect("Kayles's period is proved by n = 200");
    println!(
        "{code}: period {} from n = {} (proved with G(0..{}))",
        p.period, p.pre_period, p.proof_end
    );
    assert_eq!((p.period, p.pre_period), (12, 71));

    // Cram on the empty 4 x 5 board, with a 64 MiB transposition table;
    // published by Beling (README of beling/impartial-games).
    let board = Board::empty(4, 5).expect("a board the engine holds");
    let nimber = Solver::new(64 << 20)
        .nimber(board.cells())
        .expect("no progress context asked it to stop");
    println!("Cram 4x5: nimber {nimber}");
    assert_eq!(Some(nimber), published::nimber(4, 5));
}
