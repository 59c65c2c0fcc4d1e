//! The module-flag upgrades LLVM's bitcode reader makes once the module's metadata is read,
//! so that old files read as `llvm-dis-19` shows them: "PIC Level" from error or max to min,
//! "PIE Level" from error to max, branch protection flags from error to min, spaces dropped
//! from the Objective-C image info section, "Objective-C Class Properties" added beside an
//! Objective-C image info version, an `i32` "Objective-C Garbage Collection" flag cut to `i8`
//! (its upper bytes becoming the Swift version flags), `amdgpu_code_object_version` renamed,
//! and a "Linker Options" flag copied to `!llvm.linker.options`.

use crate::ir::apint::ApInt;
use crate::ir::constants::ConstKind;
use crate::ir::metadata::{MdId, MdNode, MdNodeKind, Metadata, NamedMetadata};
use crate::ir::module::Module;
use crate::ir::symbol::Symbol;
use crate::ir::types::TypeId;

/// Module flag behaviours (`Module::ModFlagBehavior`).
const ERROR: u64 = 1;
const OVERRIDE: u64 = 4;
const MAX: u64 = 7;
const MIN: u64 = 8;

/// The operands of a tuple node.
fn tuple(m: &Module, n: MdId) -> Option<&[Metadata]> {
    match &m.metadata.nodes.get(n)?.kind {
        MdNodeKind::Tuple(ops) => Some(ops),
        _ => None,
    }
}

/// The value of an integer constant as metadata (`u64::MAX` when wider).
fn int_of(m: &Module, md: Metadata) -> Option<u64> {
    let Metadata::Value(c) = md else { return None };
    match m.consts.kind(c) {
        ConstKind::Int(v) => Some(v.to_u64().unwrap_or(u64::MAX)),
        _ => None,
    }
}

fn string_of(md: Metadata) -> Option<Symbol> {
    match md {
        Metadata::String(s) => Some(s),
        _ => None,
    }
}

fn i32_md(m: &mut Module, v: u64) -> Metadata {
    Metadata::Value(m.consts.int(TypeId::I32, ApInt::from_u64(32, v)))
}

fn new_tuple(m: &mut Module, ops: [Metadata; 3]) -> MdId {
    m.metadata.push(MdNode { distinct: false, kind: MdNodeKind::Tuple(ops.into()), number: None })
}

/// Applies LLVM's `UpgradeModuleFlags` and the "Linker Options" upgrade to `m`.
pub(super) fn upgrade_module_flags(m: &mut Module) {
    let Some(at) = m.metadata.named.iter().position(|n| &*n.name == "llvm.module.flags") else {
        return;
    };
    let flags = m.metadata.named.get(at).map(|n| n.nodes.clone()).unwrap_or_default();
    let (mut objc, mut class_props) = (false, false);
    let mut swift: Option<[u64; 3]> = None;
    let mut linker_options = None;
    for (i, &flag) in flags.iter().enumerate() {
        let Some(&[behavior, id, value]) = tuple(m, flag) else { continue };
        let Some(id_sym) = string_of(id) else { continue };
        let name = m.symbols.get(id_sym).to_string();
        let behavior_v = int_of(m, behavior);
        let new_behavior = match name.as_str() {
            "PIC Level" if matches!(behavior_v, Some(ERROR | MAX)) => Some(MIN),
            "PIE Level" if behavior_v == Some(ERROR) => Some(MAX),
            n if (n == "branch-target-enforcement" || n.starts_with("sign-return-address"))
                && behavior_v == Some(ERROR) =>
            {
                Some(MIN)
            }
            _ => None,
        };
        let mut replace = None;
        if let Some(b) = new_behavior {
            let b = i32_md(m, b);
            replace = Some([b, id, value]);
        }
        match name.as_str() {
            "Objective-C Image Info Version" => objc = true,
            "Objective-C Class Properties" => class_props = true,
            "Linker Options" => linker_options = Some(value),
            "Objective-C Image Info Section" => {
                if let Some(s) = string_of(value) {
                    let text = m.symbols.get(s);
                    if text.contains(' ') {
                        let joined: String = text.split(' ').collect();
                        let sym = m.symbols.intern(&joined);
                        replace = Some([behavior, id, Metadata::String(sym)]);
                    }
                }
            }
            "Objective-C Garbage Collection" => {
                if let Metadata::Value(c) = value {
                    if let (false, ConstKind::Int(v)) =
                        (m.consts.ty(c) == TypeId::I8, m.consts.kind(c))
                    {
                        let val = v.low_u64() & 0xffff_ffff;
                        if val & 0xff != val {
                            swift =
                                Some([(val >> 8) & 0xff, (val >> 24) & 0xff, (val >> 16) & 0xff]);
                        }
                        let b = i32_md(m, ERROR);
                        let low = m.consts.int(TypeId::I8, ApInt::from_u64(8, val & 0xff));
                        replace = Some([b, id, Metadata::Value(low)]);
                    }
                }
            }
            "amdgpu_code_object_version" => {
                let sym = m.symbols.intern("amdhsa_code_object_version");
                replace = Some([behavior, Metadata::String(sym), value]);
            }
            _ => {}
        }
        if let Some(ops) = replace {
            let n = new_tuple(m, ops);
            if let Some(slot) = m.metadata.named.get_mut(at).and_then(|nm| nm.nodes.get_mut(i)) {
                *slot = n;
            }
        }
    }
    if objc && !class_props {
        let b = i32_md(m, OVERRIDE);
        let id = Metadata::String(m.symbols.intern("Objective-C Class Properties"));
        let zero = i32_md(m, 0);
        let n = new_tuple(m, [b, id, zero]);
        if let Some(nm) = m.metadata.named.get_mut(at) {
            nm.nodes.push(n);
        }
    }
    if let Some([abi, major, minor]) = swift {
        let abi = i32_md(m, abi);
        let major = Metadata::Value(m.consts.int(TypeId::I8, ApInt::from_u64(8, major)));
        let minor = Metadata::Value(m.consts.int(TypeId::I8, ApInt::from_u64(8, minor)));
        for (name, v) in [
            ("Swift ABI Version", abi),
            ("Swift Major Version", major),
            ("Swift Minor Version", minor),
        ] {
            let b = i32_md(m, ERROR);
            let id = Metadata::String(m.symbols.intern(name));
            let n = new_tuple(m, [b, id, v]);
            if let Some(nm) = m.metadata.named.get_mut(at) {
                nm.nodes.push(n);
            }
        }
    }
    if let Some(Metadata::Node(opts)) = linker_options {
        if !m.metadata.named.iter().any(|n| &*n.name == "llvm.linker.options") {
            let nodes: Vec<MdId> = tuple(m, opts)
                .unwrap_or(&[])
                .iter()
                .filter_map(|o| match o {
                    Metadata::Node(n) => Some(*n),
                    _ => None,
                })
                .collect();
            m.metadata.named.push(NamedMetadata { name: "llvm.linker.options".into(), nodes });
        }
    }
}
