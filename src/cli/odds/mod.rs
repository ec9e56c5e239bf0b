//! `crib odds`: the chance of winning the game from any position, and the whole board's map.

use std::io::{self, Write};

use serde::Serialize;

use crib::advice::for_game::par::{Par, par};
use crib::advice::for_game::stake::match_chance_from;
use crib::model::odds::{DEALS, DEALS4, Odds, Outlook, SCORES, YourOutlook};
use crib::rules::board::{DOUBLE_SKUNK_LINE, GAME, Game};
use crib::rules::seat::Players;

mod three;

use super::Outcome;
use super::output::{self, Render};

pub const AFTER_HELP: &str = "\
Your score, the opponent's, and whether you are about to deal (--dealer) or not (--pone): the
chance that you win the game, that you win by a skunk (the opponent short of 91 when you reach
121), and that you are skunked; and the points each of you can expect this deal, counted until
the game ends. With --game 61, the short game: a skunk is the loser short of 31 (the older rule
sheets' lurch), and there is no double skunk.

The odds are those of crib's own players playing for the board: at every score each throws
what `crib discard --scores` ranks first and plays what `crib play --scores` ranks first, and
the hands and crib are counted exactly, each deal's points in the rules' counting order (his
heels, the play card by card, the pone's hand, the dealer's hand, the crib), so that near 121
whoever gets there first wins. Every position is solved backwards from 121: 50,000 deals played
by crib's players for points, and the change playing for the board makes to the first 1,000 of
them, played again at that score. The players value what follows by this same table. With
three or four players, crib's players play for points.

Examples:
  crib odds 95 110 --dealer         you deal at 95, the opponent has 110
  crib odds 0 0 --dealer            the first dealer's chance
  crib odds 40 45 --pone --game 61  the short game: the last 61 holes of 121
  crib odds 90 100 --dealer --match-need 2-1  in a match, needing 2 games to 1
  crib odds --table                 the whole board: the dealer's chance
  crib odds --table --svg odds.svg  the same, and every position as an image";

/// Arguments of `crib odds`.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("seat").args(["dealer", "pone"]))]
pub struct Args {
    /// Your score, 0 to 120 (with --players 3: seat 1's, who leads).
    #[arg(value_name = "YOU", value_parser = super::usage::number_in(0u32, 120))]
    you: Option<u32>,

    /// The opponent's score, 0 to 120 (with --players 3: seat 2's; 4: the other side's).
    #[arg(value_name = "OPPONENT", value_parser = super::usage::number_in(0u32, 120))]
    opponent: Option<u32>,

    /// You are about to deal.
    #[arg(long)]
    dealer: bool,

    /// The opponent is about to deal.
    #[arg(long)]
    pone: bool,

    /// Draw the dealer's chance over the whole board instead.
    #[arg(long, conflicts_with_all = ["you", "opponent", "dealer", "pone"])]
    pub table: bool,

    /// The third player's score, the dealer's, with --players 3.
    #[arg(value_name = "DEALER", value_parser = super::usage::number_in(0u32, 120))]
    third: Option<u32>,

    /// How many players: 2, 3 (three scores, in seat order: seat 1 leads, the dealer last), or
    /// 4 (two partnerships: your side's score and the other's).
    #[arg(long, default_value_t = 2, value_parser = super::usage::number_in(2u8, 4))]
    players: u8,

    /// The game hole: 121, or 61 for the short game (two players: the last 61 holes of 121).
    #[arg(long, default_value_t = 121, value_parser = super::usage::game_hole, value_name = "61|121")]
    game: u32,

    /// In a match of two players, the games you and the opponent still need to win it, as
    /// ME-OPP (for example 2-1): also your chance of winning the match, a skunk counting two
    /// games.
    #[arg(long, value_name = "ME-OPP", conflicts_with = "table")]
    match_need: Option<String>,

    /// With --table, also write the map as an SVG image to this file (every position, and the
    /// line where the dealer's chance crosses 50%); '-' writes only the image, to standard
    /// output.
    #[arg(long, value_name = "FILE", requires = "table")]
    svg: Option<std::path::PathBuf>,
}

/// Run `crib odds`.
pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.svg.is_some() && !args.table {
        anyhow::bail!("--svg draws the whole board: give it with --table");
    }
    if args.table {
        return map(args, json, out);
    }
    let players = Players::try_from(usize::from(args.players))?;
    let match_need = args
        .match_need
        .as_deref()
        .map(|text| output::games_needed(text, players))
        .transpose()?;
    if args.players == 3 {
        return three::run(args, json, out);
    }
    let (Some(you), Some(opponent)) = (args.you, args.opponent) else {
        anyhow::bail!(
            "give your score and the opponent's, each 0 to 120, and your seat: for example \
             crib odds 95 110 --dealer (or --table for the whole board)"
        );
    };
    if args.third.is_some() {
        anyhow::bail!(
            "three scores are for three players: add --players 3 (or give two scores and \
             --dealer or --pone)"
        );
    }
    let dealing = match (args.dealer, args.pone) {
        (true, _) => true,
        (_, true) => false,
        _ => anyhow::bail!("say who deals next: --dealer (you) or --pone (the opponent)"),
    };
    for (who, score) in [("YOU", you), ("OPPONENT", opponent)] {
        below_the_hole(who, score, args.game)?;
    }
    let game = Game::new(Players::try_from(usize::from(args.players))?, args.game)?;
    let target = args.game;
    let odds = Odds::committed(game.players);
    let at =
        |a: u32, b: u32, d: bool| odds.outlook(target, a.min(target - 1), b.min(target - 1), d);
    let outlook = at(you, opponent, dealing);
    let par = par(at, target, you, opponent, dealing);
    let p_match =
        match_need.map(|need| match_chance_from(odds, target, [you, opponent], need, dealing));
    output::emit(
        out,
        json,
        &Report {
            game,
            you,
            opponent,
            dealing,
            outlook,
            par,
            match_need,
            p_match,
        },
    )?;
    Ok(Outcome::Success)
}

