//! Every example in README.md and docs/*.md is true: each `$ crib ...` line of a `console`
//! block is run through bash (so pipes work), with crib on the PATH, and what it prints (stdout
//! and stderr, in order) must be the lines shown under it, where a line `...` stands for any
//! number of lines left out.
//!
//! `CRIB_BLESS=1 cargo test --test docs` writes the real output into every example that leaves
//! nothing out, and says which of the others differ.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One example: the command, the lines shown under it, and where it is.
struct Example {
    file: PathBuf,
    /// The line of the command, from 1.
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// The files whose examples are checked.
fn files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The examples of a file: in ```console blocks, each `$ ` line and the lines after it.
fn examples(file: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in text.lines().enumerate() {
        if line.starts_with("```") {
            in_console = line == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                file: file.to_owned(),
                line: i + 1,
                command: command.to_owned(),
                shown: Vec::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.shown.push(line.to_owned());
        }
    }
    examples
}

/// What an example prints: stdout and stderr together, in order, line by line.
fn run(command: &str) -> Vec<String> {
    let bin = assert_cmd::cargo::cargo_bin("crib");
    let dir = bin.parent().unwrap();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let output = Command::new("bash")
        .args(["-c", &format!("{command} 2>&1")])
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .env("PATH", path)
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .env_remove("NO_COLOR")
        .env_remove("COLORTERM")
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| l.trim_end().to_owned())
        .collect()
}

/// Whether `actual` is what `shown` shows, `...` standing for any lines left out.
fn matches(shown: &[String], actual: &[String]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            actual.first().is_some_and(|a| a == first.trim_end()) && matches(rest, &actual[1..])
        }
    }
}

#[test]
fn every_example_prints_what_is_shown() {
    let bless = std::env::var_os("CRIB_BLESS").is_some();
    let mut wrong = Vec::new();
    let mut count = 0;
    for file in files() {
        let mut blessed: Vec<(usize, usize, Vec<String>)> = Vec::new();
        for example in examples(&file) {
            count += 1;
            let actual = run(&example.command);
            if matches(&example.shown, &actual) {
                continue;
            }
            if bless && !example.shown.iter().any(|l| l == "...") {
                blessed.push((example.line, example.shown.len(), actual));
                continue;
            }
            wrong.push(format!(
                "{}:{}: $ {}\n--- shown\n{}\n--- printed\n{}",
                example.file.display(),
                example.line,
                example.command,
                example.shown.join("\n"),
                actual.join("\n")
            ));
        }
        if !blessed.is_empty() {
            let text = std::fs::read_to_string(&file).unwrap();
            let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
            for (line, shown, actual) in blessed.into_iter().rev() {
                lines.splice(line..line + shown, actual);
            }
            std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        }
    }
    assert!(count > 20, "only {count} examples found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn elisions_match_what_they_should() {
    let lines = |text: &str| -> Vec<String> { text.lines().map(str::to_owned).collect() };
    assert!(matches(&lines("a\n...\nd"), &lines("a\nb\nc\nd")));
    assert!(matches(&lines("a\n...\nd"), &lines("a\nd")));
    assert!(!matches(&lines("a\n...\nd"), &lines("a\nb\nc")));
    assert!(!matches(&lines("a\nb"), &lines("a\nb\nc")));
}
