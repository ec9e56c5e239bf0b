//! A few entries of each table computed again from what it was made from, cheaply: enough to
//! catch a table that no longer follows from its inputs. `cargo xtask verify` does the same at
//! scale.

use crib::tables::advice::discard::Role;
use crib::tables::model::Models;
use crib::tables::model::odds::SEED;
use crib::tables::model::odds::{Odds, SEED3, SEED4};
use crib::tables::model::opponents;
use crib::tables::rules::numbering::{rank_hand_number, rank_hands};
use crib::tables::rules::seat::Players;
use crib::tables::rules::sequence::peg;
use crib::tables::rules::shuffle::shuffled;
use xtask::generate::odds34::Deals3;
use xtask::generate::opponents::opponent;
use xtask::generate::pegging::{self, Decisions, first_lead, play_out};
use xtask::selfplay::deals::play_deal;
use xtask::selfplay::deals34;
use xtask::{REGENERATE, committed, committed_text, files, render, samples};

/// Every one of the pegging table's 3,640 entries is the weighted mean of its committed pairs,
/// to the last printed digit, and a few pairs play out as committed.
#[test]
fn the_pegging_table_follows_from_its_pairs() {
    let models = Models::committed();
    let outcomes = samples::decode_outcomes(&committed(files::OUTCOMES)).unwrap();
    let hands = rank_hands();
    let mut table = pegging::aggregate(&models.kept, &hands, &outcomes);
    table.leads = models.peg_table(Players::TWO).leads.clone();
    assert!(
        render::pegging(&table) == committed_text(files::PEGGING),
        "{REGENERATE}"
    );
    let decisions = Decisions::new(&models.kept);
    for (p, d) in [(0, 1), (100, 1700), (911, 5), (1819, 1819), (400, 1200)] {
        if let Some(committed) = outcomes[p][d] {
            assert_eq!(play_out(hands[p], hands[d], &decisions).0, committed);
        }
    }
}

/// The first deals of each sample of the odds play out as committed.
#[test]
fn the_first_deals_of_the_odds_play_out_as_committed() {
    let models = Models::committed();
    let decisions = Decisions::with_leads(&models.kept, models.peg_table(Players::TWO));
    let deals = samples::decode_deals(&committed(files::DEALS));
    for (n, deal) in deals.iter().enumerate().take(4) {
        assert_eq!(
            &play_deal(models, &decisions, SEED, n as u64),
            deal,
            "deal {n}"
        );
    }
    let deals3 = samples::decode_seat_deals(&committed(files::DEALS3));
    assert_eq!(deals34::play_deal::<3>(SEED3, 0), deals3[0]);
    let deals4 = samples::decode_seat_deals(&committed(files::DEALS4));
    assert_eq!(deals34::play_deal::<4>(SEED4, 0), deals4[0]);
}

/// Positions of the odds of three near the end solved again from the committed deals, the
/// later positions read from the committed table.
#[test]
fn positions_of_the_odds_of_three_follow_from_their_deals() {
    let deals3 = samples::decode_seat_deals(&committed(files::DEALS3));
    let grouped = Deals3::new(&deals3);
    for scores in [[0, 0, 0], [60, 70, 80], [118, 119, 120], [110, 90, 115]] {
        let solved = grouped.position(scores, |later| {
            crib::tables::chances3(Odds::committed(Players::THREE), later)
        });
        let table = crib::tables::chances3(Odds::committed(Players::THREE), scores);
        for s in 0..3 {
            assert!((solved[s] - table[s]).abs() <= 3.0 / 65_535.0, "{scores:?}");
        }
    }
}

/// The first deals of each role's pool of opponents keep what `crib discard` advises.
#[test]
fn the_first_opponents_keep_what_crib_discard_advises() {
    let models = Models::committed();
    for role in [Role::Pone, Role::Dealer] {
        for (n, deal) in opponents::committed(role.seat()).iter().enumerate().take(3) {
            assert_eq!(&opponent(models, role, n as u64), deal, "{role:?} {n}");
        }
    }
}

/// The committed first leads are the engine's, searched afresh (a sample: 10 ms each).
#[test]
fn the_committed_leads_are_the_engines() {
    let hands = rank_hands();
    for n in [0, 545, 911, 1500, 1819] {
        assert_eq!(
            first_lead(&Models::committed().kept, hands[n]),
            Models::committed().peg_table(Players::TWO).leads[n],
            "{:?}",
            hands[n]
        );
    }
    // From 6-7-8-9, against the expert dealer: the 6 (see crib play).
    assert_eq!(
        Models::committed().peg_table(Players::TWO).leads[rank_hand_number([6, 7, 8, 9])],
        6
    );
}

/// The points the table credits are the points `crib peg` gives the same play: one scorer.
#[test]
fn deals_are_scored_as_crib_peg_scores_them() {
    let decisions = Decisions::new(&Models::committed().kept);
    for deal in 0..150 {
        let cards = shuffled(0x2545_F491, deal, 8);
        let ranks =
            |hand: &[crib::Card]| -> [u8; 4] { [0, 1, 2, 3].map(|i| hand[i].rank().number()) };
        let (pone, dealer) = (ranks(&cards[..4]), ranks(&cards[4..]));
        let (points, tokens) = play_out(pone, dealer, &decisions);
        let pegging = peg(&tokens, Players::TWO).unwrap();
        assert!(pegging.complete, "{tokens:?}");
        assert_eq!(
            pegging.totals,
            [u32::from(points[0]), u32::from(points[1])],
            "{tokens:?}"
        );
    }
}
