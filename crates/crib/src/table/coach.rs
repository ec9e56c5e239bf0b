//! The coach's figures on a graded game: what each decision cost in the chance of winning, its
//! label (an inaccuracy, a mistake, a blunder), its reasons in words, a player's accuracy, and
//! each deal's change in the chance of winning split into luck and the players' decisions.
//!
//! - **What a decision cost** is the chance of winning crib's best choice keeps over the one
//!   made, where it was graded for the board; else its expected points lost, at what a point is
//!   worth in the chance of winning at that deal's score ([`point_value`]). Never negative.
//! - **Labels** are by that cost: [`LABELS_WIN`] in the chance of winning, or, where the board
//!   was not weighed (a throw of three or four players, a count, a review for points),
//!   [`LABELS_POINTS`] in points.
//! - **Accuracy** is the mean over a player's decisions of `100 e^(-cost / ACCURACY_SCALE)`: 100%
//!   for a decision that costs nothing, 90% for one that costs 0.2% of the game, 61% for one
//!   that costs 1%, 37% for one that costs 2%.
//! - **Luck and skill**: a game's result (1 won, 0 lost) less the chance at its start is the sum
//!   of the changes deal by deal of the chance at each deal's start (read from the odds). Each
//!   deal's change is your decisions' cost (taken away), the other players' (what their costs
//!   give your side: an opponent's all of it, a partner's taken away, with three players half
//!   of each other's), and luck: the rest, the cards you and the others were dealt, the starter
//!   and the cards as they fell, against what crib's players expect of them. The three add up
//!   to the result by construction.

use crate::model::Models;
use crate::model::odds::Odds;
use crate::rules::board::Game;
use crate::rules::card::{Card, Rank};
use crate::rules::error::Result;
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};
use crate::rules::sequence::{Token, peg};
use crate::table::arena::{Arena, BuiltIn, Contestant};
use crate::table::deal::DealTable;
use crate::table::levels::Level;
use crate::table::review::{Choice, Decision, Worth, grade_seats};
use crate::table::session::Match;
use std::sync::atomic::AtomicBool;

/// The chance of winning lost from which a decision is an inaccuracy, a mistake, a blunder.
pub const LABELS_WIN: [f64; 3] = [0.015, 0.04, 0.08];

/// The expected points lost from which a decision not weighed for the board is an inaccuracy,
/// a mistake, a blunder: about the chance of [`LABELS_WIN`] at two percent a point, what a point
/// is worth early in a game.
pub const LABELS_POINTS: [f64; 3] = [0.75, 2.0, 4.0];

/// The cost in the chance of winning at which a decision's accuracy is 1/e (37%).
pub const ACCURACY_SCALE: f64 = 0.02;

/// What a decision was, by what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Label {
    /// It cost a little.
    Inaccuracy,
    /// It cost clearly.
    Mistake,
    /// It cost a lot.
    Blunder,
}

impl Label {
    /// All three, mildest first.
    pub const ALL: [Label; 3] = [Label::Inaccuracy, Label::Mistake, Label::Blunder];

    /// `inaccuracy`, `mistake` or `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }

    /// The label of `decision`: by the chance of winning it cost where the board was weighed,
    /// else by its points; `None` when it cost less than an inaccuracy.
    pub fn of(decision: &Decision) -> Option<Label> {
        let (cost, thresholds) = match decision.cost_p_win {
            Some(p) => (p, LABELS_WIN),
            None => (decision.cost, LABELS_POINTS),
        };
        Label::ALL
            .into_iter()
            .zip(thresholds)
            .rev()
            .find(|&(_, at)| cost >= at - 1e-12)
            .map(|(label, _)| label)
    }
}

/// What a decision got wrong: the part of its points that cost most, or the board where the
/// points did not differ. `crib stats --logs` counts a player's mistakes by their fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fault {
    /// A throw whose crib cost most (into the other's crib, or too little into your own).
    ThrowCrib,
    /// A throw whose hand kept cost most.
    ThrowHand,
    /// A throw whose four cards peg worse.
    ThrowPlay,
    /// A card that scored less at once than crib's.
    PointsNow,
    /// A card that left a count of 5 or 21.
    FifteenLeft,
    /// A card that paired the last, inviting a pair royal.
    Pairing,
    /// A card that offered a run.
    Run,
    /// A lead that lets the next card pair it or make fifteen.
    Lead,
    /// The rest of the play.
    RestOfPlay,
    /// A count claimed short.
    Count,
    /// A choice as good in points that wins fewer games.
    Board,
}

