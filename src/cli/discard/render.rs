//! `crib discard` for people: a row for each choice (one for choices that differ only by
//! suits), the best, and what makes it best.

use std::io::{self, Write};

use crib::Card;
use crib::GAME;
use crib::Players;
use crib::Seat;
use crib::cards::thousands;
use crib::discard::{DiscardAdvice, PlayModel, Role, Split};

use super::{Report, Weighed};
use crate::cli::output;

/// Write the report for people.
pub fn human(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    intro(report, out)?;
    let groups = alike(report);
    let shown = &groups[..groups.len().min(report.top)];
    writeln!(out, "{}", table(report, shown))?;
    footnotes(report, shown, out)?;
    let choices = &report.advice().choices;
    let Some(first) = groups.first() else {
        return Ok(());
    };
    let best = &choices[first[0]];
    match &report.p_win {
        Some(weighed) => for_the_game(report, out, weighed, best)?,
        None => writeln!(
            out,
            "\nBest: keep {}, throw {} (net {}).",
            cards(&best.keep),
            cards(&best.throw),
            output::bold(format!("{:.2}", best.net))
        )?,
    }
    if let Some(next) = groups.get(1) {
        why_best(report, out, first[0], next[0])?;
    }
    if let Some(weighed) = &report.p_win {
        let draws = thousands(weighed.weighed.chances.first().map_or(0, |c| c.draws) as u64);
        if report.advice().players == Players::TWO {
            writeln!(
                out,
                "The chance of winning: {draws} draws of the opponent's cards, every starter, the \
                 play by crib's engine, the deal counted to {}, then the odds of crib odds{}.",
                report.game,
                if report.match_need.is_some() {
                    "; the match from the odds of a game, a skunk counting two games"
                } else {
                    ""
                }
            )?;
        } else {
            writeln!(
                out,
                "The chance of winning: {draws} deals of the others' cards, each throwing as \
                 crib's expert crib model, every starter, the play by crib's engine with every \
                 card seen, the deal counted to {}, then the odds of crib odds.",
                report.game
            )?;
        }
    }
    Ok(())
}

/// What the chances are of: the game, or with --match-need the match.
fn stake(report: &Report) -> &'static str {
    if report.match_need.is_some() {
        "match"
    } else {
        "game"
    }
}

/// A number of games in words: `1 game`, `2 games`.
fn games(n: u32) -> String {
    format!("{n} game{}", if n == 1 { "" } else { "s" })
}

/// Cards for people, in order of rank, then suit.
fn cards(cards: &[Card]) -> String {
    let mut sorted = cards.to_vec();
    sorted.sort_by_key(|c| (c.rank(), c.suit()));
    output::cards_text(&sorted)
}

/// The choices, grouped where they differ only by suits: the same ranks kept and thrown, and
/// the same value in every column. Best first, each group in the order of the advice.
fn alike(report: &Report) -> Vec<Vec<usize>> {
    let ranks = |cards: &[Card]| {
        let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank().number()).collect();
        ranks.sort_unstable();
        ranks
    };
    let key = |i: usize| {
        let c = &report.advice().choices[i];
        let p_win = report.p_win.as_ref().map(|w| w.weighed.chances[i].p_win);
        let numbers = [
            Some(c.hand_mean),
            Some(c.crib_mean),
            c.peg.map(|p| p.mine),
            c.peg.map(|p| p.theirs),
            Some(c.net),
            c.p_at_least,
            p_win,
        ];
        (
            ranks(&c.keep),
            ranks(&c.throw),
            numbers.map(|n| n.map(f64::to_bits)),
        )
    };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut keys = Vec::new();
    for i in 0..report.advice().choices.len() {
        let k = key(i);
        match keys.iter().position(|other| *other == k) {
            Some(g) => groups[g].push(i),
            None => {
                keys.push(k);
                groups.push(vec![i]);
            }
        }
    }
    groups
}

/// How much of the crib the net counts: 1 for the side's own, -1 or (a rival's with three
/// players) -0.5 against.
fn crib_weight(advice: &DiscardAdvice) -> f64 {
    advice.role.crib_weight(advice.players, advice.crib_share)
}

/// What was dealt, whose crib it is, and how the choices are valued.
fn intro(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let advice = report.advice();
    let whose = match advice.role {
        Role::Dealer => "you deal: the crib is yours",
        Role::PartnerDeals => "your partner deals: the crib is your side's",
        Role::Pone if crib_weight(advice) == -0.5 => {
            "an opponent deals: half the crib counts against you (the dealer is one of your two \
             rivals)"
        }
        Role::Pone => "an opponent deals: the crib counts against you",
    };
    let seat = match advice.players {
        Players::TWO => String::new(),
        players => format!(
            ", seat {} of {players}, {}",
            report.seat,
            Seat::new(report.seat - 1).name(players)
        ),
    };
    writeln!(
        out,
        "Dealt {} ({} players{seat}); {whose}.",
        output::cards_text(&report.dealt),
        advice.players
    )?;
    let play = match advice.play {
        PlayModel::Engine => "; the play from crib's pegging table",
        PlayModel::None => "; the play left out",
    };
    writeln!(
        out,
        "Expected points, exact: every unseen starter; the crib under the {} model{play}.\n",
        advice.model.name()
    )
}

