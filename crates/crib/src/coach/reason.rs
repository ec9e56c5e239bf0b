//! Why a decision cost what it did, as data: each reason names what differs from crib's choice
//! (the crib a throw fed, the hand it kept, the play; the points a card missed at once, or what
//! it left the next player), the cards and the points it moved, and the rule at stake. The
//! front ends word each kind once: the CLI for people and beside the data in its JSON.

use crate::coach::grade::{Choice, Decision, Worth};
use crate::rules::card::{Card, Rank};
use crate::rules::play::PegScore;
use crate::rules::seat::{Players, Seat};
use crate::rules::sequence::{EventKind, Token, peg};
use crate::rules::show::HandKind;
use crate::state::deal::DealTable;

/// Whose crib a throw went to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The thrower's own (the dealer's).
    Yours,
    /// The thrower's partner's, the dealer, with four players: your side's crib.
    Partner,
    /// The other player's, with two players.
    Opponent,
    /// The dealer's, with three or four players.
    Dealer,
}

/// What is in a throw that matters to the crib it goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Two cards of a rank: 2 points in the crib whatever falls.
    Pair(Rank),
    /// Two cards that make fifteen: 2 points in the crib whatever falls.
    Fifteen([Card; 2]),
    /// A five, which makes fifteen with any of the sixteen ten-cards.
    Five,
    /// Two cards in sequence, the makings of a run.
    Sequence([Card; 2]),
    /// Two cards that make five: fifteen with any ten-card.
    MakeFive([Card; 2]),
    /// Two cards a rank apart, the makings of a run with the rank between.
    Gap([Card; 2]),
}

impl Shape {
    /// How strongly the shape feeds a crib, for comparing two throws: a pair or a fifteen (2
    /// points sure) above a five, above two cards in sequence.
    const fn rank_of_cause(self) -> u8 {
        match self {
            Shape::Pair(_) | Shape::Fifteen(_) => 3,
            Shape::Five | Shape::MakeFive(_) => 2,
            Shape::Sequence(_) | Shape::Gap(_) => 1,
        }
    }

    /// The shape of a throw, if it has one that matters to a crib: a pair, a fifteen, a five,
    /// two cards in sequence, two that make five, two a rank apart, the first that fits in that
    /// order.
    pub(crate) fn of(throw: &[Card]) -> Option<Shape> {
        match *throw {
            [a, b] if a.rank() == b.rank() => Some(Shape::Pair(a.rank())),
            [a, b] if a.value() + b.value() == 15 => Some(Shape::Fifteen([a, b])),
            _ if throw.iter().any(|c| c.rank().number() == 5) => Some(Shape::Five),
            [a, b] if a.rank().number().abs_diff(b.rank().number()) == 1 => {
                Some(Shape::Sequence([a, b]))
            }
            [a, b] if a.rank().value() + b.rank().value() == 5 => Some(Shape::MakeFive([a, b])),
            [a, b] if a.rank().number().abs_diff(b.rank().number()) == 2 => {
                Some(Shape::Gap([a, b]))
            }
            _ => None,
        }
    }
}

/// What a card left the next player, by the rule it opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Risk {
    /// A five led: a ten-card makes fifteen on it.
    FiveLed(Card),
    /// A count of 5 left: a ten-card makes fifteen.
    FiveLeft,
    /// A count of 21 left: a ten-card makes 31.
    TwentyOneLeft,
    /// A card that paired the last: the next of the rank makes a pair royal.
    Pairing,
    /// A card within two ranks of the last: the next card may make a run.
    Run,
    /// A lead under a ten-card with two players: the next card may pair it or make fifteen.
    Lead(Card),
}

