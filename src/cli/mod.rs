//! The command line: the clap definition, dispatch to one module per subcommand, exit codes.

mod advice;
mod arena;
mod chart;
mod check;
mod closed;
mod completions;
mod deal;
mod discard;
mod engine;
mod game;
mod grades;
mod kept;
mod lines;
mod log;
mod odds;
mod output;
mod peg;
mod play;
mod request;
mod review;
mod schema;
mod score;
mod scores;
mod seeds;
mod serve;
mod stats;
mod talk;
mod train;
mod usage;
mod verify;
mod web;
mod words;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Exit codes, documented in `--help`, the man page and the README.
pub mod exit {
    /// Success.
    pub const SUCCESS: u8 = 0;
    /// A check found a disagreement (a wrong claim, a table row that does not score as printed).
    pub const DISAGREEMENT: u8 = 1;
    /// Bad input or usage.
    pub const BAD_INPUT: u8 = 2;
    /// Interrupted (Ctrl-C, SIGTERM): `crib game` saved, `crib match` summed up.
    pub const INTERRUPTED: u8 = 130;
}

const AFTER_HELP: &str = "\
Cards: a rank A, 2-10 (or T), J, Q, K, then a suit h, d, c, s or ♥ ♦ ♣ ♠, in either case: \
5h, 10s, Ts, jD, A♠. A rank alone (5, J) is a card whose suit does not matter or is unknown.

Examples:
  crib score 5h 5c 5s Jd 5d                count a hand: the 29 hand
  crib score < hands.txt                   count one hand per line
  crib peg 10 K 9 go 2 7 8 6 5             score the play
  crib play --hand 6h 7c 8d 9s --pone      what to play next
  crib deal -p ... -s 5s K 6 5 4 5 go 6 J 4   count a whole deal on the board
  crib odds 95 110 --dealer                your chance of winning from here
  crib discard 5h Jd 5c 5s 4d 6d --dealer  what to throw
  crib stats --crib                        the distribution of every crib
  crib game                                play a game against crib
  crib review game.jsonl                   grade your decisions in a game
  crib verify game.jsonl                   check a game's deals and seed
  crib match crib:expert crib:greedy       duplicate games between two players
  crib engine --level expert               be an engine (JSON Lines requests)
  crib check                               check the rulebooks' tables
  crib man score                           the manual page of a subcommand

--json works with score, peg, play, deal, odds, check, stats, discard, game, review, verify and \
match; \
engine always answers in JSON Lines; completions and man print a script or a manual page and \
refuse it.

Exit codes: 0 success; 1 a check found a disagreement (a wrong --claim, a table row that does \
not score as printed); 2 bad input or usage; 130 interrupted (Ctrl-C, SIGTERM): crib game \
saves, crib match sums up.";

/// The heading of the options every subcommand takes, listed after each one's own.
const GLOBAL: &str = "Global options";

/// Exact, fast cribbage scoring and advice: hands, cribs, the play, rulebook checks,
/// statistics, discards, whole deals and the odds of winning.
#[derive(Debug, Parser)]
#[command(
    name = "crib",
    version,
    about,
    after_help = usage::reflow(AFTER_HELP),
    max_term_width = 100,
    disable_help_subcommand = true
)]
pub struct Cli {
    /// Print JSON instead of tables: one object per result, on one line.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub json: bool,

