import Foundation
import Testing

@testable import Persistence

@Suite struct ShapeStoreTests {
    private func shape(_ id: String, bytes: [UInt8] = [1, 2, 3], title: String? = nil) -> StoredShape {
        StoredShape(
            id: id, kind: "line", geometryType: "LineString", geometry: bytes, title: title, subtitle: nil,
            style: StoredShapeStyle())
    }

    @Test func everyFieldOfAShapeRoundTrips() throws {
        let store = try TemporaryStore()
        let full = StoredShape(
            id: "route 7", kind: "route", geometryType: "MultiPolygon", geometry: [9, 8, 7, 0, 255],
            title: "Zone", subtitle: "Deliveries",
            style: StoredShapeStyle(
                stroke: "#ff0000", strokeWidth: 4.5, strokeOpacity: 0.5, fill: "0f0", fillOpacity: 0.25),
            idIsNumber: true, trailLimit: 500)
        try WorldDatabase(path: store.path).write([.shapeWritten(full), .shapeWritten(shape("bare"))])
        let loaded = try WorldDatabase(path: store.path).loadShapes()
        #expect(loaded.map(\.shape) == [full, shape("bare")])
        #expect(loaded.allSatisfy { $0.tails.isEmpty })
    }

    /// Appends are rows of their own, read back in the order they came;
    /// writing the shape whole again drops them, and keeps its place in
    /// the order of shapes.
    @Test func tailsComeBackInOrderUntilTheShapeIsWrittenWhole() throws {
        let store = try TemporaryStore()
        do {
            let db = try WorldDatabase(path: store.path)
            try db.write([.shapeWritten(shape("a")), .shapeWritten(shape("b"))])
            try db.write([.shapeExtended(StoredShapeTail(id: "a", positions: [1]))])
            try db.write([
                .shapeExtended(StoredShapeTail(id: "a", positions: [2])),
                .shapeExtended(StoredShapeTail(id: "b", positions: [5])),
            ])
        }
        do {
            let db = try WorldDatabase(path: store.path)
            let loaded = try db.loadShapes()
            #expect(loaded.map(\.shape.id) == ["a", "b"])
            #expect(loaded[0].tails == [[1], [2]])
            #expect(loaded[1].tails == [[5]])
            try db.write([.shapeWritten(shape("a", bytes: [4, 4], title: "folded"))])
        }
        let loaded = try WorldDatabase(path: store.path).loadShapes()
        #expect(loaded.map(\.shape.id) == ["a", "b"])
        #expect(loaded[0].shape.geometry == [4, 4] && loaded[0].shape.title == "folded")
        #expect(loaded[0].tails.isEmpty)
        #expect(loaded[1].tails == [[5]])
    }

    /// Ids of shapes and annotations are one namespace: a removal takes
    /// either, and in one batch the order of writes and removals holds.
    @Test func aRemovalTakesTheShapeAndItsTail() throws {
        let store = try TemporaryStore()
        do {
            let db = try WorldDatabase(path: store.path)
            try db.write([
                .shapeWritten(shape("gone")), .shapeExtended(StoredShapeTail(id: "gone", positions: [1])),
                .shapeWritten(shape("kept")),
            ])
            try db.write([
                .removed(id: "gone"), .shapeWritten(shape("late")),
                .shapeExtended(StoredShapeTail(id: "late", positions: [3])),
                .removed(id: "late"),
            ])
        }
        let db = try WorldDatabase(path: store.path)
        #expect(try db.loadShapes().map(\.shape.id) == ["kept"])
        #expect(try db.shapeCount() == 1)
    }

    @Test func coalescingKeepsTheLastWholeWriteAndTheTailsAfterIt() {
        let changes = CoalescedChanges([
            .shapeWritten(shape("a", bytes: [1])),
            .shapeExtended(StoredShapeTail(id: "a", positions: [7])),
            .shapeWritten(shape("a", bytes: [2])),
            .shapeExtended(StoredShapeTail(id: "a", positions: [8])),
        ])
        #expect(changes.shapes.map(\.geometry) == [[2]])
        #expect(changes.tails.map(\.positions) == [[8]])
        #expect(!changes.isEmpty)
    }
}
