//! Generation split in two (`--shard 1/2`, `--shard 2/2`, then `--merge 2`) gives the samples
//! of one unsplit run (deals, or entries of the pegging tables of three and four players), one
//! for one and byte for byte, through the shards' files.

use std::path::PathBuf;

use crib::tables::model::Models;

use super::{Outcome, ensure};
use crate::shards::{Shard, Split, sample};
use crate::{files, samples, steps};

/// A folder of its own for one check's shards.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("crib-shards-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Deal `count` deals of `part` whole, then as two shards written and merged: both the same.
fn split_in_two<T: PartialEq + std::fmt::Debug>(
    part: &str,
    count: u64,
    deal: impl Fn(&[u64]) -> Vec<T> + Copy,
    encode: impl Fn(&[T]) -> Vec<u8> + Copy,
    decode: impl Fn(&[u8]) -> Vec<T> + Copy,
) -> Outcome {
    let io = |err: std::io::Error| format!("{part}: {err}");
    let dir = folder(part);
    let whole = sample(Split::Whole, &dir, part, count, deal, encode, decode)
        .map_err(io)?
        .ok_or("a whole sample makes a table")?;
    for shard in Shard::all(2) {
        let written = sample(Split::Shard(shard), &dir, part, count, deal, encode, decode);
        ensure!(written.map_err(io)?.is_none(), "a shard makes no table");
        ensure!(shard.path(&dir, part).exists(), "{part}: no shard file");
    }
    let merged = sample(Split::Merge(2), &dir, part, count, deal, encode, decode)
        .map_err(io)?
        .ok_or("a merge makes a table")?;
    ensure!(
        encode(&merged) == encode(&whole),
        "{part}: the bytes differ"
    );
    ensure!(merged == whole, "{part}: the samples differ");
    // A merge that misses a shard, or reads another split, says so rather than guessing.
    std::fs::remove_file(Shard { k: 2, n: 2 }.path(&dir, part)).map_err(io)?;
    let missing = sample(Split::Merge(2), &dir, part, count, deal, encode, decode);
    ensure!(
        missing.is_err_and(|e| e.to_string().contains("2-of-2")),
        "{part}: a missing shard is not named"
    );
    let other = sample(Split::Merge(1), &dir, part, count, deal, encode, decode);
    ensure!(other.is_err(), "{part}: a merge of another split is taken");
    std::fs::remove_dir_all(&dir).map_err(io)?;
    Ok(())
}

/// The odds' deals, the deals of three and four, and the entries of the pegging tables of three
/// and four, each split in two and merged.
pub fn all() -> Outcome {
    let models = Models::committed();
    split_in_two(
        "odds",
        41,
        |numbers: &[u64]| steps::odds_deals(models, numbers),
        samples::encode_deals,
        samples::decode_deals,
    )?;
    let (encode, decode) = (samples::encode_seat_deals, samples::decode_seat_deals);
    split_in_two("deals3", 7, steps::deals34::<3>, encode, decode)?;
    split_in_two("deals4", 6, steps::deals34::<4>, encode, decode)?;
    let size = crate::generate::pegging34::POOL_SIZE as usize;
    let pools = samples::decode_pools(&crate::committed(files::POOLS), size);
    let start = std::time::Instant::now();
    split_in_two(
        "pegging34",
        5,
        |numbers: &[u64]| steps::pegging34_entries(start, numbers, &pools),
        samples::encode_values,
        samples::decode_values,
    )
}
