//! `crib stats --logs`: your history over the logs of your games, graded once and kept in a
//! cache.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{crib, greedy_match_logs, scratch};

/// Games of `best` to 61 against the expert, logged in `dir`.
fn games_of_best(dir: &Path, seeds: &[&str]) {
    for seed in seeds {
        let log = dir.join(format!("game-{seed}.jsonl"));
        crib()
            .args([
                "game",
                "--game",
                "61",
                "--opponent",
                "expert",
                "--seed",
                seed,
            ])
            .arg("--log")
            .arg(&log)
            .write_stdin("best\n".repeat(400))
            .assert()
            .success();
    }
}

fn stats(args: &[&str], cache: &Path) -> (i32, String, String) {
    let output = crib()
        .args(["stats", "--cache", cache.to_str().unwrap()])
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Deals counted over every log: the log's lines but its header.
fn deals_in(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .map(|text| text.lines().filter(|l| l.contains("\"deal\"")).count())
        .sum()
}

/// Games of `best` are won by nobody's mistakes: 100% accuracy and no label; the deals by seat
/// add up to the deals logged; a second run reads the cache and says the same; a corrupt cache
/// entry is graded again, never trusted.
#[test]
fn a_history_of_best_is_flawless_and_cached() {
    let dir = scratch("history-best");
    let logs = dir.join("logs");
    std::fs::create_dir_all(&logs).unwrap();
    games_of_best(&logs, &["1", "2"]);
    let cache = dir.join("cache");
    let logs_arg = logs.to_str().unwrap();
    let (code, first, _) = stats(&["--json", "--logs", logs_arg], &cache);
    assert_eq!(code, 0);
    let report: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(report["games"], 2);
    assert_eq!(report["player"], "you");
    assert_eq!(
        report["accuracy"]["by_game"],
        serde_json::json!([100.0, 100.0])
    );
    let labels = &report["labels"];
    assert_eq!(
        (
            &labels["inaccuracy"],
            &labels["mistake"],
            &labels["blunder"]
        ),
        (&0.into(), &0.into(), &0.into())
    );
    let seats = report["by_seat"].as_array().unwrap();
    let deals: u64 = seats.iter().map(|s| s["deals"].as_u64().unwrap()).sum();
    assert_eq!(deals as usize, deals_in(&logs), "{report}");
    let kept: Vec<PathBuf> = std::fs::read_dir(&cache)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(kept.len(), 2, "one entry a log: {kept:?}");
    let (_, again, _) = stats(&["--json", "--logs", logs_arg], &cache);
    assert_eq!(again, first);
    std::fs::write(&kept[0], "{ not grades").unwrap();
    let (code, regraded, _) = stats(&["--json", "--logs", logs_arg], &cache);
    assert_eq!((code, regraded), (0, first));
}

/// A match's logs, for its weaker player: games lost, decisions labelled, their faults named
/// most often first, an accuracy under 100% each game, and the trend drawn as an SVG.
#[test]
fn a_weaker_players_history_names_its_mistakes() {
    let dir = scratch("history-greedy");
    let logs = greedy_match_logs(&dir);
    let cache = dir.join("cache");
    let plot = dir.join("trend.svg");
    let args = [
        "--json",
        "--logs",
        logs.to_str().unwrap(),
        "--player",
        "greedy",
        "--plot",
        plot.to_str().unwrap(),
    ];
    let (code, text, err) = stats(&args, &cache);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(report["player"], "greedy");
    assert_eq!(report["games"], 2);
    let by_game = report["accuracy"]["by_game"].as_array().unwrap();
    assert!(
        by_game.iter().all(|a| a.as_f64().unwrap() < 100.0),
        "{report}"
    );
    let labelled: u64 = ["inaccuracy", "mistake", "blunder"]
        .iter()
        .map(|l| report["labels"][l].as_u64().unwrap())
        .sum();
    let faults = report["faults"].as_array().unwrap();
    let counted: u64 = faults.iter().map(|f| f["count"].as_u64().unwrap()).sum();
    assert!(labelled > 0 && counted == labelled, "{report}");
    let counts: Vec<u64> = faults
        .iter()
        .map(|f| f["count"].as_u64().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("accuracy"), "{svg}");
    // In words: the faults, most often first.
    let (_, words, _) = stats(&args[1..5], &cache);
    assert!(
        words.contains("What they got wrong, most often first:"),
        "{words}"
    );
}

/// A player who is not in a log, a directory with no log, and a file that is not a log are
/// refused in one line, exit 2.
#[test]
fn bad_histories_are_refused() {
    let dir = scratch("history-bad");
    games_of_best(&dir, &["4"]);
    let cache = dir.join("cache");
    let log = dir.join("game-4.jsonl");
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let junk = dir.join("junk.jsonl");
    std::fs::write(&junk, "hello\n").unwrap();
    let log = log.to_str().unwrap();
    for (args, names) in [
        (vec!["--logs", log, "--player", "zed"], "no player zed"),
        (vec!["--logs", empty.to_str().unwrap()], "no log"),
        (vec!["--logs", junk.to_str().unwrap()], "junk.jsonl"),
    ] {
        let (code, out, err) = stats(&args, &cache);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(names), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}
