//! The odds of players who play for the board: the chance of winning from every position when
//! both players throw as `crib discard --scores` ranks first and play as `crib play --scores`
//! ranks first, each valuing later positions by this same table.
//!
//! **The fixed point.** A player for the board values a deal's outcomes by the odds of the
//! position it leaves, and every deal leaves a position with a larger sum of scores (the
//! dealer pegs at least a go or the last card). Solved from the largest sum down, as the odds
//! of point players are, every position's players therefore already value what follows by
//! the new table: one pass gives the table that, fed back to its players, gives itself.
//! Iterating (solving again with players who read the table just made) moves nothing.
//!
//! **The deals.** A position's chance is the mean over deals. Players for the board choose
//! differently at every score, so their deals cannot be played once and shared by every
//! position as point players' are; but far from the end they mostly choose as point players
//! do. So each position takes the point players' deals of the committed odds
//! ([`crib::tables::model::odds::DEALS`] of them) and the first [`BOARD_DEALS`] of the same deals
//! played again by board players at that score, and combines them by regression (the point
//! players' deals as a control variate, see [`change_at`]): where the two play alike the
//! estimate has the precision of all the point players' deals, and where they differ it rests
//! on the board deals.
//!
//! **Fast enough to play every deal at every score.** A board player's decision is weighed
//! over many ways the rest of the deal can go, and none of them depends on the score: only
//! what each way is worth does. So each decision's ways are worked out once, as a
//! [`Remainder`] per choice (the discard: [`crib::tables::advice::for_game::discard::two::remainders`]; each card of
//! the play: [`crib::tables::advice::for_game::play::two::card_remainders`]), and read at every position in
//! microseconds. The play's decisions are found as the deals are played and remembered.

use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::generate::odds::{Later, deal_chances, solve_down};
use crate::selfplay::deals::{DealEvents, advice_for};
use crib::tables::advice::discard::{Role, Split};
use crib::tables::advice::for_game::discard::two::{ChoiceRemainders, remainders};
use crib::tables::advice::for_game::play::Known;
use crib::tables::advice::for_game::play::two::card_remainders;
use crib::tables::advice::for_game::remainder::Remainder;
use crib::tables::model::Models;
use crib::tables::model::odds::{Odds, Outlook, SCORES, SEED};
use crib::tables::rules::board::{GAME, Score, counted};
use crib::tables::rules::card::Card;
use crib::tables::rules::play::{Table, ranks_of};
use crib::tables::rules::seat::Players;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::sequence::Token;
use crib::tables::rules::show::his_heels;
use crib::tables::rules::shuffle::shuffled;
use crib::tables::rules::view::View;
use crib::tables::search::engine::{HandWeights, advise};

/// How many of the committed deals are played again by players for the board, at every
/// position.
pub const BOARD_DEALS: u64 = 1_000;

/// Two chances closer than this are a tie, broken as crib breaks ties: the choice best for
/// points first. (The same chance, added up in another order, can differ in its last bits.)
const TIE: f64 = 1e-12;

/// A decision of the play: the ranks the player may play, lowest first, and what the rest of
/// the deal makes of each; and the ranks best for points first, worked out when a tie of
/// chances and points needs them.
struct Node {
    view: View<2>,
    ranks: Vec<u8>,
    remainders: Vec<Remainder>,
    by_points: OnceLock<Vec<u8>>,
}

impl Node {
    /// The rank the player plays from `board`: the best chance; on a tie, the tied rank that
    /// pegs him more than the opponent on the same deals; on a tie of both, the tied rank best
    /// for points. (As `crib::tables::advice::for_game::play::play_for_board` ranks the cards.)
    fn choose(&self, seat: Seat, board: [u32; 2], next: &[f64]) -> u8 {
        let values: Vec<f64> = self
            .remainders
            .iter()
            .map(|r| mine(seat, r, board, next))
            .collect();
        let top = values.iter().copied().fold(f64::MIN, f64::max);
        let tied: Vec<usize> = (0..values.len())
            .filter(|&i| values[i] >= top - TIE)
            .collect();
        let net = |i: usize| self.remainders[i].mean_net(seat);
        let most = tied.iter().map(|&i| net(i)).fold(f64::MIN, f64::max);
        let tied: Vec<u8> = tied
            .into_iter()
            .filter(|&i| net(i) == most)
            .map(|i| self.ranks[i])
            .collect();
        if let [only] = tied[..] {
            return only;
        }
        let by_points = self.by_points.get_or_init(|| {
            advise(&self.view, HandWeights::Uniform)
                .options
                .iter()
                .map(|o| o.card.rank().number())
                .collect()
        });
        by_points
            .iter()
            .copied()
            .find(|r| tied.contains(r))
            .unwrap_or(tied[0])
    }
}

