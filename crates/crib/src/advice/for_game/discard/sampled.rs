//! The throw for the board, three and four players: each card you could throw valued by your
//! chance of winning the game (with four, your partnership's), not by points, from the odds of
//! three and four players ([`Odds::committed`]).
//!
//! For each of [`throw_deals`] deals of the cards you cannot see (seeded by your cards and your
//! seat, not the score: the same question gets the same answer), the same deals for every
//! throw:
//! - each other seat is dealt five of the cards you have not seen (with three players the crib
//!   one more) and throws as crib's expert crib model of three and four players has its seats
//!   throw ([`crate::model::expert_one_card`]): the hand's points over the starters it cannot see,
//!   plus its seat's table value of the card it throws if the crib is its side's, minus it if
//!   not;
//! - the play is crib's engine with every card seen, each player playing for his points (with
//!   four, his side's) as [`crate::search::maxn`] solves it, card by card where two sides
//!   could reach the hole in it;
//! - and every starter left is taken: his heels, the play, the hands from the dealer's left
//!   round to the dealer and the crib are counted in order, the game ending the moment a side
//!   reaches the hole, and if nobody has, the committed odds from the position left, the seat
//!   on the dealer's left dealing next.

use std::sync::OnceLock;

use rayon::prelude::*;

use crate::advice::discard::{Role, Split};
use crate::advice::for_game::board::Board;
use crate::advice::for_game::discard::{WinChance, sorted_ranks};
use crate::advice::for_game::estimate::spread;
use crate::model::Models;
use crate::model::crib::ThrowTable;
use crate::model::odds::Odds;
use crate::rules::board::{Score, shows};
use crate::rules::card::Card;
use crate::rules::play::{Ranks, Table, ranks_of};
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};
use crate::rules::show::{HandKind, Prepared, his_heels};
use crate::rules::shuffle::{Rng, mix};
use crate::search::maxn::{line, solve_maxn};

/// How many deals of the others' cards a throw is weighed over, every starter left taken in
/// each: 192 with three players, 64 with four (their play takes longer to solve).
pub(crate) const fn throw_deals(players: Players) -> usize {
    match players.count() {
        3 => 192,
        _ => 64,
    }
}

/// For each choice of `choices` (one card thrown from the five `dealt`, as `crib discard`
/// values them), your chance of winning the game from `at` (with four players, your side's); in
/// the order of `choices`.
pub(crate) fn throw_for_board(
    models: &Models,
    odds: &Odds,
    dealt: &[Card],
    choices: &[Split],
    at: &Position,
) -> Vec<WinChance> {
    match at.game().players.count() {
        3 => weigh::<3>(models, odds, dealt, choices, at),
        _ => weigh::<4>(models, odds, dealt, choices, at),
    }
}

fn weigh<const N: usize>(
    models: &Models,
    odds: &Odds,
    dealt: &[Card],
    choices: &[Split],
    at: &Position,
) -> Vec<WinChance> {
    let seat = at.you();
    let players = Players::of::<N>();
    let deals = throw_deals(players);
    let mut words: Vec<u64> = dealt
        .iter()
        .filter_map(|c| c.index())
        .map(u64::from)
        .collect();
    words.push(seat.index() as u64);
    let mut rng = Rng::new(mix(0x7412_0B0A_2D00_0003, &words));
    let tables = throw_values(models, players);
    let drawn: Vec<Others<N>> = (0..deals)
        .map(|_| Others::draw(dealt, seat, &tables, &mut rng))
        .collect();
    let board = Board::<N>::new(at);
    let mine: Vec<Prepared> = choices
        .iter()
        .map(|c| Prepared::new(&c.keep, HandKind::Hand))
        .collect();
    let per_deal: Vec<Vec<f64>> = drawn
        .par_iter()
        .map(|others| others.values(choices, &mine, seat, &board, odds))
        .collect();
    chances(&per_deal, deals)
}

