//! The `crib` binary: parses the command line and renders what the library computes.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