/// Which decision of the play, as the player to move sees it: his seat, the choice he kept (his
/// cards and his throw), and the play so far, card by card (six bits each: the card's number,
/// or 52 for go, after a leading 1), packed into one number. The other side's choice enters only
/// through the cards played.
type NodeKey = u128;

/// One deal of the committed stream, prepared to be played by players for the board at any
/// score.
pub struct BoardDeal {
    /// The pone's six cards, then the dealer's, then the starter.
    cards: Vec<Card>,
    /// By seat: every choice of the discard, best for points first, and the rest of the deal
    /// as crib's discard for the game weighs each.
    choices: [(Vec<Split>, ChoiceRemainders); 2],
    /// The decisions of the play met so far.
    nodes: Mutex<FxHashMap<NodeKey, Arc<Node>>>,
}

impl BoardDeal {
    /// Deal number `deal` of the committed odds' stream, its discards prepared with `models`.
    pub fn new(models: &Models, deal: u64) -> BoardDeal {
        let cards = shuffled(SEED, deal, 13);
        let choices = [Role::Pone, Role::Dealer].map(|role| {
            let dealt = &cards[6 * role.seat().index()..6 * role.seat().index() + 6];
            let advice = advice_for(models, dealt, role).expect("six distinct cards");
            let remainders = remainders(dealt, &advice.choices, role);
            (advice.choices, remainders)
        });
        BoardDeal {
            cards,
            choices,
            nodes: Mutex::default(),
        }
    }

    fn starter(&self) -> Card {
        self.cards[12]
    }

    /// The deal played by players for the board from `scores` (by seat), each valuing a later
    /// position by `next` (the chance that the player about to deal wins, by his score times
    /// 121 plus the other's): its scoring events in counting order, to the end of the deal or
    /// of the game.
    pub fn events(&self, scores: [u32; 2], next: &[f64]) -> Vec<Score> {
        let kept = [0, 1].map(|s| {
            let (choices, remainders) = &self.choices[s];
            let seat = Seat::new(s);
            // Choices alike are worth the same: each is weighed once.
            let mut values: Vec<f64> = Vec::with_capacity(choices.len());
            for (c, &first) in remainders.alike.iter().enumerate() {
                let value = if first == c {
                    mine(seat, remainders.of(c), scores, next)
                } else {
                    values[first]
                };
                values.push(value);
            }
            let index = best(values.into_iter());
            (index, &choices[index])
        });
        let starter = self.starter();
        let mut board = scores;
        board[Seat::DEALER.index()] += u32::from(his_heels(starter));
        let mut play: Vec<Score> = Vec::with_capacity(12);
        let hands = kept.map(|(_, c)| c.keep);
        let mut table = Table::<2>::new(hands.map(|h| ranks_of(&h)));
        let mut left = hands.map(|h| h.to_vec());
        let mut tokens: Vec<Token> = Vec::with_capacity(12);
        // The play so far as [`NodeKey`] packs it: six bits a token after a leading 1 (so that
        // plays of different lengths differ), then the choice and the seat.
        let mut played: u128 = 1;
        while !table.is_over() && board.iter().all(|&s| s < GAME) {
            let seat = table.turn();
            let legal: Vec<u8> = table.legal().collect();
            let rank = match legal.len() {
                0 => None,
                1 => Some(legal[0]),
                _ => {
                    let key = played << 5 | (kept[seat].0 as u128) << 1 | seat as u128;
                    let node = self.node(key, &hands, kept.map(|k| &k.1.throw[..]), &tokens);
                    Some(node.choose(Seat::new(seat), board, next))
                }
            };
            let points = match rank {
                None => {
                    tokens.push(Token::Go);
                    played = played << 6 | 52;
                    table.go()
                }
                Some(rank) => {
                    let at = left[seat].iter().position(|c| c.rank().number() == rank);
                    let card = left[seat].remove(at.expect("a legal rank is held"));
                    tokens.push(Token::Card(card));
                    played = played << 6 | u128::from(card.index().unwrap_or(52));
                    table.play(rank)
                }
            };
            for (s, &p) in points.iter().enumerate().filter(|(_, p)| **p > 0) {
                play.push((Seat::new(s), p));
                board[s] += u32::from(p);
            }
        }
        let [pone, dealer] = kept.map(|k| &k.1.throw);
        counted(
            &hands,
            [pone[0], pone[1], dealer[0], dealer[1]],
            starter,
            &play,
        )
    }

