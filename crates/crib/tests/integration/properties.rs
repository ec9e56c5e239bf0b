//! Property tests: invariants of the scorer, and no input ever panics.

use crib_core::tables::exact::rulebooks::check_row;
use crib_core::tables::rules::board::{GAME, Game};
use crib_core::tables::rules::card::{Card, check_deck};
use crib_core::tables::rules::deal::{Deal, count};
use crib_core::tables::rules::play::{Table, ranks_of};
use crib_core::tables::rules::printed::parse_row;
use crib_core::tables::rules::seat::Players;
use crib_core::tables::rules::sequence::{Token, parse_tokens, peg, peg_texts};
use crib_core::tables::rules::show::{Hand, HandKind};
use proptest::prelude::*;

/// Five distinct cards from the deck.
fn five_cards() -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 5)
        .prop_shuffle()
        .prop_map(|indices| indices.into_iter().map(Card::from_index).collect())
}

/// Thirteen distinct cards: both hands, the crib and the starter of a deal.
fn thirteen_cards() -> impl Strategy<Value = Vec<Card>> {
    n_cards(13)
}

/// `n` distinct cards.
fn n_cards(n: usize) -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), n)
        .prop_shuffle()
        .prop_map(|indices| indices.into_iter().map(Card::from_index).collect())
}

/// A legal play of two hands: at each turn the player plays the card of their hand that
/// `choices` picks among the legal ones (or says go when none fits).
fn legal_play(hands: [&[Card]; 2], choices: &[usize]) -> Vec<Token> {
    legal_play_of::<2>(hands, choices)
}

/// A legal play of `N` hands, as [`legal_play`].
fn legal_play_of<const N: usize>(hands: [&[Card]; N], choices: &[usize]) -> Vec<Token> {
    let mut table = Table::<N>::new(std::array::from_fn(|s| ranks_of(hands[s])));
    let mut left: [Vec<Card>; N] = std::array::from_fn(|s| hands[s].to_vec());
    let mut tokens = Vec::new();
    let mut choice = choices.iter().cycle();
    while !table.is_over() {
        let seat = table.turn();
        let legal: Vec<u8> = table.legal().collect();
        if legal.is_empty() {
            table.go();
            tokens.push(Token::Go);
            continue;
        }
        let rank = legal[choice.next().copied().unwrap_or(0) % legal.len()];
        table.play(rank);
        let at = left[seat]
            .iter()
            .position(|c| c.rank().number() == rank)
            .unwrap();
        tokens.push(Token::Card(left[seat].remove(at)));
    }
    tokens
}

