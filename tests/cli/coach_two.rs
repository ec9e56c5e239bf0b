//! The coach, round two (issue 84): reasons said only where they are true, labels by points as
//! well as by the game, reviews that follow the claims in a log, one player's history at a
//! time, bad logs skipped and counted, the grades shared between `crib stats --logs` and `crib
//! train mistakes`, a drill's seed in its summary, and an answer shown counted as missed.

use serde_json::Value;

use crate::common::{crib, greedy_match_logs, scratch};

/// `crib --json ARGS` with `stdin`: each line of stdout as JSON, stderr, and the exit code.
fn events(args: &[&str], stdin: &str) -> (Vec<Value>, String, i32) {
    let output = crib()
        .arg("--json")
        .args(args)
        .write_stdin(stdin.to_owned())
        .output()
        .unwrap();
    let lines = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    let stderr = String::from_utf8(output.stderr).unwrap();
    (lines, stderr, output.status.code().unwrap_or(-1))
}

fn last<'a>(events: &'a [Value], kind: &str) -> &'a Value {
    events
        .iter()
        .rfind(|e| e["event"] == kind)
        .unwrap_or_else(|| panic!("no {kind} in {events:?}"))
}

/// Row 1: a lead of an ace risks a pair, never a fifteen (no card makes fifteen on a count of 4
/// or less); the issue's own drill.
#[test]
fn a_low_lead_is_never_said_to_risk_fifteen() {
    let output = crib()
        .args(["train", "play", "--seed", "4", "--rounds", "3"])
        .write_stdin("best\nbest\nA\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("leading the A♦ lets the next card pair it"),
        "{text}"
    );
    assert!(!text.contains("fifteen"), "{text}");
}

/// Row 3: a pair of fives thrown into the other player's crib is a blunder by its points
/// whatever the board says: at 28-63, where it costs under 1% of the game, it keeps its label.
#[test]
fn a_costly_throw_keeps_its_label_when_the_game_is_nearly_lost() {
    let deal = "-p 5h 5c Jd Ks 2h 3s --pone-throw 5h 5c -d 4c 4d 6h 6s 7c 8d --dealer-throw 7c 8d -s 5s K 6 J 4 2 6 3 4";
    for scores in ["", "--scores dealer=63,pone=28"] {
        let args = format!("review --seat 1 -- {scores} {deal}");
        let (out, stderr, code) = events(&args.split_whitespace().collect::<Vec<_>>(), "");
        assert_eq!(code, 0, "{stderr}");
        let throw = &out[0]["decisions"][0];
        assert_eq!(throw["chosen"], serde_json::json!(["5h", "5c"]));
        assert!(throw["cost"].as_f64().unwrap() > 6.0, "{throw}");
        assert_eq!(throw["label"], "blunder", "{scores}: {throw}");
        if !scores.is_empty() {
            assert!(throw["cost_p_win"].as_f64().unwrap() < 0.02, "{throw}");
        }
    }
}

/// Row 4: a game lost to muggins is reviewed as lost, its result negative and its account
/// adding up, as `crib stats` counts it.
#[test]
fn a_game_ended_by_muggins_is_reviewed_as_it_ended() {
    let dir = scratch("coach-two-muggins");
    let log = dir.join("m.jsonl");
    let log = log.to_str().unwrap();
    crib()
        .args(["game", "--seed", "1", "--muggins", "--log", log])
        .write_stdin("0\nbest\n".repeat(1000))
        .assert()
        .success()
        .stdout(predicates::str::contains("double skunk"));
    let (out, stderr, code) = events(&["review", log], "");
    assert_eq!(code, 0, "{stderr}");
    let game = &out[0]["summary"]["by_game"][0];
    assert_eq!(game["won"], false, "{game}");
    assert_eq!(game["end"], 0.0, "{game}");
    let result = game["result"].as_f64().unwrap();
    assert!(result < 0.0, "{game}");
    let sum = game["luck"].as_f64().unwrap() - game["yours"].as_f64().unwrap()
        + game["others"].as_f64().unwrap();
    assert!((sum - result).abs() < 1e-5, "{game}");
    let text = crib().args(["review", log]).output().unwrap().stdout;
    let text = String::from_utf8(text).unwrap();
    assert!(!text.contains("unfinished"), "{text}");
    let (stats, _, _) = events(&["stats", "--logs", log], "");
    assert_eq!(stats[0]["lost"], 1);
    assert_eq!(stats[0]["skunked"], 1);
}

