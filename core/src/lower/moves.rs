//! The parallel-move resolver: turns a set of moves that happen at once (phi copies on an
//! edge, arguments into their fixed registers) into a sequence of single moves with the same
//! effect, breaking cycles through one scratch location. Used by the native code generators
//! over registers, frame slots or virtual registers alike.

use rustc_hash::FxHashMap as HashMap;
use std::hash::Hash;

/// The moves `(dst, src)` of `moves`, all reading before any writes (destinations distinct),
/// as a sequence of moves each of which sees the effect of the ones before it. A cycle
/// (`a ← b, b ← a`) is broken by first saving one destination in `scratch`, which must not
/// occur in `moves`. Self-moves are dropped. Linear in the number of moves.
pub fn sequentialize<T: Copy + Eq + Hash>(moves: &[(T, T)], scratch: T) -> Vec<(T, T)> {
    let pending: Vec<(T, T)> = moves.iter().filter(|(d, s)| d != s).copied().collect();
    let n = pending.len();
    let mut out = Vec::with_capacity(n + 1);
    // How many pending moves read each location, and the move writing each location.
    let mut reads: HashMap<T, u32> = HashMap::default();
    let mut by_dst: HashMap<T, usize> = HashMap::default();
    for (i, &(d, s)) in pending.iter().enumerate() {
        *reads.entry(s).or_insert(0) += 1;
        by_dst.insert(d, i);
    }
    let mut done = vec![false; n];
    let mut ready: Vec<usize> =
        (0..n).filter(|&i| reads.get(&pending[i].0).copied().unwrap_or(0) == 0).collect();
    // The location whose old value now lives in `scratch`, while a cycle is being undone.
    let mut saved: Option<T> = None;
    let mut remaining = n;
    let mut cursor = 0;
    loop {
        while let Some(i) = ready.pop() {
            if done[i] {
                continue;
            }
            let (d, s) = pending[i];
            let from = if saved == Some(s) { scratch } else { s };
            out.push((d, from));
            done[i] = true;
            remaining -= 1;
            if from == s {
                if let Some(r) = reads.get_mut(&s) {
                    *r -= 1;
                    if *r == 0 {
                        if let Some(&j) = by_dst.get(&s) {
                            ready.push(j);
                        }
                    }
                }
            }
        }
        if remaining == 0 {
            break;
        }
        // Every pending destination is still read: a cycle. Save one destination's value.
        while done[cursor] {
            cursor += 1;
        }
        let (d, _) = pending[cursor];
        out.push((scratch, d));
        saved = Some(d);
        reads.insert(d, 0);
        ready.push(cursor);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sequentialize;
    use std::collections::HashMap;

    /// Runs `seq` on a state where location `k` holds `k`, returns the state.
    fn run(seq: &[(u32, u32)]) -> HashMap<u32, u32> {
        let mut st: HashMap<u32, u32> = (0..20).map(|k| (k, k)).collect();
        for &(d, s) in seq {
            let v = st[&s];
            st.insert(d, v);
        }
        st
    }

    fn check(moves: &[(u32, u32)]) {
        let seq = sequentialize(moves, 99);
        let st = run(&seq);
        for &(d, s) in moves {
            assert_eq!(st[&d], s, "{moves:?} -> {seq:?}");
        }
        // Locations no move writes keep their values.
        for k in 0..20 {
            if !moves.iter().any(|&(d, _)| d == k) {
                assert_eq!(st[&k], k, "{moves:?} -> {seq:?}");
            }
        }
    }

    #[test]
    fn chains_cycles_and_fans() {
        check(&[]);
        check(&[(1, 1)]);
        check(&[(1, 2), (2, 3), (3, 4)]);
        check(&[(1, 2), (2, 1)]);
        check(&[(1, 2), (2, 3), (3, 1)]);
        check(&[(1, 2), (2, 1), (3, 4), (4, 5), (5, 3), (6, 1)]);
        check(&[(1, 0), (2, 0), (3, 0)]);
        check(&[(1, 2), (2, 1), (3, 2), (4, 1)]);
        check(&[(0, 1), (1, 2), (2, 0), (5, 0), (6, 6)]);
    }

    #[test]
    fn every_permutation_of_four() {
        let locs = [0u32, 1, 2, 3];
        for a in locs {
            for b in locs {
                for c in locs {
                    for d in locs {
                        check(&[(0, a), (1, b), (2, c), (3, d)]);
                    }
                }
            }
        }
    }
}
