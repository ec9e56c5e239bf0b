//! The chance of winning from every position on the board, for two, three and four players:
//! one type, [`Odds`], whatever the number of players.
//!
//! **Two players.** From a sample of whole deals played by crib's players, the chance that the
//! dealer wins from every position (dealer's score, pone's score) is a dynamic programme: a deal
//! either ends the game (whoever reaches 121 first among its events, in the rules' counting
//! order) or leads to a later position with the deal passing to the other player, and every deal
//! gives the dealer at least one point (a go or the last card), so later positions are always
//! solved first. The deal's phases are taken together, as they fell in each sampled deal: a hand
//! full of fives pegs and counts differently, and the sample keeps that. The committed table is
//! solved for players who play for the board (see `docs/models.md`).
//!
//! **Three players.** A position is the three scores in the seat order of the coming deal: seat
//! 1 (on the dealer's left, who leads), seat 2, and the dealer. Each deal's events are counted
//! in the rules' order until somebody reaches the game hole; if nobody does, the deal passes to
//! the left. Solved the same way, from the largest sum of scores down.
//!
//! **Four players.** A deal of four is a deal between two sides (seats 1 and 3; the dealer's
//! side), so the two-player solver serves as it is, each event credited to its side.
//!
//! A game to 61 is read as the last 61 holes of the game to 121.
//!
//! The committed tables are generated data: `src/generated/odds.rs` (two players),
//! `src/generated/odds3.bin.zst` (three, compressed: each position's chances for seat 1 and
//! seats 1 and 2 together, in 65,535ths) and `src/generated/odds4.rs` (two partnerships), solved by
//! `xtask/src/generate/` (`cargo xtask tables odds odds34`).

use std::sync::OnceLock;

use crate::model::packed::{Frames, Layout};
use crate::rules::board::{GAME, Scores, on_121};
use crate::rules::error::{Error, Result};
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};

#[rustfmt::skip]
#[path = "../generated/odds.rs"]
mod data;

#[rustfmt::skip]
#[path = "../generated/odds4.rs"]
mod data4;

/// Scores 0 to 120 for each player.
pub const SCORES: usize = GAME as usize;

/// The stream of deals the committed odds of two players are solved from.
pub const SEED: u64 = 121;

/// How many deals they are solved from.
pub const DEALS: u64 = 50_000;

/// The stream of deals the three-player odds are solved from.
pub const SEED3: u64 = 3_121;
/// How many deals of it.
pub const DEALS3: u64 = 10_000;
/// The stream of deals the four-player odds are solved from.
pub const SEED4: u64 = 4_121;
/// How many deals of it.
pub const DEALS4: u64 = 6_000;

/// How many positions three players can be in: 121 scores each.
pub const POSITIONS3: usize = SCORES * SCORES * SCORES;

/// A three-player position's index: seat 1's score, seat 2's, the dealer's.
pub const fn index3(scores: [u32; 3]) -> usize {
    (scores[0] as usize * SCORES + scores[1] as usize) * SCORES + scores[2] as usize
}

/// The header of the three-player odds' file: the odds follow it, for each position by [`index3`]
/// seat 1's chance and seats 1 and 2's together, each in [`UNIT`]ths, two bytes each,
/// little-endian. The dealer's chance is what is left, so the three sum to 1 exactly.
pub const MAGIC3: &[u8] = b"crib odds of three 1\n";

/// The unit of a chance in the three-player odds' file: 1/65,535.
pub const UNIT: f64 = 65_535.0;

/// What can happen from one position, for the player about to deal.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Outlook {
    /// The chance the dealer wins the game.
    pub win: f64,
    /// The chance the dealer wins with the pone short of 91 (a skunk, double ones included).
    pub skunk_win: f64,
    /// The chance the pone wins with the dealer short of 91.
    pub skunked: f64,
    /// The chance the dealer wins with the pone short of 61 (a double skunk).
    pub double_skunk_win: f64,
    /// The chance the pone wins with the dealer short of 61.
    pub double_skunked: f64,
    /// The dealer's expected points this deal (counted until the game ends, if it does).
    pub dealer_points: f64,
    /// The pone's expected points this deal.
    pub pone_points: f64,
}

