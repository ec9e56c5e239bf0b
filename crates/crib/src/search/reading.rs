//! Reading the play: how likely a player is to play each card they could, by a few things a
//! player can see at the table, so that the cards an opponent played (and the ones they did not
//! play when they could have) say something about the cards they still hold.
//!
//! The model is a choice among the legal cards (a conditional logit): each card's score is a
//! weighted sum of its features and the card is played with probability
//! proportional to the exponential of its score, with a share of decisions taken as if at
//! random. The weights committed ([`crate::model::reading`]) are fitted by maximum likelihood to
//! the decisions of crib's players in seeded games (`cargo xtask tables reading`), and how well
//! they predict real decisions is measured against the uniform model (every legal card alike) as
//! log-loss, in nats a decision.
//!
//! Two players: the play engine weighs each holding of the opponent's hidden cards by the chance
//! that the opponent, holding it, would have played as they did (`ReadingModel::likelihood`).
//! Three or four: the sampled engine draws its deals of the hidden cards in proportion to the
//! chance that the other players, holding them, would have played as they did
//! ([`crate::search::sampled`]).

use crate::rules::card::Card;
use crate::rules::play::{MAX_COUNT, Ranks, Table, rank_card, score_play, value};

/// How many features describe a card the player could play.
pub const FEATURES: usize = 7;

/// The features' names, in order, for the docs and the generator's report.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "points now",
    "gives a fifteen or 31",
    "gives a run",
    "holds its pair",
    "value",
    "count after, over 31",
    "lead",
];

/// What describes playing `rank` on the cards played since the count started (`since`, rank-only
/// cards), with `hand` the ranks the player holds (this card among them):
/// 1. the points it scores now;
/// 2. the share of the 13 ranks whose card the next player could answer with for a fifteen or
///    31;
/// 3. whether the next player could answer with a run (it is one or two ranks from the last card
///    played);
/// 4. whether the player holds another card of its rank (a pair to answer a pair with);
/// 5. its value, over 10;
/// 6. the count after it, over 31;
/// 7. whether it leads a count, times its value over 10.
pub fn features(since: &[Card], hand: &Ranks, rank: u8) -> [f64; FEATURES] {
    let mut after: Vec<Card> = since.to_vec();
    after.push(rank_card(rank));
    let now = f64::from(score_play(&after).points());
    let count: u8 = after.iter().map(|c| c.value()).sum();
    let answers = (1..=13u8)
        .filter(|&x| {
            let total = count + value(x);
            total == 15 || total == MAX_COUNT
        })
        .count();
    let run = since
        .last()
        .is_some_and(|last| matches!(last.rank().number().abs_diff(rank), 1 | 2));
    let v = f64::from(value(rank)) / 10.0;
    [
        now,
        answers as f64 / 13.0,
        f64::from(u8::from(run)),
        f64::from(u8::from(hand[usize::from(rank)] >= 2)),
        v,
        f64::from(count) / f64::from(MAX_COUNT),
        if since.is_empty() { v } else { 0.0 },
    ]
}

/// One decision of the play with a choice: the features of each legal rank, and which was
/// played.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The features of each legal rank, lowest rank first.
    pub options: Vec<[f64; FEATURES]>,
    /// The option played.
    pub chosen: usize,
}

/// The decisions with a choice (two ranks or more legal) that `seat` made in a play of two,
/// three or four players where every hand is known: `hands` as dealt for the play (by seat),
/// `plays` the cards played in order with their seats (the gos follow from the hands). `None` if
/// the plays cannot come from those hands.
pub fn decisions<const N: usize>(
    hands: [Ranks; N],
    plays: &[(usize, u8)],
    seat: usize,
) -> Option<Vec<Decision>> {
    let mut table = Table::new(hands);
    let mut out = Vec::new();
    for &(player, rank) in plays {
        // Whoever is to play and cannot (this player too, when the card does not fit until a
        // new count) says go: at most once round the table before the count starts again.
        for _ in 0..=N {
            if table.turn() == player && table.may_play(rank) {
                break;
            }
            if table.legal().next().is_some() {
                return None;
            }
            table.go();
        }
        if table.turn() != player || !table.may_play(rank) {
            return None;
        }
        if player == seat {
            let legal: Vec<u8> = table.legal().collect();
            if legal.len() >= 2 {
                let since = table.state().since_start();
                let hand = table.hand(seat);
                out.push(Decision {
                    options: legal.iter().map(|&r| features(since, hand, r)).collect(),
                    chosen: legal.iter().position(|&r| r == rank)?,
                });
            }
        }
        table.play(rank);
    }
    Some(out)
}

