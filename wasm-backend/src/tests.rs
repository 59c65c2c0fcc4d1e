//! Unit tests of the backend: every emitted module validates with wasmparser.
