//! Every relative link in README.md, CHANGELOG.md and docs/ (the guide and the lab) leads
//! somewhere: the file exists, and an anchor (`#the-levels`) names a heading of it, as GitHub
//! makes anchors from headings. Links to the web are not followed.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md, CHANGELOG.md and every Markdown file under docs/, at any depth.
fn pages() -> Vec<PathBuf> {
    fn under(dir: &Path, found: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                under(&path, found);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    let mut pages = vec![root().join("README.md"), root().join("CHANGELOG.md")];
    under(&root().join("docs"), &mut pages);
    pages
}

/// A page's text with fenced blocks and inline code blanked: links are read from the prose.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push('\n');
            continue;
        }
        if fenced {
            out.push('\n');
            continue;
        }
        let mut in_code = false;
        for c in line.chars() {
            if c == '`' {
                in_code = !in_code;
                out.push(' ');
            } else {
                out.push(if in_code { ' ' } else { c });
            }
        }
        out.push('\n');
    }
    out
}

/// The targets of a page's links: `[text](target)`, with its line.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in prose(text).lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            found.push((n + 1, after[..end].trim().to_owned()));
            rest = &after[end..];
        }
    }
    found
}

/// GitHub's anchor for a heading: lower case, letters, digits, spaces, hyphens and underscores
/// kept, spaces made hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor of a page: each heading's, the second of a name with `-1` after it, and so on.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = anchor(&heading.replace('`', ""));
        let mut name = base.clone();
        let mut k = 0;
        while seen.contains(&name) {
            k += 1;
            name = format!("{base}-{k}");
        }
        seen.insert(name);
    }
    seen
}

#[test]
fn every_relative_link_leads_somewhere() {
    let mut broken = Vec::new();
    for page in pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") || target.is_empty() {
                continue;
            }
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target.as_str(), None),
            };
            let dest = if file.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(file)
            };
            let shown = format!(
                "{}:{line}: {target}",
                page.strip_prefix(root()).unwrap().display()
            );
            if !dest.exists() {
                broken.push(format!("{shown} (no such file)"));
                continue;
            }
            if let Some(fragment) = fragment {
                let is_page = dest.extension().is_some_and(|e| e == "md");
                let names = std::fs::read_to_string(&dest).map(|t| anchors(&t));
                if is_page && !names.is_ok_and(|n| n.contains(fragment)) {
                    broken.push(format!("{shown} (no such heading)"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The checker itself, on a page made up: a link to a missing heading is seen, code is not
/// read for links, and headings with code and punctuation take GitHub's anchors.
#[test]
fn anchors_are_githubs() {
    assert_eq!(
        anchor(
            "Engines and matches: `crib engine` and `crib match`"
                .replace('`', "")
                .as_str()
        ),
        "engines-and-matches-crib-engine-and-crib-match"
    );
    assert_eq!(
        anchor("What crib's strongest player assumes, and why"),
        "what-cribs-strongest-player-assumes-and-why"
    );
    let page = "# A\n## A\n`[x](nowhere.md)` and [y](#a-1)\n```\n[z](gone.md)\n```\n";
    assert_eq!(
        anchors(page),
        BTreeSet::from(["a".to_owned(), "a-1".to_owned()])
    );
    assert_eq!(links(page), vec![(3, "#a-1".to_owned())]);
}
