//! Coin-turning rules: the expression grammar, its canonical form, and the
//! [`Rule::allows`] predicate on a set of turned coins.
//!
//! The grammar is described in the [module documentation](super) of
//! `games::coins`.
#![warn(clippy::arithmetic_side_effects)]

use grundy_core::error::rule::Found;
use grundy_core::error::{Error, RuleError};
use std::fmt;
use std::str::FromStr;

/// The largest number accepted as `K` or as a distance `d` in a rule.
pub const MAX_ARGUMENT: usize = 1_000_000;

/// The deepest nesting of parentheses accepted in a rule (the parser is
/// recursive; a rule nested thousands deep would overflow the stack).
pub const MAX_DEPTH: usize = 64;

/// The most distances accepted in one `at(…)` term.
pub const MAX_DISTANCES: usize = 256;

/// The most terms accepted in a rule before normalisation (normalisation
/// compares every pair of terms).
pub const MAX_TERMS: usize = 256;

/// One kind of move, a term of a rule expression. Coins are numbered from 1
/// at the left; `k` below is the rightmost coin turned.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    /// `upto(K)`: coin `k` and at most `K − 1` other coins anywhere to its
    /// left (`K ≥ 1`).
    UpTo(usize),
    /// `exactly(K)`: coin `k` and exactly `K − 1` other coins to its left
    /// (`K ≥ 2` after normalisation; `exactly(1)` is `upto(1)`).
    Exactly(usize),
    /// `run` (`None`) or `run(K)` (`Some(K)`, `K ≥ 2` after normalisation):
    /// the consecutive coins `k − L + 1, …, k` for any length `L ≥ 1`, or
    /// `1 ≤ L ≤ K`.
    Run(Option<usize>),
    /// `at(d1,d2,…)`: coin `k` together with coins `k − d1, k − d2, …`, all
    /// of which must exist. The distances are distinct, positive and stored
    /// ascending.
    At(Vec<usize>),
}

impl Term {
    /// Whether this kind of move turns exactly the coins `turned`
    /// (ascending, 1-based, non-empty, rightmost last; not checked here).
    fn allows(&self, turned: &[usize]) -> bool {
        let len = turned.len();
        let Some((&k, others)) = turned.split_last() else {
            return false;
        };
        match self {
            Term::UpTo(m) => len <= *m,
            Term::Exactly(m) => len == *m,
            Term::Run(bound) => {
                bound.is_none_or(|m| len <= m)
                    && turned.windows(2).all(|w| w[0].checked_add(1) == Some(w[1]))
            }
            Term::At(ds) => {
                others.len() == ds.len()
                    && ds
                        .iter()
                        .zip(others.iter().rev())
                        .all(|(&d, &c)| d < k && k.checked_sub(d) == Some(c))
            }
        }
    }

    /// Whether every move of `other` is a move of `self`.
    fn contains(&self, other: &Term) -> bool {
        use Term::*;
        match (self, other) {
            (UpTo(y), UpTo(x) | Exactly(x) | Run(Some(x))) => x <= y,
            (UpTo(y), At(ds)) => ds.len() < *y,
            (Exactly(y), Exactly(x)) => x == y,
            (Exactly(y), At(ds)) => y.checked_sub(1) == Some(ds.len()),
            (Run(_), UpTo(1)) => true,
            (Run(None), Run(_)) => true,
            (Run(Some(y)), Run(Some(x))) => x <= y,
            (Run(bound), At(ds)) => {
                ds.iter()
                    .enumerate()
                    .all(|(i, &d)| d.checked_sub(1) == Some(i))
                    && bound.is_none_or(|y| ds.len() < y)
            }
            (At(e), At(d)) => e == d,
            _ => false,
        }
    }

