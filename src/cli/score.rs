//! `crib score`: count a hand or a crib, one from the command line or many from standard input.

use std::io::{self, IsTerminal, Read, Write};

use anyhow::Context;
use rayon::prelude::*;
use serde::Serialize;

use crib::cards::thousands;
use crib::show::{pairs_name, runs_name};
use crib::{Breakdown, Hand, HandKind, ItemKind, Points};
use crib::{Card, parse_cards};

use super::Outcome;
use super::lines::{Chunk, LineRef, Lines, MAX_LINE, is_skipped};
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
Examples:
  crib score 5h 5c 5s Jd 5d          the 29 hand
  crib score 5h 5c 5s Jd --starter 5d
  crib score --crib 2h 4h 6h 8h Kh   a crib: only a five-card flush counts
  crib score 5 5 5 J 5               ranks alone: no flush, no nobs
  crib score 4h 5c 6d 6s 9h --claim 16
  crib score < hands.txt             one hand per line, the starter last
  crib score --total < hands.txt     only each hand's total, one per line

In batch mode every result carries its input line's number in JSON (\"line\"), a line that
cannot be read is reported on stderr with its number (and, with --json, as
{\"line\": N, \"error\": \"...\"} in its place on stdout), the other lines are still scored, and
the exit code is 2. A line longer than 4,096 bytes is reported as too long.

With --claim, the exit code is 1 when the claim is wrong. With cards given without suits, a
claim is judged only when no choice of suits could change the verdict; otherwise crib says which
counts the suits allow.";

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
    #[arg(long, value_name = "POINTS", allow_negative_numbers = true, value_parser = parse_claim)]
    claim: Option<u32>,

    /// Print only the total: a number per hand (JSON: {"line": N, "total": T} in batch mode).
    #[arg(long, conflicts_with = "claim")]
    total: bool,

    /// Say the count as it is said at the table, in words with the running total: fifteens,
    /// then pairs, runs, the flush and nobs ("fifteen two, fifteen four and a pair is six").
    #[arg(long, conflicts_with = "total")]
    say: bool,
}

/// A claim is a count of points: 0 or more.
fn parse_claim(text: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .map_err(|_| "takes the points claimed, a whole number from 0 up".to_owned())
}

/// Run `crib score`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let kind = crate::cli::usage::hand_kind(args.crib);
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
        if io::stdin().is_terminal() {
            let _ = writeln!(
                io::stderr().lock(),
                "crib score: reading hands from the terminal, one per line: four cards, then the \
                 starter (5h 5c 5s Jd 5d). End with Ctrl-D; see 'crib score --help'."
            );
        }
        let mode = Mode {
            kind,
            json,
            total: args.total,
            say: args.say,
        };
        return batch_mode(io::stdin(), mode, out);
    }
    let mut tokens = crate::cli::usage::split_words(&args.cards);
    if let Some(starter) = &args.starter {
        if tokens.len() != 4 {
            anyhow::bail!(
                "with --starter give the four other cards, but {} given",
                output::plural(tokens.len() as u64, "was", "were")
            );
        }
        tokens.push(starter.clone());
    }
    let hand = read_hand(&tokens, kind)?;
    if args.total {
        let total = hand.score();
        if json {
            output::json_line(out, &TotalJson { line: None, total })?;
        } else {
            writeln!(out, "{total}")?;
        }
        return Ok(Outcome::Success);
    }
    let mut report = Report::new(hand, args.claim, None);
    report.say = args.say;
    // One hand's prose (the verdict on a claim) wraps to the width; batch mode keeps a line a
    // hand.
    output::emit_wrapped(out, json, &report)?;
    Ok(match report.claim() {
        Some(claim) if claim.decided && !claim.correct => Outcome::Disagreement,
        _ => Outcome::Success,
    })
}

fn read_hand<S: AsRef<str>>(tokens: &[S], kind: HandKind) -> crib::Result<Hand> {
    Hand::from_cards(&parse_cards(tokens)?, kind)
}

