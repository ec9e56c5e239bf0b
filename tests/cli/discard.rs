//! CLI tests of `crib discard`.

use crate::common::{crib, words};
use predicates::prelude::*;
use serde::Deserialize;

/// A mirror of `crib discard --json`: the field names are a contract.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DiscardJson {
    /// With --scores: the game hole.
    game: Option<u32>,
    /// With --scores: how many draws each chance is the mean of.
    draws: Option<usize>,
    /// With --scores: whether the board changes the advice from the best on points.
    changes_advice: Option<bool>,
    /// 1-based, in the order of play.
    seat: usize,
    players: usize,
    role: String,
    crib_model: String,
    play_model: String,
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
    #[serde(default)]
    peg_mean: Option<f64>,
    #[serde(default)]
    peg_opp_mean: Option<f64>,
    net: f64,
    #[serde(default)]
    p_at_least: Option<f64>,
    #[serde(default)]
    p_win: Option<f64>,
    #[serde(default)]
    p_win_se: Option<f64>,
    #[serde(default)]
    gap_se: Option<f64>,
}

/// A mirror of `crib discard --table --json` (one line per table).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableJson {
    crib_model: String,
    role: String,
    #[serde(default)]
    seat: Option<usize>,
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
    crate::common::json_lines(&output.stdout)
}

fn discard(args: &[&str]) -> DiscardJson {
    let mut all = vec!["discard"];
    all.extend_from_slice(args);
    serde_json::from_value(crate::common::json(&all)).unwrap()
}

fn round4(x: f64) -> String {
    format!("{x:.4}")
}

/// The uniform model's numbers, with the play left out, are the ones crib gave before the expert
/// crib model and the pegging table existed.
#[test]
fn worked_example_as_dealer() {
    let json = discard(&words(
        "5h Jd 5c 5s 4d 6d --dealer --crib-model uniform --play-model none",
    ));
    assert_eq!((json.players, json.role.as_str()), (2, "dealer"));
    assert_eq!(json.crib_model, "uniform");
    assert_eq!(json.play_model, "none");
    assert!(
        json.choices
            .iter()
            .all(|c| c.peg_mean.is_none() && c.peg_opp_mean.is_none())
    );
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
    assert_eq!(json.play_model, "engine");
    for choice in &json.choices {
        let play = choice.peg_mean.unwrap() - choice.peg_opp_mean.unwrap();
        assert!((choice.net - (choice.hand_mean - choice.crib_mean + play)).abs() < 1e-12);
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
    let json = discard(&words("--players 4 Jh 4h 5c 8s Kd --partner-deals"));
    assert_eq!(json.role, "partner-deals");
    // The crib is the side's, and the play is counted by default.
    let best = &json.choices[0];
    let play = best.peg_mean.unwrap() - best.peg_opp_mean.unwrap();
    assert!((best.net - (best.hand_mean + best.crib_mean + play)).abs() < 1e-5);
}

#[test]
fn human_table() {
    crib()
        .env("COLUMNS", "200")
        .args(words(
            "discard 5h Jd 5c 5s 4d 6d --dealer --need 16 --crib-model uniform --play-model none",
        ))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "│ 4♦ 5♣ 5♠ 6♦ ┆ 5♥ J♦ (a) ┆ 15.80 ┆  12 ┆  24 ┆   6.85 ┆ 22.65 ┆",
        ))
        .stdout(predicate::str::contains("P(hand ≥ 16)"))
        // Choices that differ only by which five is thrown are one row, and say so.
        .stdout(predicate::str::contains(
            "(a) The same to the last digit throwing 5♣ J♦, or 5♠ J♦: the cards differ only by \
             suits.",
        ))
        .stdout(predicate::str::contains(
            "Best: keep 4♦ 5♣ 5♠ 6♦, throw 5♥ J♦ (net 22.65).",
        ))
        // And where the best beats the next best.
        .stdout(predicate::str::contains(
            "It beats keeping 5♥ 5♣ 5♠ J♦ by 2.08: the hand -0.80, the crib +2.89.",
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
        let play = choice.peg_mean.unwrap() - choice.peg_opp_mean.unwrap();
        assert!((choice.net - (choice.hand_mean + choice.crib_mean + play)).abs() < 1e-5);
    }
    // Three and four players have their own expert model, the default too.
    let json = discard(&["--players", "3", "Jh", "4h", "5c", "8s", "Kd", "--pone"]);
    assert_eq!(json.crib_model, "expert");
}

