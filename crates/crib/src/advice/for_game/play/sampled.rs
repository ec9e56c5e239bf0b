//! The play for the board, three and four players: each card you can play valued by your
//! chance of winning the game (with four, your partnership's), not by points, from the odds of
//! three and four players ([`Odds::committed`]).
//!
//! Over the deals of the cards you cannot see that crib's engine counted the points over
//! ([`crate::search::sampled`]: the others' cards dealt as the play allows and weighed as the
//! points weighed them, each solved after each card you could play), their suits and the
//! crib's cards you did not throw drawn from the cards nobody has shown you, the same deals for
//! every card you could play:
//! - your card is played, then the rest of the play with every card seen, each player playing
//!   for his points as crib's engine solves it ([`crate::search::maxn`]), card by card where
//!   two sides could reach the hole in it (one alone wins in the play whatever the order);
//! - then the hands from the dealer's left round to the dealer, and the crib, the game ending
//!   the moment a side reaches the hole;
//! - and if nobody has, the committed odds from the position left, the seat on the dealer's
//!   left dealing next.
//!
//! Each deal's line is solved once, for the points and the board alike. The deals are seeded by
//! the position, not the score, as with two players ([`super::two`]): the same question gets
//! the same answer.

use rayon::prelude::*;

use crate::advice::for_game::ForGame;
use crate::advice::for_game::board::Board;
use crate::advice::for_game::play::{BoardCard, Known, seed, suited, summarise};
use crate::model::odds::Odds;
use crate::rules::board::shows;
use crate::rules::card::Card;
use crate::rules::play::Ranks;
use crate::rules::seat::{Players, Seat};
use crate::rules::show::{HandKind, score};
use crate::rules::shuffle::Rng;
use crate::rules::view::View;
use crate::search::maxn::line;
use crate::search::sampled::{Lines, mine_theirs};

/// Every card you can play, three or four players, by your chance (with four, your side's) of
/// winning from `at` (the play so far counted), best first, over the deals crib's engine
/// solved for points (`lines`, each card's line as it solved it); on a tie, the card that nets
/// you more in the rest of the play on the same deals first, and then in the order of
/// `by_points` (the cards best for points first, as `crib play` ranks them).
pub(crate) fn weigh<const N: usize>(
    view: &View<N>,
    known: &Known,
    (at, by_points): (&ForGame, &[Card]),
    lines: &Lines<N>,
) -> Vec<BoardCard> {
    let odds = Odds::committed(Players::of::<N>());
    let mut rng = Rng::new(seed(view, known));
    let deals: Vec<Deal<N>> = lines
        .deals
        .iter()
        .map(|hidden| Deal::draw(view, known, *hidden, &mut rng))
        .collect();
    // Each card's column among the lines.
    let columns: Vec<usize> = by_points
        .iter()
        .map(|card| {
            lines
                .legal
                .iter()
                .position(|c| c.rank() == card.rank())
                .expect("the cards for points are legal")
        })
        .collect();
    let board = Board::<N>::new(at.position());
    let valued: Vec<Vec<(f64, f64)>> = deals
        .par_iter()
        .zip(&lines.pegged)
        .map(|(deal, pegged)| {
            by_points
                .iter()
                .zip(&columns)
                .map(|(&card, &column)| deal.value(view, (card, pegged[column]), &board, odds))
                .collect()
        })
        .collect();
    let per_deal: Vec<Vec<f64>> = valued
        .iter()
        .map(|d| d.iter().map(|v| v.0).collect())
        .collect();
    let n = deals.len().max(1) as f64;
    let nets: Vec<f64> = (0..by_points.len())
        .map(|c| valued.iter().map(|d| d[c].1).sum::<f64>() / n)
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

    /// Your chance if you play `card` in this deal, where the rest of the play pegs `pegged`
    /// (each seat's points from your card on, as crib's engine solved it), and your net in the
    /// rest of the play (your points, or your side's, less the others' as crib's engine counts
    /// it).
    fn value(
        &self,
        view: &View<N>,
        (card, pegged): (Card, [u8; N]),
        board: &Board<N>,
        odds: &Odds,
    ) -> (f64, f64) {
        let (mine, theirs) = mine_theirs(&pegged, view.seat);
        let by_seat = |points: [u8; N]| {
            (0..N)
                .filter(move |&s| points[s] > 0)
                .map(move |s| (Seat::new(s), points[s]))
        };
        let chance = if board.race(&pegged, 0) {
            // Two sides can peg out: who gets there first is in the order of the play.
            let mut table = view.table_dealt(&self.hidden);
            let now = table.play(card.rank().number());
            let rest = std::array::from_fn(|i| pegged[i] - now[i]);
            let steps = std::iter::once(now).chain(line(&table, rest));
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
    use crate::rules::position::Position;
    use crate::search::sampled::{DealWeights, samples_for, solved_lines};

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
        let lines = solved_lines(view, samples_for(players), DealWeights::default());
        let by_points: Vec<Card> = lines.advice(view).options.iter().map(|o| o.card).collect();
        let game = crate::rules::board::Game::new(players, 121).unwrap();
        let at = ForGame::new(Position::new(game, scores, Seat::new(seat)).unwrap());
        weigh(view, &shown.known(), (&at, &by_points), &lines)
    }

    /// The board reads each card's line from the deals the points were solved over, and does
    /// not solve them again: give the points' worst card a line pegging you 25 in every deal,
    /// and it is the board's best by far.
    #[test]
    fn the_board_reads_the_points_lines() {
        let shown = shown::<3>("5h 6c 7d Ks", Seat::new(0), "", "2c", "9h");
        let view = &shown.view;
        let mut lines = solved_lines(view, 20, DealWeights::default());
        let by_points: Vec<Card> = lines.advice(view).options.iter().map(|o| o.card).collect();
        let worst = *by_points.last().unwrap();
        let column = lines.legal.iter().position(|c| *c == worst).unwrap();
        for pegged in &mut lines.pegged {
            pegged[column] = [25, 0, 0];
        }
        let game = crate::rules::board::Game::new(Players::THREE, 121).unwrap();
        let at = ForGame::new(Position::new(game, &[60, 60, 60], Seat::new(0)).unwrap());
        let options = weigh(view, &shown.known(), (&at, &by_points), &lines);
        assert_eq!(options[0].card, worst, "{options:?}");
        assert!(options[0].p_win > options[1].p_win + 0.2, "{options:?}");
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
