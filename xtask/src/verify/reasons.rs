//! The coach's reasons are facts: on seeded games of two, three and four players, every reason
//! of every decision of every seat is checked again here, apart from the code that found it,
//! against the rules (the cards it names are where it says, a shape is what it says, a count is
//! what the cards make, a reply scores as the rules score it). And the coach says why: the
//! labelled decisions of crib's players that err as people do (`casual`, `novice`, against
//! `expert`, graded for the board) name a specific cause, not only the parts of the value, in at
//! least 95% of cases.

use rayon::prelude::*;

use crib::coach::{Choice, Decision, Reason, Risk, Shape, Whose, grade, judge};
use crib::game::{DealTable, Level};
use crib::pegging::{Pegging, Token, peg_texts};
use crib::{Card, Hand, HandKind, Models, Players, Rank, Seat};

use super::{Outcome, ensure};

/// The play of `tokens` pegged by the rules, through the library's door for the notation (the
/// tokens written out and read again).
fn peg(tokens: &[Token], players: Players) -> crib::Result<Pegging> {
    let texts: Vec<String> = tokens.iter().map(ToString::to_string).collect();
    peg_texts(&texts, players)
}

/// The points of a score in the play, by the rules as printed.
fn rule_points(score: crib::pegging::PegScore) -> u32 {
    use crib::pegging::PegScore;
    match score {
        PegScore::Fifteen | PegScore::ThirtyOne => 2,
        PegScore::Pairs(n) => [0, 0, 2, 6, 12][usize::from(n).min(4)],
        PegScore::Run(n) => u32::from(n),
        PegScore::Go | PegScore::LastCard => 1,
    }
}

/// The count after `tokens`: the values since the count last started again.
fn count_after(tokens: &[Token], players: Players) -> u8 {
    peg(tokens, players)
        .ok()
        .and_then(|p| p.events.last().map(|e| e.count))
        .unwrap_or(0)
}

/// The play before `card` was played in `table`'s deal.
fn before(table: &DealTable, card: Card) -> Vec<Token> {
    let at = table
        .tokens
        .iter()
        .position(|&t| t == Token::Card(card))
        .unwrap_or(table.tokens.len());
    table.tokens[..at].to_vec()
}

/// The cards `seat` still held when it played `chosen` (its kept cards not yet played).
fn held_before(table: &DealTable, seat: Seat, chosen: Card) -> Vec<Card> {
    let prior = before(table, chosen);
    table
        .kept(seat)
        .into_iter()
        .filter(|c| !prior.contains(&Token::Card(*c)))
        .collect()
}

/// What a throw's two cards are, by the rules of the crib, checked one by one.
fn shape_holds(shape: Shape, throw: &[Card]) -> bool {
    let ranks: Vec<u8> = throw.iter().map(|c| c.rank().number()).collect();
    let values: u32 = throw.iter().map(|c| u32::from(c.rank().value())).sum();
    match shape {
        Shape::Pair(rank) => throw.len() == 2 && throw.iter().all(|c| c.rank() == rank),
        Shape::Fifteen(cards) => values == 15 && cards.iter().all(|c| throw.contains(c)),
        Shape::Five => ranks.contains(&5),
        Shape::Sequence(cards) => {
            ranks.len() == 2
                && ranks[0].abs_diff(ranks[1]) == 1
                && cards.iter().all(|c| throw.contains(c))
        }
        Shape::MakeFive(cards) => values == 5 && cards.iter().all(|c| throw.contains(c)),
        Shape::Gap(cards) => {
            ranks.len() == 2
                && ranks[0].abs_diff(ranks[1]) == 2
                && cards.iter().all(|c| throw.contains(c))
        }
    }
}

/// The points four cards make before the starter, by brute force over the library's own count:
/// the least the hand makes over every starter that cannot pair, fifteen or run with them and
/// is of another suit (a ten-card's rank far from theirs, when there is one).
fn points_before_starter(four: &[Card; 4]) -> Option<u32> {
    Card::deck()
        .filter(|s| !four.contains(s))
        .filter(|s| four.iter().all(|c| c.suit() != s.suit()))
        .filter_map(|s| Hand::new(*four, s, HandKind::Hand).ok())
        .map(|h| u32::from(h.score()))
        .min()
}

/// The kept cards of `seat` with `throw` thrown.
fn kept(table: &DealTable, seat: Seat, throw: &[Card]) -> Vec<Card> {
    table.dealt[seat.index()]
        .iter()
        .filter(|c| !throw.contains(c))
        .copied()
        .collect()
}

