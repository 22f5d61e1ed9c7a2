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
        let scale = 1 / Double(1 << Int(min(shift, 30)))
        let first = rings.first { !$0.isEmpty }?.first ?? .zero
        let origin = (x: Self.unit(first.x), y: Self.unit(first.y))
        let (originX, originY) = (Double(origin.x), Double(origin.y))
        // Written in place into room for the most it can take (a count, then two varints of at most five
        // bytes a point), then copied out at its size: a street tile encodes thousands of short lines.
        let most = 5 + rings.reduce(0) { $0 + 5 + $1.count * 10 }
        let data = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: most) { buffer -> [UInt8] in
            var at = Self.put(UInt32(rings.count), into: buffer, at: 0)
            var last = (x: Int64(0), y: Int64(0))
            for points in rings {
                // The ring's count goes first, but points that round onto the one before are left out:
                // the deltas are written after room for the largest count, then moved up to it.
                let start = at
                at += 5
                var count: UInt32 = 0
                var previous: (x: Int64, y: Int64)?
                for p in points {
                    let x = Self.rounded((Double(Self.unit(p.x)) - originX) * scale)
                    let y = Self.rounded((Double(Self.unit(p.y)) - originY) * scale)
                    if let previous, previous == (x, y) { continue }
                    previous = (x, y)
                    count += 1
                    at = Self.put(Self.zigzag(x - last.x), into: buffer, at: at)
                    at = Self.put(Self.zigzag(y - last.y), into: buffer, at: at)
                    last = (x, y)
                }
                let countEnd = Self.put(count, into: buffer, at: start)
                let deltas = at - (start + 5)
                if countEnd < start + 5, deltas > 0 {
                    let base = buffer.baseAddress!
                    (base + countEnd).update(from: base + start + 5, count: deltas)
                }
                at = countEnd + deltas
            }
            return Array(buffer[0..<at])
        }
        self.init(id: ResourceID.next(), originX: origin.x, originY: origin.y, shift: shift, data: data)
    }

    /// Writes `value` as a varint at `at`; where the next byte goes.
    @inline(__always)
    private static func put(_ value: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at: Int) -> Int {
        var v = value
        var i = at
        while v >= 0x80 {
            buffer[i] = UInt8(v & 0x7F) | 0x80
            i += 1
            v >>= 7
        }
        buffer[i] = UInt8(v)
        return i + 1
    }

    @inline(__always)
    private static func zigzag(_ value: Int64) -> UInt32 {
        let v = Int32(clamping: value)
        return UInt32(bitPattern: (v << 1) ^ (v >> 31))
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