    fn normalised(self) -> Term {
        match self {
            Term::Exactly(1) | Term::Run(Some(1)) => Term::UpTo(1),
            Term::At(mut ds) => {
                ds.sort_unstable();
                Term::At(ds)
            }
            t => t,
        }
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::UpTo(k) => write!(f, "upto({k})"),
            Term::Exactly(k) => write!(f, "exactly({k})"),
            Term::Run(None) => f.write_str("run"),
            Term::Run(Some(k)) => write!(f, "run({k})"),
            Term::At(ds) => {
                f.write_str("at(")?;
                for (i, d) in ds.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{d}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// The built-in rules: `(name, expression)`. `turning-turtles` is accepted
/// as another name for `turtles`.
///
/// - `turtles`: Turning Turtles, turn one or two coins; g(k) = k
///   (Winning Ways ch. 14; Ferguson, *Game Theory*, I.5).
/// - `mock-turtles`: Mock Turtles, turn one, two or three coins; g(k) is the
///   k-th odious number 1, 2, 4, 7, 8, 11, … (OEIS A000069).
/// - `ruler`: Ruler, turn any run of consecutive coins; g(k) is the largest
///   power of 2 dividing k (OEIS A006519).
pub const BUILTINS: [(&str, &str); 3] = [
    ("turtles", "upto(2)"),
    ("mock-turtles", "upto(3)"),
    ("ruler", "run"),
];

/// A coin-turning rule: a union of [`Term`]s, each a kind of move.
///
/// Equality is equality of the canonical form (the normalised, sorted list
/// of terms), so `turtles`, `upto(2)` and `upto(1)|exactly(2)` are equal.
/// Normalisation removes terms contained in other terms and merges
/// `upto(K)|exactly(K+1)` into `upto(K+1)`; two rules with different
/// canonical forms can still allow the same moves (`run(2)` and
/// `upto(1)|at(1)`).
///
/// [`Display`](fmt::Display) prints the built-in name when the canonical
/// form is a built-in rule (`turtles`, `mock-turtles`, `ruler`) and the
/// canonical expression ([`Rule::expression`]) otherwise; either parses
/// back to an equal rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    terms: Vec<Term>,
}

impl Rule {
    /// A rule from its terms (at least one), normalised.
    ///
    /// # Errors
    /// [`Error::MalformedRule`] if `terms` is empty ([`RuleError::Empty`]),
    /// too many ([`RuleError::TooManyTerms`], [`RuleError::TooManyDistances`]),
    /// or a term has a zero argument or one above [`MAX_ARGUMENT`]
    /// ([`RuleError::ArgumentOutOfRange`], [`RuleError::DistanceOutOfRange`]),
    /// no distance ([`RuleError::NoDistances`]) or a repeated one
    /// ([`RuleError::DistancesNotDistinct`]).
    pub fn from_terms(terms: Vec<Term>) -> Result<Rule, Error> {
        let text = shorten(
            &terms
                .iter()
                .map(|t| t.to_string())
                .collect::<Vec<_>>()
                .join("|"),
        );
        let bad = |source: RuleError| Error::MalformedRule {
            text: text.clone(),
            source,
        };
        if terms.is_empty() {
            return Err(bad(RuleError::Empty));
        }
        if terms.len() > MAX_TERMS {
            return Err(bad(RuleError::TooManyTerms { max: MAX_TERMS }));
        }
        for t in &terms {
            match t {
                Term::UpTo(k) | Term::Exactly(k) | Term::Run(Some(k)) => {
                    if !(1..=MAX_ARGUMENT).contains(k) {
                        return Err(bad(RuleError::ArgumentOutOfRange {
                            term: t.to_string(),
                            max: MAX_ARGUMENT,
                        }));
                    }
                }
                Term::Run(None) => {}
                Term::At(ds) => {
                    if ds.is_empty() {
                        return Err(bad(RuleError::NoDistances));
                    }
                    if ds.len() > MAX_DISTANCES {
                        return Err(bad(RuleError::TooManyDistances { max: MAX_DISTANCES }));
                    }
                    let mut sorted = ds.clone();
                    sorted.sort_unstable();
                    if sorted.windows(2).any(|w| w[0] == w[1]) {
                        return Err(bad(RuleError::DistancesNotDistinct {
                            term: t.to_string(),
                        }));
                    }
                    if sorted.first() == Some(&0)
                        || sorted.last().is_some_and(|&d| d > MAX_ARGUMENT)
                    {
                        return Err(bad(RuleError::DistanceOutOfRange {
                            term: t.to_string(),
                            max: MAX_ARGUMENT,
                        }));
                    }
                }
            }
        }
        Ok(Rule {
            terms: normalise(terms),
        })
    }

    /// Turning Turtles, `upto(2)`.
    pub fn turtles() -> Rule {
        Rule {
            terms: vec![Term::UpTo(2)],
        }
    }

    /// Mock Turtles, `upto(3)`.
    pub fn mock_turtles() -> Rule {
        Rule {
            terms: vec![Term::UpTo(3)],
        }
    }

    /// Ruler, `run`.
    pub fn ruler() -> Rule {
        Rule {
            terms: vec![Term::Run(None)],
        }
    }

    /// The canonical terms, sorted, none contained in another.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The built-in name (`turtles`, `mock-turtles`, `ruler`) if the
    /// canonical form is that built-in rule.
    pub fn name(&self) -> Option<&'static str> {
        match self.terms.as_slice() {
            [Term::UpTo(2)] => Some("turtles"),
            [Term::UpTo(3)] => Some("mock-turtles"),
            [Term::Run(None)] => Some("ruler"),
            _ => None,
        }
    }

    /// The canonical expression, terms joined by `|`, never a built-in
    /// name: `upto(2)` for Turning Turtles.
    pub fn expression(&self) -> String {
        self.terms
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join("|")
    }

    /// Whether turning exactly the coins `turned` is a move of this rule
    /// (ignoring which coins are heads: the caller checks that the rightmost
    /// is a head).
    ///
    /// `turned` lists 1-based coin numbers in strictly ascending order, the
    /// rightmost coin last. An empty list, a coin 0 or a list out of order
    /// is never allowed.
    pub fn allows(&self, turned: &[usize]) -> bool {
        !turned.is_empty()
            && turned[0] >= 1
            && turned.windows(2).all(|w| w[0] < w[1])
            && self.terms.iter().any(|t| t.allows(turned))
    }
}

/// Sorts, deduplicates, merges `upto(K)|exactly(K+1)` and drops terms
/// contained in another term.
fn normalise(terms: Vec<Term>) -> Vec<Term> {
    let mut terms: Vec<Term> = terms.into_iter().map(Term::normalised).collect();
    loop {
        terms.sort();
        terms.dedup();
        let before = terms.len();
        let snapshot = terms.clone();
        terms.retain(|t| !snapshot.iter().any(|o| o != t && o.contains(t)));
        let mut merged = false;
        let ups: Vec<usize> = terms
            .iter()
            .filter_map(|t| match t {
                Term::UpTo(k) => Some(*k),
                _ => None,
            })
            .collect();
        for k in ups.into_iter().filter_map(|k| k.checked_add(1)) {
            if let Some(i) = terms.iter().position(|t| *t == Term::Exactly(k)) {
                terms[i] = Term::UpTo(k);
                merged = true;
            }
        }
        if !merged && terms.len() == before {
            return terms;
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(n),
            None => f.write_str(&self.expression()),
        }
    }
}

/// At most the first 60 characters of `text`, for error messages.
fn shorten(text: &str) -> String {
    if text.chars().nth(60).is_none() {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(60).collect::<String>())
    }
}

