//! `cargo xtask experiment NAME [ARGS]`: the statistical experiments behind the figures the
//! docs quote (self-play, whole games, checks of the samplers). Each prints what it measured;
//! none of them is a test, and none runs in `cargo test`. `cargo xtask verify` holds the checks
//! that pass or fail.

mod answers;
mod board_odds;
mod board_selfplay;
mod board_selfplay34;
mod correction;
mod crib_check34;
mod discard_selfplay34;
mod endgame_check;
mod expert_cribs;
mod informed_selfplay;
mod lead_rule3;
mod match_selfplay;
mod odds_check;
mod oracle;
mod peg_throw;
mod reading_check;
mod rollout;
mod rollout3;
mod selfplay;
mod selfplay34;
pub(crate) mod shared;
mod shuffle_check;
mod throw_reading_check;

/// One experiment: its name on the command line, its arguments, what it measures, and how it
/// runs.
pub struct Experiment {
    /// The name: `cargo xtask experiment NAME`.
    pub name: &'static str,
    /// Its arguments, each optional, in order.
    pub usage: &'static str,
    /// What it measures, in a line.
    pub about: &'static str,
    /// Run it with the arguments after its name.
    pub run: fn(&[String]),
}

/// Every experiment, by name.
pub const EXPERIMENTS: &[Experiment] = &[
    Experiment {
        name: "selfplay",
        usage: "[DEALS] [SEED] [AVERAGE_DEALS]",
        about: "the play: crib's engine against greedy and reply-aware players on duplicate deals",
        run: selfplay::run,
    },
    Experiment {
        name: "informed_selfplay",
        usage: "[DEALS] [SEED] [DEPTH] [kept|random] [read]",
        about: "the play: own later cards chosen blind against the engine and the baselines",
        run: informed_selfplay::run,
    },
    Experiment {
        name: "selfplay34",
        usage: "[DEALS] [SEED] [PLAYERS] [BASELINE] [ENGINE]",
        about: "the play of three and four: one seat by crib's engine, the others a baseline",
        run: selfplay34::run,
    },
    Experiment {
        name: "discard_selfplay34",
        usage: "[DEALS] [SEED] [crib]",
        about: "whether counting the play improves three- and four-player discards",
        run: discard_selfplay34::run,
    },
    Experiment {
        name: "crib_check34",
        usage: "[DEALS] [SEED] [expert]",
        about: "the crib and pegging tables of three and four against what crib's players make",
        run: crib_check34::run,
    },
    Experiment {
        name: "peg_throw",
        usage: "[DEALS] [SEED]",
        about: "the play in the throw valued beside all six cards dealt, not the four kept",
        run: peg_throw::run,
    },
    Experiment {
        name: "board_selfplay",
        usage: "[PAIRS] [SEED] [FROM] [discard]",
        about: "whole games: playing for the board from FROM on against playing for points",
        run: board_selfplay::run,
    },
    Experiment {
        name: "board_selfplay34",
        usage: "[POSITIONS] [SEED] [PLAYERS] [FROM] [play|throw|both]",
        about: "three and four players: the board in the play or the throw from late positions, duplicate",
        run: board_selfplay34::run,
    },
    Experiment {
        name: "match_selfplay",
        usage: "[POSITIONS] [SEED] [LOW]",
        about: "two players: weighing the match (a skunk counting two) from late positions, duplicate",
        run: match_selfplay::run,
    },
    Experiment {
        name: "throw_reading_check",
        usage: "[DEALS] [SEED]",
        about: "how much the other player's throw says about their kept hand, read two ways",
        run: throw_reading_check::run,
    },
    Experiment {
        name: "correction",
        usage: "[DEALS] [SEED] [FRESH_SEED]",
        about: "the play: whether a correction learned from strongest's own deals chooses better cards",
        run: correction::run,
    },
    Experiment {
        name: "answers",
        usage: "[HANDS] [OUT]",
        about: "the dealer's answer to the lead by the engine's play on both sides after it, exactly",
        run: answers::run,
    },
    Experiment {
        name: "rollout",
        usage: "[DEALS] [SEED] [SAMPLES] [strongest|expert] [truth [rollouts|blind|unpaired|quick|light|answers] [pone|dealer] [FILE]]",
        about: "the play: what a value learned from self-play could add at most, by rollouts",
        run: rollout::run,
    },
    Experiment {
        name: "rollout3",
        usage: "[DEALS] [SEED] [SAMPLES] [first|every] [seat1|seat2|dealer|all] [list]",
        about: "the play of three: what a value learned from self-play could add, by rollouts",
        run: rollout3::run,
    },
    Experiment {
        name: "lead_rule3",
        usage: "[DEALS] [SEED] [SAMPLES] [expert|greedy-high|reply-aware]",
        about: "the lead of three: whether leading higher than the ace or two strongest leads holds",
        run: lead_rule3::run,
    },
    Experiment {
        name: "oracle",
        usage: "[PAIRS] [SEED] [LEVEL] [blind|first|later|always] [2|3|4] [all|partner|others|next|previous]",
        about: "whole games: what seeing the others' cards in the play wins against the expert",
        run: oracle::run,
    },
    Experiment {
        name: "board_odds",
        usage: "[GAMES] [SEED] [D-P ...]",
        about: "whole games of players for the board against the committed odds",
        run: board_odds::run,
    },
    Experiment {
        name: "odds_check",
        usage: "[GAMES] [SEED]",
        about: "whole games of point players against the point players' table",
        run: odds_check::run,
    },
    Experiment {
        name: "endgame_check",
        usage: "[HANDS] [SEED]",
        about: "whether the standard errors of crib discard --scores are honest",
        run: endgame_check::run,
    },
    Experiment {
        name: "expert_cribs",
        usage: "[DEALS] [SEED]",
        about: "the cribs the expert model's players make in whole deals, beside its tables",
        run: expert_cribs::run,
    },
    Experiment {
        name: "reading_check",
        usage: "[DEALS] [SEED] [two|more|refit]",
        about: "how well the reading model predicts each level's play, against the uniform model",
        run: reading_check::run,
    },
    Experiment {
        name: "shuffle_check",
        usage: "[DEALS] [SEED]",
        about: "chi-square tests of the shuffles every sample is dealt from",
        run: shuffle_check::run,
    },
];
