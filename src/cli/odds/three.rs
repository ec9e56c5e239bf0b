//! `crib odds --players 3 A B C`: the chance that each of three players wins the game.

use std::io::{self, Write};

use serde::Serialize;

use crib::model::odds::{DEALS3, Odds};
use crib::rules::board::GAME;
use crib::rules::seat::Players;

use super::{Args, below_the_hole};
use crate::cli::Outcome;
use crate::cli::output::{self, Render};

/// Run `crib odds --players 3`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let (Some(a), Some(b), Some(c)) = (args.you, args.opponent, args.third) else {
        anyhow::bail!(
            "give the three players' scores in seat order: seat 1 (on the dealer's left, who \
             leads), seat 2, then the dealer; for example crib odds --players 3 40 35 50"
        );
    };
    if let Some(flag) = [(args.dealer, "--dealer"), (args.pone, "--pone")]
        .iter()
        .find_map(|&(given, flag)| given.then_some(flag))
    {
        anyhow::bail!(
            "{flag}: with three players the seat order says who deals: the third score is the \
             dealer's"
        );
    }
    for (who, score) in [("seat 1's score", a), ("seat 2's", b), ("the dealer's", c)] {
        below_the_hole(who, score, args.game)?;
    }
    let scores = [a, b, c];
    output::emit(
        out,
        json,
        &Three {
            game: args.game,
            scores,
            win: Odds::committed(Players::THREE).chances3(args.game, scores),
        },
    )?;
    Ok(Outcome::Success)
}

/// Three players' chances.
struct Three {
    game: u32,
    scores: [u32; 3],
    win: [f64; 3],
}

/// `crib odds --players 3 --json`. The field names are a contract.
#[derive(Serialize)]
struct Json {
    /// 3.
    players: usize,
    /// The game hole: 121 or 61.
    game: u32,
    /// The scores in seat order: seat 1 (who leads), seat 2, the dealer.
    scores: [u32; 3],
    /// Each player's chance to win, in the same order; they sum to 1.
    win: [f64; 3],
    /// How many deals the table was solved from.
    deals: u64,
}

impl Render for Three {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        output::json_line(
            out,
            &Json {
                players: 3,
                game: self.game,
                scores: self.scores,
                win: self.win,
                deals: DEALS3,
            },
        )
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let [a, b, c] = self.scores;
        let short = if self.game == GAME {
            String::new()
        } else {
            format!(", a game to {}", self.game)
        };
        writeln!(
            out,
            "Three players: p1 {a}, p2 {b}, the dealer {c} (p1 leads{short}).\n"
        )?;
        let mut table = output::table(&["seat", "", "score", "chance"]);
        let names = ["p1", "p2", "dealer"];
        let best = (0..3).fold(0, |best, i| {
            if self.win[i] > self.win[best] {
                i
            } else {
                best
            }
        });
        for (i, name) in names.iter().enumerate() {
            table.add_row(vec![
                (i + 1).to_string(),
                (*name).to_owned(),
                self.scores[i].to_string(),
                format!("{:.1}%", self.win[i] * 100.0),
            ]);
        }
        output::align_right(&mut table, &[0, 2, 3]);
        writeln!(out, "{table}")?;
        let favourite = if best == 2 { "the dealer" } else { names[best] };
        writeln!(
            out,
            "\nThe favourite is {favourite}, at {}. After this deal p1 deals, and p2 leads.",
            output::bold(format!("{:.1}%", self.win[best] * 100.0))
        )?;
        Ok(())
    }
}
