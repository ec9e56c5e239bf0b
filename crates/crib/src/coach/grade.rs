//! A deal's decisions graded: each discard, each card played where there was a choice, and
//! each count claimed, against what crib advises at that moment, with what the difference
//! cost in expected net points (never negative: crib's best costs nothing).
//!
//! The discard is valued as `crib discard` values it (the crib model and the play counted for
//! the game's number of players); each card as `crib play` values it with what that seat had
//! seen (its hand, its throw, the starter, the play so far), with two players the opponent's
//! hidden cards weighed by what players keep and how they have played (`--opponent reading`);
//! a count by the points it missed. Graded for the board, crib's best is what crib's strongest player
//! ([`crate::players::level::Level::Strongest`]) chooses: the points' best unless, once a side
//! is within 40 holes of the end, the board's wins clearly more games.

use crate::advice::for_game::discard::weigh;
use crate::advice::for_game::play::BoardCard;
use crate::model::Models;
use crate::players::seen::Seen;
use crate::players::strongest::Parts;
use crate::players::strongest::{strongest_card, strongest_throws};
use crate::players::turns::{discard_advice, play_advice};
use crate::rules::card::Card;
use crate::rules::error::Result;
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::sequence::Token;
use crate::state::deal::DealTable;
use crate::state::session::Muggins;

/// What was decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// Cards thrown to the crib.
    Throw(Vec<Card>),
    /// A card played.
    Card(Card),
    /// A count claimed.
    Count(u32),
}

/// Where a choice's expected net points come from, as `crib discard` and `crib play` show them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Worth {
    /// A throw: the hand's expected points, the crib's (counted for you when it is yours,
    /// against you when it is not), and with the play counted what you peg less the others.
    Throw {
        /// The hand kept, over the starters.
        hand: f64,
        /// The crib, signed: plus for your crib, minus for another's.
        crib: f64,
        /// The play: your pegging less the others', when it is counted.
        play: Option<f64>,
    },
    /// A card: what it scores at once, and the points each side can expect to the end of the
    /// deal.
    Card {
        /// Points scored by the card itself.
        now: u32,
        /// Your points to the end of the deal, the card's included.
        mine: f64,
        /// The others' points to the end of the deal.
        theirs: f64,
    },
}

impl Worth {
    /// The expected net points: the parts added up.
    pub fn net(&self) -> f64 {
        match *self {
            Worth::Throw { hand, crib, play } => hand + crib + play.unwrap_or(0.0),
            Worth::Card { mine, theirs, .. } => mine - theirs,
        }
    }
}

/// One decision graded.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// What was chosen.
    pub chosen: Choice,
    /// What crib advises (for a count: the points the hand or crib holds).
    pub best: Choice,
    /// What the difference cost in expected net points (a count: points missed), never
    /// negative.
    pub cost: f64,
    /// For a card: the count it was played on.
    pub count: Option<u8>,
    /// Graded for the board (a throw with two players, any card): the chance of winning the game
    /// (with four players, the side's) with crib's best choice less with this one, on the same
    /// draws (0 for crib's own; negative when this one was the better for the game).
    pub cost_p_win: Option<f64>,
    /// For a throw or a card: where the expected points of the choice made and of crib's best
    /// come from, in that order.
    pub worth: Option<[Worth; 2]>,
}

impl Decision {
    /// Whether the choice was crib's (or cost nothing).
    pub fn matched(&self) -> bool {
        self.cost < 1e-9
    }
}

