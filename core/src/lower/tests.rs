//! Golden tests of the low form (see tests/ir/lower).
