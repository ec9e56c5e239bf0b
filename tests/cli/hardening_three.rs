//! Hardening, round three: what a new user and a hostile tester found in the game, the review
//! and the engines. Each test here failed before its fix.

use std::process::Command;

use crate::common::crib;

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
