//! `crib train` for programs (`--json`) and with bad answers; `train_pty.rs` drives each drill
//! as a person does, in a pseudo-terminal.

use std::path::Path;

use serde_json::Value;

use crate::common::{crib, greedy_match_logs, scratch};

/// The events of `crib --json train ARGS` answering `input`, and its exit code.
fn run(args: &[&str], input: &str) -> (Vec<Value>, i32) {
    let output = crib()
        .args(["--json", "train"])
        .args(args)
        .write_stdin(input.to_owned())
        .output()
        .unwrap();
    let events = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    (events, output.status.code().unwrap_or(-1))
}

fn of<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == kind).collect()
}

/// Counting: `best` shows the count (missed); the same seed deals the same hands, and the counts
/// shown are then right; a count short names what it missed, and the summary adds up.
#[test]
fn count_in_json() {
    let args = ["count", "--seed", "11", "--rounds", "3", "--focus", "nobs"];
    let (shown, code) = run(&args, "best\nbest\nbest\n");
    assert_eq!(code, 0);
    let graded = of(&shown, "graded");
    assert_eq!(graded.len(), 3);
    assert!(
        graded
            .iter()
            .all(|g| g["shown"] == true && g["right"] == false)
    );
    let holds: Vec<u64> = graded
        .iter()
        .map(|g| g["holds"].as_u64().unwrap())
        .collect();
    // Right the second time, one after a hint; then one short by nobs.
    let answers = format!("?\n{}\n{}\n{}\n", holds[0], holds[1], holds[2] - 1);
    let (again, code) = run(&args, &answers);
    assert_eq!(code, 0);
    assert_eq!(of(&again, "prompt")[0], of(&shown, "prompt")[0]);
    assert!(
        of(&again, "hint")[0]["text"]
            .as_str()
            .unwrap()
            .contains("nobs")
    );
    let graded = of(&again, "graded");
    assert_eq!(graded[0]["hinted"], true);
    assert!(graded[0]["right"] == true && graded[1]["right"] == true);
    let missed = graded[2]["missed"].as_array().unwrap();
    assert_eq!(missed.len(), 1, "{}", graded[2]);
    assert_eq!(missed[0]["kind"], "nobs");
    let summary = of(&again, "summary")[0];
    assert_eq!(
        (&summary["asked"], &summary["right"]),
        (&3.into(), &2.into())
    );
    assert_eq!(summary["cost"], 1.0);
}

/// The answers crib shows (`best`) for a drill, and the graded events.
fn shown(args: &[&str], rounds: usize) -> Vec<Value> {
    let (events, code) = run(args, &"best\n".repeat(rounds));
    assert_eq!(code, 0);
    let graded: Vec<Value> = of(&events, "graded").into_iter().cloned().collect();
    assert_eq!(graded.len(), rounds);
    graded
}

