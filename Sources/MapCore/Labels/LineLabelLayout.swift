import DisplayList
import Foundation
import MapGeometry

/// A name laid along a line, as street maps label roads: each cluster of
/// the text centred on the line where it falls, turned with it, kept
/// upright, and given up where the line bends too sharply to read. The
/// result is a curved text item's `GlyphRun` around a world anchor, so a
/// pan moves the name with the map and only a zoom lays it out again.
package enum LineLabelLayout {
    /// One cluster of the text (a `Character`): how many UTF-16 code units
    /// it takes and how far it advances, CSS px.
    package struct Cluster: Equatable, Sendable {
        package var length: UInt8
        package var advance: Double
        package init(length: UInt8, advance: Double) {
            self.length = length
            self.advance = advance
        }
    }

    /// A placed name: its anchor, where its clusters go from the anchor's
    /// screen point, and the boxes it covers there (for collisions).
    package struct Placement: Sendable {
        /// The world point of the line where the name begins.
        package let anchor: Point
        package let glyphs: GlyphRun
        /// Each cluster's box on screen, CSS px from the anchor's screen point.
        package let boxes: [Rect]
    }

    /// `text` split into clusters, each measured by `width`.
    package static func clusters(of text: String, width: (String) -> Double) -> [Cluster] {
        text.map { Cluster(length: UInt8(clamping: $0.utf16.count), advance: width(String($0))) }
    }

    /// The names that fit along `line` (world units) at `zoom`: one at the
    /// middle of the line, or, with a `spacing` (CSS px, as MapLibre's
    /// `symbol-spacing`), one at every `spacing` along it where the whole
    /// name fits. A place where two neighbouring clusters turn by more than
    /// `maxAngle` (radians) is left out.
    package static func place(
        _ clusters: [Cluster], height: Double, along line: [Point], zoom: Double, spacing: Double = 0,
        maxAngle: Double = .pi / 4
    ) -> [Placement] {
        let length = clusters.reduce(0) { $0 + $1.advance }
        guard line.count >= 2, length > 0, let first = line.first else { return [] }
        let scale = Mercator.pixelsPerUnit(zoom: zoom)
        let forward = Polyline(line.map { Point(x: ($0.x - first.x) * scale, y: ($0.y - first.y) * scale) })
        guard forward.length >= length else { return [] }
        var centres: [Double] = []
        if spacing > 0, forward.length >= spacing {
            var centre = spacing / 2
            while centre + length / 2 <= forward.length {
                if centre - length / 2 >= 0 { centres.append(centre) }
                centre += spacing
            }
        }
        if centres.isEmpty { centres = [forward.length / 2] }
        let backward = Polyline(forward.points.reversed())
        return centres.compactMap { centre in
            let start = centre - length / 2
            // Upright: where the name would read right to left, lay it along the line walked backwards.
            let runsWest = forward.point(at: start + length).x < forward.point(at: start).x
            let path = runsWest ? backward : forward
            let from = runsWest ? forward.length - start - length : start
            guard let placed = lay(clusters, height: height, on: path, from: from, maxAngle: maxAngle) else {
                return nil
            }
            let origin = path.point(at: from)
            let anchor = Point(x: first.x + origin.x / scale, y: first.y + origin.y / scale)
            return Placement(anchor: anchor, glyphs: placed.glyphs, boxes: placed.boxes)
        }
    }

    private static func lay(
        _ clusters: [Cluster], height: Double, on path: Polyline, from start: Double, maxAngle: Double
    ) -> (glyphs: GlyphRun, boxes: [Rect])? {
        let origin = path.point(at: start)
        var glyphs: [GlyphRun.Glyph] = []
        var boxes: [Rect] = []
        glyphs.reserveCapacity(clusters.count)
        var at = start
        var lastAngle: Double?
        for cluster in clusters {
            let middle = at + cluster.advance / 2
            at += cluster.advance
            let p = path.point(at: middle)
            let angle = path.angle(at: middle)
            if let last = lastAngle {
                var turn = angle - last
                while turn > .pi { turn -= 2 * .pi }
                while turn < -.pi { turn += 2 * .pi }
                if abs(turn) > maxAngle { return nil }
            }
            lastAngle = angle
            let (x, y) = (p.x - origin.x, p.y - origin.y)
            glyphs.append(GlyphRun.Glyph(length: cluster.length, x: Float(x), y: Float(y), angle: Float(angle)))
            let side = max(cluster.advance, height)
            boxes.append(Rect(x: x - side / 2, y: y - side / 2, width: side, height: side))
        }
        return (GlyphRun(glyphs), boxes)
    }

    /// A line in CSS px with the distance walked to each of its points.
    private struct Polyline {
        let points: [Point]
        let walked: [Double]
        var length: Double { walked.last ?? 0 }

        init(_ points: [Point]) {
            self.points = points
            var walked = [0.0]
            walked.reserveCapacity(points.count)
            for (a, b) in zip(points, points.dropFirst()) {
                walked.append(
                    walked[walked.count - 1] + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot())
            }
            self.walked = walked
        }

        /// The segment that holds `distance`: the index of its first point.
        private func segment(at distance: Double) -> Int {
            var low = 0, high = points.count - 2
            while low < high {
                let mid = (low + high + 1) / 2
                if walked[mid] <= distance { low = mid } else { high = mid - 1 }
            }
            // A segment of no length has no direction: take the next one that has.
            var i = low
            while i < points.count - 2, walked[i + 1] - walked[i] <= 0 { i += 1 }
            return i
        }

        func point(at distance: Double) -> Point {
            let i = segment(at: distance)
            let span = walked[i + 1] - walked[i]
            let t = span > 0 ? min(max((distance - walked[i]) / span, 0), 1) : 0
            let (a, b) = (points[i], points[i + 1])
            return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }

        func angle(at distance: Double) -> Double {
            let i = segment(at: distance)
            let (a, b) = (points[i], points[i + 1])
            return atan2(b.y - a.y, b.x - a.x)
        }
    }
}