/// Each choice's mean chance over the deals, its standard error, and the standard error of its
/// gap to the best choice.
fn chances(per_deal: &[Vec<f64>], deals: usize) -> Vec<WinChance> {
    let n = per_deal.len() as f64;
    let choices = per_deal.first().map_or(0, Vec::len);
    let means: Vec<f64> = (0..choices)
        .map(|c| per_deal.iter().map(|d| d[c]).sum::<f64>() / n)
        .collect();
    // The first best stands on a tie: the choices come best on points first.
    let best = (0..choices).fold(0, |b, c| if means[c] > means[b] { c } else { b });
    (0..choices)
        .map(|c| {
            let (se, gap_se) = spread(per_deal, c, best);
            WinChance {
                p_win: means[c],
                se,
                gap_se,
                draws: deals,
            }
        })
        .collect()
}

/// For each seat (0 leads, the dealer last), what it counts a card's rank thrown worth: the
/// crib's expected points under the expert model, plus if the crib is its side's, minus if not.
type ThrowValues = [[f64; 13]; 4];

/// The seats' [`ThrowValues`] of three or four players under `models`: the committed models'
/// worked out the first time they are asked for and kept, any other's each time.
fn throw_values(models: &Models, players: Players) -> ThrowValues {
    static VALUES: [OnceLock<ThrowValues>; 2] = [OnceLock::new(), OnceLock::new()];
    if std::ptr::eq(models, Models::committed()) {
        *VALUES[players.count() - 3].get_or_init(|| work_out_values(models, players))
    } else {
        work_out_values(models, players)
    }
}

fn work_out_values(models: &Models, players: Players) -> ThrowValues {
    let mut values = [[0.0; 13]; 4];
    for seat in players.seats() {
        let sign = if Role::of_seat(seat, players).owns_crib() {
            1.0
        } else {
            -1.0
        };
        if let ThrowTable::Cards(table) = models.crib(players).table(seat) {
            for value in table {
                values[seat.index()][usize::from(value.rank.index())] = sign * value.crib_mean;
            }
        }
    }
    values
}

/// One deal of the others' cards: what each other seat keeps and throws, the crib's dealt card
/// (three players), and the starters left.
struct Others<const N: usize> {
    /// Each seat's four cards kept (yours left unset).
    keeps: [[Card; 4]; N],
    /// The crib's cards besides your throw: each other seat's throw and (three players) the
    /// crib's dealt card.
    crib: Vec<Card>,
    /// Every card that can be the starter.
    starters: Vec<Card>,
}

impl<const N: usize> Others<N> {
    fn draw(dealt: &[Card], me: Seat, values: &ThrowValues, rng: &mut Rng) -> Others<N> {
        let mut pool: Vec<Card> = Card::deck().filter(|c| !dealt.contains(c)).collect();
        let mut take = |rng: &mut Rng| {
            let at = rng.below(pool.len() as u64) as usize;
            pool.swap_remove(at)
        };
        let mut keeps = [[dealt[0]; 4]; N];
        let mut crib = Vec::with_capacity(3);
        for seat in (0..N).filter(|&s| s != me.index()) {
            let five: [Card; 5] = std::array::from_fn(|_| take(rng));
            let (keep, throw) = expert_throw(five, &values[seat]);
            keeps[seat] = keep;
            crib.push(throw);
        }
        if N == 3 {
            crib.push(take(rng));
        }
        Others {
            keeps,
            crib,
            starters: pool,
        }
    }

