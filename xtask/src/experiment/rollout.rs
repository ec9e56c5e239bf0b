//! How much one step of learning from self-play could add to `strongest`'s play with two
//! players: the most a learned value of the rest of a deal could be worth, measured without
//! learning it.
//!
//! crib's engine values a card by working out the rest of the deal, for each hand the other
//! player could hold, as if both could see every card. A value learned from crib's own games
//! (issue #50's second direction) would learn instead what each card nets when both play on as
//! they really do, neither seeing the other's cards; the best such a value can do is what that
//! net is, over the hands the other player could hold. This experiment measures it directly, by
//! rollouts: at each of `strongest`'s decisions with a choice, it draws `SAMPLES` hands for the
//! other player from what `strongest` reads of them (what players keep, and how they have
//! played), and for each legal card plays the deal out on each of those hands (the same hands
//! for every card), `strongest` in both seats, or with `expert` the other seat as the expert.
//! The card with the best mean net is the rollout's choice.
//!
//! The deals are those of [`super::correction`]: level scores, both throwing as the expert,
//! `strongest` the pone in even deals and the dealer in odd ones, the expert in the other seat.
//! Each rollout's choice is measured against the engine's two ways: by what each card really
//! netted, played out once on the deal as it is (against the hand the other player really
//! holds), and by the mean net over `SAMPLES` more hands drawn as the rollouts drew theirs.
//!
//! With `truth`, only each seat's first card of a deal is valued, by two rollouts (`strongest`
//! in both seats; the other seat as the expert), and measured also by the true chances: over
//! `SAMPLES` deals of the other player's six cards from the cards unseen, kept as the expert
//! keeps and taken only where the expert would have played as they did (for the pone's lead,
//! every deal; for the dealer's first card, those whose lead is the lead the expert would make),
//! played out as both really play. That is what each card is worth against the expert, without
//! the noise of the one hand they really hold.
//!
//! With `truth blind`, the first cards are chosen instead by the library's search that
//! respects hidden information ([`shared::informed::blind_values`]: the other player's hands read
//! as strongest reads them, its answers read by the reading model, and the seat's own next one,
//! two or three cards chosen without seeing them), with no rollouts, and measured the same way:
//! whether a search at the speed of a player finds what the rollouts find.
//!
//! With `truth unpaired`, the chooser is the engine's order with one change, read from the
//! answers the rollouts change: as dealer, pairing the lead from a single card of its rank goes
//! last. The measures are made only where some choice differs from the engine's card (every
//! gain over it is nought elsewhere), so the cheap choosers run in minutes.
//!
//! With `truth quick`, the first cards are chosen by rollouts fast enough to play by, as it was
//! hoped: four times `SAMPLES` hands drawn as the rollouts draw theirs, both seats played out
//! by a player that does not search (reply-aware, and greedy-high). With `truth light`, by the
//! library's own such rollouts ([`shared::reads::library_rollouts`]: every holding read, weighed,
//! reply-aware in both seats, by ranks), in a few milliseconds a decision; with `truth read`,
//! the same rollouts with both seats playing the reading model's likeliest card, as
//! `strongest` answers the lead as dealer (the engine's card, against which it is measured,
//! is then the card `strongest` played before it did). With `truth
//! answers`, the dealer's answer to the lead is the one the table `FILE` gives for its hand and
//! the lead (written by `cargo xtask experiment answers`), every other card the engine's.
//!
//! With `truth played`, the pone's later cards are chosen by the library's rollouts
//! ([`shared::played_out::played_out_values`]: 96 hands drawn as strongest reads them, `strongest`
//! playing on in its own seat and the expert in the dealer's, the engine's card on a tie), with
//! `pone-later`; `strongest` played by them in a build that was not kept.
//!
//! With the truth, `pone` or `dealer` after the choosers values that seat's first cards alone
//! (`strongest` sits in it in every other deal); `pone-later` or `dealer-later` values that
//! seat's later cards instead, measured by the true chances the same way (the other player's
//! deals taken only where the expert would have played every card they have played).
//!
//! `cargo xtask experiment rollout [DEALS] [SEED] [SAMPLES] [strongest|expert] [truth
//! [rollouts|blind|unpaired|quick|light|read|answers|played] [pone|dealer|pone-later|dealer-later]
//! [FILE]]`

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::players::seen::Seen;
use crib::tables::players::turns::{play_advice, throw_all};
use crib::tables::rules::board::Game;
use crib::tables::rules::card::Card;
use crib::tables::rules::numbering::rank_hand_number;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::Token;
use crib::tables::rules::shuffle::{Rng, mix};
use crib::tables::state::deal::DealTable;

