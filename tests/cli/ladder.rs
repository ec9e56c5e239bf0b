//! `crib match --round-robin`: every pair on the same decks, each pair's games those of
//! `crib match A B`, and every player rated on one Elo scale.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::{assert_rejected, crib, words};

/// `crib match ARGS --json`, parsed.
fn json(args: &str) -> Value {
    crate::common::json(&[&["match"], &words(args)[..]].concat())
}

fn numbers(value: &Value) -> Vec<u64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// Three levels, 60 games a pair: three pairs, each with the wins of the same pair's own
/// `crib match` on the seed; the groups' outcomes add up to the wins; the ratings, best first,
/// average 0, each inside its interval, the random level last.
#[test]
fn every_pair_plays_the_same_decks_and_all_are_rated() {
    let names = ["crib:random", "crib:greedy", "crib:reply-aware"];
    let ladder = json(&format!(
        "--round-robin {} --games 60 --seed 3",
        names.join(" ")
    ));
    assert_eq!(ladder["round_robin"], true);
    assert_eq!(ladder["games_per_pair"], 60);
    let pairs = ladder["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 3);
    for pair in pairs {
        let [a, b] = [&pair["players"][0], &pair["players"][1]].map(|v| v.as_str().unwrap());
        let alone = json(&format!("{a} {b} --games 60 --seed 3"));
        let wins: Vec<u64> = alone["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["wins"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers(&pair["wins"]), wins, "{a} {b}");
        let outcomes = numbers(&pair["outcomes"]);
        assert_eq!(outcomes.len(), 3, "lost both, split, won both");
        assert_eq!(outcomes.iter().sum::<u64>(), 30, "30 groups of two");
        assert_eq!(outcomes[1] + 2 * outcomes[2], wins[0]);
    }
    let ratings = ladder["ratings"].as_array().unwrap();
    let elo: Vec<f64> = ratings.iter().map(|r| r["elo"].as_f64().unwrap()).collect();
    assert!(elo.windows(2).all(|w| w[0] >= w[1]), "{elo:?}");
    assert!(elo.iter().sum::<f64>().abs() < 1e-6, "{elo:?}");
    for r in ratings {
        let (low, high) = (r["low"].as_f64().unwrap(), r["high"].as_f64().unwrap());
        assert!(low < r["elo"].as_f64().unwrap() && r["elo"].as_f64().unwrap() < high);
        assert_eq!(r["games"], 120, "two pairs of 60");
    }
    assert_eq!(ratings[2]["name"], "crib:random");
    assert_eq!(ratings[2]["rank"], 3);
}

/// Four players: partnerships of copies, groups of four games on the same decks (the four
/// turns of the table), outcomes counted 0 to 4 games won.
#[test]
fn four_players_make_partnerships() {
    let ladder = json(
        "--round-robin crib:greedy crib:greedy-high crib:random --players 4 --games 8 --seed 5",
    );
    assert_eq!(ladder["players"], 4);
    for pair in ladder["pairs"].as_array().unwrap() {
        let outcomes = numbers(&pair["outcomes"]);
        assert_eq!(outcomes.len(), 5);
        assert_eq!(outcomes.iter().sum::<u64>(), 2, "two groups of four");
        let won: u64 = outcomes.iter().enumerate().map(|(k, n)| k as u64 * n).sum();
        assert_eq!(won, pair["wins"][0].as_u64().unwrap());
    }
}

/// A program plays in a round robin as in a match: the Python engine of the tests plays as
/// crib's greedy level does, so against the random level it wins exactly the games greedy
/// wins there.
#[test]
fn a_program_takes_its_place() {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engines/greedy.py");
    let output = crib()
        .args(words(
            "match --round-robin py crib:greedy crib:random --games 10 --seed 9 --json",
        ))
        .arg(format!("--engine=py=python3 '{}'", script.display()))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let ladder: Value = serde_json::from_slice(&output.stdout).unwrap();
    let pairs = ladder["pairs"].as_array().unwrap();
    let wins = |a: &str, b: &str| {
        pairs
            .iter()
            .find(|p| p["players"][0] == a && p["players"][1] == b)
            .map(|p| numbers(&p["wins"]))
            .unwrap()
    };
    assert_eq!(
        wins("py", "crib:random"),
        wins("crib:greedy", "crib:random")
    );
    assert_eq!(
        wins("py", "crib:greedy"),
        vec![5, 5],
        "the same play both ways round"
    );
    let py = ladder["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "py")
        .unwrap();
    assert!(py["hello"].as_str().is_some());
}

/// The human summary: the ratings, the pairs with their duplicate outcomes, the decisions.
#[test]
fn the_summary_in_words() {
    let output = crib()
        .args(words(
            "match --round-robin crib:greedy crib:random crib:greedy-high --games 20 --seed 2",
        ))
        .output()
        .unwrap();
    // The prose is wrapped to the width; its words are what is checked.
    let text = String::from_utf8(output.stdout).unwrap().replace('\n', " ");
    assert!(text.starts_with("crib match --round-robin: 3 players, 2 a game, games to 121, seed 2. 3 of 3 pairs, 20 games each"), "{text}");
    assert!(text.contains("rank  player"), "{text}");
    assert!(text.contains("won both/split/lost both"), "{text}");
    assert!(text.contains("  crib:greedy vs crib:random "), "{text}");
    assert!(
        text.contains("Decisions (mean, median, slowest):"),
        "{text}"
    );
}

/// A player named twice, three players a game, and a test that stops a two-sided match are
/// refused in a line.
#[test]
fn what_a_round_robin_refuses() {
    assert_rejected(
        &words("match --round-robin crib:greedy crib:random crib:greedy"),
        "crib:greedy: named twice",
    );
    assert_rejected(
        &words("match --round-robin crib:greedy crib:random --players 3"),
        "not three",
    );
    assert_rejected(
        &words("match --round-robin crib:greedy crib:random --sprt 0,10"),
        "--sprt",
    );
    assert_rejected(
        &words("match --round-robin crib:greedy crib:grandmaster"),
        "crib:grandmaster",
    );
}
