//! The discard for the game: each choice ranked by the chance of winning the game, this deal
//! played out in the rules' counting order, then the odds from the position it leaves.

use std::sync::OnceLock;

use rayon::prelude::*;

use crate::advice::discard::{Role, Split};
use crate::advice::for_game::ForGame;
use crate::advice::for_game::discard::played::{self, Steps};
use crate::advice::for_game::discard::{WinChance, sorted_ranks};
use crate::advice::for_game::remainder::{Remainder, RemainderBuilder};
use crate::advice::for_game::stake::{AfterPlay, Worth, reached};
use crate::advice::for_game::strata::Strata;
use crate::model::odds::Sides;
use crate::model::opponents::{self, OpponentDeal};
use crate::model::plays;
use crate::rules::board::Score;
use crate::rules::board::{GAME, Scores};
use crate::rules::card::{Card, Rank, Suit};
use crate::rules::numbering::{RANK_HANDS, rank_hand_number};
use crate::rules::seat::Seat;
use crate::rules::show::{HandKind, Prepared, his_heels};

/// crib weighs draws of the other side's deal until every choice's standard error is under
/// this, or the pool of deals that fit your cards runs out (about 69,000 of them).
pub(crate) const TARGET_SE: f64 = 0.002;

/// Draws are weighed this many at a time, on every core: the fewest a question is weighed over.
pub(crate) const BATCH: usize = 2_048;

/// For each choice of a discard, the chance of winning the game: this deal played out, then
/// the odds from the position it leaves. `game` is the board before the deal.
///
/// The other side's six cards are drawn from the cards you have not seen, in the order of the
/// committed pool of deals ([`opponents`]), each keeping what `crib discard` advises; every
/// starter left is taken exactly; the play is crib's engine on both sides (as [`plays`] holds
/// it for every pair of hands); the deal is counted
/// in the rules' order and stops at 121; and a deal that ends short of it is followed by
/// `odds`. Every choice is weighed over the same draws, taken 2,048 at a time a few from each
/// hand of ranks the other side keeps, until every standard error is under 0.2% or the pool
/// runs out: the same question gets the same answer.
pub(crate) fn endgame(
    odds: Sides,
    dealt: &[Card],
    choices: &[Split],
    role: Role,
    game: &ForGame,
) -> Vec<WinChance> {
    let other = role.seat().other();
    let (grouped, ()) = rayon::join(|| Grouped::committed(other), plays::prepare);
    let weigh = Weigh::new(odds, dealt, choices, role, game);
    weigh.chances(&grouped.strata(weigh.prepared.mine))
}

/// [`endgame`] against a `pool` of the other side's deals (those that share a card with yours
/// are passed over), in the order given.
pub(crate) fn endgame_against<'a>(
    pool: impl Iterator<Item = &'a OpponentDeal>,
    odds: Sides,
    dealt: &[Card],
    choices: &[Split],
    role: Role,
    game: &ForGame,
) -> Vec<WinChance> {
    let weigh = Weigh::new(odds, dealt, choices, role, game);
    let pool: Vec<&OpponentDeal> = pool.filter(|o| o.mask & weigh.prepared.mine == 0).collect();
    weigh.chances(&Strata::new(pool, |o| {
        rank_hand_number(sorted_ranks(o.keep))
    }))
}

/// The committed pool of one side's deals split once into the strata [`endgame`] weighs them
/// by, the rank hand each keeps: splitting the 150,000 deals afresh for each question cost more
/// than weighing a batch of them.
struct Grouped {
    /// The deals, stratum by stratum, each stratum in the pool's order.
    deals: Vec<OpponentDeal>,
    /// Each deal's place in the pool.
    places: Vec<u32>,
    /// Each stratum's deals, the strata in the order their first deals come in the pool.
    strata: Vec<std::ops::Range<usize>>,
}

