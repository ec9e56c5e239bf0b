//! Random command lines: a subcommand and a few words drawn from those crib reads (cards, flags,
//! scores, counts) and from those it does not, with nothing on standard input. Every line gets
//! an answer or one line of refusal, with the documented exit codes, and never a panic.

use crate::common::crib;
use proptest::prelude::*;

/// Every subcommand but `match`, which plays games until it is done (the arena tests drive it).
/// `game`, `train` and `engine` end at once at the end of their empty input; `train` is named
/// with each of its drills, since without one it shows its help, as `crib` alone does.
#[rustfmt::skip]
const SUBCOMMANDS: &[&str] = &[
    "score", "peg", "play", "deal", "odds", "check", "stats", "discard", "review", "verify",
    "completions", "man", "help", "game", "train count", "train discard", "train play",
    "train mistakes", "engine",
];

/// Words crib reads somewhere, and words it reads nowhere.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    // cards, good and bad
    "5h", "5c", "5d", "5s", "Jh", "Jd", "10s", "Ts", "Qd", "Kc", "Ah", "2c", "3d", "4s", "6h",
    "7c", "8d", "9s", "5♥", "J♠", "A", "5", "10", "go", "5x", "1h", "15h", "Zz", "5h5c", "5h,5c",
    "-",
    // flags of the subcommands
    "--json", "--dealer", "--pone", "--partner-deals", "--players", "--seat", "--scores",
    "--game", "--table", "--play-table", "--top", "--need", "--seed", "--opponent", "--without",
    "--crib-model", "--play-model", "--ascii", "--no-board", "--level", "--color", "--logs",
    "--help", "-h", "--version", "--bogus",
    // values
    "0", "1", "2", "3", "4", "5", "6", "61", "121", "60-70", "0-0", "120-120", "121-0",
    "60-70-80", "10-20-30-40", "-1", "99999999999999999999", "reading", "expert", "uniform",
    "none", "greedy", "strongest", "always", "never", "bash", "fish", "score",
    // neither
    "", " ", "é", "💥", "--", "=", "--players=9", "\u{FEFF}5h", "5h\t5c",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Exit 0 or 1 with an answer, or exit 2 with one line on stderr, `crib: error: ...`, and
    /// nothing on stdout; no panic and no backtrace, whatever the words.
    #[test]
    fn every_command_line_is_answered_or_refused_in_one_line(
        subcommand in proptest::sample::select(SUBCOMMANDS),
        words in proptest::collection::vec(proptest::sample::select(WORDS), 0..9),
    ) {
        // Where `game --log WORD` would write, and the drills and grades keep their state (the
        // home and its data and cache): not the checkout, nor the tester's home.
        let own = std::env::temp_dir().join(format!("crib-command-lines-{}", std::process::id()));
        std::fs::create_dir_all(&own).unwrap();
        let output = crib()
            .current_dir(&own)
            .args(subcommand.split(' '))
            .args(&words)
            .env("HOME", &own)
            .env("XDG_DATA_HOME", own.join("data"))
            .env("XDG_CACHE_HOME", own.join("cache"))
            .write_stdin("")
            .timeout(std::time::Duration::from_secs(60))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let code = output.status.code();
        prop_assert!(!stderr.contains("panicked"), "{subcommand} {words:?}: {stderr}");
        prop_assert!(!stderr.contains("RUST_BACKTRACE"), "{subcommand} {words:?}: {stderr}");
        prop_assert!(matches!(code, Some(0..=2)), "{subcommand} {words:?}: {code:?} {stderr}");
        if code == Some(2) {
            prop_assert!(stderr.starts_with("crib: error: "), "{subcommand} {words:?}: {stderr}");
            prop_assert_eq!(stderr.lines().count(), 1, "{} {:?}: {}", subcommand, words, stderr);
            prop_assert!(output.stdout.is_empty(), "{subcommand} {words:?} printed on stdout");
        }
    }
}