impl Fault {
    /// In words.
    pub const fn name(self) -> &'static str {
        match self {
            Fault::ThrowCrib => "the crib in a throw",
            Fault::ThrowHand => "the hand kept",
            Fault::ThrowPlay => "the play in a throw",
            Fault::PointsNow => "points missed in the play",
            Fault::FifteenLeft => "a count of 5 or 21 left",
            Fault::Pairing => "a pair offered to pair",
            Fault::Run => "a run offered",
            Fault::Lead => "the lead",
            Fault::RestOfPlay => "the rest of the play",
            Fault::Count => "a count missed",
            Fault::Board => "the board, not the points",
        }
    }
}

/// The part that cost most of `parts` (each a kind and what the choice made less crib's
/// gained), if any cost a twentieth of a point.
fn costliest_part(parts: &[(Fault, f64)]) -> Option<Fault> {
    parts
        .iter()
        .filter(|(_, d)| *d < -0.05)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|&(k, _)| k)
}

/// What `decision` (at `table`) got wrong; `None` when it cost nothing.
pub fn fault(table: &DealTable, decision: &Decision) -> Option<Fault> {
    let board = decision.cost_p_win.is_some_and(|p| p > 1e-9);
    if decision.matched() && !board {
        return None;
    }
    let found = match (&decision.chosen, decision.worth) {
        (Choice::Count(_), _) => Some(Fault::Count),
        (Choice::Throw(_), Some([a, b])) => match (a, b) {
            (
                Worth::Throw {
                    hand: h1,
                    crib: c1,
                    play: p1,
                },
                Worth::Throw {
                    hand: h2,
                    crib: c2,
                    play: p2,
                },
            ) => costliest_part(&[
                (Fault::ThrowHand, h1 - h2),
                (Fault::ThrowCrib, c1 - c2),
                (Fault::ThrowPlay, p1.unwrap_or(0.0) - p2.unwrap_or(0.0)),
            ]),
            _ => None,
        },
        (Choice::Card(chosen), Some([a, b])) => card_fault(table, *chosen, a, b),
        _ => None,
    };
    found.or(board.then_some(Fault::Board))
}

/// What a card got wrong: points now, or what it left the next player.
fn card_fault(table: &DealTable, chosen: Card, a: Worth, b: Worth) -> Option<Fault> {
    let (
        Worth::Card {
            now: n1,
            mine: m1,
            theirs: t1,
        },
        Worth::Card {
            now: n2,
            mine: m2,
            theirs: t2,
        },
    ) = (a, b)
    else {
        return None;
    };
    let now = f64::from(n1) - f64::from(n2);
    let rest = (m1 - f64::from(n1) - t1) - (m2 - f64::from(n2) - t2);
    match costliest_part(&[(Fault::PointsNow, now), (Fault::RestOfPlay, rest)]) {
        Some(Fault::RestOfPlay) => {
            let before = play_before(table, chosen);
            let (_, _, count) = scores_now(table, &before, chosen);
            let plain = |_: &[Card]| String::new();
            Some(
                card_risk(table, &before, chosen, count, &plain)
                    .filter(|_| t1 > t2)
                    .map_or(Fault::RestOfPlay, |(k, _)| k),
            )
        }
        other => other,
    }
}

/// The chance of winning `seat`'s side has at the start of a deal with `scores` by side (seat
/// 1 leads, the dealer is last), from the committed odds; 1 or 0 once a side has reached the
/// hole.
pub fn chance(game: Game, scores: &[u32], seat: Seat) -> Result<f64> {
    let side = game.side(seat).index();
    if let Some(winner) = scores.iter().position(|&s| s >= game.target) {
        return Ok(if winner == side { 1.0 } else { 0.0 });
    }
    let odds = Odds::committed(game.players);
    Ok(odds.chances(&Position::new(game, scores, seat)?)?.win[side])
}

