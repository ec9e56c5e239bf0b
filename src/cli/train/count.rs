//! `crib train count`: count hands and cribs yourself, muggins-style; crib grades the total and
//! says every item you missed, in players' words.

use serde_json::json;

use crib::coach::{Focus, count_drill, missed};
use crib::{Hand, HandKind, Item, ItemKind};

use super::{Answer, Common, Session, Step};
use crate::cli::Outcome;
use crate::cli::output::{cards_json, cards_text};
use crate::cli::talk::{Reply, Talk};

pub const AFTER_HELP: &str = "\
Four cards and a starter, a hand or a crib: type what it counts. crib grades your total, says \
the count as it is said at the table, and names what you missed, the items a player most \
easily overlooks first (nobs, a flush, a fifteen of three cards or more, a second run). 19 is \
read as players mean it: nothing. --focus deals only hands that show what you miss most: \
crib-flush (cribs of four cards of a suit, a flush only with the starter's suit), double-runs, \
nobs, fifteens (fifteens of three cards or more).

Examples:
  crib train count
  crib train count --focus double-runs --rounds 20
  crib train count --seed 7 --json";

/// Arguments of `crib train count`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    common: Common,

    /// What to dwell on.
    #[arg(long, default_value = "any", value_parser = ["any", "crib-flush", "double-runs", "nobs", "fifteens"])]
    focus: String,
}

/// Run `crib train count`.
pub fn run(args: &Args, talk: &mut Talk) -> anyhow::Result<Outcome> {
    let focus = Focus::named(&args.focus).unwrap_or(Focus::Any);
    let seed = args.common.seed();
    let rounds = args.common.rounds;
    let mut session = Session::new(talk, "count", Some(seed));
    let focused = match focus {
        Focus::Any => String::new(),
        _ => format!(", focus {}", focus.name()),
    };
    let intro = format!(
        "Count {} (seed {seed}{focused}). Type the count; ? for a hint, best for crib's \
         count, q to stop.",
        crate::cli::output::plural(rounds, "hand or crib", "hands and cribs")
    );
    let event = json!({"event": "drill", "drill": "count", "seed": seed, "rounds": rounds,
                       "focus": focus.name()});
    session.drive(&intro, event, rounds, &mut |s, n| {
        round(s, &count_drill(seed, n, focus), n, rounds)
    })
}

fn what(hand: &Hand) -> &'static str {
    match hand.kind() {
        HandKind::Hand => "hand",
        HandKind::Crib => "crib",
    }
}

/// One hand to count.
fn round(s: &mut Session, hand: &Hand, n: u64, rounds: u64) -> anyhow::Result<Step> {
    let title = format!(
        "{} {} of {rounds}",
        if hand.kind() == HandKind::Crib {
            "Crib"
        } else {
            "Hand"
        },
        n + 1,
    );
    ask_count(s, hand, &title, n)
}

/// Ask for the count of `hand` under `title` ("Hand 1 of 10", "Mistake 2 of 5 (...)"), round
/// `n` from 0, and grade it.
pub fn ask_count(s: &mut Session, hand: &Hand, title: &str, n: u64) -> anyhow::Result<Step> {
    let scene = vec![format!(
        "{title}: {}, starter {}",
        cards_text(hand.cards()),
        cards_text(&[hand.starter()])
    )];
    s.show(&scene)?;
    let details = json!({"round": n + 1, "what": what(hand), "cards": cards_json(hand.cards()),
                         "starter": hand.starter().to_string()});
    let mut hinted = false;
    let claimed = loop {
        match s.ask("Count it (points, ?, best or q):", "count", details.clone())? {
            Reply::Quit | Reply::Ended => return Ok(Step::Quit),
            Reply::Advice => {
                hinted = true;
                let text = hint(hand);
                s.say(&text, json!({"event": "hint", "text": text}))?;
            }
            Reply::Best => break None,
            Reply::Words(words) => match read_count(&words) {
                Ok(points) => break Some(points),
                Err(message) => s.refuse(&message)?,
            },
        }
    };
    let answer = grade(s, hand, claimed, hinted, n)?;
    Ok(Step::Answered(answer))
}