/// A row for each group of choices shown: the group's first, marked when others are alike.
/// The table of choices, fitted to the width: as it is when it fits; else with the opponent's
/// pegging headed `- opp`; else without the hand's fewest and most points; else wrapped.
fn table(report: &Report, shown: &[Vec<usize>]) -> comfy_table::Table {
    let mut table = table_at(report, shown, Compact::None);
    for compact in [Compact::Headers, Compact::NoRange, Compact::NoPlay] {
        if output::fits(&table) {
            return table;
        }
        table = table_at(report, shown, compact);
    }
    output::fit(&mut table);
    table
}

/// How far the table of choices is cut down to fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Compact {
    None,
    Headers,
    NoRange,
    /// Without the play's columns: the net counts them still.
    NoPlay,
}

fn table_at(report: &Report, shown: &[Vec<usize>], compact: Compact) -> comfy_table::Table {
    let range = compact < Compact::NoRange;
    let advice = report.advice();
    let crib_sign = match crib_weight(advice) {
        w if w > 0.0 => "+ crib",
        -0.5 => "- crib/2",
        _ => "- crib",
    };
    let mut header = vec!["keep", "throw", "hand"];
    if range {
        header.extend(["min", "max"]);
    }
    header.push(crib_sign);
    let play = advice.play == PlayModel::Engine && compact < Compact::NoPlay;
    if play {
        header.extend([
            "+ peg",
            if compact == Compact::None {
                "- opp peg"
            } else {
                "- opp"
            },
        ]);
    }
    header.push("net");
    let need_header = report.need.map(|n| {
        let text = if compact == Compact::None {
            format!("P(hand ≥ {n})")
        } else {
            format!("P(≥{n})")
        };
        output::plain(&text).into_owned()
    });
    if let Some(h) = &need_header {
        header.push(h);
    }
    if report.p_win.is_some() {
        header.push("P(win)");
    }
    let mut table = output::table(&header);
    let mut marks = 0;
    for group in shown {
        let i = group[0];
        let choice = &advice.choices[i];
        let mut throw = cards(&choice.throw);
        if group.len() > 1 {
            marks += 1;
            throw = format!("{throw} ({})", mark(marks));
        }
        let mut row = vec![
            cards(&choice.keep),
            throw,
            format!("{:.2}", choice.hand_mean),
        ];
        if range {
            row.extend([choice.hand_min.to_string(), choice.hand_max.to_string()]);
        }
        row.push(format!("{:.2}", choice.crib_mean));
        if let Some(peg) = choice.peg.filter(|_| play) {
            row.extend([format!("{:.2}", peg.mine), format!("{:.2}", peg.theirs)]);
        }
        row.push(format!("{:.2}", choice.net));
        if let Some(p) = choice.p_at_least {
            row.push(format!("{:.1}%", p * 100.0));
        }
        if let Some(weighed) = &report.p_win {
            row.push(format!("{:.1}%", weighed.weighed.chances[i].p_win * 100.0));
        }
        table.add_row(row);
    }
    output::align_right(&mut table, &(2..header.len()).collect::<Vec<_>>());
    table
}

/// The mark of the `n`th row that stands for several choices: a, b, c, ...
fn mark(n: usize) -> char {
    char::from(b'a' + ((n - 1) % 26) as u8)
}

/// Under the table, for each row that stands for several choices, the others it stands for.
fn footnotes(report: &Report, shown: &[Vec<usize>], out: &mut dyn Write) -> io::Result<()> {
    let mut marks = 0;
    for group in shown.iter().filter(|g| g.len() > 1) {
        marks += 1;
        let others: Vec<String> = group[1..]
            .iter()
            .map(|&i| cards(&report.advice().choices[i].throw))
            .collect();
        writeln!(
            out,
            "({}) The same to the last digit throwing {}: the cards differ only by suits.",
            mark(marks),
            others.join(", or ")
        )?;
    }
    Ok(())
}

