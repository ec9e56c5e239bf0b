//! The public API is on purpose: every path a program outside the crate can name is listed in
//! `tests/public-api.txt`, and this test fails when the source and the list differ, so that
//! adding to the API (or taking from it) is a one-line diff someone reads.
//! `CRIB_BLESS=1 cargo test -p crib-core --test integration public_api` writes the list anew.
//!
//! What is listed, read from the source with `syn` (`#[cfg(test)]` items left out), each by the
//! path a program names it by: every public module reachable from the crate's root; every public
//! item in such a module (function, type, trait, constant, static), and every name a public
//! `use` there brings in; and every public function, constant and type of an inherent `impl` of
//! a type reachable so, as `Type::name`, wherever the `impl` is written. Fields and variants
//! belong to their type and are not listed apart. What only `xtask` needs sits behind one door,
//! the hidden module `tables`; it is listed like the rest, and counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::{Attribute, ImplItem, Item, UseTree, Visibility};

/// The most public items the crate may have, its door for `xtask` aside. The cap rose four times
/// in one day to 410, each time in the commit of the feature that needed it; the reshape of
/// round four took the root from 402 to 359 by removing duplicates and what no front end or
/// user needs, and set the cap at the root it left. It does not rise again: a path added names
/// one it replaces (see [`a_path_added_says_why`]).
const MOST: usize = 360;

/// The door for `xtask`: what lies behind it is listed, and not counted.
const DOOR: &str = "crib_core::tables";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn is_pub(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

/// Whether `attrs` hold `#[cfg(test)]`.
fn test_only(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Ident>()
                .is_ok_and(|ident| ident == "test")
    })
}

/// The file a `mod name;` in `file` declares: `#[path]`'s, or `name.rs` or `name/mod.rs` beside
/// (or under, for a file that is not a `mod.rs` or `lib.rs`) the declaring file.
fn module_file(file: &Path, name: &str, attrs: &[Attribute]) -> PathBuf {
    let dir = file.parent().expect("a directory");
    for attr in attrs.iter().filter(|a| a.path().is_ident("path")) {
        if let syn::Meta::NameValue(nv) = &attr.meta
            && let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(path),
                ..
            }) = &nv.value
        {
            return dir.join(path.value());
        }
    }
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let base = if stem == "mod" || stem == "lib" {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    let flat = base.join(format!("{name}.rs"));
    if flat.exists() {
        flat
    } else {
        base.join(name).join("mod.rs")
    }
}

/// What a module holds: its items by name (public or not, and whether each is a module), the
/// names its `use`s bring in (with the path each names, and whether the `use` is public), and
/// its inherent `impl`s (the type as written, and its public items).
#[derive(Default)]
struct Module {
    items: BTreeMap<String, (bool, bool)>,
    uses: BTreeMap<String, (Vec<String>, bool)>,
    impls: Vec<(String, Vec<String>)>,
}

/// Every module of the crate, by path from `crate`.
type Crate = BTreeMap<Vec<String>, Module>;

