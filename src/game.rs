//! The game to 121: whole deals played by crib's own players, and the chance of winning from
//! every position on the board.
//!
//! **The players.** Each deal gives both players six cards and turns a starter. Each keeps the
//! four cards `crib discard` advises (the expert crib model, the play counted); both play every
//! card as crib's engine advises (against the hands the expert model keeps, as the pegging
//! table is made); the hands and the crib are counted exactly. The board does not change how
//! they play: they play for points, not for the win.
//!
//! **The odds.** A deal is kept as its scoring events in counting order (his heels, the play
//! card by card, the pone's hand, the dealer's hand, the crib), so that near 121 the order
//! decides who gets there first. From a sample of such deals, the chance that the dealer wins
//! from every position (dealer's score, pone's score) is a dynamic programme: a deal either
//! ends the game (whoever reaches 121 first among its events) or leads to a later position
//! with the deal passing to the other player, and every deal gives the dealer at least one
//! point (a go or the last card), so later positions are always solved first. The deal's phases
//! are taken together, as they fell in each sampled deal: a hand full of fives pegs and counts
//! differently, and the sample keeps that.

use rayon::prelude::*;

use crate::card::Card;
use crate::deal::{GAME, SKUNK_LINE};
use crate::discard::{CribModel, PlayModel, Role, advise};
use crate::pegging::{Decisions, play_out};
use crate::play::{DEALER, PONE};
use crate::score::{HandKind, score};

/// The first `n` cards of a deck shuffled by a seeded generator: deal number `deal` of the
/// stream `seed`. The same on every machine.
pub fn shuffled(seed: u64, deal: u64, n: usize) -> Vec<Card> {
    shuffled_indices(seed, deal, n, 52)
        .into_iter()
        .map(|i| Card::from_index(i as u8))
        .collect()
}

/// The first `n` of the numbers `0..len` shuffled by a seeded generator (a partial
/// Fisher-Yates shuffle driven by xorshift).
fn shuffled_indices(seed: u64, deal: u64, n: usize, len: usize) -> Vec<usize> {
    let mut state = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(deal.wrapping_mul(0xBF58_476D_1CE4_E5B9))
        | 1;
    let mut items: Vec<usize> = (0..len).collect();
    for i in 0..n.min(len) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let j = i + (state % (len - i) as u64) as usize;
        items.swap(i, j);
    }
    items.truncate(n.min(len));
    items
}

/// One scoring event: the seat ([`PONE`] or [`DEALER`]) and its points.
pub type Score = (u8, u8);

/// A deal's scoring events in counting order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealEvents {
    /// Every event that scored, in order.
    pub events: Vec<Score>,
    /// The pone's points, and the dealer's, over the whole deal.
    pub totals: [u32; 2],
}

impl DealEvents {
    fn new(events: Vec<Score>) -> DealEvents {
        let mut totals = [0u32; 2];
        for &(seat, points) in &events {
            totals[usize::from(seat)] += u32::from(points);
        }
        DealEvents { events, totals }
    }
}

/// Deal number `deal` of the stream `seed`, played by crib's players: its scoring events.
pub fn play_deal(seed: u64, deal: u64, decisions: &Decisions) -> DealEvents {
    let cards = shuffled(seed, deal, 13);
    let starter = cards[12];
    let keep = |dealt: &[Card], role| {
        let advice = advise(dealt, 2, role, CribModel::Expert, PlayModel::Engine, None)
            .expect("six distinct cards with suits");
        let best = &advice.choices[0];
        (best.keep, [best.throw[0], best.throw[1]])
    };
    let (pone, pone_throw) = keep(&cards[..6], Role::Pone);
    let (dealer, dealer_throw) = keep(&cards[6..12], Role::Dealer);
    let crib = [
        pone_throw[0],
        pone_throw[1],
        dealer_throw[0],
        dealer_throw[1],
    ];
    let play = play_events(pone, dealer, decisions);
    DealEvents::new(counted(pone, dealer, crib, starter, &play))
}

