//! The play for the board, three and four players: each card you can play valued by your
//! chance of winning the game (with four, your partnership's), not by points, from the odds of
//! three and four players ([`Odds::committed`]).
//!
//! For each of as many deals of the cards you cannot see as crib's engine weighs a card over
//! ([`samples_for`]: the others' cards dealt as the play allows and weighed as the points weighed
//! them, as [`crate::search::sampled`] deals them; their suits, and the crib's cards you did not throw, drawn from the cards nobody
//! has shown you), the same deals for every card you could play:
//! - your card is played, then the rest of the play with every card seen, each player playing
//!   for his points as crib's engine solves it ([`crate::search::maxn`]), card by card where
//!   a side could reach the hole in it;
//! - then the hands from the dealer's left round to the dealer, and the crib, the game ending
//!   the moment a side reaches the hole;
//! - and if nobody has, the committed odds from the position left, the seat on the dealer's
//!   left dealing next.
//!
//! The deals are seeded by the position, not the score, as with two players
//! ([`super::play`]): the same question gets the same answer.

use rayon::prelude::*;

use crate::advice::for_game::board::Board;
use crate::advice::for_game::play::{BoardCard, Known, seed, suited, summarise};
use crate::model::odds::Odds;
use crate::rules::board::shows;
use crate::rules::card::Card;
use crate::rules::play::Ranks;
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};
use crate::rules::show::{HandKind, score};
use crate::rules::shuffle::Rng;
use crate::rules::view::View;
use crate::search::maxn::{line, solve_maxn};
use crate::search::sampled::{DealWeights, deal_hidden, mine_theirs, samples_for, weighed_deals};

/// Every card you can play, three or four players, by your chance (with four, your side's) of
/// winning from `at` (the play so far counted), best first; on a tie, the card that nets you
/// more in the rest of the play on the same deals first, and then in the order of `by_points`
/// (the cards best for points first, as `crib play` ranks them).
pub(crate) fn weigh<const N: usize>(
    odds: &Odds,
    view: &View<N>,
    known: &Known,
    (at, by_points): (&Position, &[Card]),
    weights: DealWeights,
) -> Vec<BoardCard> {
    let samples = samples_for(Players::of::<N>());
    let mut rng = Rng::new(seed(view, known));
    let deals: Vec<Deal<N>> = if weights.keeps.is_none() && weights.reading.is_none() {
        (0..samples)
            .map(|_| {
                let hidden = deal_hidden(view, &mut rng);
                Deal::draw(view, known, hidden, &mut rng)
            })
            .collect()
    } else {
        weighed_deals(view, samples, weights, &mut rng)
            .into_iter()
            .map(|hidden| Deal::draw(view, known, hidden, &mut rng))
            .collect()
    };
    let board = Board::<N>::new(at);
    let valued: Vec<Vec<(f64, f64)>> = deals
        .par_iter()
        .map(|deal| {
            by_points
                .iter()
                .map(|&card| deal.value(view, card, &board, odds))
                .collect()
        })
        .collect();
    let per_deal: Vec<Vec<f64>> = valued
        .iter()
        .map(|d| d.iter().map(|v| v.0).collect())
        .collect();
    let nets: Vec<f64> = (0..by_points.len())
        .map(|c| valued.iter().map(|d| d[c].1).sum::<f64>() / samples as f64)
        .collect();
    summarise(by_points, &per_deal, &nets)
}

/// One deal of the cards you cannot see.
struct Deal<const N: usize> {
    /// The others' cards left to play, by ranks (yours empty).
    hidden: [Ranks; N],
    /// The hands in the order they are counted and the crib: each seat and its points.
    shows: Vec<(Seat, u8)>,
}

impl<const N: usize> Deal<N> {
    fn draw(view: &View<N>, known: &Known, hidden: [Ranks; N], rng: &mut Rng) -> Deal<N> {
        let (hands, crib) = suited(view, known, &hidden, rng);
        let shows = shows(Players::of::<N>())
            .map(|(_, seat, kind)| {
                let cards = if kind == HandKind::Crib {
                    &crib
                } else {
                    &hands[seat.index()]
                };
                (seat, score(cards, known.starter, kind))
            })
            .collect();
        Deal { hidden, shows }
    }

