//! Rollouts of the play with two players: each legal card valued by playing the rest of the
//! deal out on every holding of the opponent's, each weighed as the engine weighs it, both
//! players then choosing by what they can see ([`Continuation`]), neither seeing the other's
//! cards.
//!
//! What this assumes, against the engine ([`crate::search::engine`]): the engine values a card
//! as if, after it, both players could see each other's cards, and so plays as though every
//! pair and fifteen it offers will be taken or refused knowingly. Here nobody sees: each card
//! after the first is the one a player picks from what they can see, the count, the cards
//! played and their own hand, as real players must, one card for every hand the other may
//! hold. Two such players:
//! - the reading model's player ([`Continuation::Reading`]): the card crib's reading model
//!   finds likeliest (its weights, fitted to crib's expert: take the points, do not leave 5
//!   or 21 or a run, lead from a pair, lead low and play high later), a stand-in for the
//!   expert at the cost of a weighted sum;
//! - the reply-aware player ([`Continuation::ReplyAware`]): the card that scores most now less
//!   the other's expected best reply over the cards it has not seen. What the other player has
//!   not seen is taken to be what you have not seen, less their hand and with yours added: the
//!   starter and the cards played are seen by both, as they are, but the two throws are counted
//!   as you see them, two cards that change little for a player this simple.
//!
//! crib's strongest player answers the lead as dealer with two players by the reading model's
//! rollouts, short of the board's reach: by the true chances against the expert they gained
//! +0.042 ± 0.018 and +0.073 ± 0.013 a dealer's deal on two streams of fresh deals, where the
//! reply-aware player's gained +0.031 ± 0.018 (`cargo xtask experiment rollout ... truth read`
//! and `... truth light`; docs/lab/strength.md).

use crate::rules::card::Card;
use crate::rules::play::{Ranks, Table, rank_card, ranks_of};
use crate::rules::view::View;
use crate::search::engine::{HandWeights, weighed_holdings};
use crate::search::players::expected_best_reply_on;
use crate::search::reading::{ReadingModel, features};

/// How both players choose their cards after the one valued, each from what they can see.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Continuation {
    /// The card the reading model finds likeliest: the highest weighted sum of its features
    /// (the share at random left out), the lowest rank on a tie.
    Reading(ReadingModel),
    /// The card that scores most now less the other's expected best reply, the lowest on a tie.
    ReplyAware,
}

/// Each legal card of the view (one of each rank), with its net (your points less the other's
/// to the end of the play) by rollouts: the rest of the play out on every holding of the
/// opponent's, weighed by `opponent`, both players choosing by `continuation`. In the order of
/// [`View::legal_cards`].
pub fn rollout_values(
    view: &View<2>,
    opponent: HandWeights,
    continuation: Continuation,
) -> Vec<(Card, f64)> {
    let me = view.seat.index();
    let other = view.seat.other();
    let (holdings, weights) = weighed_holdings(view, opponent);
    let total: f64 = weights.iter().sum();
    let legal = view.legal_cards();
    let mut sums = vec![0.0; legal.len()];
    let mine = ranks_of(&view.left);
    for (holding, &w) in holdings.iter().zip(&weights) {
        if w <= 0.0 {
            continue;
        }
        // What each seat has not seen: for the other, what you have not, less their hand and
        // with yours added.
        let mut unseen = [view.unseen; 2];
        for rank in 1..=13 {
            unseen[other.index()][rank] += mine[rank];
            unseen[other.index()][rank] -= holding.ranks[rank];
        }
        let table = view.table_with(other, &holding.ranks);
        for (sum, card) in sums.iter_mut().zip(&legal) {
            *sum += w * play_out(table, me, card.rank().number(), unseen, continuation);
        }
    }
    legal
        .into_iter()
        .zip(sums)
        .map(|(card, sum)| (card, if total > 0.0 { sum / total } else { 0.0 }))
        .collect()
}

/// Seat `me` plays `first` at `table`, then both play on by `continuation`, each seat's `unseen`
/// the cards it has not seen: `me`'s points less the other's from here.
fn play_out(
    mut table: Table<2>,
    me: usize,
    first: u8,
    mut unseen: [Ranks; 2],
    continuation: Continuation,
) -> f64 {
    let mut net = 0.0;
    let mut rank = Some(first);
    loop {
        let turn = table.turn();
        let points = match rank {
            Some(r) => {
                unseen[1 - turn][usize::from(r)] -= 1;
                table.play(r)
            }
            None => table.go(),
        };
        net += f64::from(points[me]) - f64::from(points[1 - me]);
        if table.is_over() {
            return net;
        }
        rank = match continuation {
            Continuation::Reading(model) => likeliest(&table, &model),
            Continuation::ReplyAware => {
                let turn = table.turn();
                let other_holds = table.state().left()[1 - turn];
                reply_aware(&table, &unseen[turn], other_holds)
            }
        };
    }
}

/// The rank the player to move at `table` plays as the reading model's likeliest card: the
/// highest weighted sum of its features; the lowest on a tie; none is go.
fn likeliest(table: &Table<2>, model: &ReadingModel) -> Option<u8> {
    let since = table.state().since_start();
    let hand = table.hand(table.turn());
    let mut best: Option<(f64, u8)> = None;
    for rank in table.legal() {
        let score = model.score(&features(since, hand, rank));
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, rank));
        }
    }
    best.map(|(_, rank)| rank)
}

