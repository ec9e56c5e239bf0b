//! Rollouts of the pone's later cards with two players, by crib's own players: each card the
//! pone could play is played out against hands the dealer could hold, drawn as crib's strongest
//! reads them, both then playing on as given (`xtask`'s experiment: `strongest` in the pone's
//! seat, crib's expert in the dealer's).
//!
//! What this assumes, against the engine ([`crib::tables::search::engine`]): the engine values a card as
//! if, after it, both players could see each other's cards. Here nobody sees: after the card
//! valued, each player picks its cards from what it can see, as crib's players pick them. By the
//! true chances against the expert these rollouts gained +0.026 ± 0.010 and +0.035 ± 0.012 a
//! pone's deal on two streams of deals (`cargo xtask experiment rollout DEALS SEED 96 strongest
//! truth played pone-later`), but `strongest` playing by them won 49.6% ± 0.3% of 4,000 games
//! against itself without them, so it does not (docs/lab/strength.md, "The pone's later cards by
//! rollouts, tried and not kept").

use rayon::prelude::*;

use crib::Result;
use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::players::seen::Seen;
use crib::tables::rules::card::Card;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::{EventKind, Token, peg};
use crib::tables::rules::shuffle::Rng;
use crib::tables::rules::view::View;
use crib::tables::search::engine::{HandWeights, weighed_holdings};
use crib::tables::state::deal::DealTable;
use crib::tables::{reading_view, seen_key, seen_view};

/// Each card the pone at `table` could play at its later cards with two players (one of each
/// rank, in the order of the legal cards), valued by rollouts against [`HANDS`] hands the dealer
/// could hold, drawn as crib's strongest reads them, `strongest` then playing on in the pone's
/// seat and the expert in the dealer's (tried as strongest's later cards, not kept). `None`
/// where `seat` is not the pone at a later card with a choice (`truth played`).
pub fn played_out_values(
    models: &Models,
    table: &DealTable,
    seat: Seat,
) -> Result<Option<Vec<(Card, f64)>>> {
    let seen = Seen::of(table, seat);
    if !is_later_card(&seen)? {
        return Ok(None);
    }
    let (_, weighting) = reading_view(models, table, seat)?;
    let play_on = |at: &Seen| match at.seat == seat {
        true => Level::Strongest.play(models, at),
        false => Level::Expert.play(models, at),
    };
    values_of(&seen, weighting, &play_on)
}

/// How many of the dealer's hands each card is played out against: the same hands for every
/// card.
const HANDS: usize = 96;

/// Whether `seen` is a later card of the pone's with two players, the starter turned, and a
/// choice of ranks: what [`played_out_values`] values.
fn is_later_card(seen: &Seen) -> Result<bool> {
    if seen.game.players.count() != 2 || seen.seat != Seat::PONE || seen.starter.is_none() {
        return Ok(false);
    }
    // Whether it has played a card, whole or named by its rank alone.
    let me = seen.seat.index();
    let played = peg(&seen.tokens, seen.game.players)?
        .events
        .iter()
        .any(|e| e.player == me && matches!(e.kind, EventKind::Card(_)));
    Ok(played && seen_view(seen)?.legal_cards().len() >= 2)
}

/// How the players play on after the card valued: each seat's token from what it sees.
type PlayOn<'a> = dyn Fn(&Seen) -> Result<Token> + Sync + 'a;

/// Each card the pone of `seen` could play (one of each rank, in the order of the legal
/// cards), with its net (the pone's points less the dealer's to the end of the play) over
/// [`HANDS`] hands of the dealer's drawn by `opponent`'s weights (drawn by the position, so the
/// same position has the same values), both then playing on as `play_on` plays; `None` where
/// the position cannot be dealt out (one checked as legal always can).
fn values_of(
    seen: &Seen,
    opponent: HandWeights,
    play_on: &PlayOn,
) -> Result<Option<Vec<(Card, f64)>>> {
    let view = seen_view(seen)?;
    let legal = view.legal_cards();
    let Some(worlds) = worlds(seen, &view, opponent, HANDS)? else {
        return Ok(None);
    };
    let nets: Vec<Vec<f64>> = worlds
        .par_iter()
        .map(|world| {
            legal
                .iter()
                .map(|&card| play_out(world, seen.seat, card, play_on))
                .collect()
        })
        .collect::<Result<_>>()?;
    // Summed in the worlds' order, so that the values do not depend on the threads.
    let mut sums = vec![0.0; legal.len()];
    for world in &nets {
        for (sum, net) in sums.iter_mut().zip(world) {
            *sum += net;
        }
    }
    let n = worlds.len().max(1) as f64;
    Ok(Some(
        legal.into_iter().zip(sums.iter().map(|s| s / n)).collect(),
    ))
}

