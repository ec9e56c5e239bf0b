//! How much one step of learning from self-play could add to `strongest`'s play with three
//! players: the most a learned value of the rest of a deal of three could be worth at the
//! decisions measured, found without learning it, as [`super::rollout`] finds it for two.
//!
//! With three players `strongest` values a card by working out the rest of the deal with every
//! card seen, over deals of the others' hidden cards drawn by what they keep. A value learned
//! from crib's own deals would learn instead what each card nets when everyone plays on as they
//! really do, none seeing the others' cards. This experiment measures that by rollouts: at a
//! decision of `strongest` with a choice of ranks, it draws `SAMPLES` deals of the others'
//! hidden cards as `strongest` draws them (by what they keep from five), and for each legal
//! rank plays the deal out on each (the same deals for every rank), `strongest` in its seat and
//! the expert in the others (the players of `crib match crib:strongest crib:expert
//! crib:expert`). The rank with the best mean net (its points less the mean of the others',
//! what it plays for) is the rollouts' choice.
//!
//! The deals: five cards a seat and a starter, each seat keeping four as `crib discard`
//! advises (as `strongest` and the expert throw); the seat `strongest` sits in moves round the
//! table with the deal number, the expert in the other two. The play goes on with `strongest`'s
//! own card, so the decisions are the ones it meets. Each choice the rollouts change is
//! measured against `strongest`'s card two ways, neither of them the deals it was chosen on:
//! - over `SAMPLES` fresh deals drawn the same way (what the card is worth against experts
//!   keeping as crib's players keep; in the rollouts the others see the starter and their own
//!   cards, not their throws);
//! - played out once on the hands the others really hold (noisier, and exact for that deal).
//!
//! The rollouts' choice is reported twice: as it falls (the best mean, however small its lead),
//! and gated (kept only where it beats `strongest`'s card by more than two standard errors of
//! the gap, deal by deal, on the deals it was chosen on; elsewhere `strongest`'s card stands).
//!
//! With `first` (the default) only each seat's first card of a deal is valued; with `every`,
//! every card with a choice.
//!
//! With `seat1`, `seat2` or `dealer` after that, only the deals with `strongest` in that seat
//! are played (a third of them); with `list` after that, each choice the rollouts change is
//! listed: the seat's cards, `strongest`'s card, the rollouts', and the measures.
//!
//! `cargo xtask experiment rollout3 [DEALS] [SEED] [SAMPLES] [first|every]
//! [seat1|seat2|dealer|all] [list]`

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::rules::card::Card;
use crib::tables::rules::play::Ranks;
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::rules::sequence::{Token, replay};
use crib::tables::rules::shuffle::{Rng, mix, shuffled};
use crib::tables::rules::view::View;
use crib::tables::search::players::{PlayerOf, best_sampled};
use crib::tables::search::sampled::{mine_theirs, samples_for, weighed_deals};

use super::selfplay34::{kept, kept_weights};
use super::shared::arg;
use super::shared::stats::mean_se;
use crate::generate::kept::advised_keep;

/// Three players.
const N: usize = 3;

/// The expert's play, in the seats `strongest` is not in.
pub(super) const EXPERT: PlayerOf<N> = best_sampled::<N>;

/// One decision valued.
struct Decision {
    /// The deal's number.
    deal: u64,
    /// The seat of `strongest`: 0 leads, 2 deals.
    seat: usize,
    /// Whether it is the seat's first card of the deal.
    first: bool,
    /// Whether the rollouts chose another rank than `strongest`.
    changed: bool,
    /// Whether their choice beat `strongest`'s card by more than two standard errors of the
    /// gap, deal by deal, on the deals it was made on: the choice with a gate.
    clear: bool,
    /// The rollouts' choice less `strongest`'s card, on the deals the choice was made on.
    believed: f64,
    /// The same, over fresh deals drawn the same way.
    fresh: f64,
    /// The same, played out once on the hands the others hold.
    held: f64,
    /// The cards the seat holds (those left, in a later card), `strongest`'s card and the
    /// rollouts'.
    cards: (Vec<Card>, Card, Card),
}

/// The deal as it lies: every seat's four cards and what each sees besides them.
pub(super) struct Lie {
    pub(super) hands: [Vec<Card>; N],
    pub(super) seen: [Vec<Card>; N],
}

