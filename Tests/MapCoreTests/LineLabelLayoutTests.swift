import DisplayList
import Foundation
import MapGeometry
import Testing

@testable import MapCore

/// Names along lines: centred on the line, turned with it, upright, spaced,
/// and given up where the line bends too sharply to read.
@Suite struct LineLabelLayoutTests {
    static let zoom = 15.0
    static let scale = Mercator.pixelsPerUnit(zoom: zoom)
    /// "Mannerheimintie" in clusters 7 px wide.
    let name = LineLabelLayout.clusters(of: "Mannerheimintie") { _ in 7 }

    /// A line through `points` given in CSS px at zoom 15 from a point in Helsinki.
    static func line(_ points: [(Double, Double)]) -> [Point] {
        let origin = Mercator.project(Coordinate(latitude: 60.17, longitude: 24.94))
        return points.map { Point(x: origin.x + $0.0 / scale, y: origin.y + $0.1 / scale) }
    }

    @Test func aNameOnAStraightRoadIsCentredAndLevel() throws {
        let road = Self.line([(0, 0), (300, 0)])
        let placed = try #require(LineLabelLayout.place(name, height: 12, along: road, zoom: Self.zoom).first)
        let glyphs = placed.glyphs.glyphs
        #expect(glyphs.count == 15)
        #expect(glyphs.allSatisfy { $0.angle == 0 && $0.y == 0 })
        #expect(glyphs.map(\.x) == (0..<15).map { Float(3.5 + 7 * Double($0)) })
        // The name is 105 px long, centred on the 300 px road: it begins 97.5 px along.
        #expect(abs((placed.anchor.x - road[0].x) * Self.scale - 97.5) < 1e-6)
    }

    @Test func aRoadDrawnWestwardsStillReadsLeftToRight() throws {
        let road = Self.line([(300, 40), (0, 0)])
        let placed = try #require(LineLabelLayout.place(name, height: 12, along: road, zoom: Self.zoom).first)
        let xs = placed.glyphs.glyphs.map(\.x)
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }, "left to right on screen")
        #expect(placed.glyphs.glyphs.allSatisfy { abs($0.angle) < .pi / 2 }, "upright")
    }

    @Test func aNameFollowsACurveWithEveryClusterOnTheLine() throws {
        // A quarter circle of radius 200 px in 90 steps: 314 px long, turning 1 degree a step.
        let arc = (0...90).map { i -> (Double, Double) in
            let a = Double(i) * .pi / 180
            return (200 * sin(a), 200 - 200 * cos(a))
        }
        let road = Self.line(arc)
        let placed = try #require(LineLabelLayout.place(name, height: 12, along: road, zoom: Self.zoom).first)
        let origin = Point(x: (placed.anchor.x - road[0].x) * Self.scale, y: (placed.anchor.y - road[0].y) * Self.scale)
        for g in placed.glyphs.glyphs {
            let p = Point(x: origin.x + Double(g.x), y: origin.y + Double(g.y))
            let fromCentre = ((p.x - 0) * (p.x - 0) + (p.y - 200) * (p.y - 200)).squareRoot()
            #expect(abs(fromCentre - 200) < 0.05, "on the arc")
            // The tangent of the circle there: the cluster turns with the road.
            let tangent = atan2(p.x, 200 - p.y)
            #expect(abs(Double(g.angle) - tangent) < 0.02)
        }
        let angles = placed.glyphs.glyphs.map(\.angle)
        #expect(angles.last! - angles.first! > 0.4, "it bends")
    }

    @Test func aSharpBendGivesThePlaceUpAndAShortRoadHasNone() {
        let corner = Self.line([(0, 0), (60, 0), (60, 60)])
        #expect(LineLabelLayout.place(name, height: 12, along: corner, zoom: Self.zoom).isEmpty)
        let short = Self.line([(0, 0), (90, 0)])
        #expect(LineLabelLayout.place(name, height: 12, along: short, zoom: Self.zoom).isEmpty)
    }

    @Test func aLongRoadRepeatsTheNameEverySpacing() {
        let road = Self.line([(0, 0), (1_000, 0)])
        let placed = LineLabelLayout.place(name, height: 12, along: road, zoom: Self.zoom, spacing: 250)
        let starts = placed.map { ($0.anchor.x - road[0].x) * Self.scale }
        #expect(starts.count == 4)
        for (k, start) in starts.enumerated() { #expect(abs(start - (125 + 250 * Double(k) - 52.5)) < 1e-6) }
    }
}
