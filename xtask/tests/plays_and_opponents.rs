//! The two tables behind weighing a discard for the game are locked by a deterministic sample:
//! the plays of pairs of hands (`plays.bin`) are what crib's engine plays, step by step, and the
//! opponents' deals (`opponents.bin`) keep what `crib discard` advises. Both are remade whole by
//! `cargo xtask tables plays opponents` (about 50 s and 3 minutes on two cores).

use crib::advice::discard::Role;
use crib::game::deals::play_events;
use crib::game::opponents::{self, POOL_DEALS, opponent};
use crib::model::Models;
use crib::model::plays;
use crib::rules::card::Card;
use crib::rules::numbering::rank_hands;
use crib::rules::play::Seat;
use crib::rules::shuffle::shuffled_indices;
use rayon::prelude::*;
use xtask::files;

/// Consecutive events of one side taken together: a play's points in the order each side
/// reaches them, however one scorer splits a step's points.
fn merged(events: &[(Seat, u8)]) -> Vec<(Seat, u32)> {
    let mut out: Vec<(Seat, u32)> = Vec::new();
    for &(seat, points) in events {
        match out.last_mut() {
            Some((last, sum)) if *last == seat => *sum += u32::from(points),
            _ => out.push((seat, u32::from(points))),
        }
    }
    out
}

/// Four cards of the given ranks, suits spread so that two hands never share a card.
fn cards(ranks: [u8; 4], taken: &mut Vec<Card>) -> [Card; 4] {
    ranks.map(|rank| {
        let card = Card::deck()
            .find(|c| c.rank().number() == rank && !taken.contains(c))
            .expect("no more than four of a rank between two hands");
        taken.push(card);
        card
    })
}

#[test]
fn a_sample_of_the_plays_is_what_the_engine_plays() {
    let models = Models::committed();
    let decisions = crib::model::pegging::Decisions::with_leads(&models.kept, &models.pegging);
    let hands = rank_hands();
    let pairs: Vec<([u8; 4], [u8; 4])> =
        shuffled_indices(2026, 7, 3_000, hands.len() * hands.len())
            .into_iter()
            .map(|i| (hands[i / hands.len()], hands[i % hands.len()]))
            .collect();
    let checked: Vec<bool> = pairs
        .par_iter()
        .filter_map(|&(pone, dealer)| {
            let table = plays::play(pone, dealer)?;
            let mut taken = Vec::new();
            let (p, d) = (cards(pone, &mut taken), cards(dealer, &mut taken));
            let engine = play_events(p, d, &decisions);
            assert_eq!(
                merged(&table),
                merged(&engine),
                "{pone:?} against {dealer:?}"
            );
            Some(true)
        })
        .collect();
    // Most pairs of hands can be dealt together; those that cannot have no play.
    assert!(checked.len() > 2_000, "{} pairs checked", checked.len());
}

#[test]
fn a_sample_of_the_opponents_keeps_what_crib_discard_advises() {
    let models = Models::committed();
    let bytes = std::fs::read(xtask::generated().join(files::OPPONENTS)).unwrap();
    let pool = opponents::decode(&bytes).expect("the pool reads back");
    for (role, deals) in [Role::Pone, Role::Dealer].into_iter().zip(&pool) {
        assert_eq!(deals.len() as u64, POOL_DEALS);
        let mut sample: Vec<usize> = (0..20).collect();
        sample.extend(shuffled_indices(2026, 8, 80, deals.len()));
        let wrong: Vec<usize> = sample
            .into_par_iter()
            .filter(|&n| opponent(models, role, n as u64) != deals[n])
            .collect();
        assert!(wrong.is_empty(), "{role:?}: deals {wrong:?} keep otherwise");
    }
    assert_eq!(opponents::encode(&pool), bytes);
}
