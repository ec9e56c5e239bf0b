//! Benchmarks of the play engine: the hardest decision (the first lead, 1,816 holdings of the
//! opponent's), a middle one, and one late in a count. Warm: the positions at the start of a
//! count that the engine remembers are already known, as in a process that has advised before;
//! `first_lead_cold` forgets everything before each run, and `first_lead_warm` asks the first
//! lead again with other starters, which the engine answers from the lines it solved before.
//!
//! Run with `cargo bench --bench play`; divan prints the median time per decision.

use crib_core::tables::rules::card::{Card, parse_cards};
use crib_core::tables::rules::seat::Players;
use crib_core::tables::rules::seat::Seat;
use crib_core::tables::rules::sequence::parse_tokens;
use crib_core::tables::rules::view::View;
use crib_core::tables::search::engine::{HandWeights, PlayAdvice, forget};
use divan::black_box;

const PONE: Seat = Seat::PONE;
const DEALER: Seat = Seat::DEALER;

fn advise(view: &View<2>) -> PlayAdvice {
    crib_core::tables::search::engine::advise(view, HandWeights::Uniform)
}

fn main() {
    divan::main();
}

fn position(hand: &str, seat: Seat, seen: &str, sequence: &str) -> View<2> {
    let cards = |text: &str| -> Vec<Card> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        parse_cards(&tokens).unwrap()
    };
    let texts: Vec<&str> = sequence.split_whitespace().collect();
    let tokens = parse_tokens(&texts, Players::TWO).unwrap();
    View::new(&cards(hand), seat, &cards(seen), &tokens).unwrap()
}

#[divan::bench(sample_count = 30)]
fn first_lead() -> usize {
    let view = position("6h 7c 8d 9s", PONE, "", "");
    advise(black_box(&view)).options.len()
}

#[divan::bench(sample_count = 30)]
fn first_lead_cold(bencher: divan::Bencher) {
    let view = position("6h 7c 8d 9s", PONE, "", "");
    bencher
        .with_inputs(forget)
        .bench_local_values(|()| advise(black_box(&view)).options.len());
}

/// The first lead from 6-7-8-9 with one of ten starters turned, asked again: the engine
/// remembers each holding's solved lines from the first time (whatever the starter, they are
/// the same lines) and adds them up again under the new weights.
#[divan::bench(sample_count = 100)]
fn first_lead_warm(bencher: divan::Bencher) {
    let views: Vec<View<2>> = ["Kd", "Qs", "2c", "5h", "Jc", "Ac", "3d", "4s", "10h", "5d"]
        .iter()
        .map(|starter| position("6h 7c 8d 9s", PONE, starter, ""))
        .collect();
    for view in &views {
        advise(view);
    }
    let mut next = 0;
    bencher.bench_local(|| {
        next = (next + 1) % views.len();
        advise(black_box(&views[next])).options.len()
    });
}

#[divan::bench(sample_count = 30)]
fn second_card() -> usize {
    let view = position("6h 7c 8d 9s", PONE, "Kd 2c", "8d 10");
    advise(black_box(&view)).options.len()
}

#[divan::bench(sample_count = 30)]
fn count_of_21() -> usize {
    let view = position("5h 5c Jd Ks", DEALER, "4c 2h 3s", "10 5c 6");
    advise(black_box(&view)).options.len()
}

/// The play for the board (`crib play --scores`): every card valued by the chance of winning
/// over 600 deals of the hidden cards, at the first lead (the most hidden) and after one card;
/// the hidden cards dealt alike, or (`read`) as crib's strongest reads them, the reading's
/// weights worked out in the time.
#[divan::bench(
    args = ["first lead", "after one card", "first lead, read", "after one card, read"],
    sample_count = 20
)]
fn for_the_board(which: &str) -> usize {
    use crib_core::tables::advice::for_game::ForGame;
    use crib_core::tables::advice::for_game::play::weigh_cards;
    use crib_core::tables::advice::play::{OpponentModel, PlayQuestion};
    use crib_core::tables::model::Models;
    use crib_core::tables::rules::board::Game;
    use crib_core::tables::rules::position::Position;
    let read = which.ends_with("read");
    let (hand, seat, seen, sequence) = match which {
        "first lead" | "first lead, read" => ("5h 6c 7d Ks", PONE, "9h 9d 2c", ""),
        _ => ("8c Js Qs 4c", DEALER, "10s Jc 5s", "Qh"),
    };
    let view = position(hand, seat, seen, sequence);
    let cards = |text: &str| -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    };
    let (hand, seen) = (cards(hand), cards(seen));
    let texts: Vec<&str> = sequence.split_whitespace().collect();
    let tokens = parse_tokens(&texts, Players::TWO).unwrap();
    let starter = seen[2];
    let by_points: Vec<Card> = advise(&view).options.iter().map(|o| o.card).collect();
    let opponent = if read {
        OpponentModel::Reading
    } else {
        OpponentModel::Uniform
    };
    let question = PlayQuestion {
        players: Players::TWO,
        hand: &hand,
        seat,
        seen: &seen,
        tokens: &tokens,
        opponent,
    };
    let position = Position::new(Game::TWO, &[102, 111], seat).unwrap();
    let game = ForGame::new(position);
    let models = Models::committed();
    weigh_cards(
        models,
        black_box(&question),
        opponent,
        starter,
        &game,
        &by_points,
    )
    .unwrap()
    .0
    .len()
}

/// crib's engine with three and four players at the first lead (`crib play --players 3|4`,
/// and crib's seats in `crib game` and `crib serve`): 200 and 64 sampled deals of the hidden
/// cards, each solved after each card. A fresh deal each time (the hands of a shuffled deck),
/// so nothing is answered from what an earlier run remembered.
#[divan::bench(args = [3, 4], sample_count = 40)]
fn first_lead_of(bencher: divan::Bencher, players: usize) {
    use crib_core::tables::rules::shuffle::shuffled;
    use crib_core::tables::search::sampled::{advise_sampled, samples_for};
    let mut deal = 0;
    bencher
        .with_inputs(|| {
            deal += 1;
            shuffled(29, deal, 5)
        })
        .bench_local_values(|cards| {
            let (hand, starter) = cards.split_at(4);
            match players {
                3 => {
                    let view: View<3> = View::new(hand, Seat::new(0), starter, &[]).unwrap();
                    advise_sampled(black_box(&view), samples_for(Players::THREE))
                        .options
                        .len()
                }
                _ => {
                    let view: View<4> = View::new(hand, Seat::new(0), starter, &[]).unwrap();
                    advise_sampled(black_box(&view), samples_for(Players::FOUR))
                        .options
                        .len()
                }
            }
        });
}
