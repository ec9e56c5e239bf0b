//! The play with the player's own later cards chosen blind (search that respects hidden
//! information, [`crib::tables::search::informed`]) against the engine's perfect-information Monte
//! Carlo and the baselines, on duplicate deals.
//!
//! `cargo xtask experiment informed_selfplay [DEALS] [SEED] [DEPTH] [kept|random] [read]`
//! (default 2,000 deals, seed 1, depth 1; DEPTH is 1, 2, or anything else for 4, every later
//! card): each deal is played twice with the seats swapped. With `kept` each side keeps the
//! four cards `crib discard` advises from six; otherwise four random cards each. With `read` the opponent's answers are read ([`Replies::Read`], crib's
//! reading model), not solved.
//! The margin against each baseline is the informed player's points less the baseline's, a deal;
//! against the greedy and reply-aware baselines the engine's own margin on the same deals is
//! taken from it too, so that the gain of the blind choices is measured deal by deal.

use super::shared::informed::{Replies, advise_informed};
use crib::tables::advice::discard::Role;
use crib::tables::model::Models;
use crib::tables::rules::card::Card;
use crib::tables::rules::shuffle::shuffled;
use crib::tables::rules::view::View;
use crib::tables::search::engine::HandWeights;
use crib::tables::search::players::{Player, best, greedy, play_hands, reply_aware};
use rayon::prelude::*;

use super::shared::arg;
use super::shared::stats::mean_se;
use crate::selfplay::deals::keep;

fn informed<const DEPTH: u8>(view: &View<2>) -> Option<Card> {
    advise_informed(view, HandWeights::Uniform, DEPTH, Replies::Solved)
        .options
        .first()
        .map(|o| o.card)
}

/// The opponent's replies as the reading model plays them.
fn read<const DEPTH: u8>(view: &View<2>) -> Option<Card> {
    let model = crib::tables::model::reading::committed();
    advise_informed(view, HandWeights::Uniform, DEPTH, Replies::Read(model))
        .options
        .first()
        .map(|o| o.card)
}

/// `player`'s margin over `baseline` on one deal played both ways: `player`'s points less the
/// baseline's, halved.
fn margin(hands: &[Vec<Card>; 2], starter: Card, player: Player, baseline: Player) -> f64 {
    let a = play_hands::<2>(hands, &[starter], [player, baseline]);
    let b = play_hands::<2>(hands, &[starter], [baseline, player]);
    (f64::from(a[0]) + f64::from(b[1]) - f64::from(a[1]) - f64::from(b[0])) / 2.0
}

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 2_000);
    let seed: u64 = arg(args, 1, 1);
    // The depths built in: 1, 2, or 4 (every later card; any other depth asks for that).
    let depth: u8 = match arg(args, 2, 1) {
        d @ (1 | 2) => d,
        _ => 4,
    };
    let kept = args.get(3).is_some_and(|a| a == "kept");
    let read_replies = args.get(4).is_some_and(|a| a == "read");
    let player: Player = match (depth, read_replies) {
        (1, false) => informed::<1>,
        (2, false) => informed::<2>,
        (_, false) => informed::<4>,
        (1, true) => read::<1>,
        (2, true) => read::<2>,
        (_, true) => read::<4>,
    };
    let replies = if read_replies {
        Replies::Read(crib::tables::model::reading::committed())
    } else {
        Replies::Solved
    };
    let start = std::time::Instant::now();
    let hands_of = |deal: u64| -> ([Vec<Card>; 2], Card) {
        if kept {
            let cards = shuffled(seed, deal, 13);
            let models = Models::committed();
            let pone = keep(models, &cards[..6], Role::Pone).0.to_vec();
            let dealer = keep(models, &cards[6..12], Role::Dealer).0.to_vec();
            ([pone, dealer], cards[12])
        } else {
            let cards = shuffled(seed, deal, 9);
            ([cards[..4].to_vec(), cards[4..8].to_vec()], cards[8])
        }
    };
    let results: Vec<[f64; 5]> = (0..deals)
        .into_par_iter()
        .map(|deal| {
            let (hands, starter) = hands_of(deal);
            [
                margin(&hands, starter, player, best),
                margin(&hands, starter, player, greedy::<2>),
                margin(&hands, starter, best, greedy::<2>),
                margin(&hands, starter, player, reply_aware),
                margin(&hands, starter, best, reply_aware),
            ]
        })
        .collect();
    let column = |f: &dyn Fn(&[f64; 5]) -> f64| mean_se(&results.iter().map(f).collect::<Vec<_>>());
    let show = |name: &str, (m, se): (f64, f64)| {
        println!(
            "{name}: {m:+.4} a deal (standard error {se:.4}, {:.1} se)",
            m / se
        );
    };
    println!(
        "depth {depth}, {deals} duplicate deals, seed {seed}, {} hands ({:.0} s)",
        if kept { "kept" } else { "random" },
        start.elapsed().as_secs_f64()
    );
    timing(seed, depth, replies);
    show("informed against the engine", column(&|r| r[0]));
    show("informed against greedy", column(&|r| r[1]));
    show("  gain over the engine's margin", column(&|r| r[1] - r[2]));
    show("informed against reply-aware", column(&|r| r[3]));
    show("  gain over the engine's margin", column(&|r| r[3] - r[4]));
}

/// The time of the first lead, the costliest decision, on every core: the median and slowest of
/// 30 deals, for the engine and for the informed search, each cold.
fn timing(seed: u64, depth: u8, replies: Replies) {
    let mut times: [Vec<f64>; 2] = Default::default();
    for deal in 0..30 {
        let cards = shuffled(seed, deal, 9);
        let view = View::<2>::new(
            &cards[..4],
            crib::tables::rules::seat::Seat::PONE,
            &cards[8..9],
            &[],
        )
        .expect("a first lead");
        for (k, times) in times.iter_mut().enumerate() {
            crib::tables::search::engine::forget();
            let start = std::time::Instant::now();
            if k == 0 {
                crib::tables::search::engine::advise(&view, HandWeights::Uniform);
            } else {
                advise_informed(&view, HandWeights::Uniform, depth, replies);
            }
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    for (name, mut t) in ["engine", "informed"].into_iter().zip(times) {
        t.sort_by(f64::total_cmp);
        println!(
            "{name}: first lead {:.0} ms median, {:.0} ms slowest",
            t[t.len() / 2],
            t[t.len() - 1]
        );
    }
}
