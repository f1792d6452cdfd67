//! An SVG dot plot of a nim-sequence: `G(n)` against `n`.
//!
//! With few values each `G(n)` is a dot of its own. With more values than
//! pixel columns, each column shows every distinct value falling in it as
//! a dot (deduplicated by column and pixel row, never a min–max bar), so a
//! period shows as rows of dots and an occasional value is not hidden.
//! Values rare in the sparse space (under [`PlotOptions::mask`]) are drawn
//! in their own colour, on top, each occurrence kept whatever the
//! decimation. Ticks are at 1-2-5 steps; the `n` axis can be log-scaled
//! (`x ∝ ln(n + 1)`), which shows a short pre-period beside a long range.

use super::common::thousands;
use grundy_games::octal::Values;
use std::fmt::Write;

/// Width of the figure, px.
const W: usize = 800;
/// Height of the figure, px.
const H: usize = 290;
/// Left margin (tick labels and the `G(n)` title), px.
const LEFT: usize = 66;
/// Right margin, px.
const RIGHT: usize = 24;
/// Top margin (title and legend), px.
const TOP: usize = 30;
/// Bottom margin (tick labels, then the `n` title below them), px.
const BOTTOM: usize = 46;
/// Colour of common values.
const COMMON: &str = "#1f5fa8";
/// Colour of rare values.
const RARE: &str = "#d62728";

/// How [`dot_plot`] draws a sequence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlotOptions {
    /// The sparse space's mask `M`, if rare values are to be shown: `v` is
    /// rare when `v & M` has an even number of bits (`G(0) = 0` is rare
    /// under every mask and drawn as such).
    pub mask: Option<u32>,
    /// Log-scaled `n` axis: `x ∝ ln(n + 1)`.
    pub log_n: bool,
}

/// Whether `v` is rare under `mask`.
fn is_rare(mask: Option<u32>, v: u32) -> bool {
    mask.is_some_and(|m| (v & m).count_ones() % 2 == 0)
}

/// The ticks from 0 to at least `max` at a 1-2-5 step: `(step, ticks)`,
/// the step the least giving at most `intervals` intervals, the last tick
/// `>= max`.
pub fn nice_ticks(max: u64, intervals: u64) -> (u64, Vec<u64>) {
    let intervals = intervals.max(1);
    let mut mag = 1u64;
    let step = loop {
        if let Some(s) = [1, 2, 5]
            .into_iter()
            .map(|k| k * mag)
            .find(|&s| max.div_ceil(s) <= intervals)
        {
            break s;
        }
        mag = mag.saturating_mul(10);
    };
    let top = max.div_ceil(step).max(1) * step;
    (step, (0..=top / step).map(|i| i * step).collect())
}

/// A tick label: `n` with thousands separators, or `250k`, `1.5M` from
/// 10,000 on.
pub fn short_number(n: u64) -> String {
    short_number_as(n, n)
}

