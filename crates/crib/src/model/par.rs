//! Par: how many points you need this deal to hold your chance of winning, measured from crib's
//! own odds, and whether that says to play on or off.
//!
//! Colvert's position theory sets par by averages (about 26 points a pair of deals, the dealer
//! taking more). crib measures it instead: if the opponent scores what they can expect this
//! deal, par is the fewest points that leave your chance, with the deal passed, at least what
//! it is now. A player who can expect more than par is ahead of it: the experts' advice is to
//! play off (keep the count quiet, take the sure points, give nothing away). One who can
//! expect less is behind: play on (take the chances that score).

use crate::model::odds::{Odds, YourOutlook};
use crate::rules::error::Result;
use crate::rules::position::Position;

/// Par for one deal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Par {
    /// The fewest points this deal that hold your chance, the opponent scoring what they can
    /// expect.
    pub points: u32,
    /// The points you can expect this deal.
    pub expected: f64,
    /// The points the opponent can expect this deal.
    pub theirs: f64,
    /// Your chance now.
    pub chance: f64,
}

impl Par {
    /// Whether you can expect at least par: play off. Else play on.
    pub fn play_off(&self) -> bool {
        self.expected >= f64::from(self.points)
    }
}

impl Par {
    /// Par this deal at `at` (the start of a deal, two sides: two players, or two
    /// partnerships), from `odds`. `None` with three players, or when the other side can
    /// expect to reach the hole this deal: then no score of yours holds anything, and every
    /// point counts.
    pub fn at(odds: &Odds, at: &Position) -> Result<Option<Par>> {
        odds.chances(at)?;
        let Some(sides) = odds.two_sides() else {
            return Ok(None);
        };
        let game = at.game();
        let dealing = at.side() == game.side(game.players.dealer());
        let mine = at.side().index();
        let scores = at.scores();
        let target = game.target;
        let outlook = |a: u32, b: u32, d: bool| {
            sides.outlook(target, a.min(target - 1), b.min(target - 1), d)
        };
        Ok(par(
            outlook,
            target,
            scores[mine],
            scores[1 - mine],
            dealing,
        ))
    }
}

/// Par at `you` against `opponent` in a game to `target`, dealing or not, from `outlook` (your
/// outlook at any position: scores, and whether you deal). `None` when the opponent can expect
/// to reach the hole this deal: then no score of yours holds anything, and every point counts.
fn par(
    outlook: impl Fn(u32, u32, bool) -> YourOutlook,
    target: u32,
    you: u32,
    opponent: u32,
    dealing: bool,
) -> Option<Par> {
    let now = outlook(you, opponent, dealing);
    let after = opponent + now.theirs.round() as u32;
    if after >= target {
        return None;
    }
    let points = (0..=target - you)
        .find(|&x| you + x >= target || outlook(you + x, after, !dealing).win >= now.win)
        .unwrap_or(target - you);
    Some(Par {
        points,
        expected: now.yours,
        theirs: now.theirs,
        chance: now.win,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Game;
    use crate::rules::seat::{Players, Seat};

    fn committed(target: u32, you: u32, opponent: u32, dealing: bool) -> Option<Par> {
        let game = Game::new(Players::TWO, target).unwrap();
        let seat = if dealing { Seat::DEALER } else { Seat::PONE };
        let at = Position::yours_first(game, seat, you, opponent).unwrap();
        Par::at(Odds::committed(Players::TWO), &at).unwrap()
    }

    /// From the start, par is close to what each player can expect: a player who plays to
    /// his averages holds his chance.
    #[test]
    fn par_from_the_start_is_near_the_averages() {
        for dealing in [true, false] {
            let p = committed(121, 0, 0, dealing).unwrap();
            assert!((p.expected - f64::from(p.points)).abs() < 3.0, "{p:?}");
        }
    }

    /// More points in hand never raise par; being far behind puts par above what you can
    /// expect (play on), far ahead below it (play off); the opponent at the hole has no par.
    /// (The table keeps chances in millionths: where yours is a few millionths, which later
    /// positions hold it is a matter of rounding, so par is compared from a chance of 0.01%.)
    #[test]
    fn par_moves_with_the_board() {
        let behind = committed(121, 60, 100, false).unwrap();
        assert!(!behind.play_off(), "{behind:?}");
        let ahead = committed(121, 100, 60, false).unwrap();
        assert!(ahead.play_off(), "{ahead:?}");
        assert!(committed(121, 90, 118, false).is_none());
        for you in (0..110).step_by(10) {
            let a = committed(121, you, 80, true).unwrap();
            let b = committed(121, you + 10, 80, true).unwrap();
            if a.chance >= 1e-4 {
                assert!(b.points <= a.points + 1, "{you}: {a:?} {b:?}");
            }
        }
        assert!(committed(121, 30, 80, true).unwrap().chance >= 1e-4);
        // Three players have no par.
        let three = Game::new(Players::THREE, 121).unwrap();
        let at = Position::new(three, &[1, 2, 3], Seat::new(0)).unwrap();
        assert_eq!(Par::at(Odds::committed(Players::THREE), &at).unwrap(), None);
        // At 120 a point wins.
        assert_eq!(committed(121, 120, 100, true).unwrap().points, 1);
    }
}
