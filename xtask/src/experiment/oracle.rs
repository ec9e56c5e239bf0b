//! What seeing the other player's cards in the play is worth: the ceiling of any reading.
//!
//! Duplicate whole two-player games to 121: each stream of shuffled decks is played twice with
//! the seats swapped. The seeing player throws as a level of crib's (`expert` unless given)
//! and in the play plays the card crib's engine finds best when every card the other player
//! still holds is known (the engine's search over the one holding left possible: the view's
//! unseen cards are those cards). The other player is crib's `expert` throughout. `blind`
//! plays the same games with the seeing player playing as its level does, not seeing, for the
//! same driver's figure without the sight; `first` lets it see only for its first card of
//! each deal, `later` for every card but its first, so that the sight's worth can be split
//! between what a player knows before the play and what the play shows.
//!
//! With `4` players the seeing side is a partnership against an expert partnership: each of its
//! two players plays the card crib's engine for four players finds best over the one deal of
//! the other three hands that is the true one (`advise_seeing`), so each sees its partner's
//! cards as well as the other side's.
//!
//! `partner` lets each of them see only its partner's cards, the other side's drawn as the
//! engine draws them, and `others` only the other side's, its partner's drawn.
//!
//! With `3` players one seeing player plays against two expert seats, each stream of decks
//! played three times, the seeing player once as each of the three players; it plays the card
//! crib's engine for three finds best over the one true deal of the other two hands, or with
//! `next` or `previous` seeing only the hand of the player after it (who answers its cards) or
//! before it, the other drawn as the engine draws them.
//!
//! `cargo xtask experiment oracle [PAIRS] [SEED] [LEVEL] [blind|first|later|always] [2|3|4]
//! [all|partner|others|next|previous]` (with three players PAIRS counts groups of three games)
//!
//! Prints the seeing side's share of the games with its standard error over the pairs (groups),
//! and what each side pegs a deal in each role (pone and dealer; with three players seat 1,
//! seat 2 and dealer, the expert side's figure a seat's; with four, the pones' side and the
//! dealer's) over the deals whose play was finished.

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::players::level::Level;
use crib::tables::players::seen::Seen;
use crib::tables::players::turns::{choose_card, choose_throw};
use crib::tables::rules::board::Game;
use crib::tables::rules::play::{Ranks, ranks_of};
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::rules::sequence::{Token, peg};
use crib::tables::rules::view::View;
use crib::tables::search::players::best;
use crib::tables::search::sampled::{advise_seeing, samples_for};
use crib::tables::state::deal::DealTable;
use crib::tables::state::session::Match;

use super::shared::arg;
use super::shared::stats::mean_se;

/// When the seeing player sees the other's cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sight {
    /// At every card.
    Always,
    /// Never: it plays as its level does.
    Blind,
    /// At its first card of each deal.
    First,
    /// At every card of a deal but its first.
    Later,
}

impl Sight {
    fn named(name: Option<&str>) -> Option<Sight> {
        match name {
            None | Some("always") => Some(Sight::Always),
            Some("blind") => Some(Sight::Blind),
            Some("first") => Some(Sight::First),
            Some("later") => Some(Sight::Later),
            Some(_) => None,
        }
    }

    /// Whether it sees at its card number `card` of a deal (from 0).
    fn sees(self, card: usize) -> bool {
        match self {
            Sight::Always => true,
            Sight::Blind => false,
            Sight::First => card == 0,
            Sight::Later => card > 0,
        }
    }
}

/// Whose cards a seeing player of three or four sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Whose {
    /// Every other hand.
    All,
    /// Four players: its partner's alone, the other side's drawn as crib's engine draws them.
    Partner,
    /// Four players: the other side's two hands, its partner's drawn.
    Others,
    /// Three players: the next player's (who answers its cards), the other drawn.
    Next,
    /// Three players: the previous player's, the other drawn.
    Previous,
}

impl Whose {
    fn named(name: Option<&str>, players: usize) -> Option<Whose> {
        match (name, players) {
            (None | Some("all"), _) => Some(Whose::All),
            (Some("partner"), 4) => Some(Whose::Partner),
            (Some("others"), 4) => Some(Whose::Others),
            (Some("next"), 3) => Some(Whose::Next),
            (Some("previous"), 3) => Some(Whose::Previous),
            _ => None,
        }
    }