/// With three or four players the expert crib is the others' throws weighted as their seats
/// throw: a pone faces a dealer who salts his own crib, and a dealer pones who balk it, so the
/// same throw is worth more to the crib from a pone's seat than from the dealer's, and the
/// uniform model lies between.
#[test]
fn the_crib_of_three_and_four_follows_the_seats() {
    for (players, dealer) in [("3", "3"), ("4", "4")] {
        let crib_of = |seat: &str, model: &str| {
            let json = discard(&[
                "--players",
                players,
                "--seat",
                seat,
                "7h",
                "8c",
                "Kd",
                "Qs",
                "2c",
                "--crib-model",
                model,
                "--play-model",
                "none",
            ]);
            let choice = json.choices.iter().find(|c| c.throw == ["2c"]).unwrap();
            choice.crib_mean
        };
        let uniform = crib_of("1", "uniform");
        assert_eq!(uniform, crib_of(dealer, "uniform"));
        assert!(crib_of(dealer, "expert") < uniform, "{players} players");
        assert!(
            crib_of("1", "expert") > crib_of(dealer, "expert"),
            "{players} players"
        );
    }
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
        assert!((shares - 1.0).abs() < 1e-4);
        let weighted: f64 = table
            .throws
            .iter()
            .map(|t| t.share.unwrap() * t.crib_mean)
            .sum();
        assert!((weighted - table.mean).abs() < 1e-4);
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
        let [json] =
            <[TableJson; 1]>::try_from(tables(&["--players", players, "--crib-model", "uniform"]))
                .unwrap();
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

/// Under the expert model of three or four players, a table for each seat, in seat order:
/// how often the seat throws each rank (shares summing to 1), and what the throw is worth to
/// the crib. Pones keep their fives; a five is the best throw into any crib.
#[test]
fn one_card_expert_tables() {
    for (players, n) in [("3", 3), ("4", 4)] {
        let all = tables(&["--players", players]);
        assert_eq!(all.len(), n);
        for (i, json) in all.iter().enumerate() {
            assert_eq!(
                (json.crib_model.as_str(), json.seat),
                ("expert", Some(i + 1))
            );
            let shares: Vec<f64> = json.throws.iter().map(|t| t.share.unwrap()).collect();
            assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-4);
            let mean: f64 = json
                .throws
                .iter()
                .map(|t| t.crib_mean * t.share.unwrap())
                .sum();
            assert!((mean - json.mean).abs() < 1e-4);
            let five = &json.throws[4];
            assert_eq!(five.ranks, ["5"]);
            assert!(json.throws.iter().all(|t| t.crib_mean <= five.crib_mean));
            let owns = json.role != "pone";
            assert_eq!(shares[4] < 0.01, !owns, "{players} players, seat {}", i + 1);
        }
        let [one] =
            <[TableJson; 1]>::try_from(tables(&["--players", players, "--seat", "1"])).unwrap();
        assert_eq!(one.seat, Some(1));
        assert_eq!(one.mean, all[0].mean);
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
            &words("--players 3 5h Jd 5c 5s 4d 6d --pone"),
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
            &["--table", "--seat", "2"],
            "--seat is for three or four players",
        ),
        (
            &["--table", "--players", "3", "--seat", "4"],
            "3 players sit in seats 1 to 3",
        ),
        (
            &["--table", "--players", "3", "--seat", "2", "--dealer"],
            "--dealer and --seat 2 disagree",
        ),
        (
            &words("5h Jd 5c 5s 4d 6d --dealer --crib-model smart"),
            "invalid value 'smart'",
        ),
        (
            &words("5h Jd 5c 5s 4d 6d --dealer --players 5"),
            "--players",
        ),
        (
            &["--play-table", "--seat", "2"],
            "--seat is for three or four players",
        ),
        (
            &["--play-table", "5", "6", "7", "8", "9"],
            "up to four ranks",
        ),
        (&["--play-table", "6", "7", "x"], "'x' is not a card"),
        (
            &["--play-table", "--play-model", "none"],
            "leave out --play-model",
        ),
        (&["--play-table", "--table"], "cannot be used with"),
    ];
    for (args, expected) in cases {
        let mut all = vec!["discard"];
        all.extend_from_slice(args);
        crate::common::assert_rejected(&all, expected);
    }
}

