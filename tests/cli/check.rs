//! CLI tests of `crib check`.

use crate::common::crib;
use predicates::prelude::*;
use serde::Deserialize;

/// A mirror of `crib check --json`: the field names are a contract.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckJson {
    entries: Vec<EntryJson>,
    errors: Vec<BadRowJson>,
    all_agree: bool,
}

/// A row that could not be read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BadRowJson {
    source: String,
    line: u64,
    error: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryJson {
    source: String,
    entry: String,
    printed: serde_json::Value,
    computed: serde_json::Value,
    agrees: bool,
}

#[test]
fn every_rulebook_entry_agrees() {
    let output = crib().args(["check", "--json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let json: CheckJson = serde_json::from_slice(&output.stdout).unwrap();
    assert!(json.all_agree);
    let table: Vec<&EntryJson> = json
        .entries
        .iter()
        .filter(|e| e.source.contains("CRIBBAGE SCORING TABLE"))
        .collect();
    assert_eq!(table.len(), 48);
    let twenty_nine = table
        .iter()
        .find(|e| e.entry == "5 .. N .. 5 .. 5 .. 5s — 29")
        .unwrap();
    assert_eq!(
        (twenty_nine.printed.as_u64(), twenty_nine.computed.as_u64()),
        (Some(29), Some(29))
    );
    assert!(
        json.entries
            .iter()
            .any(|e| e.source.starts_with("004") && e.entry.contains("Quadruple 3 card run"))
    );
    assert!(
        json.entries
            .iter()
            .any(|e| e.source.starts_with("004") && e.entry.contains("For Go"))
    );
    let k_ten = json
        .entries
        .iter()
        .find(|e| e.entry.contains("K-10"))
        .unwrap();
    assert!(k_ten.agrees && k_ten.printed.is_string() && k_ten.computed.is_string());
    crib()
        .arg("check")
        .assert()
        .success()
        .stdout(predicate::str::contains("All 78 entries agree."));
}

fn table_file(text: &str) -> tempfile_path::TempPath {
    tempfile_path::write(text)
}

/// A small temporary file helper, so the tests need no extra crate.
mod tempfile_path {
    use std::path::PathBuf;

    pub struct TempPath(pub PathBuf);

    impl Drop for TempPath {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }

    pub fn write(text: &str) -> TempPath {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "crib-check-{}-{}.txt",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&path, text).unwrap();
        TempPath(path)
    }
}

#[test]
fn a_users_table_that_agrees() {
    let file = table_file("# mine\n5h 5c 5s Jd 5d — 29\n5 .. 5 .. 5 .. 5 .. 10 – 28\n");
    crib()
        .arg("check")
        .arg(&file.0)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("All 2 entries agree."));
}

#[test]
fn a_users_table_that_disagrees() {
    let output = crib()
        .args(["check", "-", "--json"])
        .write_stdin("5h 5c 5s Jd 5d — 29\n4 4 4 4 7 - 23\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let json: CheckJson = serde_json::from_slice(&output.stdout).unwrap();
    assert!(!json.all_agree);
    assert_eq!(json.entries[1].source, "stdin, line 2");
    assert_eq!(json.entries[1].computed.as_u64(), Some(24));
    assert!(!json.entries[1].agrees);
    crib()
        .args(["check", "-"])
        .write_stdin("4 4 4 4 7 - 23\n")
        .assert()
        .code(1)
        .stdout(predicate::str::contains("1 of 1 entry disagrees"))
        .stdout(predicate::str::contains("printed 23, crib computes 24"));
}

#[test]
fn crib_rows() {
    // A four-card flush scores in a hand, not in a crib.
    let file = table_file("2h 4h 6h 8h Ks - 0\n2h 4h 6h 8h Kh - 5\n");
    crib()
        .arg("check")
        .arg(&file.0)
        .arg("--crib")
        .assert()
        .code(0);
    crib().arg("check").arg(&file.0).assert().code(1);
}

#[test]
fn unreadable_rows() {
    let cases: &[(&str, &str)] = &[
        (
            "5 5 5 5 — 20\n",
            "stdin, line 1: a table row takes five cards",
        ),
        ("5 5 X 5 6 — 20\n", "stdin, line 1: 'X' is not a card"),
        ("5 5 5 5 5 - 20\n", "stdin, line 1: '5' is given five times"),
        (
            "5 5 5 5 6 - x\n",
            "the printed points 'x' are not a whole number",
        ),
        (
            "no dash\n",
            "expected five cards, a dash and the printed points",
        ),
        (
            "5h 5c 5s J 5d — 28\n",
            "cards with and without suits are mixed ('5h' has a suit, 'J' has none)",
        ),
        (
            "5h 5c 5s Jd 5d — -3\n",
            "the printed points are negative (-3): a count is a whole number from 0 to 29",
        ),
        ("5h 5c 5s Jd 5d — 29 — 29\n", "more than one dash"),
        (
            "\n# only a comment\n",
            "no table rows were found in standard input",
        ),
        ("", "no table rows were found in standard input"),
    ];
    for (input, expected) in cases {
        crate::common::assert_rejected_with_stdin(&["check", "-"], input, expected);
    }
    crib()
        .args(["check", "/no/such/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "crib: error: could not read '/no/such/file'",
        ));
    crib().args(["check", "--crib"]).assert().code(2);
    crate::common::assert_rejected(
        &["check", "/dev/null"],
        "no table rows were found in '/dev/null'",
    );
}

/// Every row that cannot be read is reported with its line; the good rows are still checked.
#[test]
fn every_bad_row_is_reported() {
    let output = crib()
        .args(["check", "-", "--json"])
        .write_stdin("5h 5c 5s Jd 5d — 29\n5 5 X 5 6 — 20\n\n4 4 4 4 7 - 23\nxx - 1\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{stderr}");
    assert!(lines[0].starts_with("crib: error: stdin, line 2: 'X' is not a card"));
    assert!(lines[1].starts_with("crib: error: stdin, line 5: "));
    let json: CheckJson = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json.entries.len(), 2);
    assert_eq!(json.entries[1].source, "stdin, line 4");
    assert!(!json.entries[1].agrees);
    // The rows that could not be read are in the JSON too, and the verdict says so.
    assert!(!json.all_agree);
    assert_eq!(json.errors.len(), 2);
    assert_eq!((json.errors[0].line, json.errors[1].line), (2, 5));
    assert_eq!(json.errors[0].source, "stdin, line 2");
    assert!(json.errors[0].error.starts_with("'X' is not a card"));
    // Every row unreadable: the JSON still says which, and that nothing agrees.
    let output = crib()
        .args(["check", "-", "--json"])
        .write_stdin(
            "xx - 1
",
        )
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let json: CheckJson = serde_json::from_slice(&output.stdout).unwrap();
    assert!(json.entries.is_empty() && !json.all_agree);
    assert_eq!(json.errors[0].line, 1);
}

/// A UTF-8 byte-order mark before the first row is not part of it; a row too long for any
/// table is reported, not held.
#[test]
fn byte_order_marks_and_long_rows() {
    let file = table_file("\u{FEFF}5h 5c 5s Jd 5d — 29\n");
    crib()
        .arg("check")
        .arg(&file.0)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("The 1 entry agrees."));
    let long = format!("{}\n5h 5c 5s Jd 5d — 29\n", "5".repeat(100_000));
    let output = crib()
        .args(["check", "-"])
        .write_stdin(long)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "crib: error: stdin, line 1: too long: 100,000 bytes (a table row is at most 4,096 bytes)\n"
    );
}
