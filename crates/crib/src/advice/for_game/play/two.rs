//! The play for the board, two players: each card you can play valued by your chance of winning
//! the game, not by points.
//!
//! For each of `BOARD_SAMPLES` deals of the cards you cannot see (the opponent's cards left,
//! dealt as the play allows, every deal alike as [`crate::search::sampled`] deals them or each
//! holding as often as an opponent model weighs it, `HiddenDraw`; the crib's cards you did
//! not throw), the same deals for every card you could play:
//! - your card is played, then the rest of the play card by card, each player choosing the card
//!   that is best for their points to the end of the play with every card seen
//!   ([`crate::search::solve`]);
//! - then the hands and the crib in the rules' order (the pone's hand, the dealer's, the crib),
//!   the game ending the moment someone reaches the hole;
//! - and if nobody has, the committed odds from the position left, the pone dealing next.
//!
//! Each card's chance is the mean over the deals, with its standard error, and the standard
//! error of its gap to the best card on the same deals. The deals are seeded by the position
//! (your cards, the play, the starter and your throw), not the score: the same question gets
//! the same answer, and the same deals weigh it at every score.

use std::cell::RefCell;

use crate::advice::for_game::ForGame;
use crate::advice::for_game::play::{BoardCard, Known, seed, suited, summarise};
use crate::advice::for_game::remainder::{Remainder, RemainderBuilder};
use crate::advice::for_game::stake::Worth;
use crate::advice::play::OpponentModel;
use crate::model::Models;
use crate::model::odds::Sides;
use crate::rules::board::Score;
use crate::rules::card::Card;
use crate::rules::play::{Ranks, Table};
use crate::rules::seat::Seat;
use crate::rules::show::{HandKind, score};
use crate::rules::shuffle::Rng;
use crate::rules::view::View;
use crate::search::engine::weighed_holdings;
use crate::search::memo::{Memo, recall};
use crate::search::sampled::deal_hidden;
use crate::search::solve::{WINDOW, solve};

/// How many deals of the hidden cards a decision is weighed over.
pub(crate) const BOARD_SAMPLES: usize = 600;

/// How the board's deals give the opponent the cards you cannot see.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) enum HiddenDraw {
    /// Every deal the play allows alike.
    #[default]
    Uniform,
    /// Each holding the play allows as likely as its weight under an opponent model, as crib's
    /// engine weighs it for points ([`OpponentModel`]): the same beliefs for the game as for
    /// the points.
    Weighed {
        /// The holdings, by ranks.
        holdings: Vec<Ranks>,
        /// Their weights, summed in order.
        cumulative: Vec<f64>,
    },
}

impl HiddenDraw {
    /// The draw of the opponent's hidden cards in `view` by `opponent` with `models`' keeps
    /// and reading model: every deal alike for the uniform model.
    pub(crate) fn new(models: &Models, view: &View<2>, opponent: OpponentModel) -> HiddenDraw {
        if opponent == OpponentModel::Uniform {
            return HiddenDraw::Uniform;
        }
        let (holdings, weights) = weighed_holdings(view, opponent.weighting(models));
        let mut total = 0.0;
        let cumulative: Vec<f64> = weights
            .iter()
            .map(|&w| {
                total += w;
                total
            })
            .collect();
        if !(total > 0.0 && total.is_finite()) {
            return HiddenDraw::Uniform;
        }
        HiddenDraw::Weighed {
            holdings: holdings.into_iter().map(|h| h.ranks).collect(),
            cumulative,
        }
    }

    /// One deal of the hidden cards by ranks, by seat (yours empty).
    fn deal(&self, view: &View<2>, rng: &mut Rng) -> [Ranks; 2] {
        match self {
            HiddenDraw::Uniform => deal_hidden(view, rng),
            HiddenDraw::Weighed {
                holdings,
                cumulative,
            } => {
                let total = cumulative.last().copied().unwrap_or(0.0);
                // A uniform fraction of the total weight.
                let at = rng.unit() * total;
                let pick = cumulative
                    .partition_point(|&c| c <= at)
                    .min(holdings.len() - 1);
                let mut hands = [[0u8; 14]; 2];
                hands[view.seat.other().index()] = holdings[pick];
                hands
            }
        }
    }
}

