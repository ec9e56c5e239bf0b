//! Property tests of crib's engine for the play, and of the players it is measured against.
//! (Whether it beats them is measured in the slow tier: `cargo xtask verify engine`.)

use crib_core::tables::rules::card::Card;
use crib_core::tables::rules::seat::Seat;
use crib_core::tables::rules::sequence::{Token, replay};
use crib_core::tables::rules::view::View;
use crib_core::tables::search::engine::{HandWeights, advise};
use crib_core::tables::search::players::{greedy, reply_aware};
use crib_core::tables::search::sampled::advise_sampled;
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
        let advice = advise(&position, HandWeights::Uniform);
        let fits: Vec<&Card> = position
            .left
            .iter()
            .filter(|c| position.count() + c.rank().value() <= 31)
            .collect();
        prop_assert_eq!(advice.options.is_empty(), fits.is_empty());
        for option in &advice.options {
            prop_assert!(position.left.contains(&option.card));
            prop_assert!(position.count() + option.card.rank().value() <= 31);
        }
        for choice in [greedy(&position), reply_aware(&position)] {
            prop_assert_eq!(choice.is_none(), fits.is_empty());
            if let Some(card) = choice {
                prop_assert!(fits.contains(&&card));
            }
        }
    }
}

/// A play of `N` players advanced `steps` moves by greedy players, then one decision asked of
/// crib's sampled engine and of greedy: every card proposed is held and fits the count.
fn legal_with<const N: usize>(deal: &[u8], steps: usize) -> Result<(), TestCaseError> {
    let cards: Vec<Card> = deal.iter().map(|&i| Card::from_index(i)).collect();
    let hands: Vec<Vec<Card>> = (0..N).map(|s| cards[4 * s..4 * s + 4].to_vec()).collect();
    let starter = [cards[4 * N]];
    let mut tokens: Vec<Token> = Vec::new();
    for _ in 0..steps {
        let (pegging, state) = replay::<N>(&tokens).unwrap();
        if pegging.complete {
            break;
        }
        let seat = Seat::new(state.turn());
        let view = View::<N>::new(&hands[seat.index()], seat, &starter, &tokens).unwrap();
        tokens.push(greedy(&view).map_or(Token::Go, Token::Card));
    }
    let (pegging, state) = replay::<N>(&tokens).unwrap();
    prop_assume!(!pegging.complete);
    let seat = Seat::new(state.turn());
    let view = View::<N>::new(&hands[seat.index()], seat, &starter, &tokens).unwrap();
    let advice = advise_sampled(&view, 12);
    let fits: Vec<&Card> = view
        .left
        .iter()
        .filter(|c| view.count() + c.rank().value() <= 31)
        .collect();
    prop_assert_eq!(advice.options.is_empty(), fits.is_empty());
    for option in &advice.options {
        prop_assert!(fits.contains(&&option.card));
        prop_assert!(option.se.is_some() && option.gap_se.is_some());
    }
    let choice = greedy(&view);
    prop_assert_eq!(choice.is_none(), fits.is_empty());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn three_and_four_players_propose_legal_cards(
        deal in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 17).prop_shuffle(),
        steps in 0usize..16,
    ) {
        legal_with::<3>(&deal, steps.min(12))?;
        legal_with::<4>(&deal, steps)?;
    }
}
