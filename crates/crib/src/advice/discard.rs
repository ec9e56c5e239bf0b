//! Discard advice: which cards to lay away to the crib, by exact expected points.
//!
//! Every choice of throw is valued exactly: the hand over every unseen starter, the crib over
//! every completion of it from the unseen cards and every starter left, under one of two crib
//! models:
//! - **expert** (the default): the other side's two crib cards are a throw that a player who
//!   throws well would make, drawn from the distribution of throws computed by
//!   [`crate::model::expert`], restricted to the unseen cards and renormalised; with three or
//!   four players, each other seat's card weighted by how often that seat throws its rank
//!   ([`crate::model::expert_one_card`]), the crib's dealt card (three players) at random;
//! - **uniform**: the unseen cards (those not in the player's own deal) are equally likely to
//!   be anywhere, so the crib's other cards are any set of unseen cards, each equally likely.
//!
//! For two players that is every pair of the 46 unseen cards (1,035) times every starter of the
//! 44 left: 45,540 cribs per choice, all scored. With the play counted, each kept hand's
//! expected pegging comes from the pegging table ([`crate::model::pegging`]).

use rayon::prelude::*;

use crate::exact::crib::combinations;
use crate::exact::stats::{over_starters, unseen};
use crate::model::Models;
use crate::model::crib::{Others, ThrowTable};
use crate::model::pegging::PegValue;
use crate::rules::card::{Card, check_deck, require_suits};
use crate::rules::error::{Error, Feature, Result};
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::show::HandKind;

/// Whose crib it is, from the point of view of the player being advised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// You deal: the crib is yours.
    Dealer,
    /// Your partner deals (four players): the crib is your side's.
    PartnerDeals,
    /// An opponent deals: the crib counts against you.
    Pone,
}

impl Role {
    /// Whether the crib counts for the player's side.
    pub(crate) const fn owns_crib(self) -> bool {
        matches!(self, Role::Dealer | Role::PartnerDeals)
    }

    /// The name used in JSON: `dealer`, `partner-deals`, `pone`.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Dealer => "dealer",
            Role::PartnerDeals => "partner-deals",
            Role::Pone => "pone",
        }
    }

    /// How much of the crib the net counts, for the player's side (positive) or against it
    /// (negative): all of it when the crib is the side's; against, all of it with two or four
    /// players (the crib is the other side's) and, as `share` asks, half of it with three
    /// (see [`CribShare`]).
    pub fn crib_weight(self, players: Players, share: CribShare) -> f64 {
        match (self.owns_crib(), share, players.count()) {
            (true, _, _) => 1.0,
            (false, CribShare::Rivals, 3) => -0.5,
            (false, _, _) => -1.0,
        }
    }

    /// The role of seat `seat` (0 leads, the dealer is last) of `players`.
    pub const fn of_seat(seat: Seat, players: Players) -> Role {
        if seat.index() + 1 == players.count() {
            Role::Dealer
        } else if players.count() == 4 && seat.index() == 1 {
            Role::PartnerDeals
        } else {
            Role::Pone
        }
    }

    /// The first seat (0 leads, the dealer is last) of `players` that holds the role.
    pub const fn first_seat(self, players: Players) -> Seat {
        match self {
            Role::Dealer => players.dealer(),
            Role::PartnerDeals => Seat::new(1),
            Role::Pone => Seat::new(0),
        }
    }

    /// The seat of a two-player game: the dealer's, or the pone's.
    pub const fn seat(self) -> Seat {
        match self {
            Role::Dealer => Seat::DEALER,
            _ => Seat::PONE,
        }
    }
}

/// How the crib's unknown cards are modelled: [`CribModel::Expert`] unless asked otherwise,
/// for any number of players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CribModel {
    /// The other seats throw as players who throw well would: see [`crate::model::expert`]
    /// (two players) and [`crate::model::expert_one_card`] (three and four).
    #[default]
    Expert,
    /// Every set of unseen cards equally likely.
    Uniform,
}