/// Read module `path` from `items` (in `file`), and every module it declares, into `krate`.
fn read(items: &[Item], path: &[String], file: &Path, krate: &mut Crate) {
    let mut module = Module::default();
    for item in items {
        let (vis, attrs, ident) = match item {
            Item::Fn(f) => (&f.vis, &f.attrs, &f.sig.ident),
            Item::Struct(s) => (&s.vis, &s.attrs, &s.ident),
            Item::Enum(e) => (&e.vis, &e.attrs, &e.ident),
            Item::Union(u) => (&u.vis, &u.attrs, &u.ident),
            Item::Trait(t) => (&t.vis, &t.attrs, &t.ident),
            Item::Const(c) => (&c.vis, &c.attrs, &c.ident),
            Item::Static(s) => (&s.vis, &s.attrs, &s.ident),
            Item::Type(t) => (&t.vis, &t.attrs, &t.ident),
            Item::Mod(m) if !test_only(&m.attrs) => {
                let mut inner = path.to_vec();
                inner.push(m.ident.to_string());
                match &m.content {
                    Some((_, items)) => read(items, &inner, file, krate),
                    None => {
                        let file = module_file(file, &m.ident.to_string(), &m.attrs);
                        let text = std::fs::read_to_string(&file)
                            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                        let parsed = syn::parse_file(&text)
                            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                        read(&parsed.items, &inner, &file, krate);
                    }
                }
                module
                    .items
                    .insert(m.ident.to_string(), (is_pub(&m.vis), true));
                continue;
            }
            Item::Use(u) if !test_only(&u.attrs) => {
                let mut found = Vec::new();
                flatten(&u.tree, Vec::new(), &mut found);
                for (name, target) in found {
                    assert!(
                        name != "*" || !is_pub(&u.vis),
                        "{path:?}: a public glob hides what it makes public"
                    );
                    module.uses.insert(name, (target, is_pub(&u.vis)));
                }
                continue;
            }
            Item::Impl(i) if i.trait_.is_none() && !test_only(&i.attrs) => {
                let syn::Type::Path(ty) = &*i.self_ty else {
                    continue;
                };
                let Some(ty) = ty.path.segments.last() else {
                    continue;
                };
                let names = i
                    .items
                    .iter()
                    .filter_map(|inner| match inner {
                        ImplItem::Fn(f) if is_pub(&f.vis) && !test_only(&f.attrs) => {
                            Some(f.sig.ident.to_string())
                        }
                        ImplItem::Const(c) if is_pub(&c.vis) => Some(c.ident.to_string()),
                        ImplItem::Type(t) if is_pub(&t.vis) => Some(t.ident.to_string()),
                        _ => None,
                    })
                    .collect();
                module.impls.push((ty.ident.to_string(), names));
                continue;
            }
            _ => continue,
        };
        if !test_only(attrs) {
            module.items.insert(ident.to_string(), (is_pub(vis), false));
        }
    }
    krate.insert(path.to_vec(), module);
}

/// The names a `use` tree brings in, each with the path it names (as written).
fn flatten(tree: &UseTree, prefix: Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    let joined = |name: &syn::Ident| {
        let mut path = prefix.clone();
        path.push(name.to_string());
        path
    };
    match tree {
        UseTree::Path(p) => flatten(&p.tree, joined(&p.ident), out),
        UseTree::Name(n) if n.ident == "self" => {
            out.push((prefix.last().cloned().unwrap_or_default(), prefix.clone()));
        }
        UseTree::Name(n) => out.push((n.ident.to_string(), joined(&n.ident))),
        UseTree::Rename(r) => out.push((r.rename.to_string(), joined(&r.ident))),
        UseTree::Group(g) => g.items.iter().for_each(|t| flatten(t, prefix.clone(), out)),
        // A glob brings in what it finds; only a private one (`rayon::prelude::*`) is allowed.
        UseTree::Glob(_) => out.push(("*".to_owned(), prefix)),
    }
}

/// The absolute path (from `crate`) of `written`, as written in module `at`.
fn absolute(at: &[String], written: &[String]) -> Vec<String> {
    let mut path: Vec<String> = match written.first().map(String::as_str) {
        Some("crate") => Vec::new(),
        Some("self") => at.to_vec(),
        Some("super") => at[..at.len() - 1].to_vec(),
        // A name in scope, or a path through one (a module declared here).
        _ => at.to_vec(),
    };
    let skip = usize::from(matches!(
        written.first().map(String::as_str),
        Some("crate" | "self" | "super")
    ));
    let mut rest = written[skip..].iter().peekable();
    while rest.peek().is_some_and(|s| *s == "super") {
        path.pop();
        rest.next();
    }
    path.extend(rest.cloned());
    path
}

/// Where the name `path` (absolute) is defined, each step followed through `use`s: the path
/// of its definition. `None` outside the crate.
fn defined(krate: &Crate, path: &[String]) -> Option<Vec<String>> {
    let mut at: Vec<String> = Vec::new();
    for (i, name) in path.iter().enumerate() {
        let module = krate.get(&at)?;
        if module.items.contains_key(name) {
            at.push(name.clone());
        } else {
            let (target, _) = module.uses.get(name)?;
            let target = absolute(&at, target);
            at = defined(krate, &target)?;
        }
        // Only the last step may name something other than a module.
        if i + 1 < path.len() && !krate.contains_key(&at) {
            return None;
        }
    }
    Some(at)
}

