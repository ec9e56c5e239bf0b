//! CLI tests of `crib score`.

use crate::common::crib;
use predicates::prelude::*;
use serde::Deserialize;

#[test]
fn twenty_nine() {
    crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Hand 5♥ 5♣ 5♠ J♦, starter 5♦"))
        .stdout(predicate::str::contains("fifteen 16"))
        .stdout(predicate::str::contains("double pair royal of 5s"))
        .stdout(predicate::str::contains("nobs 29"))
        .stdout(predicate::str::contains(
            "fifteens 16, pairs 12, runs 0, flush 0, nobs 1\ntotal 29\n",
        ));
}

#[test]
fn starter_flag_and_symbols() {
    let by_flag = crib()
        .args(["score", "5♥", "5c", "5S", "jd", "--starter", "5d"])
        .output()
        .unwrap();
    let positional = crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d"])
        .output()
        .unwrap();
    assert!(by_flag.status.success());
    assert_eq!(by_flag.stdout, positional.stdout);
}

/// A mirror of `crib score --json`: the field names are a contract.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreJson {
    /// The input line, in batch mode only.
    #[serde(default)]
    line: Option<u64>,
    hand: Vec<String>,
    starter: String,
    crib: bool,
    items: Vec<ItemJson>,
    by_kind: PointsJson,
    total: u32,
    said: String,
    suits_known: bool,
    #[serde(default)]
    claim: Option<ClaimJson>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemJson {
    kind: String,
    cards: Vec<String>,
    points: u32,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct PointsJson {
    fifteens: u32,
    pairs: u32,
    runs: u32,
    flush: u32,
    nobs: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimJson {
    claimed: u32,
    difference: i64,
    correct: bool,
    decided: bool,
    #[serde(default)]
    possible: Option<Vec<u32>>,
}

fn score_json(args: &[&str]) -> ScoreJson {
    serde_json::from_value(crate::common::json(args)).unwrap()
}

#[test]
fn json_fields() {
    let json = score_json(&["score", "5h", "5c", "5s", "Jd", "5d"]);
    assert_eq!(json.hand, ["5h", "5c", "5s", "Jd"]);
    assert_eq!(json.starter, "5d");
    assert!(!json.crib);
    assert!(json.suits_known);
    assert_eq!(json.total, 29);
    assert!(
        json.said.ends_with("and nobs is twenty-nine"),
        "{}",
        json.said
    );
    assert_eq!(
        json.by_kind,
        PointsJson {
            fifteens: 16,
            pairs: 12,
            runs: 0,
            flush: 0,
            nobs: 1
        }
    );
    assert_eq!(json.items.len(), 15);
    assert_eq!(json.items[0].kind, "fifteen");
    assert_eq!(json.items[0].cards, ["5h", "Jd"]);
    assert_eq!(json.items[0].points, 2);
    assert!(json.claim.is_none());
    let kinds: Vec<&str> = json.items.iter().map(|i| i.kind.as_str()).collect();
    assert_eq!(kinds.iter().filter(|k| **k == "pair").count(), 6);
    assert_eq!(kinds.last(), Some(&"nobs"));
}

#[test]
fn json_ten_and_flush() {
    let json = score_json(&["score", "Th", "Jh", "Qh", "Kh", "5h"]);
    assert_eq!(json.hand[0], "10h");
    assert_eq!(json.by_kind.flush, 5);
    assert_eq!(json.by_kind.runs, 4);
    assert!(
        json.items
            .iter()
            .any(|i| i.kind == "flush" && i.cards.len() == 5)
    );
    assert!(json.items.iter().any(|i| i.kind == "run" && i.points == 4));
}

#[test]
fn crib_flush_rule() {
    let hand = score_json(&["score", "2h", "4h", "6h", "8h", "Ks"]);
    let crib = score_json(&["score", "--crib", "2h", "4h", "6h", "8h", "Ks"]);
    assert_eq!(hand.by_kind.flush, 4);
    assert_eq!(crib.by_kind.flush, 0);
    assert!(crib.crib);
}

#[test]
fn rank_only_cards_say_what_was_not_counted() {
    crib()
        .args(["score", "5", "5", "5", "J", "5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("total 28"))
        .stdout(predicate::str::contains("flush and nobs were not counted"));
    let json = score_json(&["score", "5", "5", "5", "J", "5"]);
    assert!(!json.suits_known);
    assert_eq!(json.hand, ["5", "5", "5", "J"]);
}

#[test]
fn claims() {
    crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d", "--claim", "29"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("claim 29: right"));
    crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d", "--claim", "28"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("1 point overlooked (muggins"));
    crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d", "--claim", "30"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("over-claimed by 1"));
    let json = score_json(&["score", "4h", "5c", "6d", "6s", "9h", "--claim", "12"]);
    let claim = json.claim.unwrap();
    assert_eq!(
        (claim.claimed, claim.difference, claim.correct),
        (12, i64::from(json.total) - 12, false)
    );
    assert!(claim.decided && claim.possible.is_none());
    let json = score_json(&["score", "5", "5", "5", "J", "5", "--claim", "29"]);
    let claim = json.claim.unwrap();
    assert!(!claim.decided && !claim.correct);
    assert_eq!(claim.possible, Some(vec![28, 29]));
}

#[test]
fn zero_hand() {
    crib()
        .args(["score", "2h", "4c", "6d", "8s", "Kh"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nineteen"))
        .stdout(predicate::str::contains("total 0"));
}

#[test]
fn heels_is_noted_not_counted() {
    crib()
        .args(["score", "2h", "4c", "6d", "8s", "Jh"])
        .assert()
        .success()
        .stdout(predicate::str::contains("his heels"))
        .stdout(predicate::str::contains("total 0"));
}

#[test]
fn batch_mode() {
    let input = "# a comment\n5h 5c 5s Jd 5d\n\n2h 4c 6d 8s Kh\n";
    crib()
        .arg("score")
        .write_stdin(input)
        .assert()
        .success()
        .stdout(
            "5♥ 5♣ 5♠ J♦ | 5♦: 29 (fifteens 16, pairs 12, runs 0, flush 0, nobs 1)\n\
                 2♥ 4♣ 6♦ 8♠ | K♥: 0 (fifteens 0, pairs 0, runs 0, flush 0, nobs 0)\n",
        );
}

#[test]
fn batch_json_lines_with_a_bad_line() {
    let output = crib()
        .args(["score", "-", "--json"])
        .write_stdin("5h 5c 5s Jd 5d\n5x 5c 5s Jd 5d\n2h 4c 6d 8s Kh\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "crib: error: line 2: '5x' is not a card: unknown suit 'x' (expected h, d, c, s or ♥ ♦ ♣ ♠)\n"
    );
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    // The bad line's place holds an error object, so the output lines up with the input.
    let error: BatchErrorJson = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(error.line, 2);
    assert!(error.error.starts_with("'5x' is not a card"));
    let scored: Vec<ScoreJson> = [lines[0], lines[2]]
        .iter()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!((scored[0].total, scored[1].total), (29, 0));
    assert_eq!((scored[0].line, scored[1].line), (Some(1), Some(3)));
}

/// A mirror of a batch line that could not be scored, with `--json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchErrorJson {
    line: u64,
    error: String,
}

#[test]
fn batch_crib() {
    crib()
        .args(["score", "--crib", "--json"])
        .write_stdin("2h 4h 6h 8h Ks\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(r#""crib":true"#))
        .stdout(predicate::str::contains(r#""flush":0"#));
}

/// Bad input: exit code 2, nothing on stdout, one line on stderr naming the bad token.
#[test]
fn bad_inputs() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["5x", "5c", "5s", "Jd", "5d"],
            "'5x' is not a card: unknown suit 'x'",
        ),
        (&["1h", "5c", "5s", "Jd", "5d"], "unknown rank '1'"),
        (&["11s", "5c", "5s", "Jd", "5d"], "unknown rank '11'"),
        (&["Zh", "5c", "5s", "Jd", "5d"], "unknown rank 'Z'"),
        (&["5hh", "5c", "5s", "Jd", "5d"], "unknown suit 'hh'"),
        (&["h5", "5c", "5s", "Jd", "5d"], "'h5' is not a card"),
        (
            &["", "5c", "5s", "Jd", "5d"],
            "'' is not a card: it is empty",
        ),
        (&["0h", "5c", "5s", "Jd", "5d"], "unknown rank '0'"),
        (&["55", "5c", "5s", "Jd", "5d"], "'55' is not a card"),
        (&["5♥♥", "5c", "5s", "Jd", "5d"], "unknown suit '♥♥'"),
        (&["5☃", "5c", "5s", "Jd", "5d"], "unknown suit '☃'"),
        (&["5h", "5c", "5s", "Jd", "Jokr"], "'Jokr' is not a card"),
        (&["5h", "5c", "5s", "Jd", "joker"], "'joker' is not a card"),
        (
            &["5h", "5c", "5s", "Jd", "5\u{1b}"],
            "unknown suit '<U+001B>'",
        ),
        (&["5h", "5c", "5s", "Jd", "10x"], "unknown suit 'x'"),
        (&["5h", "5c", "5s", "Jd", "100h"], "'100h' is not a card"),
        (&["5h", "5c", "5s", "Jd", "5h"], "'5h' is given twice"),
        (&["Jd", "5c", "5s", "Jd", "5h"], "'Jd' is given twice"),
        (&["5", "5", "5", "5", "5"], "'5' is given five times"),
        (&["5h", "5c", "5s", "5d", "5"], "'5' is given five times"),
        (
            &["5h", "5c", "5s", "Jd"],
            "four cards and the starter (five cards), but 4 were given",
        ),
        (&["5h", "5c", "5s", "Jd", "5d", "6d"], "but 6 were given"),
        (&["5h"], "but 1 was given"),
        (
            &["5h", "5c", "5s", "Jd", "--starter", "5x"],
            "'5x' is not a card",
        ),
        (
            &["5h", "5c", "5s", "--starter", "5d"],
            "give the four other cards, but 3 were given",
        ),
        (
            &["5h", "5c", "5s", "Jd", "5d", "--starter", "6d"],
            "but 5 were given",
        ),
        (
            &["5h", "5c", "5s", "Jd", "5d", "--claim", "x"],
            "--claim takes the points claimed, a whole number from 0 up, not 'x'",
        ),
        (&["5h", "5c", "5s", "Jd", "5d", "--claim", "-1"], "'-1'"),
        (
            &["5h", "5c", "5s", "Jd", "5d", "--bogus"],
            "unexpected argument '--bogus'",
        ),
        (
            &["-", "--claim", "3"],
            "--claim needs a hand on the command line",
        ),
    ];
    assert!(cases.len() >= 25);
    for (args, expected) in cases {
        let mut all = vec!["score"];
        all.extend_from_slice(args);
        crate::common::assert_rejected(&all, expected);
    }
}

#[test]
fn no_subcommand_is_a_usage_error() {
    crib().assert().code(2);
}

#[test]
fn help_and_version_succeed() {
    crib()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Exit codes"));
    crib().arg("--version").assert().success();
    crib()
        .args(["score", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--crib"));
}

/// `--say` counts as players do at the table, one hand or a line a hand in batch mode, and
/// conflicts with `--total`.
#[test]
fn say_counts_in_words() {
    crib()
        .args(["score", "4h", "5c", "6s", "6d", "10h", "--say"])
        .assert()
        .success()
        .stdout(
            "Hand 4♥ 5♣ 6♠ 6♦, starter 10♥\nfifteen two, fifteen four, fifteen six and a pair is \
             eight, and two runs of\nthree is fourteen\n",
        );
    crib()
        .args(["score", "--say"])
        .write_stdin("2h 4c 6s 8d Qh\nJh 2c 4s 8d Kh\n")
        .assert()
        .success()
        .stdout("2♥ 4♣ 6♠ 8♦ | Q♥: nineteen: nothing to count\nJ♥ 2♣ 4♠ 8♦ | K♥: nobs is one\n");
    crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d", "--say", "--total"])
        .assert()
        .code(2);
}
