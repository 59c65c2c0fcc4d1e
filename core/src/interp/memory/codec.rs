//! Values to bytes and back, as `store` and `load` see them: little-endian scalars, vectors
//! (bit-packed when their elements are not whole bytes), arrays by alloc size, structs by
//! field offset with padding stored as undef. Shadow state travels with the bytes.

use crate::interp::memory::TAINT;
use crate::interp::poison::origin::TaintKind;
use crate::interp::state::Interp;
use crate::interp::value::{Slot, Val};
use crate::ir::layout::Class;
use crate::ir::TypeId;
use crate::semantics::wide;

impl Interp<'_> {
    /// Writes `v` of type `ty` at a location checked for the type's store size.
    pub fn store_val(&mut self, loc: (usize, usize), ty: TypeId, v: &Val) {
        let info = self.lay.get(ty);
        let size = info.size as usize;
        match info.class.clone() {
            Class::Int(_) | Class::Ptr | Class::Float(_) if info.narrow => {
                self.mem.write_slot(loc.0, loc.1, size.min(8), v.slot(), &self.origins);
            }
            Class::Int(_) | Class::Float(_) => {
                let (words, poison) = match v {
                    Val::W { words, poison } => (words.to_vec(), *poison),
                    _ => (vec![v.slot().bits], v.taint()),
                };
                let whole = self.origins.whole(poison);
                let (b, s) = self.mem.range_mut(loc, size);
                for (i, x) in b.iter_mut().enumerate() {
                    *x = words.get(i / 8).map_or(0, |w| (w >> (8 * (i % 8))) as u8);
                }
                s.fill(if poison != 0 { TAINT | whole } else { 0 });
            }
            Class::Vector(len, et) => {
                let ei = self.lay.get(et).clone();
                let ebits = match ei.class {
                    Class::Int(w) => w as u64,
                    _ => ei.size * 8,
                };
                if ebits % 8 == 0 {
                    for (k, e) in v.elems().iter().enumerate().take(len as usize) {
                        self.store_val((loc.0, loc.1 + k * ei.size as usize), et, e);
                    }
                } else {
                    // Bit-packed: element k occupies bits [k*ebits, (k+1)*ebits).
                    let mut bits = vec![0u64; (len as u64 * ebits).div_ceil(64) as usize + 1];
                    let mut taint = 0u32;
                    for (k, e) in v.elems().iter().enumerate().take(len as usize) {
                        let t = e.taint();
                        if t != 0 && taint == 0 {
                            taint = t;
                        }
                        // The element's words (wide elements, i65 and up, have several).
                        let words: Vec<u64> = match e {
                            Val::W { words, .. } => words.to_vec(),
                            _ => vec![e.slot().bits],
                        };
                        for j in 0..ebits {
                            let set = words
                                .get((j / 64) as usize)
                                .is_some_and(|w| (w >> (j % 64)) & 1 == 1);
                            let p = k as u64 * ebits + j;
                            if let (true, Some(w)) = (set, bits.get_mut((p / 64) as usize)) {
                                *w |= 1 << (p % 64);
                            }
                        }
                    }
                    let whole = self.origins.whole(taint);
                    let (b, s) = self.mem.range_mut(loc, size);
                    for (i, x) in b.iter_mut().enumerate() {
                        *x = bits.get(i / 8).map_or(0, |w| (w >> (8 * (i % 8))) as u8);
                    }
                    s.fill(if taint != 0 { TAINT | whole } else { 0 });
                }
            }
            Class::Array(len, et) => {
                let stride = self.lay.get(et).alloc as usize;
                for (k, e) in v.elems().iter().enumerate().take(len as usize) {
                    self.store_val((loc.0, loc.1 + k * stride), et, e);
                }
            }
            Class::Struct(fields, offs) => {
                let pad = TAINT | self.pad_origin;
                self.mem.range_mut(loc, size).1.fill(pad);
                for (k, (ft, fo)) in fields.iter().zip(offs.iter()).enumerate() {
                    if let Some(e) = v.elems().get(k) {
                        self.store_val((loc.0, loc.1 + *fo as usize), *ft, e);
                    }
                }
            }
            Class::Other | Class::Ptr => {}
        }
    }

    /// Reads a value of type `ty` from a location checked for the type's store size.
    pub fn load_val(&mut self, loc: (usize, usize), ty: TypeId) -> Val {
        let info = self.lay.get(ty);
        let size = info.size as usize;
        match info.class.clone() {
            Class::Int(w) if info.narrow => {
                let mut s = self.mem.read_slot(loc.0, loc.1, size, &mut self.origins);
                s.bits &= crate::interp::value::mask(w);
                Val::S(s)
            }
            Class::Ptr | Class::Float(_) if info.narrow => {
                Val::S(self.mem.read_slot(loc.0, loc.1, size.min(8), &mut self.origins))
            }
            Class::Int(_) | Class::Float(_) => {
                let (b, s) = self.mem.range(loc, size);
                let mut words = vec![0u64; size.div_ceil(8).max(1)];
                for (i, x) in b.iter().enumerate() {
                    words[i / 8] |= (*x as u64) << (8 * (i % 8));
                }
                let poison = self.taint_of(s);
                let words = match info.class {
                    Class::Int(w) => wide::norm(words, w),
                    _ => words,
                };
                Val::W { words: words.into(), poison }
            }
            Class::Vector(len, et) => {
                let ei = self.lay.get(et).clone();
                let ebits = match ei.class {
                    Class::Int(w) => w as u64,
                    _ => ei.size * 8,
                };
                if ebits % 8 == 0 {
                    let v = (0..len as usize)
                        .map(|k| self.load_val((loc.0, loc.1 + k * ei.size as usize), et))
                        .collect();
                    Val::A(v)
                } else {
                    let (b, s) = self.mem.range(loc, size);
                    let bytes = b.to_vec();
                    let taint = self.taint_of(s);
                    let v = (0..len as u64)
                        .map(|k| {
                            // Wide elements (i65 and up) take several words.
                            let mut words = vec![0u64; ebits.div_ceil(64) as usize];
                            for j in 0..ebits {
                                let p = k * ebits + j;
                                if bytes
                                    .get((p / 8) as usize)
                                    .is_some_and(|byte| byte >> (p % 8) & 1 == 1)
                                {
                                    if let Some(w) = words.get_mut((j / 64) as usize) {
                                        *w |= 1 << (j % 64);
                                    }
                                }
                            }
                            match words.as_slice() {
                                [x] => Val::S(Slot { bits: *x, prov: 0, poison: taint }),
                                _ => Val::W { words: words.into(), poison: taint },
                            }
                        })
                        .collect();
                    Val::A(v)
                }
            }
            Class::Array(len, et) => {
                let stride = self.lay.get(et).alloc as usize;
                Val::A(
                    (0..len as usize)
                        .map(|k| self.load_val((loc.0, loc.1 + k * stride), et))
                        .collect(),
                )
            }
            Class::Struct(fields, offs) => Val::A(
                fields
                    .iter()
                    .zip(offs.iter())
                    .map(|(ft, fo)| self.load_val((loc.0, loc.1 + *fo as usize), *ft))
                    .collect(),
            ),
            Class::Other | Class::Ptr => Val::default(),
        }
    }

    /// The taint of a wide value read from bytes with this shadow: poison if any byte is
    /// poison, else undef if any is undef.
    fn taint_of(&self, s: &[u32]) -> u32 {
        let mut undef = 0;
        for &x in s {
            if x & crate::interp::memory::PARTIAL != 0 && x & TAINT == 0 && undef == 0 {
                undef = self.origins.partly_uninit();
            }
            if x & TAINT != 0 {
                let o = x & !TAINT;
                if self.origins.kind(o) != Some(TaintKind::Undef) {
                    return o.max(1);
                }
                undef = o;
            }
        }
        undef
    }

    /// Reinterprets a value's bits as another type of the same size (`bitcast`).
    pub fn reinterpret(&mut self, v: &Val, from: TypeId, to: TypeId) -> Val {
        let size = self.lay.get(from).size.max(self.lay.get(to).size) as usize;
        let mut bytes = vec![0u8; size];
        let mut shadow = vec![0u32; size];
        // Encode into a scratch allocation-free buffer through a temporary allocation.
        let Ok(idx) = self.mem.alloc(size as u64, 1, crate::interp::memory::AllocKind::Runtime, 0)
        else {
            return Val::default();
        };
        self.store_val((idx as usize, 0), from, v);
        let out = self.load_val((idx as usize, 0), to);
        {
            let (b, s) = self.mem.range((idx as usize, 0), size);
            bytes.copy_from_slice(b);
            shadow.copy_from_slice(s);
        }
        self.mem.release(idx);
        let _ = (bytes, shadow);
        out
    }
}
