import Foundation

/// The world repeats east and west: a world point at `x` and one at
/// `x ± Mercator.worldSize` are the same place, as -180° and 180° are. The
/// camera pans without limit; annotations are stored at 0...worldSize
/// (west of 180°) and shown in the copy of the world nearest the camera's
/// centre, as MapLibre shows its markers, while the base map is drawn in
/// every copy the view shows.
public enum WorldWrap {
    /// How far apart two copies of a point are, world units.
    public static let width = Mercator.worldSize

    /// `x` moved by whole worlds into `0..<width`.
    public static func wrap(_ x: Double) -> Double {
        guard x.isFinite else { return 0 }
        if x >= 0, x < width { return x }
        let r = x - (x / width).rounded(.down) * width
        return r < width ? r : 0
    }

    /// `x` moved by whole worlds to lie within half a world of `reference`
    /// (`reference - width/2 ..< reference + width/2`): where a point shows
    /// for a camera over `reference`.
    public static func nearest(_ x: Double, to reference: Double) -> Double {
        x + shift(of: x, toward: reference)
    }

    /// The whole worlds to add to `x` to bring it within half a world of `reference`.
    public static func shift(of x: Double, toward reference: Double) -> Double {
        let d = x - reference
        guard d.isFinite, d < -width / 2 || d >= width / 2 else { return 0 }
        return -((d / width + 0.5).rounded(.down)) * width
    }

    /// The shortest way east from `a` to `b` (negative: west), at most half a world.
    public static func delta(from a: Double, to b: Double) -> Double {
        nearest(b, to: a) - a
    }

    /// Whether `rect` (in any copy, possibly wider than the world) holds `p`
    /// in one of its copies. A rect at least a world wide holds every
    /// longitude; its `minY..<maxY` still counts.
    public static func contains(_ rect: Rect, _ p: Point) -> Bool {
        guard p.y >= rect.minY, p.y < rect.maxY else { return false }
        if rect.width >= width { return true }
        let x = nearest(p.x, to: rect.midX)
        return x >= rect.minX && x < rect.maxX
    }

    /// Whether `a` meets a copy of `b` (either in any copy of the world).
    public static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        guard a.minY < b.maxY, b.minY < a.maxY else { return false }
        if a.width + b.width >= width { return true }
        let dx = delta(from: a.midX, to: b.midX)
        return abs(dx) < (a.width + b.width) / 2
    }

    /// `rect` as rects of the world as stored (`0...width`), together no
    /// wider than the world: cut where it crosses 180°, and taken a world
    /// wide when it is wider. Every stored point in one of them lies, in the
    /// copy nearest `rect`'s middle, in `rect`. The piece that ends at 180°
    /// takes in x = `width` too (a longitude of exactly 180°).
    public static func pieces(of rect: Rect) -> [Rect] {
        guard !rect.isEmpty else { return [] }
        if rect.width >= width {
            return [Rect(x: 0, y: rect.minY, width: width + 1, height: rect.height)]
        }
        let x0 = wrap(rect.minX), x1 = x0 + rect.width
        if x1 < width {
            let piece = Rect(x: x0, y: rect.minY, width: rect.width, height: rect.height)
            // A rect that starts at -180° exactly holds what is stored at 180° too.
            return x0 > 0 ? [piece] : [piece, Rect(x: width, y: rect.minY, width: 1, height: rect.height)]
        }
        return [
            Rect(x: x0, y: rect.minY, width: width + 1 - x0, height: rect.height),
            Rect(x: 0, y: rect.minY, width: x1 - width, height: rect.height),
        ]
    }

    /// The smallest rect around `points` going the short way round: points
    /// on both sides of 180° give a rect across it (its `minX` in
    /// `0..<width`, its `maxX` past `width`), not one across the whole
    /// world. Nil for no points.
    public static func bounds<Points: Sequence<Point>>(of points: Points) -> Rect? {
        var b = Bounds()
        for p in points { b.add(p) }
        return b.rect
    }

    /// Gathers points for `bounds(of:)` one at a time. Longitudes go into
    /// 1,024 bins, so a cluster of a million members is read once, not
    /// sorted; the widest gap between occupied bins is where the rect does
    /// not go. Only gaps narrower than a bin are missed, and a set with no
    /// wider gap spans the world either way.
    public struct Bounds: Sendable {
        static let binCount = 1024
        private var binMin: [Double] = []
        private var binMax: [Double] = []
        private var minY = Double.infinity, maxY = -Double.infinity

        /// No points yet.
        public init() {}

        /// Takes in `p` (any copy).
        public mutating func add(_ p: Point) {
            guard p.x.isFinite, p.y.isFinite else { return }
            if binMin.isEmpty {
                binMin = [Double](repeating: .infinity, count: Self.binCount)
                binMax = [Double](repeating: -.infinity, count: Self.binCount)
            }
            let x = p.x >= 0 && p.x <= width ? p.x : wrap(p.x)
            let bin = min(Int(x / width * Double(Self.binCount)), Self.binCount - 1)
            binMin[bin] = min(binMin[bin], x)
            binMax[bin] = max(binMax[bin], x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }

        /// The rect around the points taken in, nil when there were none.
        public var rect: Rect? {
            let occupied = binMin.indices.filter { binMin[$0] <= binMax[$0] }
            guard let first = occupied.first, let last = occupied.last else { return nil }
            // The gap round the back, from the last occupied bin to the first, against each between neighbours:
            // the rect starts where the widest ends and ends where it starts (a world on).
            var (minX, maxX) = (binMin[first], binMax[last])
            var widest = binMin[first] + width - binMax[last]
            for (a, b) in zip(occupied, occupied.dropFirst()) where binMin[b] - binMax[a] > widest {
                widest = binMin[b] - binMax[a]
                (minX, maxX) = (binMin[b], binMax[a] + width)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }
}