use super::correction::{net, next};
use super::shared::arg;
use super::shared::informed::blind_values;
use super::shared::played_out::played_out_values;
use super::shared::reads::{library_rollouts, read_holdings};
use super::shared::stats::mean_se;

pub fn run(args: &[String]) {
    let deals: u64 = arg(args, 0, 400);
    let seed: u64 = arg(args, 1, 1);
    let samples: usize = arg(args, 2, 16);
    let rival = match args.get(3).map(String::as_str) {
        Some("expert") => Level::Expert,
        _ => Level::Strongest,
    };
    let truth = args.get(4).is_some_and(|a| a == "truth");
    let choosers = match args.get(5).map(String::as_str) {
        Some("blind") if truth => Choosers::Blind,
        Some("unpaired") if truth => Choosers::Unpaired,
        Some("quick") if truth => Choosers::Quick,
        Some("light") if truth => Choosers::Light { reading: false },
        Some("read") if truth => Choosers::Light { reading: true },
        Some("answers") if truth => Choosers::Answers,
        Some("played") if truth => Choosers::Played,
        _ => Choosers::Rollouts,
    };
    let (only, later) = seat_named(args.get(6).map(String::as_str), truth);
    let models = Models::committed();
    let start = Instant::now();
    let answers = match choosers {
        Choosers::Answers => {
            let path = args.get(7).map_or("answers.bin", String::as_str);
            super::answers::read(path)
        }
        _ => Vec::new(),
    };
    let how = How {
        seed,
        samples,
        rival,
        truth,
        later,
        choosers,
        answers,
    };
    let decisions: Vec<Decision> = (0..deals)
        .into_par_iter()
        .filter(|deal| only.is_none_or(|seat| deal % 2 == seat))
        .flat_map_iter(|deal| one_deal(models, deal, &how))
        .collect();
    println!(
        "{deals} deals, seed {seed}, {samples} hands drawn a decision{}: {} decisions of \
         strongest's with a choice ({:.0} s)",
        match (truth, later) {
            (true, false) => ", first cards only",
            (true, true) => ", later cards only",
            _ => "",
        },
        decisions.len(),
        start.elapsed().as_secs_f64()
    );
    for seat in 0..2 {
        let name = ["pone", "dealer"][seat];
        for (what, which) in [
            ("every decision", None),
            ("its first card", Some(true)),
            ("its later cards", Some(false)),
        ] {
            let chosen: Vec<&Decision> = decisions
                .iter()
                .filter(|d| d.seat == seat && which.is_none_or(|f| d.first == f))
                .collect();
            // With the truth only first cards (or only later ones) are valued: every decision
            // is one of them.
            if chosen.is_empty() || (truth && which.is_none()) {
                continue;
            }
            println!("{name}, {what}: {} decisions", chosen.len());
            for (c, (chooser, _)) in chosen[0].choices.iter().enumerate() {
                let changed = chosen.iter().filter(|d| d.best(c) != 0).count();
                println!("  chosen by {chooser}: {changed} changed");
                for (m, (measure, _)) in chosen[0].measures.iter().enumerate() {
                    let mut gains = vec![0.0; deals as usize];
                    for d in &chosen {
                        let values = &d.measures[m].1;
                        gains[d.deal as usize] += values[d.best(c)] - values[0];
                    }
                    let of_seat: Vec<f64> = (0..deals)
                        .filter(|&d| (d % 2) as usize == seat)
                        .map(|d| gains[d as usize])
                        .collect();
                    let (gain, se) = mean_se(&of_seat);
                    println!(
                        "    nets {gain:+.4} ± {se:.4} a deal over the engine's card, {measure}"
                    );
                }
            }
        }
    }
}

