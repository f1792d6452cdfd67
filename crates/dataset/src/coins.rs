//! The coin-turning tables: `<rule-name>.csv` with the single-head values
//! g(1..=N) of the built-in rules (Winning Ways ch. 14; Ferguson I.5).
//!
//! Format: a header line `coin,nimber`, then one line `k,g(k)` for
//! `k = 1..=N`, decimal, `\n` line ends. The bytes depend only on N.

use super::atomic::write_bytes;
use grundy_core::error::Result;
use grundy_games::coins::{Rule, BUILTINS};
use std::path::{Path, PathBuf};

/// The CSV text of g(1..=max_n) under `rule`: `coin,nimber` then `k,g`.
///
/// # Errors
/// [`Error::OutOfRange`](grundy_core::Error::OutOfRange) when the values outgrow
/// the supported range (never for the built-in rules below millions of
/// coins).
pub fn table_csv(rule: &Rule, max_n: usize) -> Result<String> {
    Ok(values_csv(&rule.try_single_values(max_n)?))
}

/// The CSV text of single-head values `g` (`g[0]`, the empty row, left
/// out): `coin,nimber` then `k,g[k]` for `k = 1..g.len()`.
pub fn values_csv(g: &[u32]) -> String {
    let max_n = g.len().saturating_sub(1);
    let mut text = String::with_capacity(12 * max_n + 16);
    text.push_str("coin,nimber\n");
    for (k, v) in g.iter().enumerate().skip(1) {
        text.push_str(&k.to_string());
        text.push(',');
        text.push_str(&v.to_string());
        text.push('\n');
    }
    text
}

/// Writes `dir/turtles.csv`, `dir/mock-turtles.csv` and `dir/ruler.csv`,
/// each g(1..=max_n) in the format of the [module documentation](self),
/// atomically (the directory is created if needed). The bytes depend only
/// on `max_n`.
///
/// # Errors
/// [`Error::Io`](grundy_core::Error::Io) naming a file or directory that cannot
/// be written.
pub fn write_tables(dir: &Path, max_n: usize) -> Result<()> {
    write_tables_listed(dir, max_n).map(|_| ())
}

/// [`write_tables`], returning the paths written, in the order of
/// [`BUILTINS`].
///
/// # Errors
/// As [`write_tables`].
pub fn write_tables_listed(dir: &Path, max_n: usize) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for (name, _) in BUILTINS {
        let rule: Rule = name.parse()?;
        let path = dir.join(format!("{name}.csv"));
        write_bytes(&path, table_csv(&rule, max_n)?.as_bytes())?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_written_and_deterministic() {
        let d = tempfile::tempdir().unwrap();
        write_tables(d.path(), 8).unwrap();
        let ruler = std::fs::read_to_string(d.path().join("ruler.csv")).unwrap();
        assert_eq!(
            ruler,
            "coin,nimber\n1,1\n2,2\n3,1\n4,4\n5,1\n6,2\n7,1\n8,8\n"
        );
        let mock = std::fs::read(d.path().join("mock-turtles.csv")).unwrap();
        write_tables(d.path(), 8).unwrap();
        assert_eq!(
            std::fs::read(d.path().join("mock-turtles.csv")).unwrap(),
            mock
        );
        assert!(String::from_utf8(mock).unwrap().ends_with("\n8,14\n"));
        assert!(d.path().join("turtles.csv").exists());
    }
}
