//! C library state that is pure data: glibc's `rand` generator and `strerror`'s messages,
//! shared by the interpreter and the wasm host so both print the same numbers and texts.

/// What `time` returns in every engine (2023-11-14 22:13:20 UTC), so that a run prints the
/// same wherever and whenever it runs (`srand(time(0))` included).
pub const FIXED_TIME: u64 = 1_700_000_000;

/// The steps a `clock` tick stands for in every engine: `clock()` is the steps the run has
/// taken through the end of the current block (a block's instructions, not its phis, count
/// when it starts, as the compiled engines' counters take them) divided by this.
pub const STEPS_PER_CLOCK_TICK: u64 = 100;

/// A program's environment as every engine gives it, from `NAME=VALUE` entries: one entry a
/// name (a later one replaces an earlier), sorted by name, so that `envp` is the same array
/// everywhere. An entry without `=` or with an empty name is left out.
pub fn environment<S: AsRef<str>>(entries: &[S]) -> Vec<String> {
    let mut by_name = std::collections::BTreeMap::new();
    for e in entries {
        let e = e.as_ref();
        if let Some((name, _)) = e.split_once('=').filter(|(n, _)| !n.is_empty()) {
            by_name.insert(name, e.to_string());
        }
    }
    by_name.into_values().collect()
}

/// glibc's `random_r` TYPE_3 state: an additive feedback generator over 34 words.
#[derive(Clone, Debug)]
pub struct Rand {
    r: [u32; 34],
    i: usize,
}

impl Rand {
    /// Seeds as `srand(seed)` does.
    pub fn new(seed: u32) -> Rand {
        let mut r = [0u32; 34];
        r[0] = if seed == 0 { 1 } else { seed };
        for i in 1..31 {
            let prev = r[i - 1] as i32 as i64;
            let hi = prev / 127773;
            let lo = prev % 127773;
            let mut word = 16807 * lo - 2836 * hi;
            if word < 0 {
                word += 2147483647;
            }
            r[i] = word as u32;
        }
        for i in 31..34 {
            r[i] = r[i - 31];
        }
        let mut g = Rand { r, i: 0 };
        for _ in 34..344 {
            g.step();
        }
        g
    }
    fn step(&mut self) -> u32 {
        let k = self.i;
        let v = self.r[(k + 34 - 31) % 34].wrapping_add(self.r[(k + 34 - 3) % 34]);
        self.r[k] = v;
        self.i = (k + 1) % 34;
        v
    }
    /// The next `rand()` value.
    pub fn next_rand(&mut self) -> i32 {
        (self.step() >> 1) as i32
    }
}

/// glibc's message for `errno` value `code` (`strerror`, `perror`): the Linux numbers the
/// library sets or a program is likely to, else glibc's "Unknown error N".
pub fn strerror(code: i32) -> String {
    let known = match code {
        0 => "Success",
        1 => "Operation not permitted",
        2 => "No such file or directory",
        4 => "Interrupted system call",
        5 => "Input/output error",
        9 => "Bad file descriptor",
        11 => "Resource temporarily unavailable",
        12 => "Cannot allocate memory",
        13 => "Permission denied",
        17 => "File exists",
        22 => "Invalid argument",
        24 => "Too many open files",
        28 => "No space left on device",
        32 => "Broken pipe",
        33 => "Numerical argument out of domain",
        34 => "Numerical result out of range",
        _ => return format!("Unknown error {code}"),
    };
    known.to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_environment_has_one_entry_a_name_sorted() {
        let got = super::environment(&["B=2", "A=1", "B=3", "=x", "C", "D="]);
        assert_eq!(got, ["A=1", "B=3", "D="]);
    }
}