/// With the truth, the seat whose first cards alone are valued if one is `named` (0 the pone,
/// 1 the dealer), and with `-later` after it, whether that seat's later cards are valued instead.
fn seat_named(named: Option<&str>, truth: bool) -> (Option<u64>, bool) {
    match named {
        Some("pone") if truth => (Some(0), false),
        Some("dealer") if truth => (Some(1), false),
        Some("pone-later") if truth => (Some(0), true),
        Some("dealer-later") if truth => (Some(1), true),
        _ => (None, false),
    }
}

/// How the decisions are valued: the deals' stream, the hands drawn a decision, the other seat
/// in the rollouts, and whether to value the first cards only, by the true chances.
struct How {
    seed: u64,
    samples: usize,
    rival: Level,
    truth: bool,
    /// With the truth, whether the seat's later cards are valued rather than its first.
    later: bool,
    choosers: Choosers,
    /// With `answers`, the best answer's rank for every dealer's hand number and lead
    /// (`cargo xtask experiment answers`).
    answers: Vec<u8>,
}

/// What chooses the first cards, with the truth.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Choosers {
    /// Rollouts, `strongest` in both seats, and against the expert.
    Rollouts,
    /// The search that respects hidden information, its next one, two or three cards blind.
    Blind,
    /// The engine's order, but as dealer not pairing the lead from a single card of its rank.
    Unpaired,
    /// Rollouts fast enough to play by: four times as many hands, both seats played out by a
    /// player that does not search (reply-aware, greedy-high).
    Quick,
    /// The library's rollouts ([`shared::reads::library_rollouts`]): every holding read, both
    /// seats played out as the reading model's players (`read`, as strongest answers the lead)
    /// or as reply-aware players (`light`), by ranks.
    Light { reading: bool },
    /// The dealer's answer to the lead from the table of `cargo xtask experiment answers`, the
    /// engine's order elsewhere.
    Answers,
    /// The pone's later cards by the library's rollouts ([`shared::played_out::played_out_values`]:
    /// `strongest` on in its seat, the expert in the dealer's), the engine's order elsewhere.
    Played,
}

