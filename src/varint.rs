//! LEB128 varints, plain and zigzag, and a reader of a byte string of them:
//! the packed byte strings the build cache stores a class's cells and file
//! records in (`cache::stored`, `cache::records`) and the parse cache a
//! file's samples in (`site::parse_cache`). One encoding, written and read
//! here only.

/// `v` appended to `out` as a LEB128 varint (7 bits a byte, low first, the
/// high bit set on every byte but the last: 0–127 in one byte).
pub fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// `v` appended to `out` as a zigzag LEB128 varint (0, −1, 1, −2 … as 0,
/// 1, 2, 3 …: small magnitudes of either sign in one byte).
pub fn push_signed(out: &mut Vec<u8>, v: i64) {
    push_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

/// A reader of a byte string of varints and fixed-width numbers, from its
/// front: every read is `None` past the end or on a malformed varint (more
/// than ten bytes), and a damaged string is never read as another number
/// silently past its end. Its users add readers of their own tags.
pub struct Unpack<'a>(pub &'a [u8]);

impl Unpack<'_> {
    /// The next byte.
    pub fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }

    /// A LEB128 varint ([`push_varint`]).
    pub fn varint(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Some(v);
            }
        }
        None
    }

    /// A zigzag LEB128 varint ([`push_signed`]).
    pub fn signed(&mut self) -> Option<i64> {
        let v = self.varint()?;
        Some(((v >> 1) as i64) ^ -((v & 1) as i64))
    }

    /// 8 bytes, little-endian.
    pub fn fixed(&mut self) -> Option<u64> {
        let (bytes, rest) = self.0.split_first_chunk::<8>()?;
        self.0 = rest;
        Some(u64::from_le_bytes(*bytes))
    }

    /// A double as its 8 bytes, little-endian (the same bits back: NaN,
    /// `-0.0` and subnormals included).
    pub fn f64(&mut self) -> Option<f64> {
        self.fixed().map(f64::from_bits)
    }

    /// True when every byte was read.
    pub fn is_done(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_read_back_and_damage_is_none() {
        let mut out = Vec::new();
        let values = [0u64, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX];
        for v in values {
            push_varint(&mut out, v);
        }
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            push_signed(&mut out, v);
        }
        let mut u = Unpack(&out);
        for v in values {
            assert_eq!(u.varint(), Some(v));
        }
        for v in [0i64, -1, 1, -64, 64, i64::MIN, i64::MAX] {
            assert_eq!(u.signed(), Some(v));
        }
        assert!(u.is_done());
        // Cut inside a varint; eleven continuation bytes.
        assert_eq!(Unpack(&[0x80, 0x80]).varint(), None);
        assert_eq!(Unpack(&[0xff; 11]).varint(), None);
        assert_eq!(Unpack(&[1, 2, 3]).fixed(), None);
        let bits = (-0.0f64).to_le_bytes();
        assert_eq!(Unpack(&bits).f64().map(f64::to_bits), Some((-0.0f64).to_bits()));
    }
}