/// One reason a decision cost what it did. Points are the choice made less crib's best, for the
/// seat deciding: negative where the choice made gave up points.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// A throw's crib: `points` of crib points, in `whose` crib; `thrown`, where the choice
    /// made put a shape into another's crib that crib's best does not, is that shape.
    Crib {
        /// The crib points, signed for the thrower.
        points: f64,
        /// Whose crib it was.
        whose: Whose,
        /// The shape given away, where that is the cause.
        thrown: Option<Shape>,
    },
    /// A throw's hand: the four cards kept and what they average over the starters, against
    /// crib's best's.
    Hand {
        /// The hand's points, the choice made less crib's best.
        points: f64,
        /// The cards the choice made kept.
        kept: Vec<Card>,
        /// What they average over the starters.
        worth: f64,
        /// The cards crib's best keeps.
        best_kept: Vec<Card>,
        /// What they average.
        best_worth: f64,
    },
    /// A throw's play: what the four cards kept peg, less what the others do.
    Play {
        /// The play's points, the choice made less crib's best.
        points: f64,
    },
    /// A card that scored less at once than crib's: `best` scores `best_now` at once by
    /// `scores`.
    Now {
        /// crib's card.
        best: Card,
        /// What it scores at once.
        best_now: u32,
        /// How it scores them (fifteen, a pair, a run, 31, a go).
        scores: Vec<PegScore>,
        /// The points now, the card played less crib's.
        points: i64,
    },
    /// A card's rest of the play: what both sides can expect to the end of the deal, after what
    /// each card scores at once; `risk`, where the card played gives the next player more, is
    /// what it left them.
    Rest {
        /// The points of the rest of the play, the card played less crib's.
        points: f64,
        /// What the card left the next player, where that is the cause.
        risk: Option<Risk>,
    },
    /// A throw's hand, by what the four cards hold before the starter: crib's keep holds more
    /// (fifteens, pairs, runs and a flush among the four).
    Holds {
        /// What the four cards kept hold before the starter.
        holds: u32,
        /// What crib's keep holds.
        best_holds: u32,
    },
    /// A throw's hand, by its starters: the four cards hold as much as crib's before the
    /// starter, but more of the starters you cannot see give crib's keep more than yours.
    Starters {
        /// How many starters give crib's keep more points than the four cards kept.
        better: u32,
        /// How many give it fewer.
        worse: u32,
        /// The starters you cannot see (46).
        of: u32,
    },
    /// A throw's own crib: crib's throw puts `shape` in your own crib, and yours does not.
    Feeds {
        /// What crib's throw puts in your crib.
        shape: Shape,
    },
    /// A throw's play: crib keeps `card`, a low card for the go (the lowest of its keep, 4 or
    /// less), and the four cards kept hold nothing as low.
    LowCard {
        /// The low card crib's keep holds.
        card: Card,
    },
    /// A card's rest of the play, by the replies it allows: more of the cards you cannot see
    /// score at once when played next on it than on crib's card.
    Replies {
        /// The ranks that score on the card played.
        ranks: Vec<Rank>,
        /// How many cards you cannot see are of those ranks.
        cards: u32,
        /// The ranks that score on crib's card.
        best_ranks: Vec<Rank>,
        /// How many cards you cannot see are of those.
        best_cards: u32,
    },
    /// A card's rest of the play, by what it spends: `card` was your lowest card, and crib
    /// plays a higher one and keeps it for later (the go, 31).
    Spent {
        /// The card played, your lowest.
        card: Card,
    },
    /// The board: the choice made scores as much as crib's or more on average, and wins fewer
    /// games at this score (crib plays on or off, for the pegs or for safety, by the board).
    Board {
        /// The chance of winning it gave up.
        cost_p_win: f64,
        /// The points, the choice made less crib's (0 or more).
        points: f64,
    },
    /// A card's rest of the play, by the count it leaves: crib's card takes the count nearer
    /// 31, where fewer cards can follow.
    Room {
        /// The count the card played leaves.
        count: u8,
        /// The count crib's card leaves.
        best_count: u8,
    },
    /// A card's rest of the play, by a pair held: crib plays `card` from a pair you hold, so
    /// that a card paired on it you answer with a pair royal; yours is from no pair.
    FromPair {
        /// crib's card, one of a pair in your hand.
        card: Card,
    },
    /// A count claimed short.
    Count {
        /// The points claimed.
        claimed: u32,
        /// The points the hand or crib holds.
        holds: u32,
    },
}

/// Why `decision` (of `seat`'s at `table`) cost what it did, from where its points were: each
/// reason names what differs from crib's choice and the points it moved. Empty for a decision
/// that cost nothing.
/// `by_board`: the decision's label by the chance of winning is worse than by its points (the
/// board made it a mistake), said as [`Reason::Board`].
pub(crate) fn reasons(
    table: &DealTable,
    seat: Seat,
    decision: &Decision,
    by_board: bool,
) -> Vec<Reason> {
    if decision.matched() && decision.cost_p_win.is_none_or(|p| p < 0.005) {
        return Vec::new();
    }
    let mut said = match (&decision.chosen, &decision.best, decision.worth) {
        (Choice::Throw(chosen), Choice::Throw(best), Some(worth)) => {
            throw_reasons(table, seat, [chosen, best], worth)
        }
        (Choice::Card(chosen), Choice::Card(best), Some(worth)) => {
            card_reasons(table, seat, [*chosen, *best], worth)
        }
        (&Choice::Count(claimed), &Choice::Count(holds), _) => {
            vec![Reason::Count { claimed, holds }]
        }
        _ => Vec::new(),
    };
    if let Some(p) = decision.cost_p_win.filter(|_| by_board) {
        said.push(Reason::Board {
            cost_p_win: p,
            points: -decision.cost,
        });
    }
    said
}

