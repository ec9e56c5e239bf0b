//! Search that respects hidden information, for two players: the engine's perfect-information
//! Monte Carlo ([`crib::tables::search::engine`]) with the player's own later cards chosen as a player
//! must choose them, without seeing the opponent's hand.
//!
//! Perfect-information Monte Carlo solves each holding of the opponent's as if every card were
//! seen, so in each holding the player's later cards are the best for that holding: a card that
//! is right against one holding and wrong against another looks right against both ("strategy
//! fusion"). Here the player's next `depth` decisions are made once for every holding that the
//! play so far leaves possible: the holdings are split only by what the opponent shows (the card
//! they play, or their go), and at each of the player's decisions one card is chosen for the
//! whole group, the one with the best weighted net over it. The opponent still replies, in each
//! holding, as the perfect-information solution says (they are assumed to play well, even as if
//! they could see the player's cards), or ([`Replies::Read`]) plays each card with the chance
//! the reading model gives it, seeing only their own cards. Beyond `depth`, and once the play
//! leaves a single holding possible, both sides' play is solved as before. At depth 0 this is
//! the engine's search exactly.

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::reading_view;
use crib::tables::rules::card::Card;
use crib::tables::rules::play::Table;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::view::View;
use crib::tables::search::engine::{HandWeights, PlayAdvice, advice_of, weighed_holdings};
use crib::tables::search::reading::{ReadingModel, features};
use crib::tables::search::solve::{WINDOW, solve};
use crib::tables::state::deal::DealTable;

/// A group of holdings that the play so far cannot tell apart: each as a table with every hand
/// known, and its weight.
type Group = Vec<(Table<2>, f64)>;

/// How the opponent is assumed to answer, in the holdings the search splits by their cards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Replies {
    /// As the perfect-information solution plays (as if they could see the player's cards).
    Solved,
    /// Each card they could play with the chance the reading model gives it: as crib's players
    /// play, seeing only their own cards and the table.
    Read(ReadingModel),
}

/// Each card `seat` at `table` could play with two players (one of each rank), valued by this
/// search: the other player's hands weighed as strongest reads them, the seat's own next
/// `depth` cards chosen without seeing them, and the other player's answers read by crib's
/// reading model. The net of each, best first (`truth blind`).
pub fn blind_values(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    depth: u8,
) -> crib::Result<Vec<(Card, f64)>> {
    let (view, weighting) = reading_view(models, table, seat)?;
    let replies = Replies::Read(crib::tables::model::reading::committed());
    let advice = advise_informed(&view, weighting, depth, replies);
    Ok(advice
        .options
        .iter()
        .map(|o| (o.card, o.mine - o.theirs))
        .collect())
}

/// Groups this large or larger have their tables stepped on every core.
const PARALLEL: usize = 256;

/// Advise the player whose view this is, the opponent's hidden cards weighted by `opponent`, the
/// player's own next `depth` decisions taken without seeing the opponent's hand (see the module
/// notes). Every legal card, best net first; none when the player must say go.
pub fn advise_informed(
    view: &View<2>,
    opponent: HandWeights,
    depth: u8,
    replies: Replies,
) -> PlayAdvice {
    let (holdings, weights) = weighed_holdings(view, opponent);
    let other = view.seat.other();
    let me = view.seat.index();
    let group: Group = holdings
        .iter()
        .zip(&weights)
        .filter(|&(_, &w)| w > 0.0)
        .map(|(h, &w)| (view.table_with(other, &h.ranks), w))
        .collect();
    let total: f64 = group.iter().map(|&(_, w)| w).sum();
    let legal = view.legal_cards();
    let sums: Vec<[f64; 2]> = legal
        .par_iter()
        .map(|card| {
            let (points, after) = step(&group, |_| Some(card.rank().number()));
            add(mine_theirs(points, me), node(&after, me, depth, replies))
        })
        .collect();
    advice_of(view, legal, sums, total, holdings.len())
}

