//! `crib score`: count a hand or a crib, one from the command line or many from standard input.

use std::io::{self, BufRead, Write};

use anyhow::Context;
use serde::Serialize;

use crib::card::{Card, parse_cards, symbols};
use crib::score::{Breakdown, Hand, HandKind, ItemKind, Points, pairs_name, runs_name};

use super::Outcome;
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
Examples:
  crib score 5h 5c 5s Jd 5d          the 29 hand
  crib score 5h 5c 5s Jd --starter 5d
  crib score --crib 2h 4h 6h 8h Kh   a crib: only a five-card flush counts
  crib score 5 5 5 J 5               ranks alone: flush and nobs are not counted
  crib score 4h 5c 6d 6s 9h --claim 16
  crib score < hands.txt             one hand per line, starter last ('#' starts a comment)

With --claim, the exit code is 1 when the claim is wrong.";

/// Arguments of `crib score`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Four cards, then the starter (e.g. 5h 5c 5s Jd 5d). None, or '-', reads hands from
    /// standard input, one per line, and prints one result per line.
    #[arg(value_name = "CARD")]
    cards: Vec<String>,

    /// The starter, when only four cards are given.
    #[arg(long, short, value_name = "CARD")]
    starter: Option<String>,

    /// Score a crib: a flush counts only when all five cards share a suit.
    #[arg(long)]
    crib: bool,

    /// A player's claimed count: says whether it is right and how many points were overlooked
    /// (muggins) or over-claimed.
    #[arg(long, value_name = "POINTS")]
    claim: Option<u32>,
}

/// Run `crib score`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let kind = HandKind::from_crib_flag(args.crib);
    let batch = args.cards.is_empty() || args.cards == ["-"];
    if batch {
        if let Some(starter) = &args.starter {
            anyhow::bail!(
                "--starter {starter} needs four cards on the command line (in batch mode each line \
                 gives its own starter, last)"
            );
        }
        if args.claim.is_some() {
            anyhow::bail!(
                "--claim needs a hand on the command line, not hands from standard input"
            );
        }
        return batch_mode(io::stdin().lock(), kind, json, out);
    }
    let mut tokens = args.cards.clone();
    if let Some(starter) = &args.starter {
        if tokens.len() != 4 {
            anyhow::bail!(
                "with --starter give the four other cards, but {} were given",
                tokens.len()
            );
        }
        tokens.push(starter.clone());
    }
    let hand = read_hand(&tokens, kind)?;
    let report = Report::new(hand, args.claim);
    output::emit(out, json, &report)?;
    Ok(match report.claim() {
        Some(claim) if claim.difference != 0 => Outcome::Disagreement,
        _ => Outcome::Success,
    })
}

fn read_hand<S: AsRef<str>>(tokens: &[S], kind: HandKind) -> crib::Result<Hand> {
    Hand::from_cards(&parse_cards(tokens)?, kind)
}

/// Score every line of `input`; bad lines are reported on stderr and the rest still scored.
fn batch_mode(
    mut input: impl BufRead,
    kind: HandKind,
    json: bool,
    out: &mut dyn Write,
) -> anyhow::Result<Outcome> {
    let mut outcome = Outcome::Success;
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        if input
            .read_until(b'\n', &mut line)
            .context("could not read standard input")?
            == 0
        {
            break;
        }
        number += 1;
        let line = String::from_utf8_lossy(&line);
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let tokens: Vec<&str> = text.split_whitespace().collect();
        match read_hand(&tokens, kind) {
            Ok(hand) => {
                let report = Report::new(hand, None);
                if json {
                    report.json(out)?;
                } else {
                    report.line(out)?;
                }
            }
            Err(err) => {
                // Keep what was printed so far in order with the message.
                out.flush()?;
                super::report_error(&anyhow::Error::new(err).context(format!("line {number}")));
                outcome = Outcome::BadInput;
            }
        }
    }
    Ok(outcome)
}

