//! The rest of a play of three or four players solved with every card seen.
//!
//! - **Three players, each for himself** (max^n): each player in turn plays the card that
//!   leaves him the most points less the mean of the other two's. In a three-way race a point to
//!   either rival costs you half what a point of your own gains you (at level scores the three
//!   chances of winning sum to one, and a rival's gain comes out of both the others' chances), so
//!   this is what each player playing for the game wants. The other assumption, "paranoid"
//!   search (both rivals playing only to keep your points down), makes them throw away their own
//!   points to spite you, which no player at the table does.
//! - **Four players, two partnerships:** each player plays for his side's points less the other
//!   side's, so the game is two-sided again and is solved by alpha-beta, partners cooperating.
//!
//! Ties are broken by the lowest rank, so the line found, and the points each player pegs on
//! it, are a function of the position alone. As for two players, each position at the start of
//! a count of three players is solved once and remembered on its thread; with four, the
//! alpha-beta searches each in the window it is met in and remembers what that proves (bounds,
//! or the value and the line), which takes about a third less time than solving each start
//! of a count in full.

use std::cell::RefCell;

use super::memo::{Bounds, Memo, recall, windowed};
use super::packed::{Packed, ranks};
use crate::rules::numbering::sorted4;
use crate::rules::play::Table;
use crate::rules::seat::Seat;

/// The points each seat pegs on the line found from here to the end of the deal.
pub(crate) fn solve_maxn<const N: usize>(table: &Table<N>) -> [u8; N] {
    solve_packed(&Packed::of(table))
}

/// [`solve_maxn`] on the play packed.
fn solve_packed<const N: usize>(play: &Packed<N>) -> [u8; N] {
    match N {
        4 => partnership(&mut play.clone(), -WINDOW, WINDOW).1,
        _ => each_for_himself(&mut play.clone()),
    }
}

/// What a seat plays for, in whole units: with three players twice his points less the others'
/// (his points less the mean of theirs, doubled); with four, his side's points less the other
/// side's; with two, his points less the other's.
pub(crate) fn utility<const N: usize>(points: &[u8; N], seat: Seat) -> i32 {
    let seat = seat.index();
    let own = i32::from(points[seat]);
    let all: i32 = points.iter().map(|&p| i32::from(p)).sum();
    match N {
        3 => 3 * own - all,
        4 => {
            let side = i32::from(points[seat % 2]) + i32::from(points[seat % 2 + 2]);
            2 * side - all
        }
        _ => 2 * own - all,
    }
}

/// Beyond any net a deal's play can make.
const WINDOW: i32 = 10_000;

/// How many positions at the start of a count of three players each thread remembers before
/// starting afresh: a few decisions' worth (a first lead's 200 deals leave some 13,000), at most
/// some 6 MB. A memo of 2^20 grew over dozens of decisions, and in `crib serve` the answers it
/// grew in (the map moved whole to one twice the size) took up to 98 ms, where with this bound
/// the same answers take 50 ms at most.
const REMEMBERED: usize = 1 << 16;

thread_local! {
    /// The rest of a deal of three players from the start of a count, by
    /// [`Packed::count_start_key`] and the number of players: the points each seat pegs on the
    /// line found.
    static SOLVED: RefCell<Memo<(u128, u8), [u8; 4], REMEMBERED>> = RefCell::default();
}

/// The rest of the deal from the start of a count: remembered, or solved and remembered. The
/// answer is the same either way, so what a thread remembers never changes advice.
fn remembered<const N: usize>(key: u128, solve: impl FnOnce() -> [u8; N]) -> [u8; N] {
    let stored = recall(&SOLVED, (key, N as u8), || {
        let mut stored = [0u8; 4];
        stored[..N].copy_from_slice(&solve());
        stored
    });
    std::array::from_fn(|i| stored[i])
}

fn add<const N: usize>(a: [u8; N], b: [u8; N]) -> [u8; N] {
    std::array::from_fn(|i| a[i] + b[i])
}

/// The ranks the mover may play (none: go), lowest first, each with what it scores at once by
/// the one scorer (before any go or last card it brings), for ordering the search.
fn moves<const N: usize>(play: &Packed<N>) -> ([(u8, u8); 4], usize) {
    let mut out = [(0u8, 0u8); 4];
    let mut n = 0;
    for rank in ranks(play.legal()).take(4) {
        out[n] = (rank, play.card_points(rank));
        n += 1;
    }
    (out, n)
}

