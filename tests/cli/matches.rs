//! `--match-need`: `crib discard` and `crib play` weigh a match of two players (a skunk counting
//! two games) instead of the game, and `crib game --games N` shows it on `?`.

use predicates::prelude::*;
use serde_json::Value;

use crate::common::{answers, assert_rejected, crib, json, words};

/// Each choice's chance, in the order given.
fn chances(answer: &Value, list: &str) -> Vec<(String, f64)> {
    answer[list]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let name = c.get("keep").unwrap_or(&c["card"]).to_string();
            (name, c["p_win"].as_f64().unwrap())
        })
        .collect()
}

/// A match in which each player needs one game is the game: the same chances to the last digit.
#[test]
fn a_match_of_one_game_each_is_the_game() {
    let discard = "discard 2d 5h 4c Ac Jc Kd --pone --scores 101-75";
    let game = json(&words(discard));
    let one = json(&words(&format!("{discard} --match-need 1-1")));
    assert_eq!(chances(&game, "choices"), chances(&one, "choices"));
    assert_eq!(
        one["match_need"],
        serde_json::json!({"you": 1, "opponent": 1})
    );
    assert!(game.get("match_need").is_none());
    let play = "play --hand 5h 6c 7d Ks --dealer --starter 2c --thrown 9h 9d 4 --scores 110-88";
    let game = json(&words(play));
    let one = json(&words(&format!("{play} --match-need 1-1")));
    assert_eq!(
        chances(&game["board"], "options"),
        chances(&one["board"], "options")
    );
}

/// Needing two games to the opponent's one at 101-75, the pone must win this game by a skunk
/// or win two: the match is worth less than the game, and the best throw for it keeps the
/// hand that gets home before the opponent reaches 91 most often.
#[test]
fn a_skunk_counts_two() {
    let discard = "discard 2d 5h 4c Ac Jc Kd --pone --scores 101-75";
    let game = json(&words(discard));
    let behind = json(&words(&format!("{discard} --match-need 2-1")));
    let ahead = json(&words(&format!("{discard} --match-need 1-2")));
    let best = |v: &Value| v["choices"][0]["p_win"].as_f64().unwrap();
    assert!(
        best(&behind) < best(&game),
        "{} {}",
        best(&behind),
        best(&game)
    );
    assert!(
        best(&ahead) > best(&game),
        "{} {}",
        best(&ahead),
        best(&game)
    );
    assert_ne!(behind["choices"][0]["keep"], game["choices"][0]["keep"]);
    crib()
        .args(words(&format!("{discard} --match-need 2-1")))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "At 101-75 in a match, needing 2 games to the opponent's 1, best for the match:",
        ))
        .stdout(predicate::str::contains("a skunk counting two games."));
}

/// `crib play` says the match it weighs, and the engine's requests take it too.
#[test]
fn the_play_weighs_the_match() {
    crib()
        .args(words(
            "play --hand 5h 6c 7d Ks --dealer --starter 2c --thrown 9h 9d 4 --scores 110-88 \
             --match-need 2-2",
        ))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "For the match (you need 2 games, the opponent 2; a skunk counts two)",
        ));
    let request = r#"{"hand": ["5h", "6c", "7d", "Ks"], "role": "dealer", "starter": "2c", "thrown": ["9h", "9d"], "sequence": ["4"], "scores": {"you": 110, "opponent": 88}, "match_need": {"you": 2, "opponent": 2}}"#;
    let (code, answer): (_, Vec<Value>) = answers(&["play", "-"], &format!("{request}\n"));
    assert_eq!(code, Some(0));
    assert_eq!(
        answer[0]["board"]["match_need"],
        serde_json::json!({"you": 2, "opponent": 2})
    );
}

/// A match needs two players, the scores, and a game or more each.
#[test]
fn a_match_needs_two_players_scores_and_games() {
    let discard = "discard 5h 5c Js 6d 7h 8c --dealer --scores 100-85 --match-need";
    for (need, expected) in [
        (
            "0-2",
            "--match-need '0-2': expected the games you and the opponent still need",
        ),
        ("2", "--match-need '2': expected"),
        ("2-x", "--match-need '2-x': expected"),
        ("1-2-3", "--match-need '1-2-3': expected"),
    ] {
        assert_rejected(&words(&format!("{discard} {need}")), expected);
    }
    assert_rejected(
        &words("discard 5h 5c Js 6d 7h --players 3 --seat 1 --scores 1-2-3 --match-need 1-2"),
        "--match-need weighs a match of two players, not 3",
    );
    assert_rejected(
        &words("discard 5h 5c Js 6d 7h 8c --dealer --match-need 1-2"),
        "--scores",
    );
    assert_rejected(
        &words("play --hand 5h 6c 7d Ks --dealer --starter 2c --match-need 1-2"),
        "--scores",
    );
    for (request, expected) in [
        (
            r#"{"hand": ["5h", "6c", "7d", "Ks"], "role": "dealer", "match_need": {"you": 2, "opponent": 2}}"#,
            "give \"scores\" with it",
        ),
        (
            r#"{"hand": ["5h", "6c", "7d", "Ks"], "role": "dealer", "scores": {"you": 2, "opponent": 2}, "match_need": {"you": 0, "opponent": 2}}"#,
            "1 or more",
        ),
    ] {
        let (code, answer): (_, Vec<Value>) = answers(&["play", "-"], &format!("{request}\n"));
        assert_eq!(code, Some(2), "{request}");
        let error = answer[0]["error"].as_str().unwrap_or_default();
        assert!(error.contains(expected), "{request}: {answer:?}");
    }
}

