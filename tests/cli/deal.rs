//! CLI tests of `crib deal`: a whole deal counted on the board to 121.

use crate::common::{crib, words};
use predicates::prelude::*;
use serde::Deserialize;

/// A mirror of `crib deal --json`: the field names are a contract.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DealJson {
    players: usize,
    game: u32,
    start_scores: Scores,
    events: Vec<Event>,
    winner: Option<String>,
    winning_seats: Vec<usize>,
    final_scores: Scores,
    skunk: Option<String>,
    uncounted: Vec<Event>,
}

#[derive(Debug, Deserialize, PartialEq, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct Scores {
    dealer: u32,
    pone: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Event {
    phase: String,
    player: String,
    /// 1-based, in the order of play.
    seat: usize,
    card: Option<String>,
    points: u32,
    reasons: Vec<String>,
    /// After each event counted; none for an event never counted.
    scores: Option<Scores>,
}

const HANDS: [&str; 15] = [
    "--pone", "5h", "5c", "Jd", "Ks", "--dealer", "4c", "4d", "6h", "6s", "--crib", "2h", "3s",
    "7c", "8d",
];
const PLAY: [&str; 11] = [
    "--starter",
    "5s",
    "K",
    "6",
    "5",
    "4",
    "5",
    "go",
    "6",
    "J",
    "4",
];

fn deal(extra: &[&str]) -> DealJson {
    let mut args = vec!["deal"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&HANDS);
    args.extend_from_slice(&PLAY);
    serde_json::from_value(crate::common::json(&args)).unwrap()
}

#[test]
fn a_whole_deal_in_counting_order() {
    let json = deal(&[]);
    assert_eq!(json.start_scores, Scores { dealer: 0, pone: 0 });
    let phases: Vec<&str> = json.events.iter().map(|e| e.phase.as_str()).collect();
    assert_eq!(
        phases,
        ["play", "play", "play", "pone hand", "dealer hand", "crib"]
    );
    let run = &json.events[0];
    assert_eq!(
        (run.player.as_str(), run.card.as_deref(), run.points),
        ("dealer", Some("4c"), 3)
    );
    assert_eq!(run.reasons, ["run of 3"]);
    assert_eq!(json.events[1].reasons, ["go 1"]);
    assert_eq!(json.events[1].card, None);
    assert_eq!(json.events[2].reasons, ["last card 1"]);
    assert_eq!(json.events[3].points, 20);
    assert_eq!(json.events[3].reasons, ["7 fifteens 14", "3 pairs 6"]);
    assert_eq!(json.events[4].points, 24);
    assert_eq!(json.events[5].points, 6);
    assert_eq!(json.winner, None);
    assert_eq!(json.skunk, None);
    assert!(json.uncounted.is_empty());
    assert_eq!(
        json.final_scores,
        Scores {
            dealer: 34,
            pone: 21
        }
    );
    // Each event's scores run on from the one before.
    let mut scores = json.start_scores;
    for event in &json.events {
        match event.player.as_str() {
            "dealer" => scores.dealer += event.points,
            _ => scores.pone += event.points,
        }
        assert_eq!(event.scores, Some(scores));
    }
}

/// The pone counts first: at 115 his 20 wins before the dealer's 24 and crib are counted.
#[test]
fn the_game_ends_at_121() {
    let json = deal(&["--scores", "dealer=110,pone=115"]);
    assert_eq!((json.players, json.game), (2, 121));
    assert_eq!(json.winner.as_deref(), Some("pone"));
    assert_eq!(json.winning_seats, [1]);
    let seats: Vec<(&str, usize)> = json
        .events
        .iter()
        .map(|e| (e.player.as_str(), e.seat))
        .collect();
    assert_eq!(
        seats,
        [("dealer", 2), ("pone", 1), ("dealer", 2), ("pone", 1)]
    );
    assert_eq!(
        json.final_scores,
        Scores {
            dealer: 114,
            pone: 121
        }
    );
    assert_eq!(json.events.last().unwrap().phase, "pone hand");
    let never: Vec<(&str, u32)> = json
        .uncounted
        .iter()
        .map(|e| (e.phase.as_str(), e.points))
        .collect();
    assert_eq!(never, [("dealer hand", 24), ("crib", 6)]);
    // What was never counted moved no peg: it has no scores.
    assert!(json.uncounted.iter().all(|e| e.scores.is_none()));
    assert_eq!(json.skunk, None);
    // In the play itself: at 118 the dealer's run of 3 wins at once.
    let json = deal(&["--scores", "dealer=118,pone=0"]);
    assert_eq!(json.winner.as_deref(), Some("dealer"));
    assert_eq!(json.events.len(), 1);
    assert_eq!(json.skunk.as_deref(), Some("double skunk"));
    assert_eq!(json.uncounted.len(), 5);
    let json = deal(&["--scores", "dealer=118,pone=70"]);
    assert_eq!(json.skunk.as_deref(), Some("skunk"));
}

