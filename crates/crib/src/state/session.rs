//! A match at the table: who deals, the scores of the game under way, the games each side has
//! won, and each deal settled on the board. Players are numbered round the table from you (0),
//! clockwise: player 1 sits on your left. With four players, players 0 and 2 are partners.
//!
//! The rules followed: the first dealer is found by cutting (low card deals, ties cut again);
//! the deal passes to the left; after a game the loser deals the next (Lowe's sheet; with three
//! or four, the first loser to the left of the last dealer); a skunk or lurch counts two games,
//! as the rule sheets say (none gives more for a double skunk).

use crate::rules::board::{Game, Phase, Skunk};
use crate::rules::card::Card;
use crate::rules::deal::{BoardEvent, Counted};
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::shuffle::shuffled;
use crate::state::deal::DealTable;

/// The stream of the shuffle the first deal is cut from (deals are numbered from 0 upwards).
const CUT_STREAM: u64 = u64::MAX - 1_000;

/// A match under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The game.
    pub game: Game,
    /// The seed of every shuffle.
    pub seed: u64,
    /// Games needed to win the match (a skunk counts two).
    pub games: u32,
    /// The number of the next deal in the seed's stream.
    pub deal_number: u64,
    /// The player who deals next.
    pub dealer: usize,
    /// The scores of the game under way, by side (a player, or with four a partnership:
    /// side 0 is you and player 2).
    pub scores: Vec<u32>,
    /// Games won by each side.
    pub won: Vec<u32>,
    /// Games finished.
    pub games_played: u32,
}

/// A scoring event settled on the board: the side of the match, the points, and when they
/// were counted (`None`: points taken by muggins).
pub type Scored = (usize, u32, Option<Phase>);

/// A game that a deal ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOver {
    /// The side that won.
    pub winner: usize,
    /// The scores at the end, by side.
    pub scores: Vec<u32>,
    /// A skunk, if the loser (the worst of them) was short of the line.
    pub skunk: Option<Skunk>,
    /// The games it counts: 1, or 2 for a skunk.
    pub counts: u32,
}

/// Points taken for a count a player got wrong: muggins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Muggins {
    /// The seat whose count it was.
    pub seat: Seat,
    /// The points claimed.
    pub claimed: u32,
    /// Whether it was the crib.
    pub crib: bool,
}

impl Match {
    /// A new match: the first dealer cut for, with the cards each player cut (from you round
    /// the table) on the final cut.
    pub fn new(game: Game, seed: u64, games: u32) -> (Match, Vec<Card>) {
        let players = game.players.count();
        let mut round = 0;
        let (dealer, cuts) = loop {
            let cuts = shuffled(seed, CUT_STREAM - round, players);
            let low = cuts.iter().map(|c| c.rank().number()).min().unwrap_or(1);
            let lowest: Vec<usize> = (0..players)
                .filter(|&p| cuts[p].rank().number() == low)
                .collect();
            if lowest.len() == 1 {
                break (lowest[0], cuts);
            }
            round += 1;
        };
        let m = Match {
            game,
            seed,
            games: games.max(1),
            deal_number: 0,
            dealer,
            scores: vec![0; game.sides()],
            won: vec![0; game.sides()],
            games_played: 0,
        };
        (m, cuts)
    }

    /// The side player `player` scores for.
    pub(crate) fn side_of(&self, player: usize) -> usize {
        if self.game.players == Players::FOUR {
            player % 2
        } else {
            player
        }
    }

    /// The seat player `player` holds this deal (0 leads, the dealer is last).
    pub fn seat_of(&self, player: usize) -> Seat {
        let n = self.game.players.count();
        Seat::new((player + n - self.dealer - 1) % n)
    }

    /// The player in seat `seat` this deal.
    pub fn player_at(&self, seat: Seat) -> usize {
        (self.dealer + 1 + seat.index()) % self.game.players.count()
    }

    /// The side of the board ([`Players::side`](crate::Players::side)) that a side of the match scores on this deal.
    pub(crate) fn board_side(&self, side: usize) -> usize {
        let player = side; // a side's first player: 0 or 1 (or the player, for two or three)
        self.game.side(self.seat_of(player)).index()
    }

    /// The next deal, shuffled: the scores before it by the board's sides.
    pub fn deal(&self) -> DealTable {
        self.weigh(DealTable::shuffle(
            self.game,
            self.seed,
            self.deal_number,
            self.board_scores(),
        ))
    }

    /// The next deal `table` (dealt, or read from a log) as this match weighs it: in a match of
    /// more than one game, the games each of the board's sides still needs
    /// (`DealTable::in_match`); a game alone, as it is.
    pub fn weigh(&self, table: DealTable) -> DealTable {
        if self.games > 1 {
            let mut need = vec![0; self.game.sides()];
            for (side, &won) in self.won.iter().enumerate() {
                need[self.board_side(side)] = self.games.saturating_sub(won);
            }
            table.in_match(need)
        } else {
            table
        }
    }

