//! `qsort` and `bsearch`, which call the program's comparison function: state machines that
//! ask their engine for each comparison ([`SortStep::Compare`]) and are resumed with its
//! result, so that the interpreter needs no Rust recursion and a wasm host can call into its
//! instance between steps. `qsort` is a bottom-up stable merge sort between the array and a
//! buffer of the library's own, as glibc's is (so a comparator that is not a total order gives
//! the same result everywhere).

use super::call::sext;
use super::LibMemory;
use crate::runtime::libfn::LibFn;

/// What a sort wants next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SortStep<W> {
    /// Call the comparison function with these two pointers, then resume with its result.
    Compare(W, W),
    /// Finished: the library function's result (none for `qsort`).
    Done(Option<W>),
}

/// A `qsort` or `bsearch` in progress.
#[derive(Clone, Debug)]
pub enum Sort<W> {
    /// `qsort(base, n, size, cmp)`.
    Qsort(Qsort<W>),
    /// `bsearch(key, base, n, size, cmp)`.
    Bsearch {
        /// The key pointer.
        key: W,
        /// The array.
        base: W,
        /// Element size.
        size: u64,
        /// The search range `[lo, hi)`.
        lo: u64,
        /// End of the range.
        hi: u64,
        /// The probed index, while a comparison runs.
        mid: Option<u64>,
    },
    /// Nothing (left) to do.
    Finished,
}

/// Merge sort state.
#[derive(Clone, Debug)]
pub struct Qsort<W> {
    /// The array.
    pub base: W,
    /// The buffer (the array's size).
    pub tmp: W,
    n: u64,
    size: u64,
    width: u64,
    lo: u64,
    i: u64,
    j: u64,
    k: u64,
    /// True when the source of this pass is `tmp`.
    from_tmp: bool,
    /// A comparison is in flight.
    waiting: bool,
}

impl<W: Copy> Sort<W> {
    /// Starts `f` (`qsort` or `bsearch`) with its arguments; the comparison function (the
    /// last one) is the engine's to call.
    pub fn start<H: LibMemory<Word = W>>(
        h: &mut H,
        f: LibFn,
        args: &[W],
    ) -> Result<Self, H::Fault> {
        let a = |i: usize| args.get(i).copied().unwrap_or(H::int(0));
        if f == LibFn::Bsearch {
            let (key, base, hi, size) = (a(0), a(1), H::bits(a(2)), H::bits(a(3)));
            return Ok(Sort::Bsearch { key, base, size, lo: 0, hi, mid: None });
        }
        let (base, n, size) = (a(0), H::bits(a(1)), H::bits(a(2)));
        if n < 2 || size == 0 {
            return Ok(Sort::Finished);
        }
        let Some(total) = n.checked_mul(size) else {
            return Err(
                h.fail(super::LibError::Unsupported("qsort: the array is too large".into()))
            );
        };
        h.check(base, total, true)?;
        let tmp = h.runtime_alloc(total, 16)?;
        let mut q = Qsort {
            base,
            tmp,
            n,
            size,
            width: 1,
            lo: 0,
            i: 0,
            j: 0,
            k: 0,
            from_tmp: false,
            waiting: false,
        };
        q.begin_pair();
        Ok(Sort::Qsort(q))
    }

    /// Resumes with the result of the last comparison (none at the start).
    pub fn resume<H: LibMemory<Word = W>>(
        &mut self,
        h: &mut H,
        r: Option<W>,
    ) -> Result<SortStep<W>, H::Fault> {
        let c = r.map(|v| sext(H::bits(v), 32));
        match self {
            Sort::Qsort(q) => {
                let step = q.resume(h, c)?;
                if let SortStep::Done(_) = step {
                    *self = Sort::Finished;
                }
                Ok(step)
            }
            Sort::Bsearch { key, base, size, lo, hi, mid } => {
                if let (Some(m), Some(c)) = (*mid, c) {
                    if c == 0 {
                        return Ok(SortStep::Done(Some(H::offset(*base, m * *size))));
                    }
                    if c < 0 {
                        *hi = m;
                    } else {
                        *lo = m + 1;
                    }
                }
                if lo >= hi {
                    return Ok(SortStep::Done(Some(H::int(0))));
                }
                let m = *lo + (*hi - *lo) / 2;
                *mid = Some(m);
                Ok(SortStep::Compare(*key, H::offset(*base, m * *size)))
            }
            Sort::Finished => Ok(SortStep::Done(None)),
        }
    }

    /// The pointers the machine holds (for an engine that tracks live memory).
    pub fn roots(&self) -> Vec<W> {
        match self {
            Sort::Qsort(q) => vec![q.base, q.tmp],
            Sort::Bsearch { key, base, .. } => vec![*key, *base],
            Sort::Finished => Vec::new(),
        }
    }
}

impl<W: Copy> Qsort<W> {
    fn bufs(&self) -> (W, W) {
        if self.from_tmp {
            (self.tmp, self.base)
        } else {
            (self.base, self.tmp)
        }
    }

    fn begin_pair(&mut self) {
        self.i = self.lo;
        self.j = (self.lo + self.width).min(self.n);
        self.k = self.lo;
    }

    fn copy_one<H: LibMemory<Word = W>>(&self, h: &mut H, from_left: bool) -> Result<(), H::Fault> {
        let (src, dst) = self.bufs();
        let s = H::offset(src, (if from_left { self.i } else { self.j }) * self.size);
        let d = H::offset(dst, self.k * self.size);
        h.mem_copy(d, s, H::int(self.size), false)
    }

    fn resume<H: LibMemory<Word = W>>(
        &mut self,
        h: &mut H,
        c: Option<i64>,
    ) -> Result<SortStep<W>, H::Fault> {
        if self.waiting {
            self.waiting = false;
            let left = c.unwrap_or(0) <= 0;
            self.copy_one(h, left)?;
            if left {
                self.i += 1;
            } else {
                self.j += 1;
            }
            self.k += 1;
        }
        loop {
            let mid = (self.lo + self.width).min(self.n);
            let hi = (self.lo + 2 * self.width).min(self.n);
            if self.i < mid && self.j < hi {
                let (src, _) = self.bufs();
                self.waiting = true;
                let a = H::offset(src, self.i * self.size);
                let b = H::offset(src, self.j * self.size);
                return Ok(SortStep::Compare(a, b));
            }
            while self.i < mid {
                self.copy_one(h, true)?;
                self.i += 1;
                self.k += 1;
            }
            while self.j < hi {
                self.copy_one(h, false)?;
                self.j += 1;
                self.k += 1;
            }
            self.lo = hi;
            if self.lo >= self.n {
                self.width *= 2;
                self.from_tmp = !self.from_tmp;
                self.lo = 0;
                if self.width >= self.n {
                    if self.from_tmp {
                        h.mem_copy(self.base, self.tmp, H::int(self.n * self.size), false)?;
                    }
                    h.runtime_free(self.tmp);
                    return Ok(SortStep::Done(None));
                }
            }
            self.begin_pair();
        }
    }
}