/// A score must be short of the game hole.
fn below_the_hole(who: &str, score: u32, game: u32) -> anyhow::Result<()> {
    if score >= game {
        anyhow::bail!("{who} {score}: a game to {game} is over at {game}; give a score below it");
    }
    Ok(())
}

/// `crib odds --table`: the whole board of two players, and its image.
fn map(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.game != GAME || args.players != 2 {
        anyhow::bail!(
            "--table maps the game of two players to 121; a game to 61 is its last 61 holes, \
             from 60-60 (ask for one position with crib odds YOU OPP --game 61, or --players 3 \
             or 4)"
        );
    }
    let odds = Odds::committed(Players::TWO)
        .sides()
        .expect("two players' odds are two sides'");
    match &args.svg {
        Some(path) if path.as_os_str() == "-" => {
            if json {
                anyhow::bail!("--svg - writes the image to standard output: leave out --json");
            }
            out.write_all(svg(odds).as_bytes())?;
            return Ok(Outcome::Success);
        }
        Some(path) => std::fs::write(path, svg(odds)).map_err(|err| {
            anyhow::anyhow!(
                "--svg {}: could not write it: {err}",
                crib::rules::quote::quoted(&path.to_string_lossy())
            )
        })?,
        None => {}
    }
    output::emit(out, json, &Map(odds))?;
    Ok(Outcome::Success)
}

/// One position, from the player's side.
struct Report {
    game: Game,
    you: u32,
    opponent: u32,
    dealing: bool,
    outlook: YourOutlook,
    /// Par this deal; `None` when the opponent can expect to reach the hole.
    par: Option<Par>,
    /// In a match: the games you and the opponent still need to win it.
    match_need: Option<[u32; 2]>,
    /// In a match: your chance of winning it.
    p_match: Option<f64>,
}

#[derive(Serialize)]
struct JsonScores {
    you: u32,
    opponent: u32,
}

#[derive(Serialize)]
struct JsonExpected {
    you: f64,
    opponent: f64,
}

/// `crib odds --json`. The field names are a contract.
#[derive(Serialize)]
struct Json {
    /// With four players: 4.
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<usize>,
    /// The game hole: 121 or 61.
    game: u32,
    /// The scores: yours and the opponent's.
    scores: JsonScores,
    /// `dealer` when you deal next, else `pone`.
    role: &'static str,
    /// Your chance to win the game.
    p_win: f64,
    /// Your chance to win with the opponent short of 91 (double skunks included).
    p_skunk_win: f64,
    /// The opponent's chance to win with you short of 91.
    p_skunked: f64,
    /// Your chance to win with the opponent short of 61.
    p_double_skunk_win: f64,
    /// The opponent's chance to win with you short of 61.
    p_double_skunked: f64,
    /// The points each can expect this deal, counted until the game ends.
    expected: JsonExpected,
    /// With four players: each side's chance, yours first.
    #[serde(skip_serializing_if = "Option::is_none")]
    win: Option<[f64; 2]>,
    /// How many deals the table was solved from.
    deals: u64,
    /// Par this deal, and whether to play on or off.
    par: JsonPar,
    /// With --match-need: the games each player still needs to win the match.
    #[serde(skip_serializing_if = "Option::is_none")]
    match_need: Option<output::GamesNeeded>,
    /// With --match-need: your chance of winning the match.
    #[serde(skip_serializing_if = "Option::is_none")]
    p_match: Option<f64>,
}