impl Grouped {
    /// The committed pool of `seat`'s deals, split the first time it is asked for.
    fn committed(seat: Seat) -> &'static Grouped {
        static GROUPED: [OnceLock<Grouped>; 2] = [OnceLock::new(), OnceLock::new()];
        GROUPED[usize::from(seat == Seat::DEALER)]
            .get_or_init(|| Grouped::new(opponents::committed(seat)))
    }

    fn new(pool: &[OpponentDeal]) -> Grouped {
        let keys: Vec<usize> = pool
            .iter()
            .map(|o| rank_hand_number(sorted_ranks(o.keep)))
            .collect();
        // Each key's stratum, in the order the keys first come, and the strata's sizes.
        let mut stratum = vec![usize::MAX; RANK_HANDS];
        let mut sizes: Vec<usize> = Vec::new();
        for &k in &keys {
            if stratum[k] == usize::MAX {
                stratum[k] = sizes.len();
                sizes.push(0);
            }
            sizes[stratum[k]] += 1;
        }
        let mut starts: Vec<usize> = sizes
            .iter()
            .scan(0, |start, &size| {
                let this = *start;
                *start += size;
                Some(this)
            })
            .collect();
        let strata = starts.iter().zip(&sizes).map(|(&s, &n)| s..s + n).collect();
        let mut slots: Vec<Option<(OpponentDeal, u32)>> = vec![None; pool.len()];
        for (place, (deal, &k)) in pool.iter().zip(&keys).enumerate() {
            let at = &mut starts[stratum[k]];
            slots[*at] = Some((*deal, place as u32));
            *at += 1;
        }
        let (deals, places) = slots.into_iter().flatten().unzip();
        Grouped {
            deals,
            places,
            strata,
        }
    }

    /// The strata of the deals that share no card with `mine` (a set of cards): those
    /// [`Strata::new`] makes of the pool with them passed over.
    fn strata(&self, mine: u64) -> Strata<'_, OpponentDeal> {
        let mut strata: Vec<(u32, Vec<&OpponentDeal>)> = self
            .strata
            .iter()
            .filter_map(|range| {
                let deals = &self.deals[range.clone()];
                let places = &self.places[range.clone()];
                let mut first = None;
                let kept: Vec<&OpponentDeal> = deals
                    .iter()
                    .zip(places)
                    .filter(|(o, _)| o.mask & mine == 0)
                    .map(|(o, &place)| {
                        first.get_or_insert(place);
                        o
                    })
                    .collect();
                first.map(|first| (first, kept))
            })
            .collect();
        strata.sort_unstable_by_key(|&(first, _)| first);
        Strata::from_strata(strata.into_iter().map(|(_, kept)| kept).collect())
    }
}

/// Your choices, prepared to be weighed against deals of the other side's.
struct Choices<'a> {
    choices: &'a [Split],
    /// What your hand with each choice counts with each starter, by the starter's card number.
    hands: Vec<[u8; 52]>,
    /// The six cards you hold, as a set.
    mine: u64,
    me: Seat,
    /// For each choice, the first choice that keeps the same ranks.
    keeps: Vec<usize>,
    /// For each choice, the first choice that is worth the same against every deal and starter
    /// (itself, or one that differs only by suits that cannot matter): weighed once.
    same: Vec<usize>,
}

