//! crib's engine for the play: what each legal card is worth to the end of the deal.
//!
//! The search is **perfect-information Monte Carlo, taken exhaustively**. The opponent's hidden
//! cards are every holding consistent with the play so far, by ranks (suits never matter in the
//! play), each weighted by how many sets of unseen cards it stands for, so every set of cards is
//! equally likely (or, against an expert, also by how likely players are to keep that hand). A
//! holding is consistent when no card of it could have been played where the opponent said go,
//! or where a count ended with cards in their hand. For each holding the rest of the deal is
//! solved exactly ([`crate::search::solve`]), as a game of perfect information in which each
//! player plays to maximise their own pegging points less the other's. A card's value is the
//! weighted mean over the holdings of the points each side pegs on the solved line.
//!
//! What this assumes: after this card, both players play as if they could see each other's
//! cards. That flatters both sides' play equally, and it is the classic weakness of the method
//! ("strategy fusion": a single choice for all holdings is what a real player must make). The
//! opponent is assumed to play well, not to play into our hands.

use std::sync::{Arc, LazyLock, Mutex, MutexGuard, PoisonError};

use rayon::prelude::*;

use crate::rules::card::Card;
use crate::rules::numbering::{binomial, multiset_number, rank_hand_number};
use crate::rules::play::{PegScore, Ranks, ranks_of, score_play, value};
use crate::rules::view::View;
use crate::search::reading::ReadingModel;
use crate::search::solve::{WINDOW, forget_counts, solve};

/// One legal card, valued.
#[derive(Debug, Clone, PartialEq)]
pub struct CardValue {
    /// The card (one of each rank the player can play).
    pub card: Card,
    /// What it scores at once: its reasons (fifteen, pairs, run, 31) and last card.
    pub now: Vec<PegScore>,
    /// The player's expected points for the rest of the deal, this card's included.
    pub mine: f64,
    /// The opponent's expected points for the rest of the deal (with three players the mean
    /// of the other two's; with four, the other side's).
    pub theirs: f64,
    /// The standard error of the net when the hidden hands were sampled; none when every
    /// holding was searched.
    pub se: Option<f64>,
    /// When sampled: the standard error of the best card's net less this one's, on the same
    /// samples (0 for the best itself).
    pub gap_se: Option<f64>,
}

impl CardValue {
    /// Mine less theirs.
    pub fn net(&self) -> f64 {
        self.mine - self.theirs
    }

    /// The points it scores at once.
    pub fn now_points(&self) -> u32 {
        self.now.iter().map(|s| u32::from(s.points())).sum()
    }
}

/// Advice for one decision of the play: every legal card, best net first (none: the player must
/// say go).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayAdvice {
    /// Every legal card, best first.
    pub options: Vec<CardValue>,
    /// How many holdings of the opponent's (by ranks) were searched, or with three or four
    /// players how many deals of the others' hidden cards were sampled.
    pub holdings: usize,
    /// Whether the holdings were sampled (three or four players) rather than all searched.
    pub sampled: bool,
}

/// One possible hand of the opponent's, by ranks, and how many sets of cards it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Holding {
    /// The ranks held.
    pub ranks: Ranks,
    /// The number of sets of unseen cards with these ranks.
    pub weight: u64,
}

/// Every holding of `size` cards from the `unseen` counts in which every card is worth more
/// than `over`.
pub(crate) fn holdings(unseen: &Ranks, size: u8, over: u8) -> Vec<Holding> {
    fn extend(
        unseen: &Ranks,
        rank: u8,
        size: u8,
        over: u8,
        current: &mut Ranks,
        weight: u64,
        out: &mut Vec<Holding>,
    ) {
        if size == 0 {
            out.push(Holding {
                ranks: *current,
                weight,
            });
            return;
        }
        if rank > 13 {
            return;
        }
        let available = if value(rank) > over {
            unseen[usize::from(rank)]
        } else {
            0
        };
        for take in 0..=available.min(size) {
            current[usize::from(rank)] = take;
            let ways = binomial(usize::from(available), usize::from(take)) as u64;
            extend(
                unseen,
                rank + 1,
                size - take,
                over,
                current,
                weight * ways,
                out,
            );
        }
        current[usize::from(rank)] = 0;
    }
    let mut out = Vec::new();
    extend(unseen, 1, size, over, &mut [0; 14], 1, &mut out);
    out
}

