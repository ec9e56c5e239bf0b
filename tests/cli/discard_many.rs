//! `crib discard --players 3|4`: the play counted by default, the seat.

use crate::common::words;
use predicates::prelude::*;
use serde_json::Value;

fn choices(json: &Value) -> &Vec<Value> {
    json["choices"].as_array().unwrap()
}

/// Three and four players count the play by default, from the engine's tables, in the seat
/// given: each choice has peg_mean and peg_opp_mean, and net is the show plus the play (with
/// three players a pone's show takes half the crib away: the dealer is one of two rivals).
#[test]
fn the_play_is_counted() {
    for (players, seat, role) in [
        ("3", "1", "pone"),
        ("3", "3", "dealer"),
        ("4", "2", "partner-deals"),
    ] {
        let json = crate::common::json(&[
            "discard",
            "5h",
            "6c",
            "7d",
            "Ks",
            "Qc",
            "--players",
            players,
            "--seat",
            seat,
        ]);
        assert_eq!(json["play_model"], "engine");
        assert_eq!(json["seat"].as_u64(), seat.parse().ok());
        assert_eq!(json["role"], role);
        for c in choices(&json) {
            let (hand, crib) = (
                c["hand_mean"].as_f64().unwrap(),
                c["crib_mean"].as_f64().unwrap(),
            );
            let (mine, theirs) = (
                c["peg_mean"].as_f64().unwrap(),
                c["peg_opp_mean"].as_f64().unwrap(),
            );
            let sign = match (players, role) {
                ("3", "pone") => -0.5,
                (_, "pone") => -1.0,
                _ => 1.0,
            };
            let net = c["net"].as_f64().unwrap();
            assert!(
                (net - (hand + sign * crib + mine - theirs)).abs() < 1e-5,
                "{c}"
            );
            assert!(mine > 0.0 && theirs > 0.0, "{c}");
        }
    }
    // The seat matters: seat 1 leads, seat 2 follows.
    let peg = |seat: &str| {
        let json = crate::common::json(&[
            "discard",
            "5h",
            "6c",
            "7d",
            "Ks",
            "Qc",
            "--players",
            "3",
            "--seat",
            seat,
        ]);
        choices(&json)
            .iter()
            .find(|c| c["throw"] == serde_json::json!(["Qc"]))
            .map(|c| c["peg_mean"].as_f64().unwrap())
            .unwrap()
    };
    assert_ne!(peg("1"), peg("2"));
    // --play-model none leaves it out, as before.
    let none = crate::common::json(&words(
        "discard 5h 6c 7d Ks Qc --players 3 --pone --play-model none",
    ));
    assert!(choices(&none).iter().all(|c| c.get("peg_mean").is_none()));
    assert_eq!(none["seat"], 1);
    crate::common::crib()
        .args(words("discard 5h 6c 7d Ks Qc --players 3 --seat 2"))
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "Dealt 5♥ 6♣ 7♦ K♠ Q♣ (3 players, seat 2 of 3, p2); an opponent deals",
        ))
        .stdout(predicate::str::contains("+ peg"));
}

#[test]
fn bad_seats() {
    for (args, expected) in [
        (
            &words("discard 5h 6c 7d Ks Qc --players 3 --seat 4")[..],
            "--seat 4: 3 players sit in seats 1 to 3",
        ),
        (
            &words("discard 5h 6c 7d Ks Qc --players 3 --seat 2 --dealer"),
            "--dealer and --seat 2 disagree: seat 2 of 3 is a seat against the dealer",
        ),
        (
            &["discard", "5h", "6c", "7d", "Ks", "Qc", "--players", "3"],
            "or your --seat with three or four players",
        ),
    ] {
        crate::common::assert_rejected(args, expected);
    }
}

/// `--play-table --players 3|4`: every hand holding the ranks given, in every seat or the one
/// asked for, as the discard counts it.
#[test]
fn the_pegging_tables_of_three_and_four() {
    let json = crate::common::json(&["discard", "--play-table", "5", "5", "6", "--players", "3"]);
    assert_eq!(json["players"], 3);
    let hands = json["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 13);
    assert!(
        hands
            .iter()
            .all(|h| h["seats"].as_array().unwrap().len() == 3)
    );
    // The row for 5 5 6 J in seat 2 is what the discard counts keeping those cards in seat 2.
    let row = hands
        .iter()
        .find(|h| h["hand"] == serde_json::json!(["5", "5", "6", "J"]))
        .unwrap();
    let discard = crate::common::json(&words("discard 5h 5c 6d Js Kc --players 3 --seat 2"));
    let kept = choices(&discard)
        .iter()
        .find(|c| c["throw"] == serde_json::json!(["Kc"]))
        .unwrap();
    assert_eq!(row["seats"][1]["seat"], 2);
    assert_eq!(row["seats"][1]["peg_mean"], kept["peg_mean"]);
    let four = crate::common::json(&words("discard --play-table 4 5 5 6 --players 4 --seat 2"));
    assert_eq!(four["means"].as_array().unwrap().len(), 1);
    assert_eq!(four["hands"][0]["seats"][0]["seat"], 2);
    crate::common::assert_rejected(
        &["discard", "--play-table", "--players", "3", "--seat", "4"],
        "--seat 4: 3 players sit in seats 1 to 3",
    );
}
