//! Usage errors: clap's message made one line that names what is wrong and points to the
//! subcommand's own help; the parsers of numbers that say in words what they take; the seed
//! drawn when none is given; and the words of a command line split where a quoted word holds
//! several.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};

use super::{completions, exit, output, report_error};

/// Help and version go to stdout as clap prints them (exit 2 if they cannot be written); a
/// usage error becomes one line on stderr that points to the subcommand's own help.
pub fn usage_error(err: &clap::Error, args: &[OsString]) -> ExitCode {
    let args: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let subcommand = args
        .iter()
        .take_while(|a| *a != "--")
        .find(|a| completions::SUBCOMMANDS.contains(&a.as_str()));
    let help = match subcommand {
        Some(name) => format!("crib {name} --help"),
        None => "crib --help".to_owned(),
    };
    match err.kind() {
        ErrorKind::DisplayVersion if args.iter().any(|a| a == "--json") => {
            report_error(&anyhow::anyhow!(
                "--json: 'crib --version' prints the version, not JSON (leave out --json)"
            ));
            return ExitCode::from(exit::BAD_INPUT);
        }
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // In a locale that is not UTF-8 (or with --ascii) the help keeps to ASCII too.
            let ascii = args.iter().any(|a| a == "--ascii");
            output::set_style(output::Style::choose(output::ColorChoice::Never, ascii));
            let printed = if output::style().ascii {
                let text = err
                    .render()
                    .to_string()
                    .replace(" or ♥ ♦ ♣ ♠", " (or their symbols)");
                let text = output::plain(&text);
                if err.use_stderr() {
                    write!(io::stderr().lock(), "{text}")
                } else {
                    write!(io::stdout().lock(), "{text}")
                }
            } else {
                err.print()
            };
            let printed = printed.and_then(|()| io::stdout().flush());
            return match printed {
                // A reader that has gone (`crib --help | head`) has what it wanted.
                Err(failed) if failed.kind() == io::ErrorKind::BrokenPipe => {
                    ExitCode::from(exit::SUCCESS)
                }
                Err(failed) => {
                    report_error(&anyhow::anyhow!("could not write the help: {failed}"));
                    ExitCode::from(exit::BAD_INPUT)
                }
                Ok(()) if err.use_stderr() => ExitCode::from(exit::BAD_INPUT),
                Ok(()) => ExitCode::from(exit::SUCCESS),
            };
        }
        _ => {}
    }
    report_error(&anyhow::anyhow!("{} (see '{help}')", message(err)));
    ExitCode::from(exit::BAD_INPUT)
}

/// clap's message on one line: what it lists below its first line joined to it, a value that
/// crib's own parser refused said in that parser's words, and clap's suggestion of a similar
/// name kept.
fn message(err: &clap::Error) -> String {
    let context = |wanted: ContextKind| {
        err.context().find_map(|(kind, value)| match value {
            ContextValue::String(s) if kind == wanted => Some(vec![s.clone()]),
            ContextValue::Strings(s) if kind == wanted => Some(s.clone()),
            _ => None,
        })
    };
    if err.kind() == ErrorKind::ValueValidation
        && let (Some(arg), Some(value), Some(why)) = (
            context(ContextKind::InvalidArg),
            context(ContextKind::InvalidValue),
            std::error::Error::source(err),
        )
    {
        let flag = arg[0].split(' ').next().unwrap_or_default().to_owned();
        return format!("{flag} {why}, not {}", crib::cards::quoted(&value[0]));
    }
    let rendered = err.render().to_string();
    let first = rendered.lines().next().unwrap_or_default().trim();
    let mut message = first.strip_prefix("error: ").unwrap_or(first).to_owned();
    // A list clap puts on the lines below ("required arguments were not provided:", "cannot be
    // used with:") joins the one line.
    if message.ends_with(':') {
        let listed = match err.kind() {
            ErrorKind::ArgumentConflict => context(ContextKind::PriorArg),
            _ => context(ContextKind::InvalidArg),
        };
        match listed {
            Some(args) => message = format!("{message} {}", args.join(", ")),
            None => {
                message.pop();
            }
        }
    }
    // Keep clap's suggestion of a similar name; drop its advice to pass a value after '--',
    // which never helps here (crib takes no values that start with '-').
    let suggestion = context(ContextKind::SuggestedArg)
        .or_else(|| context(ContextKind::SuggestedSubcommand))
        .and_then(|s| s.first().cloned())
        .filter(|s| !s.starts_with("--") || !s.contains(' '))
        .map(|s| format!("; did you mean '{s}'?"))
        .unwrap_or_default();
    format!("{message}{suggestion}")
}

/// Help text as clap should wrap it: each paragraph of prose on one line, so that it wraps to
/// the terminal's width (and a man page fills it), and each line that starts with two spaces
/// (an example, a list) kept as it is, so that no example is broken in the middle.
pub fn reflow(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, block) in text.split("\n\n").enumerate() {
        if i > 0 {
            out.push_str("\n\n");
        }
        let mut prose = false;
        for (j, line) in block.lines().enumerate() {
            let literal = line.starts_with("  ");
            if j > 0 {
                out.push(if prose && !literal { ' ' } else { '\n' });
            }
            out.push_str(line);
            prose = !literal;
        }
    }
    out
}

/// The game hole, as `--game` takes it: 61 or 121.
pub fn game_hole(text: &str) -> Result<u32, String> {
    match text.trim() {
        "61" => Ok(61),
        "121" => Ok(121),
        _ => Err("takes 61 or 121".to_owned()),
    }
}