/// What one point is worth to `seat`'s side in the chance of winning at the start of a deal
/// with `scores`: half the gain from one point more to one point less (one point more alone at
/// 0, and never counted past the hole).
pub fn point_value(game: Game, scores: &[u32], seat: Seat) -> Result<f64> {
    let side = game.side(seat).index();
    let mut up = scores.to_vec();
    up[side] = (up[side] + 1).min(game.target - 1);
    let mut down = scores.to_vec();
    down[side] = down[side].saturating_sub(1);
    let steps = f64::from(up[side] - down[side]).max(1.0);
    Ok(((chance(game, &up, seat)? - chance(game, &down, seat)?) / steps).max(0.0))
}

/// The chance of winning `decision` cost: its own where it was weighed for the board, else its
/// points at `point` (what a point is worth then). Never negative.
pub fn loss(decision: &Decision, point: f64) -> f64 {
    match decision.cost_p_win {
        Some(p) => p.max(0.0),
        None => decision.cost.max(0.0) * point,
    }
}

/// A player's accuracy over the chances of winning its decisions cost: the mean of
/// `100 e^(-cost / ACCURACY_SCALE)`; `None` without decisions.
pub fn accuracy(losses: &[f64]) -> Option<f64> {
    if losses.is_empty() {
        return None;
    }
    let sum: f64 = losses
        .iter()
        .map(|&l| 100.0 * (-l.max(0.0) / ACCURACY_SCALE).exp())
        .sum();
    Some(sum / losses.len() as f64)
}

/// One deal's change in a player's chance of winning, split: `after - before` is exactly
/// `luck - yours + others`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Swing {
    /// The chance at the deal's start.
    pub before: f64,
    /// The chance at the next deal's start (1 or 0 at the game's end).
    pub after: f64,
    /// What your decisions cost (your side's, with four players, yours alone).
    pub yours: f64,
    /// What the other players' decisions gave your side.
    pub others: f64,
    /// The rest: the cards as they fell, against what crib's players expect of them.
    pub luck: f64,
}

impl Swing {
    /// The deal from `before` to `after`, with your decisions' cost and the others' gift: luck
    /// is what they leave.
    pub(crate) fn new(before: f64, after: f64, yours: f64, others: f64) -> Swing {
        Swing {
            before,
            after,
            yours,
            others,
            luck: after - before + yours - others,
        }
    }

    /// The change in the chance.
    pub fn result(&self) -> f64 {
        self.after - self.before
    }
}

/// One game of a review, as the coach accounts for it.
#[derive(Debug, Clone, PartialEq)]
pub struct GameAccount {
    /// The game, from 1.
    pub game: u32,
    /// Each player's accuracy in it, by player (`None` for a player with no decision graded).
    pub accuracy: Vec<Option<f64>>,
    /// The reviewed player's deals: the deal's number in the whole record (from 1), and its
    /// swing.
    pub deals: Vec<(usize, Swing)>,
    /// Whether the reviewed player's side won it; `None` when the record ends before its end.
    pub won: Option<bool>,
}

impl GameAccount {
    /// The chance at the game's start.
    pub fn start(&self) -> f64 {
        self.deals.first().map_or(0.0, |(_, s)| s.before)
    }

    /// The chance at the end of its last deal: 1 or 0 once it is over.
    pub fn end(&self) -> f64 {
        self.deals.last().map_or(0.0, |(_, s)| s.after)
    }

    /// The sums of the deals' parts: luck, your decisions' cost, the others' gift. Luck less
    /// yours plus the others' is the game's result, `end() - start()`.
    pub fn totals(&self) -> (f64, f64, f64) {
        self.deals
            .iter()
            .fold((0.0, 0.0, 0.0), |(l, y, o), (_, s)| {
                (l + s.luck, y + s.yours, o + s.others)
            })
    }
}

/// A deal played and graded: the match before it, the deal, and every seat's decisions graded
/// ([`crate::table::review::grade`]), by seat.
pub type Graded<'a> = (&'a Match, &'a DealTable, &'a [Vec<Decision>]);

