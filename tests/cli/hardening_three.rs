//! Hardening, round three: what a new user and a hostile tester found in the game, the review
//! and the engines. Each test here failed before its fix.

use std::process::Command;

use crate::common::{crib, scratch, words};

fn binary() -> String {
    assert_cmd::cargo::cargo_bin("crib").display().to_string()
}

/// Output thrown away, however it was opened, is normal output with the command's own exit
/// code: Python's `subprocess.DEVNULL` (and Node's `stdio: "ignore"`) open /dev/null for
/// reading and writing, which a Rust program cannot tell from a closed standard output, so
/// neither is an error. A program that discards a game's transcript still gets its log, and a
/// wrong claim still exits 1.
#[test]
fn output_to_dev_null_opened_read_write_is_normal_output() {
    let dir = std::env::temp_dir().join(format!("crib-devnull-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script = r#"
import subprocess, sys
crib, log, svg = sys.argv[1], sys.argv[2], sys.argv[3]
def code(args, stdin=b""):
    return subprocess.run([crib] + args, input=stdin, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE).returncode
print(code(["check"]))
print(code(["score", "5h", "5c", "5s", "Jd", "5d", "--claim", "28"]))
print(code(["game", "--seed", "5", "--log", log], stdin=b"best\n" * 400))
print(code(["odds", "--table", "--svg", svg]))
"#;
    let log = dir.join("g.jsonl");
    let svg = dir.join("odds.svg");
    let output = Command::new("python3")
        .args(["-c", script, &binary()])
        .arg(&log)
        .arg(&svg)
        .env("LANG", "C.UTF-8")
        .output()
        .expect("python3 runs");
    let codes = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        codes.lines().collect::<Vec<_>>(),
        ["0", "1", "0", "0"],
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(
        logged.lines().count() >= 5,
        "the log holds the game: {logged}"
    );
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A standard output closed by the shell (`>&-`) looks the same to crib: normal output, lost,
/// as ripgrep and fd treat it.
#[test]
fn a_closed_stdout_is_output_thrown_away() {
    for redirect in [">&-", "> /dev/null", "1<> /dev/null"] {
        let output = Command::new("bash")
            .args([
                "-c",
                &format!("\"$0\" score 5h 5c 5s Jd 5d {redirect}"),
                &binary(),
            ])
            .env("LANG", "C.UTF-8")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{redirect}");
        assert!(output.stderr.is_empty(), "{redirect}");
    }
    crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d"])
        .assert()
        .success();
}

/// The log of `crib game --seed SEED --game 61` played by `best` on both sides, as lines.
fn logged_game(dir: &std::path::Path, seed: &str) -> Vec<String> {
    let log = dir.join(format!("game-{seed}.jsonl"));
    crib()
        .args([
            "game",
            "--seed",
            seed,
            "--game",
            "61",
            "--log",
            log.to_str().unwrap(),
        ])
        .write_stdin("best\n".repeat(400))
        .assert()
        .success();
    std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Run crib on `stdin` and return its exit code and stderr; it must not have panicked and its
/// stderr must be one line.
fn refused(args: &[&str], stdin: impl Into<Vec<u8>>) -> (Option<i32>, String) {
    let output = crib()
        .args(args)
        .write_stdin(stdin.into())
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(stderr.lines().count() <= 1, "{args:?}: {stderr}");
    (output.status.code(), stderr)
}

/// Assert that crib refuses `args` on `stdin`: exit code 2, one line on stderr (checked by
/// [`refused`]) that contains `expected`.
fn assert_refused(args: &[&str], stdin: impl Into<Vec<u8>>, expected: &str) {
    let (code, stderr) = refused(args, stdin);
    assert_eq!(code, Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
}

/// `--log` never appends a second game to a file that holds one, and `--resume` never merges
/// two games into one board: a log holds one game.
#[test]
fn a_log_holds_one_game() {
    let dir = scratch("h3-one-game");
    let five = logged_game(&dir, "5");
    let six = logged_game(&dir, "6");
    let write = |name: &str, lines: &[String]| {
        let path = dir.join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        path.to_str().unwrap().to_owned()
    };
    let finished = write("finished.jsonl", &five);
    assert_refused(
        &["game", "--log", &finished],
        "best\n",
        "holds a finished game",
    );
    let begun = write("begun.jsonl", &five[..3]);
    assert_refused(
        &["game", "--log", &begun],
        "best\n",
        &format!("carry on with crib game --resume {begun}"),
    );
    let other = write("notes.txt", &["my notes".to_owned()]);
    assert_refused(&["game", "--log", &other], "best\n", "not empty");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes\n");
    // An empty file (`mktemp`) is a new log.
    let empty = write("empty.jsonl", &[]);
    std::fs::write(&empty, "").unwrap();
    crib()
        .args(["game", "--seed", "5", "--game", "61", "--log", &empty])
        .write_stdin("best\n".repeat(400))
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(&empty).unwrap().lines().count(),
        five.len()
    );
    // Two games in one file: neither carried on nor reviewed as one.
    let mut merged = five[..3].to_vec();
    merged.extend_from_slice(&six[..2]);
    let merged = write("merged.jsonl", &merged);
    for args in [vec!["game", "--resume", &merged], vec!["review", &merged]] {
        assert_refused(&args, "best\n", "line 4: a deal of another game (seed 6");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `crib review` grades at the board that happened: a log whose scores were changed is refused,
/// naming the line, as `--resume` refuses it.
#[test]
fn review_recounts_the_scores_of_a_log() {
    let dir = scratch("h3-recount");
    let mut lines = logged_game(&dir, "7");
    let mut second: serde_json::Value = serde_json::from_str(&lines[1]).unwrap();
    second["scores"] = serde_json::json!({"dealer": 50, "pone": 55});
    lines[1] = second.to_string();
    let doctored = dir.join("doctored.jsonl");
    std::fs::write(&doctored, lines.join("\n")).unwrap();
    let doctored = doctored.to_str().unwrap();
    for args in [
        vec!["review", doctored],
        vec!["review", "--no-board", doctored],
        vec!["game", "--resume", doctored],
    ] {
        assert_refused(
            &args,
            "",
            "line 2: \"scores\" is {\"dealer\":50,\"pone\":55} where the deals before it leave",
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The game's answers, a log reviewed and a log carried on are read in bounded memory: a line
/// past its limit is refused as soon as it is seen, naming it, so even `/dev/zero` ends at once.
#[test]
fn long_lines_are_refused_naming_the_line() {
    let long = vec![b'x'; 200_000];
    let mut answers = b"best\nbest\n".to_vec();
    answers.extend_from_slice(&long);
    assert_refused(&["game", "--seed", "1"], answers, "answer line 3: too long");
    assert_refused(&["review", "-"], long.clone(), "line 1: too long");
    for args in [
        "game --seed 1 < /dev/zero",
        "game --json --seed 1 < /dev/zero",
        "review - < /dev/zero",
        "review /dev/zero",
        "game --resume /dev/zero",
    ] {
        // `timeout`: before the fix these grew by gigabytes and never ended.
        let output = Command::new("bash")
            .args([
                "-c",
                &format!("timeout 60 \"$0\" {args} > /dev/null"),
                &binary(),
            ])
            .env("LANG", "C.UTF-8")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args}: {stderr}");
        assert!(stderr.contains("line 1: too long"), "{args}: {stderr}");
    }
}

/// `--you` takes a name of its own: not another player's, not empty, on one line.
#[test]
fn your_name_is_yours() {
    for (args, expected) in [
        (vec!["--you", "crib"], "'crib' is another player's name"),
        (
            vec!["--you", "CRIB"],
            "'CRIB' is another player's name ('crib')",
        ),
        (
            vec!["--you", "lefty", "--players", "3"],
            "'lefty' is another player's name",
        ),
        (vec!["--you", ""], "cannot be empty"),
        (vec!["--you", " "], "cannot be empty"),
        (vec!["--you", "a\nb"], "'a\\nb' holds a line break"),
        (
            vec!["--you", "x".repeat(14).as_str()],
            "longer than 13 characters",
        ),
    ] {
        let mut all = vec!["game"];
        all.extend(args.iter().copied());
        crate::common::assert_rejected_with_stdin(&all, "best\n", expected);
    }
    crib()
        .args(["game", "--you", "lefty", "--seed", "3"])
        .write_stdin("quit\n")
        .assert()
        .success();
}

/// A log whose names cannot be told apart is refused: `--player` would grade the wrong seat.
#[test]
fn a_log_with_two_players_of_one_name_is_refused() {
    let dir = scratch("h3-names");
    let lines = logged_game(&dir, "9");
    let same: Vec<String> = lines
        .iter()
        .map(|l| {
            l.replace(
                "\"names\":[\"crib\",\"you\"]",
                "\"names\":[\"you\",\"you\"]",
            )
        })
        .map(|l| {
            l.replace(
                "\"names\":[\"you\",\"crib\"]",
                "\"names\":[\"you\",\"you\"]",
            )
        })
        .collect();
    crate::common::assert_rejected_with_stdin(
        &["review", "-"],
        &same.join("\n"),
        "\"names\": 'you' is another player's name",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An input that cannot be read is a read error for the game too, as for every subcommand.
#[test]
fn a_game_that_cannot_read_its_answers_says_so() {
    let output = Command::new("bash")
        .args(["-c", "\"$0\" game --seed 1 < /", &binary()])
        .env("LANG", "C.UTF-8")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("crib: error: could not read standard input: "),
        "{stderr}"
    );
}

/// An engine request that names a key twice is refused, naming the key, at any depth, where
/// the last value was taken; and a line that is not JSON says where on the line, not "at line
/// 1" of a request that is line 5 of the input.
#[test]
fn engine_requests_name_each_key_once() {
    let cases = [
        (
            "play",
            r#"{"hand":["5h","5c","Jd","Ks"],"role":"pone","role":"dealer","starter":"4c"}"#,
            "the key \\\"role\\\" is given twice",
        ),
        (
            "deal",
            r#"{"pone":["5h","5c","Jd","Ks"],"dealer":["4c","4d","6h","6s"],"crib":["2h","3s","7c","8d"],"starter":"5s","starter":"Js"}"#,
            "the key \\\"starter\\\" is given twice",
        ),
        (
            "play",
            r#"{"hand":["5h","5c","Jd","Ks"],"scores":{"you":3,"you":5}}"#,
            "the key \\\"you\\\" is given twice",
        ),
    ];
    for (engine, request, expected) in cases {
        let output = crib()
            .args([engine, "-"])
            .write_stdin(format!("\n\n{request}\n"))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{request}");
        let answer = String::from_utf8_lossy(&output.stdout);
        assert!(answer.starts_with("{\"line\":3,\"error\":"), "{answer}");
        assert!(answer.contains(expected), "{answer}");
    }
    let output = crib()
        .args(["deal", "-"])
        .write_stdin("\n\n{\"pone\": [\n")
        .output()
        .unwrap();
    let answer = String::from_utf8_lossy(&output.stdout);
    assert!(answer.contains("at column 10"), "{answer}");
    assert!(!answer.contains("at line"), "{answer}");
}

/// One name and one shape for each concept in JSON: the game's events say `reasons`, as `peg`,
/// `deal` and `play` do, and give each side's values as an object naming the side; `crib play -`
/// reads the scores in the shape `board` prints them.
#[test]
fn json_names_and_shapes_agree() {
    for (players, keys) in [
        ("2", vec!["opponent", "you"]),
        ("3", vec!["lefty", "righty", "you"]),
    ] {
        let output = crib()
            .args([
                "game",
                "--json",
                "--seed",
                "5",
                "--game",
                "61",
                "--players",
                players,
            ])
            .write_stdin("best\n".repeat(600))
            .output()
            .unwrap();
        let events: Vec<serde_json::Value> = crate::common::json_lines(&output.stdout);
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(!text.contains("\"why\""), "{players}");
        assert!(
            events
                .iter()
                .any(|e| e["event"] == "card" && e["reasons"].is_array())
        );
        for event in &events {
            for field in ["scores", "scored", "won", "where"] {
                if let Some(value) = event.get(field) {
                    let object = value.as_object().unwrap_or_else(|| panic!("{event}"));
                    let mut named: Vec<&str> = object.keys().map(String::as_str).collect();
                    named.sort_unstable();
                    assert_eq!(named, keys, "{event}");
                }
            }
        }
    }
    let request = |scores: &str| {
        format!(
            "{{\"hand\":[\"8c\",\"Js\",\"Qs\",\"4c\"],\"role\":\"dealer\",\"starter\":\"5s\",\
             \"thrown\":[\"10s\",\"Jc\"],\"sequence\":[\"Qh\"],\"scores\":{scores}}}\n"
        )
    };
    let printed = crib()
        .args(words(
            "play --json --hand 8c Js Qs 4c --dealer --starter 5s",
        ))
        .args(["--thrown", "10s", "Jc", "--scores", "111-102", "Qh"])
        .output()
        .unwrap();
    let printed: serde_json::Value = serde_json::from_slice(&printed.stdout).unwrap();
    assert_eq!(
        printed["board"]["scores"],
        serde_json::json!({"you": 111, "opponent": 102})
    );
    for form in ["{\"you\": 111, \"opponent\": 102}", "[111, 102]"] {
        let (code, answer): (_, Vec<serde_json::Value>) =
            crate::common::answers(&["play", "-"], &request(form));
        assert_eq!(code, Some(0), "{form}");
        assert_eq!(answer[0]["board"], printed["board"], "{form}");
    }
}

/// Numbers carry no float noise: none in crib's JSON has more than six decimal places.
#[test]
fn json_numbers_have_at_most_six_places() {
    let commands: [&[&str]; 5] = [
        &words("play --hand 5h 5c Jd Ks --pone --starter 4c --thrown 2h 3s --scores 120-120"),
        &[
            "discard", "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--scores", "115-110",
        ],
        &["odds", "95", "110", "--dealer"],
        &["stats", "--need", "12"],
        &words("play --hand 5h 6c 7d Ks --players 3 --seat 2 9h"),
    ];
    for args in commands {
        let output = crib().args(args).arg("--json").output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let text = String::from_utf8(output.stdout).unwrap();
        let mut digits = 0;
        let mut after_point = false;
        for c in text.chars() {
            if c == '.' {
                after_point = true;
                digits = 0;
            } else if c.is_ascii_digit() && after_point {
                digits += 1;
                assert!(digits <= 6, "{args:?}: {text}");
            } else {
                after_point = false;
            }
        }
    }
}

/// Small things: in the play a rank alone will do when two cards have it (the suit cannot
/// matter); a refusal names cards as the screen shows them; `--seed` says in words what it
/// takes; the help keeps to ASCII in a locale that is not UTF-8.
#[test]
fn small_things() {
    // Seed 7: after the best throw you hold A♦ Q♦ 7♥ 7♣, and the count is 3.
    let output = crib()
        .args(["game", "--seed", "7"])
        .write_stdin("best\n7\nquit\n")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(!said.contains("say which"), "{said}");
    assert!(
        said.contains("you: 7♥ (10)") || said.contains("you: 7♣ (10)"),
        "{said}"
    );
    // Seed 8: you lead; a go while a card fits is refused in the screen's notation.
    let output = crib()
        .args(["game", "--seed", "8"])
        .write_stdin("best\ngo\nquit\n")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("not a go: A♠ fits"), "{said}");
    crate::common::assert_rejected(
        &["game", "--seed", "1.5"],
        "--seed takes a whole number from 0 to 18446744073709551615, not '1.5'",
    );
    for args in [&["--help"][..], &["game", "--help"], &["help", "score"]] {
        let output = crib().args(args).env("LC_ALL", "C").output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let help = String::from_utf8(output.stdout).unwrap();
        assert!(help.is_ascii(), "{args:?}: {help}");
    }
    let help = crib().arg("--help").output().unwrap().stdout;
    assert!(
        String::from_utf8(help)
            .unwrap()
            .contains("deal         Count a whole deal on the board, to 121 or 61")
    );
}

/// `crib review` says why, not only what: the costliest decisions with where the points of each
/// choice were, and a card named by the count it was played on.
#[test]
fn review_shows_where_the_points_were() {
    let dir = scratch("h3-why");
    let log = dir.join("greedy.jsonl");
    crib()
        .args([
            "game",
            "--seed",
            "7",
            "--opponent",
            "greedy",
            "--log",
            log.to_str().unwrap(),
        ])
        .write_stdin("best\n".repeat(400))
        .assert()
        .success();
    let output = crib()
        .args([
            "review",
            log.to_str().unwrap(),
            "--player",
            "crib",
            "--no-board",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("play on a count of 14"), "{text}");
    assert!(!text.contains("play on 14"), "{text}");
    assert!(
        text.contains("Why, for every labelled decision and the three costliest:"),
        "{text}"
    );
    assert!(
        text.contains("hand 5.13, crib +4.57, play +2.59: net 12.29 (crib's)"),
        "{text}"
    );
    assert!(
        text.contains("now 0, mine 2.25, theirs 0.69: net +1.57 (crib's)"),
        "{text}"
    );
    let json = crate::common::json(&["review", log.to_str().unwrap(), "--player", "crib"]);
    let discard = &json["decisions"][0];
    let worth = &discard["worth"];
    let net = |w: &serde_json::Value| w["net"].as_f64().unwrap();
    let cost = discard["cost"].as_f64().unwrap();
    assert!(
        (net(&worth["best"]) - net(&worth["chosen"]) - cost).abs() < 1e-5,
        "{discard}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The main outputs fit 80 columns (off a terminal, as in a pipe), and prose wraps to a
/// narrower width when asked (`COLUMNS`).
#[test]
fn outputs_fit_the_width() {
    let commands: [&[&str]; 8] = [
        &["discard", "5h", "5c", "Jd", "Ks", "2h", "3s", "--dealer"],
        &[
            "discard", "5h", "5c", "Jd", "Ks", "2h", "3s", "--dealer", "--scores", "110-115",
        ],
        &[
            "discard", "2h", "5c", "8d", "Js", "Qh", "Kc", "--pone", "--scores", "116-116",
        ],
        &["stats"],
        &["stats", "5h", "5c", "Jd", "Ks"],
        &words("play --hand 5h 5c Jd Ks --pone --starter 4c --thrown 2h 3s --scores 120-120"),
        &[
            "deal", "-p", "5h", "5c", "Jd", "Ks", "-d", "4c", "4d", "6h", "6s", "-c", "2h", "3s",
            "7c", "8d", "-s", "5s", "K", "6", "5", "4", "5", "6", "J", "4",
        ],
        &["check"],
    ];
    for args in commands {
        let output = crib().args(args).output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{args:?}: {line}");
        }
        let narrow = crib().args(args).env("COLUMNS", "60").output().unwrap();
        let text = String::from_utf8(narrow.stdout).unwrap();
        for line in text.lines().filter(|l| !l.contains(['│', '╭', '╰', '╞'])) {
            assert!(line.chars().count() <= 60, "{args:?} at 60: {line}");
        }
    }
}