    /// Whether a seeing player at seat `me` of `players` sees seat `s`'s hand.
    fn sees(self, me: usize, s: usize, players: usize) -> bool {
        s != me
            && match self {
                Whose::All => true,
                Whose::Partner => s % 2 == me % 2,
                Whose::Others => s % 2 != me % 2,
                Whose::Next => s == (me + 1) % players,
                Whose::Previous => (s + 1) % players == me,
            }
    }
}

/// One game: whether the seeing side won, and what each side pegged by role (`[side][pone,
/// dealer]`; with three players `[seat 1, seat 2, dealer]`, the expert side's being whichever
/// expert held the role; with four the pones' side and the dealer's) over the deals whose play
/// was finished, with how many such deals each side had in each role.
#[derive(Debug, Clone, Copy, Default)]
struct Game2 {
    won: bool,
    pegged: [[u32; 3]; 2],
    deals: [[u32; 3]; 2],
}

pub fn run(args: &[String]) {
    let pairs: u64 = arg(args, 0, 500);
    let seed: u64 = arg(args, 1, 1);
    let level_name: String = arg(args, 2, "expert".to_string());
    let Some(level) = Level::named(&level_name) else {
        eprintln!("oracle: no level {level_name:?}");
        std::process::exit(2);
    };
    let Some(sight) = Sight::named(args.get(3).map(String::as_str)) else {
        eprintln!("oracle: the fourth argument is blind, first, later or always");
        std::process::exit(2);
    };
    let game = match arg(args, 4, 2u8) {
        2 => Game::TWO,
        n @ (3 | 4) => Players::new(usize::from(n))
            .and_then(|players| Game::new(players, 121).ok())
            .expect("a game the rules describe"),
        _ => {
            eprintln!("oracle: the fifth argument is 2, 3 or 4 players");
            std::process::exit(2);
        }
    };
    let count = game.players.count();
    let Some(whose) = Whose::named(args.get(5).map(String::as_str), count) else {
        eprintln!(
            "oracle: the sixth argument is all, or with four players partner or others, with \
             three next or previous"
        );
        std::process::exit(2);
    };
    let start = Instant::now();
    // Each stream is played once with each side seeing: the seeing player as each player of
    // three, or as either side of two or four.
    let rotations = game.players.sides();
    let games: Vec<Vec<Game2>> = (0..pairs)
        .into_par_iter()
        .map(|pair| {
            let stream = seed.wrapping_mul(1_000_003).wrapping_add(pair);
            (0..rotations)
                .map(|seer| play_game(game, stream, seer, level, sight, whose))
                .collect()
        })
        .collect();
    let per_pair: Vec<f64> = games
        .iter()
        .map(|g| g.iter().filter(|g| g.won).count() as f64 / g.len() as f64)
        .collect();
    let (mean, se) = mean_se(&per_pair);
    let cards = match (count, whose) {
        (2, _) => "the other's cards",
        (3, Whose::All) => "the other two hands",
        (_, Whose::All) => "the other three hands",
        (_, Whose::Partner) => "its partner's cards",
        (_, Whose::Others) => "the other side's cards",
        (_, Whose::Next) => "the next player's cards",
        (_, Whose::Previous) => "the previous player's cards",
    };
    let seeing = match sight {
        Sight::Always => format!("seeing {cards} in the play"),
        Sight::Blind => "not seeing".to_string(),
        Sight::First => format!("seeing {cards} for its first card of a deal"),
        Sight::Later => format!("seeing {cards} for all its cards of a deal but the first"),
    };
    let (who, players, groups, against) = match count {
        4 => (
            "a partnership of ",
            ", four players",
            "pairs",
            "crib's expert",
        ),
        3 => ("", ", three players", "groups of three", "two expert seats"),
        _ => ("", "", "pairs", "crib's expert"),
    };
    println!(
        "{} games ({pairs} duplicate {groups}, seed {seed}{players}): {who}{level_name} {seeing} \
         won {:.1}% ± {:.1}% against {against}",
        rotations as u64 * pairs,
        100.0 * mean,
        100.0 * se
    );
    let first = match sight {
        Sight::Blind => level_name.clone(),
        _ => format!("{level_name}, seeing"),
    };
    print_pegging(&games, count, &first);
    println!("{:.0} s", start.elapsed().as_secs_f64());
}

