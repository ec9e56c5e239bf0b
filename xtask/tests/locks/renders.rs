//! The generated Rust sources are the committed values rendered again, byte for byte: what the
//! library reads is what the file says, and what `cargo xtask tables` would write from it.

use crib::model::Models;
use crib::model::expert_multi::MultiModel;
use crib::model::kept::KeptHands;
use crib::model::odds::Odds;
use crib::model::pegging::PegTable;
use crib::rules::seat::Players;
use xtask::{REGENERATE, committed, committed_text, files, render, samples};

#[test]
fn the_model_files_are_the_models_rendered() {
    let models = Models::committed();
    assert!(
        render::expert_crib(&models.expert) == committed_text(files::EXPERT),
        "{REGENERATE}"
    );
    assert!(
        render::kept_hands(&models.kept) == committed_text(files::KEPT),
        "{REGENERATE}"
    );
    assert!(
        render::pegging(models.peg_table(Players::TWO)) == committed_text(files::PEGGING),
        "{REGENERATE}"
    );
    assert_eq!(models.kept, KeptHands::committed());
    assert_eq!(models.peg_tables, Players::ALL.map(PegTable::committed));
}

#[test]
fn the_models_of_three_and_four_are_rendered() {
    assert!(
        render::expert_multi(
            MultiModel::committed(Players::THREE),
            MultiModel::committed(Players::FOUR)
        ) == committed_text(files::EXPERT_MULTI),
        "{REGENERATE}"
    );
    let seats = |players| &Models::committed().peg_table(players).seats;
    assert!(
        render::pegging_multi(seats(Players::THREE), seats(Players::FOUR))
            == committed_text(files::PEGGING_MULTI),
        "{REGENERATE}"
    );
}

#[test]
fn the_odds_are_rendered() {
    let deals = samples::decode_deals(&committed(files::DEALS));
    assert!(
        render::odds(Odds::committed(Players::TWO), &deals) == committed_text(files::ODDS),
        "{REGENERATE}"
    );
}

/// The reading model the library reads is the committed file rendered again, and its share of
/// decisions at random is a share.
#[test]
fn the_reading_model_is_rendered() {
    let model = crib::model::reading::committed();
    assert!(
        xtask::generate::reading::render(&model) == committed_text(files::READING),
        "{REGENERATE}"
    );
    assert!((0.0..=1.0).contains(&model.uniform_share));
}
