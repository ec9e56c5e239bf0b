//! The arena behind `crib match`: whole games between contestants (crib's levels, or programs
//! that speak crib's engine protocol), refereed here, dealt in duplicate. crib deals, checks
//! every throw and card, and counts every point; a contestant only decides.
//!
//! **Duplicate deals.** The games come in groups: a group is one seeded sequence of decks,
//! played once for each seating ([`seatings`]), so that every entrant holds the same cards from
//! the same seat in turn. Errors are computed over groups ([`crate::arena::tally`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::model::Models;
use crate::players::level::Level;
use crate::players::seen::Seen;
use crate::players::turns::play_out;
use crate::rules::board::{Game, Phase, Skunk};
use crate::rules::card::Card;
use crate::rules::seat::Players;
use crate::rules::sequence::Token;
use crate::rules::shuffle::mix;
use crate::state::deal::DealTable;
use crate::state::session::Match;

/// A player in the arena: it is asked for each decision of its seat and answers, or fails
/// with a reason (which forfeits the game).
pub trait Contestant {
    /// Get ready for a new game: an engine that failed in the last one starts again.
    fn new_game(&mut self) -> Result<(), String>;
    /// The cards to throw.
    fn throw(&mut self, seen: &Seen) -> Result<Vec<Card>, String>;
    /// The card to play; asked only when a card fits (crib says go for a player who has none).
    fn play(&mut self, seen: &Seen) -> Result<Token, String>;
    /// It has forfeited the game (an answer was illegal, or it failed): an engine is started
    /// afresh for the next game.
    fn forfeited(&mut self) {}
}

/// One of crib's levels, in the arena.
#[derive(Debug, Clone, Copy)]
pub struct BuiltIn(pub Level);

impl Contestant for BuiltIn {
    fn new_game(&mut self) -> Result<(), String> {
        Ok(())
    }

    fn throw(&mut self, seen: &Seen) -> Result<Vec<Card>, String> {
        self.0
            .throw(Models::committed(), seen)
            .map_err(|e| e.to_string())
    }

    fn play(&mut self, seen: &Seen) -> Result<Token, String> {
        self.0
            .play(Models::committed(), seen)
            .map_err(|e| e.to_string())
    }
}

/// The seatings a group of games is played in: for each, the entrant at each player's place
/// round the table (player 0, then the player on its left…). Two players: both ways round;
/// three: all six orders; four: the four turns of the table, so partners (entrants 0 and 2,
/// 1 and 3) stay partners and every entrant holds every place once.
pub fn seatings(players: Players) -> Vec<Vec<usize>> {
    match players.count() {
        2 => vec![vec![0, 1], vec![1, 0]],
        3 => vec![
            vec![0, 1, 2],
            vec![0, 2, 1],
            vec![1, 0, 2],
            vec![1, 2, 0],
            vec![2, 0, 1],
            vec![2, 1, 0],
        ],
        _ => (0..4)
            .map(|r| (0..4).map(|p| (p + 4 - r) % 4).collect())
            .collect(),
    }
}

/// The contender (what wins or loses: a player, or with four players a partnership) that
/// entrant `entrant` plays for.
pub(crate) const fn contender_of(players: Players, entrant: usize) -> usize {
    if players.count() == 4 {
        entrant % 2
    } else {
        entrant
    }
}

/// The seed of group `group`'s decks in a match seeded `seed`.
pub fn group_seed(seed: u64, group: u64) -> u64 {
    mix(seed, &[group])
}

/// A game forfeited: who failed, when, and why.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forfeit {
    /// The entrant that failed.
    pub entrant: usize,
    /// The deal it failed in, from 1 in the game.
    pub deal: u32,
    /// What went wrong.
    pub reason: String,
}

/// Points won over a game's deals, by what scored them.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Points {
    /// Deals played.
    pub deals: u32,
    /// Points in the play.
    pub play: u32,
    /// Points for hands.
    pub hand: u32,
    /// Points for cribs.
    pub crib: u32,
    /// Points for his heels.
    pub heels: u32,
}

impl Points {
    /// Every point.
    pub const fn total(&self) -> u32 {
        self.play + self.hand + self.crib + self.heels
    }

    /// Add another's.
    pub(crate) fn add(&mut self, other: &Points) {
        self.deals += other.deals;
        self.play += other.play;
        self.hand += other.hand;
        self.crib += other.crib;
        self.heels += other.heels;
    }
}

/// How long an entrant took over its decisions.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Timing {
    /// Decisions made.
    pub decisions: u64,
    /// Seconds in all.
    pub total: f64,
    /// The slowest, in seconds.
    pub slowest: f64,
    /// The decisions by how long they took: [`Timing::median`]'s.
    spread: Spread,
}

