//! The tests of the `crib` command: one binary, a module per subcommand or concern, each
//! driving the real binary through [`common::crib`] (assert_cmd and predicates) as a person or a
//! program would. `cargo test --test cli NAME` runs the tests whose path holds NAME, for example
//! `cargo test --test cli discard::`.

mod common;

mod arena;
mod check;
mod coach;
mod coach_two;
mod command_lines;
mod completions_and_man;
mod deal;
mod deal_many;
mod discard;
mod discard_many;
mod docs;
mod game;
mod game_pty;
mod hardening;
mod hardening_five;
mod hardening_four;
mod hardening_three;
mod hardening_two;
mod history;
mod ladder;
mod links;
mod matches;
mod odds;
mod odds_many;
mod peg;
mod play;
mod review_pty;
mod schemas;
mod score;
mod stats;
mod train;
mod train_pty;
mod web;