/// Every fact `reason` states about `decision` of `seat` at `table`, checked again.
fn check(
    table: &DealTable,
    seat: Seat,
    decision: &Decision,
    reason: &Reason,
) -> Result<(), String> {
    match &decision.chosen {
        Choice::Throw(_) => check_throw(table, seat, decision, reason),
        Choice::Card(_) => check_card(table, seat, decision, reason),
        Choice::Count(_) => check_other(decision, reason),
    }
}

/// The facts a throw's reason states.
fn check_throw(
    table: &DealTable,
    seat: Seat,
    decision: &Decision,
    reason: &Reason,
) -> Result<(), String> {
    let players = table.game.players;
    let fail = |what: &str| Err(format!("{what}: {reason:?} of {decision:?}"));
    match (reason, &decision.chosen, &decision.best) {
        (Reason::Crib { whose, thrown, .. }, Choice::Throw(chosen), _) => {
            // Your side's crib: yours, or with four players your partner's.
            let own = players.side(players.dealer()) == players.side(seat);
            let right_whose = match whose {
                Whose::Yours => players.dealer() == seat,
                Whose::Partner => own && players.dealer() != seat,
                Whose::Opponent => !own && players == Players::TWO,
                Whose::Dealer => !own && players != Players::TWO,
            };
            if !right_whose {
                return fail("whose crib");
            }
            if thrown.is_some_and(|s| !shape_holds(s, chosen)) {
                return fail("the shape thrown");
            }
        }
        (Reason::Feeds { shape }, Choice::Throw(_), Choice::Throw(best)) => {
            if players.side(players.dealer()) != players.side(seat) || !shape_holds(*shape, best) {
                return fail("the shape crib's throw feeds your crib");
            }
        }
        (Reason::Holds { holds, best_holds }, Choice::Throw(chosen), Choice::Throw(best)) => {
            for (throw, points) in [(chosen, holds), (best, best_holds)] {
                let four: [Card; 4] = kept(table, seat, throw)
                    .try_into()
                    .map_err(|_| "not four")?;
                // The least over starters that add nothing is what the four hold.
                if points_before_starter(&four).is_some_and(|p| p < *points) {
                    return fail("what the four cards hold");
                }
            }
            if best_holds <= holds {
                return fail("crib's keep holds more");
            }
        }
        (Reason::Starters { better, worse, of }, Choice::Throw(chosen), Choice::Throw(best)) => {
            let (a, b) = (kept(table, seat, chosen), kept(table, seat, best));
            let (a, b): ([Card; 4], [Card; 4]) = (
                a.try_into().map_err(|_| "not four")?,
                b.try_into().map_err(|_| "not four")?,
            );
            let dealt = &table.dealt[seat.index()];
            let (mut up, mut down, mut n) = (0, 0, 0);
            for s in Card::deck().filter(|s| !dealt.contains(s)) {
                let x = Hand::new(a, s, HandKind::Hand)
                    .map_err(|e| e.to_string())?
                    .score();
                let y = Hand::new(b, s, HandKind::Hand)
                    .map_err(|e| e.to_string())?
                    .score();
                up += u32::from(y > x);
                down += u32::from(y < x);
                n += 1;
            }
            if (up, down, n) != (*better, *worse, *of) || better <= worse {
                return fail("the starters");
            }
        }
        (Reason::LowCard { card }, Choice::Throw(chosen), Choice::Throw(best)) => {
            let (a, b) = (kept(table, seat, chosen), kept(table, seat, best));
            let value = card.rank().value();
            if !b.contains(card) || value > 4 || a.iter().any(|c| c.rank().value() <= value) {
                return fail("the low card");
            }
        }
        _ => return check_other(decision, reason),
    }
    Ok(())
}