/// `"par"` in `crib odds --json`.
#[derive(Serialize)]
struct JsonPar {
    /// The fewest points this deal that hold your chance, the opponent scoring what they can
    /// expect; null when the opponent can expect to reach the hole this deal.
    points: Option<u32>,
    /// The points you can expect this deal less par (null with no par).
    margin: Option<f64>,
    /// `off` when you can expect at least par, else `on`.
    advice: &'static str,
}

impl Report {
    /// The line that says where the game stands.
    fn position(&self) -> String {
        let four = self.game.players == Players::FOUR;
        let who = match (self.dealing, four) {
            (true, false) => "you deal",
            (false, false) => "the opponent deals",
            (true, true) => "your side deals",
            (false, true) => "the other side deals",
        };
        let mut about = Vec::new();
        if four {
            about.push("four players as partners".to_owned());
        }
        if self.game.target != GAME {
            about.push(format!("a game to {}", self.game.target));
        }
        let about = if about.is_empty() {
            String::new()
        } else {
            format!(" ({})", about.join(", "))
        };
        let (you, them) = if four {
            ("Your side", "the other side")
        } else {
            ("You", "the opponent")
        };
        format!(
            "{you} {}, {them} {}; {who}{about}.",
            self.you, self.opponent
        )
    }
}

impl Render for Report {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let o = &self.outlook;
        output::json_line(
            out,
            &Json {
                players: (self.game.players == Players::FOUR).then_some(4),
                game: self.game.target,
                scores: JsonScores {
                    you: self.you,
                    opponent: self.opponent,
                },
                role: if self.dealing { "dealer" } else { "pone" },
                p_win: o.win,
                p_skunk_win: o.skunk_win,
                p_skunked: o.skunked,
                p_double_skunk_win: o.double_skunk_win,
                p_double_skunked: o.double_skunked,
                expected: JsonExpected {
                    you: o.yours,
                    opponent: o.theirs,
                },
                win: (self.game.players == Players::FOUR).then_some([o.win, 1.0 - o.win]),
                deals: if self.game.players == Players::FOUR {
                    DEALS4
                } else {
                    DEALS
                },
                par: JsonPar {
                    points: self.par.map(|p| p.points),
                    margin: self.par.map(|p| p.margin()),
                    advice: if self.par.is_some_and(|p| p.play_off()) {
                        "off"
                    } else {
                        "on"
                    },
                },
                match_need: self.match_need.map(output::GamesNeeded::from),
                p_match: self.p_match,
            },
        )
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let o = &self.outlook;
        writeln!(out, "{}\n", self.position())?;
        let percent = |p: f64| format!("{:.1}%", p * 100.0);
        // A skunk that cannot happen from here (the loser has passed its line already) is
        // shown as such, not as a chance of 0.0%.
        let unless = |loser: u32, line: u32, p: f64| {
            if loser >= line {
                output::plain("–").into_owned()
            } else {
                percent(p)
            }
        };
        let (you, them) = (self.you, self.opponent);
        let mut table = output::table(&["", "chance"]);
        let skunk = self.game.skunk_line();
        let mut rows = vec![
            ("you win", percent(o.win)),
            ("you win by a skunk", unless(them, skunk, o.skunk_win)),
            (
                "you win by a double skunk",
                unless(them, DOUBLE_SKUNK_LINE, o.double_skunk_win),
            ),
            ("you are skunked", unless(you, skunk, o.skunked)),
            (
                "you are double skunked",
                unless(you, DOUBLE_SKUNK_LINE, o.double_skunked),
            ),
        ];
        if self.game.target != GAME {
            // The short game has no double skunk.
            rows.retain(|(what, _)| !what.contains("double"));
        }
        for (what, chance) in rows {
            table.add_row(vec![what.to_owned(), chance]);
        }
        output::align_right(&mut table, &[1]);
        writeln!(out, "{table}")?;
        writeln!(
            out,
            "\nYou win {} of games from here. This deal you can expect {:.1} points and the\n\
             opponent {:.1} (counted until the game ends).",
            output::bold(percent(o.win)),
            o.yours,
            o.theirs
        )?;
        if let (Some([yours, theirs]), Some(p)) = (self.match_need, self.p_match) {
            writeln!(
                out,
                "In the match (you need {yours} game{}, the opponent {theirs}; a skunk counts two) \
                 you win {} of the time from here.",
                if yours == 1 { "" } else { "s" },
                output::bold(percent(p))
            )?;
        }
        writeln!(out, "{}", self.par_advice())
    }
}