proptest! {
    /// Any legal play of any deal is counted: it ends at 121 at most and names a winner exactly
    /// when someone got there, the play's points are those `crib peg` gives the same play, and
    /// every point of the deal is on the board or left uncounted.
    #[test]
    fn every_legal_deal_is_counted(
        cards in thirteen_cards(),
        choices in proptest::collection::vec(0usize..4, 8),
        dealer in 0u32..121,
        pone in 0u32..121,
    ) {
        let four = |i: usize| -> [Card; 4] { cards[i..i + 4].try_into().unwrap() };
        let play = legal_play([&cards[0..4], &cards[4..8]], &choices);
        let deal = Deal {
            game: Game::TWO,
            hands: vec![four(0), four(4)],
            crib: four(8),
            starter: cards[12],
            play: play.clone(),
            scores: vec![pone, dealer],
        };
        let counted = count(&deal).unwrap();
        prop_assert!(counted.final_scores.iter().all(|&s| s <= GAME));
        prop_assert_eq!(counted.winner.is_some(), counted.final_scores.contains(&GAME));
        let pegging = peg(&play, Players::TWO).unwrap();
        prop_assert!(pegging.complete);
        let played: u32 = counted
            .events
            .iter()
            .chain(&counted.uncounted)
            .filter(|e| e.phase == crib_core::tables::rules::board::Phase::Play)
            .map(|e| e.points)
            .sum();
        prop_assert_eq!(played, pegging.totals.iter().sum::<u32>());
        let all: u32 = counted.events.iter().chain(&counted.uncounted).map(|e| e.points).sum();
        let before = pone + dealer;
        if counted.winner.is_none() {
            prop_assert_eq!(counted.final_scores.iter().sum::<u32>(), before + all);
        }
    }

    /// Any legal play of a three- or four-player deal, to 61 or 121, is counted: the scores end
    /// at the game hole at most, a winner is named exactly when a side got there, the play's
    /// points are `crib peg`'s, and a deal that ends the game names no skunk unless a loser is
    /// short of the skunk line.
    #[test]
    fn every_legal_deal_of_three_or_four_is_counted(
        cards in n_cards(21),
        choices in proptest::collection::vec(0usize..4, 16),
        four_players in any::<bool>(),
        short in any::<bool>(),
        scores in proptest::collection::vec(0u32..121, 3),
    ) {
        let players = if four_players { Players::FOUR } else { Players::THREE };
        let game = Game::new(players, if short { 61 } else { GAME }).unwrap();
        let four = |i: usize| -> [Card; 4] { cards[i..i + 4].try_into().unwrap() };
        let play = if four_players {
            legal_play_of::<4>(std::array::from_fn(|s| &cards[4 * s..4 * s + 4]), &choices)
        } else {
            legal_play_of::<3>(std::array::from_fn(|s| &cards[4 * s..4 * s + 4]), &choices)
        };
        let start: Vec<u32> = scores[..game.players.sides()].iter().map(|s| s % game.target).collect();
        let deal = Deal {
            game,
            hands: (0..players.count()).map(|s| four(4 * s)).collect(),
            crib: four(16),
            starter: cards[20],
            play: play.clone(),
            scores: start.clone(),
        };
        let counted = count(&deal).unwrap();
        prop_assert_eq!(counted.final_scores.len(), game.players.sides());
        prop_assert!(counted.final_scores.iter().all(|&s| s <= game.target));
        prop_assert_eq!(
            counted.winner.is_some(),
            counted.final_scores.contains(&game.target)
        );
        let pegging = peg(&play, players).unwrap();
        let played: u32 = counted
            .events
            .iter()
            .chain(&counted.uncounted)
            .filter(|e| e.phase == crib_core::tables::rules::board::Phase::Play)
            .map(|e| e.points)
            .sum();
        prop_assert_eq!(played, pegging.totals.iter().sum::<u32>());
        let skunked = counted.winning_side().is_some_and(|won| {
            (0..game.players.sides())
                .any(|side| side != won.index() && counted.final_scores[side] < game.skunk_line())
        });
        prop_assert_eq!(counted.skunk.is_some(), skunked);
        if counted.winner.is_none() {
            let all: u32 = counted.events.iter().map(|e| e.points).sum();
            prop_assert_eq!(
                counted.final_scores.iter().sum::<u32>(),
                start.iter().sum::<u32>() + all
            );
        }
    }

    /// Any tokens against any deal are counted or refused, never a panic.
    #[test]
    fn counting_any_tokens_never_panics(
        cards in thirteen_cards(),
        play in proptest::collection::vec("(go|[A2-9JQK]|10)", 0..14),
    ) {
        let four = |i: usize| -> [Card; 4] { cards[i..i + 4].try_into().unwrap() };
        if let Ok(play) = parse_tokens(&play, Players::TWO) {
            let deal = Deal {
                game: Game::TWO,
                hands: vec![four(0), four(4)],
                crib: four(8),
                starter: cards[12],
                play,
                scores: vec![0, 0],
            };
            let _ = count(&deal);
        }
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in any::<String>()) {
        let _ = text.parse::<Card>();
        let _ = parse_row(&text, HandKind::Hand);
    }

    #[test]
    fn parsing_card_like_text_never_panics(text in "[0-9AaTtJjQqKkNn♥♦♣♠hdcsx ]{0,6}") {
        if let Ok(card) = text.parse::<Card>() {
            // What parses prints back to something that parses to the same card.
            prop_assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        }
    }

    #[test]
    fn printed_cards_read_back(index in 0u8..52) {
        let card = Card::from_index(index);
        prop_assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        prop_assert_eq!(card.show(crib_core::cards::Notation::Symbols).to_string().parse::<Card>().unwrap(), card);
    }

    #[test]
    fn order_of_the_hand_does_not_matter(cards in five_cards(), crib in any::<bool>()) {
        let kind = if crib { HandKind::Crib } else { HandKind::Hand };
        let hand = Hand::from_cards(&cards, kind).unwrap();
        let mut reversed = cards[..4].to_vec();
        reversed.reverse();
        reversed.push(cards[4]);
        let other = Hand::from_cards(&reversed, kind).unwrap();
        prop_assert_eq!(hand.score(), other.score());
        prop_assert_eq!(hand.score(), hand.breakdown().points.total());
    }

    #[test]
    fn forgetting_suits_keeps_fifteens_pairs_and_runs(cards in five_cards()) {
        let hand = Hand::from_cards(&cards, HandKind::Hand).unwrap();
        let plain: Vec<Card> = cards.iter().map(|&c| crib_core::tables::without_suit(c)).collect();
        prop_assert!(check_deck(&plain).is_ok());
        let plain = Hand::from_cards(&plain, HandKind::Hand).unwrap();
        let (a, b) = (hand.breakdown().points, plain.breakdown().points);
        prop_assert_eq!((a.fifteens, a.pairs, a.runs), (b.fifteens, b.pairs, b.runs));
        prop_assert_eq!((b.flush, b.nobs), (0, 0));
        prop_assert_eq!(plain.score(), b.total());
    }

    #[test]
    fn a_crib_never_outscores_the_same_cards_as_a_hand(cards in five_cards()) {
        let hand = Hand::from_cards(&cards, HandKind::Hand).unwrap();
        let crib = Hand::from_cards(&cards, HandKind::Crib).unwrap();
        prop_assert!(crib.score() <= hand.score());
        prop_assert!(hand.score() - crib.score() == 0 || hand.score() - crib.score() == 4);
    }
}

