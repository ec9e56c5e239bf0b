//! `crib odds --table`: the whole board of two players, in the terminal and as an SVG image.

use std::io::{self, Write};

use serde::Serialize;

use crib::GAME;
use crib::Players;
use crib::odds::{Odds, Outlook, SCORES};

use super::Args;
use crate::cli::Outcome;
use crate::cli::output::{self, Render};

pub fn run(args: &Args, json: bool, out: &mut dyn Write) -> anyhow::Result<Outcome> {
    if args.game != GAME || args.players.count != 2 {
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
                crib::cards::quoted(&path.to_string_lossy())
            )
        })?,
        None => {}
    }
    output::emit(out, json, &Map(odds))?;
    Ok(Outcome::Success)
}

/// One position, from the player's side.
struct Map(&'static [[Outlook; SCORES]]);

/// `crib odds --table --json`: every position's outlook for the dealer.
#[derive(Serialize)]
struct JsonMap {
    /// The dealer's chance to win: `p_win[dealer's score][pone's score]`.
    p_win: Vec<Vec<f64>>,
    deals: u64,
}

/// The map's rows: every fourth score of the dealer's.
const ROW_STEP: usize = 4;

/// The width of the map's margin, the dealer's scores.
const MARGIN: usize = 13;

/// The map's columns: every second score of the pone's, or, where the terminal is too narrow
/// for that, every fourth, fifth, tenth or twentieth, whichever first fits (each divides 20,
/// so the axis's labels stay on their scores).
fn column_step(width: usize) -> usize {
    [2, 4, 5, 10]
        .into_iter()
        .find(|step| MARGIN + SCORES.div_ceil(*step) <= width)
        .unwrap_or(20)
}

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
                deals: Odds::committed(crib::Players::TWO).deals(),
            },
        )
    }

    fn human(&self, out: &mut dyn Write) -> io::Result<()> {
        let color = output::style().color;
        let truecolor = std::env::var("COLORTERM")
            .is_ok_and(|v| v.eq_ignore_ascii_case("truecolor") || v.eq_ignore_ascii_case("24bit"));
        let caption = format!(
            "The dealer's chance to win by the dealer's score (down) and the pone's (across). \
             Each cell is a tenth: 5 means 50% to 60%; * marks where the chance crosses 50% \
             along the row.{}",
            if color {
                " Blue: the dealer is favoured; red: the pone."
            } else {
                ""
            }
        );
        // The caption is prose, wrapped to the width; the map below is a grid and keeps its
        // lines.
        writeln!(out, "{}\n", output::wrap_to(&caption, "", output::width()))?;
        let columns: Vec<usize> = (0..SCORES).step_by(column_step(output::width())).collect();
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
                " ".repeat(MARGIN)
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
        let sums = format!(
            "From 0-0 the first dealer wins {:.1}% of games; at 120-120 the dealer wins {:.1}%.",
            self.0[0][0].win * 100.0,
            self.0[SCORES - 1][SCORES - 1].win * 100.0
        );
        writeln!(out, "\n{}", output::wrap_to(&sums, "", output::width()))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_drops_columns_to_fit_the_width() {
        assert_eq!(column_step(80), 2);
        assert_eq!(column_step(74), 2);
        assert_eq!(column_step(73), 4);
        assert_eq!(column_step(60), 4);
        assert_eq!(column_step(40), 5);
        assert_eq!(column_step(30), 10);
        assert_eq!(column_step(10), 20);
        for width in 38..200 {
            assert!(MARGIN + SCORES.div_ceil(column_step(width)) <= width);
        }
    }
}
