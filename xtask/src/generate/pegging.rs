//! How the pegging table is made: every pair of two-player hands of four ranks played out by
//! crib's engine on both sides, each decision searched once and remembered, then each hand's
//! entry weighted over the other side's hands as the engine weighs them. The model is stated
//! where the table is read, `crib::tables::model::pegging`; this is `cargo xtask tables pegging`.

use std::sync::{Mutex, MutexGuard, PoisonError};

use rayon::prelude::*;

use crib::tables::model::kept::KeptHands;
use crib::tables::model::pegging::{PegTable, PegValue, compatible, counts};
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::{RANK_HANDS, binomial, rank_hand_number, rank_hands};
use crib::tables::rules::play::{Ranks, Table, rank_card};
use crib::tables::rules::seat::Players;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::Token;
use crib::tables::rules::view::View;
use crib::tables::search::engine::{HandWeights, advise, keep_ratio};

/// Four cards with these ranks (suits assigned in turn, since the play ignores them).
fn cards(ranks: [u8; 4]) -> [Card; 4] {
    let mut copies = [0u8; 14];
    ranks.map(|r| {
        let suit = copies[usize::from(r)];
        copies[usize::from(r)] += 1;
        Card::from_index((r - 1) * 4 + suit)
    })
}

/// The decisions crib's engine makes against an expert opponent (weighted by `kept`),
/// remembered: by the seat, the hand held and the play so far.
#[derive(Debug)]
pub struct Decisions<'a> {
    kept: &'a KeptHands,
    known: Mutex<rustc_hash::FxHashMap<u128, u8>>,
    /// The seat that also reads the other's play, as crib's strongest player does (none for
    /// the pegging table).
    reader: Option<Seat>,
}

/// The key of a decision: the seat, the hand held (by [`rank_hand_number`]) and the play so
/// far, a nibble a token (a rank number, or 14 for go). A deal has 8 cards and at most two gos
/// a count, so at most 16 tokens, well within the 28 the key holds.
fn decision_key(seat: Seat, hand: [u8; 4], tokens: &[u8]) -> u128 {
    assert!(tokens.len() <= 28, "a play of {} tokens", tokens.len());
    let mut key = (seat.index() as u128) << 127 | (rank_hand_number(hand) as u128) << 112;
    for (i, &t) in tokens.iter().enumerate() {
        key |= u128::from(t) << (4 * i);
    }
    key
}

/// The token of a go in a decision's play so far.
const GO: u8 = 14;

