//! Analyses over verified function bodies: the control-flow graph and dominator trees.
//!
//! These are shared by the verifier (which builds them on bodies whose handles it has already
//! checked), the passes and the playground. They never panic on out-of-range block ids: an edge
//! to a block outside the layout is dropped.

pub mod cfg;
pub mod dominators;

pub use cfg::Cfg;
pub use dominators::DomTree;
