import MapGeometry
import Testing

@testable import LiveWorld

/// The store's records by id, held flat.
@Suite struct RecordTableTests {
    func record(_ id: String, latitude: Double = 0) -> AnnotationStore.Record {
        let annotation = LiveAnnotation(id: id, title: id, coordinate: Coordinate(latitude: latitude, longitude: 0))
        return AnnotationStore.Record(
            id: id, kind: "point", annotation: annotation, draggable: false, clusteringIdentifier: nil,
            move: { annotation.coordinate = $0 })
    }

    @Test func recordsAreFoundByIdAndReplacedInPlace() {
        var table = RecordTable()
        #expect(table.isEmpty && table["a"] == nil)
        table["a"] = record("a")
        table["b"] = record("b", latitude: 1)
        #expect(table.count == 2)
        #expect(table["b"]?.annotation.coordinate.latitude == 1)
        let place = table.place(of: "b")
        table["b"] = record("b", latitude: 2)
        #expect(table.count == 2 && table.place(of: "b") == place, "a record replaced keeps its place")
        #expect(table["b"]?.annotation.coordinate.latitude == 2)
        table["a"]?.seq = 7
        #expect(table["a"]?.seq == 7)
    }

    @Test func aRemovalMovesTheLastRecordIntoTheHole() throws {
        var table = RecordTable()
        for id in ["a", "b", "c", "d"] { table[id] = record(id) }
        table["b"] = nil
        #expect(table.count == 3 && table["b"] == nil && table.place(of: "b") == nil)
        let d = try #require(table.place(of: "d"))
        #expect(table[place: d].id == "d", "the moved record is found at its new place")
        for id in ["a", "c", "d"] { #expect(table[id]?.id == id) }
        table["d"] = nil
        table["a"] = nil
        table["c"] = nil
        #expect(table.isEmpty)
        table["c"] = nil
        #expect(table.isEmpty, "removing what is not there changes nothing")
    }

    @Test func aPlaceChangesItsRecordInPlace() throws {
        var table = RecordTable()
        table["a"] = record("a")
        let place = try #require(table.place(of: "a"))
        table[place: place].lastMove = (at: 3, timestamp: 4)
        #expect(table["a"]?.lastMove?.timestamp == 4)
    }

    @Test func reservingForABatchAtATimeDoublesTheRecords() {
        var table = RecordTable()
        table.reserveCapacity(1_000)
        let first = table.capacity
        table.reserveCapacity(1_100)
        #expect(first >= 1_000 && table.capacity >= 2 * first, "a batch more doubles rather than grows by the batch")
    }
}