/// A recursive-descent parser over the bytes of a rule expression.
struct Parser<'a> {
    text: &'a str,
    bytes: Vec<u8>,
    at: usize,
}

impl Parser<'_> {
    fn error(&self, source: RuleError) -> Error {
        Error::MalformedRule {
            text: shorten(self.text),
            source,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn column(&self) -> usize {
        self.at.saturating_add(1)
    }

    /// Steps past the byte just peeked (`at` stays within the text).
    fn advance(&mut self) {
        self.at = self.at.saturating_add(1).min(self.bytes.len());
    }

    fn found(&self) -> Found {
        match self.peek() {
            Some(c) => Found::Char {
                found: c as char,
                column: self.column(),
            },
            None => Found::End,
        }
    }

    /// `expr := term ('|' term)*`
    fn expr(&mut self, out: &mut Vec<Term>) -> Result<(), Error> {
        self.term(out)?;
        while self.peek() == Some(b'|') {
            self.advance();
            self.term(out)?;
        }
        Ok(())
    }

    /// `term := '(' expr ')' | word | word '(' numbers ')'`
    fn term(&mut self, out: &mut Vec<Term>) -> Result<(), Error> {
        if self.peek() == Some(b'(') {
            self.advance();
            self.expr(out)?;
            return match self.peek() {
                Some(b')') => {
                    self.advance();
                    Ok(())
                }
                _ => Err(self.error(RuleError::ExpectedBarOrClose {
                    found: self.found(),
                })),
            };
        }
        let start = self.at;
        while matches!(self.peek(), Some(b'a'..=b'z' | b'-')) {
            self.advance();
        }
        if start == self.at {
            return Err(self.error(RuleError::ExpectedTerm {
                found: self.found(),
            }));
        }
        let word = String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned();
        let word_column = start.saturating_add(1);
        let args = if self.peek() == Some(b'(') {
            self.advance();
            Some(self.numbers(&word)?)
        } else {
            None
        };
        let term = match (word.as_str(), args) {
            ("turtles" | "turning-turtles", None) => Term::UpTo(2),
            ("mock-turtles", None) => Term::UpTo(3),
            ("ruler" | "run", None) => Term::Run(None),
            ("turtles" | "turning-turtles" | "mock-turtles" | "ruler", Some(_)) => {
                return Err(self.error(RuleError::TakesNoArgument { word }));
            }
            ("upto" | "exactly" | "run", Some(args)) => {
                let [k] = args[..] else {
                    return Err(self.error(RuleError::OneNumber {
                        word,
                        count: args.len(),
                    }));
                };
                if k == 0 {
                    return Err(self.error(RuleError::ZeroArgument { word }));
                }
                match word.as_str() {
                    "upto" => Term::UpTo(k),
                    "exactly" => Term::Exactly(k),
                    _ => Term::Run(Some(k)),
                }
            }
            ("upto" | "exactly", None) => {
                return Err(self.error(RuleError::NeedsNumber { word }));
            }
            ("at", Some(ds)) => {
                if ds.contains(&0) {
                    return Err(self.error(RuleError::ZeroDistance));
                }
                let mut sorted = ds.clone();
                sorted.sort_unstable();
                if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
                    return Err(self.error(RuleError::RepeatedDistance { distance: w[0] }));
                }
                Term::At(sorted)
            }
            ("at", None) => {
                return Err(self.error(RuleError::NeedsDistances));
            }
            _ => {
                return Err(self.error(RuleError::UnknownWord {
                    word,
                    column: word_column,
                }));
            }
        };
        if out.len() >= MAX_TERMS {
            return Err(self.error(RuleError::TermTooMany {
                column: word_column,
                max: MAX_TERMS,
            }));
        }
        out.push(term);
        Ok(())
    }

    /// `numbers := number (',' number)* ')'`, after the opening `(`.
    fn numbers(&mut self, word: &str) -> Result<Vec<usize>, Error> {
        let mut out = Vec::new();
        loop {
            let start = self.at;
            while matches!(self.peek(), Some(b'0'..=b'9')) {
                self.advance();
            }
            if start == self.at {
                return Err(self.error(RuleError::ExpectedNumber {
                    word: word.to_string(),
                    found: self.found(),
                }));
            }
            let digits = std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or("");
            let n = digits
                .parse::<usize>()
                .ok()
                .filter(|&n| n <= MAX_ARGUMENT)
                .ok_or_else(|| {
                    self.error(RuleError::NumberTooLarge {
                        word: word.to_string(),
                        digits: digits.to_string(),
                        max: MAX_ARGUMENT,
                    })
                })?;
            if out.len() >= MAX_DISTANCES {
                return Err(self.error(RuleError::TooManyNumbers {
                    word: word.to_string(),
                    max: MAX_DISTANCES,
                    column: start.saturating_add(1),
                }));
            }
            out.push(n);
            match self.peek() {
                Some(b',') => self.advance(),
                Some(b')') => {
                    self.advance();
                    return Ok(out);
                }
                _ => {
                    return Err(self.error(RuleError::ExpectedCommaOrClose {
                        word: word.to_string(),
                        found: self.found(),
                    }))
                }
            }
        }
    }
}

