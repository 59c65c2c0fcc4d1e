//! The texts a pipeline's steps record (each function before and after each pass, the module
//! around module passes, and the module after each pass for the playground), printed once per
//! change instead of once per step.
//!
//! Printing one function the way the whole module prints it needs the module-wide numbering
//! (unnamed globals, attribute groups `#N`, metadata `!N`, struct types), which costs a walk
//! over the whole module: printing every function at every step that way is quadratic in the
//! number of functions. [`TextCache`] keeps that numbering, and the text of each function,
//! and reprints only a function whose body a step changed. It takes a new numbering (and
//! forgets every text) when the numbering may have changed:
//! * after a module pass that changed something;
//! * when a step changed what a function contributes to the numbering (its
//!   [`numbering_roots`]: the attribute sets and metadata nodes it refers to, in order), or
//!   added a global, an attribute set or a metadata node, or dropped the `uselistorder`
//!   directives.
//!
//! Invariant: [`TextCache::function`] returns what [`print_function`] prints for the module as
//! it is, and [`TextCache::module`] what [`print_module`] prints, provided the cache is told of
//! every change ([`TextCache::function_changed`] after a function pass changed a function's
//! body, [`TextCache::module_changed`] after anything else). Modules whose function texts
//! depend on more than their own body and the numbering (numbered struct types `%0`, whose
//! numbers follow where the functions use them; `blockaddress` constants, which print another
//! function's block numbers) are printed anew each time, as before.

use crate::ir::types::TypeName;
use crate::ir::{GlobalId, Module, SecondaryMap};
use crate::text::printer::{numbering_roots, ModulePrinter, Numbering};
use crate::text::{print_function, print_module};
use std::rc::Rc;

/// Printed texts and the numbering they were printed with (see the module doc).
#[derive(Default)]
pub struct TextCache {
    numbering: Option<Numbering>,
    /// What the numbering was made from.
    stamp: Stamp,
    /// Each function's text under the numbering, with its numbering roots.
    texts: SecondaryMap<GlobalId, Option<Printed>>,
    /// False when the module is printed anew each time (see the module doc).
    enabled: bool,
    /// False until the first numbering.
    started: bool,
}

/// A function's text and its numbering roots when it was printed.
type Printed = (Rc<str>, Rc<[u32]>);

/// The sizes a numbering depends on.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Stamp {
    globals: usize,
    order: usize,
    attrs: usize,
    md_nodes: usize,
    types: usize,
    uselistorders: usize,
}

impl Stamp {
    fn of(m: &Module) -> Stamp {
        Stamp {
            globals: m.globals.len(),
            order: m.order.len(),
            attrs: m.attrs.len(),
            md_nodes: m.metadata.nodes.len(),
            types: m.types.len(),
            uselistorders: m.uselistorders.len(),
        }
    }
}

impl TextCache {
    /// An empty cache.
    pub fn new() -> TextCache {
        TextCache::default()
    }

    /// Forgets the numbering and every text.
    fn reset(&mut self) {
        self.numbering = None;
        self.texts = SecondaryMap::new();
        self.started = false;
    }

    /// Makes sure a numbering of `m` as it is is at hand (or that caching is off).
    fn prepare(&mut self, m: &Module) {
        if self.started && self.stamp != Stamp::of(m) {
            self.reset();
        }
        if self.started {
            return;
        }
        self.started = true;
        self.stamp = Stamp::of(m);
        let numbered_structs = m
            .types
            .named
            .values()
            .any(|s| !matches!(&s.name, TypeName::Named(n) if !m.symbols.get(*n).is_empty()));
        let block_addresses = m.consts.block_addresses().next().is_some();
        self.enabled = !numbered_structs && !block_addresses;
        self.numbering = self.enabled.then(|| ModulePrinter::new(m).into_numbering());
    }

