import Foundation
import MapGeometry
import Testing

@testable import MapCore

/// Cutting rings and lines to a tile: what is inside stays exactly, and
/// nothing outside comes along.
@Suite struct ShapeClippingTests {
    /// A star with a square hole: concave, so a cut leaves and re-enters it.
    let star: [Point] = (0...40).map { i in
        let angle = Double(i % 40) / 40 * 2 * .pi
        let radius = i % 2 == 0 ? 1_000.0 : 400
        return Point(x: 2_000 + radius * cos(angle), y: 2_000 + radius * sin(angle))
    }
    let hole = [
        Point(x: 1_900, y: 1_900), Point(x: 2_100, y: 1_900), Point(x: 2_100, y: 2_100), Point(x: 1_900, y: 2_100),
        Point(x: 1_900, y: 1_900),
    ]

    @Test func aCutRingHoldsExactlyThePointsOfTheShapeInsideTheTile() {
        let tile = Rect(x: 1_950, y: 1_300, width: 600, height: 650)
        let cut = [star, hole].map { ShapeClipping.clip(ring: $0, to: tile) }.filter { !$0.isEmpty }
        #expect(cut.count == 2)
        for ring in cut {
            #expect(ring.first == ring.last, "closed again")
            for p in ring { #expect(tile.insetBy(dx: -1e-6, dy: -1e-6).contains(p)) }
        }
        var g = SplitMix(seed: 3)
        var inside = 0
        for _ in 0..<2_000 {
            let p = Point(
                x: tile.minX + Double(g.next() % 6_000) / 10 + 0.05, y: tile.minY + Double(g.next() % 6_500) / 10 + 0.05
            )
            let want = OverlayHitTest.isInside(p, rings: [star, hole])
            #expect(OverlayHitTest.isInside(p, rings: cut) == want, "\(p)")
            if want { inside += 1 }
        }
        #expect(inside > 200, "the tile holds some of the star")
    }

    @Test func aRingWhollyInsideComesBackAsItWasAndOneOutsideIsGone() {
        #expect(ShapeClipping.clip(ring: hole, to: Rect(x: 0, y: 0, width: 4_000, height: 4_000)) == hole)
        #expect(ShapeClipping.clip(ring: hole, to: Rect(x: 0, y: 0, width: 1_000, height: 1_000)).isEmpty)
    }

    @Test func aLineThatLeavesAndComesBackIsTwoRunsEndingOnTheEdge() {
        let line = [Point(x: 0, y: 50), Point(x: 200, y: 50), Point(x: 200, y: 150), Point(x: 0, y: 150)]
        let tile = Rect(x: 50, y: 0, width: 100, height: 200)
        let runs = ShapeClipping.clip(line: line, to: tile)
        #expect(runs == [[Point(x: 50, y: 50), Point(x: 150, y: 50)], [Point(x: 150, y: 150), Point(x: 50, y: 150)]])
    }

    @Test func aCutLineKeepsAllItsLengthInsideTheTileAndNoneOutside() {
        var g = SplitMix(seed: 8)
        let line = (0..<300).map { _ in Point(x: Double(g.next() % 1_000), y: Double(g.next() % 1_000)) }
        let tile = Rect(x: 250, y: 300, width: 400, height: 350)
        let runs = ShapeClipping.clip(line: line, to: tile)
        func length(_ l: [Point]) -> Double {
            zip(l, l.dropFirst()).reduce(0) { sum, segment in
                let (a, b) = segment
                return sum + ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            }
        }
        // The length inside, measured independently: each segment sampled finely.
        var inside = 0.0
        for (a, b) in zip(line, line.dropFirst()) {
            let steps = 2_000
            let each = length([a, b]) / Double(steps)
            for k in 0..<steps {
                let t = (Double(k) + 0.5) / Double(steps)
                if tile.contains(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)) { inside += each }
            }
        }
        let kept = runs.reduce(0) { $0 + length($1) }
        #expect(abs(kept - inside) < inside * 0.002)
        for run in runs {
            #expect(run.count >= 2)
            for p in run { #expect(tile.insetBy(dx: -1e-6, dy: -1e-6).contains(p)) }
        }
    }
}
