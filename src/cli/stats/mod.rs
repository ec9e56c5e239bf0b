//! `crib stats`: exact score statistics over every possible hand, or over one hand's starters;
//! with `--logs`, your history over the logs of your games ([`history`]).

mod history;

use std::io::{self, Write};
use std::path::PathBuf;

use serde::Serialize;

use crib::HandKind;
use crib::cards::thousands;
use crib::cards::{check_deck, require_suits};
use crib::stats::{Distribution, MAX_SCORE, all_hands, over_starters, unseen};
use crib::{Card, parse_cards};

use super::Outcome;
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
With no cards, sweeps all 12,994,800 (four-card hand, starter) combinations. With four cards,
gives the same table for that hand over its 48 possible starters.

With --logs, your history over the logs of your games (by default, --logs alone, the games \
crib game kept; or the logs of crib game --log, or crib match --log's directories): games, wins and skunks; your points a deal by seat against what crib's odds \
expect at each deal's score, and your pegging by seat; your accuracy game by game (as crib \
review grades it) and its trend; and what your inaccuracies, mistakes and blunders got wrong, \
most often first. Each log's grades are kept in $XDG_CACHE_HOME/crib/grades (or --cache DIR), \
so a log is graded once.

Examples:
  crib stats                 the distribution of hand scores
  crib stats --crib          the same for cribs
  crib stats 5h 5c 5s Jd     one hand over its 48 starters
  crib stats 5h 5c 5s Jd --need 20
  crib stats --logs          your history over the games crib kept
  crib stats --logs games/   your history over the logs in games/
  crib stats --logs games/ --plot accuracy.svg";

/// Arguments of `crib stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Four cards: the statistics of that hand over its 48 possible starters.
    #[arg(value_name = "CARD")]
    cards: Vec<String>,

    /// Use crib rules: a flush needs all five cards.
    #[arg(long)]
    crib: bool,

    /// Also give the chance of scoring at least N (0 to 29).
    #[arg(long, value_name = "N", value_parser = super::usage::number_in(0u8, 29))]
    need: Option<u8>,

    /// Your history over the logs of your games: files, or directories of *.jsonl logs [default,
    /// --logs alone: the games crib game kept, in $XDG_DATA_HOME/crib/games].
    #[arg(long, value_name = "LOG", num_args = 0.., conflicts_with_all = ["cards", "crib", "need"])]
    logs: Option<Vec<PathBuf>>,

    /// With --logs, the player whose history it is, by name [default: the first of each log:
    /// you].
    #[arg(long, value_name = "NAME", requires = "logs")]
    player: Option<String>,

    /// With --logs, draw the accuracy game by game as an SVG chart in FILE.
    #[arg(long, value_name = "FILE", requires = "logs")]
    plot: Option<PathBuf>,

    /// With --logs, where each log's grades are kept [default: $XDG_CACHE_HOME/crib/grades].
    #[arg(long, value_name = "DIR", requires = "logs")]
    cache: Option<PathBuf>,

    /// With --logs, grade in expected points only, not the chance of winning.
    #[arg(long, requires = "logs")]
    no_board: bool,
}

/// Run `crib stats`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if let Some(logs) = &args.logs {
        let logs = if logs.is_empty() {
            crate::cli::kept::default_logs()?
        } else {
            logs.clone()
        };
        let asked = history::Asked {
            logs,
            player: args.player.clone(),
            plot: args.plot.clone(),
            cache: args.cache.clone(),
            no_board: args.no_board,
        };
        return history::run(&asked, json, out);
    }
    let kind = crate::cli::usage::hand_kind(args.crib);
    let (hand, distribution) = if args.cards.is_empty() {
        (None, all_hands(kind))
    } else {
        let cards = parse_cards(&crate::cli::usage::split_words(&args.cards))?;
        let four: [Card; 4] = cards
            .as_slice()
            .try_into()
            .map_err(|_| crib::Error::WrongCount {
                what: "statistics of one hand",
                expected: "four cards (no starter: every possible starter is tried)".into(),
                found: cards.len(),
            })?;
        require_suits(&four, "suits decide flushes and nobs over the starters")?;
        check_deck(&four)?;
        (Some(four), over_starters(&four, &unseen(&four), kind))
    };
    let report = Report {
        kind,
        hand,
        distribution,
        need: args.need,
    };
    output::emit(out, json, &report)?;
    Ok(Outcome::Success)
}

struct Report {
    kind: HandKind,
    hand: Option<[Card; 4]>,
    distribution: Distribution,
    need: Option<u8>,
}