/// How batch mode prints each hand.
#[derive(Debug, Clone, Copy)]
struct Mode {
    kind: HandKind,
    json: bool,
    total: bool,
    say: bool,
}

/// Lines read and scored at a time, and lines per task within them.
const CHUNK_LINES: usize = 1 << 15;
const TASK_LINES: usize = 1 << 11;

/// What one task made of its lines: the output, and the errors with the output's length when
/// each was met (so that stdout and stderr stay in order).
struct Piece {
    out: Vec<u8>,
    errors: Vec<(usize, String)>,
}

/// Score every line of `input`, in chunks scored in parallel and written in input order; bad
/// lines are reported on stderr and the rest still scored. When the reader of stdout goes away
/// the run ends, with the exit code of what was read so far.
fn batch_mode(input: impl Read + Send, mode: Mode, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    let mut lines = Lines::new(input, MAX_LINE, 1 << 20);
    let mut chunk = Chunk::default();
    let mut next = Chunk::default();
    let mut outcome = Outcome::Success;
    let read_error = "could not read standard input";
    let mut more = lines.fill(&mut chunk, CHUNK_LINES).context(read_error)?;
    while more {
        let written = if lines.ready() {
            // More input is at hand: read the next chunk while this one is scored.
            let (read, pieces) = rayon::join(
                || lines.fill(&mut next, CHUNK_LINES),
                || score_chunk(&chunk, mode),
            );
            // Every answer before a read that failed is written before its error.
            let written = write_pieces(&pieces, out, &mut outcome);
            if written.is_ok() {
                more = read.context(read_error)?;
            }
            written
        } else {
            // The input has paused: answer what it sent before waiting for more.
            let pieces = score_chunk(&chunk, mode);
            let written = write_pieces(&pieces, out, &mut outcome).and_then(|()| out.flush());
            if written.is_ok() {
                more = lines.fill(&mut next, CHUNK_LINES).context(read_error)?;
            }
            written
        };
        match written {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::BrokenPipe => return Ok(outcome),
            Err(err) => return Err(err.into()),
        }
        std::mem::swap(&mut chunk, &mut next);
    }
    Ok(outcome)
}

/// Write the pieces of a chunk in order, each error on stderr in its place among them.
fn write_pieces(pieces: &[Piece], out: &mut dyn Write, outcome: &mut Outcome) -> io::Result<()> {
    pieces.iter().try_for_each(|piece| {
        let mut at = 0;
        for (end, message) in &piece.errors {
            out.write_all(&piece.out[at..*end])?;
            // Keep what was printed so far in order with the message.
            out.flush()?;
            super::report_error(&anyhow::anyhow!("{message}"));
            *outcome = Outcome::BadInput;
            at = *end;
        }
        out.write_all(&piece.out[at..])
    })
}

/// Score a chunk's lines in parallel tasks, each making its piece of the output.
fn score_chunk(chunk: &Chunk, mode: Mode) -> Vec<Piece> {
    chunk
        .lines
        .par_chunks(TASK_LINES)
        .map(|lines| {
            let mut piece = Piece {
                out: Vec::with_capacity(lines.len() * if mode.json { 320 } else { 64 }),
                errors: Vec::new(),
            };
            for line in lines {
                if let Some(error) = score_line(chunk, line, mode, &mut piece.out) {
                    piece.errors.push(error);
                }
            }
            piece
        })
        .collect()
}

