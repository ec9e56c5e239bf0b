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

/// Row 5: without --seed, nothing a player can read during the game gives away a deal to come:
/// not the log (no seed on its lines until the game is over), not the name a `quit` saves to,
/// not `crib verify` (which refuses a game in progress rather than print its seed). `--resume`
/// still carries the game on, and the finished log verifies.
#[test]
fn a_hidden_seed_stays_out_of_the_log_until_the_end() {
    let dir = scratch("five-hidden-seed");
    let data = dir.join("data");
    let run = |args: &[&str], input: String, data: &Path| {
        let output = crib()
            .current_dir(&dir)
            .env("XDG_DATA_HOME", data)
            .args(args)
            .write_stdin(input)
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let some_deals = "best\n".repeat(14) + "quit\n";
    // With a log, and without one (saved by quit under a name that is not the seed).
    let (code, during, _) = run(
        &["game", "--game", "61", "--log", "run.jsonl"],
        some_deals.clone(),
        &data,
    );
    assert_eq!(code, Some(0));
    let (code, quitted, _) = run(&["game", "--game", "61", "--no-log"], some_deals, &data);
    assert_eq!(code, Some(0));
    let saved: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("crib-game-"))
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(
        quitted.contains(&format!("--resume {}", saved[0])),
        "{quitted}"
    );
    for log in ["run.jsonl", saved[0].as_str()] {
        let text = std::fs::read_to_string(dir.join(log)).unwrap();
        assert!(text.lines().count() >= 1, "{log}");
        assert!(!text.contains("\"seed\""), "{log}: {text}");
        // crib verify will not print the seed of a game in progress.
        let (code, report, _) = run(&["verify", log, "--json"], String::new(), &data);
        assert_eq!(code, Some(1), "{report}");
        let report: serde_json::Value = serde_json::from_str(&report).unwrap();
        assert!(report["seed"].is_null(), "{report}");
        assert!(
            report["problems"][0]
                .as_str()
                .unwrap()
                .contains("the log's seed is hidden until the game is over"),
            "{report}"
        );
        // Elsewhere (no seed kept), it cannot be carried on, and says why.
        let (code, _, err) = run(&["game", "--resume", log], "best\n".into(), &dir.join("x"));
        assert_eq!(code, Some(2));
        assert!(err.contains("this machine does not keep it"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        // Here it is carried on to the end; the last line carries the seed, and it verifies.
        let (code, after, _) = run(&["game", "--resume", log], "best\n".repeat(400), &data);
        assert_eq!(code, Some(0));
        let text = std::fs::read_to_string(dir.join(log)).unwrap();
        let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        let seed = last["log"]["seed"]
            .as_u64()
            .expect("the last line has the seed");
        assert!(after.contains(&format!("The seed was {seed}")), "{after}");
        for shown in [&during, &quitted, &saved[0]] {
            assert!(!shown.contains(&seed.to_string()));
        }
        let (code, verified, _) = run(&["verify", log], String::new(), &data);
        assert_eq!(code, Some(0), "{verified}");
    }
    // Every seed kept for a game in progress is forgotten once it is over.
    let kept = std::fs::read_dir(data.join("crib").join("seeds"))
        .unwrap()
        .count();
    assert_eq!(kept, 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Row 6: a log of a format version this crib does not know is refused, with one line, by
/// every reader; one without a version (written before versions) is read as before.
#[test]
fn a_log_of_an_unknown_version_is_refused() {
    let dir = scratch("five-log-version");
    let logs = greedy_match_logs(&dir);
    let text = std::fs::read_to_string(logs.join("game-00001.jsonl")).unwrap();
    assert!(text.lines().all(|l| l.contains("\"version\":1")));
    let newer = dir.join("newer.jsonl");
    std::fs::write(
        &newer,
        text.replace("\"version\":1", "\"version\":2,\"engine\":\"crib 9.9.9\""),
    )
    .unwrap();
    let older = dir.join("older.jsonl");
    std::fs::write(&older, text.replace(",\"version\":1", "")).unwrap();
    let newer = newer.to_str().unwrap();
    for args in [
        vec!["verify", newer],
        vec!["review", newer],
        vec!["stats", "--logs", newer],
        vec![
            "train",
            "mistakes",
            "--logs",
            newer,
            "--state",
            "/nonexistent/x",
        ],
        vec!["game", "--resume", newer],
    ] {
        crate::common::assert_rejected(&args, "the log is of format version 2, which crib");
    }
    crib().args(["verify"]).arg(&older).assert().success();
    crib().args(["review"]).arg(&older).assert().success();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Row 7: with standard output closed (`>&-`), the game and the drills refuse to start, so
/// nothing is kept for answers to questions no one saw; output to /dev/null, however opened, is
/// still normal output, and other commands still run.
#[cfg(target_os = "linux")]
#[test]
fn no_answer_is_kept_for_a_question_that_could_not_be_shown() {
    let dir = scratch("five-closed-stdout");
    let logs = greedy_match_logs(&dir);
    let binary = assert_cmd::cargo::cargo_bin("crib");
    let bash = |script: &str| {
        std::process::Command::new("bash")
            .args(["-c", script])
            .arg(&binary)
            .current_dir(&dir)
            .env("LANG", "C.UTF-8")
            .env("XDG_DATA_HOME", dir.join("data"))
            .output()
            .unwrap()
    };
    let state = dir.join("train.json");
    let logs = logs.display();
    let state_arg = state.display();
    for (script, kept) in [
        (
            "yes best | \"$0\" game --seed 5 --log closed.jsonl >&-",
            "closed.jsonl",
        ),
        (
            &*format!(
                "printf 'best\\n' | \"$0\" train mistakes --logs {logs} --player greedy \
                 --state {state_arg} --today 2026-12-01 >&-"
            ),
            "train.json",
        ),
    ] {
        let output = bash(script);
        assert_eq!(output.status.code(), Some(2), "{script}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains("standard output is closed"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!dir.join(kept).exists(), "{script}");
    }
    for redirect in ["> /dev/null", "1<> /dev/null"] {
        let output = bash(&format!(
            "yes best | \"$0\" game --seed 5 --game 61 --log open.jsonl {redirect}"
        ));
        assert_eq!(output.status.code(), Some(0), "{redirect}");
        assert!(dir.join("open.jsonl").exists());
        std::fs::remove_file(dir.join("open.jsonl")).unwrap();
    }
    let score = bash("\"$0\" score 5h 5c 5s Jd 5d >&-");
    assert_eq!(score.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Row 9: narrow terminals. The odds map drops columns to fit; the review's tables wrap
/// between words, drop what they can spare, and never split a word or a number.
#[test]
fn narrow_tables_drop_columns_and_never_split_words() {
    let widest = |stdout: &[u8]| {
        String::from_utf8_lossy(stdout)
            .lines()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0)
    };
    for columns in [60, 50, 40] {
        let map = crib()
            .args(["odds", "--table"])
            .env("COLUMNS", columns.to_string())
            .output()
            .unwrap();
        assert!(widest(&map.stdout) <= columns, "odds at {columns}");
    }
    let dir = scratch("five-narrow");
    let logs = greedy_match_logs(&dir);
    let log = logs.join("game-00001.jsonl");
    let wide = crib()
        .args(["review", "--player", "greedy"])
        .arg(&log)
        .output()
        .unwrap();
    let wide = String::from_utf8(wide.stdout).unwrap();
    // The words and numbers of the wide tables, each found whole in the narrow ones.
    let cells: Vec<String> = wide
        .lines()
        .filter(|l| l.starts_with('│'))
        .flat_map(|l| {
            l.split(['│', '┆'])
                .map(str::trim)
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .filter(|c| c.contains('%') || c.chars().all(|ch| ch.is_ascii_lowercase()))
        .filter(|c| !c.is_empty())
        .collect();
    assert!(cells.iter().any(|c| c == "blunder"), "{wide}");
    for columns in [50, 40] {
        let narrow = crib()
            .args(["review", "--player", "greedy"])
            .arg(&log)
            .env("COLUMNS", columns.to_string())
            .output()
            .unwrap();
        assert!(widest(&narrow.stdout) <= columns, "review at {columns}");
        let narrow = String::from_utf8(narrow.stdout).unwrap();
        let narrow_cells: Vec<&str> = narrow
            .lines()
            .filter(|l| l.starts_with('│'))
            .flat_map(|l| l.split(['│', '┆']).map(str::trim))
            .collect();
        for label in ["inaccuracy", "mistake", "blunder"] {
            let wide_count = cells.iter().filter(|c| *c == label).count();
            let narrow_count = narrow_cells.iter().filter(|c| **c == label).count();
            assert_eq!(wide_count, narrow_count, "{label} at {columns}: {narrow}");
        }
        // Every number kept is whole: each cell that is a number in the narrow table was one
        // in the wide.
        for cell in narrow_cells.iter().filter(|c| c.ends_with('%')) {
            assert!(
                cells.iter().any(|w| w == cell),
                "{cell} at {columns}: {narrow}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
