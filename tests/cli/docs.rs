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
pub struct Example {
    pub file: PathBuf,
    /// The line of the command, from 1.
    pub line: usize,
    pub command: String,
    pub shown: Vec<String>,
}

/// The files whose examples are checked.
pub fn files() -> Vec<PathBuf> {
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
pub fn examples(file: &Path) -> Vec<Example> {
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
    // In a directory of its own, so that nothing an example leaves where it runs (a game saved
    // at the end of its input, say) lands in the checkout.
    let cwd = std::env::temp_dir().join(format!("crib-docs-examples-{}", std::process::id()));
    std::fs::create_dir_all(&cwd).unwrap();
    let output = Command::new("bash")
        .args(["-c", &format!("{command} 2>&1")])
        .current_dir(&cwd)
        // The games an example keeps, and the grades it caches, stay in its directory too.
        .env("XDG_DATA_HOME", cwd.join("data"))
        .env("XDG_CACHE_HOME", cwd.join("cache"))
        .env("PATH", path)
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .env_remove("NO_COLOR")
        .env_remove("COLORTERM")
        .env_remove("COLUMNS")
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

/// The inline examples of JSON written after their command (`` `crib odds 95 110 --dealer
/// --json`: `{"p_win": 0.134398, ...}` ``) show numbers crib prints: each number in the example
/// (`"key": 1.23`, `"key": 2.826...` for one cut short, or a list of them) is the value of that
/// key somewhere in the command's real output, to the places shown. Only runnable commands
/// may be written so.
#[test]
fn inline_json_examples_show_real_numbers() {
    let mut checked = 0;
    for file in files() {
        let text = std::fs::read_to_string(&file).unwrap();
        // Prose only: fenced blocks are checked by the test above.
        let prose: String = text
            .split("```")
            .step_by(2)
            .collect::<Vec<_>>()
            .join(" ")
            .replace('\n', " ");
        let spans: Vec<&str> = prose.split('`').collect();
        for i in (1..spans.len().saturating_sub(2)).step_by(2) {
            let (command, between, example) = (spans[i], spans[i + 1], spans[i + 2]);
            if !(command.starts_with("crib ")
                && command.contains("--json")
                && between.trim() == ":"
                && example.starts_with('{'))
            {
                continue;
            }
            let numbers = numbers_in(example);
            if numbers.is_empty() {
                // A shape, not an example: `{"player", "decisions": [...]}`.
                continue;
            }
            let output = run(command);
            let values: Vec<serde_json::Value> = output
                .iter()
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect();
            assert!(
                !values.is_empty(),
                "{}: `{command}` prints no JSON: {output:?}",
                file.display()
            );
            for (key, written) in numbers {
                assert!(
                    values.iter().any(|v| holds(v, &key, &written)),
                    "{}: `{command}`: \"{key}\": {written:?} is not what crib prints: {}",
                    file.display(),
                    output.join("\n")
                );
                checked += 1;
            }
        }
    }
    assert!(
        checked > 10,
        "only {checked} numbers found in inline examples"
    );
}

/// A number as an example writes it: its value, and how close the real one must be (half a
/// unit of its last place, or a whole one when it is cut short with `...`).
#[derive(Debug, Clone, Copy)]
struct Written {
    value: f64,
    within: f64,
}

/// Each `"key": number` and `"key": [numbers]` of an example, in order.
fn numbers_in(example: &str) -> Vec<(String, Vec<Written>)> {
    let mut found = Vec::new();
    for (at, _) in example.match_indices("\":") {
        let Some(open) = example[..at].rfind('"') else {
            continue;
        };
        let key = example[open + 1..at].to_owned();
        let rest = example[at + 2..].trim_start();
        let list = rest
            .strip_prefix('[')
            .map(|r| &r[..r.find(']').unwrap_or(r.len())]);
        let items: Vec<&str> = match list {
            Some(inside) => inside.split(',').collect(),
            None => vec![&rest[..rest.find([',', '}']).unwrap_or(rest.len())]],
        };
        let numbers: Option<Vec<Written>> = items.iter().map(|item| written(item.trim())).collect();
        if let Some(numbers) = numbers.filter(|n| !n.is_empty()) {
            found.push((key, numbers));
        }
    }
    found
}

fn written(text: &str) -> Option<Written> {
    let (digits, cut) = match text.strip_suffix("...") {
        Some(d) => (d, true),
        None => (text, false),
    };
    let value: f64 = digits.parse().ok()?;
    let places = digits.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
    let unit = 10f64.powi(-places);
    Some(Written {
        value,
        within: if cut { unit } else { unit / 2.0 } + 1e-12,
    })
}

/// Whether `value` holds, at any depth, `key` with the numbers written.
fn holds(value: &serde_json::Value, key: &str, written: &[Written]) -> bool {
    use serde_json::Value;
    let close =
        |v: &Value, w: &Written| v.as_f64().is_some_and(|x| (x - w.value).abs() <= w.within);
    match value {
        Value::Object(map) => map.iter().any(|(k, v)| {
            (k == key
                && match (v, written) {
                    (Value::Array(items), _) => {
                        items.len() == written.len()
                            && items.iter().zip(written).all(|(v, w)| close(v, w))
                    }
                    (_, [w]) => close(v, w),
                    _ => false,
                })
                || holds(v, key, written)
        }),
        Value::Array(items) => items.iter().any(|v| holds(v, key, written)),
        _ => false,
    }
}
