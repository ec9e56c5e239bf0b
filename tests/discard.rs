//! CLI tests of `crib discard`.

mod common;

use common::crib;
use predicates::prelude::*;
use serde::Deserialize;

/// A mirror of `crib discard --json`: the field names are a contract.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DiscardJson {
    players: usize,
    role: String,
    crib_model: String,
    dealt: Vec<String>,
    choices: Vec<ChoiceJson>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoiceJson {
    keep: Vec<String>,
    throw: Vec<String>,
    hand_mean: f64,
    hand_min: u32,
    hand_max: u32,
    crib_mean: f64,
    net: f64,
    #[serde(default)]
    p_at_least: Option<f64>,
}

/// A mirror of `crib discard --table --json` (one line per table).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableJson {
    crib_model: String,
    role: String,
    throws: Vec<ThrowJson>,
    mean: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThrowJson {
    ranks: Vec<String>,
    suited: bool,
    crib_mean: f64,
    throws: u32,
    #[serde(default)]
    share: Option<f64>,
}

/// Every table that `crib discard --table --json` prints with these arguments.
fn tables(args: &[&str]) -> Vec<TableJson> {
    let output = crib()
        .args(["discard", "--table", "--json"])
        .args(args)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}");
    common::json_lines(&output.stdout)
}

fn discard(args: &[&str]) -> DiscardJson {
    let mut all = vec!["discard"];
    all.extend_from_slice(args);
    serde_json::from_value(common::json(&all)).unwrap()
}

fn round4(x: f64) -> String {
    format!("{x:.4}")
}

/// The uniform model's numbers are the ones crib gave before the expert model existed.
#[test]
fn worked_example_as_dealer() {
    let json = discard(&[
        "5h",
        "Jd",
        "5c",
        "5s",
        "4d",
        "6d",
        "--dealer",
        "--crib-model",
        "uniform",
    ]);
    assert_eq!((json.players, json.role.as_str()), (2, "dealer"));
    assert_eq!(json.crib_model, "uniform");
    assert_eq!(json.dealt, ["5h", "Jd", "5c", "5s", "4d", "6d"]);
    assert_eq!(json.choices.len(), 15);
    let best = &json.choices[0];
    assert_eq!(best.throw, ["5h", "Jd"]);
    assert_eq!(best.keep, ["5c", "5s", "4d", "6d"]);
    assert_eq!(
        (
            round4(best.hand_mean),
            round4(best.crib_mean),
            round4(best.net)
        ),
        ("15.8043".into(), "6.8459".into(), "22.6503".into())
    );
    let fives = json
        .choices
        .iter()
        .find(|c| c.throw == ["4d", "6d"])
        .unwrap();
    assert_eq!(fives.keep, ["5h", "Jd", "5c", "5s"]);
    assert_eq!(
        (
            round4(fives.hand_mean),
            round4(fives.crib_mean),
            round4(fives.net)
        ),
        ("16.6087".into(), "3.9596".into(), "20.5683".into())
    );
    assert_eq!((fives.hand_min, fives.hand_max), (14, 29));
    assert!(json.choices.iter().all(|c| c.p_at_least.is_none()));
    assert!(json.choices.windows(2).all(|w| w[0].net >= w[1].net));
}

#[test]
fn pone_need_and_top() {
    let json = discard(&[
        "5h", "Jd", "5c", "5s", "4d", "6d", "--pone", "--need", "16", "--top", "3",
    ]);
    assert_eq!(json.role, "pone");
    assert_eq!(json.choices.len(), 3);
    for choice in &json.choices {
        assert!((choice.net - (choice.hand_mean - choice.crib_mean)).abs() < 1e-12);
        let p = choice.p_at_least.unwrap();
        assert!((0.0..=1.0).contains(&p));
    }
    // As pone, keeping the 29-hand's fives and throwing 4-6 is best: the crib is the enemy's.
    assert_eq!(json.choices[0].throw, ["4d", "6d"]);
}

#[test]
fn three_and_four_players() {
    let json = discard(&["--players", "3", "Jh", "4h", "5c", "8s", "Kd", "--pone"]);
    assert_eq!(json.choices.len(), 5);
    assert!(
        json.choices
            .iter()
            .all(|c| c.throw.len() == 1 && c.keep.len() == 4)
    );
    let json = discard(&[
        "--players",
        "4",
        "Jh",
        "4h",
        "5c",
        "8s",
        "Kd",
        "--partner-deals",
    ]);
    assert_eq!(json.role, "partner-deals");
    assert!(
        (json.choices[0].net - (json.choices[0].hand_mean + json.choices[0].crib_mean)).abs()
            < 1e-12
    );
}

