//! A correction to the engine's values of the play, learned from crib's own deals (two
//! players).
//!
//! The engine ([`crate::search::engine`]) values a card by working out the rest of the deal
//! for each hand the other player could hold as if both players could see every card. Real
//! players cannot, and the values are off in ways that features of the card predict: leaving a
//! count from 5 to 14 (a fifteen to answer) or past 21, or leading low, nets less in real play
//! than the engine's values say. The correction is a weighted sum of the engine's value and ten
//! such features, one set of weights for the pone and one for the dealer, fitted by least
//! squares to what each card really netted when the deal was played out from it, crib's
//! strongest player against the expert (`cargo xtask tables correction`). It orders the cards;
//! the engine's values stay what the advice shows.

use crate::rules::card::Card;
use crate::rules::play::value;
use crate::rules::view::View;
use crate::search::engine::PlayAdvice;

/// How many features describe a card: the engine's net first, then what the card does.
pub const FEATURES: usize = 10;

/// The features' names, in order, as the generated file and the docs list them.
pub const NAMES: [&str; FEATURES] = [
    "the engine's net",
    "a five",
    "a ten-card",
    "a low lead (an ace to a four, starting a count)",
    "leaves 5 or 21",
    "pairs the card before",
    "within two ranks of the card before (not a pair)",
    "leaves a count from 5 to 14",
    "leaves a count past 21",
    "another of its rank still held",
];

/// The weights of a correction, one row for the pone and one for the dealer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Correction {
    /// By seat (pone, dealer), a weight for each feature of [`features`].
    pub weights: [[f64; FEATURES]; 2],
}

impl Correction {
    /// The engine's values as they are: the engine's net alone, with weight one.
    pub const NONE: Correction = Correction {
        weights: [[1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]; 2],
    };

    /// The card `advice` (the engine's answer at `view`) puts first once corrected: the best
    /// weighted sum of each card's features, the engine's order on a tie. None when the player
    /// must say go.
    pub fn choice(&self, view: &View<2>, advice: &PlayAdvice) -> Option<Card> {
        let weights = &self.weights[view.seat.index().min(1)];
        let score = |card: Card, net: f64| -> f64 {
            features(view, card, net)
                .iter()
                .zip(weights)
                .map(|(f, w)| f * w)
                .sum()
        };
        let mut best: Option<(f64, Card)> = None;
        for option in &advice.options {
            let s = score(option.card, option.net());
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, option.card));
            }
        }
        best.map(|(_, card)| card)
    }
}

/// The features of playing `card` at `view`, the engine valuing it at `net` (its points less
/// the other player's, to the end of the deal): in the order of [`NAMES`], each 1 or 0 but the
/// net.
pub fn features(view: &View<2>, card: Card, net: f64) -> [f64; FEATURES] {
    let rank = card.rank().number();
    let since = view.since_start();
    let count = view.count() + value(rank);
    let before = since.last().map(|c| c.rank().number());
    let lead = since.is_empty();
    let held = view
        .left
        .iter()
        .filter(|c| c.rank().number() == rank)
        .count();
    let flag = |b: bool| f64::from(u8::from(b));
    [
        net,
        flag(rank == 5),
        flag(value(rank) == 10),
        flag(lead && value(rank) <= 4),
        flag(count == 5 || count == 21),
        flag(before == Some(rank)),
        flag(before.is_some_and(|b| b != rank && b.abs_diff(rank) <= 2)),
        flag((5..15).contains(&count)),
        flag(count > 21),
        flag(held >= 2),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::Seat;
    use crate::rules::sequence::Token;
    use crate::search::engine::{HandWeights, advise};

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    /// Worked by hand: the pone leads from 3h 3c 9d Kd. The 3 is a low lead, leaves 3, and the
    /// other 3 is still held; the 9 leaves 9 (a fifteen to answer); the king leaves 10.
    #[test]
    fn features_of_a_lead() {
        let view = View::<2>::new(&cards("3h 3c 9d Kd"), Seat::PONE, &cards("5s"), &[]).unwrap();
        let three = features(&view, cards("3h")[0], 1.5);
        assert_eq!(three, [1.5, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
        let nine = features(&view, cards("9d")[0], 0.0);
        assert_eq!(nine, [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
        let king = features(&view, cards("Kd")[0], -1.0);
        assert_eq!(king, [-1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0]);
    }

    /// Worked by hand: the dealer answers a 7 led (count 7) with 7d 8c 6h 5s. The 7 pairs it
    /// and leaves 14; the 8 makes fifteen, is within two of the 7 and leaves 15; the 6 is
    /// within two and leaves 13; the 5 is a five, within two and leaves 12.
    #[test]
    fn features_of_an_answer() {
        let led = cards("7h")[0];
        let view = View::<2>::new(
            &cards("7d 8c 6h 5s"),
            Seat::DEALER,
            &cards("Ks"),
            &[Token::Card(led)],
        )
        .unwrap();
        let f = |c: &str| features(&view, cards(c)[0], 0.0);
        assert_eq!(f("7d"), [0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0]);
        assert_eq!(f("8c"), [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]);
        assert_eq!(f("6h"), [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0]);
        assert_eq!(f("5s"), [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0]);
    }

    /// With no correction the choice is the engine's first card; a correction that weighs
    /// nothing but leaving a count past 21 takes a card that does. Worked by hand: at 15 (J, 3,
    /// 2), the dealer's 2 pairs for 2 and leaves 17, the 9 and the king leave 24 and 25.
    #[test]
    fn no_correction_is_the_engine() {
        let played = cards("Jh 3c 2d")
            .into_iter()
            .map(Token::Card)
            .collect::<Vec<_>>();
        let view =
            View::<2>::new(&cards("3c 2h 9c Kd"), Seat::DEALER, &cards("As"), &played).unwrap();
        let advice = advise(&view, HandWeights::Uniform);
        assert_eq!(advice.options[0].card, cards("2h")[0]);
        assert_eq!(
            Correction::NONE.choice(&view, &advice),
            Some(advice.options[0].card)
        );
        let mut past = Correction::NONE;
        past.weights[1] = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0];
        let card = past.choice(&view, &advice).unwrap();
        assert_ne!(card.rank().number(), 2, "{card}");
    }
}
