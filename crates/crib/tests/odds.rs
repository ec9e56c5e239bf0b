//! The odds of winning from every position: the committed table's anchors and boundaries, and
//! an independent check by whole games. (`xtask/tests/tables.rs` solves the whole table again
//! from the deals behind it, and deals a sample of them again.)
//!
//! Published figures are quoted only to compare with: crib solves its table from deals played
//! by its own players (`src/game/odds.rs`), and nothing here feeds into it.

use crib::game::deals::{play_deal, play_game, play_game_to};
use crib::game::odds::{Odds, SCORES, YourOutlook};
use crib::model::Models;
use crib::model::pegging::Decisions;

/// The committed outlook with the dealer at `dealer` and the pone at `pone`.
fn lookup(dealer: u32, pone: u32) -> crib::game::odds::Outlook {
    crib::game::odds::lookup([pone, dealer])
}

/// The first dealer wins about 55.5 to 56% of games between equals (Cribbage Pro's blog, 2012;
/// DeLynn Colvert); the goal was 0.54 to 0.57, and crib's table gives 0.560, pinned here.
#[test]
fn the_first_dealer() {
    assert_eq!(format!("{:.3}", lookup(0, 0).win), "0.560");
}

/// Colvert's "twenty-six theory" (cribbage.org tips): an average deal is worth about 16.2 to the
/// dealer and 10.2 to the pone; the goal is within 0.8 of each. From 0-0 nobody can reach 121 in
/// one deal, so these are whole deals.
#[test]
fn points_per_deal() {
    let o = lookup(0, 0);
    assert!((o.dealer_points - 16.2).abs() < 0.8, "{}", o.dealer_points);
    assert!((o.pone_points - 10.2).abs() < 0.8, "{}", o.pone_points);
}

/// The table's boundaries: a skunk is a kind of win, nobody who has reached 91 can be skunked,
/// and more points never hurt (the players ignore the board, so the same deals carry a player
/// with more points to 121 no later). These hold of the committed numbers, which are data.
#[test]
fn boundaries() {
    let table = Odds::committed();
    for d in 0..SCORES as u32 {
        for p in 0..SCORES as u32 {
            let here = table.get([p, d]);
            assert!(here.skunk_win <= here.win + 1e-12, "{d}-{p}");
            assert!(here.skunked <= 1.0 - here.win + 1e-12, "{d}-{p}");
            if p >= 91 {
                assert_eq!(here.skunk_win, 0.0, "{d}-{p}");
            }
            if d >= 91 {
                assert_eq!(here.skunked, 0.0, "{d}-{p}");
            }
            if d + 1 < SCORES as u32 {
                assert!(table.get([p, d + 1]).win >= here.win - 1e-6, "{d}-{p}");
            }
            if p + 1 < SCORES as u32 {
                assert!(table.get([p + 1, d]).win <= here.win + 1e-6, "{d}-{p}");
            }
        }
    }
}

/// At 120-120 the dealer's his heels (a jack turned, 4 times in 52) wins before a card is
/// played; the rest of his chance comes from the play, where he always gets at least a go.
#[test]
fn the_last_hole() {
    let last = lookup(120, 120).win;
    assert!(last > 4.0 / 52.0);
    assert!(last > 0.5, "{last}");
    // A player at 120 against one at 20 wins, dealing or not.
    assert!(lookup(120, 20).win > 0.999);
    assert!(1.0 - lookup(20, 120).win > 0.999);
}

/// Whole games between crib's players, each deal fresh from a stream the table was not solved
/// from, started near the end where games are short: the first dealer's share of wins agrees
/// with the table within four standard errors. (`cargo run --release --example odds_check`
/// does the same on more games and positions; docs/models.md reports it.)
#[test]
fn whole_games_agree_with_the_table() {
    let models = Models::committed();
    let decisions = Decisions::new(&models.kept);
    for (position, (dealer, pone)) in [(110, 112), (116, 104)].into_iter().enumerate() {
        let games = 300u64;
        let mut next = 1_000_000 * position as u64;
        let won = (0..games)
            .filter(|_| {
                play_game([dealer, pone], || {
                    next += 1;
                    play_deal(models, &decisions, 99, next)
                })
                .first_dealer_won
            })
            .count() as f64
            / games as f64;
        let table = lookup(dealer, pone).win;
        let se = (table * (1.0 - table) / games as f64).sqrt();
        assert!(
            (won - table).abs() < 4.0 * se,
            "{dealer}-{pone}: games {won}, table {table}"
        );
    }
}

/// A game to 61 from a-b is the game to 121 from (a+60)-(b+60): the same deals carry both to
/// their end alike. Whole games to 61 from fresh deals agree with the shifted table within four
/// standard errors, for winning and for skunks (short of 31); and the short game has no double
/// skunk.
#[test]
fn a_game_to_61_is_the_last_61_holes_of_121() {
    let models = Models::committed();
    let decisions = Decisions::new(&models.kept);
    let shifted = YourOutlook::committed_in(61, 40, 45, true);
    assert_eq!(shifted.win, lookup(100, 105).win);
    assert_eq!(shifted.skunk_win, lookup(100, 105).skunk_win);
    assert_eq!(shifted.double_skunk_win, 0.0);
    let from_zero = YourOutlook::committed_in(61, 0, 0, false);
    assert_eq!(from_zero.win, 1.0 - lookup(60, 60).win);
    assert_eq!(from_zero.double_skunked, 0.0);
    assert!(from_zero.skunked > 0.0);
    // From 30-5 (the dealer first) the pone may yet be skunked.
    let shifted = YourOutlook::committed_in(61, 30, 5, true);
    let games = 400u64;
    let mut next = 7_000_000;
    let (mut won, mut skunks) = (0, 0);
    for _ in 0..games {
        let result = play_game_to(61, [30, 5], || {
            next += 1;
            play_deal(models, &decisions, 61, next)
        });
        won += u64::from(result.first_dealer_won);
        skunks += u64::from(result.skunk);
    }
    for (what, count, table) in [
        ("wins", won, shifted.win),
        ("skunks", skunks, shifted.skunk_win + shifted.skunked),
    ] {
        let share = count as f64 / games as f64;
        let se = (table * (1.0 - table) / games as f64).sqrt().max(1e-3);
        assert!(
            (share - table).abs() < 4.0 * se,
            "{what}: games {share}, table {table}"
        );
    }
}
