//! CLI tests of `crib stats`.

use crate::common::crib;
use predicates::prelude::*;
use serde::Deserialize;

/// A mirror of `crib stats --json`: the field names are a contract.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StatsJson {
    rules: String,
    #[serde(default)]
    cards: Option<Vec<String>>,
    hands: u64,
    distribution: Vec<ScoreJson>,
    mean: f64,
    std_dev: f64,
    median: u32,
    mode: u32,
    min: u32,
    max: u32,
    impossible: Vec<u32>,
    #[serde(default)]
    need: Option<NeedJson>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreJson {
    score: u32,
    count: u64,
    share: f64,
    at_least: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NeedJson {
    points: u32,
    p_at_least: f64,
}

fn stats(args: &[&str]) -> StatsJson {
    let mut all = vec!["stats"];
    all.extend_from_slice(args);
    serde_json::from_value(crate::common::json(&all)).unwrap()
}

#[test]
fn every_hand() {
    let json = stats(&[]);
    assert_eq!(json.rules, "hand");
    assert!(json.cards.is_none());
    assert_eq!(json.hands, 12_994_800);
    assert_eq!(json.distribution.len(), 30);
    let first: Vec<(u32, u64)> = json.distribution[..3]
        .iter()
        .map(|d| (d.score, d.count))
        .collect();
    assert_eq!(first, [(0, 1_009_008), (1, 99_792), (2, 2_813_796)]);
    assert_eq!(format!("{:.4}", json.mean), "4.7692");
    assert_eq!((json.median, json.mode, json.min, json.max), (4, 4, 0, 29));
    assert_eq!(json.impossible, [19, 25, 26, 27]);
    assert!(json.std_dev > 3.0 && json.std_dev < 3.3);
    assert!((json.distribution[0].at_least - 1.0).abs() < 1e-12);
    let shares: f64 = json.distribution.iter().map(|d| d.share).sum();
    assert!((shares - 1.0).abs() < 1e-9);
}

#[test]
fn every_crib() {
    let json = stats(&["--crib"]);
    assert_eq!(json.rules, "crib");
    assert_eq!(json.hands, 12_994_800);
    assert_eq!(format!("{:.4}", json.mean), "4.7348");
}

#[test]
fn one_hand_over_its_starters() {
    let json = stats(&["5h", "5c", "5s", "Jd", "--need", "20"]);
    assert_eq!(
        json.cards.as_deref(),
        Some(&["5h".to_string(), "5c".into(), "5s".into(), "Jd".into()][..])
    );
    assert_eq!(json.hands, 48);
    assert_eq!(json.max, 29);
    assert_eq!(json.distribution[29].count, 1);
    let need = json.need.unwrap();
    assert_eq!(need.points, 20);
    let reach: u64 = json.distribution[20..].iter().map(|d| d.count).sum();
    assert!((need.p_at_least - reach as f64 / 48.0).abs() < 1e-6);
}

#[test]
fn human_output() {
    crib()
        .arg("stats")
        .assert()
        .success()
        .stdout(predicate::str::contains("12,994,800 combinations"))
        .stdout(predicate::str::contains(
            "│     0 ┆ 1,009,008 ┆  7.7647% ┆ 100.0000% ┆",
        ))
        .stdout(predicate::str::contains("mean 4.7692"))
        .stdout(predicate::str::contains("no hand scores: 19, 25, 26, 27"));
}

#[test]
fn bad_inputs() {
    let cases: &[(&[&str], &str)] = &[
        (&["5h", "5c", "5s"], "four cards (no starter"),
        (&["5h", "5c", "5s", "Jd", "5d"], "but 5 were given"),
        (&["5h", "5h", "5s", "Jd"], "'5h' is given twice"),
        (&["5", "5c", "5s", "Jd"], "'5' needs a suit here"),
        (&["5x", "5c", "5s", "Jd"], "'5x' is not a card"),
        (
            &["--need", "x"],
            "--need takes a whole number from 0 to 29, not 'x'",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["stats"];
        all.extend_from_slice(args);
        crate::common::assert_rejected(&all, expected);
    }
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    // `crib stats | head -1`: stdout closes early; crib must exit quietly with 0.
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("crib"))
        .arg("stats")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