/// How many steps a doubling of time is split into, and how many doublings from 0.1 µs are
/// kept (to 2^30 tenths of a µs, 107 s; longer ones fall in the last).
const STEPS: usize = 16;
const DOUBLINGS: usize = 30;

/// Decisions counted by their time, in steps of 2^(1/16) (4.4%) from 0.1 µs.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Spread([u32; STEPS * DOUBLINGS]);

/// A spread as data: the steps with decisions in them, `[step, decisions]` each.
#[cfg(feature = "serde")]
impl serde::Serialize for Spread {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let steps: Vec<(usize, u32)> = (self.0.iter().enumerate())
            .filter(|&(_, &n)| n > 0)
            .map(|(k, &n)| (k, n))
            .collect();
        steps.serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Spread {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Spread, D::Error> {
        let steps = Vec::<(usize, u32)>::deserialize(deserializer)?;
        let mut spread = Spread::default();
        for (k, n) in steps {
            let slot = (spread.0.get_mut(k))
                .ok_or_else(|| serde::de::Error::custom(format!("no step {k} of a spread")))?;
            *slot = n;
        }
        Ok(spread)
    }
}

impl Default for Spread {
    fn default() -> Spread {
        Spread([0; STEPS * DOUBLINGS])
    }
}

impl Spread {
    fn step(seconds: f64) -> usize {
        let tenths = (seconds * 1e7).max(1.0);
        ((tenths.log2() * STEPS as f64) as usize).min(STEPS * DOUBLINGS - 1)
    }

    /// The time in the middle of step `k`.
    fn time(k: usize) -> f64 {
        2f64.powf((k as f64 + 0.5) / STEPS as f64) / 1e7
    }
}

impl Timing {
    fn record(&mut self, seconds: f64) {
        self.decisions += 1;
        self.total += seconds;
        self.slowest = self.slowest.max(seconds);
        self.spread.0[Spread::step(seconds)] += 1;
    }

    /// Add another's.
    pub fn add(&mut self, other: &Timing) {
        self.decisions += other.decisions;
        self.total += other.total;
        self.slowest = self.slowest.max(other.slowest);
        for (a, b) in self.spread.0.iter_mut().zip(&other.spread.0) {
            *a += b;
        }
    }

    /// The median decision's time, in seconds, to within 2.2% (the middle of its step of
    /// 4.4%); 0 with no decisions.
    pub fn median(&self) -> f64 {
        let half = self.decisions.div_ceil(2);
        let mut seen = 0u64;
        for (k, &n) in self.spread.0.iter().enumerate() {
            seen += u64::from(n);
            if n > 0 && seen >= half {
                return Spread::time(k).min(self.slowest);
            }
        }
        0.0
    }
}

/// One game of a match, played out.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone)]
pub struct GameRecord {
    /// The game's number in the match, from 0.
    pub index: u64,
    /// Its group of duplicate games.
    pub group: u64,
    /// The entrant at each player's place.
    pub seating: Vec<usize>,
    /// The contender that won.
    pub winner: usize,
    /// The scores at the end, by contender.
    pub scores: Vec<u32>,
    /// A skunk, if the worst loser was short of the line (never for a forfeit).
    pub skunk: Option<Skunk>,
    /// The forfeit that ended the game, if one did.
    pub forfeit: Option<Forfeit>,
    /// Points by contender, then by the seat its (first) player held at the deal: with two
    /// or three players the seat (the dealer last), with four the pones' side and the
    /// dealer's.
    pub points: Vec<Vec<Points>>,
    /// How long each entrant took.
    pub timing: Vec<Timing>,
    /// Each deal played, with the match before it, for the log (when asked for).
    #[cfg_attr(feature = "serde", serde(skip))]
    pub deals: Vec<(Match, DealTable)>,
}

/// Where a match's games are played: the game, the seed, and whether to keep each deal.
#[derive(Debug, Clone, Copy)]
pub struct Arena {
    /// The game.
    pub game: Game,
    /// The seed of the match.
    pub seed: u64,
    /// Keep every deal in the records (for the log).
    pub keep_deals: bool,
}

impl Arena {
    /// How many games make a group.
    pub(crate) fn group_size(&self) -> u64 {
        seatings(self.game.players).len() as u64
    }

