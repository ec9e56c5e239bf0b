//! crib's named players, from a random one to crib's strongest: what each throws and plays,
//! seeing only what its seat sees ([`Seen`]). The same levels sit at `crib game`'s table, answer
//! `crib engine`'s requests and meet in `crib match`.

use crate::advice::play::OpponentModel;
use crate::model::Models;
use crate::players::seen::{Seen, discard_advice, play_advice};
use crate::players::strongest::{Parts, strongest_card, strongest_throw};
use crate::rules::card::Card;
use crate::rules::error::Result;
use crate::rules::sequence::Token;
use crate::rules::show::{HandKind, score};
use crate::rules::shuffle::{Rng, mix};
use crate::search::players::{greedy, greedy_high, reply_aware};

/// A player crib fields, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// Throws and plays at random (a legal card), the same way for the same position.
    Random,
    /// Keeps the four cards whose hand averages most over the starters (the crib ignored) and
    /// plays the card that scores most now, the lowest on a tie: a beginner.
    Greedy,
    /// Greedy, but the highest card on a tie.
    GreedyHigh,
    /// Throws as greedy; plays the card that scores most now less the next player's best
    /// reply, over the cards that player may hold.
    ReplyAware,
    /// The expert's choices drawn at a temperature of 0.75 points: a
    /// choice a point worse than another is drawn a quarter as often. For someone who knows the
    /// rules and the counting.
    Novice,
    /// The expert's choices drawn at 0.55 points (a point's error a sixth as often as the
    /// best): for the kitchen-table player.
    Casual,
    /// The expert's choices drawn at 0.42 points (a point's error a tenth as often): for the
    /// club player.
    Club,
    /// crib's points player: the discard with the crib and the play counted (`crib discard`),
    /// the engine in the play (`crib play`), every holding of the unseen cards weighed alike.
    #[default]
    Expert,
    /// crib's strongest: the expert, the others' holdings weighed by what crib's players keep
    /// (with two players, also by how they have played: the reading model; and as dealer it
    /// answers the lead by rollouts, both players playing on as the reading model plays), and,
    /// once a side is within 40 holes of the end, the board (the chance of winning the game)
    /// in every card, and with two players every throw, where it changes the advice by more
    /// than its noise.
    Strongest,
}

impl Level {
    /// Every level, weakest first, as crib's ladder of every level rates them (docs/engine.md).
    /// (The order the variants are declared in is kept: the levels that draw seed by it.)
    pub const ALL: [Level; 9] = [
        Level::Random,
        Level::Greedy,
        Level::Novice,
        Level::GreedyHigh,
        Level::Casual,
        Level::ReplyAware,
        Level::Club,
        Level::Expert,
        Level::Strongest,
    ];

    /// The name used on the command line, in logs and in `crib match`: `random`, `greedy`,
    /// `greedy-high`, `reply-aware`, `expert`, `strongest`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::GreedyHigh => "greedy-high",
            Level::ReplyAware => "reply-aware",
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Expert => "expert",
            Level::Strongest => "strongest",
        }
    }

    /// The temperature, in points, at which a level that errs as people do draws among the
    /// expert's choices (`None`: the level does not draw so).
    pub(crate) const fn temperature(self) -> Option<f64> {
        match self {
            Level::Novice => Some(0.75),
            Level::Casual => Some(0.55),
            Level::Club => Some(0.42),
            _ => None,
        }
    }

    /// The level of a name, if it is one.
    pub fn named(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// What a seat of this level throws.
    pub fn throw(self, models: &Models, seen: &Seen) -> Result<Vec<Card>> {
        let dealt = &seen.dealt;
        Ok(match self {
            Level::Random => {
                let mut rng = Rng::new(seen.key());
                let mut left = dealt.clone();
                let mut throw = Vec::new();
                for _ in 0..seen.game.deal_shape().1 {
                    let i = rng.below(left.len() as u64) as usize;
                    throw.push(left.remove(i));
                }
                throw
            }
            Level::Greedy | Level::GreedyHigh | Level::ReplyAware => greedy_throw(seen),
            Level::Expert => discard_advice(models, seen)?.choices[0].throw.clone(),
            Level::Novice | Level::Casual | Level::Club => {
                let choices = discard_advice(models, seen)?.choices;
                let values: Vec<f64> = choices.iter().map(|c| c.net).collect();
                let pick = self.drawn(&values, seen);
                choices[pick].throw.clone()
            }
            Level::Strongest => strongest_throw(models, seen, Parts::ALL)?,
        })
    }

    /// What a seat of this level plays: a card, or go when none fits.
    pub fn play(self, models: &Models, seen: &Seen) -> Result<Token> {
        let card = match seen.game.players.count() {
            2 => self.play_n::<2>(models, seen)?,
            3 => self.play_n::<3>(models, seen)?,
            _ => self.play_n::<4>(models, seen)?,
        };
        Ok(card.map_or(Token::Go, Token::Card))
    }

    fn play_n<const N: usize>(self, models: &Models, seen: &Seen) -> Result<Option<Card>> {
        let view = seen.view::<N>()?;
        let legal = view.legal_cards();
        if legal.is_empty() {
            return Ok(None);
        }
        Ok(match self {
            Level::Random => {
                let mut rng = Rng::new(seen.key());
                Some(legal[rng.below(legal.len() as u64) as usize])
            }
            Level::Greedy => greedy(&view),
            Level::GreedyHigh => greedy_high(&view),
            Level::ReplyAware => reply_aware(&view),
            Level::Expert => play_advice(models, seen, OpponentModel::Uniform)?
                .advice
                .options
                .first()
                .map(|o| o.card),
            Level::Novice | Level::Casual | Level::Club => {
                let options = play_advice(models, seen, OpponentModel::Uniform)?
                    .advice
                    .options;
                let values: Vec<f64> = options.iter().map(|o| o.net()).collect();
                options.get(self.drawn(&values, seen)).map(|o| o.card)
            }
            Level::Strongest => strongest_card(models, seen, Parts::ALL, None)?.card,
        })
    }

    /// One of `values` (points) drawn at the level's temperature ([`draw`]), as a function of
    /// the position and the level, like the random level's draws.
    fn drawn(self, values: &[f64], seen: &Seen) -> usize {
        let temperature = self.temperature().unwrap_or(1.0);
        draw(values, temperature, mix(seen.key(), &[self as u64]))
    }
}

