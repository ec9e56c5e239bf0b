//! `crib game` played as a person plays it: in a pseudo-terminal, the screen redrawn at each
//! question, with `?`, `best`, typed cards, a bad card, a card that would pass 31, `quit` and
//! `--resume`.
#![cfg(unix)]

use std::process::Command;

use crate::common::pty_command;
use rexpect::session::{PtySession, spawn_command};

/// Every question the game asks, and the end of the match.
const QUESTION: &str = r"Throw (one card|two cards) to [^\r\n]*crib \(cards, \? or best\):|Lead a card \(card, \? or best\):|Count (\d+)\. Play a card \(card, \? or best\):|Press Enter for the next deal \(or quit\):|won the game";

/// A directory of the test's own, `crib-pty-NAME-PID` under the temporary directory: where a
/// game the test ends (by an interrupt or by closing its terminal) is saved, not the checkout.
fn own_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("crib-pty-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn start(args: &[&str]) -> PtySession {
    let mut command = pty_command();
    command.arg("game").args(args).arg("--ascii");
    spawn_command(command, Some(30_000)).expect("crib game starts in a pseudo-terminal")
}

/// What the test has seen and done so far.
#[derive(Default)]
struct Seen {
    advice: bool,
    bad_card: bool,
    typed: bool,
    passed_31: bool,
    deals: usize,
}

/// A card's value in the count.
fn value(card: &str) -> u32 {
    match &card[..card.len() - 1] {
        "A" => 1,
        "J" | "Q" | "K" | "10" | "T" => 10,
        n => n.parse().unwrap(),
    }
}

/// The last hand the screen showed before a question.
fn hand(screen: &str) -> Vec<String> {
    let at = screen
        .rfind("Your hand: ")
        .expect("the screen shows your hand");
    screen[at + 11..]
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// Answer questions until the match ends or, after `quit_after` deals, quit.
fn play(p: &mut PtySession, seen: &mut Seen, quit_after: Option<usize>) -> bool {
    let mut expect_refusal: Option<&str> = None;
    loop {
        let (screen, question) = p.exp_regex(QUESTION).expect("a question, or the end");
        if let Some(refusal) = expect_refusal.take() {
            assert!(
                screen.contains(refusal),
                "expected '{refusal}' on: {screen}"
            );
        }
        if question.contains("won the game") {
            return true;
        }
        let answer = if question.starts_with("Throw") {
            if !seen.advice {
                seen.advice = true;
                expect_refusal = Some("Best: keep");
                "?".to_owned()
            } else if !seen.bad_card {
                seen.bad_card = true;
                expect_refusal = Some("'Zz' is not a card");
                "Zz 9x".to_owned()
            } else {
                "best".to_owned()
            }
        } else if question.starts_with("Press Enter") {
            seen.deals += 1;
            if Some(seen.deals) == quit_after {
                p.send_line("quit").unwrap();
                p.exp_string("Saved: carry on with crib game --resume")
                    .unwrap();
                p.exp_eof().unwrap();
                return false;
            }
            String::new()
        } else {
            let count: u32 = question
                .strip_prefix("Count ")
                .and_then(|rest| rest.split('.').next())
                .map_or(0, |n| n.parse().unwrap());
            let cards = hand(&screen);
            let over = cards.iter().find(|c| count + value(c) > 31);
            match over {
                Some(card) if !seen.passed_31 => {
                    seen.passed_31 = true;
                    expect_refusal = Some("past 31; try again");
                    card.clone()
                }
                _ if !seen.typed => {
                    seen.typed = true;
                    let fits = cards.iter().find(|c| count + value(c) <= 31).unwrap();
                    fits.clone()
                }
                _ => "best".to_owned(),
            }
        };
        p.send_line(&answer).unwrap();
    }
}

#[test]
fn a_game_in_a_terminal_quit_and_resumed() {
    let dir = own_dir("resume");
    let log = dir.join("game.jsonl");
    let _ = std::fs::remove_file(&log);
    let log = log.to_str().unwrap();
    let mut seen = Seen::default();
    let mut p = start(&["--seed", "5", "--log", log]);
    assert!(!play(&mut p, &mut seen, Some(2)), "quit after two deals");
    assert_eq!(std::fs::read_to_string(log).unwrap().lines().count(), 2);
    let mut p = start(&["--resume", log]);
    assert!(play(&mut p, &mut seen, None));
    p.exp_eof().unwrap();
    assert!(seen.advice && seen.bad_card && seen.typed);
    assert!(seen.passed_31, "no card would have passed 31 in this game");
    assert!(std::fs::read_to_string(log).unwrap().lines().count() > 2);
}

/// The README's screen of a game in progress is what the terminal shows.
#[test]
fn the_readme_screen_is_real() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let marker = "<!-- screen: crib game --seed 5, answered best then Js";
    let at = readme.find(marker).expect("the README shows a screen");
    let block = &readme[at..];
    let start = block.find("```text\n").unwrap() + 8;
    let end = block[start..].find("```").unwrap() + start;
    let shown: Vec<&str> = block[start..end].lines().collect();
    let dir = own_dir("readme");
    let mut command = pty_command();
    command.args(["game", "--seed", "5"]).current_dir(&dir);
    let mut p = spawn_command(command, Some(30_000)).unwrap();
    p.exp_string("(cards, ? or best):").unwrap();
    p.send_line("best").unwrap();
    p.exp_string("(card, ? or best):").unwrap();
    p.send_line("Js").unwrap();
    let (before, question) = p
        .exp_regex(r"(Count \d+\. Play a card|Lead a card) \(card, \? or best\):")
        .unwrap();
    let screen = before.rsplit("\x1b[H\x1b[2J").next().unwrap().to_owned() + &question;
    // rexpect reads a byte a character: read the bytes as UTF-8.
    let bytes: Vec<u8> = screen.chars().map(|c| c as u32 as u8).collect();
    let screen = String::from_utf8(bytes).unwrap();
    let actual: Vec<String> = screen
        .split("\r\n")
        .map(|l| l.trim_end().to_owned())
        .collect();
    assert_eq!(shown, actual);
}

