//! `crib odds` for people and in JSON: two sides' outlook (two players, or two partnerships)
//! with par and the match, or each of three players' chances.

use std::io::{self, Write};

use serde::Serialize;

use crib::Players;
use crib::odds::Par;
use crib::odds::YourOutlook;
use crib::{DOUBLE_SKUNK_LINE, GAME, Game};

use crate::cli::output::{self, Render};

pub struct Report {
    pub game: Game,
    /// Your score (your side's).
    pub you: u32,
    /// The opponent's (the other side's).
    pub opponent: u32,
    /// Whether you (your side) deal next.
    pub dealing: bool,
    pub outlook: YourOutlook,
    /// Par this deal; `None` when the opponent can expect to reach the hole.
    pub par: Option<Par>,
    /// In a match: the games you and the opponent still need to win it.
    pub match_need: Option<[u32; 2]>,
    /// In a match: your chance of winning it.
    pub p_match: Option<f64>,
    /// How many deals the odds were solved from.
    pub deals: u64,
}

#[derive(Serialize)]
struct JsonScores {
    you: u32,
    opponent: u32,
}

#[derive(Serialize)]
struct JsonExpected {
    you: f64,
    opponent: f64,
}

/// `crib odds --json`. The field names are a contract.
#[derive(Serialize)]
struct Json {
    /// With four players: 4.
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<usize>,
    /// The game hole: 121 or 61.
    game: u32,
    /// The scores: yours and the opponent's.
    scores: JsonScores,
    /// `dealer` when you deal next, else `pone`.
    role: &'static str,
    /// Your chance to win the game.
    p_win: f64,
    /// Your chance to win with the opponent short of 91 (double skunks included).
    p_skunk_win: f64,
    /// The opponent's chance to win with you short of 91.
    p_skunked: f64,
    /// Your chance to win with the opponent short of 61.
    p_double_skunk_win: f64,
    /// The opponent's chance to win with you short of 61.
    p_double_skunked: f64,
    /// The points each can expect this deal, counted until the game ends.
    expected: JsonExpected,
    /// With four players: each side's chance, yours first.
    #[serde(skip_serializing_if = "Option::is_none")]
    win: Option<[f64; 2]>,
    /// How many deals the table was solved from.
    deals: u64,
    /// Par this deal, and whether to play on or off.
    par: JsonPar,
    /// With --match-need: the games each player still needs to win the match.
    #[serde(skip_serializing_if = "Option::is_none")]
    match_need: Option<output::GamesNeeded>,
    /// With --match-need: your chance of winning the match.
    #[serde(skip_serializing_if = "Option::is_none")]
    p_match: Option<f64>,
}

/// `"par"` in `crib odds --json`.
#[derive(Serialize)]
struct JsonPar {
    /// The fewest points this deal that hold your chance, the opponent scoring what they can
    /// expect; null when the opponent can expect to reach the hole this deal.
    points: Option<u32>,
    /// The points you can expect this deal less par (null with no par).
    margin: Option<f64>,
    /// `off` when you can expect at least par, else `on`.
    advice: &'static str,
}