/// One of strongest's decisions with a choice, its legal cards in the engine's order (its
/// first card first): each card valued by each way of choosing, and by each measure.
#[derive(Debug, Clone, PartialEq)]
struct Decision {
    /// The deal's number in its stream.
    deal: u64,
    /// The seat deciding: 0 the pone, 1 the dealer.
    seat: usize,
    /// Whether it is the seat's first card of the deal.
    first: bool,
    /// Each way of choosing, named, with each card's value by it.
    choices: Vec<(&'static str, Vec<f64>)>,
    /// Each measure, named, with each card's value by it.
    measures: Vec<(&'static str, Vec<f64>)>,
}

impl Decision {
    /// The card choice `c` puts first, the engine's order on a tie.
    fn best(&self, c: usize) -> usize {
        let values = &self.choices[c].1;
        let mut best = 0;
        for (i, &v) in values.iter().enumerate() {
            if v > values[best] {
                best = i;
            }
        }
        best
    }
}

/// Deal `deal`: strongest's decisions, each card valued as `how` says.
fn one_deal(models: &Models, deal: u64, how: &How) -> Vec<Decision> {
    let seed = how.seed;
    let mut table = DealTable::shuffle(Game::TWO, seed, deal, vec![0; 2]);
    throw_all(models, &mut table, Level::Expert);
    let strong = Seat::new((deal % 2) as usize);
    let mut out = Vec::new();
    let mut played = false;
    while let Some(seat) = table.play_at().turn {
        let wanted = !how.truth || played == how.later;
        if seat == strong && wanted && table.legal().len() >= 2 {
            let advice = play_advice(models, &table, seat).expect("a legal position");
            let cards: Vec<Card> = advice.advice.options.iter().map(|o| o.card).collect();
            if cards.len() >= 2 {
                let draw = |k: u64| mix(seed, &[deal, table.tokens.len() as u64, k]);
                let choices = choices(models, &table, seat, &cards, how, draw);
                let names = [
                    "against the hand the expert really holds",
                    if how.truth {
                        "over hands drawn as the expert keeps and plays them"
                    } else {
                        "over fresh rollouts"
                    },
                ];
                let mut decision = Decision {
                    deal,
                    seat: seat.index(),
                    first: !played,
                    choices,
                    measures: names.iter().map(|&n| (n, vec![0.0; cards.len()])).collect(),
                };
                // Where every choice keeps the engine's card, every gain over it is nought:
                // the measures are made only where a choice differs.
                if (0..decision.choices.len()).any(|c| decision.best(c) != 0) {
                    // The deal as it is, played out once from each card.
                    decision.measures[0].1 = values(
                        models,
                        &[table.clone()],
                        seat,
                        &cards,
                        [Level::Strongest, Level::Expert],
                    );
                    decision.measures[1].1 = if how.truth {
                        let worlds = true_worlds(models, &table, seat, how.samples, draw(2));
                        values(
                            models,
                            &worlds,
                            seat,
                            &cards,
                            [Level::Strongest, Level::Expert],
                        )
                    } else {
                        let levels = [Level::Strongest, how.rival];
                        roll(models, (&table, seat, &cards), how.samples, levels, draw(1))
                    };
                }
                out.push(decision);
            }
        }
        if seat == strong {
            played = true;
        }
        let token = next(models, &table, seat, strong, Level::Expert);
        table.play(token).expect("a legal card");
    }
    out
}

/// The ways of choosing among `cards` for `seat` at `table` that `how` names, each with each
/// card's value by it (the draws from the streams of `draw`).
fn choices(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    cards: &[Card],
    how: &How,
    draw: impl Fn(u64) -> u64,
) -> Vec<(&'static str, Vec<f64>)> {
    let at = (table, seat, cards);
    let n = how.samples;
    let strongest = |rival| roll(models, at, n, [Level::Strongest, rival], draw(0));
    let quick = |level| roll(models, at, 4 * n, [level, level], draw(3));
    match (how.truth, how.choosers) {
        (false, _) => vec![("rollouts", strongest(how.rival))],
        (true, Choosers::Rollouts) => vec![
            (
                "rollouts, strongest in both seats",
                strongest(Level::Strongest),
            ),
            ("rollouts against the expert", strongest(Level::Expert)),
        ],
        (true, Choosers::Blind) => {
            let blind = |depth| {
                let values = blind_values(models, table, seat, depth).expect("a legal position");
                by_rank(&values, cards)
            };
            vec![
                ("its next card blind, the answers read", blind(1)),
                ("its next two cards blind, the answers read", blind(2)),
                ("every card blind, the answers read", blind(3)),
            ]
        }
        (true, Choosers::Unpaired) => vec![(
            "the engine's order, the lead not paired from a single card",
            unpaired(table, seat, cards),
        )],
        (true, Choosers::Light { reading }) => {
            let values = library_rollouts(models, table, seat, reading).expect("a legal position");
            let name = if reading {
                "rollouts over every holding read, the reading model's likeliest card in both seats"
            } else {
                "rollouts over every holding read, reply-aware in both seats"
            };
            vec![(name, by_rank(&values, cards))]
        }
        (true, Choosers::Played) => {
            let values = played_out_values(models, table, seat).expect("a legal position");
            let values = match values {
                Some(values) => by_rank(&values, cards),
                None => (0..cards.len()).map(|i| -(i as f64)).collect(),
            };
            vec![(
                "the library's rollouts of the pone's later cards, strongest on, the expert as dealer",
                values,
            )]
        }
        (true, Choosers::Answers) => vec![(
            "the answer valued by the engine's play on both sides after it",
            from_answers(table, seat, cards, &how.answers),
        )],
        (true, Choosers::Quick) => vec![
            (
                "rollouts, reply-aware in both seats",
                quick(Level::ReplyAware),
            ),
            (
                "rollouts, greedy-high in both seats",
                quick(Level::GreedyHigh),
            ),
        ],
    }
}

/// Each of `cards` valued for `seat` at `table` by rollouts over `samples` hands read (drawn
/// from stream `draw`), `seat` played out as `levels[0]` and the other as `levels[1]`.
fn roll(
    models: &Models,
    (table, seat, cards): (&DealTable, Seat, &[Card]),
    samples: usize,
    levels: [Level; 2],
    draw: u64,
) -> Vec<f64> {
    let worlds = read_worlds(models, table, seat, samples, draw);
    values(models, &worlds, seat, cards, levels)
}

/// `values` (a card of each rank with its net) in the order of `cards`.
fn by_rank(values: &[(Card, f64)], cards: &[Card]) -> Vec<f64> {
    cards
        .iter()
        .map(|c| {
            values
                .iter()
                .find(|(v, _)| v.rank() == c.rank())
                .map_or(f64::NEG_INFINITY, |&(_, net)| net)
        })
        .collect()
}

/// `samples` deals as `seat` at `table` could believe them to be: the other player's hand
/// drawn from what strongest reads of it (the draws from stream `draw`).
fn read_worlds(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    samples: usize,
    draw: u64,
) -> Vec<DealTable> {
    let holdings = read_holdings(models, table, seat).expect("a legal position");
    let weights: Vec<f64> = holdings.iter().map(|&(_, w)| w).collect();
    let mut rng = Rng::new(draw);
    (0..samples)
        .map(|_| {
            let ranks = holdings[rng.pick(&weights)].0;
            substitute(table, seat, &ranks, &mut rng)
        })
        .collect()
}

/// `cards` in the engine's order valued by their places, except that the dealer's answer to
/// the lead that pairs it from a single card of its rank goes last: what the true chances of
/// the rollouts' deals suggest of the engine's answers.
fn unpaired(table: &DealTable, seat: Seat, cards: &[Card]) -> Vec<f64> {
    let lead = match table.tokens.as_slice() {
        [Token::Card(lead)] if seat.index() == 1 => Some(lead.rank()),
        _ => None,
    };
    let single = |rank| {
        table
            .in_hand(seat)
            .iter()
            .filter(|c| c.rank() == rank)
            .count()
            == 1
    };
    cards
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let place = -(i as f64);
            match lead {
                Some(rank) if c.rank() == rank && single(rank) => place - 10.0,
                _ => place,
            }
        })
        .collect()
}

