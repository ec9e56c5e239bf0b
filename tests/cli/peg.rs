//! CLI tests of `crib peg`.

use std::collections::BTreeMap;

use crate::common::crib;
use predicates::prelude::*;
use serde::Deserialize;

/// A mirror of `crib peg --json`: the field names are a contract.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PegJson {
    players: usize,
    plays: Vec<PlayJson>,
    totals: BTreeMap<String, u32>,
    #[serde(default)]
    teams: Option<Vec<TeamJson>>,
    complete: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayJson {
    event: String,
    player: String,
    card: Option<String>,
    count: u32,
    points: u32,
    reasons: Vec<String>,
    sequence: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamJson {
    players: Vec<String>,
    points: u32,
}

fn peg(args: &[&str]) -> PegJson {
    let mut all = vec!["peg"];
    all.extend_from_slice(args);
    serde_json::from_value(crate::common::json(&all)).unwrap()
}

fn totals(json: &PegJson) -> (u32, u32) {
    (json.totals["pone"], json.totals["dealer"])
}

#[test]
fn fifteen_and_runs() {
    let json = peg(&["4", "6", "5", "3"]);
    assert_eq!(json.players, 2);
    assert_eq!(totals(&json), (5, 4));
    assert_eq!(json.plays[2].reasons, ["fifteen 2", "run of 3"]);
    assert_eq!(json.plays[2].player, "pone");
    assert_eq!(json.plays[3].reasons, ["run of 4"]);
    assert_eq!(json.plays[3].player, "dealer");
    assert!(!json.complete);
    assert!(json.plays.iter().all(|p| p.event == "card"));
    crib()
        .args(["peg", "4", "6", "5", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains("pone 5, dealer 4"))
        .stdout(predicate::str::contains(
            "4 of 8 cards played: no last card yet",
        ));
}

#[test]
fn pairs_royal() {
    let json = peg(&["5", "5", "5", "5"]);
    assert_eq!(totals(&json), (8, 14));
    assert_eq!(json.plays[2].reasons, ["fifteen 2", "pair royal 6"]);
    assert_eq!(json.plays[3].reasons, ["double pair royal 12"]);
}

#[test]
fn thirty_one_then_a_new_count() {
    let json = peg(&["K", "Q", "J", "A", "5"]);
    assert_eq!(totals(&json), (3, 2));
    assert_eq!(json.plays[3].reasons, ["31 for 2"]);
    assert_eq!(json.plays[3].count, 31);
    assert_eq!(json.plays[4].player, "pone");
    assert_eq!((json.plays[4].count, json.plays[4].sequence), (5, 2));
}

#[test]
fn go_thirty_one_and_last_card() {
    let json = peg(&["10", "K", "9", "go", "2", "7", "8", "6", "5"]);
    assert_eq!(totals(&json), (4, 8));
    let events: Vec<(&str, &str, u32)> = json
        .plays
        .iter()
        .map(|p| (p.event.as_str(), p.player.as_str(), p.points))
        .collect();
    assert_eq!(events[3], ("go", "dealer", 0));
    assert_eq!(events[4], ("card", "pone", 2));
    assert_eq!(events[5], ("card", "dealer", 0));
    assert_eq!(events[8], ("card", "dealer", 4));
    assert_eq!(events[9], ("last card", "dealer", 1));
    assert_eq!(events.len(), 10);
    assert_eq!(json.plays[9].card, None);
    assert!(json.complete);
    crib()
        .args(["peg", "10", "K", "9", "go", "2", "7", "8", "6", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("the count starts again"))
        .stdout(predicate::str::contains("last card 1"))
        .stdout(predicate::str::contains("pone 4, dealer 8"));
}

#[test]
fn go_point_below_thirty_one() {
    let json = peg(&["K", "Q", "5", "5", "go", "go", "10", "9", "A", "2"]);
    let go_point = json.plays.iter().find(|p| p.event == "go point").unwrap();
    assert_eq!(
        (go_point.player.as_str(), go_point.count, go_point.points),
        ("dealer", 30, 1)
    );
    assert_eq!(go_point.reasons, ["go 1"]);
    assert_eq!(totals(&json), (0, 4));
}

#[test]
fn a_go_where_every_card_fits_is_refused() {
    // The fifth worked example has the pone say go at 20, which the rules forbid.
    crib()
        .args(["peg", "K", "Q", "go", "5", "5", "go", "10", "9", "A", "2"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "crib: error: 'go' (token 3): a go while the count is 20: every card still fits \
             (none is worth more than 10)\n",
        );
}

#[test]
fn full_cards_and_three_and_four_players() {
    let json = peg(&["4h", "6c", "5d", "3s"]);
    assert_eq!(json.plays[0].card.as_deref(), Some("4h"));
    let json = peg(&["--players", "3", "5", "10", "5"]);
    assert_eq!(
        json.totals.keys().collect::<Vec<_>>(),
        ["dealer", "p1", "p2"]
    );
    assert_eq!(json.totals["p2"], 2);
    assert!(json.teams.is_none());
    let json = peg(&["--players", "4", "7", "8", "8", "8"]);
    assert_eq!(json.totals["dealer"], 8);
    let teams = json.teams.unwrap();
    assert_eq!(teams[0].players, ["p1", "p3"]);
    assert_eq!((teams[0].points, teams[1].points), (2, 10));
    assert_eq!(teams[1].players, ["p2", "dealer"]);
}

#[test]
fn bad_sequences() {
    let cases: &[(&[&str], &str)] = &[
        (&["5", "go"], "'go' (token 2): a go while the count is 5"),
        (
            &["5", "5", "5", "5", "5"],
            "(token 5): '5' is given five times",
        ),
        (&["5h", "6", "5h"], "(token 3): '5h' is given twice"),
        (
            &["5", "x"],
            "'x' (token 2): not a card or 'go' (expected a rank",
        ),
        (
            &["5", "5x"],
            "'5x' (token 2): not a card or 'go': unknown suit 'x'",
        ),
        (
            &["A", "A", "2", "2", "3", "3", "4", "4", "6"],
            "every card of the deal has been played",
        ),
        (&["--players", "5", "5"], "--players"),
        (&["--players", "1", "5"], "--players"),
        (&[], "required"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["peg"];
        all.extend_from_slice(args);
        crate::common::assert_rejected(&all, expected);
    }
}
