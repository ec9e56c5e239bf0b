//! The chance of winning the game to 121 from every position on the board.
//!
//! From a sample of whole deals played by crib's players, the chance that the dealer wins from
//! every position (dealer's score, pone's score) is a dynamic programme: a deal either ends the game (whoever reaches 121 first among its events, in the
//! rules' counting order) or leads to a later position with the deal passing to the other
//! player, and every deal gives the dealer at least one point (a go or the last card), so later
//! positions are always solved first. The deal's phases are taken together, as they fell in
//! each sampled deal: a hand full of fives pegs and counts differently, and the sample keeps
//! that.
//!
//! The committed table is generated data, `src/generated/odds.rs`, made by
//! `xtask/src/generate/odds.rs` (`cargo xtask tables odds`), which also adds what playing for the
//! board changes (see `docs/models.md`).

use std::sync::OnceLock;

use crate::rules::board::{GAME, Scores};
use crate::rules::play::Seat;

#[rustfmt::skip]
#[path = "../generated/odds.rs"]
mod data;

/// Scores 0 to 120 for each player.
pub const SCORES: usize = GAME as usize;

/// The stream of deals the committed odds are solved from.
pub const SEED: u64 = 121;

/// How many deals they are solved from.
pub const DEALS: u64 = 50_000;

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
    pub fn from_seat(
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

    /// A player's outlook from the committed odds, read without building the whole table.
    pub fn committed(you: u32, opponent: u32, dealing: bool) -> YourOutlook {
        YourOutlook::from_seat(lookup, you, opponent, dealing)
    }

    /// A player's outlook in a two-player game to `target` (61 or 121), from the committed
    /// odds. Players who play for points play every deal alike whatever the score, so a game
    /// to 61 from `you`-`opponent` is the game to 121 from (`you` + 60)-(`opponent` + 60), and
    /// its skunk line of 31 falls on 91. A game to 61 has no double skunk.
    pub fn committed_in(target: u32, you: u32, opponent: u32, dealing: bool) -> YourOutlook {
        let shift = shift_to_121(target);
        YourOutlook::committed(you + shift, opponent + shift, dealing).in_short_game(shift)
    }

    /// The outlook read `shift` holes up the game to 121: with a shift, a game to 61, which has
    /// no double skunk.
    pub fn in_short_game(self, shift: u32) -> YourOutlook {
        if shift == 0 {
            return self;
        }
        YourOutlook {
            double_skunk_win: 0.0,
            double_skunked: 0.0,
            ..self
        }
    }
}

/// What to add to a two-player position in a game to `target` to find it in the game to 121:
/// 60 for a game to 61, 0 for 121.
pub const fn shift_to_121(target: u32) -> u32 {
    GAME - target
}

/// The outlook from every position: `[dealer's score][pone's score]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    /// By dealer's score, then pone's score.
    pub table: Vec<[Outlook; SCORES]>,
}

impl Odds {
    /// The outlook with these scores on the board, by seat (each 0 to 120).
    pub fn get(&self, scores: Scores) -> Outlook {
        self.table[scores[Seat::DEALER.index()] as usize][scores[Seat::PONE.index()] as usize]
    }

    /// The chance that a player at `you`, dealing or not, beats an opponent at `opponent`:
    /// win, win by a skunk, skunked; and the expected points this deal of each.
    pub fn for_player(&self, you: u32, opponent: u32, dealing: bool) -> YourOutlook {
        YourOutlook::from_seat(|scores| self.get(scores), you, opponent, dealing)
    }

    /// The dealer's chance at every position, by the dealer's score times 121 plus the pone's:
    /// how a [`crate::advice::for_game::remainder::Remainder`] reads the deal after.
    pub fn wins(&self) -> Vec<f64> {
        self.table
            .iter()
            .flat_map(|row| row.iter().map(|o| o.win))
            .collect()
    }

    /// The committed odds, solved from [`DEALS`] deals of the stream [`SEED`].
    pub fn committed() -> &'static Odds {
        static ODDS: OnceLock<Odds> = OnceLock::new();
        ODDS.get_or_init(|| Odds::from_tables(&TABLES))
    }

    /// Every position's outlook, read from a committed table.
    pub fn from_tables(tables: &Tables) -> Odds {
        Odds {
            table: (0..SCORES)
                .map(|d| {
                    let mut row = [Outlook::default(); SCORES];
                    for (p, o) in row.iter_mut().enumerate() {
                        *o = outlook_from(tables, d, p);
                    }
                    row
                })
                .collect(),
        }
    }
}

/// A committed table of outlooks, as generated: each column by the dealer's score, then the
/// pone's.
pub struct Tables {
    /// The dealer's chance to win, in millionths.
    pub win: &'static [[u32; SCORES]; SCORES],
    /// The dealer's chance to win by a skunk, in millionths.
    pub skunk_win: &'static [[u32; SCORES]; SCORES],
    /// The pone's chance to win by a skunk, in millionths.
    pub skunked: &'static [[u32; SCORES]; SCORES],
    /// The dealer's chance to win by a double skunk, in millionths.
    pub double_skunk_win: &'static [[u32; SCORES]; SCORES],
    /// The pone's chance to win by a double skunk, in millionths.
    pub double_skunked: &'static [[u32; SCORES]; SCORES],
    /// The dealer's expected points this deal, in hundredths.
    pub dealer_points: &'static [[u16; SCORES]; SCORES],
    /// The pone's expected points this deal, in hundredths.
    pub pone_points: &'static [[u16; SCORES]; SCORES],
}

/// The tables of generated data in one place; the same shape serves two players and two
/// partnerships.
#[macro_export]
#[doc(hidden)]
macro_rules! outlook_tables {
    ($data:ident) => {
        $crate::model::odds::Tables {
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

/// One position's outlook from a committed table: the dealer at `d`, the pone at `p`.
pub fn outlook_from(tables: &Tables, d: usize, p: usize) -> Outlook {
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

/// One position's committed outlook, read from the generated data.
fn committed(d: usize, p: usize) -> Outlook {
    outlook_from(&TABLES, d, p)
}

/// One position's committed outlook, by seat, without building the whole table.
pub fn lookup(scores: Scores) -> Outlook {
    committed(
        scores[Seat::DEALER.index()].min(GAME - 1) as usize,
        scores[Seat::PONE.index()].min(GAME - 1) as usize,
    )
}

/// The committed digests of the deals the odds were solved from: of the first [`HEAD`], and
/// of all of them.
pub fn committed_digests() -> (u64, u64) {
    (data::HEAD_DIGEST, data::DIGEST)
}

/// How many deals the first digest covers.
pub const HEAD: u64 = 64;