/// `cards` in the engine's order valued by their places, except that as dealer answering the
/// lead the rank `answers` gives for its hand and the lead goes first.
fn from_answers(table: &DealTable, seat: Seat, cards: &[Card], answers: &[u8]) -> Vec<f64> {
    let best = match table.tokens.as_slice() {
        [Token::Card(lead)] if seat.index() == 1 => {
            let kept = table.kept(seat);
            let ranks: [u8; 4] = std::array::from_fn(|i| kept[i].rank().number());
            answers[super::answers::slot(rank_hand_number(ranks), lead.rank().number())]
        }
        _ => 0,
    };
    cards
        .iter()
        .enumerate()
        .map(|(i, c)| {
            if c.rank().number() == best {
                1.0
            } else {
                -(i as f64)
            }
        })
        .collect()
}

/// `samples` deals as they could really be, for `seat`'s card at `table`: the other
/// player's six cards dealt from the cards `seat` has not seen, kept as the expert keeps, and
/// taken only where the expert would have played as the other player did (drawn from stream
/// `draw`; at most a hundred times as many tries).
fn true_worlds(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    samples: usize,
    draw: u64,
) -> Vec<DealTable> {
    let other = seat.other();
    let (played, unseen) = hidden(table, seat);
    let mine = thrown(table, seat);
    let mut rng = Rng::new(draw);
    let mut out = Vec::new();
    for _ in 0..samples * 100 {
        if out.len() == samples {
            break;
        }
        let mut pool = unseen.clone();
        let mut six = played.clone();
        while six.len() < 6 {
            let i = rng.below(pool.len() as u64) as usize;
            six.push(pool.swap_remove(i));
        }
        let mut dealt = table.dealt.clone();
        dealt[other.index()] = six;
        let mut world = DealTable::new(table.game, dealt, None, table.starter, table.start.clone())
            .expect("the same shape of deal");
        world.throw(seat, &mine).expect("the same throw");
        let theirs = Level::Expert
            .throw(models, &crib::tables::before_throw(&world, other))
            .expect("a legal throw");
        world.throw(other, &theirs).expect("cards it holds");
        let fits = table.tokens.iter().all(|&token| {
            let turn = world.play_at().turn;
            if turn == Some(other) {
                let theirs = Level::Expert
                    .play(models, &Seen::of(&world, other))
                    .expect("a legal position");
                if theirs != token {
                    return false;
                }
            }
            world.play(token).is_ok()
        });
        if fits {
            out.push(world);
        }
    }
    out
}

