//! A deal from its parts as given on the command line or in a line of JSON: the hands (kept, or
//! dealt with the throws named), the crib, the starter, the play and the scores.

use crib::Game;
use crib::Players;
use crib::Seat;
use crib::deal::Deal;
use crib::deal::{KeepProblem, kept};
use crib::pegging::parse_tokens;
use crib::{Card, parse_cards};

use crate::cli::output;

/// The parts of a deal, as typed. `flags` says whether they came from the command line (a
/// mistake names `--pone-throw`) or from JSON (it names `"pone_throw"`).
pub struct Parts<'a> {
    pub game: Game,
    pub pone: &'a [String],
    pub dealer: &'a [String],
    pub pone_throw: &'a [String],
    pub dealer_throw: &'a [String],
    pub hands: &'a [Vec<String>],
    pub throws: &'a [String],
    pub crib_card: Option<&'a str>,
    pub crib: &'a [String],
    pub starter: Option<&'a str>,
    pub play: &'a [String],
    pub scores: Vec<u32>,
    pub flags: bool,
}

impl Parts<'_> {
    /// How a mistake names a part: `--pone-throw` on the command line, `"pone_throw"` in JSON.
    fn name(&self, field: &str) -> String {
        if self.flags {
            format!("--{}", field.replace('_', "-"))
        } else {
            format!("\"{field}\"")
        }
    }
}

/// A deal from its parts.
pub fn read_deal(parts: &Parts) -> anyhow::Result<Deal> {
    let (hands, crib) = if parts.game.players == Players::TWO {
        two_hands(parts)?
    } else {
        seat_hands(parts)?
    };
    let Some(starter) = parts.starter else {
        anyhow::bail!("give the starter with --starter");
    };
    if parts.play.is_empty() {
        anyhow::bail!(
            "give the play, in the notation of crib peg, after the options (for example: \
             --starter 5s K 6 5 4 5 go 6 J 4)"
        );
    }
    let starter = starter.parse()?;
    Ok(Deal {
        game: parts.game,
        hands,
        crib,
        starter,
        play: parse_tokens(parts.play, parts.game.players)?,
        scores: parts.scores.clone(),
    })
}

/// The crib given as four cards.
fn four_crib(parts: &Parts) -> anyhow::Result<[Card; 4]> {
    let flag = parts.name("crib");
    parse_cards(parts.crib)?
        .try_into()
        .map_err(|_| anyhow::anyhow!("{flag} takes four cards"))
}

/// Two players: the pone's and the dealer's hands, kept or dealt with the throws, and the crib.
fn two_hands(parts: &Parts) -> anyhow::Result<(Vec<[Card; 4]>, [Card; 4])> {
    let given = [
        (!parts.hands.is_empty(), "hand"),
        (!parts.throws.is_empty(), "throws"),
        (parts.crib_card.is_some(), "crib_card"),
    ];
    if let Some(&(_, field)) = given.iter().find(|(g, _)| *g) {
        let field = if field == "hand" && !parts.flags {
            "hands"
        } else {
            field
        };
        anyhow::bail!(
            "{} is for three or four players ({}); two players give {} and {}",
            parts.name(field),
            if parts.flags {
                "--players 3 or 4"
            } else {
                "\"players\": 3 or 4"
            },
            parts.name("pone"),
            parts.name("dealer")
        );
    }
    let (pone, pone_threw) = kept_hand(Seat::PONE, parts.pone, parts.pone_throw)?;
    let (dealer, dealer_threw) = kept_hand(Seat::DEALER, parts.dealer, parts.dealer_throw)?;
    let crib: [Card; 4] = if parts.crib.is_empty() {
        let thrown: Vec<Card> = pone_threw.into_iter().chain(dealer_threw).collect();
        thrown.try_into().map_err(|_| {
            anyhow::anyhow!(
                "give the crib: --crib with its four cards, or both throws with --pone-throw and \
                 --dealer-throw"
            )
        })?
    } else {
        if !pone_threw.is_empty() || !dealer_threw.is_empty() {
            anyhow::bail!("give the crib once: --crib, or the two throws, not both");
        }
        four_crib(parts)?
    };
    Ok((vec![pone, dealer], crib))
}

/// One side's four cards kept and its throw, from four cards (the throw given apart) or six.
fn kept_hand(
    seat: Seat,
    cards: &[String],
    throw: &[String],
) -> anyhow::Result<([Card; 4], Vec<Card>)> {
    let name = seat.name(Players::TWO);
    let cards = parse_cards(cards)?;
    let throw = parse_cards(throw)?;
    let keep = kept(&cards, &throw).map_err(|problem| match problem {
        KeepProblem::ThrowNotNamed => anyhow::anyhow!(
            "the {name} was given six cards: name the two thrown with --{name}-throw"
        ),
        KeepProblem::NotDealt(card) => anyhow::anyhow!(
            "--{name}-throw {}: not one of the {name}'s six cards",
            card.show(output::notation())
        ),
        KeepProblem::NoCards => {
            anyhow::anyhow!("give the {name}'s cards with --{name} (four kept, or the six dealt)")
        }
        KeepProblem::Count(n) => {
            anyhow::anyhow!("the {name}'s hand: expected four cards kept or the six dealt, not {n}")
        }
        KeepProblem::ThrowRepeats => {
            anyhow::anyhow!("--{name}-throw names the same card twice: the {name} must keep four")
        }
    })?;
    Ok((keep, throw))
}