/// What can happen from one position, for one player, dealing or not.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct YourOutlook {
    /// The chance you win the game.
    pub win: f64,
    /// The chance you win with the opponent short of 91.
    pub skunk_win: f64,
    /// The chance the opponent wins with you short of 91.
    pub skunked: f64,
    /// The chance you win with the opponent short of 61.
    pub double_skunk_win: f64,
    /// The chance the opponent wins with you short of 61.
    pub double_skunked: f64,
    /// Your expected points this deal (counted until the game ends, if it does).
    pub yours: f64,
    /// The opponent's expected points this deal.
    pub theirs: f64,
}

impl YourOutlook {
    /// A player's outlook at `you` against `opponent`, dealing or not, from the dealer's outlook
    /// at each position (by seat) that `dealer` gives.
    pub(crate) fn from_seat(
        dealer: impl Fn(Scores) -> Outlook,
        you: u32,
        opponent: u32,
        dealing: bool,
    ) -> YourOutlook {
        let (me, other) = if dealing {
            (Seat::DEALER, Seat::PONE)
        } else {
            (Seat::PONE, Seat::DEALER)
        };
        let mut scores = [0; 2];
        scores[me.index()] = you.min(GAME - 1);
        scores[other.index()] = opponent.min(GAME - 1);
        let o = dealer(scores);
        if dealing {
            YourOutlook {
                win: o.win,
                skunk_win: o.skunk_win,
                skunked: o.skunked,
                double_skunk_win: o.double_skunk_win,
                double_skunked: o.double_skunked,
                yours: o.dealer_points,
                theirs: o.pone_points,
            }
        } else {
            YourOutlook {
                win: 1.0 - o.win,
                skunk_win: o.skunked,
                skunked: o.skunk_win,
                double_skunk_win: o.double_skunked,
                double_skunked: o.double_skunk_win,
                yours: o.pone_points,
                theirs: o.dealer_points,
            }
        }
    }

    /// The outlook in a game to `target`: a game to 61 has no double skunk.
    pub(crate) fn in_game(self, target: u32) -> YourOutlook {
        if target == GAME {
            return self;
        }
        YourOutlook {
            double_skunk_win: 0.0,
            double_skunked: 0.0,
            ..self
        }
    }
}

/// The odds of one number of players: every position's outlook for two sides (two players, or two
/// partnerships), or each seat's chance for three players.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    players: Players,
    table: Table,
}

/// What the odds hold.
#[derive(Debug, Clone, PartialEq)]
enum Table {
    /// Two sides: by the dealer's side's score, then the other side's.
    Sides(Vec<[Outlook; SCORES]>),
    /// Three players: the committed file's bytes (see [`MAGIC3`]), read a frame at a time.
    Three(&'static Frames),
}

impl Odds {
    /// The committed odds of `players`, read once.
    pub fn committed(players: Players) -> &'static Odds {
        static ODDS: [OnceLock<Odds>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        ODDS[players.count() - 2].get_or_init(|| {
            let table = match players.count() {
                2 => Table::Sides(sides(&TABLES)),
                3 => Table::Three(odds3()),
                _ => Table::Sides(sides(&TABLES4)),
            };
            Odds { players, table }
        })
    }

    /// Odds of two sides (two players, or two partnerships) from every position's outlook, by
    /// the dealer's side's score then the other side's: as a solver makes them.
    pub(crate) fn from_sides(players: Players, table: Vec<[Outlook; SCORES]>) -> Odds {
        Odds {
            players,
            table: Table::Sides(table),
        }
    }

    /// How many play.
    pub(crate) fn players(&self) -> Players {
        self.players
    }

    /// Every position's outlook, two sides: by the dealer's side's score, then the other
    /// side's. `None` for three players, whose odds hold each seat's chance alone.
    pub fn sides(&self) -> Option<&[[Outlook; SCORES]]> {
        match &self.table {
            Table::Sides(table) => Some(table),
            Table::Three(_) => None,
        }
    }

