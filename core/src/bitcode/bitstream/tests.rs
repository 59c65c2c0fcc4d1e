//! Tests of the bitstream layer: the format document's examples, writing then reading every
//! kind of field, and damaged streams.

use super::*;

/// A record as walked: block id, code, operands, blob.
type Walked = (u32, u32, Vec<u64>, Option<Vec<u8>>);

fn walk(bytes: &[u8]) -> Result<Vec<Walked>, crate::bitcode::BitcodeError> {
    let mut c = Cursor::new(bytes, 0);
    let mut out = Vec::new();
    let mut rec = Record::default();
    while let Some(e) = c.advance()? {
        match e {
            Entry::SubBlock(_) => c.enter_block()?,
            Entry::EndBlock => {}
            Entry::Record(a) => {
                c.read_record(a, &mut rec)?;
                out.push((c.block_id(), rec.code, rec.ops.clone(), rec.blob.map(|b| b.to_vec())));
            }
        }
    }
    Ok(out)
}

#[test]
fn vbr_examples_from_the_format_document() {
    // 30 as vbr4 is 0b1110 0b0011.
    let mut w = Writer::new();
    w.emit_vbr(30, 4);
    w.align32();
    let bytes = w.finish();
    assert_eq!(bytes.first(), Some(&0b0011_1110));
    let mut c = Cursor::new(&bytes, 0);
    assert_eq!(c.read_vbr(4), Ok(30));
}

#[test]
fn signed_vbr_round_trips() {
    for v in [0, 1, -1, 63, -64, i64::MAX, i64::MIN + 1, i64::MIN] {
        assert_eq!(decode_signed(encode_signed(v)), v, "{v}");
    }
    assert_eq!(encode_signed(-3), 7);
}

#[test]
fn char6_covers_its_alphabet() {
    for c in b"azAZ09._".iter() {
        assert_eq!(char6_decode(char6_encode(*c).unwrap_or(99)), *c);
    }
    assert_eq!(char6_encode(b'-'), None);
}

fn sample() -> Vec<u8> {
    let mut w = Writer::new();
    w.bytes(b"BC\xC0\xDE");
    w.blockinfo(vec![(9, vec![Abbrev { ops: vec![AbbrevOp::Literal(7), AbbrevOp::Fixed(3)] }])]);
    w.enter_block(8, 3);
    w.record(1, &[2, 1 << 40, 0]);
    let arr = w.define_abbrev(Abbrev {
        ops: vec![AbbrevOp::Fixed(4), AbbrevOp::Vbr(6), AbbrevOp::Array, AbbrevOp::Char6],
    });
    w.record_abbrev(arr, 5, &[1000, b'a' as u64, b'Z' as u64, b'_' as u64], None);
    // Does not fit (code 17 is over 4 bits): written plainly.
    w.record_abbrev(arr, 17, &[1], None);
    w.enter_block(9, 4);
    w.record_abbrev(4, 7, &[5], None);
    w.end_block();
    let blob = w.define_abbrev(Abbrev {
        ops: vec![AbbrevOp::Literal(1), AbbrevOp::Vbr(6), AbbrevOp::Blob],
    });
    w.record_abbrev(blob, 1, &[3], Some(b"hello"));
    w.end_block();
    w.finish()
}

#[test]
fn what_is_written_reads_back() {
    let bytes = sample();
    let Some(rest) = bytes.get(4..) else { panic!("short") };
    let recs = walk(rest).unwrap_or_else(|e| panic!("{e}"));
    let want: Vec<Walked> = vec![
        (8, 1, vec![2, 1 << 40, 0], None),
        (8, 5, vec![1000, b'a' as u64, b'Z' as u64, b'_' as u64], None),
        (8, 17, vec![1], None),
        (9, 7, vec![5], None),
        (8, 1, vec![3], Some(b"hello".to_vec())),
    ];
    assert_eq!(recs, want);
}

#[test]
fn every_truncation_and_bit_flip_fails_cleanly() {
    let bytes = sample();
    let Some(body) = bytes.get(4..) else { panic!("short") };
    for n in 0..body.len() {
        let _ = walk(body.get(..n).unwrap_or(&[]));
    }
    for bit in 0..body.len() * 8 {
        let mut b = body.to_vec();
        if let Some(x) = b.get_mut(bit / 8) {
            *x ^= 1 << (bit % 8);
        }
        let _ = walk(&b);
    }
    // A truncated stream is an error with an offset, not an early end.
    let cut = body.get(..body.len() - 8).unwrap_or(&[]);
    let e = walk(cut).err();
    assert!(e.is_some_and(|e| e.offset <= cut.len() as u64));
}

#[test]
fn absurd_counts_are_refused_without_allocating() {
    // An unabbreviated record claiming 2^60 operands.
    let mut w = Writer::new();
    w.enter_block(8, 3);
    w.emit(3, 3);
    w.emit_vbr(1, 6);
    w.emit_vbr(1 << 60, 6);
    w.end_block();
    let bytes = w.finish();
    let e = walk(&bytes).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("operands"), "{e}");
    assert!(e.contains("MODULE_BLOCK"), "{e}");
}

#[test]
fn a_block_longer_than_the_file_is_refused() {
    let mut w = Writer::new();
    w.emit(1, 2);
    w.emit_vbr(8, 8);
    w.emit_vbr(3, 4);
    w.align32();
    w.emit(1_000_000, 32);
    let bytes = w.finish();
    let e = walk(&bytes).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("claims 1000000 words"), "{e}");
}

#[test]
fn fields_at_every_bit_offset_and_near_the_end() {
    // Fixed and VBR fields of many widths, from every bit offset, up to the last bytes of the
    // stream (where a read cannot take eight bytes at once).
    let values = [0u64, 1, 5, 31, 32, 1000, 1 << 31, u32::MAX as u64, 1 << 40, u64::MAX];
    for lead in 0..8u32 {
        for width in [2u32, 3, 4, 5, 6, 8, 12, 32] {
            let mut w = Writer::new();
            w.emit(0, lead);
            for &v in &values {
                w.emit_vbr(v, width);
                w.emit(v & ((1u64 << width) - 1), width);
                w.emit(v, 64);
            }
            let bytes = w.finish();
            let mut c = Cursor::new(&bytes, 0);
            assert_eq!(c.read(lead), Ok(0));
            for &v in &values {
                assert_eq!(c.read_vbr(width), Ok(v), "vbr{width} of {v} after {lead} bits");
                assert_eq!(c.read(width), Ok(v & ((1u64 << width) - 1)));
                assert_eq!(c.read(64), Ok(v));
            }
        }
    }
}

#[test]
fn a_vbr_field_stops_at_the_end_of_its_block() {
    // A vbr6 still going on at the end of the data.
    let mut c = Cursor::new(&[0xff; 4], 0);
    assert!(c.read_vbr(6).is_err_and(|e| e.message.contains("unexpected end")));
    // Eleven chunks of five payload bits pass 64 bits.
    let mut c = Cursor::new(&[0xff; 16], 0);
    assert!(c.read_vbr(6).is_err_and(|e| e.message.contains("wider than 64")));
}
