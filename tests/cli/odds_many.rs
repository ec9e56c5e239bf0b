//! `crib odds --players 3|4`: the chance of each of three players, and of each partnership.

use crate::common::words;
use predicates::prelude::*;

fn win(json: &serde_json::Value) -> Vec<f64> {
    json["win"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_f64().unwrap())
        .collect()
}

#[test]
fn three_players() {
    let json = crate::common::json(&["odds", "--players", "3", "40", "35", "50"]);
    let object = json.as_object().unwrap();
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["deals", "game", "players", "scores", "win"]);
    assert_eq!(json["players"], 3);
    assert_eq!(json["scores"], serde_json::json!([40, 35, 50]));
    let chances = win(&json);
    assert_eq!(chances.len(), 3);
    assert!(
        (chances.iter().sum::<f64>() - 1.0).abs() < 1e-9,
        "{chances:?}"
    );
    // The leader at 50, dealing, is the favourite; more points never hurt.
    assert!(
        chances[2] > chances[0] && chances[0] > chances[1],
        "{chances:?}"
    );
    let more = win(&crate::common::json(&words("odds --players 3 45 35 50")));
    assert!(more[0] >= chances[0]);
    // A game to 61 is the last 61 holes of the game to 121.
    let short = crate::common::json(&["odds", "--players", "3", "10", "5", "20", "--game", "61"]);
    let long = crate::common::json(&["odds", "--players", "3", "70", "65", "80"]);
    assert_eq!(short["win"], long["win"]);
    assert_eq!(short["game"], 61);
    crate::common::crib()
        .args(["odds", "--players", "3", "40", "35", "50"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Three players: p1 40, p2 35, the dealer 50 (p1 leads).\n",
        ))
        .stdout(predicate::str::contains("The favourite is the dealer, at"));
}

#[test]
fn four_players() {
    let json = crate::common::json(&["odds", "--players", "4", "60", "55", "--dealer"]);
    assert_eq!(json["players"], 4);
    let chances = win(&json);
    assert_eq!(chances.len(), 2);
    assert!((chances[0] + chances[1] - 1.0).abs() < 1e-12);
    assert_eq!(json["p_win"].as_f64(), Some(chances[0]));
    let other = crate::common::json(&["odds", "--players", "4", "55", "60", "--pone"]);
    assert!((win(&other)[0] - chances[1]).abs() < 1e-12);
    crate::common::crib()
        .args(["odds", "--players", "4", "60", "55", "--dealer"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Your side 60, the other side 55; your side deals (four players as partners).\n",
        ));
}

#[test]
fn bad_odds_of_many() {
    for (args, expected) in [
        (
            &["odds", "--players", "3", "40", "35"][..],
            "give the three players' scores in seat order",
        ),
        (
            &["odds", "--players", "3", "40", "35", "50", "--dealer"],
            "--dealer: with three players the seat order says who deals",
        ),
        (
            &["odds", "--players", "3", "40", "35", "61", "--game", "61"],
            "the dealer's 61: a game to 61 is over at 61",
        ),
        (
            &["odds", "40", "35", "50", "--dealer"],
            "three scores are for three players",
        ),
        (
            &["odds", "--players", "4", "40", "35"],
            "say who deals next",
        ),
        (
            &["odds", "--players", "3", "--table"],
            "--table maps the game of two players to 121",
        ),
        (&["odds", "--players", "5", "1", "2"], "--players"),
    ] {
        crate::common::assert_rejected(args, expected);
    }
}
