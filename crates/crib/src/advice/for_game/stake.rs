//! What the end of a game is worth, two players: the game alone, or the match it is part of.
//!
//! In a match (the first to win a number of games, a skunk counting two, the loser of a game
//! dealing the next, as `crib game --games` plays it) a game's end is worth the chance of
//! winning the match from there: a win by a skunk is worth more than a plain win, a skunk
//! suffered costs more than a plain loss. The chance of a match is worked out from the odds of
//! a game from the first deal (`match_chance`); the chance of a position in a game weighs
//! each way the game can end there (a win, a win by a skunk, a loss, a skunk suffered) by the
//! odds of each. With the game alone, a win is 1 and a loss 0, and the chance is the odds' own.

use crate::model::odds::{Odds, Sides};
use crate::rules::board::{GAME, Game, Score, Scores, on_121, walk};
use crate::rules::error::{Error, Feature, Result};
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};

/// On the board of the game to 121, a loser short of this is skunked (a game to 61 is read as
/// its last 61 holes, so its line of 31 falls here too).
const SKUNK_LINE: u32 = 91;

/// The most games a match is weighed as needing: each game of a longer match matters about as
/// much as one of this one's, and the chances of a match take the product of the games the two
/// sides need to work out.
pub(crate) const MATCH_MOST: u32 = 60;

/// What a game's end counts for: the game, or a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Stake {
    /// The game alone: a win is a win.
    #[default]
    Game,
    /// A match: the games each seat still needs to win it (the pone's, the dealer's), each 1 or
    /// more; a skunk counts two.
    Match {
        /// Games still needed, by seat.
        need: [u32; 2],
    },
}

/// The ways a game can end, for one player.
#[derive(Debug, Clone, Copy)]
enum End {
    Win,
    SkunkWin,
    Loss,
    Skunked,
}

/// What each way a game can end is worth to one player, and so what every position is.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Worth<'a> {
    odds: Sides<'a>,
    me: Seat,
    /// Where `me` sits on the board of the game to 121 (the scores are each deal's own).
    now: Position,
    /// In a match, the chance of winning it after each [`End`], in their order; `None` for the
    /// game alone.
    ends: Option<[f64; 4]>,
}