/// Every card you can play, by your chance of winning the game from `game` (the scores on the
/// board now, the play so far counted), best first; on a tie, the card that pegs you more than
/// the opponent on the same deals first, and then in the order of `by_points` (the cards best
/// for points first, as `crib play` ranks them). The opponent's hidden cards are dealt by
/// `draw`.
pub(crate) fn play_for_board(
    odds: Sides,
    view: &View<2>,
    known: &Known,
    game: &ForGame,
    by_points: &[Card],
    draw: &HiddenDraw,
) -> Vec<BoardCard> {
    let scores = game.on_121();
    let worth = Worth::new(odds, game.target(), game.stake(), view.seat);
    let cards = by_points.to_vec();
    let mut rng = Rng::new(seed(view, known));
    let mut nets = vec![0i64; cards.len()];
    let mut plays = Plays::default();
    let per_deal: Vec<Vec<f64>> = (0..BOARD_SAMPLES)
        .map(|_| {
            let deal = Deal::draw(view, known, draw, &mut rng);
            cards
                .iter()
                .zip(&mut nets)
                .map(|(&card, net)| {
                    let rest = deal.rest(view, card, &mut plays);
                    *net += rest
                        .iter()
                        .map(|&(s, p)| {
                            if s == view.seat {
                                i64::from(p)
                            } else {
                                -i64::from(p)
                            }
                        })
                        .sum::<i64>();
                    worth.after(scores, &rest)
                })
                .collect()
        })
        .collect();
    let nets: Vec<f64> = nets
        .iter()
        .map(|&n| n as f64 / BOARD_SAMPLES as f64)
        .collect();
    summarise(&cards, &per_deal, &nets)
}

/// For each of `cards`, the rest of the deal over the same deals `play_for_board` weighs it
/// on: read at the scores on the board, a card's [`Remainder`] gives the chance
/// `play_for_board` gives it there.
pub fn card_remainders(view: &View<2>, known: &Known, cards: &[Card]) -> Vec<Remainder> {
    let mut rng = Rng::new(seed(view, known));
    let mut builders: Vec<RemainderBuilder> =
        cards.iter().map(|_| RemainderBuilder::default()).collect();
    let mut plays = Plays::default();
    for _ in 0..BOARD_SAMPLES {
        let deal = Deal::draw(view, known, &HiddenDraw::Uniform, &mut rng);
        for (builder, &card) in builders.iter_mut().zip(cards) {
            builder.add(deal.rest(view, card, &mut plays), 1.0);
        }
    }
    builders.into_iter().map(RemainderBuilder::finish).collect()
}

/// One deal of the cards you cannot see.
struct Deal {
    /// The opponent's cards left to play, by ranks.
    hidden: Ranks,
    /// The hands and the crib counted with the starter, in counting order (the pone's hand,
    /// the dealer's, the crib): the same whatever card you play.
    shows: [Score; 3],
}

impl Deal {
    fn draw(view: &View<2>, known: &Known, draw: &HiddenDraw, rng: &mut Rng) -> Deal {
        let dealt = draw.deal(view, rng);
        let hidden = dealt[view.seat.other().index()];
        let (hands, crib) = suited(view, known, &dealt, rng);
        let shows = [
            (Seat::PONE, hands[0], HandKind::Hand),
            (Seat::DEALER, hands[1], HandKind::Hand),
            (Seat::DEALER, crib, HandKind::Crib),
        ]
        .map(|(seat, cards, kind)| (seat, score(&cards, known.starter, kind)));
        Deal { hidden, shows }
    }

    /// The rest of the deal in this deal if you play `card`: its scoring events in order, the
    /// play and then the hands and the crib. The play is looked up in `plays` (one question's
    /// plays so far: its deals hold the same hidden cards again and again) or played and kept.
    fn rest(&self, view: &View<2>, card: Card, plays: &mut Plays) -> Vec<Score> {
        let rank = card.rank().number();
        let play = plays.entry((self.hidden, rank)).or_insert_with(|| {
            let mut table = view.table_with(view.seat.other(), &self.hidden);
            let mut events: Vec<Score> = Vec::with_capacity(12);
            push(&mut events, table.play(rank));
            events.extend(play_rest(&table));
            events
        });
        let mut events = Vec::with_capacity(play.len() + self.shows.len());
        events.extend_from_slice(play);
        events.extend(self.shows);
        events
    }
}

