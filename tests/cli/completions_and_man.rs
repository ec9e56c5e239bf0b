//! The committed shell completions and man page must be what the code generates.
//!
//! After changing the command line, run `CRIB_BLESS=1 cargo test --test completions_and_man` to rewrite
//! them, and commit the result.

use std::path::Path;

fn check(args: &[&str], path: &str) {
    let output = crate::common::crib().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("CRIB_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &output.stdout).unwrap();
        return;
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == output.stdout,
        "{} differs from `crib {}`: run `CRIB_BLESS=1 cargo test --test completions_and_man`",
        path.display(),
        args.join(" ")
    );
}

#[test]
fn completions_are_up_to_date() {
    for (shell, file) in [
        ("bash", "completions/crib.bash"),
        ("zsh", "completions/_crib"),
        ("fish", "completions/crib.fish"),
        ("elvish", "completions/crib.elv"),
        ("powershell", "completions/_crib.ps1"),
    ] {
        check(&["completions", shell], file);
    }
}

/// The subcommands with a page of their own (the binary's `completions::SUBCOMMANDS`; a unit test
/// there checks that list against the command line).
const SUBCOMMANDS: [&str; 17] = [
    "score",
    "peg",
    "play",
    "deal",
    "odds",
    "check",
    "stats",
    "discard",
    "game",
    "review",
    "train",
    "verify",
    "match",
    "engine",
    "schema",
    "completions",
    "man",
];

#[test]
fn man_pages_are_up_to_date() {
    check(&["man"], "man/crib.1");
    for subcommand in SUBCOMMANDS {
        check(&["man", subcommand], &format!("man/crib-{subcommand}.1"));
    }
}

/// The pages that crib(1) names under SEE ALSO all exist.
#[test]
fn every_page_named_exists() {
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("man/crib.1")).unwrap();
    for name in SUBCOMMANDS {
        assert!(page.contains(&format!("crib\\-{name}(1)")), "{name}");
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("man/crib-{name}.1"));
        assert!(path.exists(), "{}", path.display());
    }
}