/// A claimed count checked against the real one.
#[derive(Debug, Clone, Copy, Serialize)]
struct Claim {
    /// The points claimed.
    claimed: u32,
    /// The real total minus the claim: positive when points were overlooked, negative when
    /// over-claimed, zero when right.
    difference: i64,
    /// Whether the claim is right.
    correct: bool,
}

/// One scored hand.
struct Report {
    hand: Hand,
    breakdown: Breakdown,
    claimed: Option<u32>,
}

impl Report {
    fn new(hand: Hand, claimed: Option<u32>) -> Report {
        Report {
            breakdown: hand.breakdown(),
            hand,
            claimed,
        }
    }

    fn claim(&self) -> Option<Claim> {
        self.claimed.map(|claimed| {
            let difference = i64::from(self.breakdown.total()) - i64::from(claimed);
            Claim {
                claimed,
                difference,
                correct: difference == 0,
            }
        })
    }

    /// The one-line form used in batch mode, written by hand: batch mode is meant for a million
    /// lines a second, and the formatting machinery would be most of the cost.
    fn line(&self, out: &mut dyn Write) -> io::Result<()> {
        let mut line = Vec::with_capacity(96);
        for (i, card) in self.hand.cards().iter().enumerate() {
            if i > 0 {
                line.push(b' ');
            }
            push_symbol(&mut line, *card);
        }
        line.extend_from_slice(b" | ");
        push_symbol(&mut line, self.hand.starter());
        let p = self.breakdown.points;
        line.extend_from_slice(b": ");
        push_number(&mut line, p.total());
        for (name, points) in [
            (" (fifteens ", p.fifteens),
            (", pairs ", p.pairs),
            (", runs ", p.runs),
            (", flush ", p.flush),
            (", nobs ", p.nobs),
        ] {
            line.extend_from_slice(name.as_bytes());
            push_number(&mut line, points);
        }
        line.extend_from_slice(b")\n");
        out.write_all(&line)
    }
}

/// Append a card as people read it, `5♥`.
fn push_symbol(line: &mut Vec<u8>, card: Card) {
    line.extend_from_slice(card.rank().ascii().as_bytes());
    if let Some(suit) = card.suit() {
        line.extend_from_slice(suit.symbol().encode_utf8(&mut [0; 4]).as_bytes());
    }
}

/// Append a number below 100 in decimal.
fn push_number(line: &mut Vec<u8>, n: u8) {
    if n >= 10 {
        line.push(b'0' + n / 10);
    }
    line.push(b'0' + n % 10);
}

/// `crib score --json`: one object per hand. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// The four cards of the hand or crib, in the order given.
    #[serde(serialize_with = "output::cards")]
    hand: &'a [Card],
    /// The starter.
    #[serde(serialize_with = "output::card")]
    starter: &'a Card,
    /// Whether the cards were scored as a crib.
    crib: bool,
    /// Every scoring combination, in counting order.
    items: Vec<JsonItem<'a>>,
    /// The points of each kind.
    points: JsonPoints,
    /// The total.
    total: u8,
    /// False when some card was given without a suit, so flush and nobs could not be counted.
    suits_known: bool,
    /// The claimed count, when `--claim` was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    claim: Option<Claim>,
}

/// One combination in `items`.
#[derive(Serialize)]
struct JsonItem<'a> {
    /// fifteen, pair, run, flush or nobs.
    kind: &'static str,
    /// The cards that make it.
    #[serde(serialize_with = "output::cards")]
    cards: &'a [Card],
    /// What it scores.
    points: u8,
}

/// The points of each kind.
#[derive(Serialize)]
struct JsonPoints {
    /// All the fifteens, 2 each.
    fifteens: u8,
    /// All the pairs, 2 each.
    pairs: u8,
    /// All the runs, 1 a card.
    runs: u8,
    /// The flush, 0, 4 or 5.
    flush: u8,
    /// Nobs, 0 or 1.
    nobs: u8,
}