fn throw_reasons(
    table: &DealTable,
    seat: Seat,
    [chosen, best]: [&[Card]; 2],
    [mine, crib_s]: [Worth; 2],
) -> Vec<Reason> {
    let (
        Worth::Throw {
            hand: hand_a,
            crib: crib_a,
            play: play_a,
        },
        Worth::Throw {
            hand: hand_b,
            crib: crib_b,
            play: play_b,
        },
    ) = (mine, crib_s)
    else {
        return Vec::new();
    };
    let players = table.game.players;
    let own = players.owns_crib(seat);
    let whose = if own && seat == players.dealer() {
        Whose::Yours
    } else if own {
        Whose::Partner
    } else if players == Players::TWO {
        Whose::Opponent
    } else {
        Whose::Dealer
    };
    let mut said = Vec::new();
    let dealt = &table.dealt[seat.index()];
    let kept = |throw: &[Card]| -> Vec<Card> {
        dealt
            .iter()
            .filter(|c| !throw.contains(c))
            .copied()
            .collect()
    };
    let (kept_a, kept_b) = (kept(chosen), kept(best));
    let crib = crib_a - crib_b;
    if crib.abs() >= 0.05 {
        let shape = Shape::of(chosen).filter(|_| Shape::of(best) != Shape::of(chosen));
        said.push(Reason::Crib {
            points: crib,
            whose,
            thrown: shape.filter(|_| !own && crib < 0.0),
        });
        if let Some(shape) = Shape::of(best).filter(|_| own && crib < 0.0)
            && Shape::of(chosen).is_none_or(|s| s.rank_of_cause() < shape.rank_of_cause())
        {
            said.push(Reason::Feeds { shape });
        }
    }
    let hand = hand_a - hand_b;
    if hand.abs() >= 0.05 {
        said.push(Reason::Hand {
            points: hand,
            kept: kept_a.clone(),
            worth: hand_a,
            best_kept: kept_b.clone(),
            best_worth: hand_b,
        });
        if hand < 0.0 {
            let (holds_a, holds_b) = (holds(&kept_a), holds(&kept_b));
            let (better, worse) = starters_compared(&kept_a, &kept_b, dealt);
            if holds_b > holds_a {
                said.push(Reason::Holds {
                    holds: holds_a,
                    best_holds: holds_b,
                });
            } else if better > worse {
                said.push(Reason::Starters {
                    better,
                    worse,
                    of: 52 - dealt.len() as u32,
                });
            }
        }
    }
    if let (Some(a), Some(b)) = (play_a, play_b)
        && (a - b).abs() >= 0.05
    {
        said.push(Reason::Play { points: a - b });
        if a < b
            && let Some(low) = kept_b.iter().copied().min_by_key(|c| c.rank().value())
            && low.rank().value() <= 4
            && kept_a.iter().all(|c| c.rank().value() > low.rank().value())
        {
            said.push(Reason::LowCard { card: low });
        }
    }
    said
}

/// What the cards of a hand hold before the starter: 2 for each fifteen and each pair, a run's
/// length for each run, and 4 for four cards of one suit (a hand's flush).
pub(crate) fn holds(cards: &[Card]) -> u32 {
    let n = cards.len();
    let mut points = 0;
    for mask in 1u32..(1 << n) {
        let (size, sum) = (0..n)
            .filter(|i| mask >> i & 1 == 1)
            .fold((0, 0), |(k, sum), i| {
                (k + 1, sum + u32::from(cards[i].rank().value()))
            });
        if size >= 2 && sum == 15 {
            points += 2;
        }
    }
    for (i, a) in cards.iter().enumerate() {
        points += 2 * cards[i + 1..]
            .iter()
            .filter(|b| b.rank() == a.rank())
            .count() as u32;
    }
    let mut by_rank = [0u32; 15];
    for c in cards {
        by_rank[usize::from(c.rank().number())] += 1;
    }
    for start in 1..=13 {
        if by_rank[start - 1] > 0 || by_rank[start] == 0 {
            continue;
        }
        let length = (start..=13).take_while(|&r| by_rank[r] > 0).count();
        if length >= 3 {
            let ways: u32 = by_rank[start..start + length].iter().product();
            points += length as u32 * ways;
        }
    }
    if n == 4 && cards.iter().all(|c| c.suit() == cards[0].suit()) {
        points += 4;
    }
    points
}

