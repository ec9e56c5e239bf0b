//! Helpers shared by the CLI tests.

#![allow(dead_code)]

use assert_cmd::Command;

/// The `crib` binary, ready to be given arguments, in a UTF-8 locale with no colour settings
/// and no `COLUMNS` (so 80 columns), so that what it prints does not depend on the environment
/// the tests run in, and its data and cache (`XDG_DATA_HOME`, `XDG_CACHE_HOME`) in places of the
/// tests'.
pub fn crib() -> Command {
    let mut command = Command::cargo_bin("crib").expect("the crib binary is built");
    command
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .env("LANG", "C.UTF-8")
        // The seeds of games in progress and the grades of logs are kept in the tests' own
        // places, not yours.
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("crib-tests-data"),
        )
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("crib-tests-cache"),
        );
    command
}

/// Run crib with these arguments and parse its stdout as one JSON value.
pub fn json(args: &[&str]) -> serde_json::Value {
    let output = crib().args(args).arg("--json").output().unwrap();
    assert!(
        output.status.code().is_some_and(|c| c == 0 || c == 1),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

/// Read JSON Lines, one value a line, from what crib printed.
pub fn json_lines<T: serde::de::DeserializeOwned>(stdout: &[u8]) -> Vec<T> {
    std::str::from_utf8(stdout)
        .expect("stdout is UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

/// Assert that crib refuses input as bad: exit code 2, nothing on stdout, and one line on
/// stderr, `crib: error: ...`, that contains `expected` (naming the bad token). Standard input
/// is empty.
pub fn assert_rejected(args: &[&str], expected: &str) {
    assert_rejected_with_stdin(args, "", expected);
}

/// [`assert_rejected`], with this on standard input.
pub fn assert_rejected_with_stdin(args: &[&str], stdin: &str, expected: &str) {
    let output = crib().args(args).write_stdin(stdin).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?} printed on stdout");
    assert!(stderr.starts_with("crib: error: "), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.contains(expected), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

/// A command line written as one string, split into its words: `words("score 5h 5c 5d Jh 5s")`.
pub fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// Feed `input` to `crib ARGS` reading JSON Lines (`crib play -`, `crib deal -`): its exit code,
/// and each line it answered, parsed.
pub fn answers<T: serde::de::DeserializeOwned>(
    args: &[&str],
    input: &str,
) -> (Option<i32>, Vec<T>) {
    let output = crib()
        .args(args)
        .write_stdin(input.to_owned())
        .output()
        .unwrap();
    (output.status.code(), json_lines(&output.stdout))
}

/// A fresh scratch directory for one test, `name` unique among the tests.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("crib-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The logs of two games to 61 of crib's greedy against its expert (seed 3), written by
/// `crib match --log` to `dir/match`: a weaker player's history, with mistakes to find.
pub fn greedy_match_logs(dir: &std::path::Path) -> std::path::PathBuf {
    let logs = dir.join("match");
    crib()
        .args([
            "match",
            "crib:greedy",
            "crib:expert",
            "--games",
            "2",
            "--seed",
            "3",
        ])
        .args(["--game", "61", "--log", logs.to_str().unwrap()])
        .assert()
        .success();
    logs
}

/// `crib` for a pseudo-terminal (rexpect), as a person runs it there: no colour, a UTF-8
/// locale, an xterm, and its data (`XDG_DATA_HOME`) in the tests' place.
#[cfg(unix)]
pub fn pty_command() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_crib"));
    command
        .env("NO_COLOR", "1")
        .env("LANG", "C.UTF-8")
        .env("TERM", "xterm")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("crib-tests-data"),
        );
    command
}
