/// Appends little-endian values to a byte buffer (docs/protocol.md, Primitive types).
package struct ByteWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func u8(_ v: UInt8) { bytes.append(v) }

    package mutating func u16(_ v: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: v))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
    }

    package mutating func u32(_ v: UInt32) {
        for i in 0..<4 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) }
    }

    package mutating func i32(_ v: Int32) { u32(UInt32(bitPattern: v)) }

    package mutating func u64(_ v: UInt64) {
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: v >> (8 * UInt64(i)))) }
    }

    package mutating func f32(_ v: Float) { u32(v.bitPattern) }
    package mutating func f64(_ v: Double) { u64(v.bitPattern) }

    /// `u16` byte length then UTF-8; longer strings are cut at a character boundary.
    package mutating func string(_ s: String) {
        // Most strings are a badge's count or a pin's name: written straight from the string, no copy made.
        let count = s.utf8.count
        if count <= Int(UInt16.max) {
            u16(UInt16(count))
            bytes.append(contentsOf: s.utf8)
            return
        }
        let utf8 = Array(s.utf8)
        var end = Int(UInt16.max)
        while end > 0 && (utf8[end] & 0xC0) == 0x80 { end -= 1 }
        u16(UInt16(end))
        bytes.append(contentsOf: utf8[..<end])
    }

    /// `u32` length then the raw bytes.
    package mutating func blob(_ data: [UInt8]) {
        u32(UInt32(data.count))
        bytes.append(contentsOf: data)
    }
}

/// Reads little-endian values, failing with a `WireError` on short input.
package struct ByteReader {
    package let bytes: [UInt8]
    package private(set) var offset = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package var remaining: Int { bytes.count - offset }

    private mutating func take(_ n: Int, _ what: String) throws(WireError) -> ArraySlice<UInt8> {
        guard n >= 0, remaining >= n else { throw WireError.truncated(what) }
        defer { offset += n }
        return bytes[offset..<offset + n]
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type, _ what: String) throws(WireError) -> T {
        let slice = try take(MemoryLayout<T>.size, what)
        var v: T = 0
        for (i, b) in slice.enumerated() { v |= T(truncatingIfNeeded: b) << (8 * i) }
        return v
    }

    package mutating func u8(_ what: String) throws(WireError) -> UInt8 { try integer(UInt8.self, what) }
    package mutating func u16(_ what: String) throws(WireError) -> UInt16 { try integer(UInt16.self, what) }
    package mutating func u32(_ what: String) throws(WireError) -> UInt32 { try integer(UInt32.self, what) }
    package mutating func f32(_ what: String) throws(WireError) -> Float { Float(bitPattern: try u32(what)) }
    package mutating func f64(_ what: String) throws(WireError) -> Double {
        Double(bitPattern: try integer(UInt64.self, what))
    }

    package mutating func string(_ what: String) throws(WireError) -> String {
        let n = Int(try u16(what))
        let slice = try take(n, what)
        guard let s = String(validating: slice, as: UTF8.self) else { throw WireError.invalidUTF8(what) }
        return s
    }

    /// A finite `f32`; NaN and infinities are malformed input.
    package mutating func finite(_ what: String) throws(WireError) -> Double {
        let v = Double(try f32(what))
        guard v.isFinite else { throw WireError.invalidValue(what) }
        return v
    }
}