impl From<Points> for JsonPoints {
    fn from(p: Points) -> JsonPoints {
        JsonPoints {
            fifteens: p.fifteens,
            pairs: p.pairs,
            runs: p.runs,
            flush: p.flush,
            nobs: p.nobs,
        }
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let json = Json {
            hand: self.hand.cards(),
            starter: &self.hand.starter(),
            crib: self.hand.kind() == HandKind::Crib,
            items: self
                .breakdown
                .items
                .iter()
                .map(|item| JsonItem {
                    kind: item.kind.name(),
                    cards: item.cards(),
                    points: item.points,
                })
                .collect(),
            points: self.breakdown.points.into(),
            total: self.breakdown.total(),
            suits_known: self.hand.suits_known(),
            claim: self.claim(),
        };
        output::json_line(out, &json)
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let hand = &self.hand;
        let what = match hand.kind() {
            HandKind::Hand => "Hand",
            HandKind::Crib => "Crib",
        };
        writeln!(
            out,
            "{what} {}, starter {}",
            symbols(hand.cards()),
            hand.starter().symbol()
        )?;
        let items = &self.breakdown.items;
        if items.is_empty() {
            writeln!(out, "\nNo points: a \"nineteen\" hand.")?;
        } else {
            writeln!(out)?;
            let mut table = output::table(&["count", "cards", "points", "combination"]);
            let mut running = 0u32;
            for item in items {
                running += u32::from(item.points);
                let combination = match item.kind {
                    ItemKind::Pair => {
                        let rank = item.cards()[0].rank();
                        let of_rank = self.of_rank(rank);
                        format!("{} of {}s", pairs_name(of_rank), rank)
                    }
                    ItemKind::Run => {
                        let same = items
                            .iter()
                            .filter(|i| i.kind == ItemKind::Run && i.points == item.points)
                            .count();
                        format!("{} of {}", runs_name(same), item.points)
                    }
                    ItemKind::Flush => format!("{}-card flush", item.cards().len()),
                    ItemKind::Nobs => format!("jack of the starter's suit, {}", {
                        hand.starter().symbol()
                    }),
                    ItemKind::Fifteen => String::new(),
                };
                table.add_row(vec![
                    format!("{} {running}", item.kind.name()),
                    symbols(item.cards()).to_string(),
                    format!("+{}", item.points),
                    combination,
                ]);
            }
            output::align_right(&mut table, &[2]);
            writeln!(out, "{table}")?;
        }
        let p = self.breakdown.points;
        writeln!(
            out,
            "\nfifteens {}, pairs {}, runs {}, flush {}, nobs {}",
            p.fifteens, p.pairs, p.runs, p.flush, p.nobs
        )?;
        writeln!(out, "total {}", p.total())?;
        let unsuited: Vec<Card> = hand
            .cards()
            .iter()
            .chain([&hand.starter()])
            .filter(|c| c.suit().is_none())
            .copied()
            .collect();
        if !unsuited.is_empty() {
            writeln!(
                out,
                "note: no suit given for {}: flush and nobs were not counted for {}",
                symbols(&unsuited),
                if unsuited.len() == 1 { "it" } else { "them" }
            )?;
        }
        if hand.starter().rank() == crib::Rank::JACK {
            writeln!(
                out,
                "note: the starter is a jack: his heels, 2 for the dealer when it was turned \
                 (not part of this count)"
            )?;
        }
        if let Some(claim) = self.claim() {
            let verdict = match claim.difference {
                0 => "right".to_owned(),
                d if d > 0 => format!(
                    "wrong: {d} point{} overlooked (muggins: the opponent may take {})",
                    if d == 1 { "" } else { "s" },
                    if d == 1 { "it" } else { "them" }
                ),
                d => format!("wrong: over-claimed by {}", -d),
            };
            writeln!(out, "claim {}: {verdict}", claim.claimed)?;
        }
        Ok(())
    }
}

impl Report {
    fn of_rank(&self, rank: crib::Rank) -> usize {
        self.hand
            .cards()
            .iter()
            .chain([&self.hand.starter()])
            .filter(|c| c.rank() == rank)
            .count()
    }
}