/// An interrupt saves the game first: without --log, to crib-game-SEED.jsonl, which --resume
/// carries on.
#[test]
fn an_interrupt_saves_the_game() {
    let dir = own_dir("int");
    let saved = dir.join("crib-game-9.jsonl");
    let _ = std::fs::remove_file(&saved);
    let mut command = Command::new(env!("CARGO_BIN_EXE_crib"));
    command
        .args(["game", "--seed", "9", "--ascii", "--no-log"])
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("crib-tests-data"),
        );
    let mut p = spawn_command(command, Some(30_000)).unwrap();
    // Play the first deal through with best, then interrupt at the next question.
    loop {
        let (_, question) = p.exp_regex(QUESTION).unwrap();
        if question.starts_with("Press Enter") {
            p.send_line("").unwrap();
            break;
        }
        p.send_line("best").unwrap();
    }
    p.exp_regex(QUESTION).unwrap();
    p.send_control('c').unwrap();
    p.exp_string("interrupted: saved; carry on with crib game --resume crib-game-9.jsonl")
        .unwrap();
    p.exp_eof().unwrap();
    let log = std::fs::read_to_string(&saved).unwrap();
    assert_eq!(log.lines().count(), 1);
    let mut command = Command::new(env!("CARGO_BIN_EXE_crib"));
    command
        .args(["game", "--resume", saved.to_str().unwrap(), "--ascii"])
        .env("NO_COLOR", "1")
        .env("TERM", "xterm")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("crib-tests-data"),
        );
    let mut p = spawn_command(command, Some(30_000)).unwrap();
    let (screen, _) = p.exp_regex(QUESTION).unwrap();
    assert!(screen.contains("deal 2"), "{screen}");
    // The back pegs are where the log left them, not home: a side that scored twice has its
    // back peg (`o`) behind the front one (`#`).
    let tracks: Vec<&str> = screen
        .split("\r\n")
        .filter_map(|line| Some(&line[line.find('|')? + 1..line.rfind('|')?]))
        .filter(|track| track.contains('#'))
        .collect();
    assert_eq!(tracks.len(), 2, "{screen}");
    assert!(tracks.iter().any(|t| t.contains('o')), "{screen}");
}