    /// The decision `key`, worked out the first time it is met.
    fn node(
        &self,
        key: NodeKey,
        hands: &[[Card; 4]; 2],
        throws: [&[Card]; 2],
        tokens: &[Token],
    ) -> Arc<Node> {
        if let Some(node) = self.nodes.lock().expect("not poisoned").get(&key) {
            return Arc::clone(node);
        }
        let seat = (key & 1) as usize;
        let starter = self.starter();
        let mut seen = throws[seat].to_vec();
        seen.push(starter);
        let view = View::<2>::new(&hands[seat], Seat::new(seat), &seen, tokens)
            .expect("the play so far is legal");
        let mut cards: Vec<Card> = Vec::new();
        for card in view.legal_cards() {
            if !cards.iter().any(|c| c.rank() == card.rank()) {
                cards.push(card);
            }
        }
        cards.sort_by_key(|c| c.rank());
        let known = Known {
            starter,
            thrown: throws[seat],
        };
        let remainders = card_remainders(&view, &known, &cards);
        let node = Arc::new(Node {
            view,
            ranks: cards.iter().map(|c| c.rank().number()).collect(),
            remainders,
            by_points: OnceLock::new(),
        });
        let mut nodes = self.nodes.lock().expect("not poisoned");
        Arc::clone(nodes.entry(key).or_insert(node))
    }

    /// How many decisions of the play have been worked out.
    pub fn decisions(&self) -> usize {
        self.nodes.lock().expect("not poisoned").len()
    }
}

/// The chance of the player in `seat` from `board`, the rest of the deal as `remainder` has it.
fn mine(seat: Seat, remainder: &Remainder, board: [u32; 2], next: &[f64]) -> f64 {
    let dealer = remainder.dealer_wins(board, next);
    if seat == Seat::DEALER {
        dealer
    } else {
        1.0 - dealer
    }
}

/// The first of `values` that no later one beats by more than [`TIE`].
fn best(values: impl Iterator<Item = f64>) -> usize {
    let mut top: Option<(usize, f64)> = None;
    for (i, v) in values.enumerate() {
        if top.is_none_or(|(_, b)| v > b + TIE) {
            top = Some((i, v));
        }
    }
    top.map_or(0, |(i, _)| i)
}

/// A position's outlook in whole units: millionths of each chance, and points.
pub type Tally = [i64; 7];

/// What playing for the board changes in a position's outlook: billionths of each chance, and
/// of a point.
pub type Change = [i64; 7];

/// One deal's outlook, as [`crate::generate::odds::deal_outlook`] gives it, in millionths of each
/// chance and whole points: exact, since the table keeps every chance in whole millionths.
pub fn tally(d: u32, p: u32, deal: &DealEvents, later: &Later) -> Tally {
    let (chances, points) = deal_chances(d, p, deal, 1_000_000, |dealer, pone| {
        later.millionths[dealer][pone]
    });
    [
        chances[0],
        chances[1],
        chances[2],
        chances[3],
        chances[4],
        i64::from(points[1]),
        i64::from(points[0]),
    ]
}

/// The point players' tally over `deals` at a position.
fn base(d: u32, p: u32, deals: &[DealEvents], later: &Later) -> Tally {
    deals.iter().fold([0; 7], |t, deal| {
        let one = tally(d, p, deal, later);
        std::array::from_fn(|i| t[i] + one[i])
    })
}

