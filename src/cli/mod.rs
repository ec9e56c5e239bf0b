//! The command line: the clap definition, dispatch to one module per subcommand, exit codes.

mod check;
mod discard;
mod generate;
mod output;
mod peg;
mod score;
mod stats;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Exit codes, documented in `--help`, the man page and the README.
pub mod exit {
    /// Success.
    pub const SUCCESS: u8 = 0;
    /// A check found a disagreement (a wrong claim, a table row that does not score as printed).
    pub const DISAGREEMENT: u8 = 1;
    /// Bad input or usage.
    pub const BAD_INPUT: u8 = 2;
}

const AFTER_HELP: &str = "\
Cards: a rank A, 2-10 (or T), J, Q, K, then a suit h, d, c, s or ♥ ♦ ♣ ♠, in either case: \
5h, 10s, Ts, jD, A♠. A rank alone (5, J) is a card whose suit does not matter or is unknown.

Exit codes: 0 success; 1 a check found a disagreement (a wrong --claim, a table row that does \
not score as printed); 2 bad input or usage.";

/// Exact, fast cribbage scoring: hands, cribs, the play, rulebook checks, statistics and
/// discard advice.
#[derive(Debug, Parser)]
#[command(name = "crib", version, about, after_help = AFTER_HELP, max_term_width = 100)]
pub struct Cli {
    /// Print JSON instead of tables: one object per result, on one line.
    #[arg(long, global = true)]
    pub json: bool,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score a hand or crib: four cards, then the starter.
    #[command(after_help = score::AFTER_HELP)]
    Score(score::Args),
    /// Score the play: cards in the order played, 'go' where a player passes.
    #[command(after_help = peg::AFTER_HELP)]
    Peg(peg::Args),
    /// Verify the rulebooks' printed tables and claims, or a table of your own.
    #[command(after_help = check::AFTER_HELP)]
    Check(check::Args),
    /// Exact statistics over every possible hand, or over one hand's starters.
    #[command(after_help = stats::AFTER_HELP)]
    Stats(stats::Args),
    /// Advise which cards to throw to the crib, by exact expected points.
    #[command(after_help = discard::AFTER_HELP)]
    Discard(discard::Args),
    /// Print a shell completion script for bash, zsh, fish, elvish or powershell.
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
}

/// How a subcommand that ran to the end went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// All good.
    Success,
    /// A check found a disagreement.
    Disagreement,
    /// Some of the input was bad (already reported on stderr), the rest was processed.
    BadInput,
}

impl Outcome {
    fn code(self) -> u8 {
        match self {
            Outcome::Success => exit::SUCCESS,
            Outcome::Disagreement => exit::DISAGREEMENT,
            Outcome::BadInput => exit::BAD_INPUT,
        }
    }
}

/// Run crib with the process's arguments; the exit code says how it went.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err),
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = run(&cli, &mut out).and_then(|outcome| {
        out.flush()?;
        Ok(outcome)
    });
    match result {
        Ok(outcome) => ExitCode::from(outcome.code()),
        // `crib stats | head`: the reader has gone away, which is not an error.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            report_error(&err);
            ExitCode::from(exit::BAD_INPUT)
        }
    }
}

fn run(cli: &Cli, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    match &cli.command {
        Command::Score(args) => score::run(args, cli.json, out),
        Command::Peg(args) => peg::run(args, cli.json, out),
        Command::Discard(args) => discard::run(args, cli.json, out),
        Command::Check(args) => check::run(args, cli.json, out),
        Command::Stats(args) => stats::run(args, cli.json, out),
        Command::Completions { shell } => {
            generate::completions(*shell, out);
            Ok(Outcome::Success)
        }
        Command::Man => {
            generate::man(out)?;
            Ok(Outcome::Success)
        }
    }
}

/// Print an error as one line on stderr: `crib: error: ...`.
pub fn report_error(err: &anyhow::Error) {
    eprintln!("crib: error: {err:#}");
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Help and version go to stdout as clap prints them; a usage error becomes one line.
fn usage_error(err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = err.print();
        let code = if err.use_stderr() {
            exit::BAD_INPUT
        } else {
            exit::SUCCESS
        };
        return ExitCode::from(code);
    }
    let rendered = err.render().to_string();
    let message: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.starts_with("Usage:"))
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    let message = message.join(" ");
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    eprintln!("crib: error: {message} (see 'crib --help')");
    ExitCode::from(exit::BAD_INPUT)
}

/// The clap definition, for generating completions and the man page.
pub fn command() -> clap::Command {
    Cli::command()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clap_definition_is_valid() {
        Cli::command().debug_assert();
    }
}