/// What `seat` at `table` knows of the other player's cards: those they have played, and the
/// cards `seat` has not seen (neither dealt to it, nor the starter, nor played by them).
fn hidden(table: &DealTable, seat: Seat) -> (Vec<Card>, Vec<Card>) {
    let theirs = &table.dealt[seat.other().index()];
    let played: Vec<Card> = table
        .tokens
        .iter()
        .filter_map(|t| match t {
            Token::Card(c) if theirs.contains(c) => Some(*c),
            _ => None,
        })
        .collect();
    let unseen = Card::deck()
        .filter(|c| {
            !table.dealt[seat.index()].contains(c) && *c != table.starter && !played.contains(c)
        })
        .collect();
    (played, unseen)
}

/// What `seat` throws at `table`.
fn thrown(table: &DealTable, seat: Seat) -> Vec<Card> {
    let kept = table.kept(seat);
    table.dealt[seat.index()]
        .iter()
        .filter(|c| !kept.contains(c))
        .copied()
        .collect()
}

/// Each of `cards`' mean net for `seat` over `worlds`, the deal played out on each, `seat` as
/// `levels[0]` and the other as `levels[1]`.
fn values(
    models: &Models,
    worlds: &[DealTable],
    seat: Seat,
    cards: &[Card],
    levels: [Level; 2],
) -> Vec<f64> {
    let mut sums = vec![0.0; cards.len()];
    for world in worlds {
        let before = net(world, seat);
        for (sum, &card) in sums.iter_mut().zip(cards) {
            let mut branch = world.clone();
            branch.play(Token::Card(card)).expect("a legal card");
            while let Some(turn) = branch.play_at().turn {
                let level = levels[usize::from(turn != seat)];
                let token = level
                    .play(models, &Seen::of(&branch, turn))
                    .expect("a legal position");
                branch.play(token).expect("a legal card");
            }
            *sum += net(&branch, seat) - before;
        }
    }
    sums.iter()
        .map(|s| s / worlds.len().max(1) as f64)
        .collect()
}

