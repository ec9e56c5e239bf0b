//! The raw samples behind two tables, in compact binary files beside them, so that tests can
//! derive the whole table again from them: the pairs of hands played out for the pegging table,
//! and the deals played for the odds.

use crate::generate::odds_board::Change;
use crate::generate::pegging34::Pools;
use crate::selfplay::deals::DealEvents;
use crate::selfplay::deals34::SeatEvents;
use crib::tables::model::odds::SCORES;
use crib::tables::model::pegging::PegValue;
use crib::tables::rules::seat::Seat;

/// What the pegging table is aggregated from: for every pair of hands (the pone's by number,
/// then the dealer's), the points each side pegs, or `None` where the two cannot be dealt
/// together.
pub type Outcomes = Vec<Vec<Option<[u8; 2]>>>;

const OUTCOMES_MAGIC: &[u8] = b"crib pegging outcomes 1\n";

/// In the bytes of a pair: two hands that cannot be dealt together.
const NONE: u8 = 255;

/// In the bytes of a pair: an outcome not in the dictionary, its two numbers following.
const ESCAPE: u8 = 254;

/// The outcomes as bytes: a header, a dictionary of the (pone's points, dealer's points) that
/// occur most (at most 254), then, row by row, the row's length in two bytes and one byte a
/// pair: its index in the dictionary, or 254 and the two numbers, or 255 for two
/// hands that cannot be dealt together.
pub fn encode_outcomes(outcomes: &Outcomes) -> Vec<u8> {
    let mut counts = std::collections::BTreeMap::<[u8; 2], u64>::new();
    for outcome in outcomes.iter().flatten().flatten() {
        *counts.entry(*outcome).or_default() += 1;
    }
    let mut by_count: Vec<([u8; 2], u64)> = counts.into_iter().collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let dictionary: Vec<[u8; 2]> = by_count
        .into_iter()
        .take(usize::from(ESCAPE))
        .map(|(outcome, _)| outcome)
        .collect();
    let mut bytes = OUTCOMES_MAGIC.to_vec();
    bytes.push(dictionary.len() as u8);
    bytes.extend(dictionary.iter().flatten());
    for row in outcomes {
        bytes.extend((row.len() as u16).to_be_bytes());
        for outcome in row {
            match outcome {
                None => bytes.push(NONE),
                Some(points) => match dictionary.iter().position(|d| d == points) {
                    Some(i) => bytes.push(i as u8),
                    None => bytes.extend([ESCAPE, points[0], points[1]]),
                },
            }
        }
    }
    bytes
}

/// The outcomes read back from [`encode_outcomes`]' bytes; `None` if they are not such bytes.
pub fn decode_outcomes(bytes: &[u8]) -> Option<Outcomes> {
    let rest = bytes.strip_prefix(OUTCOMES_MAGIC)?;
    let (&count, rest) = rest.split_first()?;
    let (dictionary, mut rest) = rest.split_at_checked(2 * usize::from(count))?;
    let dictionary: Vec<[u8; 2]> = dictionary.chunks(2).map(|p| [p[0], p[1]]).collect();
    let mut outcomes = Vec::new();
    while let [high, low, tail @ ..] = rest {
        let len = usize::from(u16::from_be_bytes([*high, *low]));
        let mut row = Vec::with_capacity(len);
        let mut bytes = tail;
        while row.len() < len {
            let (&first, tail) = bytes.split_first()?;
            bytes = tail;
            row.push(match first {
                NONE => None,
                ESCAPE => {
                    let (pair, tail) = bytes.split_at_checked(2)?;
                    bytes = tail;
                    Some([pair[0], pair[1]])
                }
                i => Some(*dictionary.get(usize::from(i))?),
            });
        }
        outcomes.push(row);
        rest = bytes;
    }
    Some(outcomes)
}

/// The deals as bytes: each scoring event one byte (the seat in the top bit, then the points,
/// which are never 0), each deal ended by a 0.
pub fn encode_deals(deals: &[DealEvents]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(deals.len() * 10);
    for deal in deals {
        for &(seat, points) in &deal.events {
            assert!(points > 0 && points < 128, "an event of {points} points");
            bytes.push((seat.index() as u8) << 7 | points);
        }
        bytes.push(0);
    }
    bytes
}

