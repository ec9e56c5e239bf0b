//! Advice for the play: what each legal card is worth to the end of the deal.
//!
//! The search is **perfect-information Monte Carlo, taken exhaustively**. The opponent's hidden
//! cards are every holding consistent with the play so far, by ranks (suits never matter in the
//! play), each weighted by how many sets of unseen cards it stands for, so every set of cards is
//! equally likely. A holding is consistent when no card of it could have been played where the
//! opponent said go, or where a count ended with cards in their hand. For each holding the rest
//! of the deal is solved exactly, as a game of perfect information in which each player plays to
//! maximise their own pegging points less the other's (alpha-beta search on that net). A card's
//! value is the weighted mean over the holdings of the points each side pegs on the solved line.
//!
//! Once a count ends, the rest of the deal depends only on the cards left in each hand, so each
//! position at the start of a count is solved once, exactly, and remembered on its thread
//! ([`forget`] clears that): under the first lead, thousands of holdings share them.
//!
//! What this assumes: after this card, both players play as if they could see each other's
//! cards. That flatters both sides' play equally, and it is the classic weakness of the method
//! ("strategy fusion": a single choice for all holdings is what a real player must make). The
//! opponent is assumed to play well, not to play into our hands.

use rayon::prelude::*;

use crate::card::Card;
use crate::peg::score_play;
use crate::play::{Ranks, Table, View, value};
use crate::score::binomial;

/// One legal card, valued.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// The card (one of each rank the player can play).
    pub card: Card,
    /// What it scores at once: its reasons (fifteen, pairs, run, 31) and last card.
    pub now: Vec<crate::peg::PegScore>,
    /// The player's expected points for the rest of the deal, this card's included.
    pub mine: f64,
    /// The opponent's expected points for the rest of the deal.
    pub theirs: f64,
}

impl Choice {
    /// Mine less theirs.
    pub fn net(&self) -> f64 {
        self.mine - self.theirs
    }
}