/// [`moves`] in the order the partnership search takes them: what scores most at once first
/// (good moves early cut the rest short), then the lowest rank. Each move a key, what it scores
/// counted down from the top and then its rank, sorted by a network of comparisons rather than
/// by a general sort, since there are never more than four.
fn in_search_order<const N: usize>(play: &Packed<N>) -> ([(u8, u8); 4], usize) {
    let mut keys = [u16::MAX; 4];
    let mut n = 0;
    for rank in ranks(play.legal()).take(4) {
        keys[n] = u16::from(u8::MAX - play.card_points(rank)) << 8 | u16::from(rank);
        n += 1;
    }
    let moves = sorted4(keys).map(|key| (key as u8, u8::MAX - (key >> 8) as u8));
    (moves, n)
}

/// The table after the mover plays `rank` (0: says go), and the points that makes.
#[inline]
fn after<const N: usize>(play: &Packed<N>, rank: u8) -> ([u8; N], Packed<N>) {
    let mut next = *play;
    let points = if rank == 0 {
        next.go()
    } else {
        next.play(rank)
    };
    (points, next)
}

/// The line [`solve_maxn`] finds from `table`, move by move: the points each move gives each
/// seat, in order, given what the solver pegs from there (`total`, as [`solve_maxn`] says).
/// Each mover takes the move the solver takes, the first best in the order it searches: the
/// best he can do is worth `total`'s utility to him, so he takes the first move worth that,
/// and the moves after it are never solved. The line pegs `total`, in the order it is pegged.
pub(crate) fn line<const N: usize>(table: &Table<N>, mut total: [u8; N]) -> Vec<[u8; N]> {
    let mut table = Packed::of(table);
    let mut steps = Vec::with_capacity(4 * N);
    while !table.is_over() {
        let (moves, n) = match N {
            4 => in_search_order(&table),
            _ => moves(&table),
        };
        let mover = Seat::new(table.turn());
        let moves = &moves[..n];
        let target = utility(&total, mover);
        // The first best move, its points, the table after it and what it pegs from there.
        let mut best: Option<(i32, [u8; N], Packed<N>, [u8; N])> = None;
        for &(rank, _) in moves.iter() {
            let (points, next) = after(&table, rank);
            let rest = solve_packed(&next);
            let value = utility(&add(points, rest), mover);
            if best.as_ref().is_none_or(|(b, ..)| value > *b) {
                best = Some((value, points, next, rest));
            }
            if value == target {
                break;
            }
        }
        let (points, next, rest) = match best {
            Some((_, points, next, rest)) => (points, next, rest),
            None => {
                // Go: the rest is what is left of the total.
                let (points, next) = after(&table, 0);
                (points, next, std::array::from_fn(|i| total[i] - points[i]))
            }
        };
        steps.push(points);
        table = next;
        total = rest;
    }
    steps
}

/// max^n: the mover takes the move with the best utility for him, the lowest rank on a tie.
fn each_for_himself<const N: usize>(table: &mut Packed<N>) -> [u8; N] {
    if table.is_over() {
        return [0; N];
    }
    if let Some(key) = table.count_start_key() {
        return remembered(key, || within_count(table));
    }
    within_count(table)
}

/// [`each_for_himself`] within a count: each move played on the one table and taken back.
fn within_count<const N: usize>(table: &mut Packed<N>) -> [u8; N] {
    let mover = table.turn();
    let legal = table.legal();
    let before = table.mark();
    if legal == 0 {
        let points = table.go();
        let line = add(points, each_for_himself(table));
        table.take_back(before, 0);
        return line;
    }
    // Every move is searched, lowest rank first: what each scores at once orders nothing.
    let mut best: Option<(i32, [u8; N])> = None;
    for rank in ranks(legal).take(4) {
        let points = table.play(rank);
        let line = add(points, each_for_himself(table));
        table.take_back(before, rank);
        let value = utility(&line, Seat::new(mover));
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, line));
        }
    }
    best.map_or([0; N], |(_, line)| line)
}

/// How many positions at the start of a count of four players each thread remembers before
/// starting afresh: about 1 MB. Few are met again beyond the deal being searched, and a table
/// that stays in the processor's cache is faster: sixteen times as many took a fifth longer to
/// choose a first lead on two threads.
const PARTNERS_REMEMBERED: usize = 1 << 14;

thread_local! {
    /// Positions at the start of a count of four players, by [`Packed::count_start_key`]: what
    /// the searches that met them proved (the points each seat pegs, by seat, once exact).
    static PARTNERS: RefCell<Memo<u128, Bounds<[u8; 4]>, PARTNERS_REMEMBERED>> =
        RefCell::default();
}

/// Alpha-beta for two sides (seats of one parity are partners), fail-soft: the first side's
/// points less the second's, and where that is strictly inside the window (so exact), the
/// points each seat pegs on the line found. Each start of a count is searched in the window it
/// is met in ([`windowed`]).
fn partnership<const N: usize>(table: &mut Packed<N>, alpha: i32, beta: i32) -> (i32, [u8; N]) {
    if table.is_over() {
        return (0, [0; N]);
    }
    let Some(key) = table.count_start_key() else {
        return partnership_count(table, alpha, beta);
    };
    let search = || {
        let (value, points) = partnership_count(table, alpha, beta);
        let mut stored = [0u8; 4];
        stored[..N].copy_from_slice(&points);
        (value, stored)
    };
    let (value, stored) = windowed(&PARTNERS, key, (alpha, beta), [0; 4], search, |p| {
        side_net(p)
    });
    (value, std::array::from_fn(|i| stored[i]))
}

