//! The odds of winning from every position: the committed table's anchors, its boundaries and
//! symmetries, a regenerated sample of its deals, and an independent check by whole games.
//!
//! Published figures are quoted only to compare with: crib solves its table from deals played
//! by its own players (`src/game.rs`), and nothing here feeds into it.

mod common;

use crib::game::{
    HEAD, SCORES, SEED, committed_digests, digest, lookup, odds, play_deal, play_game, sample_deals,
};
use crib::pegging::Decisions;
use serde_json::Value;

/// The first deals of the committed stream, dealt and played again, are the ones the table was
/// solved from.
#[test]
fn the_first_deals_regenerate() {
    let head = sample_deals(SEED, HEAD);
    assert_eq!(digest(&head), committed_digests().0);
}

/// The first dealer wins about 55.5 to 56% of games between equals (Cribbage Pro's blog, 2012;
/// DeLynn Colvert); the goal is 0.54 to 0.57.
#[test]
fn the_first_dealer() {
    let first = lookup(0, 0).win;
    assert_eq!(format!("{first:.3}"), "0.559");
    assert!((0.54..=0.57).contains(&first));
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

#[test]
fn boundaries_and_symmetry() {
    let table = odds();
    for you in 0..SCORES as u32 {
        for opponent in 0..SCORES as u32 {
            let dealing = table.for_player(you, opponent, true);
            let other = table.for_player(opponent, you, false);
            // The two players' chances sum to 1, and skunks are the two ends of each.
            assert!((dealing.win + other.win - 1.0).abs() < 1e-12);
            assert!(dealing.skunk_win <= dealing.win + 1e-12);
            assert!(dealing.skunked <= 1.0 - dealing.win + 1e-12);
            assert_eq!(dealing.skunk_win, other.skunked);
            // Nobody is skunked who has 91 already.
            if opponent >= 91 {
                assert_eq!(dealing.skunk_win, 0.0);
            }
        }
    }
    // More points never hurt: the players ignore the board, so the same deals carry a player
    // with more points to 121 no later.
    for d in 0..SCORES as u32 {
        for p in 0..SCORES as u32 {
            let here = table.get(d, p).win;
            if d + 1 < SCORES as u32 {
                assert!(table.get(d + 1, p).win >= here - 1e-6, "{d}-{p}");
            }
            if p + 1 < SCORES as u32 {
                assert!(table.get(d, p + 1).win <= here + 1e-6, "{d}-{p}");
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
/// does the same on more games and positions; the README reports it.)
#[test]
fn whole_games_agree_with_the_table() {
    let decisions = Decisions::default();
    for (position, (dealer, pone)) in [(110, 112), (116, 104)].into_iter().enumerate() {
        let games = 300u64;
        let mut next = 1_000_000 * position as u64;
        let won = (0..games)
            .filter(|_| {
                play_game([dealer, pone], || {
                    next += 1;
                    play_deal(99, next, &decisions)
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

#[test]
fn cli() {
    let json = common::json(&["odds", "95", "110", "--dealer"]);
    let object = json.as_object().unwrap();
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "deals",
            "expected",
            "p_skunk_win",
            "p_skunked",
            "p_win",
            "role",
            "scores"
        ]
    );
    assert_eq!(json["scores"]["you"], 95);
    assert_eq!(json["scores"]["opponent"], 110);
    assert_eq!(json["role"], "dealer");
    assert_eq!(json["p_win"].as_f64().unwrap(), lookup(95, 110).win);
    let pone = common::json(&["odds", "110", "95", "--pone"]);
    assert!(
        (pone["p_win"].as_f64().unwrap() + json["p_win"].as_f64().unwrap() - 1.0).abs() < 1e-12
    );
    assert_eq!(
        pone["expected"]["you"].as_f64(),
        json["expected"]["opponent"].as_f64()
    );
    let map = common::json(&["odds", "--table"]);
    let rows: &Vec<Value> = map["p_win"].as_array().unwrap();
    assert_eq!(rows.len(), 121);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 121));
    let svg = std::env::temp_dir().join(format!("crib-odds-{}.svg", std::process::id()));
    common::crib()
        .args(["odds", "--table", "--svg"])
        .arg(&svg)
        .assert()
        .success();
    let image = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    assert!(image.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(image.trim_end().ends_with("</svg>"));
    assert!(image.contains("<path d=\"M"));
    assert!(image.matches("<rect ").count() > 121);
    for (args, expected) in [
        (
            &["odds", "--table", "--svg", "/nonexistent/dir/odds.svg"][..],
            "could not write it",
        ),
        (&["odds", "--svg", "x.svg"], "--table"),
        (&["odds", "121", "0", "--dealer"], "121"),
        (
            &["odds", "95", "--dealer"],
            "give your score and the opponent's",
        ),
        (&["odds", "95", "110"], "say who deals next"),
        (&["odds", "ten", "0", "--pone"], "'ten'"),
        (&["odds", "--table", "3"], "cannot be used with"),
    ] {
        common::assert_rejected(args, expected);
    }
}
