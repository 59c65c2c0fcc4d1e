//! Every IR entity id in one place: typed `u32` indices into the arenas of a module or a
//! function (values, blocks, instructions, types, constants, globals, metadata, symbols).
//!
//! The data each id points at lives in the file named after it; declaring the ids here
//! keeps those files from importing one another just to name an id.

crate::entity!(
    /// An interned string.
    Symbol,
    "sym"
);

crate::entity!(
    /// A metadata node (numbered `!N`, or an inline node given its own entry).
    MdId,
    "md"
);

crate::entity!(
    /// A constant in the module's pool.
    ConstId,
    "c"
);

crate::entity!(
    /// An interned, sorted set of attributes.
    AttrSetId,
    "attrs"
);

crate::entity!(
    /// An SSA value: a parameter or an instruction result.
    Value,
    "v"
);

crate::entity!(
    /// A basic block.
    Block,
    "bb"
);

crate::entity!(
    /// A metadata operand of a call or debug record.
    MdOpId,
    "mdop"
);

crate::entity!(
    /// An instruction in its function.
    Inst,
    "inst"
);

crate::entity!(
    /// An interned type.
    TypeId,
    "ty"
);

crate::entity!(
    /// An identified (named) struct type.
    NamedStructId,
    "struct"
);

crate::entity!(
    /// A global value: variable, function, alias or ifunc.
    GlobalId,
    "g"
);

crate::entity!(
    /// A comdat.
    ComdatId,
    "comdat"
);