/// A mirror of `crib discard --play-table --json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayTableJson {
    play_model: String,
    means: std::collections::BTreeMap<String, PegJson>,
    hands: Vec<PlayRowJson>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRowJson {
    hand: Vec<String>,
    #[serde(default)]
    pone: Option<PegJson>,
    #[serde(default)]
    dealer: Option<PegJson>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PegJson {
    peg_mean: f64,
    peg_opp_mean: f64,
    net: f64,
}

fn play_table(args: &[&str]) -> PlayTableJson {
    let mut all = vec!["discard", "--play-table"];
    all.extend_from_slice(args);
    serde_json::from_value(crate::common::json(&all)).unwrap()
}

#[test]
fn the_pegging_table() {
    let all = play_table(&[]);
    assert_eq!(all.play_model, "engine");
    assert_eq!(all.hands.len(), 1820);
    assert!(
        all.hands
            .iter()
            .all(|h| h.pone.is_some() && h.dealer.is_some())
    );
    assert_eq!(all.hands[0].hand, ["A", "A", "A", "A"]);
    assert_eq!(all.hands[1819].hand, ["K", "K", "K", "K"]);
    assert_eq!(
        all.means.keys().collect::<Vec<_>>(),
        [&"dealer".to_string(), &"pone".to_string()]
    );
    assert_eq!(round4(all.means["dealer"].peg_mean).len(), 6);
    // Ranks narrow it to the hands that hold them, in any order; a suit is refused, since
    // the play ignores suits.
    crate::common::assert_rejected(
        &["discard", "--play-table", "5", "5h"],
        "--play-table 5h: give ranks alone (5)",
    );
    let fives = play_table(&["5", "5", "5", "--pone"]);
    assert_eq!(fives.hands.len(), 13);
    assert!(
        fives
            .hands
            .iter()
            .all(|h| { h.hand.iter().filter(|r| *r == "5").count() >= 3 && h.dealer.is_none() })
    );
    let run = play_table(&["9", "8", "7", "6", "--dealer"]);
    let [row] = <[PlayRowJson; 1]>::try_from(run.hands).unwrap();
    assert_eq!(row.hand, ["6", "7", "8", "9"]);
    let dealer = row.dealer.unwrap();
    assert!((dealer.net - (dealer.peg_mean - dealer.peg_opp_mean)).abs() < 1e-9);
    assert!(row.pone.is_none());
    crib()
        .args(["discard", "--play-table", "6", "7", "8", "9"])
        .env("COLUMNS", "200")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "│ 6 7 8 9 ┆      1.72 ┆     3.21 ┆    -1.49 ┆        3.35 ┆     2.05 ┆      +1.29 │",
        ))
        .stdout(predicate::str::contains(
            "the pone pegs 2.11 and the opponent 3.33; the dealer pegs 3.35",
        ));
}

/// The play changes the advice: as pone, A-4-10-Q is the best keep on the show alone, and a
/// poor one once the play is counted.
#[test]
fn the_play_changes_the_advice() {
    let deal = ["6s", "8h", "Ad", "Qs", "10c", "4c", "--pone"];
    let show = discard(&[&deal[..], &["--play-model", "none"]].concat());
    let whole = discard(&deal);
    assert_eq!(show.choices[0].keep, ["Ad", "Qs", "10c", "4c"]);
    assert_eq!(whole.choices[0].keep, ["6s", "8h", "Ad", "4c"]);
    let tens = whole
        .choices
        .iter()
        .find(|c| c.keep == ["Ad", "Qs", "10c", "4c"])
        .unwrap();
    assert_eq!(
        (
            round4(tens.peg_mean.unwrap()),
            round4(tens.peg_opp_mean.unwrap())
        ),
        ("1.4878".into(), "3.8513".into())
    );
    // The show's numbers are the same either way.
    for choice in &whole.choices {
        let same = show.choices.iter().find(|c| c.keep == choice.keep).unwrap();
        assert_eq!(
            (same.hand_mean, same.crib_mean),
            (choice.hand_mean, choice.crib_mean)
        );
    }
}

