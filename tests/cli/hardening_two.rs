//! Hardening, round two: the engines, the odds and the docs as hostile input and a new user find
//! them. Each test here failed before its fix.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{assert_rejected, crib};

fn binary() -> String {
    assert_cmd::cargo::cargo_bin("crib").display().to_string()
}

/// An argument that is not UTF-8 is one line of error naming it, and exit 2, in every
/// subcommand: never a panic.
#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"5\xff");
    for subcommand in [
        "score", "peg", "play", "deal", "odds", "check", "stats", "discard",
    ] {
        let output = crib().arg(subcommand).arg(bad).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{subcommand}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{subcommand}: {stderr}");
        assert!(
            stderr.starts_with("crib: error: argument 2, '5\u{FFFD}', is not valid UTF-8"),
            "{subcommand}: {stderr}"
        );
    }
}

/// A program that writes a line into `crib score`'s pipe and waits for the answer gets it
/// before it writes the next or closes the pipe; so does one that talks to `crib check -`...
/// in the sense that it is told at once about a bad row.
#[test]
fn batch_mode_answers_each_line_as_it_comes() {
    let mut child = Command::new(binary())
        .args(["score", "--total"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, answers) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if send.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for (hand, total) in [("5h 5c 5s Jd 5d", "29"), ("4h 5c 6d 6s 9h", "16")] {
        writeln!(stdin, "{hand}").unwrap();
        stdin.flush().unwrap();
        let answer = answers.recv_timeout(Duration::from_secs(20));
        assert_eq!(
            answer.as_deref(),
            Ok(total),
            "no answer to {hand} while the pipe is open"
        );
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// The engines read lines in bounded memory: a line of any length is answered as too long.
#[test]
fn the_deal_engine_refuses_a_line_too_long() {
    let mut input = vec![b'{'; 200_000];
    input.push(b'\n');
    let output = crib()
        .args(["deal", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "{\"line\":1,\"error\":\"too long: 200,000 bytes (a request is at most 65,536 bytes)\"}\n"
    );
    assert_rejected(
        &["deal", "-", "--scores", "1-2"],
        "--scores: 'crib deal -' reads each deal from its line of JSON",
    );
}

/// In ASCII, crib prints ASCII: bars, entries, messages, everything.
#[test]
fn ascii_means_ascii() {
    for args in [
        &["--ascii", "stats"][..],
        &["--ascii", "check"],
        &["--ascii", "odds", "95", "110", "--dealer"],
        &[
            "--ascii", "discard", "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--need", "9",
        ],
    ] {
        let output = crib().args(args).output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.is_ascii(), "{args:?}: {text}");
        assert!(!text.is_empty(), "{args:?}");
    }
    let long = "x".repeat(60);
    for args in [
        vec!["--ascii", "score", &long, "5c", "5s", "Jd", "5d"],
        vec!["--ascii", "score", "5x", "5c", "5s", "Jd", "5d"],
        vec![
            "--ascii", "play", "--hand", "5h", "5c", "Jd", "Ks", "--pone", "5h", "Kc", "Jd", "Qc",
        ],
    ] {
        let output = crib().args(&args).output().unwrap();
        let text = String::from_utf8(output.stderr).unwrap();
        assert!(
            text.is_ascii() && text.starts_with("crib: error: "),
            "{args:?}: {text}"
        );
    }
}

/// JSON cards are ASCII everywhere, the check's entries included.
#[test]
fn check_entries_in_json_are_ascii() {
    let json = crate::common::json(&["check"]);
    let entries = json["entries"].as_array().unwrap();
    let entry = |needle: &str| {
        entries
            .iter()
            .map(|e| e["entry"].as_str().unwrap())
            .find(|e| e.contains(needle))
            .unwrap()
            .to_owned()
    };
    assert!(entry("combination of cards totaling 15").ends_with("(hand 7h 8c 2d 4s Kh)"));
    assert!(entry("Jack as the Starter").ends_with("(his heels; starter Jh)"));
}

/// Usage mistakes are one line that names what is wrong, and a file name cannot split it.
#[test]
fn usage_messages_name_what_is_wrong() {
    assert_rejected(
        &["check", "no\nsuch"],
        "crib: error: could not read 'no\\nsuch'",
    );
    assert_rejected(
        &[
            "discard", "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer", "--top", "0",
        ],
        "--top takes 1 or more, not '0'",
    );
    for args in [
        &["discard", "--play-table", "6", "7", "--scores", "1-2"][..],
        &["discard", "--table", "--scores", "1-2"],
        &["discard", "--table", "--play-model", "none"],
    ] {
        assert_rejected(args, "cannot be used with");
    }
}

/// The odds' map falls back to the 256 colours every colour terminal has, unless the terminal
/// says it has 24-bit colour.
#[test]
fn the_map_colours_what_the_terminal_has() {
    for (colorterm, escape) in [(None, "\u{1b}[48;5;"), (Some("truecolor"), "\u{1b}[48;2;")] {
        let mut command = crib();
        command.args(["odds", "--table", "--color", "always"]);
        match colorterm {
            Some(value) => command.env("COLORTERM", value),
            None => command.env_remove("COLORTERM"),
        };
        let text = String::from_utf8(command.output().unwrap().stdout).unwrap();
        assert!(text.contains(escape), "COLORTERM={colorterm:?}");
    }
}