    /// The chances from `at`, the start of a deal (its seats in the coming deal's order: seat 1
    /// leads, the dealer is last): each side's chance of winning the game, and with two sides
    /// (two players, or two partnerships) your outlook in full. The position must be of these
    /// odds' number of players.
    pub fn chances(&self, at: &Position) -> Result<Chances> {
        let game = at.game();
        if game.players != self.players {
            return Err(Error::OddsOf {
                odds: self.players,
                asked: game.players,
            });
        }
        Ok(match &self.table {
            Table::Sides(table) => {
                let dealing = at.side() == game.side(game.players.dealer());
                let [you, opponent] = {
                    let scores = at.scores();
                    let mine = at.side().index();
                    [scores[mine], scores[1 - mine]]
                };
                let yours = outlook(table, game.target, you, opponent, dealing);
                let mut win = vec![1.0 - yours.win; 2];
                win[at.side().index()] = yours.win;
                Chances {
                    win,
                    outlook: Some(yours),
                }
            }
            Table::Three(frames) => {
                let [a, b, c] = at.on_121();
                Chances {
                    win: three_chances(frames, [a, b, c]).to_vec(),
                    outlook: None,
                }
            }
        })
    }

    /// Your side's chance of winning from `at`, the start of a deal (of these odds' number of
    /// players): the one reader of a chance every valuation of the board goes through, the
    /// next deal's ([`Position::after`]) in a decision for the game among them.
    pub(crate) fn win(&self, at: &Position) -> f64 {
        match &self.table {
            Table::Sides(table) => {
                let (dealer, you_deal) = Sides(table).at(at);
                if you_deal {
                    dealer.win
                } else {
                    1.0 - dealer.win
                }
            }
            Table::Three(frames) => three_chances(frames, at.on_121())[at.side().index()],
        }
    }

    /// How many deals the committed odds of this many players were solved from.
    pub fn deals(&self) -> u64 {
        match self.players.count() {
            2 => DEALS,
            3 => DEALS3,
            _ => DEALS4,
        }
    }

    /// The odds of two sides (two players, or two partnerships), to read positions from;
    /// `None` for three players, whose odds hold each seat's chance alone.
    pub(crate) fn two_sides(&self) -> Option<Sides<'_>> {
        self.sides().map(Sides)
    }

    /// The chances of three players from their scores by seat on the board of the game to 121
    /// (seat 1's, seat 2's, the dealer's; each 0 to 120); `None` for two sides.
    pub(crate) fn three(&self, scores: [u32; 3]) -> Option<[f64; 3]> {
        match self.table {
            Table::Three(frames) => Some(three_chances(frames, scores)),
            Table::Sides(_) => None,
        }
    }
}

/// The odds of two sides: every position's outlook for the dealer's side, by the dealer's
/// side's score and then the other side's.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Sides<'a>(&'a [[Outlook; SCORES]]);

impl Sides<'_> {
    /// The outlook of the dealer's side at `at` (its scores read on the board of the game to
    /// 121), and whether that is your side: how two sides' odds are read at a position.
    #[inline]
    pub(crate) fn at(&self, at: &Position) -> (Outlook, bool) {
        // The dealer's side is the last: side 1 (the dealer, or seats 2 and 4).
        let [pone, dealer] = at.two_on_121();
        (
            self.0[dealer as usize][pone as usize],
            at.side().index() == 1,
        )
    }

    /// The dealer's outlook with these scores by seat (the pone's, the dealer's) on the board
    /// of the game to 121, each 0 to 120.
    pub(crate) fn get(&self, scores: Scores) -> Outlook {
        self.0[scores[Seat::DEALER.index()] as usize][scores[Seat::PONE.index()] as usize]
    }

    /// Your outlook at `you` against `opponent` in a game to `target` (61 or 121), dealing or
    /// not.
    pub(crate) fn outlook(
        &self,
        target: u32,
        you: u32,
        opponent: u32,
        dealing: bool,
    ) -> YourOutlook {
        outlook(self.0, target, you, opponent, dealing)
    }

    /// The dealer's chance at every position, by the dealer's score times 121 plus the pone's:
    /// how `advice::for_game::remainder::Remainder` reads the deal after.
    pub(crate) fn wins(&self) -> Vec<f64> {
        self.0
            .iter()
            .flat_map(|row| row.iter().map(|o| o.win))
            .collect()
    }
}