/// The outlook from the point players' tally over `n` deals and the change playing for the
/// board makes, rounded as the table keeps it (chances in millionths, points in hundredths).
pub fn outlook_of(base: Tally, n: u64, change: Change) -> Outlook {
    let mean = |i: usize| base[i] as f64 / n as f64;
    let chance = |i: usize| (mean(i) + change[i] as f64 / 1e3).round().clamp(0.0, 1e6) / 1e6;
    let points = |i: usize| {
        ((mean(i) + change[i] as f64 / 1e9) * 100.0)
            .round()
            .max(0.0)
            / 100.0
    };
    Outlook {
        win: chance(0),
        skunk_win: chance(1),
        skunked: chance(2),
        double_skunk_win: chance(3),
        double_skunked: chance(4),
        dealer_points: points(5),
        pone_points: points(6),
    }
}

/// The change playing for the board makes at a position, from each board deal's tally and the
/// same deal's as the point players played it (`pairs`), and the point players' tally over all
/// their deals, `base` over `n`: a regression estimate. Each part of the outlook is the board
/// deals' mean less β times how far the point players' mean on those deals is from their mean
/// over all, β the slope of the board deals' chances on the point players' (1 where the point
/// players' never vary), held between 0 and 1. Where the two play alike, β is 1 and only the
/// deals that differ count; where they share little (near the end, where board players peg for
/// the hole), β falls and the estimate leans on the board deals alone. Also the standard error
/// of the dealer's chance, left by the board deals.
pub fn change_at(pairs: &[(Tally, Tally)], base: Tally, n: u64) -> (Change, f64) {
    let m = pairs.len().max(1) as f64;
    let mean = |f: &dyn Fn(&(Tally, Tally)) -> f64| pairs.iter().map(f).sum::<f64>() / m;
    let (b, p) = (
        |x: &(Tally, Tally)| x.0[0] as f64,
        |x: &(Tally, Tally)| x.1[0] as f64,
    );
    let (mb, mp) = (mean(&b), mean(&p));
    let var_p = mean(&|x| (p(x) - mp) * (p(x) - mp));
    let cov = mean(&|x| (b(x) - mb) * (p(x) - mp));
    let var_b = mean(&|x| (b(x) - mb) * (b(x) - mb));
    let beta = if var_p > 0.0 {
        (cov / var_p).clamp(0.0, 1.0)
    } else {
        1.0
    };
    let change = std::array::from_fn(|i| {
        let all = base[i] as f64 / n as f64;
        let estimate = mean(&|x| x.0[i] as f64) - beta * (mean(&|x| x.1[i] as f64) - all);
        let scale = if i < 5 { 1e3 } else { 1e9 };
        ((estimate - all) * scale).round() as i64
    });
    let left = (var_b - 2.0 * beta * cov + beta * beta * var_p).max(0.0);
    (change, (left / (m - 1.0).max(1.0)).sqrt() / 1e6)
}

/// `o` held to what every table of chances obeys, which the error of a sample alone could
/// break: the dealer's chance no higher than with a point more for him, no lower than with a
/// point more for the pone (both solved already: their sums are larger); a skunk no likelier
/// than the win it is, a double skunk than the skunk. Also how far the dealer's chance moved.
pub fn held(o: Outlook, d: usize, p: usize, table: &[[Outlook; SCORES]]) -> (Outlook, f64) {
    let high = if d + 1 < SCORES {
        table[d + 1][p].win
    } else {
        1.0
    };
    let low = if p + 1 < SCORES {
        table[d][p + 1].win
    } else {
        0.0
    };
    let win = o.win.clamp(low, high);
    let skunk_win = o.skunk_win.min(win);
    let skunked = o.skunked.min(table_complement(win));
    let held = Outlook {
        win,
        skunk_win,
        skunked,
        double_skunk_win: o.double_skunk_win.min(skunk_win),
        double_skunked: o.double_skunked.min(skunked),
        ..o
    };
    (held, win - o.win)
}

/// The pone's chance when the dealer's is `win`, as the table keeps it: in millionths.
fn table_complement(win: f64) -> f64 {
    (1e6 - (win * 1e6).round()) / 1e6
}