/// The chance of winning `seat`'s decisions cost, each at what a point was worth to it at the
/// deal's start where the board was not weighed.
pub fn losses(table: &DealTable, seat: Seat, decisions: &[Decision]) -> Result<Vec<f64>> {
    let point = point_value(table.game, &table.start, seat)?;
    Ok(decisions.iter().map(|d| loss(d, point)).collect())
}

/// Each game's account for player `who` (from 0 round the table), from a record of deals in
/// order and the match `after` the last: every player's accuracy a game, and `who`'s chance
/// deal by deal split into luck, its decisions and the others'.
pub fn account(deals: &[Graded], after: &Match, who: usize) -> Result<Vec<GameAccount>> {
    let mut accounts: Vec<GameAccount> = Vec::new();
    let players = after.game.players.count();
    let mut by_player: Vec<Vec<f64>> = vec![Vec::new(); players];
    for (i, &(before, table, by_seat)) in deals.iter().enumerate() {
        let game = table.game;
        let number = before.games_played + 1;
        if accounts.last().is_none_or(|a| a.game != number) {
            close(accounts.last_mut(), &mut by_player);
            accounts.push(GameAccount {
                game: number,
                accuracy: Vec::new(),
                deals: Vec::new(),
                won: None,
            });
        }
        let seat = before.seat_of(who);
        let (mut yours, mut others) = (0.0, 0.0);
        for (s, decisions) in by_seat.iter().enumerate() {
            let other = Seat::new(s);
            let lost = losses(table, other, decisions)?;
            by_player[before.player_at(other)].extend(&lost);
            let sum: f64 = lost.iter().sum();
            if other == seat {
                yours = sum;
            } else {
                others += share_of_others(game.players, seat, other) * sum;
            }
        }
        let start = chance(game, &table.start, seat)?;
        let (end, won) = match (table.counted()?.winning_side(), deals.get(i + 1)) {
            (Some(side), _) => {
                let won = side == game.side(seat);
                (if won { 1.0 } else { 0.0 }, Some(won))
            }
            (None, Some(&(next, next_table, _))) => {
                (chance(game, &next_table.start, next.seat_of(who))?, None)
            }
            (None, None) => (
                chance(game, &after.board_scores(), after.seat_of(who))?,
                None,
            ),
        };
        let account = accounts.last_mut().expect("a game was opened");
        account
            .deals
            .push((i + 1, Swing::new(start, end, yours, others)));
        account.won = won;
    }
    close(accounts.last_mut(), &mut by_player);
    Ok(accounts)
}

/// Every way the account can be wrong, for one game's record of deals (the match before each,
/// the deal, every seat graded) for player `who`: each deal's parts add up to its change to
/// `tolerance`, each deal starts where the last ended, each game starts at the odds of its first
/// deal and ends at 1 or 0 by who won, and a player whose decisions all cost nothing is 100%
/// accurate. The tests and `cargo xtask verify coach` hold accounts to it.
pub fn check_account(
    deals: &[Graded],
    after: &Match,
    who: usize,
    tolerance: f64,
) -> std::result::Result<Vec<GameAccount>, String> {
    let accounts = account(deals, after, who).map_err(|e| e.to_string())?;
    let mut at = 0;
    for account in &accounts {
        let mut last: Option<f64> = None;
        for (deal, swing) in &account.deals {
            let (before, table, by_seat) = deals[deal - 1];
            let adds = swing.luck - swing.yours + swing.others;
            if (adds - swing.result()).abs() > tolerance {
                return Err(format!(
                    "deal {deal}: the parts make {adds}, the change {}",
                    swing.result()
                ));
            }
            if last.is_some_and(|l| (l - swing.before).abs() > tolerance) {
                return Err(format!(
                    "deal {deal} starts at {} where the last ended",
                    swing.before
                ));
            }
            let seat = before.seat_of(who);
            let odds = chance(table.game, &table.start, seat).map_err(|e| e.to_string())?;
            if (odds - swing.before).abs() > tolerance {
                return Err(format!(
                    "deal {deal} starts at {}, not the odds' {odds}",
                    swing.before
                ));
            }
            let own: f64 = losses(table, seat, &by_seat[seat.index()])
                .map_err(|e| e.to_string())?
                .iter()
                .sum();
            if (own - swing.yours).abs() > tolerance {
                return Err(format!("deal {deal}: yours {} against {own}", swing.yours));
            }
            last = Some(swing.after);
            at = *deal;
        }
        let (luck, yours, others) = account.totals();
        let result = account.end() - account.start();
        if (luck - yours + others - result).abs() > tolerance {
            return Err(format!(
                "game {}: the parts do not make the result",
                account.game
            ));
        }
        if let Some(won) = account.won
            && account.end() != if won { 1.0 } else { 0.0 }
        {
            return Err(format!("game {} ends at {}", account.game, account.end()));
        }
    }
    if at != deals.len() {
        return Err(format!("{at} deals accounted of {}", deals.len()));
    }
    Ok(accounts)
}