/// A count typed: a number from 0 to 29, 19 meaning nothing as players say it.
fn read_count(words: &[String]) -> Result<u32, String> {
    let [word] = words else {
        return Err("type the count as one number, 0 to 29".to_owned());
    };
    match word.parse::<u32>() {
        Ok(19) => Ok(0),
        Ok(points) if points <= 29 => Ok(points),
        _ => Err(format!("'{word}' is not a count: a number from 0 to 29")),
    }
}

/// What to look for, without the points: how many of each kind of item there is.
fn hint(hand: &Hand) -> String {
    let items = hand.breakdown().items;
    let count = |kind: ItemKind| items.iter().filter(|i| i.kind == kind).count();
    let mut found = Vec::new();
    let some = |n: usize, one: &str, many: &str| match n {
        1 => format!("a {one}"),
        _ => format!("{n} {many}"),
    };
    let fifteens = count(ItemKind::Fifteen);
    if fifteens > 0 {
        found.push(some(fifteens, "fifteen", "fifteens"));
    }
    // Pairs as players say them: a pair royal is one thing to look for, not three pairs.
    let mut ranks: Vec<usize> = Vec::new();
    for item in items.iter().filter(|i| i.kind == ItemKind::Pair) {
        let rank = usize::from(item.cards()[0].rank().number());
        ranks.push(rank);
    }
    let of_rank = |n: usize| {
        let mut counted: Vec<usize> = ranks.clone();
        counted.sort_unstable();
        counted.dedup();
        counted
            .iter()
            .filter(|&&r| ranks.iter().filter(|&&x| x == r).count() == n)
            .count()
    };
    let (pairs, royals, doubles) = (of_rank(1), of_rank(3), of_rank(6));
    if pairs > 0 {
        found.push(some(pairs, "pair", "pairs"));
    }
    if royals > 0 {
        found.push(some(royals, "pair royal", "pairs royal"));
    }
    if doubles > 0 {
        found.push("a double pair royal".to_owned());
    }
    let runs = count(ItemKind::Run);
    if runs > 0 {
        found.push(some(runs, "run", "runs"));
    }
    if count(ItemKind::Flush) > 0 {
        found.push("a flush".to_owned());
    }
    if count(ItemKind::Nobs) > 0 {
        found.push("nobs".to_owned());
    }
    match found.as_slice() {
        [] => "Hint: look again; there may be nothing to count.".to_owned(),
        [.., last] if found.len() > 1 => format!(
            "Hint: look for {} and {last}.",
            found[..found.len() - 1].join(", ")
        ),
        _ => format!("Hint: look for {}.", found[0]),
    }
}

/// Items in words, as players say them: the pairs of one rank together, as a pair royal (three
/// of a kind, 6) or a double pair royal (four, 12), where every pair of them is among `items`.
fn items_text(items: &[Item]) -> Vec<String> {
    let mut said = Vec::new();
    let mut done = vec![false; items.len()];
    for (i, item) in items.iter().enumerate() {
        if done[i] {
            continue;
        }
        if item.kind == ItemKind::Pair {
            let rank = item.cards()[0].rank();
            let same: Vec<usize> = (i..items.len())
                .filter(|&j| items[j].kind == ItemKind::Pair && items[j].cards()[0].rank() == rank)
                .collect();
            let name = match same.len() {
                3 => Some(("a pair royal", 6)),
                6 => Some(("a double pair royal", 12)),
                _ => None,
            };
            if let Some((name, points)) = name {
                let mut cards: Vec<crib::Card> = same
                    .iter()
                    .flat_map(|&j| items[j].cards().to_vec())
                    .collect();
                cards.sort_by_key(|c| c.index());
                cards.dedup();
                said.push(format!("{name} {} for {points}", cards_text(&cards)));
                for j in same {
                    done[j] = true;
                }
                continue;
            }
        }
        said.push(item_text(item));
    }
    said
}

/// An item in words: `nobs J♦`, `fifteen 5♥ K♣`, `a run of three 4♥ 5♣ 6♠`: its points.
fn item_text(item: &Item) -> String {
    let cards = cards_text(item.cards());
    let what = match item.kind {
        ItemKind::Fifteen => format!("fifteen {cards}"),
        ItemKind::Pair => format!("a pair {cards}"),
        ItemKind::Run => format!("a run of {} {cards}", item.cards().len()),
        ItemKind::Flush => format!("a flush {cards}"),
        ItemKind::Nobs => format!("nobs {cards}"),
    };
    format!("{what} for {}", item.points)
}

