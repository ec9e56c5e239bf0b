//! The coach: deals anyone can verify (the commitment before the first deal, the seed revealed
//! at the end, `crib verify`), and the review's labels, accuracy and luck (the rest of the
//! review is in `game.rs`).

use serde_json::Value;

use crate::common::{crib, scratch};

/// A game of `best` to 61 logged at `log`, its transcript.
fn play(log: &std::path::Path, seed: Option<&str>) -> String {
    let mut command = crib();
    command.args(["game", "--game", "61", "--log", log.to_str().unwrap()]);
    if let Some(seed) = seed {
        command.args(["--seed", seed]);
    }
    let output = command.write_stdin("best\n".repeat(400)).output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

fn sha256(text: &str) -> String {
    // The commitment, checked against the system's own tool where there is one.
    let output = std::process::Command::new("sha256sum")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(text.as_bytes())?;
            child.wait_with_output()
        });
    match output {
        Ok(out) => String::from_utf8(out.stdout).unwrap()[..64].to_owned(),
        Err(_) => String::new(),
    }
}

/// Without --seed the seed stays hidden until the end: the commitment comes first, the seed at
/// the end, and SHA-256 of the committed text is the commitment. The log keeps both, the seed
/// from the end only.
#[test]
fn the_seed_is_committed_to_and_revealed() {
    let dir = scratch("coach-commit");
    let log = dir.join("game.jsonl");
    let said = play(&log, None);
    let first = said.lines().next().unwrap();
    assert!(first.starts_with("Commitment: SHA-256 "), "{said}");
    let commitment = &first["Commitment: SHA-256 ".len()..][..64];
    assert!(said.contains("(the seed is revealed at the end)"), "{said}");
    // The seed is revealed after the result, before where the game is kept.
    let last = said
        .lines()
        .find(|l| l.starts_with("The seed was "))
        .unwrap_or_else(|| panic!("no seed revealed: {said}"));
    let committed = last.split('"').nth(1).unwrap();
    assert!(
        said.lines()
            .last()
            .unwrap()
            .starts_with("Practise its mistakes: "),
        "{said}"
    );
    let check = sha256(committed);
    assert!(
        check.is_empty() || check == commitment,
        "{check} {commitment}"
    );
    // The log carries the commitment on every line, and the seed only on the last: the line
    // written when the game was over.
    let text = std::fs::read_to_string(&log).unwrap();
    let logged: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(logged.len() > 1);
    assert!(logged.iter().all(|l| l["log"]["commitment"] == commitment));
    let (last, before) = logged.split_last().unwrap();
    assert!(before.iter().all(|l| l["log"].get("seed").is_none()));
    assert!(committed.contains(&format!("seed {} ", last["log"]["seed"])));
    // With --seed the seed is shown at once, and not again.
    let shown = play(&dir.join("seeded.jsonl"), Some("5"));
    assert!(shown.contains("(seed 5)"), "{shown}");
    assert!(!shown.contains("The seed was"), "{shown}");
}

/// The JSON events: the commitment before the cut, whose seed is null until the end.
#[test]
fn the_commitment_in_json() {
    let output = crib()
        .args(["game", "--game", "61", "--json"])
        .write_stdin("best\n".repeat(400))
        .output()
        .unwrap();
    let events: Vec<Value> = crate::common::json_lines(&output.stdout);
    assert_eq!(events[0]["event"], "commitment");
    assert_eq!(events[0]["sha256"].as_str().unwrap().len(), 64);
    assert_eq!(events[1]["event"], "cut");
    assert!(events[1]["seed"].is_null());
    let seed = events.iter().find(|e| e["event"] == "seed").unwrap();
    assert_eq!(seed["sha256"], events[0]["sha256"]);
    assert!(seed["seed"].is_u64());
}

/// A game's log verifies; with one card changed it fails and names the deal; a commitment
/// that is not the seed's fails; a file that is not a log is bad input. Seed 5: the card
/// changed there changes no count, so the log still reads as a whole and its commitment is
/// checked (a suit that made a flush or his nobs would leave the commitment unchecked, and the
/// test failed so on about one clock seed in twelve).
#[test]
fn verify_finds_a_changed_card() {
    let dir = scratch("coach-verify");
    let log = dir.join("game.jsonl");
    play(&log, Some("5"));
    crib()
        .args(["verify", log.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicates::str::contains("verified"));
    let report = crate::common::json(&["verify", log.to_str().unwrap()]);
    assert_eq!(report["verified"], true);
    assert_eq!(report["committed"], true);
    let text = std::fs::read_to_string(&log).unwrap();
    let mut lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Deal 2's pone holds a card of the same rank but another suit, one no one was dealt in it:
    // the play still makes sense, but the deck was not the seed's.
    let dealt: Vec<String> = ["pone", "dealer"]
        .iter()
        .flat_map(|k| lines[1][*k].as_array().unwrap().clone())
        .map(|c| c.as_str().unwrap().to_owned())
        .chain([lines[1]["starter"].as_str().unwrap().to_owned()])
        .collect();
    let (at, kept, stranger) = (0..6)
        .find_map(|i| {
            let card = lines[1]["pone"][i].as_str().unwrap().to_owned();
            let rank = &card[..card.len() - 1];
            ["h", "d", "c", "s"]
                .iter()
                .map(|suit| format!("{rank}{suit}"))
                .find(|other| !dealt.contains(other))
                .map(|other| (i, card, other))
        })
        .unwrap();
    let swap = |value: &mut Value| {
        for card in value.as_array_mut().unwrap() {
            if card.as_str() == Some(kept.as_str()) {
                *card = Value::from(stranger.clone());
            }
        }
    };
    lines[1]["pone"][at] = Value::from(stranger.clone());
    swap(&mut lines[1]["pone_throw"]);
    swap(&mut lines[1]["play"]);
    let tampered = dir.join("tampered.jsonl");
    let body: Vec<String> = lines.iter().map(ToString::to_string).collect();
    std::fs::write(&tampered, body.join("\n") + "\n").unwrap();
    let output = crib()
        .args(["verify", tampered.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8(output.stdout).unwrap();
    assert!(said.contains("not verified"), "{said}");
    assert!(said.contains("deal 2: the pone's cards are"), "{said}");
    // A commitment to another seed.
    let mut forged = lines.clone();
    for line in &mut forged {
        line["log"]["commitment"] = Value::from("0".repeat(64));
    }
    let forged_log = dir.join("forged.jsonl");
    let body: Vec<String> = forged.iter().map(ToString::to_string).collect();
    std::fs::write(&forged_log, body.join("\n") + "\n").unwrap();
    let report = crate::common::json(&["verify", forged_log.to_str().unwrap()]);
    assert_eq!(report["verified"], false);
    assert_eq!(report["committed"], false);
    crib()
        .args(["verify", "-"])
        .write_stdin("{\"pone\": []}\n")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("not a line of a game's log"));
}