/// Row 5: the logs of a match hold two players, first in turn; without --player crib refuses
/// and names both, and each player's history is their own.
#[test]
fn two_players_are_never_counted_as_one() {
    let dir = scratch("coach-two-players");
    let logs = greedy_match_logs(&dir);
    let logs = logs.to_str().unwrap();
    let (out, stderr, code) = events(&["stats", "--logs", logs], "");
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    for name in ["greedy in 1", "expert in 1", "--player"] {
        assert!(stderr.contains(name), "{stderr}");
    }
    let won: Vec<u64> = ["greedy", "expert"]
        .iter()
        .map(|p| {
            let (out, stderr, code) = events(&["stats", "--logs", logs, "--player", p], "");
            assert_eq!(code, 0, "{stderr}");
            assert_eq!(out[0]["player"], *p);
            assert_eq!(out[0]["games"], 2);
            out[0]["won"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(won.iter().sum::<u64>(), 2, "{won:?}");
}

/// Row 6: a game left before its first deal is not said to be saved and leaves no log; a log
/// that cannot be read is skipped with one warning line and counted, the others read.
#[test]
fn a_bad_log_is_skipped_and_counted() {
    let dir = scratch("coach-two-skipped");
    let hist = dir.join("hist");
    std::fs::create_dir(&hist).unwrap();
    let left = hist.join("left.jsonl");
    let output = crib()
        .args(["game", "--log", left.to_str().unwrap()])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(!text.contains("Saved"), "{text}");
    assert!(text.contains("nothing to save"), "{text}");
    assert!(!left.exists(), "a log with no deal is left behind");
    let good = hist.join("good.jsonl");
    crib()
        .args(["game", "--seed", "2", "--game", "61"])
        .args(["--log", good.to_str().unwrap()])
        .write_stdin("best\n".repeat(400))
        .assert()
        .success();
    std::fs::write(hist.join("junk.jsonl"), "junk\n").unwrap();
    let hist = hist.to_str().unwrap();
    let (out, stderr, code) = events(&["stats", "--logs", hist], "");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(out[0]["logs"], 1);
    assert_eq!(out[0]["skipped"], 1);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("crib: warning: "), "{stderr}");
    assert!(stderr.contains("junk.jsonl skipped"), "{stderr}");
    let state = dir.join("state.json");
    let (out, _, code) = events(
        &[
            "train",
            "mistakes",
            "--logs",
            hist,
            "--state",
            state.to_str().unwrap(),
            "--today",
            "2026-12-01",
        ],
        "q\n",
    );
    assert_eq!(code, 0);
    let drill = &out[0];
    assert_eq!(
        (drill["logs"].as_u64(), drill["skipped"].as_u64()),
        (Some(1), Some(1))
    );
}

/// The files of a cache directory.
fn cached(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// Row 7: `crib train mistakes` finds its mistakes in the grades `crib stats --logs` kept, grading
/// nothing again, and finds the same mistakes as from logs graded afresh.
#[test]
fn the_mistakes_drill_shares_the_grades_of_stats() {
    let dir = scratch("coach-two-cache");
    let logs = greedy_match_logs(&dir);
    let logs = logs.to_str().unwrap();
    let shared = dir.join("shared");
    let fresh = dir.join("fresh");
    let (_, stderr, code) = events(
        &[
            "stats",
            "--logs",
            logs,
            "--player",
            "greedy",
            "--cache",
            shared.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    let kept = cached(&shared);
    assert_eq!(kept.len(), 2, "{kept:?}");
    let drill = |cache: &std::path::Path, state: &str| {
        let state = dir.join(state);
        let (out, stderr, code) = events(
            &[
                "train",
                "mistakes",
                "--logs",
                logs,
                "--player",
                "greedy",
                "--cache",
                cache.to_str().unwrap(),
                "--state",
                state.to_str().unwrap(),
                "--today",
                "2026-12-01",
                "--rounds",
                "50",
            ],
            &"best\n\n".repeat(60),
        );
        assert_eq!(code, 0, "{stderr}");
        let asked: Vec<Value> = out
            .iter()
            .filter(|e| e["event"] == "prompt")
            .map(|e| e["text"].clone())
            .collect();
        (out[0]["mistakes"].clone(), asked)
    };
    let from_shared = drill(&shared, "a.json");
    assert_eq!(cached(&shared), kept, "the drill graded the logs again");
    let from_fresh = drill(&fresh, "b.json");
    assert_eq!(cached(&fresh), kept);
    assert!(from_shared.0.as_u64().unwrap() > 0, "{from_shared:?}");
    assert_eq!(from_shared, from_fresh);
}

/// Rows 8 and 10: a drill's summary names its seed, to ask the same again, and an answer shown
/// (`best`) counts as missed in the accuracy too.
#[test]
fn a_drill_says_its_seed_and_an_answer_shown_is_missed() {
    for drill in ["count", "discard", "play"] {
        let (out, stderr, code) =
            events(&["train", drill, "--seed", "7", "--rounds", "1"], "best\n");
        assert_eq!(code, 0, "{stderr}");
        let summary = last(&out, "summary");
        assert_eq!(summary["seed"], 7, "{summary}");
        assert_eq!(summary["right"], 0, "{summary}");
        assert_eq!(summary["shown"], 1, "{summary}");
        if drill != "count" {
            assert_eq!(summary["accuracy"], 0.0, "{summary}");
        }
    }
    let output = crib()
        .args(["train", "discard", "--seed", "1", "--rounds", "1"])
        .write_stdin("best\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Done (seed 1): 0 of 1 right (1 shown)"),
        "{text}"
    );
    assert!(text.contains("accuracy 0.0%"), "{text}");
}

/// Build item 5: every game is kept in the data directory unless --no-log, and ends with the
/// commands to review it and practise its mistakes; `crib stats --logs` alone and `crib train
/// mistakes` without --logs read the games kept, and a hand counted short is asked again.
#[test]
fn every_game_is_kept_and_its_miscounts_practised() {
    let dir = scratch("coach-two-kept");
    let data = dir.join("data");
    let with_data = |args: &[&str], stdin: String| {
        let output = crib()
            .env("XDG_DATA_HOME", &data)
            .args(args)
            .write_stdin(stdin)
            .output()
            .unwrap();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    let games = data.join("crib/games");
    let none = with_data(&["game", "--seed", "2", "--no-log"], "best\n".repeat(400));
    assert!(!none.contains("Kept in"), "{none}");
    assert!(!games.exists(), "--no-log kept a game");
    let text = with_data(
        &["game", "--seed", "1", "--game", "61", "--muggins"],
        "0\nbest\n".repeat(400),
    );
    let kept: Vec<_> = std::fs::read_dir(&games).unwrap().collect();
    assert_eq!(kept.len(), 1);
    let log = kept[0].as_ref().unwrap().path();
    let name = log.file_name().unwrap().to_string_lossy().into_owned();
    // YYYY-MM-DD-HHMMSS-<8 digits of the commitment>.jsonl
    assert_eq!(
        name.len(),
        "2026-12-07-105203-dcedc19a.jsonl".len(),
        "{name}"
    );
    let shown = log.display();
    for line in [
        format!("Kept in {shown}."),
        format!("Your decisions graded: crib review {shown}"),
        format!("Practise its mistakes: crib train mistakes --logs {shown}"),
    ] {
        assert!(text.contains(&line), "{line} not in {text}");
    }
    let history = with_data(&["--json", "stats", "--logs"], String::new());
    let history: Value = serde_json::from_str(&history).unwrap();
    assert_eq!(
        (history["logs"].as_u64(), history["games"].as_u64()),
        (Some(1), Some(1))
    );
    let state = dir.join("state.json");
    let state = state.to_str().unwrap();
    let drill = with_data(
        &[
            "train",
            "mistakes",
            "--state",
            state,
            "--today",
            "2026-12-01",
        ],
        "q\n".to_owned(),
    );
    assert!(drill.contains("the hand's count"), "{drill}");
    assert!(
        drill.contains("Count it (points, ?, best or q):"),
        "{drill}"
    );
}

/// Build item 3: after every answer in a drill, right, wrong or shown, crib's ranked table of
/// the choices at that moment: in the JSON as `crib discard` or `crib play` gives it there, its
/// best first, and in the transcript after the verdict.
#[test]
fn every_answer_shows_the_ranked_table() {
    for (drill, answers) in [("discard", "best\n4c 8c\n"), ("play", "best\nA\n")] {
        let (out, stderr, code) =
            events(&["train", drill, "--seed", "1", "--rounds", "2"], answers);
        assert_eq!(code, 0, "{stderr}");
        let graded: Vec<&Value> = out.iter().filter(|e| e["event"] == "graded").collect();
        assert!(!graded.is_empty(), "{out:?}");
        for g in graded {
            let table = &g["table"];
            let first = match drill {
                "discard" => &table["choices"][0]["throw"],
                _ => &table["options"][0]["card"],
            };
            assert!(!first.is_null(), "{g}");
            // crib's best is the table's first, unless the board decides (then it says so).
            if table["board"].is_null() && table["p_win"].is_null() {
                let best = &g["best"];
                assert_eq!(first, best, "{g}");
            }
        }
    }
    let output = crib()
        .args(["train", "discard", "--seed", "1", "--rounds", "1"])
        .write_stdin("4c 8c\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let verdict = text.find("Mistake: 4♣ 8♣ gives up").expect("a verdict");
    let table = text.find("│ 7♠ 8♣ J♣ J♠ ┆ 4♣ K♠").expect("the table");
    assert!(verdict < table, "{text}");
    assert!(
        text.contains("Best: keep 7♠ 8♣ J♣ J♠, throw 4♣ K♠"),
        "{text}"
    );
}

/// Build item 6: every drill answer is kept, and `crib stats --logs` shows progress by skill,
/// in the games and in the drills, in words and in its JSON.
#[test]
fn progress_is_shown_by_skill() {
    let dir = scratch("coach-two-progress");
    let data = dir.join("data");
    let with_data = |args: &[&str], stdin: &str| {
        let output = crib()
            .env("XDG_DATA_HOME", &data)
            .args(args)
            .write_stdin(stdin.to_owned())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    // Two counts (one shown), a throw shown, a lead shown.
    with_data(
        &["train", "count", "--seed", "3", "--rounds", "2"],
        "2\nbest\n",
    );
    with_data(
        &["train", "discard", "--seed", "1", "--rounds", "1"],
        "best\n",
    );
    with_data(&["train", "play", "--seed", "4", "--rounds", "1"], "best\n");
    let kept = std::fs::read_to_string(data.join("crib/drills.jsonl")).unwrap();
    let records: Vec<Value> = kept
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let skills: Vec<&str> = records
        .iter()
        .map(|r| r["skill"].as_str().unwrap())
        .collect();
    assert_eq!(
        skills,
        ["counting", "counting", "throwing as pone", "the lead"],
        "{kept}"
    );
    // The first count right (100%), every answer shown 0%.
    let accuracies: Vec<f64> = records
        .iter()
        .map(|r| r["accuracy"].as_f64().unwrap())
        .collect();
    assert_eq!(accuracies, [100.0, 0.0, 0.0, 0.0]);
    let logs = greedy_match_logs(&dir);
    let logs = logs.to_str().unwrap();
    let json = with_data(
        &["--json", "stats", "--logs", logs, "--player", "greedy"],
        "",
    );
    let value: Value = serde_json::from_str(&json).unwrap();
    let rows = value["skills"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["skill"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "counting",
            "throwing as pone",
            "throwing as dealer",
            "the lead",
            "later cards"
        ]
    );
    assert_eq!(rows[0]["drilled"], 2);
    assert_eq!(rows[0]["drill_accuracy"], 50.0);
    assert_eq!(rows[0]["decisions"], 0, "no counts without --muggins");
    // Every decision of the games is in one skill, game by game.
    let decisions: u64 = rows.iter().map(|r| r["decisions"].as_u64().unwrap()).sum();
    let review = crate::common::json(&[
        "review",
        &format!("{logs}/game-00001.jsonl"),
        "--player",
        "greedy",
    ]);
    let first = review["decisions"].as_array().unwrap().len() as u64;
    assert!(
        decisions > first,
        "{decisions} over two games, {first} in the first"
    );
    for r in rows {
        assert_eq!(r["by_game"].as_array().unwrap().len(), 2, "{r}");
    }
    let text = with_data(&["stats", "--logs", logs, "--player", "greedy"], "");
    assert!(text.contains("By skill: accuracy in the games"), "{text}");
    assert!(text.contains("│ throwing as pone"), "{text}");
}

/// Build item 4: `--step` steps through a game's log from a pipe too, a deal a key; a review
/// of deals that are not a game's log, or in JSON, has nothing to step through.
#[test]
fn a_review_steps_deal_by_deal() {
    let dir = scratch("coach-two-step");
    let logs = greedy_match_logs(&dir);
    let log = logs.join("game-00001.jsonl");
    let log = log.to_str().unwrap();
    let output = crib()
        .args(["review", log, "--player", "greedy", "--step"])
        .write_stdin("\n3\nzz\np\nq\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let shown: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("Deal "))
        .map(|l| &l[..9])
        .collect();
    assert_eq!(
        shown,
        ["Deal 1 of", "Deal 2 of", "Deal 3 of", "Deal 2 of"],
        "{text}"
    );
    assert!(
        text.contains("'zz': n, p, a deal from 1 to 4, or q; try again."),
        "{text}"
    );
    assert!(text.contains("greedy (reviewed): "), "{text}");
    // Every decision of greedy's in the review is on its deal's page.
    let review = crate::common::json(&["review", log, "--player", "greedy"]);
    let labelled = review["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["deal"] == 2 && !d["label"].is_null())
        .count();
    let page = text.split("Deal 2 of").nth(1).unwrap();
    let page = page.split("q to leave:").next().unwrap();
    let said = ["(inaccuracy)", "(mistake)", "(blunder)"]
        .iter()
        .map(|l| page.matches(l).count())
        .sum::<usize>();
    assert_eq!(said, labelled, "{page}");
    crate::common::assert_rejected(
        &["review", "--step", "--json", log],
        "--step steps through a game's log",
    );
}
