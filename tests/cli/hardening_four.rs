//! Hardening, round four: a log written to a pipe, an interrupted match, engines that crash or
//! answer oddly, narrow terminals, names and shapes in the JSON, and what a new user trips
//! over. Each test here failed before its fix.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::common::crib;
use predicates::prelude::*;

fn binary() -> String {
    assert_cmd::cargo::cargo_bin("crib").display().to_string()
}

/// Run `script` in bash with crib as `$0`, within `seconds`.
fn bash(script: &str, seconds: u64) -> std::process::Output {
    Command::new("timeout")
        .args([&seconds.to_string(), "bash", "-c", script, &binary()])
        .env("LANG", "C.UTF-8")
        .env_remove("COLUMNS")
        .output()
        .unwrap()
}

/// `--log` to a pipe, to a FIFO, or to /dev/stdout: the game is written there, never read
/// (it used to hang for good, reading the pipe to see whether it held a game).
#[test]
fn a_log_goes_to_a_pipe() {
    let dir = tempfile_dir();
    let game = "yes best | \"$0\" game --seed 5 --game 61";
    let to_pipe = bash(
        &format!(
            "{game} --log >(cat > {dir}/piped.jsonl) > /dev/null; sleep 0.2; wc -l < {dir}/piped.jsonl"
        ),
        60,
    );
    assert!(to_pipe.status.success(), "{to_pipe:?}");
    let lines: u32 = String::from_utf8_lossy(&to_pipe.stdout)
        .trim()
        .parse()
        .unwrap();
    assert!(lines >= 2, "{lines} lines logged through the pipe");
    let fifo = bash(
        &format!(
            "mkfifo {dir}/fifo; cat {dir}/fifo > {dir}/from_fifo.jsonl & {game} --log {dir}/fifo > /dev/null; wait; wc -l < {dir}/from_fifo.jsonl"
        ),
        60,
    );
    assert!(fifo.status.success(), "{fifo:?}");
    let lines: u32 = String::from_utf8_lossy(&fifo.stdout)
        .trim()
        .parse()
        .unwrap();
    assert!(lines >= 2, "{lines} lines logged through the FIFO");
    let stdout = bash(
        &format!("{game} --json --log /dev/stdout | grep -c '\"log\"'"),
        60,
    );
    assert!(stdout.status.success(), "{stdout:?}");
    assert!(String::from_utf8_lossy(&stdout.stdout).trim() != "0");
}