    /// A printer of `m` with the kept numbering (computed now if there is none).
    fn printer<'m>(&mut self, m: &'m Module) -> ModulePrinter<'m> {
        match self.numbering.take() {
            Some(n) => ModulePrinter::with_numbering(m, n),
            None => ModulePrinter::new(m),
        }
    }

    /// The text of function `g`, as [`print_function`] prints it now.
    pub fn function(&mut self, m: &Module, g: GlobalId) -> Rc<str> {
        self.prepare(m);
        if !self.enabled {
            return print_function(m, g).into();
        }
        if let Some(Some((text, _))) = self.texts.get(g) {
            return Rc::clone(text);
        }
        let p = self.printer(m);
        let mut out = String::new();
        p.write_function(&mut out, g);
        self.numbering = Some(p.into_numbering());
        let text: Rc<str> = out.into();
        self.texts[g] = Some((Rc::clone(&text), numbering_roots(m, g).into()));
        text
    }

    /// The text of the module, as [`print_module`] prints it now: its head and tail printed
    /// anew, the functions from the cache.
    pub fn module(&mut self, m: &Module) -> String {
        self.prepare(m);
        if !self.enabled {
            return print_module(m);
        }
        let funcs: Vec<GlobalId> = self.printer(m).functions().to_vec();
        let texts: Vec<Rc<str>> = funcs.iter().map(|&g| self.function(m, g)).collect();
        // The order of struct types follows the function bodies: found anew for the head.
        let p = self.printer(m);
        let mut n = p.into_numbering();
        n.forget_type_order();
        let p = ModulePrinter::with_numbering(m, n);
        let mut out =
            String::with_capacity(texts.iter().map(|t| t.len() + 1).sum::<usize>() + 4096);
        p.write_module_head(&mut out);
        for t in &texts {
            out.push('\n');
            out.push_str(t);
        }
        p.write_module_tail(&mut out);
        self.numbering = Some(p.into_numbering());
        let lead = out.len() - out.trim_start_matches('\n').len();
        out.replace_range(..lead, "");
        out
    }

    /// Tells the cache that a function pass changed the body of `g` (and, possibly, added
    /// constants, types, attribute sets or metadata nodes, or globals).
    pub fn function_changed(&mut self, m: &Module, g: GlobalId) {
        if !self.started {
            return;
        }
        let old = self.texts.get_mut(g).and_then(Option::take);
        let same_roots = old.is_some_and(|(_, roots)| *roots == numbering_roots(m, g)[..]);
        if !same_roots || self.stamp != Stamp::of(m) {
            self.reset();
        }
    }

    /// Tells the cache that the module changed other than by a function pass on one body.
    pub fn module_changed(&mut self) {
        self.reset();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Module {
        let c = crate::check(src);
        assert!(c.valid, "{:?}", c.diagnostics);
        c.module.expect("module")
    }

    #[test]
    fn cached_texts_are_the_printer_s_through_changes() {
        let src = "@g = global i32 0\n\
                   define i32 @f(i32 %x) #0 {\n  %a = add i32 %x, 0\n  %c = call i32 @h(i32 %a) #1, !dbg !3\n  ret i32 %c\n}\n\
                   define i32 @h(i32 %y) {\n  %b = mul i32 %y, 1\n  store i32 %b, ptr @g, !tbaa !5\n  ret i32 %b\n}\n\
                   attributes #0 = { nounwind }\nattributes #1 = { cold }\n\
                   !llvm.module.flags = !{!0}\n!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n\
                   !1 = distinct !DICompileUnit(language: DW_LANG_C99, file: !2, emissionKind: FullDebug)\n\
                   !2 = !DIFile(filename: \"a.c\", directory: \"/\")\n\
                   !3 = !DILocation(line: 1, scope: !4)\n\
                   !4 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, unit: !1, spFlags: DISPFlagDefinition)\n\
                   !5 = !{!\"int\", !6}\n!6 = !{!\"root\"}\n";
        let mut m = parse(src);
        let mut cache = TextCache::new();
        let f = m.global_by_name("f").expect("f");
        let h = m.global_by_name("h").expect("h");
        assert_eq!(&*cache.function(&m, f), print_function(&m, f));
        assert_eq!(&*cache.function(&m, h), print_function(&m, h));
        assert_eq!(cache.module(&m), print_module(&m));
        // A change inside @h that keeps its numbering roots: only @h is printed again.
        crate::passes::instsimplify::run(&mut m, h);
        cache.function_changed(&m, h);
        assert!(!print_function(&m, h).contains("mul"));
        assert_eq!(&*cache.function(&m, h), print_function(&m, h));
        assert_eq!(&*cache.function(&m, f), print_function(&m, f));
        assert_eq!(cache.module(&m), print_module(&m));
        // A change that drops @h's metadata (renumbering the module's nodes): a new numbering.
        let g = m.global_by_name("g").expect("g");
        let _ = g;
        crate::passes::with_body(&mut m, h, |_, body| {
            for d in body.insts.values_mut() {
                d.md.clear();
            }
        });
        cache.function_changed(&m, h);
        assert_eq!(&*cache.function(&m, f), print_function(&m, f));
        assert_eq!(&*cache.function(&m, h), print_function(&m, h));
        assert_eq!(cache.module(&m), print_module(&m));
        // A module pass.
        crate::passes::globaldce::run(&mut m);
        cache.module_changed();
        assert_eq!(cache.module(&m), print_module(&m));
    }
}
