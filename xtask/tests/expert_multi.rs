//! The expert crib models of three and four players (`expert_multi.rs`) are generated again in
//! full by the command that made them, `cargo xtask tables cribmulti`, and must come out byte
//! for byte as committed.

use crib::model::expert_multi::{self, MultiModel, TOLERANCE};
use xtask::{files, render};

/// The expert crib models of three and four players are generated again, every round of the
/// iteration, and rendered byte for byte as committed (about 10 s on 2 cores).
#[test]
fn the_expert_models_of_three_and_four_are_generated_again() {
    let mut last = [0.0; 2];
    let [three, four] = [3, 4]
        .map(|players| expert_multi::generate(players, |_, change| last[players - 3] = change));
    assert!(last.iter().all(|&change| change <= TOLERANCE), "{last:?}");
    assert_eq!(
        render::expert_multi(&three, &four),
        String::from_utf8(std::fs::read(xtask::generated().join(files::EXPERT_MULTI)).unwrap())
            .unwrap()
    );
    assert_eq!(&three, MultiModel::committed(3));
    assert_eq!(&four, MultiModel::committed(4));
}