/// The play of two kept hands by crib's engine on both sides: each scoring event in order.
fn play_events(pone: [Card; 4], dealer: [Card; 4], decisions: &Decisions) -> Vec<Score> {
    let ranks = |hand: [Card; 4]| hand.map(|c| c.rank().number());
    let (_, tokens) = play_out(ranks(pone), ranks(dealer), decisions);
    let pegging = crate::peg::peg(&tokens, 2).expect("the engine plays legally");
    pegging
        .events
        .iter()
        .filter(|e| e.points() > 0)
        .map(|e| (e.player as u8, e.points() as u8))
        .collect()
}

/// A deal's scoring events in counting order: his heels, the play, the pone's hand, the
/// dealer's hand, the crib (those that score).
fn counted(
    pone: [Card; 4],
    dealer: [Card; 4],
    crib: [Card; 4],
    starter: Card,
    play: &[Score],
) -> Vec<Score> {
    let mut events = Vec::with_capacity(play.len() + 4);
    if starter.rank().number() == 11 {
        events.push((DEALER as u8, 2));
    }
    events.extend_from_slice(play);
    events.push((PONE as u8, score(&pone, starter, HandKind::Hand)));
    events.push((DEALER as u8, score(&dealer, starter, HandKind::Hand)));
    events.push((DEALER as u8, score(&crib, starter, HandKind::Crib)));
    events.retain(|e| e.1 > 0);
    events
}

/// `count` deals of the stream `seed`, on every core. The same on every run.
pub fn sample_deals(seed: u64, count: u64) -> Vec<DealEvents> {
    let decisions = Decisions::committed();
    (0..count)
        .into_par_iter()
        .map(|deal| play_deal(seed, deal, &decisions))
        .collect()
}

/// Scores 0 to 120 for each player.
pub const SCORES: usize = GAME as usize;

/// What can happen from one position, for the player about to deal.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Outlook {
    /// The chance the dealer wins the game.
    pub win: f64,
    /// The chance the dealer wins with the pone short of 91 (a skunk, double ones included).
    pub skunk_win: f64,
    /// The chance the pone wins with the dealer short of 91.
    pub skunked: f64,
    /// The dealer's expected points this deal (counted until the game ends, if it does).
    pub dealer_points: f64,
    /// The pone's expected points this deal.
    pub pone_points: f64,
}

impl Outlook {
    /// The same position seen by the pone: the pone's chances, and the pone's expected points
    /// first (in `dealer_points`, which are then "yours").
    pub fn for_pone(&self) -> Outlook {
        Outlook {
            win: 1.0 - self.win,
            skunk_win: self.skunked,
            skunked: self.skunk_win,
            dealer_points: self.pone_points,
            pone_points: self.dealer_points,
        }
    }
}

/// The outlook from every position: `[dealer's score][pone's score]`.
#[derive(Debug, Clone, PartialEq)]
pub struct Odds {
    /// By dealer's score, then pone's score.
    pub table: Vec<[Outlook; SCORES]>,
}

impl Odds {
    /// The outlook with the dealer at `dealer` and the pone at `pone` (each 0 to 120).
    pub fn get(&self, dealer: u32, pone: u32) -> Outlook {
        self.table[dealer as usize][pone as usize]
    }

    /// The chance that a player at `you`, dealing or not, beats an opponent at `opponent`:
    /// win, win by a skunk, skunked; and the expected points this deal of each.
    pub fn for_player(&self, you: u32, opponent: u32, dealing: bool) -> Outlook {
        if dealing {
            self.get(you, opponent)
        } else {
            self.get(opponent, you).for_pone()
        }
    }
}

/// Solve every position from a sample of deals.
pub fn solve(deals: &[DealEvents]) -> Odds {
    let mut table = vec![[Outlook::default(); SCORES]; SCORES];
    let n = deals.len() as f64;
    // A deal adds at least one point to the dealer, so every position a deal leads to has a
    // larger sum of scores: solve the sums from the largest down.
    for sum in (0..=2 * (SCORES - 1)).rev() {
        let cells: Vec<(usize, usize)> = (0..SCORES)
            .filter_map(|d| sum.checked_sub(d).filter(|&p| p < SCORES).map(|p| (d, p)))
            .collect();
        let solved: Vec<Outlook> = cells
            .par_iter()
            .map(|&(d, p)| outlook(d as u32, p as u32, deals, &table, n))
            .collect();
        for (&(d, p), o) in cells.iter().zip(solved) {
            table[d][p] = o;
        }
    }
    Odds { table }
}