/// Where the best choice beats the next best, in points (or, for the game, in the chance of
/// winning).
fn why_best(report: &Report, out: &mut dyn Write, best: usize, next: usize) -> io::Result<()> {
    let choices = &report.advice().choices;
    let (a, b) = (&choices[best], &choices[next]);
    if let Some(weighed) = &report.p_win {
        let odds = &weighed.weighed.chances;
        let gap = (odds[best].p_win - odds[next].p_win) * 100.0;
        let noise = odds[next].gap_se * 100.0;
        if format!("{gap:.1}") == "0.0" {
            return writeln!(
                out,
                "Keeping {} is as good for the {} (to 0.1%).",
                cards(&b.keep),
                stake(report)
            );
        }
        if !weighed.weighed.ahead_of(next).changes {
            return writeln!(
                out,
                "Keeping {} is as good for the {}, within the noise of the draws ({gap:+.2}% \
                 {} {noise:.2}%).",
                cards(&b.keep),
                stake(report),
                output::plain("±")
            );
        }
        return writeln!(
            out,
            "It beats keeping {} by {gap:.1}% {} {noise:.1}% in the chance of winning the {}.",
            cards(&b.keep),
            output::plain("±"),
            stake(report)
        );
    }
    let weight = crib_weight(report.advice());
    let mut parts = vec![
        format!("the hand {:+.2}", a.hand_mean - b.hand_mean),
        format!("the crib {:+.2}", weight * (a.crib_mean - b.crib_mean)),
    ];
    if let (Some(p), Some(q)) = (a.peg, b.peg) {
        parts.push(format!("the play {:+.2}", p.net() - q.net()));
    }
    writeln!(
        out,
        "It beats keeping {} by {:.2}: {}.",
        cards(&b.keep),
        a.net - b.net,
        parts.join(", ")
    )
}

/// At `at` (the board in words), the board does not change the advice from `on_points`, best on
/// average points, though `best` wins more: by less than 0.1%, or within the draws' noise.
fn unchanged(
    out: &mut dyn Write,
    at: &str,
    weighed: &Weighed,
    on_points: &Split,
    best: &Split,
) -> io::Result<()> {
    let odds = &weighed.weighed.chances;
    let p = weighed.weighed.on_points;
    let gap = odds[0].p_win - odds[p].p_win;
    if format!("{:.1}", gap * 100.0) == "0.0" {
        return writeln!(
            out,
            "\nAt {at}, the board does not change the advice: keep {}, throw {}, \
             best on average points (net {:.2}, wins {}, as much as any to 0.1%).",
            cards(&on_points.keep),
            cards(&on_points.throw),
            on_points.net,
            output::bold(format!("{:.1}%", odds[p].p_win * 100.0)),
        );
    }
    writeln!(
        out,
        "\nAt {at}, the board does not change the advice: keep {}, throw {}, \
         best on average points (net {:.2}, wins {}). Keeping {} wins {:.1}%, {:+.2}% {} \
         {:.2}%: within the noise of the draws.",
        cards(&on_points.keep),
        cards(&on_points.throw),
        on_points.net,
        output::bold(format!("{:.1}%", odds[p].p_win * 100.0)),
        cards(&best.keep),
        odds[0].p_win * 100.0,
        gap * 100.0,
        output::plain("±"),
        odds[p].gap_se * 100.0
    )
}

/// The board besides the scores, in words: a game to 61, or a match.
fn board_words(report: &Report) -> String {
    let mut words = if report.game == GAME {
        String::new()
    } else {
        format!(" in a game to {}", report.game)
    };
    if let Some([yours, theirs]) = report.match_need {
        words.push_str(&format!(
            " in a match, needing {} to the opponent's {theirs}",
            games(yours)
        ));
    }
    words
}

/// With --scores: the best choice for the game, and whether the board changes the advice from
/// the best on points: only when the gap is clear of the draws' noise.
fn for_the_game(
    report: &Report,
    out: &mut dyn Write,
    weighed: &Weighed,
    best: &Split,
) -> io::Result<()> {
    let scores: Vec<String> = weighed.scores.iter().map(u32::to_string).collect();
    let at = format!("{}{}", scores.join("-"), board_words(report));
    let odds = &weighed.weighed.chances;
    let p = weighed.weighed.on_points;
    let on_points = &report.advice().choices[p];
    let pm = output::plain("±");
    // A gain that rounds away leaves the advice as it is, whatever its noise.
    let gap = odds[0].p_win - odds[p].p_win;
    let rounds_away = format!("{:.1}", gap * 100.0) == "0.0";
    if on_points.keep != best.keep && (rounds_away || !weighed.weighed.verdict.changes) {
        return unchanged(out, &at, weighed, on_points, best);
    }
    writeln!(
        out,
        "\nAt {at}, best for the {}: keep {}, throw {} (wins {}, {pm} {:.1}%).",
        stake(report),
        cards(&best.keep),
        cards(&best.throw),
        output::bold(format!("{:.1}%", odds[0].p_win * 100.0)),
        odds[0].se * 100.0
    )?;
    if on_points.keep != best.keep {
        writeln!(
            out,
            "Best on average points: keep {}, throw {} (net {:.2}, wins {:.1}%): the board changes \
             the advice.",
            cards(&on_points.keep),
            cards(&on_points.throw),
            on_points.net,
            odds[p].p_win * 100.0,
        )?;
    }
    Ok(())
}