/// The first side's points less the second's.
fn side_net<const N: usize>(points: &[u8; N]) -> i32 {
    points
        .iter()
        .enumerate()
        .map(|(seat, &p)| {
            if seat % 2 == 0 {
                i32::from(p)
            } else {
                -i32::from(p)
            }
        })
        .sum()
}

fn partnership_count<const N: usize>(
    table: &mut Packed<N>,
    mut alpha: i32,
    mut beta: i32,
) -> (i32, [u8; N]) {
    let maximise = table.turn().is_multiple_of(2);
    let (moves, n) = in_search_order(table);
    let before = table.mark();
    if n == 0 {
        let points = table.go();
        let d = side_net(&points);
        let (v, rest) = partnership(table, alpha - d, beta - d);
        table.take_back(before, 0);
        return (v + d, add(points, rest));
    }
    let mut best: (i32, [u8; N]) = (if maximise { -WINDOW } else { WINDOW }, [0; N]);
    // Each move is played on the one table and taken back, rather than on a copy.
    for &(rank, now) in &moves[..n] {
        let points = table.play_scoring(rank, now);
        let d = side_net(&points);
        let (v, rest) = partnership(table, alpha - d, beta - d);
        table.take_back(before, rank);
        let v = v + d;
        let better = if maximise { v > best.0 } else { v < best.0 };
        if better {
            best = (v, add(points, rest));
        }
        if maximise {
            alpha = alpha.max(v);
        } else {
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::play::Ranks;
    use crate::rules::shuffle::shuffled;

    /// max^n with no memory and no pruning: the brute force the solver must agree with.
    fn brute_force<const N: usize>(table: &Table<N>) -> [u8; N] {
        if table.is_over() {
            return [0; N];
        }
        let mover = table.turn();
        let moves: Vec<u8> = table.legal().collect();
        if moves.is_empty() {
            let mut after = *table;
            let p = after.go();
            return add(p, brute_force(&after));
        }
        let mut best: Option<(i32, [u8; N])> = None;
        for rank in moves {
            let mut after = *table;
            let p = after.play(rank);
            let line = add(p, brute_force(&after));
            let value = utility(&line, Seat::new(mover));
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, line));
            }
        }
        best.unwrap().1
    }

    fn deal<const N: usize>(seed: u64, n: u64) -> Table<N> {
        let cards = shuffled(seed, n, 4 * N);
        let mut hands: [Ranks; N] = [[0; 14]; N];
        for (i, card) in cards.iter().enumerate() {
            hands[i % N][usize::from(card.rank().number())] += 1;
        }
        Table::new(hands)
    }

    /// Partnership minimax with no pruning and no memory: the side's net, and the points of
    /// the line of the first best move at every turn, in the order the search takes them (what
    /// scores most at once first, then the lowest rank).
    fn partners_by_brute_force(table: &Packed<4>) -> (i32, [u8; 4]) {
        if table.is_over() {
            return (0, [0; 4]);
        }
        let (mut moves, n) = moves(table);
        if n == 0 {
            let (points, next) = after(table, 0);
            let (v, rest) = partners_by_brute_force(&next);
            return (v + side_net(&points), add(points, rest));
        }
        let moves = &mut moves[..n];
        moves.sort_by_key(|&(rank, now)| (std::cmp::Reverse(now), rank));
        let sign = if table.turn().is_multiple_of(2) {
            1
        } else {
            -1
        };
        let mut best: Option<(i32, [u8; 4])> = None;
        for &(rank, _) in moves.iter() {
            let (points, next) = after(table, rank);
            let (v, rest) = partners_by_brute_force(&next);
            let v = v + side_net(&points);
            if best.is_none_or(|(b, _)| sign * v > sign * b) {
                best = Some((v, add(points, rest)));
            }
        }
        best.unwrap()
    }

    /// Deals of four players, each after up to `moves` random moves.
    fn positions(seed: u64, deals: u64, moves: u64) -> Vec<Packed<4>> {
        let mut random = crate::rules::shuffle::Rng::new(seed);
        (0..deals)
            .map(|n| {
                let mut table = deal::<4>(seed, n);
                for _ in 0..random.below(moves + 1) {
                    let legal: Vec<u8> = table.legal().collect();
                    match legal.len() {
                        _ if table.is_over() => break,
                        0 => drop(table.go()),
                        k => drop(table.play(legal[random.below(k as u64) as usize])),
                    }
                }
                Packed::of(&table)
            })
            .collect()
    }

    #[test]
    fn partners_find_the_brute_forces_line() {
        // Whole deals, and deals a few cards in: the same net and the same points by seat.
        for (n, play) in positions(43, 40, 6).iter().enumerate() {
            let found = partnership(&mut play.clone(), -WINDOW, WINDOW);
            assert_eq!(found, partners_by_brute_force(play), "position {n}");
        }
    }

    #[test]
    fn what_partners_remember_never_changes_an_answer() {
        let plays = positions(44, 300, 8);
        let forget = || PARTNERS.with(|m| m.borrow_mut().clear());
        forget();
        let first: Vec<_> = plays
            .iter()
            .map(|p| partnership(&mut p.clone(), -WINDOW, WINDOW))
            .collect();
        // Again with nothing remembered, in the other order, after searches in narrow windows
        // have left bounds behind.
        forget();
        let mut random = crate::rules::shuffle::Rng::new(45);
        for play in &plays {
            let alpha = random.below(21) as i32 - 10;
            let _ = partnership(&mut play.clone(), alpha, alpha + 1);
        }
        for (n, play) in plays.iter().enumerate().rev() {
            assert_eq!(
                partnership(&mut play.clone(), -WINDOW, WINDOW),
                first[n],
                "position {n}"
            );
        }
    }

    #[test]
    fn three_players_agree_with_brute_force() {
        for n in 0..60 {
            let table = deal::<3>(31, n);
            assert_eq!(solve_maxn(&table), brute_force(&table), "deal {n}");
        }
    }

    #[test]
    fn partners_agree_with_brute_force_on_the_side_net() {
        // Partners' lines may differ where two lines are worth the same to both sides, so the
        // side's net and the total are what must agree.
        for n in 0..12 {
            let table = deal::<4>(41, n);
            let solved = solve_maxn(&table);
            let brute = brute_force(&table);
            assert_eq!(side_net(&solved), side_net(&brute), "deal {n}");
        }
    }

    /// The line with every move of every mover solved: what [`line`] must find.
    fn line_by_every_move<const N: usize>(table: &Table<N>) -> Vec<[u8; N]> {
        let mut table = Packed::of(table);
        let mut steps = Vec::new();
        while !table.is_over() {
            let (mut moves, n) = moves(&table);
            let mover = table.turn();
            let moves = &mut moves[..n];
            if N == 4 {
                moves.sort_by_key(|&(rank, now)| (std::cmp::Reverse(now), rank));
            }
            let mut best: Option<(i32, u8)> = None;
            for &(rank, _) in moves.iter() {
                let (points, next) = after(&table, rank);
                let value = utility(&add(points, solve_packed(&next)), Seat::new(mover));
                if best.is_none_or(|(b, _)| value > b) {
                    best = Some((value, rank));
                }
            }
            let (points, next) = after(&table, best.map_or(0, |(_, rank)| rank));
            steps.push(points);
            table = next;
        }
        steps
    }

    #[test]
    fn the_line_stops_at_the_first_best_move() {
        fn check<const N: usize>(seed: u64, deals: u64) {
            for n in 0..deals {
                let table = deal::<N>(seed, n);
                let found = line(&table, solve_maxn(&table));
                assert_eq!(found, line_by_every_move(&table), "{N} players, deal {n}");
            }
        }
        check::<3>(53, 40);
        check::<4>(54, 12);
    }

    #[test]
    fn the_line_pegs_what_the_solver_says() {
        for n in 0..40 {
            let table = deal::<3>(51, n);
            let total = line(&table, solve_maxn(&table))
                .iter()
                .fold([0; 3], |a, s| add(a, *s));
            assert_eq!(total, solve_maxn(&table), "deal {n}");
        }
        for n in 0..12 {
            let table = deal::<4>(52, n);
            let total = line(&table, solve_maxn(&table))
                .iter()
                .fold([0; 4], |a, s| add(a, *s));
            assert_eq!(side_net(&total), side_net(&solve_maxn(&table)), "deal {n}");
        }
    }

    #[test]
    fn what_each_plays_for() {
        assert_eq!(utility(&[4, 2, 0], Seat::new(0)), 3 * 4 - 6);
        assert_eq!(utility(&[4, 2, 0], Seat::new(2)), -6);
        // Seats 0 and 2 are partners against 1 and 3.
        assert_eq!(utility(&[1, 2, 3, 4], Seat::new(0)), (1 + 3) - (2 + 4));
        assert_eq!(utility(&[1, 2, 3, 4], Seat::new(3)), (2 + 4) - (1 + 3));
        assert_eq!(utility(&[3, 1], Seat::new(1)), 1 - 3);
    }
}
