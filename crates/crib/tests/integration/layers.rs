//! The layer map is true: `lib.rs` lists the layers by level with the modules of each, the
//! module tree declares exactly those modules, `docs/development.md` shows the same map, and no
//! module uses a layer of its own level or above.
//!
//! The source is read with `syn`, so that every spelling of a path is resolved: a `use` (grouped
//! or not, `crate::{a::x, b::y}` too), a path in code or in a type, through the hidden door
//! (`crate::tables::…`), through a curated module of the root (`crate::game::…` is the layers its
//! re-exports come from) or a name the root re-exports (`crate::Card` is `rules`'s). Test code
//! counts: a layer's tests use only what the layer may use. The library, `xtask` and the
//! front ends have no `_multi` names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;
use syn::{Item, UseTree};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn workspace() -> PathBuf {
    root().join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn parse(path: &Path) -> syn::File {
    syn::parse_file(&read(path)).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The backticked names in a table cell: `` `a`, `b` `` or `` [`a`] ``.
fn names(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// One row of the layer map.
#[derive(Debug, Clone, PartialEq)]
struct Layer {
    level: u32,
    name: String,
    modules: Vec<String>,
}

/// The rows of the first table of `text` whose header starts `| level | layer | modules |`.
/// Lines may carry a prefix (`//! `).
fn layer_map(text: &str, prefix: &str) -> Vec<Layer> {
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.strip_prefix(prefix).unwrap_or(l).trim())
        .collect();
    let start = lines
        .iter()
        .position(|l| l.starts_with("| level | layer | modules |"))
        .expect("a layer map");
    lines[start + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .map(|row| {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            Layer {
                level: cells[1].parse().expect("a level"),
                name: names(cells[2]).into_iter().next().expect("a layer name"),
                modules: names(cells[3]),
            }
        })
        .collect()
}

fn library_map() -> Vec<Layer> {
    layer_map(&read(&root().join("src/lib.rs")), "//!")
}

/// The modules a file declares at its top level (`mod x;`, `pub mod x;`, `#[path] mod x;`).
fn declared(path: &Path) -> BTreeSet<String> {
    parse(path)
        .items
        .iter()
        .filter_map(|item| match item {
            Item::Mod(m) if m.content.is_none() => Some(m.ident.to_string()),
            _ => None,
        })
        .collect()
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files
}

/// Every path from the crate's root (`crate::…`) a file names: in `use` trees, grouped or not,
/// and in code and types. Each as its segments after `crate`.
#[derive(Default)]
struct CratePaths(Vec<Vec<String>>);

impl CratePaths {
    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &UseTree) {
        match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            UseTree::Name(n) => self.leaf(prefix, Some(n.ident.to_string())),
            UseTree::Rename(r) => self.leaf(prefix, Some(r.ident.to_string())),
            UseTree::Glob(_) => self.leaf(prefix, None),
            UseTree::Group(g) => {
                for item in &g.items {
                    self.use_tree(prefix, item);
                }
            }
        }
    }

    fn leaf(&mut self, prefix: &[String], last: Option<String>) {
        let mut path: Vec<String> = prefix.to_vec();
        path.extend(last);
        if path.first().is_some_and(|s| s == "crate") {
            path.remove(0);
            self.0.push(path);
        }
    }
}

impl<'ast> Visit<'ast> for CratePaths {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if segments.first().is_some_and(|s| s == "crate") {
            self.0.push(segments[1..].to_vec());
        }
        syn::visit::visit_path(self, path);
    }
}

/// How the root's names resolve to layers: each layer by its name; `tables` (the door) to the
/// layer named next; each curated module of the root to the layers its `pub use`s draw from;
/// each name the root re-exports to its layer.
struct Resolver {
    layers: BTreeSet<String>,
    curated: BTreeMap<String, BTreeSet<String>>,
    names: BTreeMap<String, String>,
}