/// A game to 61 of crib's `levels`, one a seat, seeded `seed`; every seat graded (for the board
/// with `board`) and every player's account held to [`check_account`] to `tolerance`: the
/// accounts, by player, and how many deals the game took. The tests and `cargo xtask verify
/// coach` play their games through it.
pub fn check_a_game(
    models: &Models,
    players: Players,
    levels: &[Level],
    board: bool,
    seed: u64,
    tolerance: f64,
) -> std::result::Result<(Vec<Vec<GameAccount>>, usize), String> {
    let arena = Arena {
        game: Game::new(players, 61).map_err(|e| e.to_string())?,
        seed,
        keep_deals: true,
    };
    let mut entrants: Vec<Box<dyn Contestant + Send>> = levels
        .iter()
        .map(|&l| Box::new(BuiltIn(l)) as Box<dyn Contestant + Send>)
        .collect();
    let record = arena
        .play(0, &mut entrants, &AtomicBool::new(false))
        .ok_or("the game was stopped")?;
    let graded: Vec<Vec<Vec<Decision>>> = record
        .deals
        .iter()
        .map(|(_, table)| grade_seats(models, table, &[], board))
        .collect::<Result<_>>()
        .map_err(|e| e.to_string())?;
    let deals: Vec<Graded> = record
        .deals
        .iter()
        .zip(&graded)
        .map(|((m, t), g)| (m, t, g.as_slice()))
        .collect();
    let after = &record.deals.last().ok_or("a game without a deal")?.0;
    let accounts = (0..players.count())
        .map(|who| {
            check_account(&deals, after, who, tolerance).map_err(|e| format!("player {who}: {e}"))
        })
        .collect::<std::result::Result<_, _>>()?;
    Ok((accounts, deals.len()))
}

/// A game's accuracy by player, from the losses gathered over its deals (emptied for the next
/// game).
fn close(account: Option<&mut GameAccount>, by_player: &mut [Vec<f64>]) {
    if let Some(account) = account {
        account.accuracy = by_player
            .iter_mut()
            .map(|losses| accuracy(&std::mem::take(losses)))
            .collect();
    }
}

/// How much of another player's cost goes to `you`'s side: all of an opponent's, none but
/// taken away of a partner's, half of either other's with three players.
pub fn share_of_others(players: Players, you: Seat, other: Seat) -> f64 {
    match players.count() {
        3 => 0.5,
        4 if you.index() % 2 == other.index() % 2 => -1.0,
        _ => 1.0,
    }
}

/// How cards are written in words: `5h` in JSON, `5♥` for people.
pub type Show<'a> = &'a dyn Fn(&[Card]) -> String;

/// Why a decision cost what it did, in a player's words, from where its points were: each
/// reason names what differs from crib's choice and the points it moved, its cards written by
/// `show`. Empty for a decision that cost nothing.
pub fn reasons(table: &DealTable, seat: Seat, decision: &Decision, show: Show) -> Vec<String> {
    if decision.matched() && decision.cost_p_win.is_none_or(|p| p < 0.005) {
        return Vec::new();
    }
    match (&decision.chosen, &decision.best, decision.worth) {
        (Choice::Throw(chosen), Choice::Throw(best), Some([mine, crib_s])) => {
            throw_reasons(table, seat, [chosen, best], [mine, crib_s], show)
        }
        (Choice::Card(chosen), Choice::Card(best), Some([mine, crib_s])) => {
            card_reasons(table, [*chosen, *best], [mine, crib_s], show)
        }
        (Choice::Count(claimed), Choice::Count(holds), _) => vec![format!(
            "you counted {claimed} where the count holds {holds}: {} points missed",
            holds.saturating_sub(*claimed)
        )],
        _ => Vec::new(),
    }
}