/// The plays one question has met, by the opponent's hidden cards and the rank you play: the
/// scoring events of the play from your card on.
type Plays = rustc_hash::FxHashMap<(Ranks, u8), Vec<Score>>;

/// How many plays each thread remembers before starting afresh.
const REMEMBERED: usize = 1 << 18;

thread_local! {
    /// The rest of the play from a position with every card seen, by both seats' keys of it
    /// ([`Table::position_key`]): its scoring events. Decisions weighed over hundreds of deals
    /// of the hidden cards meet the same holdings again and again.
    static PLAYED: RefCell<Memo<(u128, u128), Vec<Score>, REMEMBERED>> = RefCell::default();
}

/// The rest of the play from `table`, every card seen, each player choosing the card best for
/// their points ([`best_rank`]): its scoring events. Remembered on this thread: the same answer
/// either way.
fn play_rest(table: &Table<2>) -> Vec<Score> {
    let key = (table.position_key(0), table.position_key(1));
    recall(&PLAYED, key, || {
        let mut table = *table;
        let mut events: Vec<Score> = Vec::with_capacity(8);
        while !table.is_over() {
            let points = match best_rank(&table) {
                Some(rank) => table.play(rank),
                None => table.go(),
            };
            push(&mut events, points);
        }
        events
    })
}

/// The points of one move, as scoring events in seat order.
fn push(events: &mut Vec<Score>, points: [u8; 2]) {
    for (seat, &p) in points.iter().enumerate() {
        if p > 0 {
            events.push((Seat::new(seat), p));
        }
    }
}

