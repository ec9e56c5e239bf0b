//! Ways to choose the next card of the play: crib's engine, and the baselines it is measured
//! against (self-play, `examples/selfplay.rs`).

use std::cell::RefCell;

use crate::rules::card::{Card, Rank};
use crate::rules::play::{MAX_COUNT, Ranks, rank_card, score_play, value};
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::sequence::{Token, replay};
use crate::rules::view::View;
use crate::search::engine::{HandWeights, advise, holdings, immediate};
use crate::search::memo::{Memo, recall};
use crate::search::sampled::{QUICK_SAMPLES, advise_sampled, samples_for};

/// A way to choose the next card in the play: `None` is go (no card fits).
pub type Player = fn(&View<2>) -> Option<Card>;

/// crib's engine: the card with the best expected net to the end of the deal.
pub fn best(view: &View<2>) -> Option<Card> {
    advise(view, HandWeights::Uniform)
        .options
        .first()
        .map(|o| o.card)
}

/// crib's engine with three or four players: the card with the best expected net over the
/// sampled deals of the hidden cards ([`crate::search::sampled`]).
pub fn best_sampled<const N: usize>(view: &View<N>) -> Option<Card> {
    advise_sampled(view, samples_for(Players::of::<N>()))
        .options
        .first()
        .map(|o| o.card)
}

/// A question put to [`quick_sampled`]: the number of players, the play as it stands from the
/// seat to move ([`View::position_key`]), what is unseen, and what the gos say. The engine's
/// answer is a function of it.
type Question = (u8, u128, Ranks, [u8; 4]);

/// How many answers each thread remembers before starting afresh.
const REMEMBERED: usize = 1 << 20;

thread_local! {
    /// The rank [`quick_sampled`] chose for each question this thread has put to it (`None`:
    /// go).
    static ANSWERED: RefCell<Memo<Question, Option<Rank>, REMEMBERED>> = RefCell::default();
}

/// crib's engine with three or four players over [`QUICK_SAMPLES`] sampled deals of the hidden
/// cards, where many thousands of deals are played (the deals behind the odds of three and four
/// players, the pegging tables): the card with the best expected net. A question asked again
/// on the same thread is answered from memory, the same answer either way.
pub fn quick_sampled<const N: usize>(view: &View<N>) -> Option<Card> {
    let mut over = [0u8; 4];
    over[..N].copy_from_slice(&view.over);
    let question = (N as u8, view.position_key(), view.unseen, over);
    let rank = recall(&ANSWERED, question, || {
        advise_sampled(view, QUICK_SAMPLES)
            .options
            .first()
            .map(|o| o.card.rank())
    });
    rank.and_then(|r| view.left.iter().find(|c| c.rank() == r).copied())
}

/// Baseline one, greedy: the card that scores most now (the lowest such rank on a tie), for
/// any number of players.
pub fn greedy<const N: usize>(view: &View<N>) -> Option<Card> {
    greedy_on_a_tie(view, false)
}

/// Greedy with the highest card on a tie: the other style of a beginner, for any number of
/// players.
pub fn greedy_high<const N: usize>(view: &View<N>) -> Option<Card> {
    greedy_on_a_tie(view, true)
}

/// The card that scores most now; on a tie the lowest rank, or with `high` the highest.
fn greedy_on_a_tie<const N: usize>(view: &View<N>, high: bool) -> Option<Card> {
    let mut best: Option<(u8, Card)> = None;
    for card in view.legal_cards() {
        let now = now_points(view, card);
        if best.is_none_or(|(b, _)| now > b || (high && now == b)) {
            best = Some((now, card));
        }
    }
    best.map(|(_, card)| card)
}

/// Baseline two, any number of players: the card that scores most now less the next player's
/// best immediate reply. With two players it is averaged over the hands the opponent could hold
/// (the lowest such rank on a tie); with three or four, over the cards of the next seat that
/// holds any, every holding of the unseen cards alike (`reply_aware_of_unseen`).
pub fn reply_aware<const N: usize>(view: &View<N>) -> Option<Card> {
    if N != 2 {
        return reply_aware_of_unseen(view);
    }
    let other = Seat::new(1 - view.seat.index());
    let holdings = holdings(&view.unseen, view.cards(other), view.over[other.index()]);
    let total: f64 = holdings.iter().map(|h| h.weight as f64).sum();
    let mut best: Option<(f64, Card)> = None;
    for card in view.legal_cards() {
        let mut since = view.since_start().to_vec();
        since.push(card.without_suit());
        let count = view.count() + card.value();
        let reply: f64 = holdings
            .iter()
            .map(|h| {
                let most = (1..=13u8)
                    .filter(|&r| {
                        h.ranks[usize::from(r)] > 0
                            && count + crate::rules::play::value(r) <= MAX_COUNT
                    })
                    .map(|r| {
                        let mut after = since.clone();
                        after.push(rank_card(r));
                        score_play(&after).points()
                    })
                    .max()
                    .unwrap_or(0);
                h.weight as f64 * f64::from(most)
            })
            .sum::<f64>()
            / total.max(1.0);
        let value = f64::from(now_points(view, card)) - reply;
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, card));
        }
    }
    best.map(|(_, card)| card)
}