/// The deals read back from [`encode_deals`]' bytes.
pub fn decode_deals(bytes: &[u8]) -> Vec<DealEvents> {
    let ends = bytes.len() - usize::from(bytes.last() == Some(&0));
    bytes[..ends]
        .split(|&b| b == 0)
        .filter(|_| !bytes.is_empty())
        .map(|deal| {
            DealEvents::new(
                deal.iter()
                    .map(|&b| (Seat::new(usize::from(b >> 7)), b & 127))
                    .collect(),
            )
        })
        .collect()
}

/// Deals of three or four players as bytes: each scoring event one byte (the seat in the top
/// two bits, then the points, which are never 0), each deal ended by a 0.
pub fn encode_seat_deals(deals: &[SeatEvents]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(deals.len() * 12);
    for deal in deals {
        for &(seat, points) in &deal.events {
            assert!(
                points > 0 && points < 64 && seat < 4,
                "an event of {points} points"
            );
            bytes.push(seat << 6 | points);
        }
        bytes.push(0);
    }
    bytes
}

/// The deals read back from [`encode_seat_deals`]' bytes.
pub fn decode_seat_deals(bytes: &[u8]) -> Vec<SeatEvents> {
    let ends = bytes.len() - usize::from(bytes.last() == Some(&0));
    bytes[..ends]
        .split(|&b| b == 0)
        .filter(|_| !bytes.is_empty())
        .map(|deal| SeatEvents {
            events: deal.iter().map(|&b| (b >> 6, b & 63)).collect(),
        })
        .collect()
}

/// Entries of a pegging table as bytes: each side's points as the bits of an `f64`, big-endian.
pub fn encode_values(values: &[PegValue]) -> Vec<u8> {
    values
        .iter()
        .flat_map(|v| [v.mine, v.theirs])
        .flat_map(|x| x.to_bits().to_be_bytes())
        .collect()
}

/// Entries read back from [`encode_values`]' bytes.
pub fn decode_values(bytes: &[u8]) -> Vec<PegValue> {
    let numbers: Vec<f64> = bytes
        .chunks_exact(8)
        .map(|b| f64::from_bits(u64::from_be_bytes(b.try_into().expect("eight bytes"))))
        .collect();
    numbers
        .chunks_exact(2)
        .map(|p| PegValue {
            mine: p[0],
            theirs: p[1],
        })
        .collect()
}

/// The pools of kept hands as bytes: three players' seats, then four's, each seat's hands in
/// order, each hand its four rank numbers, lowest first.
pub fn encode_pools(pools: &[Pools; 2]) -> Vec<u8> {
    let mut bytes = Vec::new();
    for seat in pools.iter().flatten() {
        for hand in seat {
            for (rank, &count) in hand.iter().enumerate() {
                bytes.extend(std::iter::repeat_n(rank as u8, usize::from(count)));
            }
        }
    }
    bytes
}

/// The pools read back from [`encode_pools`]' bytes, `size` hands a seat.
pub fn decode_pools(bytes: &[u8], size: usize) -> [Pools; 2] {
    let mut hands = bytes.chunks(4).map(|four| {
        let mut ranks = [0u8; 14];
        for &r in four {
            ranks[usize::from(r)] += 1;
        }
        ranks
    });
    let mut pools = |seats: usize| -> Pools {
        (0..seats)
            .map(|_| hands.by_ref().take(size).collect())
            .collect()
    };
    let three = pools(3);
    [three, pools(4)]
}

const BOARD_MAGIC: &[u8] = b"crib board odds 1\n";

/// What the odds of players for the board are solved with besides the point players' deals:
/// the change playing for the board makes at each position (by dealer's score, then pone's),
/// summed over `deals` board deals, and the witness, deals played by players for the board at
/// a few positions (the deal's number, the dealer's score, the pone's, and its events).
#[derive(Debug, Clone, PartialEq)]
pub struct BoardSample {
    /// How many board deals the changes are summed over.
    pub deals: u64,
    /// The changes, by dealer's score, then pone's.
    pub changes: Vec<[Change; SCORES]>,
    /// The witness.
    pub witness: Vec<(u64, u32, u32, DealEvents)>,
}

/// A board sample as bytes: a header, the number of deals, every position's seven changes as
/// zigzag varints, then the witness: how many, and each one's deal, scores and events (as
/// [`encode_deals`] writes a deal).
pub fn encode_board(sample: &BoardSample) -> Vec<u8> {
    let mut bytes = BOARD_MAGIC.to_vec();
    bytes.extend(sample.deals.to_le_bytes());
    for change in sample.changes.iter().flatten().flatten() {
        let mut z = ((change << 1) ^ (change >> 63)) as u64;
        while z >= 0x80 {
            bytes.push(z as u8 | 0x80);
            z >>= 7;
        }
        bytes.push(z as u8);
    }
    bytes.extend((sample.witness.len() as u32).to_le_bytes());
    for (deal, d, p, events) in &sample.witness {
        bytes.extend((*deal as u32).to_le_bytes());
        bytes.extend([*d as u8, *p as u8]);
        bytes.extend(encode_deals(std::slice::from_ref(events)));
    }
    bytes
}