/// The odds of players for the board, and what they were solved with.
pub struct BoardOdds {
    /// The chances.
    pub odds: Odds,
    /// By dealer's score, then pone's: the change playing for the board made (what
    /// [`outlook_of`] takes).
    pub changes: Vec<[Change; SCORES]>,
    /// By dealer's score, then pone's: on how many of the board deals the outcome changed.
    pub differed: Vec<[u32; SCORES]>,
    /// By dealer's score, then pone's: the standard error of the dealer's chance from the board
    /// deals.
    pub se: Vec<[f64; SCORES]>,
    /// By dealer's score, then pone's: how far [`held`] moved the dealer's chance.
    pub held: Vec<[f64; SCORES]>,
}

/// The deals of the witness: the first few board deals, each played at [`witness_positions`],
/// kept beside the table so that a test can play them again.
pub const WITNESS_DEALS: u64 = 3;

/// The positions (dealer's score, pone's) the witness deals are kept at: the start, level
/// scores up the board, and a grid near the end, where playing for the board changes most.
pub fn witness_positions() -> Vec<(u32, u32)> {
    let mut positions: Vec<(u32, u32)> = [0, 30, 60, 90, 100, 110, 115, 118, 120]
        .iter()
        .map(|&s| (s, s))
        .collect();
    for d in [85, 100, 108, 113, 117, 119] {
        for p in [80, 96, 105, 112, 116, 119] {
            if d != p {
                positions.push((d, p));
            }
        }
    }
    positions
}

/// Solve every position: the point players' `deals`, and the change the players for the board
/// make to the first of them, `board` (prepared from the same deals, in order). `progress` is
/// told each position solved.
pub fn solve_board(
    deals: &[DealEvents],
    board: &[BoardDeal],
    mut progress: impl FnMut(usize, usize),
) -> BoardOdds {
    let mut changes = vec![[[0i64; 7]; SCORES]; SCORES];
    let mut differed = vec![[0u32; SCORES]; SCORES];
    let mut errors = vec![[0.0; SCORES]; SCORES];
    let mut held_by = vec![[0.0; SCORES]; SCORES];
    let n = deals.len() as u64;
    let odds = solve_down(
        Players::TWO,
        |d, p, later| {
            let base = base(d, p, deals, later);
            // Near the end a sum of scores holds few positions: the deals share the cores.
            let pairs: Vec<(Tally, Tally)> = deals[..board.len()]
                .par_iter()
                .zip(board)
                .map(|(deal, played)| {
                    let point = tally(d, p, deal, later);
                    let events = played.events([p, d], &later.wins);
                    if events == deal.events {
                        return (point, point);
                    }
                    (tally(d, p, &DealEvents::new(events), later), point)
                })
                .collect();
            let differ = pairs.iter().filter(|(b, p)| b != p).count() as u32;
            let (change, se) = change_at(&pairs, base, n);
            let (o, moved) = held(
                outlook_of(base, n, change),
                d as usize,
                p as usize,
                &later.table,
            );
            (o, (change, differ, se, moved))
        },
        |d, p, (change, differ, se, moved)| {
            changes[d][p] = change;
            differed[d][p] = differ;
            errors[d][p] = se;
            held_by[d][p] = moved;
            progress(d, p);
        },
    );
    BoardOdds {
        odds,
        changes,
        differed,
        se: errors,
        held: held_by,
    }
}

/// The table again from the point players' `deals` and the committed `changes`: the arithmetic
/// of [`solve_board`] without playing the board deals.
pub fn solve_from_changes(deals: &[DealEvents], changes: &[[Change; SCORES]]) -> Odds {
    let n = deals.len() as u64;
    solve_down(
        Players::TWO,
        |d, p, later| {
            let base = base(d, p, deals, later);
            let (d, p) = (d as usize, p as usize);
            (
                held(outlook_of(base, n, changes[d][p]), d, p, &later.table).0,
                (),
            )
        },
        |_, _, ()| {},
    )
}

/// The first `count` deals of the committed stream prepared for players for the board, on
/// every core.
pub fn board_deals(models: &Models, count: u64) -> Vec<BoardDeal> {
    (0..count)
        .into_par_iter()
        .map(|deal| BoardDeal::new(models, deal))
        .collect()
}
