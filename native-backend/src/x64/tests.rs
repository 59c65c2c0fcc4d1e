//! Encoder tests (in progress).
