//! A session that owns its module, for a host that keeps it across messages (the page's
//! worker): the module and the session borrowing it live in one value, freed together.

use super::Session;
use crate::interp::Options;
use crate::ir::Module;

self_cell::self_cell!(
    struct Cell {
        owner: Module,
        #[not_covariant]
        dependent: Session,
    }
);

/// A [`Session`] with its [`Module`].
pub struct OwnedSession(Cell);

impl OwnedSession {
    /// A session of `module` (whose text is `source`), as [`Session::new`].
    pub fn new(module: Module, source: &str, opts: &Options) -> OwnedSession {
        OwnedSession(Cell::new(module, |m| Session::new(m, source, opts)))
    }

    /// Runs `f` on the session.
    pub fn with<R>(&mut self, f: impl for<'m> FnOnce(&mut Session<'m>) -> R) -> R {
        self.0.with_dependent_mut(|_, s| f(s))
    }

    /// The module.
    pub fn module(&self) -> &Module {
        self.0.borrow_owner()
    }
}