fn rank_name(rank: Rank) -> String {
    match rank.number() {
        1 => "aces".into(),
        5 => "fives".into(),
        6 => "sixes".into(),
        11 => "jacks".into(),
        12 => "queens".into(),
        13 => "kings".into(),
        n => format!("{n}s"),
    }
}

/// What is in a throw that matters to the crib it goes to.
fn throw_shape(throw: &[Card], show: Show) -> Option<String> {
    match *throw {
        [a, b] if a.rank() == b.rank() => Some(format!("a pair of {}", rank_name(a.rank()))),
        [a, b] if a.value() + b.value() == 15 => Some(format!("a fifteen ({})", show(throw))),
        _ if throw.iter().any(|c| c.rank().number() == 5) => Some("a five".into()),
        [a, b] if a.rank().number().abs_diff(b.rank().number()) == 1 => {
            Some(format!("two cards in sequence ({})", show(throw)))
        }
        _ => None,
    }
}

fn throw_reasons(
    table: &DealTable,
    seat: Seat,
    [chosen, best]: [&[Card]; 2],
    [mine, crib_s]: [Worth; 2],
    show: Show,
) -> Vec<String> {
    let (
        Worth::Throw {
            hand: hand_a,
            crib: crib_a,
            play: play_a,
        },
        Worth::Throw {
            hand: hand_b,
            crib: crib_b,
            play: play_b,
        },
    ) = (mine, crib_s)
    else {
        return Vec::new();
    };
    let players = table.game.players;
    let own = players.owns_crib(seat);
    let whose = if own {
        "your own crib"
    } else if players == Players::TWO {
        "the other player's crib"
    } else {
        "the dealer's crib"
    };
    let mut said = Vec::new();
    let crib = crib_a - crib_b;
    if crib.abs() >= 0.05 {
        let shape = throw_shape(chosen, show)
            .filter(|_| throw_shape(best, show) != throw_shape(chosen, show));
        said.push(match shape {
            Some(shape) if !own && crib < 0.0 => {
                format!("you threw {shape} into {whose}: {crib:+.1} crib points")
            }
            _ => format!("the crib: {crib:+.1} points ({whose})"),
        });
    }
    let hand = hand_a - hand_b;
    if hand.abs() >= 0.05 {
        let dealt = &table.dealt[seat.index()];
        let kept = |throw: &[Card]| -> Vec<Card> {
            dealt
                .iter()
                .filter(|c| !throw.contains(c))
                .copied()
                .collect()
        };
        said.push(format!(
            "the hand: {hand:+.1} points (you kept {} for {hand_a:.1} over the starters, crib \
             keeps {} for {hand_b:.1})",
            show(&kept(chosen)),
            show(&kept(best))
        ));
    }
    if let (Some(a), Some(b)) = (play_a, play_b)
        && (a - b).abs() >= 0.05
    {
        said.push(format!(
            "the play: {:+.1} points (what the four cards kept peg, less what the others do)",
            a - b
        ));
    }
    said
}

/// The play up to the moment `card` was played in `table`'s deal.
fn play_before(table: &DealTable, card: Card) -> Vec<Token> {
    let at = table
        .tokens
        .iter()
        .position(|&t| t == Token::Card(card))
        .unwrap_or(table.tokens.len());
    table.tokens[..at].to_vec()
}

/// What `card` scores at once after `before`, with its reasons ("fifteen 2").
fn scores_now(table: &DealTable, before: &[Token], card: Card) -> (u32, Vec<String>, u8) {
    let mut tokens = before.to_vec();
    tokens.push(Token::Card(card));
    match peg(&tokens, table.game.players) {
        Ok(pegging) => match pegging.events.last() {
            Some(event) => (
                event.scores.iter().map(|s| u32::from(s.points())).sum(),
                event.scores.iter().map(ToString::to_string).collect(),
                event.count,
            ),
            None => (0, Vec::new(), 0),
        },
        Err(_) => (0, Vec::new(), 0),
    }
}