    /// The scores of the match by the board's sides of the next deal ([`Players::side`](crate::Players::side)): the
    /// scores a deal starts from.
    pub fn board_scores(&self) -> Vec<u32> {
        let mut start = vec![0; self.game.sides()];
        for (side, &score) in self.scores.iter().enumerate() {
            start[self.board_side(side)] = score;
        }
        start
    }

    /// Whether a side has won the match.
    pub(crate) fn is_over(&self) -> bool {
        self.won.iter().any(|&w| w >= self.games)
    }

    /// The side that has won the match, if one has.
    pub fn champion(&self) -> Option<usize> {
        self.won.iter().position(|&w| w >= self.games)
    }

    /// The scores of a deal's board, by the board's sides, as the match's sides.
    pub fn match_scores(&self, board: &[u32]) -> Vec<u32> {
        (0..self.scores.len())
            .map(|side| board[self.board_side(side)])
            .collect()
    }

    /// The player who takes the points overlooked in the count of the player in `seat`
    /// (muggins): the next to the left, with four players an opponent.
    pub fn muggins_taker(&self, seat: Seat) -> usize {
        self.player_at(Seat::new((seat.index() + 1) % self.game.players.count()))
    }

    /// The deal's events on the board in order, by side of the match, with a player's count
    /// taken as claimed and the points missed taken by [`Match::muggins_taker`]. Every event,
    /// counted or not.
    pub(crate) fn settled_events(&self, counted: &Counted, muggins: &[Muggins]) -> Vec<Scored> {
        self.settled_first(counted, muggins, usize::MAX)
    }

    /// [`Match::settled_events`] of the first `first` events of the board only.
    fn settled_first(&self, counted: &Counted, muggins: &[Muggins], first: usize) -> Vec<Scored> {
        let mut events = Vec::new();
        for event in counted.events.iter().chain(&counted.uncounted).take(first) {
            let side = self.side_of(self.player_at(event.player));
            let claim = muggins.iter().find(|m| is_count_of(event, m));
            match claim {
                Some(m) if m.claimed < event.points => {
                    events.push((side, m.claimed, Some(event.phase)));
                    let taker = self.muggins_taker(m.seat);
                    events.push((self.side_of(taker), event.points - m.claimed, None));
                }
                _ => events.push((side, event.points, Some(event.phase))),
            }
        }
        events
    }

    /// The settled events up to the one that reaches the game hole, if one does, that one
    /// held to the points that reach it: what the board pegs of the deal.
    pub fn counted_events(&self, counted: &Counted, muggins: &[Muggins]) -> Vec<Scored> {
        self.pegged(self.settled_events(counted, muggins))
    }

    /// The scores by side of the match once the first `first` events of the board have been
    /// counted (with the counts claimed so far), and whether the game has ended.
    pub fn scores_after(
        &self,
        counted: &Counted,
        muggins: &[Muggins],
        first: usize,
    ) -> (Vec<u32>, bool) {
        let mut scores = self.scores.clone();
        for (side, points, _) in self.pegged(self.settled_first(counted, muggins, first)) {
            scores[side] += points;
        }
        let over = scores.iter().any(|&s| s >= self.game.target);
        (scores, over)
    }

    /// Events from the scores of the match, up to the one that reaches the game hole, that one
    /// held to the points that reach it.
    fn pegged(&self, settled: Vec<Scored>) -> Vec<Scored> {
        let mut scores = self.scores.clone();
        let mut events = Vec::new();
        for (side, points, phase) in settled {
            // The board holds the winner at the game hole: points past it are not pegged.
            let pegged = points.min(self.game.target - scores[side]);
            scores[side] += pegged;
            events.push((side, pegged, phase));
            if scores[side] >= self.game.target {
                break;
            }
        }
        events
    }

    /// Settle a deal counted on the board (with any counts claimed short): the scores move,
    /// the next deal is numbered and dealt by the next player; a game that ends is scored to
    /// its winner and the loser deals the next. Returns the game it ended, if it did.
    pub fn settle(&mut self, counted: &Counted, muggins: &[Muggins]) -> Option<GameOver> {
        let events = self.counted_events(counted, muggins);
        self.settle_events(&events)
    }