/// The fitted model: a weight for each feature, and the share of decisions taken as if at
/// random (any legal card alike), which keeps a player who does not play as crib's players do
/// from being read as holding cards they do not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReadingModel {
    /// The weights, in the order of [`FEATURE_NAMES`].
    pub weights: [f64; FEATURES],
    /// The share of decisions taken at random, from 0 to 1.
    pub uniform_share: f64,
}

impl ReadingModel {
    /// The model that knows nothing: every legal card alike.
    pub const UNIFORM: ReadingModel = ReadingModel {
        weights: [0.0; FEATURES],
        uniform_share: 0.0,
    };

    /// The chance of each option of a decision, in order.
    pub fn probabilities(&self, options: &[[f64; FEATURES]]) -> Vec<f64> {
        let scores: Vec<f64> = options.iter().map(|f| self.score(f)).collect();
        let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let exps: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
        let total: f64 = exps.iter().sum();
        let even = self.uniform_share / options.len() as f64;
        exps.iter()
            .map(|e| (1.0 - self.uniform_share) * e / total + even)
            .collect()
    }

    /// The natural log of the chance of the option played.
    pub fn log_chance(&self, decision: &Decision) -> f64 {
        self.probabilities(&decision.options)[decision.chosen].ln()
    }

    /// The chance that a player holding `hands[seat]` for the play would have played as `plays`
    /// say (the product over its decisions with a choice); 0 if it could not have.
    pub(crate) fn likelihood<const N: usize>(
        &self,
        hands: [Ranks; N],
        plays: &[(usize, u8)],
        seat: usize,
    ) -> f64 {
        decisions(hands, plays, seat).map_or(0.0, |ds| {
            ds.iter().map(|d| self.log_chance(d)).sum::<f64>().exp()
        })
    }