/// Of the starters not among `dealt`, how many give crib's keep `best` more points than the
/// four cards `kept`, and how many fewer.
fn starters_compared(kept: &[Card], best: &[Card], dealt: &[Card]) -> (u32, u32) {
    let (Ok(a), Ok(b)) = (<[Card; 4]>::try_from(kept), <[Card; 4]>::try_from(best)) else {
        return (0, 0);
    };
    let score = |four: &[Card; 4], s: Card| crate::rules::show::score(four, s, HandKind::Hand);
    Card::deck()
        .filter(|s| !dealt.contains(s))
        .fold((0, 0), |(better, worse), s| {
            let (x, y) = (score(&a, s), score(&b, s));
            (better + u32::from(y > x), worse + u32::from(y < x))
        })
}

/// The play up to the moment `card` was played in `table`'s deal.
fn play_before(table: &DealTable, card: Card) -> Vec<Token> {
    let at = table
        .tokens
        .iter()
        .position(|&t| t == Token::Card(card))
        .unwrap_or(table.tokens.len());
    table.tokens[..at].to_vec()
}

/// What `card` scores at once after `before`, and the count it makes.
fn scores_now(table: &DealTable, before: &[Token], card: Card) -> (Vec<PegScore>, u8) {
    let mut tokens = before.to_vec();
    tokens.push(Token::Card(card));
    match peg(&tokens, table.game.players) {
        Ok(pegging) => match pegging.events.last() {
            Some(event) => (event.scores.clone(), event.count),
            None => (Vec::new(), 0),
        },
        Err(_) => (Vec::new(), 0),
    }
}

/// What `card`, played at its moment in `table`'s deal, left the next player, if anything.
pub(crate) fn risk_of(table: &DealTable, card: Card) -> Option<Risk> {
    let before = play_before(table, card);
    let (_, count) = scores_now(table, &before, card);
    let last = before.iter().rev().find_map(|t| match t {
        Token::Card(c) => Some(*c),
        Token::Go => None,
    });
    let on_count = count > card.value();
    match count {
        5 if !on_count => Some(Risk::FiveLed(card)),
        5 => Some(Risk::FiveLeft),
        21 => Some(Risk::TwentyOneLeft),
        _ if on_count && last.is_some_and(|l| l.rank() == card.rank()) => Some(Risk::Pairing),
        _ if on_count
            && last.is_some_and(|l| {
                let gap = l.rank().number().abs_diff(card.rank().number());
                (1..=2).contains(&gap) && count < 31
            }) =>
        {
            Some(Risk::Run)
        }
        _ if !on_count && card.value() < 10 && table.game.players == Players::TWO => {
            Some(Risk::Lead(card))
        }
        _ => None,
    }
}

fn card_reasons(
    table: &DealTable,
    seat: Seat,
    [chosen, best]: [Card; 2],
    [mine, crib_s]: [Worth; 2],
) -> Vec<Reason> {
    let (
        Worth::Card {
            now: now_a,
            mine: mine_a,
            theirs: theirs_a,
        },
        Worth::Card {
            now: now_b,
            mine: mine_b,
            theirs: theirs_b,
        },
    ) = (mine, crib_s)
    else {
        return Vec::new();
    };
    let mut said = Vec::new();
    if now_b > now_a {
        let (scores, _) = scores_now(table, &play_before(table, chosen), best);
        said.push(Reason::Now {
            best,
            best_now: now_b,
            scores,
            points: i64::from(now_a) - i64::from(now_b),
        });
    }
    let rest = (mine_a - f64::from(now_a) - theirs_a) - (mine_b - f64::from(now_b) - theirs_b);
    if rest.abs() >= 0.05 {
        // A risk is the cause of points given up, never of a gain (issue 84, row 11).
        let risk = risk_of(table, chosen).filter(|_| theirs_a > theirs_b && rest < 0.0);
        said.push(Reason::Rest { points: rest, risk });
        let before = play_before(table, chosen);
        if risk.is_none() && theirs_a > theirs_b && rest < 0.0 {
            let ((ranks, cards), (best_ranks, best_cards)) = (
                replies(table, seat, &before, chosen),
                replies(table, seat, &before, best),
            );
            if cards > best_cards {
                said.push(Reason::Replies {
                    ranks,
                    cards,
                    best_ranks,
                    best_cards,
                });
            }
        }
        let (_, count) = scores_now(table, &before, chosen);
        let (_, best_count) = scores_now(table, &before, best);
        if rest < 0.0 && best_count > count && best_count > 21 && best_count < 31 {
            said.push(Reason::Room { count, best_count });
        }
        let held = held_before(table, seat, &before);
        let of_rank = |card: Card| held.iter().filter(|c| c.rank() == card.rank()).count();
        if rest < 0.0
            && mine_a - f64::from(now_a) < mine_b - f64::from(now_b)
            && of_rank(best) >= 2
            && of_rank(chosen) == 1
        {
            said.push(Reason::FromPair { card: best });
        }
        if rest < 0.0
            && mine_a - f64::from(now_a) < mine_b - f64::from(now_b)
            && chosen.rank().value() < best.rank().value()
            && held
                .iter()
                .all(|c| c.rank().value() >= chosen.rank().value())
        {
            said.push(Reason::Spent { card: chosen });
        }
    }
    said
}

