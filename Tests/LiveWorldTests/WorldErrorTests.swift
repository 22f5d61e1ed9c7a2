import MapGeometry
import SampleApps
import Testing

@testable import LiveWorld

/// The store refuses writes in the world's own terms: no HTTP status in sight.
@Suite struct WorldErrorTests {
    let store = AnnotationStore(seeds: sampleApp.seeds)

    func add(_ id: String, latitude: Double = 1, longitude: Double = 1) throws(WorldError) {
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        try store.add(LiveAnnotation(id: id, title: id, coordinate: coordinate))
    }

    @Test func anUnknownIDIsNamedWithItsPlaceInTheBatch() throws {
        try add("a")
        #expect(throws: WorldError.unknownID("ghost", moveIndex: 1)) {
            try store.apply([
                Move(id: "a", coordinate: Coordinate(latitude: 2, longitude: 2)),
                Move(id: "ghost", coordinate: Coordinate(latitude: 2, longitude: 2)),
            ])
        }
        #expect(throws: WorldError.unknownID("ghost")) { try store.remove(id: "ghost") }
        #expect(WorldError.unknownID("ghost", moveIndex: 1).description == "moves[1]: no annotation with id ghost")
        #expect(WorldError.unknownID("ghost").description == "no annotation with id ghost")
    }

    @Test func aDuplicateIDIsRefusedAndTheFirstKept() throws {
        try add("a", latitude: 1)
        #expect(throws: WorldError.duplicateID("a")) { try add("a", latitude: 2) }
        #expect(store.record(id: "a")?.annotation.coordinate.latitude == 1)
        #expect(WorldError.duplicateID("a").description == "an annotation with id a exists")
    }

    @Test func aFixedAnnotationCannotMoveOrBeRemoved() throws {
        let landmark = "golden-gate-bridge"
        let before = try #require(store.record(id: landmark)).annotation.coordinate
        #expect(throws: WorldError.fixedAnnotation(landmark, moveIndex: 0)) {
            try store.apply([Move(id: landmark, coordinate: Coordinate(latitude: 1, longitude: 1))])
        }
        #expect(throws: WorldError.fixedAnnotation(landmark)) { try store.remove(id: landmark) }
        #expect(store.record(id: landmark)?.annotation.coordinate == before)
        #expect(
            WorldError.fixedAnnotation(landmark, moveIndex: 0).description
                == "moves[0]: annotation golden-gate-bridge is fixed and cannot move")
        #expect(
            WorldError.fixedAnnotation(landmark).description
                == "annotation golden-gate-bridge is fixed and cannot be removed")
    }

    @Test func aCoordinateOutOfRangeIsRefusedBeforeAnythingMoves() throws {
        try add("a")
        let version = store.version
        let far = Coordinate(latitude: 95, longitude: 5)
        #expect(throws: WorldError.coordinateOutOfRange(far, id: "a", moveIndex: 1)) {
            try store.apply([
                Move(id: "a", coordinate: Coordinate(latitude: 2, longitude: 2)),
                Move(id: "a", coordinate: far),
            ])
        }
        #expect(throws: WorldError.coordinateOutOfRange(far, id: "b")) {
            try add("b", latitude: 95, longitude: 5)
        }
        #expect(store.version == version)
        #expect(
            WorldError.coordinateOutOfRange(far, id: "a", moveIndex: 1).description
                == "moves[1] (a): coordinate 95.0, 5.0 is out of range")
        #expect(WorldError.coordinateOutOfRange(far, id: "b").description == "coordinate 95.0, 5.0 is out of range")
    }

}
