//! An SVG plot of a nim-sequence: `G(n)` against `n`.

use std::fmt::Write;

const W: usize = 800;
const H: usize = 260;
const LEFT: usize = 48;
const BOTTOM: usize = 28;
const TOP: usize = 12;

/// The plot of `values[n]` = G(n) against `n`, 800 × 260 px. With more
/// values than pixel columns, each column shows the range (least to
/// largest) of the values falling in it as a vertical bar.
pub fn sequence_plot(values: &[u32], title: &str) -> String {
    let n = values.len().max(1);
    let max = values.iter().copied().max().unwrap_or(0).max(1);
    let pw = W - LEFT - 10;
    let ph = H - BOTTOM - TOP;
    let y = |v: u32| TOP as f64 + ph as f64 * (1.0 - v as f64 / max as f64);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="11">"#
    );
    let _ = writeln!(s, "<title>{title}</title>");
    let _ = writeln!(s, r##"<rect width="{W}" height="{H}" fill="#fff"/>"##);
    // Axes with ticks at 0, max/2, max and at n = 0, N/2, N.
    let (x0, y0) = (LEFT, TOP + ph);
    let _ = writeln!(
        s,
        r##"<path d="M{x0} {TOP} V{y0} H{}" fill="none" stroke="#000"/>"##,
        LEFT + pw
    );
    for v in [0, max / 2, max] {
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{:.1}" text-anchor="end">{v}</text>"#,
            LEFT - 4,
            y(v) + 4.0
        );
    }
    for (i, k) in [0, (n - 1) / 2, n - 1].into_iter().enumerate() {
        let anchor = ["start", "middle", "end"][i];
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{}" text-anchor="{anchor}">{k}</text>"#,
            LEFT as f64 + pw as f64 * k as f64 / n as f64,
            H - 10
        );
    }
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">n</text>"#,
        LEFT + pw / 2,
        H - 10
    );
    let _ = writeln!(
        s,
        r#"<text x="12" y="{}" transform="rotate(-90 12 {})" text-anchor="middle">G(n)</text>"#,
        TOP + ph / 2,
        TOP + ph / 2
    );
    if values.len() <= pw / 2 {
        let step = pw as f64 / n as f64;
        for (k, &v) in values.iter().enumerate() {
            let _ = writeln!(
                s,
                r##"<circle cx="{:.1}" cy="{:.1}" r="1.8" fill="#1f5fa8"/>"##,
                LEFT as f64 + step * (k as f64 + 0.5),
                y(v)
            );
        }
    } else {
        let mut d = String::new();
        for col in 0..pw {
            let a = col * values.len() / pw;
            let b = ((col + 1) * values.len() / pw).max(a + 1);
            let slice = &values[a..b.min(values.len())];
            let (lo, hi) = slice
                .iter()
                .fold((u32::MAX, 0), |(l, h), &v| (l.min(v), h.max(v)));
            let x = LEFT + col;
            let _ = write!(d, "M{x}.5 {:.1}V{:.1}", y(hi) - 0.5, y(lo) + 0.5);
        }
        let _ = writeln!(s, r##"<path d="{d}" stroke="#1f5fa8" fill="none"/>"##);
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plots_points_or_bars() {
        let small = sequence_plot(&[0, 1, 2, 3], "t");
        assert_eq!(small.matches("<circle").count(), 4);
        let big: Vec<u32> = (0..100_000).map(|n| n % 7).collect();
        let svg = sequence_plot(&big, "t");
        assert!(svg.contains("<path d=\"M48.5"));
        assert!(svg.ends_with("</svg>\n"));
    }
}
