//! CLI tests of `crib deal --players 3|4`: a whole deal of three players, or of two
//! partnerships, counted on the board to 61 or 121.

use crate::common::crib;
use predicates::prelude::*;
use serde::Deserialize;

/// A mirror of `crib deal --json` for three or four players: the field names are a contract.
#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct DealJson {
    players: usize,
    game: u32,
    start_scores: Vec<u32>,
    events: Vec<Event>,
    /// The seat (three players) or the partnership's two seats (four); null when nobody won.
    winner: serde_json::Value,
    winning_seats: Vec<usize>,
    final_scores: Vec<u32>,
    skunk: Option<String>,
    uncounted: Vec<Event>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Event {
    phase: String,
    player: String,
    seat: usize,
    card: Option<String>,
    points: u32,
    reasons: Vec<String>,
    scores: Option<Vec<u32>>,
}

/// Three hands kept, in seat order, and the crib.
const THREE: [&str; 20] = [
    "--hand", "5h", "6c", "7d", "Ks", "--hand", "4c", "4d", "9h", "9s", "--hand", "2h", "3s", "8c",
    "Td", "--crib", "5d", "Qh", "Jc", "Ac",
];
/// The same deal as dealt: five cards each, the throws, and the crib's card.
const THREE_DEALT: [&str; 24] = [
    "--hand",
    "5h",
    "6c",
    "Qh",
    "7d",
    "Ks",
    "--hand",
    "4c",
    "4d",
    "9h",
    "Jc",
    "9s",
    "--hand",
    "5d",
    "2h",
    "3s",
    "8c",
    "Td",
    "--throws",
    "Qh",
    "Jc",
    "5d",
    "--crib-card",
    "Ac",
];
/// Seat 1 leads 5; 4, 3 (the dealer's run of 3), 6 (seat 1's run of 4), 9, 2 for 29 and the
/// dealer's go; 7, 9, 8 (the dealer's run), seat 1's go, 4 for 28 and seat 2's go; T, K and
/// seat 1's last card.
const THREE_PLAY: [&str; 15] = [
    "--starter",
    "5s",
    "5",
    "4",
    "3",
    "6",
    "9",
    "2",
    "7",
    "9",
    "8",
    "go",
    "4",
    "T",
    "K",
];

fn three(extra: &[&str]) -> DealJson {
    let mut args = vec!["deal", "--players", "3"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&THREE);
    args.extend_from_slice(&THREE_PLAY);
    serde_json::from_value(crate::common::json(&args)).unwrap()
}

/// Worked by hand: seat 1 pegs 4 + 1 and shows 12 (two fifteens, a pair, two runs of 3); seat
/// 2 pegs 1 and shows 4 (two pairs); the dealer pegs 3 + 1 + 3, shows 6 (three fifteens) and
/// the crib 10 (four fifteens and a pair).
#[test]
fn three_players_in_counting_order() {
    let json = three(&[]);
    assert_eq!((json.players, json.game), (3, 121));
    assert_eq!(json.start_scores, [0, 0, 0]);
    let counted: Vec<(&str, &str, usize, u32)> = json
        .events
        .iter()
        .map(|e| (e.phase.as_str(), e.player.as_str(), e.seat, e.points))
        .collect();
    assert_eq!(
        counted,
        [
            ("play", "dealer", 3, 3),
            ("play", "p1", 1, 4),
            ("play", "dealer", 3, 1),
            ("play", "dealer", 3, 3),
            ("play", "p2", 2, 1),
            ("play", "p1", 1, 1),
            ("p1 hand", "p1", 1, 12),
            ("p2 hand", "p2", 2, 4),
            ("dealer hand", "dealer", 3, 6),
            ("crib", "dealer", 3, 10),
        ]
    );
    assert_eq!(json.events[1].card.as_deref(), Some("6c"));
    assert_eq!(json.events[1].reasons, ["run of 4"]);
    assert_eq!(json.events[1].scores.as_deref(), Some(&[4, 0, 3][..]));
    assert_eq!(json.final_scores, [17, 5, 23]);
    assert!(json.winner.is_null());
    assert!(json.winning_seats.is_empty());
    assert!(json.uncounted.is_empty());
}

/// Five cards dealt with each seat's throw and the crib's card are the same deal as the four
/// kept and the crib.
#[test]
fn five_dealt_and_the_throws_are_the_same_deal() {
    let mut args = vec!["deal", "--players", "3"];
    args.extend_from_slice(&THREE_DEALT);
    args.extend_from_slice(&THREE_PLAY);
    let dealt: DealJson = serde_json::from_value(crate::common::json(&args)).unwrap();
    assert_eq!(dealt, three(&[]));
}