/// In a match, `?` in `crib game` weighs the match, as crib's strongest player does, once the
/// board is in reach (a side 21 or more of 61); before, it shows the points, as `best` plays.
#[test]
fn the_game_weighs_its_match() {
    let mut typed = "best\n".repeat(10);
    typed.push_str("?\nquit\n");
    let log = std::env::temp_dir().join(format!("crib-test-reach-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&log);
    crib()
        .args(words("game --games 3 --game 61 --seed 1 --log"))
        .arg(&log)
        .write_stdin(typed)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "At 18-23 in a game to 61 in a match, needing 3 games to the opponent's 3, best",
        ));
    crib()
        .args(words("game --games 3 --seed 1"))
        .write_stdin("?\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("Best: keep"))
        .stdout(predicate::str::contains("in a match").not());
    let _ = std::fs::remove_file(&log);
    crib()
        .args(words("game --seed 1"))
        .write_stdin("?\nquit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("in a match").not());
}

/// The engine protocol carries a match: `crib engine --level strongest` weighs `"match_need"`
/// as `crib discard --match-need` does (the docs' pone keeps 4-5-J-K for the match, A-4-5-J
/// for the game), a match of one game each is the game, and a bad need is refused.
#[test]
fn the_engine_weighs_a_match_it_is_told_of() {
    let request = |need: &str| {
        format!(
            "{{\"ask\":\"throw\",\"players\":2,\"seat\":1,\"role\":\"pone\",\"dealt\":[\"2d\",\
             \"5h\",\"4c\",\"Ac\",\"Jc\",\"Kd\"],\"scores\":{{\"you\":101,\"opponent\":75}}{need}}}\n"
        )
    };
    let throw = |need: &str| {
        let (code, lines) = answers::<Value>(&words("engine --level strongest"), &request(need));
        assert_eq!(code, Some(0), "{lines:?}");
        lines[0]["throw"].clone()
    };
    let game = throw("");
    assert_eq!(game, serde_json::json!(["2d", "Kd"]));
    assert_eq!(
        throw(",\"match_need\":{\"you\":2,\"opponent\":1}"),
        serde_json::json!(["2d", "Ac"])
    );
    assert_eq!(throw(",\"match_need\":{\"you\":1,\"opponent\":1}"), game);
    for (need, said) in [
        (
            ",\"match_need\":{\"you\":0,\"opponent\":1}",
            "a whole number 1 or more, not the number 0",
        ),
        (",\"match_need\":{\"you\":2}", "lacks \\\"opponent\\\""),
        (",\"match_need\":[2,1]", "takes an object"),
    ] {
        let (code, lines) = answers::<Value>(&words("engine --level strongest"), &request(need));
        assert_eq!(code, Some(2), "{need}");
        assert!(
            lines[0]["error"].to_string().contains(said),
            "{need}: {lines:?}"
        );
    }
    let three = "{\"ask\":\"throw\",\"players\":3,\"seat\":1,\"dealt\":[\"2d\",\"5h\",\"4c\",\
                 \"Ac\",\"Jc\"],\"match_need\":{\"you\":2,\"opponent\":1}}\n";
    let (code, lines) = answers::<Value>(&words("engine --level strongest"), three);
    assert_eq!(code, Some(2));
    assert!(
        lines[0]["error"].to_string().contains("two players, not 3"),
        "{lines:?}"
    );
}

/// `crib odds --match-need`: a match needing one game each is the game's chance; needing two
/// to one at 90-100, you must win this game and the next, which the opponent deals; the text
/// says it; three or four players, `--table` and a bad need are refused.
#[test]
fn the_odds_of_a_match() {
    let odds = "odds 90 100 --dealer --match-need";
    let one = json(&words(&format!("{odds} 1-1")));
    assert_eq!(one["p_match"], one["p_win"]);
    assert_eq!(
        one["match_need"],
        serde_json::json!({"you": 1, "opponent": 1})
    );
    let two = json(&words(&format!("{odds} 2-1")));
    let p_win = two["p_win"].as_f64().unwrap();
    let p_match = two["p_match"].as_f64().unwrap();
    // No skunk can happen from 90-100; the pone of a new game wins 44.0% of them.
    let next = 1.0 - json(&words("odds 0 0 --dealer"))["p_win"].as_f64().unwrap();
    // (each printed to six places)
    assert!((p_match - p_win * next).abs() < 2e-6, "{two}");
    let plain = json(&words("odds 90 100 --dealer"));
    assert!(plain.get("p_match").is_none() && plain.get("match_need").is_none());
    crib()
        .args(words("odds 90 100 --dealer --match-need 2-1"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "In the match (you need 2 games, the opponent 1; a skunk counts two) you win",
        ));
    for (args, said) in [
        (
            "odds 20 30 40 --players 3 --match-need 2-1",
            "two players, not 3",
        ),
        (
            "odds 90 100 --dealer --players 4 --match-need 2-1",
            "two players, not 4",
        ),
        ("odds --table --match-need 2-1", "cannot be used with"),
        ("odds 90 100 --dealer --match-need 0-1", "1 or more each"),
        ("odds 90 100 --dealer --match-need 2", "ME-OPP"),
    ] {
        assert_rejected(&words(args), said);
    }
}
