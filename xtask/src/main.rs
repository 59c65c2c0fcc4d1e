//! Auxiliary commands for the irplay workspace, run as `cargo xtask ...`
//! (the alias lives in `.cargo/config.toml`).
//!
//! ```text
//! cargo xtask bench parse [--quick] [--reps N] [--no-llvm-as] [--no-build] [--regen]
//! cargo xtask bench interp [--quick] [--reps N] [--lli-reps N] [--lli-timeout S]
//!                          [--only K1,K2] [--no-build] [--regen]
//! cargo xtask bench opt [--quick] [--csmith N] [--reps N] [--pipeline P] [--no-build] [--regen]
//! cargo xtask bench wasm [--quick] [--reps N] [--timeout S] [--only K1,K2]
//!                        [--no-build] [--regen]
//! cargo xtask bench native [--target T] [--quick] [--reps N] [--only K1,K2] [--seeds N] [--timeout S]
//!                          [--no-build] [--regen]
//! cargo xtask bench scale [--quick] [--reps N] [--timeout S] [--only S1,S2] [--no-llvm] [--no-build]
//! cargo xtask bench debug [--no-build]
//! cargo xtask bench bitcode [--quick] [--reps N] [--no-build] [--regen]
//! cargo xtask web [--debug] [--no-setup]
//! ```
//!
//! - `bench parse` ([`bench_parse`]): `irplay check` against `opt-19 -passes=verify`
//!   on one large generated module.
//! - `bench interp` ([`bench_interp`]): `irplay run` against `lli-19 -force-interpreter`
//!   on the C kernels of `benches/kernels/` at -O0 and -O2.
//! - `bench opt` ([`bench_opt`]): `irplay opt -p O2` against `opt-19 -O2` on the kernels and
//!   csmith modules at -O0: static and executed instruction counts, time.
//! - `bench wasm` ([`bench_wasm`]): `irplay build --target wasm32` against `llc-19`, and
//!   `irplay run --engine wasm` against the native program, on the same kernels.
//! - `bench native` ([`bench_native`]): `irplay build --target x86_64` against llc-19 and
//!   clang-19: back-end compile time per IR instruction (csmith module and kernels), the
//!   kernels' code speed and `.text` size; with `--target aarch64` ([`bench_native_a64`]) the
//!   AArch64 back end against `llc-19 -mtriple=aarch64-linux-gnu` (compile time, `.text` size,
//!   instructions executed under qemu when its counting plugin is there).
//! - `bench scale` ([`bench_scale`]): growth of the time of `irplay opt -p O2`, `build` (wasm32,
//!   x86-64, AArch64) and `check` with the size of generated modules (loop nests, wide phis,
//!   switches, chains, many functions), with the fitted exponent, against opt-19 and llc-19.
//! - `bench debug` ([`bench_debug`]): `irplay debug` one step forward and back (and the other
//!   commands) at step 1,000,000 and 10,000,000 of a long loop, and its snapshots' memory.
//! - `bench bitcode` ([`bench_bitcode`]): reading `.bc` against `llvm-dis-19`, writing it
//!   against `llvm-as-19`, and loading `.bc` against `.ll`, on `bench parse`'s module.
//! - `web` ([`web::web`]): builds the browser playground into `www/dist/`.

mod bench_bitcode;
mod bench_debug;
mod bench_interp;
mod bench_native;
mod bench_native_a64;
mod bench_native_parse;
mod bench_opt;
mod bench_parse;
mod bench_scale;
mod bench_wasm;
mod util;
mod web;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask bench parse [OPTIONS]
       cargo xtask bench interp [OPTIONS]
       cargo xtask bench opt [OPTIONS]
       cargo xtask bench wasm [OPTIONS]
       cargo xtask bench native [OPTIONS]
       cargo xtask bench scale [OPTIONS]
       cargo xtask bench debug [--no-build]
       cargo xtask bench bitcode [OPTIONS]
       cargo xtask web [--debug] [--no-setup]

