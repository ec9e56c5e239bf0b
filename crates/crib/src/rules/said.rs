//! A count as players say it at the table: fifteens first, then pairs, runs, the flush and nobs,
//! each with the running total, in words ("fifteen two, fifteen four, fifteen six and a pair
//! is eight, and nobs is nine").

use crate::rules::show::{Breakdown, ItemKind, pairs_name};

const WORDS: [&str; 30] = [
    "nothing",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "twenty-one",
    "twenty-two",
    "twenty-three",
    "twenty-four",
    "twenty-five",
    "twenty-six",
    "twenty-seven",
    "twenty-eight",
    "twenty-nine",
];

/// A number from 0 to 29 in words.
pub(crate) fn number_word(n: u32) -> &'static str {
    WORDS.get(n as usize).copied().unwrap_or("more")
}

/// How many, in words, for a count of things ("two runs of three").
fn how_many(n: usize) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        4 => "four",
        _ => "many",
    }
}

impl Breakdown {
    /// The count as it is said at the table, with the running total in words: "fifteen two,
    /// fifteen four, fifteen six and a pair is eight, and nobs is nine". A hand of nothing is
    /// "nineteen: nothing to count", as players call it (no hand makes 19).
    pub fn said(&self) -> String {
        let mut total = 0u32;
        let mut fifteens = Vec::new();
        let mut rest = Vec::new();
        for item in self.items.iter().filter(|i| i.kind == ItemKind::Fifteen) {
            total += u32::from(item.points);
            fifteens.push(format!("fifteen {}", number_word(total)));
        }
        for (what, points) in self.pair_phrases() {
            total += points;
            rest.push(format!("{what} is {}", number_word(total)));
        }
        let runs: Vec<_> = self
            .items
            .iter()
            .filter(|i| i.kind == ItemKind::Run)
            .collect();
        if let Some(first) = runs.first() {
            let length = how_long(first.cards().len());
            let what = match runs.len() {
                1 => format!("a run of {length}"),
                n => format!("{} runs of {length}", how_many(n)),
            };
            total += runs.iter().map(|r| u32::from(r.points)).sum::<u32>();
            rest.push(format!("{what} is {}", number_word(total)));
        }
        for item in &self.items {
            let what = match item.kind {
                ItemKind::Flush => format!("a flush of {}", how_long(item.cards().len())),
                ItemKind::Nobs => "nobs".to_owned(),
                _ => continue,
            };
            total += u32::from(item.points);
            rest.push(format!("{what} is {}", number_word(total)));
        }
        if fifteens.is_empty() && rest.is_empty() {
            return "nineteen: nothing to count".to_owned();
        }
        let mut said = fifteens.join(", ");
        for (i, phrase) in rest.iter().enumerate() {
            let joint = match (said.is_empty(), i) {
                (true, 0) => "",
                (false, 0) => " and ",
                _ => ", and ",
            };
            said.push_str(joint);
            said.push_str(phrase);
        }
        said
    }

    /// The pairs by rank, in the order they come: "a pair", "a pair royal", "a double pair
    /// royal", and "two pairs" for two plain pairs of different ranks; with their points.
    fn pair_phrases(&self) -> Vec<(String, u32)> {
        let mut ranks: Vec<(crate::rules::card::Rank, u32)> = Vec::new();
        for item in self.items.iter().filter(|i| i.kind == ItemKind::Pair) {
            let rank = item.cards()[0].rank();
            match ranks.iter_mut().find(|(r, _)| *r == rank) {
                Some((_, pairs)) => *pairs += 1,
                None => ranks.push((rank, 1)),
            }
        }
        // 1 pair: 2 cards; 3 pairs: 3 cards; 6 pairs: 4 cards.
        let cards_of = |pairs: u32| match pairs {
            1 => 2,
            3 => 3,
            _ => 4,
        };
        if ranks.len() == 2 && ranks.iter().all(|&(_, p)| p == 1) {
            return vec![("two pairs".to_owned(), 4)];
        }
        ranks
            .iter()
            .map(|&(_, pairs)| (format!("a {}", pairs_name(cards_of(pairs))), 2 * pairs))
            .collect()
    }
}

/// A run's or flush's length in words.
fn how_long(cards: usize) -> &'static str {
    match cards {
        3 => "three",
        4 => "four",
        _ => "five",
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::card::parse_cards;
    use crate::rules::show::{Hand, HandKind};

    fn said(text: &str, kind: HandKind) -> String {
        let cards = parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap();
        Hand::from_cards(&cards, kind).unwrap().breakdown().said()
    }

    /// Worked by hand, as a player counts each aloud.
    #[test]
    fn counts_as_players_say_them() {
        let hand = HandKind::Hand;
        assert_eq!(
            said("5h 5c Jd 9s 5d", hand),
            "fifteen two, fifteen four, fifteen six, fifteen eight and a pair royal is \
             fourteen, and nobs is fifteen"
        );
        assert_eq!(
            said("4h 5c 6s 6d 10h", hand),
            "fifteen two, fifteen four, fifteen six and a pair is eight, and two runs of \
             three is fourteen"
        );
        assert_eq!(
            said("5h 5c 5s Jd 5d", hand),
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen \
             twelve, fifteen fourteen, fifteen sixteen and a double pair royal is \
             twenty-eight, and nobs is twenty-nine"
        );
        assert_eq!(said("2h 4c 6s 8d Qh", hand), "nineteen: nothing to count");
        assert_eq!(
            said("Ah 2h 3h Qh Ks", hand),
            "fifteen two, fifteen four and a run of three is seven, and a flush of four is \
             eleven"
        );
        assert_eq!(
            said("Ah 2h 3h Qh Ks", HandKind::Crib),
            "fifteen two, fifteen four and a run of three is seven"
        );
        assert_eq!(said("2h 2c 9s 9d Kh", hand), "two pairs is four");
        assert_eq!(
            said("3h 3c 3s 4d 5h", hand),
            "fifteen two, fifteen four, fifteen six and a pair royal is twelve, and three runs \
             of three is twenty-one"
        );
        assert_eq!(said("Jh 2c 4s 8d Kh", hand), "nobs is one");
    }

    /// On 20,000 dealt hands and cribs, the last number said is the total, and each phrase
    /// adds up from the one before.
    #[test]
    fn the_last_word_is_the_total() {
        use crate::rules::card::Card;
        use rand_chacha::ChaCha8Rng;
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let words: Vec<&str> = (0..30).map(super::number_word).collect();
        for n in 0..20_000 {
            let mut deck: Vec<Card> = Card::deck().collect();
            for i in 0..5 {
                let j = i + (rng.next_u32() as usize) % (52 - i);
                deck.swap(i, j);
            }
            let kind = if n % 2 == 0 {
                HandKind::Hand
            } else {
                HandKind::Crib
            };
            let hand = Hand::from_cards(&deck[..5], kind).unwrap();
            let said = hand.breakdown().said();
            let total = hand.score() as usize;
            if total == 0 {
                assert_eq!(said, "nineteen: nothing to count");
                continue;
            }
            let last = said.rsplit(' ').next().unwrap();
            assert_eq!(last, words[total], "{said}");
        }
    }
}
