//! `crib odds`: its JSON, its map, its image, and its errors.

use serde_json::Value;

#[test]
fn cli() {
    let json = crate::common::json(&["odds", "95", "110", "--dealer"]);
    let object = json.as_object().unwrap();
    let mut keys: Vec<&str> = object.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "deals",
            "expected",
            "game",
            "p_double_skunk_win",
            "p_double_skunked",
            "p_skunk_win",
            "p_skunked",
            "p_win",
            "par",
            "role",
            "scores"
        ]
    );
    // Par: what holds the chance; 95 dealing against 110 is far behind it: play on.
    assert_eq!(json["par"]["advice"], "on");
    let par = json["par"]["points"].as_u64().unwrap() as f64;
    let expected = json["expected"]["you"].as_f64().unwrap();
    assert!((json["par"]["margin"].as_f64().unwrap() - (expected - par)).abs() < 1e-9);
    let ahead = crate::common::json(&["odds", "110", "95", "--pone"]);
    assert_eq!(ahead["par"]["advice"], "off");
    let none = crate::common::json(&["odds", "90", "118", "--pone"]);
    assert!(none["par"]["points"].is_null() && none["par"]["advice"] == "on");
    assert_eq!(json["scores"]["you"], 95);
    assert_eq!(json["scores"]["opponent"], 110);
    assert_eq!(json["role"], "dealer");
    assert_eq!(
        json["p_win"].as_f64().unwrap(),
        crib::tables::dealer_outlook(crib::odds::Odds::committed(crib::Players::TWO), [110, 95])
            .win
    );
    let pone = crate::common::json(&["odds", "110", "95", "--pone"]);
    assert!(
        (pone["p_win"].as_f64().unwrap() + json["p_win"].as_f64().unwrap() - 1.0).abs() < 1e-12
    );
    assert_eq!(
        pone["expected"]["you"].as_f64(),
        json["expected"]["opponent"].as_f64()
    );
    // A skunk that cannot happen from the position is shown as such, not as a chance.
    let people = crate::common::crib()
        .args(["odds", "95", "110", "--dealer"])
        .output()
        .unwrap();
    let text = String::from_utf8(people.stdout).unwrap();
    assert!(
        text.contains("│ you are skunked           ┆      – │"),
        "{text}"
    );
    assert!(text.contains("you win by a double skunk"), "{text}");
    let double = crate::common::json(&["odds", "80", "0", "--dealer"]);
    assert!(double["p_double_skunk_win"].as_f64().unwrap() > 0.9);
    // --svg - writes the image alone to standard output.
    let image = crate::common::crib()
        .args(["odds", "--table", "--svg", "-"])
        .output()
        .unwrap();
    assert!(image.stdout.starts_with(b"<svg "));
    let map = crate::common::json(&["odds", "--table"]);
    let rows: &Vec<Value> = map["p_win"].as_array().unwrap();
    assert_eq!(rows.len(), 121);
    assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 121));
    let svg = std::env::temp_dir().join(format!("crib-odds-{}.svg", std::process::id()));
    crate::common::crib()
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
        (
            &["odds", "5", "5", "--dealer", "--svg", "/nonexistent/x.svg"],
            "--svg draws the whole board: give it with --table",
        ),
        (
            &["odds", "--table", "--svg", "-", "--json"],
            "--svg - writes the image to standard output",
        ),
        (&["odds", "121", "0", "--dealer"], "121"),
        (
            &["odds", "95", "--dealer"],
            "give your score and the opponent's",
        ),
        (&["odds", "95", "110"], "say who deals next"),
        (&["odds", "ten", "0", "--pone"], "'ten'"),
        (
            &["odds", "--table", "3"],
            "the argument '--table' cannot be used with '[YOU]'",
        ),
        (
            &["odds", "--table", "3", "4"],
            "the argument '--table' cannot be used with: [YOU], [OPPONENT]",
        ),
    ] {
        crate::common::assert_rejected(args, expected);
    }
}

/// `--game 61`: the short game is the last 61 holes of the game to 121, with a skunk line of 31
/// and no double skunk; scores must be short of 61, and the map is the game to 121's.
#[test]
fn a_game_to_61() {
    let short = crate::common::json(&["odds", "40", "45", "--pone", "--game", "61"]);
    let long = crate::common::json(&["odds", "100", "105", "--pone"]);
    assert_eq!(
        (short["game"].as_u64(), long["game"].as_u64()),
        (Some(61), Some(121))
    );
    for field in ["p_win", "p_skunk_win", "p_skunked", "expected"] {
        assert_eq!(short[field], long[field], "{field}");
    }
    let zero = crate::common::json(&["odds", "0", "0", "--dealer", "--game", "61"]);
    assert!(zero["p_skunk_win"].as_f64().unwrap() > 0.0);
    assert_eq!(zero["p_double_skunk_win"].as_f64(), Some(0.0));
    assert_eq!(zero["p_double_skunked"].as_f64(), Some(0.0));
    let people = crate::common::crib()
        .args(["odds", "20", "0", "--dealer", "--game", "61"])
        .output()
        .unwrap();
    let text = String::from_utf8(people.stdout).unwrap();
    assert!(
        text.starts_with("You 20, the opponent 0; you deal (a game to 61).\n"),
        "{text}"
    );
    assert!(!text.contains("double"), "{text}");
    assert!(text.contains("you are skunked"), "{text}");
    crate::common::assert_rejected(
        &["odds", "61", "0", "--dealer", "--game", "61"],
        "YOU 61: a game to 61 is over at 61",
    );
    crate::common::assert_rejected(
        &["odds", "--table", "--game", "61"],
        "--table maps the game of two players to 121",
    );
    crate::common::assert_rejected(&["odds", "0", "0", "--dealer", "--game", "31"], "--game");
}
