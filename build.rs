//! Build script of the `irplay` binary: links it as a position-dependent executable on
//! Linux with glibc.
//!
//! The binary carries wasmtime and cranelift, so as a position-independent executable it has
//! about 24,000 relative relocations, which the dynamic loader applies at every start,
//! copying the ~90 pages of read-only-after-relocation data they touch. For the short runs the
//! command line is used for (`irplay build` of a small module takes a few milliseconds) that is
//! a sixth of the time; linked at a fixed address, the relocations are resolved by the linker.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
