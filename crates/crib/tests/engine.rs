//! Property tests of crib's engine for the play, and of the players it is measured against.

use crib::rules::card::Card;
use crib::rules::play::Seat;
use crib::rules::sequence::{Token, replay};
use crib::rules::view::View;
use crib::search::engine::{Opponent, advise};
use crib::search::players::{greedy, reply_aware};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever the deal and however far the play has gone, every card the engine (and each
    /// baseline) proposes is one the player holds that fits the count, and "go" only when none
    /// fits.
    #[test]
    fn no_player_proposes_an_illegal_card(
        deal in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 9).prop_shuffle(),
        steps in 0usize..8,
    ) {
        let cards: Vec<Card> = deal.iter().map(|&i| Card::from_index(i)).collect();
        let hands = [cards[..4].to_vec(), cards[4..8].to_vec()];
        let starter = [cards[8]];
        let mut tokens: Vec<Token> = Vec::new();
        for _ in 0..steps {
            let (pegging, state) = replay::<2>(&tokens).unwrap();
            if pegging.complete {
                break;
            }
            let seat = Seat::new(state.turn());
            let position = View::<2>::new(&hands[seat.index()], seat, &starter, &tokens).unwrap();
            tokens.push(greedy(&position).map_or(Token::Go, Token::Card));
        }
        let (pegging, state) = replay::<2>(&tokens).unwrap();
        prop_assume!(!pegging.complete);
        let seat = Seat::new(state.turn());
        let position = View::<2>::new(&hands[seat.index()], seat, &starter, &tokens).unwrap();
        let advice = advise(&position, Opponent::Uniform);
        let fits: Vec<&Card> = position
            .left
            .iter()
            .filter(|c| position.count() + c.value() <= 31)
            .collect();
        prop_assert_eq!(advice.options.is_empty(), fits.is_empty());
        for option in &advice.options {
            prop_assert!(position.left.contains(&option.card));
            prop_assert!(position.count() + option.card.value() <= 31);
        }
        for choice in [greedy(&position), reply_aware(&position)] {
            prop_assert_eq!(choice.is_none(), fits.is_empty());
            if let Some(card) = choice {
                prop_assert!(fits.contains(&&card));
            }
        }
    }
}
