//! Benchmarks of discard advice: one six-card analysis (15 choices, 683,100 crib scorings) under
//! each crib model, a three-player analysis, the tables of every two-card throw, and the
//! discard weighed for the game.
//!
//! Run with `cargo bench -p crib-core --bench discard`; divan prints the median time per analysis.

use crib_core::tables::advice::discard::{
    CribModel, CribShare, DiscardAdvice, DiscardRequest, PlayModel, Role, advise_discard,
};
use crib_core::tables::exact::crib::crib_table;
use crib_core::tables::model::Models;
use crib_core::tables::rules::card::{Card, Rank, parse_cards};
use crib_core::tables::rules::seat::Players;
use crib_core::tables::rules::seat::Seat;
use divan::black_box;

fn main() {
    divan::main();
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
}

fn advise(
    dealt: &[Card],
    players: usize,
    role: Role,
    crib: CribModel,
    play: PlayModel,
) -> DiscardAdvice {
    let request = DiscardRequest {
        dealt,
        players: Players::new(players).unwrap(),
        role,
        crib,
        play,
        crib_share: CribShare::default(),
        need: None,
        seat: None,
    };
    advise_discard(Models::committed(), &request).unwrap()
}

#[divan::bench(sample_count = 50, args = [CribModel::Expert, CribModel::Uniform])]
fn six_card_analysis(model: CribModel) -> usize {
    let dealt = cards("5h Jd 5c 5s 4d 6d");
    advise(black_box(&dealt), 2, Role::Dealer, model, PlayModel::None)
        .choices
        .len()
}

/// The default: the expert crib model, and the play from the pegging table.
#[divan::bench(sample_count = 50)]
fn six_card_analysis_with_the_play() -> usize {
    let dealt = cards("5h Jd 5c 5s 4d 6d");
    advise(
        black_box(&dealt),
        2,
        Role::Dealer,
        CribModel::Expert,
        PlayModel::Engine,
    )
    .choices
    .len()
}

#[divan::bench(sample_count = 20)]
fn expert_table() -> usize {
    Models::committed().expert.table(Seat::PONE).throws.len()
}

#[divan::bench(sample_count = 20)]
fn three_player_analysis() -> usize {
    let dealt = cards("Jh 4h 5c 8s Kd");
    advise(
        black_box(&dealt),
        3,
        Role::Pone,
        CribModel::Uniform,
        PlayModel::None,
    )
    .choices
    .len()
}

/// Three players, the default: the play counted from the pegging table of three players.
#[divan::bench(sample_count = 20)]
fn three_player_analysis_with_the_play() -> usize {
    let dealt = cards("Jh 4h 5c 8s Kd");
    advise(
        black_box(&dealt),
        3,
        Role::Pone,
        CribModel::Uniform,
        PlayModel::Engine,
    )
    .choices
    .len()
}

/// One hand's pegging, looked up in the committed table.
#[divan::bench]
fn pegging_lookup() -> f64 {
    let hand = [6, 7, 8, 9].map(|r| Rank::new(r).unwrap());
    Models::committed()
        .peg_table(Players::TWO)
        .get(Seat::DEALER, black_box(hand))
        .mine
}

#[divan::bench(sample_count = 10)]
fn crib_table_all_throws() -> usize {
    crib_table().throws.len()
}

/// The discard for the game (`crib discard --scores`): every choice's chance of winning, its
/// standard error under 0.2%, at a score from the middle of the game (60-70, 6,144 draws) and
/// one from its end (115-110, 26,624 draws).
#[divan::bench(sample_count = 10, args = [[60, 70], [115, 110]])]
fn for_the_board(scores: [u32; 2]) -> usize {
    let dealt = cards("5h Jd 5c 5s 4d 6d");
    let advice = advise(
        &dealt,
        2,
        Role::Dealer,
        CribModel::Expert,
        PlayModel::Engine,
    );
    let [me, them] = scores;
    let position = crib_core::tables::rules::position::Position::new(
        crib_core::tables::rules::board::Game::TWO,
        &[them, me],
        Seat::DEALER,
    )
    .unwrap();
    let chances = crib_core::tables::advice::for_game::discard::weigh(
        Models::committed(),
        black_box(&dealt),
        &advice.choices,
        &crib_core::tables::advice::for_game::ForGame::new(position),
    );
    chances[0].draws
}
