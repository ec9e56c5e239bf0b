//! The writer of the compressed tables the library reads with `crib::tables::model::packed`: the
//! bytes cut in frames ([`FRAMES`] so that two cores unpack them at once, or for the odds of
//! three players [`SMOOTH_FRAMES`] of whole rows, arranged as [`Layout::Smooth`] says, so that
//! a question unpacks one), each compressed with Zstandard at level 22, after a header of
//! their lengths. The same bytes always compress to the same file.

use crib::tables::model::packed::Layout;
use rayon::prelude::*;

/// `bytes` arranged as `layout` says and compressed: what `packed::unpack` reads back.
///
/// # Panics
/// If `bytes` do not hold whole records of a [`Layout::Smooth`] table.
pub fn pack(bytes: &[u8], layout: Layout) -> Vec<u8> {
    let raws: Vec<Vec<u8>> = match layout {
        Layout::Bytes => {
            let size = bytes.len().div_ceil(FRAMES).max(1);
            bytes.chunks(size).map(<[u8]>::to_vec).collect()
        }
        Layout::Smooth {
            header,
            fields,
            row,
        } => {
            let (head, body) = bytes.split_at(header);
            let row_bytes = 2 * fields * row;
            let size = (body.len() / row_bytes).div_ceil(SMOOTH_FRAMES).max(1) * row_bytes;
            let mut raws = vec![head.to_vec()];
            raws.retain(|h| !h.is_empty());
            raws.extend(body.chunks(size).map(|rows| smooth(rows, fields, row)));
            raws
        }
    };
    let frames: Vec<Vec<u8>> = raws
        .par_iter()
        .map(|raw| zstd::bulk::compress(raw, 22).expect("compressing into memory cannot fail"))
        .collect();
    let word = |n: usize| u32::try_from(n).expect("a table under 4 GiB").to_le_bytes();
    let mut packed = word(frames.len()).to_vec();
    for (frame, raw) in frames.iter().zip(&raws) {
        packed.extend(word(frame.len()));
        packed.extend(word(raw.len()));
    }
    packed.extend(frames.concat());
    packed
}

/// How many frames a table stored as it is is cut in: one for each core that unpacks it.
pub const FRAMES: usize = 2;

/// How many frames of whole rows a [`Layout::Smooth`] table is cut in (after its header's):
/// the odds of three players are read a frame at a time, 11 first scores a frame.
pub const SMOOTH_FRAMES: usize = 11;

/// The fields of each record of these rows apart, each as the differences from the record
/// before it in its row, low bytes then high bytes (see [`Layout::Smooth`]).
fn smooth(rows: &[u8], fields: usize, row: usize) -> Vec<u8> {
    let words: Vec<u16> = rows
        .chunks_exact(2)
        .map(|w| u16::from_le_bytes([w[0], w[1]]))
        .collect();
    assert!(rows.len().is_multiple_of(2) && words.len().is_multiple_of(fields * row));
    let records = words.len() / fields;
    let mut out = Vec::with_capacity(rows.len());
    for field in 0..fields {
        let differences: Vec<u16> = (0..records)
            .map(|r| {
                let value = words[r * fields + field];
                match r % row {
                    0 => value,
                    _ => value.wrapping_sub(words[(r - 1) * fields + field]),
                }
            })
            .collect();
        out.extend(differences.iter().map(|d| d.to_le_bytes()[0]));
        out.extend(differences.iter().map(|d| d.to_le_bytes()[1]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crib::tables::model::packed::unpack;

    #[test]
    fn what_is_packed_unpacks_to_the_same_bytes() {
        let bytes: Vec<u8> = (0..4 * 2 * 9 + 3).map(|i| (i * 37 % 251) as u8).collect();
        let layout = Layout::Smooth {
            header: 3,
            fields: 2,
            row: 3,
        };
        for layout in [Layout::Bytes, layout] {
            let packed = pack(&bytes, layout);
            assert_eq!(unpack(&packed, layout), Some(bytes.clone()));
            assert_eq!(pack(&bytes, layout), packed);
        }
    }
}