    /// [`Match::settle`] from the deal's [`Match::counted_events`], already worked out.
    pub(crate) fn settle_events(&mut self, events: &[Scored]) -> Option<GameOver> {
        let target = self.game.target;
        let mut winner = None;
        for &(side, points, _) in events {
            self.scores[side] = (self.scores[side] + points).min(target);
            if self.scores[side] >= target {
                winner = Some(side);
                break;
            }
        }
        self.deal_number += 1;
        let Some(winner) = winner else {
            self.dealer = (self.dealer + 1) % self.game.players.count();
            return None;
        };
        let worst = (0..self.scores.len())
            .filter(|&s| s != winner)
            .map(|s| self.scores[s])
            .min()
            .unwrap_or(0);
        let skunk = self.game.skunk(worst);
        let counts = if skunk.is_some() { 2 } else { 1 };
        let over = GameOver {
            winner,
            scores: self.scores.clone(),
            skunk,
            counts,
        };
        self.won[winner] += counts;
        self.games_played += 1;
        self.scores = vec![0; self.game.sides()];
        let n = self.game.players.count();
        self.dealer = (1..=n)
            .map(|k| (self.dealer + k) % n)
            .find(|&p| self.side_of(p) != winner)
            .unwrap_or(0);
        Some(over)
    }
}

fn is_count_of(event: &BoardEvent, m: &Muggins) -> bool {
    match event.phase {
        Phase::Hand(seat) => !m.crib && seat == m.seat,
        Phase::Crib => m.crib && event.player == m.seat,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::sequence::Token;

    /// Every seat throws its first cards and plays its first legal card (go when none fits): a
    /// player of the rules alone, enough to play a match out.
    fn first_cards(table: &mut DealTable) {
        for seat in table.game.players.seats() {
            let throw = table.dealt[seat.index()][..table.throw_size()].to_vec();
            table.throw(seat, &throw).unwrap();
        }
        while table.play_at().turn.is_some() {
            let token = table.legal().first().map_or(Token::Go, |&c| Token::Card(c));
            table.play(token).unwrap();
        }
    }

    /// Play a whole match between crib's players: the scores only rise within a game, a game
    /// ends at the hole, the loser deals next, and the match ends with the games it needs.
    fn play(game: Game, games: u32) -> Match {
        let (mut m, cuts) = Match::new(game, 11, games);
        assert_eq!(cuts.len(), game.players.count());
        let low = cuts.iter().map(|c| c.rank().number()).min().unwrap();
        assert_eq!(cuts[m.dealer].rank().number(), low);
        while !m.is_over() {
            let mut table = m.deal();
            first_cards(&mut table);
            let before = m.scores.clone();
            let dealer = m.dealer;
            let counted = table.counted().unwrap();
            let mut gained = vec![0; before.len()];
            for (side, points, _) in m.counted_events(&counted, &[]) {
                gained[side] += points;
            }
            let over = m.settle(&counted, &[]);
            let end = over.as_ref().map_or(m.scores.clone(), |o| o.scores.clone());
            for side in 0..before.len() {
                assert_eq!(end[side], before[side] + gained[side]);
            }
            match over {
                None => {
                    assert!(m.scores.iter().zip(&before).all(|(a, b)| a >= b));
                    assert_eq!(m.dealer, (dealer + 1) % game.players.count());
                }
                Some(over) => {
                    assert_eq!(over.scores[over.winner], game.target);
                    assert_ne!(m.side_of(m.dealer), over.winner);
                    assert!(m.scores.iter().all(|&s| s == 0));
                }
            }
        }
        m
    }

    #[test]
    fn matches_of_every_size_end() {
        for (players, target, games) in [(2, 121, 2), (3, 61, 1), (4, 61, 2)] {
            let m = play(
                Game::new(Players::new(players).unwrap(), target).unwrap(),
                games,
            );
            assert!(m.won.iter().any(|&w| w >= games));
            assert!(m.games_played >= 1);
        }
    }

    /// A count claimed short gives the missed points to the next player.
    #[test]
    fn muggins_takes_what_is_missed() {
        let (m, _) = Match::new(Game::TWO, 4, 1);
        let mut table = m.deal();
        first_cards(&mut table);
        let counted = table.counted().unwrap();
        let pone_hand = counted
            .events
            .iter()
            .find(|e| e.phase == crate::rules::board::Phase::Hand(Seat::PONE))
            .unwrap()
            .points;
        assert!(pone_hand > 0, "a hand with points to miss");
        let claim = Muggins {
            seat: Seat::PONE,
            claimed: 0,
            crib: false,
        };
        let plain: u32 = m.settled_events(&counted, &[]).iter().map(|e| e.1).sum();
        let mugged = m.settled_events(&counted, &[claim]);
        assert_eq!(mugged.iter().map(|e| e.1).sum::<u32>(), plain);
        let pone_side = m.side_of(m.player_at(Seat::PONE));
        let pone_total: u32 = mugged
            .iter()
            .filter(|e| e.0 == pone_side)
            .map(|e| e.1)
            .sum();
        let plain_pone: u32 = m
            .settled_events(&counted, &[])
            .iter()
            .filter(|e| e.0 == pone_side)
            .map(|e| e.1)
            .sum();
        assert_eq!(pone_total + pone_hand, plain_pone);
    }
}