/// The public paths of module `at` (defined where `module` is), named from `shown`, into `out`.
fn list(krate: &Crate, module: &[String], shown: &str, out: &mut BTreeSet<String>) {
    let Some(m) = krate.get(module) else { return };
    let mut names: Vec<(String, Vec<String>)> = m
        .items
        .iter()
        .filter(|(_, (public, _))| *public)
        .map(|(name, _)| {
            let mut path = module.to_vec();
            path.push(name.clone());
            (name.clone(), path)
        })
        .collect();
    for (name, (target, public)) in &m.uses {
        if *public && let Some(path) = defined(krate, &absolute(module, target)) {
            names.push((name.clone(), path));
        }
    }
    for (name, path) in names {
        let named = format!("{shown}::{name}");
        out.insert(named.clone());
        if krate.contains_key(&path) {
            list(krate, &path, &named, out);
        } else {
            for method in inherent(krate, &path) {
                out.insert(format!("{named}::{method}"));
            }
        }
    }
}

/// The public items of every inherent `impl` of the type defined at `path`.
fn inherent(krate: &Crate, path: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (at, module) in krate {
        for (ty, names) in &module.impls {
            let written = if module.items.contains_key(ty) {
                let mut p = at.clone();
                p.push(ty.clone());
                Some(p)
            } else {
                module
                    .uses
                    .get(ty)
                    .and_then(|(target, _)| defined(krate, &absolute(at, target)))
            };
            if written.as_deref() == Some(path) {
                found.extend(names.iter().cloned());
            }
        }
    }
    found
}

/// Every public path of the crate, sorted.
fn public_paths() -> Vec<String> {
    let lib = root().join("src/lib.rs");
    let parsed = syn::parse_file(&std::fs::read_to_string(&lib).unwrap()).unwrap();
    let mut krate = Crate::new();
    read(&parsed.items, &[], &lib, &mut krate);
    let mut out = BTreeSet::new();
    list(&krate, &[], "crib_core", &mut out);
    out.into_iter().collect()
}

/// The committed list: each public path, and the reason it is public where one was given
/// (after `#`); lines of `#` alone are the file's own comments.
fn committed(text: &str) -> BTreeMap<String, String> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|l| match l.split_once('#') {
            Some((path, why)) => (path.trim().to_owned(), why.trim().to_owned()),
            None => (l.trim().to_owned(), String::new()),
        })
        .collect()
}

/// A root path added after the reshape of round four says why it is public, on its line of
/// `tests/public-api.txt` after a `#`: the path it replaces, or why a front end or a user needs
/// it. The root as that reshape left it is `tests/public-api-round-four.txt`, written once.
#[test]
fn a_path_added_says_why() {
    let base: BTreeSet<String> =
        std::fs::read_to_string(root().join("tests/public-api-round-four.txt"))
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.trim().to_owned())
            .collect();
    let listed = committed(&std::fs::read_to_string(root().join("tests/public-api.txt")).unwrap());
    let silent: Vec<&String> = listed
        .iter()
        .filter(|(path, why)| !path.starts_with(DOOR) && !base.contains(*path) && why.is_empty())
        .map(|(path, _)| path)
        .collect();
    assert!(
        silent.is_empty(),
        "a public path added must say why after a # (the path it replaces, or who needs it):\n{silent:#?}"
    );
}

#[test]
fn the_public_api_is_the_committed_list() {
    let listed_path = root().join("tests/public-api.txt");
    let found = public_paths();
    let text = std::fs::read_to_string(&listed_path).unwrap_or_default();
    let listed = committed(&text);
    if std::env::var_os("CRIB_BLESS").is_some() {
        // The file's own comments first, then each path with the reason it had.
        let mut blessed: String = text
            .lines()
            .take_while(|l| l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        for path in &found {
            match listed.get(path).filter(|why| !why.is_empty()) {
                Some(why) => blessed.push_str(&format!("{path}  # {why}\n")),
                None => blessed.push_str(&format!("{path}\n")),
            }
        }
        std::fs::write(&listed_path, blessed).unwrap();
    }
    let added: Vec<&String> = found.iter().filter(|p| !listed.contains_key(*p)).collect();
    let removed: Vec<&String> = listed
        .keys()
        .filter(|p| !found.iter().any(|f| f == *p))
        .collect();
    assert!(
        added.is_empty() && removed.is_empty(),
        "the public API differs from tests/public-api.txt (CRIB_BLESS=1 writes it anew; say \
         why a path is public after a #):\nadded: {added:#?}\nremoved: {removed:#?}"
    );
    let api = found
        .iter()
        .filter(|p| *p != DOOR && !p.starts_with(&format!("{DOOR}::")))
        .count();
    assert!(api < MOST, "{api} public items: keep the API under {MOST}");
}
