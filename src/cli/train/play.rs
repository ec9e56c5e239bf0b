//! `crib train play`: moments of the play from real deals; you play a card, crib grades it with
//! the reasons.

use serde_json::json;

use crib::Models;
use crib::coach::{Drill, grade_card, play_drill};
use crib::game::{Level, Seen};
use crib::pegging::Token;

use super::{Answer, Common, Session, Step, Table, scores_yours_first, situation, tell_graded};
use crate::cli::Outcome;
use crate::cli::output::{cards_json, cards_text};
use crate::cli::talk::{Reply, Talk, held_card};

pub const AFTER_HELP: &str = "\
Moments of the play from real deals, thrown and played by crib's expert to a turn where you \
hold cards of two ranks or more that fit: your cards, the starter, the play so far and the \
count. Play a card (5h, or a rank alone); crib grades it against its own in points to the end \
of the deal and in the chance of winning the game, with the reasons. A card within an \
inaccuracy of crib's is right. ? says the count crib's card makes.

Examples:
  crib train play
  crib train play --players 4 --rounds 5";

/// Arguments of `crib train play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    common: Common,

    #[command(flatten)]
    table: Table,
}

/// Run `crib train play`.
pub fn run(args: &Args, talk: &mut Talk) -> anyhow::Result<Outcome> {
    let game = args.table.game()?;
    let seed = args.common.seed();
    let rounds = args.common.rounds;
    let mut session = Session::new(talk, "play", Some(seed));
    let intro = format!(
        "Play a card at {} of the play (seed {seed}). Type a card; ? for a hint, best for \
         crib's card, q to stop.",
        crate::cli::output::plural(rounds, "moment", "moments")
    );
    let event = json!({"event": "drill", "drill": "play", "seed": seed, "rounds": rounds,
                       "players": game.players.count(), "game": game.target});
    session.drive(&intro, event, rounds, &mut |s, n| {
        let drill = play_drill(Models::committed(), game, seed, n)?;
        let title = format!("Moment {} of {rounds}", n + 1);
        ask_card(s, &drill, &title, n)
    })
}

/// A seat as players name it at the table: the pone and the dealer; with more players, the
/// dealer, the first player (on the dealer's left), the second, the third, or your partner.
fn seat_said(seat: crib::Seat, you: crib::Seat, players: crib::Players) -> &'static str {
    match (players.count(), seat.index()) {
        (_, _) if seat == you => "you",
        (2, 0) => "the pone",
        (n, i) if i + 1 == n => "the dealer",
        (4, i) if i % 2 == you.index() % 2 => "your partner",
        (_, 0) => "the first player",
        (_, 1) => "the second player",
        _ => "the third player",
    }
}

/// The play so far, who played what: `you 10♦, the pone 5♣; a new count: the dealer 9♠`
/// (`; the count starts again` where it went back to 0 with the last card or go).
fn play_so_far(drill: &Drill) -> String {
    let table = &drill.table;
    let players = table.game.players;
    let mut at = table.clone();
    at.tokens.clear();
    // The counts of the deal so far, each a list of who played what.
    let mut counts: Vec<Vec<String>> = vec![Vec::new()];
    for &token in &table.tokens {
        let who = at
            .play_at()
            .turn
            .map_or("?", |seat| seat_said(seat, drill.seat, players));
        at.tokens.push(token);
        let shown = match token {
            Token::Card(card) => cards_text(&[card]),
            Token::Go => "go".to_owned(),
        };
        counts
            .last_mut()
            .expect("a count is open")
            .push(format!("{who} {shown}"));
        if at.play_at().count == 0 {
            counts.push(Vec::new());
        }
    }
    let mut text = counts
        .iter()
        .filter(|c| !c.is_empty())
        .map(|c| c.join(", "))
        .collect::<Vec<_>>()
        .join("; a new count: ");
    match counts.as_slice() {
        [only] if only.is_empty() => "nothing yet".to_owned(),
        // The count went back to 0 with the last card or go.
        [.., last] if last.is_empty() => {
            text.push_str("; the count starts again");
            text
        }
        _ => text,
    }
}