/// To 61 from 50-40-55 the dealer's runs in the play win before seat 1's hand is counted; seat
/// 2 at 40 is past the skunk line of 31, at 20 short of it.
#[test]
fn three_players_to_61() {
    let json = three(&["--game", "61", "--scores", "50-40-55"]);
    assert_eq!(json.game, 61);
    assert_eq!(json.winner, 3);
    assert_eq!(json.winning_seats, [3]);
    assert_eq!(json.final_scores, [54, 40, 61]);
    assert_eq!(json.skunk, None);
    assert_eq!(json.events.len(), 4);
    assert_eq!(json.uncounted.len(), 6);
    assert!(json.uncounted.iter().all(|e| e.scores.is_none()));
    let json = three(&["--game", "61", "--scores", "50-20-55"]);
    assert_eq!(json.skunk.as_deref(), Some("skunk"));
    // To 121 a player short of 61 is doubly skunked, the worst loser naming the result.
    let json = three(&["--scores", "100-50-115"]);
    assert_eq!(json.winner, 3);
    assert_eq!(json.skunk.as_deref(), Some("double skunk"));
    // Seat 1 counts first: at 105 its hand wins, though the dealer at 110 holds more to come.
    let json = three(&["--scores", "105-0-110"]);
    assert_eq!(json.winner, 1);
    assert_eq!(json.events.last().unwrap().phase, "p1 hand");
}

#[test]
fn three_players_human() {
    let mut args = vec![
        "deal",
        "--players",
        "3",
        "--game",
        "61",
        "--scores",
        "50-40-55",
    ];
    args.extend_from_slice(&THREE);
    args.extend_from_slice(&THREE_PLAY);
    crib()
        .args(&args)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Before the deal: p1 50, p2 40, dealer 55 (3 players, first to 61).",
        ))
        .stdout(predicate::str::contains(
            "│ phase   ┆ player ┆ points ┆ why      ┆ p1 ┆ p2 ┆ dealer │",
        ))
        .stdout(predicate::str::contains(
            "The dealer reaches 61 on the play and wins, 61 to p1 54 and p2 40.",
        ))
        .stdout(predicate::str::contains(
            "Never counted: play 1, play 1, p1 hand 12, p2 hand 4, dealer hand 6, crib 10.",
        ));
}

/// Four hands, the dealer's partner sitting opposite: seats 1 and 3 score together.
const FOUR: [&str; 25] = [
    "--hand", "5h", "6c", "7d", "Ks", "--hand", "4c", "4d", "9h", "9s", "--hand", "2h", "3s", "8c",
    "Td", "--hand", "Ah", "Qc", "Jd", "2c", "--throws", "5d", "Qh", "Jc", "Ac",
];
/// 5 4 3 (seat 3's run) A 6 9 2 (30, seat 3's go); Q 7 9 (seat 3's go); 2 (the dealer's go); K
/// 4 T (seat 3's go); J 8 (seat 3's last card).
const FOUR_PLAY: [&str; 19] = [
    "--starter",
    "5s",
    "5",
    "4",
    "3",
    "A",
    "6",
    "9",
    "2",
    "Q",
    "7",
    "9",
    "go",
    "2",
    "K",
    "4",
    "T",
    "J",
    "8",
];

#[test]
fn four_players_as_partnerships() {
    let mut args = vec!["deal", "--players", "4", "--scores", "100-70"];
    args.extend_from_slice(&FOUR);
    args.extend_from_slice(&FOUR_PLAY);
    let json: DealJson = serde_json::from_value(crate::common::json(&args)).unwrap();
    assert_eq!(json.players, 4);
    assert_eq!(json.start_scores, [100, 70]);
    let phases: Vec<&str> = json.events.iter().map(|e| e.phase.as_str()).collect();
    assert_eq!(
        phases,
        [
            "play", "play", "play", "play", "play", "p1 hand", "p2 hand", "p3 hand"
        ]
    );
    // Seat 3 takes seats 1 and 3 to 121 with its hand; the dealer's hand and crib never count.
    assert_eq!(json.winner, serde_json::json!([1, 3]));
    assert_eq!(json.winning_seats, [1, 3]);
    assert_eq!(json.final_scores, [121, 75]);
    assert_eq!(json.skunk.as_deref(), Some("skunk"));
    let never: Vec<(&str, u32)> = json
        .uncounted
        .iter()
        .map(|e| (e.phase.as_str(), e.points))
        .collect();
    assert_eq!(never, [("dealer hand", 4), ("crib", 10)]);
    crib()
        .args(&args)
        .arg("--json")
        .arg("--ascii")
        .assert()
        .success();
    let human: Vec<&str> = args.iter().copied().filter(|a| *a != "--json").collect();
    crib()
        .args(&human)
        .env("COLUMNS", "200")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Before the deal: seats 1 and 3 100, seats 2 and 4 70 (4 players as partners, first \
             to 121).",
        ))
        .stdout(predicate::str::contains("┆ 1+3 ┆ 2+4 │"))
        .stdout(predicate::str::contains(
            "Seat 3 (p3) reaches 121 on the p3 hand: seats 1 and 3 win, 121 to 75: a skunk.",
        ));
}

