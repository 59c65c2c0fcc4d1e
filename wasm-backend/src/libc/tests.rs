//! Tests of the wasm binding of the C library, over a plain vector as memory.

use super::*;

/// A plain vector as memory, with the library; function 1 of its "table" compares the `u32`s
/// at the two addresses, any other exits with 9.
struct Vm(Vec<u8>, Libc);

impl Memory for Vec<u8> {
    fn size(&self) -> u64 {
        self.len() as u64
    }
    fn read(&self, at: u64, buf: &mut [u8]) -> bool {
        let Some(src) = self.get(at as usize..at as usize + buf.len()) else { return false };
        buf.copy_from_slice(src);
        true
    }
    fn write(&mut self, at: u64, bytes: &[u8]) -> bool {
        let Some(dst) = self.get_mut(at as usize..at as usize + bytes.len()) else {
            return false;
        };
        dst.copy_from_slice(bytes);
        true
    }
    fn grow(&mut self, pages: u64) -> bool {
        self.resize(self.len() + pages as usize * 65536, 0);
        true
    }
}

impl Callback for Vm {
    fn with_libc<R>(
        &mut self,
        f: impl FnOnce(&mut Libc, &mut dyn Memory) -> Result<R, Stop>,
    ) -> Result<R, Stop> {
        f(&mut self.1, &mut self.0)
    }
    fn compare(&mut self, func: u64, a: u64, b: u64) -> Result<i32, Stop> {
        let word = |m: &Vec<u8>, p: u64| {
            let mut w = [0u8; 4];
            m.read(p, &mut w);
            u32::from_le_bytes(w)
        };
        match func {
            1 => Ok(word(&self.0, a).cmp(&word(&self.0, b)) as i32),
            _ => Err(Stop { status: 9, message: None }),
        }
    }
    fn fuel(&mut self) -> Option<i64> {
        None
    }
}

fn call(vm: &mut Vm, name: &str, args: &[u64]) -> Result<u64, Stop> {
    call_import(vm, &Import::new(name, 32), args).map(|r| r[0])
}

#[test]
fn printf_reads_the_variadic_area_and_malloc_grows_memory() {
    let mut vm = Vm(vec![0; 1024], Libc::new(8, 1000));
    vm.0.write(16, b"%d and %s\n\0");
    vm.0.write(32, b"two\0");
    vm.0.write(64, &(-7i64 as u64).to_le_bytes());
    vm.0.write(72, &32u64.to_le_bytes());
    assert_eq!(call(&mut vm, "printf", &[16, 64]), Ok(11));
    assert_eq!(vm.1.stdout, b"-7 and two\n");
    assert_eq!(call(&mut vm, "malloc", &[100]), Ok(1008));
    assert!(vm.0.size() > 1024);
    assert_eq!(call(&mut vm, "free", &[1008]), Ok(0));
    let again = call(&mut vm, "free", &[1008]);
    assert_eq!(again.map_err(|s| s.status), Err(status::UB));
}

#[test]
fn qsort_sorts_through_the_callback_and_bsearch_finds() {
    let mut vm = Vm(vec![0; 4096], Libc::new(4, 1024));
    let nums = [5u32, 1, 4, 1, 3, 9, 2, 6, 5];
    for (k, v) in nums.iter().enumerate() {
        vm.0.write(64 + 4 * k as u64, &v.to_le_bytes());
    }
    assert_eq!(call(&mut vm, "qsort", &[64, 9, 4, 1]), Ok(0));
    let word = |m: &Vec<u8>, k: usize| {
        let mut w = [0u8; 4];
        m.read(64 + 4 * k as u64, &mut w);
        u32::from_le_bytes(w)
    };
    let sorted: Vec<u32> = (0..9).map(|k| word(&vm.0, k)).collect();
    assert_eq!(sorted, [1, 1, 2, 3, 4, 5, 5, 6, 9]);
    vm.0.write(16, &6u32.to_le_bytes());
    assert_eq!(call(&mut vm, "bsearch", &[16, 64, 9, 4, 1]), Ok(64 + 4 * 7));
    vm.0.write(16, &7u32.to_le_bytes());
    assert_eq!(call(&mut vm, "bsearch", &[16, 64, 9, 4, 1]), Ok(0));
    let stopped = call(&mut vm, "qsort", &[64, 9, 4, 2]);
    assert_eq!(stopped, Err(Stop { status: 9, message: None }));
}

#[test]
fn wide_division_works_on_halves_and_reports_ub() {
    let h = |v: i128| [v as u64, (v >> 64) as u64];
    let args = |a: i128, b: i128| [h(a), h(b)].concat();
    let mut vm = Vm(vec![0; 16], Libc::new(4, 0));
    let mut div = |name: &str, a: &[u64]| call_import(&mut vm, &Import::new(name, 64), a);
    let big = 1i128 << 100;
    assert_eq!(div("__divti3", &args(-big, 3)), Ok(h(-big / 3)));
    assert_eq!(div("__umodti3", &args(big + 5, 1 << 64)), Ok([5, 0]));
    assert!(matches!(div("__udivti3", &args(1, 0)), Err(Stop { status: status::UB, .. })));
    assert!(matches!(div("__divti3", &args(i128::MIN, -1)), Err(Stop { status: status::UB, .. })));
}

#[test]
fn strings_out_of_bounds_and_unknown_functions_are_errors() {
    let mut vm = Vm(vec![b'x'; 300], Libc::new(4, 0));
    let r = call(&mut vm, "strlen", &[10]);
    assert!(
        matches!(r, Err(Stop { status: status::ERROR, message: Some(m) }) if m.contains("not terminated"))
    );
    let r = call(&mut vm, "fopen", &[]);
    assert!(matches!(r, Err(Stop { message: Some(m), .. }) if m.contains("@fopen")));
    assert_eq!(call(&mut vm, "exit", &[3]), Err(Stop { status: 3, message: None }));
    assert_eq!(call(&mut vm, "sqrt", &[9f64.to_bits()]), Ok(3f64.to_bits()));
}
