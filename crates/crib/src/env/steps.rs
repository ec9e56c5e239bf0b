//! A game stepped one card at a time, for programs that learn: the same deals, throws, play
//! and counting as `crib game` and `crib match` (a [`Match`] dealing [`DealTable`]s, each deal
//! settled on the board in the rules' order), asked of one seat at a time. A throw of two is two
//! steps of one card each; a player with no card that fits says go by itself, never asked; once a
//! side reaches the hole the deal's other cards are played out by the rules and the game ends.

use crate::model::Models;
use crate::players::level::Level;
use crate::players::seen::Seen;
use crate::players::turns::play_out;
use crate::rules::board::Game;
use crate::rules::card::Card;
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::sequence::{Pegging, Replaying, Token};
use crate::state::deal::{DealTable, PlayAt, Refusal};
use crate::state::session::{GameOver, Match};

/// What the seat to act is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// A card to throw to the crib, `left` more to go (counting this one).
    Throw {
        /// Cards still to throw, this one included.
        left: usize,
    },
    /// A card to play (one fits: a go is said by itself).
    Play,
}

/// A game to its end, one card at a time.
#[derive(Debug, Clone)]
pub struct Steps {
    m: Match,
    table: DealTable,
    /// The cards the seat throwing has chosen so far.
    pending: Vec<Card>,
    over: Option<GameOver>,
    /// The points each side of the match scored in the deal settled last.
    last_deal: Vec<u32>,
    /// The deal settled last, as it was played, and the player who dealt it.
    settled: Option<(DealTable, usize)>,
    /// The deal's play as it stands: every question of a step asks it, so it is kept, each
    /// move's token added to it, rather than replayed at every question.
    now: Now,
}

/// The deal's play so far, scored, where it stands, the cards that fit for the seat to play,
/// and the scores now by the table's sides.
#[derive(Debug, Clone)]
struct Now {
    play: Play,
    at: PlayAt,
    fits: Vec<Card>,
    scores: Vec<u32>,
}

impl Steps {
    /// One game of `game`, seeded `seed`: the deals `crib game --seed SEED` deals (the first
    /// dealer cut for, the deal passing to the left).
    pub fn new(game: Game, seed: u64) -> Steps {
        let (m, _) = Match::new(game, seed, 1);
        let table = m.deal();
        let now = Now {
            play: Play::new(game.players),
            at: PlayAt {
                turn: None,
                count: 0,
            },
            fits: Vec::new(),
            scores: Vec::new(),
        };
        let mut steps = Steps {
            last_deal: vec![0; game.sides()],
            settled: None,
            m,
            table,
            pending: Vec::new(),
            over: None,
            now,
        };
        steps.replay();
        steps.advance();
        steps
    }

    /// The game.
    pub(crate) fn game(&self) -> Game {
        self.m.game
    }

    /// The match: who deals, the scores before the deal under way by side.
    pub fn match_state(&self) -> &Match {
        &self.m
    }

    /// The deal under way.
    pub fn table(&self) -> &DealTable {
        &self.table
    }

    /// The deal's play so far, scored (what [`DealTable::pegging`] replays).
    pub(crate) fn pegging(&self) -> &Pegging {
        self.now.play.pegging()
    }

    /// Where the deal's play stands (what [`DealTable::play_at`] replays).
    pub(crate) fn play_at(&self) -> &PlayAt {
        &self.now.at
    }

    /// The cards the seat to play may play now (what [`DealTable::legal`] replays).
    fn fits(&self) -> &[Card] {
        &self.now.fits
    }

    /// The play replayed afresh from the table's tokens: a new deal, or the deal dealt again.
    pub(crate) fn replay(&mut self) {
        let mut play = Play::new(self.game().players);
        for &token in &self.table.tokens {
            play.push(token);
        }
        self.now.play = play;
        self.refresh();
    }

    /// Where the play stands, the cards that fit and the scores: after a move, or the throws
    /// made (his heels, once the starter is turned).
    fn refresh(&mut self) {
        self.now.at = self.now.play.at();
        self.now.fits = self.table.legal_after(self.pegging(), self.play_at());
        self.now.scores = self.table.scores_after(self.pegging());
    }

    /// The scores now by the table's sides ([`DealTable::scores_now`]).
    pub(crate) fn table_scores(&self) -> &[u32] {
        &self.now.scores
    }

    /// The seat to play plays `token`, one the table checked or the rules call for.
    fn push(&mut self, token: Token) {
        self.table.tokens.push(token);
        self.now.play.push(token);
        self.refresh();
    }

    /// The cards the seat throwing has chosen so far.
    pub(crate) fn pending(&self) -> &[Card] {
        &self.pending
    }

    /// The deal under way, to deal again ([`Steps::resample_for`]).
    pub(crate) fn table_mut(&mut self) -> &mut DealTable {
        &mut self.table
    }

    /// The cards chosen so far of a throw being made, each as `swap` deals it again.
    pub(crate) fn remap_pending(&mut self, swap: &std::collections::HashMap<Card, Card>) {
        for card in &mut self.pending {
            *card = *swap.get(card).unwrap_or(card);
        }
    }