    /// Your chance with each choice in this deal, every starter left taken.
    fn values(
        &self,
        choices: &[Split],
        mine: &[Prepared],
        me: Seat,
        board: &Board<N>,
        odds: &Odds,
    ) -> Vec<f64> {
        let players = Players::of::<N>();
        let dealer = players.dealer();
        let others: Vec<(Seat, Prepared)> = (0..N)
            .filter(|&s| s != me.index())
            .map(|s| (Seat::new(s), Prepared::new(&self.keeps[s], HandKind::Hand)))
            .collect();
        let mut plays: Vec<([u8; 4], Vec<Score>)> = Vec::with_capacity(choices.len());
        choices
            .iter()
            .zip(mine)
            .map(|(choice, hand)| {
                let ranks = sorted_ranks(choice.keep);
                let play = match plays.iter().find(|(r, _)| *r == ranks) {
                    Some((_, play)) => play.clone(),
                    None => {
                        let play = self.play(choice.keep, me, board);
                        plays.push((ranks, play.clone()));
                        play
                    }
                };
                let mut crib = self.crib.clone();
                crib.extend(&choice.throw);
                let crib = Prepared::new(&crib.try_into().expect("four cards"), HandKind::Crib);
                let total: f64 = self
                    .starters
                    .iter()
                    .map(|&starter| {
                        let shown = shows(players).map(|(_, seat, kind)| {
                            let points = match kind {
                                HandKind::Crib => crib.score(starter),
                                _ if seat == me => hand.score(starter),
                                _ => others
                                    .iter()
                                    .find(|(s, _)| *s == seat)
                                    .map_or(0, |(_, p)| p.score(starter)),
                            };
                            (seat, points)
                        });
                        let events = std::iter::once((dealer, his_heels(starter)))
                            .chain(play.iter().copied())
                            .chain(shown);
                        board.chance(events, odds)
                    })
                    .sum();
                total / self.starters.len() as f64
            })
            .collect()
    }

    /// The play with `keep` in your seat: its scoring events by seat, move by move where two
    /// sides could reach the hole in it (his heels counted), else each seat's total (a side
    /// that alone reaches it wins in the play whatever the order).
    fn play(&self, keep: [Card; 4], me: Seat, board: &Board<N>) -> Vec<Score> {
        let hands: [Ranks; N] = std::array::from_fn(|s| {
            if s == me.index() {
                ranks_of(&keep)
            } else {
                ranks_of(&self.keeps[s])
            }
        });
        let table = Table::new(hands);
        let pegged = solve_maxn(&table);
        let by_seat = |points: [u8; N]| {
            (0..N)
                .filter(move |&s| points[s] > 0)
                .map(move |s| (Seat::new(s), points[s]))
        };
        if board.race(&pegged, 2) {
            line(&table, pegged).into_iter().flat_map(by_seat).collect()
        } else {
            by_seat(pegged).collect()
        }
    }
}

