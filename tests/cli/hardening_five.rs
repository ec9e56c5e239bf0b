//! Hardening, round five: a state file that never replaces what it should not, logs that prove
//! what they claim, answers kept before a stop, and layouts for narrow terminals. Each test
//! here failed before its fix.

use std::path::Path;

use crate::common::{crib, greedy_match_logs, scratch};

/// Three good lines and then a line of 2 MB with no line break, all in one buffer: the three
/// answers are printed before the error (they used to be lost, with nothing on stdout).
#[test]
fn answers_before_a_stop_are_kept() {
    let mut input = b"5h 5c 5d Js 5s\n4h 5c 6d 7s 8h\n2c 3d 4h 5s 6c\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 2_000_000));
    for json in [false, true] {
        let mut command = crib();
        command.args(["score", "-"]);
        if json {
            command.arg("--json");
        }
        let output = command.write_stdin(input.clone()).output().unwrap();
        assert_eq!(output.status.code(), Some(2));
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(stdout.lines().count(), 3, "{stdout}");
        assert!(stdout.lines().next().unwrap().contains("29"), "{stdout}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("line 4: too long"), "{stderr}");
    }
}

/// `crib train mistakes` on the greedy player's logs with this state file, one round answered
/// `best` on 2026-12-01: its exit code and stderr.
fn train_with_state(logs: &Path, state: &Path, today: &str) -> (Option<i32>, String) {
    let output = crib()
        .args(["train", "mistakes", "--player", "greedy", "--rounds", "1"])
        .arg("--logs")
        .arg(logs)
        .arg("--state")
        .arg(state)
        .args(["--today", today])
        .write_stdin("best\n")
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Row 1: only a regular file is replaced. A symbolic link is followed and its target written
/// (the link stays a link); the mode is kept; a FIFO, a device, a directory and a read-only
/// file are refused with one line, exit 2, and left as they were.
#[cfg(unix)]
#[test]
fn a_state_file_replaces_only_a_regular_file() {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = scratch("five-state-kinds");
    let logs = greedy_match_logs(&dir);
    // A link to a state kept elsewhere: the target is written, the link stays.
    let kept = dir.join("dotfiles").join("train.json");
    std::fs::create_dir_all(kept.parent().unwrap()).unwrap();
    let link = dir.join("train.json");
    std::os::unix::fs::symlink("dotfiles/train.json", &link).unwrap();
    let (code, err) = train_with_state(&logs, &link, "2026-12-01");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let written = std::fs::read_to_string(&kept).unwrap();
    assert!(written.contains("\"asked\": 1"), "{written}");
    // The mode is kept.
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o600)).unwrap();
    let (code, err) = train_with_state(&logs, &link, "2026-12-02");
    assert_eq!(code, Some(0), "{err}");
    let mode = std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    // Read-only, a FIFO, a directory, a device: refused and left as they were.
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o444)).unwrap();
    let before = std::fs::read(&kept).unwrap();
    let (code, err) = train_with_state(&logs, &link, "2026-12-03");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("is read-only"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(std::fs::read(&kept).unwrap(), before);
    let fifo = dir.join("fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    for (path, kind) in [
        (fifo.clone(), "a FIFO"),
        (dir.clone(), "a directory"),
        ("/dev/null".into(), "a device"),
        ("/dev/zero".into(), "a device"),
    ] {
        let (code, err) = train_with_state(&logs, &path, "2026-12-03");
        assert_eq!(code, Some(2), "{path:?}: {err}");
        assert!(
            err.contains(&format!("is {kind}, not a regular file")),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Rows 2 and 3: a state file past its cap is refused without being read whole; `--today`
/// takes only a date crib can write back (four-digit years, and late enough dates refused);
/// an empty state file is started afresh with a note that says so.
#[test]
fn a_state_file_is_bounded_and_its_dates_written_back() {
    let dir = scratch("five-state-bounds");
    let logs = greedy_match_logs(&dir);
    let big = dir.join("big.json");
    std::fs::write(&big, vec![b' '; 9 << 20]).unwrap();
    let (code, err) = train_with_state(&logs, &big, "2026-12-01");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("more than the 8,388,608 a state may hold"),
        "{err}"
    );
    let state = dir.join("train.json");
    for (today, expected) in [
        ("9999-12-31", "too late"),
        ("9999-12-24", "too late"),
        ("26-12-01", "the year in four digits"),
        ("2026-12-1", "the year in four digits"),
    ] {
        let (code, err) = train_with_state(&logs, &state, today);
        assert_eq!(code, Some(2), "{today}: {err}");
        assert!(err.contains(expected), "{today}: {err}");
        assert!(!state.exists(), "{today}");
    }
    let (code, err) = train_with_state(&logs, &state, "9999-12-23");
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let written = std::fs::read_to_string(&state).unwrap();
    assert!(written.contains("\"due\": \"9999-12-24\""), "{written}");
    let (code, err) = train_with_state(&logs, &state, "9999-12-23");
    assert_eq!((code, err.as_str()), (Some(0), ""));
    std::fs::write(&state, "").unwrap();
    let (code, err) = train_with_state(&logs, &state, "2026-12-01");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("is empty: a new one is started in it"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Row 4: a log cut short, and a log with no commitment, are not verified (exit 1), each with
/// its reason; the whole log still is.
#[test]
fn a_log_cut_short_or_uncommitted_is_not_verified() {
    let dir = scratch("five-verify");
    let logs = greedy_match_logs(&dir);
    let full = std::fs::read_to_string(logs.join("game-00001.jsonl")).unwrap();
    let lines: Vec<&str> = full.lines().collect();
    let short = lines[..lines.len() - 1].join("\n") + "\n";
    let uncommitted: String = lines
        .iter()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["log"].as_object_mut().unwrap().remove("commitment");
            format!("{v}\n")
        })
        .collect();
    for (text, code, expected) in [
        (full.as_str(), 0, "verified: "),
        (
            short.as_str(),
            1,
            "the log stops before the game's end: after deal",
        ),
        (
            uncommitted.as_str(),
            1,
            "the log has no commitment to check",
        ),
    ] {
        let output = crib()
            .args(["verify", "-"])
            .write_stdin(text.to_owned())
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert_eq!(output.status.code(), Some(code), "{stdout}");
        assert!(stdout.replace("\n  ", " ").contains(expected), "{stdout}");
        let json = crib()
            .args(["verify", "-", "--json"])
            .write_stdin(text.to_owned())
            .output()
            .unwrap();
        let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(report["finished"], code == 0 || text == uncommitted);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