impl CribModel {
    /// The name used in JSON: `expert` or `uniform`.
    pub const fn name(self) -> &'static str {
        match self {
            CribModel::Expert => "expert",
            CribModel::Uniform => "uniform",
        }
    }

    /// How the crib's other cards are weighted for the player `request` asks about.
    fn others(self, models: &Models, request: &DiscardRequest) -> Others {
        match self {
            CribModel::Expert => models.crib(request.players).others(request.seat()),
            CribModel::Uniform => Others::uniform(),
        }
    }

    /// What each throw is worth to the crib under this model in a game of `players`, for
    /// `seat`: the uniform model's table is the same for every seat.
    pub fn table(self, models: &Models, players: Players, seat: Seat) -> ThrowTable {
        match self {
            CribModel::Expert => models.crib(players).table(seat),
            CribModel::Uniform => ThrowTable::uniform(players),
        }
    }
}

/// How the play is counted in the advice: [`PlayModel::Engine`] unless asked otherwise, for
/// any number of players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlayModel {
    /// The pegging each side can expect with the kept hand, from crib's pegging tables: for two
    /// players both sides playing as crib's engine advises, the other side holding the expert
    /// crib model's kept hands; for three or four, the engine's value of the hand at the first
    /// lead ([`crate::model::pegging`]).
    #[default]
    Engine,
    /// The play is left out: the show only.
    None,
}

impl PlayModel {
    /// The name used in JSON: `engine` or `none`.
    pub const fn name(self) -> &'static str {
        match self {
            PlayModel::Engine => "engine",
            PlayModel::None => "none",
        }
    }
}

/// How a rival's crib counts against the player advised: [`CribShare::Rivals`] unless asked
/// otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CribShare {
    /// As a rival's points count in crib's measure of a deal, your points less the mean of your
    /// rivals': all of it with two or four players (the other side's), half of it with three,
    /// where the dealer is one of two rivals. crib's play weighs three players' points the same
    /// way, and a point to one rival costs you half what a point of your own gains you (in a
    /// three-way race, a rival's point also costs the third player).
    #[default]
    Rivals,
    /// All of it against you, however many play: what crib advised with three players before,
    /// and how the deals, pools and models of three players were made.
    Whole,
}

/// What is asked: the cards dealt, the game, whose crib it is, and the models to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiscardRequest<'a> {
    /// The cards dealt: six for two players, five for three or four.
    pub dealt: &'a [Card],
    /// How many play.
    pub players: Players,
    /// Whose crib it is.
    pub role: Role,
    /// How the crib's unknown cards are modelled.
    pub crib: CribModel,
    /// How the play is counted.
    pub play: PlayModel,
    /// How a rival's crib counts against you.
    pub crib_share: CribShare,
    /// With a target: also the chance that the hand alone scores at least that many.
    pub need: Option<u8>,
    /// With three or four players, the seat in the order of play (0 leads, the dealer is last),
    /// where the role leaves it open; `None`: the first seat that holds the role.
    pub seat: Option<Seat>,
}