    /// The deals to come shuffled from `seed` instead.
    pub(crate) fn reseed(&mut self, seed: u64) {
        self.m.seed = crate::rules::shuffle::Rng::new(seed ^ 0x7265_7365_6564).below(u64::MAX);
    }

    /// The game's end, once a side has reached the hole.
    pub fn over(&self) -> Option<&GameOver> {
        self.over.as_ref()
    }

    /// The points each side of the match scored in the deal settled last (none yet: zeros).
    pub fn last_deal(&self) -> &[u32] {
        &self.last_deal
    }

    /// The deal settled last, as it was played (its cards, throws, starter, play and the
    /// scores before it: what `crib deal -` recounts), and the player who dealt it.
    pub fn settled(&self) -> Option<(&DealTable, usize)> {
        self.settled
            .as_ref()
            .map(|(table, dealer)| (table, *dealer))
    }

    /// The scores now by side of the match (a player, or with four players a partnership:
    /// side 0 is player 0 and player 2), the deal under way counted so far.
    pub fn scores(&self) -> Vec<u32> {
        match &self.over {
            Some(over) => over.scores.clone(),
            None => self.m.match_scores(self.table_scores()),
        }
    }

    /// The seat to act and what it is asked; `None` once the game is over.
    pub fn to_act(&self) -> Option<(Seat, Ask)> {
        if self.over.is_some() {
            return None;
        }
        if let Some(seat) = self
            .m
            .game
            .players
            .seats()
            .find(|s| self.table.throws[s.index()].is_none())
        {
            let left = self.table.throw_size() - self.pending.len();
            return Some((seat, Ask::Throw { left }));
        }
        self.play_at().turn.map(|seat| (seat, Ask::Play))
    }

    /// The cards the seat to act may choose, in the order of its hand (none once the game is
    /// over).
    pub fn legal(&self) -> Vec<Card> {
        match self.to_act() {
            Some((seat, Ask::Throw { .. })) => self.table.dealt[seat.index()]
                .iter()
                .filter(|c| !self.pending.contains(c))
                .copied()
                .collect(),
            Some((_, Ask::Play)) => self.fits().to_vec(),
            None => Vec::new(),
        }
    }

    /// What `seat` sees now, as crib's players and engines are told it: a throw being made
    /// one card at a time shows as not yet made.
    pub(crate) fn seen(&self, seat: Seat) -> Seen {
        Seen::of(&self.table, seat)
    }

    /// The card crib's player of `level` would choose for the seat to act (its throw's next
    /// card, while throwing); `None` once the game is over.
    pub fn choice(&self, models: &Models, level: Level) -> Option<Card> {
        let (seat, ask) = self.to_act()?;
        let seen = self.seen(seat);
        match ask {
            Ask::Throw { .. } => level
                .throw(models, &seen)
                .ok()?
                .into_iter()
                .find(|c| !self.pending.contains(c)),
            Ask::Play => match level.play(models, &seen).ok()? {
                Token::Card(card) => Some(card),
                Token::Go => None,
            },
        }
    }

    /// The seat to act chooses `card`: a card of its throw, or the card it plays. A card it may
    /// not choose is refused, and nothing changes. True when a deal was settled by it (its
    /// points in [`Steps::last_deal`]; the game may be over).
    pub fn act(&mut self, card: Card) -> Result<bool, Refusal> {
        let Some((seat, ask)) = self.to_act() else {
            return Err(Refusal::NotYourTurn);
        };
        match ask {
            Ask::Throw { left } => {
                if self.pending.contains(&card) {
                    return Err(Refusal::Twice(card));
                }
                if !self.table.dealt[seat.index()].contains(&card) {
                    return Err(Refusal::NotHeld(card));
                }
                self.pending.push(card);
                if left == 1 {
                    let throw = std::mem::take(&mut self.pending);
                    self.table.throw(seat, &throw)?;
                    // The cards kept are known now: those that fit, once the play starts.
                    self.refresh();
                }
            }
            Ask::Play => {
                // A legal card is played as the table would play it, without asking the
                // table to replay the play again to check it; any other, the table refuses.
                if !self.fits().contains(&card) {
                    // Refused in the table's words (the cards that fit are the table's).
                    let refused = self.table.clone().play(Token::Card(card)).err();
                    return Err(refused.unwrap_or(Refusal::NotHeld(card)));
                }
                self.push(Token::Card(card));
            }
        }
        Ok(self.advance())
    }

    /// Say go for a seat with no card that fits, and settle a deal whose play is over (or
    /// whose game a side has won): true when a deal was settled.
    fn advance(&mut self) -> bool {
        if !self.table.all_thrown() {
            return false;
        }
        loop {
            let target = self.game().target;
            let won = self.table_scores().iter().any(|&s| s >= target);
            if won || self.play_at().turn.is_none() {
                self.settle();
                return true;
            }
            if !self.fits().is_empty() {
                return false;
            }
            // Go: the seat to play has no card that fits.
            self.push(Token::Go);
        }
    }