impl Report {
    /// Par, and whether to play on or off, in two sentences with their numbers.
    fn par_advice(&self) -> String {
        let them = if self.game.players == Players::FOUR {
            "the other side"
        } else {
            "the opponent"
        };
        let Some(par) = self.par else {
            return format!(
                "Par: none, {them} can expect to reach {} this deal; play on, every point counts.",
                self.game.target
            );
        };
        let (side, why) = if par.play_off() {
            (
                "above",
                "play off (keep the count quiet, take the sure points)",
            )
        } else {
            ("below", "play on (take the chances that score)")
        };
        format!(
            "Par this deal: {} points hold your {:.1}% if {them} makes {:.0}.\nYou can expect \
             {:.1}, {:.1} {side} par: {why}.",
            par.points,
            par.chance * 100.0,
            par.theirs.round(),
            par.expected,
            par.margin().abs()
        )
    }
}

/// The whole board.
struct Map(&'static [[Outlook; SCORES]]);

/// `crib odds --table --json`: every position's outlook for the dealer.
#[derive(Serialize)]
struct JsonMap {
    /// The dealer's chance to win: `p_win[dealer's score][pone's score]`.
    p_win: Vec<Vec<f64>>,
    deals: u64,
}

/// The map's rows and columns: every fourth score of the dealer's, every second of the pone's.
const ROW_STEP: usize = 4;
const COLUMN_STEP: usize = 2;

impl Render for Map {
    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        output::json_line(
            out,
            &JsonMap {
                p_win: self
                    .0
                    .iter()
                    .map(|row| row.iter().map(|o| o.win).collect())
                    .collect(),
                deals: DEALS,
            },
        )
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let color = output::style().color;
        let truecolor = std::env::var("COLORTERM")
            .is_ok_and(|v| v.eq_ignore_ascii_case("truecolor") || v.eq_ignore_ascii_case("24bit"));
        writeln!(
            out,
            "The dealer's chance to win by the dealer's score (down) and the pone's (across).\n\
             Each cell is a tenth: 5 means 50% to 60%; * marks where the chance crosses 50%\n\
             along the row.{}\n",
            if color {
                " Blue: the dealer is favoured; red: the pone."
            } else {
                ""
            }
        )?;
        let columns: Vec<usize> = (0..SCORES).step_by(COLUMN_STEP).collect();
        // The pone's scores across the top, every 20.
        let mut axis = vec![' '; columns.len() + 2];
        for (i, &c) in columns.iter().enumerate().filter(|(_, c)| *c % 20 == 0) {
            for (k, ch) in c.to_string().chars().enumerate() {
                if let Some(slot) = axis.get_mut(i + k) {
                    *slot = ch;
                }
            }
        }
        writeln!(
            out,
            "dealer  pone {}",
            axis.iter().collect::<String>().trim_end()
        )?;
        let mut rows: Vec<usize> = (0..SCORES).step_by(ROW_STEP).collect();
        rows.reverse();
        for d in rows {
            let mut line = if d % 20 == 0 {
                format!("{d:>6}       ")
            } else {
                " ".repeat(13)
            };
            let mut previous: Option<f64> = None;
            let mut last_shade = None;
            for &p in &columns {
                let win = self.0[d][p].win;
                let crosses = previous.is_some_and(|q| (q >= 0.5) != (win >= 0.5));
                previous = Some(win);
                let glyph = if crosses {
                    '*'
                } else {
                    char::from(b'0' + (win * 10.0).floor().clamp(0.0, 9.0) as u8)
                };
                if color && last_shade != Some(shade(win)) {
                    line.push_str(&background(shade(win), truecolor));
                    last_shade = Some(shade(win));
                }
                line.push(glyph);
            }
            if color {
                line.push_str("\x1b[0m");
            }
            writeln!(out, "{line}")?;
        }
        writeln!(
            out,
            "\nFrom 0-0 the first dealer wins {:.1}% of games; at 120-120 the dealer wins {:.1}%.",
            self.0[0][0].win * 100.0,
            self.0[SCORES - 1][SCORES - 1].win * 100.0
        )?;
        Ok(())
    }
}

