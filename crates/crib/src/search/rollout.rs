//! Rollouts of the play with two players: each legal card valued by playing the rest of the
//! deal out on every holding of the opponent's, each weighed as the engine weighs it, both
//! players then choosing as a reply-aware player does (the card that scores most now less the
//! other's expected best reply, over the cards it has not seen), neither seeing the other's
//! cards.
//!
//! What this assumes, against the engine ([`crate::search::engine`]): the engine values a card
//! as if, after it, both players could see each other's cards, and so plays as though every
//! pair and fifteen it offers will be taken or refused knowingly. Here nobody sees: each card
//! after the first is the one a careful player picks from what they can see, the count, the
//! cards played and how many cards the other still holds. It is a simpler player than the
//! engine, but one that must choose one card for every hand the other may hold, as real
//! players do. What the other player has not seen is taken to be what you have not seen, less
//! their hand and with yours added: the starter and the cards played are seen by both, as they
//! are, but the two throws are counted as you see them (yours as seen by them too, theirs as
//! unseen), two cards that change little for a player this simple.
//!
//! Measured as the dealer's answer to the lead (`cargo xtask experiment rollout ... truth
//! light`), and not used by crib's players: on fresh deals it gained less than its noise
//! against the expert, and a `strongest` that answered the lead by it won half of 4,000 whole
//! games against the one that does not (docs/engine.md).

use crate::rules::card::Card;
use crate::rules::play::{Ranks, Table, rank_card, ranks_of};
use crate::rules::view::View;
use crate::search::engine::{HandWeights, weighed_holdings};
use crate::search::players::expected_best_reply_on;

/// Each legal card of the view (one of each rank), with its net (your points less the other's
/// to the end of the play) by rollouts: the rest of the play out on every holding of the
/// opponent's, weighed by `opponent`, both players choosing as a reply-aware player does. In
/// the order of [`View::legal_cards`].
pub(crate) fn rollout_values(view: &View<2>, opponent: HandWeights) -> Vec<(Card, f64)> {
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
            *sum += w * play_out(table, me, card.rank().number(), unseen);
        }
    }
    legal
        .into_iter()
        .zip(sums)
        .map(|(card, sum)| (card, if total > 0.0 { sum / total } else { 0.0 }))
        .collect()
}

/// Seat `me` plays `first` at `table`, then both play on as reply-aware players, each seat's
/// `unseen` the cards it has not seen: `me`'s points less the other's from here.
fn play_out(mut table: Table<2>, me: usize, first: u8, mut unseen: [Ranks; 2]) -> f64 {
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
        let turn = table.turn();
        let other_holds = table.state().left()[1 - turn];
        rank = reply_aware(&table, &unseen[turn], other_holds);
    }
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
        let rollouts = rollout_values(&view, HandWeights::Uniform);
        let engine = advise(&view, HandWeights::Uniform);
        assert_eq!(rollouts.len(), 2);
        for (card, net) in &rollouts {
            let option = engine.options.iter().find(|o| o.card == *card).unwrap();
            assert!((net - (option.mine - option.theirs)).abs() < 1e-9, "{card}");
        }
    }
}
