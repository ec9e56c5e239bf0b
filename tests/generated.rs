//! The committed shell completions and man page must be what the code generates.
//!
//! After changing the command line, run `CRIB_BLESS=1 cargo test --test generated` to rewrite
//! them, and commit the result.

mod common;

use std::path::Path;

fn check(args: &[&str], path: &str) {
    let output = common::crib().args(args).output().unwrap();
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
        "{} differs from `crib {}`: run `CRIB_BLESS=1 cargo test --test generated`",
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

#[test]
fn man_page_is_up_to_date() {
    check(&["man"], "man/crib.1");
}
