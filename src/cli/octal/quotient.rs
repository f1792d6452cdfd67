//! `grundy octal quotient CODE --max-heap N`: the misère quotient `Q_N`
//! (order, P-portion, presentation, pretending function, multiplication
//! table) and how it grew with N ([`grundy_jobs::misere_quotient::quotient`]).

use crate::cli::common::write_stdout;
use crate::cli::progress::Bars;
use clap::Args;
use grundy_dataset::misere_quotient::quotient_json;
use grundy_games::misere::periodic::whole_game;
use grundy_games::misere::quotient::word_text;
use grundy_games::octal::OctalCode;
use grundy_jobs::misere_quotient::{QuotientJob, QuotientRun};

/// `grundy octal quotient`.
#[derive(Debug, Args)]
pub struct QuotientArgs {
    /// Octal code or name (kayles, dawsons-kayles, 0.07, hex:0.3F).
    pub code: String,
    /// The heap bound N: the quotient of every sum of heaps of at most N.
    #[arg(long)]
    pub max_heap: usize,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    /// Also compare the quotient's outcome with the search's for every sum
    /// of up to K heaps of total at most S.
    #[arg(long, value_name = "K,S", value_parser = crate::cli::common::parse_pair)]
    pub verify: Option<(usize, usize)>,
    /// Replace the bounds on candidate size, positions and proof states by
    /// what the memory available holds (GRUNDY_MEMORY sets a smaller share).
    #[arg(long)]
    pub force: bool,
    /// Stop after SECONDS with the quotients proved so far (Q_n for the
    /// last n reached, and where it stopped).
    #[arg(long, value_name = "SECONDS")]
    pub budget: Option<f64>,
    /// Keep the last proved Q_n in DIR after every heap, and continue from
    /// it (rechecked from the rules) when it is there: a long run resumed
    /// after a kill.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Write the dataset (elements.csv, table.csv, pretending.csv,
    /// growth.csv, quotient.json) into this directory.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
}

/// Runs `octal quotient`.
///
/// # Errors
/// A bad code; a search past its bounds; a cross-check that disagrees.
pub fn run(a: QuotientArgs, bars: &Bars) -> anyhow::Result<()> {
    let code: OctalCode = a.code.parse()?;
    let job = QuotientJob {
        code: &code,
        max_heap: a.max_heap,
        force: a.force,
        check: a.verify,
        out: a.out.as_deref(),
        budget_s: a.budget,
        checkpoint: a.checkpoint.as_deref(),
    };
    let r = grundy_jobs::misere_quotient::quotient(&job, bars)?;
    write_stdout(&if a.json {
        json_text(&code, &r)
    } else {
        text(&code, &r)
    })
}

fn json_text(code: &OctalCode, r: &QuotientRun) -> String {
    let mut v = quotient_json(code, &r.learned, r.checked_sums);
    // Only where they apply, so that a full run prints the dataset's
    // quotient.json.
    if let Some(o) = v.as_object_mut() {
        if let Some(s) = &r.stopped {
            o.insert("stopped".into(), s.clone().into());
        }
        if let Some(n) = r.resumed_from {
            o.insert("resumed_from".into(), n.into());
        }
    }
    format!("{v}\n")
}

fn text(code: &OctalCode, r: &QuotientRun) -> String {
    let q = &r.learned.quotient;
    let p = q.presentation();
    let name = |e: u32| word_text(&p.words[e as usize], &p.generators);
    let mut out = format!(
        "misère quotient Q_{} of {code}: order {}, P-portion {} elements (proved for sums of heaps up to {}).\n",
        q.max_heap,
        q.order(),
        q.p_portion_size(),
        q.max_heap
    );
    if let Some(n) = r.resumed_from {
        out.push_str(&format!(
            "resumed from the checkpoint's Q_{n}, rechecked from the rules.\n"
        ));
    }
    if let Some(why) = &r.stopped {
        out.push_str(&format!("stopped before Q_{}: {why}\n", q.max_heap + 1));
    }
    out.push_str(&match whole_game(code, q) {
        Some(w) => format!(
            "whole game: Q_{} is the quotient of every heap size (the pretending function has period {} from heap {}, and N >= 2(n0 + p) + t = {}; src/games/misere/periodic.rs).\n",
            q.max_heap, w.period, w.preperiod, w.needed
        ),
        None => "whole game: not proved (no period of the pretending function short enough for N; raise --max-heap).\n".to_string(),
    });
    let gens: Vec<String> = p
        .generators
        .iter()
        .map(|(g, h)| format!("{g} = heap {h}"))
        .collect();
    out.push_str(&format!("generators: {}\n", gens.join(", ")));
    out.push_str(&format!("relations ({}):\n", p.relations.len()));
    for (l, r) in &p.relations {
        out.push_str(&format!("  {l} = {r}\n"));
    }
    let pp: Vec<String> = (0..q.order() as u32)
        .filter(|&e| q.p_portion[e as usize])
        .map(name)
        .collect();
    out.push_str(&format!("P-portion: {}\n", pp.join(", ")));
    out.push_str("pretending function:\n");
    for (h, &e) in q.pretending.iter().enumerate() {
        out.push_str(&format!("  {h}: {}\n", name(e)));
    }
    out.push_str("growth (n: |Q_n|, |P|):");
    for l in &r.learned.growth {
        out.push_str(&format!(" {}: {}, {};", l.n, l.order, l.p_portion));
    }
    out.push('\n');
    if let Some(c) = r.checked_sums {
        out.push_str(&format!(
            "checked against the search: {c} sums, all agree.\n"
        ));
    }
    out
}
