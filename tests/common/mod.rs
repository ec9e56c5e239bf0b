//! Helpers shared by the CLI tests.

#![allow(dead_code)]

use assert_cmd::Command;

/// The `crib` binary, ready to be given arguments.
pub fn crib() -> Command {
    Command::cargo_bin("crib").expect("the crib binary is built")
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
