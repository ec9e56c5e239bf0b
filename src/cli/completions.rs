//! Shell completions and the man pages, generated from the clap definition: the completions and
//! man pages pipeline, apart from the data pipeline of `cargo xtask tables`.
//!
//! The committed copies under `completions/` and `man/` are checked against these by
//! `tests/completions_and_man.rs`; `CRIB_BLESS=1 cargo test --test completions_and_man`
//! rewrites them.

use std::io::{self, Write};

use clap_complete::Shell;

/// The subcommands that have a man page of their own, `crib-NAME(1)`, in the order of `--help`.
pub const SUBCOMMANDS: [&str; 10] = [
    "score",
    "peg",
    "play",
    "deal",
    "odds",
    "check",
    "stats",
    "discard",
    "completions",
    "man",
];

pub const COMPLETIONS_HELP: &str = "\
Install the script where your shell looks for completions, for example:
  bash        crib completions bash > ~/.local/share/bash-completion/completions/crib
  zsh         crib completions zsh > ~/.zfunc/_crib
              (with 'fpath+=~/.zfunc; autoload -U compinit; compinit' in ~/.zshrc)
  fish        crib completions fish > ~/.config/fish/completions/crib.fish
  elvish      crib completions elvish >> ~/.config/elvish/rc.elv
  powershell  crib completions powershell >> $PROFILE
The same scripts are in the repository's completions/ folder.";

pub const MAN_HELP: &str = "\
Examples:
  crib man | man -l -            read crib(1)
  crib man discard | man -l -    read crib-discard(1)
  crib man score > crib-score.1  install a page (for example in ~/.local/share/man/man1/)
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
    clap_mangen::Man::new(page).render(out)
}