/// The players: `strongest`'s play (without the board, which acts only near the end) in
/// `seat`, `others` (the expert's, [`EXPERT`]) in the others.
fn players(seat: usize, others: PlayerOf<N>) -> [PlayerOf<N>; N] {
    let mut players: [PlayerOf<N>; N] = [others; N];
    players[seat] = kept::<N>;
    players
}

/// Play on from `tokens` to the end of the play: the points each seat pegs in all.
fn play_on(lie: &Lie, tokens: &[Token], players: [PlayerOf<N>; N]) -> [u8; N] {
    let mut tokens = tokens.to_vec();
    loop {
        let (pegging, state) = replay::<N>(&tokens).expect("the players play legally");
        if pegging.complete {
            return std::array::from_fn(|s| pegging.totals[s] as u8);
        }
        let seat = state.turn();
        let view = View::<N>::new(&lie.hands[seat], Seat::new(seat), &lie.seen[seat], &tokens)
            .expect("a legal position");
        tokens.push(players[seat](&view).map_or(Token::Go, Token::Card));
    }
}

/// The deal `hidden` (by ranks, the others' cards still held) given suits from the cards
/// `seat` cannot see, the others seeing only the starter.
fn lie_of(view: &View<N>, real: &Lie, hidden: &[Ranks; N]) -> Lie {
    let me = view.seat.index();
    let known: Vec<Card> = real.hands[me]
        .iter()
        .chain(&real.seen[me])
        .chain(view.played.iter().map(|(_, c)| c))
        .copied()
        .collect();
    let mut pool: Vec<Card> = Card::deck().filter(|c| !known.contains(c)).collect();
    let starter = real.seen[me][0];
    let hands = std::array::from_fn(|s| {
        if s == me {
            return real.hands[me].clone();
        }
        let mut hand: Vec<Card> = view
            .played
            .iter()
            .filter(|(p, _)| p.index() == s)
            .map(|(_, c)| *c)
            .collect();
        for rank in 1..=13u8 {
            for _ in 0..hidden[s][usize::from(rank)] {
                let at = pool
                    .iter()
                    .position(|c| c.rank().number() == rank)
                    .expect("the deal is of cards unseen");
                hand.push(pool.swap_remove(at));
            }
        }
        hand
    });
    let seen = std::array::from_fn(|s| {
        if s == me {
            real.seen[me].clone()
        } else {
            vec![starter]
        }
    });
    Lie { hands, seen }
}

/// For each of `cards`, its net to `seat` (its points less the mean of the others') on each
/// of `deals`, played out from `tokens`, `others` playing the other seats.
pub(super) fn nets(
    (view, real, others): (&View<N>, &Lie, PlayerOf<N>),
    tokens: &[Token],
    cards: &[Card],
    deals: &[[Ranks; N]],
) -> Vec<Vec<f64>> {
    let lies: Vec<Lie> = deals.iter().map(|d| lie_of(view, real, d)).collect();
    nets_on((view.seat, others), &lies, tokens, cards)
}

/// For each of `cards`, its net to `seat` on each of `lies`, played out from `tokens`, `others`
/// playing the other seats.
fn nets_on(
    (seat, others): (Seat, PlayerOf<N>),
    lies: &[Lie],
    tokens: &[Token],
    cards: &[Card],
) -> Vec<Vec<f64>> {
    cards
        .iter()
        .map(|&card| {
            let mut after = tokens.to_vec();
            after.push(Token::Card(card));
            lies.iter()
                .map(|lie| {
                    let (mine, theirs) =
                        mine_theirs(&play_on(lie, &after, players(seat.index(), others)), seat);
                    mine - theirs
                })
                .collect()
        })
        .collect()
}

/// The mean and standard error of `a` less `b`, deal by deal.
pub(super) fn gap(a: &[f64], b: &[f64]) -> (f64, f64) {
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    mean_se(&d)
}

/// The others' hidden cards, `samples` deals drawn as `strongest` draws them, by `salt`.
pub(super) fn drawn(view: &View<N>, samples: usize, salt: u64) -> Vec<[Ranks; N]> {
    let words: Vec<u64> = view
        .played
        .iter()
        .map(|(s, c)| (s.index() as u64) << 8 | u64::from(c.rank().number()))
        .chain(view.hand.iter().map(|c| u64::from(c.index().unwrap_or(99))))
        .collect();
    let mut rng = Rng::new(mix(salt, &words));
    weighed_deals(view, samples, kept_weights::<N>(), &mut rng)
}