/// Advice for one decision: every legal card, best net first (none: the player must say go).
#[derive(Debug, Clone, PartialEq)]
pub struct Advice {
    /// Every legal card, best first.
    pub options: Vec<Choice>,
    /// How many holdings of the opponent's (by ranks) were searched.
    pub holdings: usize,
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
pub fn holdings(unseen: &Ranks, size: u8, over: u8) -> Vec<Holding> {
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Opponent {
    /// Every set of unseen cards equally likely.
    #[default]
    Uniform,
    /// Each set weighted by how much likelier crib's expert crib model is to keep that hand
    /// (the cards left with the cards already played) than four cards drawn at random.
    Expert,
}

impl Opponent {
    /// The name used in JSON: `uniform` or `expert`.
    pub const fn name(self) -> &'static str {
        match self {
            Opponent::Uniform => "uniform",
            Opponent::Expert => "expert",
        }
    }
}

/// Advise the player whose view this is, against an opponent whose every set of unseen cards
/// is equally likely.
pub fn advise(view: &View) -> Advice {
    advise_against(view, Opponent::Uniform)
}

/// How likely a holding is, by the opponent model: its number of card sets, and under the
/// expert model the likelihood ratio of the whole hand it makes with the cards the opponent has
/// played (how often the model keeps it, plus one so no hand is impossible, over how many sets
/// of four cards from a deck have those ranks).
fn likelihood(view: &View, holding: &Holding, opponent: Opponent) -> f64 {
    let sets = holding.weight as f64;
    if opponent == Opponent::Uniform {
        return sets;
    }
    let mut ranks = [0u8; 4];
    let mut n = 0;
    for (rank, &count) in holding.ranks.iter().enumerate() {
        for _ in 0..count {
            ranks[n.min(3)] = rank as u8;
            n += 1;
        }
    }
    for &(player, card) in &view.played {
        if player != view.seat {
            ranks[n.min(3)] = card.rank().number();
            n += 1;
        }
    }
    sets * expert_keep_ratio(1 - view.seat, ranks)
}

/// How much likelier the expert crib model's player in `seat` ([`PONE`](crate::play::PONE) or
/// [`DEALER`](crate::play::DEALER)) is to keep a hand of these four ranks than four cards
/// dealt at random are to have them: the number of deals in which the model keeps it, plus one
/// so that no hand is impossible, over the number of sets of four cards with those ranks.
pub fn expert_keep_ratio(seat: usize, ranks: [u8; 4]) -> f64 {
    let mut random = 1.0;
    let mut seen = [0u8; 14];
    for &r in &ranks {
        seen[usize::from(r)] += 1;
    }
    for &m in &seen {
        random *= binomial(4, usize::from(m)) as f64;
    }
    let keeps =
        crate::expert::committed_kept_hands()[if seat == crate::play::DEALER { 0 } else { 1 }];
    let kept = keeps[crate::expert::rank_hand_number(ranks)] as f64;
    (kept + 1.0) / random
}

/// Advise the player whose view this is, the opponent's hidden cards weighted by `opponent`.
pub fn advise_against(view: &View, opponent: Opponent) -> Advice {
    let holdings = holdings(&view.unseen, view.opponent_cards, view.opponent_over);
    let weights: Vec<f64> = holdings
        .iter()
        .map(|h| likelihood(view, h, opponent))
        .collect();
    let legal = legal_cards(view);
    let me = view.seat;
    // The points each side pegs on the solved line, for each holding and each legal card: those
    // remembered from an earlier decision in this position (with other cards seen, or another
    // opponent model), and the rest searched now on every core.
    let key = view.position_key();
    let known = remembered_lines(key);
    let missing: Vec<&Holding> = holdings
        .iter()
        .filter(|h| {
            known
                .as_ref()
                .is_none_or(|k| !k.contains_key(&pack(&h.ranks)))
        })
        .collect();
    let lines = if missing.is_empty() {
        known.unwrap_or_default()
    } else {
        let searched: Vec<(u64, Box<[[u8; 2]]>)> = missing
            .par_iter()
            .map(|holding| {
                let table = view.table(&holding.ranks);
                let points = legal
                    .iter()
                    .map(|card| {
                        let mut after = table;
                        let now = after.play(card.rank().number());
                        let (_, rest) = search(&after, -WINDOW, WINDOW);
                        [now[me] + rest[me], now[1 - me] + rest[1 - me]]
                    })
                    .collect();
                (pack(&holding.ranks), points)
            })
            .collect();
        remember_lines(key, known, searched)
    };
    // Summed in the holdings' order, so the answer is the same to the last bit however the
    // holdings were shared among the cores, and whatever was remembered.
    let mut totals = vec![[0.0; 2]; legal.len()];
    for (holding, &w) in holdings.iter().zip(&weights) {
        let Some(points) = lines.get(&pack(&holding.ranks)) else {
            continue;
        };
        for (total, p) in totals.iter_mut().zip(points.iter()) {
            total[0] += w * f64::from(p[0]);
            total[1] += w * f64::from(p[1]);
        }
    }
    let total_weight: f64 = weights.iter().sum();
    let mut options: Vec<Choice> = legal
        .into_iter()
        .zip(totals)
        .map(|(card, [mine, theirs])| Choice {
            card,
            now: immediate(view, card),
            mine: mine / total_weight,
            theirs: theirs / total_weight,
        })
        .collect();
    options.sort_by(|a, b| b.net().total_cmp(&a.net()));
    Advice {
        options,
        holdings: holdings.len(),
    }
}

/// One holding's solved lines: for each legal card, in order, the points the player and the
/// opponent peg. By holding ([`pack`]).
type Lines = rustc_hash::FxHashMap<u64, Box<[[u8; 2]]>>;

/// How many holdings' lines are remembered, over every position, before starting afresh:
/// some 50 MB at most.
const REMEMBERED_LINES: usize = 1 << 19;

/// Lines remembered across decisions, by [`View::position_key`]: a decision asked again in the
/// same position, with other cards seen or another opponent model, adds up remembered lines
/// instead of searching. The lines do not depend on what was seen or how holdings are weighted.
static LINES: std::sync::LazyLock<std::sync::Mutex<LinesMemory>> =
    std::sync::LazyLock::new(std::sync::Mutex::default);

/// Every position's lines, and how many holdings' lines that is in all.
type LinesMemory = (rustc_hash::FxHashMap<u128, std::sync::Arc<Lines>>, usize);

fn lines_memory() -> std::sync::MutexGuard<'static, LinesMemory> {
    LINES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The lines remembered for a position, if any.
fn remembered_lines(key: u128) -> Option<std::sync::Arc<Lines>> {
    lines_memory().0.get(&key).cloned()
}

/// Remember a position's lines, those known before and those just searched, and return them.
fn remember_lines(
    key: u128,
    known: Option<std::sync::Arc<Lines>>,
    searched: Vec<(u64, Box<[[u8; 2]]>)>,
) -> std::sync::Arc<Lines> {
    let added = searched.len();
    let mut lines = known.map(|k| (*k).clone()).unwrap_or_default();
    lines.extend(searched);
    let lines = std::sync::Arc::new(lines);
    let mut memory = lines_memory();
    if memory.1 + added > REMEMBERED_LINES {
        memory.0.clear();
        memory.1 = 0;
    }
    memory.1 += added;
    memory.0.insert(key, std::sync::Arc::clone(&lines));
    lines
}

/// A holding as a number: three bits a rank.
fn pack(ranks: &Ranks) -> u64 {
    ranks[1..]
        .iter()
        .fold(0u64, |key, &count| key << 3 | u64::from(count & 7))
}

/// A way to choose the next card in the play: `None` is go (no card fits).
pub type Player = fn(&View) -> Option<Card>;

/// crib's engine: the card with the best expected net to the end of the deal.
pub fn best(view: &View) -> Option<Card> {
    advise(view).options.first().map(|o| o.card)
}

/// Baseline one, greedy: the card that scores most now (the lowest such rank on a tie).
pub fn greedy(view: &View) -> Option<Card> {
    let mut best: Option<(u8, Card)> = None;
    for card in legal_cards(view) {
        let now = now_points(view, card);
        if best.is_none_or(|(b, _)| now > b) {
            best = Some((now, card));
        }
    }
    best.map(|(_, card)| card)
}

/// Baseline two: the card that scores most now less the opponent's best immediate reply,
/// averaged over the hands the opponent could hold (the lowest such rank on a tie).
pub fn reply_aware(view: &View) -> Option<Card> {
    let holdings = holdings(&view.unseen, view.opponent_cards, view.opponent_over);
    let total: f64 = holdings.iter().map(|h| h.weight as f64).sum();
    let mut best: Option<(f64, Card)> = None;
    for card in legal_cards(view) {
        let mut since = view.since_start();
        since.push(card.without_suit());
        let count = view.count() + card.value();
        let reply: f64 = holdings
            .iter()
            .map(|h| {
                let most = (1..=13u8)
                    .filter(|&r| {
                        h.ranks[usize::from(r)] > 0 && count + value(r) <= crate::peg::MAX_COUNT
                    })
                    .map(|r| {
                        let mut after = since.clone();
                        after.push(Card::rank_only(
                            crate::Rank::new(r).unwrap_or(crate::Rank::ACE),
                        ));
                        score_play(&after).points()
                    })
                    .max()
                    .unwrap_or(0);
                h.weight as f64 * f64::from(most)
            })
            .sum::<f64>()
            / total.max(1.0);
        let value = f64::from(now_points(view, card)) - reply;
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, card));
        }
    }
    best.map(|(_, card)| card)
}

