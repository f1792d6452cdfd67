//! Re-renders `reports/octal/<code>.md` and `.svg` for the octal games of
//! `grundy reproduce` (Kayles, Dawson's chess, Dawson's Kayles,
//! Treblecross) without its Monorail proof: each sequence recomputed as
//! `reproduce` computes it, the report written to `reports/octal`, the
//! dataset to a scratch directory (`target/octal-reports/<code>`) to be
//! compared with the committed `data/octal/<code>`, which is not touched.
//!
//! `cargo run --release --example octal_reports` from the crate's root.

use grundy::games::octal::{Engine, OctalCode};
use grundy::jobs::octal::{seq_to_dataset, SeqJob};
use grundy::jobs::reproduce::{COMMAND, OCTAL_GAMES};
use grundy::progress::NoProgress;
use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for &(name, max_n) in OCTAL_GAMES {
        let code: OctalCode = name.parse()?;
        let out = Path::new("target/octal-reports").join(code.file_name());
        let job = SeqJob {
            code: &code,
            engine: Engine::Sparse,
            max_n,
            out: &out,
            reports: Some(Path::new("reports/octal")),
            checkpoint: None,
            command: COMMAND.to_string(),
            threads: rayon::current_num_threads(),
            force: false,
        };
        let run = seq_to_dataset(job, &NoProgress)?;
        println!(
            "{code}: G(0..={max_n}) in {:.2} s, dataset in {}",
            run.seconds,
            out.display()
        );
    }
    Ok(())
}
