//! The layer map is true: `lib.rs` lists the layers in order with the modules of each, the
//! module tree declares exactly those modules, `docs/development.md` shows the same map, and no
//! module uses a layer below it (comments aside).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The backticked names in a table cell: `` `a`, `b` `` or `` [`a`] ``.
fn names(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The rows of the first table of `text` whose header starts `| layer | modules |`: each layer
/// with its modules, in order. Lines may carry a prefix (`//! `).
fn layer_map(text: &str, prefix: &str) -> Vec<(String, Vec<String>)> {
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.strip_prefix(prefix).unwrap_or(l).trim())
        .collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("| layer | modules |"))
        .expect("a layer map");
    lines[start + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let layer = names(cells[1]).into_iter().next().expect("a layer name");
            (layer, names(cells[2]))
        })
        .collect()
}

/// The modules a `mod.rs` (or `lib.rs`) declares.
fn declared(path: &Path) -> BTreeSet<String> {
    read(path)
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("pub(crate) mod "))
                .or_else(|| l.strip_prefix("mod "))?;
            Some(rest.strip_suffix(';')?.to_owned())
        })
        .collect()
}

/// The code of a Rust file with its comments blanked.
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) if !l[..i].contains('"') => &l[..i],
            _ => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

#[test]
fn the_module_tree_is_the_layer_map() {
    let src = root().join("src");
    let map = layer_map(&read(&src.join("lib.rs")), "//!");
    let layers: BTreeSet<String> = map.iter().map(|(l, _)| l.clone()).collect();
    // The root declares the door for xtask alone; the layers are declared behind it.
    let at_root = declared(&src.join("lib.rs"));
    assert_eq!(
        at_root,
        BTreeSet::from(["tables".to_owned()]),
        "lib.rs's modules"
    );
    assert_eq!(
        declared(&src.join("tables.rs")),
        layers,
        "the layers behind the door"
    );
    for (layer, modules) in &map {
        let modules: BTreeSet<String> = modules.iter().cloned().collect();
        assert_eq!(
            declared(&src.join(layer).join("mod.rs")),
            modules,
            "the modules of {layer}"
        );
    }
}

#[test]
fn the_guide_shows_the_same_map() {
    let src = root().join("src");
    let library = layer_map(&read(&src.join("lib.rs")), "//!");
    let guide = layer_map(&read(&root().join("../../docs/development.md")), "");
    assert_eq!(
        guide, library,
        "docs/development.md's layer map and lib.rs's differ"
    );
}

#[test]
fn no_layer_uses_one_below_it() {
    let src = root().join("src");
    let map = layer_map(&read(&src.join("lib.rs")), "//!");
    let order: Vec<&str> = map.iter().map(|(l, _)| l.as_str()).collect();
    let mut wrong = Vec::new();
    for (i, layer) in order.iter().enumerate() {
        for file in sources(&src.join(layer)) {
            let text = code(&read(&file));
            for (j, other) in order.iter().enumerate().skip(i + 1) {
                if text.contains(&format!("crate::{other}::")) {
                    wrong.push(format!(
                        "{} ({layer}, layer {i}) uses {other} (layer {j})",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A player count is a value, not a type: no library file, module, function or type is a
/// `_multi` twin of a two-player original (the generated data in `src/generated/` keeps the
/// names its tables were committed under).
#[test]
fn no_multi_twins() {
    let src = root().join("src");
    let mut wrong = Vec::new();
    for file in sources(&src) {
        if file.components().any(|c| c.as_os_str() == "generated") {
            continue;
        }
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        if stem == "multi" || stem.ends_with("_multi") {
            wrong.push(format!("{}: a file named for many players", file.display()));
        }
        for (n, line) in code(&read(&file)).lines().enumerate() {
            let words: Vec<&str> = line
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .collect();
            for pair in words.windows(2) {
                let named = match pair[0] {
                    "fn" | "mod" | "struct" | "enum" | "trait" | "type" => pair[1],
                    _ => continue,
                };
                if named == "multi"
                    || named.ends_with("_multi")
                    || named.starts_with("Multi")
                    || named.ends_with("Multi")
                {
                    wrong.push(format!("{}:{}: {named}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
