//! The skills a player's decisions practise, as `crib stats --logs` reports progress in each:
//! counting (a hand or crib counted under `--muggins`, or in `crib train count`), throwing as
//! the pone and as the dealer (the crib another's, or your own), the lead (a card on a count of
//! 0: the first of the deal, or after a count starts again) and later cards.

use crib::coach::{Choice, Decision};
use crib::{Players, Seat};

/// The skills, in the order a deal asks them.
pub const SKILLS: [&str; 5] = [
    "counting",
    "throwing as pone",
    "throwing as dealer",
    "the lead",
    "later cards",
];

/// The skill `decision`, made by `seat` with `players`, practises.
pub fn skill_of(decision: &Decision, seat: Seat, players: Players) -> &'static str {
    match (&decision.chosen, decision.count) {
        (Choice::Count(_), _) => SKILLS[0],
        (Choice::Throw(_), _) if seat == players.dealer() => SKILLS[2],
        (Choice::Throw(_), _) => SKILLS[1],
        (Choice::Card(_), Some(0)) => SKILLS[3],
        (Choice::Card(_), _) => SKILLS[4],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(chosen: Choice, count: Option<u8>) -> Decision {
        Decision {
            chosen: chosen.clone(),
            best: chosen,
            cost: 0.0,
            count,
            cost_p_win: None,
            worth: None,
        }
    }

    /// Each kind of decision to its skill: the dealer's throw and the pone's, a lead on 0, a
    /// later card, a count.
    #[test]
    fn each_decision_practises_one_skill() {
        let two = Players::TWO;
        let throw = decision(Choice::Throw(Vec::new()), None);
        assert_eq!(skill_of(&throw, two.dealer(), two), "throwing as dealer");
        assert_eq!(skill_of(&throw, Seat::new(0), two), "throwing as pone");
        let card = "5h".parse().unwrap();
        assert_eq!(
            skill_of(&decision(Choice::Card(card), Some(0)), Seat::new(0), two),
            "the lead"
        );
        assert_eq!(
            skill_of(&decision(Choice::Card(card), Some(12)), Seat::new(0), two),
            "later cards"
        );
        assert_eq!(
            skill_of(&decision(Choice::Count(4), None), Seat::new(0), two),
            "counting"
        );
    }
}