/// One position's outlook, every later position already solved.
fn outlook(d: u32, p: u32, deals: &[DealEvents], table: &[[Outlook; SCORES]], n: f64) -> Outlook {
    let (need_dealer, need_pone) = (GAME - d, GAME - p);
    let mut o = Outlook::default();
    for deal in deals {
        let [pone_total, dealer_total] = deal.totals;
        if dealer_total < need_dealer && pone_total < need_pone {
            // Nobody gets there: the deal passes, and the pone becomes the dealer.
            let next = &table[(p + pone_total) as usize][(d + dealer_total) as usize];
            o.win += 1.0 - next.win;
            o.skunk_win += next.skunked;
            o.skunked += next.skunk_win;
            o.dealer_points += f64::from(dealer_total);
            o.pone_points += f64::from(pone_total);
            continue;
        }
        // Somebody gets there: whoever does first, in counting order.
        let mut got = [0u32; 2];
        for &(seat, points) in &deal.events {
            let seat = usize::from(seat);
            got[seat] += u32::from(points);
            if seat == DEALER && got[DEALER] >= need_dealer {
                o.win += 1.0;
                if p + got[PONE] < SKUNK_LINE {
                    o.skunk_win += 1.0;
                }
                break;
            }
            if seat == PONE && got[PONE] >= need_pone {
                if d + got[DEALER] < SKUNK_LINE {
                    o.skunked += 1.0;
                }
                break;
            }
        }
        o.dealer_points += f64::from(got[DEALER]);
        o.pone_points += f64::from(got[PONE]);
    }
    Outlook {
        win: o.win / n,
        skunk_win: o.skunk_win / n,
        skunked: o.skunked / n,
        dealer_points: o.dealer_points / n,
        pone_points: o.pone_points / n,
    }
}

/// The stream of deals the committed odds are solved from.
pub const SEED: u64 = 121;

/// How many deals they are solved from.
pub const DEALS: u64 = 50_000;

/// A digest of a sample of deals (FNV-1a over every event and the end of each deal): the same
/// deals give the same digest on every machine.
pub fn digest(deals: &[DealEvents]) -> u64 {
    let mut hash = 0xCBF2_9CE4_8422_2325u64;
    let mut eat = |byte: u8| {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    };
    for deal in deals {
        for &(seat, points) in &deal.events {
            eat(seat);
            eat(points);
        }
        eat(0xFF);
    }
    hash
}

#[rustfmt::skip]
#[path = "generated/odds.rs"]
mod data;

/// The committed odds, solved from [`DEALS`] deals of the stream [`SEED`].
pub fn odds() -> &'static Odds {
    static ODDS: std::sync::OnceLock<Odds> = std::sync::OnceLock::new();
    ODDS.get_or_init(|| Odds {
        table: (0..SCORES)
            .map(|d| {
                let mut row = [Outlook::default(); SCORES];
                for (p, o) in row.iter_mut().enumerate() {
                    *o = committed(d, p);
                }
                row
            })
            .collect(),
    })
}

/// One position's committed outlook, read from the generated data.
fn committed(d: usize, p: usize) -> Outlook {
    let millionths = |table: &[[u32; SCORES]; SCORES]| f64::from(table[d][p]) / 1e6;
    let hundredths = |table: &[[u16; SCORES]; SCORES]| f64::from(table[d][p]) / 100.0;
    Outlook {
        win: millionths(&data::WIN),
        skunk_win: millionths(&data::SKUNK_WIN),
        skunked: millionths(&data::SKUNKED),
        dealer_points: hundredths(&data::DEALER_POINTS),
        pone_points: hundredths(&data::PONE_POINTS),
    }
}

/// One position's committed outlook, without building the whole table.
pub fn lookup(dealer: u32, pone: u32) -> Outlook {
    committed(dealer.min(GAME - 1) as usize, pone.min(GAME - 1) as usize)
}

/// The digest of the first [`HEAD`] deals of the committed stream, to check them against.
pub const HEAD: u64 = 64;