/// What a seat of the expert crib model of three and four players throws from `five`: the card
/// that leaves the most hand points over the 47 starters it cannot see plus its `values` of the
/// card thrown; the four kept and the card.
fn expert_throw(five: [Card; 5], values: &[f64; 13]) -> ([Card; 4], Card) {
    let starters: Vec<Card> = Card::deck().filter(|c| !five.contains(c)).collect();
    let worth = |t: usize| {
        let keep: [Card; 4] = std::array::from_fn(|i| five[if i < t { i } else { i + 1 }]);
        let hand = Prepared::new(&keep, HandKind::Hand);
        let points: u32 = starters.iter().map(|&s| u32::from(hand.score(s))).sum();
        let thrown = values[usize::from(five[t].rank().index())];
        (f64::from(points) / starters.len() as f64 + thrown, keep)
    };
    let (t, keep) = (0..5)
        .map(|t| (t, worth(t)))
        .fold(
            None::<(usize, (f64, [Card; 4]))>,
            |best, (t, w)| match best {
                Some((_, (b, _))) if b >= w.0 => best,
                _ => Some((t, w)),
            },
        )
        .map(|(t, (_, keep))| (t, keep))
        .expect("five choices");
    (keep, five[t])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::discard::{DiscardRequest, advise_discard};
    use crate::rules::card::parse_cards;

    /// Seat `seat`'s chances with each choice of the advice on points for `text`, by choice.
    fn ask(players: Players, text: &str, seat: usize, scores: &[u32]) -> Vec<(Split, WinChance)> {
        let dealt = parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap();
        let seat = Seat::new(seat);
        let request = DiscardRequest {
            seat: Some(seat),
            ..DiscardRequest::new(&dealt, players, Role::of_seat(seat, players))
        };
        let models = Models::committed();
        let advice = advise_discard(models, &request).unwrap();
        let game = crate::rules::board::Game::new(players, 121).unwrap();
        let odds = Odds::committed(players);
        let at = Position::new(game, scores, seat).unwrap();
        let chances = throw_for_board(models, odds, &dealt, &advice.choices, &at);
        advice.choices.into_iter().zip(chances).collect()
    }

    /// Three players: seat 1 (who counts first) at 119, the others at 90 and 95, too far back
    /// to peg out first. A hand sure to count 2 wins whatever the deal holds.
    #[test]
    fn three_players_a_hand_sure_to_count_two_wins_at_119() {
        let valued = ask(Players::THREE, "5h 5c Js 6d Kc", 0, &[119, 90, 95]);
        for (choice, chance) in &valued {
            if choice.hand_min >= 2 {
                assert_eq!((chance.p_win, chance.se), (1.0, 0.0), "{:?}", choice.keep);
            }
        }
        // Keeping four cards that can count nothing may still peg the 2, but not surely.
        let valued = ask(Players::THREE, "2h 4c 9s Jd Kc", 0, &[119, 90, 95]);
        assert!(valued.iter().any(|(_, c)| c.p_win < 1.0), "{valued:?}");
    }

    /// Four players: seat 1's side at 119 (seat 1 counts first), the other side at 90.
    #[test]
    fn four_players_count_for_the_side() {
        let valued = ask(Players::FOUR, "5h 5c Js 6d Kc", 0, &[119, 90]);
        for (choice, chance) in &valued {
            if choice.hand_min >= 2 {
                assert_eq!(chance.p_win, 1.0, "{:?}", choice.keep);
            }
        }
        // The same cards in the dealer's seat, his side at 90 and the other at 119: the other
        // side counts first, and a hand sure to count 2 does not save him.
        let valued = ask(Players::FOUR, "5h 5c Js 6d Kc", 3, &[119, 90]);
        assert!(valued.iter().all(|(_, c)| c.p_win < 0.05), "{valued:?}");
    }

    /// The same question gets the same answer, over the same deals for every choice; chances
    /// are chances, and the best has no gap to itself.
    #[test]
    fn answers_are_seeded_chances() {
        let a = ask(Players::THREE, "3h 4c 9s Jd Kc", 2, &[60, 70, 80]);
        assert_eq!(a, ask(Players::THREE, "3h 4c 9s Jd Kc", 2, &[60, 70, 80]));
        assert_eq!(a.len(), 5);
        assert!(
            a.iter()
                .all(|(_, c)| (0.0..=1.0).contains(&c.p_win) && c.se >= 0.0)
        );
        assert!(
            a.iter()
                .all(|(_, c)| c.draws == throw_deals(Players::THREE))
        );
        let best = a.iter().map(|(_, c)| c.p_win).fold(f64::MIN, f64::max);
        let first_best = a.iter().find(|(_, c)| c.p_win == best).unwrap();
        assert_eq!(first_best.1.gap_se, 0.0);
        assert!(
            a.iter()
                .filter(|(_, c)| c.p_win < best)
                .all(|(_, c)| c.gap_se > 0.0)
        );
    }

    /// The expert's seats throw what nets them most: a dealer keeps 5-5-J-K's fifteens whatever
    /// he lays away, and a pone does not throw a five into a rival's crib.
    #[test]
    fn seats_throw_as_the_expert_model() {
        let models = Models::committed();
        let values = throw_values(models, Players::THREE);
        let five = parse_cards(&["5h", "5c", "Jd", "Kc", "9s"]).unwrap();
        let five: [Card; 5] = five.try_into().unwrap();
        let (keep, throw) = expert_throw(five, &values[2]);
        assert_eq!(throw.to_string(), "9s", "{keep:?}");
        let five = parse_cards(&["5h", "4c", "6d", "Kc", "Qs"]).unwrap();
        let (_, throw) = expert_throw(five.try_into().unwrap(), &values[0]);
        assert_ne!(throw.rank().number(), 5);
        assert!(values[0].iter().all(|&v| v < 0.0) && values[2].iter().all(|&v| v > 0.0));
        // The committed models' values are kept; they are what any models' would be.
        assert_eq!(values, work_out_values(models, Players::THREE));
    }
}