/// Score one line into `out`; a line that cannot be read gives its error (and, in JSON, an
/// error object in its place), with where in `out` it belongs.
fn score_line(
    chunk: &Chunk,
    line: &LineRef,
    mode: Mode,
    out: &mut Vec<u8>,
) -> Option<(usize, String)> {
    let number = line.number;
    let problem = if let Some(bytes) = line.too_long {
        format!(
            "too long: {} bytes (a hand's line is at most {} bytes)",
            thousands(bytes),
            thousands(MAX_LINE as u64)
        )
    } else {
        let bytes = chunk.text(line);
        let parsed = match Hand::from_line(bytes, mode.kind) {
            Some(hand) => Ok(hand),
            None => {
                let text = String::from_utf8_lossy(bytes);
                let text = text.trim();
                if is_skipped(text) {
                    return None;
                }
                let tokens: Vec<&str> = text.split_whitespace().collect();
                read_hand(&tokens, mode.kind)
            }
        };
        match parsed {
            Ok(hand) => {
                let result = match (mode.total, mode.json) {
                    (true, false) => {
                        push_number(out, hand.score());
                        out.push(b'\n');
                        Ok(())
                    }
                    (true, true) => output::json_line(
                        out,
                        &TotalJson {
                            line: Some(number),
                            total: hand.score(),
                        },
                    ),
                    (false, true) => Report::new(hand, None, Some(number)).json(out),
                    (false, false) => Report {
                        say: mode.say,
                        ..Report::new(hand, None, None)
                    }
                    .line(out),
                };
                // Writing to memory cannot fail.
                debug_assert!(result.is_ok());
                return None;
            }
            Err(err) => err.to_string(),
        }
    };
    if mode.json {
        let _ = output::json_line(
            out,
            &ErrorJson {
                line: number,
                error: &problem,
            },
        );
    }
    Some((out.len(), format!("line {number}: {problem}")))
}

/// `crib score --total --json`: one hand's total.
#[derive(Serialize)]
struct TotalJson {
    /// The input line, in batch mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
    /// The total.
    total: u8,
}

/// A batch line that could not be scored, in JSON, in the place of its result.
#[derive(Serialize)]
struct ErrorJson<'a> {
    /// The input line.
    line: u64,
    /// What is wrong with it.
    error: &'a str,
}

/// A claimed count checked against the real one.
#[derive(Debug, Clone, Serialize)]
struct Claim {
    /// The points claimed.
    claimed: u32,
    /// The total as counted minus the claim: positive when points were overlooked, negative
    /// when over-claimed, zero when right.
    difference: i64,
    /// Whether the claim is right (with unknown suits: right whatever the suits).
    correct: bool,
    /// Whether the verdict holds whatever suits the cards given without one have. False when
    /// some suits would make the claim right and others wrong: then crib does not judge it.
    decided: bool,
    /// With cards given without suits: every count the suits allow.
    #[serde(skip_serializing_if = "Option::is_none")]
    possible: Option<Vec<u8>>,
}

/// One scored hand: the report of `crib score`.
pub struct Report {
    hand: Hand,
    breakdown: Breakdown,
    claimed: Option<u32>,
    /// The input line, in batch mode.
    line: Option<u64>,
    /// Print the count as it is said at the table rather than itemised.
    pub say: bool,
}

impl Report {
    /// `hand` itemised, with the count `claimed` judged if one was claimed, from input line
    /// `line` in batch mode.
    pub fn new(hand: Hand, claimed: Option<u32>, line: Option<u64>) -> Report {
        Report {
            breakdown: hand.breakdown(),
            hand,
            claimed,
            line,
            say: false,
        }
    }