/// The chances that each side wins, by side, with your outlook where two sides play.
#[derive(Debug, Clone, PartialEq)]
pub struct Chances {
    /// Each side's chance of winning the game, by side ([`crate::rules::seat::Side`]); they sum
    /// to 1.
    pub win: Vec<f64>,
    /// With two sides, your side's outlook in full: its skunks, and the points each side can
    /// expect this deal.
    pub outlook: Option<YourOutlook>,
}

/// Your outlook at `you` against `opponent` in a game to `target` (61 or 121) from two sides'
/// `table`: a game to 61 is the last 61 holes of the game to 121, and has no double skunk.
fn outlook(
    table: &[[Outlook; SCORES]],
    target: u32,
    you: u32,
    opponent: u32,
    dealing: bool,
) -> YourOutlook {
    let dealer = |scores: Scores| {
        table[scores[Seat::DEALER.index()] as usize][scores[Seat::PONE.index()] as usize]
    };
    let [you, opponent] = [you, opponent].map(|s| on_121(target, s));
    YourOutlook::from_seat(dealer, you, opponent, dealing).in_game(target)
}

/// Three players' chances by seat at `scores` (by seat, on the board of the game to 121) from
/// the committed file's `frames`.
fn three_chances(frames: &Frames, scores: [u32; 3]) -> [f64; 3] {
    let at = MAGIC3.len() + 4 * index3(scores);
    let bytes = frames.read(at, 4);
    let read = |i: usize| f64::from(u16::from_le_bytes([bytes[i], bytes[i + 1]]));
    let (q1, q12) = (read(0), read(2));
    [q1 / UNIT, (q12 - q1) / UNIT, (UNIT - q12) / UNIT]
}

/// Every position's outlook, read from a committed table.
fn sides(tables: &Tables) -> Vec<[Outlook; SCORES]> {
    (0..SCORES)
        .map(|d| {
            let mut row = [Outlook::default(); SCORES];
            for (p, o) in row.iter_mut().enumerate() {
                *o = outlook_from(tables, d, p);
            }
            row
        })
        .collect()
}

/// A committed table of outlooks, as generated: each column by the dealer's score, then the
/// pone's.
struct Tables {
    /// The dealer's chance to win, in millionths.
    win: &'static [[u32; SCORES]; SCORES],
    /// The dealer's chance to win by a skunk, in millionths.
    skunk_win: &'static [[u32; SCORES]; SCORES],
    /// The pone's chance to win by a skunk, in millionths.
    skunked: &'static [[u32; SCORES]; SCORES],
    /// The dealer's chance to win by a double skunk, in millionths.
    double_skunk_win: &'static [[u32; SCORES]; SCORES],
    /// The pone's chance to win by a double skunk, in millionths.
    double_skunked: &'static [[u32; SCORES]; SCORES],
    /// The dealer's expected points this deal, in hundredths.
    dealer_points: &'static [[u16; SCORES]; SCORES],
    /// The pone's expected points this deal, in hundredths.
    pone_points: &'static [[u16; SCORES]; SCORES],
}

/// The tables of generated data in one place; the same shape serves two players and two
/// partnerships.
macro_rules! outlook_tables {
    ($data:ident) => {
        Tables {
            win: &$data::WIN,
            skunk_win: &$data::SKUNK_WIN,
            skunked: &$data::SKUNKED,
            double_skunk_win: &$data::DOUBLE_SKUNK_WIN,
            double_skunked: &$data::DOUBLE_SKUNKED,
            dealer_points: &$data::DEALER_POINTS,
            pone_points: &$data::PONE_POINTS,
        }
    };
}

/// The committed two-player tables.
static TABLES: Tables = outlook_tables!(data);