/// The escape that sets a cell's background to `(r, g, b)` with black text: in 24-bit colour
/// where the terminal says it has it (`COLORTERM`), else in the nearest of the 256 colours
/// every colour terminal has (its 6 × 6 × 6 cube).
fn background((r, g, b): (u8, u8, u8), truecolor: bool) -> String {
    if truecolor {
        return format!("\x1b[48;2;{r};{g};{b};30m");
    }
    let level = |c: u8| (u16::from(c) * 5 + 127) / 255;
    let index = 16 + 36 * level(r) + 6 * level(g) + level(b);
    format!("\x1b[48;5;{index};30m")
}

/// A colour for a chance: red below 50% (the pone favoured), white at 50%, blue above.
fn shade(win: f64) -> (u8, u8, u8) {
    let t = ((win - 0.5) * 2.0).clamp(-1.0, 1.0);
    let fade = |x: f64| (255.0 - 175.0 * x.abs()).round() as u8;
    if t >= 0.0 {
        (fade(t), fade(t), 255)
    } else {
        (255, fade(t), fade(t))
    }
}

/// The whole board as an SVG image: a square for every position, shaded as the terminal map
/// is, the dealer's score up the side and the pone's along the bottom, and a black line where
/// the dealer's chance crosses 50%.
fn svg(odds: &[[Outlook; SCORES]]) -> String {
    use std::fmt::Write;
    const CELL: usize = 5;
    const MARGIN: usize = 50;
    let side = SCORES * CELL;
    let size = side + 2 * MARGIN;
    // Row 0 at the bottom: the dealer's score grows upwards.
    let y = |d: usize| MARGIN + (SCORES - 1 - d) * CELL;
    let x = |p: usize| MARGIN + p * CELL;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" \
         viewBox=\"0 0 {size} {size}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <title>crib odds: the dealer's chance to win from every position</title>\n\
         <rect width=\"{size}\" height=\"{size}\" fill=\"white\"/>\n"
    );
    for (d, row) in odds.iter().enumerate() {
        // One rectangle for each run of positions of one shade along the row.
        let mut p = 0;
        while p < SCORES {
            let colour = shade(row[p].win);
            let run = row[p..]
                .iter()
                .take_while(|o| shade(o.win) == colour)
                .count();
            let (r, g, b) = colour;
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{CELL}\" \
                 fill=\"#{r:02x}{g:02x}{b:02x}\"/>",
                x(p),
                y(d),
                run * CELL
            );
            p += run;
        }
    }
    // The 50% line: the edges between neighbours on either side of it.
    let mut path = String::new();
    for d in 0..SCORES {
        for p in 0..SCORES {
            let high = odds[d][p].win >= 0.5;
            if p + 1 < SCORES && (odds[d][p + 1].win >= 0.5) != high {
                let _ = write!(path, "M{} {}v{CELL}", x(p + 1), y(d));
            }
            if d + 1 < SCORES && (odds[d + 1][p].win >= 0.5) != high {
                let _ = write!(path, "M{} {}h{CELL}", x(p), y(d));
            }
        }
    }
    let _ = writeln!(
        out,
        "<path d=\"{path}\" stroke=\"black\" stroke-width=\"1.5\" fill=\"none\"/>"
    );
    for score in (0..SCORES).step_by(20) {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{score}</text>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{score}</text>",
            MARGIN - 6,
            y(score) + CELL,
            x(score) + CELL / 2,
            MARGIN + side + 16
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">the pone's score</text>\n\
         <text x=\"14\" y=\"{}\" text-anchor=\"middle\" transform=\"rotate(-90 14 {})\">\
         the dealer's score</text>\n\
         <text x=\"{}\" y=\"30\" text-anchor=\"middle\">The dealer's chance to win: blue \
         favours the dealer, red the pone; the line is 50%</text>\n</svg>",
        MARGIN + side / 2,
        MARGIN + side + 34,
        MARGIN + side / 2,
        MARGIN + side / 2,
        MARGIN + side / 2
    );
    out
}