proptest! {
    /// Whatever the tokens, pegging answers or refuses; it never panics, and the totals are the
    /// sum of the events' points.
    #[test]
    fn pegging_never_panics(
        tokens in proptest::collection::vec("(go|GO|[A2-9TJQK]|10|[A2-9JQK][hdcs]|[x♥]|)", 0..20),
        players in 0usize..6,
    ) {
        if let Ok(pegging) = Players::try_from(players).and_then(|p| peg_texts(&tokens, p)) {
            let sum: u32 = pegging.events.iter().map(|e| e.points()).sum();
            prop_assert_eq!(sum, pegging.totals.iter().sum::<u32>());
            prop_assert!(pegging.events.iter().all(|e| e.count <= 31));
        }
    }
}

proptest! {
    /// Forget some suits: the counts the suits allow always include the real hand's count, and
    /// no more than one when nothing is forgotten.
    #[test]
    fn possible_totals_include_the_real_count(
        cards in five_cards(),
        forget in proptest::collection::vec(any::<bool>(), 5),
        crib in any::<bool>(),
    ) {
        let kind = if crib { HandKind::Crib } else { HandKind::Hand };
        let real = Hand::from_cards(&cards, kind).unwrap();
        let partial: Vec<Card> = cards
            .iter()
            .zip(&forget)
            .map(|(&c, &f)| if f { crib_core::tables::without_suit(c) } else { c })
            .collect();
        let partial = Hand::from_cards(&partial, kind).unwrap();
        let possible = partial.possible_totals();
        prop_assert!(possible.contains(&real.score()), "{possible:?} lacks {}", real.score());
        prop_assert!(possible.windows(2).all(|w| w[0] < w[1]));
        if forget.iter().all(|f| !f) {
            prop_assert_eq!(&possible, &vec![real.score()]);
        }
        // Suits only add flushes and nobs: never fewer points than counted without them.
        prop_assert!(possible.iter().all(|&t| t >= partial.score()));
    }

    /// A row of a table of the user's own: whatever the text, it is an entry that agrees
    /// exactly when the printed points are the hand's count, or an error; never a panic.
    #[test]
    fn checking_arbitrary_rows_never_panics(text in "[0-9AJQKNhdcs .—–-]{0,24}") {
        if let Ok(entry) = check_row(&text, "t", HandKind::Hand) {
            let row = parse_row(&text, HandKind::Hand).unwrap();
            prop_assert_eq!(entry.agrees, u32::from(row.hand.score()) == row.printed);
        }
    }
}
