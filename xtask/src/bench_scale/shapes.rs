//! The module shapes of `cargo xtask bench scale`, each generated at any size `n`: the inputs on
//! which a pass or a code generator that is quadratic (or worse) somewhere shows it. The scaling
//! tests (`tests/scale.rs`) include this file too, and run each shape at a small size.
//!
//! Every module is a whole program: `main(argc, argv)` prints one number with `printf` and
//! returns 0, and with no arguments (`argc` = 1) it runs in time linear in `n` (except
//! `dead-nest`, whose loops run twice each: 2^n passes; run it only at small sizes). Trip
//! counts and branch conditions depend on `argc`, so that the optimizer cannot fold the
//! program away.

use std::fmt::Write as _;

/// A family of modules indexed by size.
pub struct Shape {
    /// The name used in reports and `--only`.
    pub name: &'static str,
    /// What grows with `n`.
    pub about: &'static str,
    /// The sizes of a full run (doubling).
    pub sizes: [usize; 5],
    /// The sizes of a quick run.
    pub quick: [usize; 3],
    /// A size the tests run (the interpreter runs it in well under a second); read by
    /// `tests/scale.rs`.
    #[allow(dead_code)]
    pub test_size: usize,
    /// The module at size `n`.
    pub gen: fn(usize) -> String,
}

/// Every shape.
pub const SHAPES: &[Shape] = &[
    Shape {
        name: "loop-nest",
        about: "loops nested n deep, each running argc times, a global counter innermost",
        sizes: [100, 200, 400, 800, 1600],
        quick: [25, 50, 100],
        test_size: 40,
        gen: loop_nest,
    },
    Shape {
        name: "dead-nest",
        about: "loops nested n deep, two passes each, no effects (unrolled and deleted)",
        sizes: [100, 200, 400, 800, 1600],
        quick: [25, 50, 100],
        test_size: 8,
        gen: dead_nest,
    },
    Shape {
        name: "phi",
        about: "an if / else-if chain of n compares joining in one phi of n + 1 values",
        sizes: [2000, 4000, 8000, 16000, 32000],
        quick: [500, 1000, 2000],
        test_size: 300,
        gen: wide_phi,
    },
    Shape {
        name: "switch",
        about: "a switch of n cases, each giving one phi a value (a third are empty blocks)",
        sizes: [4000, 8000, 16000, 32000, 64000],
        quick: [1000, 2000, 4000],
        test_size: 500,
        gen: switch,
    },
    Shape {
        name: "chain",
        about: "one block of n instructions, each using the previous one",
        sizes: [5000, 10000, 20000, 40000, 80000],
        quick: [1250, 2500, 5000],
        test_size: 2000,
        gen: chain,
    },
    Shape {
        name: "functions",
        about: "n functions with a loop each, all called from main",
        sizes: [250, 500, 1000, 2000, 4000],
        quick: [60, 125, 250],
        test_size: 60,
        gen: functions,
    },
    Shape {
        name: "locals",
        about: "n local variables (allocas, as clang -O0 makes) loaded and stored along n steps",
        sizes: [1000, 2000, 4000, 8000, 16000],
        quick: [250, 500, 1000],
        test_size: 300,
        gen: locals,
    },
    Shape {
        name: "diamonds",
        about: "n if/else diamonds in sequence, each joining in a phi",
        sizes: [1000, 2000, 4000, 8000, 16000],
        quick: [250, 500, 1000],
        test_size: 300,
        gen: diamonds,
    },
];

const PRELUDE: &str = "@.fmt = private unnamed_addr constant [4 x i8] c\"%d\\0A\\00\"\n\
                       declare i32 @printf(ptr, ...)\n";

/// The end of `main`: prints `%v` and returns 0.
fn print_and_return(o: &mut String, v: &str) {
    let _ = writeln!(o, "  %printed = call i32 (ptr, ...) @printf(ptr @.fmt, i32 {v})");
    o.push_str("  ret i32 0\n}\n");
}

