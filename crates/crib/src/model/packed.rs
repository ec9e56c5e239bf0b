//! How the three large committed tables are stored: compressed, and read back once.
//!
//! The plays of every pair of hands, the pool of opponents and the odds of three players are
//! 15 MB of bytes; stored as they are, they were most of crib's binary. Each is committed
//! compressed with Zstandard (`src/generated/*.bin.zst`) and unpacked here, the first time it
//! is asked for, into exactly the bytes its reader has always read: every answer is the same.
//!
//! A file is a few frames compressed apart, so that both cores unpack it at once (or, with
//! `Frames`, only the frame a question reads): a header of little-endian `u32`s (how many
//! frames, then each frame's compressed and unpacked length), then the frames. The odds of
//! three players change little from one score to the next, so before compressing their
//! two-byte words are turned into differences ([`Layout::Smooth`]), which compress to half the
//! size. `xtask/src/packing.rs` writes what this module reads.

use std::sync::OnceLock;

/// How a table's bytes were arranged before they were compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// As they are.
    Bytes,
    /// A header of `header` bytes kept as it is, alone in the first frame, then records of
    /// `fields` little-endian two-byte words in rows of `row` records, whole rows in each frame.
    /// In each frame each field is stored apart from the others, as the difference from the
    /// same field of the record before it in its row (wrapping; the first of a row from zero),
    /// its low bytes and then its high bytes.
    Smooth {
        /// The bytes before the first record.
        header: usize,
        /// The words in a record.
        fields: usize,
        /// The records in a row.
        row: usize,
    },
}

/// The frames of a packed file: each one's compressed bytes and unpacked length; `None` if the
/// header does not describe the file.
fn frames(packed: &[u8]) -> Option<Vec<(&[u8], usize)>> {
    let word = |at: usize| -> Option<usize> {
        let bytes = packed.get(4 * at..4 * at + 4)?;
        Some(u32::from_le_bytes(bytes.try_into().ok()?) as usize)
    };
    let count = word(0)?;
    let mut at = 4 * (1 + 2 * count);
    let mut frames = Vec::with_capacity(count);
    for i in 0..count {
        let (len, raw) = (word(1 + 2 * i)?, word(2 + 2 * i)?);
        frames.push((packed.get(at..at.checked_add(len)?)?, raw));
        at += len;
    }
    (at == packed.len()).then_some(frames)
}