impl<'a> DiscardRequest<'a> {
    /// The cards dealt to `role` in a game of `players`, asked with crib's defaults: the expert
    /// crib model, the play counted, no target for the hand, the first seat of the role.
    pub fn new(dealt: &'a [Card], players: Players, role: Role) -> DiscardRequest<'a> {
        DiscardRequest {
            dealt,
            players,
            role,
            crib: CribModel::default(),
            play: PlayModel::default(),
            crib_share: CribShare::default(),
            need: None,
            seat: None,
        }
    }

    /// The seat in the order of play (0 leads, the dealer is last): as given, or the first that
    /// holds the role.
    pub fn seat(&self) -> Seat {
        self.seat.unwrap_or(self.role.first_seat(self.players))
    }
}

/// One way to split the deal, valued.
#[derive(Debug, Clone, PartialEq)]
pub struct Split {
    /// The four cards kept.
    pub keep: [Card; 4],
    /// The cards thrown to the crib.
    pub throw: Vec<Card>,
    /// The hand's expected points over every unseen starter.
    pub hand_mean: f64,
    /// The hand's fewest points over the starters.
    pub hand_min: u8,
    /// The hand's most points over the starters.
    pub hand_max: u8,
    /// The crib's expected points.
    pub crib_mean: f64,
    /// With the play counted: the points you and the opponent can expect to peg with this hand.
    pub peg: Option<PegValue>,
    /// Hand plus crib when the crib is yours, hand minus crib when it is the opponent's (minus
    /// half the crib with three players: [`CribShare`]); with
    /// the play counted, plus your pegging less the opponent's.
    pub net: f64,
    /// With a target: the chance that the hand alone scores at least that many.
    pub p_at_least: Option<f64>,
}

/// Advice for one deal: every split, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct DiscardAdvice {
    /// How many play.
    pub players: Players,
    /// Whose crib it is.
    pub role: Role,
    /// The crib model used.
    pub model: CribModel,
    /// How the play is counted.
    pub play: PlayModel,
    /// How a rival's crib counted against you.
    pub crib_share: CribShare,
    /// Every split, best net first.
    pub choices: Vec<Split>,
}

/// Check that the request can be answered: the right number of cards for the game, with
/// suits, from one deck, and models that exist for this number of players.
fn check(request: &DiscardRequest) -> Result<()> {
    let players = request.players;
    let (deal, _) = players.deal_shape();
    if request.dealt.len() != deal {
        return Err(Error::WrongCount {
            what: match players.count() {
                2 => "discarding with two players",
                3 => "discarding with three players",
                _ => "discarding with four players",
            },
            expected: format!("the {deal} cards dealt"),
            found: request.dealt.len(),
        });
    }
    let unsupported = |what| Err(Error::NotForPlayers { what, players });
    if request.role == Role::PartnerDeals && players != Players::FOUR {
        return unsupported(Feature::PartnersCrib);
    }
    if let Some(seat) = request.seat
        && (!players.has(seat) || Role::of_seat(seat, players) != request.role)
    {
        return Err(Error::SeatRole {
            seat,
            players,
            role: request.role.name(),
        });
    }
    require_suits(request.dealt, "suits decide flushes and nobs")?;
    check_deck(request.dealt)?;
    Ok(())
}