/// The weighted sums of the points the player (`me`) and the opponent peg from here to the end
/// of the deal, over a group of holdings the play cannot tell apart: the player choosing one
/// card for the whole group for `depth` more decisions, then every holding solved.
fn node(group: &[(Table<2>, f64)], me: usize, depth: u8, replies: Replies) -> [f64; 2] {
    let Some((first, _)) = group.first() else {
        return [0.0; 2];
    };
    if first.is_over() {
        return [0.0; 2];
    }
    if depth == 0 || group.len() == 1 {
        // Nothing left hidden from the player's choices: every holding solved.
        return group
            .iter()
            .map(|(table, w)| {
                let (_, points) = solve(table, -WINDOW, WINDOW);
                mine_theirs(points.map(|p| f64::from(p) * w), me)
            })
            .fold([0.0; 2], add);
    }
    if first.turn() == me {
        let ranks: Vec<u8> = first.legal().collect();
        if ranks.is_empty() {
            let (points, after) = step(group, |_| None);
            return add(mine_theirs(points, me), node(&after, me, depth, replies));
        }
        // One card for the whole group: the best weighted net over it.
        return ranks
            .into_iter()
            .map(|rank| {
                let (points, after) = step(group, |_| Some(rank));
                add(
                    mine_theirs(points, me),
                    node(&after, me, depth - 1, replies),
                )
            })
            .max_by(|a, b| (a[0] - a[1]).total_cmp(&(b[0] - b[1])))
            .unwrap_or([0.0; 2]);
    }
    // The opponent's turn: in each holding the card the solution plays, or go; the player sees
    // which, so the group splits by it.
    let answer = |entry: &(Table<2>, f64)| -> Vec<Reply> {
        match replies {
            Replies::Solved => vec![reply(entry)],
            Replies::Read(model) => read_replies(entry, &model),
        }
    };
    let answers: Vec<Vec<Reply>> = if group.len() >= PARALLEL {
        group.par_iter().map(answer).collect()
    } else {
        group.iter().map(answer).collect()
    };
    let mut branches: Vec<(Option<u8>, Group)> = Vec::new();
    let mut sums = [0.0; 2];
    for (action, table, points, w) in answers.into_iter().flatten() {
        sums = add(sums, mine_theirs(points, me));
        match branches.iter_mut().find(|(a, _)| *a == action) {
            Some((_, tables)) => tables.push((table, w)),
            None => branches.push((action, vec![(table, w)])),
        }
    }
    branches
        .iter()
        .map(|(_, tables)| node(tables, me, depth, replies))
        .fold(sums, add)
}

/// The opponent's move in one holding: the rank (none: go), the table after it, the points it
/// gives the pone and the dealer times the holding's weight, and the weight.
type Reply = (Option<u8>, Table<2>, [f64; 2], f64);

/// The opponent's move in one holding, as the perfect-information solution plays it.
fn reply(&(table, w): &(Table<2>, f64)) -> Reply {
    let mover = table.turn();
    let mut best: Option<(i32, u8, Table<2>, [u8; 2])> = None;
    for rank in table.legal() {
        let mut after = table;
        let points = after.play(rank);
        let (rest, _) = solve(&after, -WINDOW, WINDOW);
        let pone_net = i32::from(points[0]) - i32::from(points[1]) + rest;
        let own = if mover == 0 { pone_net } else { -pone_net };
        if best.is_none_or(|(b, ..)| own > b) {
            best = Some((own, rank, after, points));
        }
    }
    let (action, after, points) = match best {
        Some((_, rank, after, points)) => (Some(rank), after, points),
        None => {
            let mut after = table;
            let points = after.go();
            (None, after, points)
        }
    };
    (action, after, points.map(|p| f64::from(p) * w), w)
}

/// The opponent's moves in one holding as the reading model plays them: each legal card with
/// its chance (folded into the weight), or go.
fn read_replies(&(table, w): &(Table<2>, f64), model: &ReadingModel) -> Vec<Reply> {
    let legal: Vec<u8> = table.legal().collect();
    if legal.is_empty() {
        let mut after = table;
        let points = after.go();
        return vec![(None, after, points.map(|p| f64::from(p) * w), w)];
    }
    let since = table.state().since_start();
    let hand = table.hand(table.turn());
    let chances = if legal.len() == 1 {
        vec![1.0]
    } else {
        let options: Vec<_> = legal.iter().map(|&r| features(since, hand, r)).collect();
        model.probabilities(&options)
    };
    legal
        .iter()
        .zip(chances)
        .map(|(&rank, p)| {
            let mut after = table;
            let points = after.play(rank);
            let w = w * p;
            (Some(rank), after, points.map(|p| f64::from(p) * w), w)
        })
        .collect()
}

/// Every table of a group moved on by `action` (a rank, or none: go), with the weighted sums of
/// the points it gives the pone and the dealer.
fn step(group: &[(Table<2>, f64)], action: impl Fn(&Table<2>) -> Option<u8>) -> ([f64; 2], Group) {
    let mut sums = [0.0; 2];
    let after = group
        .iter()
        .map(|&(table, w)| {
            let mut table = table;
            let points = match action(&table) {
                Some(rank) => table.play(rank),
                None => table.go(),
            };
            sums[0] += f64::from(points[0]) * w;
            sums[1] += f64::from(points[1]) * w;
            (table, w)
        })
        .collect();
    (sums, after)
}

/// The pone's and the dealer's points as the player's (`me`) and the opponent's.
fn mine_theirs(points: [f64; 2], me: usize) -> [f64; 2] {
    [points[me], points[1 - me]]
}

