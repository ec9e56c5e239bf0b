//! The two-player tables of the play, derived again: the pegging table aggregated from its
//! pairs of hands and a sample of those pairs played out again; a sample of the plays of pairs
//! of hands played again by crib's engine; a sample of the pool of opponents kept again.

use crate::generate::opponents::opponent;
use crate::selfplay::deals::play_events;
use crib::tables::advice::discard::Role;
use crib::tables::model::Models;
use crib::tables::model::opponents::{self, POOL_DEALS};
use crib::tables::rules::seat::Players;

use crate::generate::pegging::{self, Decisions, play_out};
use crib::tables::model::plays;
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::rank_hands;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::shuffle::shuffled_indices;
use rayon::prelude::*;

use super::{Outcome, ensure, ensure_eq};
use crate::{REGENERATE, committed, committed_text, files, render, samples, stored, unpacked};

/// The pegging table: every one of its 3,640 entries is the weighted mean of its committed
/// pairs, to the last printed digit; and a deterministic sample of the pairs, each played out
/// again by crib's engine on both sides with nothing remembered from the others, comes out as
/// committed.
pub fn pegging() -> Outcome {
    let models = Models::committed();
    let outcomes = samples::decode_outcomes(&committed(files::OUTCOMES)).ok_or("outcomes")?;
    let hands = rank_hands();
    ensure_eq!(outcomes.len(), hands.len());
    let mut table = pegging::aggregate(&models.kept, &hands, &outcomes);
    table.leads = models.peg_table(Players::TWO).leads.clone();
    ensure!(
        render::pegging(&table) == committed_text(files::PEGGING),
        "{REGENERATE}"
    );
    let n = hands.len();
    let sample: Vec<usize> = shuffled_indices(2026, 0, 240, n * n);
    let disagreements: Vec<String> = sample
        .par_iter()
        .filter_map(|&pair| {
            let (p, d) = (pair / n, pair % n);
            let committed = outcomes[p][d]?;
            let decisions = Decisions::new(&models.kept);
            let (points, _) = play_out(hands[p], hands[d], &decisions);
            (points != committed).then(|| {
                format!(
                    "{:?} against {:?}: {points:?}, not {committed:?}",
                    hands[p], hands[d]
                )
            })
        })
        .collect();
    ensure!(disagreements.is_empty(), "{disagreements:?}");
    Ok(())
}

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

/// A deterministic sample of 3,000 pairs of hands: each play in `plays.bin.zst` is what crib's
/// engine plays, step by step.
pub fn plays() -> Outcome {
    let models = Models::committed();
    let decisions = Decisions::with_leads(&models.kept, models.peg_table(Players::TWO));
    let hands = rank_hands();
    let pairs: Vec<([u8; 4], [u8; 4])> =
        shuffled_indices(2026, 7, 3_000, hands.len() * hands.len())
            .into_iter()
            .map(|i| (hands[i / hands.len()], hands[i % hands.len()]))
            .collect();
    let checked: Vec<Option<String>> = pairs
        .par_iter()
        .filter_map(|&(pone, dealer)| {
            let ranks = |hand: [u8; 4]| hand.map(|r| crib::Rank::new(r).expect("a rank"));
            let table = plays::play(ranks(pone), ranks(dealer))?;
            let mut taken = Vec::new();
            let (p, d) = (cards(pone, &mut taken), cards(dealer, &mut taken));
            let engine = play_events(p, d, &decisions);
            Some(
                (merged(&table) != merged(&engine)).then(|| format!("{pone:?} against {dealer:?}")),
            )
        })
        .collect();
    // Most pairs of hands can be dealt together; those that cannot have no play.
    ensure!(checked.len() > 2_000, "{} pairs checked", checked.len());
    let wrong: Vec<String> = checked.into_iter().flatten().collect();
    ensure!(wrong.is_empty(), "plays differ: {wrong:?}");
    Ok(())
}

/// A deterministic sample of the pool of opponents (the first 20 deals of each role and 80
/// more) keeps what `crib discard` advises.
pub fn opponents() -> Outcome {
    let models = Models::committed();
    let bytes = unpacked(files::OPPONENTS);
    let pool = opponents::decode(&bytes).ok_or("the pool does not read back")?;
    for (role, deals) in [Role::Pone, Role::Dealer].into_iter().zip(&pool) {
        ensure_eq!(deals.len() as u64, POOL_DEALS);
        let mut sample: Vec<usize> = (0..20).collect();
        sample.extend(shuffled_indices(2026, 8, 80, deals.len()));
        let wrong: Vec<usize> = sample
            .into_par_iter()
            .filter(|&n| opponent(models, role, n as u64) != deals[n])
            .collect();
        ensure!(wrong.is_empty(), "{role:?}: deals {wrong:?} keep otherwise");
    }
    ensure!(
        crate::generate::opponents::encode(&pool) == bytes,
        "{REGENERATE}"
    );
    Ok(())
}

/// The three compressed tables are what compressing their bytes makes again, byte for byte.
pub fn packed() -> Outcome {
    for name in [files::PLAYS, files::OPPONENTS, files::ODDS3] {
        ensure!(
            stored(name, &unpacked(name)) == committed(name),
            "{name}: {REGENERATE}"
        );
    }
    Ok(())
}
