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
