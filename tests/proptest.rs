//! Property tests: invariants of the scorer, and no input ever panics.

use crib::card::{Card, check_deck};
use crib::score::{Hand, HandKind};
use crib::tables::parse_row;
use proptest::prelude::*;

/// Five distinct cards from the deck.
fn five_cards() -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 5)
        .prop_shuffle()
        .prop_map(|indices| indices.into_iter().map(Card::from_index).collect())
}

/// Thirteen distinct cards: both hands, the crib and the starter of a deal.
fn thirteen_cards() -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 13)
        .prop_shuffle()
        .prop_map(|indices| indices.into_iter().map(Card::from_index).collect())
}

proptest! {
    /// Any play against any deal is counted or refused, never a panic; what is counted ends at
    /// 121 at most and names a winner exactly when someone got there.
    #[test]
    fn counting_any_deal_never_panics(
        cards in thirteen_cards(),
        play in proptest::collection::vec("(go|[A2-9JQK]|10)", 0..14),
        dealer in 0u32..121,
        pone in 0u32..121,
    ) {
        let four = |i: usize| -> [Card; 4] { cards[i..i + 4].try_into().unwrap() };
        let deal = crib::deal::Deal {
            pone: four(0),
            dealer: four(4),
            crib: four(8),
            starter: cards[12],
            play,
            scores: [pone, dealer],
        };
        if let Ok(counted) = crib::deal::count(&deal) {
            prop_assert!(counted.final_scores.iter().all(|&s| s <= 121));
            prop_assert_eq!(
                counted.winner.is_some(),
                counted.final_scores.contains(&121)
            );
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
        prop_assert_eq!(card.symbol().to_string().parse::<Card>().unwrap(), card);
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
        prop_assert_eq!(hand.score(), hand.breakdown().total());
    }

    #[test]
    fn forgetting_suits_keeps_fifteens_pairs_and_runs(cards in five_cards()) {
        let hand = Hand::from_cards(&cards, HandKind::Hand).unwrap();
        let plain: Vec<Card> = cards.iter().map(|c| c.without_suit()).collect();
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
        if let Ok(pegging) = crib::peg::peg(&tokens, players) {
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
            .map(|(c, &f)| if f { c.without_suit() } else { *c })
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

    /// A table of the user's own: whatever the text, every non-blank, non-comment line is either
    /// an entry or an error, never both and never a panic.
    #[test]
    fn checking_arbitrary_tables_never_panics(text in "([0-9AJQKNhdcs .—–-]{0,24}\n?){0,6}") {
        let (entries, errors) = crib::tables::check_table(&text, "t", HandKind::Hand);
        let rows = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .count();
        prop_assert_eq!(entries.len() + errors.len(), rows);
    }
}
