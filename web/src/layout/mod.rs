//! Layered (Sugiyama-style) graph layout for control-flow graphs.