impl<'a> Decisions<'a> {
    /// Nothing decided yet, against an opponent who keeps `kept`.
    pub fn new(kept: &'a KeptHands) -> Decisions<'a> {
        Decisions {
            kept,
            known: Mutex::default(),
            reader: None,
        }
    }

    /// As [`Decisions::with_leads`], `reader` weighing the other's holdings also by how they
    /// have played (crib's reading model), as crib's strongest player does.
    pub fn reading(kept: &'a KeptHands, table: &PegTable, reader: Seat) -> Decisions<'a> {
        Decisions {
            reader: Some(reader),
            ..Decisions::with_leads(kept, table)
        }
    }

    /// Decisions that remember a table's first leads already (the costliest decision of a
    /// deal, 10 ms each), which are the ones the engine makes against `kept`.
    pub fn with_leads(kept: &'a KeptHands, table: &PegTable) -> Decisions<'a> {
        let decisions = Decisions::new(kept);
        {
            let mut known = decisions.lock();
            for (hand, &lead) in rank_hands().into_iter().zip(&table.leads) {
                known.insert(decision_key(Seat::PONE, hand, &[]), lead);
            }
        }
        decisions
    }

    /// The rank crib's engine plays from `hand` in `seat`, the play so far being `tokens`.
    pub(crate) fn choose(&self, seat: Seat, hand: [u8; 4], tokens: &[u8]) -> u8 {
        let key = decision_key(seat, hand, tokens);
        if let Some(&rank) = self.lock().get(&key) {
            return rank;
        }
        let play: Vec<Token> = tokens.iter().map(|&t| token(t)).collect();
        let view = View::<2>::new(&cards(hand), seat, &[], &play).expect("a position of the play");
        let keeps = self.kept.by_seat();
        let weights = if self.reader == Some(seat) {
            HandWeights::Reading {
                keeps,
                model: crib::tables::model::reading::committed(),
            }
        } else {
            HandWeights::Expert { keeps }
        };
        let advice = advise(&view, weights);
        let rank = advice.options[0].card.rank().number();
        self.lock().insert(key, rank);
        rank
    }

    fn lock(&self) -> MutexGuard<'_, rustc_hash::FxHashMap<u128, u8>> {
        self.known.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many decisions are remembered.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A decision's token (a rank number, or [`GO`]) as a token of the play.
fn token(t: u8) -> Token {
    if t == GO {
        Token::Go
    } else {
        Token::Card(rank_card(t))
    }
}

/// One deal's play, crib's engine on both sides: the points the pone and the dealer peg, and
/// the play (ranks and gos).
pub fn play_out(pone: [u8; 4], dealer: [u8; 4], decisions: &Decisions) -> ([u8; 2], Vec<Token>) {
    play_out_from(pone, dealer, &[], decisions)
}

/// One deal's play from `prefix` (the ranks played first, in turn, with no go among them),
/// crib's engine on both sides after it: the points the pone and the dealer peg from the first
/// card, and the whole play.
pub fn play_out_from(
    pone: [u8; 4],
    dealer: [u8; 4],
    prefix: &[u8],
    decisions: &Decisions,
) -> ([u8; 2], Vec<Token>) {
    let hands = [pone, dealer];
    let mut table = Table::new([counts(pone), counts(dealer)]);
    let mut tokens: Vec<u8> = Vec::with_capacity(12);
    let mut points = [0u8; 2];
    for &rank in prefix {
        let step = table.play(rank);
        tokens.push(rank);
        points = [points[0] + step[0], points[1] + step[1]];
    }
    while !table.is_over() {
        let seat = table.turn();
        let (first, more) = {
            let mut legal = table.legal();
            (legal.next(), legal.next().is_some())
        };
        let step = match first {
            None => {
                tokens.push(GO);
                table.go()
            }
            Some(only) if !more => {
                tokens.push(only);
                table.play(only)
            }
            Some(_) => {
                let rank = decisions.choose(Seat::new(seat), hands[seat], &tokens);
                tokens.push(rank);
                table.play(rank)
            }
        };
        points = [points[0] + step[0], points[1] + step[1]];
    }
    (points, tokens.into_iter().map(token).collect())
}

/// How a hand `held` by the other side, in `seat`, is weighted beside `beside`: the sets of
/// cards it stands for, times how much likelier the expert model is to keep it than chance.
pub(crate) fn weight(kept: &KeptHands, seat: Seat, held: [u8; 4], beside: &Ranks) -> f64 {
    let counts = counts(held);
    let sets: f64 = (1..=13)
        .map(|r| binomial(usize::from(4 - beside[r]), usize::from(counts[r])) as f64)
        .product();
    sets * keep_ratio(kept.of(seat), held)
}

/// The points each side pegs for every pair of hands (pone's by number, then dealer's by
/// number; `None` where the two cannot be dealt together).
pub fn outcomes(hands: &[[u8; 4]], decisions: &Decisions) -> Vec<Vec<Option<[u8; 2]>>> {
    hands
        .par_iter()
        .map(|&pone| {
            let p = counts(pone);
            hands
                .iter()
                .map(|&dealer| {
                    compatible(&p, &counts(dealer)).then(|| play_out(pone, dealer, decisions).0)
                })
                .collect()
        })
        .collect()
}

/// One hand's entry in one seat: the mean over the other side's hands, weighted as the engine
/// weights them, of the points each side pegs; `outcome(m)` is the pair's outcome (pone's
/// points, dealer's) against the other side's hand number `m`, `None` when the two cannot be
/// dealt together.
fn weighted(
    kept: &KeptHands,
    seat: Seat,
    ranks: [u8; 4],
    hands: &[[u8; 4]],
    outcome: impl Fn(usize) -> Option<[u8; 2]>,
) -> PegValue {
    let mine_counts = counts(ranks);
    let (me, other) = (seat.index(), seat.other().index());
    let (mut total, mut mine, mut theirs) = (0.0, 0.0, 0.0);
    for (m, &held) in hands.iter().enumerate() {
        let Some(points) = outcome(m) else { continue };
        let w = weight(kept, seat.other(), held, &mine_counts);
        total += w;
        mine += w * f64::from(points[me]);
        theirs += w * f64::from(points[other]);
    }
    PegValue {
        mine: mine / total,
        theirs: theirs / total,
    }
}

/// One hand's entry in one seat, computed on its own: the hand played against every hand of the
/// other side's. The same to the last bit as the entry [`generate`] makes.
pub fn entry(seat: Seat, ranks: [u8; 4], decisions: &Decisions) -> PegValue {
    let hands = rank_hands();
    let held = counts(ranks);
    let outcomes: Vec<Option<[u8; 2]>> = hands
        .par_iter()
        .map(|&other| {
            compatible(&held, &counts(other)).then(|| {
                if seat == Seat::DEALER {
                    play_out(other, ranks, decisions).0
                } else {
                    play_out(ranks, other, decisions).0
                }
            })
        })
        .collect();
    weighted(decisions.kept, seat, ranks, &hands, |m| outcomes[m])
}

/// The table from every pair's outcome (by [`outcomes`]), the other side weighted by `kept`.
pub fn aggregate(
    kept: &KeptHands,
    hands: &[[u8; 4]],
    outcomes: &[Vec<Option<[u8; 2]>>],
) -> PegTable {
    let pone = (0..hands.len())
        .map(|n| weighted(kept, Seat::PONE, hands[n], hands, |m| outcomes[n][m]))
        .collect();
    let dealer = (0..hands.len())
        .map(|n| weighted(kept, Seat::DEALER, hands[n], hands, |m| outcomes[m][n]))
        .collect();
    PegTable {
        players: Players::TWO,
        seats: vec![pone, dealer],
        leads: Vec::new(),
    }
}

/// Compute the whole table against players who keep `kept`: every pair of hands played out
/// ([`outcomes`]), then weighted ([`aggregate`]), with the first lead from every hand
/// ([`leads`]). The same to the last bit on every run.
pub fn generate(kept: &KeptHands) -> PegTable {
    let hands = rank_hands();
    debug_assert_eq!(hands.len(), RANK_HANDS);
    let decisions = Decisions::new(kept);
    let mut table = aggregate(kept, &hands, &outcomes(&hands, &decisions));
    table.leads = leads(&decisions, &hands);
    table
}

/// The first lead crib's engine makes from each hand (remembered already once the hands have
/// been played out).
pub fn leads(decisions: &Decisions, hands: &[[u8; 4]]) -> Vec<u8> {
    hands
        .iter()
        .map(|&h| decisions.choose(Seat::PONE, h, &[]))
        .collect()
}

/// The pone's first lead from a hand of four ranks, searched afresh by crib's engine (against
/// the expert dealer who keeps `kept`, nothing seen but the hand).
pub fn first_lead(kept: &KeptHands, ranks: [u8; 4]) -> u8 {
    Decisions::new(kept).choose(Seat::PONE, ranks, &[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_from_a_prefix_counts_it() {
        // Every turn has one legal rank: the pone's fives, the dealer's tens. 5-10 fifteen (2),
        // 5-10 to 30 and a go (1), then again after the go: six to the dealer.
        let kept = KeptHands::committed();
        let decisions = Decisions::new(&kept);
        let (fives, tens) = ([5, 5, 5, 5], [10, 10, 10, 10]);
        assert_eq!(play_out(fives, tens, &decisions).0, [0, 6]);
        assert_eq!(play_out_from(fives, tens, &[5, 10], &decisions).0, [0, 6]);
        assert!(decisions.is_empty(), "no choice was searched");
    }

    #[test]
    fn a_play_from_its_own_first_cards_is_the_play() {
        let kept = KeptHands::committed();
        let decisions = Decisions::new(&kept);
        let (pone, dealer) = ([1, 4, 9, 12], [2, 6, 7, 13]);
        let (points, tokens) = play_out(pone, dealer, &decisions);
        let first: Vec<u8> = tokens[..2]
            .iter()
            .map(|t| match t {
                Token::Card(c) => c.rank().number(),
                Token::Go => 14,
            })
            .collect();
        assert_eq!(
            play_out_from(pone, dealer, &first, &decisions),
            (points, tokens)
        );
    }

    #[test]
    fn cards_have_the_ranks_and_are_distinct() {
        let c = cards([5, 5, 5, 5]);
        assert!(c.iter().all(|c| c.rank().number() == 5));
        crib::tables::rules::card::check_deck(&c).unwrap();
    }
}