    fn claim(&self) -> Option<Claim> {
        self.claimed.map(|claimed| {
            let difference = i64::from(self.breakdown.points.total()) - i64::from(claimed);
            if self.hand.suits_known() {
                return Claim {
                    claimed,
                    difference,
                    correct: difference == 0,
                    decided: true,
                    possible: None,
                };
            }
            let possible = self.hand.possible_totals();
            let claimable = possible.iter().any(|&t| u32::from(t) == claimed);
            let correct = possible.len() == 1 && claimable;
            Claim {
                claimed,
                difference,
                correct,
                decided: correct || !claimable,
                possible: Some(possible),
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
        line.extend_from_slice(b": ");
        if self.say {
            line.extend_from_slice(self.breakdown.said().as_bytes());
            line.push(b'\n');
            return out.write_all(&line);
        }
        let p = self.breakdown.points;
        if output::style().color {
            line.extend_from_slice(output::bold(p.total()).as_bytes());
        } else {
            push_number(&mut line, p.total());
        }
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

/// Append a card as people read it, `5♥` (red on a colour terminal, `5h` in ASCII).
fn push_symbol(line: &mut Vec<u8>, card: Card) {
    let style = output::style();
    if style.color || style.ascii {
        use std::io::Write as _;
        let _ = write!(line, "{}", output::card_text(card));
        return;
    }
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

/// `28 or 29`, `2, 6 or 7`.
fn or_list(totals: &[u8]) -> String {
    let words: Vec<String> = totals.iter().map(u8::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

/// `crib score --json`: one object per hand. The field names are a contract.
#[derive(Serialize)]
struct Json<'a> {
    /// The input line, in batch mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u64>,
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
    /// The points of each kind (`points` is a number of points everywhere else).
    by_kind: JsonPoints,
    /// The total.
    total: u8,
    /// The count as it is said at the table: "fifteen two, fifteen four and a pair is six".
    said: String,
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
            line: self.line,
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
            by_kind: self.breakdown.points.into(),
            total: self.breakdown.points.total(),
            said: self.breakdown.said(),
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
            output::cards_text(hand.cards()),
            output::card_text(hand.starter())
        )?;
        if self.say {
            writeln!(out, "{}", self.breakdown.said())?;
            return self.notes(out);
        }
        self.items(out)?;
        let p = self.breakdown.points;
        writeln!(
            out,
            "\nfifteens {}, pairs {}, runs {}, flush {}, nobs {}",
            p.fifteens, p.pairs, p.runs, p.flush, p.nobs
        )?;
        writeln!(out, "total {}", output::bold(p.total()))?;
        self.notes(out)
    }
}

impl Report {
    /// Every scoring combination, a row each, with the running count.
    fn items(&self, out: &mut dyn Write) -> io::Result<()> {
        let hand = &self.hand;
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
                        output::card_text(hand.starter())
                    }),
                    ItemKind::Fifteen => String::new(),
                };
                table.add_row(vec![
                    format!("{} {running}", item.kind.name()),
                    output::cards_text(item.cards()).to_string(),
                    format!("+{}", item.points),
                    combination,
                ]);
            }
            output::align_right(&mut table, &[2]);
            output::fit_words(&mut table, &[]);
            writeln!(out, "{table}")?;
        }
        Ok(())
    }

    /// What the count cannot say by itself: unknown suits, his heels, the claim's verdict.
    fn notes(&self, out: &mut dyn Write) -> io::Result<()> {
        let hand = &self.hand;
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
                output::cards_text(&unsuited),
                if unsuited.len() == 1 { "it" } else { "them" }
            )?;
        }
        if hand.starter().rank().number() == 11 {
            writeln!(
                out,
                "note: the starter is a jack: his heels, 2 for the dealer when it was turned \
                 (not part of this count)"
            )?;
        }
        if let Some(claim) = self.claim() {
            let verdict = match (&claim.possible, claim.difference) {
                (Some(possible), _) if !claim.decided => format!(
                    "not judged: with suits the hand counts {}, so the claim may be right or wrong",
                    or_list(possible)
                ),
                (Some(possible), _) if !claim.correct => format!(
                    "wrong whatever the suits: the hand counts {}",
                    or_list(possible)
                ),
                (_, 0) => "right".to_owned(),
                (_, d) if d > 0 => format!(
                    "wrong: {} overlooked (muggins: the opponent may take {})",
                    output::plural(d.unsigned_abs(), "point", "points"),
                    if d == 1 { "it" } else { "them" }
                ),
                (_, d) => format!("wrong: over-claimed by {}", -d),
            };
            writeln!(out, "claim {}: {verdict}", claim.claimed)?;
        }
        Ok(())
    }

    fn of_rank(&self, rank: crib::Rank) -> usize {
        self.hand
            .cards()
            .iter()
            .chain([&self.hand.starter()])
            .filter(|c| c.rank() == rank)
            .count()
    }
}