/// `seat` plays `card` at `world`, then both play on as `play_on` plays: `seat`'s points less
/// the other's from here.
fn play_out(world: &DealTable, seat: Seat, card: Card, play_on: &PlayOn) -> Result<f64> {
    let net = |table: &DealTable| -> Result<f64> {
        let totals = peg(&table.tokens, table.game.players)?.totals;
        Ok(f64::from(totals[seat.index()]) - f64::from(totals[seat.other().index()]))
    };
    let mut table = world.clone();
    let before = net(&table)?;
    let mut token = Token::Card(card);
    loop {
        // A card refused would be a player's fault: the play ends there, as far as it got.
        if table.play(token).is_err() {
            break;
        }
        let Some(turn) = table.play_at().turn else {
            break;
        };
        token = play_on(&Seen::of(&table, turn))?;
    }
    Ok(net(&table)? - before)
}

/// `hands` deals as the seat of `seen` (its `view`) could believe them to be: the other player's cards still
/// in hand drawn by `opponent`'s weights (their suits, and those of their cards played by rank
/// alone, from the cards the seat has not seen), their throw two more of those cards, and the
/// play so far replayed on it, the scores before the deal those that leave the scores now as
/// `seen` has them. `None` where the play so far cannot be dealt so (a position checked as
/// legal always can).
fn worlds(
    seen: &Seen,
    view: &View<2>,
    opponent: HandWeights,
    hands: usize,
) -> Result<Option<Vec<DealTable>>> {
    let (holdings, weights) = weighed_holdings(view, opponent);
    let (Some(starter), Some(play)) = (seen.starter, whole_play(seen)?) else {
        return Ok(None);
    };
    let theirs_whole: Vec<Card> = play
        .iter()
        .filter_map(|p| match p {
            Played::Theirs(c) if c.suit().is_some() => Some(*c),
            _ => None,
        })
        .collect();
    let unseen: Vec<Card> = Card::deck()
        .filter(|c| !seen.dealt.contains(c) && *c != starter && !theirs_whole.contains(c))
        .collect();
    let mut rng = Rng::new(seen_key(seen));
    let mut out = Vec::with_capacity(hands);
    for _ in 0..hands {
        let Some(holding) = holdings.get(rng.pick(&weights)) else {
            return Ok(None);
        };
        let mut pool = unseen.clone();
        rng.shuffle_front(&mut pool, usize::MAX);
        // Their cards played by rank alone, then the ranks they hold, each the first card of
        // its rank in the shuffled pool; their throw the next two.
        let mut take = |rank: u8| -> Option<Card> {
            let at = pool.iter().position(|c| c.rank().number() == rank)?;
            Some(pool.remove(at))
        };
        let mut tokens = Vec::with_capacity(play.len());
        let mut theirs = Vec::with_capacity(6);
        for p in &play {
            tokens.push(match *p {
                Played::Go => Token::Go,
                Played::Mine(c) => Token::Card(c),
                Played::Theirs(c) => {
                    let card = match c.suit() {
                        Some(_) => c,
                        None => match take(c.rank().number()) {
                            Some(card) => card,
                            None => return Ok(None),
                        },
                    };
                    theirs.push(card);
                    Token::Card(card)
                }
            });
        }
        for rank in 1..=13u8 {
            for _ in 0..holding.ranks[usize::from(rank)] {
                match take(rank) {
                    Some(card) => theirs.push(card),
                    None => return Ok(None),
                }
            }
        }
        if pool.len() < 2 || theirs.len() != 4 {
            return Ok(None);
        }
        let thrown: Vec<Card> = pool[..2].to_vec();
        theirs.extend(&thrown);
        let mut dealt = vec![Vec::new(); 2];
        dealt[seen.seat.index()] = seen.dealt.clone();
        dealt[seen.seat.other().index()] = theirs;
        match world(seen, dealt, [&seen.thrown, &thrown], (starter, &tokens)) {
            Some(table) => out.push(table),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// A token of the play so far, by who played it: the seat's own cards whole.
#[derive(Debug, Clone, Copy)]
enum Played {
    Go,
    Mine(Card),
    Theirs(Card),
}

/// The play so far of `seen`, each card by who played it, the seat's own whole (from its hand,
/// where the play names them by rank alone); `None` where the seat does not hold a card the play
/// gives it.
fn whole_play(seen: &Seen) -> Result<Option<Vec<Played>>> {
    let pegging = peg(&seen.tokens, seen.game.players)?;
    let mut players = pegging.events.iter().filter_map(|e| match e.kind {
        EventKind::Card(_) => Some(e.player),
        _ => None,
    });
    let mut hand = seen.hand();
    let mut out = Vec::with_capacity(seen.tokens.len());
    for &token in &seen.tokens {
        out.push(match token {
            Token::Go => Played::Go,
            Token::Card(c) if players.next() == Some(seen.seat.index()) => {
                let at = hand.iter().position(|h| match c.suit() {
                    Some(_) => *h == c,
                    None => h.rank() == c.rank(),
                });
                match at {
                    Some(at) => Played::Mine(hand.remove(at)),
                    None => return Ok(None),
                }
            }
            Token::Card(c) => Played::Theirs(c),
        });
    }
    Ok(Some(out))
}

/// The deal of `dealt` with `thrown` (the seat's of `seen`, then the other's), the `starter`
/// turned and the play `tokens` replayed, scored from the start that leaves the scores now as
/// `seen` has them, in `seen`'s match if it is in one; `None` where the table refuses it.
fn world(
    seen: &Seen,
    dealt: Vec<Vec<Card>>,
    [mine, theirs]: [&[Card]; 2],
    (starter, tokens): (Card, &[Token]),
) -> Option<DealTable> {
    let mut table = DealTable::new(seen.game, dealt, None, starter, vec![0; 2]).ok()?;
    table.throw(seen.seat, mine).ok()?;
    table.throw(seen.seat.other(), theirs).ok()?;
    for &token in tokens {
        table.play(token).ok()?;
    }
    // Played from nought, the scores now are what the deal has scored so far (the scores are
    // worked out from the start each time they are asked for).
    table.start = seen
        .scores
        .iter()
        .zip(table.scores_now())
        .map(|(now, gained)| now.saturating_sub(gained))
        .collect();
    Some(match &seen.need {
        Some(need) => DealTable {
            need: Some(need.clone()),
            ..table
        },
        None => table,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib::tables::advice::play::OpponentModel;
    use crib::tables::model::Models;
    use crib::tables::players::level::Level;
    use crib::tables::rules::board::Game;
    use crib::tables::rules::card::parse_cards;
    use crib::tables::rules::seat::Players;
    use crib::tables::weighting;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    /// The pone of two at 5 to the dealer's 7, dealt 2c 6d 3d 10s As Qd, having thrown 6d 10s,
    /// the starter 9s, its lead of 2c answered by the dealer's `king`.
    fn pone_after(king: &str) -> Seen {
        Seen {
            game: Game::TWO,
            seat: Seat::PONE,
            dealt: cards("2c 6d 3d 10s As Qd"),
            thrown: cards("6d 10s"),
            starter: Some(cards("9s")[0]),
            tokens: vec![Token::Card(cards("2c")[0]), Token::Card(cards(king)[0])],
            scores: vec![5, 7],
            need: None,
        }
    }

    /// A later card of the pone's with a choice of ranks, and nothing else: not the lead, not
    /// the dealer's cards, not before the starter, not with three players, not with one rank
    /// left to play.
    #[test]
    fn later_cards_of_the_pone() {
        let later = pone_after("Kh");
        assert!(is_later_card(&later).unwrap());
        // The play named by ranks alone, as an engine's referee may name it.
        let by_ranks = Seen {
            tokens: vec![Token::Card(cards("2")[0]), Token::Card(cards("K")[0])],
            ..later.clone()
        };
        assert!(is_later_card(&by_ranks).unwrap());
        let lead = Seen {
            tokens: Vec::new(),
            ..later.clone()
        };
        assert!(!is_later_card(&lead).unwrap());
        let dealer = Seen {
            seat: Seat::DEALER,
            dealt: cards("Kh 4c 5c 7h 8h Jh"),
            thrown: cards("7h 8h"),
            tokens: vec![Token::Card(cards("2c")[0])],
            ..later.clone()
        };
        assert!(!is_later_card(&dealer).unwrap());
        let three = Seen {
            game: Game::new(Players::THREE, 121).unwrap(),
            dealt: cards("2c 6d 3d As Qd"),
            thrown: cards("6d"),
            scores: vec![0, 0, 0],
            ..later.clone()
        };
        assert!(!is_later_card(&three).unwrap());
        // Count 28 after 2c Kh 3d 10h... one rank that fits: As alone.
        let one = Seen {
            tokens: ["2c", "Kh", "3d", "10h"]
                .iter()
                .map(|c| Token::Card(cards(c)[0]))
                .collect(),
            ..later
        };
        assert_eq!(one.legal().unwrap(), cards("As"));
        assert!(!is_later_card(&one).unwrap());
    }

    /// Each world is the position as the pone sees it (its cards, its throw, the starter, the
    /// play and the scores now), the dealer's six cards whole and unseen by the pone, the king
    /// among them, the same worlds for the same position.
    #[test]
    fn the_worlds_are_the_position_as_the_pone_sees_it() {
        let models = Models::committed();
        let seen = pone_after("Kh");
        let weighting = weighting(models, OpponentModel::Reading);
        let drawn = worlds(&seen, &seen_view(&seen).unwrap(), weighting, 24)
            .unwrap()
            .unwrap();
        assert_eq!(drawn.len(), 24);
        let mut dealers = Vec::new();
        for world in &drawn {
            assert_eq!(Seen::of(world, Seat::PONE), seen);
            let theirs = &world.dealt[Seat::DEALER.index()];
            assert_eq!(theirs.len(), 6);
            assert!(theirs.contains(&cards("Kh")[0]));
            assert!(theirs.iter().all(|c| c.suit().is_some()
                && !seen.dealt.contains(c)
                && Some(*c) != seen.starter));
            dealers.push(theirs.clone());
        }
        // Drawn, not one hand over and over.
        dealers.sort_by_key(|h| format!("{h:?}"));
        dealers.dedup();
        assert!(dealers.len() > 1);
        let again = worlds(&seen, &seen_view(&seen).unwrap(), weighting, 24)
            .unwrap()
            .unwrap();
        assert!(again.iter().zip(&drawn).all(|(a, b)| a.dealt == b.dealt));
    }

    /// The dealer's king given by its rank alone is dealt whole in every world, a king the pone
    /// has not seen, and the play is replayed with it.
    #[test]
    fn a_card_played_by_rank_alone_is_dealt_whole() {
        let models = Models::committed();
        let seen = pone_after("K");
        let weighting = weighting(models, OpponentModel::Reading);
        for world in worlds(&seen, &seen_view(&seen).unwrap(), weighting, 12)
            .unwrap()
            .unwrap()
        {
            let Token::Card(king) = world.tokens[1] else {
                panic!("{:?}", world.tokens);
            };
            assert!(king.suit().is_some() && king.rank().number() == 13);
            assert!(world.dealt[Seat::DEALER.index()].contains(&king));
            assert_eq!(world.scores_now(), seen.scores);
        }
    }

    /// As pone at 0-0 with 3d As Qd (dealt 2c 6d 3d 10s As Qd, threw 6d 10s, starter 9s), its
    /// lead of 2c answered by Kh, a count of 12: the engine's search, which looks ahead as if
    /// both players saw every card, plays the queen; the rollouts, `strongest` playing on in
    /// the pone's seat and the expert in the dealer's, value the three (fifteen-two) first.
    #[test]
    fn the_rollouts_take_the_fifteen_the_engine_passes() {
        let models = Models::committed();
        let seen = Seen {
            scores: vec![0, 0],
            ..pone_after("Kh")
        };
        let engine =
            crib::tables::players::seen::play_advice(models, &seen, OpponentModel::Reading)
                .unwrap();
        assert_eq!(engine.advice.options[0].card, cards("Qd")[0]);
        let play_on = |at: &Seen| match at.seat == seen.seat {
            true => Level::Strongest.play(models, at),
            false => Level::Expert.play(models, at),
        };
        let weighting = weighting(models, OpponentModel::Reading);
        let values = values_of(&seen, weighting, &play_on).unwrap().unwrap();
        let best = values
            .iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|&(card, _)| card);
        assert_eq!(best, Some(cards("3d")[0]), "{values:?}");
    }

    /// Both players playing on their lowest card that fits (a player as simple as can be):
    /// every legal card valued, one of each rank in the order of the legal cards, and the same
    /// values for the same position.
    #[test]
    fn every_legal_card_is_valued() {
        let models = Models::committed();
        let seen = pone_after("Kh");
        let weighting = weighting(models, OpponentModel::Reading);
        let lowest = |at: &Seen| {
            let legal = at.legal()?;
            Ok(legal
                .iter()
                .min_by_key(|c| c.rank())
                .map_or(Token::Go, |&c| Token::Card(c)))
        };
        let values = values_of(&seen, weighting, &lowest).unwrap().unwrap();
        let valued: Vec<Card> = values.iter().map(|&(c, _)| c).collect();
        assert_eq!(valued, cards("As 3d Qd"));
        assert!(values.iter().all(|(_, net)| net.is_finite()));
        let again = values_of(&seen, weighting, &lowest).unwrap().unwrap();
        assert_eq!(values, again);
    }
}