`cargo xtask bench parse --help`, `cargo xtask bench interp --help`,
`cargo xtask bench opt --help`, `cargo xtask bench wasm --help`,
`cargo xtask bench native --help`, `cargo xtask bench scale --help`,
`cargo xtask bench bitcode --help` and `cargo xtask web --help` list the options.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => match args.get(1).map(String::as_str) {
            Some("parse") => match bench_parse::BenchOpts::parse(&args[2..]) {
                Ok(opts) => bench_parse::bench_parse(&opts),
                Err(e) => {
                    eprintln!("xtask: {e}\n\n{}", bench_parse::USAGE);
                    ExitCode::from(2)
                }
            },
            Some("debug") if args[2..].iter().any(|a| a == "-h" || a == "--help") => {
                print!("{}", bench_debug::USAGE);
                ExitCode::SUCCESS
            }
            Some("debug") => bench_debug::bench_debug(&args[2..]),
            Some("bitcode") if args[2..].iter().any(|a| a == "-h" || a == "--help") => {
                print!("{}", bench_bitcode::USAGE);
                ExitCode::SUCCESS
            }
            Some("bitcode") => match bench_bitcode::BitcodeOpts::parse(&args[2..]) {
                Ok(opts) => bench_bitcode::bench_bitcode(&opts),
                Err(e) => {
                    eprintln!("xtask: {e}\n\n{}", bench_bitcode::USAGE);
                    ExitCode::from(2)
                }
            },
            Some("interp") => match bench_interp::InterpOpts::parse(&args[2..]) {
                Ok(opts) => bench_interp::bench_interp(&opts),
                Err(e) => {
                    eprintln!("xtask: {e}\n\n{}", bench_interp::USAGE);
                    ExitCode::from(2)
                }
            },
            Some("opt") if args[2..].iter().any(|a| a == "-h" || a == "--help") => {
                print!("{}", bench_opt::USAGE);
                ExitCode::SUCCESS
            }
            Some("opt") => match bench_opt::OptOpts::parse(&args[2..]) {
                Ok(opts) => bench_opt::bench_opt(&opts),
                Err(e) => {
                    eprintln!("xtask: {e}\n\n{}", bench_opt::USAGE);
                    ExitCode::from(2)
                }
            },
            Some("wasm") => match bench_wasm::WasmOpts::parse(&args[2..]) {
                Ok(opts) => bench_wasm::bench_wasm(&opts),
                Err(e) => {
                    eprintln!("xtask: {e}\n\n{}", bench_wasm::USAGE);
                    ExitCode::from(2)
                }
            },
            Some("native") => match bench_native::NativeOpts::parse(&args[2..]) {
                Ok(opts) => bench_native::bench_native(&opts),
                Err(e) => {
                    eprintln!("xtask: {e}\n\n{}", bench_native::USAGE);
                    ExitCode::from(2)
                }
            },
            Some("scale") if args[2..].iter().any(|a| a == "-h" || a == "--help") => {
                print!("{}", bench_scale::USAGE);
                ExitCode::SUCCESS
            }
            Some("scale") => match bench_scale::ScaleOpts::parse(&args[2..]) {
                Ok(opts) => bench_scale::bench_scale(&opts),
                Err(e) => {
                    eprintln!("xtask: {e}\n\n{}", bench_scale::USAGE);
                    ExitCode::from(2)
                }
            },
            _ => {
                eprintln!("{USAGE}");
                ExitCode::from(2)
            }
        },
        Some("web") if args[1..].iter().any(|a| a == "-h" || a == "--help") => {
            print!("{}", web::USAGE);
            ExitCode::SUCCESS
        }
        Some("web") => match web::WebOpts::parse(&args[1..]) {
            Ok(opts) => web::web(&opts),
            Err(e) => {
                eprintln!("xtask: {e}\n\n{}", web::USAGE);
                ExitCode::from(2)
            }
        },
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
