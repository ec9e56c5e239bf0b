//! Shell completions and the man page, generated from the clap definition.
//!
//! The committed copies under `completions/` and `man/` are checked against these by
//! `tests/generated.rs`; `CRIB_BLESS=1 cargo test --test generated` rewrites them.

use std::io::{self, Write};

use clap_complete::Shell;

/// Write the completion script for a shell.
pub fn completions(shell: Shell, out: &mut dyn Write) {
    clap_complete::generate(shell, &mut super::command(), "crib", out);
}

/// Write the man page in roff.
pub fn man(out: &mut dyn Write) -> io::Result<()> {
    clap_mangen::Man::new(super::command()).render(out)
}
