//! The card for the game: each card you can play valued by your chance (with four players your
//! side's; with two in a match, of the match) of winning from the position on the board, not by
//! points, whatever the number of players. [`card_for_game`] is the one door: two players'
//! cards are weighed by [`two`] (the opponent's hidden cards drawn as the points weighed them),
//! three and four players' by `sampled` (over the very deals the points were counted on, each
//! solved once), each from the committed odds of its number of players; the answer says
//! whether the board changes the advice.

pub(crate) mod sampled;
pub mod two;

use crate::advice::for_game::estimate::spread;
use crate::advice::for_game::{ForGame, Verdict};
use crate::advice::play::{
    OpponentModel, PlayAnswer, PlayQuestion, answer_play, answer_sampled, sampled_lines, view,
};
use crate::model::Models;
use crate::model::odds::Odds;
use crate::rules::board::Game;
use crate::rules::card::Card;
use crate::rules::error::{Error, Result};
use crate::rules::play::Ranks;
use crate::rules::seat::Players;
use crate::rules::shuffle::{Rng, mix};
use crate::rules::view::View;

/// One card you can play, valued for the game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardCard {
    /// The card.
    pub card: Card,
    /// Your chance of winning the game if you play it.
    pub p_win: f64,
    /// Its standard error over the deals.
    pub se: f64,
    /// The standard error of the best card's chance less this one's, on the same deals (0 for
    /// the best).
    pub gap_se: f64,
}

/// What you know besides your view of the play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Known<'a> {
    /// The starter.
    pub starter: Card,
    /// The cards you threw to the crib (none if you do not say).
    pub thrown: &'a [Card],
}

/// Every card you can play, valued for the game: the points' answer, and each legal card by
/// your chance of winning from the board at the moment.
#[derive(Debug, Clone)]
pub struct CardsForGame {
    /// The cards valued for points, as `crib play` values them.
    pub points: PlayAnswer,
    /// The game.
    pub game: Game,
    /// How many deals of the hidden cards each card was weighed over.
    pub samples: usize,
    /// Every legal card, best chance first (none when no card can be played: go).
    pub options: Vec<BoardCard>,
    /// Whether the board changes the advice from the card best for points (by rank: in the
    /// play a suit cannot matter).
    pub verdict: Verdict,
}

impl CardsForGame {
    /// The best card for the game, if a card can be played.
    pub(crate) fn best(&self) -> Option<&BoardCard> {
        self.options.first()
    }

    /// The card best for points, if a card can be played.
    pub fn points_best(&self) -> Option<Card> {
        self.points.advice.options.first().map(|o| o.card)
    }

    /// The points-best card's entry among the options.
    pub fn points(&self) -> Option<&BoardCard> {
        let rank = self.points_best()?.rank();
        self.options
            .iter()
            .find(|o| o.card.rank() == rank)
            .or(self.best())
    }

    /// The card crib advises: the best for the game where the board changes the advice, else
    /// the best for points; `None` when no card can be played.
    pub(crate) fn choice(&self) -> Option<Card> {
        if self.verdict.changes {
            self.best().map(|b| b.card)
        } else {
            self.points_best()
        }
    }
}

/// The card for the game: `question` answered for points (as [`answer_play`] answers it), then
/// every legal card valued at `at` (the scores now, the play so far counted) with the
/// `starter` (one of the cards the question has seen; the others seen are your throw). Two
/// players over the deals of [`two`], the opponent's hidden cards drawn as the points weighed
/// them; three or four over the very deals the points were counted over (`sampled`); each from
/// the committed odds of its number of players. The position must be the question's seat and
/// number of players.
pub fn card_for_game(
    models: &Models,
    question: &PlayQuestion,
    starter: Card,
    at: &ForGame,
) -> Result<CardsForGame> {
    let game = checked(question, at)?;
    let (points, options, samples) = points_and_weighed(models, question, (starter, at), ranked)?;
    let samples = if options.is_empty() { 0 } else { samples };
    let mut cards = CardsForGame {
        points,
        game,
        samples,
        options,
        verdict: Verdict::new(false, 0.0, 0.0),
    };
    if let (Some(best), Some(points)) = (cards.best(), cards.points()) {
        let differs = Some(best.card.rank()) != cards.points_best().map(|c| c.rank());
        cards.verdict = Verdict::new(differs, best.p_win - points.p_win, points.gap_se);
    }
    Ok(cards)
}