impl<'a> Choices<'a> {
    fn new(dealt: &[Card], choices: &'a [Split], role: Role) -> Choices<'a> {
        Choices {
            choices,
            hands: choices
                .iter()
                .map(|c| {
                    let hand = Prepared::new(&c.keep, HandKind::Hand);
                    std::array::from_fn(|i| hand.score(Card::from_index(i as u8)))
                })
                .collect(),
            mine: Card::set_of(dealt),
            me: role.seat(),
            keeps: first_alike(
                &choices
                    .iter()
                    .map(|c| sorted_ranks(c.keep))
                    .collect::<Vec<_>>(),
            ),
            same: first_alike(&choices.iter().map(suit_blind).collect::<Vec<_>>()),
        }
    }

    /// The starters left once you and `other` hold your cards, in the order of their card
    /// numbers, and how many there are.
    fn starters(&self, other: &OpponentDeal) -> (impl Iterator<Item = Card> + use<>, usize) {
        let mut left = !(self.mine | other.mask) & ((1 << 52) - 1);
        let count = left.count_ones() as usize;
        let cards = std::iter::from_fn(move || {
            let next = left.trailing_zeros();
            left &= left.wrapping_sub(1);
            (next < 52).then(|| Card::from_index(next as u8))
        });
        (cards, count)
    }

    /// The play of choice `c`'s ranks against `theirs` (kept by the other side, sorted, of rank
    /// hand number `their_number`): each step that scores, in order.
    fn play(&self, c: usize, theirs: [u8; 4], their_number: usize) -> Steps {
        let keep = sorted_ranks(self.choices[c].keep);
        played::play(
            self.me,
            (keep, rank_hand_number(keep)),
            (theirs, their_number),
        )
    }

    /// The hands and the crib in counting order with `starter`: choice `c`'s hand counting
    /// `mine` (looked up by the caller), the other side's `theirs`, the crib `crib`.
    fn shows(&self, mine: u8, theirs: u8, crib: u8) -> [Score; 3] {
        let (pone_hand, dealer_hand) = if self.me == Seat::DEALER {
            (theirs, mine)
        } else {
            (mine, theirs)
        };
        [
            (Seat::PONE, pone_hand),
            (Seat::DEALER, dealer_hand),
            (Seat::DEALER, crib),
        ]
    }
}

/// What one discard question weighs each draw with: your choices, prepared, and the board.
struct Weigh<'a> {
    prepared: Choices<'a>,
    /// The board before the deal, on the board of the game to 121.
    scores: Scores,
    /// What the game's end is worth to you: the game, or the match.
    worth: Worth<'a>,
    /// Your chance of winning from each position (the dealer's score times [`GAME`], plus the
    /// pone's) once a deal ends short of the hole, the pone to deal next:
    /// [`Worth::next_deal`] for every position, worked out once.
    next: Vec<f64>,
    /// Where the play of each of your keeps (by the first choice keeping its ranks, `keeps`)
    /// against each hand of the other side's (by its rank hand number) leaves the board, without
    /// his heels and with them, worked out the first time a draw needs it.
    plays: Vec<OnceLock<[AfterPlay; 2]>>,
}

impl<'a> Weigh<'a> {
    fn new(
        odds: Sides<'a>,
        dealt: &[Card],
        choices: &'a [Split],
        role: Role,
        game: &ForGame,
    ) -> Weigh<'a> {
        let worth = Worth::new(odds, game.target(), game.stake(), role.seat());
        Weigh {
            prepared: Choices::new(dealt, choices, role),
            scores: game.on_121(),
            worth,
            next: (0..GAME * GAME)
                .map(|i| {
                    let mut after = [0; 2];
                    after[Seat::DEALER.index()] = i / GAME;
                    after[Seat::PONE.index()] = i % GAME;
                    worth.next_deal(after)
                })
                .collect(),
            plays: (0..choices.len() * RANK_HANDS)
                .map(|_| OnceLock::new())
                .collect(),
        }
    }

    /// Each choice's chance of winning over the draws of `strata`, weighed until every standard
    /// error is under the target or the strata run out.
    fn chances(&self, strata: &Strata<OpponentDeal>) -> Vec<WinChance> {
        let choices = self.prepared.choices.len();
        let (estimates, draws) = strata.weigh(choices, BATCH, TARGET_SE, |o| self.draw(o));
        estimates
            .into_iter()
            .map(|e| WinChance {
                p_win: e.mean,
                se: e.se,
                gap_se: e.gap_se,
                draws,
            })
            .collect()
    }

    /// The chance of winning with each choice against one deal of the other side's, every
    /// starter left taken: each choice's mean over the starters, summed in their order.
    /// Starters in the outer loop and choices in the inner, so that the choices' sums, which do
    /// not wait on each other, run side by side.
    fn draw(&self, other: &OpponentDeal) -> Vec<f64> {
        let prepared = &self.prepared;
        let (starters, count) = prepared.starters(other);
        let theirs = Prepared::new(&other.keep, HandKind::Hand);
        let their_ranks = sorted_ranks(other.keep);
        let their_number = rank_hand_number(their_ranks);
        // The first choice of each kind, with its hand's points by starter, its crib, and where
        // the play leaves the board (the play ends the same way for every starter but a jack,
        // his heels first).
        let weighed: Vec<(&[u8; 52], Prepared, [AfterPlay; 2])> = (0..prepared.choices.len())
            .filter(|&c| prepared.same[c] == c)
            .map(|c| {
                let keep = prepared.keeps[c];
                let after = self.plays[keep * RANK_HANDS + their_number].get_or_init(|| {
                    let play = prepared.play(keep, their_ranks, their_number);
                    [0, 2].map(|heels| after_play(self.scores, heels, &play))
                });
                let crib = Prepared::new(&crib_of(&prepared.choices[c], other), HandKind::Crib);
                (&prepared.hands[c], crib, *after)
            })
            .collect();
        let mut totals = vec![0.0; weighed.len()];
        for starter in starters {
            let at = usize::from(starter.index().unwrap_or(0));
            let theirs = theirs.score(starter);
            let heels = usize::from(his_heels(starter) > 0);
            for ((hand, crib, after), total) in weighed.iter().zip(&mut totals) {
                let shows = prepared.shows(hand[at], theirs, crib.score(starter));
                *total += self.shown(after[heels], shows);
            }
        }
        let mut totals = totals.into_iter();
        let mut values = vec![0.0; prepared.choices.len()];
        for c in 0..values.len() {
            values[c] = match prepared.same[c] {
                first if first != c => values[first],
                _ => totals.next().unwrap_or_default() / count as f64,
            };
        }
        values
    }
}

