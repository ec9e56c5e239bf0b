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
//! `cargo xtask experiment oracle [PAIRS] [SEED] [LEVEL] [blind|first|later]`
//!
//! Prints the seeing player's share of the games with its standard error over the pairs, and
//! what each player pegs a deal as pone and as dealer over the deals whose play was finished.

use std::time::Instant;

use rayon::prelude::*;

use crib::tables::model::Models;
use crib::tables::rules::board::Game;
use crib::tables::rules::play::ranks_of;
use crib::tables::rules::seat::{Players, Seat};
use crib::tables::rules::sequence::{Token, peg};
use crib::tables::rules::view::View;
use crib::tables::search::players::best;
use crib::tables::table::deal::DealTable;
use crib::tables::table::levels::{Level, Seen};
use crib::tables::table::players::{choose_card, choose_throw};
use crib::tables::table::session::Match;

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
            None => Some(Sight::Always),
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

/// One game: whether the seeing player won, and what each player pegged by seat (`[player]
/// [pone, dealer]`) over the deals whose play was finished, with how many such deals each
/// player had in each seat.
#[derive(Debug, Clone, Copy, Default)]
struct Game2 {
    won: bool,
    pegged: [[u32; 2]; 2],
    deals: [[u32; 2]; 2],
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
        eprintln!("oracle: the fourth argument is blind, first or later");
        std::process::exit(2);
    };
    let start = Instant::now();
    let games: Vec<(Game2, Game2)> = (0..pairs)
        .into_par_iter()
        .map(|pair| {
            let stream = seed.wrapping_mul(1_000_003).wrapping_add(pair);
            (
                play_game(stream, 0, level, sight),
                play_game(stream, 1, level, sight),
            )
        })
        .collect();
    let per_pair: Vec<f64> = games
        .iter()
        .map(|(a, b)| (f64::from(u8::from(a.won)) + f64::from(u8::from(b.won))) / 2.0)
        .collect();
    let (mean, se) = mean_se(&per_pair);
    let seeing = match sight {
        Sight::Always => "seeing the other's cards in the play",
        Sight::Blind => "not seeing",
        Sight::First => "seeing the other's cards for its first card of a deal",
        Sight::Later => "seeing the other's cards for all its cards of a deal but the first",
    };
    println!(
        "{} games ({pairs} duplicate pairs, seed {seed}): {level_name} {seeing} won {:.1}% ± {:.1}% \
         against crib's expert",
        2 * pairs,
        100.0 * mean,
        100.0 * se
    );
    let first = match sight {
        Sight::Blind => level_name.clone(),
        _ => format!("{level_name}, seeing"),
    };
    for (player, name) in [(0, first.as_str()), (1, "expert")] {
        let mut pegged = [0u32; 2];
        let mut deals = [0u32; 2];
        for g in games.iter().flat_map(|(a, b)| [a, b]) {
            for seat in 0..2 {
                pegged[seat] += g.pegged[player][seat];
                deals[seat] += g.deals[player][seat];
            }
        }
        let per = |s: usize| f64::from(pegged[s]) / f64::from(deals[s].max(1));
        println!(
            "  {name:<16} pegs {:.2} a deal as pone, {:.2} as dealer ({} and {} deals)",
            per(0),
            per(1),
            deals[0],
            deals[1]
        );
    }
    println!("{:.0} s", start.elapsed().as_secs_f64());
}

/// Play one game of the stream, the seeing player being player `seer`.
fn play_game(stream: u64, seer: usize, level: Level, sight: Sight) -> Game2 {
    let models = Models::committed();
    let (mut m, _) = Match::new(Game::TWO, stream, 1);
    let mut out = Game2::default();
    while !m.is_over() {
        let mut table = m.deal();
        let who = |seat: Seat| usize::from(m.player_at(seat) != seer);
        for s in 0..2 {
            let seat = Seat::new(s);
            let throw_level = if who(seat) == 0 { level } else { Level::Expert };
            let throw = choose_throw(models, &table, seat, throw_level);
            table.throw(seat, &throw).expect("cards held");
        }
        // How many cards the seeing player has chosen this deal.
        let mut chosen = 0;
        while let Some(seat) = table.play_at().turn {
            if table.game_over() {
                break;
            }
            let token = match who(seat) {
                0 if table.legal().is_empty() => Token::Go,
                0 => {
                    chosen += 1;
                    match sight.sees(chosen - 1) {
                        true => seeing(&table, seat),
                        false => choose_card(models, &table, level),
                    }
                }
                _ => choose_card(models, &table, Level::Expert),
            };
            table.play(token).expect("a legal card");
        }
        let pegging = peg(&table.tokens, Players::TWO).expect("a legal play");
        if pegging.complete {
            for s in 0..2 {
                let player = who(Seat::new(s));
                out.pegged[player][s] += pegging.totals[s];
                out.deals[player][s] += 1;
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

/// The card crib's engine plays for `seat` with the other player's cards in hand known: its
/// search over the single holding the view then leaves possible.
fn seeing(table: &DealTable, seat: Seat) -> Token {
    if table.legal().is_empty() {
        return Token::Go;
    }
    best(&seeing_view(table, seat)).map_or(Token::Go, Token::Card)
}

/// What `seat` sees at `table`, and the other player's cards in hand besides: the cards it
/// has not seen are those cards alone.
fn seeing_view(table: &DealTable, seat: Seat) -> View<2> {
    let seen = Seen::of(table, seat);
    let mut known = seen.thrown.clone();
    known.extend(seen.starter);
    let mut view: View<2> =
        View::new(&seen.hand(), seat, &known, &table.tokens).expect("a legal position");
    view.unseen = ranks_of(&table.in_hand(seat.other()));
    view
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
                table.play(seeing(&table, seat)).unwrap();
            }
            assert!(decisions >= 4);
        }
    }
}