/// A game to 61 from 55-50 is the game to 121 from 115-110: the same chances, choice by choice.
#[test]
fn end_game_discards_to_61() {
    let cards = ["5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--scores"];
    let long = discard(&[&cards[..], &["115-110"]].concat());
    let short = discard(&[&cards[..], &["55-50", "--game", "61"]].concat());
    assert_eq!((long.game, short.game), (Some(121), Some(61)));
    // Two players: the pone sits in seat 1, the dealer in seat 2.
    assert_eq!((long.seat, short.seat), (2, 2));
    let chances = |json: &DiscardJson| -> Vec<(Vec<String>, Option<f64>)> {
        json.choices
            .iter()
            .map(|c| (c.keep.clone(), c.p_win))
            .collect()
    };
    assert_eq!(chances(&short), chances(&long));
    assert_eq!(discard(&cards[..7]).game, None);
    crib()
        .arg("discard")
        .args([&cards[..], &["55-50", "--game", "61"]].concat())
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "At 55-50 in a game to 61, best for the game: keep 5♥ 5♣ 5♠ 6♦",
        ));
    crate::common::assert_rejected(
        &[&["discard"][..], &cards[..], &["61-50", "--game", "61"]].concat(),
        "--scores 61-50: a game to 61 is over at 61",
    );
    crate::common::assert_rejected(
        &[&["discard"][..], &cards[..7], &["--game", "61"]].concat(),
        "--game 61 weighs the board: give --scores ME-OPP with it",
    );
}

/// Near the end, `--scores` ranks by the chance of winning the game. The dealer at 115 needs 6
/// and the pone, at 110, counts first: keeping three fives and the 6 wins more often than the
/// 24-point hand that is best on average.
#[test]
fn end_game_discards() {
    let args = [
        "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--scores", "115-110",
    ];
    let json = discard(&args);
    let p: Vec<f64> = json.choices.iter().map(|c| c.p_win.unwrap()).collect();
    assert!(p.windows(2).all(|w| w[0] >= w[1]));
    assert!(p.iter().all(|p| (0.0..=1.0).contains(p)));
    // Every choice over the same draws, until every standard error is under 0.2%.
    assert!(json.choices.iter().all(|c| c.p_win_se.unwrap() < 0.002));
    assert!(json.draws.is_some_and(|d| d >= 2_048));
    assert_eq!(json.choices[0].keep, ["5h", "5c", "5s", "6d"]);
    let on_points = json
        .choices
        .iter()
        .max_by(|a, b| a.net.total_cmp(&b.net))
        .unwrap();
    assert_ne!(on_points.keep, json.choices[0].keep);
    // The board changes the advice: the gap is clear of the draws' noise.
    assert_eq!(json.changes_advice, Some(true));
    assert_eq!(json.choices[0].gap_se, Some(0.0));
    let gap = json.choices[0].p_win.unwrap() - on_points.p_win.unwrap();
    assert!(gap > 2.0 * on_points.gap_se.unwrap(), "{gap} {on_points:?}");
    // The same answer every time: the draws are seeded by the cards.
    let again = discard(&args);
    assert_eq!(
        again.choices.iter().map(|c| c.p_win).collect::<Vec<_>>(),
        json.choices.iter().map(|c| c.p_win).collect::<Vec<_>>()
    );
    // A pone at 119 whose hand is sure to count 2 wins, whatever else the other hands hold:
    // the dealer, at 100, cannot peg 21 before the pone counts.
    let json = discard(&[
        "5h", "5c", "Js", "6d", "7h", "Kc", "--pone", "--scores", "119-100",
    ]);
    let sure: Vec<_> = json.choices.iter().filter(|c| c.hand_min >= 2).collect();
    assert!(!sure.is_empty());
    assert!(
        sure.iter()
            .all(|c| c.p_win == Some(1.0) && c.p_win_se == Some(0.0))
    );
    assert!(json.choices.iter().any(|c| c.p_win < Some(1.0)));
    // Two choices both sure to win tie for the game: said so, not "beats by 0.0%".
    crib()
        .args([
            "discard", "5h", "5c", "Js", "6d", "7h", "Kc", "--pone", "--scores", "119-100",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "is as good for the game (to 0.1%).",
        ))
        .stdout(predicate::str::contains("by 0.0%").not());
    // One point from home, the dealer always gets a go or the last card: every choice wins.
    let json = discard(&[
        "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--scores", "120-0",
    ]);
    assert!(json.choices.iter().all(|c| c.p_win == Some(1.0)));
    crib()
        .arg("discard")
        .args(args)
        .env("COLUMNS", "200")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "At 115-110, best for the game: keep 5♥ 5♣ 5♠ 6♦, throw 4♦ J♦",
        ))
        .stdout(predicate::str::contains(
            "Best on average points: keep 4♦ 5♣ 5♠ 6♦, throw 5♥ J♦ (net 25.48, wins 78.0%): the \
             board changes the advice.",
        ));
    for (args, expected) in [
        (
            &[
                "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--scores", "115",
            ][..],
            "--scores '115'",
        ),
        (
            &[
                "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--scores", "115-121",
            ],
            "0 to 120",
        ),
        (
            &words("5h Jd 5c 5s 4d 6d --dealer --scores 115-110 --play-model none"),
            "--scores weighs the game with crib's models: the expert crib model and the play counted",
        ),
    ] {
        let mut all = vec!["discard"];
        all.extend_from_slice(args);
        crate::common::assert_rejected(&all, expected);
    }
}