fn add(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib::tables::rules::card::{Card, parse_cards};
    use crib::tables::rules::seat::{Players, Seat};
    use crib::tables::rules::sequence::parse_tokens;
    use crib::tables::search::engine::advise;

    fn view(hand: &str, seat: Seat, seen: &str, sequence: &str) -> View<2> {
        let cards = |text: &str| -> Vec<Card> {
            if text.is_empty() {
                return Vec::new();
            }
            parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap()
        };
        let texts: Vec<&str> = sequence.split_whitespace().collect();
        let tokens = parse_tokens(&texts, Players::TWO).unwrap();
        View::new(&cards(hand), seat, &cards(seen), &tokens).unwrap()
    }

    /// A reader by hand: a player who takes the points in front of them, and plays at random
    /// four times in ten.
    const READER: ReadingModel = ReadingModel {
        weights: [2.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        uniform_share: 0.4,
    };

    #[test]
    fn depth_zero_is_the_engine() {
        for (hand, seat, seen, sequence) in [
            ("6h 7c 8d 9s", Seat::PONE, "Kd", ""),
            ("5h 5c Jd Ks", Seat::DEALER, "4c 2h 3s", "10 5c 6"),
            ("4h 4c 9d Ks", Seat::PONE, "2h", "4h 6 9d 2"),
        ] {
            let v = view(hand, seat, seen, sequence);
            let plain = advise(&v, HandWeights::Uniform);
            let informed = advise_informed(&v, HandWeights::Uniform, 0, Replies::Solved);
            assert_eq!(plain.options.len(), informed.options.len());
            for (a, b) in plain.options.iter().zip(&informed.options) {
                assert_eq!(a.card.rank(), b.card.rank(), "{hand} / {sequence}");
                assert!((a.mine - b.mine).abs() < 1e-9 && (a.theirs - b.theirs).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn choosing_blind_is_never_worth_more() {
        // A player who must choose one card for every holding can do no better than one who
        // chooses for each holding apart: each card's net can only fall with depth, and here
        // some do.
        let mut fell = false;
        for (hand, seat, seen, sequence) in [
            ("6h 7c 8d 9s", Seat::DEALER, "Kd", "5"),
            ("2h 3c 4d Ks", Seat::PONE, "Jd", "2h 10"),
            ("5h 5c Jd Ks", Seat::DEALER, "4c 2h 3s", "10 5c 6"),
        ] {
            let v = view(hand, seat, seen, sequence);
            let mut last: Option<PlayAdvice> = None;
            for depth in 0..=3 {
                let advice = advise_informed(&v, HandWeights::Uniform, depth, Replies::Solved);
                if let Some(before) = &last {
                    for o in &advice.options {
                        let b = before.options.iter().find(|b| b.card == o.card).unwrap();
                        assert!(o.net() <= b.net() + 1e-9, "{hand} / {sequence} at {depth}");
                        fell |= o.net() < b.net() - 1e-9;
                    }
                }
                last = Some(advice);
            }
        }
        assert!(fell);
    }

    #[test]
    fn a_forced_reply_reads_as_it_solves() {
        // The opponent holds one card (or none that fits): whatever they are assumed to choose
        // by, they play it, so the two ways of answering agree to the last bit.
        let model = READER;
        for (hand, seat, seen, sequence) in [
            ("6h 7c 8d 9s", Seat::DEALER, "", "2h 6h 3c 7c 4d"),
            ("Ah 2c 3d 4s", Seat::PONE, "", "Ah K 2c Q 3d 5"),
        ] {
            let v = view(hand, seat, seen, sequence);
            for depth in 1..=2 {
                let solved = advise_informed(&v, HandWeights::Uniform, depth, Replies::Solved);
                let read = advise_informed(&v, HandWeights::Uniform, depth, Replies::Read(model));
                assert_eq!(solved, read, "{hand} / {sequence}");
            }
        }
    }

    #[test]
    fn a_read_reply_springs_the_trap() {
        // From 6-7-8-9 the search with every card seen leads the 6: its dealer, seeing the
        // pone's cards, never plays a 7 or a 9 on an 8 to give the pone a run. A dealer who
        // cannot see them, and takes the fifteen a 7 makes on an 8, sometimes does: with the
        // replies read, the 8 is worth more than the 6.
        let v = view("6h 7c 8d 9s", Seat::PONE, "Kd", "");
        let net = |advice: &PlayAdvice, rank: &str| {
            let card = parse_cards(&[rank]).unwrap()[0];
            advice
                .options
                .iter()
                .find(|o| o.card == card)
                .unwrap()
                .net()
        };
        let solved = advise_informed(&v, HandWeights::Uniform, 0, Replies::Solved);
        assert!(net(&solved, "6h") > net(&solved, "8d"));
        let read = advise_informed(&v, HandWeights::Uniform, 1, Replies::Read(READER));
        assert!(net(&read, "8d") > net(&read, "6h"));
    }
}