/// The source of `src/generated/odds.rs` for odds solved from `deals`.
pub fn render(odds: &Odds, deals: &[DealEvents]) -> String {
    use std::fmt::Write;
    let mut out = format!(
        "// DO NOT EDIT. Generated by `cargo run --release --example generate -- odds`.\n\
         //\n\
         // The chance of winning from every position (see src/game.rs), solved from {} deals of\n\
         // the stream {SEED} played by crib's players. Rows: the dealer's score, 0 to 120;\n\
         // columns: the pone's.\n\
         \n\
         /// The digest (`game::digest`) of the first {HEAD} deals.\n\
         pub const HEAD_DIGEST: u64 = {:#018x};\n\
         /// The digest of every deal.\n\
         pub const DIGEST: u64 = {:#018x};\n",
        deals.len(),
        digest(&deals[..deals.len().min(HEAD as usize)]),
        digest(deals)
    );
    type Column = (
        &'static str,
        &'static str,
        &'static str,
        fn(&Outlook) -> u64,
    );
    let columns: [Column; 5] = [
        (
            "WIN",
            "u32",
            "The dealer's chance to win, in millionths.",
            |o| (o.win * 1e6).round() as u64,
        ),
        (
            "SKUNK_WIN",
            "u32",
            "The dealer's chance to win with the pone short of 91, in millionths.",
            |o| (o.skunk_win * 1e6).round() as u64,
        ),
        (
            "SKUNKED",
            "u32",
            "The pone's chance to win with the dealer short of 91, in millionths.",
            |o| (o.skunked * 1e6).round() as u64,
        ),
        (
            "DEALER_POINTS",
            "u16",
            "The dealer's expected points this deal (until the game ends), in hundredths.",
            |o| (o.dealer_points * 100.0).round() as u64,
        ),
        (
            "PONE_POINTS",
            "u16",
            "The pone's expected points this deal, in hundredths.",
            |o| (o.pone_points * 100.0).round() as u64,
        ),
    ];
    for (name, ty, doc, value) in columns {
        let _ = writeln!(
            out,
            "\n/// {doc}\npub static {name}: [[{ty}; {SCORES}]; {SCORES}] = ["
        );
        for row in &odds.table {
            let items: Vec<String> = row.iter().map(|o| value(o).to_string()).collect();
            let _ = writeln!(out, "[{}],", items.join(","));
        }
        let _ = writeln!(out, "];");
    }
    out
}

/// Where the odds live, relative to the crate's root.
pub const GENERATED_PATH: &str = "src/generated/odds.rs";

/// The committed source text of the odds.
pub const GENERATED_SOURCE: &str = include_str!("generated/odds.rs");

/// The committed digests: of the first [`HEAD`] deals, and of all of them.
pub fn committed_digests() -> (u64, u64) {
    (data::HEAD_DIGEST, data::DIGEST)
}

/// How a whole game went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// Whether the player who dealt first won.
    pub first_dealer_won: bool,
    /// Whether the loser ended short of 91.
    pub skunk: bool,
    /// How many deals it took.
    pub deals: u32,
}

/// Play a whole game from a position (the first dealer's score, the other's), taking each deal
/// from `next_deal`: events counted in order until someone reaches 121, the deal passing after
/// each. Independent of [`solve`]: it follows one game at a time.
pub fn play_game(start: [u32; 2], mut next_deal: impl FnMut() -> DealEvents) -> GameResult {
    // Scores by player: 0 dealt first.
    let mut scores = start;
    let mut dealer = 0usize;
    let mut deals = 0;
    loop {
        deals += 1;
        let deal = next_deal();
        for &(seat, points) in &deal.events {
            let player = if usize::from(seat) == DEALER {
                dealer
            } else {
                1 - dealer
            };
            scores[player] += u32::from(points);
            if scores[player] >= GAME {
                return GameResult {
                    first_dealer_won: player == 0,
                    skunk: scores[1 - player] < SKUNK_LINE,
                    deals,
                };
            }
        }
        // Every deal gives its dealer a point, so the game ends.
        dealer = 1 - dealer;
    }
}

/// How many deals of the other side's an end-game discard is weighed over.
pub const ENDGAME_SAMPLES: usize = 400;

