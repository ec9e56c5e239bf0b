//! crib's engine for the play with three or four players: what each legal card is worth to the
//! end of the deal, over sampled deals of the cards the player cannot see.
//!
//! With two or three hidden hands, every holding is far too many to search, so the engine
//! **samples** them: each sample deals the unseen cards to the other seats at random, every deal
//! consistent with the play so far equally likely (a seat that said go, or let a count end,
//! holds nothing that would have fitted). For each sample the rest of the deal is solved with
//! every card seen ([`crate::search::maxn`]): three players each playing for himself, four
//! players for their partnership. A card's value is the mean over the samples; every card is
//! valued on the same samples, so the differences between cards are sharper than each value's
//! standard error says.
//!
//! Weighed ([`advise_sampled_weighed`]), the deals are not all alike: the engine draws many more
//! deals than it solves, weighs each by how much likelier the other players are to have kept
//! the hands it gives them than four cards at random (what crib's players keep from the five
//! dealt), or by the chance that, holding those cards, they would have played as they did
//! (`ReadingModel::likelihood`), or both, and solves a sample drawn from them in proportion to
//! those weights (sampling-importance-resampling). Until another player has played there is
//! nothing to read, and without the keeps the deals are then the plain ones.
//!
//! The sample is seeded by the position (the player's cards, what has been played and seen),
//! so the same question always gets the same answer.

use rayon::prelude::*;

use crate::rules::card::Card;
use crate::rules::play::{Ranks, value};
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::shuffle::{Rng, mix};
use crate::rules::view::View;
use crate::search::engine::{CardValue, PlayAdvice, four_ranks, immediate, keep_ratio};
use crate::search::maxn::solve_maxn;
use crate::search::reading::ReadingModel;

/// How many deals of the hidden cards crib samples for one decision: as many as keep the
/// slowest decision (the first lead) under 100 ms on 2 cores. That gives a standard error of
/// about 0.1 point on a card's net with three players and 0.25 with four, less on the
/// difference between two cards (both valued on the same samples).
pub const fn samples_for(players: Players) -> usize {
    match players.count() {
        3 => 200,
        _ => 64,
    }
}

/// How many deals of the hidden cards each decision samples where many thousands of deals are
/// played by crib's engine ([`crate::search::players::quick_sampled`]): the deals behind the
/// odds of three and four players, and the pegging tables of three and four players.
pub const QUICK_SAMPLES: usize = 12;

/// The points a seat's side pegs on a line, and the points its rivals peg: with three players
/// the mean of the other two's, with four the other partnership's.
pub fn mine_theirs<const N: usize>(points: &[u8; N], seat: Seat) -> (f64, f64) {
    let seat = seat.index();
    let all: f64 = points.iter().map(|&p| f64::from(p)).sum();
    let mine = match N {
        4 => f64::from(points[seat % 2]) + f64::from(points[seat % 2 + 2]),
        _ => f64::from(points[seat]),
    };
    match N {
        3 => (mine, (all - mine) / 2.0),
        _ => (mine, all - mine),
    }
}

/// How many deals of the hidden cards are drawn and read for each deal solved, when the play is
/// read.
pub(crate) const DRAWN_PER_SOLVED: usize = 8;

/// Advise the player whose view this is, over `samples` deals of the hidden cards, every deal
/// consistent with the play alike.
pub fn advise_sampled<const N: usize>(view: &View<N>, samples: usize) -> PlayAdvice {
    advise_sampled_weighed(view, samples, DealWeights::default())
}

/// How the deals of the others' hidden cards are weighed: each deal drawn in proportion to the
/// product of its weights, none of them (the default) every deal alike.
#[derive(Debug, Clone, Copy, Default)]
pub struct DealWeights<'a> {
    /// By seat in the order of play: in how many deals players in that seat keep each hand of
    /// four ranks (by [`rank_hand_number`](crate::rules::numbering::rank_hand_number)). Each
    /// deal is weighed by how much likelier each other seat is to keep the hand it makes (the
    /// cards the deal gives it with those it has played) than four cards dealt at random are to
    /// make it ([`keep_ratio`]).
    pub keeps: Option<&'a [Vec<u64>]>,
    /// Each deal weighed by the chance, by this model, that the other players, holding those
    /// cards, would have played as they did (`ReadingModel::likelihood`).
    pub reading: Option<&'a ReadingModel>,
}