/// A tick label of `n` in the style the largest tick `top` needs (`2k`
/// beside `10k`, not `2,000`).
fn short_number_as(n: u64, top: u64) -> String {
    let trim = |x: f64| {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    if n == 0 {
        "0".to_string()
    } else if n >= 1_000_000 {
        format!("{}M", trim(n as f64 / 1e6))
    } else if top >= 10_000 && n >= 1_000 {
        format!("{}k", trim(n as f64 / 1e3))
    } else {
        thousands(n)
    }
}

/// The plot of `G(0..values.len())` against `n`, 800 × 290 px, titled
/// `title` (shown at the top and as the SVG's `<title>`). At most one
/// path element per colour besides the axes for long sequences, a few
/// hundred KB at most: each pixel column holds runs of dots.
pub fn dot_plot(values: &Values, title: &str, opts: &PlotOptions) -> String {
    let len = values.len();
    let last = len.saturating_sub(1);
    let max = values.max();
    let pw = W - LEFT - RIGHT;
    let ph = H - BOTTOM - TOP;
    let (_, yticks) = nice_ticks(u64::from(max.max(1)), 9);
    let ymax = *yticks.last().unwrap_or(&1) as f64;
    let y = |v: u32| TOP as f64 + ph as f64 * (1.0 - f64::from(v) / ymax);
    let log_n = opts.log_n && last >= 10;
    // x of heap size n, in 0..=pw (a column's left edge when floored).
    let span = if log_n {
        ((last + 1) as f64).ln()
    } else {
        len.max(1) as f64
    };
    let x = |n: usize| -> f64 {
        if log_n {
            pw as f64 * ((n + 1) as f64).ln() / span
        } else {
            pw as f64 * n as f64 / span
        }
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(s, r##"<rect width="{W}" height="{H}" fill="#fff"/>"##);
    let _ = writeln!(
        s,
        r#"<text x="{LEFT}" y="16" font-size="12" font-weight="bold">{}</text>"#,
        escape(title)
    );
    legend(&mut s, values, opts.mask);
    let (x0, y0) = (LEFT, TOP + ph);
    // Grid and y ticks.
    for &t in &yticks {
        let yy = y(t as u32);
        let _ = writeln!(
            s,
            r##"<path d="M{x0} {yy:.1}h{pw}" stroke="#e4e4e4"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
            LEFT - 6,
            yy + 4.0,
            thousands(t)
        );
    }
    // x ticks.
    let xticks = x_ticks(last, log_n);
    let tick_x = |n: usize| {
        if log_n {
            LEFT as f64 + x(n)
        } else {
            LEFT as f64 + x(n) + 0.5 * pw as f64 / span
        }
    };
    let top = xticks.last().map_or(0, |&(t, _)| t as u64);
    for &(t, labelled) in &xticks {
        let xx = tick_x(t);
        let _ = write!(
            s,
            r##"<path d="M{xx:.1} {y0}v{}" stroke="#000"/>"##,
            if labelled { 5 } else { 3 }
        );
        if labelled {
            let _ = write!(
                s,
                r#"<text x="{xx:.1}" y="{}" text-anchor="middle">{}</text>"#,
                y0 + 17,
                short_number_as(t as u64, top)
            );
        }
        s.push('\n');
    }
    axes(&mut s, (x0, y0), pw, ph, log_n);
    if !log_n && len <= pw / 3 {
        let step = pw as f64 / len.max(1) as f64;
        for (k, v) in values.iter().enumerate() {
            let colour = if is_rare(opts.mask, v) { RARE } else { COMMON };
            let _ = writeln!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="2.2" fill="{colour}"/>"#,
                LEFT as f64 + step * (k as f64 + 0.5),
                y(v)
            );
        }
    } else {
        columns(&mut s, values, opts.mask, pw, ph, &x, &y);
    }
    s.push_str("</svg>\n");
    s
}

/// The axes from the origin `(x0, y0)`, `pw` by `ph`, and their labels.
fn axes(s: &mut String, (x0, y0): (usize, usize), pw: usize, ph: usize, log_n: bool) {
    let _ = writeln!(
        s,
        r##"<path d="M{x0} {TOP} V{y0} H{}" fill="none" stroke="#000"/>"##,
        LEFT + pw
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        LEFT + pw / 2,
        H - 8,
        if log_n { "n (log scale)" } else { "n" }
    );
    let _ = writeln!(
        s,
        r#"<text x="14" y="{0}" transform="rotate(-90 14 {0})" text-anchor="middle">G(n)</text>"#,
        TOP + ph / 2
    );
}

/// The ticks of the n axis up to `last`, each with whether it is
/// labelled: 1, 2, 5 per decade on a log scale (the 2s and 5s unlabelled),
/// else round numbers.
fn x_ticks(last: usize, log_n: bool) -> Vec<(usize, bool)> {
    if log_n {
        let mut t = vec![(0, true)];
        let mut p = 1usize;
        while p <= last {
            t.push((p, true));
            for k in [2, 5] {
                if p.saturating_mul(k) <= last {
                    t.push((p * k, false));
                }
            }
            p = p.saturating_mul(10);
        }
        t
    } else {
        let (_, t) = nice_ticks(last.max(1) as u64, 9);
        t.into_iter()
            .filter(|&t| t as usize <= last)
            .map(|t| (t as usize, true))
            .collect()
    }
}

/// The legend at the top right: the range of `n` and, with a mask, the
/// two colours.
fn legend(s: &mut String, values: &Values, mask: Option<u32>) {
    let right = W - RIGHT;
    let range = format!(
        "n = 0 … {}",
        thousands(values.len().saturating_sub(1) as u64)
    );
    match mask {
        Some(m) => {
            let rare = values.iter().skip(1).filter(|&v| is_rare(mask, v)).count();
            let _ = writeln!(
                s,
                r#"<text x="{right}" y="16" text-anchor="end">{range}; <tspan fill="{COMMON}">● common</tspan>  <tspan fill="{RARE}">● rare under mask {m:#x} ({} heaps n ≥ 1)</tspan></text>"#,
                thousands(rare as u64)
            );
        }
        None => {
            let _ = writeln!(
                s,
                r#"<text x="{right}" y="16" text-anchor="end">{range}</text>"#
            );
        }
    }
}

/// The dots of a long sequence: per pixel column the set of pixel rows
/// holding a value (one bitset per colour), written as vertical runs, a
/// dot 2 px wide and 2 px tall per row (runs one empty row apart merge:
/// their dots would touch anyway).
fn columns(
    s: &mut String,
    values: &Values,
    mask: Option<u32>,
    pw: usize,
    ph: usize,
    x: &dyn Fn(usize) -> f64,
    y: &dyn Fn(u32) -> f64,
) {
    let words = (ph + 2).div_ceil(64);
    let mut common = vec![0u64; pw * words];
    let mut rare = vec![0u64; pw * words];
    for (n, v) in values.iter().enumerate() {
        let col = (x(n) as usize).min(pw - 1);
        let row = ((y(v) - TOP as f64).round().max(0.0) as usize).min(ph);
        let set = if is_rare(mask, v) {
            &mut rare
        } else {
            &mut common
        };
        set[col * words + row / 64] |= 1 << (row % 64);
    }
    for (set, colour, width) in [(&common, COMMON, 2), (&rare, RARE, 2)] {
        let mut d = String::new();
        for col in 0..pw {
            let bits = &set[col * words..(col + 1) * words];
            let on = |r: usize| bits[r / 64] >> (r % 64) & 1 == 1;
            let mut r = 0;
            while r <= ph {
                if !on(r) {
                    r += 1;
                    continue;
                }
                let a = r;
                let mut b = r;
                while b < ph && (on(b + 1) || (b + 2 <= ph && on(b + 2))) {
                    b += if on(b + 1) { 1 } else { 2 };
                }
                let _ = write!(d, "M{} {}V{}", LEFT + col + 1, TOP + a - 1, TOP + b + 1);
                r = b + 1;
            }
        }
        if !d.is_empty() {
            let _ = writeln!(
                s,
                r#"<path d="{d}" stroke="{colour}" stroke-width="{width}" fill="none"/>"#
            );
        }
    }
}

/// `text` with `&`, `<` and `>` escaped for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_at_1_2_5_steps() {
        assert_eq!(nice_ticks(8, 9), (1, (0..=8).collect()));
        assert_eq!(
            nice_ticks(319, 9),
            (50, vec![0, 50, 100, 150, 200, 250, 300, 350])
        );
        assert_eq!(nice_ticks(1064, 9).1.last(), Some(&1200));
        assert_eq!(nice_ticks(1601, 9).1.last(), Some(&1800));
        assert_eq!(nice_ticks(1_048_575, 9).0, 200_000);
        assert_eq!(short_number(9_999), "9,999");
        assert_eq!(short_number(250_000), "250k");
        assert_eq!(short_number_as(2_000, 10_000), "2k");
        assert_eq!(short_number(1_500_000), "1.5M");
    }

    #[test]
    fn small_sequences_are_dots_with_rare_ones_red() {
        let small = dot_plot(
            &Values::from_u32s(&[0, 1, 2, 3]),
            "t",
            &PlotOptions {
                mask: Some(1),
                log_n: false,
            },
        );
        assert_eq!(small.matches("<circle").count(), 4);
        // 0 and 2 are rare under mask 1: two red dots and the legend.
        assert_eq!(small.matches(RARE).count(), 2 + 1);
    }

    /// A period of 7 over 100,000 values draws 7 rows of dots, not a bar:
    /// each column's path holds the 7 values' rows separately.
    #[test]
    fn periodic_values_are_rows_of_dots() {
        let big: Vec<u32> = (0..100_000).map(|n| (n % 7) * 10).collect();
        let svg = dot_plot(&Values::from_u32s(&big), "t", &PlotOptions::default());
        let path = svg
            .lines()
            .find(|l| l.contains(COMMON) && l.starts_with("<path"))
            .unwrap();
        assert_eq!(path.matches('M').count(), 7 * (W - LEFT - RIGHT));
        assert!(svg.len() < 200_000);
    }

    /// A single rare value among 10^6 common ones is kept.
    #[test]
    fn every_rare_value_is_kept() {
        let mut v: Vec<u32> = (0..1_000_000).map(|n| 1 + (n % 3) * 3).collect();
        v[777_777] = 3;
        let svg = dot_plot(
            &Values::from_u32s(&v),
            "t",
            &PlotOptions {
                mask: Some(0xff),
                log_n: true,
            },
        );
        let rare = svg
            .lines()
            .find(|l| l.contains(RARE) && l.starts_with("<path"));
        // G(777777) = 3 alone has an even number of bits.
        assert_eq!(rare.unwrap().matches('M').count(), 1);
        assert!(svg.contains("n (log scale)"));
    }
}