#[test]
fn human_table() {
    crib()
        .args([
            "discard",
            "5h",
            "Jd",
            "5c",
            "5s",
            "4d",
            "6d",
            "--dealer",
            "--need",
            "16",
            "--crib-model",
            "uniform",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "│ 5♣ 5♠ 4♦ 6♦ ┆ 5♥ J♦ ┆ 15.80 ┆  12 ┆  24 ┆   6.85 ┆ 22.65 ┆",
        ))
        .stdout(predicate::str::contains("P(hand ≥ 16)"))
        .stdout(predicate::str::contains(
            "Best: keep 5♣ 5♠ 4♦ 6♦, throw 5♥ J♦ (net 22.65).",
        ));
}

#[test]
fn crib_table() {
    let [json] = <[TableJson; 1]>::try_from(tables(&["--crib-model", "uniform"])).unwrap();
    assert_eq!(json.crib_model, "uniform");
    assert_eq!(json.role, "either");
    assert!(json.throws.iter().all(|t| t.share.is_none()));
    assert_eq!(json.throws.len(), 169);
    assert_eq!(json.throws.iter().map(|t| t.throws).sum::<u32>(), 1326);
    assert_eq!(round4(json.mean), "4.7348");
    let min = json
        .throws
        .iter()
        .min_by(|a, b| a.crib_mean.total_cmp(&b.crib_mean))
        .unwrap();
    let max = json
        .throws
        .iter()
        .max_by(|a, b| a.crib_mean.total_cmp(&b.crib_mean))
        .unwrap();
    assert_eq!(
        (min.ranks.clone(), min.suited),
        (vec!["10".to_string(), "K".to_string()], false)
    );
    assert_eq!(
        (max.ranks.clone(), max.suited),
        (vec!["5".to_string(), "5".to_string()], false)
    );
    crib()
        .args(["discard", "--table", "--crib-model", "uniform"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Fewest points: off-suit K-10 (3.41)",
        ))
        .stdout(predicate::str::contains("most: a pair of 5s (8.99)"));
}

#[test]
fn expert_is_the_default_for_two_players() {
    let json = discard(&["5h", "Jd", "5c", "5s", "4d", "6d", "--dealer"]);
    assert_eq!(json.crib_model, "expert");
    // The worked example still throws 5-J to the dealer's own crib.
    assert_eq!(json.choices[0].throw, ["5h", "Jd"]);
    assert_eq!(round4(json.choices[0].hand_mean), "15.8043");
    assert!(json.choices.windows(2).all(|w| w[0].net >= w[1].net));
    for choice in &json.choices {
        assert!((choice.net - (choice.hand_mean + choice.crib_mean)).abs() < 1e-12);
    }
    // Three and four players have no expert model, so uniform is their default.
    let json = discard(&["--players", "3", "Jh", "4h", "5c", "8s", "Kd", "--pone"]);
    assert_eq!(json.crib_model, "uniform");
}

/// As pone, the expert crib is worth more than the uniform one for the same throw: the dealer
/// salts his own crib. As dealer, less: the pone balks it.
#[test]
fn the_expert_crib_follows_who_throws() {
    let crib_of = |role: &str, model: &str| {
        let json = discard(&[
            "Kh",
            "10d",
            "2c",
            "3s",
            "4d",
            "8c",
            role,
            "--crib-model",
            model,
        ]);
        json.choices
            .iter()
            .find(|c| c.throw == ["Kh", "10d"])
            .unwrap()
            .crib_mean
    };
    let uniform = crib_of("--dealer", "uniform");
    assert_eq!(uniform, crib_of("--pone", "uniform"));
    assert!(crib_of("--dealer", "expert") < uniform);
    assert!(crib_of("--pone", "expert") > uniform);
}