/// The cards `by_points` of `question` (the first best for points) valued at `at` with the
/// `starter`, best first, and how many deals of the hidden cards each was weighed over, the
/// others' hidden cards drawn as `opponent` weighs them (with three or four players, the deals
/// crib's engine counts the points over).
pub fn weigh_cards(
    models: &Models,
    question: &PlayQuestion,
    opponent: OpponentModel,
    starter: Card,
    at: &ForGame,
    by_points: &[Card],
) -> Result<(Vec<BoardCard>, usize)> {
    let game = checked(question, at)?;
    let thrown = thrown(question, starter);
    let known = Known {
        starter,
        thrown: &thrown,
    };
    if by_points.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let sampled = (opponent, &known, (at, by_points));
    match game.players.count() {
        2 => Ok(weigh_two(
            models,
            &view::<2>(question)?,
            opponent,
            &known,
            at,
            by_points,
        )),
        3 => weigh_sampled::<3>(models, question, sampled),
        _ => weigh_sampled::<4>(models, question, sampled),
    }
}

/// `question` answered for points, and the cards `pick` takes from that answer valued at `at`
/// with the `starter` over the deals of [`card_for_game`] (with three or four players the very
/// deals the points were counted over, solved once for both), best first, with how many deals:
/// the cards for the game without valuing the cards nobody asks about.
pub(crate) fn points_and_weighed(
    models: &Models,
    question: &PlayQuestion,
    (starter, at): (Card, &ForGame),
    pick: impl FnOnce(&PlayAnswer) -> Vec<Card>,
) -> Result<(PlayAnswer, Vec<BoardCard>, usize)> {
    let game = checked(question, at)?;
    let thrown = thrown(question, starter);
    let known = Known {
        starter,
        thrown: &thrown,
    };
    match game.players.count() {
        2 => {
            let points = answer_play(models, question)?;
            let cards = pick(&points);
            let view = view::<2>(question)?;
            let (options, samples) = weigh_two(models, &view, points.opponent, &known, at, &cards);
            Ok((points, options, samples))
        }
        3 => sampled_for_game::<3>(models, question, &known, (at, pick)),
        _ => sampled_for_game::<4>(models, question, &known, (at, pick)),
    }
}

/// Three or four players: the points answered over the sampled deals, and the cards `pick`
/// takes from them valued for the game over the same deals, with how many deals.
fn sampled_for_game<const N: usize>(
    models: &Models,
    question: &PlayQuestion,
    known: &Known,
    (at, pick): (&ForGame, impl FnOnce(&PlayAnswer) -> Vec<Card>),
) -> Result<(PlayAnswer, Vec<BoardCard>, usize)> {
    let (points, view, lines) = answer_sampled::<N>(models, question)?;
    let cards = pick(&points);
    if cards.is_empty() {
        return Ok((points, Vec::new(), lines.deals.len()));
    }
    let options = sampled::weigh(&view, known, (at, &cards), &lines);
    Ok((points, options, lines.deals.len()))
}

/// Three or four players: `by_points` valued for the game at `at` over the deals crib's engine
/// counts the points over, the others' hidden cards drawn as `opponent` weighs them, with how
/// many deals.
fn weigh_sampled<const N: usize>(
    models: &Models,
    question: &PlayQuestion,
    (opponent, known, (at, by_points)): (OpponentModel, &Known, (&ForGame, &[Card])),
) -> Result<(Vec<BoardCard>, usize)> {
    let view = view::<N>(question)?;
    let lines = sampled_lines(models, &view, opponent);
    let options = sampled::weigh(&view, known, (at, by_points), &lines);
    Ok((options, lines.deals.len()))
}

/// The game of `at`, if it is the question's number of players and its seat.
fn checked(question: &PlayQuestion, at: &ForGame) -> Result<Game> {
    let position = at.position();
    let game = position.game();
    if game.players != question.players || position.you() != question.seat {
        return Err(Error::OtherPosition);
    }
    Ok(game)
}

/// The cards the question has seen other than the starter: your throw.
fn thrown(question: &PlayQuestion, starter: Card) -> Vec<Card> {
    question
        .seen
        .iter()
        .filter(|&&c| c != starter)
        .copied()
        .collect()
}

/// The cards of a points answer, best first.
fn ranked(points: &PlayAnswer) -> Vec<Card> {
    points.advice.options.iter().map(|o| o.card).collect()
}

/// Two players: `by_points` valued over the deals of [`two`].
fn weigh_two(
    models: &Models,
    view: &View<2>,
    opponent: OpponentModel,
    known: &Known,
    at: &ForGame,
    by_points: &[Card],
) -> (Vec<BoardCard>, usize) {
    let Some(sides) = Odds::committed(Players::TWO).two_sides() else {
        return (Vec::new(), 0);
    };
    if by_points.is_empty() {
        return (Vec::new(), 0);
    }
    let draw = two::HiddenDraw::new(models, view, opponent);
    let options = two::play_for_board(sides, view, known, at, by_points, &draw);
    (options, two::BOARD_SAMPLES)
}

