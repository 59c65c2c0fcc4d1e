//! Analyses over verified function bodies: the control-flow graph, dominator and post-dominator
//! trees, dominance frontiers, natural loops, liveness of SSA values, a basic alias analysis,
//! known bits of integers and a static "may be poison" analysis.
//!
//! These are shared by the verifier (which builds them on bodies whose handles it has already
//! checked), the passes and the playground. They never panic on out-of-range block ids: an edge
//! to a block outside the layout is dropped.

pub mod alias;
pub mod cfg;
pub mod dominators;
pub mod frontiers;
pub mod induction;
pub mod known_bits;
pub mod liveness;
pub mod loop_info;
pub mod loops;
pub mod may_poison;
pub mod postdom;

#[cfg(test)]
mod test_util;

pub use alias::{AliasAnalysis, AliasResult, Location};
pub use cfg::Cfg;
pub use dominators::DomTree;
pub use frontiers::DominanceFrontiers;
pub use known_bits::KnownBits;
pub use liveness::Liveness;
pub use loops::{Loop, LoopForest, LoopId};
pub use may_poison::{MayBe, MayPoison, Reason};
pub use postdom::PostDomTree;