/// The decision at `tokens` valued by rollouts, and `strongest`'s card there.
fn value(view: &View<N>, real: &Lie, tokens: &[Token], how: &How, first: bool) -> Decision {
    let engine = kept::<N>(view).expect("a card to play");
    let legal = view.legal_cards();
    let deals = drawn(view, how.samples, how.seed ^ 0xC401);
    let values = nets((view, real, EXPERT), tokens, &legal, &deals);
    let means: Vec<f64> = values
        .iter()
        .map(|v| v.iter().sum::<f64>() / v.len() as f64)
        .collect();
    let at = legal
        .iter()
        .position(|c| c.rank() == engine.rank())
        .expect("the engine's card is legal");
    let best = (0..legal.len())
        .max_by(|&a, &b| means[a].total_cmp(&means[b]).then(b.cmp(&a)))
        .expect("a legal card");
    let choice = legal[best];
    let changed = choice.rank() != engine.rank();
    let (believed, believed_se) = gap(&values[best], &values[at]);
    let (mut fresh, mut held) = (0.0, 0.0);
    if changed {
        let deals = drawn(view, how.samples, how.seed ^ 0xF2E5);
        let pair = [choice, engine];
        let v = nets((view, real, EXPERT), tokens, &pair, &deals);
        fresh = gap(&v[0], &v[1]).0;
        let on_held = nets_on(
            (view.seat, EXPERT),
            std::slice::from_ref(real),
            tokens,
            &pair,
        );
        held = on_held[0][0] - on_held[1][0];
    }
    Decision {
        deal: 0,
        seat: view.seat.index(),
        first,
        changed,
        clear: changed && believed > 2.0 * believed_se,
        cards: (view.left.clone(), engine, choice),
        believed,
        fresh,
        held,
    }
}

struct How {
    seed: u64,
    samples: usize,
    every: bool,
}

/// Deal `deal` of the shuffle `seed`: five cards a seat and a starter, each seat keeping four
/// as `crib discard` advises and seeing the starter and its throw.
pub(super) fn dealt(models: &Models, seed: u64, deal: u64) -> Lie {
    let cards = shuffled(seed, deal, 5 * N + 1);
    let starter = cards[5 * N];
    let five = |s: usize| &cards[5 * s..5 * s + 5];
    let hands: [Vec<Card>; N] = std::array::from_fn(|s| {
        advised_keep(models, five(s), Players::THREE, Seat::new(s)).to_vec()
    });
    let seen = std::array::from_fn(|s| {
        let thrown = five(s).iter().find(|c| !hands[s].contains(c)).copied();
        vec![starter, thrown.expect("one card thrown")]
    });
    Lie { hands, seen }
}

