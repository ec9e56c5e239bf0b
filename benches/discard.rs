//! Benchmarks of discard advice: one six-card analysis (15 choices, 683,100 crib scorings) under
//! each crib model, a three-player analysis, and the tables of every two-card throw.
//!
//! Run with `cargo bench --bench discard`; divan prints the median time per analysis.

use crib::card::{Card, parse_cards};
use crib::discard::{CribModel, PlayModel, Role, advise, crib_table};
use divan::black_box;

fn main() {
    divan::main();
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
}

#[divan::bench(sample_count = 50, args = [CribModel::Expert, CribModel::Uniform])]
fn six_card_analysis(model: CribModel) -> usize {
    let dealt = cards("5h Jd 5c 5s 4d 6d");
    advise(
        black_box(&dealt),
        2,
        Role::Dealer,
        model,
        PlayModel::None,
        None,
    )
    .unwrap()
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
        None,
    )
    .unwrap()
    .choices
    .len()
}

#[divan::bench(sample_count = 20)]
fn expert_table() -> usize {
    crib::expert::model().table(Role::Pone).throws.len()
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
        None,
    )
    .unwrap()
    .choices
    .len()
}

/// One hand's pegging, looked up in the committed table.
#[divan::bench]
fn pegging_lookup() -> f64 {
    crib::pegging::lookup(crib::play::DEALER, black_box([6, 7, 8, 9])).mine
}

#[divan::bench(sample_count = 10)]
fn crib_table_all_throws() -> usize {
    crib_table().throws.len()
}