/// The index of one of `values` (points), drawn by `key` with a chance in proportion to
/// `e^(value / temperature)`: the nearer a choice is to the best, the likelier; a choice a
/// temperature worse than another is drawn e (2.7) times less often.
fn draw(values: &[f64], temperature: f64, key: u64) -> usize {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = values
        .iter()
        .map(|v| ((v - best) / temperature).exp())
        .collect();
    Rng::new(key).pick(&weights)
}

impl Level {
    /// What a seat of this level throws, with crib's strongest player made of `parts` (the
    /// other levels have none).
    pub fn throw_with(self, models: &Models, seen: &Seen, parts: Parts) -> Result<Vec<Card>> {
        match self {
            Level::Strongest => strongest_throw(models, seen, parts),
            _ => self.throw(models, seen),
        }
    }

    /// What a seat of this level plays, with crib's strongest player made of `parts`.
    pub fn play_with(self, models: &Models, seen: &Seen, parts: Parts) -> Result<Token> {
        match self {
            Level::Strongest if !seen.legal()?.is_empty() => {
                let card = strongest_card(models, seen, parts, None)?.card;
                Ok(card.map_or(Token::Go, Token::Card))
            }
            _ => self.play(models, seen),
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The greedy throw: the keep whose hand scores most over every starter the seat cannot see
/// (counted exactly, in whole points), the crib ignored; on a tie, the first throw in the order
/// of the cards dealt (the first card's partner before the second's).
pub(crate) fn greedy_throw(seen: &Seen) -> Vec<Card> {
    let dealt = &seen.dealt;
    let size = seen.game.deal_shape().1;
    let starters: Vec<Card> = Card::deck().filter(|c| !dealt.contains(c)).collect();
    let mut best: Option<(u32, Vec<Card>)> = None;
    for throw in throws(dealt.len(), size) {
        let keep: Vec<Card> = (0..dealt.len())
            .filter(|i| !throw.contains(i))
            .map(|i| dealt[i])
            .collect();
        let keep: [Card; 4] = keep.try_into().expect("four cards kept");
        let total: u32 = starters
            .iter()
            .map(|&s| u32::from(score(&keep, s, HandKind::Hand)))
            .sum();
        if best.as_ref().is_none_or(|(b, _)| total > *b) {
            best = Some((total, throw.iter().map(|&i| dealt[i]).collect()));
        }
    }
    best.map(|(_, t)| t).unwrap_or_default()
}

/// The throws of `size` cards from `n` dealt, as positions in order: (0, 1), (0, 2), …
fn throws(n: usize, size: usize) -> Vec<Vec<usize>> {
    match size {
        1 => (0..n).map(|i| vec![i]).collect(),
        _ => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| vec![i, j]))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Game;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::Seat;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    /// Worked by hand: from 5h 5c 5s Jd 2c 9h greedy keeps the three fives and the jack (the
    /// 29 hand's core) and throws 2c 9h.
    #[test]
    fn greedy_keeps_the_fives() {
        let seen = Seen {
            game: Game::TWO,
            seat: Seat::PONE,
            dealt: cards("5h 5c 5s Jd 2c 9h"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores: vec![0, 0],
            need: None,
        };
        assert_eq!(greedy_throw(&seen), cards("2c 9h"));
    }

    /// On a count of 5 with 10h and Kd (both make fifteen), greedy plays the ten, greedy-high
    /// the king.
    #[test]
    fn greedy_styles_differ_on_a_tie() {
        let seen = Seen {
            game: Game::TWO,
            seat: Seat::DEALER,
            dealt: cards("10h Kd 2c 3c 4d 8s"),
            thrown: cards("4d 8s"),
            starter: Some(cards("As")[0]),
            tokens: vec![Token::Card(cards("5h")[0])],
            scores: vec![0, 0],
            need: None,
        };
        let models = Models::committed();
        assert_eq!(
            Level::Greedy.play(models, &seen).unwrap(),
            Token::Card(cards("10h")[0])
        );
        assert_eq!(
            Level::GreedyHigh.play(models, &seen).unwrap(),
            Token::Card(cards("Kd")[0])
        );
    }

    /// Worked by hand: two choices a point apart at a temperature of 1 are drawn 1 to e^-1,
    /// the best 73.1% of the time; at 0.25 points, 1 to e^-4, 98.2%. Over 20,000 fixed keys the
    /// shares are within 1% of those.
    #[test]
    fn draws_follow_the_temperature() {
        for (temperature, best) in [(1.0, 0.731_06), (0.25, 0.982_01)] {
            let n = 20_000;
            let drawn_best = (0..n)
                .filter(|&k| draw(&[2.0, 1.0], temperature, k) == 0)
                .count();
            let share = drawn_best as f64 / n as f64;
            assert!((share - best).abs() < 0.01, "{temperature}: {share}");
        }
        // One choice is always drawn; three alike about equally often.
        assert_eq!(draw(&[-3.0], 0.5, 7), 0);
        let mut counts = [0; 3];
        for k in 0..3000 {
            counts[draw(&[1.0, 1.0, 1.0], 0.4, k)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
    }

    /// The levels that err as people do err less the cooler they are: over the pone's throws of
    /// 300 seeded deals, the novice throws other cards than the expert most often, the club
    /// player least, and every one of them keeps the expert's throw more often than not.
    #[test]
    fn cooler_levels_err_less() {
        use crate::state::deal::DealTable;
        let models = Models::committed();
        let seens: Vec<Seen> = (0..300)
            .map(|d| Seen::of(&DealTable::shuffle(Game::TWO, 3, d, vec![0, 0]), Seat::PONE))
            .collect();
        let expert: Vec<Vec<Card>> = seens
            .iter()
            .map(|s| Level::Expert.throw(models, s).unwrap())
            .collect();
        let differs = |level: Level| {
            seens
                .iter()
                .zip(&expert)
                .filter(|(s, e)| &&level.throw(models, s).unwrap() != e)
                .count()
        };
        let [novice, casual, club] = [Level::Novice, Level::Casual, Level::Club].map(differs);
        assert!(novice > casual && casual > club, "{novice} {casual} {club}");
        assert!(novice < 150 && club > 0, "{novice} {club}");
    }

    /// Every level is found by its name, and only a level's name names one.
    #[test]
    fn levels_are_named() {
        for level in Level::ALL {
            assert_eq!(Level::named(level.name()), Some(level));
        }
        assert_eq!(Level::named("grandmaster"), None);
    }

    /// crib's players decide from what their seat sees, and nothing else: two deals that differ
    /// only in the cards the other seat holds unseen look the same from the pone's seat (its
    /// `Seen` is equal), and every level throws, and then plays, the same there.
    #[test]
    fn decisions_see_only_the_seat() {
        use crate::state::deal::DealTable;
        let models = Models::committed();
        let table = DealTable::shuffle(Game::TWO, 21, 0, vec![0, 0]);
        let mut other = table.clone();
        let seen_cards: Vec<Card> = table.dealt[0]
            .iter()
            .chain(&table.dealt[1])
            .chain([&table.starter])
            .copied()
            .collect();
        let unseen: Vec<Card> = Card::deck().filter(|c| !seen_cards.contains(c)).collect();
        other.dealt[1] = unseen[..6].to_vec();
        let pone = Seat::PONE;
        assert_eq!(Seen::of(&table, pone), Seen::of(&other, pone));
        for level in [
            Level::Greedy,
            Level::ReplyAware,
            Level::Casual,
            Level::Expert,
            Level::Strongest,
        ] {
            let seen = Seen::of(&table, pone);
            let throw = level.throw(models, &seen).unwrap();
            assert_eq!(throw, level.throw(models, &Seen::of(&other, pone)).unwrap());
            // Both deals thrown (the dealer keeps its first four), the pone to lead.
            let (mut a, mut b) = (table.clone(), other.clone());
            for t in [&mut a, &mut b] {
                t.throw(pone, &throw).unwrap();
                let dealer_throw = t.dealt[1][4..].to_vec();
                t.throw(Seat::DEALER, &dealer_throw).unwrap();
            }
            assert_eq!(Seen::of(&a, pone), Seen::of(&b, pone));
            let led = level.play(models, &Seen::of(&a, pone)).unwrap();
            assert_eq!(
                led,
                level.play(models, &Seen::of(&b, pone)).unwrap(),
                "{level:?}"
            );
        }
    }
}