/// Advise the player whose view this is, over `samples` deals of the hidden cards drawn in
/// proportion to their weights by `weights` (every deal alike when it has none).
pub fn advise_sampled_weighed<const N: usize>(
    view: &View<N>,
    samples: usize,
    weights: DealWeights,
) -> PlayAdvice {
    solved_lines(view, samples, weights).advice(view)
}

/// The deals a decision is valued over, each solved after each legal card: what the sampled
/// engine's advice is made of, and what the board weighs the same cards over.
#[derive(Debug, Clone)]
pub(crate) struct Lines<const N: usize> {
    /// The deals of the others' hidden cards, by ranks (yours empty).
    pub deals: Vec<[Ranks; N]>,
    /// The legal cards, one of each rank.
    pub legal: Vec<Card>,
    /// By deal, then by legal card: the points each seat pegs from that card (its own points
    /// included) to the end of the play on the line found.
    pub pegged: Vec<Vec<[u8; N]>>,
}

/// `samples` deals of the hidden cards drawn as [`advise_sampled_weighed`] draws them, each
/// solved after each legal card with every card seen.
pub(crate) fn solved_lines<const N: usize>(
    view: &View<N>,
    samples: usize,
    weights: DealWeights,
) -> Lines<N> {
    let mut rng = Rng::new(position_seed(view));
    lines_over(view, weighed_deals(view, samples, weights, &mut rng))
}

/// Advise the player whose view this is as if some of the others' hidden cards were known: by
/// seat, `known` the cards a seat still holds, or `None` for a seat whose cards are drawn as
/// the sampled engine draws them, from the cards unseen and not known, `samples` deals (the
/// player's own seat is never drawn). Where every other seat is known, the advice is over that
/// one deal. What seeing some or all of the cards would be worth, for the experiments that
/// measure it.
pub fn advise_seeing<const N: usize>(
    view: &View<N>,
    known: [Option<Ranks>; N],
    samples: usize,
) -> PlayAdvice {
    let me = view.seat.index();
    let drawn = (0..N).any(|s| s != me && known[s].is_none());
    let deals = match drawn {
        false => vec![deal_around(view, &known, &mut Rng::new(0))],
        true => {
            let mut rng = Rng::new(position_seed(view));
            (0..samples)
                .map(|_| deal_around(view, &known, &mut rng))
                .collect()
        }
    };
    lines_over(view, deals).advice(view)
}

/// `deals` of the hidden cards, each solved after each legal card with every card seen.
fn lines_over<const N: usize>(view: &View<N>, deals: Vec<[Ranks; N]>) -> Lines<N> {
    let legal = view.legal_cards();
    let pegged = deals
        .par_iter()
        .map(|hands| {
            let table = view.table_dealt(hands);
            legal
                .iter()
                .map(|card| {
                    let mut after = table;
                    let now = after.play(card.rank().number());
                    let rest = solve_maxn(&after);
                    std::array::from_fn(|i| now[i] + rest[i])
                })
                .collect()
        })
        .collect();
    Lines {
        deals,
        legal,
        pegged,
    }
}