/// How the opponent's hidden cards are weighted.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum HandWeights<'a> {
    /// Every set of unseen cards equally likely.
    #[default]
    Uniform,
    /// Each set weighted by how much likelier players are to keep that hand (the cards left
    /// with the cards already played) than four cards drawn at random: `keeps[seat]` says in
    /// how many deals players in that seat keep each hand of four ranks (by
    /// [`rank_hand_number`]), as the expert crib model's players do.
    Expert {
        /// By seat (the pone's, then the dealer's): how often each hand is kept.
        keeps: [&'a [u64]; 2],
    },
    /// As [`HandWeights::Expert`], and each holding also by the chance that the opponent,
    /// holding it, would have played the cards they played where they played them, by the
    /// reading model (`ReadingModel::likelihood`).
    Reading {
        /// By seat (the pone's, then the dealer's): how often each hand is kept.
        keeps: [&'a [u64]; 2],
        /// How likely a player is to play each card they could.
        model: ReadingModel,
    },
}

/// How much likelier players are to keep a hand of these four ranks than four cards dealt at
/// random are to have them, by `keeps`, a tally of kept hands by [`rank_hand_number`]: the
/// number of deals in which it is kept, plus one so that no hand is impossible, over the number
/// of sets of four cards with those ranks.
pub fn keep_ratio(keeps: &[u64], ranks: [u8; 4]) -> f64 {
    let mut random = 1.0;
    let mut seen = [0u8; 14];
    for &r in &ranks {
        seen[usize::from(r)] += 1;
    }
    for &m in &seen {
        random *= binomial(4, usize::from(m)) as f64;
    }
    let kept = keeps[rank_hand_number(ranks)] as f64;
    (kept + 1.0) / random
}

/// A hand of four cards by ranks (counts by rank number) as its four rank numbers, in order:
/// what [`keep_ratio`] takes.
pub(crate) fn four_ranks(hand: &Ranks) -> [u8; 4] {
    let mut out = [0u8; 4];
    let ranks = (1..14u8).flat_map(|r| std::iter::repeat_n(r, usize::from(hand[usize::from(r)])));
    for (slot, rank) in out.iter_mut().zip(ranks) {
        *slot = rank;
    }
    out
}

/// How likely a holding is, by the opponent model: its number of card sets, and against an
/// expert the keep ratio of the whole hand it makes with the cards the opponent has played
/// (and, reading, `replay`'s chance of the play).
fn likelihood(
    view: &View<2>,
    holding: &Holding,
    opponent: HandWeights,
    replay: Option<&Replay>,
) -> f64 {
    let sets = holding.weight as f64;
    let (keeps, model) = match opponent {
        HandWeights::Uniform => return sets,
        HandWeights::Expert { keeps } => (keeps, None),
        HandWeights::Reading { keeps, model } => (keeps, Some(model)),
    };
    // The whole hand the opponent kept: what they hold and what they have played.
    let mut hand = holding.ranks;
    for &(player, card) in &view.played {
        if player != view.seat {
            hand[usize::from(card.rank().number())] += 1;
        }
    }
    let kept = sets * keep_ratio(keeps[view.seat.other().index()], four_ranks(&hand));
    match (model, replay) {
        (Some(model), Some(replay)) => kept * replay.chance(holding, &model),
        _ => kept,
    }
}

/// The play replayed for the reading, the same for every holding: both hands as they were
/// before the play with the opponent's hidden cards left out, and the cards played in order.
struct Replay {
    hands: [Ranks; 2],
    plays: Vec<(usize, u8)>,
    other: usize,
}

impl Replay {
    fn of(view: &View<2>) -> Replay {
        let other = view.seat.other().index();
        let mut hands = [[0u8; 14]; 2];
        hands[view.seat.index()] = ranks_of(&view.hand);
        let plays: Vec<(usize, u8)> = view
            .played
            .iter()
            .map(|(seat, card)| (seat.index(), card.rank().number()))
            .collect();
        for &(seat, rank) in &plays {
            if seat == other {
                hands[other][usize::from(rank)] += 1;
            }
        }
        Replay {
            hands,
            plays,
            other,
        }
    }

    /// The chance that the opponent, holding `holding` now, would have played as they did, by
    /// `model`.
    fn chance(&self, holding: &Holding, model: &ReadingModel) -> f64 {
        let mut hands = self.hands;
        for (held, &extra) in hands[self.other].iter_mut().zip(&holding.ranks) {
            *held += extra;
        }
        model.likelihood(hands, &self.plays, self.other)
    }
}

/// Every holding of the opponent's that fits the play so far, each with its weight by
/// `opponent`.
pub fn weighed_holdings(view: &View<2>, opponent: HandWeights) -> (Vec<Holding>, Vec<f64>) {
    let other = view.seat.other();
    let holdings = holdings(&view.unseen, view.cards(other), view.over[other.index()]);
    let replay = matches!(opponent, HandWeights::Reading { .. }).then(|| Replay::of(view));
    let mut weights: Vec<f64> = holdings
        .iter()
        .map(|h| likelihood(view, h, opponent, replay.as_ref()))
        .collect();
    let total: f64 = weights.iter().sum();
    if let HandWeights::Reading { keeps, .. } = opponent
        && (total <= 0.0 || total.is_nan())
    {
        // The play reads as no holding at all (it cannot, as every holding here fits the
        // play): weigh by the hands kept alone.
        weights = holdings
            .iter()
            .map(|h| likelihood(view, h, HandWeights::Expert { keeps }, None))
            .collect();
    }
    (holdings, weights)
}

/// Advise the player whose view this is, the opponent's hidden cards weighted by `opponent`.
pub fn advise(view: &View<2>, opponent: HandWeights) -> PlayAdvice {
    let (holdings, weights) = weighed_holdings(view, opponent);
    let legal = view.legal_cards();
    let lines = solved_lines(view, &holdings, &legal);
    // Summed in the holdings' order, so the answer is the same to the last bit however the
    // holdings were shared among the cores, and whatever was remembered.
    let mut totals = vec![[0.0; 2]; legal.len()];
    for (holding, &w) in holdings.iter().zip(&weights) {
        let Some(points) = lines.get(&holding.ranks) else {
            continue;
        };
        for (total, p) in totals.iter_mut().zip(points.iter()) {
            total[0] += w * f64::from(p[0]);
            total[1] += w * f64::from(p[1]);
        }
    }
    let total_weight: f64 = weights.iter().sum();
    advice_of(view, legal, totals, total_weight, holdings.len())
}

/// Advice from the weighted sums of the points each side pegs after each legal card (the
/// player's, then the opponent's) over every holding searched, of `total` weight in all: best
/// net first.
pub fn advice_of(
    view: &View<2>,
    legal: Vec<Card>,
    sums: Vec<[f64; 2]>,
    total: f64,
    holdings: usize,
) -> PlayAdvice {
    let mut options: Vec<CardValue> = legal
        .into_iter()
        .zip(sums)
        .map(|(card, [mine, theirs])| CardValue {
            card,
            now: immediate(view, card),
            mine: mine / total,
            theirs: theirs / total,
            se: None,
            gap_se: None,
        })
        .collect();
    options.sort_by(|a, b| b.net().total_cmp(&a.net()));
    PlayAdvice {
        options,
        holdings,
        sampled: false,
    }
}

/// The points each side pegs on the solved line, for each holding and each legal card: those
/// remembered from an earlier decision in this position (with other cards seen, or another
/// opponent model, or in another deal or game), and the rest searched now on every core.
fn solved_lines(view: &View<2>, holdings: &[Holding], legal: &[Card]) -> Arc<Lines> {
    let me = view.seat.index();
    let other = view.seat.other();
    let key = view.position_key();
    let known = remembered_lines(key);
    let missing: Vec<&Holding> = holdings
        .iter()
        .filter(|h| known.as_ref().is_none_or(|k| k.get(&h.ranks).is_none()))
        .collect();
    if missing.is_empty() {
        return known.unwrap_or_default();
    }
    let searched: Vec<(usize, [[u8; 2]; 4])> = missing
        .par_iter()
        .map(|holding| {
            let table = view.table_with(other, &holding.ranks);
            let mut points = [[0; 2]; 4];
            for (card, line) in legal.iter().zip(&mut points) {
                let mut after = table;
                let now = after.play(card.rank().number());
                let (_, rest) = solve(&after, -WINDOW, WINDOW);
                *line = [now[me] + rest[me], now[1 - me] + rest[1 - me]];
            }
            (holding_number(&holding.ranks), points)
        })
        .collect();
    let size = usize::from(view.cards(other));
    remember_lines(key, known, size, searched)
}

/// One position's solved lines: for each holding of the opponent's (by [`holding_number`]),
/// the points the player and the opponent peg after each legal card, in order (a player holds
/// four cards at most, so at most four ranks to play), or [`UNSOLVED`]. A position's holdings
/// are all of one size: its key counts the opponent's cards.
#[derive(Debug, Clone, Default)]
struct Lines(Vec<[[u8; 2]; 4]>);

/// In [`Lines`], a holding not searched yet: no line pegs 255.
const UNSOLVED: [[u8; 2]; 4] = [[u8::MAX; 2]; 4];

impl Lines {
    /// The lines of `holding`, if they have been searched.
    fn get(&self, holding: &Ranks) -> Option<&[[u8; 2]; 4]> {
        self.0
            .get(holding_number(holding))
            .filter(|&points| *points != UNSOLVED)
    }
}

/// A holding's number among the holdings of its size by ranks, from 0 (the combinatorial
/// number system, as [`rank_hand_number`] numbers hands of four).
fn holding_number(holding: &Ranks) -> usize {
    let mut sorted = [0u8; 4];
    let ranks =
        (1..14u8).flat_map(|r| std::iter::repeat_n(r, usize::from(holding[usize::from(r)])));
    let mut size = 0;
    for (slot, rank) in sorted.iter_mut().zip(ranks) {
        *slot = rank;
        size += 1;
    }
    multiset_number(&sorted[..size])
}

/// How many holdings' lines are remembered, over every position, before starting afresh (16
/// bytes each: some 67 MB at most): the first leads of some 2,300 hands of four. Grading 1,000
/// games' logs took 79 s with 2^21 places, 74 s with 2^22 (one run each, the same hour).
const REMEMBERED_LINES: usize = 1 << 22;

/// Lines remembered across decisions, by [`View::position_key`]: a decision asked again in the
/// same position, with other cards seen or another opponent model, adds up remembered lines
/// instead of searching. The lines do not depend on what was seen or how holdings are weighted.
static LINES: LazyLock<Mutex<LinesMemory>> = LazyLock::new(Mutex::default);

/// Every position's lines, and how many holdings' places that is in all.
type LinesMemory = (rustc_hash::FxHashMap<u128, Arc<Lines>>, usize);

fn lines_memory() -> MutexGuard<'static, LinesMemory> {
    LINES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The lines remembered for a position, if any.
fn remembered_lines(key: u128) -> Option<Arc<Lines>> {
    lines_memory().0.get(&key).cloned()
}

/// Remember a position's lines, those known before and those just searched (by holding number,
/// the opponent holding `size` cards), and return them.
fn remember_lines(
    key: u128,
    known: Option<Arc<Lines>>,
    size: usize,
    searched: Vec<(usize, [[u8; 2]; 4])>,
) -> Arc<Lines> {
    let mut lines = known
        .map(|k| (*k).clone())
        .unwrap_or_else(|| Lines(vec![UNSOLVED; binomial(12 + size, size)]));
    for (number, points) in searched {
        lines.0[number] = points;
    }
    let lines = Arc::new(lines);
    let slots = lines.0.len();
    let mut memory = lines_memory();
    if !memory.0.contains_key(&key) {
        if memory.1 + slots > REMEMBERED_LINES {
            memory.0.clear();
            memory.1 = 0;
        }
        memory.1 += slots;
    }
    memory.0.insert(key, Arc::clone(&lines));
    lines
}

/// Forget every position remembered at the start of a count, on this thread and rayon's, and
/// every decision's lines: what a cold search starts from.
pub fn forget() {
    forget_counts();
    let mut lines = lines_memory();
    lines.0.clear();
    lines.1 = 0;
}

/// What a card scores at once: its reasons by the one scorer, and last card when it ends the
/// deal.
pub(crate) fn immediate<const N: usize>(view: &View<N>, card: Card) -> Vec<PegScore> {
    let mut since = view.since_start().to_vec();
    since.push(card.without_suit());
    let mut now = score_play(&since).to_vec();
    let others_out = (0..N)
        .filter(|&s| s != view.seat.index())
        .all(|s| view.cards(crate::rules::seat::Seat::new(s)) == 0);
    let last = view.left.len() == 1 && others_out;
    if last && view.count() + card.value() != crate::rules::play::MAX_COUNT {
        now.push(PegScore::LastCard);
    }
    now
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::Players;
    use crate::rules::seat::Seat;
    use crate::rules::sequence::parse_tokens;

    fn cards(text: &str) -> Vec<Card> {
        if text.is_empty() {
            return Vec::new();
        }
        parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap()
    }

    fn view(hand: &str, seat: Seat, seen: &str, sequence: &str) -> View<2> {
        let texts: Vec<&str> = sequence.split_whitespace().collect();
        let tokens = parse_tokens(&texts, Players::TWO).unwrap();
        View::new(&cards(hand), seat, &cards(seen), &tokens).unwrap()
    }

    fn ask(hand: &str, seat: Seat, seen: &str, sequence: &str) -> PlayAdvice {
        advise(&view(hand, seat, seen, sequence), HandWeights::Uniform)
    }

    #[test]
    fn what_is_remembered_never_changes_advice() {
        // The first lead three times over, with different cards seen: one position, so the
        // lines solved for one are used for the others.
        let positions = [
            ("6h 7c 8d 9s", Seat::PONE, "Kd Qs 2c", ""),
            ("6h 7c 8d 9s", Seat::PONE, "5h", ""),
            ("6h 7c 8d 9s", Seat::PONE, "", ""),
            ("5h 5c Jd Ks", Seat::DEALER, "4c 2h 3s", "10 5c 6"),
            ("4h 4c 9d Ks", Seat::PONE, "2h", "4h 6 9d 2"),
        ];
        let cold: Vec<PlayAdvice> = positions
            .iter()
            .map(|&(hand, seat, seen, sequence)| {
                forget();
                ask(hand, seat, seen, sequence)
            })
            .collect();
        // Warm: each asked after all the others have filled the memory.
        for _ in 0..2 {
            for (&(hand, seat, seen, sequence), cold) in positions.iter().zip(&cold) {
                assert_eq!(
                    &ask(hand, seat, seen, sequence),
                    cold,
                    "{hand} / {sequence}"
                );
            }
        }
        // And against an expert, from lines the uniform model left: a made-up tally of kept
        // hands is enough to weigh them differently.
        let tally: Vec<u64> = (0..1820u64).map(|n| n * 7 % 13).collect();
        let expert = |seen: &str| {
            let keeps = [&tally[..], &tally[..]];
            advise(
                &view("6h 7c 8d 9s", Seat::PONE, seen, ""),
                HandWeights::Expert { keeps },
            )
        };
        let warm = expert("Kd");
        forget();
        assert_eq!(warm, expert("Kd"));
        assert_ne!(warm, ask("6h 7c 8d 9s", Seat::PONE, "Kd", ""));
    }

    #[test]
    fn a_card_that_takes_31_is_worth_its_two() {
        let advice = ask("5h 5c Jd Ks", Seat::DEALER, "4c 2h 3s", "10 5c 6");
        let best = &advice.options[0];
        assert_eq!(best.now, [PegScore::ThirtyOne]);
        assert_eq!(best.now_points(), 2);
        assert!(advice.options.windows(2).all(|w| w[0].net() >= w[1].net()));
    }
}