    /// Play game `index` of the match, `entrants[e]` deciding for entrant `e`, or `None` when
    /// `stop` is raised before it ends.
    pub fn play(
        &self,
        index: u64,
        entrants: &mut [Box<dyn Contestant + Send>],
        stop: &AtomicBool,
    ) -> Option<GameRecord> {
        let size = self.group_size();
        let group = index / size;
        let seating = seatings(self.game.players)[(index % size) as usize].clone();
        let mut game = Played::new(self, index, group, seating, entrants.len());
        let (mut m, _) = Match::new(self.game, group_seed(self.seed, group), 1);
        for e in 0..entrants.len() {
            if let Err(reason) = entrants[e].new_game() {
                return forfeit(game, &m, &m.deal(), (e, reason), entrants, stop);
            }
        }
        while !m.is_over() {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let mut table = m.deal();
            if let Err(failed) = game.deal(&m, &mut table, entrants) {
                return forfeit(game, &m, &table, failed, entrants, stop);
            }
            play_out(Models::committed(), &mut table, Level::Greedy);
            let counted = table
                .counted()
                .expect("a deal played out at the table counts");
            let events = m.counted_events(&counted, &[]);
            game.score(&m, &events);
            let before = m.clone();
            let over = m.settle_events(&events);
            if self.keep_deals {
                game.record.deals.push((before, table));
            }
            if let Some(over) = over {
                game.record.winner = game.contender_of_side(over.winner);
                game.record.scores = game.by_contender(&over.scores);
                game.record.skunk = over.skunk;
            }
        }
        Some(game.record)
    }
}

/// The game forfeited by the entrant that `failed` (with the reason), which is told so; `None`
/// when the match was stopped meanwhile, since a program stopped then fails for that alone.
fn forfeit(
    game: Played,
    m: &Match,
    table: &DealTable,
    (e, reason): (usize, String),
    entrants: &mut [Box<dyn Contestant + Send>],
    stop: &AtomicBool,
) -> Option<GameRecord> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    entrants[e].forfeited();
    Some(game.forfeit(m, table, e, reason))
}

/// A game under way.
struct Played {
    players: Players,
    record: GameRecord,
}

impl Played {
    fn new(arena: &Arena, index: u64, group: u64, seating: Vec<usize>, entrants: usize) -> Played {
        let players = arena.game.players;
        let sides = arena.game.sides();
        let keys = if players.count() == 4 { 2 } else { sides };
        Played {
            players,
            record: GameRecord {
                index,
                group,
                seating,
                winner: 0,
                scores: vec![0; sides],
                skunk: None,
                forfeit: None,
                points: vec![vec![Points::default(); keys]; sides],
                timing: vec![Timing::default(); entrants],
                deals: Vec::new(),
            },
        }
    }

    fn contender_of_side(&self, side: usize) -> usize {
        contender_of(self.players, self.record.seating[side])
    }

    /// Values by the match's sides, by contender.
    fn by_contender(&self, by_side: &[u32]) -> Vec<u32> {
        let mut out = vec![0; by_side.len()];
        for (side, &v) in by_side.iter().enumerate() {
            out[self.contender_of_side(side)] = v;
        }
        out
    }

    /// Ask every seat to throw, turn the starter, and play the cards until the deal or the game
    /// ends; a failure names the entrant and why.
    fn deal(
        &mut self,
        m: &Match,
        table: &mut DealTable,
        entrants: &mut [Box<dyn Contestant + Send>],
    ) -> Result<(), (usize, String)> {
        for seat in self.players.seats() {
            let e = self.record.seating[m.player_at(seat)];
            let seen = Seen::of(table, seat);
            let start = Instant::now();
            let throw = entrants[e].throw(&seen).map_err(|r| (e, r))?;
            self.record.timing[e].record(start.elapsed().as_secs_f64());
            table
                .throw(seat, &throw)
                .map_err(|refusal| (e, format!("threw {}: {refusal}", cards_text(&throw))))?;
        }
        while !table.game_over() {
            let Some(seat) = table.play_at().turn else {
                break;
            };
            let token = if table.legal().is_empty() {
                Token::Go
            } else {
                let e = self.record.seating[m.player_at(seat)];
                let seen = Seen::of(table, seat);
                let start = Instant::now();
                let token = entrants[e].play(&seen).map_err(|r| (e, r))?;
                self.record.timing[e].record(start.elapsed().as_secs_f64());
                token
            };
            table.play(token).map_err(|refusal| {
                let e = self.record.seating[m.player_at(seat)];
                (e, format!("played {token}: {refusal}"))
            })?;
        }
        Ok(())
    }

    /// Count a deal's points by contender, seat and what scored them.
    fn score(&mut self, m: &Match, events: &[(usize, u32, Option<Phase>)]) {
        let n = self.players.count();
        let key = |side: usize| -> usize {
            let seat = m.seat_of(side).index();
            if n == 4 { seat % 2 } else { seat }
        };
        for side in 0..self.record.scores.len() {
            let c = self.contender_of_side(side);
            self.record.points[c][key(side)].deals += 1;
        }
        for &(side, points, phase) in events {
            let c = self.contender_of_side(side);
            let p = &mut self.record.points[c][key(side)];
            match phase {
                Some(Phase::Play) => p.play += points,
                Some(Phase::Hand(_)) => p.hand += points,
                Some(Phase::Crib) => p.crib += points,
                Some(Phase::Heels) => p.heels += points,
                None => {}
            }
        }
    }