/// A parser of whole numbers from `low` to `high` whose refusal says so in words.
pub fn number_in<T>(
    low: T,
    high: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| {
        text.trim()
            .parse::<T>()
            .ok()
            .filter(|n| *n >= low && *n <= high)
            .ok_or_else(|| format!("takes a whole number from {low} to {high}"))
    }
}

/// A parser of seeds, any whole number from 0 up, whose refusal says so in words.
pub fn seed(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("takes a whole number from 0 to {}", u64::MAX))
}

/// A parser of crib's levels by name (`random` … `strongest`), each with a line of help.
pub fn level() -> impl clap::builder::TypedValueParser<Value = crib::game::Level> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    use crib::game::Level;
    PossibleValuesParser::new(Level::ALL.map(|level| {
        let elo = ladder_elo(level);
        PossibleValue::new(level.name()).help(format!("{} [Elo {elo:+}]", level_help(level)))
    }))
    .map(|name| Level::named(&name).expect("a level's name"))
}

/// A level's rating on crib's ladder, as docs/lab/strength.md ("The ladder: every level on one
/// scale") measured it with `crib match --round-robin`, and docs/engine.md's table of levels
/// quotes it (a test holds the three together).
pub const fn ladder_elo(level: crib::game::Level) -> i32 {
    use crib::game::Level;
    match level {
        Level::Random => -697,
        Level::Greedy => 16,
        Level::GreedyHigh => 57,
        Level::Novice => 45,
        Level::ReplyAware => 86,
        Level::Casual => 83,
        Level::Club => 103,
        Level::Expert => 141,
        Level::Strongest => 165,
    }
}

/// A level in a line.
pub const fn level_help(level: crib::game::Level) -> &'static str {
    use crib::game::Level;
    match level {
        Level::Random => "a legal card and a throw at random",
        Level::Greedy => {
            "the best hand on average; the card that scores most now, the lowest on a tie"
        }
        Level::GreedyHigh => "greedy, the highest card on a tie",
        Level::ReplyAware => {
            "greedy's throw; the card worth most now less the next player's best reply"
        }
        Level::Novice => "for a learner: the expert's choices drawn at 0.75 points",
        Level::Casual => "a kitchen-table player: the expert's choices drawn at 0.55 points",
        Level::Club => "a club player: the expert's choices drawn at 0.42 points",
        Level::Expert => "crib's points player: crib discard and crib play as they advise",
        Level::Strongest => {
            "crib's strongest: the expert with the board and inference (what the others kept; \
             with two players, how they play)"
        }
    }
}

/// A parser of counts, 1 or more, whose refusal says so in words.
pub fn at_least_one(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| "takes 1 or more".to_owned())
}

/// `--players N`, one group for every subcommand that seats a table: how many play, 2 to 4.
/// A subcommand says what the number means to it by its own help (`mut_arg`).
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct PlayersArg {
    /// How many players: 2, 3, or 4 (two partnerships).
    #[arg(
        id = "players",
        long = "players",
        value_name = "PLAYERS",
        default_value_t = 2,
        value_parser = number_in(2u8, 4)
    )]
    pub count: u8,
}

impl PlayersArg {
    /// The players, as the rules number them.
    pub fn players(self) -> crib::Result<crib::Players> {
        crib::Players::try_from(usize::from(self.count))
    }
}

/// The rules a `--crib` flag asks for: a crib's (a flush needs all five cards) or a hand's.
pub fn hand_kind(crib: bool) -> crib::HandKind {
    match crib {
        true => crib::HandKind::Crib,
        false => crib::HandKind::Hand,
    }
}

/// A seed no one can guess from the commitment: 64 bits from the system's randomness (the keys
/// the standard library draws for its hash maps).
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    hasher.finish()
}

/// The words of a command line with those that hold several split at their spaces: cards
/// quoted as one word (`crib score "5h 5c 5s Jd 5d"`) read as the cards typed apart.
pub fn split_words(words: &[String]) -> Vec<String> {
    let mut split = Vec::new();
    for word in words {
        let parts: Vec<String> = word.split_whitespace().map(str::to_owned).collect();
        // An empty word stays, to be refused as one.
        if parts.is_empty() {
            split.push(word.clone());
        } else {
            split.extend(parts);
        }
    }
    split
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each level's rating in the help is the one the ladder in docs/lab/strength.md measured
    /// (its line there reads `RANK  crib:NAME  ELO`), and the one the guide's table of levels
    /// (docs/engine.md) quotes.
    #[test]
    fn the_help_rates_the_levels_as_the_ladder_did() {
        let guide = include_str!("../../docs/engine.md");
        for level in crib::game::Level::ALL {
            let row = format!("| `{}` | {:+} |", level.name(), ladder_elo(level));
            assert!(guide.contains(&row), "docs/engine.md lacks {row}");
        }
        let docs = include_str!("../../docs/lab/strength.md");
        let ladder = docs
            .split_once("## The ladder: every level on one scale")
            .map(|(_, rest)| rest)
            .expect("the ladder's section");
        for level in crib::game::Level::ALL {
            let name = format!("crib:{}", level.name());
            let line = ladder
                .lines()
                .find(|l| l.split_whitespace().nth(1) == Some(name.as_str()))
                .unwrap_or_else(|| panic!("{name} on the ladder"));
            let elo = line.split_whitespace().nth(2).unwrap();
            assert_eq!(elo, format!("{:+}", ladder_elo(level)), "{line}");
        }
    }

    #[test]
    fn prose_is_joined_and_examples_kept() {
        let text = "One line\nand the next.\n\nExamples:\n  crib a\n  crib b\nAfter.";
        assert_eq!(
            reflow(text),
            "One line and the next.\n\nExamples:\n  crib a\n  crib b\nAfter."
        );
    }
}
