import MapGeometry

/// A geometry as the store file keeps it: a version byte, whether it has
/// altitudes, the counts of rings, polygons and positions (32 bits each),
/// each ring's and polygon's end, then each position's longitude, latitude
/// and altitude as 64-bit floats, all little-endian. Reading it back is
/// one pass, with no text to parse, so a start restores lines at the speed
/// of points.
extension WorldGeometry {
    static let packingVersion: UInt8 = 1

    /// The geometry packed.
    var packed: [UInt8] {
        var out = PackedWriter()
        let hasAltitudes = altitudes != nil
        out.bytes.reserveCapacity(16 + 4 * (ringEnds.count + polygonEnds.count) + coordinates.count * 24)
        out.bytes.append(Self.packingVersion)
        out.bytes.append(hasAltitudes ? 1 : 0)
        out.u32(ringEnds.count)
        out.u32(polygonEnds.count)
        out.u32(coordinates.count)
        for end in ringEnds { out.u32(end) }
        for end in polygonEnds { out.u32(end) }
        Self.pack(coordinates, altitudes, into: &out)
        return out.bytes
    }

    /// The geometry of `kind` packed as `packed` wrote it; nil when the bytes are not one.
    init?(kind: Kind, packed bytes: [UInt8]) {
        var r = PackedReader(bytes: bytes)
        guard r.u8() == Self.packingVersion, let flags = r.u8(), let rings = r.u32(), let polygons = r.u32(),
            let points = r.u32(), rings <= bytes.count, polygons <= bytes.count, points <= bytes.count
        else { return nil }
        var ringEnds: [Int] = []
        var polygonEnds: [Int] = []
        for _ in 0..<rings {
            guard let end = r.u32() else { return nil }
            ringEnds.append(end)
        }
        for _ in 0..<polygons {
            guard let end = r.u32() else { return nil }
            polygonEnds.append(end)
        }
        guard let (coordinates, altitudes) = Self.unpack(&r, count: points, hasAltitudes: flags & 1 != 0) else {
            return nil
        }
        self.init(
            kind: kind, coordinates: coordinates, altitudes: altitudes, ringEnds: ringEnds, polygonEnds: polygonEnds)
    }

    /// Positions appended to a line, packed: whether they have altitudes, their count, then the positions.
    static func packTail(_ coordinates: [Coordinate], altitudes: [Double]?) -> [UInt8] {
        var out = PackedWriter()
        out.bytes.append(altitudes == nil ? 0 : 1)
        out.u32(coordinates.count)
        pack(coordinates, altitudes, into: &out)
        return out.bytes
    }

    /// The positions `packTail` packed; nil when the bytes are not them.
    static func unpackTail(_ bytes: [UInt8]) -> (coordinates: [Coordinate], altitudes: [Double]?)? {
        var r = PackedReader(bytes: bytes)
        guard let flags = r.u8(), let count = r.u32(), count <= bytes.count else { return nil }
        return unpack(&r, count: count, hasAltitudes: flags & 1 != 0)
    }

    private static func pack(_ coordinates: [Coordinate], _ altitudes: [Double]?, into out: inout PackedWriter) {
        for (i, c) in coordinates.enumerated() {
            out.f64(c.longitude)
            out.f64(c.latitude)
            if let altitudes { out.f64(altitudes[i]) }
        }
    }

    private static func unpack(
        _ r: inout PackedReader, count: Int, hasAltitudes: Bool
    ) -> (coordinates: [Coordinate], altitudes: [Double]?)? {
        var coordinates: [Coordinate] = []
        coordinates.reserveCapacity(count)
        var altitudes: [Double]? = hasAltitudes ? [] : nil
        for _ in 0..<count {
            guard let longitude = r.f64(), let latitude = r.f64() else { return nil }
            coordinates.append(Coordinate(latitude: latitude, longitude: longitude))
            if hasAltitudes {
                guard let h = r.f64() else { return nil }
                altitudes?.append(h)
            }
        }
        return (coordinates, altitudes)
    }
}

private struct PackedWriter {
    var bytes: [UInt8] = []

    mutating func u32(_ value: Int) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes += $0 }
    }

    mutating func f64(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 }
    }
}

private struct PackedReader {
    let bytes: [UInt8]
    var at = 0

    mutating func u8() -> UInt8? {
        guard at < bytes.count else { return nil }
        defer { at += 1 }
        return bytes[at]
    }

    mutating func u32() -> Int? {
        guard at + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for k in 0..<4 { v |= UInt32(bytes[at + k]) << (8 * k) }
        at += 4
        return Int(v)
    }

    mutating func f64() -> Double? {
        guard at + 8 <= bytes.count else { return nil }
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(bytes[at + k]) << (8 * k) }
        at += 8
        return Double(bitPattern: v)
    }
}