/// The rank the player to move plays with every card seen, for their points less the other's
/// to the end of the play; `None` is go.
fn best_rank(table: &Table<2>) -> Option<u8> {
    let mut legal = table.legal();
    let first = legal.next()?;
    if legal.next().is_none() {
        return Some(first);
    }
    let mover = table.turn();
    let sign = if mover == 0 { 1 } else { -1 };
    table
        .legal()
        .map(|rank| {
            let mut child = *table;
            let points = child.play(rank);
            let now = i32::from(points[0]) - i32::from(points[1]);
            let (rest, _) = solve(&child, -WINDOW, WINDOW);
            (sign * (now + rest), rank)
        })
        .max_by_key(|&(value, rank)| (value, std::cmp::Reverse(rank)))
        .map(|(_, rank)| rank)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::for_game::shown::shown;
    use crate::model::odds::Odds;
    use crate::rules::seat::Players;

    fn ask(
        hand: &str,
        seat: Seat,
        play: &str,
        starter: &str,
        thrown: &str,
        scores: crate::rules::board::Scores,
    ) -> Vec<BoardCard> {
        let shown = shown::<2>(hand, seat, play, starter, thrown);
        let by_points: Vec<Card> =
            crate::search::engine::advise(&shown.view, crate::search::engine::HandWeights::Uniform)
                .options
                .iter()
                .map(|o| o.card)
                .collect();
        let game = crate::advice::for_game::at_table(&scores);
        play_for_board(
            Odds::committed(Players::TWO).two_sides().unwrap(),
            &shown.view,
            &shown.known(),
            &game,
            &by_points,
            &HiddenDraw::Uniform,
        )
    }

    /// At 119, a card that pegs 2 now wins outright whatever else happens: the board takes it.
    #[test]
    fn pegging_out_wins() {
        // The dealer at 119 (the pone at 100); the pone led a 5: a 10 makes fifteen.
        let options = ask("Kh 2c 3d 4s", Seat::DEALER, "5c", "9h", "7c 8d", [100, 119]);
        assert_eq!(options[0].card.rank().number(), 13);
        assert_eq!(options[0].p_win, 1.0);
        assert_eq!(options[0].se, 0.0);
    }

    /// Near the end a sure thing beats points: the pone at 120 pegs out on the go or the last
    /// card unless the dealer (at 119) pegs out first, so the dealer makes fifteen now.
    #[test]
    fn the_board_takes_the_sure_thing() {
        let options = ask("Kh 2c 3d 4s", Seat::DEALER, "5c", "9h", "7c 8d", [120, 119]);
        assert_eq!(options[0].card.rank().number(), 13);
        assert_eq!(options[0].p_win, 1.0);
        assert!(options[1..].iter().all(|o| o.p_win < 1.0), "{options:?}");
    }

    /// Read at the scores on the board, a card's remainder gives the chance the play for the
    /// board gives it; the same deals weigh a question at every score.
    #[test]
    fn remainders_are_the_play_for_the_board_at_every_score() {
        let odds = Odds::committed(Players::TWO).two_sides().unwrap();
        let next = odds.wins();
        let shown = shown::<2>("5h 6c 7d Ks", Seat::DEALER, "4", "2c", "9h 9d");
        let (view, known) = (&shown.view, shown.known());
        let cards = view.legal_cards();
        let remainders = card_remainders(view, &known, &cards);
        for scores in [[0, 0], [60, 70], [110, 118], [119, 100], [117, 117]] {
            let game = crate::advice::for_game::at_table(&scores);
            let valued = play_for_board(odds, view, &known, &game, &cards, &HiddenDraw::Uniform);
            for (card, r) in cards.iter().zip(&remainders) {
                let board = valued.iter().find(|o| o.card == *card).unwrap();
                let read = r.dealer_wins(scores, &next);
                assert!(
                    (read - board.p_win).abs() < 1e-9,
                    "{scores:?} {card}: {read} {}",
                    board.p_win
                );
            }
        }
    }

    /// The same question gets the same answer; chances are chances; the best comes first.
    #[test]
    fn answers_are_seeded_and_ordered() {
        let a = ask("5h 6c 7d Ks", Seat::PONE, "", "2c", "9h 9d", [60, 70]);
        assert_eq!(
            a,
            ask("5h 6c 7d Ks", Seat::PONE, "", "2c", "9h 9d", [60, 70])
        );
        assert_eq!(a.len(), 4);
        assert!(
            a.iter()
                .all(|o| (0.0..=1.0).contains(&o.p_win) && o.se >= 0.0)
        );
        assert!(a.windows(2).all(|w| w[0].p_win >= w[1].p_win));
        assert_eq!(a[0].gap_se, 0.0);
    }

    /// A weighed draw deals the opponent only the holdings it weighs, each as often as its
    /// weight: none of a holding of weight 0, a quarter of one of weight 1 beside 3.
    #[test]
    fn a_weighed_draw_deals_holdings_by_their_weights() {
        let shown = shown::<2>("5h 6c 7d Ks", Seat::PONE, "", "2c", "9h 9d");
        let mut hands = [[0u8; 14]; 3];
        for (hand, ranks) in hands
            .iter_mut()
            .zip([[1, 2, 3, 4], [10, 10, 11, 12], [8, 8, 8, 13]])
        {
            for r in ranks {
                hand[r] += 1;
            }
        }
        let draw = HiddenDraw::Weighed {
            holdings: hands.to_vec(),
            cumulative: vec![0.0, 1.0, 4.0],
        };
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 3];
        for _ in 0..4000 {
            let dealt = draw.deal(&shown.view, &mut rng);
            assert_eq!(dealt[0], [0; 14], "yours are not dealt");
            seen[hands.iter().position(|h| *h == dealt[1]).unwrap()] += 1;
        }
        assert_eq!(seen[0], 0);
        // A quarter, within five binomial standard errors (0.7% each).
        assert!(
            (f64::from(seen[1]) / 4000.0 - 0.25).abs() < 0.035,
            "{seen:?}"
        );
    }

    /// Read by a model, the draw weighs the holdings the engine weighs for points, in its
    /// order; by the uniform model it deals every deal alike, as before.
    #[test]
    fn the_draw_weighs_what_the_engine_weighs() {
        let shown = shown::<2>("5h 6c 7d Ks", Seat::DEALER, "4", "2c", "9h 9d");
        let models = Models::committed();
        assert_eq!(
            HiddenDraw::new(models, &shown.view, OpponentModel::Uniform),
            HiddenDraw::Uniform
        );
        let weighting = OpponentModel::Reading.weighting(models);
        let (holdings, weights) = weighed_holdings(&shown.view, weighting);
        let HiddenDraw::Weighed {
            holdings: drawn,
            cumulative,
        } = HiddenDraw::new(models, &shown.view, OpponentModel::Reading)
        else {
            panic!("the reading weighs holdings");
        };
        assert_eq!(drawn, holdings.iter().map(|h| h.ranks).collect::<Vec<_>>());
        let total: f64 = weights.iter().sum();
        assert!((cumulative.last().unwrap() - total).abs() < 1e-9 * total);
        assert!(cumulative.windows(2).all(|w| w[0] <= w[1]));
    }
}