/// The cards `seat` held after its throw and before `before` was played: its kept cards not
/// yet played.
fn held_before(table: &DealTable, seat: Seat, before: &[Token]) -> Vec<Card> {
    table
        .kept(seat)
        .into_iter()
        .filter(|c| !before.contains(&Token::Card(*c)))
        .collect()
}

/// The ranks whose cards `seat` cannot see (not dealt to it, not the starter, not played) that
/// score at once played next on `card`, played after `before` in `table`'s deal, and how many
/// unseen cards are of those ranks.
pub(crate) fn replies(
    table: &DealTable,
    seat: Seat,
    before: &[Token],
    card: Card,
) -> (Vec<Rank>, u32) {
    let mut tokens = before.to_vec();
    tokens.push(Token::Card(card));
    let seen: Vec<Card> = table.dealt[seat.index()]
        .iter()
        .copied()
        .chain([table.starter])
        .chain(tokens.iter().filter_map(|t| match t {
            Token::Card(c) => Some(*c),
            Token::Go => None,
        }))
        .collect();
    let unseen = |rank: Rank| Card::deck().filter(move |c| c.rank() == rank);
    let ranks: Vec<Rank> = Rank::ALL
        .into_iter()
        .filter(|&rank| {
            let Some(reply) = unseen(rank).find(|c| !seen.contains(c)) else {
                return false;
            };
            let mut next = tokens.clone();
            next.push(Token::Card(reply));
            peg(&next, table.game.players).is_ok_and(|p| {
                p.events
                    .iter()
                    .any(|e| e.kind == EventKind::Card(reply) && !e.scores.is_empty())
            })
        })
        .collect();
    let cards = ranks
        .iter()
        .map(|&r| unseen(r).filter(|c| !seen.contains(c)).count() as u32)
        .sum();
    (ranks, cards)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(card).collect()
    }

    /// What four cards hold before the starter, by hand: a double run of three with a fifteen
    /// (6-7-7-8: 7+8 twice, a pair, two runs of three: 4 + 2 + 6 = 12), a flush of four, nothing.
    #[test]
    fn what_four_cards_hold() {
        assert_eq!(holds(&cards("6h 7c 7d 8s")), 12);
        assert_eq!(holds(&cards("2h 4h 8h Kh")), 4);
        assert_eq!(holds(&cards("Ah 3c 9d Qs")), 0);
        // 5-5-J-Q: four fifteens (each five with the jack and the queen: 8) and the pair (2).
        assert_eq!(holds(&cards("5h 5c Jd Qs")), 10);
        // A run of four, no fifteen: 4.
        assert_eq!(holds(&cards("9h 10c Jd Qs")), 4);
    }

    /// Two cards that make five, and two a rank apart, are shapes of their own.
    #[test]
    fn makes_five_and_a_gap() {
        assert_eq!(
            Shape::of(&[card("4d"), card("Ah")]),
            Some(Shape::MakeFive([card("4d"), card("Ah")]))
        );
        assert_eq!(
            Shape::of(&[card("8d"), card("10s")]),
            Some(Shape::Gap([card("8d"), card("10s")]))
        );
    }

    /// A pair of fives thrown into the other player's crib is named as one; a fifteen by its
    /// cards, in the order thrown.
    #[test]
    fn a_pair_of_fives_in_their_crib() {
        let fives = Shape::of(&[card("5h"), card("5c")]);
        assert_eq!(fives, Some(Shape::Pair(card("5h").rank())));
        let fifteen = Shape::of(&[card("7h"), card("8c")]);
        assert_eq!(fifteen, Some(Shape::Fifteen([card("7h"), card("8c")])));
        assert_eq!(Shape::of(&[card("5h"), card("9c")]), Some(Shape::Five));
        let run = Shape::of(&[card("9h"), card("10c")]);
        assert_eq!(run, Some(Shape::Sequence([card("9h"), card("10c")])));
        assert_eq!(Shape::of(&[card("2h"), card("9c")]), None);
    }
}
