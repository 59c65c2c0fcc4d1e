//! LLVM IR text: the lexer, the parser (with spans and legacy typed-pointer upgrade) and the
//! printer.

pub mod lexer;
pub mod parser;
pub mod printer;



