//! Shell completions and the man pages, generated from the clap definition: the completions and
//! man pages pipeline, apart from the data pipeline of `cargo xtask tables`.
//!
//! The committed copies under `completions/` and `man/` are checked against these by
//! `tests/completions_and_man.rs`; `CRIB_BLESS=1 cargo test --test completions_and_man`
//! rewrites them.

use std::io::{self, Write};

use clap_complete::Shell;

/// The subcommands that have a man page of their own, `crib-NAME(1)`, in the order of `--help`.
pub const SUBCOMMANDS: [&str; 18] = [
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
    "serve",
    "verify",
    "match",
    "engine",
    "schema",
    "completions",
    "man",
];

pub const COMPLETIONS_HELP: &str = "\
Install the script where your shell looks for completions, for example:
  crib completions bash > ~/.local/share/bash-completion/completions/crib
  crib completions zsh > ~/.zfunc/_crib
      (with 'fpath+=~/.zfunc; autoload -U compinit; compinit' in ~/.zshrc)
  crib completions fish > ~/.config/fish/completions/crib.fish
  crib completions elvish >> ~/.config/elvish/rc.elv
  crib completions powershell >> $PROFILE
The same scripts are in the repository's completions/ folder.";

pub const MAN_HELP: &str = "\
Examples:
  crib man | man -l -            read crib(1)
  crib man discard | man -l -    read crib-discard(1)
  crib man score > crib-score.1  install a page (in ~/.local/share/man/man1/)
The same pages are in the repository's man/ folder.";

/// Write the completion script for a shell.
pub fn completion_script(shell: Shell, out: &mut dyn Write) {
    clap_complete::generate(shell, &mut super::command(), "crib", out);
}

/// Write a man page in roff: crib(1), or `crib-NAME(1)` for a subcommand.
pub fn man_page(subcommand: Option<&str>, out: &mut dyn Write) -> io::Result<()> {
    let mut command = super::command();
    command.build();
    let page = match subcommand {
        None => command,
        Some(name) => {
            let version = command.get_version().unwrap_or_default().to_owned();
            let Some(sub) = command.find_subcommand(name) else {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("no subcommand '{name}'"),
                ));
            };
            sub.clone()
                .name(format!("crib-{name}"))
                .bin_name(format!("crib {name}"))
                .version(version)
        }
    };
    // clap_mangen renders the notes and examples after the options as one filled paragraph,
    // which man then breaks wherever it likes, in the middle of an example command too. So
    // they are rendered here: prose filled, examples line by line.
    let notes = page.get_after_help().map(|h| h.to_string());
    let version = page.get_version().unwrap_or_default().to_owned();
    let page = page.after_help(None::<&str>).version(None::<&str>);
    clap_mangen::Man::new(page).render(out)?;
    if let Some(notes) = notes {
        writeln!(out, ".SH \"NOTES AND EXAMPLES\"")?;
        write_notes(&notes, out)?;
    }
    writeln!(out, ".SH VERSION\nv{version}")
}

/// Help text as roff: blocks of lines that start with two spaces (examples, lists) are kept
/// line for line; other text is filled. Blocks are separated by blank lines.
fn write_notes(text: &str, out: &mut dyn Write) -> io::Result<()> {
    for (i, block) in text.split("\n\n").enumerate() {
        if i > 0 {
            writeln!(out, ".PP")?;
        }
        let mut kept = false;
        for line in block.lines() {
            let literal = line.starts_with("  ");
            if literal != kept {
                writeln!(out, "{}", if literal { ".nf" } else { ".fi" })?;
                kept = literal;
            }
            writeln!(out, "{}", roff_text(line))?;
        }
        if kept {
            writeln!(out, ".fi")?;
        }
    }
    Ok(())
}

/// A line of text escaped for roff: backslashes, hyphens (so that man keeps them as typed),
/// apostrophes, and a leading dot.
fn roff_text(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    if line.starts_with(['.', '\'']) {
        out.push_str("\\&");
    }
    for c in line.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            '\'' => out.push_str("\\*(Aq"),
            c => out.push(c),
        }
    }
    out
}