impl Resolver {
    fn new(layers: BTreeSet<String>) -> Resolver {
        let lib = parse(&root().join("src/lib.rs"));
        let mut curated = BTreeMap::new();
        let mut names = BTreeMap::new();
        for item in &lib.items {
            match item {
                Item::Mod(m) => {
                    if let Some((_, items)) = &m.content {
                        let mut from = BTreeSet::new();
                        for item in items {
                            let mut paths = CratePaths::default();
                            paths.visit_item(item);
                            from.extend(paths.0.iter().filter_map(|p| p.first().cloned()));
                        }
                        curated.insert(m.ident.to_string(), from);
                    }
                }
                Item::Use(u) => {
                    let mut paths = CratePaths::default();
                    // The root's `use`s name layers without `crate::`: read them as if with it.
                    paths.use_tree(&mut vec!["crate".to_owned()], &u.tree);
                    for path in paths.0 {
                        if let (Some(layer), Some(name)) = (path.first(), path.last())
                            && layers.contains(layer)
                            && path.len() > 1
                        {
                            names.insert(name.clone(), layer.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        Resolver {
            layers,
            curated,
            names,
        }
    }

    /// The layers a path from the root (its segments after `crate`) reaches.
    fn layers_of(&self, path: &[String]) -> BTreeSet<String> {
        let Some(first) = path.first() else {
            return BTreeSet::new();
        };
        if first == "tables" {
            return self.layers_of(&path[1..]);
        }
        if self.layers.contains(first) {
            return BTreeSet::from([first.clone()]);
        }
        if let Some(from) = self.curated.get(first) {
            return from.clone();
        }
        self.names.get(first).cloned().into_iter().collect()
    }
}

#[test]
fn the_module_tree_is_the_layer_map() {
    let src = root().join("src");
    let map = library_map();
    let door: BTreeSet<String> = declared(&src.join("tables.rs"));
    let at_root: BTreeSet<String> = declared(&src.join("lib.rs"));
    for layer in &map {
        assert!(
            door.contains(&layer.name) != at_root.contains(&layer.name),
            "{} is declared once: behind the door or at the root",
            layer.name
        );
        let modules: BTreeSet<String> = layer.modules.iter().cloned().collect();
        assert_eq!(
            declared(&src.join(&layer.name).join("mod.rs")),
            modules,
            "the modules of {}",
            layer.name
        );
    }
    let layers: BTreeSet<String> = map.iter().map(|l| l.name.clone()).collect();
    let declared_layers: BTreeSet<String> = door
        .union(&at_root)
        .filter(|m| *m != "tables")
        .cloned()
        .collect();
    assert_eq!(declared_layers, layers, "the layers declared");
    // Levels never fall down the table.
    assert!(map.windows(2).all(|w| w[0].level <= w[1].level), "{map:?}");
}

#[test]
fn the_guide_shows_the_same_map() {
    let guide = layer_map(&read(&workspace().join("docs/development.md")), "");
    assert_eq!(
        guide,
        library_map(),
        "docs/development.md's layer map and lib.rs's differ"
    );
}

/// A file of a layer, and each layer it uses with the path that reaches it.
type Uses = (PathBuf, Layer, Vec<(String, Vec<String>)>);

/// Every use of a layer, by file.
fn uses() -> Vec<Uses> {
    let map = library_map();
    let resolver = Resolver::new(map.iter().map(|l| l.name.clone()).collect());
    let mut found = Vec::new();
    for layer in map {
        for file in sources(&root().join("src").join(&layer.name)) {
            let mut paths = CratePaths::default();
            paths.visit_file(&parse(&file));
            let used = paths
                .0
                .iter()
                .flat_map(|p| resolver.layers_of(p).into_iter().map(|l| (l, p.clone())))
                .collect();
            found.push((file, layer.clone(), used));
        }
    }
    found
}

#[test]
fn no_layer_uses_its_level_or_above() {
    let levels: BTreeMap<String, u32> = library_map()
        .into_iter()
        .map(|l| (l.name, l.level))
        .collect();
    let mut wrong = Vec::new();
    for (file, layer, used) in uses() {
        for (other, path) in used {
            if other != layer.name && levels[&other] >= layer.level {
                wrong.push(format!(
                    "{} ({}, level {}) uses {other} (level {}): crate::{}",
                    file.display(),
                    layer.name,
                    layer.level,
                    levels[&other],
                    path.join("::")
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The resolver sees the spellings a line-by-line reading missed: a grouped `use`, the door,
/// a curated module and a name the root re-exports.
#[test]
fn every_spelling_is_resolved() {
    let map = library_map();
    let resolver = Resolver::new(map.iter().map(|l| l.name.clone()).collect());
    let file: syn::File = syn::parse_str(
        "use crate::{rules::card::Card, coach::Label};
         fn f() { let _ = crate::tables::players::level::Level::Expert; }
         fn g(_: crate::game::DealTable, _: crate::Models) {}",
    )
    .unwrap();
    let mut paths = CratePaths::default();
    paths.visit_file(&file);
    let reached: BTreeSet<String> = paths.0.iter().flat_map(|p| resolver.layers_of(p)).collect();
    let expected = ["rules", "coach", "players", "state", "model"];
    for layer in expected {
        assert!(reached.contains(layer), "{layer} not seen in {reached:?}");
    }
}

/// The `.rs` files of the front ends and of `xtask`.
fn front_ends_and_xtask() -> Vec<PathBuf> {
    let ws = workspace();
    ["src", "bindings/python/src", "xtask/src", "xtask/tests"]
        .iter()
        .flat_map(|dir| sources(&ws.join(dir)))
        .collect()
}

/// The front ends (the CLI and the Python binding) use the curated root, never the door for
/// `xtask`.
#[test]
fn front_ends_never_name_the_door() {
    let ws = workspace();
    let mut wrong = Vec::new();
    for dir in ["src", "bindings/python/src"] {
        for file in sources(&ws.join(dir)) {
            let text = read(&file);
            let parsed = syn::parse_file(&text).expect("the front ends parse");
            let mut seen = DoorPaths(Vec::new());
            seen.visit_file(&parsed);
            wrong.extend(
                seen.0
                    .into_iter()
                    .map(|p| format!("{}: {p}", file.display())),
            );
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The paths a file names through the door: `crib::tables::…` or `crib_core::tables::…`.
struct DoorPaths(Vec<String>);

impl DoorPaths {
    fn check(&mut self, segments: &[String]) {
        if segments.len() > 1
            && (segments[0] == "crib" || segments[0] == "crib_core")
            && segments[1] == "tables"
        {
            self.0.push(segments.join("::"));
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &UseTree) {
        match tree {
            UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.check(prefix);
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                self.check(prefix);
                prefix.pop();
            }
            UseTree::Group(g) => {
                for item in &g.items {
                    self.use_tree(prefix, item);
                }
            }
            UseTree::Rename(_) | UseTree::Glob(_) => self.check(prefix),
        }
    }
}

impl<'ast> Visit<'ast> for DoorPaths {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &item.tree);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        self.check(&segments);
        syn::visit::visit_path(self, path);
    }
}

/// Whether a name is a `_multi` twin of a two-player original.
fn is_multi(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name == "multi" || name.ends_with("_multi") || name.starts_with("multi_")
}

/// Every item a file names (function, module, type, trait, constant, static), at any depth.
struct Named(Vec<String>);

impl<'ast> Visit<'ast> for Named {
    fn visit_item(&mut self, item: &'ast Item) {
        let ident = match item {
            Item::Fn(f) => Some(&f.sig.ident),
            Item::Mod(m) => Some(&m.ident),
            Item::Struct(s) => Some(&s.ident),
            Item::Enum(e) => Some(&e.ident),
            Item::Trait(t) => Some(&t.ident),
            Item::Type(t) => Some(&t.ident),
            Item::Const(c) => Some(&c.ident),
            Item::Static(s) => Some(&s.ident),
            _ => None,
        };
        self.0.extend(ident.map(ToString::to_string));
        syn::visit::visit_item(self, item);
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.0.push(f.sig.ident.to_string());
        syn::visit::visit_impl_item_fn(self, f);
    }

    fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
        // A name given on a command line (`cargo xtask experiment NAME`) is a name too.
        let value = lit.value();
        if !value.contains(char::is_whitespace) && is_multi(&value) {
            self.0.push(value);
        }
    }
}

/// A player count is a value, not a type: no file, module, function, type or command of the
/// library, its generated data, `xtask` or the front ends is a `_multi` twin of a two-player
/// original.
#[test]
fn no_multi_twins() {
    let mut files = sources(&root().join("src"));
    files.extend(front_ends_and_xtask());
    files.extend(sources(&root().join("tests")));
    files.extend(sources(&root().join("benches")));
    // This guard's own words name what it looks for.
    files.retain(|f| !f.ends_with("tests/integration/layers.rs"));
    let mut wrong = Vec::new();
    for file in &files {
        let stem = file.file_stem().unwrap().to_string_lossy().into_owned();
        if is_multi(&stem) {
            wrong.push(format!("{}: a file named for many players", file.display()));
        }
        let mut named = Named(Vec::new());
        named.visit_file(&parse(file));
        for name in named.0.into_iter().filter(|n| is_multi(n)) {
            wrong.push(format!("{}: {name}", file.display()));
        }
    }
    // The committed data too: each file's name, and what its header says made it.
    for entry in std::fs::read_dir(root().join("src/generated")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if is_multi(name.split('.').next().unwrap_or("")) {
            wrong.push(format!("src/generated/{name}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