    /// End the game with a forfeit by entrant `e`: the game goes to the contender ahead of the
    /// others now (with two sides, the other one; a tie to the first to the failing player's
    /// left).
    fn forfeit(mut self, m: &Match, table: &DealTable, e: usize, reason: String) -> GameRecord {
        let loser = contender_of(self.players, e);
        let now = m.match_scores(&table.scores_now());
        let scores = self.by_contender(&now);
        let sides = scores.len();
        let winner = (1..sides)
            .map(|k| (loser + k) % sides)
            .max_by_key(|&c| (scores[c], std::cmp::Reverse((c + sides - loser) % sides)))
            .unwrap_or(0);
        self.record.winner = winner;
        self.record.scores = scores;
        self.record.forfeit = Some(Forfeit {
            entrant: e,
            deal: m.deal_number as u32 + 1,
            reason,
        });
        self.record
    }
}

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand: decisions of 1, 2, 3, 50 and 400 ms have the median 3 ms, told to within
    /// 2.2%; two timings added have the median of all their decisions; none, 0.
    #[test]
    fn the_median_decision() {
        let mut t = Timing::default();
        for ms in [50.0, 1.0, 400.0, 3.0, 2.0] {
            t.record(ms / 1000.0);
        }
        assert!((t.median() / 0.003 - 1.0).abs() < 0.022, "{}", t.median());
        let mut slow = Timing::default();
        for _ in 0..6 {
            slow.record(0.2);
        }
        t.add(&slow);
        assert!((t.median() / 0.2 - 1.0).abs() < 0.022, "{}", t.median());
        assert_eq!(t.decisions, 11);
        assert_eq!(Timing::default().median(), 0.0);
    }

    /// Each seating puts every entrant in every place the same number of times, and with four
    /// players partners stay partners.
    #[test]
    fn seatings_are_fair() {
        for players in Players::ALL {
            let all = seatings(players);
            let n = players.count();
            for place in 0..n {
                let mut held = vec![0; n];
                for seating in &all {
                    held[seating[place]] += 1;
                }
                assert!(held.iter().all(|&h| h == held[0]), "{players:?} {held:?}");
            }
            if n == 4 {
                assert!(
                    all.iter()
                        .all(|s| s[0] % 2 == s[2] % 2 && s[1] % 2 == s[3] % 2)
                );
            }
        }
    }

    /// A game between two greedy players ends at the hole, every point accounted for.
    #[test]
    fn a_game_ends_with_a_winner_at_the_hole() {
        let arena = Arena {
            game: Game::TWO,
            seed: 3,
            keep_deals: true,
        };
        let mut entrants: Vec<Box<dyn Contestant + Send>> = vec![
            Box::new(BuiltIn(Level::Greedy)),
            Box::new(BuiltIn(Level::Random)),
        ];
        let record = arena
            .play(1, &mut entrants, &AtomicBool::new(false))
            .unwrap();
        assert_eq!(record.scores[record.winner], 121);
        assert!(record.forfeit.is_none());
        for c in 0..2 {
            let total: u32 = record.points[c].iter().map(Points::total).sum();
            assert_eq!(total, record.scores[c]);
        }
        assert_eq!(record.seating, vec![1, 0]);
        assert!(!record.deals.is_empty());
    }

    struct Illegal;
    impl Contestant for Illegal {
        fn new_game(&mut self) -> Result<(), String> {
            Ok(())
        }
        fn throw(&mut self, seen: &Seen) -> Result<Vec<Card>, String> {
            Ok(seen.dealt[..1].to_vec())
        }
        fn play(&mut self, _: &Seen) -> Result<Token, String> {
            Ok(Token::Go)
        }
    }

    /// A player that throws one card where two are needed forfeits the game to the other.
    #[test]
    fn an_illegal_throw_forfeits() {
        let arena = Arena {
            game: Game::TWO,
            seed: 3,
            keep_deals: false,
        };
        let mut entrants: Vec<Box<dyn Contestant + Send>> =
            vec![Box::new(BuiltIn(Level::Greedy)), Box::new(Illegal)];
        let record = arena
            .play(0, &mut entrants, &AtomicBool::new(false))
            .unwrap();
        let forfeit = record.forfeit.unwrap();
        assert_eq!((record.winner, forfeit.entrant, forfeit.deal), (0, 1, 1));
        assert!(
            forfeit.reason.contains("throw 2 cards"),
            "{}",
            forfeit.reason
        );
    }
}