/// The rank the player to move at `table` plays as a reply-aware player: the one that scores
/// most now less the other's expected best reply, the other holding `holds` of the `unseen`
/// cards, every such hand alike; the lowest on a tie; none is go.
fn reply_aware(table: &Table<2>, unseen: &Ranks, holds: u8) -> Option<u8> {
    let turn = table.turn();
    let mut best: Option<(f64, u8)> = None;
    for rank in table.legal() {
        let mut after = *table;
        let now = after.play(rank)[turn];
        // No reply to a card that ends the count or the play, or that the other cannot answer.
        let reply = if after.count() == 0 || after.is_over() || after.turn() == turn {
            0.0
        } else {
            expected_best_reply(table, rank, unseen, holds)
        };
        let value = f64::from(now) - reply;
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, rank));
        }
    }
    best.map(|(_, rank)| rank)
}

/// The expected points of the best reply to `rank` played at `table`, by a player holding
/// `holds` of the `unseen` cards, every holding alike.
fn expected_best_reply(table: &Table<2>, rank: u8, unseen: &Ranks, holds: u8) -> f64 {
    let mut since = table.state().since_start().to_vec();
    since.push(rank_card(rank));
    expected_best_reply_on(&since, unseen, u32::from(holds))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::Seat;
    use crate::rules::sequence::Token;
    use crate::search::engine::advise;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap()
    }

    fn ranks(pairs: &[(u8, u8)]) -> Ranks {
        let mut ranks = [0u8; 14];
        for &(rank, n) in pairs {
            ranks[usize::from(rank)] = n;
        }
        ranks
    }

    /// Every ten-card makes fifteen on a five: a player holding four of them replies for two
    /// for certain; holding one card from ten-cards and twos alike, half the time.
    #[test]
    fn the_best_reply_is_expected_over_the_unseen_cards() {
        let table = Table::<2>::new([ranks(&[(4, 1), (5, 1)]), ranks(&[])]);
        let tens = ranks(&[(10, 4), (11, 4), (12, 4), (13, 4)]);
        assert_eq!(expected_best_reply(&table, 5, &tens, 4), 2.0);
        assert_eq!(expected_best_reply(&table, 4, &tens, 4), 0.0);
        let half = ranks(&[(10, 4), (2, 4)]);
        assert!((expected_best_reply(&table, 5, &half, 1) - 1.0).abs() < 1e-12);
    }

    /// Leading into ten-cards, a reply-aware player keeps the five back and leads the four.
    #[test]
    fn a_reply_aware_player_does_not_offer_the_fifteen() {
        let table = Table::<2>::new([ranks(&[(4, 1), (5, 1)]), ranks(&[(10, 2)])]);
        let tens = ranks(&[(10, 4), (11, 4), (12, 4), (13, 4)]);
        assert_eq!(reply_aware(&table, &tens, 2), Some(4));
    }

    /// A reading model with weights near the committed ones, rounded: the points now, a
    /// fifteen or 31 given, a run given, a pair held, the value, the count after, the lead.
    const READING: ReadingModel = ReadingModel {
        weights: [2.5, -10.0, -1.0, 2.0, 0.8, 3.5, -1.9],
        uniform_share: 0.4,
    };

    /// The reading model's player does not lead a five (four ranks answer it for fifteen)
    /// when it holds a nine, and pairs a king led with its own king. Leading the five scores
    /// -10 x 4/13 + 0.8 x 0.5 + 3.5 x 5/31 - 1.9 x 0.5 = -3.06; the nine -10 x 1/13 + 0.8 x 0.9
    /// + 3.5 x 9/31 - 1.9 x 0.9 = -0.74.
    #[test]
    fn the_reading_models_player_leads_safe_and_takes_the_pair() {
        let model = READING;
        let table = Table::<2>::new([ranks(&[(5, 1), (9, 1)]), ranks(&[(10, 2)])]);
        assert_eq!(likeliest(&table, &model), Some(9));
        let mut table = Table::<2>::new([ranks(&[(13, 1), (2, 1)]), ranks(&[(13, 1), (4, 1)])]);
        table.play(13);
        assert_eq!(likeliest(&table, &model), Some(13));
    }

    /// Where nobody has a choice after the card (one card each left), nobody's seeing matters:
    /// the rollouts are the engine's search, card by card.
    #[test]
    fn with_no_choice_left_the_rollouts_are_the_engine() {
        let tokens: Vec<Token> = cards("2c 3d 4c 9d Kc")
            .into_iter()
            .map(Token::Card)
            .collect();
        let view = View::<2>::new(
            &cards("3d 9d Ah 3s"),
            Seat::new(1),
            &cards("6h 8h 8s"),
            &tokens,
        )
        .unwrap();
        let engine = advise(&view, HandWeights::Uniform);
        for continuation in [Continuation::ReplyAware, Continuation::Reading(READING)] {
            let rollouts = rollout_values(&view, HandWeights::Uniform, continuation);
            assert_eq!(rollouts.len(), 2);
            for (card, net) in &rollouts {
                let option = engine.options.iter().find(|o| o.card == *card).unwrap();
                assert!((net - (option.mine - option.theirs)).abs() < 1e-9, "{card}");
            }
        }
    }
}