#[test]
fn expert_tables() {
    let both = tables(&[]);
    assert_eq!(both.len(), 2);
    assert_eq!(
        both.iter().map(|t| t.role.as_str()).collect::<Vec<_>>(),
        ["dealer", "pone"]
    );
    for table in &both {
        assert_eq!(table.crib_model, "expert");
        assert_eq!(table.throws.len(), 169);
        let shares: f64 = table.throws.iter().map(|t| t.share.unwrap()).sum();
        assert!((shares - 1.0).abs() < 1e-9);
        let weighted: f64 = table
            .throws
            .iter()
            .map(|t| t.share.unwrap() * t.crib_mean)
            .sum();
        assert!((weighted - table.mean).abs() < 1e-9);
        let fives = table.throws.iter().find(|t| t.ranks == ["5", "5"]).unwrap();
        assert!(table.throws.iter().all(|t| t.crib_mean <= fives.crib_mean));
    }
    let [dealer] = <[TableJson; 1]>::try_from(tables(&["--dealer"])).unwrap();
    let [pone] = <[TableJson; 1]>::try_from(tables(&["--pone"])).unwrap();
    assert_eq!(
        (dealer.role.as_str(), pone.role.as_str()),
        ("dealer", "pone")
    );
    assert_eq!(dealer.mean, both[0].mean);
    assert_eq!(pone.mean, both[1].mean);
    crib()
        .args(["discard", "--table", "--pone"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "by the pone into the dealer's crib",
        ))
        .stdout(predicate::str::contains("Fewest points: off-suit K-10"));
}

#[test]
fn one_card_tables() {
    for players in ["3", "4"] {
        let [json] = <[TableJson; 1]>::try_from(tables(&["--players", players])).unwrap();
        assert_eq!(json.crib_model, "uniform");
        assert_eq!(json.throws.len(), 13);
        assert!(
            json.throws
                .iter()
                .all(|t| t.ranks.len() == 1 && t.throws == 4)
        );
        // Every card thrown once each: the mean of every crib, as for two-card throws.
        assert_eq!(round4(json.mean), "4.7348");
        let best = json
            .throws
            .iter()
            .max_by(|a, b| a.crib_mean.total_cmp(&b.crib_mean))
            .unwrap();
        assert_eq!(best.ranks, ["5"]);
    }
}

#[test]
fn bad_inputs() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["5h", "Jd", "5c", "5s", "4d", "--dealer"],
            "the 6 cards dealt, but 5 were given",
        ),
        (
            &["5h", "Jd", "5c", "5s", "4d", "6d", "7d", "--dealer"],
            "but 7 were given",
        ),
        (
            &[
                "--players",
                "3",
                "5h",
                "Jd",
                "5c",
                "5s",
                "4d",
                "6d",
                "--pone",
            ],
            "the 5 cards dealt, but 6",
        ),
        (
            &["5h", "5h", "5c", "5s", "4d", "6d", "--dealer"],
            "'5h' is given twice",
        ),
        (
            &["5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--pone"],
            "cannot be used with",
        ),
        (
            &["5h", "Jd", "5c", "5s", "4d", "6d"],
            "say whose crib it is",
        ),
        (
            &["5h", "Jd", "5c", "5s", "4d", "6d", "--partner-deals"],
            "--partner-deals is for four players",
        ),
        (
            &["5", "Jd", "5c", "5s", "4d", "6d", "--dealer"],
            "'5' needs a suit here",
        ),
        (
            &["5x", "Jd", "5c", "5s", "4d", "6d", "--dealer"],
            "'5x' is not a card",
        ),
        (&["--dealer"], "give the cards dealt to you"),
        (&["--table", "--partner-deals"], "cannot be used with"),
        (
            &["--table", "--players", "3", "--crib-model", "expert"],
            "the expert crib model is computed for two players",
        ),
        (
            &[
                "--players",
                "4",
                "Jh",
                "4h",
                "5c",
                "8s",
                "Kd",
                "--pone",
                "--crib-model",
                "expert",
            ],
            "with 4 players use --crib-model uniform",
        ),
        (
            &[
                "5h",
                "Jd",
                "5c",
                "5s",
                "4d",
                "6d",
                "--dealer",
                "--crib-model",
                "smart",
            ],
            "invalid value 'smart'",
        ),
        (
            &[
                "5h",
                "Jd",
                "5c",
                "5s",
                "4d",
                "6d",
                "--dealer",
                "--players",
                "5",
            ],
            "--players",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["discard"];
        all.extend_from_slice(args);
        common::assert_rejected(&all, expected);
    }
}
