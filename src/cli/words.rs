//! The coach's words: each kind of [`Reason`] the library returns, each fault and each choice,
//! worded here once, its cards written for people or in ASCII for JSON. `crib review`, `crib
//! train` and `crib stats --logs` all say them from here.

use crib::Card;
use crib::coach::{Choice, Fault, Reason, Risk, Shape, Whose};
use serde_json::{Value, json};

use super::output;

/// How cards are written: for people (`5♥`, coloured on a terminal) or in ASCII (`5h`).
type Show<'a> = &'a dyn Fn(&[Card]) -> String;

/// A reason in a player's words, its cards written by `show`.
pub fn said(reason: &Reason, show: Show) -> String {
    match reason {
        Reason::Crib {
            points,
            whose,
            thrown: Some(shape),
        } => format!(
            "you threw {} into {}: {points:+.1} crib points",
            shape_said(*shape, show),
            whose_said(*whose)
        ),
        Reason::Crib { points, whose, .. } => {
            format!("the crib: {points:+.1} points ({})", whose_said(*whose))
        }
        Reason::Hand {
            points,
            kept,
            worth,
            best_kept,
            best_worth,
        } => format!(
            "the hand: {points:+.1} points (you kept {} for {worth:.1} over the starters, crib \
             keeps {} for {best_worth:.1})",
            show(kept),
            show(best_kept)
        ),
        Reason::Play { points } => format!(
            "the play: {points:+.1} points (what the four cards kept peg, less what the others do)"
        ),
        Reason::Now {
            best,
            best_now,
            scores,
            points,
        } => {
            let why: Vec<String> = scores.iter().map(ToString::to_string).collect();
            format!(
                "{} scores {best_now} now ({}): {points:+} now",
                show(&[*best]),
                why.join(", ")
            )
        }
        Reason::Rest {
            points,
            risk: Some(risk),
        } => format!("{}: {points:+.1} in the play", risk_said(*risk, show)),
        Reason::Rest { points, .. } => format!("the rest of the play: {points:+.1} points"),
        Reason::Count { claimed, holds } => format!(
            "you counted {claimed} where the count holds {holds}: {} points missed",
            holds.saturating_sub(*claimed)
        ),
        Reason::Holds { holds, best_holds } => {
            format!("crib's keep holds {best_holds} before the starter, yours {holds}")
        }
        Reason::Starters { better, worse, of } => format!(
            "of the {of} starters you cannot see, {better} give crib's keep more than yours, \
             {worse} less"
        ),
        Reason::Feeds { shape } => format!(
            "crib's throw puts {} in your side's crib",
            shape_said(*shape, show)
        ),
        Reason::LowCard { card } => format!(
            "crib keeps the {}, a low card for the go; yours keeps nothing as low",
            show(&[*card])
        ),
        Reason::Replies { .. }
        | Reason::Board { .. }
        | Reason::Room { .. }
        | Reason::FromPair { .. }
        | Reason::Spent { .. } => play_said(reason, show),
    }
}

/// The causes of a card's cost (and the board's), in a player's words ([`said`] words the
/// others).
fn play_said(reason: &Reason, show: Show) -> String {
    match reason {
        Reason::Replies {
            ranks,
            cards,
            best_ranks,
            best_cards,
        } => format!(
            "{cards} of the cards you cannot see score on it next ({}), {} on crib's card",
            ranks_listed(ranks),
            match best_cards {
                0 => "none".to_owned(),
                n => format!("{n} ({})", ranks_listed(best_ranks)),
            }
        ),
        Reason::Board { cost_p_win, points } => format!(
            "{}, but {:.1}% of the game at this score: the board decides",
            if *points >= -0.05 {
                "as many points or more".to_owned()
            } else {
                format!("only {:.1} points", -points)
            },
            100.0 * cost_p_win
        ),
        Reason::Room { count, best_count } => format!(
            "crib's card takes the count to {best_count}, where only cards of {} or less can \
             follow; yours leaves {count}",
            31 - best_count
        ),
        Reason::FromPair { card } => format!(
            "crib plays the {} from your pair: paired, you answer with a pair royal",
            show(&[*card])
        ),
        Reason::Spent { card } => format!(
            "the {} was your lowest card: crib plays a higher one and keeps it for the go or 31",
            show(&[*card])
        ),
        other => said(other, show),
    }
}

/// Ranks as players write them: "A, 5, 10, J".
fn ranks_listed(ranks: &[crib::Rank]) -> String {
    let names: Vec<String> = ranks.iter().map(|r| r.ascii().replace('T', "10")).collect();
    names.join(", ")
}

