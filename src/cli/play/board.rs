//! `crib play --scores`: each card also valued by your chance of winning the game (with four
//! players, your side's), and whether the board changes the advice from the card best for
//! points.

use std::io::{self, Write};

use serde::Serialize;

use crib::Card;
use crib::ForGame;
use crib::Game;
use crib::Models;
use crib::pegging::quoting;
use crib::play::{BoardCard, CardsForGame, card_for_game};
use crib::play::{PlayAnswer, PlayQuestion};
use crib::{Players, Seat};

use crate::cli::output;

/// The play valued for the game.
pub struct Board {
    /// The scores now: with two players yours and the opponent's; with three by seat, with four
    /// by partnership, seats 1 and 3 first.
    pub scores: Vec<u32>,
    /// Your seat.
    pub seat: Seat,
    /// Every legal card, valued for the game.
    pub cards: CardsForGame,
    /// In a match: the games you and the opponent still need to win it.
    pub match_need: Option<[u32; 2]>,
    /// The best card for the game, the points-best card's entry, and the card best for points.
    picks: (BoardCard, BoardCard, Card),
}

/// The board a play is valued at.
#[derive(Debug, Clone)]
pub struct At {
    /// The scores now: with two players yours first; with three by seat, with four by
    /// partnership, seats 1 and 3 first.
    pub scores: Vec<u32>,
    /// The game hole.
    pub target: u32,
    /// Two players in a match: the games you and the opponent still need to win it.
    pub match_need: Option<[u32; 2]>,
}

impl Board {
    /// The cards of `question` valued for points and for the game (or the match) at `at` (the
    /// play so far counted), with the `starter`: the points' answer, and the board unless no
    /// card can be played. Errors in the play quote its `sequence` as given.
    pub fn new(
        question: &PlayQuestion,
        starter: Card,
        at: At,
        sequence: &[String],
    ) -> anyhow::Result<(PlayAnswer, Option<Board>)> {
        let (players, seat) = (question.players, question.seat);
        let game = Game::new(players, at.target)?;
        let for_game = ForGame::given(game, seat, &at.scores, at.match_need)?;
        let cards = card_for_game(Models::committed(), question, starter, &for_game)
            .map_err(|err| quoting(err, sequence))?;
        let (Some(&best), Some(&points), Some(points_best)) =
            (cards.options.first(), cards.points(), cards.points_best())
        else {
            return Ok((cards.points, None));
        };
        let answer = cards.points.clone();
        let board = Board {
            scores: at.scores,
            seat,
            cards,
            match_need: at.match_need,
            picks: (best, points, points_best),
        };
        Ok((answer, Some(board)))
    }

    /// What the cards are valued for: the game, or a match.
    fn stake(&self) -> String {
        match self.match_need {
            Some([yours, theirs]) => format!(
                "match (you need {yours} game{}, the opponent {theirs}; a skunk counts two)",
                if yours == 1 { "" } else { "s" }
            ),
            None => "game".to_owned(),
        }
    }

    /// The scores as a sentence: yours and the opponent's; each seat's; each side's.
    fn scores_text(&self) -> String {
        let players = self.cards.game.players;
        match players.count() {
            2 => format!("you {}, the opponent {}", self.scores[0], self.scores[1]),
            3 => {
                let each: Vec<String> = players
                    .seats()
                    .map(|seat| {
                        let who = if seat == self.seat { " (you)" } else { "" };
                        format!("{}{who} {}", seat.name(players), self.scores[seat.index()])
                    })
                    .collect();
                each.join(", ")
            }
            _ => {
                let side = players.side(self.seat).index();
                format!(
                    "your side {}, the other side {}",
                    self.scores[side],
                    self.scores[1 - side]
                )
            }
        }
    }

