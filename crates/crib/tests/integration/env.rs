//! The environment and the arena play the same games: the jobs stand side by side on the game's
//! state and crib's players, neither importing the other, so their agreement is checked here,
//! through the public API.

use std::sync::atomic::AtomicBool;

use crib_core::arena::{Arena, BuiltIn, Contestant, group_seed};
use crib_core::env::Steps;
use crib_core::game::Level;
use crib_core::{Game, Models, Players};

/// Stepped with the expert at every seat, a game is the game `crib match crib:expert
/// crib:expert` plays first with the same seed: the same end, point for point.
#[test]
fn the_arena_plays_the_same_game() {
    let models = Models::committed();
    for players in [Players::TWO, Players::THREE] {
        let game = Game::new(players, 61).unwrap();
        let arena = Arena {
            game,
            seed: 11,
            keep_deals: false,
        };
        let mut entrants: Vec<Box<dyn Contestant + Send>> = (0..players.count())
            .map(|_| Box::new(BuiltIn(Level::Expert)) as Box<dyn Contestant + Send>)
            .collect();
        let record = arena
            .play(0, &mut entrants, &AtomicBool::new(false))
            .unwrap();
        let mut steps = Steps::new(game, group_seed(11, 0));
        while let Some(card) = steps.choice(models, Level::Expert) {
            steps.act(card).unwrap();
        }
        let over = steps.over().unwrap();
        assert_eq!(record.scores, over.scores, "{players}");
        assert_eq!(record.winner, over.winner, "{players}");
    }
}

/// What card `card` scores itself played now at `steps` (its fifteen or 31, pairs and run): the
/// points the order of the count decides. (The go and the last card also turn on the cards
/// others hold, which no observation shows.)
fn scores_itself(steps: &Steps, card: crib_core::Card) -> u32 {
    use crib_core::pegging::{EventKind, Token};
    let mut table = steps.table().clone();
    let events = table.play(Token::Card(card)).unwrap();
    events
        .iter()
        .find(|e| e.kind == EventKind::Card(card))
        .map_or(0, |e| e.points())
}

/// Version 1's observation tells apart every two positions where a card scores differently on
/// the count: over every order of play of the first deal of 40 seeded games of two players (and
/// 4,000 positions of each of 10 of three and four players'), no two positions that score a legal card
/// differently give the player to act the same numbers. Version 0's, whose cards on the count
/// are a set, is fooled in many of them.
#[test]
fn version_1_keeps_the_play() {
    use crib_core::env::Ask;
    use std::collections::HashMap;
    let mut fooled = [0usize; 2];
    let mut positions = 0;
    for (players, seeds, most) in [
        (Players::TWO, 0..40u64, usize::MAX),
        (Players::THREE, 0..10, 4_000),
        (Players::FOUR, 0..10, 4_000),
    ] {
        for seed in seeds {
            let mut steps = Steps::new(Game::new(players, 121).unwrap(), seed);
            while let Some((_, Ask::Throw { .. })) = steps.to_act() {
                let card = steps.legal()[0];
                steps.act(card).unwrap();
            }
            let mut seen: [HashMap<Vec<u32>, Vec<u32>>; 2] = Default::default();
            let mut stack = vec![steps];
            let mut visited = 0;
            while let Some(at) = stack.pop() {
                visited += 1;
                if visited > most {
                    break;
                }
                let Some((seat, Ask::Play)) = at.to_act() else {
                    continue;
                };
                let player = at.match_state().player_at(seat);
                let legal = at.legal();
                let scored: Vec<u32> = legal.iter().map(|&c| scores_itself(&at, c)).collect();
                for version in 0..2u8 {
                    let mut numbers = vec![0.0; 663];
                    let size = at.observation(player, version, &mut numbers).unwrap();
                    numbers.truncate(size);
                    let key: Vec<u32> = numbers.iter().map(|x| x.to_bits()).collect();
                    let known = seen[usize::from(version)]
                        .entry(key)
                        .or_insert_with(|| scored.clone());
                    if *known != scored {
                        fooled[usize::from(version)] += 1;
                    }
                }
                positions += 1;
                for card in legal {
                    let mut next = at.clone();
                    // The deal settled: its play is over.
                    if !next.act(card).unwrap() {
                        stack.push(next);
                    }
                }
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
    assert_eq!(fooled[1], 0, "version 1 fooled over {positions} positions");
    assert!(
        fooled[0] > 0,
        "version 0 is fooled by the order of the play"
    );
}
