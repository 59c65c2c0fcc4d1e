//! x86-64 (in progress).
use crate::{Compiled, NativeError, Options};
use irplay_core::lower::LowModule;

/// Compiles a module.
pub fn compile(_m: &LowModule, _opts: &Options) -> Result<Compiled, NativeError> {
    Err(NativeError::unsupported(Default::default(), "x86-64 (in progress)"))
}