    /// The weighted sum of a card's features: the higher, the likelier the card.
    pub(crate) fn score(&self, features: &[f64; FEATURES]) -> f64 {
        self.weights.iter().zip(features).map(|(w, f)| w * f).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::play::ranks_of;

    fn ranks(text: &str) -> Ranks {
        ranks_of(&parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap())
    }

    /// Each feature worked by hand.
    #[test]
    fn features_by_hand() {
        let since = parse_cards(&["Kh"]).unwrap();
        let hand = ranks("5c 5d 9s 2h");
        let f = features(&since, &hand, 5);
        // K then 5: fifteen for 2; count 15, answered for 31 by nothing (16 is no card) and
        // for 15 by nothing: no answers; 5 is not one or two from a king; a pair of fives held.
        assert_eq!(f, [2.0, 0.0, 0.0, 1.0, 0.5, 15.0 / 31.0, 0.0]);
        // Leading a 5: the ten, jack, queen and king make fifteen (4 of 13 ranks).
        let f = features(&[], &hand, 5);
        assert_eq!(f, [0.0, 4.0 / 13.0, 0.0, 1.0, 0.5, 5.0 / 31.0, 0.5]);
        // A queen on the king: one rank apart, so a jack makes a run of three.
        let f = features(&since, &ranks("Qc 2d 3s 4h"), 12);
        assert_eq!(f[2], 1.0);
        // A 9 on the king makes 19: 15 is passed and 31 needs a card worth 12: no answer.
        assert_eq!(features(&since, &ranks("9c 2d 3s 4h"), 9)[1], 0.0);
        // An ace on a king and a ten makes 21: a ten, jack, queen or king makes 31.
        let since = parse_cards(&["Kh", "10d"]).unwrap();
        assert_eq!(features(&since, &ranks("Ac 2d 3s 4h"), 1)[1], 4.0 / 13.0);
    }

    /// The decisions of a play replayed: the pone leads from a choice of four ranks, then plays
    /// on; a seat with one rank left to play has no choice.
    #[test]
    fn decisions_replayed() {
        let pone = ranks("5c 6d 7s 8h");
        let dealer = ranks("Kc Qd Js 10h");
        // Pone 5, dealer K (15 for 2), pone 6 (21), dealer Q (31); pone 7, dealer J, pone 8
        // (25), and the dealer's 10 does not fit: go, and the dealer leads it.
        let plays = [
            (0, 5),
            (1, 13),
            (0, 6),
            (1, 12),
            (0, 7),
            (1, 11),
            (0, 8),
            (1, 10),
        ];
        let ds = decisions([pone, dealer], &plays, 0).unwrap();
        // The pone chose at the lead (four ranks), at 15 (three: 6, 7, 8 fit), and on the new
        // count (two: 7, 8); the last card was forced.
        assert_eq!(ds.len(), 3);
        assert_eq!(ds[0].options.len(), 4);
        assert_eq!(ds[0].chosen, 0);
        assert_eq!(ds[1].options.len(), 3);
        assert_eq!(ds[2].options.len(), 2);
        // A play those hands cannot make.
        assert!(decisions([pone, dealer], &[(0, 1)], 0).is_none());
        assert!(decisions([pone, dealer], &[(1, 13)], 0).is_none());
    }

    /// Three players: p1 leads, p2 and the dealer follow; a seat that cannot play says go.
    #[test]
    fn decisions_of_three() {
        let p1 = ranks("Kc Qd Js 10h");
        let p2 = ranks("5c 9d 2s Ah");
        let dealer = ranks("6c 7d 8s 3h");
        // p1 K (10), p2 5 (15), dealer 6 (21), p1 10 (31); p2 leads 9, dealer 7 (16), p1 Q
        // (26), p2 2 (28), dealer 3 (31); p1 J, p2 A, dealer 8 (19).
        let plays = [
            (0, 13),
            (1, 5),
            (2, 6),
            (0, 10),
            (1, 9),
            (2, 7),
            (0, 12),
            (1, 2),
            (2, 3),
            (0, 11),
            (1, 1),
            (2, 8),
        ];
        let ds = decisions([p1, p2, dealer], &plays, 1).unwrap();
        // p2 chose among four at 10, three on the new count, two at 26; the ace was forced.
        assert_eq!(
            ds.iter().map(|d| d.options.len()).collect::<Vec<_>>(),
            [4, 3, 2]
        );
        // The 5, third of A, 2, 5, 9.
        assert_eq!(ds[0].chosen, 2);
        assert!(decisions([p1, p2, dealer], &plays[..3], 0).is_some());
        assert!(decisions([p1, p2, dealer], &[(1, 5)], 1).is_none());
    }

    /// The uniform model gives every legal card alike; a model that likes points gives the card
    /// that scores more.
    #[test]
    fn chances() {
        let options = [[2.0, 0.0, 0.0, 0.0, 0.5, 0.5, 0.0], [0.0; FEATURES]];
        assert_eq!(ReadingModel::UNIFORM.probabilities(&options), [0.5, 0.5]);
        let mut weights = [0.0; FEATURES];
        weights[0] = 1.0;
        let model = ReadingModel {
            weights,
            uniform_share: 0.0,
        };
        let p = model.probabilities(&options);
        assert!((p[0] - 2f64.exp() / (2f64.exp() + 1.0)).abs() < 1e-12);
        let d = Decision {
            options: options.to_vec(),
            chosen: 0,
        };
        assert!((model.log_chance(&d) - p[0].ln()).abs() < 1e-12);
        // Half taken at random: halfway to even.
        let half = ReadingModel {
            uniform_share: 0.5,
            ..model
        };
        let q = half.probabilities(&options);
        assert!((q[0] - (0.5 * p[0] + 0.25)).abs() < 1e-12);
    }
}
