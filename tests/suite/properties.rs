//! Property tests of the algebra and of the notations.

use grundy::games::monorail::geometry::Symmetry;
use grundy::games::monorail::position::Position;
use grundy::games::monorail::rules::Rules;
use grundy::games::monorail::subgame::{SubCell, Subgame};
use grundy::impartial::{mex, naive_nimber, MemoSolver, Nimber};
use proptest::prelude::*;
use std::sync::OnceLock;

fn shape() -> impl Strategy<Value = Subgame> {
    proptest::collection::vec((0..4i32, 0..3i32, any::<bool>()), 1..7).prop_map(Subgame::new)
}

fn loops10() -> &'static Rules {
    static R: OnceLock<Rules> = OnceLock::new();
    R.get_or_init(|| Rules::new(10).unwrap())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The value of a sum is the nim-sum of the values (Sprague–Grundy).
    #[test]
    fn value_of_a_sum_is_the_nim_sum(a in shape(), b in shape()) {
        let shifted: Vec<SubCell> = b.cells().iter().map(|&(x, y, m)| (x + 10, y, m)).collect();
        let sum = Subgame::new(a.cells().iter().copied().chain(shifted).collect());
        let whole = naive_nimber(&sum);
        prop_assert_eq!(whole, naive_nimber(&a) ^ naive_nimber(&b));
        // The memo solver with the components hook agrees.
        prop_assert_eq!(MemoSolver::new().nimber(&sum), whole);
    }

    /// Canonicalisation keeps the value.
    #[test]
    fn canonical_form_keeps_the_value(a in shape()) {
        let c = a.canonical_form();
        prop_assert_eq!(naive_nimber(&c), naive_nimber(&a));
        prop_assert_eq!(c.canonical_form(), c.clone());
        prop_assert_eq!(c.len(), a.len());
    }

    /// mex is the least absent value.
    #[test]
    fn mex_is_least_absent(vals in proptest::collection::vec(0u32..80, 0..100)) {
        let m = mex(vals.iter().copied().map(Nimber)).0;
        prop_assert!(!vals.contains(&m));
        prop_assert!((0..m).all(|v| vals.contains(&v)));
    }

    /// Both position notations round-trip, and symmetry images round-trip.
    #[test]
    fn notations_round_trip(loop_index in 0usize..112, mask in any::<u32>()) {
        let rules = loops10();
        let l = &rules.loops()[loop_index % rules.loops().len()];
        let tiles: Vec<_> = l.tiles.iter().enumerate().filter(|(k, _)| mask >> k & 1 == 1).map(|(_, &t)| t).collect();
        let p = Position::from_tiles(tiles).unwrap();
        prop_assert_eq!(p.to_string().parse::<Position>().unwrap(), p.clone());
        prop_assert_eq!(Position::from_picture(&p.picture(Some(l))).unwrap(), p.clone());
        for s in Symmetry::ALL {
            prop_assert_eq!(p.transform(s).transform(s), p.clone());
            prop_assert!(rules.is_completable(&p.transform(s)));
        }
    }
}