    /// When to colour the output: red hearts and diamonds, bold totals. `auto` colours only a
    /// terminal, and never when NO_COLOR is set; JSON is never coloured.
    #[arg(
        long,
        global = true,
        value_enum,
        value_name = "WHEN",
        default_value_t = output::ColorChoice::Auto,
        help_heading = GLOBAL
    )]
    pub color: output::ColorChoice,

    /// Print suits as letters (5h) and tables with plain ASCII borders. The default when the
    /// locale is not UTF-8.
    #[arg(long, global = true, help_heading = GLOBAL)]
    pub ascii: bool,

    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Score a hand or crib: four cards, then the starter.
    #[command(after_help = usage::reflow(score::AFTER_HELP))]
    Score(score::Args),
    /// Score the play: cards in the order played, 'go' where a player passes.
    #[command(after_help = usage::reflow(peg::AFTER_HELP))]
    Peg(peg::Args),
    /// Advise the play: what each card you can play next is worth to the end of the deal.
    #[command(after_help = usage::reflow(play::AFTER_HELP))]
    Play(play::Args),
    /// Count a whole deal on the board, to 121 or 61, in the rules' counting order.
    #[command(after_help = usage::reflow(deal::AFTER_HELP))]
    Deal(deal::Args),
    /// The chance of winning the game from any position on the board.
    #[command(after_help = usage::reflow(odds::AFTER_HELP))]
    Odds(odds::Args),
    /// Verify the rulebooks' printed tables and claims, or a table of your own.
    #[command(after_help = usage::reflow(check::AFTER_HELP))]
    Check(check::Args),
    /// Exact statistics over every possible hand, or over one hand's starters.
    #[command(after_help = usage::reflow(stats::AFTER_HELP))]
    Stats(stats::Args),
    /// Advise which cards to throw to the crib, by exact expected points.
    #[command(after_help = usage::reflow(discard::AFTER_HELP))]
    Discard(discard::Args),
    /// Play a game (or a match) against crib's players in the terminal.
    #[command(after_help = usage::reflow(game::AFTER_HELP))]
    Game(game::Args),
    /// Grade every decision of a logged game, or of one deal.
    #[command(after_help = usage::reflow(review::AFTER_HELP))]
    Review(review::Args),
    /// Practise: count, throw, play, and your own mistakes, each answer graded and explained.
    #[command(after_help = usage::reflow(train::AFTER_HELP))]
    Train(train::Args),
    /// Serve the board to a browser on this machine: play, review, practise, history.
    #[command(after_help = usage::reflow(web::AFTER_HELP))]
    Serve(web::Args),
    /// Check a game's log against its seed: the deals, the commitment, every count.
    #[command(after_help = usage::reflow(verify::AFTER_HELP))]
    Verify(verify::Args),
    /// Play crib's levels and engine programs against each other in duplicate games.
    #[command(name = "match", after_help = usage::reflow(arena::AFTER_HELP))]
    Match(arena::Args),
    /// Answer crib's engine protocol as one of crib's levels, for any arena.
    #[command(after_help = usage::reflow(engine::AFTER_HELP))]
    Engine(engine::Args),
    /// Print the JSON Schema of one of crib's JSON outputs, or list them.
    #[command(after_help = usage::reflow(schema::AFTER_HELP))]
    Schema(schema::Args),
    /// Print a shell completion script for bash, zsh, fish, elvish or powershell.
    #[command(after_help = usage::reflow(completions::COMPLETIONS_HELP))]
    Completions {
        /// The shell to complete for.
        shell: clap_complete::Shell,
    },
    /// Print the help of crib or of one of its subcommands.
    Help {
        /// The subcommand whose help to print.
        #[arg(value_parser = completions::SUBCOMMANDS)]
        subcommand: Option<String>,
    },
    /// Print a manual page (roff): crib's, or one subcommand's.
    #[command(after_help = usage::reflow(completions::MAN_HELP))]
    Man {
        /// The subcommand whose page to print (crib-score(1) and so on); none for crib(1).
        #[arg(value_parser = completions::SUBCOMMANDS)]
        subcommand: Option<String>,
    },
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
    /// Stopped by an interrupt (Ctrl-C) after saying what was done.
    Interrupted,
}

impl Outcome {
    fn code(self) -> u8 {
        match self {
            Outcome::Success => exit::SUCCESS,
            Outcome::Disagreement => exit::DISAGREEMENT,
            Outcome::BadInput => exit::BAD_INPUT,
            Outcome::Interrupted => exit::INTERRUPTED,
        }
    }
}

/// Run crib with the process's arguments; the exit code says how it went.
pub fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some((i, bad)) = args
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, arg)| arg.to_str().is_none())
    {
        report_error(&anyhow::anyhow!(
            "argument {i}, {}, is not valid UTF-8: crib reads its arguments as text",
            crib::cards::quoted(&bad.to_string_lossy())
        ));
        return ExitCode::from(exit::BAD_INPUT);
    }
    let cli = match parse(&args) {
        Ok(cli) => cli,
        Err(err) => return usage::usage_error(&err, &args),
    };
    output::set_style(output::Style::choose(cli.color, cli.ascii));
    // Output to /dev/null, however it was opened, is normal output. (A standard output the
    // shell closed, `>&-`, looks the same to a Rust program: the runtime opens /dev/null in its
    // place before `main`. Like ripgrep and fd, crib treats it as output thrown away, but for
    // the game and the drills, which keep what is answered: see `closed`.)
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let result = run(&cli, &mut out);
    let flushed = out.flush();
    match result {
        Ok(outcome) => match flushed {
            // The reader went away after all was decided: the exit code stands.
            Err(err) if err.kind() != io::ErrorKind::BrokenPipe => {
                report_error(&err.into());
                ExitCode::from(exit::BAD_INPUT)
            }
            _ => ExitCode::from(outcome.code()),
        },
        // `crib stats | head`: the reader has gone away, which is not an error. (Batch modes
        // catch this themselves, to keep the exit code of bad input read before it.)
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            report_error(&err);
            ExitCode::from(exit::BAD_INPUT)
        }
    }
}