/// Grade every decision seat `seat` made in a deal played out at `table` (thrown, and the play
/// whole or cut short by the game's end), with the counts it claimed.
///
/// With `board`, each card is also valued by the chance of winning the game (with four players,
/// the side's) from the scores at that moment, as `crib play --scores` values it
/// ([`play_for_board_at`](crate::players::turns::play_for_board_at)), and with two players
/// each throw too, as `crib discard --scores` values it (`throw_for_game`), from the committed
/// odds.
pub fn grade(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    claims: &[Muggins],
    board: bool,
) -> Result<Vec<Decision>> {
    // Three and four players' throws are crib's strongest's for points: graded in points.
    let two = table.game.players == Players::TWO;
    let mut decisions = vec![grade_throw(models, table, seat, board && two)?];
    for (at, card) in card_moments(table, seat) {
        decisions.push(grade_card(models, &at, seat, card, board)?);
    }
    let counted = table.counted()?;
    for claim in claims.iter().filter(|c| c.seat == seat) {
        let holds = counted
            .events
            .iter()
            .chain(&counted.uncounted)
            .find(|e| {
                e.player == seat
                    && match e.phase {
                        crate::rules::board::Phase::Crib => claim.crib,
                        crate::rules::board::Phase::Hand(_) => !claim.crib,
                        _ => false,
                    }
            })
            .map_or(0, |e| e.points);
        decisions.push(Decision {
            chosen: Choice::Count(claim.claimed),
            best: Choice::Count(holds),
            cost: f64::from(holds.saturating_sub(claim.claimed)),
            count: None,
            cost_p_win: None,
            worth: None,
        });
    }
    Ok(decisions)
}

/// The cards `seat` chose in a deal played out at `table`, in order: the deal as it stood at
/// each of its turns with cards of two ranks or more that fit (where the choice mattered), and
/// the card it played. Cards played after the game was won were played out for the record, not
/// chosen.
pub fn card_moments(table: &DealTable, seat: Seat) -> Vec<(DealTable, Card)> {
    let mut moments = Vec::new();
    let mut at = table.clone();
    at.tokens.clear();
    for &token in &table.tokens {
        if at.game_over() {
            break;
        }
        if at.play_at().turn == Some(seat)
            && let Token::Card(card) = token
            && at.has_choice()
        {
            moments.push((at.clone(), card));
        }
        at.tokens.push(token);
    }
    moments
}

/// The chance of winning with `best` less with `chosen`, over the same deals of the hidden
/// cards (`options`, the cards valued for the game, the two among them); 0 when they are of
/// one rank.
fn board_gap(options: &[BoardCard], best: Card, chosen: Card) -> f64 {
    if best.rank() == chosen.rank() {
        return 0.0;
    }
    let p = |card: Card| {
        options
            .iter()
            .find(|o| o.card.rank() == card.rank())
            .map_or(0.0, |o| o.p_win)
    };
    p(best) - p(chosen)
}

/// The throw `seat` made at `table` (its other seats thrown or not) graded as [`grade`] grades
/// it: against crib's best, in points and, with `board` (two players), in the chance of winning.
pub fn grade_throw(
    models: &Models,
    table: &DealTable,
    seat: Seat,
    board: bool,
) -> Result<Decision> {
    let thrown = table.throws[seat.index()].clone().unwrap_or_default();
    // Graded for the board, crib's best is what its strongest player throws (the points' best
    // unless the board's wins clearly more games), and where the board chose, the chances it
    // weighed serve the grade; else the points' best.
    let (advice, chances) = match board {
        true => {
            let strongest = strongest_throws(models, &Seen::before_throw(table, seat), Parts::ALL)?;
            (
                strongest.advice,
                strongest.chances.map(|c| (c, strongest.throw)),
            )
        }
        false => (discard_advice(models, table, seat)?, None),
    };
    let same = |throw: &[Card], other: &[Card]| {
        throw.len() == other.len() && throw.iter().all(|c| other.contains(c))
    };
    let position = |throw: &[Card]| {
        advice
            .choices
            .iter()
            .position(|c| same(&c.throw, throw))
            .unwrap_or(0)
    };
    let best_at = chances.as_ref().map_or(0, |(_, throw)| position(throw));
    let best = &advice.choices[best_at];
    let at = position(&thrown);
    let chosen = &advice.choices[at];
    // Crib's best less the choice made, on the same draws; 0 when they are the same.
    let cost_p_win = board.then(|| {
        if at == best_at {
            return 0.0;
        }
        if let Some((chances, _)) = &chances {
            return chances[best_at].p_win - chances[at].p_win;
        }
        let pair = [best.clone(), chosen.clone()];
        let dealt = &table.dealt[seat.index()];
        let game = Seen::before_throw(table, seat).for_game();
        let chances = weigh(models, dealt, &pair, &game);
        chances[0].p_win - chances[1].p_win
    });
    let weight = advice.role.crib_weight(advice.players, advice.crib_share);
    let worth = |c: &crate::advice::discard::Split| Worth::Throw {
        hand: c.hand_mean,
        crib: weight * c.crib_mean,
        play: c.peg.map(|p| p.net()),
    };
    Ok(Decision {
        chosen: Choice::Throw(thrown),
        best: Choice::Throw(best.throw.clone()),
        cost: (best.net - chosen.net).max(0.0),
        count: None,
        cost_p_win,
        worth: Some([worth(chosen), worth(best)]),
    })
}