/// The crib with `choice`'s throw and `other`'s.
fn crib_of(choice: &Split, other: &OpponentDeal) -> [Card; 4] {
    [
        choice.throw[0],
        choice.throw[1],
        other.throw[0],
        other.throw[1],
    ]
}

/// The rest of the deal for each choice of a discard, choices alike sharing theirs.
#[derive(Debug, Clone)]
pub struct ChoiceRemainders {
    /// For each choice, the first choice alike with it (itself, or one that differs only by
    /// suits that cannot matter): its remainder is that one's.
    pub alike: Vec<usize>,
    /// For each choice that is the first of its kind, its remainder.
    remainders: Vec<Option<Remainder>>,
}

impl ChoiceRemainders {
    /// Choice `c`'s remainder.
    pub fn of(&self, c: usize) -> &Remainder {
        self.remainders[self.alike[c]]
            .as_ref()
            .expect("the first alike has its remainder")
    }
}

/// For each choice, the rest of the deal (his heels, the play, the hands and the crib) over the
/// draws of the other side's deal that `endgame` weighs first (the first 2,048 of them) and
/// every starter left, each path weighted as that first batch weighs it: read at any position,
/// a choice's [`Remainder`] gives the chance of winning `endgame` gives from its first batch.
/// Choices alike (as `endgame` finds them) share their paths.
pub fn remainders(dealt: &[Card], choices: &[Split], role: Role) -> ChoiceRemainders {
    let other = role.seat().other();
    let prepared = Choices::new(dealt, choices, role);
    let (grouped, ()) = rayon::join(|| Grouped::committed(other), plays::prepare);
    let strata = grouped.strata(prepared.mine);
    let draws = strata.first_batch(BATCH);
    let remainders = (0..choices.len())
        .into_par_iter()
        .map(|c| (prepared.same[c] == c).then(|| prepared.remainder(c, &draws)))
        .collect();
    ChoiceRemainders {
        alike: prepared.same,
        remainders,
    }
}

impl Choices<'_> {
    /// Choice `c`'s paths over `draws` (each with its weight), every starter left.
    fn remainder(&self, c: usize, draws: &[(&OpponentDeal, f64)]) -> Remainder {
        let mut builder = RemainderBuilder::default();
        let hand = &self.hands[c];
        for &(other, weight) in draws {
            let (starters, count) = self.starters(other);
            let theirs = Prepared::new(&other.keep, HandKind::Hand);
            let crib = Prepared::new(&crib_of(&self.choices[c], other), HandKind::Crib);
            let their_ranks = sorted_ranks(other.keep);
            let play = self.play(c, their_ranks, rank_hand_number(their_ranks));
            let each = weight / count as f64;
            for starter in starters {
                let mine = hand[usize::from(starter.index().unwrap_or(0))];
                let shows = self.shows(mine, theirs.score(starter), crib.score(starter));
                let heels = (Seat::DEALER, his_heels(starter));
                let path = std::iter::once(heels)
                    .chain(play.iter().copied())
                    .chain(shows);
                builder.add(path, each);
            }
        }
        builder.finish()
    }
}

