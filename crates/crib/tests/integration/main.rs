//! The library's integration tests: one binary, a module per area. The layer map, exhaustive
//! sweeps, property tests, and the committed models and odds against hand-worked and published
//! figures. The slow re-derivations of the committed tables are `cargo xtask verify`.

mod engine;
mod env;
mod exhaustive;
mod expert;
mod layers;
mod odds;
mod odds_many;
mod pegging;
mod properties;
mod public_api;