    /// Render for people, after the points table.
    pub fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "\nFor the {} ({}, to {}), over {} deals of the cards you cannot see:",
            self.stake(),
            self.scores_text(),
            self.cards.game.target,
            self.cards.samples
        )?;
        let pm = output::plus_minus();
        let mut table = output::table(&["card", "win", pm]);
        for o in &self.cards.options {
            table.add_row(vec![
                output::card_text(o.card).to_string(),
                format!("{:.1}%", 100.0 * o.p_win),
                format!("{:.1}%", 100.0 * o.se),
            ]);
        }
        output::align_right(&mut table, &[1, 2]);
        writeln!(out, "{table}")?;
        let (best, points, points_best) = self.picks;
        let verdict = &self.cards.verdict;
        if verdict.changes {
            writeln!(
                out,
                "The board changes the advice: play {} (win {:.1}%) rather than {}, best for \
                 points (win {:.1}%): {:+.1}% {pm} {:.1}%.",
                output::card_text(best.card),
                100.0 * best.p_win,
                output::card_text(points_best),
                100.0 * points.p_win,
                100.0 * verdict.gain,
                100.0 * points.gap_se
            )
        } else if verdict.differs {
            writeln!(
                out,
                "The board does not change the advice: play {} (win {:.1}%), best for points; {} \
                 (win {:.1}%) is ahead by {:+.2}% {pm} {:.2}%, within the noise of {} deals.",
                output::card_text(points_best),
                100.0 * points.p_win,
                output::card_text(best.card),
                100.0 * best.p_win,
                100.0 * verdict.gain,
                100.0 * points.gap_se,
                self.cards.samples
            )
        } else {
            writeln!(
                out,
                "The board agrees: play {} (win {:.1}%).",
                output::card_text(best.card),
                100.0 * best.p_win
            )
        }
    }

    /// The JSON of `"board"`.
    pub fn json(&self) -> BoardJson {
        let scores = if self.cards.game.players == Players::TWO {
            serde_json::json!({"you": self.scores[0], "opponent": self.scores[1]})
        } else {
            serde_json::json!(self.scores)
        };
        BoardJson {
            scores,
            game: self.cards.game.target,
            match_need: self.match_need.map(output::GamesNeeded::from),
            samples: self.cards.samples,
            options: self
                .cards
                .options
                .iter()
                .map(|o| BoardOption {
                    card: o.card,
                    p_win: o.p_win,
                    p_win_se: o.se,
                    gap_se: o.gap_se,
                })
                .collect(),
            best: self.picks.0.card,
            points_best: self.picks.2,
            changes_advice: self.cards.verdict.changes,
            gain: self.cards.verdict.gain,
        }
    }
}

/// `"board"` in `crib play --json` with `--scores`.
#[derive(Serialize)]
pub struct BoardJson {
    /// The scores given: with two players `{"you", "opponent"}`; with three a list by seat,
    /// with four by partnership, seats 1 and 3 first.
    scores: serde_json::Value,
    /// The game hole.
    game: u32,
    /// With --match-need: the games each player still needs to win the match; each `p_win` is
    /// then the chance of winning the match.
    #[serde(skip_serializing_if = "Option::is_none")]
    match_need: Option<output::GamesNeeded>,
    /// How many deals of the hidden cards each card is weighed over.
    samples: usize,
    /// Every legal card, best chance first.
    options: Vec<BoardOption>,
    /// The card best for the game.
    #[serde(serialize_with = "output::card")]
    best: Card,
    /// The card best for points.
    #[serde(serialize_with = "output::card")]
    points_best: Card,
    /// Whether the board changes the advice from the card best for points.
    changes_advice: bool,
    /// The best card's chance less the points-best card's.
    gain: f64,
}

/// One card for the game.
#[derive(Serialize)]
struct BoardOption {
    #[serde(serialize_with = "output::card")]
    card: Card,
    /// Your chance (with four players, your side's) of winning the game with it.
    p_win: f64,
    /// Its standard error.
    p_win_se: f64,
    /// The standard error of the best card's chance less this one's, on the same deals.
    gap_se: f64,
}