/// What each side pegged a deal in each role, over the deals whose play was finished, the
/// seeing side named `first`.
fn print_pegging(games: &[Vec<Game2>], count: usize, first: &str) {
    let roles: &[&str] = match count {
        4 => &["the pones' side", "the dealer's"],
        3 => &["seat 1", "seat 2", "dealer"],
        _ => &["pone", "dealer"],
    };
    for (player, name) in [(0, first), (1, "expert")] {
        let mut pegged = [0u32; 3];
        let mut deals = [0u32; 3];
        for g in games.iter().flatten() {
            for role in 0..roles.len() {
                pegged[role] += g.pegged[player][role];
                deals[role] += g.deals[player][role];
            }
        }
        let each: Vec<String> = roles
            .iter()
            .enumerate()
            .map(|(r, role)| {
                let per = f64::from(pegged[r]) / f64::from(deals[r].max(1));
                format!("{per:.2} as {role} ({} deals)", deals[r])
            })
            .collect();
        println!("  {name:<16} pegs a deal {}", each.join(", "));
    }
}

/// Play one game of the stream, the seeing side being side `seer` (player `seer`, or with four
/// players the partnership of players `seer` and `seer + 2`; with three, player `seer` against
/// the other two).
fn play_game(
    game: Game,
    stream: u64,
    seer: usize,
    level: Level,
    sight: Sight,
    whose: Whose,
) -> Game2 {
    let models = Models::committed();
    let (mut m, _) = Match::new(game, stream, 1);
    let players = game.players;
    let mut out = Game2::default();
    while m.champion().is_none() {
        let mut table = m.deal();
        let who = |seat: Seat| usize::from(m.player_at(seat) % game.players.sides() != seer);
        for seat in players.seats() {
            let throw_level = if who(seat) == 0 { level } else { Level::Expert };
            let throw = choose_throw(models, &table, seat, throw_level);
            table.throw(seat, &throw).expect("cards held");
        }
        // How many cards each seat has chosen this deal.
        let mut chosen = [0; 4];
        while let Some(seat) = table.play_at().turn {
            if table.game_over() {
                break;
            }
            let token = match who(seat) {
                0 if table.legal().is_empty() => Token::Go,
                0 => {
                    chosen[seat.index()] += 1;
                    match sight.sees(chosen[seat.index()] - 1) {
                        true => seeing(&table, seat, whose),
                        false => choose_card(models, &table, level),
                    }
                }
                _ => choose_card(models, &table, Level::Expert),
            };
            table.play(token).expect("a legal card");
        }
        let pegging = peg(&table.tokens, players).expect("a legal play");
        if pegging.complete {
            let mut counted = [[false; 3]; 2];
            for seat in players.seats() {
                let (side, role) = (who(seat), game.players.side(seat).index());
                out.pegged[side][role] += pegging.totals[seat.index()];
                if !counted[side][role] {
                    counted[side][role] = true;
                    out.deals[side][role] += 1;
                }
            }
        }
        // The play left unfinished when the game ended in it is played out to count the deal.
        while table.play_at().turn.is_some() {
            let token = choose_card(models, &table, Level::Greedy);
            table.play(token).expect("a legal card");
        }
        if let Some(over) = m.settle(&table.counted().expect("a whole deal"), &[]) {
            out.won = over.winner == seer;
        }
    }
    out
}

/// The card crib's engine plays for `seat` with the other players' cards in hand known: with
/// two players its search over the single holding the view then leaves possible, with three
/// or four its sampled search over the one true deal of the other hands (over deals drawn
/// around the hands it sees, where it sees only some).
fn seeing(table: &DealTable, seat: Seat, whose: Whose) -> Token {
    if table.legal().is_empty() {
        return Token::Go;
    }
    match table.game.players.count() {
        3 => seeing_sampled::<3>(table, seat, whose),
        4 => seeing_sampled::<4>(table, seat, whose),
        _ => best(&seeing_view(table, seat)).map_or(Token::Go, Token::Card),
    }
}

/// [`seeing`] for three or four players.
fn seeing_sampled<const N: usize>(table: &DealTable, seat: Seat, whose: Whose) -> Token {
    let view: View<N> = own_view(table, seat);
    let me = seat.index();
    let known: [Option<Ranks>; N] = std::array::from_fn(|s| {
        whose
            .sees(me, s, N)
            .then(|| ranks_of(&table.in_hand(Seat::new(s))))
    });
    let advice = advise_seeing(&view, known, samples_for(crib::tables::players_of::<N>()));
    advice
        .options
        .first()
        .map_or(Token::Go, |o| Token::Card(o.card))
}