/// The card `seat` plays at `at` (its turn, with a choice) graded as [`grade`] grades it:
/// against crib's best, in points and, with `board`, in the chance of winning.
pub fn grade_card(
    models: &Models,
    at: &DealTable,
    seat: Seat,
    card: Card,
    board: bool,
) -> Result<Decision> {
    // Graded for the board, crib's best is what its strongest player plays (the points' best
    // unless the board's wins clearly more games), and its card and the card played are valued
    // for the game over the deals of the points, searched once; else the points' best.
    let (answer, strongest, valued) = match board {
        true => {
            let strongest = strongest_card(models, &Seen::of(at, seat), Parts::ALL, Some(card))?;
            // Grading always searches the points: without them, the card's advice alone.
            let (points, valued) = match strongest.graded {
                Some(graded) => graded,
                None => (play_advice(models, at, seat)?, Vec::new()),
            };
            (points, strongest.card, Some(valued))
        }
        false => (play_advice(models, at, seat)?, None, None),
    };
    let options = &answer.advice.options;
    let best = strongest
        .and_then(|s| options.iter().find(|o| o.card.rank() == s.rank()))
        .unwrap_or(&options[0]);
    let chosen = options
        .iter()
        .find(|o| o.card.rank() == card.rank())
        .unwrap_or(best);
    // The advice names one card of each rank, from the hand; the one played of that rank is the
    // same play.
    let best_card = if best.card.rank() == card.rank() {
        card
    } else {
        best.card
    };
    let cost_p_win = valued.map(|options| board_gap(&options, best.card, chosen.card));
    let worth = |o: &crate::search::engine::CardValue| Worth::Card {
        now: o.now.iter().map(|s| u32::from(s.points())).sum(),
        mine: o.mine,
        theirs: o.theirs,
    };
    Ok(Decision {
        chosen: Choice::Card(card),
        best: Choice::Card(best_card),
        cost: (best.net() - chosen.net()).max(0.0),
        count: Some(at.play_at().count),
        cost_p_win,
        worth: Some([worth(chosen), worth(best)]),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::level::Level;
    use crate::players::turns::{play_out, throw_all};
    use crate::rules::board::Game;

    /// A deal played by crib's strongest at every seat grades at zero cost for the board, late
    /// in a game where the board and points part; a worse throw costs.
    #[test]
    fn best_play_costs_nothing() {
        let models = Models::committed();
        let mut table = DealTable::shuffle(Game::TWO, 9, 2, vec![108, 113]);
        throw_all(models, &mut table, Level::Strongest);
        play_out(models, &mut table, Level::Strongest);
        for s in 0..2 {
            let board = grade(models, &table, Seat::new(s), &[], true).unwrap();
            assert!(board.iter().all(|d| d.cost == 0.0), "{board:?}");
            assert!(board.iter().all(|d| d.cost_p_win == Some(0.0)), "{board:?}");
        }
        // Played for points (the points' best card at every turn), it grades at zero cost in
        // points alone.
        let mut table = DealTable::shuffle(Game::TWO, 9, 2, vec![0, 0]);
        throw_all(models, &mut table, Level::Expert);
        while let Some(seat) = table.play_at().turn {
            let token = match play_advice(models, &table, seat)
                .unwrap()
                .advice
                .options
                .first()
            {
                Some(best) => Token::Card(best.card),
                None => Token::Go,
            };
            table.play(token).unwrap();
        }
        for s in 0..2 {
            let decisions = grade(models, &table, Seat::new(s), &[], false).unwrap();
            assert!(decisions.iter().all(|d| d.cost == 0.0), "{decisions:?}");
        }
        let advice = discard_advice(models, &table, Seat::PONE).unwrap();
        let worst = advice.choices.last().unwrap();
        let mut worse = table.clone();
        worse.throws[0] = Some(worst.throw.clone());
        worse.tokens.clear();
        let d = grade_throw(models, &worse, Seat::PONE, false).unwrap();
        assert!((d.cost - (advice.choices[0].net - worst.net)).abs() < 1e-9);
        assert!(d.cost > 0.0);
        // The parts add up to each choice's net, and their gap is the cost.
        let [chosen, best] = d.worth.unwrap();
        assert!((chosen.net() - worst.net).abs() < 1e-9, "{chosen:?}");
        assert!((best.net() - chosen.net() - d.cost).abs() < 1e-9);
    }

    /// Three players late in a game: crib's strongest at every seat grades at zero cost for the
    /// board in every card; its throw, for points, is graded in points alone.
    #[test]
    fn three_players_cards_are_graded_for_the_board() {
        let models = Models::committed();
        let game = Game::new(Players::THREE, 121).unwrap();
        let mut table = DealTable::shuffle(game, 4, 3, vec![112, 106, 115]);
        throw_all(models, &mut table, Level::Strongest);
        play_out(models, &mut table, Level::Strongest);
        let graded = grade(models, &table, Seat::new(0), &[], true).unwrap();
        assert!(graded.len() > 1, "{graded:?}");
        assert_eq!(graded[0].cost_p_win, None);
        assert_eq!(graded[0].cost, 0.0);
        assert!(
            graded[1..].iter().all(|d| d.cost_p_win == Some(0.0)),
            "{graded:?}"
        );
    }

    /// The pone's 2d 5h 4c Ac Jc Kd at 101 to the dealer's 75 (docs/discard.md): for the game
    /// the throw 2d Kd (keeping A-4-5-J) is crib's best; in a match that the pone needs two
    /// games to win and the dealer one, a plain win only levels it, and crib's best keeps
    /// 4-5-J-K for the skunk. The throw is graded against whichever the log's deal is in.
    #[test]
    fn a_throw_in_a_match_is_graded_for_the_match() {
        let models = Models::committed();
        let dealt = |text: &str| {
            crate::rules::card::parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
        };
        let table = DealTable::new(
            Game::TWO,
            vec![dealt("2d 5h 4c Ac Jc Kd"), dealt("3s 6s 8h 9c Qh Qd")],
            None,
            dealt("7s")[0],
            vec![101, 75],
        )
        .unwrap();
        let mut game = table.clone();
        game.throw(Seat::PONE, &dealt("2d Kd")).unwrap();
        let alone = grade_throw(models, &game, Seat::PONE, true).unwrap();
        assert_eq!(alone.cost_p_win, Some(0.0), "{alone:?}");
        let mut in_match = game.clone().in_match(vec![2, 1]);
        let graded = grade_throw(models, &in_match, Seat::PONE, true).unwrap();
        assert_eq!(graded.best, Choice::Throw(dealt("2d Ac")), "{graded:?}");
        assert!(graded.cost_p_win.unwrap() > 0.0, "{graded:?}");
        // Keeping 4-5-J-K in the match costs nothing.
        in_match.throws[0] = Some(dealt("Ac 2d"));
        let best = grade_throw(models, &in_match, Seat::PONE, true).unwrap();
        assert_eq!(best.cost_p_win, Some(0.0), "{best:?}");
    }
}