impl FromStr for Rule {
    type Err = Error;

    /// Parses a rule expression (grammar in the [module
    /// documentation](super)). Letters are case-insensitive.
    ///
    /// # Errors
    /// [`Error::MalformedRule`] with the text and a [`RuleError`]: an empty
    /// rule ([`RuleError::Empty`]), a `:`, `+` or space
    /// ([`RuleError::Reserved`]: a rule is embedded in `coins:RULE:POSITION`),
    /// another unexpected character ([`RuleError::UnexpectedCharacter`],
    /// [`RuleError::ExpectedTerm`], [`RuleError::ExpectedNumber`], …),
    /// unbalanced parentheses ([`RuleError::UnopenedParenthesis`],
    /// [`RuleError::UnclosedParenthesis`], [`RuleError::TooDeep`]), an
    /// unknown word ([`RuleError::UnknownWord`]), a missing or zero `K`
    /// ([`RuleError::NeedsNumber`], [`RuleError::ZeroArgument`]), a zero or
    /// repeated distance ([`RuleError::ZeroDistance`],
    /// [`RuleError::RepeatedDistance`]), or a number above [`MAX_ARGUMENT`]
    /// ([`RuleError::NumberTooLarge`]). Each names the column (1-based)
    /// where it applies.
    fn from_str(text: &str) -> Result<Rule, Error> {
        let mut p = Parser {
            text,
            bytes: text.to_ascii_lowercase().into_bytes(),
            at: 0,
        };
        if text.is_empty() {
            return Err(p.error(RuleError::Empty));
        }
        let mut open = Vec::new();
        for (i, ch) in text.chars().enumerate() {
            let column = i.saturating_add(1);
            match ch {
                ':' | '+' | ' ' => {
                    return Err(p.error(RuleError::Reserved { found: ch, column }));
                }
                '(' => {
                    open.push(column);
                    if open.len() > MAX_DEPTH {
                        return Err(p.error(RuleError::TooDeep {
                            column,
                            max: MAX_DEPTH,
                        }));
                    }
                }
                ')' => {
                    if open.pop().is_none() {
                        return Err(p.error(RuleError::UnopenedParenthesis { column }));
                    }
                }
                c if c.is_ascii_alphanumeric() || matches!(c, '-' | ',' | '|') => {}
                c => {
                    return Err(p.error(RuleError::UnexpectedCharacter { found: c, column }));
                }
            }
        }
        if let Some(column) = open.pop() {
            return Err(p.error(RuleError::UnclosedParenthesis { column }));
        }
        let mut terms = Vec::new();
        p.expr(&mut terms)?;
        if p.at < p.bytes.len() {
            return Err(p.error(RuleError::ExpectedBar { found: p.found() }));
        }

        Ok(Rule {
            terms: normalise(terms),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(s: &str) -> Rule {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn reason(s: &str) -> String {
        match s.parse::<Rule>() {
            Err(Error::MalformedRule { text, source }) => {
                assert_eq!(text, s);
                source.to_string()
            }
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn names_and_their_expressions() {
        assert_eq!(rule("turtles"), rule("upto(2)"));
        assert_eq!(rule("Turning-Turtles"), Rule::turtles());
        assert_eq!(rule("mock-turtles"), rule("upto(3)"));
        assert_eq!(rule("ruler"), rule("run"));
        assert_eq!(rule("ruler"), Rule::ruler());
        assert_eq!(rule("upto(3)").to_string(), "mock-turtles");
        assert_eq!(rule("upto(2)").expression(), "upto(2)");
        assert_eq!(rule("run").to_string(), "ruler");
        assert_eq!(rule("upto(4)").name(), None);
    }

    #[test]
    fn canonical_form() {
        assert_eq!(rule("upto(1)|exactly(2)").to_string(), "turtles");
        assert_eq!(rule("exactly(1)").to_string(), "upto(1)");
        assert_eq!(rule("run(1)").to_string(), "upto(1)");
        assert_eq!(rule("at(3,1)|run(2)").to_string(), "run(2)|at(1,3)");
        assert_eq!(
            rule("(turtles|(at(1)))|exactly(3)").to_string(),
            "mock-turtles"
        );
        assert_eq!(rule("run(3)|run|at(1,2)|upto(1)").to_string(), "ruler");
        assert_eq!(rule("run(3)|at(1,2,3)").to_string(), "run(3)|at(1,2,3)");
        assert_eq!(rule("exactly(3)|at(2,5)").to_string(), "exactly(3)");
        assert_eq!(rule("run(3)|upto(2)").to_string(), "upto(2)|run(3)");
        for s in [
            "run(3)|upto(2)",
            "at(1,3)",
            "exactly(3)|run",
            "upto(1)|at(4)",
        ] {
            let r = rule(s);
            assert_eq!(rule(&r.to_string()), r);
            assert_eq!(rule(&r.expression()), r);
        }
    }

    #[test]
    fn allows_each_kind_of_move() {
        let t = Rule::turtles();
        assert!(t.allows(&[5]));
        assert!(t.allows(&[1, 5]));
        assert!(!t.allows(&[1, 2, 5]));
        assert!(!t.allows(&[]));
        assert!(!t.allows(&[5, 1]));
        assert!(!t.allows(&[0, 1]));
        assert!(!t.allows(&[2, 2]));
        let r = Rule::ruler();
        assert!(r.allows(&[3, 4, 5]));
        assert!(!r.allows(&[2, 4, 5]));
        let a = rule("at(1,3)");
        assert!(a.allows(&[2, 4, 5]));
        assert!(!a.allows(&[4, 5]));
        assert!(!a.allows(&[5]));
        assert!(!a.allows(&[1, 2, 3])); // coin 3 - 3 = 0 does not exist
        let e = rule("exactly(3)");
        assert!(e.allows(&[1, 7, 9]));
        assert!(!e.allows(&[7, 9]));
        let b = rule("run(3)");
        assert!(b.allows(&[4, 5, 6]));
        assert!(!b.allows(&[3, 4, 5, 6]));
        assert!(b.allows(&[6]));
    }

    #[test]
    fn containment_matches_allows() {
        // Every term containment used by normalisation agrees with the
        // predicate on all subsets of 1..=7.
        let terms = [
            Term::UpTo(1),
            Term::UpTo(2),
            Term::UpTo(3),
            Term::Exactly(2),
            Term::Exactly(3),
            Term::Run(None),
            Term::Run(Some(2)),
            Term::Run(Some(3)),
            Term::At(vec![1]),
            Term::At(vec![2]),
            Term::At(vec![1, 2]),
            Term::At(vec![1, 3]),
        ];
        let sets: Vec<Vec<usize>> = (1u32..128)
            .map(|m| (1..=7).filter(|&c| m >> (c - 1) & 1 == 1).collect())
            .collect();
        for a in &terms {
            for b in &terms {
                let truth = sets.iter().all(|s| !b.allows(s) || a.allows(s));
                if a.contains(b) {
                    assert!(truth, "{a} claims to contain {b}");
                }
            }
        }
    }

    #[test]
    fn malformed_rules() {
        assert!(reason("").contains("empty"));
        assert!(reason("upto(0)").contains("at least 1"));
        assert!(reason("exactly(0)").contains("at least 1"));
        assert!(reason("run(0)").contains("at least 1"));
        assert!(reason("turtle").contains("unknown word \"turtle\" at column 1"));
        assert!(reason("upto(2)|foo").contains("column 9"));
        assert!(reason("upto(2").contains("unbalanced parentheses: '(' at column 5"));
        assert!(reason("upto(2))").contains("')' at column 8"));
        assert!(reason("upto(2):x").contains("':' at column 8"));
        assert!(reason("upto(2)+run").contains("'+'"));
        assert!(reason("upto(2) |run").contains("' '"));
        assert!(reason("upto(2)||run").contains("column 9"));
        assert!(reason("upto(2)|").contains("end of the rule"));
        assert!(reason("at(1,1)").contains("repeated"));
        assert!(reason("at(0,2)").contains("at least 1"));
        assert!(reason("at()").contains("expected a number"));
        assert!(reason("at").contains("distances"));
        assert!(reason("upto").contains("needs a number"));
        assert!(reason("upto(2,3)").contains("one number"));
        assert!(reason("turtles(2)").contains("no argument"));
        assert!(reason("upto(99999999999999999999999)").contains("too large"));
        assert!(reason("upto(2)run").contains("expected '|'"));
        assert!(reason("()").contains("expected a rule name"));
        assert!(reason("upto(2)#").contains("'#' at column 8"));
    }

    #[test]
    fn from_terms_checks_arguments() {
        assert_eq!(
            Rule::from_terms(vec![Term::UpTo(2)]).unwrap(),
            Rule::turtles()
        );
        assert!(Rule::from_terms(vec![]).is_err());
        assert!(Rule::from_terms(vec![Term::UpTo(0)]).is_err());
        assert!(Rule::from_terms(vec![Term::At(vec![])]).is_err());
        assert!(Rule::from_terms(vec![Term::At(vec![2, 2])]).is_err());
    }

    /// Each reason is its typed variant, with its data, and the message is
    /// the one the reason string gave before the reasons were typed.
    #[test]
    fn reasons_are_typed() {
        let e = "upto(0)".parse::<Rule>().unwrap_err();
        let Error::MalformedRule { source, .. } = &e else {
            panic!("{e:?}")
        };
        assert_eq!(
            *source,
            RuleError::ZeroArgument {
                word: "upto".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "malformed coin-turning rule \"upto(0)\": upto(0): K must be at least 1"
        );
        let e = "turtles,".parse::<Rule>().unwrap_err();
        assert!(matches!(
            &e,
            Error::MalformedRule {
                source: RuleError::ExpectedBar {
                    found: Found::Char {
                        found: ',',
                        column: 8
                    }
                },
                ..
            }
        ));
        assert_eq!(
            e.to_string(),
            "malformed coin-turning rule \"turtles,\": expected '|', found ',' at column 8"
        );
        let e = "ruler|".parse::<Rule>().unwrap_err();
        assert!(matches!(
            &e,
            Error::MalformedRule {
                source: RuleError::ExpectedTerm { found: Found::End },
                ..
            }
        ));
        assert_eq!(
            e.to_string(),
            "malformed coin-turning rule \"ruler|\": expected a rule name or '(', found the end of the rule"
        );
        // The source is kept: the chain reaches the typed reason.
        let cause = std::error::Error::source(&e).expect("a source");
        assert!(cause.downcast_ref::<RuleError>().is_some());
    }
}