    /// Your chance if you play `card` in this deal, and your net in the rest of the play (your
    /// points, or your side's, less the others' as crib's engine counts it).
    fn value(&self, view: &View<N>, card: Card, board: &Board<N>, odds: &Odds) -> (f64, f64) {
        let mut table = view.table();
        for (seat, hand) in self.hidden.iter().enumerate() {
            if seat != view.seat.index() {
                table.set_hand(seat, *hand);
            }
        }
        let now = table.play(card.rank().number());
        let rest = solve_maxn(&table);
        let pegged: [u8; N] = std::array::from_fn(|i| now[i] + rest[i]);
        let (mine, theirs) = mine_theirs(&pegged, view.seat);
        let home = board.may_reach(&pegged, 0);
        let by_seat = |points: [u8; N]| {
            (0..N)
                .filter(move |&s| points[s] > 0)
                .map(move |s| (Seat::new(s), points[s]))
        };
        let chance = if home {
            // A side can peg out: who gets there first is in the order of the play.
            let steps = std::iter::once(now).chain(line(&table));
            board.chance(
                steps.flat_map(by_seat).chain(self.shows.iter().copied()),
                odds,
            )
        } else {
            board.chance(by_seat(pegged).chain(self.shows.iter().copied()), odds)
        };
        (chance, mine - theirs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::for_game::shown::shown;
    use crate::search::sampled::advise_sampled;

    fn ask<const N: usize>(
        hand: &str,
        seat: usize,
        play: &str,
        starter: &str,
        thrown: &str,
        scores: &[u32],
    ) -> Vec<BoardCard> {
        let shown = shown::<N>(hand, Seat::new(seat), play, starter, thrown);
        let (view, players) = (&shown.view, Players::of::<N>());
        let by_points: Vec<Card> = advise_sampled(view, samples_for(players))
            .options
            .iter()
            .map(|o| o.card)
            .collect();
        let game = crate::rules::board::Game::new(players, 121).unwrap();
        let at = Position::new(game, scores, Seat::new(seat)).unwrap();
        weigh(
            Odds::committed(players),
            view,
            &shown.known(),
            (&at, &by_points),
            DealWeights::default(),
        )
    }

    /// Three players: the dealer at 119, the leader at 120. After 5 and 2 the dealer's 8 makes
    /// fifteen and wins outright; any other card leaves the leader a go to peg out on.
    #[test]
    fn three_players_peg_out_first() {
        let options = ask::<3>("8h 3d 4s 9c", 2, "5c 2c", "Kh", "9d", &[120, 100, 119]);
        assert_eq!(options[0].card.rank().number(), 8, "{options:?}");
        assert_eq!(options[0].p_win, 1.0);
        assert_eq!(options[0].se, 0.0);
        assert!(options[1..].iter().all(|o| o.p_win < 1.0), "{options:?}");
    }

    /// Four players: the dealer's side at 119, the other side at 120. After 5, 2 and ace the
    /// dealer's 7 makes fifteen and his side wins.
    #[test]
    fn four_players_peg_out_for_the_side() {
        let options = ask::<4>("7h 6s Qc 9d", 3, "5c 2c Ad", "Kh", "Qs", &[120, 119]);
        assert_eq!(options[0].card.rank().number(), 7, "{options:?}");
        assert_eq!(options[0].p_win, 1.0);
        assert!(options[1..].iter().all(|o| o.p_win < 1.0), "{options:?}");
    }

    /// The same question gets the same answer; chances are chances; the best comes first.
    #[test]
    fn answers_are_seeded_ordered_chances() {
        let a = ask::<3>("5h 6c 7d Ks", 0, "", "2c", "9h", &[60, 70, 80]);
        assert_eq!(a, ask::<3>("5h 6c 7d Ks", 0, "", "2c", "9h", &[60, 70, 80]));
        assert_eq!(a.len(), 4);
        assert!(
            a.iter()
                .all(|o| (0.0..=1.0).contains(&o.p_win) && o.se >= 0.0)
        );
        assert!(a.windows(2).all(|w| w[0].p_win >= w[1].p_win));
        assert_eq!(a[0].gap_se, 0.0);
        let b = ask::<4>("5h 6c 7d Ks", 1, "3c", "2c", "9h", &[100, 90]);
        assert!(b.windows(2).all(|w| w[0].p_win >= w[1].p_win));
    }
}
