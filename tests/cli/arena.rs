//! `crib match` and `crib engine`: crib's levels and programs speaking crib's engine protocol in
//! duplicate games, a referee no engine can fool or stop, and the same games whatever the
//! number of workers.

use std::path::PathBuf;

use serde_json::Value;

use crate::common::{assert_rejected, crib, json_lines, words};

/// The Python engine of the tests (standard library only): crib's greedy level, from the
/// protocol's description alone, or with `--misbehave HOW` a broken one.
fn python_engine(misbehave: Option<&str>) -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/engines/greedy.py");
    match misbehave {
        Some(how) => format!("python3 '{}' --misbehave {how}", script.display()),
        None => format!("python3 '{}'", script.display()),
    }
}

/// `crib match ... --json`, parsed; the timings, which differ from run to run, taken out.
fn summary(args: &[&str]) -> Value {
    let output = crib()
        .arg("match")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty(), "no progress on a pipe");
    let mut value: Value = serde_json::from_slice(&output.stdout).expect("one JSON summary");
    let object = value.as_object_mut().unwrap();
    object.remove("seconds");
    object.remove("workers");
    for entrant in object["entrants"].as_array_mut().unwrap() {
        let entrant = entrant.as_object_mut().unwrap();
        entrant.remove("mean_seconds");
        entrant.remove("median_seconds");
        entrant.remove("slowest_seconds");
        entrant.remove("hello");
        entrant.remove("name");
    }
    for side in object["sides"].as_array_mut().unwrap() {
        side.as_object_mut().unwrap().remove("name");
    }
    value
}

/// The conformance test: a program written from the protocol's description, playing the greedy
/// rule, plays exactly the games of crib's own greedy level on the same seeds, with two players
/// and with three.
#[test]
fn a_python_engine_plays_the_games_of_crib_greedy() {
    let engine = format!("py={}", python_engine(None));
    for (players, seed) in [
        (&["crib:expert"][..], "3"),
        (&["crib:greedy-high", "crib:random"][..], "4"),
    ] {
        let mut ours = vec!["crib:greedy"];
        ours.extend(players);
        let mut theirs = vec!["py"];
        theirs.extend(players);
        let games = ["--games", "6", "--game", "61", "--seed", seed];
        let built_in = summary(&[&ours[..], &games[..]].concat());
        let program = summary(&[&theirs[..], &games[..], &["--engine", &engine][..]].concat());
        assert_eq!(built_in, program, "{players:?}");
        assert_eq!(program["forfeits"], serde_json::json!([]));
    }
    // Card for card: the logs of the same games are the same but for the player's name.
    let (ours, theirs) = (tempdir("conformance-crib"), tempdir("conformance-py"));
    for (player, dir) in [("crib:greedy", &ours), ("py", &theirs)] {
        crib()
            .args([
                "match",
                player,
                "crib:reply-aware",
                "--games",
                "2",
                "--seed",
                "8",
            ])
            .args(["--engine", &engine, "--log"])
            .arg(dir)
            .assert()
            .success();
    }
    for game in 1..=2 {
        let name = format!("game-{game:05}.jsonl");
        let a = std::fs::read_to_string(ours.join(&name)).unwrap();
        let b = std::fs::read_to_string(theirs.join(&name)).unwrap();
        assert_eq!(a, b.replace("\"py\"", "\"greedy\""), "{name}");
    }
}

/// The same seed gives the same games with one worker and with two.
#[test]
fn the_workers_do_not_change_the_games() {
    for players in ["2", "3", "4"] {
        let args = ["crib:greedy", "crib:reply-aware", "crib:random"];
        let named = if players == "3" {
            &args[..]
        } else {
            &args[..2]
        };
        let with = |workers: &str| {
            let settings = [
                "--players",
                players,
                "--games",
                "12",
                "--seed",
                "9",
                "--workers",
                workers,
            ];
            summary(&[named, &settings[..]].concat())
        };
        let (one, two) = (with("1"), with("2"));
        assert_eq!(one, two, "{players} players");
        assert_eq!(one["games"], 12);
    }
}