/// A board sample read back from [`encode_board`]'s bytes; `None` if they are not such bytes.
pub fn decode_board(bytes: &[u8]) -> Option<BoardSample> {
    let rest = bytes.strip_prefix(BOARD_MAGIC)?;
    let (deals, mut rest) = rest.split_first_chunk::<8>()?;
    let mut changes = vec![[[0i64; 7]; SCORES]; SCORES];
    for change in changes.iter_mut().flatten().flatten() {
        let (mut z, mut shift) = (0u64, 0);
        loop {
            let (&b, tail) = rest.split_first()?;
            rest = tail;
            z |= u64::from(b & 0x7F) << shift;
            shift += 7;
            if b < 0x80 {
                break;
            }
        }
        *change = (z >> 1) as i64 ^ -((z & 1) as i64);
    }
    let (count, mut rest) = rest.split_first_chunk::<4>()?;
    let mut witness = Vec::new();
    for _ in 0..u32::from_le_bytes(*count) {
        let (deal, tail) = rest.split_first_chunk::<4>()?;
        let ([d, p], tail) = tail.split_first_chunk::<2>().map(|(a, t)| (*a, t))?;
        let end = tail.iter().position(|&b| b == 0)?;
        let events = decode_deals(&tail[..=end]).pop()?;
        witness.push((
            u64::from(u32::from_le_bytes(*deal)),
            u32::from(d),
            u32::from(p),
            events,
        ));
        rest = &tail[end + 1..];
    }
    rest.is_empty().then_some(BoardSample {
        deals: u64::from_le_bytes(*deals),
        changes,
        witness,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_round_trip() {
        let outcomes: Outcomes = vec![
            vec![Some([1, 2]), None, Some([0, 9])],
            vec![Some([0, 9]), Some([30, 1])],
        ];
        assert_eq!(decode_outcomes(&encode_outcomes(&outcomes)), Some(outcomes));
        // More kinds of outcome than the dictionary holds: the rarest are written out.
        let many: Outcomes = (0..40u8)
            .map(|a| (0..40u8).map(|b| (a != b).then_some([a, b])).collect())
            .collect();
        let bytes = encode_outcomes(&many);
        assert_eq!(decode_outcomes(&bytes), Some(many));
        assert!(bytes.contains(&ESCAPE));
        assert_eq!(decode_outcomes(b"not outcomes"), None);
    }

    #[test]
    fn board_samples_round_trip() {
        let mut changes = vec![[[0i64; 7]; SCORES]; SCORES];
        changes[0][0] = [-1, 2, -300_000_000, 0, 7, -64, 64];
        changes[120][3] = [i64::from(i32::MAX), i64::from(i32::MIN), 0, 0, 0, 1, -1];
        let sample = BoardSample {
            deals: 1_000,
            changes,
            witness: vec![
                (
                    0,
                    0,
                    0,
                    DealEvents::new(vec![(Seat::DEALER, 2), (Seat::PONE, 12)]),
                ),
                (2, 120, 119, DealEvents::new(vec![(Seat::PONE, 1)])),
            ],
        };
        let bytes = encode_board(&sample);
        assert_eq!(decode_board(&bytes), Some(sample));
        assert_eq!(decode_board(&bytes[..bytes.len() - 1]), None);
        assert_eq!(decode_board(b"not a board sample"), None);
    }

    #[test]
    fn seat_deals_round_trip() {
        let deals = vec![
            SeatEvents {
                events: vec![(2, 2), (0, 12), (3, 29)],
            },
            SeatEvents {
                events: vec![(1, 1)],
            },
        ];
        assert_eq!(decode_seat_deals(&encode_seat_deals(&deals)), deals);
    }

    #[test]
    fn deals_round_trip() {
        let deals = vec![
            DealEvents::new(vec![(Seat::DEALER, 2), (Seat::PONE, 12)]),
            DealEvents::new(vec![(Seat::PONE, 29)]),
        ];
        assert_eq!(decode_deals(&encode_deals(&deals)), deals);
    }
}