/// `crib deal -` takes three- and four-player deals as JSON, and answers their mistakes.
#[test]
fn many_players_as_json_lines() {
    let good = r#"{"players": 3, "game": 61, "hands": [["5h", "6c", "7d", "Ks"], ["4c", "4d", "9h", "9s"], ["2h", "3s", "8c", "Td"]], "crib": ["5d", "Qh", "Jc", "Ac"], "starter": "5s", "play": ["5", "4", "3", "6", "9", "2", "7", "9", "8", "go", "4", "T", "K"], "scores": [50, 40, 55]}"#;
    let dealt = r#"{"players": 3, "game": 61, "hands": [["5h", "6c", "Qh", "7d", "Ks"], ["4c", "4d", "9h", "Jc", "9s"], ["5d", "2h", "3s", "8c", "Td"]], "throws": ["Qh", "Jc", "5d"], "crib_card": "Ac", "starter": "5s", "play": ["5", "4", "3", "6", "9", "2", "7", "9", "8", "go", "4", "T", "K"], "scores": [50, 40, 55]}"#;
    let short = r#"{"players": 3, "hands": [["5h", "6c", "7d", "Ks"]], "crib": ["5d", "Qh", "Jc", "Ac"], "starter": "5s", "play": ["5"]}"#;
    let scores =
        r#"{"players": 4, "hands": [], "starter": "5s", "play": ["5"], "scores": [1, 2, 3]}"#;
    let mixed = r#"{"players": 3, "pone": ["5h"], "starter": "5s", "play": ["5"]}"#;
    let output = crib()
        .args(["deal", "-"])
        .write_stdin(format!("{good}\n{dealt}\n{short}\n{scores}\n{mixed}\n"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let mut lines: Vec<serde_json::Value> = crate::common::json_lines(&output.stdout);
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["winner"], 3);
    assert_eq!(lines[0]["final_scores"], serde_json::json!([54, 40, 61]));
    lines[1]["line"] = lines[0]["line"].clone();
    assert_eq!(lines[1], lines[0]);
    let errors: Vec<&str> = lines[2..]
        .iter()
        .map(|l| l["error"].as_str().unwrap())
        .collect();
    assert_eq!(
        errors,
        [
            "give a hand for each of the 3 players with \"hands\" (seat 1, on the dealer's left, \
             first; the dealer last), not 1",
            "\"scores\" takes 2 scores for 4 players (one a partnership, seats 1 and 3 first), \
             not 3",
            "\"pone\" is for two players; with 3 give each seat's hand with \"hands\", seat 1 \
             first",
        ]
    );
}

#[test]
fn bad_deals_of_many() {
    let run = |extra: &[&str]| {
        let mut args = vec!["deal"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&THREE_PLAY);
        crib().args(&args).assert().code(2)
    };
    let hands = &THREE[..15];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            [&["--players", "3"][..], hands].concat(),
            "give the crib: --crib with its four cards, or each seat's throw with --throws and \
             the card dealt to it with --crib-card",
        ),
        (
            [
                &["--players", "3"][..],
                hands,
                &["--throws", "Qc", "Qd", "Qs"],
            ]
            .concat(),
            "name that card with --crib-card",
        ),
        (
            [&["--players", "3"][..], &THREE_DEALT[..18], &THREE[15..]].concat(),
            "seat 1 was given five cards: name each seat's card thrown with --throws",
        ),
        (
            [
                &["--players", "3"][..],
                &THREE_DEALT[..18],
                &["--throws", "Qh", "Jc", "Qs"],
            ]
            .concat(),
            "--throws Q♠: not one of seat 3's five cards",
        ),
        (
            [&["--players", "4"][..], &THREE[..]].concat(),
            "give a hand for each of the 4 players with --hand",
        ),
        (
            [
                &["--players", "3", "--pone", "5h", "6c", "7d", "Ks"][..],
                &THREE[..],
            ]
            .concat(),
            "--pone is for two players",
        ),
        (
            [&["--hand", "5h", "6c", "7d", "Ks"][..]].concat(),
            "--hand is for three or four players (--players 3 or 4)",
        ),
        (
            [&["--players", "3", "--scores", "1-2"][..], &THREE[..]].concat(),
            "--scores '1-2': expected each player's score in seat order",
        ),
        (
            [
                &["--players", "3", "--game", "61", "--scores", "61-0-0"][..],
                &THREE[..],
            ]
            .concat(),
            "p1 has 61: the game is over at 61",
        ),
        (
            [&["--players", "3", "--game", "60"][..], &THREE[..]].concat(),
            "--game takes 61 or 121, not '60'",
        ),
        ([&["--players", "5"][..], &THREE[..]].concat(), "--players"),
    ];
    for (args, message) in cases {
        run(&args)
            .stderr(predicate::str::contains(message))
            .stderr(predicate::str::contains("panicked").not());
    }
}