/// One deal played as it falls, `strongest` in seat `deal mod 3`, each of its decisions with a
/// choice of ranks valued (the first of the deal alone unless `every`).
fn one_deal(models: &Models, deal: u64, how: &How) -> Vec<Decision> {
    let real = dealt(models, how.seed.wrapping_add(0x3303), deal);
    let seat = (deal % N as u64) as usize;
    let who = players(seat, EXPERT);
    let mut tokens: Vec<Token> = Vec::new();
    let mut out = Vec::new();
    let mut played = 0;
    loop {
        let (pegging, state) = replay::<N>(&tokens).expect("the players play legally");
        if pegging.complete {
            return out;
        }
        let turn = state.turn();
        let view = View::<N>::new(
            &real.hands[turn],
            Seat::new(turn),
            &real.seen[turn],
            &tokens,
        )
        .expect("a legal position");
        if turn == seat && (how.every || played == 0) && view.legal_cards().len() > 1 {
            out.push(Decision {
                deal,
                ..value(&view, &real, &tokens, how, played == 0)
            });
        }
        let token = who[turn](&view).map_or(Token::Go, Token::Card);
        if turn == seat && matches!(token, Token::Card(_)) {
            played += 1;
        }
        tokens.push(token);
    }
}

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 300);
    let seed: u64 = arg(args, 1, 1);
    let samples: usize = arg(args, 2, 32);
    let every = args.get(3).is_some_and(|a| a == "every");
    let list = args.get(5).is_some_and(|a| a == "list");
    // One seat alone if one is named: its deals only are played.
    let only: Option<u64> = match args.get(4).map(String::as_str) {
        Some("seat1") => Some(0),
        Some("seat2") => Some(1),
        Some("dealer") => Some(2),
        _ => None,
    };
    let played = |deal: &u64| only.is_none_or(|seat| deal % N as u64 == seat);
    let how = How {
        seed,
        samples,
        every,
    };
    let models = Models::committed();
    let start = Instant::now();
    let decisions: Vec<Decision> = (0..deals)
        .into_par_iter()
        .filter(played)
        .flat_map_iter(|deal| one_deal(models, deal, &how))
        .collect();
    println!(
        "three players, {deals} deals (seed {seed}), {samples} deals a choice, `strongest` \
         against two experts; engine's decisions searched with {} deals: {:.0} s",
        samples_for(Players::THREE),
        start.elapsed().as_secs_f64()
    );
    println!(
        "seat, cards | decisions with a choice | changed | the rollouts believe | fresh deals | \
         the hands held (a deal of that seat) | gated: changed | fresh | held"
    );
    let names = ["seat 1 (leads)", "seat 2", "the dealer"];
    for (seat, name) in names.iter().enumerate() {
        if !played(&(seat as u64)) {
            continue;
        }
        for (first, cards) in [(true, "first card"), (false, "later cards")] {
            let mine: Vec<&Decision> = decisions
                .iter()
                .filter(|d| d.seat == seat && d.first == first)
                .collect();
            if mine.is_empty() {
                continue;
            }
            // Per deal of the seat: the sum over its decisions, deals without one nought.
            let per_deal = |f: &dyn Fn(&Decision) -> f64| {
                summed(
                    mine.iter().copied(),
                    (0..deals).filter(|d| d % N as u64 == seat as u64),
                    f,
                )
            };
            let changed = mine.iter().filter(|d| d.changed).count();
            let (b, b_se) = per_deal(&|d| d.believed);
            let (f, f_se) = per_deal(&|d| d.fresh);
            let (h, h_se) = per_deal(&|d| d.held);
            let clear = mine.iter().filter(|d| d.clear).count();
            let gated =
                |f: fn(&Decision) -> f64| move |d: &Decision| f(d) * f64::from(u8::from(d.clear));
            let (gf, gf_se) = per_deal(&gated(|d| d.fresh));
            let (gh, gh_se) = per_deal(&gated(|d| d.held));
            println!(
                "{name}, {cards} | {} | {changed} | {b:+.3} ± {b_se:.3} | {f:+.3} ± {f_se:.3} | \
                 {h:+.3} ± {h_se:.3} | {clear} | {gf:+.3} ± {gf_se:.3} | {gh:+.3} ± {gh_se:.3}",
                mine.len()
            );
        }
    }
    let (f, f_se) = summed(decisions.iter(), (0..deals).filter(played), &|d| d.fresh);
    let (g, g_se) = summed(decisions.iter(), (0..deals).filter(played), &|d| {
        d.fresh * f64::from(u8::from(d.clear))
    });
    println!(
        "all seats: over fresh deals, {f:+.3} ± {f_se:.3} a deal of `strongest`; gated, \
         {g:+.3} ± {g_se:.3}"
    );
    if list {
        list_changes(&decisions);
    }
}

/// Each choice the rollouts changed, one a line.
fn list_changes(decisions: &[Decision]) {
    println!("deal, seat | cards held | strongest | rollouts | believed | fresh | held | gated");
    for d in decisions.iter().filter(|d| d.changed) {
        let (held_cards, engine, choice) = &d.cards;
        let held_cards: Vec<String> = held_cards.iter().map(|c| c.to_string()).collect();
        println!(
            "{}, {} | {} | {engine} | {choice} | {:+.3} | {:+.3} | {:+.3} | {}",
            d.deal,
            d.seat + 1,
            held_cards.join(" "),
            d.believed,
            d.fresh,
            d.held,
            if d.clear { "kept" } else { "no" }
        );
    }
}

/// The mean and its standard error, over `deals`, of each deal's sum of `f` over its
/// `decisions`.
fn summed<'a>(
    decisions: impl Iterator<Item = &'a Decision>,
    deals: impl Iterator<Item = u64>,
    f: &dyn Fn(&Decision) -> f64,
) -> (f64, f64) {
    let mut sums: std::collections::BTreeMap<u64, f64> = deals.map(|d| (d, 0.0)).collect();
    for d in decisions {
        if let Some(sum) = sums.get_mut(&d.deal) {
            *sum += f(d);
        }
    }
    mean_se(&sums.into_values().collect::<Vec<_>>())
}