/// One card of each legal rank, from the player's cards left.
fn legal_cards(view: &View) -> Vec<Card> {
    view.legal()
        .into_iter()
        .filter_map(|rank| {
            view.left
                .iter()
                .find(|c| c.rank().number() == rank)
                .copied()
        })
        .collect()
}

fn now_points(view: &View, card: Card) -> u8 {
    immediate(view, card).iter().map(|s| s.points()).sum()
}

/// What a card scores at once: its reasons by the one scorer, and last card when it ends the
/// deal.
fn immediate(view: &View, card: Card) -> Vec<crate::peg::PegScore> {
    let mut since = view.since_start();
    since.push(card.without_suit());
    let mut now = score_play(&since).to_vec();
    let last = view.left.len() == 1 && view.opponent_cards == 0;
    if last && view.count() + card.value() != crate::peg::MAX_COUNT {
        now.push(crate::peg::PegScore::LastCard);
    }
    now
}

/// Beyond any net a deal's play can make: the search's opening window.
const WINDOW: i32 = 10_000;

/// The rest of the deal played perfectly by both sides, each maximising their own points less
/// the other's: the net for the pone (player 0) less the dealer, and the points of each on the
/// line found. Alpha-beta on the pone's net, the pone maximising and the dealer minimising.
fn search(table: &Table, alpha: i32, beta: i32) -> (i32, [u8; 2]) {
    if table.is_over() {
        return (0, [0, 0]);
    }
    match table.count_start_key() {
        Some(key) => count_start(key, table),
        None => search_count(table, alpha, beta),
    }
}