/// The command line, parsed; `crib deal`'s `--hand`s kept apart, one a seat.
fn parse(args: &[std::ffi::OsString]) -> Result<Cli, clap::Error> {
    let matches = Cli::command().try_get_matches_from(args)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let (Command::Deal(deal), Some(("deal", sub))) = (&mut cli.command, matches.subcommand()) {
        deal.group_hands(sub);
    }
    Ok(cli)
}

fn run(cli: &Cli, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    // The reports for people whose prose runs long are wrapped to the width; JSON never is.
    let wrapped = |out: &mut dyn Write,
                   report: &dyn Fn(&mut dyn Write) -> anyhow::Result<Outcome>| {
        if cli.json {
            return report(out);
        }
        let mut wrapping = output::Wrapping::new(out);
        let outcome = report(&mut wrapping);
        wrapping.flush()?;
        outcome
    };
    match &cli.command {
        Command::Score(args) => score::run(args, cli.json, out),
        Command::Peg(args) => peg::run(args, cli.json, out),
        Command::Play(args) => wrapped(out, &|out| play::run(args, cli.json, out)),
        Command::Deal(args) => wrapped(out, &|out| deal::run(args, cli.json, out)),
        // The table of every position is a grid: it keeps its lines.
        Command::Odds(args) if args.table => odds::run(args, cli.json, out),
        Command::Odds(args) => wrapped(out, &|out| odds::run(args, cli.json, out)),
        Command::Discard(args) => wrapped(out, &|out| discard::run(args, cli.json, out)),
        Command::Check(args) => check::run(args, cli.json, out),
        Command::Stats(args) => wrapped(out, &|out| stats::run(args, cli.json, out)),
        Command::Game(args) => {
            closed::refuse_if_closed("crib game")?;
            game::run(args, cli.json, talk::Input::Stdin, out)
        }
        Command::Review(args) => wrapped(out, &|out| review::run(args, cli.json, out)),
        Command::Train(args) => {
            closed::refuse_if_closed("crib train")?;
            train::run(args, cli.json, talk::Input::Stdin, out)
        }
        Command::Serve(args) => web::run(args, cli.json, out),
        Command::Verify(args) => wrapped(out, &|out| verify::run(args, cli.json, out)),
        Command::Match(args) => wrapped(out, &|out| arena::run(args, cli.json, out)),
        Command::Engine(args) => engine::run(args, out),
        Command::Schema(args) => schema::run(args, cli.json, out),
        Command::Completions { shell } => {
            refuse_json(cli.json, "completions", "a shell script")?;
            completions::completion_script(*shell, out);
            Ok(Outcome::Success)
        }
        Command::Help { subcommand } => {
            refuse_json(cli.json, "help", "help for people")?;
            let mut command = Cli::command();
            command.build();
            let help = match subcommand
                .as_deref()
                .and_then(|s| command.find_subcommand_mut(s))
            {
                Some(sub) => sub.render_long_help(),
                None => command.render_long_help(),
            };
            if output::style().color {
                write!(out, "{}", help.ansi())?;
            } else {
                write!(out, "{help}")?;
            }
            Ok(Outcome::Success)
        }
        Command::Man { subcommand } => {
            refuse_json(cli.json, "man", "a manual page")?;
            completions::man_page(subcommand.as_deref(), out)?;
            Ok(Outcome::Success)
        }
    }
}

/// The command line `crib --json WORDS` as `crib serve` runs it for a page (a game, a drill, a
/// review, the history), checked; what is wrong with it, in one line, if anything is.
fn served_cli(words: &[String]) -> Result<Cli, String> {
    let args: Vec<std::ffi::OsString> = ["crib", "--json"]
        .into_iter()
        .map(String::from)
        .chain(words.iter().cloned())
        .map(Into::into)
        .collect();
    let cli = parse(&args).map_err(|err| {
        let text = err.to_string();
        let first = text.lines().next().unwrap_or_default();
        first.trim_start_matches("error: ").to_owned()
    })?;
    match &cli.command {
        Command::Game(_) | Command::Train(_) | Command::Review(_) | Command::Stats(_) => Ok(cli),
        _ => Err("the page runs games, drills, reviews and the history only".into()),
    }
}

/// Whether `crib serve` may run `crib --json WORDS` for a page: what is wrong if not.
fn served_command(words: &[String]) -> Result<(), String> {
    served_cli(words).map(drop)
}

