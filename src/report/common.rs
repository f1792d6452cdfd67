//! What every report shares: the run record of its last section, the
//! rendered result, and number formatting.

/// How a run went, for the report's last section.
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
    /// The Markdown text.
    pub markdown: String,
    /// Figures, by file name.
    pub figures: Vec<(String, String)>,
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
