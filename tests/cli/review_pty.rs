//! `crib review LOG` as a person uses it in a terminal: the summary, then the deals stepped
//! through by keys (n, p, a deal's number, q), each deal's board, hands, play, chart and
//! decisions on a redrawn screen.
#![cfg(unix)]

use rexpect::session::spawn_command;

#[test]
fn a_review_is_stepped_through_by_keys() {
    let dir = crate::common::scratch("review-pty");
    let logs = crate::common::greedy_match_logs(&dir);
    let log = logs.join("game-00001.jsonl");
    let mut command = crate::common::pty_command();
    command
        .args([
            "review",
            log.to_str().unwrap(),
            "--player",
            "greedy",
            "--ascii",
        ])
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("crib-tests-cache"),
        );
    let mut p = spawn_command(command, Some(30_000)).expect("crib review starts in a terminal");
    // The summary stays until a key asks for a deal.
    p.exp_string("greedy: ").unwrap();
    p.exp_string("Step through the deals: Enter for the first, a deal's number, q to leave:")
        .unwrap();
    p.send_line("").unwrap();
    p.exp_string("\u{1b}[2J").unwrap();
    p.exp_string("Deal 1 of 4, game 1").unwrap();
    p.exp_string("Chance deal by deal:").unwrap();
    p.exp_string("greedy's decisions:").unwrap();
    p.exp_string("n next, p back, a deal's number, q to leave:")
        .unwrap();
    p.send_line("n").unwrap();
    p.exp_string("Deal 2 of 4").unwrap();
    p.exp_string("q to leave:").unwrap();
    p.send_line("4").unwrap();
    p.exp_string("Deal 4 of 4").unwrap();
    p.exp_string("q to leave:").unwrap();
    p.send_line("p").unwrap();
    p.exp_string("Deal 3 of 4").unwrap();
    p.exp_string("q to leave:").unwrap();
    p.send_line("9").unwrap();
    p.exp_string("'9': n, p, a deal from 1 to 4, or q; try again.")
        .unwrap();
    p.send_line("q").unwrap();
    p.exp_eof().unwrap();
}
