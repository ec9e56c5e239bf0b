//! `crib review LOG` stepped through deal by deal, after its summary, in a terminal (or with
//! `--step`): each deal's board (the scores before it, the chance of winning deal by deal with
//! this deal marked), every hand as dealt and its throw, the starter and the play, and each of
//! the reviewed player's decisions with its verdict, where its points were and why. Keys: `n`
//! (or Enter) the next deal, `p` the one before, a deal's number, `q` to leave.

use std::io::{self, Write};

use serde_json::json;

use crib::Seat;
use crib::pegging::Token;

use super::{Graded, Report};
use crate::cli::chart::sparkline;
use crate::cli::log::{Logged, Settings};
use crate::cli::output::{card_text, cards_text};
use crate::cli::talk::{Mode, Reply, Talk};

/// One deal as the stepper shows it, made once before the first key.
pub struct DealView {
    /// Its lines, the decisions' left out.
    pub lines: Vec<String>,
}

/// The view of each deal of a game's log, for the player `who`.
pub fn views(settings: &Settings, deals: &[Logged], who: usize) -> Vec<DealView> {
    deals
        .iter()
        .enumerate()
        .map(|(i, logged)| DealView {
            lines: deal_lines(settings, logged, who, i + 1, deals.len()),
        })
        .collect()
}

/// The name of whoever sits at `seat` in the deal before `logged`.
fn name_at(settings: &Settings, logged: &Logged, seat: Seat) -> String {
    settings.names[logged.before.player_at(seat)].clone()
}

fn deal_lines(
    settings: &Settings,
    logged: &Logged,
    who: usize,
    number: usize,
    of: usize,
) -> Vec<String> {
    let table = &logged.table;
    let m = &logged.before;
    let players = table.game.players;
    let dealer = name_at(settings, logged, players.dealer());
    let scores: Vec<String> = m
        .scores
        .iter()
        .enumerate()
        .map(|(side, score)| {
            let seat = players
                .seats()
                .find(|s| players.side(*s).index() == side)
                .unwrap_or(players.dealer());
            format!("{} {score}", name_at(settings, logged, seat))
        })
        .collect();
    let mut lines = vec![format!(
        "Deal {number} of {of}, game {}: {dealer} deals; before it, {}.",
        m.games_played + 1,
        scores.join(", ")
    )];
    for seat in players.seats() {
        let thrown = table.throws[seat.index()].clone().unwrap_or_default();
        let mark = if m.player_at(seat) == who {
            " (reviewed)"
        } else {
            ""
        };
        lines.push(format!(
            "  {}{mark}: {}, threw {}",
            name_at(settings, logged, seat),
            cards_text(&table.dealt[seat.index()]),
            cards_text(&thrown)
        ));
    }
    let play: Vec<String> = table
        .tokens
        .iter()
        .map(|t| match t {
            Token::Card(c) => {
                let seat = players
                    .seats()
                    .find(|s| table.dealt[s.index()].contains(c))
                    .unwrap_or(players.dealer());
                format!("{} {}", name_at(settings, logged, seat), card_text(*c))
            }
            Token::Go => "go".to_owned(),
        })
        .collect();
    lines.push(format!(
        "Starter {}. The play: {}.",
        card_text(table.starter),
        if play.is_empty() {
            "none".to_owned()
        } else {
            play.join(", ")
        }
    ));
    lines
}

/// The chance of winning deal by deal in the game of deal `number` (from 1), as a sparkline,
/// and a line with `^` under that deal; none outside the accounts.
fn chart_lines(report: &Report, number: usize) -> Vec<String> {
    let Some(account) = report
        .accounts
        .iter()
        .find(|a| a.deals.iter().any(|(d, _)| *d == number))
    else {
        return Vec::new();
    };
    let befores: Vec<f64> = account.deals.iter().map(|(_, s)| s.before).collect();
    let at = account
        .deals
        .iter()
        .position(|(d, _)| *d == number)
        .unwrap_or(0);
    let (before, after) = account
        .deals
        .get(at)
        .map_or((0.0, 0.0), |(_, s)| (s.before, s.after));
    let lead = "Chance deal by deal: ";
    vec![
        format!(
            "{lead}{} ({:.0}% to {:.0}% in this deal)",
            sparkline(&befores),
            100.0 * before,
            100.0 * after
        ),
        format!("{}^", " ".repeat(lead.chars().count() + at)),
    ]
}

