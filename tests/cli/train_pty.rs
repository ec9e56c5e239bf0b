//! `crib train` as a person uses it: each drill in a pseudo-terminal, the screen redrawn at
//! each question, with `?`, a bad answer, `best`, Enter for the next and `q`.
#![cfg(unix)]

use crate::common::pty_command;
use rexpect::session::{PtySession, spawn_command};

fn start(args: &[&str]) -> PtySession {
    let mut command = pty_command();
    command.arg("train").args(args).arg("--ascii");
    spawn_command(command, Some(30_000)).expect("crib train starts in a pseudo-terminal")
}

/// A hint, a bad answer refused, crib's answer shown, Enter for the next (the seed and the keys
/// above it), and `q` for the summary with the seed.
fn drill(args: &[&str], question: &str, bad: &str, refusal: &str) {
    let mut p = start(args);
    p.exp_string(question).unwrap();
    p.send_line("?").unwrap();
    p.exp_string("Hint: ").unwrap();
    p.exp_string(question).unwrap();
    p.send_line(bad).unwrap();
    p.exp_string(refusal).unwrap();
    p.exp_string(question).unwrap();
    p.send_line("best").unwrap();
    p.exp_string("Shown: crib chooses").unwrap();
    p.exp_string("Enter for the next (q to stop):").unwrap();
    p.send_line("").unwrap();
    // The screen is cleared for the next question, and the seed and the keys are on it.
    p.exp_string("\u{1b}[2J").unwrap();
    p.exp_string("(seed 3). Type").unwrap();
    p.exp_string(question).unwrap();
    p.send_line("q").unwrap();
    p.exp_string("Done (seed 3): 0 of 1 right (1 with a hint, 1 shown)")
        .unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn count_in_a_terminal() {
    let mut p = start(&["count", "--seed", "3", "--rounds", "2"]);
    p.exp_string("Hand 1 of 2: Ah 6s 10c Qc, starter 6h")
        .unwrap();
    p.exp_string("Count it (points, ?, best or q):").unwrap();
    p.send_line("?").unwrap();
    p.exp_string("Hint: look for a pair.").unwrap();
    p.send_line("two").unwrap();
    p.exp_string("'two' is not a count").unwrap();
    p.send_line("2").unwrap();
    p.exp_string("Right: 2.").unwrap();
    p.exp_string("The count: a pair is two").unwrap();
    p.exp_string("Enter for the next (q to stop):").unwrap();
    p.send_line("").unwrap();
    p.exp_string("Hand 2 of 2").unwrap();
    p.send_line("best").unwrap();
    p.exp_string("It holds 6.").unwrap();
    p.exp_string("Done (seed 3): 1 of 2 right (1 with a hint, 1 shown); 6 points miscounted")
        .unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn discard_in_a_terminal() {
    drill(
        &["discard", "--seed", "3", "--rounds", "3"],
        "Throw two cards (cards, ?, best or q):",
        "5h 6c",
        "5h is not in your hand; try again.",
    );
}

#[test]
fn play_in_a_terminal() {
    drill(
        &["play", "--seed", "3", "--rounds", "3"],
        "Play a card (card, ?, best or q):",
        "Zz",
        "'Zz' is not a card",
    );
}

#[test]
fn mistakes_in_a_terminal() {
    let dir = crate::common::scratch("train-pty-mistakes");
    let logs = crate::common::greedy_match_logs(&dir);
    let state = dir.join("train.json");
    let mut p = start(&[
        "mistakes",
        "--logs",
        logs.to_str().unwrap(),
        "--player",
        "greedy",
        "--state",
        state.to_str().unwrap(),
        "--today",
        "2026-11-27",
    ]);
    p.exp_string("Mistake 1 of").unwrap();
    p.exp_regex(r"\(cards?, \?, best or q\):").unwrap();
    p.send_line("best").unwrap();
    p.exp_string("Shown: crib chooses").unwrap();
    p.exp_string("Box 1: next asked 2026-11-28.").unwrap();
    p.exp_string("Enter for the next (q to stop):").unwrap();
    p.send_line("q").unwrap();
    p.exp_string("Done: 0 of 1 right (1 shown)").unwrap();
    p.exp_eof().unwrap();
    assert!(
        std::fs::read_to_string(&state)
            .unwrap()
            .contains("\"asked\": 1")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