/// The table `packed` holds, arranged as `layout` says; `None` if it is not a packed file or
/// does not hold whole records.
pub fn unpack(packed: &[u8], layout: Layout) -> Option<Vec<u8>> {
    let frames = frames(packed)?;
    let mut bytes = vec![0u8; frames.iter().map(|&(_, raw)| raw).sum()];
    let mut outs = Vec::with_capacity(frames.len());
    let mut rest = &mut bytes[..];
    for &(_, raw) in &frames {
        let (out, after) = rest.split_at_mut(raw);
        outs.push(out);
        rest = after;
    }
    // A thread of its own for each frame, not rayon's: a table is unpacked inside a `OnceLock`'s
    // initialiser, and a rayon worker waiting there for its frames could take up other work that
    // asks for the same table, and wait on itself for ever.
    let whole = std::thread::scope(|scope| {
        let decoding: Vec<_> = frames
            .iter()
            .zip(outs)
            .map(|(&(frame, raw), out)| {
                scope.spawn(move || {
                    zstd::bulk::decompress_to_buffer(frame, out).is_ok_and(|n| n == raw)
                })
            })
            .collect();
        decoding
            .into_iter()
            .all(|thread| thread.join().unwrap_or(false))
    });
    if !whole {
        return None;
    }
    if layout == Layout::Bytes {
        return Some(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for (index, &(_, raw)) in frames.iter().enumerate() {
        out.extend(arranged_back(&bytes[at..at + raw], index, layout)?);
        at += raw;
    }
    Some(out)
}

/// Frame `index` of a table, unpacked, as its bytes were before they were arranged.
fn arranged_back(bytes: &[u8], index: usize, layout: Layout) -> Option<Vec<u8>> {
    match layout {
        Layout::Bytes => Some(bytes.to_vec()),
        Layout::Smooth { header, .. } if index == 0 && header > 0 => {
            (bytes.len() == header).then(|| bytes.to_vec())
        }
        Layout::Smooth { fields, row, .. } => unsmooth(bytes, fields, row),
    }
}

/// A committed table unpacked once into `cell`, the first time it is asked for.
///
/// # Panics
/// If the committed bytes do not unpack: the locks in `cargo test` read every table back.
pub(crate) fn committed(
    cell: &'static OnceLock<Vec<u8>>,
    packed: &'static [u8],
    layout: Layout,
) -> &'static [u8] {
    cell.get_or_init(|| unpack(packed, layout).expect("a committed table unpacks"))
}

/// A committed table read a frame at a time: each frame is unpacked the first time a read
/// falls in it, so a question that reads a few entries pays for a few frames.
#[derive(Debug)]
pub(crate) struct Frames {
    layout: Layout,
    /// Each frame: its compressed bytes, where its bytes start in the table, how many.
    frames: Vec<(&'static [u8], usize, usize)>,
    unpacked: Vec<OnceLock<Vec<u8>>>,
}

/// Two tables read a frame at a time are equal when they are the same table: a committed table
/// is made once.
impl PartialEq for Frames {
    fn eq(&self, other: &Frames) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Frames {
    /// The frames of a committed table.
    ///
    /// # Panics
    /// If its header does not describe it.
    pub(crate) fn new(packed: &'static [u8], layout: Layout) -> Frames {
        let mut start = 0;
        let frames: Vec<_> = frames(packed)
            .expect("a committed table's frames")
            .into_iter()
            .map(|(frame, raw)| {
                start += raw;
                (frame, start - raw, raw)
            })
            .collect();
        let unpacked = frames.iter().map(|_| OnceLock::new()).collect();
        Frames {
            layout,
            frames,
            unpacked,
        }
    }

    /// The `len` bytes of the table from byte `at`, which lie in one frame.
    ///
    /// # Panics
    /// If they are not in the table, or straddle two frames, or the frame does not unpack.
    pub(crate) fn read(&self, at: usize, len: usize) -> &[u8] {
        let index = self
            .frames
            .partition_point(|&(_, start, raw)| start + raw <= at);
        let (frame, start, raw) = self.frames[index];
        let bytes = self.unpacked[index].get_or_init(|| {
            let bytes = zstd::bulk::decompress(frame, raw).expect("a committed frame unpacks");
            arranged_back(&bytes, index, self.layout).expect("a committed frame reads back")
        });
        &bytes[at - start..at - start + len]
    }
}

/// The records of a [`Layout::Smooth`] frame put back together from its fields' differences.
fn unsmooth(body: &[u8], fields: usize, row: usize) -> Option<Vec<u8>> {
    let words = body.len() / 2;
    if !body.len().is_multiple_of(2)
        || fields == 0
        || row == 0
        || !words.is_multiple_of(fields * row)
    {
        return None;
    }
    let records = words / fields;
    let mut out = vec![0u8; body.len()];
    for field in 0..fields {
        // This field's differences: all the low bytes, then all the high bytes.
        let plane = &body[2 * field * records..2 * (field + 1) * records];
        let (low, high) = plane.split_at(records);
        let mut value = 0u16;
        for record in 0..records {
            let difference = u16::from_le_bytes([low[record], high[record]]);
            value = if record % row == 0 {
                difference
            } else {
                value.wrapping_add(difference)
            };
            let at = 2 * (record * fields + field);
            out[at..at + 2].copy_from_slice(&value.to_le_bytes());
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bytes` packed in frames of `size` bytes (the encoder proper is xtask's).
    fn packed(bytes: &[u8], size: usize) -> Vec<u8> {
        framed(&bytes.chunks(size).collect::<Vec<_>>())
    }

    /// These frames' bytes packed, a frame each.
    fn framed(raws: &[&[u8]]) -> Vec<u8> {
        let frames: Vec<Vec<u8>> = raws
            .iter()
            .map(|c| zstd::bulk::compress(c, 3).unwrap())
            .collect();
        let mut out = (frames.len() as u32).to_le_bytes().to_vec();
        for (frame, raw) in frames.iter().zip(raws) {
            out.extend((frame.len() as u32).to_le_bytes());
            out.extend((raw.len() as u32).to_le_bytes());
        }
        out.extend(frames.concat());
        out
    }

    #[test]
    fn frames_unpack_in_order() {
        let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 256) as u8).collect();
        for size in [1000, 300, 7] {
            assert_eq!(
                unpack(&packed(&bytes, size), Layout::Bytes),
                Some(bytes.clone())
            );
        }
    }

    #[test]
    fn smooth_records_are_summed_back_by_row() {
        // A header of one byte, records of two fields, rows of two records, a row a frame: the
        // values (1, 100), (3, 90) | (5, 7), (4, 7), stored in each frame as differences by
        // field, low bytes then high.
        let frame = |differences: [u16; 4]| -> Vec<u8> {
            let mut bytes = Vec::new();
            for field in differences.chunks(2) {
                bytes.extend(field.iter().map(|w| w.to_le_bytes()[0]));
                bytes.extend(field.iter().map(|w| w.to_le_bytes()[1]));
            }
            bytes
        };
        let (first, second) = (frame([1, 2, 100, 0xfff6]), frame([5, 0xffff, 7, 0]));
        let layout = Layout::Smooth {
            header: 1,
            fields: 2,
            row: 2,
        };
        let mut expected = vec![b'h'];
        for word in [1u16, 100, 3, 90, 5, 7, 4, 7] {
            expected.extend(word.to_le_bytes());
        }
        let file = framed(&[b"h", &first, &second]);
        // Whole, and a frame at a time: the second row's first record.
        assert_eq!(unpack(&file, layout), Some(expected.clone()));
        let frames = Frames::new(Vec::leak(file), layout);
        assert_eq!(frames.read(9, 4), &expected[9..13]);
        assert_eq!(frames.read(0, 1), b"h");
    }

    #[test]
    fn what_is_not_a_table_is_refused() {
        assert_eq!(unpack(b"not a table at all", Layout::Bytes), None);
        assert_eq!(unpack(&[], Layout::Bytes), None);
        let mut short = packed(&[1, 2, 3, 4], 4);
        short.pop();
        assert_eq!(unpack(&short, Layout::Bytes), None);
        let layout = Layout::Smooth {
            header: 0,
            fields: 2,
            row: 2,
        };
        assert_eq!(unpack(&packed(&[1, 2, 3], 3), layout), None);
    }
}