/// A fresh directory under the target's tmp directory.
fn tempfile_dir() -> String {
    let dir = std::env::temp_dir().join(format!(
        "crib-hardening-four-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos())
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir.display().to_string()
}

/// The Python engine of the tests, misbehaving as `how` says (tests/engines/greedy.py).
fn engine(how: &str) -> String {
    let script =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engines/greedy.py");
    format!("bad=python3 '{}' --misbehave {how}", script.display())
}

/// `crib match bad crib:greedy` with the engine misbehaving as `how`, and `more` arguments.
fn match_against(how: &str, more: &[&str]) -> std::process::Output {
    crib()
        .args([
            "match",
            "bad",
            "crib:greedy",
            "--seed",
            "2",
            "--engine",
            &engine(how),
        ])
        .args(more)
        .output()
        .unwrap()
}

/// An engine that plays an illegal card forfeits, and is started afresh for the next game
/// even with one worker: an engine that errs at the third decision of each run forfeits
/// every game (it used to keep running, and forfeited the first game alone).
#[test]
fn an_engine_is_started_afresh_after_every_forfeit() {
    let output = match_against(
        "illegal-once",
        &["--games", "4", "--workers", "1", "--json"],
    );
    assert_eq!(output.status.code(), Some(0));
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let forfeits = summary["forfeits"].as_array().unwrap();
    assert_eq!(forfeits.len(), 4, "{forfeits:?}");
}

/// An engine that crashes leaves its last words on standard error in the forfeit's reason;
/// `--debug` shows every request and answer under the engine's name.
#[test]
fn a_crash_says_what_the_engine_said() {
    let output = match_against("crash", &["--games", "2", "--timeout", "5", "--json"]);
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let reason = summary["forfeits"][0]["reason"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(reason.contains("exit status: 3"), "{reason}");
    assert!(reason.contains("ValueError: out of cards"), "{reason}");
    let missing = crib()
        .args([
            "match",
            "bad",
            "crib:greedy",
            "--engine",
            "bad=python3 /no/such/bot.py",
        ])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    let said = String::from_utf8_lossy(&missing.stderr);
    assert!(said.contains("No such file"), "{said}");
    let debug = match_against("crash", &["--games", "2", "--debug"]);
    let said = String::from_utf8_lossy(&debug.stderr);
    assert!(said.contains("bad < {\"ask\":\"hello\""), "{said}");
    assert!(said.contains("bad > {\"name\": \"greedy.py\""), "{said}");
    assert!(said.contains("bad ! ValueError: out of cards"), "{said}");
}

/// An engine whose answers start with a byte-order mark is understood, as `crib play -`
/// understands requests that do.
#[test]
fn a_byte_order_mark_is_passed_over() {
    let output = match_against("bom", &["--games", "2", "--json"]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["forfeits"].as_array().unwrap().len(), 0);
}

/// Ctrl-C (or SIGTERM) while an engine is stuck on a decision stops it at once: the summary
/// of the whole groups finished is printed and crib exits 130 within a second, not at the
/// decision's timeout.
#[cfg(unix)]
#[test]
fn an_interrupt_stops_a_stuck_engine_at_once() {
    for signal in ["-INT", "-TERM"] {
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_crib"))
            .args(["match", "bad", "crib:greedy", "--seed", "2", "--games", "4"])
            .args([
                "--workers",
                "1",
                "--timeout",
                "60",
                "--json",
                "--engine",
                &engine("hang"),
            ])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The engine hangs at its third decision, in the first game.
        std::thread::sleep(Duration::from_millis(2500));
        let sent = Instant::now();
        Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        let output = child.wait_with_output().unwrap();
        let took = sent.elapsed();
        assert!(took < Duration::from_secs(2), "{signal}: {took:?}");
        assert_eq!(output.status.code(), Some(130), "{signal}");
        let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(summary["interrupted"], true);
        assert_eq!(summary["games"], 0, "the game under way is not counted");
    }
}

/// On a terminal narrower than the progress line, the line is cut to the width (it used to
/// wrap, and each redraw left a line behind), and it says how long is left.
#[cfg(unix)]
#[test]
fn the_progress_line_fits_a_narrow_terminal() {
    for columns in ["30", "80"] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_crib"));
        command
            .args([
                "match",
                "crib:greedy",
                "crib:random",
                "--games",
                "1000000",
                "--seed",
                "1",
            ])
            .env("LANG", "C.UTF-8")
            .env("TERM", "xterm")
            .env(
                "XDG_DATA_HOME",
                std::env::temp_dir().join("crib-tests-data"),
            )
            .env("COLUMNS", columns);
        let mut p = rexpect::session::spawn_command(command, Some(60_000)).unwrap();
        // Each redraw goes back to the line's start, clears it and writes it again.
        p.exp_string("\x1b[2K").unwrap();
        let line = p.exp_string("\r").unwrap();
        p.send_control('c').unwrap();
        let width: usize = columns.parse().unwrap();
        assert!(line.chars().count() < width, "{columns}: {line:?}");
        if columns == "80" {
            assert!(line.contains(" left"), "{line:?}");
        }
    }
}

/// At 60 columns prose wraps (the verdict on a claim, the map's caption, which ran to 71 and
/// 80 columns) and the tables of the discard drop what they can spare to fit: the play's
/// columns of a table of choices (the net counts them still), the nets of a pegging table.
#[test]
fn sixty_columns_hold_prose_and_tables() {
    let widest = |args: &str| -> usize {
        let output = crib()
            .args(args.split_whitespace())
            .env("COLUMNS", "60")
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0)
    };
    for args in [
        "score 5h 5c 5s Jd 5d --claim 28",
        "discard 5h Jd 5c 5s 4d 6d --dealer --need 12",
        "discard 5h Jd 5c 5s 4d 6d --dealer --scores 100-110",
        "discard --play-table 6 7 8 9",
        "discard --play-table --players 3 5 5",
        "discard --play-table --players 4 5 5",
    ] {
        assert!(widest(args) <= 60, "{args}: {}", widest(args));
    }
    let map = crib()
        .args(["odds", "--table"])
        .env("COLUMNS", "60")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&map.stdout);
    let prose: Vec<&str> = text
        .lines()
        .filter(|l| l.chars().any(char::is_alphabetic) && !l.starts_with("dealer  pone"))
        .collect();
    assert!(prose.len() >= 4, "{prose:?}");
    assert!(prose.iter().all(|l| l.chars().count() <= 60), "{prose:?}");
}

/// Cards quoted as one word read as the cards typed apart, as Python and batch mode take them
/// (`"5h 5c 5s Jd 5d"` was "not a card").
#[test]
fn cards_in_one_quoted_word() {
    crib()
        .args(["score", "5h 5c 5s Jd 5d", "--total"])
        .assert()
        .success()
        .stdout("29\n");
    crib()
        .args([
            "discard",
            "5h Jd 5c 5s 4d 6d",
            "--dealer",
            "--top",
            "1",
            "--json",
        ])
        .assert()
        .success()
        .stdout(predicates::str::contains("\"throw\":[\"5h\",\"Jd\"]"));
    crib().args(["peg", "4 6 5 3", "--json"]).assert().success();
}