/// `samples` deals of the hidden cards, drawn from `DRAWN_PER_SOLVED` (8) times as many by their
/// weight by `weights` (systematic resampling: each deal drawn as often as its share of the
/// weight says, to within one). The plain deals where nothing weighs them (no keeps, and nobody
/// else has played yet to be read), or where no deal weighs as possible.
pub fn weighed_deals<const N: usize>(
    view: &View<N>,
    samples: usize,
    weights: DealWeights,
    rng: &mut Rng,
) -> Vec<[Ranks; N]> {
    let plays: Vec<(usize, u8)> = view
        .played
        .iter()
        .map(|(seat, card)| (seat.index(), card.rank().number()))
        .collect();
    let me = view.seat.index();
    let readers: Vec<usize> = match weights.reading {
        Some(_) => (0..N)
            .filter(|&s| s != me && plays.iter().any(|&(p, _)| p == s))
            .collect(),
        None => Vec::new(),
    };
    if readers.is_empty() && weights.keeps.is_none() {
        return (0..samples).map(|_| deal_hidden(view, rng)).collect();
    }
    let drawn: Vec<[Ranks; N]> = (0..samples * DRAWN_PER_SOLVED)
        .map(|_| deal_hidden(view, rng))
        .collect();
    // Each hand as it was before the play: the player's own, and the cards the others played,
    // to which a deal adds what they still hold.
    let mut before = [[0u8; 14]; N];
    before[me] = crate::rules::play::ranks_of(&view.hand);
    for &(seat, rank) in &plays {
        if seat != me {
            before[seat][usize::from(rank)] += 1;
        }
    }
    let full = |hidden: &[Ranks; N]| {
        let mut hands = before;
        for (hand, held) in hands.iter_mut().zip(hidden) {
            for (count, extra) in hand.iter_mut().zip(held) {
                *count += extra;
            }
        }
        hands
    };
    let weight = |d: &[Ranks; N]| -> f64 {
        let hands = full(d);
        let read: f64 = match weights.reading {
            Some(model) => readers
                .iter()
                .map(|&s| model.likelihood(hands, &plays, s))
                .product(),
            None => 1.0,
        };
        let kept: f64 = match weights.keeps {
            Some(keeps) => (0..N)
                .filter(|&s| s != me)
                .map(|s| keep_ratio(&keeps[s], four_ranks(&hands[s])))
                .product(),
            None => 1.0,
        };
        read * kept
    };
    let weights: Vec<f64> = drawn.iter().map(weight).collect();
    let total: f64 = weights.iter().sum();
    if !(total > 0.0 && total.is_finite()) {
        return drawn.into_iter().take(samples).collect();
    }
    let step = total / samples as f64;
    let mut at = step * rng.unit();
    let (mut out, mut reached) = (Vec::with_capacity(samples), 0.0);
    for (deal, w) in drawn.iter().zip(&weights) {
        reached += w;
        while at < reached && out.len() < samples {
            out.push(*deal);
            at += step;
        }
    }
    while out.len() < samples {
        out.push(drawn[weights.len() - 1]);
    }
    out
}

impl<const N: usize> Lines<N> {
    /// Every legal card valued by its mean over the deals, best net first.
    pub(crate) fn advice(&self, view: &View<N>) -> PlayAdvice {
        let (legal, lines, samples) = (&self.legal, &self.pegged, self.deals.len());
        let seat = view.seat;
        let nets: Vec<Vec<f64>> = (0..legal.len())
            .map(|i| {
                lines
                    .iter()
                    .map(|l| {
                        let (m, t) = mine_theirs(&l[i], seat);
                        m - t
                    })
                    .collect()
            })
            .collect();
        let values: Vec<CardValue> = (0..legal.len())
            .map(|i| valued(view, legal[i], lines.iter().map(|l| l[i])))
            .collect();
        let mut order: Vec<usize> = (0..legal.len()).collect();
        order.sort_by(|&a, &b| values[b].net().total_cmp(&values[a].net()));
        let options: Vec<CardValue> = order
            .iter()
            .map(|&i| {
                let gaps: Vec<f64> = nets[order[0]]
                    .iter()
                    .zip(&nets[i])
                    .map(|(b, x)| b - x)
                    .collect();
                CardValue {
                    gap_se: Some(standard_error(&gaps)),
                    ..values[i].clone()
                }
            })
            .collect();
        PlayAdvice {
            options,
            holdings: samples,
            sampled: true,
        }
    }
}

