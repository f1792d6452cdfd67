//! Why a valid input is refused by a computation that does not support it.

/// Why a computation refuses a valid input, and what does support it: the
/// source of [`Error::Unsupported`](super::Error::Unsupported).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnsupportedError {
    /// A take-and-break code with a repeating part `[…]` where finitely
    /// many digits are needed (a proof by the Octal Periodicity Theorem
    /// needs the largest removal `t`).
    #[error("a code with a repeating part [...] has infinitely many digits, and this needs a finite octal or hexadecimal code (octal seq and octal period compute its values, with periodicity observed, never proved)")]
    RepeatingCode,
    /// A repeating part that splits a heap into three, which only the
    /// naive engine computes.
    #[error("a repeating part that splits into three heaps has its values from the naive engine only (octal seq computes them)")]
    ThreeHeapSplit,
    /// A game graph with a cycle, given to a solver that recurses over
    /// options.
    #[error("a generic solver recurses over options and needs an acyclic graph (Smith's γ handles cycles)")]
    CyclicGraph,
}
