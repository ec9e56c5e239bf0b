//! Generation split in two (`--shard 1/2`, `--shard 2/2`, then `--merge 2`) gives the samples of
//! one unsplit run (deals, or entries of the pegging tables of three and four players), one for
//! one and byte for byte, through the shards' files.

use std::path::PathBuf;

use crib::model::Models;
use xtask::samples;
use xtask::shards::{Shard, Split, sample};
use xtask::steps;

/// A folder of its own for one test's shards.
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
) {
    let dir = folder(part);
    let whole = sample(Split::Whole, &dir, part, count, deal, encode, decode)
        .unwrap()
        .unwrap();
    for shard in Shard::all(2) {
        let written = sample(Split::Shard(shard), &dir, part, count, deal, encode, decode);
        assert!(written.unwrap().is_none(), "a shard makes no table");
        assert!(shard.path(&dir, part).exists());
    }
    let merged = sample(Split::Merge(2), &dir, part, count, deal, encode, decode)
        .unwrap()
        .unwrap();
    assert_eq!(encode(&merged), encode(&whole));
    assert_eq!(merged, whole);
    // A merge that misses a shard, or reads another split, says so rather than guessing.
    std::fs::remove_file(Shard { k: 2, n: 2 }.path(&dir, part)).unwrap();
    let missing = sample(Split::Merge(2), &dir, part, count, deal, encode, decode);
    assert!(missing.unwrap_err().to_string().contains("2-of-2"));
    let other = sample(Split::Merge(1), &dir, part, count, deal, encode, decode);
    assert!(other.is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_odds_deals_split_in_two_merge_into_the_unsplit_sample() {
    let models = Models::committed();
    split_in_two(
        "odds",
        41,
        |numbers: &[u64]| steps::odds_deals(models, numbers),
        samples::encode_deals,
        samples::decode_deals,
    );
}

#[test]
fn the_deals_of_three_and_four_split_in_two_merge_into_the_unsplit_samples() {
    let (encode, decode) = (samples::encode_seat_deals, samples::decode_seat_deals);
    split_in_two("multi3", 7, steps::multi_deals::<3>, encode, decode);
    split_in_two("multi4", 6, steps::multi_deals::<4>, encode, decode);
}

#[test]
fn the_pegging_tables_of_three_and_four_split_in_two_merge_into_the_unsplit_entries() {
    let bytes = std::fs::read(xtask::generated().join(xtask::files::POOLS)).unwrap();
    let size = crib::model::pegging_multi::POOL_SIZE as usize;
    let pools = samples::decode_pools(&bytes, size);
    let start = std::time::Instant::now();
    split_in_two(
        "pegmulti",
        5,
        |numbers: &[u64]| steps::pegging_multi_entries(start, numbers, &pools),
        samples::encode_values,
        samples::decode_values,
    );
}