/// The seed of a position, any number of players: the view, the starter and the throw.
pub(crate) fn seed<const N: usize>(view: &View<N>, known: &Known) -> u64 {
    let key = view.position_key();
    let mut words = vec![key as u64, (key >> 64) as u64];
    words.extend(
        known
            .thrown
            .iter()
            .chain([&known.starter])
            .filter_map(|c| c.index())
            .map(u64::from),
    );
    mix(0xB0A2_D5EE_D000_0001, &words)
}

/// One deal's cards in full, any number of players: every hand (yours as you hold it; each
/// other's, the cards it has played and the ranks `hidden` dealt it, each given a suit from the
/// cards nobody has shown you) and the crib (your throw, the rest from those cards).
pub(crate) fn suited<const N: usize>(
    view: &View<N>,
    known: &Known,
    hidden: &[Ranks; N],
    rng: &mut Rng,
) -> ([[Card; 4]; N], [Card; 4]) {
    let seen = Card::set_of(
        view.hand
            .iter()
            .chain(known.thrown)
            .chain([&known.starter])
            .chain(view.played.iter().map(|(_, c)| c)),
    );
    // The cards nobody has shown you, as a set by card number.
    let mut pool = !seen & ((1u64 << 52) - 1);
    let mut hands: [Vec<Card>; N] = std::array::from_fn(|_| Vec::with_capacity(4));
    for &(seat, card) in view.played.iter().filter(|(s, _)| *s != view.seat) {
        // A card played as a rank alone: give it a suit from the pool.
        hands[seat.index()].push(if card.suit().is_some() {
            card
        } else {
            take(&mut pool, Some(card.rank().number()), rng)
        });
    }
    for (seat, ranks) in hidden.iter().enumerate() {
        for rank in 1..=13u8 {
            for _ in 0..ranks[usize::from(rank)] {
                hands[seat].push(take(&mut pool, Some(rank), rng));
            }
        }
    }
    hands[view.seat.index()] = view.hand.clone();
    let mut crib: Vec<Card> = known.thrown.to_vec();
    while crib.len() < 4 {
        crib.push(take(&mut pool, None, rng));
    }
    (
        hands.map(|h| h.try_into().expect("four cards")),
        crib.try_into().expect("four cards"),
    )
}

/// A card from `pool` (a set by card number) of rank number `rank` (any, if none), taken out.
fn take(pool: &mut u64, rank: Option<u8>, rng: &mut Rng) -> Card {
    let fits = rank.map_or(*pool, |r| *pool & 0xF << (4 * (u32::from(r) - 1)));
    let mut at = rng.below(u64::from(fits.count_ones())) as u32;
    let mut left = fits;
    while at > 0 {
        left &= left - 1;
        at -= 1;
    }
    let index = left.trailing_zeros();
    *pool &= !(1 << index);
    Card::from_index(index as u8)
}