/// A card valued by its lines over the samples: the means, and the net's standard error.
fn valued<const N: usize>(
    view: &View<N>,
    card: Card,
    lines: impl Iterator<Item = [u8; N]>,
) -> CardValue {
    let (mut mine, mut theirs, mut nets) = (0.0, 0.0, Vec::new());
    for line in lines {
        let (m, t) = mine_theirs(&line, view.seat);
        mine += m;
        theirs += t;
        nets.push(m - t);
    }
    let n = nets.len().max(1) as f64;
    CardValue {
        card,
        now: immediate(view, card),
        mine: mine / n,
        theirs: theirs / n,
        se: Some(standard_error(&nets)),
        gap_se: None,
    }
}

/// The standard error of the mean of `xs`.
fn standard_error(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    if n < 2.0 {
        return 0.0;
    }
    let mean = xs.iter().sum::<f64>() / n;
    let variance = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (variance / n).sqrt()
}

/// A seed naming the question: the player's cards, the play as it stands, what is unseen and
/// what the gos say, mixed into 64 bits.
fn position_seed<const N: usize>(view: &View<N>) -> u64 {
    let key = view.position_key();
    let mut words = vec![key as u64, (key >> 64) as u64, N as u64];
    words.extend(view.unseen.iter().map(|&n| u64::from(n)));
    words.extend(view.over.iter().map(|&o| u64::from(o)));
    mix(0x5EED_C21B_0A2D_0001, &words)
}

/// One deal of the unseen cards to the other seats, every deal consistent with the gos equally
/// likely. The seats that must hold the highest cards draw first, each from the unseen cards
/// worth more than its limit: the sets allowed are nested, so the deal is uniform.
pub(crate) fn deal_hidden<const N: usize>(view: &View<N>, rng: &mut Rng) -> [Ranks; N] {
    deal_around(view, &[None; N], rng)
}