/// The facts a card's reason states.
fn check_card(
    table: &DealTable,
    seat: Seat,
    decision: &Decision,
    reason: &Reason,
) -> Result<(), String> {
    let players = table.game.players;
    let fail = |what: &str| Err(format!("{what}: {reason:?} of {decision:?}"));
    match (reason, &decision.chosen, &decision.best) {
        (Reason::Now { best, best_now, .. }, Choice::Card(chosen), _) => {
            let mut tokens = before(table, *chosen);
            tokens.push(Token::Card(*best));
            let scored = peg(&tokens, players).ok().and_then(|p| {
                p.events
                    .last()
                    .map(|e| e.scores.iter().map(|&s| rule_points(s)).sum::<u32>())
            });
            if scored != Some(*best_now) {
                return fail("what crib's card scores now");
            }
        }
        (
            Reason::Rest {
                risk: Some(risk), ..
            },
            Choice::Card(chosen),
            _,
        ) => {
            if !risk_holds(table, *chosen, *risk) {
                return fail("the risk");
            }
        }
        (
            Reason::Replies {
                ranks,
                cards,
                best_ranks,
                best_cards,
            },
            Choice::Card(chosen),
            Choice::Card(best),
        ) => {
            let prior = before(table, *chosen);
            for (card, ranks, cards) in [(chosen, ranks, cards), (best, best_ranks, best_cards)] {
                let (found, n) = replies(table, seat, &prior, *card);
                if (&found, n) != (ranks, *cards) {
                    return fail("the replies");
                }
            }
            if cards <= best_cards {
                return fail("more replies");
            }
        }
        (Reason::Spent { card }, Choice::Card(chosen), Choice::Card(best)) => {
            let held = held_before(table, seat, *chosen);
            if card != chosen
                || best.rank().value() <= card.rank().value()
                || held.iter().any(|c| c.rank().value() < card.rank().value())
            {
                return fail("the lowest card spent");
            }
        }
        (Reason::FromPair { card }, Choice::Card(chosen), Choice::Card(best)) => {
            let held = held_before(table, seat, *chosen);
            let of = |c: &Card| held.iter().filter(|h| h.rank() == c.rank()).count();
            if card != best || of(best) < 2 || of(chosen) != 1 {
                return fail("the pair");
            }
        }
        (Reason::Room { count, best_count }, Choice::Card(chosen), Choice::Card(best)) => {
            let prior = before(table, *chosen);
            for (card, at) in [(chosen, count), (best, best_count)] {
                let mut tokens = prior.clone();
                tokens.push(Token::Card(*card));
                if count_after(&tokens, players) != *at {
                    return fail("the count left");
                }
            }
            if best_count <= count || *best_count <= 21 || *best_count >= 31 {
                return fail("nearer 31");
            }
        }
        _ => return check_other(decision, reason),
    }
    Ok(())
}

/// Whether `chosen`, played at its moment in `table`'s deal, left the next player `risk`.
fn risk_holds(table: &DealTable, chosen: Card, risk: Risk) -> bool {
    let players = table.game.players;
    let prior = before(table, chosen);
    let mut tokens = prior.clone();
    tokens.push(Token::Card(chosen));
    let count = count_after(&tokens, players);
    let last = prior.iter().rev().find_map(|t| match t {
        Token::Card(c) => Some(*c),
        Token::Go => None,
    });
    let led = count == chosen.rank().value();
    let gap = |l: Card| l.rank().number().abs_diff(chosen.rank().number());
    match risk {
        Risk::FiveLed(card) => card == chosen && count == 5 && led,
        Risk::FiveLeft => count == 5,
        Risk::TwentyOneLeft => count == 21,
        Risk::Pairing => !led && last.is_some_and(|l| l.rank() == chosen.rank()),
        Risk::Run => !led && last.is_some_and(|l| (1..=2).contains(&gap(l))),
        Risk::Lead(card) => card == chosen && led && players == Players::TWO,
    }
}

/// The facts of the reasons of any decision: the board, a count, the parts of the value.
fn check_other(decision: &Decision, reason: &Reason) -> Result<(), String> {
    let fail = |what: &str| Err(format!("{what}: {reason:?} of {decision:?}"));
    match (reason, &decision.chosen, &decision.best) {
        (Reason::Board { cost_p_win, .. }, _, _) => {
            if decision.cost_p_win != Some(*cost_p_win) {
                return fail("the board's cost");
            }
        }
        (Reason::Count { claimed, holds }, Choice::Count(c), Choice::Count(h)) => {
            if (claimed, holds) != (c, h) {
                return fail("the count");
            }
        }
        (Reason::Hand { .. } | Reason::Play { .. } | Reason::Rest { risk: None, .. }, _, _) => {}
        _ => return fail("a reason of another kind of decision"),
    }
    Ok(())
}