/// Three or four players: each seat's hand, kept or dealt with its throw, and the crib (given, or
/// the throws with, for three players, the card dealt to the crib).
fn seat_hands(parts: &Parts) -> anyhow::Result<(Vec<[Card; 4]>, [Card; 4])> {
    let game = parts.game;
    let players = game.players;
    let given = [
        (!parts.pone.is_empty(), "pone"),
        (!parts.dealer.is_empty(), "dealer"),
        (!parts.pone_throw.is_empty(), "pone_throw"),
        (!parts.dealer_throw.is_empty(), "dealer_throw"),
    ];
    if let Some((_, field)) = given.iter().find(|(g, _)| *g) {
        anyhow::bail!(
            "{} is for two players; with {players} give each seat's hand with {}, seat 1 first",
            parts.name(field),
            parts.name(if parts.flags { "hand" } else { "hands" }),
        );
    }
    if parts.hands.len() != players.count() {
        anyhow::bail!(
            "give a hand for each of the {players} players with {} (seat 1, on the dealer's left, \
             first; the dealer last), not {}",
            parts.name(if parts.flags { "hand" } else { "hands" }),
            parts.hands.len()
        );
    }
    let throws = parse_cards(parts.throws)?;
    if !throws.is_empty() && throws.len() != players.count() {
        anyhow::bail!(
            "{} takes each seat's card thrown, {players} in seat order, not {}",
            parts.name("throws"),
            throws.len()
        );
    }
    let hands = parts
        .hands
        .iter()
        .enumerate()
        .map(|(seat, cards)| seat_hand(parts, seat, cards, throws.get(seat).copied()))
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok((hands, seat_crib(parts, &throws)?))
}

/// A seat's four cards kept: four given, or the five dealt less its throw.
fn seat_hand(
    parts: &Parts,
    seat: usize,
    cards: &[String],
    throw: Option<Card>,
) -> anyhow::Result<[Card; 4]> {
    let cards = parse_cards(cards)?;
    let throw: Vec<Card> = throw.into_iter().collect();
    let shown = seat + 1;
    match kept(&cards, &throw) {
        Ok(keep) => Ok(keep),
        Err(KeepProblem::ThrowNotNamed) => anyhow::bail!(
            "seat {shown} was given five cards: name each seat's card thrown with {}",
            parts.name("throws")
        ),
        Err(KeepProblem::NotDealt(card)) => anyhow::bail!(
            "{} {}: not one of seat {shown}'s five cards",
            parts.name("throws"),
            card.show(output::notation())
        ),
        Err(KeepProblem::NoCards | KeepProblem::Count(_) | KeepProblem::ThrowRepeats) => {
            anyhow::bail!(
                "seat {shown}'s hand: expected four cards kept or the five dealt, not {}",
                cards.len()
            )
        }
    }
}

/// The crib of a three- or four-player deal: given, or the throws and the card dealt to it.
fn seat_crib(parts: &Parts, throws: &[Card]) -> anyhow::Result<[Card; 4]> {
    let players = parts.game.players;
    if players == Players::FOUR && parts.crib_card.is_some() {
        anyhow::bail!(
            "{}: with four players the crib is the four throws, and no card is dealt to it",
            parts.name("crib_card")
        );
    }
    if !parts.crib.is_empty() {
        if !throws.is_empty() || parts.crib_card.is_some() {
            anyhow::bail!(
                "give the crib once: {}, or the throws{}, not both",
                parts.name("crib"),
                if players == Players::THREE {
                    " and the card dealt to it"
                } else {
                    ""
                }
            );
        }
        return four_crib(parts);
    }
    let mut crib = throws.to_vec();
    if players == Players::THREE && !throws.is_empty() {
        let Some(card) = parts.crib_card else {
            anyhow::bail!(
                "with three players the crib is the three throws and a card dealt to it: name \
                 that card with {}",
                parts.name("crib_card")
            );
        };
        crib.push(card.parse()?);
    }
    crib.try_into().map_err(|_| {
        anyhow::anyhow!(
            "give the crib: {} with its four cards, or each seat's throw with {}{}",
            parts.name("crib"),
            parts.name("throws"),
            if players == Players::THREE {
                format!(" and the card dealt to it with {}", parts.name("crib_card"))
            } else {
                String::new()
            }
        )
    })
}