/// An input with no line breaks (`/dev/zero`) ends with a message once a line has run past
/// what is skipped of one, for every reader of lines (they read it for ever, at full CPU).
#[test]
fn an_endless_line_ends_the_input() {
    for args in ["score", "score -", "play -", "deal -", "engine", "check -"] {
        let output = bash(&format!("\"$0\" {args} < /dev/zero"), 30);
        assert_eq!(output.status.code(), Some(2), "{args}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains("line 1: too long"), "{args}: {said}");
        assert_eq!(said.lines().count(), 1, "{args}: {said}");
    }
    let output = bash("\"$0\" check /dev/zero", 30);
    assert_eq!(output.status.code(), Some(2));
}

/// One name and one shape for each concept in the JSON: `points` is a number of points
/// wherever it appears (a hand's points by kind are `by_kind`, a side's in a match by seat
/// `by_seat`), a seat's name is its `role` (the match's was `seat`, a string where `seat` is
/// elsewhere a number), and how many cards to throw is `throw_size` (`throw` is elsewhere the
/// cards).
#[test]
fn one_name_and_one_shape_a_concept() {
    let score = crate::common::json(&["score", "5h", "5c", "5s", "Jd", "5d"]);
    assert_eq!(score["by_kind"]["fifteens"], 16);
    assert!(score.get("points").is_none());
    let summary = crate::common::json(&["match", "crib:greedy", "crib:random", "--games", "2"]);
    let seats = &summary["sides"][0]["by_seat"];
    assert_eq!(seats[0]["role"], "pone");
    assert!(seats[0].get("seat").is_none() && summary["sides"][0].get("points").is_none());
    let game = crib()
        .args(["game", "--json", "--seed", "3"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let prompt: serde_json::Value = String::from_utf8_lossy(&game.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["event"] == "prompt")
        .unwrap();
    assert_eq!(prompt["throw_size"], 2);
    assert!(prompt.get("throw").is_none());
}

/// Each message says what was wrong in crib's own words, with its units.
#[test]
fn messages_say_what_was_wrong() {
    let reason = |how: &str| -> String {
        let output = match_against(how, &["--games", "2", "--timeout", "1", "--json"]);
        let summary: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        summary["forfeits"][0]["reason"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    // Once, not "an answer that is not JSON (not JSON: ...)".
    let garbage = reason("garbage");
    assert!(
        garbage.starts_with("an answer that is not JSON: "),
        "{garbage}"
    );
    assert_eq!(garbage.matches("not JSON").count(), 1, "{garbage}");
    // A key given twice is JSON: it was reported as not JSON.
    let twice = reason("twice");
    assert!(twice.contains("the key \"card\" is given twice"), "{twice}");
    assert!(!twice.contains("not JSON"), "{twice}");
    // A card as a number was "without \"card\"".
    assert!(reason("number").contains("is not a card: it takes a card as text"));
    // A rank alone where the hand holds that rank was "5 is not in your hand".
    assert!(reason("rank").contains("is a rank without a suit: name the card"));
    // A hello that never comes is named as one.
    let mute = match_against("mute", &["--timeout", "1"]);
    assert_eq!(mute.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&mute.stderr).contains("bad: no hello within 10 s"));
    // Five players named, in crib's words rather than clap's.
    let five: Vec<&str> = "match crib:greedy crib:greedy crib:random crib:random crib:expert"
        .split(' ')
        .collect();
    crate::common::assert_rejected(&five, "5 players named: cribbage is played by 2, 3 or 4");
    crate::common::assert_rejected(&five, "--round-robin plays every pair");
    // An escape in a name is an escape, not "a line break or a tab"; a control character is
    // quoted by its code point, not in Rust's notation.
    crate::common::assert_rejected(
        &["game", "--you", "a\u{1b}b"],
        "'a<U+001B>b' holds an escape (U+001B)",
    );
    crate::common::assert_rejected(
        &["score", "5h", "5c", "5s", "Jd", "5d\u{1}"],
        "'5d<U+0001>' is not a card",
    );
    // A key twice in a request: no example of a request after it.
    crib()
        .args(["play", "-"])
        .write_stdin("{\"hand\": [\"5h\"], \"hand\": [\"5c\"]}\n")
        .assert()
        .stdout("{\"line\":1,\"error\":\"the key \\\"hand\\\" is given twice: each key once (at column 23)\"}\n");
    // A damaged log names the file.
    let dir = tempfile_dir();
    std::fs::write(format!("{dir}/bad.jsonl"), "garbage\n").unwrap();
    crate::common::assert_rejected(
        &["review", &format!("{dir}/bad.jsonl")],
        &format!("the log {dir}/bad.jsonl: line 1: not JSON"),
    );
    // Help into a full device says so (it exited 2 with no message).
    let full = bash("\"$0\" --help > /dev/full", 10);
    assert_eq!(full.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&full.stderr).contains("could not write the help"));
    // A standard error of the chance of winning has its %.
    crib()
        .args([
            "discard", "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--scores", "115-110",
        ])
        .assert()
        .stdout(
            predicates::str::contains("± 0.2%).").and(predicates::str::contains("± 0.1% in the")),
        );
}

/// `crib --help` lists `match` among what takes `--json`, and shows `match` and `engine`.
#[test]
fn the_help_shows_match_and_engine() {
    let help = crib().arg("--help").output().unwrap();
    let text = String::from_utf8_lossy(&help.stdout).replace('\n', " ");
    assert!(text.contains("game, review, verify and match"), "{text}");
    assert!(
        text.contains("crib match crib:expert crib:greedy"),
        "{text}"
    );
    assert!(text.contains("crib engine --level expert"), "{text}");
}
