//! Benchmarks of the game: counting a whole deal on the board, and reading the odds of one
//! position from the committed table.
//!
//! Run with `cargo bench --bench game`; divan prints the median time.

use crib_core::tables::model::odds::Odds;
use crib_core::tables::rules::board::Game;
use crib_core::tables::rules::card::{Card, parse_cards};
use crib_core::tables::rules::deal::{Deal, count};
use crib_core::tables::rules::seat::Players;
use crib_core::tables::rules::sequence::parse_tokens;
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
        play: parse_tokens(
            &"K 6 5 4 5 go 6 J 4".split(' ').collect::<Vec<_>>(),
            Players::TWO,
        )
        .unwrap(),
        scores: vec![110, 115],
    };
    count(black_box(&deal)).unwrap().events.len()
}

#[divan::bench]
fn odds_of_a_position() -> f64 {
    crib_core::tables::dealer_outlook(
        Odds::committed(Players::TWO),
        [black_box(110), black_box(95)],
    )
    .win
}

#[divan::bench]
fn odds_of_three_players() -> f64 {
    let scores = [black_box(40), black_box(35), black_box(50)];
    crib_core::tables::chances3(Odds::committed(Players::THREE), scores)[2]
}

#[divan::bench]
fn odds_of_two_partnerships() -> f64 {
    let game = crib_core::tables::rules::board::Game::new(Players::FOUR, 121).unwrap();
    let seat = crib_core::tables::rules::seat::Seat::new(0);
    let at = crib_core::tables::rules::position::Position::yours_first(
        game,
        seat,
        black_box(100),
        black_box(95),
    );
    let chances = Odds::committed(Players::FOUR)
        .chances(&at.unwrap())
        .unwrap();
    chances.win[0]
}

/// A whole game of `crib game` played by crib's best at every seat (what `yes best | crib
/// game` asks of the library), for 2, 3 and 4 players.
#[divan::bench(args = [2, 3, 4], sample_count = 5)]
fn a_whole_game_of_best(players: usize) -> u32 {
    use crib_core::tables::model::Models;
    use crib_core::tables::players::level::Level;
    use crib_core::tables::players::turns::{choose_card, play_out, throw_all};
    use crib_core::tables::state::session::Match;
    let models = Models::committed();
    let (mut m, _) = Match::new(
        Game::new(Players::new(players).unwrap(), 121).unwrap(),
        black_box(5),
        1,
    );
    while m.champion().is_none() {
        let mut table = m.deal();
        throw_all(models, &mut table, Level::Expert);
        while table.play_at().turn.is_some() && !table.game_over() {
            table
                .play(choose_card(models, &table, Level::Expert))
                .unwrap();
        }
        play_out(models, &mut table, Level::Greedy);
        m.settle(&table.counted().unwrap(), &[]);
    }
    m.won.iter().sum()
}

/// One move of crib's player: the throw, and the first card of the play (the slowest: every
/// card still hidden), for 2, 3 and 4 players.
#[divan::bench(args = [2, 3, 4])]
fn one_move_of_crib(bencher: divan::Bencher, players: usize) {
    use crib_core::tables::model::Models;
    use crib_core::tables::players::level::Level;
    use crib_core::tables::players::turns::{choose_card, choose_throw, throw_all};
    use crib_core::tables::rules::seat::Seat;
    use crib_core::tables::state::deal::DealTable;
    let models = Models::committed();
    let game = Game::new(Players::new(players).unwrap(), 121).unwrap();
    let mut table = DealTable::shuffle(game, 5, 0, vec![0; game.players.sides()]);
    throw_all(models, &mut table, Level::Expert);
    bencher.bench(|| {
        let throw = choose_throw(models, black_box(&table), Seat::new(0), Level::Expert);
        let card = choose_card(models, black_box(&table), Level::Expert);
        (throw, card)
    });
}

/// A game stepped a card at a time as `crib_core.env` steps it, every card chosen at random
/// among the legal ones and the seat to act's observation (version 1) read at every step: the
/// steps of one game to 121, for 2, 3 and 4 players.
#[divan::bench(args = [2, 3, 4])]
fn a_random_game_stepped(bencher: divan::Bencher, players: usize) {
    use crib_core::env::Steps;
    let game = Game::new(Players::new(players).unwrap(), 121).unwrap();
    let mut seed = 0u64;
    bencher.bench_local(|| {
        seed += 1;
        let mut steps = Steps::new(game, seed);
        let mut pick = seed;
        let mut n = 0;
        let mut seen = [0.0; 663];
        while let Some((seat, _)) = steps.to_act() {
            let player = steps.match_state().player_at(seat);
            black_box(steps.observation(player, 1, &mut seen));
            let legal = steps.legal();
            pick = pick
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            steps
                .act(legal[(pick >> 33) as usize % legal.len()])
                .unwrap();
            n += 1;
        }
        n
    });
}
