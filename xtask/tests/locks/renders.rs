//! The generated Rust sources are the committed values rendered again, byte for byte: what the
//! library reads is what the file says, and what `cargo xtask tables` would write from it.

use crib::tables::model::Models;
use crib::tables::model::expert_one_card::OneCardModel;
use crib::tables::model::kept::KeptHands;
use crib::tables::model::odds::Odds;
use crib::tables::model::pegging::PegValue;
use crib::tables::rules::seat::Players;
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
    assert_eq!(models.peg_tables, Players::ALL.map(crib::tables::peg_table));
}

#[test]
fn the_models_of_three_and_four_are_rendered() {
    assert!(
        render::expert34(
            OneCardModel::committed(Players::THREE),
            OneCardModel::committed(Players::FOUR)
        ) == committed_text(files::EXPERT34),
        "{REGENERATE}"
    );
    let seats = |players| &Models::committed().peg_table(players).seats;
    assert!(
        render::pegging34(seats(Players::THREE), seats(Players::FOUR))
            == committed_text(files::PEGGING34),
        "{REGENERATE}"
    );
}

/// Pulling the noise out of the pegging tables of three and four moves entries, not seats, and
/// only ever narrows them: a seat's fit leaves residuals that sum to nothing and stand square to
/// it, so each seat's mean over the 1,820 hands is the raw means' (to the printed digit) and the
/// spread of its entries is at most theirs. (That the tables are the raw means smoothed again,
/// byte for byte, is the slow tier's: `cargo xtask verify pegging34`.)
#[test]
fn the_smoothed_tables_keep_each_seats_mean() {
    let columns: [fn(&PegValue) -> f64; 2] = [|v| v.mine, |v| v.theirs];
    let moments = |values: &[PegValue], f: fn(&PegValue) -> f64| {
        let n = values.len() as f64;
        let mean = values.iter().map(f).sum::<f64>() / n;
        let var = values.iter().map(|v| (f(v) - mean).powi(2)).sum::<f64>() / n;
        (mean, var)
    };
    let means = xtask::generate::pegging_smooth::committed_means();
    for (players, raw) in [Players::THREE, Players::FOUR].into_iter().zip(&means) {
        let table = crib::tables::peg_table(players);
        for (seat, (smoothed, raw)) in table.seats.iter().zip(raw).enumerate() {
            assert_ne!(smoothed, raw, "{players:?} seat {seat}");
            for f in columns {
                let ((mean, var), (raw_mean, raw_var)) = (moments(smoothed, f), moments(raw, f));
                assert!((mean - raw_mean).abs() < 1e-4, "{players:?} seat {seat}");
                assert!(var <= raw_var + 1e-6, "{players:?} seat {seat}");
            }
        }
    }
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
    let model = crib::tables::model::reading::committed();
    assert!(
        xtask::generate::reading::render(&model) == committed_text(files::READING),
        "{REGENERATE}"
    );
    assert!((0.0..=1.0).contains(&model.uniform_share));
}