/// What a card scores the moment it is played: its fifteens, 31, pairs and runs, and the
/// last card when it is.
pub(crate) fn now_points<const N: usize>(view: &View<N>, card: Card) -> u8 {
    immediate(view, card).iter().map(|s| s.points()).sum()
}

/// A way to choose the next card of a play of `N` players: `None` is go.
pub type PlayerOf<const N: usize> = fn(&View<N>) -> Option<Card>;

/// Play a whole play of four cards a seat, `players[seat]` choosing for each seat, every seat
/// seeing `seen` (the starter): the points each seat pegs.
pub fn play_hands<const N: usize>(
    hands: &[Vec<Card>],
    seen: &[Card],
    players: [PlayerOf<N>; N],
) -> [u32; N] {
    let tokens = play_tokens(hands, seen, players);
    let (pegging, _) = replay::<N>(&tokens).expect("the players play legally");
    std::array::from_fn(|s| pegging.totals[s])
}

/// The tokens of a whole play of four cards a seat, `players[seat]` choosing for each seat,
/// every seat seeing `seen` (the starter).
pub fn play_tokens<const N: usize, H: AsRef<[Card]>>(
    hands: &[H],
    seen: &[Card],
    players: [PlayerOf<N>; N],
) -> Vec<Token> {
    let mut tokens: Vec<Token> = Vec::new();
    loop {
        let (pegging, state) = replay::<N>(&tokens).expect("the players play legally");
        if pegging.complete {
            return tokens;
        }
        let seat = state.turn();
        let view = View::<N>::new(hands[seat].as_ref(), Seat::new(seat), seen, &tokens)
            .expect("a legal position");
        tokens.push(players[seat](&view).map_or(Token::Go, Token::Card));
    }
}
/// Reply-aware with three or four players: the card that scores most now less what the next
/// seat holding cards can expect from its best reply, each holding of its cards from the unseen
/// ones alike (the lowest card on a tie).
fn reply_aware_of_unseen<const N: usize>(view: &View<N>) -> Option<Card> {
    let next = (1..N)
        .map(|k| Seat::new((view.seat.index() + k) % N))
        .find(|&s| view.cards(s) > 0);
    let mut best: Option<(f64, Card)> = None;
    for card in view.legal_cards() {
        let reply = next.map_or(0.0, |seat| {
            expected_best_reply(view, card, u32::from(view.cards(seat)))
        });
        let value = f64::from(now_points(view, card)) - reply;
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, card));
        }
    }
    best.map(|(_, card)| card)
}

/// The expected points of the best reply to `card` by a seat holding `k` of the unseen cards,
/// every holding alike.
fn expected_best_reply<const N: usize>(view: &View<N>, card: Card, k: u32) -> f64 {
    let mut since = view.since_start().to_vec();
    since.push(card.without_suit());
    expected_best_reply_on(&since, &view.unseen, k)
}

/// The expected points of the best reply to the cards played since the count started, `since`,
/// by a seat holding `k` of the `unseen` cards, every holding alike: the chance its best card
/// is each rank, times that rank's points.
pub(crate) fn expected_best_reply_on(since: &[Card], unseen: &Ranks, k: u32) -> f64 {
    let count: u8 = since.iter().map(|c| c.value()).sum();
    let mut after = since.to_vec();
    after.push(rank_card(1));
    let last = after.len() - 1;
    let mut replies: Vec<(u8, u32)> = (1..=13u8)
        .filter(|&r| unseen[usize::from(r)] > 0 && count + value(r) <= MAX_COUNT)
        .map(|r| {
            after[last] = rank_card(r);
            (
                score_play(&after).points(),
                u32::from(unseen[usize::from(r)]),
            )
        })
        .collect();
    replies.sort_by_key(|r| std::cmp::Reverse(r.0));
    let total: u32 = unseen.iter().map(|&n| u32::from(n)).sum();
    // P(the best held is at least the i-th level) = 1 - C(U - m, k) / C(U, k), m the cards of
    // the levels so far.
    let none_of = |m: u32| -> f64 {
        (0..k)
            .map(|i| {
                f64::from(total.saturating_sub(m + i)) / f64::from(total.saturating_sub(i).max(1))
            })
            .product()
    };
    let (mut expected, mut covered, mut p_before) = (0.0, 0, 0.0);
    for (points, cards) in replies {
        covered += cards;
        let p_upto = 1.0 - none_of(covered);
        expected += f64::from(points) * (p_upto - p_before);
        p_before = p_upto;
    }
    expected
}
