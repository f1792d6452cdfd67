//! What every report shares: the run record (kept out of the report
//! itself, in a file beside it), the rendered result, and number
//! formatting.

/// How a run went: threads, peak memory and time by phase. These change
/// from run to run, so they are not part of a committed report: they go to
/// [`run_markdown`], written beside the report as `STEM.run.md`
/// ([`RUN_SUFFIX`], which git ignores), so that rerunning the main job
/// leaves the checkout clean.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunInfo {
    /// `(phase, seconds)` in order.
    pub phases: Vec<(String, f64)>,
    /// Worker threads used.
    pub threads: usize,
    /// Peak resident memory in MiB, if known.
    pub peak_mib: Option<f64>,
    /// The command that produced the report.
    pub command: String,
}

/// A rendered report: the Markdown and the figures, as `(file name, SVG)`
/// to be written in the figure directory.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The Markdown text: the same on every run with the same inputs.
    pub markdown: String,
    /// Figures, by file name.
    pub figures: Vec<(String, String)>,
}

/// Ends the name of the file beside a report `STEM.md` that holds the run
/// record ([`run_markdown`]): `STEM.run.md`, ignored by git.
pub const RUN_SUFFIX: &str = ".run.md";

/// The run record of the report titled `title`: the command, the worker
/// threads, the peak memory and the time of each phase, as Markdown.
pub fn run_markdown(title: &str, run: &RunInfo) -> String {
    let mut md = format!(
        "# The run behind {title}

"
    );
    md.push_str(
        "Written by the run that wrote the report, beside it; not committed (it changes \
         from run to run).\n\n",
    );
    md.push_str(&format!("- command: `{}`\n", run.command));
    md.push_str(&format!("- worker threads: {}\n", run.threads));
    if let Some(m) = run.peak_mib {
        md.push_str(&format!(
            "- peak resident memory of the process: {} MiB\n",
            thousands(m.round() as u64)
        ));
    }
    md.push_str("\n| phase | seconds |\n|---|---|\n");
    for (p, s) in &run.phases {
        md.push_str(&format!("| {p} | {s:.2} |\n"));
    }
    md
}

/// `n` with thousands separators: `9,219,644`.
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