/// For each choice of a discard near the end of a game, the chance of winning the game: this
/// deal played out, then the odds from the position it leaves.
///
/// The other side's six cards are [`ENDGAME_SAMPLES`] draws from the cards you have not seen
/// (seeded by your cards, so the answer is the same every time), each keeping what
/// `crib discard` advises; every starter left is taken exactly; the play is crib's engine on
/// both sides; the deal is counted in the rules' order and stops at 121; and a deal that ends
/// short of it is followed by the committed odds. Returns, for each choice in order, the chance
/// of winning and its standard error over the draws.
pub fn endgame(
    dealt: &[Card],
    choices: &[crate::discard::Choice],
    role: Role,
    scores: [u32; 2],
) -> Vec<(f64, f64)> {
    let me_dealing = role == Role::Dealer;
    let (me, opponent) = (scores[0].min(GAME - 1), scores[1].min(GAME - 1));
    let seen: Vec<u8> = dealt.iter().filter_map(|c| c.index()).collect();
    let unseen: Vec<Card> = (0..52u8)
        .filter(|i| !seen.contains(i))
        .map(Card::from_index)
        .collect();
    let seed = dealt
        .iter()
        .filter_map(|c| c.index())
        .fold(0x51_7CC1_B727_220Au64, |h, i| {
            (h ^ u64::from(i)).wrapping_mul(0x0000_0100_0000_01B3)
        });
    let decisions = Decisions::committed();
    let odds = odds();
    let other_role = if me_dealing { Role::Pone } else { Role::Dealer };
    // For each draw, the chance of winning with each choice (starters taken exactly).
    let per_draw: Vec<Vec<f64>> = (0..ENDGAME_SAMPLES as u64)
        .into_par_iter()
        .map(|draw| {
            let others: Vec<Card> = shuffled_indices(seed, draw, 6, unseen.len())
                .into_iter()
                .map(|i| unseen[i])
                .collect();
            let other_advice = advise(
                &others,
                2,
                other_role,
                CribModel::Expert,
                PlayModel::Engine,
                None,
            )
            .expect("six distinct unseen cards");
            let other = &other_advice.choices[0];
            let starters: Vec<Card> = unseen
                .iter()
                .filter(|c| !others.contains(c))
                .copied()
                .collect();
            choices
                .iter()
                .map(|choice| {
                    let (pone, dealer) = if me_dealing {
                        (other.keep, choice.keep)
                    } else {
                        (choice.keep, other.keep)
                    };
                    let play = play_events(pone, dealer, &decisions);
                    let crib = [
                        choice.throw[0],
                        choice.throw[1],
                        other.throw[0],
                        other.throw[1],
                    ];
                    let total: f64 = starters
                        .iter()
                        .map(|&starter| {
                            let events = counted(pone, dealer, crib, starter, &play);
                            win_from(me, opponent, me_dealing, &events, odds)
                        })
                        .sum();
                    total / starters.len() as f64
                })
                .collect()
        })
        .collect();
    let n = per_draw.len() as f64;
    (0..choices.len())
        .map(|c| {
            let mean = per_draw.iter().map(|d| d[c]).sum::<f64>() / n;
            let var = per_draw.iter().map(|d| (d[c] - mean).powi(2)).sum::<f64>() / (n - 1.0);
            (mean, (var / n).sqrt())
        })
        .collect()
}

/// The chance that a player at `me` (dealing or not) against `opponent` wins, this deal's
/// events counted in order and the committed odds after it.
fn win_from(me: u32, opponent: u32, me_dealing: bool, events: &[Score], odds: &Odds) -> f64 {
    let my_seat = if me_dealing { DEALER } else { PONE };
    let mut scores = [0u32; 2];
    scores[my_seat] = me;
    scores[1 - my_seat] = opponent;
    for &(seat, points) in events {
        let seat = usize::from(seat);
        scores[seat] += u32::from(points);
        if scores[seat] >= GAME {
            return if seat == my_seat { 1.0 } else { 0.0 };
        }
    }
    // The deal passes: the pone deals next.
    let next = odds.get(scores[PONE], scores[DEALER]).win;
    if me_dealing { 1.0 - next } else { next }
}
