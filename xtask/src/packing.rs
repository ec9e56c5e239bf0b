//! The writer of the compressed tables the library reads with `crib::model::packed`: the
//! bytes arranged as their [`Layout`] says, cut in [`FRAMES`] frames (so that two cores unpack
//! them at once), each compressed with Zstandard at level 22, after a header of their lengths.
//! The same bytes always compress to the same file.

use crib::model::packed::Layout;
use rayon::prelude::*;

/// `bytes` arranged as `layout` says and compressed: what `packed::unpack` reads back.
///
/// # Panics
/// If `bytes` do not hold whole records of a [`Layout::Smooth`] table.
pub fn pack(bytes: &[u8], layout: Layout) -> Vec<u8> {
    let arranged = match layout {
        Layout::Bytes => bytes.to_vec(),
        Layout::Smooth {
            header,
            fields,
            row,
        } => smooth(bytes, header, fields, row),
    };
    let size = arranged.len().div_ceil(FRAMES).max(1);
    let raws: Vec<&[u8]> = arranged.chunks(size).collect();
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

/// How many frames a table is cut in.
pub const FRAMES: usize = 2;

/// The fields of each record apart, each as the differences from the record before it in its
/// row, low bytes then high bytes (see [`Layout::Smooth`]).
fn smooth(bytes: &[u8], header: usize, fields: usize, row: usize) -> Vec<u8> {
    let body = &bytes[header..];
    let words: Vec<u16> = body
        .chunks_exact(2)
        .map(|w| u16::from_le_bytes([w[0], w[1]]))
        .collect();
    assert!(body.len().is_multiple_of(2) && words.len().is_multiple_of(fields * row));
    let records = words.len() / fields;
    let mut out = bytes[..header].to_vec();
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
    use crib::model::packed::unpack;

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
