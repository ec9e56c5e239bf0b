//! `crib train discard`: a deal to throw from, at 0-0 or late in a game where the board
//! changes the throw; graded in points and in the chance of winning, with where the difference
//! lies (the hand, the crib, the play).

use serde_json::json;

use crib::coach::{Drill, discard_drill, grade_throw};

use crib::game::{Level, Seen};
use crib::{Models, Players};

use super::{Answer, Common, Session, Step, Table, scores_yours_first, situation, tell_graded};
use crate::cli::Outcome;
use crate::cli::output::{cards_json, cards_text};
use crate::cli::talk::{Reply, Talk};

pub const AFTER_HELP: &str = "\
A deal, yours to throw from: the pone's and the dealer's in turn (with three or four players \
each seat's). crib grades your throw against its own in points (the hand, the crib and the \
play, as crib discard values them) and, with two players, in the chance of winning the game \
(as crib discard --scores values it). A throw within an inaccuracy of crib's is right. With \
--board each deal is late in a game, at a score where crib's strongest throws otherwise than \
for points (with three or four players, any late score). ? names one card of crib's throw.

Examples:
  crib train discard
  crib train discard --board --rounds 20
  crib train discard --players 3 --game 61";

/// Arguments of `crib train discard`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    common: Common,

    #[command(flatten)]
    table: Table,

    /// Deal late in a game, where the board changes the throw.
    #[arg(long)]
    board: bool,
}

/// Run `crib train discard`.
pub fn run(args: &Args, talk: &mut Talk) -> anyhow::Result<Outcome> {
    let game = args.table.game()?;
    let seed = args.common.seed();
    let rounds = args.common.rounds;
    let mut session = Session::new(talk, "discard", Some(seed));
    let late = if args.board { ", late in a game" } else { "" };
    let intro = format!(
        "Throw from {} (seed {seed}{late}). Type the cards to throw; ? for a hint, best for \
         crib's throw, q to stop.",
        crate::cli::output::plural(rounds, "deal", "deals")
    );
    let event = json!({"event": "drill", "drill": "discard", "seed": seed, "rounds": rounds,
                       "players": game.players.count(), "game": game.target, "board": args.board});
    let board = args.board;
    session.drive(&intro, event, rounds, &mut |s, n| {
        let drill = discard_drill(Models::committed(), game, seed, n, board)?;
        let title = format!("Deal {} of {rounds}", n + 1);
        ask_throw(s, &drill, &title, n)
    })
}

/// Ask for the throw at `drill` and grade it.
pub fn ask_throw(s: &mut Session, drill: &Drill, title: &str, n: u64) -> anyhow::Result<Step> {
    let table = &drill.table;
    let seat = drill.seat;
    let dealt = &table.dealt[seat.index()];
    let size = table.game.deal_shape().1;
    let scene = vec![
        format!("{title}: {}.", situation(drill)),
        format!("Your cards: {}", cards_text(dealt)),
    ];
    s.show(&scene)?;
    let two = table.game.players == Players::TWO;
    let question = format!(
        "Throw {} (cards, ?, best or q):",
        if size == 1 { "one card" } else { "two cards" }
    );
    let details = json!({"round": n + 1, "hand": cards_json(dealt), "throw_size": size,
                         "players": table.game.players.count(), "game": table.game.target,
                         "seat": seat.index() + 1, "scores": scores_yours_first(drill),
                         "dealer": seat == table.game.players.dealer()});
    let mut hinted = false;
    let mut shown = false;
    let crib_s = || {
        let level = if two { Level::Strongest } else { Level::Expert };
        level.throw(Models::committed(), &Seen::of(table, seat))
    };
    let thrown = loop {
        let cards = match s.ask(&question, "throw", details.clone())? {
            Reply::Quit | Reply::Ended => return Ok(Step::Quit),
            Reply::Advice => {
                hinted = true;
                let best = crib_s()?;
                let text = format!("Hint: crib throws {} and one more.", cards_text(&best[..1]));
                let text = if size == 1 {
                    "Hint: think of the crib: whose is it?".to_owned()
                } else {
                    text
                };
                s.say(&text, json!({"event": "hint", "text": text}))?;
                continue;
            }
            Reply::Best => {
                shown = true;
                crib_s()?
            }
            Reply::Words(words) => match crib::parse_cards(&words) {
                Ok(cards) => cards,
                Err(err) => {
                    s.refuse(&crate::cli::describe(&err.into()))?;
                    continue;
                }
            },
        };
        let mut trial = table.clone();
        match trial.throw(seat, &cards) {
            Ok(()) => break trial,
            Err(refusal) => {
                s.refuse(&refusal.message(crate::cli::output::notation()).to_string())?
            }
        }
    };
    let decision = grade_throw(Models::committed(), &thrown, seat, two)?;
    let answer = Answer::of(drill, &decision, hinted, shown)?;
    let chosen = thrown.throws[seat.index()].clone().unwrap_or_default();
    let best = match &decision.best {
        crib::coach::Choice::Throw(cards) => cards.clone(),
        _ => Vec::new(),
    };
    let event = json!({"event": "graded", "round": n + 1, "throw": cards_json(&chosen),
                       "best": cards_json(&best)});
    // crib's table, its best five, as crib discard ranks them.
    let report = crate::cli::advice::throw_report(table, seat, 5)?;
    tell_graded(s, &decision, &answer, event, &report)?;
    Ok(Step::Answered(answer))
}