    /// Count the deal on the board, as `crib match` counts it: a play a side has won is played
    /// out by the rules (nothing it adds counts); then the next deal, or the game's end.
    fn settle(&mut self) {
        if self.play_at().turn.is_some() {
            // A side has won before the play's end.
            play_out(Models::committed(), &mut self.table, Level::Greedy);
        }
        let counted = self
            .table
            .counted()
            .expect("a deal played at the table counts");
        let events = self.m.counted_events(&counted, &[]);
        self.last_deal = vec![0; self.m.game.sides()];
        for &(side, points, _) in &events {
            self.last_deal[side] += points;
        }
        let dealer = self.m.dealer;
        match self.m.settle_events(&events) {
            Some(over) => {
                self.over = Some(over);
                self.settled = Some((self.table.clone(), dealer));
            }
            None => {
                let table = std::mem::replace(&mut self.table, self.m.deal());
                self.settled = Some((table, dealer));
            }
        }
        self.replay();
    }
}

/// The deal's play replayed a token at a time, for the game's number of players.
#[derive(Debug, Clone)]
enum Play {
    Two(Replaying<2>),
    Three(Replaying<3>),
    Four(Replaying<4>),
}

impl Play {
    fn new(players: Players) -> Play {
        match players.count() {
            2 => Play::Two(Replaying::new(20)),
            3 => Play::Three(Replaying::new(28)),
            _ => Play::Four(Replaying::new(32)),
        }
    }

    /// The next token, one the rules allow (the steps check every move first).
    fn push(&mut self, token: Token) {
        let pushed = match self {
            Play::Two(play) => play.push(0, token),
            Play::Three(play) => play.push(0, token),
            Play::Four(play) => play.push(0, token),
        };
        pushed.expect("the steps check every move");
    }

    fn pegging(&self) -> &Pegging {
        match self {
            Play::Two(play) => play.pegging(),
            Play::Three(play) => play.pegging(),
            Play::Four(play) => play.pegging(),
        }
    }

    fn at(&self) -> PlayAt {
        fn at<const N: usize>(play: &Replaying<N>) -> PlayAt {
            let state = play.state();
            PlayAt {
                turn: (!state.is_over()).then(|| Seat::new(state.turn())),
                count: state.count(),
            }
        }
        match self {
            Play::Two(play) => at(play),
            Play::Three(play) => at(play),
            Play::Four(play) => at(play),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::seat::Players;

    /// The play as the steps keep it (replayed once a move) is the table's, replayed afresh:
    /// the play scored, whose turn, the count, the cards that fit and the scores.
    fn same_as_the_table(steps: &Steps) {
        let table = steps.table();
        assert_eq!(*steps.pegging(), table.pegging());
        assert_eq!(*steps.play_at(), table.play_at());
        assert_eq!(steps.table_scores(), table.scores_now());
        if table.all_thrown() {
            assert_eq!(steps.fits(), table.legal());
        }
    }

    /// Random cards at every seat, for 2, 3 and 4 players, and a game dealt again for a player
    /// now and then: the play the steps keep is always the table's.
    #[test]
    fn the_play_kept_is_the_tables() {
        for players in Players::ALL {
            let game = Game::new(players, 61).unwrap();
            for seed in 0..4u64 {
                let mut steps = Steps::new(game, seed);
                let mut pick = seed;
                while steps.over().is_none() {
                    let legal = steps.legal();
                    pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    steps
                        .act(legal[(pick >> 33) as usize % legal.len()])
                        .unwrap();
                    same_as_the_table(&steps);
                    if pick.is_multiple_of(7) {
                        let player = (pick >> 40) as usize % players.count();
                        steps = steps.resample_for(player, pick).unwrap();
                        same_as_the_table(&steps);
                    }
                }
            }
        }
    }

    /// crib's expert at every seat, a card at a time: every deal reaches its end and the game
    /// its hole; a card not held, or thrown twice, is refused and changes nothing.
    #[test]
    fn a_game_steps_to_its_end() {
        let models = Models::committed();
        for players in Players::ALL {
            let game = Game::new(players, 61).unwrap();
            let mut steps = Steps::new(game, 7);
            let (seat, ask) = steps.to_act().unwrap();
            assert!(matches!(ask, Ask::Throw { left } if left == game.players.deal_shape().1));
            let stranger = Card::deck()
                .find(|c| !steps.table().dealt[seat.index()].contains(c))
                .unwrap();
            let before = steps.clone().pending().len();
            assert_eq!(steps.act(stranger), Err(Refusal::NotHeld(stranger)));
            assert_eq!(steps.pending().len(), before);
            let mut deals = 0;
            while steps.over().is_none() {
                let card = steps.choice(models, Level::Expert).unwrap();
                assert!(steps.legal().contains(&card));
                deals += u32::from(steps.act(card).unwrap());
                same_as_the_table(&steps);
            }
            let over = steps.over().unwrap();
            assert!(over.scores[over.winner] >= 61, "{over:?}");
            assert_eq!(steps.to_act(), None);
            assert!(deals > 1);
        }
    }
}