/// A crib of four cards of a suit with a starter of another: no flush.
fn crib_flush_wanted(hand: &Hand) -> bool {
    let suit = hand.cards()[0].suit();
    hand.kind() == HandKind::Crib
        && hand.cards().iter().all(|c| c.suit() == suit)
        && hand.starter().suit() != suit
}

fn grade(
    s: &mut Session,
    hand: &Hand,
    claimed: Option<u32>,
    hinted: bool,
    n: u64,
) -> anyhow::Result<Answer> {
    let breakdown = hand.breakdown();
    let holds = u32::from(breakdown.points.total());
    let said = breakdown.said();
    let lost = missed(&breakdown, claimed.unwrap_or(0));
    let mut lines = Vec::new();
    match claimed {
        Some(c) if c == holds => lines.push(format!("Right: {holds}.")),
        Some(c) if c < holds => {
            lines.push(format!("You counted {c}; it holds {holds}."));
            if !lost.is_empty() {
                lines.push(format!("You missed {}.", items_text(&lost).join(", ")));
            }
        }
        Some(c) => {
            lines.push(format!(
                "You counted {c}; it holds {holds}: {} too many.",
                crate::cli::output::plural(u64::from(c - holds), "point", "points")
            ));
            if crib_flush_wanted(hand) {
                lines.push(
                    "A crib's flush needs the starter's suit too: four of a suit in the crib \
                     count nothing."
                        .to_owned(),
                );
            }
        }
        None => lines.push(format!("It holds {holds}.")),
    }
    lines.push(format!("The count: {said}"));
    let missed_json: Vec<serde_json::Value> = lost
        .iter()
        .map(|i| json!({"kind": i.kind.name(), "cards": cards_json(i.cards()), "points": i.points}))
        .collect();
    let right = claimed == Some(holds);
    s.say(
        &lines.join("\n"),
        json!({"event": "graded", "round": n + 1, "claimed": claimed, "holds": holds,
               "right": right, "missed": missed_json, "said": said, "hinted": hinted,
               "shown": claimed.is_none()}),
    )?;
    Ok(Answer {
        right,
        hinted,
        shown: claimed.is_none(),
        cost: f64::from(claimed.map_or(holds, |c| c.abs_diff(holds))),
        skill: crate::cli::grades::skill::SKILLS[0],
        ..Answer::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_read_as_players_say_them() {
        let words = |w: &str| vec![w.to_owned()];
        assert_eq!(read_count(&words("12")), Ok(12));
        assert_eq!(read_count(&words("19")), Ok(0));
        assert!(
            read_count(&words("30"))
                .unwrap_err()
                .contains("'30' is not a count")
        );
        assert!(read_count(&words("five")).is_err());
        assert!(read_count(&[]).is_err());
    }

    #[test]
    fn hints_name_what_to_look_for() {
        let cards = crib::parse_cards(&["5h", "5c", "5s", "Jd", "5d"]).unwrap();
        let hand = Hand::from_cards(&cards, HandKind::Hand).unwrap();
        assert_eq!(
            hint(&hand),
            "Hint: look for 8 fifteens, a double pair royal and nobs."
        );
    }

    /// A pair royal missed is said as one (issue 84, row 11: it was listed as three pairs);
    /// two pairs of one rank missed out of three are two pairs.
    #[test]
    fn a_pair_royal_is_said_as_one() {
        let cards = crib::parse_cards(&["7h", "7c", "7s", "2d", "Kd"]).unwrap();
        let hand = Hand::from_cards(&cards, HandKind::Hand).unwrap();
        let items = hand.breakdown().items;
        let pairs: Vec<Item> = items
            .iter()
            .filter(|i| i.kind == ItemKind::Pair)
            .copied()
            .collect();
        assert_eq!(pairs.len(), 3);
        let said = items_text(&pairs);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with("a pair royal ") && said[0].ends_with(" for 6"),
            "{said:?}"
        );
        assert_eq!(items_text(&pairs[..2]).len(), 2);
        assert_eq!(hint(&hand), "Hint: look for a pair royal.");
    }
}