/// What a card leaves the next player, in a player's words, and its kind.
fn card_risk(
    table: &DealTable,
    before: &[Token],
    card: Card,
    count: u8,
    show: Show,
) -> Option<(Fault, String)> {
    let last = before.iter().rev().find_map(|t| match t {
        Token::Card(c) => Some(*c),
        Token::Go => None,
    });
    let on_count = count > card.value();
    let shown = show(&[card]);
    match count {
        5 if !on_count => Some((
            Fault::FifteenLeft,
            format!("leading the {shown} lets a ten-card make fifteen"),
        )),
        5 => Some((
            Fault::FifteenLeft,
            "leaving 5 lets a ten-card make fifteen".into(),
        )),
        21 => Some((
            Fault::FifteenLeft,
            "leaving 21 lets a ten-card make 31".into(),
        )),
        _ if on_count && last.is_some_and(|l| l.rank() == card.rank()) => {
            Some((Fault::Pairing, "pairing invites a pair royal".into()))
        }
        _ if on_count
            && last.is_some_and(|l| {
                let gap = l.rank().number().abs_diff(card.rank().number());
                (1..=2).contains(&gap) && count < 31
            }) =>
        {
            Some((Fault::Run, "it offers a run".into()))
        }
        _ if !on_count && card.value() < 10 && table.game.players == Players::TWO => Some((
            Fault::Lead,
            format!("leading the {shown} lets the next card pair it or make fifteen"),
        )),
        _ => None,
    }
}