/// A fault in words: how `crib review` and `crib stats --logs` name what a decision got wrong.
pub fn fault_said(fault: Fault) -> &'static str {
    match fault {
        Fault::ThrowCrib => "the crib in a throw",
        Fault::ThrowHand => "the hand kept",
        Fault::ThrowPlay => "the play in a throw",
        Fault::PointsNow => "points missed in the play",
        Fault::FifteenLeft => "a count of 5 or 21 left",
        Fault::Pairing => "a pair offered to pair",
        Fault::Run => "a run offered",
        Fault::Lead => "the lead",
        Fault::RestOfPlay => "the rest of the play",
        Fault::Count => "a count missed",
        Fault::Board => "the board, not the points",
    }
}

/// A choice as people read it: the cards thrown or played, or the points claimed.
pub fn choice_said(choice: &Choice) -> String {
    match choice {
        Choice::Throw(cards) => output::cards_text(cards),
        Choice::Card(card) => output::cards_text(&[*card]),
        Choice::Count(points) => points.to_string(),
    }
}

/// Every reason of `reasons` in words: for people, and for JSON (cards in ASCII).
pub fn both(reasons: &[Reason]) -> [Vec<String>; 2] {
    let people = |cards: &[Card]| output::cards_text(cards);
    [
        reasons.iter().map(|r| said(r, &people)).collect(),
        reasons
            .iter()
            .map(|r| said(r, &output::cards_ascii))
            .collect(),
    ]
}

/// A reason as JSON data: its kind, what it names (cards in ASCII, points for the seat
/// deciding), and its words beside it (`said`).
pub fn cause_json(reason: &Reason) -> Value {
    let cards = |cards: &[Card]| output::cards_json(cards);
    let said = said(reason, &output::cards_ascii);
    match reason {
        Reason::Crib {
            points,
            whose,
            thrown,
        } => json!({"kind": "crib", "points": points, "whose": whose_name(*whose),
                    "thrown": thrown.map(shape_json), "said": said}),
        Reason::Hand {
            points,
            kept,
            worth,
            best_kept,
            best_worth,
        } => json!({"kind": "hand", "points": points, "kept": cards(kept), "worth": worth,
                    "best_kept": cards(best_kept), "best_worth": best_worth, "said": said}),
        Reason::Play { points } => json!({"kind": "play", "points": points, "said": said}),
        Reason::Now {
            best,
            best_now,
            scores,
            points,
        } => {
            let scores: Vec<String> = scores.iter().map(ToString::to_string).collect();
            json!({"kind": "now", "points": points, "best": best.to_string(),
                   "best_now": best_now, "scores": scores, "said": said})
        }
        Reason::Rest { points, risk } => json!({"kind": "rest", "points": points,
                                                "risk": risk.map(risk_json), "said": said}),
        Reason::Count { claimed, holds } => json!({"kind": "count", "claimed": claimed,
                                                   "holds": holds, "said": said}),
        Reason::Holds { holds, best_holds } => json!({"kind": "holds", "holds": holds,
                                                      "best_holds": best_holds, "said": said}),
        Reason::Starters { better, worse, of } => json!({"kind": "starters", "better": better,
                                                         "worse": worse, "of": of, "said": said}),
        Reason::Feeds { shape } => {
            json!({"kind": "feeds", "shape": shape_json(*shape), "said": said})
        }
        Reason::LowCard { card } => {
            json!({"kind": "low card", "card": card.to_string(), "said": said})
        }
        Reason::Replies {
            ranks,
            cards,
            best_ranks,
            best_cards,
        } => {
            let names = |ranks: &[crib::Rank]| -> Vec<String> {
                ranks.iter().map(|r| r.ascii().to_owned()).collect()
            };
            json!({"kind": "replies", "ranks": names(ranks), "cards": cards,
                   "best_ranks": names(best_ranks), "best_cards": best_cards, "said": said})
        }
        Reason::Spent { card } => json!({"kind": "spent", "card": card.to_string(), "said": said}),
        Reason::FromPair { card } => {
            json!({"kind": "from pair", "card": card.to_string(), "said": said})
        }
        Reason::Board { cost_p_win, points } => json!({"kind": "board", "cost_p_win": cost_p_win,
                                                       "points": points, "said": said}),
        Reason::Room { count, best_count } => json!({"kind": "room", "count": count,
                                                     "best_count": best_count, "said": said}),
    }
}

/// Every reason of `reasons` as JSON data ([`cause_json`]).
pub fn causes_json(reasons: &[Reason]) -> Vec<Value> {
    reasons.iter().map(cause_json).collect()
}

/// Whose crib, as JSON names it: `yours`, `opponent` (two players) or `dealer`.
fn whose_name(whose: Whose) -> &'static str {
    match whose {
        Whose::Yours => "yours",
        Whose::Partner => "partner",
        Whose::Opponent => "opponent",
        Whose::Dealer => "dealer",
    }
}

