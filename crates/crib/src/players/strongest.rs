//! How crib's strongest player decides: its throw and its card, each the points' best unless,
//! within reach of the end, the board's wins clearly more games; and the card it plays valued
//! for grading by the same function that chooses it, so that playing and grading never part.

use crate::advice::discard::DiscardAdvice;
use crate::advice::discard::{CribModel, PlayModel};
use crate::advice::for_game::discard::{WinChance, weigh_advice};
use crate::advice::for_game::play::{BoardCard, card_for_game, points_and_weighed, weigh_cards};
use crate::advice::play::{OpponentModel, PlayAnswer, answer_play};
use crate::model::Models;
use crate::players::seen::{Seen, discard_advice, discard_with};
use crate::rules::card::Card;
use crate::rules::error::Result;
use crate::rules::seat::{Players, Seat};
use crate::rules::sequence::Token;
use crate::search::rollout::{Continuation, rollout_values};

/// The parts of crib's strongest player that can be left out, to measure what each adds (`crib
/// engine --level strongest --without PART`). Without the board and the reading it is the
/// expert with the other player's holdings weighed by what players keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parts {
    /// The board: the card (and with two players the throw) that wins more games where it
    /// beats the points' best by more than two standard errors, once a side is within 40 holes
    /// of the end.
    pub board: bool,
    /// With two players, the reading of the other player's play ([`OpponentModel::Reading`]);
    /// without it, their holdings are weighed by what players keep alone.
    pub reading: bool,
    /// The discard's models: the expert crib model and the play counted. Without them, the
    /// plain heuristic: the four cards whose hand scores most over the starters, plus (or, in
    /// the other's crib, minus) what the throw adds to a crib of cards drawn at random
    /// (`crib discard --crib-model uniform --play-model none`).
    pub discard: bool,
    /// With two players, the dealer's answer to the lead by rollouts: each card played out on
    /// every hand the pone could hold, both then playing the reading model's likeliest card
    /// (where the board decides, the board's card). Without it, the engine's answer.
    pub answer: bool,
}

impl Parts {
    /// Every part: crib's strongest player.
    pub(crate) const ALL: Parts = Parts {
        board: true,
        reading: true,
        discard: true,
        answer: true,
    };
}

/// crib's strongest throw: the expert's (without the discard among `parts`, the plain
/// heuristic's), unless with two players (and the board among `parts`), a side within 40 holes
/// of the end ([`ForGame::in_reach`]), the board's best throw wins more games by more than
/// two standard errors of the gap ([`board_throw`]).
pub(crate) fn strongest_throw(models: &Models, seen: &Seen, parts: Parts) -> Result<Vec<Card>> {
    Ok(strongest_throws(models, seen, parts)?.throw)
}

/// crib's strongest throw and what chose it, for grading by the same searches.
pub(crate) struct StrongestThrow {
    /// The throw strongest makes.
    pub throw: Vec<Card>,
    /// Every choice valued for points (in the order of the chances where they were weighed).
    pub advice: DiscardAdvice,
    /// Where the board chose: each choice's chance of winning, on the same draws.
    pub chances: Option<Vec<WinChance>>,
}

/// [`strongest_throw`], with the choices and, where the board chose, their chances.
pub(crate) fn strongest_throws(
    models: &Models,
    seen: &Seen,
    parts: Parts,
) -> Result<StrongestThrow> {
    let advice = if parts.discard {
        discard_advice(models, seen)?
    } else {
        // The plain heuristic: the hand, plus or minus a crib of cards drawn at random.
        discard_with(models, seen, CribModel::Uniform, PlayModel::None)?
    };
    Ok(
        if parts.board && seen.game.players == Players::TWO && seen.for_game().in_reach() {
            let weighed = weigh_advice(models, advice, &seen.dealt, &seen.for_game());
            StrongestThrow {
                throw: weighed.choice().throw.clone(),
                advice: weighed.advice,
                chances: Some(weighed.chances),
            }
        } else {
            StrongestThrow {
                throw: advice.choices[0].throw.clone(),
                advice,
                chances: None,
            }
        },
    )
}

