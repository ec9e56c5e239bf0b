//! Batch scoring throughput, whole process: `crib score` over 1,000,000 hands read from a file,
//! in each output form. The hands are pseudo-random with a fixed seed, written once to a file in
//! the target directory.
//!
//! Run with `cargo bench --bench batch`; divan prints the median time for the million.

use std::fs::File;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

fn main() {
    divan::main();
}

/// The file of a million hands, made on first use.
fn hands() -> &'static PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("million-hands.txt");
        let names: Vec<String> = crib::Card::deck().map(|c| c.to_string()).collect();
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut text = String::with_capacity(16 << 20);
        for _ in 0..1_000_000 {
            let mut deck: Vec<usize> = (0..52).collect();
            for i in 0..5 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let j = i + (state % (52 - i as u64)) as usize;
                deck.swap(i, j);
                if i > 0 {
                    text.push(' ');
                }
                text.push_str(&names[deck[i]]);
            }
            text.push('\n');
        }
        std::fs::write(&path, text).unwrap();
        path
    })
}

fn score(args: &[&str]) {
    let status = Command::new(env!("CARGO_BIN_EXE_crib"))
        .arg("score")
        .args(args)
        .stdin(File::open(hands()).unwrap())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
}

#[divan::bench(sample_count = 10)]
fn totals() {
    score(&["--total"]);
}

#[divan::bench(sample_count = 10)]
fn totals_json() {
    score(&["--total", "--json"]);
}

#[divan::bench(sample_count = 10)]
fn itemised() {
    score(&[]);
}

#[divan::bench(sample_count = 10)]
fn itemised_json() {
    score(&["--json"]);
}