/// The reviewed player's decisions in deal `number`, each with its verdict and why.
fn decision_lines(report: &Report, number: usize) -> io::Result<Vec<String>> {
    let mine: Vec<&Graded> = report
        .decisions
        .iter()
        .filter(|g| g.deal == number)
        .collect();
    let mut text = Vec::new();
    writeln!(text, "{}'s decisions:", report.player)?;
    if mine.is_empty() {
        writeln!(text, "  none with a choice")?;
    }
    for g in mine {
        if g.decision.matched() && g.label.is_none() {
            writeln!(
                text,
                "  {}: {}, crib's choice too",
                super::render::what(&g.decision),
                crate::cli::words::choice_said(&g.decision.chosen)
            )?;
        } else {
            super::render::costliest(g, &mut text)?;
        }
    }
    Ok(String::from_utf8_lossy(&text)
        .lines()
        .map(str::to_owned)
        .collect())
}

/// What a key asks for: a deal (from 0), or to leave.
enum Key {
    Deal(usize),
    Leave,
    Bad(String),
}

fn key(reply: &Reply, at: usize, deals: usize) -> Key {
    match reply {
        Reply::Quit | Reply::Ended => Key::Leave,
        Reply::Words(words) => match words.as_slice() {
            [] => Key::Deal((at + 1).min(deals - 1)),
            [w] if w.eq_ignore_ascii_case("n") => Key::Deal((at + 1).min(deals - 1)),
            [w] if w.eq_ignore_ascii_case("p") => Key::Deal(at.saturating_sub(1)),
            [w] => match w.parse::<usize>() {
                Ok(n) if (1..=deals).contains(&n) => Key::Deal(n - 1),
                _ => Key::Bad(format!("'{w}': n, p, a deal from 1 to {deals}, or q")),
            },
            _ => Key::Bad(format!("one key: n, p, a deal from 1 to {deals}, or q")),
        },
        Reply::Advice | Reply::Best => Key::Bad(format!("n, p, a deal from 1 to {deals}, or q")),
    }
}

/// Step through the deals of `views` from the first, until `q` or the end of the input.
pub fn step(report: &Report, views: &[DealView], talk: &mut Talk) -> anyhow::Result<()> {
    if views.is_empty() {
        return Ok(());
    }
    let question = "n next, p back, a deal's number, q to leave:";
    // On a terminal the summary stays on the screen until a key asks for a deal.
    let mut at = 0;
    if talk.mode == Mode::Screen {
        let first = "Step through the deals: Enter for the first, a deal's number, q to leave:";
        let reply = talk.ask_here(first, "step", json!({"deal": null}))?;
        at = match &reply {
            Reply::Quit | Reply::Ended => return Ok(()),
            // A deal's number goes there; any other key to the first.
            Reply::Words(words) => match words.as_slice() {
                [word] => word
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=views.len()).contains(n))
                    .map_or(0, |n| n - 1),
                _ => 0,
            },
            Reply::Advice | Reply::Best => 0,
        };
    }
    let mut moved = true;
    loop {
        let mut scene = views[at].lines.clone();
        scene.extend(chart_lines(report, at + 1));
        scene.extend(decision_lines(report, at + 1)?);
        if moved && talk.mode == Mode::Transcript {
            talk.say(&scene.join("\n"), json!(null))?;
        }
        let reply = talk.ask(question, "step", json!({"deal": at + 1}), &scene)?;
        talk.clear_messages();
        match key(&reply, at, views.len()) {
            Key::Deal(next) => {
                moved = true;
                at = next;
            }
            Key::Leave => return Ok(()),
            Key::Bad(message) => {
                moved = false;
                talk.say(&format!("{message}; try again."), json!(null))?;
            }
        }
    }
}
