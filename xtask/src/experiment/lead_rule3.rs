//! Whether a rule read from [`super::rollout3`]'s listing holds on fresh deals: with three
//! players, where `strongest` leads an ace or a two, lead a higher card instead.
//!
//! On one seed the rollouts changed 43 of 120 leads, and 18 of those replaced an ace or a two
//! with a higher card (a ten-card in 12), at +0.37 ± 0.14 a lead each over fresh deals. Those
//! leads were chosen by the rollouts, so the figure is of leads picked for being good. This
//! experiment takes every lead of an ace or a two `strongest` makes, on deals none of the
//! rollouts saw, and values two rules against `strongest`'s card over `SAMPLES` deals of the
//! others' hidden cards drawn as `strongest` draws them (played out as in
//! [`super::rollout3`]: `strongest` in the leading seat, the expert in the others):
//! - `next`: `strongest`'s own best card of rank three or more (its advice's first such);
//! - `ten`: its best ten-card (ten, jack, queen or king), where it holds one.
//!
//! With `greedy-high` or `reply-aware` after SAMPLES, the other two seats play as those levels
//! do (they still keep as `crib discard` advises, and `strongest` still draws their cards so):
//! whether the rule holds against other styles of play.
//!
//! `cargo xtask experiment lead_rule3 [DEALS] [SEED] [SAMPLES] [expert|greedy-high|reply-aware]`

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::rules::card::Card;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::view::View;

use crib::tables::search::players::{PlayerOf, greedy_high, reply_aware};

use super::rollout3::{EXPERT, dealt, drawn, gap, nets};
use super::selfplay34::kept_ranked;
use super::shared::arg;
use super::shared::stats::mean_se;

/// Three players.
const N: usize = 3;

/// One lead of an ace or a two, and what each rule's card nets less `strongest`'s over fresh
/// deals (none where the rule keeps `strongest`'s card).
struct Lead {
    next: Option<f64>,
    ten: Option<f64>,
}

/// Deal `deal`: five cards a seat, each keeping four as `crib discard` advises; the lead of
/// seat 1 valued where `strongest` leads an ace or a two (none elsewhere).
fn one_lead(
    models: &Models,
    deal: u64,
    (seed, samples): (u64, usize),
    others: PlayerOf<N>,
) -> Option<Lead> {
    let real = dealt(models, seed.wrapping_add(0x1EAD), deal);
    let view =
        View::<N>::new(&real.hands[0], Seat::new(0), &real.seen[0], &[]).expect("a legal position");
    let ranked = kept_ranked(&view);
    let engine = *ranked.first()?;
    if engine.rank().number() > 2 {
        return None;
    }
    let next = ranked.iter().find(|c| c.rank().number() > 2).copied();
    let ten = ranked.iter().find(|c| c.rank().number() >= 10).copied();
    let rules: Vec<Card> = [next, ten].into_iter().flatten().collect();
    let mut cards = vec![engine];
    cards.extend(&rules);
    let deals = drawn(&view, samples, seed ^ 0x7E57);
    let values = nets((&view, &real, others), &[], &cards, &deals);
    let of = |card: Option<Card>| {
        card.map(|c| {
            let at = cards.iter().position(|&x| x == c).expect("valued");
            gap(&values[at], &values[0]).0
        })
    };
    Some(Lead {
        next: of(next),
        ten: of(ten),
    })
}

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 600);
    let seed: u64 = arg(args, 1, 6);
    let samples: usize = arg(args, 2, 96);
    let (others, style): (PlayerOf<N>, &str) = match args.get(3).map(String::as_str) {
        Some("greedy-high") => (greedy_high::<N>, "greedy-high"),
        Some("reply-aware") => (reply_aware::<N>, "reply-aware"),
        _ => (EXPERT, "expert"),
    };
    let models = Models::committed();
    let start = Instant::now();
    let leads: Vec<Option<Lead>> = (0..deals)
        .into_par_iter()
        .map(|deal| one_lead(models, deal, (seed, samples), others))
        .collect();
    let low = leads.iter().flatten().count();
    println!(
        "three players, {deals} leads (seed {seed}), {samples} fresh deals a lead, `strongest` \
         leading against two {style} seats: {low} leads of an ace or a two, {:.0} s",
        start.elapsed().as_secs_f64()
    );
    println!("rule | leads it changes | a lead it changes | a leading deal");
    for (name, rule) in [
        (
            "next: its best card of three or more",
            (|l: &Lead| l.next) as fn(&Lead) -> _,
        ),
        ("ten: its best ten-card", |l: &Lead| l.ten),
    ] {
        let changed: Vec<f64> = leads.iter().flatten().filter_map(rule).collect();
        let every: Vec<f64> = leads
            .iter()
            .map(|l| l.as_ref().and_then(rule).unwrap_or(0.0))
            .collect();
        let (c, c_se) = mean_se(&changed);
        let (e, e_se) = mean_se(&every);
        println!(
            "{name} | {} | {c:+.3} ± {c_se:.3} | {e:+.3} ± {e_se:.3}",
            changed.len()
        );
    }
}