fn card_reasons(
    table: &DealTable,
    [chosen, best]: [Card; 2],
    [mine, crib_s]: [Worth; 2],
    show: Show,
) -> Vec<String> {
    let (
        Worth::Card {
            now: now_a,
            mine: mine_a,
            theirs: theirs_a,
        },
        Worth::Card {
            now: now_b,
            mine: mine_b,
            theirs: theirs_b,
        },
    ) = (mine, crib_s)
    else {
        return Vec::new();
    };
    let before = play_before(table, chosen);
    let mut said = Vec::new();
    if now_b > now_a {
        let (_, why, _) = scores_now(table, &before, best);
        said.push(format!(
            "{} scores {now_b} now ({}): {:+} now",
            show(&[best]),
            why.join(", "),
            i64::from(now_a) - i64::from(now_b)
        ));
    }
    let rest = (mine_a - f64::from(now_a) - theirs_a) - (mine_b - f64::from(now_b) - theirs_b);
    if rest.abs() >= 0.05 {
        let (_, _, count) = scores_now(table, &before, chosen);
        let risk = card_risk(table, &before, chosen, count, show).filter(|_| theirs_a > theirs_b);
        said.push(match risk {
            Some((_, risk)) => format!("{risk}: {rest:+.1} in the play"),
            None => format!("the rest of the play: {rest:+.1} points"),
        });
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(cost: f64, cost_p_win: Option<f64>) -> Decision {
        Decision {
            chosen: Choice::Count(0),
            best: Choice::Count(0),
            cost,
            count: None,
            cost_p_win,
            worth: None,
        }
    }

    /// The thresholds, in the chance of winning where the board was weighed, else in points.
    #[test]
    fn labels_by_cost() {
        assert_eq!(Label::of(&decision(3.0, Some(0.014))), None);
        assert_eq!(
            Label::of(&decision(0.0, Some(0.015))),
            Some(Label::Inaccuracy)
        );
        assert_eq!(Label::of(&decision(0.0, Some(0.05))), Some(Label::Mistake));
        assert_eq!(Label::of(&decision(0.0, Some(0.2))), Some(Label::Blunder));
        assert_eq!(Label::of(&decision(0.0, Some(-0.03))), None);
        assert_eq!(Label::of(&decision(0.7, None)), None);
        assert_eq!(Label::of(&decision(0.75, None)), Some(Label::Inaccuracy));
        assert_eq!(Label::of(&decision(3.0, None)), Some(Label::Mistake));
        assert_eq!(Label::of(&decision(4.0, None)), Some(Label::Blunder));
    }

    /// 100% for nothing lost; 1/e of it at the scale; the mean over decisions.
    #[test]
    fn accuracy_by_hand() {
        assert_eq!(accuracy(&[]), None);
        assert_eq!(accuracy(&[0.0, 0.0]), Some(100.0));
        let one = accuracy(&[ACCURACY_SCALE]).unwrap();
        assert!((accuracy(&[0.01]).unwrap() - 60.65).abs() < 0.01);
        assert!((one - 100.0 / std::f64::consts::E).abs() < 1e-9);
        let two = accuracy(&[0.0, ACCURACY_SCALE]).unwrap();
        assert!((two - (100.0 + one) / 2.0).abs() < 1e-9);
    }

    /// The swing adds up; the odds are 1 and 0 at the hole, and a point is worth more near the
    /// end of a close game than at its start.
    #[test]
    fn swings_add_up() {
        let swing = Swing::new(0.5, 1.0, 0.03, 0.01);
        assert!((swing.luck - swing.yours + swing.others - swing.result()).abs() < 1e-12);
        let game = Game::TWO;
        assert_eq!(chance(game, &[121, 100], Seat::PONE).unwrap(), 1.0);
        assert_eq!(chance(game, &[121, 100], Seat::DEALER).unwrap(), 0.0);
        let early = point_value(game, &[0, 0], Seat::PONE).unwrap();
        let late = point_value(game, &[110, 110], Seat::PONE).unwrap();
        assert!(early > 0.0 && late > early, "{early} {late}");
        let start = chance(game, &[0, 0], Seat::DEALER).unwrap();
        assert!(start > 0.5 && start < 0.6, "{start}");
    }

    #[test]
    fn others_share() {
        assert_eq!(share_of_others(Players::TWO, Seat::PONE, Seat::DEALER), 1.0);
        assert_eq!(
            share_of_others(Players::THREE, Seat::PONE, Seat::new(2)),
            0.5
        );
        assert_eq!(
            share_of_others(Players::FOUR, Seat::PONE, Seat::new(2)),
            -1.0
        );
        assert_eq!(
            share_of_others(Players::FOUR, Seat::PONE, Seat::new(3)),
            1.0
        );
    }

    fn show(cards: &[Card]) -> String {
        cards
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A pair of fives thrown into the other player's crib is named as one.
    #[test]
    fn a_pair_of_fives_in_their_crib() {
        let shape = throw_shape(&["5h".parse().unwrap(), "5c".parse().unwrap()], &show);
        assert_eq!(shape.as_deref(), Some("a pair of fives"));
        let fifteen = throw_shape(&["7h".parse().unwrap(), "8c".parse().unwrap()], &show);
        assert_eq!(fifteen.as_deref(), Some("a fifteen (7h 8c)"));
    }

    /// Whole seeded games of greedy against the expert (two players, graded for the board;
    /// three and four players, for points), every seat graded: for each player the parts add up
    /// to the result, deal by deal and game by game, to 1e-9. crib's strongest graded against
    /// itself is 100% accurate.
    #[test]
    fn luck_and_skill_add_up() {
        let models = Models::committed();
        for (players, levels, board) in [
            (Players::TWO, vec![Level::Greedy, Level::Strongest], true),
            (
                Players::THREE,
                vec![Level::Greedy, Level::Expert, Level::Random],
                false,
            ),
            (
                Players::FOUR,
                vec![Level::Greedy, Level::Expert, Level::Random, Level::Expert],
                false,
            ),
        ] {
            let (all, _) = check_a_game(models, players, &levels, board, 3, 1e-9).unwrap();
            for (who, accounts) in all.iter().enumerate() {
                assert_eq!(accounts.len(), 1);
                assert!(accounts[0].won.is_some());
                if players == Players::TWO && who == 1 {
                    assert_eq!(accounts[0].accuracy[1], Some(100.0), "{accounts:?}");
                    assert!(accounts[0].accuracy[0].unwrap() < 100.0, "{accounts:?}");
                }
            }
        }
    }
}
