//! Benchmarks of the game: counting a whole deal on the board, and reading the odds of one
//! position from the committed table.
//!
//! Run with `cargo bench --bench game`; divan prints the median time.

use crib::rules::board::Game;
use crib::rules::card::{Card, parse_cards};
use crib::rules::deal::{Deal, count};
use crib::rules::sequence::parse_tokens;
use divan::black_box;

fn main() {
    divan::main();
}

fn four(text: &str) -> [Card; 4] {
    parse_cards(&text.split_whitespace().collect::<Vec<_>>())
        .unwrap()
        .try_into()
        .unwrap()
}

#[divan::bench]
fn count_a_deal() -> usize {
    let deal = Deal {
        game: Game::TWO,
        hands: vec![four("5h 5c Jd Ks"), four("4c 4d 6h 6s")],
        crib: four("2h 3s 7c 8d"),
        starter: "5s".parse().unwrap(),
        play: parse_tokens(&"K 6 5 4 5 go 6 J 4".split(' ').collect::<Vec<_>>(), 2).unwrap(),
        scores: vec![110, 115],
    };
    count(black_box(&deal)).unwrap().events.len()
}

#[divan::bench]
fn odds_of_a_position() -> f64 {
    crib::game::odds::lookup([black_box(110), black_box(95)]).win
}

#[divan::bench]
fn odds_of_three_players() -> f64 {
    crib::game::odds_multi::chances3(121, [black_box(40), black_box(35), black_box(50)])[2]
}

#[divan::bench]
fn odds_of_two_partnerships() -> f64 {
    crib::game::odds_multi::outlook4(121, black_box(100), black_box(95), false).win
}