/// The committed four-player tables.
static TABLES4: Tables = outlook_tables!(data4);

/// How the three-player odds are stored: after the header, each position's two chances apart,
/// as differences along the dealer's score, compressed.
pub const LAYOUT3: Layout = Layout::Smooth {
    header: MAGIC3.len(),
    fields: 2,
    row: SCORES,
};

/// The committed three-player odds' bytes, as [`MAGIC3`] describes them, a frame of positions
/// unpacked when a question first reads one of them.
fn odds3() -> &'static Frames {
    static FRAMES: OnceLock<Frames> = OnceLock::new();
    FRAMES.get_or_init(|| Frames::new(include_bytes!("../generated/odds3.bin.zst"), LAYOUT3))
}

/// One position's outlook from a committed table: the dealer at `d`, the pone at `p`.
fn outlook_from(tables: &Tables, d: usize, p: usize) -> Outlook {
    let millionths = |table: &[[u32; SCORES]; SCORES]| f64::from(table[d][p]) / 1e6;
    let hundredths = |table: &[[u16; SCORES]; SCORES]| f64::from(table[d][p]) / 100.0;
    Outlook {
        win: millionths(tables.win),
        skunk_win: millionths(tables.skunk_win),
        skunked: millionths(tables.skunked),
        double_skunk_win: millionths(tables.double_skunk_win),
        double_skunked: millionths(tables.double_skunked),
        dealer_points: hundredths(tables.dealer_points),
        pone_points: hundredths(tables.pone_points),
    }
}

/// The committed digests of the deals the odds of two sides were solved from (two players, or
/// two partnerships): of the first [`HEAD`], and of all of them.
pub fn committed_digests(players: Players) -> (u64, u64) {
    if players == Players::FOUR {
        (data4::HEAD_DIGEST, data4::DIGEST)
    } else {
        (data::HEAD_DIGEST, data::DIGEST)
    }
}

/// How many deals the first digest covers.
pub const HEAD: u64 = 64;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Game;

    /// The one reader agrees with the chances by side at every position of every number of
    /// players (a sweep of each board, both games, every seat).
    #[test]
    fn the_reader_is_the_chances() {
        for players in Players::ALL {
            let odds = Odds::committed(players);
            for target in [61, 121] {
                let game = Game::new(players, target).unwrap();
                for a in (0..target).step_by(7) {
                    for b in (0..target).step_by(11) {
                        let scores = [a, b, (a + b) % target];
                        for seat in players.seats() {
                            let at = Position::new(game, &scores[..game.sides()], seat).unwrap();
                            let chances = odds.chances(&at).unwrap();
                            assert_eq!(odds.win(&at), chances.win[at.side().index()]);
                        }
                    }
                }
            }
        }
    }

    /// One question for every number of players: two sides' chances sum to 1 and carry your
    /// outlook; three players' sum to 1 by side; a position of another number of players is
    /// refused rather than read wrongly.
    #[test]
    fn one_question_for_every_number_of_players() {
        let two = Position::yours_first(Game::TWO, Seat::DEALER, 95, 110).unwrap();
        let chances = Odds::committed(Players::TWO).chances(&two).unwrap();
        let outlook = chances.outlook.unwrap();
        assert_eq!(chances.win[1], outlook.win);
        assert!((chances.win.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let dealer = Odds::committed(Players::TWO)
            .two_sides()
            .unwrap()
            .get([110, 95]);
        assert_eq!(outlook.win, dealer.win);
        let game3 = Game::new(Players::THREE, 121).unwrap();
        let three = Position::new(game3, &[40, 35, 50], Seat::new(1)).unwrap();
        let chances = Odds::committed(Players::THREE).chances(&three).unwrap();
        assert_eq!(chances.win.len(), 3);
        assert!(chances.outlook.is_none());
        assert!((chances.win.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!(matches!(
            Odds::committed(Players::TWO).chances(&three),
            Err(Error::OddsOf { .. })
        ));
        assert_eq!(Odds::committed(Players::THREE).deals(), DEALS3);
    }
}