/// [`deal_hidden`] with the seats whose cards are `known` holding those, the rest drawn from
/// the unseen cards that are not known.
fn deal_around<const N: usize>(
    view: &View<N>,
    known: &[Option<Ranks>; N],
    rng: &mut Rng,
) -> [Ranks; N] {
    let mut left = view.unseen;
    let mut hands = [[0u8; 14]; N];
    for (hand, cards) in hands.iter_mut().zip(known) {
        if let Some(cards) = cards {
            *hand = *cards;
            for (l, c) in left.iter_mut().zip(cards) {
                *l = l.saturating_sub(*c);
            }
        }
    }
    let mut seats: Vec<usize> = (0..N)
        .filter(|&s| s != view.seat.index() && known[s].is_none())
        .collect();
    seats.sort_by_key(|&s| std::cmp::Reverse(view.over[s]));
    for seat in seats {
        let over = view.over[seat];
        for _ in 0..view.cards(Seat::new(seat)) {
            let pool: u64 = (1..=13u8)
                .filter(|&r| value(r) > over)
                .map(|r| u64::from(left[usize::from(r)]))
                .sum();
            let mut pick = rng.below(pool.max(1));
            for rank in (1..=13u8).filter(|&r| value(r) > over) {
                let here = u64::from(left[usize::from(rank)]);
                if pick < here {
                    left[usize::from(rank)] -= 1;
                    hands[seat][usize::from(rank)] += 1;
                    break;
                }
                pick -= here;
            }
        }
    }
    hands
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::sequence::parse_tokens;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    fn view<const N: usize>(hand: &str, seat: usize, seen: &str, play: &str) -> View<N> {
        let tokens = parse_tokens(
            &play.split_whitespace().collect::<Vec<_>>(),
            Players::of::<N>(),
        )
        .unwrap();
        View::new(&cards(hand), Seat::new(seat), &cards(seen), &tokens).unwrap()
    }

    #[test]
    fn the_same_question_gets_the_same_answer() {
        let v = view::<3>("5h 6c 7d Ks", 0, "2c", "");
        let a = advise_sampled(&v, 40);
        assert_eq!(a, advise_sampled(&v, 40));
        assert_eq!(a.options.len(), 4);
        assert!(a.sampled && a.holdings == 40);
        assert!(a.options.windows(2).all(|w| w[0].net() >= w[1].net()));
        assert!(a.options.iter().all(|o| o.se.is_some_and(|se| se > 0.0)));
    }

    #[test]
    fn hidden_deals_respect_the_gos() {
        // p1 K, p2 Q, dealer 9 (29), and all three say go: p2 and the dealer hold nothing
        // worth 2 or less. p1 leads the next count.
        let v = view::<3>("Kh 4c 4d 4s", 0, "", "K Q 9 go go go");
        assert_eq!(v.over, [0, 2, 2]);
        let mut rng = Rng::new(5);
        let mut seen = [0u32; 14];
        for _ in 0..500 {
            let hands = deal_hidden(&v, &mut rng);
            assert_eq!(hands[0], [0; 14]);
            for seat in 1..3 {
                assert_eq!(hands[seat].iter().sum::<u8>(), v.cards(Seat::new(seat)));
                assert_eq!(hands[seat][1] + hands[seat][2], 0, "{hands:?}");
            }
            for r in 1..14 {
                seen[r] += u32::from(hands[1][r] + hands[2][r]);
            }
        }
        // Every rank above 2 turns up.
        assert!(seen[3..].iter().all(|&n| n > 0), "{seen:?}");
    }

    /// A reader sure that players take their points: p2 answered a lead of 10 with a king, not a
    /// 5 for fifteen, so the deals read never give p2 a 5, though the plain deals often do.
    #[test]
    fn read_deals_follow_the_play() {
        let v = view::<3>("2h 3c 4d 6s", 2, "9c", "10 K");
        let mut weights = [0.0; crate::search::reading::FEATURES];
        weights[0] = 20.0;
        let model = ReadingModel {
            weights,
            uniform_share: 0.0,
        };
        let fives = |deals: &[[Ranks; 3]]| deals.iter().filter(|d| d[1][5] > 0).count();
        let plain: Vec<[Ranks; 3]> = {
            let mut rng = Rng::new(7);
            (0..200).map(|_| deal_hidden(&v, &mut rng)).collect()
        };
        let read = weighed_deals(&v, 200, reads(&model), &mut Rng::new(7));
        assert_eq!(read.len(), 200);
        assert!(fives(&plain) > 40, "{}", fives(&plain));
        assert_eq!(fives(&read), 0);
        // Nobody else has played: nothing to read, and the deals are the plain ones.
        let first = view::<3>("2h 3c 4d 6s", 0, "9c", "");
        let mut rng = Rng::new(7);
        let plain: Vec<[Ranks; 3]> = (0..50).map(|_| deal_hidden(&first, &mut rng)).collect();
        assert_eq!(
            weighed_deals(&first, 50, reads(&model), &mut Rng::new(7)),
            plain
        );
        // The uniform reader keeps every deal's weight alike: a fair draw among them.
        let even = weighed_deals(&v, 200, reads(&ReadingModel::UNIFORM), &mut Rng::new(7));
        assert!(fives(&even) > 40, "{}", fives(&even));
    }

    fn reads(model: &ReadingModel) -> DealWeights<'_> {
        DealWeights {
            keeps: None,
            reading: Some(model),
        }
    }

    /// Weighed by what players keep, the deals follow the keeps: a tally in which every seat
    /// keeps only hands with a 5 gives the others a 5 in nearly every deal, where the plain
    /// deals often do not; without keeps or reading the deals are the plain ones.
    #[test]
    fn weighed_deals_follow_the_keeps() {
        let v = view::<3>("2h 3c 4d 6s", 0, "9c", "");
        let fives: Vec<u64> = crate::rules::numbering::rank_hands()
            .iter()
            .map(|h| if h.contains(&5) { 1_000_000 } else { 0 })
            .collect();
        let keeps = vec![fives; 3];
        let weights = DealWeights {
            keeps: Some(&keeps),
            reading: None,
        };
        let both =
            |deals: &[[Ranks; 3]]| deals.iter().filter(|d| d[1][5] > 0 && d[2][5] > 0).count();
        let kept = weighed_deals(&v, 200, weights, &mut Rng::new(7));
        let plain: Vec<[Ranks; 3]> = {
            let mut rng = Rng::new(7);
            (0..200).map(|_| deal_hidden(&v, &mut rng)).collect()
        };
        assert!(both(&kept) > 190, "{}", both(&kept));
        assert!(both(&plain) < 100, "{}", both(&plain));
        let none = weighed_deals(&v, 200, DealWeights::default(), &mut Rng::new(7));
        assert_eq!(none, plain);
    }

    #[test]
    fn a_card_that_makes_31_is_worth_its_two_with_partners() {
        // Seat 1 (index 0) to play on 21 with a 10 for 31.
        let v = view::<4>("Kh Th 4d 9s", 0, "", "K 6 3 2");
        let advice = advise_sampled(&v, 30);
        let best = &advice.options[0];
        assert_eq!(best.card.rank().number(), 10);
        assert_eq!(best.now_points(), 2);
    }

    /// Seeing a deal values each card by that deal's solved line alone: over the deals the
    /// sampled engine draws, the mean of the seeing values is the sampled value, card by card.
    #[test]
    fn seeing_is_the_engine_over_one_deal() {
        let v = view::<4>("5h 6c 7d Ks", 1, "2c", "8");
        let sampled = advise_sampled(&v, 24);
        let mut rng = Rng::new(position_seed(&v));
        let deals = weighed_deals(&v, 24, DealWeights::default(), &mut rng);
        for option in &sampled.options {
            let (mut mine, mut theirs) = (0.0, 0.0);
            for deal in &deals {
                let seeing = advise_seeing(&v, deal.map(Some), 24);
                assert_eq!(seeing.holdings, 1);
                let same = seeing
                    .options
                    .iter()
                    .find(|o| o.card == option.card)
                    .unwrap();
                mine += same.mine / 24.0;
                theirs += same.theirs / 24.0;
            }
            assert!((mine - option.mine).abs() < 1e-9, "{}", option.card);
            assert!((theirs - option.theirs).abs() < 1e-9, "{}", option.card);
        }
        // The deals differ, and so do the cards' values seen through them.
        let nets: Vec<f64> = deals
            .iter()
            .map(|d| advise_seeing(&v, d.map(Some), 24).options[0].net())
            .collect();
        assert!(nets.iter().any(|&n| n != nets[0]));
        // Knowing one seat's cards, the others are drawn around them: that seat holds them in
        // every deal, and the rest are dealt from what is left.
        let partner = deals[0][3];
        let mut rng = Rng::new(3);
        for _ in 0..200 {
            let deal = deal_around(&v, &[None, None, None, Some(partner)], &mut rng);
            assert_eq!(deal[3], partner);
            assert_eq!(deal[1], [0; 14]);
            for r in 1..14 {
                assert!(deal[0][r] + deal[2][r] + partner[r] <= v.unseen[r]);
            }
            assert_eq!(deal[0].iter().sum::<u8>(), v.cards(Seat::new(0)));
            assert_eq!(deal[2].iter().sum::<u8>(), v.cards(Seat::new(2)));
        }
        let some = advise_seeing(&v, [None, None, None, Some(partner)], 24);
        assert_eq!(some.holdings, 24);
    }

    #[test]
    fn sides() {
        assert_eq!(mine_theirs(&[4, 2, 0], Seat::new(0)), (4.0, 1.0));
        assert_eq!(mine_theirs(&[1, 2, 3, 4], Seat::new(1)), (6.0, 4.0));
        assert_eq!(mine_theirs(&[3, 5], Seat::new(1)), (5.0, 3.0));
    }
}
