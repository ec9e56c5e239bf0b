//! Hostile input, closed pipes and honest answers: each test here failed before its fix.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

use crate::common::{assert_rejected, crib};
use predicates::prelude::*;
use proptest::prelude::{Strategy, any, prop_assert, prop_assert_eq};

fn binary() -> String {
    assert_cmd::cargo::cargo_bin("crib").display().to_string()
}

/// Run crib through bash, to close or redirect its standard streams.
fn bash(script: &str) -> std::process::Output {
    Command::new("bash")
        .args(["-c", script, &binary()])
        .env("LANG", "C.UTF-8")
        .output()
        .unwrap()
}

#[test]
fn a_closed_or_full_stderr_keeps_the_exit_code() {
    for script in [
        r#"exec 2>&-; exec "$0" score 5x 5c 5s Jd 5d"#,
        r#"exec "$0" score 5x 5c 5s Jd 5d 2>/dev/full"#,
        r#"printf 'xx\n' | "$0" score 2>&-"#,
    ] {
        assert_eq!(bash(script).status.code(), Some(2), "{script}");
    }
    // And a full stdout is an error of its own.
    let full = bash(r#"exec "$0" score 5h 5c 5s Jd 5d > /dev/full"#);
    assert_eq!(full.status.code(), Some(2));
    for flag in ["--help", "--version"] {
        let full = bash(&format!(r#"exec "$0" {flag} > /dev/full"#));
        assert_eq!(full.status.code(), Some(2), "{flag}");
    }
}

#[test]
fn messages_quote_at_most_forty_characters() {
    let token = "Q".repeat(100_000);
    for args in [
        vec!["peg", token.as_str()],
        vec!["score", token.as_str(), "5c", "5s", "Jd", "5d"],
    ] {
        let output = crib().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.len() < 400, "{} bytes: {stderr}", stderr.len());
        assert_eq!(stderr.lines().count(), 1);
        assert!(stderr.contains(&format!("'{}…' (100,000 bytes)", "Q".repeat(40))));
    }
}

/// Batch mode reads a line too long in bounded memory: 50 MB with no line break ends the input
/// at its first mebibyte, with a message, however much more there is.
#[test]
fn batch_mode_holds_no_long_line() {
    let mut input = vec![0xFFu8; 50 << 20];
    input.extend_from_slice(b"\n5h 5c 5s Jd 5d\n");
    // 150 MB of address space is far less than the input it must get through.
    let mut child = Command::new("bash")
        .args([
            "-c",
            r#"ulimit -v 150000; exec "$0" score --total"#,
            &binary(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().unwrap();
    // crib stops reading: the rest of the input meets a closed pipe.
    let _ = writer.join().unwrap();
    // A line that runs on past a mebibyte is no line: the input ends there, with a message
    // (round four: it was skipped to its end, and /dev/zero was read for ever).
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "crib: error: could not read standard input: line 1: too long: no line break in its \
         first 1,048,576 bytes (a line is at most 4,096), so crib reads no further\n"
    );
}

/// The reader of stdout goes away after one byte: the bad first line still makes the exit 2.
#[test]
fn bad_input_exits_2_when_the_reader_has_gone() {
    let mut input = b"xx\n".to_vec();
    for _ in 0..200_000 {
        input.extend_from_slice(b"5h 5c 5s Jd 5d\n");
    }
    let mut child = Command::new(binary())
        .arg("score")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let status = child.wait().unwrap();
    writer.join().unwrap();
    assert_eq!(status.code(), Some(2));
}

#[test]
fn claims_with_unknown_suits_are_judged_only_when_the_suits_cannot_matter() {
    crib()
        .args(["score", "5", "5", "5", "J", "5", "--claim", "29"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(
            "claim 29: not judged: with suits the hand counts 28 or 29",
        ));
    crib()
        .args(["score", "2h", "4h", "6h", "8h", "K", "--claim", "5"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("the hand counts 4 or 5"));
    crib()
        .args(["score", "5", "5", "5", "J", "5", "--claim", "27"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "claim 27: wrong whatever the suits: the hand counts 28 or 29",
        ));
    // Two fives cannot share a suit, and there is no jack: no suit can change the count of
    // 5-5-10-K-2 (four fifteens and a pair).
    crib()
        .args(["score", "5", "5", "10", "K", "2", "--claim", "10"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("claim 10: right"));
    let json = crate::common::json(&["score", "5", "5", "5", "J", "5", "--claim", "29"]);
    let claim = &json["claim"];
    assert_eq!(claim["decided"], false);
    assert_eq!(claim["correct"], false);
    assert_eq!(claim["possible"], serde_json::json!([28, 29]));
    let json = crate::common::json(&["score", "5h", "5c", "5s", "Jd", "5d", "--claim", "28"]);
    assert_eq!(json["claim"]["decided"], true);
    assert!(json["claim"].get("possible").is_none());
}

#[test]
fn batch_totals_line_numbers_and_error_objects() {
    let input = "\u{FEFF}5h 5c 5s Jd 5d\n# a comment\nxx\n4h 5c 6d 6s 9h\n";
    let output = crib()
        .args(["score", "--total"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&output.stdout), "29\n16\n");
    let output = crib()
        .args(["score", "--total", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let lines: Vec<serde_json::Value> = crate::common::json_lines(&output.stdout);
    assert_eq!(lines[0], serde_json::json!({"line": 1, "total": 29}));
    assert_eq!(lines[1]["line"], 3);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("'xx' is not a card")
    );
    assert_eq!(lines[2], serde_json::json!({"line": 4, "total": 16}));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        "crib: error: line 3: 'xx' is not a card: unknown rank (expected A, 2-10, T, J, Q or K)\n"
    );
    let full = crate::common::json(&["score", "5h", "5c", "5s", "Jd", "5d", "--total"]);
    assert_eq!(full, serde_json::json!({"total": 29}));
    crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d", "--total"])
        .assert()
        .success()
        .stdout("29\n");
}

/// Many chunks, scored in parallel: the output is in input order, every line there.
#[test]
fn batch_output_keeps_input_order() {
    let hands = ["5h 5c 5s Jd 5d", "4h 5c 6d 6s 9h", "2c 4d 6h 8s Kd"];
    let mut input = String::new();
    for i in 0..100_000 {
        input.push_str(hands[i % 3]);
        input.push('\n');
    }
    let output = crib()
        .args(["score", "--total", "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let totals = [29, 16, 0];
    for (i, line) in text.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["line"], i + 1);
        assert_eq!(value["total"], totals[i % 3]);
    }
    assert_eq!(text.lines().count(), 100_000);
}

#[test]
fn discard_limits_name_their_range() {
    let deal = ["discard", "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer"];
    fn with<'a>(deal: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
        let mut args = deal.to_vec();
        args.extend_from_slice(extra);
        args
    }
    assert_rejected(
        &with(&deal, &["--top", "0"]),
        "--top takes 1 or more, not '0' (see 'crib discard --help')",
    );
    assert_rejected(
        &with(&deal, &["--need", "30"]),
        "--need takes a whole number from 0 to 29, not '30'",
    );
    assert_rejected(
        &with(&deal, &["--need", "256"]),
        "--need takes a whole number from 0 to 29, not '256'",
    );
    assert_rejected(
        &["stats", "--need", "30"],
        "--need takes a whole number from 0 to 29",
    );
    assert_rejected(
        &["peg", "--players", "5", "5"],
        "--players takes a whole number from 2 to 4, not '5'",
    );
}

#[test]
fn json_is_refused_where_there_is_none() {
    assert_rejected(
        &["completions", "bash", "--json"],
        "'crib completions' prints a shell script, not JSON",
    );
    assert_rejected(
        &["man", "--json"],
        "'crib man' prints a manual page, not JSON",
    );
    assert_rejected(
        &["--json", "--version"],
        "'crib --version' prints the version, not JSON",
    );
    assert_rejected(&["help", "--json"], "not JSON");
}

#[test]
fn usage_errors_point_to_the_subcommands_help() {
    assert_rejected(
        &["discard", "--dealr"],
        "unexpected argument '--dealr' found; did you mean '--dealer'? (see 'crib discard --help')",
    );
    assert_rejected(&["dicard"], "did you mean 'discard'? (see 'crib --help')");
    let output = crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d", "--claim", "-1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(!stderr.contains("-- -1"), "{stderr}");
    assert!(stderr.contains("--claim takes the points claimed, a whole number from 0 up"));
    assert_eq!(stderr.matches("--help").count(), 1, "{stderr}");
}

#[test]
fn help_everywhere() {
    crib()
        .args(["help", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Usage: crib help"));
    crib()
        .args(["help", "discard"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Usage: crib discard"));
    crib()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples:"));
    for (subcommand, expected) in [
        ("check", "Examples:"),
        ("completions", "~/.config/fish/completions/crib.fish"),
        ("man", "crib man discard | man -l -"),
    ] {
        crib()
            .args([subcommand, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains(expected));
    }
}

#[test]
fn colour_and_ascii() {
    let red_heart = "\u{1b}[31m5♥\u{1b}[0m";
    crib()
        .args(["--color", "always", "score", "5h", "5c", "5s", "Jd", "5d"])
        .assert()
        .success()
        .stdout(predicate::str::contains(red_heart))
        .stdout(predicate::str::contains("total \u{1b}[1m29\u{1b}[0m"));
    crib()
        .args([
            "--color", "always", "score", "5h", "5c", "5s", "Jd", "5d", "--json",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\u{1b}").not());
    // Not a terminal: no colour unless asked for; NO_COLOR turns off even a terminal's.
    crib()
        .args(["score", "5h", "5c", "5s", "Jd", "5d"])
        .assert()
        .stdout(predicate::str::contains("\u{1b}").not());
    crib()
        .args(["--color", "never", "score", "5h", "5c", "5s", "Jd", "5d"])
        .assert()
        .stdout(predicate::str::contains("\u{1b}").not());
    for ascii in [
        crib()
            .args([
                "--ascii", "discard", "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer",
            ])
            .output()
            .unwrap(),
        crib()
            .env("LC_ALL", "C")
            .args(["discard", "5h", "Jd", "5c", "5s", "4d", "6d", "--dealer"])
            .output()
            .unwrap(),
    ] {
        let text = String::from_utf8(ascii.stdout).unwrap();
        assert!(text.is_ascii(), "{text}");
        assert!(text.contains("| 4d 5c 5s 6d | 5h Jd (a) |"), "{text}");
    }
    crib()
        .args(["--ascii", "score"])
        .write_stdin("5h 5c 5s Jd 5d\n")
        .assert()
        .stdout("5h 5c 5s Jd | 5d: 29 (fifteens 16, pairs 12, runs 0, flush 0, nobs 1)\n");
}

/// At a terminal with nothing piped in, crib says what it is waiting for.
#[test]
fn a_terminal_on_stdin_is_told_what_to_type() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("a_terminal_on_stdin_is_told_what_to_type: no 'script' here to make a terminal");
        return;
    }
    for (args, expected) in [
        ("score", "crib score: reading hands from the terminal"),
        (
            "check -",
            "crib check: reading table rows from the terminal",
        ),
    ] {
        let output = Command::new("script")
            .args(["-qec", &format!("{} {args}", binary()), "/dev/null"])
            .env("LANG", "C.UTF-8")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains(expected), "{args}: {text}");
    }
    // On a terminal 70 columns wide, crib check's table wraps to fit it.
    let output = Command::new("script")
        .args([
            "-qec",
            &format!("stty cols 70; {} --color never check", binary()),
            "/dev/null",
        ])
        .env("LANG", "C.UTF-8")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    let widest = text
        .lines()
        .map(|l| l.trim_end_matches('\r').chars().count())
        .max();
    assert_eq!(widest, Some(70), "{text}");
    // On a terminal `--color auto` colours, unless NO_COLOR is set.
    for (no_color, coloured) in [(None, true), (Some("1"), false)] {
        let mut command = Command::new("script");
        command
            .args([
                "-qec",
                &format!("{} score 5h 5c 5s Jd 5d", binary()),
                "/dev/null",
            ])
            .env("LANG", "C.UTF-8")
            .env_remove("NO_COLOR")
            .stdin(Stdio::null());
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let text = String::from_utf8_lossy(&command.output().unwrap().stdout).into_owned();
        assert_eq!(
            text.contains("\u{1b}[31m5♥"),
            coloured,
            "NO_COLOR={no_color:?}: {text}"
        );
    }
}

#[test]
fn small_ones() {
    // U+FE0E asks for the text form of a suit symbol, U+FE0F for the emoji form.
    for heart in ["5♥\u{FE0E}", "5♥\u{FE0F}"] {
        crib()
            .args(["score", heart, "5c", "5s", "Jd", "5d", "--json"])
            .assert()
            .success()
            .stdout(predicate::str::contains(r#""hand":["5h","#));
    }
    assert_rejected(
        &["score", "5h", "5c", "5s", "--starter", "Jd"],
        "but 3 were given",
    );
    assert_rejected(&["stats", "5h"], "but 1 was given");
    crib()
        .args(["stats", "5h", "5c", "5s", "Jd"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no starter makes: 0, 1, 2"))
        .stdout(predicate::str::contains("no hand scores").not());
    crib()
        .args(["stats", "--crib"])
        .assert()
        .success()
        .stdout(predicate::str::contains("no crib scores: 19, 25, 26, 27"));
    crib()
        .args(["check", "--json"])
        .assert()
        .success()
        .stdout(predicate::str::contains("0 of 5,031,600 such hands"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Whatever bytes come in, batch mode never panics, and every line that is not blank or a
    /// comment gets exactly one JSON object, with its line number, in order.
    #[test]
    fn batch_mode_answers_every_line(
        lines in proptest::collection::vec(
            proptest::prop_oneof![
                "([2-9AJQK]|10)[hdcs♥]( ([2-9AJQK]|10)[hdcs]){4}"
                    .prop_map(String::into_bytes),
                "[ #5hx\t♥\u{FEFF}]{0,12}".prop_map(String::into_bytes),
                proptest::collection::vec(any::<u8>().prop_filter("no newline", |b| *b != b'\n'), 0..30),
            ],
            0..40,
        )
    ) {
        let input = lines.join(&b'\n');
        let output = crib()
            .args(["score", "--json"])
            .write_stdin(input.clone())
            .output()
            .unwrap();
        let code = output.status.code();
        prop_assert!(code == Some(0) || code == Some(2), "{code:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        prop_assert!(!stderr.contains("panicked"));
        let expected: Vec<usize> = input
            .split(|&b| b == b'\n')
            .enumerate()
            .filter(|(i, line)| {
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                let line = if *i == 0 {
                    line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line)
                } else {
                    line
                };
                let line = String::from_utf8_lossy(line);
                let line = line.trim();
                !line.is_empty() && !line.starts_with('#')
            })
            .map(|(i, _)| i + 1)
            .collect();
        let numbers: Vec<usize> = crate::common::json_lines::<serde_json::Value>(&output.stdout)
            .iter()
            .map(|value| value["line"].as_u64().unwrap() as usize)
            .collect();
        prop_assert_eq!(numbers, expected);
    }
}