/// Run `crib --json WORDS` for a page of `crib serve`: a game or a drill reads its answers from
/// `input`, and every command writes its JSON to `out`. What stopped it, in one line.
fn run_served(
    words: &[String],
    input: Box<dyn io::BufRead + Send>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let cli = served_cli(words)?;
    let ran = match &cli.command {
        Command::Game(args) => game::run(args, true, talk::Input::Served(input), out),
        Command::Train(args) => train::run(args, true, talk::Input::Served(input), out),
        _ => run(&cli, out),
    };
    match ran {
        Ok(_) => Ok(()),
        Err(err) => Err(describe(&err)),
    }
}

/// A subcommand that prints no JSON refuses `--json` rather than ignore it.
fn refuse_json(json: bool, subcommand: &str, prints: &str) -> anyhow::Result<()> {
    if json {
        anyhow::bail!("--json: 'crib {subcommand}' prints {prints}, not JSON (leave out --json)");
    }
    Ok(())
}

/// Print an error as one line on stderr: `crib: error: ...`. A closed or full stderr is
/// ignored: the exit code still says what happened.
pub fn report_error(err: &anyhow::Error) {
    let message = describe(err);
    let _ = writeln!(
        io::stderr().lock(),
        "crib: error: {}",
        output::plain(&message)
    );
}

/// An error as one line, its causes joined by `: `. The library's errors name what is wrong;
/// where the fix is one of crib's own options, this says which.
pub fn describe(err: &anyhow::Error) -> String {
    let causes: Vec<String> = err
        .chain()
        .map(|cause| {
            if let Some(error) = cause.downcast_ref::<crib::Error>() {
                library_error(error)
            } else if let Some(error) = cause.downcast_ref::<crib::cards::CardError>() {
                error.message(output::notation()).to_string()
            } else {
                cause.to_string()
            }
        })
        .collect();
    causes.join(": ")
}

/// A library error as crib prints it: pointing at the option that fixes it, if one does.
fn library_error(error: &crib::Error) -> String {
    use crib::error::{Feature, PlayLength};
    match *error {
        crib::Error::NotForPlayers {
            what: Feature::PartnersCrib,
            ..
        } => "--partner-deals is for four players, two partnerships (--players 4)".to_owned(),
        crib::Error::ScoresOver { .. } => {
            format!("--scores {}", error.message(output::notation()))
        }
        crib::Error::PlayLength(PlayLength::Short { played, of }) => format!(
            "the play stops after {played} of its {of} cards: give it all (crib deal stops \
             counting at 121 by itself)"
        ),
        _ => error.message(output::notation()).to_string(),
    }
}

pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
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

    /// Every example in the help fits an 80-column terminal on one line, so that none is
    /// broken in the middle (and a man page keeps it whole, line for line).
    #[test]
    fn examples_fit_on_one_line() {
        let mut command = Cli::command();
        command.build();
        let commands = std::iter::once(&command).chain(command.get_subcommands());
        for sub in commands {
            let help = sub
                .get_after_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            for line in help.lines().filter(|l| l.starts_with("  ")) {
                assert!(line.chars().count() <= 78, "{}: {line}", sub.get_name());
            }
        }
    }

    /// Every example's comment stands two spaces or more from its command, so that a command
    /// pasted from the help is the command alone: a word in a command is an option, a value, a
    /// card, a number or a file, never an English word.
    #[test]
    fn comments_stand_apart_from_examples() {
        let mut command = Cli::command();
        command.build();
        let values = [
            "go",
            "best",
            "expert",
            "uniform",
            "reading",
            "strongest",
            "board",
            "greedy",
            "bash",
            "zsh",
            "fish",
            "elvish",
            "powershell",
            "dealer",
            "pone",
            "always",
            "never",
            "auto",
            "yes",
            "help",
            "crib",
            "count",
            "mistakes",
        ];
        let subcommands: Vec<String> = command
            .get_subcommands()
            .map(|c| c.get_name().to_owned())
            .collect();
        let commands = std::iter::once(&command).chain(command.get_subcommands());
        for sub in commands {
            let help = sub
                .get_after_help()
                .map(ToString::to_string)
                .unwrap_or_default();
            for line in help.lines().filter(|l| l.trim_start().starts_with("crib ")) {
                let example = line.trim_start().split("  ").next().unwrap_or_default();
                for word in example.split_whitespace().skip(1) {
                    let english = word.len() > 1
                        && word.chars().all(|c| c.is_ascii_lowercase())
                        && !values.contains(&word)
                        && !subcommands.iter().any(|s| s == word);
                    assert!(!english, "{}: '{word}' in: {line}", sub.get_name());
                }
            }
        }
    }

    #[test]
    fn every_subcommand_has_a_man_page() {
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_owned())
            .filter(|name| name != "help")
            .collect();
        assert_eq!(names, completions::SUBCOMMANDS);
    }
}
