//! `crib game` and `crib review` driven from scripts and programs: whole games answered line by
//! line, the log recounted by `crib deal -`, carried on with `--resume`, and graded.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::{crib, words};
use serde_json::Value;

/// Lines of `best`, more than any game asks.
fn bests() -> String {
    "best\n".repeat(3000)
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crib-game-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn game(args: &[&str], input: String) -> String {
    let output = crib()
        .arg("game")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn read_log(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The log recounted by `crib deal -`, every line accepted: its answers.
fn recount(log: &Path) -> Vec<Value> {
    let output = crib()
        .args(["deal", "-", "--json"])
        .write_stdin(std::fs::read(log).unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    crate::common::json_lines(&output.stdout)
}
/// `yes best | crib game --seed 5 --you Ann --game 61` finishes a game, the same way every time.
/// `yes best | crib game --seed 5 --you Ann` finishes a game, the same way every time.
#[test]
fn a_scripted_game_of_best_finishes_the_same_every_time() {
    let args = |seed| ["--seed", seed, "--you", "Ann", "--game", "61", "--no-log"];
    let first = game(&args("5"), bests());
    assert!(first.contains("won the game"), "{first}");
    assert!(first.starts_with("Commitment: SHA-256 "), "{first}");
    assert!(first.lines().nth(1).unwrap().starts_with("Cut for deal: "));
    assert_eq!(first, game(&args("5"), bests()));
    assert_ne!(first, game(&args("6"), bests()));
}

/// Every line of the log is a deal `crib deal -` counts as it is, and its counts agree with
/// the game's: each deal starts from the scores the one before ended on.
#[test]
fn the_log_is_recounted_by_crib_deal() {
    let log = temp("recount.jsonl");
    game(&["--seed", "8", "--log", log.to_str().unwrap()], bests());
    let lines = read_log(&log);
    assert!(lines.len() >= 5);
    let counted = recount(&log);
    assert_eq!(counted.len(), lines.len());
    for pair in counted.windows(2) {
        let end = &pair[0]["final_scores"];
        let next = &pair[1]["start_scores"];
        // The seats change: last deal's dealer is this deal's pone.
        assert_eq!(end["dealer"], next["pone"]);
        assert_eq!(end["pone"], next["dealer"]);
    }
    assert!(counted.last().unwrap()["winner"].is_string());
}

/// Quit part-way and carry on with --resume: the log ends the same as a game never left.
#[test]
fn quit_and_resume_make_the_same_game() {
    let whole = temp("whole.jsonl");
    game(&["--seed", "7", "--log", whole.to_str().unwrap()], bests());
    let parts = temp("parts.jsonl");
    let mut first = "best\n".repeat(25);
    first.push_str("quit\n");
    let said = game(&["--seed", "7", "--log", parts.to_str().unwrap()], first);
    assert!(
        said.contains("Saved: carry on with crib game --resume"),
        "{said}"
    );
    let resumed = game(&["--resume", parts.to_str().unwrap()], bests());
    assert!(resumed.contains("won the game"));
    assert_eq!(
        std::fs::read_to_string(&whole).unwrap(),
        std::fs::read_to_string(&parts).unwrap()
    );
    let over = crib()
        .args(["game", "--resume", parts.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(over.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&over.stderr).contains("is over"));
}

/// A game played entirely by `best` reviews at zero cost for every decision, for both
/// players; a game of typed, worse choices costs.
#[test]
fn best_reviews_at_zero_cost() {
    let log = temp("best.jsonl");
    let log_arg = log.to_str().unwrap();
    game(&["--seed", "3", "--game", "61", "--log", log_arg], bests());
    for player in ["you", "crib"] {
        let review = crate::common::json(&["review", log.to_str().unwrap(), "--player", player]);
        let decisions = review["decisions"].as_array().unwrap();
        assert!(decisions.len() > 10);
        for d in decisions {
            assert_eq!(d["cost"], 0.0, "{d}");
            assert_eq!(d["cost_p_win"], 0.0, "{d}");
            assert!(["discard", "play", "count"].contains(&d["kind"].as_str().unwrap()));
        }
        assert_eq!(review["summary"]["matched_share"], 1.0);
        // One game, not a match: graded for the game.
        assert!(review["summary"]["match_games"].is_null());
        // The coach: 100% accurate, no label, and the parts of the result add up.
        let summary = &review["summary"];
        assert_eq!(summary["accuracy"], 100.0, "{summary}");
        assert_eq!(
            summary["labels"],
            serde_json::json!({"inaccuracy": 0, "mistake": 0, "blunder": 0})
        );
        assert!(
            decisions
                .iter()
                .all(|d| d["label"].is_null() && d["loss"] == 0.0)
        );
        let game = &summary["by_game"][0];
        assert_eq!(game["accuracy"][player], 100.0, "{game}");
        assert_eq!(game["yours"], 0.0);
        let adds = game["luck"].as_f64().unwrap() - game["yours"].as_f64().unwrap()
            + game["others"].as_f64().unwrap();
        assert!(
            (adds - game["result"].as_f64().unwrap()).abs() < 1e-5,
            "{game}"
        );
    }
    let greedy = temp("greedy.jsonl");
    game(
        &[
            "--seed",
            "3",
            "--opponent",
            "greedy",
            "--game",
            "61",
            "--log",
            greedy.to_str().unwrap(),
        ],
        bests(),
    );
    let review = crate::common::json(&["review", greedy.to_str().unwrap(), "--player", "crib"]);
    let cost = review["summary"]["cost"].as_f64().unwrap();
    assert!(cost > 0.0, "a greedy player costs points: {review}");
    for d in review["decisions"].as_array().unwrap() {
        assert!(d["cost"].as_f64().unwrap() >= 0.0);
        assert!(d["deal"].as_u64().unwrap() >= 1);
        // Graded for the board too: a chance, which a choice crib agrees with does not cost.
        let p = d["cost_p_win"].as_f64().unwrap();
        assert!(p.abs() <= 1.0);
        if d["chosen"] == d["best"] {
            assert_eq!(p, 0.0);
        }
        // The reasons as data, each with its words beside it: the words are `reasons`'.
        let causes = d["causes"].as_array().unwrap();
        let said: Vec<&serde_json::Value> = causes.iter().map(|c| &c["said"]).collect();
        let reasons: Vec<&serde_json::Value> = d["reasons"].as_array().unwrap().iter().collect();
        assert_eq!(said, reasons, "{d}");
        for cause in causes {
            let kind = cause["kind"].as_str().unwrap();
            let parts = ["crib", "hand", "play", "now", "rest", "board"];
            let causes = [
                "count",
                "holds",
                "starters",
                "feeds",
                "low card",
                "replies",
                "spent",
                "from pair",
                "room",
            ];
            assert!(parts.contains(&kind) || causes.contains(&kind), "{cause}");
            // The parts of the value carry their points; the causes name their facts.
            assert!(
                cause["points"].is_number() || causes.contains(&kind),
                "{cause}"
            );
        }
    }
    let kinds: std::collections::BTreeSet<&str> = review["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["causes"].as_array().unwrap())
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.len() >= 3,
        "a greedy game's costs name several kinds: {kinds:?}"
    );
    assert!(review["summary"]["cost_p_win"].as_f64().unwrap() > 0.0);
    assert!(
        review["summary"]["accuracy"].as_f64().unwrap() < 100.0,
        "{review}"
    );
    // The chart: an SVG of the chance deal by deal.
    let svg = temp("greedy.svg");
    crib()
        .args([
            "review",
            greedy.to_str().unwrap(),
            "--player",
            "crib",
            "--plot",
        ])
        .arg(&svg)
        .assert()
        .success();
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.starts_with("<svg") && drawn.contains("chance of winning"),
        "{drawn}"
    );
    let points = crate::common::json(&[
        "review",
        greedy.to_str().unwrap(),
        "--player",
        "crib",
        "--no-board",
    ]);
    assert!(
        points["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["cost_p_win"].is_null())
    );
    assert!(points["summary"]["cost_p_win"].is_null());
    // Graded for points alone, crib's best is the points' best, which no choice beats on
    // points; graded for the board it is crib's strongest choice, the points' best or a throw
    // or card with fewer points that wins more games: so the points cost no less.
    let (by_points, by_board) = (
        points["summary"]["cost"].as_f64().unwrap(),
        review["summary"]["cost"].as_f64().unwrap(),
    );
    assert!(by_points >= by_board - 1e-9, "{by_points} {by_board}");
    assert!(review["summary"]["costliest"].as_array().unwrap().len() <= 3);
}

/// Three and four players, to 61: games finish; the log counts; `best` reviews at no cost.
#[test]
fn three_and_four_players_finish() {
    for (players, target) in [("3", "61"), ("4", "61")] {
        let log = temp(&format!("p{players}.jsonl"));
        let said = game(
            &[
                "--seed",
                "2",
                "--players",
                players,
                "--game",
                target,
                "--log",
                log.to_str().unwrap(),
            ],
            bests(),
        );
        assert!(said.contains("won the game"), "{said}");
        assert_eq!(recount(&log).len(), read_log(&log).len());
        let review = crate::common::json(&["review", log.to_str().unwrap()]);
        // crib's best plays as crib's strongest, the board weighed in every card: graded for
        // the board as for two players, its choices cost nothing.
        assert_eq!(review["summary"]["cost"], 0.0);
        assert_eq!(review["summary"]["cost_p_win"], 0.0);
    }
}

/// A match to two games: a skunk counts two, the loser deals the next game; its log is
/// reviewed for the match.
#[test]
fn a_match_counts_games() {
    let log = temp("match.jsonl");
    let said = game(
        &[
            "--seed",
            "3",
            "--games",
            "2",
            "--game",
            "61",
            "--log",
            log.to_str().unwrap(),
        ],
        bests(),
    );
    assert!(said.contains("won the match"));
    let games = said.matches("won the game").count();
    assert!((1..=3).contains(&games), "{said}");
    // Reviewed, the match played by `best` costs nothing: each deal of the log is graded for
    // the match it was in (the games each player still needed), as `best` weighed it. Graded
    // for the game alone, some of this match's choices would cost.
    let review = crate::common::json(&["review", log.to_str().unwrap()]);
    assert_eq!(review["summary"]["match_games"], 2);
    assert_eq!(review["summary"]["games"], games);
    for d in review["decisions"].as_array().unwrap() {
        assert_eq!(d["cost_p_win"], 0.0, "{d}");
    }
    assert_eq!(review["summary"]["matched_share"], 1.0);
    crib()
        .args(["review", log.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "For the match (the first to win 2 games, a skunk counting two): ",
        ));
    let points = crate::common::json(&["review", log.to_str().unwrap(), "--no-board"]);
    assert!(points["summary"]["match_games"].is_null());
}

/// Muggins: a count claimed short gives the points missed to the opponent, and the review
/// names them.
#[test]
fn muggins_takes_what_you_miss() {
    let log = temp("muggins.jsonl");
    // Claim 0 for every count; everything else is best.
    let mut input = String::new();
    for _ in 0..400 {
        input.push_str("best\nbest\nbest\nbest\n0\n");
    }
    let events = game(
        &[
            "--seed",
            "5",
            "--muggins",
            "--json",
            "--log",
            log.to_str().unwrap(),
        ],
        input,
    );
    let events: Vec<Value> = events
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let taken: Vec<&Value> = events.iter().filter(|e| e["event"] == "muggins").collect();
    assert!(!taken.is_empty());
    let review = crate::common::json(&["review", log.to_str().unwrap()]);
    let counts: Vec<&Value> = review["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["kind"] == "count")
        .collect();
    assert!(!counts.is_empty());
    for d in counts {
        assert_eq!(
            d["cost"].as_f64().unwrap(),
            d["best"].as_f64().unwrap() - d["chosen"].as_f64().unwrap()
        );
    }
}

/// A program drives the game through its JSON events: a card that would pass 31 and a card
/// not held are refused and the same question asked again; nothing is lost.
#[test]
fn a_program_drives_the_game_by_json() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(["game", "--seed", "5", "--json", "--ascii", "--no-log"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut events = BufReader::new(child.stdout.take().unwrap()).lines();
    let (mut passed_31, mut not_held, mut over) = (0, 0, false);
    let mut last_refused = None;
    while let Some(Ok(line)) = events.next() {
        let event: Value = serde_json::from_str(&line).unwrap();
        match event["event"].as_str().unwrap() {
            "refused" => last_refused = Some(event["message"].as_str().unwrap().to_owned()),
            "match_over" => over = true,
            "prompt" if event["ask"] == "play" => {
                let hand: Vec<&str> = event["hand"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap())
                    .collect();
                let legal: Vec<&str> = event["legal"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap())
                    .collect();
                let refused = last_refused.take();
                let answer = if let Some(card) = hand
                    .iter()
                    .find(|c| !legal.contains(c))
                    .filter(|_| refused.is_none())
                {
                    passed_31 += 1;
                    card.to_string()
                } else if not_held == 0 && refused.is_none() {
                    not_held += 1;
                    "Zz".to_owned()
                } else {
                    if let Some(message) = refused {
                        assert!(
                            message.contains("past 31") || message.contains("'Zz'"),
                            "{message}"
                        );
                    }
                    "best".to_owned()
                };
                writeln!(stdin, "{answer}").unwrap();
            }
            "prompt" => writeln!(stdin, "best").unwrap(),
            _ => {}
        }
    }
    assert!(child.wait().unwrap().success());
    assert!(over);
    assert!(passed_31 > 0, "no card would have passed 31 in this game");
}

/// The end of the input saves a game without a log to `crib-game-SEED.jsonl` where it runs; a
/// reader of the transcript that goes away after the first deal (`| head`) does not: that is
/// output thrown away, and crib exits 0 leaving no file no one was told of.
#[test]
fn a_reader_gone_leaves_no_saved_game() {
    let saved = temp("crib-game-5.jsonl");
    let dir = saved.parent().unwrap();
    let run = |script: &str| {
        let output = Command::new("bash")
            .args(["-c", script, env!("CARGO_BIN_EXE_crib")])
            .current_dir(dir)
            .env(
                "XDG_DATA_HOME",
                std::env::temp_dir().join("crib-tests-data"),
            )
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    };
    // Six answers play the first deal (1,093 bytes of transcript) and part of the second.
    run(r#"printf 'best\n%.0s' 1 2 3 4 5 6 | "$0" game --seed 5 --no-log > /dev/null"#);
    assert_eq!(std::fs::read_to_string(&saved).unwrap().lines().count(), 1);
    std::fs::remove_file(&saved).unwrap();
    // The reader takes the first deal and more, then closes the pipe while crib plays on.
    let code = run(
        r#"yes best | "$0" game --seed 5 --no-log | (head -c 1500 > /dev/null; exec 0<&-; sleep 0.3); echo "${PIPESTATUS[1]}""#,
    );
    assert_eq!(code, "0");
    assert!(!saved.exists(), "a game whose reader went away was saved");
}

/// Bad usage is one line on stderr and exit 2.
#[test]
fn bad_usage_is_refused() {
    let missing = temp("missing.jsonl");
    crate::common::assert_rejected(
        &["game", "--resume", missing.to_str().unwrap()],
        "cannot read the log",
    );
    crate::common::assert_rejected(&["game", "--players", "5"], "5");
    crate::common::assert_rejected(&["game", "--resume", "x", "--seed", "3"], "--seed");
    crate::common::assert_rejected(&["review", "-"], "no deal to review");
    crate::common::assert_rejected_with_stdin(&["review", "-"], "{\"pone\": 3}\n", "--seat");
    // Deals and logs that do not hold together are refused, never a panic.
    let short = r#"{"players": 3, "hands": [["5h","6c","7d","Ks","2c"]], "throws": ["2c","3c","4h"], "crib_card": "5d", "starter": "5s", "play": []}"#;
    crate::common::assert_rejected_with_stdin(&["review", "-", "--seat", "1"], short, "3 hands");
    let seven = r#"{"pone": ["5h","6c","7d","Ks","2c","3c","4c"], "pone_throw": ["2c","3c"], "dealer": ["Kh","Qh","Jh","Th","9h","8h"], "dealer_throw": ["9h","8h"], "starter": "5s", "play": []}"#;
    crate::common::assert_rejected_with_stdin(
        &["review", "-", "--seat", "1"],
        seven,
        "6 cards dealt",
    );
    let log = temp("bad.jsonl");
    game(&["--seed", "5", "--log", log.to_str().unwrap()], bests());
    let first = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_owned();
    let nobody = first
        .replace("\"you\":2", "\"you\":0")
        .replace("\"you\":1", "\"you\":0");
    crate::common::assert_rejected_with_stdin(&["review", "-"], &nobody, "\"you\" is a seat");
    let one_name = first
        .replace("\"names\":[\"crib\",\"you\"]", "\"names\":[\"crib\"]")
        .replace("\"names\":[\"you\",\"crib\"]", "\"names\":[\"you\"]");
    crate::common::assert_rejected_with_stdin(&["review", "-"], &one_name, "\"names\"");
}

/// One deal typed in `crib deal`'s notation after `--` is graded: the throw's cost is what
/// `crib discard` says separates it from the best throw.
#[test]
fn one_deal_in_crib_deals_notation_is_graded() {
    let deal = words(
        "-p 5h 5c Jd Ks 2h 3s --pone-throw 2h 3s -d 4c 4d 6h 6s 7c 8d --dealer-throw 7c 8d -s 5s K 6 5 4 5 go 6 J 4",
    );
    let mut args = vec!["review", "--seat", "2", "--"];
    args.extend(deal);
    let review = crate::common::json(&args);
    let throw = &review["decisions"][0];
    assert_eq!(throw["kind"], "discard");
    assert_eq!(throw["chosen"], serde_json::json!(["7c", "8d"]));
    let advice = crate::common::json(&["discard", "4c", "4d", "6h", "6s", "7c", "8d", "--dealer"]);
    let choices = advice["choices"].as_array().unwrap();
    let net = |throw: &[&str]| {
        choices
            .iter()
            .find(|c| c["throw"] == serde_json::json!(throw))
            .unwrap()["net"]
            .as_f64()
            .unwrap()
    };
    assert_eq!(throw["best"], choices[0]["throw"]);
    let expected = choices[0]["net"].as_f64().unwrap() - net(&["7c", "8d"]);
    assert!(
        (throw["cost"].as_f64().unwrap() - expected).abs() < 1e-3,
        "{throw}"
    );
    // Kept hands alone cannot grade a discard.
    crate::common::assert_rejected(
        &[
            "review", "--seat", "1", "--", "-p", "5h", "5c", "Jd", "Ks", "-d", "4c", "4d", "6h",
            "6s", "-c", "2h", "3s", "7c", "8d", "-s", "5s", "K", "6", "5", "4", "5", "go", "6",
            "J", "4",
        ],
        "with its throw",
    );
}

/// Whatever is typed, the game asks again and goes on: no answer ends it or panics.
#[test]
fn no_answer_breaks_the_game() {
    let weird = [
        "",
        "   ",
        "5h 5h",
        "go",
        "GO",
        "99",
        "-1",
        "30",
        "1♥ 2♠",
        "ＫＨ",
        "10s 10s 10s 10s 10s 10s 10s",
        "\u{1b}[A",
        "quitter",
        "??",
        "?",
        "Kh",
        "5",
        &"x".repeat(10_000),
    ];
    let mut input: Vec<u8> = Vec::new();
    for i in 0..2000 {
        input.extend_from_slice(weird[i % weird.len()].as_bytes());
        input.extend_from_slice(b"\n\xff\xfe not UTF-8\nbest\n");
    }
    for players in ["2", "3"] {
        let output = crib()
            .args([
                "game",
                "--seed",
                "11",
                "--game",
                "61",
                "--muggins",
                "--players",
                players,
            ])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        assert!(stderr.is_empty(), "{stderr}");
        let said = String::from_utf8_lossy(&output.stdout);
        assert!(said.contains("won the game"), "{said}");
        assert!(said.contains("try again"));
    }
}