/// A game to 61: the same deal from 55-56 ends on the pone's hand, and the dealer at 59 is no
/// skunk; from 58-20 the dealer's run wins and the pone short of 31 is skunked (the older rule
/// sheets' lurch), never doubly in a game to 61.
#[test]
fn a_game_to_61() {
    let json = deal(&["--game", "61", "--scores", "dealer=55,pone=56"]);
    assert_eq!(json.game, 61);
    assert_eq!(json.winner.as_deref(), Some("pone"));
    assert_eq!(
        json.final_scores,
        Scores {
            dealer: 59,
            pone: 61
        }
    );
    assert_eq!(json.skunk, None);
    let json = deal(&["--game", "61", "--scores", "dealer=58,pone=20"]);
    assert_eq!(json.winner.as_deref(), Some("dealer"));
    assert_eq!(json.skunk.as_deref(), Some("skunk"));
    let json = deal(&["--game", "61", "--scores", "dealer=58,pone=0"]);
    assert_eq!(json.skunk.as_deref(), Some("skunk"));
    let json = deal(&["--game", "61", "--scores", "dealer=58,pone=31"]);
    assert_eq!(json.skunk, None);
    crib()
        .args(["deal", "--game", "61", "--scores", "dealer=61,pone=0"])
        .args(HANDS)
        .args(PLAY)
        .assert()
        .code(2)
        .stderr("crib: error: the dealer has 61: the game is over at 61\n");
}

#[test]
fn six_cards_and_throws_are_the_same_deal() {
    let four = deal(&[]);
    let mut args = vec!["deal"];
    args.extend_from_slice(&words("--pone 2h 5h 5c 3s Jd Ks --pone-throw 2h 3s --dealer 4c 7c 4d 6h 8d 6s --dealer-throw 8d 7c"));
    args.extend_from_slice(&PLAY);
    let six: DealJson = serde_json::from_value(crate::common::json(&args)).unwrap();
    assert_eq!(six.final_scores, four.final_scores);
    assert_eq!(six.events.len(), four.events.len());
}

#[test]
fn human_output() {
    let mut args = vec!["deal", "--scores", "dealer=110,pone=115"];
    args.extend_from_slice(&HANDS);
    args.extend_from_slice(&PLAY);
    crib()
        .args(&args)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Before the deal: dealer 110, pone 115 (first to 121).",
        ))
        .stdout(predicate::str::contains(
            "│ pone hand ┆ pone   ┆     20 ┆ 7 fifteens 14, 3 pairs 6 ┆    114 ┆  121 │",
        ))
        .stdout(predicate::str::contains(
            "The pone reaches 121 on the pone hand and wins, 121 to 114.",
        ))
        .stdout(predicate::str::contains(
            "Never counted: dealer hand 24, crib 6.",
        ));
}

#[test]
fn his_heels_before_the_play() {
    let mut args = vec!["deal", "--scores", "dealer=119,pone=0"];
    args.extend_from_slice(&HANDS);
    args.extend_from_slice(&words("--starter Jh K 6 5 4 5 go 6 J 4"));
    let json: DealJson = serde_json::from_value(crate::common::json(&args)).unwrap();
    assert_eq!(json.events.len(), 1);
    assert_eq!(json.events[0].phase, "heels");
    assert_eq!(json.events[0].reasons, ["his heels 2"]);
    assert_eq!(json.winner.as_deref(), Some("dealer"));
}