/// Rank every way to throw from the cards dealt, by exact expected net points, with the models
/// of `models`.
pub fn advise_discard(models: &Models, request: &DiscardRequest) -> Result<DiscardAdvice> {
    check(request)?;
    let (deal, throws) = request.players.deal_shape();
    let dealt = request.dealt;
    let unseen = unseen(dealt);
    let others = request.crib.others(models, request);
    let pegging = models.peg_table(request.players);
    let weight = request
        .role
        .crib_weight(request.players, request.crib_share);
    let splits: Vec<(Vec<usize>, Vec<usize>)> = combinations(deal, throws)
        .into_iter()
        .map(|thrown| {
            let kept = (0..deal).filter(|i| !thrown.contains(i)).collect();
            (kept, thrown)
        })
        .collect();
    let mut choices: Vec<Split> = splits
        .par_iter()
        .map(|(kept, thrown)| {
            let keep = [
                dealt[kept[0]],
                dealt[kept[1]],
                dealt[kept[2]],
                dealt[kept[3]],
            ];
            let throw: Vec<Card> = thrown.iter().map(|&i| dealt[i]).collect();
            let hand = over_starters(&keep, &unseen, HandKind::Hand);
            let hand_mean = hand.mean();
            let crib_mean = others.expected_crib(&throw, &unseen);
            let peg = (request.play == PlayModel::Engine)
                .then(|| pegging.get(request.seat(), keep.map(|c| c.rank())));
            let show = hand_mean + weight * crib_mean;
            let net = show + peg.map_or(0.0, |p| p.net());
            Split {
                keep,
                throw,
                hand_mean,
                hand_min: hand.min() as u8,
                hand_max: hand.max() as u8,
                crib_mean,
                peg,
                net,
                p_at_least: request.need.map(|n| hand.share_at_least(usize::from(n))),
            }
        })
        .collect();
    choices.sort_by(|a, b| b.net.total_cmp(&a.net));
    Ok(DiscardAdvice {
        players: request.players,
        role: request.role,
        model: request.crib,
        play: request.play,
        crib_share: request.crib_share,
        choices,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::show::Hand;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    fn find<'a>(advice: &'a DiscardAdvice, throw: &str) -> &'a Split {
        let throw = cards(throw);
        advice.choices.iter().find(|c| c.throw == throw).unwrap()
    }

    fn advise(
        dealt: &[Card],
        players: usize,
        role: Role,
        need: Option<u8>,
    ) -> Result<DiscardAdvice> {
        let request = DiscardRequest {
            dealt,
            players: Players::try_from(players)?,
            role,
            crib: CribModel::Uniform,
            play: PlayModel::None,
            crib_share: CribShare::default(),
            need,
            seat: None,
        };
        advise_discard(Models::committed(), &request)
    }

    #[test]
    fn worked_example() {
        let dealt = cards("5h Jd 5c 5s 4d 6d");
        let advice = advise(&dealt, 2, Role::Dealer, None).unwrap();
        assert_eq!(advice.choices.len(), 15);
        let keep_fives = find(&advice, "4d 6d");
        assert_eq!(format!("{:.4}", keep_fives.hand_mean), "16.6087");
        assert_eq!(format!("{:.4}", keep_fives.crib_mean), "3.9596");
        assert_eq!(format!("{:.4}", keep_fives.net), "20.5683");
        assert_eq!((keep_fives.hand_min, keep_fives.hand_max), (14, 29));
        let best = &advice.choices[0];
        assert_eq!(best.throw, cards("5h Jd"));
        assert_eq!(format!("{:.4}", best.hand_mean), "15.8043");
        assert_eq!(format!("{:.4}", best.crib_mean), "6.8459");
        assert_eq!(format!("{:.4}", best.net), "22.6503");
        assert!(advice.choices.windows(2).all(|w| w[0].net >= w[1].net));
    }

    #[test]
    fn the_pone_subtracts_the_crib() {
        let dealt = cards("5h Jd 5c 5s 4d 6d");
        let advice = advise(&dealt, 2, Role::Pone, Some(16)).unwrap();
        let choice = find(&advice, "4d 6d");
        assert!((choice.net - (choice.hand_mean - choice.crib_mean)).abs() < 1e-12);
        // 46 starters: the share reaching 16 is a whole number of 46ths.
        let p = choice.p_at_least.unwrap();
        assert!(((p * 46.0).round() - p * 46.0).abs() < 1e-9);
    }

    /// With three players a pone's net takes half the crib away (the dealer is one of two
    /// rivals), or all of it when asked; the dealer's adds all of it either way.
    #[test]
    fn with_three_players_a_rivals_crib_counts_half() {
        let dealt = cards("5h 5c 6d Js Kd");
        let ask = |role, crib_share| {
            let request = DiscardRequest {
                crib_share,
                play: PlayModel::None,
                ..DiscardRequest::new(&dealt, Players::THREE, role)
            };
            advise_discard(Models::committed(), &request).unwrap()
        };
        for (share, weight) in [(CribShare::Rivals, -0.5), (CribShare::Whole, -1.0)] {
            let advice = ask(Role::Pone, share);
            for c in &advice.choices {
                assert!((c.net - (c.hand_mean + weight * c.crib_mean)).abs() < 1e-12);
            }
            let dealer = ask(Role::Dealer, share);
            for c in &dealer.choices {
                assert!((c.net - (c.hand_mean + c.crib_mean)).abs() < 1e-12);
            }
        }
        // T K 9 5 7 in the leader's seat, the play left out: with half the crib against it,
        // keeping 5 9 10 K (6.21 over the starters) and throwing the 7 (a crib of 4.61) beats
        // keeping 5 7 10 K (5.96) and throwing the 9 (4.23): 3.91 to 3.84. With all of it
        // against, the 9 goes: 1.72 to 1.60.
        let dealt = cards("Ts Ks 9h 5d 7s");
        let throw = |crib_share| {
            let request = DiscardRequest {
                crib_share,
                play: PlayModel::None,
                ..DiscardRequest::new(&dealt, Players::THREE, Role::Pone)
            };
            advise_discard(Models::committed(), &request)
                .unwrap()
                .choices[0]
                .throw
                .clone()
        };
        assert_eq!(throw(CribShare::Rivals), cards("7s"));
        assert_eq!(throw(CribShare::Whole), cards("9h"));
        assert_eq!(
            Role::Pone.crib_weight(Players::TWO, CribShare::Rivals),
            -1.0
        );
        assert_eq!(
            Role::Pone.crib_weight(Players::FOUR, CribShare::Rivals),
            -1.0
        );
        assert_eq!(
            Role::PartnerDeals.crib_weight(Players::FOUR, CribShare::Rivals),
            1.0
        );
    }

    /// Brute force with the itemised scorer and nothing prepared agrees with the fast path.
    #[test]
    fn brute_force_agrees() {
        for (text, players) in [("2h 3c Kd Qs 9h 9c", 2), ("Jh 4h 5c 8s Kd", 3)] {
            let dealt = cards(text);
            let unseen: Vec<Card> = Card::deck().filter(|c| !dealt.contains(c)).collect();
            let advice = advise(&dealt, players, Role::Dealer, None).unwrap();
            for choice in advice.choices.iter().take(2) {
                let hand: Vec<f64> = unseen
                    .iter()
                    .map(|&s| {
                        let hand = Hand::new(choice.keep, s, HandKind::Hand).unwrap();
                        f64::from(hand.breakdown().total())
                    })
                    .collect();
                let hand_mean = hand.iter().sum::<f64>() / hand.len() as f64;
                assert!((hand_mean - choice.hand_mean).abs() < 1e-9);
                let (mut sum, mut n) = (0u64, 0u64);
                let size = 4 - choice.throw.len();
                for other in combinations(unseen.len(), size) {
                    let other: Vec<Card> = other.iter().map(|&i| unseen[i]).collect();
                    let mut crib = choice.throw.clone();
                    crib.extend(&other);
                    let crib: [Card; 4] = crib.try_into().unwrap();
                    for &s in unseen.iter().filter(|s| !other.contains(s)) {
                        let hand = Hand::new(crib, s, HandKind::Crib).unwrap();
                        sum += u64::from(hand.breakdown().total());
                        n += 1;
                    }
                }
                assert!((sum as f64 / n as f64 - choice.crib_mean).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn bad_deals() {
        let six = cards("5h Jd 5c 5s 4d 6d");
        let dealer = Role::Dealer;
        assert!(advise(&six[..5], 2, dealer, None).is_err());
        assert!(advise(&six, 3, dealer, None).is_err());
        assert!(advise(&six, 2, Role::PartnerDeals, None).is_err());
        assert!(advise(&cards("5h 5h 5c 5s 4d 6d"), 2, dealer, None).is_err());
        assert!(advise(&cards("5 Jd 5c 5s 4d 6d"), 2, dealer, None).is_err());
        assert!(advise(&six, 5, dealer, None).is_err());
        assert!(matches!(
            advise(&six[..5], 3, Role::PartnerDeals, None),
            Err(Error::NotForPlayers {
                what: Feature::PartnersCrib,
                players: Players::THREE
            })
        ));
    }

    /// A role owns the crib exactly when the board gives the crib to its seat's side.
    #[test]
    fn roles_own_the_crib_as_the_board_scores_it() {
        for players in Players::ALL {
            for seat in players.seats() {
                assert_eq!(
                    Role::of_seat(seat, players).owns_crib(),
                    players.owns_crib(seat),
                    "{players} players, {seat:?}"
                );
            }
        }
    }
}