/// How many positions at the start of a count each thread remembers before it starts afresh:
/// about 24 MB at most.
const REMEMBERED: usize = 1 << 20;

thread_local! {
    /// The rest of the deal from the start of a count, solved with the full window (so exactly,
    /// whatever window asked for it), by [`Table::count_start_key`]. Once a count ends, what
    /// follows no longer depends on the cards played before, so the same few positions recur
    /// under thousands of the opponent's holdings, and in every later decision of the deal.
    static SOLVED: std::cell::RefCell<rustc_hash::FxHashMap<u64, (i32, [u8; 2])>> =
        std::cell::RefCell::default();
}

/// The rest of the deal from the start of a count, exactly: remembered, or searched and
/// remembered. The answer is the same either way, so what a thread remembers never changes
/// advice.
fn count_start(key: u64, table: &Table) -> (i32, [u8; 2]) {
    if let Some(known) = SOLVED.with(|solved| solved.borrow().get(&key).copied()) {
        return known;
    }
    let result = search_count(table, -WINDOW, WINDOW);
    SOLVED.with(|solved| {
        let mut solved = solved.borrow_mut();
        if solved.len() >= REMEMBERED {
            solved.clear();
        }
        solved.insert(key, result);
    });
    result
}

/// Forget every position remembered at the start of a count, on this thread and rayon's, and
/// every decision's lines: what a cold search starts from.
pub fn forget() {
    let clear = || SOLVED.with(|solved| solved.borrow_mut().clear());
    clear();
    rayon::broadcast(|_| clear());
    let mut lines = lines_memory();
    lines.0.clear();
    lines.1 = 0;
}

