//! Durations as a person reads them, for estimates and progress notes.

/// Seconds as `42 s`, `17 min`, `2.5 h`, `12 days`, `3.1 years` or
/// `690 years` (a year of 365.25 days); `more than a billion years` past
/// that, so that an estimate of `f64::MAX` seconds still reads as words.
pub fn duration_text(s: f64) -> String {
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if s < 90.0 {
        format!("{s:.0} s")
    } else if s < 5400.0 {
        format!("{:.0} min", s / 60.0)
    } else if s < 2.0 * DAY {
        format!("{:.1} h", s / 3600.0)
    } else if s < 2.0 * YEAR {
        format!("{:.0} days", s / DAY)
    } else if s < 10.0 * YEAR {
        format!("{:.1} years", s / YEAR)
    } else if s < 1e9 * YEAR {
        format!("{:.0} years", s / YEAR)
    } else {
        "more than a billion years".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_unit_in_its_range() {
        assert_eq!(duration_text(42.4), "42 s");
        assert_eq!(duration_text(1020.0), "17 min");
        assert_eq!(duration_text(9000.0), "2.5 h");
        assert_eq!(duration_text(100_582.0), "27.9 h");
        assert_eq!(duration_text(12.0 * 86_400.0), "12 days");
        assert_eq!(duration_text(97_830_000.0), "3.1 years");
        assert_eq!(duration_text(679_477_248.0), "22 years");
        assert_eq!(duration_text(21_744_000_000.0), "689 years");
        assert_eq!(duration_text(f64::MAX), "more than a billion years");
    }
}