/// Ask for the card at `drill` and grade it.
pub fn ask_card(s: &mut Session, drill: &Drill, title: &str, n: u64) -> anyhow::Result<Step> {
    let table = &drill.table;
    let seat = drill.seat;
    let count = table.play_at().count;
    let hand = table.in_hand(seat);
    let thrown = table.throws[seat.index()].clone().unwrap_or_default();
    let scene = vec![
        format!("{title}: {}.", situation(drill)),
        format!(
            "Starter {}; you threw {}.",
            cards_text(&[table.starter]),
            cards_text(&thrown)
        ),
        format!("The play so far: {}.", play_so_far(drill)),
        format!("Your cards: {}", cards_text(&hand)),
    ];
    s.show(&scene)?;
    let question = if count == 0 {
        "Lead a card (card, ?, best or q):".to_owned()
    } else {
        format!("Count {count}. Play a card (card, ?, best or q):")
    };
    let details = json!({"round": n + 1, "hand": cards_json(&hand), "count": count,
                         "legal": cards_json(&table.legal()), "starter": table.starter.to_string(),
                         "players": table.game.players.count(), "game": table.game.target,
                         "seat": seat.index() + 1, "scores": scores_yours_first(drill),
                         "play": table.tokens.iter().map(|t| match t {
                             Token::Card(c) => c.to_string(),
                             Token::Go => "go".to_owned(),
                         }).collect::<Vec<_>>()});
    let mut hinted = false;
    let mut shown = false;
    let crib_s = || -> anyhow::Result<Option<crib::Card>> {
        let seen = Seen::of(table, seat);
        Ok(match Level::Strongest.play(Models::committed(), &seen)? {
            Token::Card(card) => Some(card),
            Token::Go => None,
        })
    };
    let card = loop {
        let card = match s.ask(&question, "play", details.clone())? {
            Reply::Quit | Reply::Ended => return Ok(Step::Quit),
            Reply::Advice => {
                hinted = true;
                let text = crib_s()?.map_or("Hint: none".to_owned(), |c| {
                    format!(
                        "Hint: crib's card makes the count {}.",
                        u32::from(count) + u32::from(c.rank().value())
                    )
                });
                s.say(&text, json!({"event": "hint", "text": text}))?;
                continue;
            }
            Reply::Best => match crib_s()? {
                Some(card) => {
                    shown = true;
                    card
                }
                None => continue,
            },
            Reply::Words(words) => match held_card(table, seat, &words) {
                Ok(card) => card,
                Err(message) => {
                    s.refuse(&message)?;
                    continue;
                }
            },
        };
        match table.clone().play(Token::Card(card)) {
            Ok(_) => break card,
            Err(refusal) => s.refuse(&crate::cli::output::plain(
                &refusal.message(crate::cli::output::notation()).to_string(),
            ))?,
        }
    };
    let decision = grade_card(Models::committed(), table, seat, card, true)?;
    let answer = Answer::of(drill, &decision, hinted, shown)?;
    let best = match decision.best {
        crib::coach::Choice::Card(card) => card.to_string(),
        _ => String::new(),
    };
    let event = json!({"event": "graded", "round": n + 1, "card": card.to_string(),
                       "best": best});
    let report = crate::cli::advice::play_report(&drill.table, drill.seat)?;
    tell_graded(s, &decision, &answer, event, &report)?;
    Ok(Step::Answered(answer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib::Game;
    use crib::game::DealTable;

    /// Each count of the play is told apart, in players' words, and a count just gone back to 0
    /// is said to start again (issue 84, row 11: it was a bar, `pone A♦ |.`).
    #[test]
    fn the_play_so_far_is_told_count_by_count() {
        let models = Models::committed();
        let mut table = DealTable::shuffle(Game::TWO, 3, 1, vec![0, 0]);
        for seat in Game::TWO.players.seats() {
            let throw = Level::Expert
                .throw(models, &Seen::of(&table, seat))
                .unwrap();
            table.throw(seat, &throw).unwrap();
        }
        let seat = crib::Seat::new(0);
        assert_eq!(
            play_so_far(&Drill {
                table: table.clone(),
                seat
            }),
            "nothing yet"
        );
        let mut reset = false;
        while table.play_at().turn.is_some() {
            let seat = table.play_at().turn.unwrap();
            let token = Level::Expert.play(models, &Seen::of(&table, seat)).unwrap();
            table.play(token).unwrap();
            let said = play_so_far(&Drill {
                table: table.clone(),
                seat,
            });
            assert!(!said.contains(",,") && !said.contains(": ,"), "{said}");
            assert!(!said.contains(" p1 ") && !said.contains("|"), "{said}");
            if table.play_at().count == 0 && table.play_at().turn.is_some() {
                reset = true;
                assert!(said.ends_with("; the count starts again"), "{said}");
            }
        }
        assert!(reset, "the deal went past a count");
    }
}