impl Weigh<'_> {
    /// The chance of winning once the play has left `after` and the hands and the crib count
    /// `shows`, in the rules' order.
    fn shown(&self, after: AfterPlay, shows: [Score; 3]) -> f64 {
        let mut scores = match after {
            AfterPlay::Won(seat, loser) => return self.worth.end(seat, loser),
            AfterPlay::Board(scores) => scores,
        };
        for (seat, points) in shows {
            scores[seat.index()] += u32::from(points);
            if scores[seat.index()] >= GAME {
                return self.worth.end(seat, scores[seat.other().index()]);
            }
        }
        let [dealer, pone] = [Seat::DEALER, Seat::PONE].map(|s| scores[s.index()]);
        self.next[(dealer * GAME + pone) as usize]
    }
}

/// From `start`, his heels (`heels` points to the dealer) then the play's events.
fn after_play(start: Scores, heels: u8, play: &[Score]) -> AfterPlay {
    reached(
        start,
        std::iter::once((Seat::DEALER, heels)).chain(play.iter().copied()),
    )
}

/// For each of `keys`, the index of the first key equal to it.
fn first_alike<K: PartialEq>(keys: &[K]) -> Vec<usize> {
    keys.iter()
        .map(|k| keys.iter().position(|d| d == k).unwrap_or(0))
        .collect()
}

/// What a choice is worth depends on its suits only through a flush kept (four of a suit), the
/// jacks kept (nobs), a suited throw (a crib flush) and the jacks thrown (nobs in the crib):
/// two choices alike in their ranks and in these are worth the same against every deal of the
/// other side's and every starter (the cards unseen are the same for both).
type SuitBlind = (
    [u8; 4],
    Vec<u8>,
    Option<Suit>,
    Vec<Suit>,
    Option<Suit>,
    Vec<Suit>,
);