impl Report {
    /// The line that says where the game stands.
    fn position(&self) -> String {
        let four = self.game.players == Players::FOUR;
        let who = match (self.dealing, four) {
            (true, false) => "you deal",
            (false, false) => "the opponent deals",
            (true, true) => "your side deals",
            (false, true) => "the other side deals",
        };
        let mut about = Vec::new();
        if four {
            about.push("four players as partners".to_owned());
        }
        if self.game.target != GAME {
            about.push(format!("a game to {}", self.game.target));
        }
        let about = if about.is_empty() {
            String::new()
        } else {
            format!(" ({})", about.join(", "))
        };
        let (you, them) = if four {
            ("Your side", "the other side")
        } else {
            ("You", "the opponent")
        };
        format!(
            "{you} {}, {them} {}; {who}{about}.",
            self.you, self.opponent
        )
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let o = &self.outlook;
        output::json_line(
            out,
            &Json {
                players: (self.game.players == Players::FOUR).then_some(4),
                game: self.game.target,
                scores: JsonScores {
                    you: self.you,
                    opponent: self.opponent,
                },
                role: if self.dealing { "dealer" } else { "pone" },
                p_win: o.win,
                p_skunk_win: o.skunk_win,
                p_skunked: o.skunked,
                p_double_skunk_win: o.double_skunk_win,
                p_double_skunked: o.double_skunked,
                expected: JsonExpected {
                    you: o.yours,
                    opponent: o.theirs,
                },
                win: (self.game.players == Players::FOUR).then_some([o.win, 1.0 - o.win]),
                deals: self.deals,
                par: JsonPar {
                    points: self.par.map(|p| p.points),
                    margin: self.par.map(|p| p.expected - f64::from(p.points)),
                    advice: if self.par.is_some_and(|p| p.play_off()) {
                        "off"
                    } else {
                        "on"
                    },
                },
                match_need: self.match_need.map(output::GamesNeeded::from),
                p_match: self.p_match,
            },
        )
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let o = &self.outlook;
        writeln!(out, "{}\n", self.position())?;
        let percent = |p: f64| format!("{:.1}%", p * 100.0);
        // A skunk that cannot happen from here (the loser has passed its line already) is
        // shown as such, not as a chance of 0.0%.
        let unless = |loser: u32, line: u32, p: f64| {
            if loser >= line {
                output::plain("–").into_owned()
            } else {
                percent(p)
            }
        };
        let (you, them) = (self.you, self.opponent);
        let mut table = output::table(&["", "chance"]);
        let skunk = self.game.skunk_line();
        let mut rows = vec![
            ("you win", percent(o.win)),
            ("you win by a skunk", unless(them, skunk, o.skunk_win)),
            (
                "you win by a double skunk",
                unless(them, DOUBLE_SKUNK_LINE, o.double_skunk_win),
            ),
            ("you are skunked", unless(you, skunk, o.skunked)),
            (
                "you are double skunked",
                unless(you, DOUBLE_SKUNK_LINE, o.double_skunked),
            ),
        ];
        if self.game.target != GAME {
            // The short game has no double skunk.
            rows.retain(|(what, _)| !what.contains("double"));
        }
        for (what, chance) in rows {
            table.add_row(vec![what.to_owned(), chance]);
        }
        output::align_right(&mut table, &[1]);
        writeln!(out, "{table}")?;
        writeln!(
            out,
            "\nYou win {} of games from here. This deal you can expect {:.1} points and the\n\
             opponent {:.1} (counted until the game ends).",
            output::bold(percent(o.win)),
            o.yours,
            o.theirs
        )?;
        if let (Some([yours, theirs]), Some(p)) = (self.match_need, self.p_match) {
            writeln!(
                out,
                "In the match (you need {yours} game{}, the opponent {theirs}; a skunk counts two) \
                 you win {} of the time from here.",
                if yours == 1 { "" } else { "s" },
                output::bold(percent(p))
            )?;
        }
        writeln!(out, "{}", self.par_advice())
    }
}

impl Report {
    /// Par, and whether to play on or off, in two sentences with their numbers.
    fn par_advice(&self) -> String {
        let them = if self.game.players == Players::FOUR {
            "the other side"
        } else {
            "the opponent"
        };
        let Some(par) = self.par else {
            return format!(
                "Par: none, {them} can expect to reach {} this deal; play on, every point counts.",
                self.game.target
            );
        };
        let (side, why) = if par.play_off() {
            (
                "above",
                "play off (keep the count quiet, take the sure points)",
            )
        } else {
            ("below", "play on (take the chances that score)")
        };
        format!(
            "Par this deal: {} points hold your {:.1}% if {them} makes {:.0}.\nYou can expect \
             {:.1}, {:.1} {side} par: {why}.",
            par.points,
            par.chance * 100.0,
            par.theirs.round(),
            par.expected,
            (par.expected - f64::from(par.points)).abs()
        )
    }
}

/// The whole board.
/// Three players' chances.
pub struct Three {
    /// The game hole.
    pub game: u32,
    /// The scores in seat order: seat 1 (who leads), seat 2, the dealer.
    pub scores: [u32; 3],
    /// Each player's chance to win, in the same order.
    pub win: [f64; 3],
    /// How many deals the odds were solved from.
    pub deals: u64,
}

/// `crib odds --players 3 --json`. The field names are a contract.
#[derive(Serialize)]
struct JsonThree {
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
            &JsonThree {
                players: 3,
                game: self.game,
                scores: self.scores,
                win: self.win,
                deals: self.deals,
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
