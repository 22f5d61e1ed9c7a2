import Foundation
import MapGeometry
import Persistence
import Testing

@testable import LiveWorld

/// A pin added with a trail draws the line of its newest positions: each
/// move extends it in the same write, it survives a restart, and it goes
/// when the pin does.
@Suite struct PinTrailTests {
    typealias File = StoreRestoreTests.StoreFile

    func bus(_ id: String = "bus") -> LiveAnnotation {
        LiveAnnotation(id: id, title: "Bus", coordinate: Coordinate(latitude: 0, longitude: 0))
    }

    func move(_ id: String, _ k: Int) -> Move {
        Move(id: id, coordinate: Coordinate(latitude: Double(k) / 100, longitude: Double(k) / 50), timestamp: Double(k))
    }

    @Test func movesExtendThePinsTrailKeepingItsNewestPositions() throws {
        let store = AnnotationStore()
        try store.add(bus(), trailLimit: 5)
        let trail = try #require(store.shape(id: AnnotationStore.trailID(of: "bus")))
        #expect(trail.kind == "trail" && trail.geometry.coordinates.count == 2)
        try store.apply([move("bus", 1)])
        #expect(
            trail.geometry.coordinates == [Coordinate(latitude: 0, longitude: 0), move("bus", 1).coordinate],
            "the start once, then the first move")
        for k in 2...10 { try store.apply([move("bus", k)]) }
        #expect(trail.geometry.coordinates == (6...10).map { move("bus", $0).coordinate })
        // A stale move moves nothing, and draws nothing.
        try store.apply([Move(id: "bus", coordinate: Coordinate(latitude: 9, longitude: 9), timestamp: 3)])
        #expect(trail.geometry.coordinates.last == move("bus", 10).coordinate)
        // A pin without a trail has none.
        try store.add(bus("car"))
        try store.apply([move("car", 1)])
        #expect(store.shape(id: AnnotationStore.trailID(of: "car")) == nil)
    }

    @Test func theTrailSurvivesARestartAndGoesWithItsPin() throws {
        let file = try File()
        do {
            let store = try StoreRestoreTests.start(file)
            try store.add(bus(), trailLimit: 100)
            for k in 1...(AnnotationStore.trailFoldEvery + 5) { try store.apply([move("bus", k)]) }
        }
        do {
            let store = try StoreRestoreTests.start(file)
            let trail = try #require(store.shape(id: "bus:trail"))
            #expect(trail.geometry.coordinates.count == AnnotationStore.trailFoldEvery + 6, "the start, then each move")
            #expect(trail.geometry.coordinates.last == move("bus", AnnotationStore.trailFoldEvery + 5).coordinate)
            // Moves after the restart still extend it.
            try store.apply([move("bus", 1000)])
            #expect(store.shape(id: "bus:trail")?.geometry.coordinates.last == move("bus", 1000).coordinate)
            try store.remove(id: "bus")
            #expect(store.shape(id: "bus:trail") == nil)
        }
        let store = try StoreRestoreTests.start(file)
        #expect(store.shape(id: "bus:trail") == nil && store.record(id: "bus") == nil)
    }

    @Test func aTrailsIdMustBeFree() throws {
        let store = AnnotationStore()
        try store.add(
            shapes: [
                LiveShape(
                    id: "bus:trail",
                    geometry: WorldGeometry.area([
                        Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 0),
                        Coordinate(latitude: 1, longitude: 1),
                    ])!)
            ])
        #expect(throws: WorldError.duplicateID("bus:trail")) { try store.add(bus(), trailLimit: 10) }
        #expect(store.record(id: "bus") == nil, "all or nothing")
    }
}

/// A line without a trail limit grows only so far through appends.
@Suite struct UnlimitedLineTests {
    @Test func appendsStopAtTheMostALineWithoutALimitTakes() throws {
        let store = AnnotationStore()
        let most = AnnotationStore.mostAppendedPositions
        let start = (0..<(most - 2)).map { Coordinate(latitude: 0, longitude: Double($0) / Double(most)) }
        try store.add(shapes: [LiveShape(id: "long", geometry: WorldGeometry.line(start)!)])
        let two = [Coordinate(latitude: 1, longitude: 0), Coordinate(latitude: 1, longitude: 1)]
        // Two appends in one batch count together: three positions more is one too many.
        #expect(throws: WorldError.self) {
            try store.extendShapes([
                .init(id: "long", coordinates: two), .init(id: "long", coordinates: [two[0]]),
            ])
        }
        #expect(store.shape(id: "long")?.geometry.coordinates.count == most - 2)
        try store.extendShape(id: "long", by: two)
        #expect(store.shape(id: "long")?.geometry.coordinates.count == most)
    }
}