/// [`search`] within a count.
fn search_count(table: &Table, mut alpha: i32, mut beta: i32) -> (i32, [u8; 2]) {
    // A hand holds four cards at most, so at most four ranks to play.
    let mut moves = [0u8; 4];
    let mut n = 0;
    for rank in table.legal().take(4) {
        moves[n] = rank;
        n += 1;
    }
    if n == 0 {
        let mut after = *table;
        let points = after.go();
        let d = i32::from(points[0]) - i32::from(points[1]);
        let (v, rest) = search(&after, alpha - d, beta - d);
        return (v + d, add(rest, points));
    }
    let maximise = table.turn() == 0;
    // Play every move once, and search the ones that score best for the mover first: good
    // moves early let alpha-beta cut the rest short.
    let mut children: [(i32, [u8; 2], Table); 4] = [(0, [0, 0], *table); 4];
    for (child, &rank) in children.iter_mut().zip(&moves[..n]) {
        let points = child.2.play(rank);
        child.0 = i32::from(points[0]) - i32::from(points[1]);
        child.1 = points;
    }
    let children = &mut children[..n];
    if n > 1 {
        if maximise {
            children.sort_unstable_by_key(|c| -c.0);
        } else {
            children.sort_unstable_by_key(|c| c.0);
        }
    }
    let mut best: (i32, [u8; 2]) = (if maximise { -WINDOW } else { WINDOW }, [0, 0]);
    for &(d, points, after) in children.iter() {
        let (v, rest) = search(&after, alpha - d, beta - d);
        let v = v + d;
        if maximise {
            if v > best.0 {
                best = (v, add(rest, points));
            }
            alpha = alpha.max(v);
        } else {
            if v < best.0 {
                best = (v, add(rest, points));
            }
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

fn add(a: [u8; 2], b: [u8; 2]) -> [u8; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::play::{DEALER, PONE, view};

    fn cards(text: &str) -> Vec<Card> {
        if text.is_empty() {
            return Vec::new();
        }
        parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap()
    }

    pub(super) fn ask(hand: &str, seat: usize, seen: &str, sequence: &str) -> Advice {
        let tokens: Vec<&str> = sequence.split_whitespace().collect();
        advise(&view(&cards(hand), seat, &cards(seen), &tokens).unwrap())
    }

    /// Plain minimax with no pruning: the brute force the search must agree with.
    fn brute_force(table: &Table) -> i32 {
        if table.is_over() {
            return 0;
        }
        let moves: Vec<u8> = table.legal().collect();
        if moves.is_empty() {
            let mut after = *table;
            let p = after.go();
            return i32::from(p[0]) - i32::from(p[1]) + brute_force(&after);
        }
        let values = moves.iter().map(|&r| {
            let mut after = *table;
            let p = after.play(r);
            i32::from(p[0]) - i32::from(p[1]) + brute_force(&after)
        });
        if table.turn() == 0 {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn what_is_remembered_never_changes_advice() {
        // The first lead three times over, with different cards seen: one position, so the
        // lines solved for one are used for the others.
        let positions = [
            ("6h 7c 8d 9s", PONE, "Kd Qs 2c", ""),
            ("6h 7c 8d 9s", PONE, "5h", ""),
            ("6h 7c 8d 9s", PONE, "", ""),
            ("5h 5c Jd Ks", DEALER, "4c 2h 3s", "10 5c 6"),
            ("4h 4c 9d Ks", PONE, "2h", "4h 6 9d 2"),
        ];
        let cold: Vec<Advice> = positions
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
        // And under the expert opponent model, from lines the uniform model left.
        let expert = |seen: &str| {
            let position = view(&cards("6h 7c 8d 9s"), PONE, &cards(seen), &[] as &[&str]);
            advise_against(&position.unwrap(), Opponent::Expert)
        };
        let warm = expert("Kd");
        forget();
        assert_eq!(warm, expert("Kd"));
    }

    #[test]
    fn the_search_agrees_with_brute_force() {
        for deal in 0..300 {
            let mut hands = [[0u8; 14]; 2];
            for (i, card) in crate::game::shuffled(0x1234_5678, deal, 8)
                .into_iter()
                .enumerate()
            {
                hands[i % 2][usize::from(card.rank().number())] += 1;
            }
            let table = Table::new(hands);
            let (value, points) = search(&table, -WINDOW, WINDOW);
            assert_eq!(value, brute_force(&table), "{hands:?}");
            assert_eq!(value, i32::from(points[0]) - i32::from(points[1]));
        }
    }

    #[test]
    #[ignore]
    fn print_timing() {
        for (hand, seat, seen, seq) in [
            ("6h 7c 8d 9s", PONE, "", ""),
            ("6h 7c 8d 9s", PONE, "Kd Qs 2c", ""),
            ("5h 5c Jd Ks", DEALER, "4c 2h 3s", "10 5c 6"),
        ] {
            let start = std::time::Instant::now();
            let advice = ask(hand, seat, seen, seq);
            eprintln!(
                "{hand} / {seq}: {:?} holdings {}",
                start.elapsed(),
                advice.holdings
            );
            for o in &advice.options {
                eprintln!(
                    "  {} now {:?} mine {:.3} theirs {:.3} net {:.3}",
                    o.card,
                    o.now,
                    o.mine,
                    o.theirs,
                    o.net()
                );
            }
        }
    }
}
