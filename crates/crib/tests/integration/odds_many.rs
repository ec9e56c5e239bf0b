//! The committed odds of three players and of two partnerships: whole, summing to 1 at every
//! position, never lowered by more points, and the first dealer's edge. (`cargo xtask verify multi`
//! solves them again from the deals behind them.)

use crib_core::tables::model::odds::{Odds, SCORES};
use crib_core::tables::rules::board::Game;
use crib_core::tables::rules::position::Position;
use crib_core::tables::rules::seat::{Players, Seat};

fn chances3(target: u32, scores: [u32; 3]) -> [f64; 3] {
    let game = Game::new(Players::THREE, target).unwrap();
    let at = Position::new(game, &scores, Seat::new(0)).unwrap();
    let win = Odds::committed(Players::THREE).chances(&at).unwrap().win;
    [win[0], win[1], win[2]]
}

fn outlook4(
    target: u32,
    us: u32,
    them: u32,
    we_deal: bool,
) -> crib_core::tables::model::odds::YourOutlook {
    outlook(Players::FOUR, target, us, them, we_deal)
}

/// The outlook of two sides: your side at `us`, the other at `them`, dealing or not.
pub fn outlook(
    players: Players,
    target: u32,
    us: u32,
    them: u32,
    we_deal: bool,
) -> crib_core::tables::model::odds::YourOutlook {
    let game = Game::new(players, target).unwrap();
    let seat = if we_deal {
        players.dealer()
    } else {
        Seat::new(0)
    };
    let at = Position::yours_first(game, seat, us, them).unwrap();
    Odds::committed(players)
        .chances(&at)
        .unwrap()
        .outlook
        .unwrap()
}

/// One rounding step of the committed three-player chances.
const STEP: f64 = 1.0 / 65_535.0;

#[test]
fn three_players_sum_to_one_and_more_points_never_hurt() {
    // Every position reads from the file: it is whole.
    let top = SCORES as u32 - 1;
    for a in 0..=top {
        for b in 0..=top {
            for c in 0..=top {
                let here = chances3(121, [a, b, c]);
                assert!(
                    (here.iter().sum::<f64>() - 1.0).abs() < 1e-12,
                    "{a}-{b}-{c}"
                );
                assert!(here.iter().all(|p| (-1e-12..=1.0 + 1e-12).contains(p)));
                // One more point for a player: that player's chance does not fall, and the
                // others' do not rise (each within a rounding step).
                for seat in 0..3 {
                    let mut up = [a, b, c];
                    if up[seat] == top {
                        continue;
                    }
                    up[seat] += 1;
                    let there = chances3(121, up);
                    for other in 0..3 {
                        let change = there[other] - here[other];
                        if other == seat {
                            assert!(change > -2.0 * STEP, "{a}-{b}-{c} seat {seat}");
                        } else {
                            assert!(change < 2.0 * STEP, "{a}-{b}-{c} seat {seat} for {other}");
                        }
                    }
                }
            }
        }
    }
}

/// A player at 120 against two at 0 wins: nobody else can reach 121 in one deal, and the point
/// he needs comes in the play, his hand or (the dealer's) the crib almost always.
#[test]
fn three_players_at_the_end() {
    assert!(chances3(121, [0, 0, 120])[2] > 0.999);
    assert!(chances3(121, [120, 0, 0])[0] > 0.99);
}

#[test]
fn four_players_as_two_sides() {
    let table = Odds::committed(Players::FOUR).sides().unwrap();
    for d in 0..SCORES {
        for p in 0..SCORES {
            let here = table[d][p];
            assert!((0.0..=1.0).contains(&here.win));
            if d + 1 < SCORES {
                assert!(table[d + 1][p].win >= here.win - 1e-6, "{d}-{p}");
            }
            if p + 1 < SCORES {
                assert!(table[d][p + 1].win <= here.win + 1e-6, "{d}-{p}");
            }
        }
    }
    let us = outlook4(121, 60, 55, true);
    let them = outlook4(121, 55, 60, false);
    assert!((us.win + them.win - 1.0).abs() < 1e-12);
    // A game to 61 is the last 61 holes of the game to 121, without double skunks.
    let short = outlook4(61, 0, 0, true);
    assert_eq!(short.win, outlook4(121, 60, 60, true).win);
    assert_eq!(short.double_skunk_win, 0.0);
}

/// The first dealer's edge: with two players 0.5595 (crib's table), with four (a partnership
/// dealing first) and with three (the first dealer against each of the others, who would have
/// a third each if the deal gave no edge). Pinned, and compared in docs/models.md.
#[test]
fn the_first_dealer() {
    let two = outlook(Players::TWO, 121, 0, 0, true).win;
    let four = outlook4(121, 0, 0, true).win;
    let three = chances3(121, [0, 0, 0]);
    assert_eq!(format!("{two:.4}"), "0.5595");
    assert!(four > two, "{four}");
    assert!(three[2] > 1.0 / 3.0, "{three:?}");
    assert_eq!(
        format!("{four:.3} {:.3} {:.3} {:.3}", three[0], three[1], three[2]),
        "0.577 0.309 0.291 0.399"
    );
}