/// `crib stats --json`. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// `hand` or `crib`: the flush rule used.
    rules: &'static str,
    /// The four cards, when one hand's starters were swept.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "cards")]
    cards: &'a Option<[Card; 4]>,
    /// How many (hand, starter) combinations were counted.
    hands: u64,
    /// Every score from 0 to 29.
    distribution: Vec<JsonScore>,
    /// The mean score.
    mean: f64,
    /// The standard deviation.
    std_dev: f64,
    /// The median score.
    median: usize,
    /// The most common score.
    mode: usize,
    /// The fewest points.
    min: usize,
    /// The most points.
    max: usize,
    /// The scores from 0 to 29 no hand makes.
    impossible: Vec<usize>,
    /// With --need: the target and the chance of at least that many.
    #[serde(skip_serializing_if = "Option::is_none")]
    need: Option<JsonNeed>,
}

fn cards<S: serde::Serializer>(
    cards: &&Option<[Card; 4]>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    output::cards(cards.as_ref().map_or(&[][..], |c| &c[..]), serializer)
}

/// One score.
#[derive(Serialize)]
struct JsonScore {
    /// The score.
    score: usize,
    /// How many hands make it.
    count: u64,
    /// Their share of all hands.
    share: f64,
    /// The share of hands scoring at least this much.
    at_least: f64,
}

/// The chance of reaching a target.
#[derive(Serialize)]
struct JsonNeed {
    /// The target.
    points: u8,
    /// The chance of scoring at least that many.
    p_at_least: f64,
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let d = &self.distribution;
        let f = d.figures();
        let json = Json {
            rules: self.kind.name(),
            cards: &self.hand,
            hands: f.hands,
            distribution: (0..=MAX_SCORE)
                .map(|score| JsonScore {
                    score,
                    count: d.counts[score],
                    share: d.share(score),
                    at_least: d.share_at_least(score),
                })
                .collect(),
            mean: f.mean,
            std_dev: f.std_dev,
            median: f.median,
            mode: f.mode,
            min: f.min,
            max: f.max,
            impossible: f.impossible,
            need: self.need.map(|points| JsonNeed {
                points,
                p_at_least: d.share_at_least(usize::from(points)),
            }),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let d = &self.distribution;
        let f = d.figures();
        let rules = self.kind.name();
        match &self.hand {
            None => writeln!(
                out,
                "Every (four-card {rules}, starter): {} combinations, {rules} rules.\n",
                thousands(f.hands)
            )?,
            Some(cards) => writeln!(
                out,
                "{} over its {} possible starters, {rules} rules.\n",
                output::cards_text(cards),
                f.hands
            )?,
        }
        let biggest = d.counts.iter().copied().max().unwrap_or(1).max(1);
        let table_with = |bars: u64| {
            let mut table = output::table(&["score", "hands", "share", "at least", ""]);
            for score in 0..=MAX_SCORE {
                table.add_row(vec![
                    score.to_string(),
                    thousands(d.counts[score]),
                    format!("{:.4}%", d.share(score) * 100.0),
                    format!("{:.4}%", d.share_at_least(score) * 100.0),
                    bar(d.counts[score], biggest, bars),
                ]);
            }
            output::align_right(&mut table, &[0, 1, 2, 3]);
            table
        };
        // The bars take what the numbers leave of the width, up to 40 columns.
        let numbers = table_with(0).to_string();
        let used = numbers.lines().map(output::seen_width).max().unwrap_or(0);
        let bars = output::width().saturating_sub(used).clamp(10, 40) as u64;
        writeln!(out, "{}", table_with(bars))?;
        writeln!(
            out,
            "\nmean {}, standard deviation {:.4}, median {}, mode {}",
            output::bold(format!("{:.4}", f.mean)),
            f.std_dev,
            f.median,
            f.mode
        )?;
        let impossible: Vec<String> = f.impossible.iter().map(ToString::to_string).collect();
        let (what, none) = match (self.hand, self.kind) {
            (Some(_), _) => ("no starter makes", "every score from 0 to 29"),
            (None, HandKind::Crib) => ("no crib scores", "(every score is made)"),
            (None, HandKind::Hand) => ("no hand scores", "(every score is made)"),
        };
        writeln!(
            out,
            "{what}: {}",
            if impossible.is_empty() {
                none.into()
            } else {
                impossible.join(", ")
            }
        )?;
        if let Some(need) = self.need {
            writeln!(
                out,
                "chance of at least {need}: {:.4}%",
                d.share_at_least(usize::from(need)) * 100.0
            )?;
        }
        Ok(())
    }
}

/// A horizontal bar of `width` eighths-resolution blocks for `count` out of `biggest`; in
/// ASCII, whole cells of `#`.
fn bar(count: u64, biggest: u64, width: u64) -> String {
    if output::style().ascii {
        return "#".repeat((count * width).div_ceil(biggest) as usize);
    }
    const PARTS: [char; 8] = [' ', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];
    let eighths = (count * width * 8).div_ceil(biggest);
    let mut bar = "█".repeat((eighths / 8) as usize);
    if !eighths.is_multiple_of(8) {
        bar.push(PARTS[(eighths % 8) as usize]);
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_and_separators() {
        assert_eq!(bar(10, 10, 4), "████");
        assert_eq!(bar(0, 10, 4), "");
        assert_eq!(bar(1, 64, 1), "▏");
    }
}
