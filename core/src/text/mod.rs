//! LLVM IR text: the lexer, the parser (with spans and legacy typed-pointer upgrade), the
//! LLVM 1.x front end and the printer.

pub mod lexer;
pub mod llvm1;
pub mod parser;
pub mod printer;

pub use parser::{conversion_help, parse, ParseResult};
pub use printer::{
    calling_conv_by_name, calling_conv_name, print_const, print_function, print_inst, print_module,
    print_type, FunctionPrinter, ModulePrinter, CALLING_CONVENTIONS,
};