/// The ranks whose cards `seat` cannot see that score at once on `card` after `prior`, and
/// how many such cards there are: counted again, card by card.
fn replies(table: &DealTable, seat: Seat, prior: &[Token], card: Card) -> (Vec<Rank>, u32) {
    let mut tokens = prior.to_vec();
    tokens.push(Token::Card(card));
    let seen = |c: &Card| {
        table.dealt[seat.index()].contains(c)
            || *c == table.starter
            || tokens.contains(&Token::Card(*c))
    };
    let mut ranks = Vec::new();
    let mut cards = 0;
    for rank in Rank::ALL {
        let unseen: Vec<Card> = Card::deck()
            .filter(|c| c.rank() == rank && !seen(c))
            .collect();
        let Some(&reply) = unseen.first() else {
            continue;
        };
        let mut next = tokens.clone();
        next.push(Token::Card(reply));
        let scores = peg(&next, table.game.players).is_ok_and(|p| {
            p.events
                .iter()
                .any(|e| e.kind == crib::pegging::EventKind::Card(reply) && !e.scores.is_empty())
        });
        if scores {
            ranks.push(rank);
            cards += unseen.len() as u32;
        }
    }
    (ranks, cards)
}

/// A reason that names a cause, not only a part of the value.
fn specific(reason: &Reason) -> bool {
    !matches!(
        reason,
        Reason::Hand { .. }
            | Reason::Play { .. }
            | Reason::Crib { thrown: None, .. }
            | Reason::Rest { risk: None, .. }
    )
}

/// One seeded game: every reason of every seat checked; the labelled decisions of `who` and
/// how many name a cause.
fn one_game(
    players: Players,
    levels: &[Level],
    board: bool,
    seed: u64,
    who: usize,
) -> Result<(usize, usize, usize), String> {
    let models = Models::committed();
    let record = super::coach::play_a_game(players, levels, seed)?;
    let (mut checked, mut labelled, mut named) = (0, 0, 0);
    for (m, table) in &record.deals {
        for seat in players.seats() {
            let decisions = grade(models, table, seat, &[], board).map_err(|e| e.to_string())?;
            for decision in &decisions {
                let judged = judge(table, seat, decision).map_err(|e| e.to_string())?;
                for reason in &judged.reasons {
                    check(table, seat, decision, reason)
                        .map_err(|e| format!("seed {seed}: {e}"))?;
                    checked += 1;
                }
                if judged.label.is_some() && m.player_at(seat) == who {
                    labelled += 1;
                    named += usize::from(judged.reasons.iter().any(specific));
                }
            }
        }
    }
    Ok((checked, labelled, named))
}

/// The games: two players graded for the board (the erring player first), three and four for
/// points.
fn games(count: u64) -> Vec<(Players, Vec<Level>, bool, u64)> {
    let mut all = Vec::new();
    for seed in 0..count {
        all.push((
            Players::TWO,
            vec![Level::Casual, Level::Expert],
            true,
            100 + seed,
        ));
        all.push((
            Players::TWO,
            vec![Level::Novice, Level::Expert],
            true,
            200 + seed,
        ));
        if seed % 4 == 0 {
            all.push((
                Players::THREE,
                vec![Level::Novice, Level::Expert, Level::Greedy],
                false,
                300 + seed,
            ));
            all.push((
                Players::FOUR,
                vec![Level::Casual, Level::Expert, Level::Greedy, Level::Expert],
                false,
                400 + seed,
            ));
        }
    }
    all
}

/// Every reason of 80 two-player games and 20 of three and four checked; at least 95% of the
/// labelled decisions of the erring players name a cause.
pub fn reasons_hold() -> Outcome {
    let found: Vec<(usize, usize, usize)> = games(40)
        .into_par_iter()
        .map(|(players, levels, board, seed)| one_game(players, &levels, board, seed, 0))
        .collect::<Result<_, String>>()?;
    let checked: usize = found.iter().map(|f| f.0).sum();
    let labelled: usize = found.iter().map(|f| f.1).sum();
    let named: usize = found.iter().map(|f| f.2).sum();
    let share = named as f64 / labelled.max(1) as f64;
    eprintln!(
        "  {checked} reasons checked; {named} of {labelled} labelled decisions name a cause ({:.1}%)",
        100.0 * share
    );
    ensure!(labelled > 300, "only {labelled} labelled decisions");
    ensure!(
        share >= 0.95,
        "{:.1}% of labelled decisions name a cause",
        100.0 * share
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few games of two, three and four players: every reason is a fact.
    #[test]
    fn reasons_are_facts() {
        for (players, levels, board, seed) in games(2) {
            let (checked, _, _) = one_game(players, &levels, board, seed, 0).unwrap();
            assert!(checked > 0 || players != Players::TWO, "{players:?}");
        }
    }
}
