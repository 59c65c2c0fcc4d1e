//! Poison and undef: where each comes from (the origin table) and the reclaiming of origins
//! nothing refers to any more.

mod gc;
pub mod origin;
