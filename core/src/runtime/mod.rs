//! The C library runtime shared by the interpreter, the wasm host and the browser: pure
//! engines over bytes and values, independent of memory and of the IR.
//!
//! - [`mod@format`] does `printf`-family formatting, byte-identical to glibc's;
//! - [`ctype`] has glibc's C-locale character tables (`__ctype_b_loc` and friends);
//! - [`numparse`] has `strtol` `strtoul` `strtoll` `strtoull` `atoi` `atol` `atoll` `strtod`
//!   `strtof` `atof`, parsing as glibc does;
//! - [`scan`] has `scanf`-family input conversion, as glibc does it;
//! - [`mod@libc`] is the library itself over an engine's memory ([`libc::LibMemory`]), and
//!   [`libfn`] names its functions;
//! - [`input`] and [`output`] are the program's standard input, read as it asks, and its
//!   output, written out as it goes under a limit.

pub mod ctype;
mod decimal;
pub mod format;
pub mod input;
pub mod libc;
pub mod libfn;
pub mod numparse;
pub mod output;
pub mod scan;
pub mod stdlib;
#[cfg(test)]
mod testdata;
