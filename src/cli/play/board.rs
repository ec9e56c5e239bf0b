//! `crib play --scores ME-OPP`: each card also valued by your chance of winning the game, and
//! whether the board changes the advice from the card best for points.

use std::io::{self, Write};

use serde::Serialize;

use crib::advice::for_game::ForGame;
use crib::advice::for_game::play::{BOARD_SAMPLES, BoardCard, Known, play_for_board};
use crib::advice::play::PlayAnswer;
use crib::model::odds::Odds;
use crib::rules::card::Card;
use crib::rules::seat::Players;
use crib::rules::sequence::Token;

use crate::cli::output;

/// The play valued for the game.
pub struct Board {
    /// Your score and the opponent's, now.
    pub scores: [u32; 2],
    /// The game hole.
    pub game: u32,
    /// Every legal card, best chance first.
    pub options: Vec<BoardCard>,
    /// The card best for points.
    pub points_best: Card,
}

impl Board {
    /// Value the cards of `answer` for the game from `scores` (yours first, the play so far
    /// counted), two players, the starter known.
    pub fn new(
        answer: &PlayAnswer,
        tokens: &[Token],
        starter: Option<Card>,
        thrown: &[Card],
        scores: [u32; 2],
        game: u32,
    ) -> anyhow::Result<Option<Board>> {
        if answer.players != Players::TWO {
            anyhow::bail!(
                "--scores plays for the board with two players; with three or four crib plays \
                 for points"
            );
        }
        let Some(starter) = starter else {
            anyhow::bail!("--scores needs --starter: the hands and the crib are counted with it");
        };
        let [me, opponent] = scores;
        let for_game = ForGame::new(game, answer.seat, me, opponent)?;
        let Some(points_best) = answer.advice.options.first().map(|o| o.card) else {
            return Ok(None);
        };
        let mut seen = thrown.to_vec();
        seen.push(starter);
        let view = crib::rules::view::View::<2>::new(&answer.hand, answer.seat, &seen, tokens)?;
        let by_points: Vec<Card> = answer.advice.options.iter().map(|o| o.card).collect();
        let known = Known { starter, thrown };
        let odds = Odds::committed(answer.players);
        let options = play_for_board(odds, &view, &known, &for_game, &by_points);
        Ok(Some(Board {
            scores,
            game,
            options,
            points_best,
        }))
    }

    /// The best card for the game.
    fn best(&self) -> &BoardCard {
        &self.options[0]
    }

    /// The points-best card's entry.
    fn points(&self) -> &BoardCard {
        let rank = self.points_best.rank();
        self.options
            .iter()
            .find(|o| o.card.rank() == rank)
            .unwrap_or(self.best())
    }

    /// Whether the board's best card differs from the points' best.
    fn differs(&self) -> bool {
        self.best().card.rank() != self.points_best.rank()
            && self.best().p_win > self.points().p_win
    }

    /// Whether the board changes the advice: its best card differs, by more than two standard
    /// errors of the gap (over the same deals), so by more than the deals' noise.
    fn changes(&self) -> bool {
        self.differs()
            && crib::advice::for_game::clear_of_noise(
                self.best().p_win - self.points().p_win,
                self.points().gap_se,
            )
    }

    /// Render for people, after the points table.
    pub fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let [me, opponent] = self.scores;
        writeln!(
            out,
            "\nFor the game (you {me}, the opponent {opponent}, to {}), over {} deals of the cards \
             you cannot see:",
            self.game, BOARD_SAMPLES
        )?;
        let pm = output::plus_minus();
        let mut table = output::table(&["card", "win", pm]);
        for o in &self.options {
            table.add_row(vec![
                output::card_text(o.card).to_string(),
                format!("{:.1}%", 100.0 * o.p_win),
                format!("{:.1}%", 100.0 * o.se),
            ]);
        }
        output::align_right(&mut table, &[1, 2]);
        writeln!(out, "{table}")?;
        let best = self.best();
        if self.changes() {
            let points = self.points();
            writeln!(
                out,
                "The board changes the advice: play {} (win {:.1}%) rather than {}, best for \
                 points (win {:.1}%): {:+.1}% {pm} {:.1}%.",
                output::card_text(best.card),
                100.0 * best.p_win,
                output::card_text(self.points_best),
                100.0 * points.p_win,
                100.0 * (best.p_win - points.p_win),
                100.0 * points.gap_se
            )
        } else if self.differs() {
            let points = self.points();
            writeln!(
                out,
                "The board does not change the advice: play {} (win {:.1}%), best for points; {} \
                 (win {:.1}%) is ahead by {:+.2}% {pm} {:.2}%, within the noise of {} deals.",
                output::card_text(self.points_best),
                100.0 * points.p_win,
                output::card_text(best.card),
                100.0 * best.p_win,
                100.0 * (best.p_win - points.p_win),
                100.0 * points.gap_se,
                BOARD_SAMPLES
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
        BoardJson {
            scores: ScoresJson {
                you: self.scores[0],
                opponent: self.scores[1],
            },
            game: self.game,
            samples: BOARD_SAMPLES,
            options: self
                .options
                .iter()
                .map(|o| BoardOption {
                    card: o.card,
                    p_win: o.p_win,
                    p_win_se: o.se,
                    gap_se: o.gap_se,
                })
                .collect(),
            best: self.best().card,
            points_best: self.points_best,
            changes_advice: self.changes(),
            gain: self.best().p_win - self.points().p_win,
        }
    }
}

/// `"board"` in `crib play --json` with `--scores`.
#[derive(Serialize)]
pub struct BoardJson {
    /// The scores given: yours and the opponent's.
    scores: ScoresJson,
    /// The game hole.
    game: u32,
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

/// Yours, then the opponent's.
#[derive(Serialize)]
struct ScoresJson {
    you: u32,
    opponent: u32,
}

/// One card for the game.
#[derive(Serialize)]
struct BoardOption {
    #[serde(serialize_with = "output::card")]
    card: Card,
    /// Your chance of winning the game with it.
    p_win: f64,
    /// Its standard error.
    p_win_se: f64,
    /// The standard error of the best card's chance less this one's, on the same deals.
    gap_se: f64,
}