/// Each card's mean chance, its standard error, and the standard error of its gap to the best.
/// `nets` are each card's mean points for you less the opponent's over the deals, which break a
/// tie of chances; on a tie of both the order given stands.
pub(crate) fn summarise(cards: &[Card], per_deal: &[Vec<f64>], nets: &[f64]) -> Vec<BoardCard> {
    let n = per_deal.len() as f64;
    let mean = |c: usize| per_deal.iter().map(|d| d[c]).sum::<f64>() / n;
    let means: Vec<f64> = (0..cards.len()).map(mean).collect();
    let mut order: Vec<usize> = (0..cards.len()).collect();
    // Stable: on a tie of both the order given stands.
    order.sort_by(|&a, &b| {
        means[b]
            .total_cmp(&means[a])
            .then(nets[b].total_cmp(&nets[a]))
    });
    let best = order.first().copied().unwrap_or(0);
    order
        .into_iter()
        .map(|c| {
            let (se, gap_se) = spread(per_deal, c, best);
            BoardCard {
                card: cards[c],
                p_win: means[c],
                se,
                gap_se,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::Seat;
    use crate::search::sampled::samples_for;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    /// The pone's lead from `hand`, having seen `seen` (the throw, then the starter).
    fn lead<'a>(
        players: Players,
        (hand, seen): (&'a [Card], &'a [Card]),
        opponent: OpponentModel,
    ) -> PlayQuestion<'a> {
        PlayQuestion {
            players,
            hand,
            seat: Seat::PONE,
            seen,
            tokens: &[],
            opponent,
        }
    }

    /// The pone to play at `scores`, for the game.
    fn pone_at(players: Players, scores: &[u32]) -> Result<ForGame> {
        let game = Game::new(players, 121)?;
        Ok(ForGame::new(crate::rules::position::Position::new(
            game,
            scores,
            Seat::PONE,
        )?))
    }

    /// The pone's lead from 5h 6c 7d 8s, having thrown Ks Qd, the starter 2c.
    fn ask(players: Players, scores: &[u32], need: Option<[u32; 2]>) -> Result<CardsForGame> {
        let (hand, seen) = (cards("5h 6c 7d 8s"), cards("Ks Qd 2c"));
        let question = lead(players, (&hand, &seen), OpponentModel::Uniform);
        let mut at = pone_at(players, scores)?;
        if let Some(need) = need {
            at = at.in_match(need)?;
        }
        card_for_game(Models::committed(), &question, seen[2], &at)
    }

    /// Every card is valued, its chance between 0 and 1, best first; the points' answer comes
    /// with it; the verdict is the gap between the best card and the points' best; a match
    /// needing one game each is the game.
    #[test]
    fn every_card_is_valued_best_first() {
        let valued = ask(Players::TWO, &[110, 112], None).unwrap();
        assert_eq!(valued.options.len(), 4);
        assert!(valued.options.windows(2).all(|w| w[0].p_win >= w[1].p_win));
        assert!(
            valued
                .options
                .iter()
                .all(|o| (0.0..=1.0).contains(&o.p_win))
        );
        assert_eq!(
            valued.points_best(),
            Some(valued.points.advice.options[0].card)
        );
        assert_eq!(valued.samples, two::BOARD_SAMPLES);
        let (best, points) = (valued.best().unwrap(), valued.points().unwrap());
        assert_eq!(valued.verdict.gain, best.p_win - points.p_win);
        assert_eq!(
            valued.verdict.changes,
            valued.choice() != valued.points_best()
        );
        let in_match = ask(Players::TWO, &[110, 112], Some([1, 1])).unwrap();
        for (a, b) in valued.options.iter().zip(&in_match.options) {
            assert_eq!(a.card, b.card);
            assert!((a.p_win - b.p_win).abs() < 1e-12, "{a:?} {b:?}");
        }
    }

    /// With three and four players the board weighs the very deals the points were counted
    /// over: the points' answer is `crib play`'s, and the cards valued apart ([`weigh_cards`],
    /// as `?` in a game values them) get the same chances over as many deals.
    #[test]
    fn the_board_weighs_the_points_deals() {
        let (hand, seen) = (cards("5h 6c 7d 8s"), cards("Ks Qd 2c"));
        for (players, scores) in [
            (Players::THREE, vec![100, 105, 110]),
            (Players::FOUR, vec![100, 110]),
        ] {
            for opponent in [OpponentModel::Uniform, OpponentModel::Expert] {
                let question = lead(players, (&hand, &seen), opponent);
                let at = pone_at(players, &scores).unwrap();
                let models = Models::committed();
                let valued = card_for_game(models, &question, seen[2], &at).unwrap();
                assert_eq!(valued.points, answer_play(models, &question).unwrap());
                assert_eq!(valued.samples, valued.points.advice.holdings);
                let by_points = ranked(&valued.points);
                let apart =
                    weigh_cards(models, &question, opponent, seen[2], &at, &by_points).unwrap();
                assert_eq!(apart, (valued.options, valued.samples), "{players:?}");
            }
        }
    }

    /// One door whatever the number of players: three players' cards are weighed over their
    /// sampled deals; a match of three is refused, as is a position of another seat.
    #[test]
    fn one_door_for_every_number_of_players() {
        let three = ask(Players::THREE, &[100, 105, 110], None).unwrap();
        assert_eq!(three.samples, samples_for(Players::THREE));
        assert_eq!(three.options.len(), 4);
        assert!(matches!(
            ask(Players::THREE, &[1, 2, 3], Some([1, 1])),
            Err(Error::NotForPlayers { .. })
        ));
        let (hand, seen) = (cards("5h 6c 7d 8s"), cards("Ks Qd 2c"));
        let question = PlayQuestion {
            players: Players::TWO,
            hand: &hand,
            seat: Seat::DEALER,
            seen: &seen,
            tokens: &[],
            opponent: OpponentModel::Uniform,
        };
        let pone = ForGame::new(
            crate::rules::position::Position::new(Game::TWO, &[1, 2], Seat::PONE).unwrap(),
        );
        assert!(matches!(
            card_for_game(Models::committed(), &question, seen[2], &pone),
            Err(Error::OtherPosition)
        ));
    }
}