/// What `seat` sees at `table`, and the other player's cards in hand besides: the cards it
/// has not seen are those cards alone.
fn seeing_view(table: &DealTable, seat: Seat) -> View<2> {
    let mut view: View<2> = own_view(table, seat);
    view.unseen = ranks_of(&table.in_hand(seat.other()));
    view
}

/// What `seat` sees at `table`: its hand, its throw and the starter, and the play.
fn own_view<const N: usize>(table: &DealTable, seat: Seat) -> View<N> {
    let seen = Seen::of(table, seat);
    let mut known = seen.thrown.clone();
    known.extend(seen.starter);
    View::new(&seen.hand(), seat, &known, &table.tokens).expect("a legal position")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib::tables::search::engine::{HandWeights, advise};

    /// At every decision of a few deals played by the seeing player at both seats, the engine
    /// searches one holding of the other player's (the cards they hold), where blind it
    /// searches many.
    #[test]
    fn the_seeing_view_leaves_one_holding() {
        let models = Models::committed();
        for number in 0..3 {
            let mut table = DealTable::shuffle(Game::TWO, 7, number, vec![0, 0]);
            for s in 0..2 {
                let throw = choose_throw(models, &table, Seat::new(s), Level::Greedy);
                table.throw(Seat::new(s), &throw).unwrap();
            }
            let mut decisions = 0;
            while let Some(seat) = table.play_at().turn {
                if !table.legal().is_empty() {
                    let view = seeing_view(&table, seat);
                    assert_eq!(advise(&view, HandWeights::Uniform).holdings, 1);
                    if decisions == 0 {
                        let blind =
                            View::<2>::new(&view.hand, seat, &[table.starter], &table.tokens)
                                .unwrap();
                        assert!(advise(&blind, HandWeights::Uniform).holdings > 100);
                    }
                    decisions += 1;
                }
                table.play(seeing(&table, seat, Whose::All)).unwrap();
            }
            assert!(decisions >= 4);
        }
    }

    /// With three and four players a seat that sees all, or some, of the other hands plays a
    /// legal card at every turn, and the deal's cards are played out.
    #[test]
    fn three_and_four_players_see_and_finish() {
        let models = Models::committed();
        let cases = [
            (Players::THREE, [Whose::All, Whose::Next, Whose::Previous]),
            (Players::FOUR, [Whose::All, Whose::Partner, Whose::Others]),
        ];
        for (players, sights) in cases {
            let game = Game::new(players, 121).unwrap();
            for whose in sights {
                let mut table = DealTable::shuffle(game, 11, 0, vec![0; game.players.sides()]);
                for seat in game.players.seats() {
                    let throw = choose_throw(models, &table, seat, Level::Greedy);
                    table.throw(seat, &throw).unwrap();
                }
                let mut cards = 0;
                while let Some(seat) = table.play_at().turn {
                    let token = seeing(&table, seat, whose);
                    if let Token::Card(card) = token {
                        assert!(table.legal().contains(&card));
                        cards += 1;
                    }
                    table.play(token).unwrap();
                }
                assert_eq!(cards, 4 * players.count());
            }
        }
    }

    /// Whose hands a seeing player sees, by seat: with three players the next seat answers it
    /// and the previous one is the seat before it, round the table.
    #[test]
    fn whose_hands_are_seen() {
        let seen = |whose: Whose, me: usize, players: usize| -> Vec<usize> {
            (0..players)
                .filter(|&s| whose.sees(me, s, players))
                .collect()
        };
        assert_eq!(seen(Whose::All, 1, 3), [0, 2]);
        assert_eq!(seen(Whose::Next, 2, 3), [0]);
        assert_eq!(seen(Whose::Previous, 0, 3), [2]);
        assert_eq!(seen(Whose::Partner, 1, 4), [3]);
        assert_eq!(seen(Whose::Others, 1, 4), [0, 2]);
        assert_eq!(Whose::named(Some("next"), 4), None);
        assert_eq!(Whose::named(Some("partner"), 3), None);
    }
}