/// A choice's [`SuitBlind`] key.
fn suit_blind(choice: &Split) -> SuitBlind {
    let suited = |cards: &[Card]| {
        let first = cards.first().and_then(|c| c.suit());
        cards
            .iter()
            .all(|c| c.suit() == first)
            .then_some(first)
            .flatten()
    };
    let jacks = |cards: &[Card]| {
        let mut suits: Vec<Suit> = cards
            .iter()
            .filter(|c| c.rank() == Rank::JACK)
            .filter_map(|c| c.suit())
            .collect();
        suits.sort();
        suits
    };
    let mut throw: Vec<u8> = choice.throw.iter().map(|c| c.rank().number()).collect();
    throw.sort_unstable();
    (
        sorted_ranks(choice.keep),
        throw,
        suited(&choice.keep),
        jacks(&choice.keep),
        suited(&choice.throw),
        jacks(&choice.throw),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::discard::DiscardAdvice;
    use crate::advice::discard::{DiscardRequest, advise_discard};
    use crate::model::Models;
    use crate::model::odds::Odds;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::Players;

    /// The advice on points for six cards in `role`, and the cards.
    fn advice(text: &str, role: Role) -> (Vec<Card>, DiscardAdvice) {
        let dealt = parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap();
        let request = DiscardRequest::new(&dealt, Players::TWO, role);
        let advice = advise_discard(Models::committed(), &request).unwrap();
        (dealt, advice)
    }

    /// A pone at 119 whose hand is sure to count 2 wins, whatever else the deal holds: the
    /// dealer, at 100, cannot peg 21 in the play, and the pone counts first.
    #[test]
    fn a_hand_sure_to_count_two_wins_at_119() {
        let (dealt, advice) = advice("5h 5c Js 6d 7h Kc", Role::Pone);
        let chances = endgame(
            Odds::committed(Players::TWO).two_sides().unwrap(),
            &dealt,
            &advice.choices,
            Role::Pone,
            &crate::advice::for_game::at_table(&[119, 100]),
        );
        for (choice, chance) in advice.choices.iter().zip(&chances) {
            if choice.hand_min >= 2 {
                assert_eq!((chance.p_win, chance.se), (1.0, 0.0), "{:?}", choice.keep);
            }
        }
        // A hand that can count nothing may still peg its 2, but not surely.
        assert!(chances.iter().any(|c| c.p_win < 1.0));
    }

    /// Every choice is weighed over the same draws, until every standard error is under the
    /// target; the same question gets the same answer.
    #[test]
    fn choices_share_draws_and_meet_the_target() {
        let (dealt, advice) = advice("5h 5c Js 6d 7h 8c", Role::Dealer);
        let odds = Odds::committed(Players::TWO).two_sides().unwrap();
        let chances = endgame(
            odds,
            &dealt,
            &advice.choices,
            Role::Dealer,
            &crate::advice::for_game::at_table(&[60, 70]),
        );
        assert_eq!(
            chances,
            endgame(
                odds,
                &dealt,
                &advice.choices,
                Role::Dealer,
                &crate::advice::for_game::at_table(&[60, 70])
            )
        );
        let draws = chances[0].draws;
        assert!(draws >= BATCH);
        assert!(chances.iter().all(|c| c.draws == draws && c.se < TARGET_SE));
        assert!(chances.iter().all(|c| (0.0..=1.0).contains(&c.p_win)));
    }

    /// The committed pool split into strata once weighs every question as the pool split
    /// afresh does: the same chances to the last bit, either seat, near the end and far from it.
    #[test]
    fn the_pool_split_once_weighs_as_split_afresh() {
        let odds = Odds::committed(Players::TWO).two_sides().unwrap();
        for (text, role, scores) in [
            ("7c 8c 9d Js Qd Kh", Role::Dealer, [118, 114]),
            ("5h 5c Js 6d 7h 8c", Role::Pone, [60, 70]),
        ] {
            let (dealt, advice) = advice(text, role);
            let game = crate::advice::for_game::at_table(&scores);
            let pool = opponents::committed(role.seat().other()).iter();
            assert_eq!(
                endgame(odds, &dealt, &advice.choices, role, &game),
                endgame_against(pool, odds, &dealt, &advice.choices, role, &game)
            );
        }
    }

    /// Stratified draws agree with the plain mean over every deal of the pool that fits, for
    /// every choice, within their standard error, near the end where a few cards decide.
    #[test]
    fn strata_agree_with_the_whole_pool() {
        let (dealt, advice) = advice("7c 8c 9d Js Qd Kh", Role::Dealer);
        let odds = Odds::committed(Players::TWO).two_sides().unwrap();
        let scores = [118, 114];
        let chances = endgame(
            odds,
            &dealt,
            &advice.choices,
            Role::Dealer,
            &crate::advice::for_game::at_table(&scores),
        );
        let weigh = Weigh::new(
            odds,
            &dealt,
            &advice.choices,
            Role::Dealer,
            &crate::advice::for_game::at_table(&scores),
        );
        let pool: Vec<Vec<f64>> = opponents::committed(Seat::PONE)
            .iter()
            .filter(|o| o.mask & weigh.prepared.mine == 0)
            .map(|o| weigh.draw(o))
            .collect();
        assert!(chances[0].draws * 10 < pool.len(), "{}", chances[0].draws);
        for (c, chance) in chances.iter().enumerate() {
            let plain = pool.iter().map(|d| d[c]).sum::<f64>() / pool.len() as f64;
            assert!(chance.se < TARGET_SE);
            assert!(
                (chance.p_win - plain).abs() < 3.0 * chance.se,
                "{chance:?} {plain}"
            );
        }
    }

    /// Read at a position, a choice's remainder gives the chance [`endgame`] gives it from its
    /// first batch of draws, for either seat, near the end and far from it.
    #[test]
    fn remainders_are_the_first_batch_at_every_score() {
        let odds = Odds::committed(Players::TWO).two_sides().unwrap();
        let next = odds.wins();
        for (text, role) in [
            ("7c 8c 9d Js Qd Kh", Role::Dealer),
            ("5h 5c Js 6d 7h 8c", Role::Pone),
        ] {
            let (dealt, advice) = advice(text, role);
            let remainders = remainders(&dealt, &advice.choices, role);
            for scores in [[0, 0], [60, 70], [118, 114], [100, 119], [115, 117]] {
                let weigh = Weigh::new(
                    odds,
                    &dealt,
                    &advice.choices,
                    role,
                    &crate::advice::for_game::at_table(&scores),
                );
                let pool: Vec<&OpponentDeal> = opponents::committed(role.seat().other())
                    .iter()
                    .filter(|o| o.mask & weigh.prepared.mine == 0)
                    .collect();
                let strata = Strata::new(pool, |o| rank_hand_number(sorted_ranks(o.keep)));
                let (first, _) = strata.weigh(advice.choices.len(), BATCH, 1.0, |o| weigh.draw(o));
                for (c, e) in first.iter().enumerate() {
                    let dealer = remainders.of(c).dealer_wins(scores, &next);
                    let mine = if role == Role::Dealer {
                        dealer
                    } else {
                        1.0 - dealer
                    };
                    assert!(
                        (mine - e.mean).abs() < 1e-9,
                        "{scores:?}: {mine} {}",
                        e.mean
                    );
                }
            }
        }
    }

    /// Choices alike but for suits that cannot matter are weighed once; a flush kept, a suited
    /// throw or a jack's suit keeps them apart.
    #[test]
    fn choices_alike_but_for_suits_share_a_key() {
        let (_, fives) = advice("5h 5c 5s Jd 4d 6d", Role::Dealer);
        let key = |keep: &str| {
            let keep = parse_cards(&keep.split(' ').collect::<Vec<_>>()).unwrap();
            let choice = fives.choices.iter().find(|c| {
                let mut a = c.keep.to_vec();
                let mut b = keep.clone();
                a.sort();
                b.sort();
                a == b
            });
            suit_blind(choice.unwrap())
        };
        assert_eq!(key("5h 5s 4d 6d"), key("5c 5s 4d 6d"));
        assert_ne!(key("5h 5s 4d 6d"), key("5h 5s 5c 6d"));
        let (_, flush) = advice("2h 4h 6h 8h 8c Kd", Role::Pone);
        let keys: Vec<SuitBlind> = flush.choices.iter().map(suit_blind).collect();
        let hearts = flush
            .choices
            .iter()
            .position(|c| c.keep.iter().all(|k| k.suit() == Some(Suit::Hearts)));
        let clubs = flush.choices.iter().position(|c| {
            c.keep.iter().any(|k| k.suit() == Some(Suit::Clubs))
                && c.throw.iter().any(|t| t.rank().number() == 13)
                && c.keep.iter().any(|k| k.rank().number() == 2)
        });
        let (hearts, clubs) = (hearts.unwrap(), clubs.unwrap());
        assert_ne!(keys[hearts], keys[clubs]);
    }

    /// From the start of a game, the chances sit where the odds put a dealer: the dealer's
    /// chance at 0-0 is the mean over all their hands, and a good hand is above it.
    #[test]
    fn the_start_of_a_game_agrees_with_the_odds() {
        let (dealt, advice) = advice("5h 5c Js 6d 7h 8c", Role::Dealer);
        let odds = Odds::committed(Players::TWO).two_sides().unwrap();
        let chances = endgame(
            odds,
            &dealt,
            &advice.choices,
            Role::Dealer,
            &crate::advice::for_game::at_table(&[0, 0]),
        );
        let first_dealer = odds.get([0, 0]).win;
        assert!(
            chances[0].p_win > first_dealer,
            "{} {first_dealer}",
            chances[0].p_win
        );
        assert!(chances[0].p_win < first_dealer + 0.2);
    }
}