/// Throwing and playing: crib's own answers are right and cost nothing; `best` is shown and
/// counted as missed; a worse card costs, with its label and reasons.
#[test]
fn discard_and_play_in_json() {
    let args = ["discard", "--seed", "5", "--rounds", "2", "--board"];
    let best = shown(&args, 2);
    assert!(
        best.iter()
            .all(|g| g["shown"] == true && g["right"] == false)
    );
    let throws: Vec<String> = best
        .iter()
        .map(|g| {
            let cards: Vec<&str> = g["best"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap())
                .collect();
            cards.join(" ") + "\n"
        })
        .collect();
    let (events, _) = run(&args, &throws.concat());
    let prompt = of(&events, "prompt")[0];
    assert_eq!(prompt["ask"], "throw");
    assert!(prompt["scores"][0].as_u64().unwrap() >= 81, "{prompt}");
    for g in of(&events, "graded") {
        assert_eq!(
            (&g["right"], &g["cost"]),
            (&true.into(), &0.0.into()),
            "{g}"
        );
        assert!(g["cost_p_win"].is_number() && g["label"].is_null());
    }
    let summary = of(&events, "summary")[0];
    assert_eq!(summary["accuracy"], 100.0);

    // The play: crib's card, then every other card of the first moment.
    let args = ["play", "--seed", "5", "--rounds", "1"];
    let best = shown(&args, 1);
    let (first, _) = run(&args, "q\n");
    let legal: Vec<String> = of(&first, "prompt")[0]["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    let mut costs = Vec::new();
    for card in &legal {
        let (events, _) = run(&args, &format!("{card}\n"));
        let g = of(&events, "graded")[0].clone();
        assert_eq!(g["card"], card.as_str());
        assert_eq!(g["best"], best[0]["best"]);
        if g["label"].is_string() {
            assert!(!g["reasons"].as_array().unwrap().is_empty(), "{g}");
            assert_eq!(g["right"], false);
        }
        costs.push(g["cost"].as_f64().unwrap());
    }
    assert!(costs.contains(&0.0), "{costs:?}");
}

/// Garbage is refused and asked again; the end of the input ends the drill with its summary; a
/// line of a megabyte stops it with one line on stderr, exit 2.
#[test]
fn bad_answers_are_refused() {
    let output = crib()
        .args(["train", "count", "--seed", "1", "--rounds", "2"])
        .write_stdin("Zz 9x\n-3\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("type the count as one number, 0 to 29; try again."),
        "{text}"
    );
    assert!(text.contains("'-3' is not a count"), "{text}");
    assert!(text.contains("Done (seed 1): nothing answered."), "{text}");
    let (events, code) = run(&["discard", "--seed", "1"], "5h\nJd Jd\nhello\n");
    assert_eq!(code, 0);
    assert_eq!(of(&events, "refused").len(), 3, "{events:?}");
    let huge = "5".repeat(1 << 20) + "\n";
    for drill in ["count", "discard", "play"] {
        let output = crib()
            .args(["train", drill, "--seed", "1"])
            .write_stdin(huge.clone())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{drill}");
        let err = String::from_utf8(output.stderr).unwrap();
        assert!(err.contains("too long"), "{drill}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

fn mistakes(logs: &Path, state: &Path, today: &str, input: &str) -> (Vec<Value>, i32) {
    let args = [
        "mistakes",
        "--logs",
        logs.to_str().unwrap(),
        "--player",
        "greedy",
        "--state",
        state.to_str().unwrap(),
        "--today",
        today,
        "--rounds",
        "1",
    ];
    run(&args, input)
}

/// Your mistakes come back: shown (wrong) to the first box, due the next day; right the next
/// day to the second box, due two days on; the state file keeps it, and a corrupt one is
/// refused and left as it was.
#[test]
fn mistakes_are_scheduled_and_kept() {
    let dir = scratch("train-mistakes");
    let logs = greedy_match_logs(&dir);
    let state = dir.join("state").join("train.json");
    let (day1, code) = mistakes(&logs, &state, "2026-11-27", "best\n");
    assert_eq!(code, 0);
    let intro = of(&day1, "drill")[0];
    let found = intro["mistakes"].as_u64().unwrap();
    assert!(found > 0 && intro["due"] == found, "{intro}");
    let scheduled = of(&day1, "scheduled")[0];
    assert_eq!(
        (&scheduled["box"], &scheduled["due"]),
        (&1.into(), &"2026-11-28".into())
    );
    let best = of(&day1, "graded")[0]["best"].clone();
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    let key = scheduled["key"].as_str().unwrap();
    assert_eq!(kept["mistakes"][key]["asked"], 1);
    assert_eq!(kept["mistakes"].as_object().unwrap().len() as u64, found);
    // The same day: one fewer due.
    let (again, _) = mistakes(&logs, &state, "2026-11-27", "q\n");
    assert_eq!(of(&again, "drill")[0]["due"], found - 1);
    // The next day it comes first again, the costliest; answered as crib does, it is right.
    let answer = match &best {
        Value::Array(cards) => cards
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect::<Vec<_>>()
            .join(" "),
        card => card.as_str().unwrap().to_owned(),
    };
    let (day2, _) = mistakes(&logs, &state, "2026-11-28", &format!("{answer}\n"));
    let scheduled = of(&day2, "scheduled")[0];
    assert_eq!(scheduled["key"], key);
    assert_eq!(of(&day2, "graded")[0]["right"], true);
    assert_eq!(
        (&scheduled["box"], &scheduled["due"]),
        (&2.into(), &"2026-11-30".into())
    );
    // A corrupt state is refused, and left as it was.
    std::fs::write(&state, "{\"version\": 1, \"mistakes\": [").unwrap();
    let output = crib()
        .args([
            "train",
            "mistakes",
            "--logs",
            logs.to_str().unwrap(),
            "--state",
        ])
        .arg(&state)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("is not crib's training state"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert_eq!(
        std::fs::read_to_string(&state).unwrap(),
        "{\"version\": 1, \"mistakes\": ["
    );
}
