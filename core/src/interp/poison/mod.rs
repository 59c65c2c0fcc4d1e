//! Poison and undef: where each comes from (the origin table), the reclaiming of origins
//! nothing refers to any more, and the reports that explain them (`explain.rs`).

pub mod explain;
mod gc;
pub mod origin;