/// The board changes the advice only when the gap in the chance of winning is clear of the
/// draws' noise (two standard errors of the gap, over the same draws); otherwise crib says so
/// and keeps the advice for points.
#[test]
fn the_board_changes_the_discard_only_by_a_clear_gap() {
    let args = [
        "2h", "5c", "8d", "Js", "Qh", "Kc", "--pone", "--scores", "116-116",
    ];
    let json = discard(&args);
    assert_eq!(json.changes_advice, Some(false));
    let on_points = json
        .choices
        .iter()
        .max_by(|a, b| a.net.total_cmp(&b.net))
        .unwrap();
    assert_ne!(on_points.keep, json.choices[0].keep);
    let gap = json.choices[0].p_win.unwrap() - on_points.p_win.unwrap();
    assert!(gap > 0.0 && gap <= 2.0 * on_points.gap_se.unwrap());
    crib()
        .arg("discard")
        .args(args)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "At 116-116, the board does not change the advice: keep 5♣ J♠ Q♥ K♣, throw 2♥ 8♦",
        ))
        .stdout(predicate::str::contains("within the noise of the draws"));
}

/// Three and four players: `--scores` takes each player's score in seat order (three) or each
/// partnership's, seats 1 and 3 first (four), and ranks the throws by the chance of winning.
/// Seat 1 at 116, seat 2 at 110 and the dealer at 119: keeping three fives and the jack is best
/// on points, but laying a five away wins more often, clear of the noise.
#[test]
fn end_game_discards_with_three_and_four_players() {
    let args = words("--players 3 --seat 1 5h 5c 5s Jd 4d --scores 116-110-119");
    let json = discard(&args);
    assert_eq!((json.players, json.seat, json.game), (3, 1, Some(121)));
    assert_eq!(json.draws, Some(192));
    let p: Vec<f64> = json.choices.iter().map(|c| c.p_win.unwrap()).collect();
    assert!(p.windows(2).all(|w| w[0] >= w[1]), "{p:?}");
    assert_eq!(json.choices[0].throw[0].chars().next(), Some('5'));
    assert_eq!(json.changes_advice, Some(true));
    crib()
        .arg("discard")
        .args(args)
        .env("COLUMNS", "200")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "At 116-110-119, best for the game: keep 4♦ 5♣ 5♠ J♦, throw 5♥",
        ))
        .stdout(predicate::str::contains("192 deals of the others' cards"));
    // Four players: seat 1's side at 119 counts first; a hand sure to count 2 wins.
    let json = discard(&words(
        "--players 4 --seat 1 5h 5c Js 6d Kc --scores 119-90",
    ));
    assert_eq!(json.draws, Some(64));
    let sure: Vec<_> = json.choices.iter().filter(|c| c.hand_min >= 2).collect();
    assert!(!sure.is_empty());
    assert!(sure.iter().all(|c| c.p_win == Some(1.0)), "{sure:?}");
    for (args, expected) in [
        (
            &["--players", "3", "--scores", "110-115"][..],
            "--scores '110-115'",
        ),
        (
            &["--players", "4", "--scores", "60-55-50"],
            "--scores '60-55-50'",
        ),
        (
            &["--players", "3", "--scores", "60-21-70", "--game", "61"],
            "the dealer has 70: the game is over at 61",
        ),
    ] {
        let mut all = vec!["discard", "--seat", "3", "5h", "5c", "5s", "Jd", "4d"];
        all.extend_from_slice(args);
        crate::common::assert_rejected(&all, expected);
    }
}
