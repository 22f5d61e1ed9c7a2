import MapGeometry

extension PathResource {
    /// A path of `rings` in world units (lines, or rings a fill closes),
    /// encoded as docs/protocol.md "Paths" says: the first point is the
    /// origin, each next one a zigzag varint delta. Points are rounded to
    /// whole world units (a sixteenth of a pixel at the deepest zoom); `x`
    /// may run past either edge of the world, so a line across 180° stays
    /// one line.
    ///
    /// With a `shift`, points are rounded to steps of `2^shift` units (a
    /// zoomed-out path needs no finer grid than an eighth of its pixel, and
    /// its deltas then fit a byte), and a point that rounds onto the one
    /// before it is left out.
    package convenience init(rings: [[Point]], shift: UInt8 = 0) {
        let step = Double(1 << Int(min(shift, 30)))
        let first = rings.first { !$0.isEmpty }?.first ?? .zero
        let origin = (x: Self.unit(first.x), y: Self.unit(first.y))
        var data: [UInt8] = []
        data.reserveCapacity(rings.reduce(2) { $0 + 2 + $1.count * 4 })
        Self.varint(UInt32(rings.count), into: &data)
        var last = (x: Int64(0), y: Int64(0))
        var ring: [(Int64, Int64)] = []
        let (originX, originY) = (Double(origin.x), Double(origin.y))
        for points in rings {
            ring.removeAll(keepingCapacity: true)
            for p in points {
                let x = Self.rounded((Double(Self.unit(p.x)) - originX) / step)
                let y = Self.rounded((Double(Self.unit(p.y)) - originY) / step)
                if let previous = ring.last, previous == (x, y) { continue }
                ring.append((x, y))
            }
            Self.varint(UInt32(ring.count), into: &data)
            for (x, y) in ring {
                Self.zigzag(x - last.x, into: &data)
                Self.zigzag(y - last.y, into: &data)
                last = (x, y)
            }
        }
        self.init(id: ResourceID.next(), originX: origin.x, originY: origin.y, shift: shift, data: data)
    }

    private static func unit(_ v: Double) -> Int32 {
        guard v.isFinite else { return 0 }
        return Int32(clamping: rounded(min(max(v, -0x1p40), 0x1p40)))
    }

    /// `v.rounded()` (half away from zero), exactly, for `v` within ±2^52: truncated, then moved by the
    /// part cut off. Without SSE4.1, `rounded()` is a call into libm, and a path rounds two numbers a point.
    @inline(__always)
    static func rounded(_ v: Double) -> Int64 {
        let whole = Int64(v)
        let cut = v - Double(whole)
        return cut >= 0.5 ? whole + 1 : (cut <= -0.5 ? whole - 1 : whole)
    }

    private static func varint(_ value: UInt32, into data: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            data.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        data.append(UInt8(v))
    }

    private static func zigzag(_ value: Int64, into data: inout [UInt8]) {
        let v = Int32(clamping: value)
        varint(UInt32(bitPattern: (v << 1) ^ (v >> 31)), into: &data)
    }

    /// The rings of `data` in world units, as the painter reads them: what a test checks an encoding against.
    package func decodedRings() -> [[Point]]? {
        var i = 0
        func varint() -> UInt32? {
            var v: UInt32 = 0
            var shift: UInt32 = 0
            while i < data.count, shift <= 28 {
                let b = data[i]
                i += 1
                v |= UInt32(b & 0x7F) << shift
                if b & 0x80 == 0 { return v }
                shift += 7
            }
            return nil
        }
        func zigzag() -> Int64? {
            guard let n = varint() else { return nil }
            return Int64(Int32(bitPattern: (n >> 1) ^ (0 &- (n & 1))))
        }
        guard let count = varint() else { return nil }
        var rings: [[Point]] = []
        var x: Int64 = 0
        var y: Int64 = 0
        for _ in 0..<count {
            guard let n = varint(), Int(n) <= data.count else { return nil }
            var ring: [Point] = []
            for _ in 0..<n {
                guard let dx = zigzag(), let dy = zigzag() else { return nil }
                x += dx
                y += dy
                let scale = Double(1 << shift)
                ring.append(Point(x: Double(originX) + Double(x) * scale, y: Double(originY) + Double(y) * scale))
            }
            rings.append(ring)
        }
        return i == data.count ? rings : nil
    }
}