/// In colour the board's scores line up as without: the padding counts what people see, not
/// the colour codes.
#[test]
fn the_colour_board_lines_up() {
    let dir = own_dir("colour");
    let mut command = Command::new(env!("CARGO_BIN_EXE_crib"));
    command
        .args(["game", "--seed", "9", "--color", "always"])
        .current_dir(&dir)
        .env("LANG", "C.UTF-8")
        .env("TERM", "xterm")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("crib-tests-data"),
        );
    let mut p = spawn_command(command, Some(30_000)).unwrap();
    loop {
        let (_, question) = p.exp_regex(QUESTION).unwrap();
        if question.starts_with("Press Enter") {
            p.send_line("").unwrap();
            break;
        }
        p.send_line("best").unwrap();
    }
    let (before, _) = p.exp_regex(QUESTION).unwrap();
    let screen = before.rsplit("\x1b[H\x1b[2J").next().unwrap();
    let bytes: Vec<u8> = screen.chars().map(|c| c as u32 as u8).collect();
    let screen = String::from_utf8(bytes).unwrap();
    let seen = |line: &str| {
        let mut out = String::new();
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                chars.by_ref().find(char::is_ascii_alphabetic);
            } else {
                out.push(c);
            }
        }
        out
    };
    let tracks: Vec<String> = screen
        .split("\r\n")
        .map(seen)
        .filter(|l| l.contains('│'))
        .collect();
    assert_eq!(tracks.len(), 2, "{screen}");
    let scores: Vec<&str> = tracks
        .iter()
        .map(|t| t.rsplit('│').next().unwrap())
        .collect();
    assert_ne!(scores[0].trim().len(), scores[1].trim().len(), "{tracks:?}");
    assert_eq!(
        scores[0].chars().count(),
        scores[1].chars().count(),
        "{tracks:?}"
    );
}

/// On a terminal wider than 80 columns, `?`'s advice is wrapped to the terminal, not cut at
/// column 80 (where it lost its numbers).
#[test]
fn advice_is_not_cut_at_80_columns() {
    let dir = own_dir("wide");
    let mut command = Command::new(env!("CARGO_BIN_EXE_crib"));
    command
        .args(["game", "--seed", "5", "--ascii"])
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        // A pseudo-terminal that does not know its size: COLUMNS says it.
        .env("COLUMNS", "130")
        .env("TERM", "xterm")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("crib-tests-data"),
        );
    let mut p = spawn_command(command, Some(30_000)).unwrap();
    p.exp_regex(QUESTION).unwrap();
    p.send_line("?").unwrap();
    let (screen, _) = p.exp_regex(QUESTION).unwrap();
    assert!(
        screen.contains("Expected points, exact: every unseen starter; the crib under the expert model; the play from crib's pegging table."),
        "{screen}"
    );
}

/// Advice on an 80 × 24 screen is shown whole, never cut at the screen's foot (hardening round
/// five, row 9): the discard advice of seed 11 ends "+0.65.", which used to be lost.
#[test]
fn advice_on_the_screen_is_never_cut() {
    let mut command = Command::new(env!("CARGO_BIN_EXE_crib"));
    command
        .args(["game", "--seed", "11", "--game", "61", "--ascii"])
        .env("NO_COLOR", "1")
        .env("LANG", "C.UTF-8")
        .env("TERM", "xterm")
        .env(
            "XDG_DATA_HOME",
            std::env::temp_dir().join("crib-tests-data"),
        )
        .env("COLUMNS", "80");
    let mut p = spawn_command(command, Some(30_000)).expect("crib game starts");
    p.exp_regex(QUESTION).expect("the first question");
    p.send_line("?").unwrap();
    let (screen, _) = p
        .exp_regex(QUESTION)
        .expect("the question again, with advice");
    assert!(screen.contains("the play\r\n+0.65."), "{screen}");
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}
