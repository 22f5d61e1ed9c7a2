import MapGeometry
import Testing

@testable import LiveWorld

/// Shapes a page at a time, and appends to several lines at once.
@Suite struct ShapePagesAndTrailsTests {
    static func line(_ id: String, trail: Int? = nil, altitudes: Bool = false) -> LiveShape {
        let points = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 1)]
        let geometry = WorldGeometry.line(points, altitudes: altitudes ? [1, 2] : nil)!
        return LiveShape(id: id, geometry: geometry, trailLimit: trail)
    }

    @Test func pagesNeitherRepeatNorSkipAShapeAcrossRemovesAndAdds() throws {
        let store = AnnotationStore()
        try store.add(shapes: (0..<5).map { Self.line("s\($0)") })
        let first = store.shapePage(after: nil, limit: 2) { _ in true }
        #expect(first.shapes.map(\.shape.id) == ["s0", "s1"] && first.more)
        try store.removeShape(id: "s1")
        try store.removeShape(id: "s2")
        try store.add(shapes: [Self.line("s5")])
        let second = store.shapePage(after: first.shapes.last?.seq, limit: 2) { _ in true }
        #expect(second.shapes.map(\.shape.id) == ["s3", "s4"] && second.more)
        let third = store.shapePage(after: second.shapes.last?.seq, limit: 2) { $0.id != "s0" }
        #expect(third.shapes.map(\.shape.id) == ["s5"] && !third.more)
        // A shape removed and added again is numbered anew, at the end.
        try store.removeShape(id: "s0")
        try store.add(shapes: [Self.line("s0")])
        #expect(
            store.shapePage(after: nil, limit: 10) { _ in true }.shapes.map(\.shape.id) == ["s3", "s4", "s5", "s0"])
    }

    @Test func appendsToSeveralLinesAreAllOrNothing() throws {
        let store = AnnotationStore()
        try store.add(shapes: [Self.line("a", trail: 3), Self.line("b"), Self.line("c", altitudes: true)])
        let ring = [
            Coordinate(latitude: 0, longitude: 0), .init(latitude: 1, longitude: 0), .init(latitude: 1, longitude: 1),
        ]
        try store.add(shapes: [LiveShape(id: "zone", geometry: try #require(WorldGeometry.area(ring)))])
        let more = [Coordinate(latitude: 2, longitude: 2), Coordinate(latitude: 3, longitude: 3)]
        let result = try store.extendShapes([
            .init(id: "a", coordinates: more), .init(id: "b", coordinates: more),
            .init(id: "a", coordinates: [more[0]]),
        ])
        #expect(result.lines.map(\.points) == [3, 4, 3])
        #expect(result.lines.map(\.appended) == [2, 2, 1])
        #expect(store.shape(id: "a")?.geometry.coordinates == [more[0], more[1], more[0]])
        let refusals: [([AnnotationStore.TrailAppend], WorldError)] = [
            ([.init(id: "b", coordinates: more), .init(id: "nobody", coordinates: more)], .unknownID("nobody")),
            (
                [.init(id: "b", coordinates: more), .init(id: "zone", coordinates: more)],
                .notAppendable("zone", why: "it is a Polygon, not a LineString")
            ),
            (
                [.init(id: "b", coordinates: more), .init(id: "c", coordinates: more)],
                .notAppendable("c", why: "the line has altitudes; every position appended must match it")
            ),
            (
                [.init(id: "b", coordinates: [Coordinate(latitude: 91, longitude: 0)])],
                .badGeometry("b", why: AnnotationStore.outOfRange)
            ),
        ]
        for (appends, expected) in refusals {
            #expect(throws: expected) { try store.extendShapes(appends) }
        }
        // Nothing of a refused batch was applied.
        #expect(store.shape(id: "b")?.geometry.coordinates.count == 4)
        let version = result.version
        let next = try store.extendShapes([.init(id: "c", coordinates: more, altitudes: [5, 6])])
        #expect(next.version > version && next.lines.first?.points == 4)
    }
}