/// A match played in parts (`--part K/N --records FILE`) and summarised from its records
/// (`--from-records`) is the match played whole, whatever the number of parts, with two, three
/// and four players and a program that forfeits; parts that leave games out, or hold one twice,
/// are refused, and a match short of its games says it stopped short.
#[test]
fn a_match_in_parts_is_the_match() {
    let dir = tempdir("parts");
    std::fs::create_dir_all(&dir).unwrap();
    let engine = format!("bad={}", python_engine(Some("error")));
    let matches: [&[&str]; 3] = [
        &["bad", "crib:greedy", "--engine", &engine, "--timeout", "1"],
        &["crib:greedy", "crib:reply-aware", "crib:random"],
        &["crib:greedy", "crib:random", "--players", "4"],
    ];
    for (m, named) in matches.into_iter().enumerate() {
        let settings = [named, &["--games", "24", "--seed", "6"][..]].concat();
        let whole = summary(&settings);
        for n in [1, 3, 5] {
            let files: Vec<String> = (1..=n)
                .map(|k| {
                    let file = dir.join(format!("m{m}-{k}-of-{n}.jsonl"));
                    let part = format!("{k}/{n}");
                    let records = file.to_str().unwrap();
                    crib()
                        .arg("match")
                        .args(&settings)
                        .args(["--part", &part, "--records", records])
                        .assert()
                        .success();
                    records.to_owned()
                })
                .collect();
            let mut from = settings.clone();
            from.push("--from-records");
            from.extend(files.iter().map(String::as_str));
            assert_eq!(summary(&from), whole, "match {m} in {n} parts");
            let told = crib().arg("match").args(&from).output().unwrap();
            let told = String::from_utf8_lossy(&told.stdout);
            assert!(
                told.contains("on the same decks, summed up from their records."),
                "{told}"
            );
            if n == 3 {
                let missing = [&settings[..], &["--from-records", &files[0], &files[2]]].concat();
                assert_rejected(
                    &[&["match"][..], &missing].concat(),
                    "is missing in the records",
                );
                let twice = [&settings[..], &["--from-records", &files[0], &files[0]]].concat();
                assert_rejected(
                    &[&["match"][..], &twice].concat(),
                    "is twice in the records",
                );
                let short = crib()
                    .arg("match")
                    .args(&settings)
                    .args(["--from-records", &files[0], "--json"])
                    .output()
                    .unwrap();
                let short: Value = serde_json::from_slice(&short.stdout).unwrap();
                assert_eq!(short["interrupted"], true);
                let games = short["games"].as_u64().unwrap();
                assert!(games > 0 && games < 24, "{games}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The summary's first lines say what was played, in English: one group is a group.
#[test]
fn the_summary_counts_in_words() {
    crib()
        .args(words(
            "match crib:greedy crib:random --games 2 --seed 1 --workers 1",
        ))
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "2 games, 1 group of 2 on the same decks, in ",
        ))
        .stdout(predicates::str::contains(" s on 1 worker.\n"));
}

/// The summary counts the groups by the games the first side won of each, as pentanomials are
/// counted: every group once, the games won adding up to the wins, and the other side's counts
/// the mirror with two sides; the text says the same as the JSON.
#[test]
fn the_outcomes_count_every_group() {
    for (named, players) in [
        (&["crib:greedy-high", "crib:greedy"][..], "2"),
        (&["crib:greedy-high", "crib:greedy", "crib:random"][..], "3"),
        (&["crib:greedy-high", "crib:greedy"][..], "4"),
    ] {
        let settings = ["--players", players, "--games", "48", "--seed", "3"];
        let value = summary(&[named, &settings[..]].concat());
        let sides = value["sides"].as_array().unwrap();
        let counts = |side: usize| -> Vec<u64> {
            sides[side]["outcomes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_u64().unwrap())
                .collect()
        };
        for (side, standing) in sides.iter().enumerate() {
            let outcomes = counts(side);
            let size = outcomes.len() as u64 - 1;
            assert_eq!(size * value["groups"].as_u64().unwrap(), 48, "{players}");
            assert_eq!(
                outcomes.iter().sum::<u64>(),
                value["groups"].as_u64().unwrap()
            );
            let won: u64 = outcomes.iter().enumerate().map(|(k, n)| k as u64 * n).sum();
            assert_eq!(won, standing["wins"].as_u64().unwrap(), "{players}: {side}");
        }
        if sides.len() == 2 {
            let mut mirror = counts(1);
            mirror.reverse();
            assert_eq!(counts(0), mirror, "{players}");
        }
        let text = crib()
            .arg("match")
            .args(named)
            .args(settings)
            .output()
            .unwrap();
        let text = String::from_utf8(text.stdout).unwrap();
        let outcomes = counts(0);
        let line = if players == "2" {
            format!(
                "Groups of 2: crib:greedy-high won both {}, split {}, lost both {}.",
                outcomes[2], outcomes[1], outcomes[0]
            )
        } else {
            let size = outcomes.len() - 1;
            let shown: Vec<String> = outcomes.iter().rev().map(u64::to_string).collect();
            format!(
                "Groups of {size}, by games crib:greedy-high won ({size} to 0): {}.",
                shown.join("/")
            )
        };
        assert!(text.contains(&line), "{line}\n{text}");
    }
}

/// Engines that misbehave at their third decision forfeit that game, with the reason in the
/// summary, and are started afresh for the next; the match ends with every game played.
#[test]
fn engines_that_misbehave_forfeit() {
    for (how, reason) in [
        ("crash", "exited"),
        ("illegal", "threw"),
        ("garbage", "not JSON"),
        ("hang", "no answer within 1 s"),
        ("flood", "longer than 64 KiB"),
        ("error", "out of ideas"),
    ] {
        let engine = format!("bad={}", python_engine(Some(how)));
        let output = crib()
            .args(["match", "bad", "crib:greedy", "--games", "4", "--seed", "2"])
            .args(["--timeout", "1", "--engine", &engine, "--json"])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{how}");
        let summary: Value = serde_json::from_slice(&output.stdout).unwrap();
        assert_eq!(summary["games"], 4, "{how}");
        let forfeits = summary["forfeits"].as_array().unwrap();
        assert_eq!(forfeits.len(), 4, "{how}: {forfeits:?}");
        for f in forfeits {
            assert_eq!(f["player"], "bad", "{how}");
            assert!(f["reason"].as_str().unwrap().contains(reason), "{how}: {f}");
        }
        assert_eq!(summary["sides"][1]["wins"], 4, "{how}");
    }
}

/// A program that does not speak the protocol is refused before the match starts.
#[test]
fn an_engine_of_another_protocol_is_refused() {
    let engine = format!("old={}", python_engine(Some("old")));
    assert_rejected(
        &["match", "old", "crib:greedy", "--engine", &engine],
        "old: a hello for protocol 0, where crib speaks protocol 1",
    );
    assert_rejected(
        &["match", "crib:greedy", "crib:grandmaster"],
        "crib:grandmaster: crib's levels are crib:random",
    );
    assert_rejected(&["match", "crib:greedy", "bot"], "bot: not a player");
    assert_rejected(
        &words("match crib:greedy crib:random crib:expert --sprt 0,10"),
        "--sprt compares two sides",
    );
    assert_rejected(
        &["match", "crib:greedy", "crib:random", "--sprt", "10,0"],
        "the lower first",
    );
    assert_rejected(
        &words("match crib:greedy crib:random crib:expert --players 2"),
        "3 players named for a game of 2",
    );
}

/// The SPRT stops a lopsided match early, at a whole group, and says which way it decided.
#[test]
fn the_sprt_stops_a_match_once_it_decides() {
    let s = summary(&words(
        "crib:greedy crib:random --sprt 0,100 --games 2000 --seed 1",
    ));
    assert_eq!(s["sprt"]["result"], "H1");
    let games = s["games"].as_u64().unwrap();
    assert!(games < 2000 && games.is_multiple_of(2), "{games}");
    assert!(s["sprt"]["llr"].as_f64().unwrap() >= s["sprt"]["upper"].as_f64().unwrap());
}

/// `--log DIR` writes each game in crib game's log format: crib deal - recounts every line and
/// crib review grades a player of it.
#[test]
fn the_logs_are_crib_games_logs() {
    let dir = tempdir("match-logs");
    let two_games = words("match crib:greedy crib:random --games 2 --log");
    crib()
        .args(&two_games)
        .arg(&dir)
        .args(["--seed", "5"])
        .assert()
        .success();
    let log = dir.join("game-00002.jsonl");
    let text = std::fs::read_to_string(&log).unwrap();
    let deals = crib()
        .args(["deal", "-", "--json"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    assert_eq!(deals.status.code(), Some(0));
    let answers: Vec<Value> = json_lines(&deals.stdout);
    assert_eq!(answers.len(), text.lines().count());
    assert!(answers.last().unwrap()["winner"].is_string());
    crib()
        .args(["review", "--player", "greedy", "--no-board"])
        .arg(&log)
        .assert()
        .success();
    // A directory that holds games is not written over.
    crib().args(&two_games).arg(&dir).assert().code(2);
}

fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crib-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `crib engine` says hello, throws and plays as its level, and answers a bad request with an
/// error naming the field, reading on.
#[test]
fn crib_engine_speaks_the_protocol() {
    let requests = concat!(
        "{\"ask\": \"hello\", \"protocol\": 1}\n",
        "{\"ask\": \"throw\", \"seat\": 1, \"dealt\": [\"5h\", \"5c\", \"5s\", \"Jd\", \"2c\", \"9h\"]}\n",
        "{\"ask\": \"play\", \"seat\": 2, \"hand\": [\"10h\", \"Kd\", \"2c\", \"3c\"], \"thrown\": [\"4d\", \"8s\"], \"starter\": \"As\", \"sequence\": [\"5h\"], \"scores\": {\"you\": 10, \"opponent\": 20}}\n",
        "{\"ask\": \"throw\", \"seat\": 1, \"dealt\": [\"5h\", \"5c\"]}\n",
    );
    let output = crib()
        .args(["engine", "--level", "greedy"])
        .write_stdin(requests)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let answers: Vec<Value> = json_lines(&output.stdout);
    assert_eq!(answers[0]["protocol"], 1);
    assert_eq!(answers[0]["level"], "greedy");
    assert_eq!(answers[1]["throw"], serde_json::json!(["2c", "9h"]));
    assert_eq!(answers[2]["card"], "10h");
    assert!(
        answers[3]["error"]
            .as_str()
            .unwrap()
            .contains("\"dealt\" takes the 6 cards")
    );
}

/// Ctrl-C stops a match: the games finished are summed up and crib exits 130.
#[cfg(unix)]
#[test]
fn an_interrupt_sums_up_the_games_so_far() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(words(
            "match crib:expert crib:greedy --games 100000 --seed 1 --json",
        ))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(summary["interrupted"], true);
    let games = summary["games"].as_u64().unwrap();
    assert!(games < 100_000);
    // Whole groups of duplicate games only: a game finished of a group not finished is left
    // out, and said to be.
    assert_eq!(games % 2, 0, "{summary}");
    assert!(summary["left_out"].as_u64().unwrap() < 2, "{summary}");
}

/// On a terminal, a progress line: the games played and the first player's share so far.
#[cfg(unix)]
#[test]
fn a_terminal_sees_the_progress() {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_crib"));
    command
        .args(words(
            "match crib:greedy crib:random --games 1000000 --seed 1",
        ))
        .env("LANG", "C.UTF-8")
        .env("TERM", "xterm")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("crib-tests-data"),
        );
    let mut p = rexpect::session::spawn_command(command, Some(60_000)).unwrap();
    p.exp_regex(r"\d+/1000000 games; crib:greedy \d+\.\d%")
        .expect("a progress line");
    p.send_control('c').unwrap();
    p.exp_regex("games were planned[.;]").unwrap();
}

/// `crib engine --level L` run as a program plays exactly the games of `crib:L`: the protocol
/// carries all a level decides from.
#[test]
fn crib_engine_plays_the_games_of_its_level() {
    let crib = env!("CARGO_BIN_EXE_crib");
    for (level, players) in [("random", "2"), ("greedy-high", "3"), ("reply-aware", "4")] {
        let engine = format!("e=\"{crib}\" engine --level {level}");
        let built_in = format!("crib:{level}");
        let others: &[&str] = if players == "3" {
            &["crib:greedy", "crib:random"]
        } else {
            &["crib:greedy"]
        };
        let games = ["--players", players, "--games", "12", "--seed", "6"];
        let ours = summary(&[&[built_in.as_str()][..], others, &games[..]].concat());
        let theirs =
            summary(&[&["e"][..], others, &games[..], &["--engine", &engine][..]].concat());
        assert_eq!(ours, theirs, "{level}");
    }
}

/// `crib engine --level strongest --without PART` leaves a part out: at 115-110 the board
/// changes the dealer's throw from the points' best (`crib discard`'s example), and without the
/// board it is the points' best again; without the discard's models it throws by the plain
/// heuristic. With four players it throws with the play left out. Without the dealer's answer
/// by rollouts it answers the lead by the engine. `--without` with another level is refused.
#[test]
fn strongest_without_a_part() {
    let request = concat!(
        "{\"ask\": \"throw\", \"seat\": 2, \"dealt\": [\"5h\", \"Jd\", \"5c\", \"5s\", \"4d\", \"6d\"], ",
        "\"scores\": {\"you\": 115, \"opponent\": 110}}\n"
    );
    let throw_of = |request: &str, args: &[&str]| {
        let output = crib()
            .args([&["engine", "--level", "strongest"][..], args].concat())
            .write_stdin(request)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        json_lines::<Value>(&output.stdout)[0]["throw"].clone()
    };
    let throw = |args: &[&str]| throw_of(request, args);
    let full = throw(&[]);
    let points = throw(&["--without", "board"]);
    assert_eq!(full, serde_json::json!(["Jd", "4d"]));
    assert_eq!(points, serde_json::json!(["5h", "Jd"]));
    assert_eq!(throw(&["--without", "reading"]), full);
    // The pone's A 2 3 K K Q at 0-0: the expert crib and the play counted keep A 2 3 K; the
    // plain heuristic (a crib of random cards, the play left out) keeps 2 3 K K.
    let pone = concat!(
        "{\"ask\": \"throw\", \"seat\": 1, \"dealt\": [\"Ah\", \"2c\", \"3d\", \"Kh\", \"Ks\", ",
        "\"Qd\"], \"scores\": {\"you\": 0, \"opponent\": 0}}\n"
    );
    let without = |parts: &[&str]| {
        let args: Vec<&str> = parts.iter().flat_map(|p| ["--without", p]).collect();
        throw_of(pone, &args)
    };
    assert_eq!(without(&["board"]), serde_json::json!(["Kh", "Qd"]));
    assert_eq!(
        without(&["board", "discard"]),
        serde_json::json!(["Ah", "Qd"])
    );
    // Four players, seat 2 (the dealer's partner) with 5 6 7 8 K: the expert and crib's
    // strongest count the play and throw the king; the plain heuristic throws the 5 into its
    // partner's crib.
    let four = concat!(
        "{\"ask\": \"throw\", \"players\": 4, \"seat\": 2, \"dealt\": [\"5h\", \"6c\", \"7d\", ",
        "\"8s\", \"Kd\"], \"scores\": {\"you\": 0, \"opponent\": 0}}\n"
    );
    assert_eq!(throw_of(four, &[]), serde_json::json!(["Kd"]));
    assert_eq!(
        throw_of(four, &["--without", "discard"]),
        serde_json::json!(["5h"])
    );
    // The dealer's answer to a lead of 3c at 0-0 with Kd 5h Qs 5c (threw 4s Ad, starter 2d):
    // by rollouts a five, without them the engine's king.
    let answer = concat!(
        "{\"ask\": \"play\", \"seat\": 2, \"hand\": [\"Kd\", \"5h\", \"Qs\", \"5c\"], ",
        "\"thrown\": [\"4s\", \"Ad\"], \"starter\": \"2d\", \"sequence\": [\"3c\"], ",
        "\"scores\": {\"you\": 0, \"opponent\": 0}}\n"
    );
    let card_of = |args: &[&str]| {
        let output = crib()
            .args([&["engine", "--level", "strongest"][..], args].concat())
            .write_stdin(answer)
            .output()
            .unwrap();
        json_lines::<Value>(&output.stdout)[0]["card"].clone()
    };
    assert_eq!(card_of(&[]), serde_json::json!("5h"));
    assert_eq!(card_of(&["--without", "answer"]), serde_json::json!("Kd"));
    let expert = crib()
        .args(["engine", "--level", "expert"])
        .write_stdin(four)
        .output()
        .unwrap();
    assert_eq!(
        json_lines::<Value>(&expert.stdout)[0]["throw"],
        serde_json::json!(["Kd"])
    );
    crate::common::assert_rejected(
        &["engine", "--level", "expert", "--without", "board"],
        "--without takes the parts of --level strongest, not of expert",
    );
}

/// The first decisions of crib's strongest player unpack its tables while both workers play:
/// each of six fresh processes finishes (one in five hung, every thread waiting, while a
/// table was unpacked on rayon's workers inside a `OnceLock`). The limit only stops a hang; a
/// match of two games to 61 takes about a second.
#[test]
fn first_decisions_never_hang() {
    for seed in 1..=6 {
        crib()
            .args([
                "match",
                "crib:strongest",
                "crib:greedy-high",
                "--games",
                "2",
                "--game",
                "61",
            ])
            .args(["--seed", &seed.to_string()])
            .timeout(std::time::Duration::from_secs(120))
            .assert()
            .success();
    }
}