/// Loops nested `n` deep; loop `k` counts `%i{k}` from 0 to `bound`. The innermost body is
/// `body`; `main` prints `result` after the nest.
fn nest(n: usize, bound: &str, globals: &str, body: &str, result: &str) -> String {
    let n = n.max(1);
    let mut o = String::from(PRELUDE);
    o.push_str(globals);
    o.push_str("define i32 @main(i32 %argc, ptr %argv) {\nentry:\n  br label %h0\n");
    for k in 0..n {
        let from = if k == 0 { "entry".to_string() } else { format!("b{}", k - 1) };
        let inner = if k + 1 < n { format!("h{}", k + 1) } else { "inner".to_string() };
        let _ = write!(
            o,
            "h{k}:\n  %i{k} = phi i32 [ 0, %{from} ], [ %i{k}.n, %l{k} ]\n  \
             %c{k} = icmp slt i32 %i{k}, {bound}\n  br i1 %c{k}, label %b{k}, label %x{k}\n\
             b{k}:\n  br label %{inner}\n"
        );
    }
    let _ = write!(o, "inner:\n{body}  br label %l{}\n", n - 1);
    for k in (0..n).rev() {
        let out = if k > 0 { format!("l{}", k - 1) } else { "done".to_string() };
        let _ = write!(
            o,
            "l{k}:\n  %i{k}.n = add nsw i32 %i{k}, 1\n  br label %h{k}\nx{k}:\n  br label %{out}\n"
        );
    }
    o.push_str("done:\n");
    o.push_str(result);
    print_and_return(&mut o, "%r");
    o
}

fn loop_nest(n: usize) -> String {
    nest(
        n,
        "%argc",
        "@count = global i32 0\n",
        "  %v = load i32, ptr @count\n  %v1 = add i32 %v, 1\n  store i32 %v1, ptr @count\n",
        "  %r = load i32, ptr @count\n",
    )
}

fn dead_nest(n: usize) -> String {
    nest(n, "2", "", "  %dead = mul i32 %argc, 3\n", "  %r = add i32 %argc, 41\n")
}

fn wide_phi(n: usize) -> String {
    let mut o = String::from(PRELUDE);
    o.push_str("define i32 @main(i32 %argc, ptr %argv) {\nentry:\n  br label %t0\n");
    for k in 0..n {
        let next = if k + 1 < n { format!("t{}", k + 1) } else { "last".to_string() };
        // Case `n / 2` is the one taken when argc is 1.
        let key = k as i64 + 1 - (n / 2) as i64;
        let _ = write!(
            o,
            "t{k}:\n  %c{k} = icmp eq i32 %argc, {key}\n  br i1 %c{k}, label %join, label %{next}\n"
        );
    }
    o.push_str("last:\n  br label %join\njoin:\n  %r = phi i32 ");
    for k in 0..n {
        let _ = write!(o, "[ {}, %t{k} ], ", k * 3 + 1);
    }
    o.push_str("[ 7, %last ]\n");
    print_and_return(&mut o, "%r");
    o
}

fn switch(n: usize) -> String {
    let mut o = String::from(PRELUDE);
    o.push_str("define i32 @pick(i32 %x) {\nentry:\n  switch i32 %x, label %def [\n");
    for k in 0..n {
        let _ = writeln!(o, "    i32 {k}, label %s{k}");
    }
    o.push_str("  ]\n");
    // Every third case is an empty block giving a constant (the others compute a value).
    for k in 0..n {
        if k % 3 == 2 {
            let _ = write!(o, "s{k}:\n  br label %join\n");
        } else {
            let _ = write!(o, "s{k}:\n  %v{k} = mul i32 %x, {}\n  br label %join\n", k + 3);
        }
    }
    o.push_str("def:\n  br label %join\njoin:\n  %r = phi i32 ");
    for k in 0..n {
        if k % 3 == 2 {
            let _ = write!(o, "[ {}, %s{k} ], ", k * 7);
        } else {
            let _ = write!(o, "[ %v{k}, %s{k} ], ");
        }
    }
    o.push_str("[ -1, %def ]\n  ret i32 %r\n}\n");
    let _ = write!(
        o,
        "define i32 @main(i32 %argc, ptr %argv) {{\nentry:\n  %x = mul i32 %argc, {}\n  \
         %r = call i32 @pick(i32 %x)\n",
        n / 2
    );
    print_and_return(&mut o, "%r");
    o
}

fn chain(n: usize) -> String {
    let mut o = String::from(PRELUDE);
    o.push_str(
        "define i32 @main(i32 %argc, ptr %argv) {\nentry:\n  %a = alloca [16 x i32]\n  \
         %v0 = add i32 %argc, 0\n",
    );
    let ops = ["add", "xor", "mul", "sub", "or"];
    for k in 1..n.max(2) {
        let (prev, op) = (k - 1, ops[k % ops.len()]);
        if k % 7 == 0 {
            let _ = write!(
                o,
                "  %g{k} = getelementptr i32, ptr %a, i32 {}\n  store i32 %v{prev}, ptr %g{k}\n  \
                 %v{k} = load i32, ptr %g{k}\n",
                k % 16
            );
        } else if k % 3 == 0 {
            let _ = writeln!(o, "  %v{k} = {op} i32 %v{prev}, %argc");
        } else {
            let _ = writeln!(o, "  %v{k} = {op} i32 %v{prev}, {k}");
        }
    }
    print_and_return(&mut o, &format!("%v{}", n.max(2) - 1));
    o
}