impl<'a> Worth<'a> {
    /// What the ends of a game to `target` (61 or 121) are worth to the player in seat `me`,
    /// at this `stake`.
    pub(crate) fn new(odds: Sides<'a>, target: u32, stake: Stake, me: Seat) -> Worth<'a> {
        let ends = match stake {
            Stake::Game => None,
            Stake::Match { need } => {
                let (mine, theirs) = (need[me.index()], need[me.other().index()]);
                let chance = |mine: u32, theirs: u32, i_deal: bool| {
                    match_chance(odds, target, mine, theirs, i_deal)
                };
                // The loser of a game deals the next.
                Some([
                    chance(mine.saturating_sub(1), theirs, false),
                    chance(mine.saturating_sub(2), theirs, false),
                    chance(mine, theirs.saturating_sub(1), true),
                    chance(mine, theirs.saturating_sub(2), true),
                ])
            }
        };
        Worth {
            odds,
            me,
            now: Position::at_table(Game::TWO, &[0, 0], me),
            ends,
        }
    }

    /// The worth of the game ending with `winner` home and the loser on `loser` (on the board
    /// of the game to 121).
    pub(crate) fn end(&self, winner: Seat, loser: u32) -> f64 {
        let skunk = loser < SKUNK_LINE;
        match (self.ends, winner == self.me) {
            (None, won) => f64::from(u8::from(won)),
            (Some(ends), true) => ends[if skunk { End::SkunkWin } else { End::Win } as usize],
            (Some(ends), false) => ends[if skunk { End::Skunked } else { End::Loss } as usize],
        }
    }

    /// The worth of a deal that has ended short of the hole at `after` (by seat): the pone
    /// deals next.
    pub(crate) fn next_deal(&self, after: Scores) -> f64 {
        let (next, i_deal) = self.odds.at(&self.now.after(&after));
        let Some(ends) = self.ends else {
            return if i_deal { next.win } else { 1.0 - next.win };
        };
        // The next dealer's chances: a plain win, a win by a skunk, a skunk suffered, a plain
        // loss.
        let dealer = [
            next.win - next.skunk_win,
            next.skunk_win,
            next.skunked,
            1.0 - next.win - next.skunked,
        ];
        let [win, skunk_win, skunked, loss] = if i_deal {
            dealer
        } else {
            [dealer[3], dealer[2], dealer[1], dealer[0]]
        };
        win * ends[End::Win as usize]
            + skunk_win * ends[End::SkunkWin as usize]
            + loss * ends[End::Loss as usize]
            + skunked * ends[End::Skunked as usize]
    }

    /// The worth of this deal's `events`, counted in order from `scores` (by seat), the game
    /// ending the moment a seat reaches the hole.
    pub(crate) fn after(&self, scores: Scores, events: &[Score]) -> f64 {
        match reached(scores, events.iter().copied()) {
            AfterPlay::Won(winner, loser) => self.end(winner, loser),
            AfterPlay::Board(after) => self.next_deal(after),
        }
    }
}

/// Where a deal stands once events are pegged: a side has reached the hole, or the scores.
#[derive(Debug, Clone, Copy)]
pub(crate) enum AfterPlay {
    /// This seat reached the hole, the other seat on this score.
    Won(Seat, u32),
    /// The scores by seat, nobody home.
    Board(Scores),
}

/// Where `events`, pegged in order from `start`, leave the board of the game to 121: the first
/// seat to reach the hole, or the scores.
pub(crate) fn reached(start: Scores, events: impl Iterator<Item = Score>) -> AfterPlay {
    let board = walk(start, events.map(|(s, p)| (s.index(), u32::from(p))), GAME);
    match board.winner {
        Some((winner, _)) => {
            let winner = Seat::new(winner);
            AfterPlay::Won(winner, board.scores[winner.other().index()])
        }
        None => AfterPlay::Board(board.scores),
    }
}

/// Your chance of winning a match of two players from `at`, the board before a deal, you still
/// needing `need[0]` games and the other player `need[1]` (each 1 or more; past `MATCH_MOST`,
/// weighed as that many), from `odds`. Each way this game can end is weighed by its odds from
/// here and worth the chance of the match after it (`match_chance`).
pub fn match_chance_from(odds: &Odds, at: &Position, need: [u32; 2]) -> Result<f64> {
    odds.chances(at)?;
    let Some(sides) = odds.two_sides().filter(|_| odds.players() == Players::TWO) else {
        return Err(Error::NotForPlayers {
            what: Feature::Match,
            players: odds.players(),
        });
    };
    // The board before a deal is the board after the one before it, in which the next dealer
    // was the pone.
    let me = at.you().other();
    let need = me
        .two_by_seat(need[0], need[1])
        .map(|n| n.clamp(1, MATCH_MOST));
    let worth = Worth::new(sides, at.game().target, Stake::Match { need }, me);
    let [pone, dealer] = at.two_on_121();
    Ok(worth.next_deal([dealer, pone]))
}

/// The chance of winning a match in which you need `yours` more games and the other player
/// `theirs`, a new game of `target` (61 or 121) about to start with you dealing or not: each
/// game won by the odds of a game from its first deal, a skunk counting two, the loser of a
/// game dealing the next. 1 once you need none, 0 once they do.
pub(crate) fn match_chance(
    odds: Sides,
    target: u32,
    yours: u32,
    theirs: u32,
    you_deal: bool,
) -> f64 {
    let start = on_121(target, 0);
    let first = odds.get([start, start]);
    // By the games you need, then theirs, then whether you deal: filled from the fewest up.
    let (rows, cols) = (yours as usize + 1, theirs as usize + 1);
    let mut chance = vec![[0.0; 2]; rows * cols];
    let at = |y: u32, t: u32| y as usize * cols + t as usize;
    for y in 0..=yours {
        for t in 0..=theirs {
            chance[at(y, t)] = if y == 0 {
                [1.0; 2]
            } else if t == 0 {
                [0.0; 2]
            } else {
                let after = |y: u32, t: u32, deal: usize| chance[at(y, t)][deal];
                let (win, lose) = (y.saturating_sub(1), t.saturating_sub(1));
                let (skunk_win, skunked) = (y.saturating_sub(2), t.saturating_sub(2));
                // Whoever loses deals the next game: index 1 when you deal.
                let from = |dealer: [f64; 4], you_deal: bool| {
                    let [w, sw, sd, l] = if you_deal {
                        dealer
                    } else {
                        [dealer[3], dealer[2], dealer[1], dealer[0]]
                    };
                    w * after(win, t, 0)
                        + sw * after(skunk_win, t, 0)
                        + l * after(y, lose, 1)
                        + sd * after(y, skunked, 1)
                };
                let dealer = [
                    first.win - first.skunk_win,
                    first.skunk_win,
                    first.skunked,
                    1.0 - first.win - first.skunked,
                ];
                [from(dealer, false), from(dealer, true)]
            };
        }
    }
    chance[at(yours, theirs)][usize::from(you_deal)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Game;

    fn odds() -> Sides<'static> {
        Odds::committed(Players::TWO).two_sides().unwrap()
    }

    /// [`match_chance_from`] at you on `you`, the other on `them`, in a game to `target`.
    fn from(target: u32, [you, them]: [u32; 2], need: [u32; 2], deal: bool) -> f64 {
        let game = Game::new(Players::TWO, target).unwrap();
        let seat = if deal { Seat::DEALER } else { Seat::PONE };
        let at = Position::yours_first(game, seat, you, them).unwrap();
        match_chance_from(Odds::committed(Players::TWO), &at, need).unwrap()
    }

    /// A match of one game is the game: the chance of a position is the odds', and a skunk is
    /// worth no more than a win.
    #[test]
    fn a_match_of_one_game_is_the_game() {
        let first = odds().get([0, 0]).win;
        assert!((match_chance(odds(), 121, 1, 1, true) - first).abs() < 1e-12);
        assert!((match_chance(odds(), 121, 1, 1, false) - (1.0 - first)).abs() < 1e-12);
        let one = Stake::Match { need: [1, 1] };
        for me in [Seat::PONE, Seat::DEALER] {
            let alone = Worth::new(odds(), 121, Stake::Game, me);
            let in_match = Worth::new(odds(), 121, one, me);
            for after in [[0, 0], [80, 100], [120, 60], [95, 119]] {
                let (a, m) = (alone.next_deal(after), in_match.next_deal(after));
                assert!((a - m).abs() < 1e-12, "{after:?}: {a} {m}");
            }
            assert_eq!(in_match.end(me, 50), 1.0);
            assert_eq!(in_match.end(me.other(), 50), 0.0);
        }
    }

    /// From a board before a deal: a match needing one game each is the game's odds, at every
    /// score, to 121 and to 61; at the start of a game, the match's own chance from its first
    /// deal; and the further behind in games, the less.
    #[test]
    fn a_match_from_a_board() {
        for target in [121, 61] {
            for (you, them) in [(0, 0), (40, 55), (58, 30), (60, 60)] {
                let (you, them) = (you * target / 61, them * target / 61);
                let (you, them) = (you.min(target - 1), them.min(target - 1));
                for deal in [true, false] {
                    let game = odds().outlook(target, you, them, deal).win;
                    let one = from(target, [you, them], [1, 1], deal);
                    assert!((game - one).abs() < 1e-12, "{target} {you}-{them} {deal}");
                }
            }
            for deal in [true, false] {
                let start = from(target, [0, 0], [3, 2], deal);
                let whole = match_chance(odds(), target, 3, 2, deal);
                assert!((start - whole).abs() < 1e-12, "{target} {deal}");
            }
        }
        let behind = from(121, [90, 100], [3, 1], true);
        let level = from(121, [90, 100], [1, 1], true);
        let ahead = from(121, [90, 100], [1, 3], true);
        assert!(behind < level && level < ahead, "{behind} {level} {ahead}");
        // A need past the most a match is weighed as is that most.
        let long = from(121, [90, 100], [1000, 1], true);
        let most = from(121, [90, 100], [MATCH_MOST, 1], true);
        assert_eq!(long, most);
    }

    /// Needing one game against two, a skunk is worth no more than a win to you; to the other
    /// player, a skunk ends the match where a plain win does not.
    #[test]
    fn a_skunk_counts_two() {
        let game = Stake::Match { need: [1, 2] };
        let pone = Worth::new(odds(), 121, game, Seat::PONE);
        assert_eq!(pone.end(Seat::PONE, 90), 1.0);
        assert_eq!(pone.end(Seat::PONE, 100), 1.0);
        let dealer = Worth::new(odds(), 121, game, Seat::DEALER);
        assert_eq!(dealer.end(Seat::DEALER, 90), 1.0);
        let plain = dealer.end(Seat::DEALER, 91);
        assert!(0.3 < plain && plain < 0.7, "{plain}");
        // The two views agree: one player's match is the other's loss.
        for (winner, loser) in [(Seat::DEALER, 91), (Seat::PONE, 60), (Seat::DEALER, 20)] {
            let sum = pone.end(winner, loser) + dealer.end(winner, loser);
            assert!((sum - 1.0).abs() < 1e-12);
        }
        for after in [[0, 0], [80, 100], [120, 60]] {
            let sum = pone.next_deal(after) + dealer.next_deal(after);
            assert!((sum - 1.0).abs() < 1e-12);
        }
    }

    /// By hand, from the recursion: needing two games each, you win the match by winning two
    /// games before losing two, or at once by a skunk.
    #[test]
    fn two_games_each_by_hand() {
        let first = odds().get([0, 0]);
        let (w, sw, sd) = (first.win, first.skunk_win, first.skunked);
        let l = 1.0 - w - sd;
        // One game each, you about to deal: the game alone.
        let one_each = w;
        let by_recursion = match_chance(odds(), 121, 2, 2, true);
        // Dealing the first game: a plain win leaves 1-2 with the other player dealing (the
        // loser deals next); a skunk wins; a plain loss leaves 2-1 with you dealing; a skunk
        // suffered loses.
        let one_two_they_deal = match_chance(odds(), 121, 1, 2, false);
        let two_one_you_deal = match_chance(odds(), 121, 2, 1, true);
        let by_hand = (w - sw) * one_two_they_deal + sw + l * two_one_you_deal;
        assert!((by_recursion - by_hand).abs() < 1e-12);
        // Needing one against two, the other player dealing: you win their game or, losing it
        // plainly, deal the last.
        let by_hand = (1.0 - w) + (w - sw) * one_each;
        assert!((one_two_they_deal - by_hand).abs() < 1e-12);
        // The chances of the two players sum to one.
        let other = match_chance(odds(), 121, 2, 2, false);
        assert!((by_recursion + other - 1.0).abs() < 1e-12);
    }
}
