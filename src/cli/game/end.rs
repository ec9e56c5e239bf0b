//! The end of a deal, a game and a match in `crib game`: what each side scored where, who won
//! and by how much, and the games won.

use serde_json::json;

use crib::deal::Phase;
use crib::game::{GameOver, Match, Scored};

use super::{Ctx, by_side};
use crate::cli::talk::{Flow, Mode, Reply};

/// Say what the deal scored and, if it ended a game (or the match), who won; on the screen,
/// wait for Enter so that the counts can be read before the next deal.
pub fn deal_over(
    ctx: &mut Ctx,
    before: &Match,
    after: &Match,
    over: Option<GameOver>,
    events: &[Scored],
) -> anyhow::Result<Flow> {
    let sides = ctx.board.names.clone();
    let players = after.game.players;
    let end_scores = over
        .as_ref()
        .map_or(after.scores.clone(), |o| o.scores.clone());
    let scored: Vec<u32> = end_scores
        .iter()
        .zip(&before.scores)
        .map(|(a, b)| a.saturating_sub(*b))
        .collect();
    ctx.board.peg(&end_scores);
    let sources = where_scored(events, sides.len());
    let parts: Vec<String> = sides
        .iter()
        .zip(&scored)
        .zip(&end_scores)
        .zip(&sources)
        .map(|(((name, s), total), source)| {
            let from: Vec<String> = source
                .iter()
                .map(|(what, p)| format!("{what} {p}"))
                .collect();
            if from.is_empty() {
                format!("{name} +0 = {total}")
            } else {
                format!("{name} +{s} ({}) = {total}", from.join(", "))
            }
        })
        .collect();
    let json_sources: Vec<serde_json::Map<String, serde_json::Value>> = sources
        .iter()
        .map(|source| {
            source
                .iter()
                .map(|(what, p)| ((*what).to_owned(), json!(p)))
                .collect()
        })
        .collect();
    ctx.talk.say(
        &format!("This deal: {}.", parts.join("; ")),
        json!({"event": "deal_over", "scored": by_side(players, &scored),
               "scores": by_side(players, &end_scores), "where": by_side(players, &json_sources)}),
    )?;
    if let Some(over) = over {
        game_over(ctx, after, &over)?;
    }
    if ctx.talk.mode == Mode::Screen && after.champion().is_none() {
        let scene = ctx.board.lines();
        let question = "Press Enter for the next deal (or quit):";
        if let Reply::Quit | Reply::Ended = ctx.talk.ask(question, "next", json!({}), &scene)? {
            return Ok(Flow::Quit);
        }
    }
    Ok(Flow::On)
}

/// For each side, its points by where they were scored, in counting order: his heels, the
/// play, the hand (both partners' with four), the crib, muggins.
fn where_scored(events: &[Scored], sides: usize) -> Vec<Vec<(&'static str, u32)>> {
    let mut by_side: Vec<Vec<(&'static str, u32)>> = vec![Vec::new(); sides];
    for &(side, points, phase) in events.iter().filter(|e| e.1 > 0) {
        let what = match phase {
            Some(Phase::Heels) => "heels",
            Some(Phase::Play) => "play",
            Some(Phase::Hand(_)) => "hand",
            Some(Phase::Crib) => "crib",
            None => "muggins",
        };
        match by_side[side].iter_mut().find(|(w, _)| *w == what) {
            Some(entry) => entry.1 += points,
            None => by_side[side].push((what, points)),
        }
    }
    by_side
}

fn game_over(ctx: &mut Ctx, after: &Match, over: &GameOver) -> anyhow::Result<()> {
    let winner = ctx.board.names[over.winner].clone();
    let skunk = over.skunk.map(|s| s.name());
    let by = match skunk {
        Some(name) => format!(" with a {name}: it counts two games"),
        None => String::new(),
    };
    let won: Vec<String> = ctx
        .board
        .names
        .iter()
        .zip(&after.won)
        .map(|(n, w)| format!("{n} {w}"))
        .collect();
    ctx.talk.say(
        &format!("{winner} won the game{by}. Games: {}.", won.join(", ")),
        json!({"event": "game_over", "winner": winner, "skunk": skunk, "counts": over.counts,
               "scores": by_side(after.game.players, &over.scores),
               "won": by_side(after.game.players, &after.won)}),
    )?;
    if let Some(champion) = after.champion() {
        super::reveal_seed(ctx)?;
        let name = ctx.board.names[champion].clone();
        // A match of one game says it once.
        let text = if after.games > 1 {
            format!("{name} won the match, {}.", won.join(" to "))
        } else {
            String::new()
        };
        let log = ctx.saver.log().map(|p| p.display().to_string());
        ctx.talk.say(
            &text,
            json!({"event": "match_over", "winner": name,
                   "won": by_side(after.game.players, &after.won), "log": log}),
        )?;
        if let Some(log) = &log {
            let log = shell_word(log);
            ctx.talk.say(
                &format!(
                    "Kept in {log}.\nYour decisions graded: crib review {log}\n\
                     Practise its mistakes: crib train mistakes --logs {log}"
                ),
                serde_json::Value::Null,
            )?;
        }
    }
    Ok(())
}

/// `text` as one word of a shell's command line: as it is when it is plain, else in single
/// quotes.
fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+:=@%,~".contains(c));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::shell_word;

    #[test]
    fn a_path_is_one_word_of_a_command_line() {
        assert_eq!(
            shell_word("/home/ann/games/a.jsonl"),
            "/home/ann/games/a.jsonl"
        );
        assert_eq!(shell_word("my games/a.jsonl"), "'my games/a.jsonl'");
        assert_eq!(shell_word("ann's.jsonl"), r"'ann'\''s.jsonl'");
    }
}