fn functions(n: usize) -> String {
    let mut o = String::from(PRELUDE);
    o.push_str("@g = global i32 0\n");
    for k in 0..n {
        let _ = write!(
            o,
            "define i32 @f{k}(i32 %x) {{\nentry:\n  br label %h\nh:\n  \
             %i = phi i32 [ 0, %entry ], [ %i.n, %h ]\n  %s = phi i32 [ %x, %entry ], [ %s.n, %h ]\n  \
             %s.n = mul i32 %s, {}\n  %i.n = add i32 %i, 1\n  %c = icmp slt i32 %i.n, %x\n  \
             br i1 %c, label %h, label %e\ne:\n  %v = load i32, ptr @g\n  %w = add i32 %v, %s.n\n  \
             store i32 %w, ptr @g\n  ret i32 %s.n\n}}\n",
            k % 97 + 3
        );
    }
    o.push_str("define i32 @main(i32 %argc, ptr %argv) {\nentry:\n");
    for k in 0..n {
        let _ = writeln!(o, "  %r{k} = call i32 @f{k}(i32 %argc)");
    }
    o.push_str("  %r = load i32, ptr @g\n");
    print_and_return(&mut o, "%r");
    o
}

fn diamonds(n: usize) -> String {
    let mut o = String::from(PRELUDE);
    o.push_str("define i32 @main(i32 %argc, ptr %argv) {\nentry:\n  br label %d0\n");
    let mut prev = "%argc".to_string();
    for k in 0..n {
        let _ = write!(
            o,
            "d{k}:\n  %m{k} = and i32 {prev}, {}\n  %c{k} = icmp eq i32 %m{k}, 0\n  \
             br i1 %c{k}, label %t{k}, label %f{k}\n\
             t{k}:\n  %a{k} = add i32 {prev}, {}\n  br label %j{k}\n\
             f{k}:\n  %b{k} = xor i32 {prev}, {}\n  br label %j{k}\n\
             j{k}:\n  %v{k} = phi i32 [ %a{k}, %t{k} ], [ %b{k}, %f{k} ]\n  br label %d{}\n",
            1 << (k % 5),
            k % 13 + 1,
            k % 29 + 5,
            k + 1
        );
        prev = format!("%v{k}");
    }
    let _ = writeln!(o, "d{n}:");
    print_and_return(&mut o, &prev);
    o
}

fn locals(n: usize) -> String {
    let n = n.max(2);
    let mut o = String::from(PRELUDE);
    o.push_str("define i32 @main(i32 %argc, ptr %argv) {\nentry:\n");
    for k in 0..n {
        let _ = writeln!(o, "  %l{k} = alloca i32, align 4");
    }
    for k in 0..n {
        let _ = writeln!(o, "  store i32 {}, ptr %l{k}, align 4", k % 11);
    }
    o.push_str("  store i32 %argc, ptr %l0, align 4\n  br label %s0\n");
    // Step k reads two locals, writes a third, and sometimes one more on the side (locals
    // a few steps apart: live ranges stay short, as in most code; mem2reg's liveness costs
    // the length of the live ranges, as LLVM's does).
    for k in 0..n {
        let _ = write!(
            o,
            "s{k}:\n  %a{k} = load i32, ptr %l{k}, align 4\n  %b{k} = load i32, ptr %l{}, align 4\n  \
             %c{k} = add i32 %a{k}, %b{k}\n  store i32 %c{k}, ptr %l{}, align 4\n  \
             %t{k} = icmp ult i32 %c{k}, {}\n  br i1 %t{k}, label %y{k}, label %s{}\n\
             y{k}:\n  store i32 {k}, ptr %l{}, align 4\n  br label %s{}\n",
            (k + n - 5) % n,
            (k + 1) % n,
            1000 + k,
            k + 1,
            (k + 3) % n,
            k + 1
        );
    }
    let _ = write!(o, "s{n}:\n  %r = load i32, ptr %l0, align 4\n");
    print_and_return(&mut o, "%r");
    o
}