/// A throw's shape as JSON: `{"shape": "pair", "rank": "5"}`, or a fifteen or two cards in
/// sequence with their cards, or a five.
fn shape_json(shape: Shape) -> Value {
    match shape {
        Shape::Pair(rank) => json!({"shape": "pair", "rank": rank.ascii()}),
        Shape::Fifteen(cards) => json!({"shape": "fifteen", "cards": output::cards_json(&cards)}),
        Shape::Five => json!({"shape": "five"}),
        Shape::Sequence(cards) => {
            json!({"shape": "sequence", "cards": output::cards_json(&cards)})
        }
        Shape::MakeFive(cards) => {
            json!({"shape": "makes five", "cards": output::cards_json(&cards)})
        }
        Shape::Gap(cards) => json!({"shape": "gap", "cards": output::cards_json(&cards)}),
    }
}

/// What a card left the next player, as JSON: the rule at stake, and the card led where it
/// is a lead.
fn risk_json(risk: Risk) -> Value {
    match risk {
        Risk::FiveLed(card) => json!({"rule": "five led", "card": card.to_string()}),
        Risk::FiveLeft => json!({"rule": "five left"}),
        Risk::TwentyOneLeft => json!({"rule": "21 left"}),
        Risk::Pairing => json!({"rule": "pairing"}),
        Risk::Run => json!({"rule": "run"}),
        Risk::Lead(card) => json!({"rule": "lead", "card": card.to_string()}),
    }
}

fn whose_said(whose: Whose) -> &'static str {
    match whose {
        Whose::Yours => "your own crib",
        Whose::Partner => "your partner's crib",
        Whose::Opponent => "the other player's crib",
        Whose::Dealer => "the dealer's crib",
    }
}

/// A rank in the plural, as players name a pair: "a pair of fives", "a pair of twos".
fn ranks_said(rank: crib::Rank) -> String {
    // One style throughout: every rank in words, as players say them.
    [
        "aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
        "jacks", "queens", "kings",
    ][usize::from(rank.number()) - 1]
        .into()
}

fn shape_said(shape: Shape, show: Show) -> String {
    match shape {
        Shape::Pair(rank) => format!("a pair of {}", ranks_said(rank)),
        Shape::Fifteen(cards) => format!("a fifteen ({})", show(&cards)),
        Shape::Five => "a five".into(),
        Shape::Sequence(cards) => format!("two cards in sequence ({})", show(&cards)),
        Shape::MakeFive(cards) => format!(
            "two cards that make five ({}), fifteen with any ten-card",
            show(&cards)
        ),
        Shape::Gap(cards) => format!(
            "two cards a rank apart ({}), a run with the rank between",
            show(&cards)
        ),
    }
}

fn risk_said(risk: Risk, show: Show) -> String {
    match risk {
        Risk::FiveLed(card) => {
            format!("leading the {} lets a ten-card make fifteen", show(&[card]))
        }
        Risk::FiveLeft => "leaving 5 lets a ten-card make fifteen".into(),
        Risk::TwentyOneLeft => "leaving 21 lets a ten-card make 31".into(),
        Risk::Pairing => "pairing invites a pair royal".into(),
        Risk::Run => "it offers a run".into(),
        // Only a card of 5 or more can be made fifteen by one other (a ten-card at most).
        Risk::Lead(card) if card.rank().value() >= 5 => format!(
            "leading the {} lets the next card pair it or make fifteen",
            show(&[card])
        ),
        Risk::Lead(card) => format!("leading the {} lets the next card pair it", show(&[card])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// A lead is said to let the next card make fifteen only where some card can (issue 84,
    /// row 1: "leading the A lets the next card ... make fifteen" was said of an ace).
    #[test]
    fn a_lead_is_said_to_risk_fifteen_only_where_it_does() {
        for card in Card::deck() {
            let text = risk_said(Risk::Lead(card), &output::cards_ascii);
            let fifteen =
                Card::deck().any(|other| card.rank().value() + other.rank().value() == 15);
            assert_eq!(text.contains("make fifteen"), fifteen, "{text}");
            assert!(text.contains("pair it"), "{text}");
        }
    }

    /// A pair of fives into the other player's crib is named; a fifteen by its cards.
    #[test]
    fn shapes_in_words() {
        let five = card("5h").rank();
        assert_eq!(
            shape_said(Shape::Pair(five), &output::cards_ascii),
            "a pair of fives"
        );
        let fifteen = Shape::Fifteen([card("7h"), card("8c")]);
        assert_eq!(
            shape_said(fifteen, &output::cards_ascii),
            "a fifteen (7h 8c)"
        );
        let reason = Reason::Crib {
            points: -2.5,
            whose: Whose::Opponent,
            thrown: Some(Shape::Pair(five)),
        };
        assert_eq!(
            said(&reason, &output::cards_ascii),
            "you threw a pair of fives into the other player's crib: -2.5 crib points"
        );
    }
}