/// The deal at `table` as `seat` could believe it to be: the other player's cards still in
/// hand replaced by cards of the ranks `ranks` (how many of each, by rank number), and their
/// throw by two of the cards left, each drawn from the cards `seat` has not seen; the play so
/// far replayed on it.
fn substitute(table: &DealTable, seat: Seat, ranks: &[u8; 14], rng: &mut Rng) -> DealTable {
    let other = seat.other();
    let (played, mut pool) = hidden(table, seat);
    // A shuffle of the unseen cards, so that the suits and the throw are drawn.
    rng.shuffle_front(&mut pool, usize::MAX);
    let mut hand = played;
    let mut wanted = *ranks;
    pool.retain(|c| {
        let left = &mut wanted[usize::from(c.rank().number())];
        if *left > 0 {
            *left -= 1;
            hand.push(*c);
            false
        } else {
            true
        }
    });
    let throw: Vec<Card> = pool[..2].to_vec();
    hand.extend(&throw);
    let mut dealt = table.dealt.clone();
    dealt[other.index()] = hand;
    let mut world = DealTable::new(table.game, dealt, None, table.starter, table.start.clone())
        .expect("the same shape of deal");
    world
        .throw(seat, &thrown(table, seat))
        .expect("the same throw");
    world.throw(other, &throw).expect("cards it holds");
    for token in &table.tokens {
        world
            .play(*token)
            .expect("the play so far fits every holding read");
    }
    world
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search that respects hidden information, with none of the seat's own cards blind,
    /// is the engine's search: the same card first and the same nets, for the pone's lead and
    /// the dealer's answer.
    #[test]
    fn blind_at_depth_zero_is_the_engine() {
        let models = Models::committed();
        let mut table = DealTable::shuffle(Game::TWO, 4, 7, vec![0; 2]);
        throw_all(models, &mut table, Level::Expert);
        for _ in 0..2 {
            let seat = table.play_at().turn.expect("the play goes on");
            let advice = play_advice(models, &table, seat).expect("a legal position");
            let cards: Vec<Card> = advice.advice.options.iter().map(|o| o.card).collect();
            let engine: Vec<f64> = advice
                .advice
                .options
                .iter()
                .map(|o| o.mine - o.theirs)
                .collect();
            let values = blind_values(models, &table, seat, 0).expect("a legal position");
            let blind = by_rank(&values, &cards);
            assert_eq!(blind.len(), engine.len());
            for (b, e) in blind.iter().zip(&engine) {
                assert!((b - e).abs() < 1e-9, "{b} against {e}");
            }
            let token = crib::tables::players::turns::choose_card(models, &table, Level::Expert);
            table.play(token).expect("a legal card");
        }
    }

    /// A deal believed otherwise keeps everything `seat` has seen: its own cards, the starter,
    /// the play so far, and the other player's hand of the ranks asked for.
    #[test]
    fn a_substituted_deal_keeps_what_was_seen() {
        let models = Models::committed();
        let mut table = DealTable::shuffle(Game::TWO, 3, 5, vec![0; 2]);
        throw_all(models, &mut table, Level::Expert);
        for _ in 0..3 {
            let token = crib::tables::players::turns::choose_card(models, &table, Level::Expert);
            table.play(token).expect("a legal card");
        }
        let seat = table.play_at().turn.expect("the play goes on");
        let holdings = read_holdings(models, &table, seat).expect("a legal position");
        let mut rng = Rng::new(1);
        for (ranks, _) in holdings.iter().take(40) {
            let world = substitute(&table, seat, ranks, &mut rng);
            assert_eq!(world.in_hand(seat), table.in_hand(seat));
            assert_eq!(world.tokens, table.tokens);
            assert_eq!(world.starter, table.starter);
            let mut held = [0u8; 14];
            for c in world.in_hand(seat.other()) {
                held[usize::from(c.rank().number())] += 1;
            }
            assert_eq!(&held, ranks);
        }
    }
}