/// The throw for the board from `advice` (the seat's choices valued for points, best first):
/// the points' best, unless the throw that wins the game (with four players, for the side) most
/// often beats it by more than two standard errors of the gap, any number of players
/// ([`weigh_advice`]). crib's strongest throws so with two players; with three and four the
/// board's throw did not win measurably more games and took too long (docs/lab/strength.md), so it
/// throws for points there.
pub fn board_throw(models: &Models, seen: &Seen, advice: DiscardAdvice) -> Vec<Card> {
    weigh_advice(models, advice, &seen.dealt, &seen.for_game())
        .choice()
        .throw
        .clone()
}

/// What crib's strongest card is at `seen`, and, grading a card `chosen` there, what the grade
/// needs of the same searches.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StrongestCard {
    /// The card strongest plays (none: a go).
    pub card: Option<Card>,
    /// Grading: the points' answer, and strongest's card and the card chosen valued for the game
    /// over the same deals (none when they are of one rank; within reach of the end every legal
    /// card, which the choice needs).
    pub graded: Option<(PlayAnswer, Vec<BoardCard>)>,
}

/// crib's strongest card, the one place it is chosen, to play and to grade alike: the expert's,
/// with two players the opponent's holdings weighed by what crib's players keep and (with the
/// reading among `parts`) by how they have played, with three and four the others' deals drawn
/// by what they keep (with four over more deals as the play goes on:
/// [`OpponentModel::strongest`]), chosen so:
/// 1. within the board's reach (with the board among `parts`, a side within 40 holes of the
///    end), the board's best card where it wins more games (with four players, for the side)
///    by more than two standard errors of the gap, any number of players ([`card_for_game`]);
/// 2. short of it, as dealer answering the lead with two players (with the answer among
///    `parts`), the rollouts' card;
/// 3. else the points' best.
///
/// Playing (`chosen` none), it searches no more than decides. Grading `chosen`, one search
/// serves the points, the choice and the chances, where asking for each alone searched the
/// deals up to three times.
pub(crate) fn strongest_card(
    models: &Models,
    seen: &Seen,
    parts: Parts,
    chosen: Option<Card>,
) -> Result<StrongestCard> {
    // Without the reading of the play (two players), the keeps alone; with three and four
    // players strongest does not read the play, and leaving the reading out changes nothing.
    let opponent = match OpponentModel::strongest(seen.game.players) {
        OpponentModel::Reading if !parts.reading => OpponentModel::Expert,
        model => model,
    };
    let at = seen.for_game();
    let in_reach = parts.board && at.in_reach();
    let (hand, known) = (seen.hand(), seen.known());
    let question = seen.question(&hand, &known, opponent);
    if let (Some(starter), true) = (seen.starter, in_reach) {
        let cards = card_for_game(models, &question, starter, &at)?;
        return Ok(StrongestCard {
            card: cards.choice(),
            graded: chosen.map(|_| (cards.points, cards.options)),
        });
    }
    let answer = match parts.answer && !in_reach {
        true => answer_by_rollouts(models, seen, opponent)?,
        false => None,
    };
    let first = |points: &PlayAnswer| points.advice.options.first().map(|o| o.card);
    match (chosen, seen.starter) {
        (Some(chosen), Some(starter)) => {
            let pair = |points: &PlayAnswer| -> Vec<Card> {
                match answer.or_else(|| first(points)) {
                    Some(best) if best.rank() != chosen.rank() => vec![best, chosen],
                    _ => Vec::new(),
                }
            };
            let (points, options, _) = points_and_weighed(models, &question, (starter, &at), pair)?;
            Ok(StrongestCard {
                card: answer.or_else(|| first(&points)),
                graded: Some((points, options)),
            })
        }
        _ if answer.is_some() && chosen.is_none() => Ok(StrongestCard {
            card: answer,
            graded: None,
        }),
        _ => {
            let points = answer_play(models, &question)?;
            Ok(StrongestCard {
                card: answer.or_else(|| first(&points)),
                graded: chosen.map(|_| (points, Vec::new())),
            })
        }
    }
}