/// `crib deal -`: one answer a line, in order; a bad deal gets an error and the rest go on.
#[test]
fn deals_as_json_lines() {
    let good = r#"{"pone": ["5h", "5c", "Jd", "Ks"], "dealer": ["4c", "4d", "6h", "6s"], "crib": ["2h", "3s", "7c", "8d"], "starter": "5s", "play": ["K", "6", "5", "4", "5", "go", "6", "J", "4"], "scores": {"dealer": 110, "pone": 115}}"#;
    let bad = r#"{"pone": ["5h", "5c", "Jd", "Ks"], "dealer": ["4c", "4d", "6h", "6s"], "crib": ["2h", "3s", "7c", "8d"], "starter": "5s", "play": ["K", "6", "go"]}"#;
    let output = crib()
        .args(["deal", "-"])
        .write_stdin(format!("{good}\n\n{bad}\n{good}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let mut lines: Vec<serde_json::Value> = crate::common::json_lines(&output.stdout);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["winner"], "pone");
    assert_eq!(lines[1]["line"], 3);
    assert!(lines[1]["error"].as_str().unwrap().contains("'go'"));
    // Every answer says which line it answers.
    assert_eq!(
        (lines[0]["line"].take(), lines[2]["line"].take()),
        (1.into(), 4.into())
    );
    assert_eq!(lines[2], lines[0]);
}

#[test]
fn bad_deals() {
    let with = |hands: &[&str], play: &[&str]| -> Vec<String> {
        let mut args = vec!["deal".to_owned()];
        args.extend(hands.iter().map(|s| s.to_string()));
        args.extend(play.iter().map(|s| s.to_string()));
        args
    };
    let start = ["--starter", "5s"];
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            with(&HANDS, &[&start[..], &["K", "6", "go"]].concat()),
            "'go' (token 3): a go while the count is 16",
        ),
        (with(&HANDS, &[&start[..], &["7", "6"]].concat()), "'7'"),
        (
            with(&HANDS, &[&start[..], &["K", "6", "5", "4", "J"]].concat()),
            "but the pone's 5♣ fits it",
        ),
        (
            with(&HANDS, &[&start[..], &["K", "6", "5"]].concat()),
            "the play stops after 3 of its 8 cards",
        ),
        (with(&HANDS, &start), "give the play"),
        (with(&HANDS, &["K", "6"]), "give the starter"),
        (
            with(&[&HANDS[..10], &["--starter", "5s", "K"]].concat(), &[]),
            "give the crib",
        ),
        (
            with(&HANDS, &["--starter", "5h", "K"]),
            "'5h' is given twice",
        ),
        (
            with(
                &HANDS,
                &[&["--scores", "dealer=121,pone=0"][..], &PLAY].concat(),
            ),
            "'121' is not a score; expected dealer=110,pone=115 (each 0 to 120)",
        ),
        (
            with(&HANDS, &[&["--scores", "110-115"][..], &PLAY].concat()),
            "--scores '110-115': name the seats, as dealer=110,pone=115: a deal is told from the \
             table, not from your side (crib play and crib discard take yours first)",
        ),
        (
            with(&HANDS, &[&["--scores", "ten"][..], &PLAY].concat()),
            "--scores 'ten'",
        ),
        (
            with(
                &[
                    "--pone", "2h", "5h", "5c", "3s", "Jd", "Ks", "--dealer", "4c", "4d", "6h",
                    "6s", "--crib", "2h", "3s", "7c", "8d",
                ],
                &PLAY,
            ),
            "name the two thrown with --pone-throw",
        ),
        (
            with(
                &words(
                    "--pone 2h 5h 5c 3s Jd Ks --pone-throw 2h 9s --dealer 4c 4d 6h 6s --crib 2h 3s 7c 8d",
                ),
                &PLAY,
            ),
            "--pone-throw 9♠: not one of the pone's six cards",
        ),
        (
            with(
                &[
                    "--pone", "5", "5c", "Jd", "Ks", "--dealer", "4c", "4d", "6h", "6s", "--crib",
                    "2h", "3s", "7c", "8d",
                ],
                &PLAY,
            ),
            "'5' needs a suit here",
        ),
    ];
    for (args, expected) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        crate::common::assert_rejected(&args, expected);
    }
}