/// crib's strongest player's answer to the lead as dealer with two players, short of the
/// board's reach (the callers' to judge): the card with the best net over rollouts, each card
/// played out on every hand the pone could hold (weighed by `opponent`, as strongest reads
/// them), both players then playing the reading model's likeliest card, neither seeing the
/// other's. `None` where that is not the decision (another seat or card, three or four
/// players).
fn answer_by_rollouts(
    models: &Models,
    seen: &Seen,
    opponent: OpponentModel,
) -> Result<Option<Card>> {
    let answering = seen.game.players.count() == 2
        && seen.seat == Seat::DEALER
        && seen.starter.is_some()
        && matches!(seen.tokens.as_slice(), [Token::Card(_)]);
    if !answering {
        return Ok(None);
    }
    let view = seen.view::<2>()?;
    let continuation = Continuation::Reading(crate::model::reading::committed());
    let values = rollout_values(&view, opponent.weighting(models), continuation);
    // The first of the best, in the order of the legal cards.
    let best = values
        .iter()
        .fold(None::<(Card, f64)>, |best, &(card, net)| match best {
            Some((_, top)) if top >= net => best,
            _ => Some((card, net)),
        });
    Ok(best.map(|(card, _)| card))
}

/// The cards `by_points` valued for the game from what the seat sees (`crib play --scores`),
/// best first, the others' hidden cards drawn by `opponent` as the points weighed them.
pub(crate) fn board_cards(
    models: &Models,
    seen: &Seen,
    (starter, opponent): (Card, OpponentModel),
    by_points: &[Card],
) -> Result<Vec<BoardCard>> {
    let (hand, known) = (seen.hand(), seen.known());
    let question = seen.question(&hand, &known, opponent);
    let (options, _) = weigh_cards(
        models,
        &question,
        opponent,
        starter,
        &seen.for_game(),
        by_points,
    )?;
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::level::Level;
    use crate::players::seen::play_advice;
    use crate::rules::board::Game;
    use crate::rules::card::parse_cards;
    use crate::state::deal::DealTable;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    /// The rank of a card played (a go panics).
    fn rank(token: Token) -> u8 {
        match token {
            Token::Card(card) => card.rank().number(),
            other => panic!("{other:?}"),
        }
    }

    /// What the dealer of two sees at 0-0 holding `dealt` (its throw `thrown`), the starter
    /// turned, the pone having led `lead`.
    fn dealer_answering(dealt: &str, thrown: &str, starter: &str, lead: &str) -> Seen {
        Seen {
            game: Game::TWO,
            seat: Seat::DEALER,
            dealt: cards(dealt),
            thrown: cards(thrown),
            starter: Some(cards(starter)[0]),
            tokens: vec![Token::Card(cards(lead)[0])],
            scores: vec![0, 0],
            need: None,
        }
    }

    /// At 80-80 the board would keep the pone's flush and throw two aces to the crib (`crib
    /// discard Ah 5h Qh Th Ad Ac --pone --scores 80-80`, by more than its noise), but no side
    /// is within 40 holes, so crib's strongest throws the points' best, Qh Th; at 81-0 it
    /// throws as the board says.
    #[test]
    fn the_board_only_in_reach() {
        let models = Models::committed();
        let at = |scores: Vec<u32>| Seen {
            game: Game::TWO,
            seat: Seat::PONE,
            dealt: cards("Ah 5h Qh Th Ad Ac"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores,
            need: None,
        };
        let expert = Level::Expert.throw(models, &at(vec![80, 80])).unwrap();
        assert_eq!(expert, cards("Qh Th"));
        let strongest = |scores| Level::Strongest.throw(models, &at(scores)).unwrap();
        assert_eq!(strongest(vec![80, 80]), expert);
        assert_eq!(strongest(vec![81, 0]), cards("Ad Ac"));
    }

    /// Four players, the dealer's partner with 5 6 7 8 K: for the hand and the crib alone the 5
    /// goes to the partner's crib; counting the play (5-6-7-8 pegs 0.7 a deal more than
    /// 6-7-8-K, net of the other side, in the smoothed table) the king does. crib's strongest
    /// counts the play with four players, as with two and three.
    #[test]
    fn strongest_counts_the_play_with_four() {
        let models = Models::committed();
        let seen = |players| Seen {
            game: Game::new(players, 121).unwrap(),
            seat: Seat::new(1),
            dealt: cards("5h 6c 7d 8s Kd"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores: vec![0; Game::new(players, 121).unwrap().sides()],
            need: None,
        };
        let four = seen(Players::FOUR);
        let without = discard_with(models, &four, CribModel::Expert, PlayModel::None).unwrap();
        assert_eq!(without.choices[0].throw, cards("5h"));
        let strongest = discard_advice(models, &four).unwrap();
        assert_eq!(strongest.choices[0].throw, cards("Kd"));
        assert!(strongest.choices.iter().all(|c| c.peg.is_some()));
        assert_eq!(Level::Strongest.throw(models, &four).unwrap(), cards("Kd"));
    }

    /// With three players crib's strongest reads what the others kept. Leading from 5h 6c 7d Ks
    /// (seat 1, the 9h thrown, starter 2c) at 0-0-0, over deals of the others' cards all alike
    /// the 7 is best; drawn as players keep their hands, the king. The expert leads the 7,
    /// strongest the king.
    #[test]
    fn strongest_reads_the_keeps_of_three() {
        let models = Models::committed();
        let seen = Seen {
            game: Game::new(Players::THREE, 121).unwrap(),
            seat: Seat::new(0),
            dealt: cards("5h 6c 7d Ks 9h"),
            thrown: cards("9h"),
            starter: Some(cards("2c")[0]),
            tokens: vec![],
            scores: vec![0, 0, 0],
            need: None,
        };
        assert_eq!(
            OpponentModel::strongest(Players::THREE),
            OpponentModel::Expert
        );
        let card = |level: Level| match level.play(models, &seen).unwrap() {
            Token::Card(card) => card.rank().number(),
            other => panic!("{other:?}"),
        };
        assert_eq!(card(Level::Expert), 7);
        assert_eq!(card(Level::Strongest), 13);
    }

    /// `--without reading` leaves out the reading of the other player's play, which only two
    /// players' strongest does: with four it changes nothing, and strongest reads what the
    /// others keep either way. Leading from 7h 5s Ac 6s (the 7d thrown, starter 3d) at 0-0,
    /// strongest leads the 6 with the reading and without it, as reading what the others keep
    /// (`--opponent expert`) does, where every deal alike (the expert's) leads the 7.
    #[test]
    fn leaving_the_reading_out_of_four_changes_nothing() {
        let models = Models::committed();
        let game = Game::new(Players::FOUR, 121).unwrap();
        let seen = Seen {
            game,
            seat: Seat::new(0),
            dealt: cards("7h 5s Ac 6s 7d"),
            thrown: cards("7d"),
            starter: Some(cards("3d")[0]),
            tokens: vec![],
            scores: vec![0; game.sides()],
            need: None,
        };
        let without = Parts {
            reading: false,
            ..Parts::ALL
        };
        let keeps = play_advice(models, &seen, OpponentModel::Expert).unwrap();
        assert_eq!(keeps.advice.options[0].card.rank().number(), 6);
        let alike = play_advice(models, &seen, OpponentModel::Uniform).unwrap();
        assert_eq!(alike.advice.options[0].card.rank().number(), 7);
        assert_eq!(rank(Level::Expert.play(models, &seen).unwrap()), 7);
        for parts in [Parts::ALL, without] {
            let played = Level::Strongest.play_with(models, &seen, parts).unwrap();
            assert_eq!(rank(played), 6, "{parts:?}");
        }
    }

    /// docs/playing.md's first deal: the dealer holds 10c 9d Js 7s (threw Ks Kh, starter 4s) and
    /// the pone leads Jc at 0-0. Read by what players keep and how they lead (a pair is led
    /// from), the pone likely holds another jack: pairing it invites a pair royal, and the 7s
    /// is best for points. Over deals that give the pone any cards alike the board would take
    /// the jack's pair by more than two standard errors, overriding the reading at 0-0, as crib
    /// did before the board read the hand as the points do; now it plays the 7s.
    #[test]
    fn the_board_reads_the_opponent_as_the_points_do() {
        let models = Models::committed();
        let seen = dealer_answering("Ks 10c 9d Js Kh 7s", "Ks Kh", "4s", "Jc");
        let (seven, jack) = (cards("7s")[0], cards("Js")[0]);
        let answer = play_advice(models, &seen, OpponentModel::Reading).unwrap();
        assert_eq!(answer.advice.options[0].card, seven);
        let by_points: Vec<Card> = answer.advice.options.iter().map(|o| o.card).collect();
        let starter = seen.starter.unwrap();
        let uniform =
            board_cards(models, &seen, (starter, OpponentModel::Uniform), &by_points).unwrap();
        let seven_there = uniform.iter().find(|o| o.card == seven).unwrap();
        assert_eq!(uniform[0].card, jack);
        assert!(uniform[0].p_win - seven_there.p_win > 2.0 * seven_there.gap_se);
        let read =
            board_cards(models, &seen, (starter, OpponentModel::Reading), &by_points).unwrap();
        assert_eq!(read[0].card, seven);
        assert_eq!(
            Level::Strongest.play(models, &seen).unwrap(),
            Token::Card(seven)
        );
    }

    /// As dealer at 0-0 with Kd 5h Qs 5c (threw 4s Ad, starter 2d), the pone leading 3c: the
    /// engine's search, which looks ahead as if both players saw every card, answers with the
    /// king; the rollouts, both players playing on as the reading model plays, with a five,
    /// and crib's strongest plays and grades the five. Without the part, the king.
    #[test]
    fn the_dealer_answers_the_lead_by_rollouts() {
        let models = Models::committed();
        let seen = dealer_answering("4s Kd Ad 5h Qs 5c", "4s Ad", "2d", "3c");
        let engine = play_advice(models, &seen, OpponentModel::Reading).unwrap();
        assert_eq!(engine.advice.options[0].card.rank().number(), 13);
        assert_eq!(rank(Level::Strongest.play(models, &seen).unwrap()), 5);
        let without = Parts {
            answer: false,
            ..Parts::ALL
        };
        let played = Level::Strongest.play_with(models, &seen, without).unwrap();
        assert_eq!(rank(played), 13);
        let queen = cards("Qs")[0];
        let graded = strongest_card(models, &seen, Parts::ALL, Some(queen)).unwrap();
        let (choice, (_, valued)) = (graded.card, graded.graded.unwrap());
        assert_eq!(choice.map(|c| c.rank().number()), Some(5));
        // The five and the queen valued for the game, over the same deals.
        let ranks: Vec<u8> = valued.iter().map(|o| o.card.rank().number()).collect();
        assert!(ranks.contains(&5) && ranks.contains(&12), "{ranks:?}");
    }

    /// The one search a graded card takes agrees with the three it replaces, with two, three and
    /// four players, in reach of the end and not: the card strongest plays, and the chances of
    /// its card and the card played as `crib play --scores` weighs those two alone.
    #[test]
    fn a_graded_card_is_valued_as_apart() {
        let models = Models::committed();
        for players in Players::ALL {
            for (number, score) in [(1, 100), (2, 20)] {
                let game = Game::new(players, 121).unwrap();
                let mut table = DealTable::shuffle(game, 5, number, vec![score; game.sides()]);
                crate::players::turns::throw_all(models, &mut table, Level::Expert);
                // The first decision with a choice of two ranks or more.
                while let Some(seat) = table.play_at().turn {
                    let legal = table.legal();
                    let seen = Seen::of(&table, seat);
                    if table.has_choice() {
                        let chosen = *legal.last().unwrap();
                        let graded =
                            strongest_card(models, &seen, Parts::ALL, Some(chosen)).unwrap();
                        let (choice, (points, valued)) = (graded.card, graded.graded.unwrap());
                        let alone = play_advice(models, &seen, OpponentModel::strongest(players));
                        assert_eq!(points, alone.unwrap());
                        let strongest = strongest_card(models, &seen, Parts::ALL, None)
                            .unwrap()
                            .card;
                        assert_eq!(choice, strongest);
                        let best = points.advice.options[0].card;
                        let apart = board_cards(
                            models,
                            &seen,
                            (table.starter, OpponentModel::strongest(players)),
                            &[best, chosen],
                        )
                        .unwrap();
                        for option in apart {
                            let same = valued.iter().find(|o| o.card.rank() == option.card.rank());
                            match same {
                                Some(o) => assert_eq!(o.p_win, option.p_win),
                                None => assert_eq!(best.rank(), chosen.rank()),
                            }
                        }
                        assert_eq!(
                            valued.is_empty(),
                            best.rank() == chosen.rank() && score < 81
                        );
                        break;
                    }
                    let token = Level::Expert.play(models, &seen).unwrap();
                    table.play(token).unwrap();
                }
            }
        }
    }
}
